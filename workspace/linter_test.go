package workspace_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/workspace"
)

// A Linter checks again only the files that changed, and says what a
// whole lint says (an editor's keystroke linted the whole folder).
func TestLinterChecksOnlyWhatChanged(t *testing.T) {
	const bears = "card \"Bears %s\" {\n    cost {1}{G}\n    type Creature — Bear\n    pt 2/2\n    oracle \"\"\n}\n"
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	for _, n := range []string{"a", "b", "c", "d"} {
		w.Add(n+".card", []byte(strings.ReplaceAll(bears, "%s", n)))
	}
	l := workspace.NewLinter()
	diags, err := l.Lint(w)
	require.NoError(t, err)
	require.Empty(t, diags)
	require.Equal(t, 4, l.Checked)

	// b.card now defines the card a.card does, with an error of its own.
	w2 := &workspace.Workspace{Sources: map[string][]byte{}}
	w2.Files = append(w2.Files, w.Files[0])
	w2.Add("b.card", []byte(strings.ReplaceAll(strings.ReplaceAll(bears, "%s", "a"), "type Creature — Bear", "type Artifact")))
	w2.Files = append(w2.Files, w.Files[2:]...)
	diags, err = l.Lint(w2)
	require.NoError(t, err)
	require.Equal(t, 1, l.Checked)
	want, err := w2.Lint()
	require.NoError(t, err)
	require.Equal(t, want.Error(), diags.Error())
	require.Contains(t, diags.Error(), "C005")

	// Unchanged, nothing is checked again.
	_, err = l.Lint(w2)
	require.NoError(t, err)
	require.Equal(t, 0, l.Checked)
}
