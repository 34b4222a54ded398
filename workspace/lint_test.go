package workspace_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/workspace"
)

// TestLintPathsIsLint checks that linting file by file (LintPaths, what
// cardc lint does) reports exactly what loading the files and linting the
// workspace does, in the same order: on the compiler's test cards (every
// kind of error), a card defined in two files, a file that does not parse,
// a scenario test, and a path that cannot be read.
func TestLintPathsIsLint(t *testing.T) {
	dir := t.TempDir()
	cases, err := filepath.Glob("../testdata/check/*.card")
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, c := range cases {
		src, err := os.ReadFile(c)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(c)), src, 0o644))
	}
	for name, src := range map[string]string{
		"bears.card":       "card \"Grizzly Bears\" {\n  cost \"{1}{G}\"\n  type Creature — Bear\n  pt 2/2\n  oracle \"\"\n}\n",
		"bears_again.card": "card \"Grizzly Bears\" {\n  cost \"{1}{G}\"\n  type Creature — Bear\n  pt 2/2\n}\n",
		"broken.card":      "card \"Broken\" {\n  type Creature\n  whenever {\n",
		"bears_test.card":  "test \"a bear\" {\n    given {\n        you control \"Grizzly Bears\", \"Nonesuch\"\n    }\n}\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "dangling.card")))

	w, err := workspace.Load([]string{dir})
	require.NoError(t, err)
	want, err := w.Lint()
	require.NoError(t, err)
	got, err := workspace.LintPaths([]string{dir})
	require.NoError(t, err)
	require.Greater(t, len(want), 100, "the cases report little: %v", want)
	codes := map[string]bool{}
	for _, d := range got {
		codes[d.Code] = true
	}
	for _, c := range []string{"C005", "P001", "T001", workspace.CodeBadPath} {
		require.True(t, codes[c], "no %s among %v", c, got)
	}
	require.Equal(t, want.Error(), got.Error())
	require.Equal(t, want, got)

	_, err = workspace.LintPaths([]string{filepath.Join(dir, "no such dir")})
	require.ErrorIs(t, err, os.ErrNotExist)
}
