package core_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
)

// The mana sources of the payment tests: cards of the library, and
// fixtures for what the library has no card of yet (several mana of one
// ability, a cost of life, a mana ability that costs mana).
var paymentCards = []string{
	"forest", "mountain", "plains", "island", "swamp", "birds_of_paradise", "llanowar_elves",
	"mana_reflection", "heartbeat_of_spring", "mana_flare", "vernal_bloom", "overabundance",
	"havenwood_battleground", "wall_of_roots", "reflecting_pool",
}

const paymentFixtures = `
card "Two Colorless Fixture" {
    cost {1}
    type Artifact
    oracle "{T}: Add {C}{C}."
    {T}: add {C}{C}
}
card "Life Land Fixture" {
    type Land
    oracle "{T}, Pay 1 life: Add one mana of any color."
    {T}, pay 1 life: add one mana of any color
}
card "Filter Fixture" {
    type Land
    oracle "{1}, {T}: Add {W}{U}."
    {1}, {T}: add {W}{U}
}
`

// paymentLibrary compiles the payment cards with a creature card for each
// cost, named "Cost " and the cost.
func paymentLibrary(t testing.TB, costs []string) *core.Library {
	t.Helper()
	var src strings.Builder
	for _, name := range paymentCards {
		b, err := fs.ReadFile(cards.FS, name+".card")
		require.NoError(t, err)
		src.Write(b)
		src.WriteString("\n")
	}
	src.WriteString(paymentFixtures)
	seen := map[string]bool{}
	for _, c := range costs {
		if seen[c] {
			continue
		}
		seen[c] = true
		fmt.Fprintf(&src, "card %q {\n    cost %s\n    type Creature — Bear\n    pt 1/1\n    oracle \"\"\n}\n", "Cost "+c, c)
	}
	return library(t, src.String())
}

// paymentBoard is a player's permanents, pool and life, and a creature
// spell of a cost to cast with X.
type paymentBoard struct {
	name       string
	permanents []string
	// opponent's permanents (Heartbeat of Spring works for every player).
	theirs []string
	pool   mana.Amount
	life   int
	cost   string
	x      int
	// phyrexian: the payer chose to pay Phyrexian symbols with mana where
	// both could (CR 601.2b; the default decision), so a payment may use
	// more permanents than the fewest.
	phyrexian bool
}

func (b paymentBoard) build(t testing.TB, lib *core.Library) (*core.Game, core.ObjectID) {
	g := core.New(lib, nil)
	s := g.Setup()
	for _, n := range b.permanents {
		_, err := s.AddCard(n, 0, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	for _, n := range b.theirs {
		_, err := s.AddCard(n, 1, core.ZoneBattlefield)
		require.NoError(t, err)
	}
	require.NoError(t, s.SetPool(0, b.pool))
	if b.life > 0 {
		require.NoError(t, s.SetLife(0, b.life))
	}
	spell, err := s.AddCard("Cost "+b.cost, 0, core.ZoneHand)
	require.NoError(t, err)
	return g, spell.ID()
}

// hardPayments are boards where a payment is hard to find, or where it
// doesn't exist: hybrid, Phyrexian and X symbols, sources of several mana,
// sources with costs of their own, triggered mana abilities and doubling,
// mana in the pool.
var hardPayments = []paymentBoard{
	{name: "three Birds pay {W}{U}{B}", permanents: rep("Birds of Paradise", 3), cost: "{W}{U}{B}"},
	{name: "three Birds can't pay {W}{U}{B}{R}", permanents: rep("Birds of Paradise", 3), cost: "{W}{U}{B}{R}"},
	{name: "a Swamp is kept for {B}: Birds pays {G}", permanents: []string{"Swamp", "Birds of Paradise"}, cost: "{B}{G}"},
	{name: "hybrid {W/U}{W/B} from a Plains and an Island", permanents: []string{"Island", "Plains"}, cost: "{W/U}{W/B}"},
	{name: "hybrid {W/U}{U/B}{B/R} from lands", permanents: []string{"Plains", "Swamp", "Mountain"}, cost: "{W/U}{U/B}{B/R}"},
	{name: "hybrid can't: {W/U}{W/U} from one Plains and a Forest", permanents: []string{"Plains", "Forest"}, cost: "{W/U}{W/U}"},
	{name: "{2/W}{2/W}: one Plains and two Forests", permanents: []string{"Plains", "Forest", "Forest"}, cost: "{2/W}{2/W}"},
	{name: "{2/W}{2/W}: two Forests can't", permanents: []string{"Forest", "Forest"}, cost: "{2/W}{2/W}"},
	{name: "{C/W}: a colorless source", permanents: []string{"Two Colorless Fixture"}, cost: "{C/W}{1}"},
	{name: "Phyrexian {G/P}{G/P} with one Forest and life", permanents: []string{"Forest"}, cost: "{G/P}{G/P}", phyrexian: true},
	{name: "Phyrexian {G/P}{G/P} with one Forest and 1 life", permanents: []string{"Forest"}, life: 1, cost: "{G/P}{G/P}"},
	{name: "X = 3 from Birds and lands", permanents: []string{"Birds of Paradise", "Forest", "Mountain", "Swamp"}, cost: "{X}{G}", x: 3},
	{name: "X = 4 is too much", permanents: []string{"Birds of Paradise", "Forest", "Mountain", "Swamp"}, cost: "{X}{G}", x: 4},
	{name: "two colorless from one artifact", permanents: []string{"Forest", "Two Colorless Fixture"}, cost: "{2}{G}"},
	{name: "{C}{C} only from the artifact", permanents: []string{"Forest", "Forest", "Two Colorless Fixture"}, cost: "{C}{C}{G}"},
	{name: "Mana Reflection: one Bird pays {U}{U}", permanents: []string{"Mana Reflection", "Birds of Paradise"}, cost: "{U}{U}"},
	{name: "Mana Reflection: one Bird can't pay {W}{U}", permanents: []string{"Mana Reflection", "Birds of Paradise"}, cost: "{W}{U}"},
	{name: "Mana Reflection: two Birds pay {W}{U}{1}", permanents: []string{"Mana Reflection", "Birds of Paradise", "Birds of Paradise"}, cost: "{W}{U}{1}"},
	{name: "Heartbeat: one Mountain pays {R}{R}", permanents: []string{"Heartbeat of Spring", "Mountain"}, cost: "{R}{R}"},
	{name: "Heartbeat and Reflection: a Forest pays {2}{G}", permanents: []string{"Heartbeat of Spring", "Mana Reflection", "Forest"}, cost: "{2}{G}"},
	{name: "the opponent's Mana Flare", permanents: []string{"Mountain", "Forest"}, theirs: []string{"Mana Flare"}, cost: "{R}{R}{G}{G}"},
	{name: "Vernal Bloom on Forests, not Mountains", permanents: []string{"Vernal Bloom", "Mountain", "Forest"}, cost: "{R}{G}{G}"},
	{name: "Overabundance: mana and damage", permanents: []string{"Overabundance", "Plains", "Island"}, cost: "{W}{W}{U}{U}"},
	{name: "Havenwood Battleground sacrificed only when it must", permanents: []string{"Havenwood Battleground", "Forest"}, cost: "{G}{G}{G}"},
	{name: "Havenwood Battleground can't pay four", permanents: []string{"Havenwood Battleground", "Forest"}, cost: "{G}{G}{G}{G}"},
	{name: "Wall of Roots and a Forest", permanents: []string{"Wall of Roots", "Forest"}, cost: "{G}{G}"},
	{name: "Reflecting Pool copies a Forest's type", permanents: []string{"Reflecting Pool", "Forest", "Island"}, cost: "{G}{G}{U}"},
	{name: "a land that costs life", permanents: []string{"Life Land Fixture", "Forest"}, cost: "{B}{G}"},
	{name: "a land that costs life, with 0 life to pay", permanents: []string{"Life Land Fixture", "Forest"}, life: 1, cost: "{B}{G}{B/P}"},
	{name: "mana in the pool", permanents: []string{"Birds of Paradise"}, pool: mana.Amount{mana.Red: 1, mana.Colorless: 1}, cost: "{1}{R}{U}"},
	{name: "mana in the pool pays generic", permanents: []string{"Forest"}, pool: mana.Amount{mana.Red: 2}, cost: "{2}{G}"},
}

func rep(name string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = name
	}
	return out
}

// TestAutomaticPaymentAgainstBruteForce checks the automatic payment on
// each hard board against a brute force that activates, by hand, every
// combination of the mana abilities of the player's permanents (each
// unused, or one ability with each choice of color) and then asks whether
// the pool pays the cost: when one pays, the automatic payment pays with
// as few permanents; when none does, it reports not enough mana, by the
// rule (CR 601.2h).
func TestAutomaticPaymentAgainstBruteForce(t *testing.T) {
	var costs []string
	for _, b := range hardPayments {
		costs = append(costs, b.cost)
	}
	lib := paymentLibrary(t, costs)
	for _, b := range hardPayments {
		t.Run(b.name, func(t *testing.T) {
			best := bruteForcePayment(t, lib, b)
			g, spell := b.build(t, lib)
			before := g.Pool(0)
			err := g.Cast(0, spell, b.x, nil)
			if best < 0 {
				var re *core.RuleError
				require.ErrorAs(t, err, &re, "no payment exists")
				assert.Equal(t, "601.2h", re.Rule)
				assert.Equal(t, before, g.Pool(0), "nothing is paid")
				assert.Equal(t, 0, usedPermanents(g), "nothing is tapped")
				return
			}
			require.NoError(t, err, "a payment exists with %d permanents", best)
			if b.phyrexian {
				assert.GreaterOrEqual(t, usedPermanents(g), best)
			} else {
				assert.Equal(t, best, usedPermanents(g), "the fewest permanents pay")
			}
			assert.Equal(t, core.ZoneStack, g.Object(g.Stack()[0].Source).Zone())
		})
	}
}

// TestAutomaticPaymentSaysWhichLimit checks that a payment that needs a
// mana ability the automatic payment does not activate says so, and is
// not a rule of the game.
func TestAutomaticPaymentSaysWhichLimit(t *testing.T) {
	b := paymentBoard{permanents: []string{"Filter Fixture", "Forest"}, cost: "{W}{U}"}
	lib := paymentLibrary(t, []string{b.cost})
	g, spell := b.build(t, lib)
	err := g.Cast(0, spell, 0, nil)
	require.Error(t, err)
	var re *core.RuleError
	assert.False(t, errors.As(err, &re), "a limit of the automatic payment is not a rule: %v", err)
	assert.Contains(t, err.Error(), `it does not activate Filter Fixture#1's "{1}, {T}: add {W}{U}": activate it first`)
	assert.Equal(t, 0, usedPermanents(g))
	// Activated by hand first, it pays.
	g, spell = b.build(t, lib)
	require.NoError(t, g.TapForMana(0, g.Battlefield()[1], -1))
	require.NoError(t, g.Activate(core.Activation{Player: 0, Source: g.Battlefield()[0], Ability: g.ActivatedAbilities(g.Battlefield()[0])[0], Mana: -1}))
	require.NoError(t, g.Cast(0, spell, 0, nil))
}

// usedPermanents counts the permanents of player 0 an action used:
// tapped, gone, or with counters.
func usedPermanents(g *core.Game) int {
	n := 0
	for _, e := range g.Log() {
		if e.Kind == core.EvZoneChange && e.From == core.ZoneBattlefield {
			n++
		}
	}
	for _, id := range g.Battlefield() {
		o := g.Object(id)
		if o.Controller() == 0 && (o.Tapped() || o.Counters(core.CounterMinus0Minus1) > 0) {
			n++
		}
	}
	return n
}

// bruteForcePayment returns the fewest permanents whose mana abilities,
// activated by hand in every combination, leave a pool that pays the
// board's cost, or -1.
func bruteForcePayment(t *testing.T, lib *core.Library, b paymentBoard) int {
	g, _ := b.build(t, lib)
	type choice struct {
		ability int
		mana    mana.Type
	}
	var perms [][]choice // per permanent of player 0
	var ids []core.ObjectID
	for _, id := range g.Battlefield() {
		if g.Object(id).Controller() != 0 {
			continue
		}
		var cs []choice
		for i, r := range g.ActivatedAbilities(id) {
			if !r.IsMana() {
				continue
			}
			cs = append(cs, choice{i, -1})
			for t := mana.White; t <= mana.Green; t++ {
				cs = append(cs, choice{i, t})
			}
		}
		perms = append(perms, cs)
		ids = append(ids, id)
	}
	syms, bad := mana.Parse(b.cost)
	require.Empty(t, bad)
	best := -1
	pick := make([]int, len(perms)) // 0: unused, i: perms[k][i-1]
	var walk func(k int)
	walk = func(k int) {
		if k < len(perms) {
			for i := 0; i <= len(perms[k]); i++ {
				pick[k] = i
				walk(k + 1)
			}
			return
		}
		used := 0
		for _, i := range pick {
			if i > 0 {
				used++
			}
		}
		if best >= 0 && used >= best {
			return
		}
		g, _ := b.build(t, lib)
		for k, i := range pick {
			if i == 0 {
				continue
			}
			c := perms[k][i-1]
			r := g.ActivatedAbilities(ids[k])[c.ability]
			if g.Activate(core.Activation{Player: 0, Source: ids[k], Ability: r, Mana: c.mana}) != nil {
				return
			}
		}
		life := g.Player(0).Life
		if poolPays(g.Pool(0), syms, b.x, life) {
			best = used
		}
	}
	walk(0)
	return best
}

// poolPays reports whether a pool pays mana symbols with X and life for
// Phyrexian symbols, trying every way to pay each symbol.
func poolPays(pool mana.Amount, syms []mana.Symbol, x, life int) bool {
	if len(syms) == 0 {
		return true
	}
	s, rest := syms[0], syms[1:]
	take := func(t mana.Type, n int) bool {
		if pool[t] < n {
			return false
		}
		p := pool
		p[t] -= n
		return poolPays(p, rest, x, life)
	}
	generic := func(n int) bool {
		// Any n mana: try every type for each, in order.
		if n == 0 {
			return poolPays(pool, rest, x, life)
		}
		for t := range pool {
			if pool[t] > 0 {
				p := pool
				p[t]--
				if poolPays(p, append([]mana.Symbol{{Kind: mana.Generic, N: n - 1}}, rest...), x, life) {
					return true
				}
			}
		}
		return false
	}
	switch s.Kind {
	case mana.Generic:
		return generic(s.N)
	case mana.Variable:
		return generic(x)
	case mana.Colored, mana.ColorlessOnly:
		return take(s.A, 1)
	case mana.Hybrid:
		return take(s.A, 1) || take(s.B, 1)
	case mana.TwoHybrid:
		return take(s.A, 1) || poolPays(pool, append([]mana.Symbol{{Kind: mana.Generic, N: 2}}, rest...), x, life)
	case mana.ColorlessHybrid:
		return take(mana.Colorless, 1) || take(s.A, 1)
	case mana.Phyrexian:
		return take(s.A, 1) || take(s.B, 1) || life >= 2 && poolPays(pool, rest, x, life-2)
	}
	return false
}

// birdsBoard is n Birds of Paradise and a spell of a cost in hand.
func birdsBoard(t testing.TB, lib *core.Library, n int, cost string) (*core.Game, core.ObjectID) {
	return paymentBoard{permanents: rep("Birds of Paradise", n), cost: cost}.build(t, lib)
}

// TestAutomaticPaymentManyBirds: boards too large for a brute force, where
// the search of a payment used to give up (it stopped after 100,000
// steps and said "not enough mana").
func TestAutomaticPaymentManyBirds(t *testing.T) {
	cases := []struct {
		birds  int
		cost   string
		x      int
		tapped int
	}{
		{10, "{4}{G}", 0, 5},
		{7, "{W}{W}{W}{W}{W}{W}{W}", 0, 7},
		{9, "{7}{W}{W}", 0, 9},
		{1000, "{4}{G}", 0, 5},
		{1000, "{X}{G}", 499, 500},
		{300, "{W/U}{U/B}{B/R}{R/G}{G/W}{2/W}{2/U}{C/G}{X}", 50, 58},
	}
	var costs []string
	for _, c := range cases {
		costs = append(costs, c.cost)
	}
	lib := paymentLibrary(t, costs)
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d Birds pay %s with X = %d", c.birds, c.cost, c.x), func(t *testing.T) {
			g, spell := birdsBoard(t, lib, c.birds, c.cost)
			require.NoError(t, g.Cast(0, spell, c.x, nil))
			assert.Equal(t, c.tapped, usedPermanents(g))
			assert.Equal(t, mana.Amount{}, g.Pool(0))
			// The first ones entered are the ones tapped.
			bf := g.Battlefield()
			assert.True(t, g.Object(bf[0]).Tapped())
			assert.True(t, g.Object(bf[c.tapped-1]).Tapped())
			if c.tapped < c.birds {
				assert.False(t, g.Object(bf[c.tapped]).Tapped())
			}
		})
	}
	t.Run("one Bird too few", func(t *testing.T) {
		g, spell := birdsBoard(t, lib, 6, "{W}{W}{W}{W}{W}{W}{W}")
		var re *core.RuleError
		require.ErrorAs(t, g.Cast(0, spell, 0, nil), &re)
		assert.Equal(t, "601.2h", re.Rule)
		assert.Equal(t, 0, usedPermanents(g))
	})
}

// BenchmarkAutomaticPayment measures casting a spell whose cost the
// automatic payment pays with Birds of Paradise, on boards of 10, 100 and
// 1,000 Birds: {4}{G}, where a handful are tapped (the cost should grow
// linearly with the board), and {X}{G} with X half the board, where half
// are (the tables grow with the board times the Birds tapped).
func BenchmarkAutomaticPayment(b *testing.B) {
	lib := paymentLibrary(b, []string{"{4}{G}", "{X}{G}"})
	for _, n := range []int{10, 100, 1000} {
		for _, c := range []struct {
			cost string
			x    int
		}{{"{4}{G}", 0}, {"{X}{G}", n / 2}} {
			b.Run(fmt.Sprintf("cost=%s/x=%d/birds=%d", c.cost, c.x, n), func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					g, spell := birdsBoard(b, lib, n, c.cost)
					b.StartTimer()
					if err := g.Cast(0, spell, c.x, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
