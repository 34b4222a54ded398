package core

import "github.com/cardc/cardc/vm"

// ForgetForBenchmark clears the event log and the triggered abilities
// waiting for the stack, keeping their buffers, so that a benchmark can
// repeat one event in a steady state.
func ForgetForBenchmark(g *Game) {
	g.log = g.log[:0]
	g.pending = g.pending[:0]
}

// ManaValue is the mana value of an object, as the query mana_value reads
// it (CR 202.3).
func ManaValue(g *Game, id ObjectID) int {
	v, _ := qManaValue(g, []vm.Value{ObjectValue(id)})
	return int(v)
}
