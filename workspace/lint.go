package workspace

import (
	"sort"

	"github.com/cardc/cardc/internal/parallel"

	stdcards "github.com/cardc/cardc/cards"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vocab"
)

// lintedFile is what lint keeps of a file once its cards are checked:
// not the cards' syntax trees, only their names and what they have to
// report, and the file's tests, for the scenario checks.
type lintedFile struct {
	// unreadable is why the file could not be read, if it could not.
	unreadable error
	// syntax are the file's syntax errors.
	syntax dsl.Diagnostics
	cards  []lintedCard
	// tests is the file with its tests only.
	tests *dsl.File
}

// lintedCard is what lint keeps of a card.
type lintedCard struct {
	// name holds the card's name and position only, for
	// compiler.Duplicates.
	name *dsl.Card
	// check are the diagnostics of checking it, cover those of its Oracle
	// coverage (package oracle).
	check, cover dsl.Diagnostics
}

// lintFile checks the cards of a parsed file.
func lintFile(k *compiler.Checker, f *dsl.File, syntax dsl.Diagnostics) lintedFile {
	l := lintedFile{syntax: syntax, tests: &dsl.File{Name: f.Name}}
	for _, d := range f.Decls {
		c, ok := d.(*dsl.Card)
		if !ok {
			if t, ok := d.(*dsl.Test); ok {
				l.tests.Decls = append(l.tests.Decls, t)
			}
			continue
		}
		r := k.Check(c)
		lc := lintedCard{name: &dsl.Card{Span: c.Span, Name: c.Name}, check: r.Diags}
		if r.Explanation != nil {
			lc.cover = oracle.Cover(r.Explanation).Diagnostics()
		}
		l.cards = append(l.cards, lc)
	}
	return l
}

// Lint returns every diagnostic of the workspace: files that cannot be
// read, syntax, cards, tests and Oracle coverage. Each card is checked
// once, for its own diagnostics and its Oracle coverage both (a
// compiler.Checker), the files in parallel, one worker per CPU; no
// bytecode is kept.
func (w *Workspace) Lint() (dsl.Diagnostics, error) {
	v, err := vocab.Standard()
	if err != nil {
		return nil, err
	}
	files := make([]lintedFile, len(w.Files))
	parallel.With(len(w.Files), func() func(int) {
		k := compiler.NewChecker(v)
		return func(i int) { files[i] = lintFile(k, w.Files[i], nil) }
	})
	return lintReport(w.Unreadable, w.Diags, files)
}

// Linter lints a workspace again and again as it changes, as an editor's
// language server does: a file's cards are checked again only when the
// file is (its *dsl.File is not the one last linted); what lint says
// across files (duplicate cards, the names tests use, the scenario
// checks) is put together anew each time, from what is kept of each
// file. A change of one file of a large folder costs the check of that
// file, not of the folder. A Linter is not safe for concurrent use.
type Linter struct {
	files map[string]linted
	// Checked counts the files checked by the last Lint: the files that
	// changed since the one before.
	Checked int
}

// linted is a file as a Linter last checked it.
type linted struct {
	file *dsl.File
	lint lintedFile
}

// NewLinter returns a Linter that has checked nothing yet.
func NewLinter() *Linter {
	return &Linter{files: map[string]linted{}}
}

// Lint returns what Workspace.Lint returns of w, checking again only the
// files that are not those of the last call, and forgets the files w no
// longer has.
func (l *Linter) Lint(w *Workspace) (dsl.Diagnostics, error) {
	v, err := vocab.Standard()
	if err != nil {
		return nil, err
	}
	files := make([]lintedFile, len(w.Files))
	var todo []int
	kept := make(map[string]linted, len(w.Files))
	for i, f := range w.Files {
		if prev, ok := l.files[f.Name]; ok && prev.file == f {
			files[i] = prev.lint
			kept[f.Name] = prev
			continue
		}
		todo = append(todo, i)
	}
	parallel.With(len(todo), func() func(int) {
		k := compiler.NewChecker(v)
		return func(j int) { files[todo[j]] = lintFile(k, w.Files[todo[j]], nil) }
	})
	for _, i := range todo {
		kept[w.Files[i].Name] = linted{file: w.Files[i], lint: files[i]}
	}
	l.files, l.Checked = kept, len(todo)
	return lintReport(w.Unreadable, w.Diags, files)
}

// LintPaths is Load and then Lint, in the memory of a few files at a
// time rather than of the whole workspace: each file is read, parsed and
// checked by one worker, and what lint reports is all that is kept of its
// cards (their syntax trees are dropped as soon as they are checked; the
// file's tests are kept, for the scenario checks). It fails as Load does,
// only if a path does not exist; the diagnostics are those of Lint.
func LintPaths(paths []string) (dsl.Diagnostics, error) {
	names, bad, err := Find(paths)
	if err != nil {
		return nil, err
	}
	v, err := vocab.Standard()
	if err != nil {
		return nil, err
	}
	files := make([]lintedFile, len(names))
	parallel.With(len(names), func() func(int) {
		k := compiler.NewChecker(v)
		return func(i int) {
			src, err := ReadFile(names[i])
			if err != nil {
				files[i].unreadable = err
				return
			}
			f, syntax := parser.Parse(names[i], src)
			files[i] = lintFile(k, f, syntax)
		}
	})
	unreadable := bad
	var syntax dsl.Diagnostics
	for i, f := range files {
		if f.unreadable != nil {
			unreadable = append(unreadable, badPath(names[i], f.unreadable))
			continue
		}
		syntax = append(syntax, f.syntax...)
	}
	unreadable.Sort()
	return lintReport(unreadable, syntax, files)
}

// lintReport puts together what lint reports, in the order Lint always
// has (the sort is stable): the files that cannot be read, the syntax
// errors, the cards' diagnostics (only CodeDuplicateCard for a card
// defined again), the scenario checks, then the Oracle coverage.
func lintReport(unreadable, syntax dsl.Diagnostics, files []lintedFile) (dsl.Diagnostics, error) {
	var (
		cards []*dsl.Card
		tests []*dsl.File
		// own are the files of the workspace: a diagnostic elsewhere (in
		// a standard card) is not the user's to fix.
		own = map[string]bool{}
	)
	for _, f := range files {
		if f.unreadable != nil {
			continue
		}
		own[f.tests.Name] = true
		tests = append(tests, f.tests)
		for _, c := range f.cards {
			cards = append(cards, c.name)
		}
	}
	dups := compiler.Duplicates(cards)
	var check, cover dsl.Diagnostics
	n := 0
	for _, f := range files {
		for _, c := range f.cards {
			if d := dups[n]; d != nil {
				check = append(check, *d)
			} else {
				check = append(check, c.check...)
			}
			cover = append(cover, c.cover...)
			n++
		}
	}
	all := append(append(dsl.Diagnostics{}, unreadable...), syntax...)
	for _, d := range check {
		if own[d.Pos.Filename] {
			all = append(all, d)
		}
	}
	if hasTests(tests) {
		all = append(all, scenario.Check(tests, testNames(cards))...)
	}
	all = append(all, cover...)
	all.Sort()
	return all.Limit(), nil
}

// hasTests says whether the files (lintedFile.tests: tests only) have a
// test: the lint of cards alone neither lists the names tests may use nor
// checks scenarios.
func hasTests(files []*dsl.File) bool {
	for _, f := range files {
		if len(f.Decls) > 0 {
			return true
		}
	}
	return false
}

// testNames are the names of cards tests may use, sorted: the standard
// cards' (a generated list: the library is not parsed), and the
// workspace's, with an error or not (so that tests that use them are not
// reported twice).
func testNames(cards []*dsl.Card) []string {
	names := map[string]bool{}
	for _, c := range cards {
		names[dsl.Unquote(c.Name)] = true
	}
	for _, n := range stdcards.Names() {
		names[n] = true
	}
	list := make([]string, 0, len(names))
	for n := range names {
		list = append(list, n)
	}
	sort.Strings(list)
	return list
}

// Explain renders the abilities of the workspace's cards back to English
// and pairs them with their Oracle paragraphs (package oracle), in the
// order of the files. A card with an error has no rendering: its
// diagnostics are returned instead.
func (w *Workspace) Explain() ([]*oracle.Coverage, dsl.Diagnostics, error) {
	v, err := vocab.Standard()
	if err != nil {
		return nil, nil, err
	}
	type explained struct {
		covs  []*oracle.Coverage
		diags dsl.Diagnostics
	}
	files := make([]explained, len(w.Files))
	parallel.With(len(w.Files), func() func(int) {
		k := compiler.NewChecker(v)
		return func(i int) {
			for _, d := range w.Files[i].Decls {
				c, ok := d.(*dsl.Card)
				if !ok {
					continue
				}
				r := k.Check(c)
				if r.Explanation == nil {
					files[i].diags = append(files[i].diags, r.Diags...)
					continue
				}
				files[i].covs = append(files[i].covs, oracle.Cover(r.Explanation))
			}
		}
	})
	var (
		out   []*oracle.Coverage
		diags dsl.Diagnostics
	)
	for _, f := range files {
		out = append(out, f.covs...)
		diags = append(diags, f.diags...)
	}
	diags.Sort()
	return out, diags, nil
}
