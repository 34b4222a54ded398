// Package corpus gathers seed inputs for the fuzz tests: the project's own
// .card files, whole and cut into their top-level declarations.
package corpus

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Seeds returns the text of every file matching the patterns, and each
// top-level declaration of them on its own: small inputs mutate faster.
func Seeds(tb testing.TB, patterns ...string) []string {
	tb.Helper()
	var seeds []string
	for _, pattern := range patterns {
		paths, err := filepath.Glob(pattern)
		if err != nil {
			tb.Fatal(err)
		}
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				tb.Fatal(err)
			}
			seeds = append(seeds, string(src))
			if decls := SplitDecls(string(src)); len(decls) > 1 {
				seeds = append(seeds, decls...)
			}
		}
	}
	return seeds
}

// CardFiles are the patterns of the project's .card files, from a package
// folder: the card library, the stdlib and the golden test inputs.
var CardFiles = []string{"../cards/*.card", "../stdlib/*.card", "../testdata/*/*.card"}

// SplitDecls cuts a file before each line that starts a top-level
// declaration: a line that starts with a letter.
func SplitDecls(src string) []string {
	var out []string
	start := 0
	for i := 1; i < len(src); i++ {
		if src[i-1] == '\n' && isLetter(src[i]) {
			out = append(out, src[start:i])
			start = i
		}
	}
	return append(out, src[start:])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// Fuzzing reports whether the test binary is fuzzing (go test -fuzz), not
// only running the fuzz targets' seed corpora as tests (go test). A fuzz
// target whose seeds a test of its package already checks, with the same
// check, adds them only when fuzzing: go test would run every check twice.
func Fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
