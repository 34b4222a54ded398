package core_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// library compiles cards from source for a test.
func library(t testing.TB, src string) *core.Library {
	t.Helper()
	f, diags := parser.ParseString("test.card", src)
	require.Empty(t, diags)
	prog, diags := compiler.Compile([]*dsl.File{f})
	require.False(t, diags.HasErrors(), "%v", diags)
	lib, err := core.NewLibrary(prog)
	require.NoError(t, err)
	return lib
}

// TestVocabularyLinks checks that the rules core implements every name of
// the standard vocabulary: each action and query with its arity, each
// field of each event kind, each event kind, rule, step and zone.
func TestVocabularyLinks(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	prog := &vm.Program{}
	add := func(s vm.Symbol) { prog.Symbols = append(prog.Symbols, s) }
	for _, f := range v.Funcs() {
		add(vm.Symbol{Kind: vm.SymFunc, Name: f.Name, Arity: uint8(len(f.Params)), Returns: f.Returns()})
	}
	for _, e := range v.Events() {
		add(vm.NameSymbol(vm.NameEvent, e.Name))
		for _, f := range e.Fields {
			add(vm.FieldSymbol(e.Name, f.Name))
		}
	}
	for _, r := range v.Rules() {
		add(vm.NameSymbol(vm.NameRule, r.Name))
	}
	for _, s := range v.Steps() {
		add(vm.NameSymbol(vm.NameStep, s.Name))
	}
	for _, k := range []vocab.Kind{vocab.KZone, vocab.KCardType, vocab.KSupertype, vocab.KColor, vocab.KCounter, vocab.KKeyword} {
		for _, n := range v.Names(k) {
			add(vm.NameSymbol(k.NameKind(), n))
		}
	}
	sort.Slice(prog.Symbols, func(i, j int) bool { return prog.Symbols[i].Name < prog.Symbols[j].Name })
	_, err = core.NewLibrary(prog)
	require.NoError(t, err)

	// And the other way: every event kind the core logs is in the
	// vocabulary, so tests and cards can name it.
	for _, name := range core.EventKindNames() {
		require.NotNil(t, v.Event(name), name)
	}
}

const board = `
card "Protean Hydra" {
    cost {X}{G}
    type Creature — Hydra
    pt 0/0
    oracle "..."
    enters with X +1/+1 counters
    replace damage to this {
        prevent damage
        remove damage.amount +1/+1 counters from this
    }
    whenever a +1/+1 counter is removed from this {
        at the beginning of the next end step {
            put two +1/+1 counters on this
        }
    }
}
card "Engulfing Slagwurm" {
    cost {5}{G}{G}
    type Creature — Wurm
    pt 7/7
    oracle "..."
    whenever this blocks or becomes blocked by a creature as creature {
        destroy creature
        gain creature.toughness life
    }
}
card "Grizzly Bears" {
    cost {1}{G}
    type Creature — Bear
    pt 2/2
    oracle ""
}
card "Hill Giant" {
    cost {3}{R}
    type Creature — Giant
    pt 3/3
    oracle ""
}
`

// hydraBoard sets up a game with 100 permanents (see hydraBoardOf).
func hydraBoard(t testing.TB) (*core.Game, *core.Object, *core.Object) {
	return hydraBoardOf(t, 100)
}

// hydraBoardOf sets up a game with n permanents: the target Protean Hydra
// with many counters, and then, in turn, Protean Hydra, Grizzly Bears,
// Hill Giant and Engulfing Slagwurm, so that a quarter are Hydras (their
// replacement effects watch damage, their triggers counters removed, each
// anchored to its own Hydra); and a source of damage in a hand.
func hydraBoardOf(t testing.TB, n int) (*core.Game, *core.Object, *core.Object) {
	lib := library(t, board)
	g := core.New(lib, nil)
	setup := g.Setup()
	add := func(name string, owner core.PlayerID, zone core.Zone) *core.Object {
		o, err := setup.AddCard(name, owner, zone)
		require.NoError(t, err)
		return o
	}
	hydra := add("Protean Hydra", 0, core.ZoneBattlefield)
	require.NoError(t, setup.SetCounters(hydra.ID(), core.CounterPlus1Plus1, 1<<40))
	for i := 1; i < n; i++ {
		switch i % 4 {
		case 0:
			h := add("Protean Hydra", 0, core.ZoneBattlefield)
			require.NoError(t, setup.SetCounters(h.ID(), core.CounterPlus1Plus1, 1))
		case 1:
			add("Grizzly Bears", core.PlayerID(i%2), core.ZoneBattlefield)
		case 2:
			add("Hill Giant", core.PlayerID(i%2), core.ZoneBattlefield)
		default:
			add("Engulfing Slagwurm", core.PlayerID(i%2), core.ZoneBattlefield)
		}
	}
	source := add("Hill Giant", 1, core.ZoneHand)
	require.Len(t, g.Battlefield(), n)
	return g, hydra, source
}

// BenchmarkDamageProteanHydra measures one damage event to Protean Hydra
// on boards of 10 to 10,000 permanents, a quarter of them Hydras: their
// replacement effects and triggers are looked at (through the ability
// index, only the target's), one replacement applies (prevention, then
// counters removed: a second event), one trigger triggers. The cost of an
// event should not grow with the board.
func BenchmarkDamageProteanHydra(b *testing.B) {
	benchmarkDamageOnBoards(b, hydraBoardOf)
}

// BenchmarkDamageProteanHydraUnderAnthem is BenchmarkDamageProteanHydra
// with Glorious Anthem and a Trollhide on the battlefield: continuous
// effects apply to the creatures, and the counters the Hydra loses change
// its characteristics, which are computed again for it alone (the
// effects read no counters).
func BenchmarkDamageProteanHydraUnderAnthem(b *testing.B) {
	benchmarkDamageOnBoards(b, anthemBoard)
}

// benchmarkDamageOnBoards measures one damage event to the Hydra of boards
// of 10 to 10,000 permanents, each made by board.
func benchmarkDamageOnBoards(b *testing.B, board func(testing.TB, int) (*core.Game, *core.Object, *core.Object)) {
	// The check of the ability index after each action walks the board.
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, n := range []int{10, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("permanents=%d", n), func(b *testing.B) {
			g, hydra, source := board(b, n)
			target := core.ObjectValue(hydra.ID())
			g.DealDamage(source.ID(), target, 1, false) // warm up the buffers
			core.ForgetForBenchmark(g)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.DealDamage(source.ID(), target, 1, false)
				core.ForgetForBenchmark(g)
			}
		})
	}
}

// anthemBoard is hydraBoardOf's board of n permanents with two of them
// sources of continuous effects: Glorious Anthem, and Trollhide on the
// target Hydra.
func anthemBoard(t testing.TB, n int) (*core.Game, *core.Object, *core.Object) {
	lib := library(t, board+`
card "Glorious Anthem" { cost {1}{W}{W}; type Enchantment; oracle "..."; static creatures you control get +1/+1 }
card "Trollhide" {
    cost {2}{G}
    type Enchantment — Aura
    oracle "..."
    enchant creature
    static enchanted creature gets +2/+2
    static enchanted creature has `+"`{1}{G}: regenerate this`"+`
}`)
	g := core.New(lib, nil)
	setup := g.Setup()
	add := func(name string, owner core.PlayerID) *core.Object {
		o, err := setup.AddCard(name, owner, core.ZoneBattlefield)
		require.NoError(t, err)
		return o
	}
	hydra := add("Protean Hydra", 0)
	require.NoError(t, setup.SetCounters(hydra.ID(), core.CounterPlus1Plus1, 1<<40))
	require.NoError(t, setup.Attach(add("Trollhide", 0).ID(), hydra.ID()))
	add("Glorious Anthem", 0)
	for i := 3; i < n; i++ {
		switch i % 4 {
		case 0:
			h := add("Protean Hydra", 0)
			require.NoError(t, setup.SetCounters(h.ID(), core.CounterPlus1Plus1, 1))
		case 1:
			add("Grizzly Bears", core.PlayerID(i%2))
		case 2:
			add("Hill Giant", core.PlayerID(i%2))
		default:
			add("Engulfing Slagwurm", core.PlayerID(i%2))
		}
	}
	source, err := setup.AddCard("Hill Giant", 1, core.ZoneHand)
	require.NoError(t, err)
	return g, hydra, source
}

// TestCountersChangeOnePermanentUnderAnthem checks the characteristics
// as counters come and go on a board with continuous effects: computed
// again for one permanent, they are what the whole board's computation
// gives (the check after every action compares them), and the effects of
// Glorious Anthem and Trollhide read no counters, while Maro's
// characteristic-defining ability reads a hand.
func TestCountersChangeOnePermanentUnderAnthem(t *testing.T) {
	g, hydra, source := anthemBoard(t, 12)
	lib := g.Library()
	require.True(t, core.CounterBlind(lib.Card("Glorious Anthem")))
	require.True(t, core.CounterBlind(lib.Card("Trollhide")))
	maro := library(t, `card "Maro" { cost {2}{G}{G}; type Creature — Avatar; pt */*; oracle "..."; static power and toughness of this are each equal to you.cards_in_hand }`)
	require.False(t, core.CounterBlind(maro.Card("Maro")))

	// The opponent's Grizzly Bears, and one of your Hydras with a counter.
	bears, other := g.Battlefield()[5], g.Battlefield()[4]
	require.Equal(t, "Grizzly Bears", g.Object(bears).Def().Name)
	require.Equal(t, "Protean Hydra", g.Object(other).Def().Name)
	require.NoError(t, g.PutCounters(bears, core.CounterPlus1Plus1, 2))
	require.Equal(t, 4, g.Power(bears)) // 2/2 and two +1/+1 counters
	require.NoError(t, g.PutCounters(other, core.CounterPlus1Plus1, 2))
	require.Equal(t, 4, g.Power(other)) // 0/0, three +1/+1 counters, +1/+1 (Glorious Anthem)
	require.NoError(t, g.Setup().SetCounters(hydra.ID(), core.CounterPlus1Plus1, 10))
	require.NoError(t, g.DealDamage(source.ID(), core.ObjectValue(hydra.ID()), 1, false))
	require.Equal(t, 9+2+1, g.Power(hydra.ID())) // 0/0, nine counters, +2/+2 (Trollhide), +1/+1 (Glorious Anthem)
	require.NoError(t, g.RemoveCounters(bears, core.CounterPlus1Plus1, 1))
	require.Equal(t, 3, g.Toughness(bears))
	require.Equal(t, 4, g.Toughness(other))
	require.NoError(t, core.VerifyIndex(g))
}

// TestDamagePipelineDoesNotAllocate proves the steady state of the event
// pipeline allocates nothing: matching replacement effects and triggers,
// running the replacement's body, performing and logging both events.
func TestDamagePipelineDoesNotAllocate(t *testing.T) {
	// The check of the ability index after each action allocates.
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	g, hydra, source := hydraBoard(t)
	target := core.ObjectValue(hydra.ID())
	plus, _ := g.Library().Counter("+1/+1")
	before := hydra.Counters(plus)
	var err error
	step := func() {
		if e := g.DealDamage(source.ID(), target, 1, false); e != nil && err == nil {
			err = e
		}
		core.ForgetForBenchmark(g)
	}
	step() // warm up the buffers
	allocs := testing.AllocsPerRun(200, step)
	require.Zero(t, allocs)
	// One warm-up, and AllocsPerRun runs the function once more than asked.
	require.Equal(t, before-202, hydra.Counters(plus))
	require.NoError(t, err)
}

func TestEventLogDescribesEvents(t *testing.T) {
	g, hydra, source := hydraBoard(t)
	require.NoError(t, g.DealDamage(source.ID(), core.ObjectValue(hydra.ID()), 3, false))
	var lines []string
	for i := range g.Log() {
		lines = append(lines, g.Describe(&g.Log()[i]))
	}
	require.Equal(t, []string{
		"turn 1: damage_prevented 3 from Hill Giant#101 to Protean Hydra#1",
		"turn 1: counter_removed 3 +1/+1 on Protean Hydra#1",
	}, lines)
	require.True(t, strings.HasPrefix(lines[0], "turn 1"))
}
