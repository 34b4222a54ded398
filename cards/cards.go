// Package cards is the card library: one .card file per card, with its
// scenario tests beside it in name_test.card. The files are embedded, so
// an engine gets the whole library compiled with one call: Program for the
// bytecode (to run on its own host), or Library to play with the rules
// core.
package cards

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// FS holds the card files and their tests.
//
//go:embed *.card
var FS embed.FS

//go:generate go test . -run TestNamesAreGenerated -update

var (
	once    sync.Once
	program *vm.Program
	library *core.Library
	loadErr error
)

// Program returns the library compiled to bytecode. It is compiled once;
// any error in a card is an error of the whole library. The program is
// shared by every caller and by Library: it must not be modified (link it,
// run it, encode it; copy it with vm.Decode of its encoding to change it).
func Program() (*vm.Program, error) {
	once.Do(load)
	return program, loadErr
}

// Library returns the library linked to the rules core, ready for games. It
// is immutable and safe to share: any number of games, in any number of
// goroutines, may use it at once.
func Library() (*core.Library, error) {
	once.Do(load)
	return library, loadErr
}

func load() {
	files, diags, err := Files()
	if err != nil {
		loadErr = err
		return
	}
	prog, cdiags := compiler.Compile(files)
	diags = append(diags, cdiags...)
	if diags.HasErrors() {
		loadErr = fmt.Errorf("cards: %w", diags)
		return
	}
	program = prog
	library, loadErr = core.NewLibrary(prog)
}

// Names lists the names of the library's cards, sorted. It parses
// nothing: the list is generated from the card files (names_gen.go, kept
// equal to them by a test), so that a lint, which needs only the names
// tests may use, does not parse the library.
func Names() []string { return append([]string(nil), names...) }

// Files parses the card files of the library (not their tests).
func Files() ([]*dsl.File, dsl.Diagnostics, error) {
	return parseFS(func(name string) bool { return !strings.HasSuffix(name, "_test.card") })
}

// TestFiles parses the scenario test files of the library.
func TestFiles() ([]*dsl.File, dsl.Diagnostics, error) {
	return parseFS(func(name string) bool { return strings.HasSuffix(name, "_test.card") })
}

func parseFS(keep func(string) bool) ([]*dsl.File, dsl.Diagnostics, error) {
	names, err := fs.Glob(FS, "*.card")
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(names)
	var (
		files []*dsl.File
		diags dsl.Diagnostics
	)
	for _, name := range names {
		if !keep(name) {
			continue
		}
		src, err := fs.ReadFile(FS, name)
		if err != nil {
			return nil, nil, err
		}
		f, d := parser.Parse("cards/"+name, src)
		files = append(files, f)
		diags = append(diags, d...)
	}
	return files, diags, nil
}
