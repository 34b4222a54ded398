package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/workspace"
)

// fanOut is a card whose triggered ability triggers itself a thousand
// times over, lines times: each resolution puts lines×1000 more abilities
// on the stack (issue 8: 21 s and 4.4 GB for one line; three lines ran
// out of memory).
func fanOut(lines int) string {
	var b strings.Builder
	b.WriteString(`
card "Hydra Fountain" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "..."
`)
	for range lines {
		b.WriteString(`
    whenever a +1/+1 counter is put on this {
        put 1000 +1/+1 counters on this
    }
`)
	}
	b.WriteString("}\n")
	return b.String()
}

// runFanOut puts a +1/+1 counter on the fountain and resolves the stack:
// the rules core stops the game when the stack and the triggers waiting
// would hold more than MaxStackObjects.
func runFanOut(t testing.TB, lib *core.Library) *core.Game {
	g := core.New(lib, nil)
	o, err := g.Setup().AddCard("Hydra Fountain", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	require.NoError(t, g.PutCounters(o.ID(), core.CounterPlus1Plus1, 1))
	require.NoError(t, g.Settle())
	err = g.ResolveAll()
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure)
	require.ErrorContains(t, err, "the rules core stopped the game: Hydra Fountain: its triggered ability would make")
	out := g.Outcome()
	require.True(t, out.Over)
	require.False(t, out.Draw())
	require.Equal(t, core.EndStopped, out.Reason)
	require.LessOrEqual(t, len(g.Stack()), core.MaxStackObjects)
	return g
}

// TestFanOutTriggersStop is the reproduction of issue 8, with one and
// with three lines: the game stops, with an error that says why, after a
// few resolutions; the log ends with the end of the game.
func TestFanOutTriggersStop(t *testing.T) {
	for _, lines := range []int{1, 3} {
		g := runFanOut(t, library(t, fanOut(lines)))
		last := g.LogEvent(g.LogLen() - 1)
		require.Equal(t, core.EvGameOver, last.Kind)
		require.Contains(t, g.Describe(&last), "game_over the rules core stopped the game: Hydra Fountain")
		require.Less(t, g.LogLen(), 100, "it stops after a few resolutions")
	}
}

// TestEventsPerActionAreBounded checks that one action that would perform
// more than MaxEventsPerAction events stops the game: here 21 events each
// resolution, which reach the bound before MaxResolutions.
func TestEventsPerActionAreBounded(t *testing.T) {
	lib := library(t, `
card "Echo Chamber" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "..."

    whenever a +1/+1 counter is put on this {
        put a +1/+1 counter on this
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
        gain 1 life
    }
}
`)
	g := core.New(lib, nil)
	o, err := g.Setup().AddCard("Echo Chamber", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	require.NoError(t, g.PutCounters(o.ID(), core.CounterPlus1Plus1, 1))
	require.NoError(t, g.Settle())
	err = g.ResolveAll()
	require.ErrorContains(t, err, "more than 100000 events happened in one action")
	require.Equal(t, core.EndStopped, g.Outcome().Reason)
}

// BenchmarkFanOutTriggers measures a game that fans out (three lines of
// Hydra Fountain) until the rules core stops it: its allocations and
// bytes are bounded by MaxStackObjects, not by the 10,000 resolutions of
// the loop bound (which took 4.4 GB with one line).
func BenchmarkFanOutTriggers(b *testing.B) {
	for _, lines := range []int{1, 3} {
		lib := library(b, fanOut(lines))
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				runFanOut(b, lib)
			}
		})
	}
}

// TestFanOutScenario runs the reproduction of issue 8 as a scenario test,
// with one and with three lines: the test fails, fast, where the stack
// would overflow, with the limit in its message.
func TestFanOutScenario(t *testing.T) {
	for _, lines := range []int{1, 3} {
		src := fanOut(lines) + `
test "A triggered ability that triggers itself a thousand times over stops the game" {
    given {
        you control "Hydra Fountain"
    }
    when {
        put 1 +1/+1 counter on "Hydra Fountain"
        resolve all
    }
    then {
        stack is empty
    }
}
`
		w := &workspace.Workspace{Sources: map[string][]byte{}}
		w.Add("fountain_test.card", []byte(src))
		results, diags, err := w.Test(nil, coredriver.Engine{})
		require.NoError(t, err)
		require.False(t, diags.HasErrors(), "%v", diags)
		require.Len(t, results, 1)
		require.Len(t, results[0].Failures, 1)
		f := results[0].Failures[0]
		resolveLine := strings.Count(src[:strings.Index(src, "resolve all")], "\n") + 1
		require.Equal(t, resolveLine, f.Pos.Line, "the failure is at resolve all")
		require.Contains(t, f.Message, "the rules core stopped the game: Hydra Fountain: its triggered ability would make")
		require.Contains(t, f.Message, fmt.Sprintf("more than %d", core.MaxStackObjects))
		require.Contains(t, results[0].Log[len(results[0].Log)-1], "game_over the rules core stopped the game")
	}
}

// echoChamber is a card whose triggered ability triggers itself once:
// a loop of mandatory actions.
const echoChamber = `
card "Echo Chamber" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "Whenever a +1/+1 counter is put on Echo Chamber, put a +1/+1 counter on it."

    whenever a +1/+1 counter is put on this {
        put a +1/+1 counter on this
    }
}
`

// TestLoopIsADrawScenario checks CR 104.4b in a scenario test: the loop
// ends the game in a draw, which the test asserts; the state it ended in
// can still be asserted.
func TestLoopIsADrawScenario(t *testing.T) {
	runScenarios(t, echoChamber+`
test "A loop of mandatory actions makes the game a draw (CR 104.4b)" {
    given {
        you control "Echo Chamber"
    }
    when {
        put 1 +1/+1 counter on "Echo Chamber"
        resolve all
    }
    then {
        the game is a draw
        "Echo Chamber" is on the battlefield
        "Echo Chamber" has 10001 +1/+1 counters
    }
}
`)
}

// BenchmarkLoopDraw measures a loop of mandatory actions up to the draw:
// 10,000 resolutions, and as many events in the log.
func BenchmarkLoopDraw(b *testing.B) {
	lib := library(b, echoChamber)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := core.New(lib, nil)
		o, err := g.Setup().AddCard("Echo Chamber", 0, core.ZoneBattlefield)
		require.NoError(b, err)
		require.NoError(b, g.PutCounters(o.ID(), core.CounterPlus1Plus1, 1))
		require.NoError(b, g.Settle())
		require.NoError(b, g.ResolveAll())
		require.True(b, g.Outcome().Draw())
	}
}

// saprolings is a card whose spell creates n Saproling tokens at once.
func saprolings(n int) string {
	return fmt.Sprintf(`
card "Saproling Flood" {
    cost {G}
    type Sorcery
    oracle "Create %[1]d 1/1 green Saproling creature tokens."
    spell {
        create %[1]d 1/1 green Saproling creature tokens
    }
}
`, n)
}

// castFlood casts Saproling Flood, paid from the pool, and resolves it.
func castFlood(t *testing.T, n int) (*core.Game, error) {
	g := core.New(library(t, board+saprolings(n)), nil)
	flood, err := g.Setup().AddCard("Saproling Flood", 0, core.ZoneHand)
	require.NoError(t, err)
	green, err := mana.Produced("{G}")
	require.NoError(t, err)
	require.NoError(t, g.Setup().SetPool(0, green))
	require.NoError(t, g.Cast(0, flood.ID(), 0, nil))
	return g, g.ResolveAll()
}

// logCount counts the events of a kind in a game's log.
func logCount(g *core.Game, kind core.EventKind) int {
	n := 0
	for _, e := range g.Log() {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// TestTokensCreatedAtOnceAreAllCreated is issue 17's item 8: `create 2000
// 1/1 green Saproling creature tokens` made 1,000 tokens while the log
// said tokens_created 2000. Each of the 2,000 enters the battlefield.
func TestTokensCreatedAtOnceAreAllCreated(t *testing.T) {
	g, err := castFlood(t, 2000)
	require.NoError(t, err)
	require.Equal(t, 2000, len(g.Battlefield()))
	for _, id := range g.Battlefield() {
		require.Equal(t, "Saproling Token", g.Object(id).Name())
	}
	require.Equal(t, 1, logCount(g, core.EvTokensCreated))
	require.Equal(t, 2000+1, logCount(g, core.EvZoneChange), "each token enters, and the sorcery goes to the graveyard")
	var created core.Event
	for _, e := range g.Log() {
		if e.Kind == core.EvTokensCreated {
			created = e
		}
	}
	require.Equal(t, "turn 1: tokens_created 2000 Saproling Token for player 1", g.Describe(&created))
	require.False(t, g.Outcome().Over)
}

// TestTooManyTokensStopTheGame checks the other side of item 8: an
// effect that would create more tokens than the events left to the
// action (each token enters as an event; MaxEventsPerAction) stops the
// game before creating any, with a failure and a game_over event that say
// why; the log never says they were created.
func TestTooManyTokensStopTheGame(t *testing.T) {
	g, err := castFlood(t, core.MaxEventsPerAction+1)
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure)
	require.ErrorContains(t, err, "the rules core stopped the game: player 1 would create 100001 tokens (Saproling Token) at once")
	require.Empty(t, g.Battlefield())
	require.Zero(t, logCount(g, core.EvTokensCreated))
	out := g.Outcome()
	require.True(t, out.Over)
	require.Equal(t, core.EndStopped, out.Reason)
	last := g.LogEvent(g.LogLen() - 1)
	require.Equal(t, core.EvGameOver, last.Kind)
	require.Contains(t, g.Describe(&last), "game_over the rules core stopped the game: player 1 would create 100001 tokens (Saproling Token) at once")
	// The tokens_created event is the first of the action (resolve).
	require.Contains(t, g.Describe(&last), "only 99999 more events may happen")
}

// TestTooManyTokensScenario is what a designer sees: the test fails at
// the action that would create them, saying why.
func TestTooManyTokensScenario(t *testing.T) {
	src := saprolings(1<<40) + `
test "A spell that would create 2^40 tokens" {
    given {
        you have "Saproling Flood" in hand
        you have {G} in your mana pool
    }
    when {
        cast "Saproling Flood"
        resolve
    }
    then {
        you control 0 "Saproling Token"
    }
}
`
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	w.Add("flood_test.card", []byte(src))
	results, diags, err := w.Test(nil, coredriver.Engine{})
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Len(t, results, 1)
	require.Len(t, results[0].Failures, 1)
	f := results[0].Failures[0]
	require.Equal(t, strings.Count(src[:strings.Index(src, "        resolve")], "\n")+1, f.Pos.Line, "the failure is at resolve")
	require.Contains(t, f.Message, "the rules core stopped the game: player 1 would create 1099511627776 tokens (Saproling Token) at once")
	log := results[0].Log
	require.Contains(t, log[len(log)-1], "game_over the rules core stopped the game: player 1 would create 1099511627776 tokens")
	for _, l := range log {
		require.NotContains(t, l, "tokens_created")
	}
}

// counterFountain triggers once for each +1/+1 counter put on it (the
// trigger count of one event is the number of counters, CR 603.2c).
const counterFountain = `
card "Counter Fountain" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "Whenever a +1/+1 counter is put on Counter Fountain, you gain 1 life."

    whenever a +1/+1 counter is put on this {
        gain 1 life
    }
}
`

// TestEventsPerGameAreBounded is issue 17's item 10: the limits of one
// action do not bound a game of many actions (1,500 actions of 1,000
// counters each took 15 s and 2 GB). The game stops once more than
// MaxEventsPerGame events happened, at the action that went beyond, with a
// failure and a game_over event that say why; every action before it
// succeeded.
func TestEventsPerGameAreBounded(t *testing.T) {
	g := core.New(library(t, counterFountain), nil)
	o, err := g.Setup().AddCard("Counter Fountain", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	actions := 0
	for ; actions < 1500; actions++ {
		if err = g.PutCounters(o.ID(), core.CounterPlus1Plus1, 1000); err == nil {
			if err = g.Settle(); err == nil {
				err = g.ResolveAll()
			}
		}
		if err != nil {
			break
		}
	}
	require.ErrorContains(t, err, fmt.Sprintf("the rules core stopped the game: more than %d events happened in this game", core.MaxEventsPerGame))
	// Each action is 1,001 events: the counters put, and a life gained
	// for each counter.
	require.Equal(t, core.MaxEventsPerGame/1001, actions)
	require.Equal(t, core.EndStopped, g.Outcome().Reason)
	require.Equal(t, 20+core.MaxEventsPerGame/1001*1000+core.MaxEventsPerGame%1001-1, g.Player(0).Life)
	require.LessOrEqual(t, g.LogLen(), core.MaxEventsPerGame+1)
	last := g.LogEvent(g.LogLen() - 1)
	require.Equal(t, core.EvGameOver, last.Kind)
	require.Equal(t, fmt.Sprintf("turn 1: game_over the rules core stopped the game: more than %d events happened in this game", core.MaxEventsPerGame),
		g.Describe(&last))
}
