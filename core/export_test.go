package core

// ForgetForBenchmark clears the event log and the triggered abilities
// waiting for the stack, keeping their buffers, so that a benchmark can
// repeat one event in a steady state.
func ForgetForBenchmark(g *Game) {
	g.log = g.log[:0]
	g.pending = g.pending[:0]
}
