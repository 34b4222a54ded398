package bench

import "github.com/cardc/cardc/vm"

// Engine runs the card logic of the comparison against a World.
type Engine interface {
	// Replace runs Protean Hydra's replacement effect, the Hydra being
	// this and controlled by you, against the world's current event: its
	// match and, if it applies, its body. It reports whether it applied.
	Replace(this, you vm.Value) (bool, error)
	// Trigger runs Engulfing Slagwurm's triggered ability, the Slagwurm
	// being this and controlled by you, against the world's current
	// event: its match and, if it triggers, its body. It reports how many
	// times it triggered.
	Trigger(this, you vm.Value) (int, error)
}

// Engines are the engines compared, in the order of the table: a name
// and a function that makes the engine for a world.
var Engines = []struct {
	Name string
	New  func(w *World) (Engine, error)
}{
	{"cardc", NewCardc},
	{"go", NewGo},
	{"gopher-lua", NewLua},
	{"starlark", NewStarlark},
	{"expr", NewExpr},
}

// Step is one operation of the benchmark: a damage event to the Hydra,
// which its replacement effect prevents, and a block by the Slagwurm,
// which triggers it once.
func Step(w *World, e Engine) error {
	w.Damage(Hydra, 1)
	if _, err := e.Replace(Hydra, 0); err != nil {
		return err
	}
	w.Block(Slagwurm, Bears)
	_, err := e.Trigger(Slagwurm, 0)
	return err
}
