package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/cardc/cardc/workspace"
)

// coverage is `cardc coverage [--format text|json] [--library DIR]
// SET.json`: how much of a set's Oracle text the vocabulary reads, card
// by card, and with a library, which cards it has and whether each means
// what its Oracle text means.
func coverage(args []string, stdout, stderr io.Writer) int {
	fs := flags("coverage", stderr, "[--format text|json] [--library DIR] SET.json")
	form := fs.String("format", "text", "output `format`: text or json")
	library := fs.String("library", "", "also say which cards of the set this `directory` of .card files has, and whether each means what its Oracle text means")
	var files []string
	for {
		if code, stop := parseFlags(fs, args); stop {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 || *form != "text" && *form != "json" {
		fs.Usage()
		return exitUsage
	}
	f, err := os.Open(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "cardc coverage: %v\n", reason(err))
		return exitUsage
	}
	name, cards, err := workspace.ReadSet(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "cardc coverage: %s: %v\n", displayName(files[0]), err)
		return exitUsage
	}
	var w *workspace.Workspace
	if *library != "" {
		var ok bool
		if w, ok = load([]string{*library}, stderr); !ok {
			return exitUsage
		}
	}
	cov, err := workspace.Coverage(name, cards, w)
	if err != nil {
		fmt.Fprintf(stderr, "cardc coverage: %v\n", err)
		return exitUsage
	}
	if *form == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(cov); err != nil {
			fmt.Fprintf(stderr, "cardc coverage: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	cov.WriteText(stdout)
	return exitOK
}
