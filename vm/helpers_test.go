package vm_test

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/vm"
)

// in is shorthand for an instruction.
func in(op vm.Opcode, arg int32) vm.Instr { return vm.Instr{Op: op, Arg: arg} }

// op is shorthand for an instruction without argument.
func op(o vm.Opcode) vm.Instr { return vm.Instr{Op: o} }

// fn builds a Func whose MaxStack is computed from its code. It panics if
// the code is malformed: it is for hand-made test programs.
func fn(name string, numLocals int32, syms []vm.Symbol, code ...vm.Instr) vm.Func {
	depth, err := vm.MaxStackDepth(code, syms)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	return vm.Func{Name: name, NumLocals: numLocals, MaxStack: depth, Code: code}
}

// Symbols of hydraProgram, by index.
const (
	symEventDamage int32 = iota
	symDamageTarget
	symDamageAmount
	symPrevent
	symRemoveCounters
	symCounterPlus
	symEventEnters
	symAddCounters
	symXPaid
	symEventCountersRemoved
	symCountersObject
	symCountersKind
	symCountersAmount
	symDelay
	symEventEndStep
	symAnyTarget
	symDealDamage
	symRuleNoPrevent
)

var hydraSymbols = []vm.Symbol{
	symEventDamage:          {Kind: vm.SymName, Name: "event:damage"},
	symDamageTarget:         {Kind: vm.SymField, Name: "damage.target"},
	symDamageAmount:         {Kind: vm.SymField, Name: "damage.amount"},
	symPrevent:              {Kind: vm.SymFunc, Name: "prevent", Arity: 1},
	symRemoveCounters:       {Kind: vm.SymFunc, Name: "remove_counters", Arity: 3},
	symCounterPlus:          {Kind: vm.SymName, Name: "counter:+1/+1"},
	symEventEnters:          {Kind: vm.SymName, Name: "event:enters"},
	symAddCounters:          {Kind: vm.SymFunc, Name: "add_counters", Arity: 3},
	symXPaid:                {Kind: vm.SymFunc, Name: "x_paid", Arity: 1, Returns: true},
	symEventCountersRemoved: {Kind: vm.SymName, Name: "event:counters_removed"},
	symCountersObject:       {Kind: vm.SymField, Name: "counters.object"},
	symCountersKind:         {Kind: vm.SymField, Name: "counters.kind"},
	symCountersAmount:       {Kind: vm.SymField, Name: "counters.amount"},
	symDelay:                {Kind: vm.SymFunc, Name: "delay", Arity: 2},
	symEventEndStep:         {Kind: vm.SymName, Name: "event:end_step"},
	symAnyTarget:            {Kind: vm.SymFunc, Name: "any_target", Arity: 1, Returns: true},
	symDealDamage:           {Kind: vm.SymFunc, Name: "deal_damage", Arity: 3},
	symRuleNoPrevent:        {Kind: vm.SymName, Name: "rule:damage_cant_be_prevented"},
}

// positions returns one position per instruction, all on line, with
// columns counting up from col by 4.
func positions(n int, line, col int32) []vm.Pos {
	pos := make([]vm.Pos, n)
	for i := range pos {
		pos[i] = vm.Pos{Line: line, Col: col + 4*int32(i)}
	}
	return pos
}

// hydraProgram is a hand-made program that looks like the compiler's output
// for three real cards. Its empty slices are nil, so it round-trips exactly.
// hydraVocabulary is the vocabulary hydraProgram records.
var hydraVocabulary = vm.Vocabulary{Name: "test.hydra", Major: 1, Minor: 2,
	Hash: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}

func hydraProgram() *vm.Program {
	s := slices.Clone(hydraSymbols)
	funcs := []vm.Func{
		// 0: Protean Hydra enters with X +1/+1 counters on it.
		fn("Protean Hydra#0.match", 2, s,
			in(vm.OpInt, 1),
			op(vm.OpReturn)),
		fn("Protean Hydra#0.body", 2, s,
			in(vm.OpLoad, 0),
			in(vm.OpSym, symCounterPlus),
			in(vm.OpLoad, 0),
			in(vm.OpCall, symXPaid),
			in(vm.OpCall, symAddCounters),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		// 2: If damage would be dealt to Protean Hydra, prevent that damage
		// and remove that many +1/+1 counters from it.
		fn("Protean Hydra#1.match", 3, s,
			in(vm.OpField, symDamageTarget),
			in(vm.OpLoad, 0),
			op(vm.OpEq),
			in(vm.OpJumpIfFalse, 8),
			in(vm.OpField, symDamageAmount),
			in(vm.OpStore, 2),
			in(vm.OpInt, 1),
			op(vm.OpReturn),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		fn("Protean Hydra#1.body", 3, s,
			in(vm.OpLoad, 2),
			in(vm.OpCall, symPrevent),
			in(vm.OpLoad, 0),
			in(vm.OpSym, symCounterPlus),
			in(vm.OpLoad, 2),
			in(vm.OpCall, symRemoveCounters),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		// 4: Whenever a +1/+1 counter is removed from Protean Hydra, put two
		// +1/+1 counters on it at the beginning of the next end step.
		fn("Protean Hydra#2.match", 2, s,
			in(vm.OpField, symCountersObject),
			in(vm.OpLoad, 0),
			op(vm.OpEq),
			in(vm.OpField, symCountersKind),
			in(vm.OpSym, symCounterPlus),
			op(vm.OpEq),
			op(vm.OpAnd),
			in(vm.OpJumpIfFalse, 10),
			in(vm.OpField, symCountersAmount),
			op(vm.OpReturn),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		fn("Protean Hydra#2.body", 2, s,
			in(vm.OpLoad, 0),
			in(vm.OpInt, 3),
			in(vm.OpCall, symDelay),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		// 6: the delayed trigger, ability 3.
		fn("Protean Hydra#3.match", 2, s,
			in(vm.OpInt, 1),
			op(vm.OpReturn)),
		fn("Protean Hydra#3.body", 2, s,
			in(vm.OpLoad, 0),
			in(vm.OpSym, symCounterPlus),
			in(vm.OpConst, 0),
			in(vm.OpCall, symAddCounters),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		// 8: Lightning Bolt deals 3 damage to any target.
		fn("Lightning Bolt#0.target0", 3, s,
			in(vm.OpLoad, 2),
			in(vm.OpCall, symAnyTarget),
			op(vm.OpReturn)),
		fn("Lightning Bolt#0.body", 3, s,
			in(vm.OpLoad, 0),
			in(vm.OpLoad, 2),
			in(vm.OpInt, 3),
			in(vm.OpCall, symDealDamage),
			in(vm.OpInt, 0),
			op(vm.OpReturn)),
		// 10: Damage can't be prevented.
		fn("Leyline of Punishment#0.match", 2, s,
			in(vm.OpInt, 1),
			op(vm.OpReturn)),
		// 11: referred to by no card.
		fn("orphan", 0, s,
			in(vm.OpInt, 7),
			op(vm.OpNeg),
			op(vm.OpReturn)),
	}
	funcs[2].Pos = positions(len(funcs[2].Code), 4, 3)
	funcs[3].Pos = positions(len(funcs[3].Code), 5, 3)

	return &vm.Program{
		Vocabulary: hydraVocabulary,
		Symbols:    s,
		Consts:     []vm.Value{2},
		Funcs:      funcs,
		Cards: []vm.Card{
			{
				Name:     "Protean Hydra",
				ManaCost: "{X}{G}",
				Colors:   []string{"green"},
				Types:    []string{"Creature"},
				Subtypes: []string{"Hydra"},
				HasPT:    true,
				Oracle: "Protean Hydra enters with X +1/+1 counters on it.\n" +
					"If damage would be dealt to Protean Hydra, prevent that damage and remove that many +1/+1 counters from it.\n" +
					"Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on it at the beginning of the next end step.",
				Abilities: []vm.Ability{
					{
						Kind: vm.AbilityEnters, Pay: vm.NoFunc, Event: symEventEnters, Rule: vm.NoFunc,
						Match: 0, Body: 1, NumLocals: 2,
						Text: "Protean Hydra enters with X +1/+1 counters on it.", Line: 3,
					},
					{
						Kind: vm.AbilityReplacement, Pay: vm.NoFunc, Event: symEventDamage, Rule: vm.NoFunc,
						Match: 2, Body: 3, NumLocals: 3,
						Text: "If damage would be dealt to Protean Hydra, prevent that damage and remove that many +1/+1 counters from it.", Line: 4,
					},
					{
						Kind: vm.AbilityTriggered, Pay: vm.NoFunc, Event: symEventCountersRemoved, Rule: vm.NoFunc,
						Match: 4, Body: 5, NumLocals: 2,
						Text: "Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on it at the beginning of the next end step.", Line: 6,
					},
					{
						Kind: vm.AbilityDelayed, Pay: vm.NoFunc, Event: symEventEndStep, Rule: vm.NoFunc,
						Match: 6, Body: 7, NumLocals: 2, Flags: vm.FlagOnce,
						Text: "put two +1/+1 counters on it at the beginning of the next end step", Line: 6,
					},
				},
				File: "cards/protean_hydra.card",
				Line: 1,
			},
			{
				Name:     "Lightning Bolt",
				ManaCost: "{R}",
				Colors:   []string{"red"},
				Types:    []string{"Instant"},
				Oracle:   "Lightning Bolt deals 3 damage to any target.",
				Abilities: []vm.Ability{{
					Kind: vm.AbilitySpell, Pay: vm.NoFunc, Event: vm.NoFunc, Rule: vm.NoFunc,
					Match: vm.NoFunc, Body: 9, NumLocals: 3,
					Targets: []vm.Target{{Filter: 8, Local: 2, Text: "any target", Zone: vm.NoSymbol, Divide: vm.NoFunc}},
					Text:    "Lightning Bolt deals 3 damage to any target.", Line: 3,
				}},
				File: "cards/lightning_bolt.card",
				Line: 1,
			},
			{
				Name:     "Leyline of Punishment",
				ManaCost: "{2}{R}{R}",
				Colors:   []string{"red"},
				Types:    []string{"Enchantment"},
				Oracle:   "Players can't gain life.\nDamage can't be prevented.",
				Abilities: []vm.Ability{{
					Kind: vm.AbilityStatic, Pay: vm.NoFunc, Event: symEventDamage, Rule: symRuleNoPrevent,
					Match: 10, Body: vm.NoFunc, NumLocals: 2,
					Text: "Damage can't be prevented.", Line: 4,
				}},
				File: "cards/leyline_of_punishment.card",
				Line: 1,
			},
		},
	}
}
