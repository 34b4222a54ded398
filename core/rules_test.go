package core_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/workspace"
)

// runScenarios runs the scenario tests of a source, whose cards are
// compiled with the standard card library.
func runScenarios(t *testing.T, src string) {
	t.Helper()
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	w.Add("rules_test.card", []byte(src))
	results, diags, err := w.Test(nil, coredriver.Engine{})
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), "%v", diags)
	reportScenarios(t, results)
}

// reportScenarios makes each scenario result a subtest that fails with
// the result's failures and logs its game when it did not pass; there
// must be at least one result.
func reportScenarios(t *testing.T, results []scenario.Result) {
	t.Helper()
	require.NotEmpty(t, results)
	for _, r := range results {
		t.Run(r.Name, func(t *testing.T) {
			for _, f := range r.Failures {
				assert.Fail(t, f.String())
			}
			if !r.Passed() {
				t.Log(strings.Join(r.Log, "\n"))
			}
		})
	}
}

// Fixture cards of these tests. They are not part of the card library.
const fixtures = `
card "Shield Bearer" {
    cost {1}{W}
    type Creature — Human Soldier
    pt 1/1
    oracle "If damage would be dealt to a creature you control, prevent 1 of that damage."

    replace damage to a creature you control {
        prevent 1 of damage
    }
}
`

func TestReplacementEffectsApplyOnceEach(t *testing.T) {
	runScenarios(t, fixtures+`
test "A replacement effect applies to an event only once, even if the event is still one it would apply to (CR 614.5)" {
    given {
        you control "Shield Bearer" and "Hill Giant"
        opponent controls "Grizzly Bears"
    }
    when {
        "Grizzly Bears" deals 3 damage to "Hill Giant"
    }
    then {
        "Hill Giant" has 2 damage
        log has 1 "damage prevented" event
    }
}
`)
}

func TestAffectedPlayerOrdersReplacementEffects(t *testing.T) {
	runScenarios(t, fixtures+`
test "By default the effect whose source came first applies first" {
    given {
        you control "Shield Bearer"
        you control "Protean Hydra" with 5 +1/+1 counters
        opponent controls "Hill Giant"
    }
    when {
        "Hill Giant" deals 3 damage to "Protean Hydra"
    }
    then {
        // Shield Bearer prevents 1, the Hydra the other 2 and removes 2.
        "Protean Hydra" has 3 +1/+1 counters
        log has 2 "damage prevented" events
    }
}

test "The controller of the affected creature chooses which effect applies first (CR 616.1)" {
    given {
        you control "Shield Bearer"
        you control "Protean Hydra" with 5 +1/+1 counters
        opponent controls "Hill Giant"
    }
    when {
        order replacements "Protean Hydra"
        "Hill Giant" deals 3 damage to "Protean Hydra"
    }
    then {
        // The Hydra prevents all 3 and removes 3: nothing is left for the
        // Shield Bearer to prevent (CR 614.7a).
        "Protean Hydra" has 2 +1/+1 counters
        log has 1 "damage prevented" event
    }
}
`)
}

func TestSimultaneousDamageIsOneApplication(t *testing.T) {
	runScenarios(t, fixtures+`
test "A replacement ability applied to the damage two blockers deal at once removes the counters of all of it, once (CR 510.2, 615.5)" {
    given {
        you control "Protean Hydra" with 6 +1/+1 counters
        opponent controls "Hill Giant", "Grizzly Bears"
    }
    when {
        attack with "Protean Hydra"
        block "Protean Hydra" with "Hill Giant", "Grizzly Bears"
        advance to combat damage step
    }
    then {
        // Each blocker's damage is prevented on its own (CR 615.10);
        // the rest of the effect happens once, for 3 + 2.
        "Protean Hydra" has 1 +1/+1 counter
        log has 2 "damage prevented" events
        log has 1 "counter removed" event
    }
}

test "A prevention effect that prevents 1 of the damage applies to each source's damage dealt at once (CR 615.10)" {
    given {
        you control "Shield Bearer", "Hill Giant"
        opponent controls "Grizzly Bears" as first
        opponent controls "Grizzly Bears" as second
    }
    when {
        attack with "Hill Giant"
        block "Hill Giant" with first, second
        advance to combat damage step
    }
    then {
        // 2 - 1 from each Bears: the Giant survives with 2 damage.
        "Hill Giant" is on the battlefield
        "Hill Giant" has 2 damage
        log has 2 "damage prevented" events
    }
}
`)
}

func TestPreventedThisWay(t *testing.T) {
	runScenarios(t, fixtures+`
test "Damage prevented this way is the damage that effect prevented, not the damage another effect prevented first (CR 615.5)" {
    given {
        you control "Shield Bearer", "Vigor", "Grizzly Bears"
        opponent controls "Hill Giant"
    }
    when {
        order replacements "Shield Bearer"
        "Hill Giant" deals 3 damage to "Grizzly Bears"
    }
    then {
        // Shield Bearer prevents 1, Vigor the other 2: two counters.
        "Grizzly Bears" has no damage
        "Grizzly Bears" has 2 +1/+1 counters
        log has 2 "damage prevented" events
    }
}
`)
}

func TestTriggersGoOnTheStackInAPNAPOrder(t *testing.T) {
	runScenarios(t, `
test "The active player's triggered abilities go on the stack first, so the other player's resolve first (CR 603.3b)" {
    given {
        it is opponent's precombat main phase
        opponent controls "Engulfing Slagwurm" as theirs
        you control "Engulfing Slagwurm" as mine
    }
    when {
        attack with theirs
        block theirs with mine
    }
    then {
        stack has 2 objects
    }
    when {
        resolve
    }
    then {
        theirs is in opponent's graveyard
        mine is on the battlefield
        you have 27 life
        opponent has 20 life
    }
    when {
        resolve
    }
    then {
        // Their trigger still resolves: it was on the stack already.
        mine is in your graveyard
        opponent has 27 life
    }
}
`)
}

func TestTargets(t *testing.T) {
	runScenarios(t, `
test "A spell whose only target became illegal does not resolve (CR 608.2b)" {
    given {
        you have "Shock" in hand
        you control "Mountain"
        opponent controls "Grizzly Bears"
        opponent has "Giant Growth" in hand
    }
    when {
        cast "Shock" targeting "Grizzly Bears"
        destroy "Grizzly Bears"
        resolve
    }
    then {
        "Shock" is in your graveyard
        log has no damage events
        stack is empty
    }
}

test "Shock can target a player" {
    given {
        you have "Shock" in hand
        you control "Mountain"
    }
    when {
        cast "Shock" targeting opponent
        resolve
    }
    then {
        opponent has 18 life
        log has 1 "life lost" event
    }
}
`)
}

func TestCleanupStep(t *testing.T) {
	runScenarios(t, `
test "In the cleanup step damage is removed and until-end-of-turn effects end (CR 514.2)" {
    given {
        you control "Grizzly Bears", "Forest"
        you have "Giant Growth" in hand
        opponent controls "Hill Giant"
    }
    when {
        cast "Giant Growth" targeting "Grizzly Bears"
        resolve
        "Hill Giant" deals 4 damage to "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is 5/5
        "Grizzly Bears" has 4 damage
    }
    when {
        advance to next turn
    }
    then {
        it is turn 2
        "Grizzly Bears" is 2/2
        "Grizzly Bears" has no damage
    }
}

test "Lethal damage destroys a creature; toughness 0 puts it into the graveyard without destroying it (CR 704.5f, 704.5g)" {
    given {
        you control "Grizzly Bears" as bears
        you control "Protean Hydra" with 1 +1/+1 counter as hydra
        opponent controls "Hill Giant"
    }
    when {
        "Hill Giant" deals 2 damage to bears
        remove 1 +1/+1 counter from hydra
    }
    then {
        bears is in your graveyard
        hydra is in your graveyard
        log has 1 destroy event
        log has 2 "zone change" events
    }
}
`)
}

// TestSummoningSickness checks CR 302.6 and the errors a bad declaration
// gives.
func TestSummoningSickness(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	d := &attacker{}
	g := core.New(lib, d)
	bears, err := g.Setup().AddCard("Grizzly Bears", 0, core.ZoneHand)
	require.NoError(t, err)
	require.NoError(t, g.Setup().SetPool(0, mana.Amount{mana.Green: 2}))
	require.NoError(t, g.Cast(0, bears.ID(), 0, nil))
	require.NoError(t, g.ResolveAll())
	d.card = bears.Card()
	err = g.AdvanceTo(core.StepDeclareAttackers)
	require.ErrorContains(t, err, "CR 302.6")
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure, "an illegal declaration is a failure while advancing, not an illegal advance")
	require.False(t, g.CurrentObject(bears.Card()).Attacking())
}

type attacker struct {
	core.DefaultDecider
	card int
}

func (a *attacker) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	return []core.ObjectID{g.CurrentObject(a.card).ID()}
}

// TestDrawFromEmptyLibraryLoses checks CR 704.5b and that the player who
// starts skips their first draw (CR 103.8a).
func TestDrawFromEmptyLibraryLoses(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g := core.New(lib, nil)
	require.NoError(t, g.AdvanceTo(core.StepEnd))
	over, _ := g.Over()
	require.False(t, over, "the first player skips the draw of turn 1")
	require.ErrorContains(t, g.AdvanceTo(core.StepMain1), "game is over")
	over, winner := g.Over()
	require.True(t, over)
	require.Equal(t, core.PlayerID(0), winner)
	require.True(t, g.Player(1).Lost)
}

// TestCastingTiming checks CR 307.1: sorcery-speed spells only in the main
// phase of their caster, with an empty stack.
func TestCastingTiming(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g := core.New(lib, nil)
	hydra, _ := g.Setup().AddCard("Protean Hydra", 1, core.ZoneHand)
	err = g.Cast(1, hydra.ID(), 2, nil)
	require.ErrorContains(t, err, "main phase")
	var failure *core.FailureError
	require.False(t, errors.As(err, &failure), "an illegal cast is the cast's own error, not a failure while casting")
	shock, _ := g.Setup().AddCard("Shock", 1, core.ZoneHand)
	require.NoError(t, g.Setup().SetPool(1, mana.Amount{mana.Red: 1}))
	require.NoError(t, g.Cast(1, shock.ID(), 0, []vm.Value{core.PlayerValue(0)}))
	require.Len(t, g.Stack(), 1)
}

// blocker declares one block.
type blocker struct {
	core.DefaultDecider
	attacker, blocker int
}

func (b *blocker) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	return []core.ObjectID{g.CurrentObject(b.attacker).ID()}
}

func (b *blocker) DeclareBlockers(g *core.Game, p core.PlayerID) []core.Block {
	return []core.Block{{Blocker: g.CurrentObject(b.blocker).ID(), Attacker: g.CurrentObject(b.attacker).ID()}}
}

// TestFlyingCanOnlyBeBlockedByFlyingOrReach checks CR 702.9b and 702.17b:
// a creature without flying or reach cannot block a creature with flying.
func TestFlyingCanOnlyBeBlockedByFlyingOrReach(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	for _, tt := range []struct {
		blocker string
		legal   bool
	}{{"Grizzly Bears", false}, {"Deadly Recluse", true}, {"Serra Angel", true}} {
		t.Run(tt.blocker, func(t *testing.T) {
			d := &blocker{}
			g := core.New(lib, d)
			drake, _ := g.Setup().AddCard("Wind Drake", 0, core.ZoneBattlefield)
			bl, _ := g.Setup().AddCard(tt.blocker, 1, core.ZoneBattlefield)
			d.attacker, d.blocker = drake.Card(), bl.Card()
			err := g.AdvanceTo(core.StepDeclareBlockers)
			if tt.legal {
				require.NoError(t, err)
				require.True(t, g.CurrentObject(drake.Card()).Blocked())
				return
			}
			require.ErrorContains(t, err, "CR 702.9b")
			require.False(t, g.CurrentObject(drake.Card()).Blocked())
		})
	}
}

// TestEndlessTriggersStop checks that abilities that trigger one another
// forever end the game in a draw, a loop of mandatory actions (CR 104.4b),
// rather than hang it; the log says so.
func TestEndlessTriggersStop(t *testing.T) {
	lib := library(t, `
card "Echo Chamber" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "Whenever a +1/+1 counter is put on Echo Chamber, put a +1/+1 counter on it."

    whenever a +1/+1 counter is put on this {
        put a +1/+1 counter on this
    }
}
`)
	g := core.New(lib, nil)
	echo, err := g.Setup().AddCard("Echo Chamber", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	plus, _ := lib.Counter("+1/+1")
	require.NoError(t, g.PutCounters(echo.ID(), plus, 1))
	require.NoError(t, g.Settle())
	require.NoError(t, g.ResolveAll())
	out := g.Outcome()
	require.True(t, out.Draw())
	require.Equal(t, core.EndLoop, out.Reason)
	require.Contains(t, out.String(), "trigger one another forever")
	last := g.LogEvent(g.LogLen() - 1)
	require.Equal(t, "turn 1: game_over the game is a draw: a loop of mandatory actions (CR 104.4b): "+
		"the stack did not empty after 10000 objects resolved: triggered abilities trigger one another forever", g.Describe(&last))
	err = g.ResolveAll()
	require.ErrorIs(t, err, core.ErrGameOver)
	require.ErrorContains(t, err, "the game is a draw")
}

// TestLibraryIsSharedBetweenGoroutines plays games on one library in
// several goroutines at once; run with -race, it proves no game writes to
// the library.
func TestLibraryIsSharedBetweenGoroutines(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := core.New(lib, nil)
			setup := g.Setup()
			// assert, not require: this is not the test's goroutine.
			hydra, err := setup.AddCard("Protean Hydra", 0, core.ZoneHand)
			if !assert.NoError(t, err) {
				return
			}
			giant, _ := setup.AddCard("Hill Giant", 1, core.ZoneBattlefield)
			assert.NoError(t, setup.SetPool(0, mana.Amount{mana.Green: 4}))
			assert.NoError(t, g.Cast(0, hydra.ID(), 3, nil))
			assert.NoError(t, g.ResolveAll())
			h := g.CurrentObject(hydra.Card())
			assert.NoError(t, g.DealDamage(giant.ID(), core.ObjectValue(h.ID()), 2, false))
			assert.Equal(t, 1, h.Counters(core.CounterPlus1Plus1), "the Hydra's +1/+1 counters")
			assert.NoError(t, g.AdvanceToNextTurn())
		}()
	}
	wg.Wait()
}

// TestPacifismEnchantedCreatureCantAttackOrBlock checks Pacifism's effect
// ("Enchanted creature can't attack or block.", CR 508.1c, 509.1b): the
// rules core refuses the attack and the block of the enchanted creature,
// and allows them once Pacifism has left the battlefield.
func TestPacifismEnchantedCreatureCantAttackOrBlock(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	setup := func() (*core.Game, *blocker, *core.Object, *core.Object) {
		d := &blocker{}
		g := core.New(lib, d)
		giant, _ := g.Setup().AddCard("Hill Giant", 0, core.ZoneBattlefield)
		bears, _ := g.Setup().AddCard("Grizzly Bears", 1, core.ZoneBattlefield)
		d.attacker, d.blocker = giant.Card(), bears.Card()
		return g, d, giant, bears
	}
	t.Run("attack", func(t *testing.T) {
		g, _, giant, _ := setup()
		pacifism, _ := g.Setup().AddCard("Pacifism", 1, core.ZoneBattlefield)
		require.NoError(t, g.Setup().Attach(pacifism.ID(), giant.ID()))
		err := g.AdvanceTo(core.StepDeclareAttackers)
		require.ErrorContains(t, err, "can't attack")
		require.False(t, g.CurrentObject(giant.Card()).Attacking())
	})
	t.Run("block", func(t *testing.T) {
		g, _, giant, bears := setup()
		pacifism, _ := g.Setup().AddCard("Pacifism", 0, core.ZoneBattlefield)
		require.NoError(t, g.Setup().Attach(pacifism.ID(), bears.ID()))
		err := g.AdvanceTo(core.StepDeclareBlockers)
		require.ErrorContains(t, err, "can't block")
		require.True(t, g.CurrentObject(giant.Card()).Attacking())
		require.False(t, g.CurrentObject(giant.Card()).Blocked())
	})
	t.Run("after Pacifism leaves", func(t *testing.T) {
		g, _, giant, bears := setup()
		pacifism, _ := g.Setup().AddCard("Pacifism", 0, core.ZoneBattlefield)
		require.NoError(t, g.Setup().Attach(pacifism.ID(), bears.ID()))
		require.NoError(t, g.Destroy(pacifism.ID()))
		require.NoError(t, g.AdvanceTo(core.StepDeclareBlockers))
		require.True(t, g.CurrentObject(giant.Card()).Blocked())
	})
}
