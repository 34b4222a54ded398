package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vm"
)

// wolfCards are a Wolf and Master of the Wild Hunt's activated ability on
// a card of its own.
const wolfCards = `
card "Test Wolf" {
    cost {1}{G}
    type Creature — Wolf
    pt 2/2
    oracle "..."
}

card "Test Ogre" {
    cost {2}{R}
    type Creature — Ogre
    pt 5/5
    oracle "..."
}

card "Test Hunter" {
    cost {2}{G}{G}
    type Creature — Human Shaman
    pt 3/3
    oracle "..."

    {T}: {
        tap all untapped Wolf creatures you control
        each Wolf tapped this way deals damage equal to its power to target creature as creature
        creature deals damage equal to its power divided as its controller chooses among any number of those Wolves
    }
}
`

// divider answers DivideAmong with what it is given, and records what it
// was asked.
type divider struct {
	core.DefaultDecider
	answer  []int
	player  core.PlayerID
	options []core.ObjectID
	amount  int
}

func (d *divider) DivideAmong(g *core.Game, p core.PlayerID, source, damager core.ObjectID, amount int, options []core.ObjectID) []int {
	d.player, d.options, d.amount = p, options, amount
	return d.answer
}

// TestDivideAmongAsItResolves checks the division of an amount among
// objects that are not targets, as the ability resolves (Master of the
// Wild Hunt): the target's controller is asked, among the Wolves tapped
// this way only (CR 701.21a), the amount its power after the Wolves'
// damage; an answer that breaks the rules (not adding up to the amount,
// a negative part, a part for no option) is replaced by the default's,
// lethal damage to each in order and the rest to the last, and the
// decision is recorded as made.
func TestDivideAmongAsItResolves(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer []int
		want   []int // parts of the two untapped Wolves, in order
	}{
		{"legal", []int{1, 4}, []int{1, 4}},
		{"one chosen", []int{0, 5}, []int{0, 5}},
		{"too much", []int{3, 3}, []int{2, 3}},
		{"negative", []int{-1, 6}, []int{2, 3}},
		{"a part too many", []int{1, 1, 3}, []int{2, 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			lib := library(t, wolfCards)
			d := &divider{answer: tt.answer}
			g := core.New(lib, d)
			hunter, err := g.Setup().AddCard("Test Hunter", 0, core.ZoneBattlefield)
			require.NoError(t, err)
			tapped, err := g.Setup().AddCard("Test Wolf", 0, core.ZoneBattlefield)
			require.NoError(t, err)
			first, err := g.Setup().AddCard("Test Wolf", 0, core.ZoneBattlefield)
			require.NoError(t, err)
			second, err := g.Setup().AddCard("Test Wolf", 0, core.ZoneBattlefield)
			require.NoError(t, err)
			ogre, err := g.Setup().AddCard("Test Ogre", 1, core.ZoneBattlefield)
			require.NoError(t, err)
			require.NoError(t, g.Setup().SetTapped(tapped.ID(), true))

			abilities := g.ActivatedAbilities(hunter.ID())
			require.Len(t, abilities, 1)
			require.NoError(t, g.Activate(core.Activation{Player: 0, Source: hunter.ID(), Ability: abilities[0],
				Targets: []vm.Value{core.ObjectValue(ogre.ID())}, Mana: -1}))
			require.NoError(t, g.ResolveAll())

			require.Equal(t, core.PlayerID(1), d.player, "the target's controller divides")
			require.Equal(t, []core.ObjectID{first.ID(), second.ID()}, d.options, "only the Wolves tapped this way")
			require.Equal(t, 5, d.amount)
			require.Equal(t, 4, g.Object(ogre.ID()).Damage())

			var got []core.Decision
			for _, dec := range g.Decisions() {
				if dec.Kind == core.DecisionDivide {
					got = append(got, dec)
				}
			}
			require.Len(t, got, 1)
			var wantChosen []vm.Value
			var wantAmounts []int
			for i, id := range []core.ObjectID{first.ID(), second.ID()} {
				if tt.want[i] > 0 {
					wantChosen = append(wantChosen, core.ObjectValue(id))
					wantAmounts = append(wantAmounts, tt.want[i])
				}
			}
			require.Empty(t, cmp.Diff(wantChosen, got[0].Chosen))
			require.Empty(t, cmp.Diff(wantAmounts, got[0].Amounts))
			require.Equal(t, core.PlayerID(1), got[0].Player)
			require.Equal(t, hunter.ID(), got[0].Source)
		})
	}
}
