package core_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
)

// inquiry is a spell of each player: they draw, then discard at random,
// as Burning Inquiry does.
const inquiry = `
card "Small Inquiry" {
    cost {R}
    type Sorcery
    oracle "Each player draws a card, then discards two cards at random."
    spell {
        each player draws a card
        each player discards two cards at random
    }
}
card "Bear" {
    cost {G}
    type Creature — Bear
    pt 2/2
    oracle ""
}
`

// playInquiry casts Small Inquiry in a game whose players each hold three
// Bears and have three in their library, seeded with seed if it is not 0,
// and resolves it.
func playInquiry(t *testing.T, seed uint64) *core.Game {
	t.Helper()
	g := core.New(library(t, inquiry), nil)
	s := g.Setup()
	if seed != 0 {
		s.Seed(seed)
	}
	for p := range core.PlayerID(2) {
		for range 3 {
			_, err := s.AddCard("Bear", p, core.ZoneHand)
			require.NoError(t, err)
			_, err = s.AddCard("Bear", p, core.ZoneLibrary)
			require.NoError(t, err)
		}
	}
	spell, err := s.AddCard("Small Inquiry", 0, core.ZoneHand)
	require.NoError(t, err)
	require.NoError(t, s.SetPool(0, mana.Amount{mana.Red: 1}))
	require.NoError(t, g.Cast(0, spell.ID(), 0, nil))
	require.NoError(t, g.ResolveTop())
	return g
}

// TestEachPlayerChoosesThenActsTogether holds a loop over players to
// CR 101.4: the active player makes their choice, then the other player,
// and only then do the actions happen, at the same time — every random
// choice of the discard is made before the first card is discarded. The
// draws are not a choice: each player draws in turn, the active player
// first (CR 121.2c).
func TestEachPlayerChoosesThenActsTogether(t *testing.T) {
	g := playInquiry(t, 0)
	var random []core.Decision
	for _, d := range g.Decisions() {
		if d.Kind == core.DecisionRandom {
			random = append(random, d)
		}
	}
	require.Len(t, random, 2)
	require.Equal(t, core.PlayerID(0), random[0].Player, "the active player chooses first")
	require.Equal(t, core.PlayerID(1), random[1].Player)

	var draws, discards []int
	var drawers []core.PlayerID
	for i, ev := range g.Log() {
		switch ev.Kind {
		case core.EvDraw:
			draws = append(draws, i)
			drawers = append(drawers, ev.Player)
		case core.EvDiscard:
			discards = append(discards, i)
		}
	}
	require.Equal(t, []core.PlayerID{0, 1}, drawers, "the active player draws first (CR 121.2c)")
	require.Len(t, discards, 4)
	// Decision.At counts the events before the decision: both choices come
	// after the draws and before any card is discarded.
	for _, d := range random {
		require.Greater(t, d.At, draws[1], "%s", g.DescribeDecision(&d))
		require.LessOrEqual(t, d.At, discards[0], "%s: a card was discarded before every player chose", g.DescribeDecision(&d))
	}
	for p := range core.PlayerID(2) {
		require.Len(t, g.Player(p).Hand, 2)
	}
	require.Len(t, g.Player(0).Graveyard, 3, "two Bears and the spell")
	require.Len(t, g.Player(1).Graveyard, 2)
}

// TestRandomChoicesComeFromTheSeed holds the default random choice to the
// game's seed: the first random choice of a game states it in the log,
// once, and the same seed chooses the same cards.
func TestRandomChoicesComeFromTheSeed(t *testing.T) {
	describe := func(g *core.Game) []string {
		var out []string
		for _, d := range g.Decisions() {
			if d.Kind == core.DecisionRandom {
				out = append(out, g.DescribeDecision(&d))
			}
		}
		return out
	}
	first := describe(playInquiry(t, 0))
	require.Len(t, first, 2)
	require.Contains(t, first[0], "the rules core's random choices come from seed 1")
	require.NotContains(t, first[1], "seed", "the seed is stated once")

	seven := describe(playInquiry(t, 7))
	require.Contains(t, seven[0], "seed 7")
	require.Empty(t, cmp.Diff(seven, describe(playInquiry(t, 7))), "the same seed chooses the same cards")

	// Some seed chooses other cards than seed 1 does: chance depends on it.
	differs := false
	for seed := uint64(2); seed < 20 && !differs; seed++ {
		other := describe(playInquiry(t, seed))
		differs = strings.SplitN(other[0], " (", 2)[0] != strings.SplitN(first[0], " (", 2)[0]
	}
	require.True(t, differs, "every seed chose the cards seed 1 chose")
}
