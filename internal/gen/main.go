// Command gen writes every generated file of cardc, from the stdlib's
// files, the card library's files and the parser's grammar:
//
//   - vocab/standard_gen.go, the standard vocabulary as Go code, so that
//     no run of cardc parses stdlib/;
//   - core/vocab_gen.go, the rules core's tables of names;
//   - vm/HOST.md, the host specification;
//   - stdhost/facts_gen.go, the same facts as Go data, with the adapters
//     that bind a host's methods to the vocabulary's functions;
//   - dsl/VOCABULARY.md, the vocabulary's reference;
//   - vocab/testdata/contract.golden, the record of the vocabulary's
//     contract that the compatibility policy keeps: it is rewritten only
//     when the version in stdlib/vocabulary.card went up as the policy
//     asks, and gen fails, saying what to bump, until it has;
//   - cards/names_gen.go, the names of the library's cards;
//   - the grammar section of dsl/SPEC.md.
//
// Run it as `go generate ./...` at the module's root: this package holds
// the module's only go:generate directive, so there is no order to get
// wrong. It reads the stdlib with vocab.Load, never through the snapshot
// it writes, and it is built with the tag cardc_parse_stdlib, so that it
// builds while standard_gen.go is stale, or even broken (by a merge, say);
// it imports neither core nor cards, whose generated files it rewrites. A
// file already as it must be is not touched: a second run changes nothing.
// TestGeneratedFilesAreFresh fails, naming the command, when a file is
// stale.
//
// Usage (from anywhere in the module):
//
//	go run -tags cardc_parse_stdlib ./internal/gen
package main

//go:generate go run -tags cardc_parse_stdlib .

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root, err := moduleRoot()
	if err == nil {
		err = write(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write writes the generated files that are not as they must be, and
// says which it wrote.
func write(root string) error {
	files, genErr := generate(root)
	for _, f := range files {
		path := filepath.Join(root, filepath.FromSlash(f.path))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.data) {
			continue
		}
		if err := os.WriteFile(path, f.data, 0o644); err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "gen: wrote", f.path)
	}
	return genErr
}

// moduleRoot finds the directory of cardc's go.mod, from the working
// directory up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(data, []byte("module github.com/cardc/cardc\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not in the cardc module: run it from the module's root (go generate ./...)")
		}
		dir = parent
	}
}
