// Package workspace is what cardc does, for any tool to embed: it loads
// the .card files under some paths and lints, builds and tests them. The
// cards of the standard card library (package cards) are available to a
// workspace's tests, and a workspace's own cards take their place when
// they have the same name.
package workspace

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// Ext is the extension of card language files.
const Ext = ".card"

// TestSuffix ends the names of scenario test files.
const TestSuffix = "_test.card"

// Workspace is a set of parsed card files.
type Workspace struct {
	// Files are the parsed files, in path order.
	Files []*dsl.File
	// Sources are the files' contents, by path.
	Sources map[string][]byte
	// Diags are the syntax errors.
	Diags dsl.Diagnostics
}

// Find lists the .card files under the paths: a file is taken as it is, a
// directory is searched recursively (a trailing "/..." is allowed, as in Go).
// With no paths, it searches ".".
func Find(paths []string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	// A file is taken once however it is named (a.card, ./a.card, or
	// found in a directory also named).
	seen := map[string]bool{}
	var out []string
	add := func(path string) {
		path = filepath.Clean(path)
		key := path
		if abs, err := filepath.Abs(path); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, path)
		}
	}
	for _, p := range paths {
		p = strings.TrimSuffix(p, "/...")
		if p == "" {
			p = "."
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			add(p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, Ext) {
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// Load reads and parses the .card files under the paths.
func Load(paths []string) (*Workspace, error) {
	names, err := Find(paths)
	if err != nil {
		return nil, err
	}
	w := &Workspace{Sources: map[string][]byte{}}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		w.Add(name, src)
	}
	return w, nil
}

// Add parses one more file into the workspace.
func (w *Workspace) Add(name string, src []byte) {
	f, d := parser.Parse(name, src)
	w.Files = append(w.Files, f)
	w.Sources[name] = src
	w.Diags = append(w.Diags, d...)
}

// ownCards returns the names of the cards the workspace defines.
func (w *Workspace) ownCards() map[string]bool {
	own := map[string]bool{}
	for _, f := range w.Files {
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				own[dsl.Unquote(c.Name)] = true
			}
		}
	}
	return own
}

// Build compiles the workspace's cards.
func (w *Workspace) Build() (*vm.Program, dsl.Diagnostics) {
	prog, diags := compiler.Compile(w.Files)
	all := append(append(dsl.Diagnostics{}, w.Diags...), diags...)
	all.Sort()
	return prog, all.Limit()
}

// withStandard returns the workspace's files and the standard library's
// card files, but for the standard cards the workspace redefines.
func (w *Workspace) withStandard() ([]*dsl.File, error) {
	std, diags, err := cards.Files()
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("the standard card library does not parse: %w", diags)
	}
	own := w.ownCards()
	files := append([]*dsl.File{}, w.Files...)
	for _, f := range std {
		kept := &dsl.File{Name: f.Name}
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok && !own[dsl.Unquote(c.Name)] {
				kept.Decls = append(kept.Decls, d)
			}
		}
		if len(kept.Decls) > 0 {
			files = append(files, kept)
		}
	}
	return files, nil
}

// Library compiles the workspace's cards with the standard ones and links
// them to the rules core. Diagnostics are those of the workspace's files.
func (w *Workspace) Library() (*core.Library, dsl.Diagnostics, error) {
	files, err := w.withStandard()
	if err != nil {
		return nil, nil, err
	}
	prog, diags := compiler.Compile(files)
	all := append(append(dsl.Diagnostics{}, w.Diags...), w.own(diags)...)
	all.Sort()
	all = all.Limit()
	if all.HasErrors() {
		return nil, all, nil
	}
	lib, err := core.NewLibrary(prog)
	return lib, all, err
}

// own keeps the diagnostics of the workspace's files: the standard cards
// compiled with them are not the user's to fix.
func (w *Workspace) own(diags dsl.Diagnostics) dsl.Diagnostics {
	var out dsl.Diagnostics
	for _, d := range diags {
		if _, ok := w.Sources[d.Pos.Filename]; ok {
			out = append(out, d)
		}
	}
	return out
}

// Lint returns every diagnostic of the workspace: syntax, cards and tests.
func (w *Workspace) Lint() (dsl.Diagnostics, error) {
	files, err := w.withStandard()
	if err != nil {
		return nil, err
	}
	prog, cdiags := compiler.Compile(files)
	names := map[string]bool{}
	for _, c := range prog.Cards {
		names[c.Name] = true
	}
	// Cards that have errors are not in the program; their names are
	// still known, so tests that use them are not reported twice.
	for n := range w.ownCards() {
		names[n] = true
	}
	var list []string
	for n := range names {
		list = append(list, n)
	}
	sort.Strings(list)
	all := append(append(dsl.Diagnostics{}, w.Diags...), w.own(cdiags)...)
	all = append(all, scenario.Check(w.Files, list)...)
	all.Sort()
	return all.Limit(), nil
}

// Test runs the scenario tests of the workspace whose names match run
// (all if run is nil), against its cards and the standard ones. It fails
// without running anything if a card has an error.
func (w *Workspace) Test(run *regexp.Regexp) ([]scenario.Result, dsl.Diagnostics, error) {
	lib, diags, err := w.Library()
	if err != nil || diags.HasErrors() {
		return nil, diags, err
	}
	var out []scenario.Result
	for _, f := range w.Files {
		for _, d := range f.Decls {
			t, ok := d.(*dsl.Test)
			if !ok || (run != nil && !run.MatchString(dsl.Unquote(t.Name))) {
				continue
			}
			out = append(out, scenario.RunTest(lib, t))
		}
	}
	return out, diags, nil
}
