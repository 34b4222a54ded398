package workspace

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"sync"
	"time"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// Engine is the game engine a workspace's scenario tests run on: it links
// a compiled card library and gives the scenario.Driver that plays each
// test. coredriver.Engine is this repository's rules core; any engine of
// the conformance kit can be one. The workspace does not link an engine
// itself, so that a tool that only lints (the language server) does not
// link the rules core.
type Engine interface {
	// Link links a program: the workspace's cards and the standard ones.
	Link(prog *vm.Program) (scenario.Driver, error)
	// Standard returns the driver of the standard card library alone
	// (package cards), which an engine may link once per process.
	Standard() (scenario.Driver, error)
}

// Status is the outcome of one test of a run.
type Status string

// The outcomes of a test.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped" // not selected by the run's filter
)

// TestResult is one test of a run: what the scenario runner found, the
// test's file, how long it took, and whether it ran.
type TestResult struct {
	scenario.Result
	// File is the file the test is written in.
	File string
	// Status says whether the test passed, failed or was skipped.
	Status Status
	// Ran is set for a test that ran: not one skipped, nor one that could
	// not run (its file does not parse, or a card it needs has an error).
	Ran bool
	// Duration is how long the test ran; zero for a test that did not.
	Duration time.Duration
}

// LogTailLines is how many lines of a failed test's event log `cardc
// test` prints, and a JUnit report holds: the last ones, where the test
// failed. `cardc test -v` prints every line, and `-log FILE` writes them.
const LogTailLines = 300

// LogTail returns the last lines of the event log of a test, at most
// LogTailLines, and how many lines come before them: what is printed of
// a failed test unless the whole log is asked for.
func (r *TestResult) LogTail() (tail []string, omitted int) {
	if n := len(r.Log); n > LogTailLines {
		return r.Log[n-LogTailLines:], n - LogTailLines
	}
	return r.Log, 0
}

// OmittedLines says how many earlier lines of an event log were left
// out, and how to see them: the line printed before a log's tail.
func OmittedLines(n int) string {
	return fmt.Sprintf("... %d earlier events left out (cardc test -v prints them all, -log FILE writes them)", n)
}

// Report is the outcome of Run: every test of the workspace, in file
// order, and the diagnostics of its files.
type Report struct {
	// Tests are the tests, in the order of the files and of the tests
	// within each file.
	Tests []TestResult
	// Diags are the diagnostics of the workspace's files: syntax errors
	// and the compiler's (not Unreadable, reported apart).
	Diags dsl.Diagnostics
	// Broken are the cards that do not compile, by name, each with its
	// first error. A test that needs one of them fails, naming it.
	Broken map[string]dsl.Diagnostic
	// Stopped is set when the workspace has errors that belong to no card
	// or test, so that no test could be run.
	Stopped bool
}

// Failed counts the tests that failed.
func (r *Report) Failed() int {
	n := 0
	for _, t := range r.Tests {
		if t.Status == Failed {
			n++
		}
	}
	return n
}

// Test runs the scenario tests of the workspace whose names match run
// (all if run is nil), against its cards and the standard ones; see Run.
// It returns the results of the tests selected, and the diagnostics of
// the workspace's files.
func (w *Workspace) Test(run *regexp.Regexp, eng Engine) ([]scenario.Result, dsl.Diagnostics, error) {
	rep, err := w.Run(run, eng)
	if err != nil {
		return nil, nil, err
	}
	var out []scenario.Result
	for _, t := range rep.Tests {
		if t.Status != Skipped {
			out = append(out, t.Result)
		}
	}
	return out, rep.Diags, nil
}

// Run runs the scenario tests of the workspace whose names match run (all
// if run is nil; the others are Skipped), against its cards and the
// standard ones, on the engine eng. Broken cards do not stop the run: the cards that compile
// are built, and a test that puts a card with an error into its game fails
// without running, naming the card and its first diagnostic. A test that
// does not parse fails with its first syntax error; the other tests of its
// file, and the other files' tests, run. The files that could not be read
// (Unreadable) are not among the diagnostics.
func (w *Workspace) Run(run *regexp.Regexp, eng Engine) (*Report, error) {
	decls := w.outline()
	if w.Only != nil {
		// The tests of the files that are there for their cards do not
		// run, nor are they reported.
		kept := decls[:0:0]
		for _, d := range decls {
			if !d.test || w.Only[d.pos.Filename] {
				kept = append(kept, d)
			}
		}
		decls = kept
	}
	rep := &Report{Broken: map[string]dsl.Diagnostic{}}
	selected := func(name string) bool { return run == nil || run.MatchString(name) }
	// The first syntax error of each file: a test file that has one fails
	// its tests.
	syntax := map[string]dsl.Diagnostic{}
	for _, d := range w.Diags {
		if _, seen := syntax[d.Pos.Filename]; !seen && d.Severity == dsl.Error {
			syntax[d.Pos.Filename] = d
		}
	}
	toRun := false
	for _, d := range decls {
		if d.test && selected(d.name) {
			toRun = true
		}
	}
	for _, f := range w.Files {
		if _, bad := syntax[f.Name]; bad && isTestFile(f.Name) && selected(f.Name) && w.runs(f.Name) {
			toRun = true
		}
	}
	if !toRun {
		// Nothing to run: the cards are checked, the library not built.
		_, cdiags := compiler.Compile(w.Files)
		rep.Diags = append(append(dsl.Diagnostics{}, w.Diags...), w.own(cdiags)...)
		rep.Diags.Sort()
		rep.Diags = rep.Diags.Limit()
		for _, d := range decls {
			if d.test {
				rep.Tests = append(rep.Tests, TestResult{Result: scenario.Result{Name: d.name, Pos: d.pos}, File: d.pos.Filename, Status: Skipped})
			}
		}
		return rep, nil
	}
	drv, err := w.buildAround(decls, rep, eng)
	if err != nil {
		return nil, err
	}
	if drv == nil {
		rep.Stopped = true
		return rep, nil
	}
	own := w.ownErrors(decls)
	known := map[string]bool{}
	for _, n := range cards.Names() {
		known[n] = true
	}
	for _, d := range decls {
		if !d.test {
			known[d.name] = true
		}
	}
	next := 0 // the first declaration of the file
	for _, f := range w.Files {
		found := false
		for ; next < len(decls) && decls[next].pos.Filename == f.Name; next++ {
			if d := decls[next]; d.test {
				found = true
				res := runOne(drv, d, syntax, own, rep.Broken, selected)
				unknownCards(res.Failures, known)
				rep.Tests = append(rep.Tests, res)
			}
		}
		// A test file that does not parse and in which no test could be
		// found at all fails as one test named after it (-run selects it
		// by that name).
		if first, bad := syntax[f.Name]; bad && !found && isTestFile(f.Name) && selected(f.Name) && w.runs(f.Name) {
			rep.Tests = append(rep.Tests, TestResult{
				Result: scenario.Result{Name: f.Name, Pos: dsl.Pos{Filename: f.Name, Line: 1, Column: 1},
					Failures: []scenario.Failure{{Pos: first.Pos, Message: "this test file does not parse: " + diagText(first)}}},
				File: f.Name, Status: Failed,
			})
		}
	}
	return rep, nil
}

// unknownCardHint is what a failure that names a card no file declares
// adds: where a test looks for cards.
const unknownCardHint = "a test sees the standard cards and those of the files given to cardc (cardc test given a test file alone adds the card files of its directory): give the file that declares it"

// unknownCards adds unknownCardHint to each failure of a test that says
// no card has a name, for a name that neither the workspace nor the
// standard library declares.
func unknownCards(failures []scenario.Failure, known map[string]bool) {
	for i, f := range failures {
		var name string
		if _, err := fmt.Sscanf(f.Message, "no card named %q", &name); err == nil && !known[name] && f.Message == fmt.Sprintf("no card named %q", name) {
			names := make([]string, 0, len(known))
			for n := range known {
				names = append(names, n)
			}
			sort.Strings(names)
			hint := dsl.DidYouMean(name, names)
			if hint == "" {
				hint = unknownCardHint
			}
			failures[i].Message += "; " + hint
		}
	}
}

// runs reports whether the tests of a file run: all do, unless Only says
// which.
func (w *Workspace) runs(name string) bool { return w.Only == nil || w.Only[name] }

// ownErrors finds, for each test that did not parse, the first syntax
// error inside it: the first error of its file after its start and
// before the next declaration (as blame finds a card's), by where the
// test starts.
func (w *Workspace) ownErrors(decls []outlined) map[dsl.Pos]dsl.Diagnostic {
	out := map[dsl.Pos]dsl.Diagnostic{}
	for _, d := range w.Diags {
		if d.Severity != dsl.Error {
			continue
		}
		var in *outlined
		for i := range decls {
			if o := &decls[i]; o.pos.Filename == d.Pos.Filename && !after(o.pos, d.Pos) {
				in = o
			}
		}
		if in == nil || !in.test || in.decl != nil {
			continue
		}
		if _, seen := out[in.pos]; !seen {
			out[in.pos] = d
		}
	}
	return out
}

// runOne runs one test, unless it is not selected, it does not parse (own
// has the first syntax error inside each test that did not parse; syntax
// the first of each file), or it needs a broken card. A test that parsed
// runs, whatever the syntax errors of the other declarations of its file
// (the parser recovers at each declaration): a card of the file that did
// not parse is broken, and fails the tests that need it.
func runOne(drv scenario.Driver, d outlined, syntax map[string]dsl.Diagnostic, own map[dsl.Pos]dsl.Diagnostic, broken map[string]dsl.Diagnostic, selected func(string) bool) TestResult {
	res := TestResult{Result: scenario.Result{Name: d.name, Pos: d.pos}, File: d.pos.Filename}
	switch {
	case !selected(d.name):
		res.Status = Skipped
		return res
	case d.decl == nil:
		first, ok := own[d.pos]
		if !ok {
			first = syntax[d.pos.Filename]
		}
		res.Failures = []scenario.Failure{{Pos: d.pos, Message: "this test does not parse: " + diagText(first)}}
	default:
		res.Failures = needsBroken(d.decl, broken)
		if len(res.Failures) == 0 {
			start := time.Now()
			res.Result = scenario.RunTest(drv, d.decl)
			res.Duration = time.Since(start)
			res.Ran = true
		}
	}
	switch {
	case res.Skipped != "": // an engine lacks what the test needs (never core)
		res.Status = Skipped
	case res.Passed():
		res.Status = Passed
	default:
		res.Status = Failed
	}
	return res
}

// diagText is a diagnostic as a test failure quotes it:
// `path:line:col: message; hint (CODE)`.
func diagText(d dsl.Diagnostic) string {
	msg := d.Message
	if d.Hint != "" {
		msg += "; " + d.Hint
	}
	return fmt.Sprintf("%s:%d:%d: %s (%s)", d.Pos.Filename, d.Pos.Line, d.Pos.Column, msg, d.Code)
}

// needsBroken returns a failure for each card with an error that the test
// puts into its game, where the test names it first.
func needsBroken(t *dsl.Test, broken map[string]dsl.Diagnostic) []scenario.Failure {
	if len(broken) == 0 {
		return nil
	}
	var out []scenario.Failure
	seen := map[string]bool{}
	need := func(p dsl.Pos, name string) {
		if d, bad := broken[name]; bad && !seen[name] {
			seen[name] = true
			out = append(out, scenario.Failure{Pos: p, Message: fmt.Sprintf("card %q has an error, so this test cannot run: %s", name, diagText(d))})
		}
	}
	acts := false
	for _, s := range t.Sections {
		switch s := s.(type) {
		case *dsl.Given:
			for _, st := range s.Stmts {
				var specs []*dsl.CardSpec
				switch st := st.(type) {
				case *dsl.ControlStmt:
					specs = st.Cards
				case *dsl.ZoneStmt:
					specs = st.Cards
				}
				for _, c := range specs {
					need(c.Pos, dsl.Unquote(c.Name))
				}
			}
		case *dsl.When:
			if !acts {
				acts = true
				// The libraries left empty are filled with this card.
				need(s.Pos, scenario.DefaultLibraryCard)
			}
		}
	}
	return out
}

// buildAround compiles the workspace's cards with the standard ones and
// links them on eng, leaving out the cards that have errors, which it records in
// rep.Broken. It sets rep.Diags. It returns a nil driver when the
// workspace has an error that belongs to no card.
func (w *Workspace) buildAround(decls []outlined, rep *Report, eng Engine) (scenario.Driver, error) {
	own := map[string]bool{}
	for _, d := range decls {
		if !d.test {
			own[d.name] = true
		}
	}
	// A card whose declaration did not parse is broken by its syntax
	// error.
	for _, d := range w.Diags {
		if d.Severity == dsl.Error {
			w.blame(decls, d, rep.Broken)
		}
	}
	for _, d := range decls {
		if !d.test && d.decl == nil && d.card == nil {
			if _, ok := rep.Broken[d.name]; !ok {
				rep.Broken[d.name] = dsl.Errorf(d.pos, parser.CodeSyntax, "card %q does not parse", d.name)
			}
		}
	}
	if len(own) == 0 {
		// Only the standard cards: the library compiled once per process.
		rep.Diags = append(dsl.Diagnostics{}, w.Diags...)
		rep.Diags.Sort()
		rep.Diags = rep.Diags.Limit()
		return eng.Standard()
	}
	std, err := standardFiles()
	if err != nil {
		return nil, err
	}
	first := true
	for {
		files := w.filesWithout(std, own, rep.Broken)
		prog, diags := compiler.Compile(files)
		mine := w.own(diags)
		if first {
			rep.Diags = append(append(dsl.Diagnostics{}, w.Diags...), mine...)
			rep.Diags.Sort()
			rep.Diags = rep.Diags.Limit()
			first = false
		}
		if !mine.HasErrors() {
			return eng.Link(prog)
		}
		found := false
		for _, d := range mine {
			if d.Severity == dsl.Error && w.blame(decls, d, rep.Broken) {
				found = true
			}
		}
		if !found {
			// An error of no card: nothing can be built.
			return nil, nil
		}
	}
}

// blame records the card a diagnostic is in as broken, unless it has an
// error already; it reports whether a card was newly found broken.
func (w *Workspace) blame(decls []outlined, d dsl.Diagnostic, broken map[string]dsl.Diagnostic) bool {
	var in *outlined
	for i := range decls {
		o := &decls[i]
		if o.pos.Filename != d.Pos.Filename || after(o.pos, d.Pos) {
			continue
		}
		in = o // the last declaration that starts before the diagnostic
	}
	if in == nil || in.test {
		return false
	}
	if _, ok := broken[in.name]; ok {
		return false
	}
	broken[in.name] = d
	return true
}

// after reports whether position a comes after position b.
func after(a, b dsl.Pos) bool {
	if a.Line != b.Line {
		return a.Line > b.Line
	}
	return a.Column > b.Column
}

// filesWithout returns the workspace's files and the standard library's
// card files without the broken cards, and without the standard cards the
// workspace redefines (own), broken or not.
func (w *Workspace) filesWithout(std []*dsl.File, own map[string]bool, broken map[string]dsl.Diagnostic) []*dsl.File {
	var files []*dsl.File
	keep := func(f *dsl.File, drop func(string) bool) {
		kept := &dsl.File{Name: f.Name, Comments: f.Comments}
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok && drop(dsl.Unquote(c.Name)) {
				continue
			}
			kept.Decls = append(kept.Decls, d)
		}
		if len(kept.Decls) > 0 {
			files = append(files, kept)
		}
	}
	for _, f := range w.Files {
		keep(f, func(name string) bool { _, bad := broken[name]; return bad })
	}
	for _, f := range std {
		keep(f, func(name string) bool { return own[name] })
	}
	return files
}

// outlined is a declaration of a card or a test found in a file, whether
// it parsed (decl or card set) or not.
type outlined struct {
	test bool
	name string
	pos  dsl.Pos
	decl *dsl.Test
	card *dsl.Card
}

// declHead finds the start of each top-level declaration in source text,
// as the parser splits a file: `card` or `test` at the start of a line,
// then the name.
var declHead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?m)^(card|test)[ \t]+(\"(?:\\\\.|[^\"\\\\\n])*\"|`[^`]*`)")
})

// outline lists the cards and tests of the workspace's files, those that
// parsed and those that did not, in the order of the files and of the
// declarations in each. It is linear in the size of the files: the heads
// of declarations are found in one pass, lines counted as it goes, and
// the parsed declarations (in file order) walked along with it.
func (w *Workspace) outline() []outlined {
	var out []outlined
	for _, f := range w.Files {
		var decls []outlined
		var parsed []dsl.Span // a head found in one is its own, or text of it
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *dsl.Card:
				decls = append(decls, outlined{name: dsl.Unquote(d.Name), pos: d.Pos, card: d})
				parsed = append(parsed, d.Span)
			case *dsl.Test:
				decls = append(decls, outlined{test: true, name: dsl.Unquote(d.Name), pos: d.Pos, decl: d})
				parsed = append(parsed, d.Span)
			}
		}
		src := w.Sources[f.Name]
		line, counted := 1, 0 // the line of src[counted]
		next := 0             // the first parsed declaration that does not end before the head
		for _, m := range declHead().FindAllSubmatchIndex(src, -1) {
			line += bytes.Count(src[counted:m[0]], []byte{'\n'})
			counted = m[0]
			pos := dsl.Pos{Filename: f.Name, Offset: m[0], Line: line, Column: 1}
			for next < len(parsed) && !after(parsed[next].EndPos, pos) {
				next++
			}
			if next < len(parsed) && !after(parsed[next].Pos, pos) {
				continue // inside a declaration that parsed
			}
			decls = append(decls, outlined{test: string(src[m[2]:m[3]]) == "test", name: dsl.Unquote(string(src[m[4]:m[5]])), pos: pos})
		}
		sort.SliceStable(decls, func(i, j int) bool { return after(decls[j].pos, decls[i].pos) })
		out = append(out, decls...)
	}
	return out
}

// isTestFile reports whether a file is named as a test file.
func isTestFile(name string) bool {
	return len(name) >= len(TestSuffix) && name[len(name)-len(TestSuffix):] == TestSuffix
}
