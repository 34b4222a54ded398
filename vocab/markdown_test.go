package vocab

import (
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/golden"
)

var updateDoc = flag.Bool("update-vocabulary", false, "rewrite dsl/VOCABULARY.md")

// TestVocabularyDoc keeps dsl/VOCABULARY.md equal to the vocabulary; run
// with -update-vocabulary (or -update) after changing the stdlib.
func TestVocabularyDoc(t *testing.T) {
	v, err := Standard()
	require.NoError(t, err)
	const path = "../dsl/VOCABULARY.md"
	want := v.Markdown()
	if *updateDoc || *golden.Update {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, want, string(got), "dsl/VOCABULARY.md is stale: run go test ./vocab -run VocabularyDoc -update")
}
