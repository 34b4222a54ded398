package core_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vm"
)

// stackCards are the cards of the tests of the stack: a spell to copy, a
// copier, a counterspell and a creature spell's copier.
const stackCards = `
card "Spark" {
    cost {0}
    type Instant
    oracle "Spark deals 1 damage to any target."
    spell {
        deal 1 damage to any target
    }
}

card "Echo" {
    cost {0}
    type Instant
    oracle "Copy target instant or sorcery spell."
    spell {
        copy target instant or sorcery spell
    }
}

card "Echo Savant" {
    cost {0}
    type Instant
    oracle "Copy target spell. You may choose new targets for the copy."
    spell {
        copy target spell and you may choose new targets for the copy
    }
}

card "Null" {
    cost {0}
    type Instant
    oracle "Counter target spell."
    spell {
        counter target spell
    }
}

card "Bear" {
    cost {0}
    type Creature — Bear
    pt 2/2
    oracle ""
}
`

// stackGame starts a game with the stack's cards, none in any zone.
func stackGame(t testing.TB, d core.Decider) *core.Game {
	t.Helper()
	return core.New(library(t, stackCards), d)
}

// castFromHand puts a card into a player's hand and casts it.
func castFromHand(t testing.TB, g *core.Game, p core.PlayerID, name string, targets ...vm.Value) *core.Object {
	t.Helper()
	c, err := g.Setup().AddCard(name, p, core.ZoneHand)
	require.NoError(t, err)
	require.NoError(t, g.Cast(p, c.ID(), 0, targets))
	return g.CurrentObject(c.Card())
}

// top is the object of the spell on top of the stack.
func top(g *core.Game) *core.Object {
	s := g.Stack()
	return g.Object(s[len(s)-1].Spell)
}

// TestCopyOfACopyIsBounded copies a spell, then that copy, and so on a
// thousand times (CR 707.3: a copy of a copy has the copiable values of
// what the first copies): each copy costs the same work however deep it
// is, and each is the original spell, with its target, controlled by the
// player who copied it.
func TestCopyOfACopyIsBounded(t *testing.T) {
	g := stackGame(t, nil)
	require.NoError(t, g.Setup().SetLife(1, 5000))
	spark := castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	const depth = 1000
	var runs []int64
	original := spark
	for range depth {
		before := core.Runs(g)
		castFromHand(t, g, 0, "Echo", core.ObjectValue(spark.ID()))
		require.NoError(t, g.ResolveTop())
		runs = append(runs, core.Runs(g)-before)
		copied := top(g)
		require.NotEqual(t, spark.ID(), copied.ID())
		require.True(t, copied.Copy())
		require.Equal(t, "Spark", copied.Name())
		require.Same(t, original.Def(), copied.Def(), "a copy of a copy copies the card")
		spark = copied
	}
	require.Equal(t, runs[0], runs[depth-1], "the thousandth copy of a copy costs what the first does")
	require.Len(t, g.Stack(), depth+1)
	require.NoError(t, g.ResolveAll())
	require.Equal(t, 5000-depth-1, g.Player(1).Life)
	require.Equal(t, depth, logCount(g, core.EvSpellCopied))
	require.Equal(t, 1+depth, logCount(g, core.EvSpellCast), "the copies were not cast: the Echoes and Spark were")
}

// TestCopiesBeyondTheStackLimitStop: a copy is an object on the stack,
// which MaxStackObjects bounds like triggered abilities: a copy beyond it
// stops the game, saying why, and isn't made.
func TestCopiesBeyondTheStackLimitStop(t *testing.T) {
	g := stackGame(t, nil)
	var spark *core.Object
	for range core.MaxStackObjects {
		spark = castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	}
	castFromHand(t, g, 0, "Echo", core.ObjectValue(spark.ID()))
	err := g.ResolveTop()
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure)
	require.ErrorContains(t, err, "Spark would be copied with 5000 objects on the stack and waiting to go on it, more than 5000")
	require.Zero(t, logCount(g, core.EvSpellCopied))
	require.Equal(t, core.EndStopped, g.Outcome().Reason)
}

// TestACopierWhoseTargetLeftCopiesNothing: a spell that copies target
// spell, whose target left the stack, doesn't resolve (CR 608.2b): there
// is nothing to copy.
func TestACopierWhoseTargetLeftCopiesNothing(t *testing.T) {
	g := stackGame(t, nil)
	spark := castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	savant := castFromHand(t, g, 1, "Echo Savant", core.ObjectValue(spark.ID()))
	castFromHand(t, g, 1, "Null", core.ObjectValue(spark.ID()))
	require.NoError(t, g.ResolveTop()) // Null counters Spark
	require.True(t, spark.Left())
	require.Equal(t, 1, logCount(g, core.EvCountered))
	// Echo Savant's target left the stack: it doesn't resolve (CR 608.2b).
	require.NoError(t, g.ResolveTop())
	require.True(t, savant.Left())
	require.Zero(t, logCount(g, core.EvSpellCopied))
	require.Empty(t, g.Stack())
	require.Equal(t, 20, g.Player(1).Life)
}

// TestCopyIsCopiedAsItLastExisted: a spell that left the stack is copied
// as it last existed there (CR 608.2h): Hive Mind's ability, which names
// the spell without targeting it, resolves even if the spell was
// countered in response, and copies it.
func TestCopyIsCopiedAsItLastExisted(t *testing.T) {
	lib := library(t, stackCards+`
card "Echo Mind" {
    cost {0}
    type Enchantment
    oracle "Whenever a player casts an instant or sorcery spell, each other player copies that spell. Each of those players may choose new targets for their copy."
    whenever a player casts an instant or sorcery spell as spell {
        each other player copies spell and each of those players may choose new targets for their copy
    }
}`)
	g := core.New(lib, nil)
	_, err := g.Setup().AddCard("Echo Mind", 1, core.ZoneBattlefield)
	require.NoError(t, err)
	spark := castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	require.Len(t, g.Stack(), 2) // Spark and the trigger
	// In response, the opponent counters Spark (their Null is copied by
	// you in turn: its copy's target, Spark, is the same).
	castFromHand(t, g, 1, "Null", core.ObjectValue(spark.ID()))
	require.NoError(t, g.ResolveTop()) // the trigger of Null: your copy of Null
	require.NoError(t, g.ResolveTop()) // your copy of Null counters Spark
	require.True(t, spark.Left())
	require.NoError(t, g.ResolveAll())
	// Null's target was gone; the trigger of Spark copied it as it last
	// existed: the opponent's copy dealt 1 damage to the opponent.
	require.Equal(t, 19, g.Player(1).Life)
	require.Equal(t, 2, logCount(g, core.EvSpellCopied))
	require.Equal(t, 1, logCount(g, core.EvCountered))
}

// TestCounteredCopyCeasesToExist: a copy of a spell countered, or
// resolved, is in no graveyard (CR 707.10a, 704.5e); the card it copies
// is where it goes.
func TestCounteredCopyCeasesToExist(t *testing.T) {
	g := stackGame(t, nil)
	spark := castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	castFromHand(t, g, 0, "Echo", core.ObjectValue(spark.ID()))
	require.NoError(t, g.ResolveTop())
	copied := top(g)
	require.True(t, copied.Copy())
	castFromHand(t, g, 1, "Null", core.ObjectValue(copied.ID()))
	require.NoError(t, g.ResolveTop())
	require.True(t, copied.Left())
	require.Nil(t, g.CurrentObject(copied.Card()), "the copy ceased to exist")
	require.NoError(t, g.ResolveAll())
	require.Equal(t, 19, g.Player(1).Life)
	// Spark, Echo and Null are cards in graveyards; the copy is not.
	require.Len(t, g.Player(0).Graveyard, 2)
	require.Len(t, g.Player(1).Graveyard, 1)
	require.Equal(t, 1, logCount(g, core.EvCountered))
}

// TestCopyOfAPermanentSpellBecomesAToken: a copy of a creature spell
// resolves into a token (CR 707.10f), controlled by the player who copied
// it.
func TestCopyOfAPermanentSpellBecomesAToken(t *testing.T) {
	g := stackGame(t, nil)
	bear := castFromHand(t, g, 0, "Bear")
	castFromHand(t, g, 1, "Echo Savant", core.ObjectValue(bear.ID()))
	require.NoError(t, g.ResolveAll())
	var tokens, cards int
	for _, id := range g.Battlefield() {
		o := g.Object(id)
		require.Equal(t, "Bear", o.Name())
		if o.Token() {
			tokens++
			require.Equal(t, core.PlayerID(1), o.Controller())
			require.Equal(t, core.PlayerID(1), o.Owner())
		} else {
			cards++
		}
	}
	require.Equal(t, 1, tokens)
	require.Equal(t, 1, cards)
}

// newTargets is a Decider that records what a player could choose for the
// targets of a copy, and chooses the first other target.
type newTargets struct {
	core.DefaultDecider
	others [][]vm.Value
}

func (d *newTargets) ChooseNewTargets(g *core.Game, p core.PlayerID, item *core.StackItem, current []vm.Value, others [][]vm.Value) []vm.Value {
	d.others = others
	out := append([]vm.Value(nil), current...)
	for i, o := range others {
		if len(o) > 0 {
			out[i] = o[0]
		}
	}
	return out
}

// TestACopyCantTargetItself: the new targets of a copy of a spell that
// targets a spell are the other spells on the stack, never the copy
// itself (CR 115.5), nor its current target.
func TestACopyCantTargetItself(t *testing.T) {
	d := &newTargets{}
	g := stackGame(t, d)
	spark := castFromHand(t, g, 0, "Spark", core.PlayerValue(1))
	null := castFromHand(t, g, 1, "Null", core.ObjectValue(spark.ID()))
	castFromHand(t, g, 0, "Echo Savant", core.ObjectValue(null.ID()))
	require.NoError(t, g.ResolveTop())
	copied := top(g)
	require.Equal(t, [][]vm.Value{{core.ObjectValue(null.ID())}}, d.others,
		"the copy of Null may target Null, not Spark (its target) or itself")
	item := g.Stack()[len(g.Stack())-1]
	require.Equal(t, copied.ID(), item.Spell)
	require.Equal(t, core.ObjectValue(null.ID()), item.Locals[3])
	var decided []core.Decision
	for _, dec := range g.Decisions() {
		if dec.Kind == core.DecisionNewTarget {
			decided = append(decided, dec)
		}
	}
	require.Len(t, decided, 1)
	require.Equal(t, core.PlayerID(0), decided[0].Player)
	require.True(t, decided[0].Changed)
	require.Equal(t, "player 1 chose the target of a copy: Null#"+itoa(null.ID())+" (new) for Null#"+itoa(copied.ID()), g.DescribeDecision(&decided[0]))
	// The copy counters Null; Spark resolves.
	require.NoError(t, g.ResolveAll())
	require.Equal(t, 19, g.Player(1).Life)
	require.Equal(t, 1, logCount(g, core.EvCountered))
}

// TestExtraTurnsAreTakenLastCreatedFirst: extra turns wait in the order
// they will be taken, the last created first (CR 500.7), and turn order
// goes on from the last turn that was no extra turn.
func TestExtraTurnsAreTakenLastCreatedFirst(t *testing.T) {
	lib := library(t, `
card "Warp" {
    cost {0}
    type Sorcery
    oracle "Target player takes an extra turn after this one."
    spell {
        target player takes an extra turn after this one
    }
}`)
	g := core.New(lib, nil)
	for p := range core.PlayerID(2) {
		for range 10 {
			_, err := g.Setup().AddCard("Warp", p, core.ZoneLibrary)
			require.NoError(t, err)
		}
	}
	for _, p := range []core.PlayerID{1, 0, 1} {
		c, err := g.Setup().AddCard("Warp", 0, core.ZoneHand)
		require.NoError(t, err)
		require.NoError(t, g.Cast(0, c.ID(), 0, []vm.Value{core.PlayerValue(p)}))
		require.NoError(t, g.ResolveTop())
	}
	require.Equal(t, []core.PlayerID{1, 0, 1}, reversed(g.ExtraTurns()))
	var order []core.PlayerID
	for range 5 {
		require.NoError(t, g.AdvanceToNextTurn())
		order = append(order, g.ActivePlayer())
	}
	// The extra turns, the last created first; then player 2's turn,
	// which follows player 1's turn 1; then player 1's.
	require.Equal(t, []core.PlayerID{1, 0, 1, 1, 0}, order)
	require.Empty(t, g.ExtraTurns())
	require.Equal(t, 6, g.Turn())
}

func reversed(ps []core.PlayerID) []core.PlayerID {
	out := make([]core.PlayerID, len(ps))
	for i, p := range ps {
		out[len(ps)-1-i] = p
	}
	return out
}

func itoa(id core.ObjectID) string { return strconv.Itoa(int(id)) }

// BenchmarkCopyOfACopy copies a spell that is a copy of a copy, depth
// deep, and resolves the new copy: the work is the same at any depth
// (CR 707.3: a copy copies the card, not a chain of copies).
func BenchmarkCopyOfACopy(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, depth := range []int{1, 1000} {
		b.Run(strconv.Itoa(depth), func(b *testing.B) {
			g := stackGame(b, nil)
			require.NoError(b, g.Setup().SetLife(1, core.MaxQuantity))
			spark := castFromHand(b, g, 0, "Spark", core.PlayerValue(1))
			for range depth {
				castFromHand(b, g, 0, "Echo", core.ObjectValue(spark.ID()))
				require.NoError(b, g.ResolveTop())
				spark = top(g)
			}
			for b.Loop() {
				core.ForgetForBenchmark(g)
				castFromHand(b, g, 0, "Echo", core.ObjectValue(spark.ID()))
				if err := g.ResolveTop(); err != nil {
					b.Fatal(err)
				}
				if err := g.ResolveTop(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
