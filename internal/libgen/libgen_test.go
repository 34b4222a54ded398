package libgen_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/libgen"
	"github.com/cardc/cardc/workspace"
)

// TestLibraryLintsClean writes a small library and lints it: the cards are
// the standard library's, renamed, so lint must find nothing at all.
func TestLibraryLintsClean(t *testing.T) {
	dir := t.TempDir()
	const n, perFile = 250, 100
	require.NoError(t, libgen.Write(dir, n, perFile))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 3, "files for %d cards at %d a file", n, perFile)
	w, err := workspace.Load([]string{dir})
	require.NoError(t, err)
	cards := 0
	for _, f := range w.Files {
		cards += len(f.Decls)
	}
	assert.Equal(t, n, cards, "cards written")
	diags, err := w.Lint()
	require.NoError(t, err)
	assert.Empty(t, diags, "the generated library does not lint clean")
}
