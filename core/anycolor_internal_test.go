package core

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/mana"
)

// TestPayFromPoolAsThoughAnyColor pays costs from pools as a player who
// may spend mana as though it were mana of any color does (CR 609.4b):
// any mana pays a symbol that asks for a color; {C} still asks for
// colorless mana; the mana's own colors pay first.
func TestPayFromPoolAsThoughAnyColor(t *testing.T) {
	amount := func(s string) mana.Amount {
		a, err := mana.Produced(s)
		require.NoError(t, err)
		return a
	}
	cases := []struct {
		name, cost, pool string
		spend            string // "" when it can't be paid
		withoutRule      bool   // whether the pool pays without the rule
	}{
		{"green pays white", "{W}{W}", "{G}{G}", "{G}{G}", false},
		{"colorless pays a colored symbol", "{W}", "{C}", "{C}", false},
		{"the own color first", "{W}{1}", "{W}{G}", "{W}{G}", true},
		{"hybrid", "{W/U}", "{R}", "{R}", false},
		{"two-hybrid takes one mana", "{2/W}", "{G}", "{G}", false},
		{"colorless-hybrid", "{C/W}", "{B}", "{B}", false},
		{"{C} still asks for colorless mana", "{C}", "{G}", "", false},
		{"{C} and {W} from {C}{G}", "{C}{W}", "{C}{G}", "{C}{G}", false},
		{"not more mana than there is", "{W}{W}", "{G}", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			syms, bad := mana.Parse(c.cost)
			require.Empty(t, bad)
			pool := amount(c.pool)
			_, _, ok := payFromPool(pool, syms, nil, 0, 0)
			require.Equal(t, c.withoutRule, ok, "without the rule")
			spend, life, ok := payFromPool(pool, syms, asAnyColor(syms), 0, 0)
			require.Equal(t, c.spend != "", ok)
			require.Zero(t, life)
			if c.spend != "" {
				require.Equal(t, amount(c.spend), spend)
			}
		})
	}
}

// TestAsAnyColorKeepsTheCostsText checks that the rewritten symbols keep
// what the card prints, for messages, and leave {C}, {X} and Phyrexian
// symbols as they are.
func TestAsAnyColorKeepsTheCostsText(t *testing.T) {
	syms, bad := mana.Parse("{X}{C}{W}{W/P}{2/G}")
	require.Empty(t, bad)
	got := asAnyColor(syms)
	require.Equal(t, "{X}{C}{W}{W/P}{2/G}", costString(got, 0))
	kinds := []mana.Kind{mana.Variable, mana.ColorlessOnly, mana.Generic, mana.Phyrexian, mana.Generic}
	for i, s := range got {
		require.Equal(t, kinds[i], s.Kind, s.Text)
	}
}
