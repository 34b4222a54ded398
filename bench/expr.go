package bench

import (
	"fmt"

	"github.com/cardc/cardc/vm"
	"github.com/expr-lang/expr"
	exprvm "github.com/expr-lang/expr/vm"
)

// The card logic in expr: a match returns a list, its first element the
// number of times the ability applies, then what it binds; a body is a
// sequence of calls.
const (
	exprHydraMatch = `damage_target() == This ? [1, damage_id(), damage_amount()] : [0, 0, 0]`
	exprHydraBody  = `prevent(ID); remove_counters(This, COUNTER_PLUS1, Amount)`
	exprWurmMatch  = `block_blocker() == This && is_type(block_attacker(), TYPE_CREATURE) ? [1, block_attacker()] :
	                  block_attacker() == This && is_type(block_blocker(), TYPE_CREATURE) ? [1, block_blocker()] :
	                  [0, 0]`
	exprWurmBody = `destroy(Creature); gain_life(You, toughness(Creature))`
)

// exprEnv is the environment of the expressions: the ability's locals and
// the names of the host.
type exprEnv struct {
	This, You, ID, Amount, Creature int
	COUNTER_PLUS1, TYPE_CREATURE    int
}

// exprEngine runs the expressions with expr-lang/expr; its functions call
// the world through vm.Host.
type exprEngine struct {
	machine                                    exprvm.VM
	env                                        exprEnv
	hydraMatch, hydraBody, wurmMatch, wurmBody *exprvm.Program
	args                                       [3]vm.Value
}

// NewExpr returns the expr engine for w.
func NewExpr(w *World) (Engine, error) {
	e := &exprEngine{env: exprEnv{COUNTER_PLUS1: int(CounterPlus1), TYPE_CREATURE: int(TypeCreature)}}
	var h vm.Host = w
	field := func(name string, id int32) expr.Option {
		return expr.Function(name, func(...any) (any, error) {
			v, err := h.Field(nil, id)
			return int(v), err
		}, new(func() int))
	}
	call := func(name string, id int32, n int, result string, types ...any) expr.Option {
		return expr.Function(name, func(params ...any) (any, error) {
			for i, p := range params[:n] {
				x, ok := p.(int)
				if !ok {
					return nil, fmt.Errorf("%s: argument %d is %T", name, i+1, p)
				}
				e.args[i] = vm.Value(x)
			}
			v, err := h.Call(nil, id, e.args[:n])
			switch {
			case err != nil:
				return nil, err
			case result == "number":
				return int(v), nil
			case result == "bool":
				return v != 0, nil
			}
			return nil, nil
		}, types...)
	}
	opts := []expr.Option{
		expr.Env(exprEnv{}),
		field("damage_id", FieldDamageID),
		field("damage_target", FieldDamageTarget),
		field("damage_amount", FieldDamageAmount),
		field("block_blocker", FieldBlockBlocker),
		field("block_attacker", FieldBlockAttacker),
		call("prevent", FnPrevent, 1, "", new(func(int) any)),
		call("remove_counters", FnRemoveCounters, 3, "", new(func(int, int, int) any)),
		call("is_type", FnIsType, 2, "bool", new(func(int, int) bool)),
		call("destroy", FnDestroy, 1, "", new(func(int) any)),
		call("toughness", FnToughness, 1, "number", new(func(int) int)),
		call("gain_life", FnGainLife, 2, "", new(func(int, int) any)),
	}
	for _, p := range []struct {
		src string
		dst **exprvm.Program
	}{
		{exprHydraMatch, &e.hydraMatch},
		{exprHydraBody, &e.hydraBody},
		{exprWurmMatch, &e.wurmMatch},
		{exprWurmBody, &e.wurmBody},
	} {
		prog, err := expr.Compile(p.src, opts...)
		if err != nil {
			return nil, err
		}
		*p.dst = prog
	}
	return e, nil
}

// match runs a match expression and returns the numbers of its list.
func (e *exprEngine) match(p *exprvm.Program, res []int) error {
	v, err := e.machine.Run(p, &e.env)
	if err != nil {
		return err
	}
	list, ok := v.([]any)
	if !ok || len(list) != len(res) {
		return fmt.Errorf("match returned %v", v)
	}
	for i, x := range list {
		if res[i], ok = x.(int); !ok {
			return fmt.Errorf("match returned %v", v)
		}
	}
	return nil
}

func (e *exprEngine) Replace(this, you vm.Value) (bool, error) {
	e.env.This, e.env.You = int(this), int(you)
	var r [3]int
	if err := e.match(e.hydraMatch, r[:]); err != nil || r[0] == 0 {
		return false, err
	}
	e.env.ID, e.env.Amount = r[1], r[2]
	_, err := e.machine.Run(e.hydraBody, &e.env)
	return err == nil, err
}

func (e *exprEngine) Trigger(this, you vm.Value) (int, error) {
	e.env.This, e.env.You = int(this), int(you)
	var r [2]int
	if err := e.match(e.wurmMatch, r[:]); err != nil || r[0] == 0 {
		return 0, err
	}
	e.env.Creature = r[1]
	if _, err := e.machine.Run(e.wurmBody, &e.env); err != nil {
		return 0, err
	}
	return 1, nil
}
