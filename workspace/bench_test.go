package workspace_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/cardc/cardc/internal/libgen"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/workspace"
)

// reportRate reports the cards linted per second of the wall clock, and
// the processor time each lint took (all goroutines, the collector's
// included), which the other users of a shared machine disturb less.
func reportRate(b *testing.B, cards int, cpu0 time.Duration, cpuOK bool) {
	b.ReportMetric(float64(cards)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
}

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
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				diags, err := workspace.LintPaths([]string{dir})
				if err != nil {
					b.Fatal(err)
				}
				if len(diags) > 0 {
					b.Fatalf("the library does not lint clean: %d diagnostics, first %v", len(diags), diags[0])
				}
			}
			reportRate(b, n, cpu0, cpuOK)
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
			w := loadLibrary(b, n, 100)
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				diags, err := w.Lint()
				if err != nil {
					b.Fatal(err)
				}
				if len(diags) > 0 {
					b.Fatalf("the library does not lint clean: %d diagnostics, first %v", len(diags), diags[0])
				}
			}
			reportRate(b, n, cpu0, cpuOK)
		})
	}
}

// BenchmarkTestOneFile runs `cardc test` (Run) on a generated library in
// one file: listing the file's declarations (outline) once counted lines
// from the start of the file for each card, and 20,000 cards took 7 s to
// find that there was no test. cards/s stays the same from 3,000 cards to
// 30,000 now that it is linear.
func BenchmarkTestOneFile(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			w := loadLibrary(b, n, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				rep, err := w.Run(nil, coredriver.Engine{})
				if err != nil {
					b.Fatal(err)
				}
				if rep.Diags.HasErrors() {
					b.Fatalf("the library has errors: %v", rep.Diags[0])
				}
			}
			reportRate(b, n, cpu0, cpuOK)
		})
	}
}

// loadLibrary writes a generated library of n cards, perFile a file, and
// loads it.
func loadLibrary(b *testing.B, n, perFile int) *workspace.Workspace {
	b.Helper()
	dir := b.TempDir()
	if err := libgen.Write(dir, n, perFile); err != nil {
		b.Fatal(err)
	}
	w, err := workspace.Load([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	return w
}
