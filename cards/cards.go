// Package cards is the card library: one .card file per card, with its
// scenario tests beside it in name_test.card. The files are embedded, and
// the package gives their sources (FS), their syntax trees (Files,
// TestFiles) and the cards' names (Names). It links neither the compiler's
// output nor the rules core: package cards/compiled has the whole library
// compiled with one call, Program for the bytecode (to run on any host) or
// Library to play with the rules core.
package cards

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// FS holds the card files and their tests.
//
//go:embed *.card
var FS embed.FS

// Names lists the names of the library's cards, sorted. It parses
// nothing: the list is generated from the card files (names_gen.go,
// written by go generate ./... and kept equal to them by tests), so that a lint, which needs only the names
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
