package core_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
)

// TestQuantitiesSaturate checks that every quantity stops at
// core.MaxQuantity, whatever number an action is given: putting
// math.MaxInt64 +1/+1 counters on Grizzly Bears once overflowed and killed
// it (issue 8).
func TestQuantitiesSaturate(t *testing.T) {
	const huge = math.MaxInt64
	for _, tc := range []struct {
		name string
		act  func(t *testing.T, g *core.Game, bears, giant *core.Object)
		// check reads the quantity and what it must be.
		check func(g *core.Game, bears *core.Object) (got, want int)
	}{
		{"counters put once", func(t *testing.T, g *core.Game, bears, _ *core.Object) {
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, huge))
		}, func(g *core.Game, bears *core.Object) (int, int) {
			return bears.Counters(core.CounterPlus1Plus1), core.MaxQuantity
		}},
		{"counters put twice", func(t *testing.T, g *core.Game, bears, _ *core.Object) {
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, huge))
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, huge))
		}, func(g *core.Game, bears *core.Object) (int, int) {
			return g.Toughness(bears.ID()), core.MaxQuantity
		}},
		{"toughness with counters", func(t *testing.T, g *core.Game, bears, _ *core.Object) {
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, huge))
		}, func(g *core.Game, bears *core.Object) (int, int) {
			return g.Power(bears.ID()), core.MaxQuantity
		}},
		{"counters removed", func(t *testing.T, g *core.Game, bears, _ *core.Object) {
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, 3))
			require.NoError(t, g.RemoveCounters(bears.ID(), core.CounterPlus1Plus1, huge))
		}, func(g *core.Game, bears *core.Object) (int, int) {
			return bears.Counters(core.CounterPlus1Plus1), 0
		}},
		{"set counters", func(t *testing.T, g *core.Game, bears, _ *core.Object) {
			require.NoError(t, g.Setup().SetCounters(bears.ID(), core.CounterPlus1Plus1, huge))
			require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, huge))
		}, func(g *core.Game, bears *core.Object) (int, int) {
			return bears.Counters(core.CounterPlus1Plus1), core.MaxQuantity
		}},
		{"damage to a player", func(t *testing.T, g *core.Game, _, giant *core.Object) {
			require.NoError(t, g.Setup().SetLife(1, huge))
			require.NoError(t, g.DealDamage(giant.ID(), core.PlayerValue(1), huge, false))
		}, func(g *core.Game, _ *core.Object) (int, int) {
			return g.Player(1).Life, 0
		}},
		{"life set below the bound", func(t *testing.T, g *core.Game, _, _ *core.Object) {
			require.NoError(t, g.Setup().SetLife(1, math.MinInt64))
		}, func(g *core.Game, _ *core.Object) (int, int) {
			return g.Player(1).Life, -core.MaxQuantity
		}},
		{"mana in a pool", func(t *testing.T, g *core.Game, _, _ *core.Object) {
			require.NoError(t, g.Setup().SetPool(0, mana.Amount{mana.Green: huge}))
		}, func(g *core.Game, _ *core.Object) (int, int) {
			return g.Pool(0)[mana.Green], core.MaxQuantity
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, bears, giant := bearsBoard(t)
			tc.act(t, g, bears, giant)
			got, want := tc.check(g, bears)
			require.Equal(t, want, got)
		})
	}
}

// TestHugeCountersDoNotKill is the reproduction of issue 8: math.MaxInt64
// +1/+1 counters on Grizzly Bears make it a 2^40/2^40 creature, which
// survives state-based actions.
func TestHugeCountersDoNotKill(t *testing.T) {
	g, bears, _ := bearsBoard(t)
	require.NoError(t, g.PutCounters(bears.ID(), core.CounterPlus1Plus1, math.MaxInt64))
	require.NoError(t, g.Settle())
	require.Contains(t, g.Battlefield(), bears.ID())
	require.Equal(t, core.MaxQuantity, g.Toughness(bears.ID()))
}

// bearsBoard is a game with Grizzly Bears on the battlefield and Hill
// Giant in the opponent's hand, a source of damage.
func bearsBoard(t *testing.T) (*core.Game, *core.Object, *core.Object) {
	t.Helper()
	g := core.New(library(t, board), nil)
	bears, err := g.Setup().AddCard("Grizzly Bears", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	giant, err := g.Setup().AddCard("Hill Giant", 1, core.ZoneHand)
	require.NoError(t, err)
	return g, bears, giant
}

// TestHugeCountersScenario is the reproduction of issue 8 as a scenario
// test: the counters stop at 2^40, and the Bears survive. (The issue's
// 9223372036854775807 no longer parses: see testdata/parse/numbers.)
func TestHugeCountersScenario(t *testing.T) {
	runScenarios(t, `
test "A quantity stops at 2^40 rather than overflow: Grizzly Bears with too many +1/+1 counters survives" {
    given {
        you control "Grizzly Bears"
    }
    when {
        put 1099511627776 +1/+1 counters on "Grizzly Bears"
        put 1099511627776 +1/+1 counters on "Grizzly Bears"
    }
    then {
        // A literal beyond 2^40 is the parse error P014; two of the
        // largest still add up to no more than 2^40. (The P/T, 2^40 on
        // each side, is checked by TestHugeCountersDoNotKill: a P/T
        // literal stops at 2^31 - 1.)
        "Grizzly Bears" is on the battlefield
        "Grizzly Bears" has 1099511627776 +1/+1 counters
    }
}
`)
}
