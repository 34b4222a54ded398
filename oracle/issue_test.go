package oracle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/oracle"
)

// coverFile covers the cards of a file of testdata/m10, by name.
func coverFile(t *testing.T, name string) map[string]*oracle.Coverage {
	t.Helper()
	path := filepath.Join("testdata", "m10", name)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	out := map[string]*oracle.Coverage{}
	for _, c := range explainFile(t, path, src) {
		out[c.Card.Name] = c
	}
	return out
}

// TestWrongCardsAreFlagged checks the cards of Magic 2010 that word
// similarity passed though they say something their Oracle text does
// not (issue 23): each gets one W020, whose message names the difference
// in a designer's words.
func TestWrongCardsAreFlagged(t *testing.T) {
	covs := coverFile(t, "wrong.card")
	for name, want := range map[string]string{
		"Solemn Offering":         `the paragraph says "you gain 4 life"; the ability says "you lose 4 life"`,
		"Angel's Feather":         `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`,
		"Demon's Horn":            `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`,
		"Dragon's Claw":           `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`,
		"Kraken's Eye":            `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`,
		"Wurm's Tooth":            `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`,
		"Mesa Enchantress":        `the paragraph says "you may" ("you may draw a card"); the ability does it always`,
		"Stone Giant":             `the paragraph's target is "creature you control with toughness less than Stone Giant's power"; the ability's is "creature you control"`,
		"Magma Phoenix":           `the paragraph says "Magma Phoenix deals 3 damage to each creature and each player"; the ability says "Magma Phoenix deals 3 damage to each creature"`,
		"Howling Mine":            `the paragraph triggers only "if Howling Mine is untapped" (an intervening "if", CR 603.4); the ability always triggers`,
		"Vampire Nocturnus":       `the paragraph's effect applies only as long as the top card of your library is black (CR 611.3); the ability's always applies`,
		"Master of the Wild Hunt": `the paragraph's objects is "Wolves"; the ability's is "Elves"`,
	} {
		t.Run(name, func(t *testing.T) {
			c := covs[name]
			require.NotNil(t, c, "no card %q in wrong.card", name)
			diags := c.Diagnostics()
			require.Len(t, diags, 1, "%s", report([]*oracle.Coverage{c}))
			require.Equal(t, oracle.CodeUnsaid, diags[0].Code)
			require.Contains(t, diags[0].Message, want)
		})
	}
	require.Len(t, covs, 12)
}

// TestRightCardsAreClean checks the cards of Magic 2010 that word
// similarity failed though they say what their Oracle text says (issue
// 23): Bountiful Harvest's count, and "Add {B} or {R}" as two mana
// abilities.
func TestRightCardsAreClean(t *testing.T) {
	covs := coverFile(t, "right.card")
	require.Len(t, covs, 2)
	for name, c := range covs {
		require.Empty(t, c.Diagnostics(), "%s: %s", name, report([]*oracle.Coverage{c}))
		for _, m := range c.Matches {
			if !m.Paragraph.Unimplemented {
				require.True(t, m.Same(), "%s: %q", name, m.Paragraph.Text)
			}
		}
	}
}

// TestIssueExamplesGolden is what explain prints and lint reports for the
// cards of testdata/m10.
func TestIssueExamplesGolden(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"wrong.card", "right.card"} {
		path := filepath.Join("testdata", "m10", name)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		b.WriteString(report(explainFile(t, path, src)))
	}
	golden.Check(t, filepath.Join("testdata", "m10", "lint.golden"), []byte(b.String()))
}
