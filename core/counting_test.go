package core_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vm"
)

// crusaderBoard sets up n Crusaders of Odric ("power and toughness are
// each equal to the number of creatures you control", CR 604.3), anthems
// Glorious Anthems ("creatures you control get +1/+1") and one Hill
// Giant, all yours, from the card library: the board of issue 17, item 9.
func crusaderBoard(t testing.TB, n, anthems int) (*core.Game, *core.Object) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g := core.New(lib, nil)
	setup := g.Setup()
	for range n {
		_, err := setup.AddCard("Crusader of Odric", 0, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	for range anthems {
		_, err := setup.AddCard("Glorious Anthem", 0, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	giant, err := setup.AddCard("Hill Giant", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	return g, giant
}

// destroyGiant destroys the board's Hill Giant and checks the
// state-based actions, as the scenario test `destroy "Hill Giant"` does,
// and returns how many functions of cards that ran.
func destroyGiant(t testing.TB, g *core.Game, giant *core.Object) int64 {
	before := core.Runs(g)
	require.NoError(t, g.Destroy(giant.ID()))
	require.NoError(t, g.Settle())
	return core.Runs(g) - before
}

// TestCountingBoardIsNearLinear is issue 17's item 9: destroying the
// Hill Giant of a board of Crusaders of Odric under Glorious Anthems cost
// a number of VM runs cubic in the Crusaders (each toughness the
// state-based actions read computed the whole board again, and each
// Crusader counted the creatures through its filter). Computed once per
// change, with the count shared by the Crusaders, it grows with the board
// and the anthems (each anthem asks each permanent), no faster: doubling
// the Crusaders at most a little more than doubles it. The answer is
// checked too: n Crusaders and 5 anthems make each Crusader n+5/n+5 once
// the Giant is gone, n+6/n+6 before.
func TestCountingBoardIsNearLinear(t *testing.T) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	var runs []int64
	for _, n := range []int{100, 200, 400} {
		g, giant := crusaderBoard(t, n, 5)
		crusader := g.Battlefield()[0]
		require.Equal(t, n+1+5, g.Toughness(crusader))
		runs = append(runs, destroyGiant(t, g, giant))
		require.Equal(t, core.ZoneGraveyard, g.CurrentObject(giant.Card()).Zone())
		for _, id := range g.Battlefield()[:n] {
			require.Equal(t, n+5, g.Power(id))
			require.Equal(t, n+5, g.Toughness(id))
		}
	}
	for i := 1; i < len(runs); i++ {
		require.Less(t, float64(runs[i])/float64(runs[i-1]), 2.2,
			"VM runs of the settle for 100, 200, 400 Crusaders: %v", runs)
	}
}

// TestCountingBoardKeepsItsCharacteristics plays the board with the
// check after every action on (that the characteristics kept are those
// computed from scratch): the Giant and a Crusader leaving, an
// opponent's creature entering. Each Crusader counts the creatures its
// controller controls.
func TestCountingBoardKeepsItsCharacteristics(t *testing.T) {
	g, giant := crusaderBoard(t, 20, 2)
	crusader := g.Battlefield()[0]
	require.Equal(t, 23, g.Power(crusader))
	destroyGiant(t, g, giant)
	require.Equal(t, 22, g.Power(crusader))
	require.NoError(t, g.Destroy(g.Battlefield()[1]))
	require.NoError(t, g.Settle())
	require.Equal(t, 21, g.Power(crusader))
	bears, err := g.Setup().AddCard("Grizzly Bears", 1, core.ZoneHand)
	require.NoError(t, err)
	moved, err := g.MoveCard(bears.ID(), core.ZoneBattlefield)
	require.NoError(t, err)
	require.NoError(t, g.Settle())
	require.Equal(t, 21, g.Power(crusader), "the opponent's creature is not counted")
	require.Equal(t, 2, g.Power(moved.ID()), "the Glorious Anthems are yours: the opponent's Grizzly Bears stays 2/2")
	require.NoError(t, core.VerifyIndex(g))
}

// BenchmarkSettleCountingBoard measures issue 17's board: destroying the
// Hill Giant among n Crusaders of Odric and n/10 Glorious Anthems, and
// the state-based actions after (each Crusader's toughness read). It was
// cubic in the Crusaders; it grows now with the Crusaders times the
// anthems, which each ask every permanent.
func BenchmarkSettleCountingBoard(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("crusaders=%d", n), func(b *testing.B) {
			g, giant := crusaderBoard(b, n, n/10)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				destroyGiant(b, g, giant)
				b.StopTimer()
				var err error
				giant, err = g.Setup().AddCard("Hill Giant", 0, core.ZoneBattlefield)
				require.NoError(b, err)
				core.ForgetForBenchmark(g)
				b.StartTimer()
			}
		})
	}
}

// TestLifeReadingCharacteristicsFollowDamage checks the characteristics
// of a card whose effect reads a life total, which damage and life
// events change without a change of the board: kept otherwise, they are
// computed again after each event while such a card is on the
// battlefield (CardDef.volatile), and the check after every action
// compares them with a computation from scratch.
func TestLifeReadingCharacteristicsFollowDamage(t *testing.T) {
	lib := library(t, board+`
card "Life Avatar" {
    cost {4}{W}{W}
    type Creature — Avatar
    pt */*
    oracle "Life Avatar's power and toughness are each equal to your life total."
    static power and toughness of this are each equal to you.life
}`)
	g := core.New(lib, nil)
	avatar, err := g.Setup().AddCard("Life Avatar", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	giant, err := g.Setup().AddCard("Hill Giant", 1, core.ZoneBattlefield)
	require.NoError(t, err)
	require.Equal(t, 20, g.Toughness(avatar.ID()))
	require.NoError(t, g.DealDamage(giant.ID(), core.PlayerValue(0), 3, false))
	require.Equal(t, 17, g.Power(avatar.ID()))
	require.Equal(t, 17, g.Toughness(avatar.ID()))
	require.NoError(t, g.DealDamage(avatar.ID(), core.PlayerValue(1), 5, false))
	require.Equal(t, 17, g.Toughness(avatar.ID()), "the opponent's life is not yours")
	require.NoError(t, g.DealDamage(giant.ID(), core.PlayerValue(0), 10, false))
	require.Equal(t, 7, g.Toughness(avatar.ID()))
	require.NoError(t, core.VerifyIndex(g))
}

// TestTappingComputesCharacteristicsAgain checks that a permanent tapped
// as a cost or by an effect, or untapped by one, has its characteristics
// computed again when an effect reads whether it is tapped: tapping is
// no event, and the check after every action compares them with a
// computation from scratch.
func TestTappingComputesCharacteristicsAgain(t *testing.T) {
	lib := library(t, board+`
card "Tapped Lord" {
    cost {2}
    type Enchantment
    oracle "Tapped creatures get +1/+1."
    static tapped creatures get +1/+1
}
card "Tapper" {
    cost {W}
    type Creature — Human
    pt 1/1
    oracle "{T}: Tap target creature."
    {T}: tap target creature
}
card "Untapper" {
    cost {U}
    type Creature — Human
    pt 1/1
    oracle "{1}: Untap target creature."
    {1}: untap target creature
}
card "Forest" {
    type Basic Land — Forest
    oracle "({T}: Add {G}.)"
}`)
	g := core.New(lib, nil)
	add := func(name string) *core.Object {
		o, err := g.Setup().AddCard(name, 0, core.ZoneBattlefield)
		require.NoError(t, err)
		return o
	}
	add("Tapped Lord")
	tapper, untapper, bears := add("Tapper"), add("Untapper"), add("Grizzly Bears")
	for range 3 {
		add("Forest")
	}
	require.Equal(t, 1, g.Power(tapper.ID()))
	activate := func(o, target *core.Object) {
		t.Helper()
		abs := g.ActivatedAbilities(o.ID())
		require.Len(t, abs, 1)
		require.NoError(t, g.Activate(core.Activation{Player: 0, Source: o.ID(), Ability: abs[0], Targets: []vm.Value{core.ObjectValue(target.ID())}}))
	}
	activate(tapper, bears)
	require.Equal(t, 2, g.Power(tapper.ID()), "tapped as the cost")
	require.NoError(t, g.ResolveAll())
	require.Equal(t, 3, g.Power(bears.ID()), "tapped by the ability")
	activate(untapper, bears)
	require.NoError(t, g.ResolveAll())
	require.Equal(t, 2, g.Power(bears.ID()), "untapped by the ability")
	require.NoError(t, core.VerifyIndex(g))
}

// TestCharacteristicsAreNotChargedToTheAbilityThatReadsThem checks that
// computing the characteristics of a large board, which an ability's code
// may ask for (a power read after its counter made them stale), does not
// count against that ability's VM budget (vm.Machine.MaxSteps): the
// characteristics are the same whoever asks. Here 1,000 Crusaders of
// Odric and 100 Glorious Anthems (over 100,000 effect applications) are
// computed again in the middle of an activated ability's resolution.
func TestCharacteristicsAreNotChargedToTheAbilityThatReadsThem(t *testing.T) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib := library(t, `
card "Crusader of Odric" {
    cost {2}{W}
    type Creature — Human Soldier
    pt */*
    oracle "..."
    static power and toughness of this are each equal to the number of creatures you control
}
card "Glorious Anthem" { cost {1}{W}{W}; type Enchantment; oracle "..."; static creatures you control get +1/+1 }
card "Growing Sage" {
    cost {G}
    type Creature — Human
    pt 1/1
    oracle "{T}: Put a +1/+1 counter on Growing Sage, then you gain life equal to its power."
    {T}: {
        put a +1/+1 counter on this
        gain this.power life
    }
}`)
	g := core.New(lib, nil)
	setup := g.Setup()
	for range 1000 {
		_, err := setup.AddCard("Crusader of Odric", 0, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	for range 100 {
		_, err := setup.AddCard("Glorious Anthem", 0, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	sage, err := setup.AddCard("Growing Sage", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	require.Equal(t, 1101, g.Power(g.Battlefield()[0]))
	abs := g.ActivatedAbilities(sage.ID())
	require.Len(t, abs, 1)
	require.NoError(t, g.Activate(core.Activation{Player: 0, Source: sage.ID(), Ability: abs[0]}))
	require.NoError(t, g.ResolveAll())
	// 1/1, a +1/+1 counter, and +100/+100 from the Anthems.
	require.Equal(t, 102, g.Power(sage.ID()))
	require.Equal(t, 20+102, g.Player(0).Life)
}

// TestEventInvolved checks the objects an event involves, read from its
// fields (what a log's reader needs, at the same cost on any board): each
// once, in ascending order, a player target left out; and that they are
// those Involves reports.
func TestEventInvolved(t *testing.T) {
	for _, c := range []struct {
		ev   core.Event
		want []core.ObjectID
	}{
		{core.Event{Kind: core.EvDamage, Source: 7, Target: core.ObjectValue(3)}, []core.ObjectID{3, 7}},
		{core.Event{Kind: core.EvDamage, Source: 7, Target: core.PlayerValue(1)}, []core.ObjectID{7}},
		{core.Event{Kind: core.EvBlock, Object: 9, Other: 4}, []core.ObjectID{4, 9}},
		{core.Event{Kind: core.EvDamage, Source: 5, Target: core.ObjectValue(5)}, []core.ObjectID{5}},
		{core.Event{Kind: core.EvLifeGained, Player: 0}, nil},
	} {
		got := c.ev.Involved(nil)
		require.Equal(t, c.want, got, "%+v", c.ev)
		for id := core.ObjectID(1); id < 12; id++ {
			require.Equal(t, c.ev.Involves(id), slices.Contains(got, id), "object %d of %+v", id, c.ev)
		}
	}
	buf := []core.ObjectID{42}
	require.Equal(t, []core.ObjectID{42, 1, 2}, (&core.Event{Object: 2, Source: 1}).Involved(buf), "it appends")
}
