package libgen_test

import (
	"os"
	"testing"

	"github.com/cardc/cardc/internal/libgen"
	"github.com/cardc/cardc/workspace"
)

// TestLibraryLintsClean writes a small library and lints it: the cards are
// the standard library's, renamed, so lint must find nothing at all.
func TestLibraryLintsClean(t *testing.T) {
	dir := t.TempDir()
	const n, perFile = 250, 100
	if err := libgen.Write(dir, n, perFile); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Fatalf("%d files for %d cards at %d a file, want 3", len(entries), n, perFile)
	}
	w, err := workspace.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	cards := 0
	for _, f := range w.Files {
		cards += len(f.Decls)
	}
	if cards != n {
		t.Errorf("%d cards written, want %d", cards, n)
	}
	diags, err := w.Lint()
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Errorf("the generated library does not lint clean: %d diagnostics, first %v", len(diags), diags[0])
	}
}
