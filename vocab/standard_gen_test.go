package vocab

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdlib"
)

// TestStandardIsGenerated holds standard_gen.go, the standard vocabulary
// as Go code that Standard returns without parsing the stdlib, to what
// Load reads from the stdlib's files: every value, unexported fields
// included. After changing the stdlib (or the types of a Vocab), run
// `go generate ./...` at the module's root (internal/gen writes the file;
// internal/gen's TestGeneratedFilesAreFresh checks it byte for byte).
func TestStandardIsGenerated(t *testing.T) {
	loaded, err := Load(stdlib.FS)
	require.NoError(t, err)
	std, err := Standard()
	require.NoError(t, err)
	if reflect.DeepEqual(loaded, std) {
		return // cmp.Diff would say so too, at many times the cost
	}
	// The expansions of a phrase with optional parts that another test
	// built are not the snapshot's: only that the phrase has them is.
	lazy := cmp.Comparer(func(a, b *lazyExpansions) bool { return (a == nil) == (b == nil) })
	if diff := cmp.Diff(loaded, std, lazy, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
		t.Errorf("Standard() differs from Load(stdlib.FS) (-loaded +standard): vocab/standard_gen.go is stale; run go generate ./...\n%s", diff)
	}
}

// TestStandardIsStaticData holds what makes a run of cardc start fast: the
// objects of the generated vocabulary are variables the linker lays out,
// not values built by code at start-up, and none of them is a map (Go
// builds a map literal at run time): standard only sets the pointers that
// close a cycle, and allocates nothing. (Building every object took 1,673
// allocations and 690 KB; the maps, about 200 allocations.)
func TestStandardIsStaticData(t *testing.T) {
	v, err := standard()
	require.NoError(t, err)
	again, err := standard()
	require.NoError(t, err)
	require.Same(t, v, again, "the vocabulary is one set of variables, not built anew")
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := standard(); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs, "standard builds objects at run time (a map, or an object internal/gen/snapshot did not write as a static variable): keep the Vocab's tables sorted slices")
}

// BenchmarkStandard measures what a process pays for the standard
// vocabulary: built by the generated code, as Standard does, or read from
// the stdlib's files (the grammar already built), as it did before.
func BenchmarkStandard(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := standard(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parsed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Load(stdlib.FS); err != nil {
				b.Fatal(err)
			}
		}
	})
}
