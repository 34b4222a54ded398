package core

import "github.com/cardc/cardc/vm"

// ForgetForBenchmark clears the event log and the triggered abilities
// waiting for the stack, keeping their buffers, so that a benchmark can
// repeat one event in a steady state.
func ForgetForBenchmark(g *Game) {
	g.log, g.gameEvents = g.log[:0], 0
	g.pending = g.pending[:0]
}

// ManaValue is the mana value of an object, as the query mana_value reads
// it (CR 202.3).
func ManaValue(g *Game, id ObjectID) int {
	v, _ := qManaValue(g, []vm.Value{ObjectValue(id)})
	return int(v)
}

// VerifyIndex checks the ability index of a game against one built from
// scratch.
func VerifyIndex(g *Game) error { return g.verifyIndex() }

// Watchers lists the permanents the ability index visits for an event of
// a kind that involves the object target (as a damage's target, a counter
// event's object...): those with an ability that may match it.
func Watchers(g *Game, kind EventKind, target ObjectID) []ObjectID {
	ev := Event{Kind: kind, Object: target, Target: ObjectValue(target), Player: NoPlayer}
	var out []ObjectID
	g.eachWatcher(&ev, 0, func(o *Object) { out = append(out, o.id) })
	return out
}

// DropFromIndex makes the ability index stale: it forgets that a
// permanent watches an event kind.
func DropFromIndex(g *Game, kind EventKind, id ObjectID) { g.index.remove(id, kindBit(kind)) }

// CounterBlind reports whether the continuous effects of a card read
// nothing counters change.
func CounterBlind(d *CardDef) bool { return d.counterBlind }

// Runs counts the functions of cards the game has run (match functions,
// bodies, filters...): the work of its VM, which a test can compare
// between boards without timing anything.
func Runs(g *Game) int64 { return g.runs }

// DrawForBenchmark has a player draw a card, as the draw action does
// (CR 121.1).
func DrawForBenchmark(g *Game, p PlayerID) { g.draw(p) }

// AnnounceTargets announces the targets of the spell ability of a card
// of a player's hand, as casting it does (CR 601.2c-d), without casting
// it: for benchmarks of the choice of targets.
func AnnounceTargets(g *Game, card ObjectID, vals []vm.Value) error {
	o := g.Object(card)
	item := &StackItem{Controller: o.controller, Def: o.def, Ability: spellAbility(o.def), Text: o.def.Name, Source: o.id}
	ab := &o.def.Card.Abilities[item.Ability]
	item.Locals = make([]vm.Value, max(ab.NumLocals, vm.FirstFreeLocal))
	item.Locals[vm.LocalThis], item.Locals[vm.LocalYou] = ObjectValue(o.id), PlayerValue(o.controller)
	if err := g.assignTargets(item, ab, vals); err != nil {
		return err
	}
	return g.divideTargets(item, ab, true)
}
