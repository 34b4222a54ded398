package core

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// TestDeferredActionWithFiveArguments runs an action of five arguments
// from a replacement body, where actions are deferred until the event has
// happened (CR 615.5): the deferred action must keep all its arguments,
// up to vm.MaxArity. No action of the stdlib takes five arguments, so the
// test lends gain_life that arity and an implementation of its own.
func TestDeferredActionWithFiveArguments(t *testing.T) {
	decl, impl := funcs[fnGainLife], hostImpls[fnGainLife]
	t.Cleanup(func() { funcs[fnGainLife], hostImpls[fnGainLife] = decl, impl })
	funcs[fnGainLife].arity = 5
	var got []vm.Value
	hostImpls[fnGainLife] = func(g *Game, a []vm.Value) (vm.Value, error) {
		got = append([]vm.Value(nil), a...)
		return 0, nil
	}

	i := func(op vm.Opcode, arg int32) vm.Instr { return vm.Instr{Op: op, Arg: arg} }
	prog := &vm.Program{
		Symbols: []vm.Symbol{
			{Kind: vm.SymName, Name: "event:damage"},
			{Kind: vm.SymFunc, Name: "gain_life", Arity: 5},
		},
		Funcs: []vm.Func{
			{Name: "match", MaxStack: 1, Code: []vm.Instr{i(vm.OpInt, 1), i(vm.OpReturn, 0)}},
			{Name: "body", MaxStack: 5, Code: []vm.Instr{
				i(vm.OpInt, 1), i(vm.OpInt, 2), i(vm.OpInt, 3), i(vm.OpInt, 4), i(vm.OpInt, 5),
				i(vm.OpCall, 1), i(vm.OpInt, 0), i(vm.OpReturn, 0)}},
		},
		Cards: []vm.Card{{Name: "Five", Types: []string{"creature"}, HasPT: true, Power: 1, Toughness: 1,
			Abilities: []vm.Ability{{Kind: vm.AbilityReplacement, Pay: vm.NoFunc, Event: 0, Rule: vm.NoSymbol, Match: 0, Body: 1,
				NumLocals: 3, Text: "replace damage { five arguments }"}}}},
	}
	lib, err := NewLibrary(prog)
	require.NoError(t, err)
	g := New(lib, nil)
	five, err := g.Setup().AddCard("Five", 0, ZoneBattlefield)
	require.NoError(t, err)
	require.NoError(t, g.DealDamage(five.ID(), PlayerValue(1), 1, false))
	require.Equal(t, []vm.Value{1, 2, 3, 4, 5}, got, "the arguments of the deferred action")
}
