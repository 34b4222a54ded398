package tables

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdlib"
	"github.com/cardc/cardc/vocab"
)

// TestKeywordSetsGrowWithTheStdlib checks that the core's sets of
// keywords have no fixed width: a stdlib with 70 more keywords gets sets
// of two words, every keyword a constant of its own.
func TestKeywordSetsGrowWithTheStdlib(t *testing.T) {
	fsys := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(stdlib.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(stdlib.FS, path)
		fsys[path] = &fstest.MapFile{Data: data}
		return err
	}))
	var more []string
	for i := range 70 {
		more = append(more, fmt.Sprintf("extra%c%c", 'a'+i/26, 'a'+i%26))
	}
	fsys["more.card"] = &fstest.MapFile{Data: []byte("keywords " + strings.Join(more, " ") + "\n")}
	v, err := vocab.Load(fsys)
	require.NoError(t, err)
	src, err := render(load(v))
	require.NoError(t, err)
	n := len(v.Keywords())
	require.Greater(t, n, 64)
	require.Contains(t, string(src), fmt.Sprintf("const keywordWords = %d\n", (n+63)/64))
	require.Contains(t, string(src), "\tkeywordExtracr\n")

	std, err := vocab.Standard()
	require.NoError(t, err)
	src, err = render(load(std))
	require.NoError(t, err)
	require.Contains(t, string(src), "const keywordWords = 1\n")
	require.Contains(t, string(src), `{keyword: keywordLandwalk, prefix: "", suffix: "walk", param: paramSubtype},`)
	require.Contains(t, string(src), `{keyword: keywordProtection, prefix: "protection from ", suffix: "", param: paramQuality},`)
}
