package core_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
)

// TestDefenderCantAttack checks CR 702.3b: a creature with defender can't
// attack; declaring it is a failure, and it does not attack.
func TestDefenderCantAttack(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	d := &attacker{}
	g := core.New(lib, d)
	wall, err := g.Setup().AddCard("Wall of Wood", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	d.card = wall.Card()
	err = g.AdvanceTo(core.StepDeclareAttackers)
	require.ErrorContains(t, err, "Wall of Wood#1 cannot attack: it has defender (CR 702.3b)")
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure)
	require.False(t, g.CurrentObject(wall.Card()).Attacking())
	require.False(t, g.CurrentObject(wall.Card()).Tapped())
}

// TestTrampleWithDeathtouch checks CR 702.19b with 702.2c: for an
// attacking creature with trample and deathtouch, 1 damage is lethal
// damage to a blocker, and the rest may be assigned to the player.
func TestTrampleWithDeathtouch(t *testing.T) {
	runScenarios(t, `
card "Venomous Trampler" {
    cost {2}{G}
    type Creature — Beast
    pt 3/3
    oracle "Trample, deathtouch"

    keywords trample, deathtouch
}

test "An attacking creature with trample and deathtouch assigns 1 damage to its blocker, as lethal, and the rest to the player" {
    given {
        you control "Venomous Trampler"
        opponent controls "Hill Giant"
    }
    when {
        attack with "Venomous Trampler"
        block "Venomous Trampler" with "Hill Giant"
        advance to end of combat
    }
    then {
        "Hill Giant" is in opponent's graveyard
        opponent has 18 life
        "Venomous Trampler" is in your graveyard
    }
}
`)
}

// trampler assigns a trampling attacker's damage as told.
type trampler struct {
	core.DefaultDecider
	b     blocker
	split []int
}

func (d *trampler) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	return d.b.DeclareAttackers(g, p)
}

func (d *trampler) DeclareBlockers(g *core.Game, p core.PlayerID) []core.Block {
	return d.b.DeclareBlockers(g, p)
}

func (d *trampler) AssignCombatDamage(g *core.Game, creature core.ObjectID, fights []core.ObjectID, power int) []int {
	return d.split
}

// TestTrampleNeedsLethalDamageToBlockersFirst checks CR 702.19b: damage
// can be assigned to the player only once every blocker is assigned
// lethal damage. An illegal assignment is a failure, and the default one
// is used instead.
func TestTrampleNeedsLethalDamageToBlockersFirst(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	for _, tt := range []struct {
		split []int
		legal bool
		life  int
	}{
		{[]int{1, 10}, false, 11}, // 1 is not lethal to the Bears
		{[]int{2, 9}, true, 11},
		{[]int{11, 0}, true, 20}, // it need not trample over
		{[]int{11}, true, 20},    // nor name the player at all
		{[]int{5, 5}, false, 11}, // does not add up to 11
	} {
		d := &trampler{split: tt.split}
		g := core.New(lib, d)
		colossus, _ := g.Setup().AddCard("Darksteel Colossus", 0, core.ZoneBattlefield)
		bears, _ := g.Setup().AddCard("Grizzly Bears", 1, core.ZoneBattlefield)
		d.b.attacker, d.b.blocker = colossus.Card(), bears.Card()
		require.NoError(t, g.AdvanceTo(core.StepDeclareBlockers))
		err := g.AdvanceTo(core.StepEndOfCombat)
		if tt.legal {
			require.NoError(t, err, "%v", tt.split)
		} else {
			require.ErrorContains(t, err, "is not legal", "%v", tt.split)
		}
		require.Equal(t, tt.life, g.Player(1).Life, "%v", tt.split)
		ds := g.Decisions()
		require.Len(t, ds, 1)
		require.Equal(t, core.DecisionCombatDamage, ds[0].Kind)
		require.Equal(t, core.PlayerID(0), ds[0].Player, "the attacking creature's controller divides its damage")
	}
}

// TestOneCombatDamageStepWithoutFirstStrike checks CR 510.4: with no
// first strike or double strike, there is one combat damage step; with
// one, there are two.
func TestOneCombatDamageStepWithoutFirstStrike(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	for _, tt := range []struct {
		attacker string
		steps    int
	}{{"Grizzly Bears", 1}, {"Viashino Spearhunter", 2}, {"Fencing Ace", 2}} {
		d := &attacker{}
		g := core.New(lib, d)
		a, _ := g.Setup().AddCard(tt.attacker, 0, core.ZoneBattlefield)
		d.card = a.Card()
		require.NoError(t, g.AdvanceTo(core.StepCombatDamage))
		first := g.CombatDamageStep()
		require.NoError(t, g.AdvanceTo(core.StepEndOfCombat))
		n := 0
		for _, ev := range g.Log() {
			if ev.Kind == core.EvStepBegins && ev.Step == core.StepCombatDamage {
				n++
			}
		}
		require.Equal(t, tt.steps, n, tt.attacker)
		require.Equal(t, map[int]int{1: 0, 2: 1}[tt.steps], first, tt.attacker)
	}
}
