package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
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
