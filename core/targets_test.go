package core_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// targetsCards are the test fixtures of several targets and divided
// damage (not cards of Magic).
const targetsCards = `
card "Bear" { cost {1}{G}; type Creature — Bear; pt 2/2; oracle "" }
card "Chance Bolt" {
    cost {0}
    type Sorcery
    oracle "Choose target creature and up to two target creatures. Destroy one of them at random."
    spell {
        choose target creature and up to two target creatures as them
        destroy one of them at random
    }
}
card "Storm Count" {
    cost {0}
    type Sorcery
    oracle "Tap any number of target creatures."
    spell {
        tap any number of target creatures
    }
}
card "Divided Storm" {
    cost {X}
    type Sorcery
    oracle "Divided Storm deals X damage divided as you choose among any number of targets."
    spell {
        deal X damage divided as you choose among any number of targets
    }
}
card "Endless Rats" {
    cost {1}{B}{B}
    type Creature — Rat
    pt 2/2
    oracle "A deck can have any number of cards named Endless Rats."
    static a deck can have any number of cards named this
}
card "Forest" { type Basic Land — Forest; oracle "({T}: Add {G}.)" }
`

// TestDeckLimit: a deck can have four cards of a name (CR 100.2a), any
// number of a basic land or of a card that says so (Relentless Rats).
func TestDeckLimit(t *testing.T) {
	lib := library(t, targetsCards)
	for _, c := range []struct {
		name      string
		limit     int
		unlimited bool
	}{{"Bear", core.DefaultDeckLimit, false}, {"Endless Rats", 0, true}, {"Forest", 0, true}} {
		limit, unlimited, ok := lib.DeckLimit(c.name)
		require.True(t, ok, c.name)
		assert.Equal(t, c.limit, limit, c.name)
		assert.Equal(t, c.unlimited, unlimited, c.name)
	}
	_, _, ok := lib.DeckLimit("No Such Card")
	assert.False(t, ok)
}

// TestRandomChoiceIsChance: "destroy one of them at random" destroys one
// of the targets, each about as often over many seeds (a core that always
// took the first, or never one of them, fails), and the same seed the
// same one.
func TestRandomChoiceIsChance(t *testing.T) {
	lib := library(t, targetsCards)
	play := func(seed uint64) int {
		g := core.New(lib, nil)
		s := g.Setup()
		s.Seed(seed)
		var bears []vm.Value
		for range 3 {
			b, err := s.AddCard("Bear", 1, core.ZoneBattlefield)
			require.NoError(t, err)
			bears = append(bears, core.ObjectValue(b.ID()))
		}
		bolt, err := s.AddCard("Chance Bolt", 0, core.ZoneHand)
		require.NoError(t, err)
		require.NoError(t, g.Cast(0, bolt.ID(), 0, bears))
		require.NoError(t, g.ResolveTop())
		destroyed := -1
		for i, b := range bears {
			if g.Object(core.ObjectID(b)).Left() {
				require.Equal(t, -1, destroyed, "seed %d destroyed two", seed)
				destroyed = i
			}
		}
		require.NotEqual(t, -1, destroyed, "seed %d destroyed none", seed)
		return destroyed
	}
	counts := make([]int, 3)
	for seed := uint64(1); seed <= 300; seed++ {
		counts[play(seed)]++
	}
	for i, n := range counts {
		assert.Greater(t, n, 60, "target %d was chosen %d times of 300", i, n)
	}
	assert.Equal(t, play(7), play(7), "the same seed chooses the same target")
}

// creatureBoard is a game with n Bears on the battlefield, the opponent's,
// and a card of targetsCards in the first player's hand.
func creatureBoard(t testing.TB, lib *core.Library, n int, card string) (*core.Game, *core.Object, []vm.Value) {
	g := core.New(lib, nil)
	s := g.Setup()
	var bears []vm.Value
	for range n {
		b, err := s.AddCard("Bear", 1, core.ZoneBattlefield)
		require.NoError(t, err)
		bears = append(bears, core.ObjectValue(b.ID()))
	}
	c, err := s.AddCard(card, 0, core.ZoneHand)
	require.NoError(t, err)
	return g, c, bears
}

// TestAnyNumberOfTargets: all the creatures of a board are chosen, once
// each (CR 115.3), and the action happens to each.
func TestAnyNumberOfTargets(t *testing.T) {
	lib := library(t, targetsCards)
	g, c, bears := creatureBoard(t, lib, 50, "Storm Count")
	require.Error(t, g.Cast(0, c.ID(), 0, append(bears, bears[3])), "a creature chosen twice")
	require.NoError(t, g.Cast(0, c.ID(), 0, bears))
	require.NoError(t, g.ResolveTop())
	for _, b := range bears {
		assert.True(t, g.Object(core.ObjectID(b)).Tapped())
	}
}

// BenchmarkChooseTargets measures a spell's announcing of "any number of
// target creatures", all the creatures of boards of 10 to 10,000, each
// checked legal and chosen once (CR 115.3, 601.2c): the time per creature
// should not grow with the board.
func BenchmarkChooseTargets(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib := library(b, targetsCards)
	for _, n := range []int{10, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("permanents=%d", n), func(b *testing.B) {
			g, c, bears := creatureBoard(b, lib, n, "Storm Count")
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := core.AnnounceTargets(g, c.ID(), bears); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDivideDamage measures a spell that divides N damage among N
// creatures (CR 601.2d): announced, each assigned 1, then resolved, N
// damage events. The time per target should not grow with N.
func BenchmarkDivideDamage(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib := library(b, targetsCards)
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("targets=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				g, c, bears := creatureBoard(b, lib, n, "Divided Storm")
				require.NoError(b, g.Setup().SetPool(0, func() (a mana.Amount) { a[mana.Colorless] = n; return a }()))
				b.StartTimer()
				if err := g.Cast(0, c.ID(), n, bears); err != nil {
					b.Fatal(err)
				}
				if err := g.ResolveTop(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
