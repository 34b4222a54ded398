// Command cardc checks, formats, tests and compiles card rules written in
// the card language.
//
//	cardc lint [--format text|json|github|sarif] [PATH...]
//	cardc fmt [-l] [-d] [-w] [PATH...]
//	cardc test [-v] [-log FILE] [-run REGEXP] [--format text|json|junit] [PATH...]
//	cardc new [--from FILE.json] [-dir DIR] "Card Name"
//	cardc new --from SET.json --all [-dir DIR]
//	cardc coverage [--format text|json] [--library DIR] SET.json
//	cardc build -o FILE [PATH...]
//	cardc disasm FILE|PATH...
//	cardc lsp
//	cardc playground [-addr HOST:PORT]
//	cardc version
//
// A PATH is a .card file or a directory searched recursively; the default
// is the current directory. Exit status: 0 when all is well, 1 when a
// check or a test fails, 2 on bad usage or an internal error.
package main

import (
	"fmt"
	"io"
	"os"

	cardcversion "github.com/cardc/cardc/internal/version"
)

// Version is cardc's version.
const Version = cardcversion.Cardc

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

const usage = `cardc checks, formats, tests and compiles card rules.

Usage:
	cardc lint [--format text|json|github|sarif] [PATH...]                           report problems
	cardc fmt [-l] [-d] [-w] [PATH...]                                               format files
	cardc test [-v] [-log FILE] [-run REGEXP] [--format text|json|junit] [PATH...]   run scenario tests
	cardc explain [PATH...]                                                          the abilities in English, beside the Oracle text
	cardc coverage [--format text|json] [--library DIR] SET.json                     how much of a set's Oracle text the vocabulary reads
	cardc new [--from FILE.json] [-dir DIR] "Card Name"                              start a card and its tests
	cardc new --from SET.json --all [-dir DIR]                                       start every card of a set
	cardc build -o FILE [PATH...]                                                    compile to bytecode
	cardc disasm FILE|PATH...                                                        show the bytecode
	cardc lsp                                                                        language server (stdio)
	cardc playground [-addr HOST:PORT]                                               the playground: a card, its tests and their games in a browser
	cardc version                                                                    print the version

A PATH is a .card file or a directory, searched recursively; the default
is the current directory. Run "cardc COMMAND -h" for a command's flags.
`

// run is cardc with its arguments and output streams, for tests.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "cardc: internal error: %v\nplease report this bug with the files that caused it\n", r)
			code = exitUsage
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "lint":
		return lint(rest, stdout, stderr)
	case "fmt":
		return format(rest, stdout, stderr)
	case "test":
		return test(rest, stdout, stderr)
	case "new":
		return newCard(rest, stdout, stderr)
	case "build":
		return build(rest, stdout, stderr)
	case "explain":
		return explain(rest, stdout, stderr)
	case "coverage":
		return coverage(rest, stdout, stderr)
	case "disasm":
		return disasm(rest, stdout, stderr)
	case "lsp":
		return languageServer(rest, stdout, stderr)
	case "playground":
		return servePlayground(rest, stdout, stderr)
	case "version":
		return version(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "cardc: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
}
