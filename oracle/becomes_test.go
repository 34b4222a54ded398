package oracle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/oracle"
)

// animateCards are the cards of the rules core's phrase tests that become
// creatures (become_creature): Oracle text words them both ways, the
// duration first ("Until end of turn, target land becomes a 3/3 creature
// that's still a land.") or last, "It's still a land." a sentence of its
// own.
var animateCards = []string{"Animate Land", "Hollow Vault", "Treetop Hamlet", "Unmake the Land", "Clockwork Idol", "Grove Keeper", "Colonnade Ridge", "Mutable Vault"}

// TestBecomesACreatureReads checks that every Oracle paragraph of those
// cards reads and means what the card's abilities say, and that a card
// changed in each optional part, in "still a land" or in its duration is
// flagged with the difference: a reading that took any "becomes a ...
// creature" for another would pass both.
func TestBecomesACreatureReads(t *testing.T) {
	path := filepath.Join("..", "core", "testdata", "phrases_test.card")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	byName := map[string]*oracle.Coverage{}
	for _, c := range explainFile(t, path, src) {
		byName[c.Card.Name] = c
	}
	for _, name := range animateCards {
		c := byName[name]
		require.NotNil(t, c, name)
		require.Empty(t, c.Diagnostics(), "%s", report([]*oracle.Coverage{c}))
		for _, m := range c.Matches {
			require.True(t, m.Same(), "%s: %q", name, m.Paragraph.Text)
		}
	}

	for _, tc := range []struct {
		name     string
		card     string
		from, to string // a change of the card's Oracle text
		want     string
	}{
		{"still a land said only by the ability", "Animate Land",
			"creature that's still a land.", "creature.",
			`the paragraph's still a land is "false"; the ability's is "true"`},
		{"the duration", "Grove Keeper",
			"for as long as you control Grove Keeper.", "until end of turn.",
			`the paragraph's duration is "0"; the ability's is "2"`},
		{"a color the ability leaves out", "Hollow Vault",
			"becomes a 2/2 creature", "becomes a 2/2 green creature",
			`the paragraph's color is "green"; the ability's is "none"`},
		{"a creature type", "Unmake the Land",
			"2/2 Elemental creature", "2/2 Elemental Warrior creature",
			`the paragraph's second subtype is "Warrior"; the ability's is "none"`},
		{"a keyword", "Treetop Hamlet",
			"with trample and vigilance", "with trample and reach",
			`the paragraph's second keyword is "reach"; the ability's is "vigilance"`},
		{"a second color", "Colonnade Ridge",
			"white and blue Elemental", "white Elemental",
			`the paragraph's second color is "none"; the ability's is "blue"`},
		{"an artifact creature", "Clockwork Idol",
			"Construct artifact creature", "Construct creature",
			`the paragraph's type is "none"; the ability's is "artifact"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.Index(string(src), `card "`+tc.card+`"`)
			require.GreaterOrEqual(t, i, 0)
			end := i + strings.Index(string(src[i:]), "\n}\n") + 3
			card := string(src[i:end])
			require.Contains(t, card, tc.from)
			changed := strings.Replace(card, tc.from, tc.to, 1)
			covs := explainFile(t, "changed.card", []byte(changed))
			require.Len(t, covs, 1)
			diags := covs[0].Diagnostics()
			require.Len(t, diags, 1, "%s", report(covs))
			require.Equal(t, oracle.CodeUnsaid, diags[0].Code)
			require.Contains(t, diags[0].Message, tc.want)
		})
	}
}
