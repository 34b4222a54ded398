package core_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
)

// allAttack declares every creature the active player controls as an
// attacker, and the blocks it is given.
type allAttack struct {
	core.DefaultDecider
	blocks []core.Block
}

func (allAttack) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	var out []core.ObjectID
	for _, id := range g.Battlefield() {
		if o := g.Object(id); o.Controller() == p && g.IsCreature(id) {
			out = append(out, id)
		}
	}
	return out
}

func (d allAttack) DeclareBlockers(g *core.Game, p core.PlayerID) []core.Block { return d.blocks }

// requirementsBoard is a combat of n attackers and n potential blockers
// under requirements and restrictions, in its declare attackers step: the
// attackers are Prized Unicorns (all creatures able to block each do
// so), Serra Angels (flying), Dread Warlocks (can't be blocked except by
// black creatures) and Grizzly Bears; the blockers Palace Guards (they
// can block any number of creatures), Deadly Recluses (reach), Drudge
// Skeletons (black) and Hill Giants.
func requirementsBoard(t testing.TB, n int, d core.Decider) *core.Game {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g := core.New(lib, d)
	attackers := []string{"Prized Unicorn", "Serra Angel", "Dread Warlock", "Grizzly Bears", "Grizzly Bears"}
	blockers := []string{"Palace Guard", "Deadly Recluse", "Drudge Skeletons", "Hill Giant", "Hill Giant",
		"Hill Giant", "Hill Giant", "Hill Giant", "Hill Giant", "Hill Giant"}
	for i := range n {
		_, err := g.Setup().AddCard(attackers[i%len(attackers)], 0, core.ZoneBattlefield)
		require.NoError(t, err)
		_, err = g.Setup().AddCard(blockers[i%len(blockers)], 1, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	require.NoError(t, g.AdvanceTo(core.StepDeclareAttackers))
	return g
}

// TestRequirementsBoard checks the default declaration of blockers of a
// board of BenchmarkBlockRequirements: every Hill Giant, Recluse and
// Skeleton blocks (each is able to block a Prized Unicorn), each Palace
// Guard blocks every Unicorn, and the declaration is legal; one with a
// Giant left out is not (CR 509.1c).
func TestRequirementsBoard(t *testing.T) {
	g := requirementsBoard(t, 20, allAttack{})
	blocks := core.DefaultDecider{}.DeclareBlockers(g, 1)
	require.NoError(t, g.CheckBlockers(blocks))
	// 20 blockers, 2 of them Palace Guards blocking the 4 Unicorns.
	require.Len(t, blocks, 18+2*4)
	err := g.CheckBlockers(blocks[1:])
	var rule *core.RuleError
	require.ErrorAs(t, err, &rule)
	require.Equal(t, "509.1c", rule.Rule)
}

// BenchmarkBlockRequirements checks a declaration of blockers of n
// attackers and n potential blockers under requirements (the board of
// requirementsBoard): CR 509.1c's maximum is computed without enumerating
// declarations, in one look at each pair of an attacker and a blocker.
func BenchmarkBlockRequirements(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("attackers=%d,blockers=%d", n, n), func(b *testing.B) {
			g := requirementsBoard(b, n, allAttack{})
			blocks := core.DefaultDecider{}.DeclareBlockers(g, 1)
			require.NoError(b, g.CheckBlockers(blocks))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if err := g.CheckBlockers(blocks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
