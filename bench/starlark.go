package bench

import (
	"fmt"

	"github.com/cardc/cardc/vm"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// starlarkScript is the card logic in Starlark.
const starlarkScript = `
def hydra_match(this):
    if damage_target() != this:
        return (0, 0, 0)
    return (1, damage_id(), damage_amount())

def hydra_body(this, id, amount):
    prevent(id)
    remove_counters(this, COUNTER_PLUS1, amount)

def slagwurm_match(this):
    if block_blocker() == this:
        creature = block_attacker()
        if is_type(creature, TYPE_CREATURE):
            return (1, creature)
    if block_attacker() == this:
        creature = block_blocker()
        if is_type(creature, TYPE_CREATURE):
            return (1, creature)
    return (0, 0)

def slagwurm_body(you, creature):
    destroy(creature)
    gain_life(you, toughness(creature))
`

// starlarkEngine runs starlarkScript with go.starlark.net; its built-ins
// call the world through vm.Host.
type starlarkEngine struct {
	thread                      *starlark.Thread
	hydraMatch, hydraBody       starlark.Value
	slagwurmMatch, slagwurmBody starlark.Value
	args                        [3]vm.Value
}

// NewStarlark returns the Starlark engine for w.
func NewStarlark(w *World) (Engine, error) {
	e := &starlarkEngine{thread: &starlark.Thread{Name: "bench"}}
	var h vm.Host = w
	field := func(name string, id int32) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
			v, err := h.Field(nil, id)
			return starlark.MakeInt64(int64(v)), err
		})
	}
	call := func(name string, id int32, n int, result string) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			if len(args) != n {
				return nil, fmt.Errorf("%s: got %d arguments, want %d", name, len(args), n)
			}
			for i, a := range args {
				x, err := starlark.AsInt32(a)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", name, err)
				}
				e.args[i] = vm.Value(x)
			}
			v, err := h.Call(nil, id, e.args[:n])
			switch {
			case err != nil:
				return nil, err
			case result == "number":
				return starlark.MakeInt64(int64(v)), nil
			case result == "bool":
				return starlark.Bool(v != 0), nil
			}
			return starlark.None, nil
		})
	}
	predeclared := starlark.StringDict{
		"damage_id":       field("damage_id", FieldDamageID),
		"damage_target":   field("damage_target", FieldDamageTarget),
		"damage_amount":   field("damage_amount", FieldDamageAmount),
		"block_blocker":   field("block_blocker", FieldBlockBlocker),
		"block_attacker":  field("block_attacker", FieldBlockAttacker),
		"prevent":         call("prevent", FnPrevent, 1, ""),
		"remove_counters": call("remove_counters", FnRemoveCounters, 3, ""),
		"is_type":         call("is_type", FnIsType, 2, "bool"),
		"destroy":         call("destroy", FnDestroy, 1, ""),
		"toughness":       call("toughness", FnToughness, 1, "number"),
		"gain_life":       call("gain_life", FnGainLife, 2, ""),
		"COUNTER_PLUS1":   starlark.MakeInt64(int64(CounterPlus1)),
		"TYPE_CREATURE":   starlark.MakeInt64(int64(TypeCreature)),
	}
	globals, err := starlark.ExecFileOptions(&syntax.FileOptions{}, e.thread, "cards.star", starlarkScript, predeclared)
	if err != nil {
		return nil, err
	}
	e.hydraMatch = globals["hydra_match"]
	e.hydraBody = globals["hydra_body"]
	e.slagwurmMatch = globals["slagwurm_match"]
	e.slagwurmBody = globals["slagwurm_body"]
	return e, nil
}

// call calls fn with args and returns the numbers of the tuple it returns.
func (e *starlarkEngine) call(fn starlark.Value, res []vm.Value, args ...starlark.Value) error {
	v, err := starlark.Call(e.thread, fn, args, nil)
	if err != nil || len(res) == 0 {
		return err
	}
	t, ok := v.(starlark.Tuple)
	if !ok || len(t) != len(res) {
		return fmt.Errorf("%s returned %v", fn, v)
	}
	for i, x := range t {
		n, err := starlark.AsInt32(x)
		if err != nil {
			return err
		}
		res[i] = vm.Value(n)
	}
	return nil
}

func num(v vm.Value) starlark.Value { return starlark.MakeInt64(int64(v)) }

func (e *starlarkEngine) Replace(this, _ vm.Value) (bool, error) {
	var r [3]vm.Value
	if err := e.call(e.hydraMatch, r[:], num(this)); err != nil || r[0] == 0 {
		return false, err
	}
	err := e.call(e.hydraBody, nil, num(this), num(r[1]), num(r[2]))
	return err == nil, err
}

func (e *starlarkEngine) Trigger(this, you vm.Value) (int, error) {
	var r [2]vm.Value
	if err := e.call(e.slagwurmMatch, r[:], num(this)); err != nil || r[0] == 0 {
		return 0, err
	}
	if err := e.call(e.slagwurmBody, nil, num(you), num(r[1])); err != nil {
		return 0, err
	}
	return 1, nil
}
