package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/escape"
	"github.com/cardc/cardc/internal/readfile"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/report"
	"github.com/cardc/cardc/scenario/coredriver"
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
		loadError(stderr, err)
		return nil, false
	}
	return w, true
}

// loadError reports why the files under some paths could not be loaded.
func loadError(stderr io.Writer, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s: %v", displayName(pe.Path), pe.Err)
	}
	fmt.Fprintf(stderr, "cardc: %v\n", err)
}

// isPathError reports whether err is about a path (one that does not
// exist), rather than about cardc's own files.
func isPathError(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe)
}

func lint(args []string, stdout, stderr io.Writer) int {
	fs := flags("lint", stderr, "[--format text|json|github|sarif] [PATH...]")
	formatName := fs.String("format", "text", "output `format`: text, json, github or sarif (SARIF 2.1.0, for code scanning)")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	switch *formatName {
	case "text", "json", "github", "sarif":
	default:
		fmt.Fprintf(stderr, "cardc lint: unknown format %q: want text, json, github or sarif\n", *formatName)
		return exitUsage
	}
	// Linted file by file: a library's syntax trees are not all kept.
	diags, err := workspace.LintPaths(fs.Args())
	if err != nil {
		if isPathError(err) {
			loadError(stderr, err) // a path that does not exist
			return exitUsage
		}
		fmt.Fprintf(stderr, "cardc lint: %v\n", err)
		return exitUsage
	}
	printDiagnostics(stdout, diags, *formatName)
	if diags.HasErrors() {
		return exitFindings
	}
	return exitOK
}

// InformationURI is where cardc's documentation is, as SARIF logs name it.
const InformationURI = "https://github.com/cardc/cardc"

func printDiagnostics(w io.Writer, diags dsl.Diagnostics, format string) {
	switch format {
	case "sarif":
		report.SARIF(w, diags, report.Tool{Name: "cardc", Version: Version, InformationURI: InformationURI, Rules: workspace.AllCodes()})
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(report.Diagnostics(diags))
	case "github":
		for _, d := range diags {
			msg := d.Message
			if d.Hint != "" {
				msg += "; " + d.Hint
			}
			fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", d.Severity, githubProperty(escape.Text(d.Pos.Filename)),
				d.Pos.Line, d.Pos.Column, githubProperty(d.Code), githubEscape(escape.Text(msg)))
		}
	default:
		// What a card says (a name, a token quoted in a syntax error) is
		// escaped: the line is one line, with no terminal escape, and no
		// workflow command of GitHub Actions.
		for _, d := range diags {
			d.Pos.Filename = displayName(d.Pos.Filename)
			fmt.Fprintln(w, escape.Line(d.String()))
		}
	}
}

// displayName is a file name as text output shows it: as it is, or quoted
// as a Go string when it holds a character that could forge or hide output
// (a line break or another control character, invalid UTF-8, a character
// that is not printable), starts with a quote, or starts with "::", which
// GitHub Actions would read as a workflow command at the start of a line.
// JSON output needs no such care; GitHub output escapes its own way.
func displayName(name string) string {
	if strings.HasPrefix(name, `"`) || strings.HasPrefix(name, "::") || !utf8.ValidString(name) {
		return strconv.Quote(name)
	}
	for _, r := range name {
		if !strconv.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
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
	if len(w.Unreadable) > 0 {
		printDiagnostics(stderr, w.Unreadable, "text")
		code = exitFindings
	}
	for _, f := range w.Files {
		src := w.Sources[f.Name]
		out, diags := parser.FormatParsed(f, w.SyntaxErrors(f.Name), src)
		if diags.HasErrors() {
			printDiagnostics(stderr, diags, "text")
			fmt.Fprintf(stderr, "%s: not formatted: it does not parse; left as it is\n", displayName(f.Name))
			code = exitFindings
			continue
		}
		changed := !bytes.Equal(src, out)
		if *list && changed {
			fmt.Fprintln(stdout, displayName(f.Name))
		}
		if *diff && changed {
			fmt.Fprint(stdout, unifiedDiff(displayName(f.Name), src, out))
		}
		if *write && changed {
			if err := writeFile(f.Name, src, out); err != nil {
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

// writeFile writes the formatted data over the file name, whose contents
// were src, in place, as gofmt does: the file keeps its owner, its mode
// (set-user-ID and the like included) and its hard links, which a
// temporary file renamed over it would lose. A backup of src is made next
// to it first; if writing fails, the backup is written back and removed,
// and if even that fails the error names the backup, which is kept. A
// symbolic link is followed: its target is written, and the link stays.
// Errors name the user's file, never the backup.
func writeFile(name string, src, data []byte) error {
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return fmt.Errorf("%s: not written: %v", displayName(name), reason(err))
	}
	info, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("%s: not written: %v", displayName(name), reason(err))
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s: not written: it is not a regular file", displayName(name))
	}
	// A file that cannot be opened for writing is left before anything is
	// done: no backup, no attempt that would need undoing.
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s: not written: %v; it is unchanged", displayName(name), reason(err))
	}
	f.Close()
	backup, err := backupFile(target, src)
	if err != nil {
		return fmt.Errorf("%s: not written: cannot keep a backup next to it (%v); make its directory writable, or format a copy", displayName(name), reason(err))
	}
	if err := writeInPlace(target, data); err != nil {
		if rerr := writeInPlace(target, src); rerr != nil {
			return fmt.Errorf("%s: writing it failed (%v), and so did putting it back (%v): its contents before formatting are in %s", displayName(name), reason(err), reason(rerr), backup)
		}
		os.Remove(backup)
		return fmt.Errorf("%s: not written: %v; it is unchanged", displayName(name), reason(err))
	}
	os.Remove(backup)
	// Writing to a file clears its set-user-ID and set-group-ID bits, but
	// for root: put the mode back.
	if after, err := os.Stat(target); err == nil && after.Mode() != info.Mode() {
		if err := os.Chmod(target, info.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)); err != nil {
			return fmt.Errorf("%s: formatted, but its mode %v became %v: %v", displayName(name), info.Mode(), after.Mode(), reason(err))
		}
	}
	return nil
}

// writeInPlace is os.WriteFile on an existing file, a variable so that
// tests can make it fail.
var writeInPlace = func(name string, data []byte) error {
	return os.WriteFile(name, data, 0)
}

// backupFile writes data to a new file next to name, readable by its owner
// only, and returns its path.
func backupFile(name string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.bak")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// reason is the cause of a file error without the path, which the message
// gives already (the user's file, not a link's target or a backup).
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func test(args []string, stdout, stderr io.Writer) int {
	fs := flags("test", stderr, "[-v] [-log FILE] [-run REGEXP] [--format text|json|junit] [PATH...]\n\n"+
		"Runs the scenario tests of the .card files under each PATH (a directory, searched\n"+
		"recursively, or a file) against their cards and the standard ones. As go test\n"+
		"takes a package, a test file given alone sees the cards of its directory:\n"+
		"cardc test mycards/wurm_test.card runs its tests with mycards/*.card.\n")
	verbose := fs.Bool("v", false, fmt.Sprintf("print the whole event log of every test; without -v, a failed test's last %d lines only", workspace.LogTailLines))
	logFile := fs.String("log", "", "write the whole event log of every test that ran to `file`")
	runExpr := fs.String("run", "", "run only the tests whose names match `regexp`")
	formatName := fs.String("format", "text", "output `format`: text, json, or junit (JUnit XML, for CI test reports)")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	switch *formatName {
	case "text", "json", "junit":
	default:
		fmt.Fprintf(stderr, "cardc test: unknown format %q: want text, json or junit\n", *formatName)
		return exitUsage
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
	if strings.HasSuffix(*logFile, workspace.Ext) {
		fmt.Fprintf(stderr, "cardc test: -log %s would write the event logs over card source; name it like cardc-test.log\n", displayName(*logFile))
		return exitUsage
	}
	w, err := workspace.LoadTests(fs.Args())
	if err != nil {
		loadError(stderr, err)
		return exitUsage
	}
	rep, err := w.Run(filter, coredriver.Engine{})
	if err != nil {
		fmt.Fprintf(stderr, "cardc test: %v\n", err)
		return exitUsage
	}
	// The files that could not be read are reported; the others' tests run.
	printDiagnostics(stderr, w.Unreadable, "text")
	if rep.Diags.HasErrors() {
		printDiagnostics(stderr, rep.Diags, "text")
		switch {
		case rep.Stopped:
			fmt.Fprintln(stderr, "cardc test: no test was run: fix the errors above first")
			if *formatName == "text" {
				return exitFindings
			}
		case len(rep.Broken) > 0:
			fmt.Fprintf(stderr, "cardc test: %s errors: the tests that need %s fail\n", cardsHave(len(rep.Broken)), them(len(rep.Broken)))
		}
	}
	switch *formatName {
	case "json":
		err = report.JSON(stdout, rep.Tests)
	case "junit":
		err = report.JUnit(stdout, rep.Tests)
	default:
		printTests(stdout, rep.Tests, *verbose)
	}
	if err == nil && *logFile != "" {
		err = writeLogs(*logFile, rep.Tests)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cardc test: %v\n", err)
		return exitUsage
	}
	if rep.Failed() > 0 || len(w.Unreadable) > 0 || rep.Diags.HasErrors() {
		return exitFindings
	}
	return exitOK
}

// cardsHave says how many cards have something.
func cardsHave(n int) string {
	if n == 1 {
		return "1 card has"
	}
	return fmt.Sprintf("%d cards have", n)
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// printTests prints test results as text: PASS or FAIL and the name of
// each test that was selected, its failures and event log, and the count
// of tests passed and failed. Without verbose, only the event logs of
// failed tests are printed, each cut to its last workspace.LogTailLines
// lines (a game may have hundreds of thousands of events), with the
// number of lines left out.
func printTests(stdout io.Writer, tests []workspace.TestResult, verbose bool) {
	passed, failed := 0, 0
	for _, r := range tests {
		name := escape.Text(r.Name)
		switch r.Status {
		case workspace.Skipped:
			continue
		case workspace.Passed:
			passed++
			fmt.Fprintf(stdout, "PASS %s\n", name)
		default:
			failed++
			fmt.Fprintf(stdout, "FAIL %s (%s:%d)\n", name, displayName(r.Pos.Filename), r.Pos.Line)
			for _, f := range r.Failures {
				fmt.Fprintln(stdout, escape.Line("    "+f.String()))
			}
		}
		if r.Ran && (verbose || !r.Passed()) {
			fmt.Fprintln(stdout, "    event log:")
			lines, omitted := r.Log, 0
			if !verbose {
				lines, omitted = r.LogTail()
			}
			if omitted > 0 {
				fmt.Fprintf(stdout, "        %s\n", workspace.OmittedLines(omitted))
			}
			for _, line := range lines {
				fmt.Fprintln(stdout, escape.Line("        "+line))
			}
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
}

// writeLogs writes the whole event log of each test that ran to a file,
// each after a line naming the test, where it is and how it ended.
func writeLogs(path string, tests []workspace.TestResult) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, r := range tests {
		if !r.Ran {
			continue
		}
		status := "PASS"
		if r.Status == workspace.Failed {
			status = "FAIL"
		}
		fmt.Fprintf(w, "=== %s %s (%s:%d)\n", status, oneLine(r.Name), displayName(r.Pos.Filename), r.Pos.Line)
		for _, line := range r.Log {
			fmt.Fprintln(w, escape.Text(line))
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// oneLine escapes the line breaks and other control characters of a test
// name, so that every result is one line of output.
func oneLine(s string) string { return escape.Text(s) }

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
		fmt.Fprintf(stderr, "cardc build: -o %s would write the bundle over card source; name it like cards.cardvm\n", displayName(*out))
		return exitUsage
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	if outInfo, err := os.Stat(*out); err == nil {
		for name := range w.Sources {
			if in, err := os.Stat(name); err == nil && os.SameFile(in, outInfo) {
				fmt.Fprintf(stderr, "cardc build: -o %s is one of the inputs\n", displayName(*out))
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
	fmt.Fprintf(stdout, "wrote %s: %d cards, %d bytes\n", displayName(*out), len(prog.Cards), len(data))
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
	// Bundles are told by their contents; the rest is card source. Only
	// regular files of at most a bundle's size are read (a device would
	// never end).
	var sources []string
	for _, arg := range fs.Args() {
		data, err := readfile.Read(arg, vm.MaxBundleSize)
		var tooLarge *readfile.TooLargeError
		var special *readfile.NotRegularError
		if errors.As(err, &tooLarge) || errors.As(err, &special) {
			fmt.Fprintf(stderr, "cardc disasm: %s: not read: %v\n", displayName(arg), reason(err))
			return exitFindings
		}
		if err != nil || !vm.IsBundle(data) {
			sources = append(sources, arg)
			continue
		}
		prog, err := vm.Decode(data)
		if err != nil {
			fmt.Fprintf(stderr, "cardc disasm: %s: %v\n", displayName(arg), err)
			return exitFindings
		}
		printDisassembly(stdout, prog)
	}
	if len(sources) == 0 {
		return exitOK
	}
	for _, arg := range sources {
		// A file that is not card source and not a bundle is a bundle
		// that does not decode.
		if data, err := readfile.Read(arg, vm.MaxBundleSize); err == nil && !strings.HasSuffix(arg, workspace.Ext) && !vm.IsBundle(data) {
			if _, err := vm.Decode(data); err != nil {
				fmt.Fprintf(stderr, "cardc disasm: %s: %v\n", displayName(arg), err)
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
	printDisassembly(stdout, prog)
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

func explain(args []string, stdout, stderr io.Writer) int {
	fs := flags("explain", stderr, "[PATH...]")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	w, ok := load(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	covs, diags, err := w.Explain()
	if err != nil {
		fmt.Fprintf(stderr, "cardc explain: %v\n", err)
		return exitUsage
	}
	diags = append(append(append(dsl.Diagnostics{}, w.Unreadable...), w.Diags...), diags...)
	diags.Sort()
	// The cards' names and texts are escaped by WriteText; the writer
	// keeps any line from reading as a workflow command.
	out := escape.NewWriter(stdout)
	for i, c := range covs {
		if i > 0 {
			fmt.Fprintln(out)
		}
		c.WriteText(out, displayName(c.Card.Pos.Filename))
	}
	out.Flush()
	printDiagnostics(stderr, diags, "text")
	if diags.HasErrors() {
		return exitFindings
	}
	return exitOK
}

// printDisassembly prints a program's disassembly, which escapes the
// names and texts a bundle holds; the writer keeps any line from reading
// as a workflow command.
func printDisassembly(stdout io.Writer, prog *vm.Program) {
	out := escape.NewWriter(stdout)
	fmt.Fprint(out, prog.DisassembleString())
	out.Flush()
}
