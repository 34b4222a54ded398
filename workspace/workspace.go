// Package workspace is what cardc does, for any tool to embed: it loads
// the .card files under some paths and lints, builds and tests them. The
// cards of the standard card library (package cards) are available to a
// workspace's tests, and a workspace's own cards take their place when
// they have the same name. Tests run on the Engine the caller gives
// (coredriver.Engine for the rules core): the package links no game
// engine, so a tool that only lints does not link the rules core.
//
// LintPaths lints the files under some paths without loading them all at
// once: each file is read, parsed and checked on one worker and dropped,
// so a library of any size lints in the memory of a few files
// (BenchmarkLintLibrary measures it on a generated 30,000-card library).
package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cardc/cardc/internal/parallel"
	"github.com/cardc/cardc/internal/readfile"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// Ext is the extension of card language files.
const Ext = ".card"

// TestSuffix ends the names of scenario test files.
const TestSuffix = "_test.card"

// Diagnostic codes of the workspace: the files cardc is given.
const (
	// CodeBadPath is the diagnostic of a path that cannot be read.
	CodeBadPath = "W010"
	// CodeLinkOutside is the diagnostic of a symbolic link that leads out
	// of the tree cardc checks: it is not followed.
	CodeLinkOutside = "W011"
	// CodeTooLarge is the diagnostic of a file of more than MaxFileSize
	// bytes: it is not read.
	CodeTooLarge = "W012"
	// CodeNotRegular is the diagnostic of a .card path that is a device, a
	// named pipe or a socket: it is not read.
	CodeNotRegular = "W013"
)

// MaxFileSize is the most bytes cardc reads of one .card file, 16 MiB: a
// card is a few kilobytes, and a file past the cap (a link to /dev/zero,
// a pull request's junk) is one CodeTooLarge error, not read at all.
const MaxFileSize = 16 << 20

// Codes lists the diagnostic codes of the workspace, for documentation
// and tests.
var Codes = append([]dsl.CodeInfo{
	{Code: CodeBadPath, Name: "bad-path", Summary: "a .card file or a directory that cannot be read: a dangling symbolic link, a link loop, no permission"},
	{Code: CodeLinkOutside, Name: "link-outside", Summary: "a symbolic link that leads out of the tree being checked: not followed, its target never read"},
	{Code: CodeTooLarge, Name: "too-large", Summary: "a .card file of more than 16 MiB: not read"},
	{Code: CodeNotRegular, Name: "not-regular", Summary: "a .card path that is a device, a named pipe or a socket, not a regular file: not read"},
}, oracle.Codes...)

// ReadFile reads a .card file as cardc reads every file it is given: a
// regular file only, never a device, a named pipe or a socket, and of at
// most MaxFileSize bytes. Its errors are those badPath turns into
// CodeNotRegular, CodeTooLarge and CodeBadPath diagnostics.
func ReadFile(name string) ([]byte, error) {
	return readfile.Read(name, MaxFileSize)
}

// Workspace is a set of parsed card files.
type Workspace struct {
	// Files are the parsed files, in path order.
	Files []*dsl.File
	// Sources are the files' contents, by path.
	Sources map[string][]byte
	// Diags are the syntax errors.
	Diags dsl.Diagnostics
	// Unreadable are the paths found that could not be read (CodeBadPath),
	// one error each: the other files are loaded all the same.
	Unreadable dsl.Diagnostics
	// Only, when not nil, are the files whose tests run (Run): the other
	// files are there for their cards (LoadTests).
	Only map[string]bool
}

// badPath is the diagnostic of a path that cannot be read, in the user's
// terms.
func badPath(path string, err error) dsl.Diagnostic {
	reason := err
	var pe *fs.PathError
	if errors.As(err, &pe) {
		reason = pe.Err // the path is the diagnostic's file already
	}
	var tooLarge *readfile.TooLargeError
	if errors.As(err, &tooLarge) {
		return dsl.Errorf(dsl.Pos{Filename: path}, CodeTooLarge, "not read: %v", tooLarge).
			WithHint("a card file is a few kilobytes: split it, or move it out of the paths given to cardc")
	}
	var special *readfile.NotRegularError
	if errors.As(err, &special) {
		return dsl.Errorf(dsl.Pos{Filename: path}, CodeNotRegular, "not read: %v", special).
			WithHint("cardc reads regular files only; remove it, or move it out of the paths given to cardc")
	}
	d := dsl.Errorf(dsl.Pos{Filename: path}, CodeBadPath, "cannot read it: %v", reason)
	info, lerr := os.Lstat(path)
	isLink := lerr == nil && info.Mode()&fs.ModeSymlink != 0
	switch {
	case isLink && errors.Is(err, fs.ErrNotExist):
		target, _ := os.Readlink(path)
		return d.WithHint("it is a symbolic link to %s, which does not exist; fix the link or remove it", strconv.Quote(target))
	case errors.Is(err, fs.ErrPermission):
		return d.WithHint("cardc may not read it; give read permission (chmod) or move it out of the way")
	}
	if target, serr := os.Stat(path); serr == nil && target.IsDir() {
		return d.WithHint("it is a link to a directory, named like a card file; rename the link, or name the directory itself")
	}
	if isLink {
		return d.WithHint("it is a symbolic link that leads to no readable file (a loop?); fix the link or remove it")
	}
	return d.WithHint("fix it, or move it out of the paths given to cardc")
}

// linkOutside is the diagnostic of a symbolic link that leads out of the
// tree root: it names the link and what the link says, never what its
// target holds, which cardc does not read.
func linkOutside(path, root string) dsl.Diagnostic {
	link, _ := os.Readlink(path)
	return dsl.Errorf(dsl.Pos{Filename: path}, CodeLinkOutside, "not read: it is a symbolic link to %s, out of %s", strconv.Quote(link), strconv.Quote(root)).
		WithHint("cardc follows a link only within the tree it checks; link to a file inside it, or copy the card in")
}

// Find lists the .card files under the paths: a file is taken as it is, a
// directory is searched recursively (a trailing "/..." is allowed, as in Go).
// With no paths, it searches ".". A path that does not exist at all is an
// error; one that exists but cannot be read (a dangling symbolic link, a
// link loop, a directory without permission) is a CodeBadPath diagnostic,
// and the search goes on.
//
// A symbolic link is followed only within its tree: the directory named,
// or for a file named, the directory it is in. A link that leads out of
// it (to /dev/zero, to a file of secrets, to another checkout) is not
// listed: it is a CodeLinkOutside diagnostic, and nothing it leads to is
// read or written. Directories reached by links are not searched.
func Find(paths []string) ([]string, dsl.Diagnostics, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	// A file is taken once however it is named (a.card, ./a.card, or
	// found in a directory also named).
	seen := map[string]bool{}
	var out []string
	var bad dsl.Diagnostics
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
			if _, lerr := os.Lstat(p); lerr != nil {
				return nil, nil, err // no such path: a mistyped argument
			}
			bad = append(bad, badPath(p, err))
			continue
		}
		if !info.IsDir() {
			if d, ok := leaves(filepath.Dir(p), p); ok {
				bad = append(bad, d)
				continue
			}
			add(p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				bad = append(bad, badPath(path, err))
				return nil // a directory not read is skipped
			}
			if d.IsDir() && path != p && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, Ext) {
				if d.Type()&fs.ModeSymlink != 0 {
					if d, ok := leaves(p, path); ok {
						bad = append(bad, d)
						return nil
					}
				}
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	sort.Strings(out)
	bad.Sort()
	return out, bad, nil
}

// leaves reports whether path is a symbolic link that leads out of the
// tree root, with its diagnostic. A link that leads nowhere (dangling, a
// loop) or to a directory does not: reading it fails, and says why.
func leaves(root, path string) (dsl.Diagnostic, bool) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return dsl.Diagnostic{}, false
	}
	target, within, err := readfile.Within(root, path)
	if err != nil || within {
		return dsl.Diagnostic{}, false
	}
	if info, err := os.Stat(target); err == nil && info.IsDir() {
		return dsl.Diagnostic{}, false
	}
	return linkOutside(path, root), true
}

// Load reads and parses the .card files under the paths. It fails only if
// a path does not exist; a file it cannot read is in Unreadable. Files are
// read and parsed in parallel, one worker per CPU; the workspace is the
// same as if they had been added one by one in path order.
func Load(paths []string) (*Workspace, error) {
	names, bad, err := Find(paths)
	if err != nil {
		return nil, err
	}
	type loaded struct {
		src   []byte
		file  *dsl.File
		diags dsl.Diagnostics
		err   error
	}
	files := make([]loaded, len(names))
	parallel.Do(len(names), func(i int) {
		src, err := ReadFile(names[i])
		if err != nil {
			files[i].err = err
			return
		}
		f, d := parser.Parse(names[i], src)
		files[i] = loaded{src: src, file: f, diags: d}
	})
	w := &Workspace{Sources: map[string][]byte{}, Unreadable: bad}
	for i, l := range files {
		if l.err != nil {
			w.Unreadable = append(w.Unreadable, badPath(names[i], l.err))
			continue
		}
		w.add(names[i], l.src, l.file, l.diags)
	}
	w.Unreadable.Sort()
	return w, nil
}

// LoadTests is Load for running tests: as `go test` takes a package, a
// test file named on its own sees the cards of its directory. The card
// files (not test files) beside each test file named in paths are loaded
// too, and only the tests of the files under paths run (Only).
func LoadTests(paths []string) (*Workspace, error) {
	names, _, err := Find(paths)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[filepath.Clean(n)] = true
	}
	all := append([]string(nil), paths...)
	for _, p := range paths {
		if info, err := os.Stat(p); err != nil || info.IsDir() || !isTestFile(p) {
			continue
		}
		siblings, err := filepath.Glob(filepath.Join(filepath.Dir(p), "*"+Ext))
		if err != nil {
			continue
		}
		for _, sib := range siblings {
			if !isTestFile(sib) && !seen[filepath.Clean(sib)] {
				seen[filepath.Clean(sib)] = true
				all = append(all, sib)
			}
		}
	}
	w, err := Load(all)
	if err != nil {
		return nil, err
	}
	if len(all) > len(paths) {
		w.Only = map[string]bool{}
		for _, n := range names {
			w.Only[n] = true
		}
	}
	return w, nil
}

// Add parses one more file into the workspace.
func (w *Workspace) Add(name string, src []byte) {
	f, d := parser.Parse(name, src)
	w.add(name, src, f, d)
}

// add adds a parsed file to the workspace.
func (w *Workspace) add(name string, src []byte, f *dsl.File, diags dsl.Diagnostics) {
	w.Files = append(w.Files, f)
	w.Sources[name] = src
	w.Diags = append(w.Diags, diags...)
}

// SyntaxErrors returns the diagnostics of parsing one file of the
// workspace, by its name.
func (w *Workspace) SyntaxErrors(name string) dsl.Diagnostics {
	var out dsl.Diagnostics
	for _, d := range w.Diags {
		if d.Pos.Filename == name {
			out = append(out, d)
		}
	}
	return out
}

// Build compiles the workspace's cards. A file that could not be read is
// an error: the program would lack its cards.
func (w *Workspace) Build() (*vm.Program, dsl.Diagnostics) {
	prog, diags := compiler.Compile(w.Files)
	all := append(append(append(dsl.Diagnostics{}, w.Unreadable...), w.Diags...), diags...)
	all.Sort()
	return prog, all.Limit()
}

// standardFiles parses the standard library's card files, once: every
// lint and test of a process (a fuzzer runs thousands) shares the syntax
// trees, which the compiler only reads.
var standardFiles = sync.OnceValues(func() ([]*dsl.File, error) {
	std, diags, err := cards.Files()
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("the standard card library does not parse: %w", diags)
	}
	return std, nil
})

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
