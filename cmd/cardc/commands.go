package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/workspace"
)

// flags makes the flag set of a command; its errors go to stderr.
func flags(name string, stderr io.Writer, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: cardc "+name+" "+synopsis))
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a command's flags; it returns an exit code when the
// command should stop (help asked, or bad usage).
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, true
		}
		return exitUsage, true
	}
	return 0, false
}

func load(paths []string, stderr io.Writer) (*workspace.Workspace, bool) {
	w, err := workspace.Load(paths)
	if err != nil {
		fmt.Fprintf(stderr, "cardc: %v\n", err)
		return nil, false
	}
	return w, true
}

func lint(args []string, stdout, stderr io.Writer) int {
	fs := flags("lint", stderr, "[--format text|json|github] [PATH...]")
	formatName := fs.String("format", "text", "output `format`: text, json or github")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	switch *formatName {
	case "text", "json", "github":
	default:
		fmt.Fprintf(stderr, "cardc lint: unknown format %q: want text, json or github\n", *formatName)
		return exitUsage
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	diags, err := w.Lint()
	if err != nil {
		fmt.Fprintf(stderr, "cardc lint: %v\n", err)
		return exitUsage
	}
	printDiagnostics(stdout, diags, *formatName)
	if diags.HasErrors() {
		return exitFindings
	}
	return exitOK
}

// jsonDiagnostic is a diagnostic as `cardc lint --format json` prints it.
type jsonDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

func printDiagnostics(w io.Writer, diags dsl.Diagnostics, format string) {
	switch format {
	case "json":
		out := make([]jsonDiagnostic, 0, len(diags))
		for _, d := range diags {
			out = append(out, jsonDiagnostic{d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Severity.String(), d.Code, d.Message, d.Hint})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	case "github":
		for _, d := range diags {
			msg := d.Message
			if d.Hint != "" {
				msg += "; " + d.Hint
			}
			fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", d.Severity, githubProperty(d.Pos.Filename),
				d.Pos.Line, d.Pos.Column, githubProperty(d.Code), githubEscape(msg))
		}
	default:
		for _, d := range diags {
			fmt.Fprintln(w, d.String())
		}
	}
}

// githubEscape escapes a message for a GitHub Actions workflow command.
func githubEscape(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a property value of a workflow command, where
// ":" and "," separate properties.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

func format(args []string, stdout, stderr io.Writer) int {
	fs := flags("fmt", stderr, "[-l] [-d] [-w] [PATH...]")
	list := fs.Bool("l", false, "list the files whose formatting differs")
	diff := fs.Bool("d", false, "print the changes formatting would make, as a diff")
	write := fs.Bool("w", false, "write the formatted result back to the files")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	code := exitOK
	for _, f := range w.Files {
		src := w.Sources[f.Name]
		out, diags := parser.Format(f.Name, src)
		if diags.HasErrors() {
			for _, d := range diags {
				fmt.Fprintln(stderr, d.String())
			}
			fmt.Fprintf(stderr, "%s: not formatted: it does not parse; left as it is\n", f.Name)
			code = exitFindings
			continue
		}
		changed := !bytes.Equal(src, out)
		if *list && changed {
			fmt.Fprintln(stdout, f.Name)
		}
		if *diff && changed {
			fmt.Fprint(stdout, unifiedDiff(f.Name, src, out))
		}
		if *write && changed {
			if err := writeFile(f.Name, out); err != nil {
				fmt.Fprintf(stderr, "cardc fmt: %v\n", err)
				code = exitUsage
			}
		}
		if !*list && !*diff && !*write {
			stdout.Write(out)
		}
	}
	return code
}

// writeFile replaces a file's contents through a temporary file and a
// rename, keeping its permissions, so that a failure never leaves it half
// written. A symbolic link is followed: its target is written.
func writeFile(name string, data []byte) error {
	// Write the file a link points to, and keep the link.
	name, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), info.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

func test(args []string, stdout, stderr io.Writer) int {
	fs := flags("test", stderr, "[-v] [-run REGEXP] [PATH...]")
	verbose := fs.Bool("v", false, "print the event log of every test, not only of failed ones")
	runExpr := fs.String("run", "", "run only the tests whose names match `regexp`")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	var filter *regexp.Regexp
	if *runExpr != "" {
		re, err := regexp.Compile(*runExpr)
		if err != nil {
			fmt.Fprintf(stderr, "cardc test: bad -run: %v\n", err)
			return exitUsage
		}
		filter = re
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	results, diags, err := w.Test(filter)
	if err != nil {
		fmt.Fprintf(stderr, "cardc test: %v\n", err)
		return exitUsage
	}
	if diags.HasErrors() {
		printDiagnostics(stderr, diags, "text")
		fmt.Fprintln(stderr, "cardc test: no test was run: fix the errors above first")
		return exitFindings
	}
	passed, failed := 0, 0
	for _, r := range results {
		name := oneLine(r.Name)
		if r.Passed() {
			passed++
			fmt.Fprintf(stdout, "PASS %s\n", name)
		} else {
			failed++
			fmt.Fprintf(stdout, "FAIL %s (%s:%d)\n", name, r.Pos.Filename, r.Pos.Line)
			for _, f := range r.Failures {
				fmt.Fprintf(stdout, "    %s\n", f)
			}
		}
		if *verbose || !r.Passed() {
			fmt.Fprintln(stdout, "    event log:")
			for _, line := range r.Log {
				fmt.Fprintf(stdout, "        %s\n", line)
			}
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitFindings
	}
	return exitOK
}

// oneLine escapes the line breaks and other control characters of a test
// name, so that every result is one line of output.
func oneLine(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

func build(args []string, stdout, stderr io.Writer) int {
	fs := flags("build", stderr, "-o FILE [PATH...]")
	out := fs.String("o", "", "write the compiled bundle to `file`")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if *out == "" {
		fmt.Fprintln(stderr, "cardc build: -o FILE is required")
		fs.Usage()
		return exitUsage
	}
	if strings.HasSuffix(*out, workspace.Ext) {
		fmt.Fprintf(stderr, "cardc build: -o %s would write the bundle over card source; name it like cards.cardvm\n", *out)
		return exitUsage
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	if outInfo, err := os.Stat(*out); err == nil {
		for name := range w.Sources {
			if in, err := os.Stat(name); err == nil && os.SameFile(in, outInfo) {
				fmt.Fprintf(stderr, "cardc build: -o %s is one of the inputs\n", *out)
				return exitUsage
			}
		}
	}
	prog, diags := w.Build()
	printDiagnostics(stderr, diags, "text")
	if diags.HasErrors() {
		return exitFindings
	}
	data, err := prog.MarshalBinary()
	if err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cardc build: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "wrote %s: %d cards, %d bytes\n", *out, len(prog.Cards), len(data))
	return exitOK
}

func disasm(args []string, stdout, stderr io.Writer) int {
	fs := flags("disasm", stderr, "FILE|PATH...")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "cardc disasm: name a compiled bundle, or .card files or directories")
		return exitUsage
	}
	// Bundles are told by their contents; the rest is card source.
	var sources []string
	for _, arg := range fs.Args() {
		data, err := os.ReadFile(arg)
		if err != nil || !vm.IsBundle(data) {
			sources = append(sources, arg)
			continue
		}
		prog, err := vm.Decode(data)
		if err != nil {
			fmt.Fprintf(stderr, "cardc disasm: %s: %v\n", arg, err)
			return exitFindings
		}
		fmt.Fprint(stdout, prog.DisassembleString())
	}
	if len(sources) == 0 {
		return exitOK
	}
	for _, arg := range sources {
		// A file that is not card source and not a bundle is a bundle
		// that does not decode.
		if data, err := os.ReadFile(arg); err == nil && !strings.HasSuffix(arg, workspace.Ext) && !vm.IsBundle(data) {
			if _, err := vm.Decode(data); err != nil {
				fmt.Fprintf(stderr, "cardc disasm: %s: %v\n", arg, err)
				return exitFindings
			}
		}
	}
	w, ok := load(sources, stderr)
	if !ok {
		return exitUsage
	}
	prog, diags := w.Build()
	printDiagnostics(stderr, diags, "text")
	if diags.HasErrors() {
		return exitFindings
	}
	fmt.Fprint(stdout, prog.DisassembleString())
	return exitOK
}

func version(args []string, stdout, stderr io.Writer) int {
	fs := flags("version", stderr, "")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "cardc version: takes no arguments")
		return exitUsage
	}
	fmt.Fprintf(stdout, "cardc %s (bytecode format %d)\n", Version, vm.FormatVersion)
	return exitOK
}
