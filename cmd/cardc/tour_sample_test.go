package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadmeTourDraftsFromTheSample holds the first step of README's tour to
// what cardc does: `cardc new "Sparkmage Apprentice" --from
// testdata/mtgjson/M10-sample.json` works from a clone of the repository
// alone, and writes the card README shows.
func TestReadmeTourDraftsFromTheSample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	const command = `$ cardc new "Sparkmage Apprentice" --from testdata/mtgjson/M10-sample.json`
	require.Contains(t, string(readme), command, "README's tour starts from the sample in testdata/")

	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"new", "Sparkmage Apprentice", "--from", filepath.Join("..", "..", "testdata", "mtgjson", "M10-sample.json"), "-dir", dir}, &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	card, err := os.ReadFile(filepath.Join(dir, "sparkmage_apprentice.card"))
	require.NoError(t, err)
	// README shows the card without the header comment cardc new writes.
	_, body, ok := strings.Cut(string(card), "card \"Sparkmage Apprentice\"")
	require.True(t, ok, "cardc new wrote a card:\n%s", card)
	require.Contains(t, string(readme), "card \"Sparkmage Apprentice\""+body, "README's tour shows the card cardc new drafts from the sample")
}
