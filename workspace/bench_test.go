package workspace_test

import (
	"fmt"
	"testing"

	"github.com/cardc/cardc/internal/libgen"
	"github.com/cardc/cardc/workspace"
)

// BenchmarkLintLibrary lints a generated library (package internal/libgen:
// the standard cards in turn, renamed, 100 a file) the way `cardc lint DIR`
// does (LintPaths: read, parse and check each file). The library is
// written once per size, outside the timer; it lints clean.
//
//	go test ./workspace -run '^$' -bench LintLibrary -benchmem -count 5
func BenchmarkLintLibrary(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if err := libgen.Write(dir, n, 100); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				diags, err := workspace.LintPaths([]string{dir})
				if err != nil {
					b.Fatal(err)
				}
				if len(diags) > 0 {
					b.Fatalf("the library does not lint clean: %d diagnostics, first %v", len(diags), diags[0])
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
		})
	}
}

// BenchmarkLintCards is BenchmarkLintLibrary without the reading and
// parsing: the generated library is loaded once, and only Lint (checking,
// the scenario checks, the Oracle coverage) is timed, the part after the
// parser.
func BenchmarkLintCards(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if err := libgen.Write(dir, n, 100); err != nil {
				b.Fatal(err)
			}
			w, err := workspace.Load([]string{dir})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				diags, err := w.Lint()
				if err != nil {
					b.Fatal(err)
				}
				if len(diags) > 0 {
					b.Fatalf("the library does not lint clean: %d diagnostics, first %v", len(diags), diags[0])
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
		})
	}
}
