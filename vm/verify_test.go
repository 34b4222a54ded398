package vm_test

import (
	"errors"
	"testing"

	"github.com/cardc/cardc/vm"
)

func TestVerifyAcceptsValidProgram(t *testing.T) {
	if err := vm.Verify(hydraProgram()); err != nil {
		t.Fatalf("Verify(hydraProgram()): %v", err)
	}
}

// codeProgram is a program whose function 0 has the given locals, max stack
// and code, with opSyms and one constant.
func codeProgram(numLocals, maxStack int32, code ...vm.Instr) *vm.Program {
	return &vm.Program{
		Symbols: opSyms,
		Consts:  []vm.Value{5},
		Funcs:   []vm.Func{{Name: "f", NumLocals: numLocals, MaxStack: maxStack, Code: code}},
	}
}

func TestVerifyRejects(t *testing.T) {
	ret := op(vm.OpReturn)
	// code returns a mutation that replaces function 0 of codeProgram.
	code := func(numLocals, maxStack int32, code ...vm.Instr) func(*vm.Program) {
		return func(p *vm.Program) { *p = *codeProgram(numLocals, maxStack, code...) }
	}
	// ability returns a mutation of ability ai of card ci of hydraProgram.
	ability := func(ci, ai int, mutate func(a *vm.Ability)) func(*vm.Program) {
		return func(p *vm.Program) { mutate(&p.Cards[ci].Abilities[ai]) }
	}
	tests := []struct {
		name   string
		mutate func(p *vm.Program) // of hydraProgram
		want   vm.VerifyError
	}{
		// Instructions.
		{"unknown opcode", code(0, 1, vm.Instr{Op: 200}, in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "unknown opcode 200"}},
		{"constant index", code(0, 1, in(vm.OpConst, 1), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "CONST 1: no such constant (program has 1)"}},
		{"negative constant index", code(0, 1, in(vm.OpConst, -1), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "CONST -1: no such constant (program has 1)"}},
		{"symbol index", code(0, 1, in(vm.OpInt, 1), in(vm.OpCall, 9), ret),
			vm.VerifyError{Func: 0, PC: 1, Msg: "CALL 9: no such symbol (program has 7)"}},
		{"local index", code(2, 1, in(vm.OpLoad, 2), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "LOAD 2: no such local (NumLocals 2)"}},
		{"negative local index", code(2, 1, in(vm.OpInt, 1), in(vm.OpStore, -1), in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: 1, Msg: "STORE -1: no such local (NumLocals 2)"}},
		{"jump target", code(0, 1, in(vm.OpJump, 2), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "JUMP 2: target outside the code (2 instructions)"}},
		{"negative jump target", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfFalse, -1), ret),
			vm.VerifyError{Func: 0, PC: 1, Msg: "JUMPF -1: target outside the code (3 instructions)"}},
		{"CALL of a field", code(0, 1, in(vm.OpCall, symAmount), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: `CALL 2: symbol "damage.amount" is a field, want a func`}},
		{"FIELD of a name", code(0, 1, in(vm.OpField, symCounter), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: `FIELD 3: symbol "counter:+1/+1" is a name, want a field`}},
		{"SYM of a func", code(0, 1, in(vm.OpSym, symCombine), ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: `SYM 0: symbol "combine" is a func, want a name`}},

		// Stack analysis.
		{"stack underflow", code(0, 1, in(vm.OpInt, 1), op(vm.OpAdd), ret),
			vm.VerifyError{Func: 0, PC: 1, Msg: "stack underflow: ADD pops 2 but the stack holds 1"}},
		{"call underflow", code(0, 2, in(vm.OpInt, 1), in(vm.OpInt, 2), in(vm.OpCall, symCombine), ret),
			vm.VerifyError{Func: 0, PC: 2, Msg: "stack underflow: CALL pops 3 but the stack holds 2"}},
		{"return of nothing", code(0, 1, ret),
			vm.VerifyError{Func: 0, PC: 0, Msg: "stack underflow: RET pops 1 but the stack holds 0"}},
		{"inconsistent depth", code(0, 3,
			in(vm.OpInt, 0), in(vm.OpJumpIfFalse, 4), in(vm.OpInt, 1), in(vm.OpInt, 2),
			in(vm.OpInt, 3), ret),
			vm.VerifyError{Func: 0, PC: 4, Msg: "inconsistent stack depth: 0 on one path, 2 on another"}},
		{"loop that grows the stack", code(0, 3, in(vm.OpInt, 1), in(vm.OpJump, 0)),
			vm.VerifyError{Func: 0, PC: 0, Msg: "inconsistent stack depth: 0 on one path, 1 on another"}},
		{"falls off the end", code(0, 1, in(vm.OpInt, 1)),
			vm.VerifyError{Func: 0, PC: 0, Msg: "falls off the end of the code without RET"}},
		{"conditional falls off the end", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfTrue, 0)),
			vm.VerifyError{Func: 0, PC: 1, Msg: "falls off the end of the code without RET"}},
		{"JUMPFK keeps its condition for its target only", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfFalseOrPop, 3), op(vm.OpNop), ret),
			vm.VerifyError{Func: 0, PC: 3, Msg: "inconsistent stack depth: 1 on one path, 0 on another"}},
		{"JUMPTK pops its condition when it goes on", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfTrueOrPop, 3), op(vm.OpPop), ret),
			vm.VerifyError{Func: 0, PC: 2, Msg: "stack underflow: POP pops 1 but the stack holds 0"}},
		{"JUMPFK to the next instruction", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfFalseOrPop, 2), ret),
			vm.VerifyError{Func: 0, PC: 2, Msg: "inconsistent stack depth: 0 on one path, 1 on another"}},
		{"JUMPTK outside the code", code(0, 1, in(vm.OpInt, 1), in(vm.OpJumpIfTrueOrPop, 9), ret),
			vm.VerifyError{Func: 0, PC: 1, Msg: "JUMPTK 9: target outside the code (3 instructions)"}},
		{"empty code", code(0, 1),
			vm.VerifyError{Func: 0, PC: -1, Msg: "empty code"}},
		{"depth above MaxStack", code(0, 1, in(vm.OpInt, 1), in(vm.OpInt, 2), op(vm.OpAdd), ret),
			vm.VerifyError{Func: 0, PC: -1, Msg: "stack reaches depth 2 but MaxStack is 1"}},
		{"MaxStack above MaxFuncStack", code(0, vm.MaxFuncStack+1, in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: -1, Msg: "MaxStack 257 out of range [0, 256]"}},
		{"negative MaxStack", code(0, -1, in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: -1, Msg: "MaxStack -1 out of range [0, 256]"}},

		// Function header.
		{"negative NumLocals", code(-1, 1, in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: -1, Msg: "NumLocals -1 out of range [0, 256]"}},
		{"NumLocals above MaxLocals", code(vm.MaxLocals+1, 1, in(vm.OpInt, 1), ret),
			vm.VerifyError{Func: 0, PC: -1, Msg: "NumLocals 257 out of range [0, 256]"}},
		{"positions", func(p *vm.Program) { p.Funcs[3].Pos = p.Funcs[3].Pos[1:] },
			vm.VerifyError{Func: 3, PC: -1, Msg: "len(Pos) is 7, len(Code) is 8"}},

		// Vocabulary.
		{"vocabulary without a name", func(p *vm.Program) { p.Vocabulary.Name = "" },
			vm.VerifyError{Func: -1, PC: -1, Msg: "vocabulary has a version but no name"}},
		{"vocabulary name with a space", func(p *vm.Program) { p.Vocabulary.Name = "test hydra" },
			vm.VerifyError{Func: -1, PC: -1, Msg: `vocabulary name "test hydra" holds a space or a control character`}},
		{"negative vocabulary version", func(p *vm.Program) { p.Vocabulary.Minor = -1 },
			vm.VerifyError{Func: -1, PC: -1, Msg: "vocabulary test.hydra: version 1.-1 out of range [0, 65535]"}},
		{"vocabulary version too big", func(p *vm.Program) { p.Vocabulary.Major = vm.MaxVersion + 1 },
			vm.VerifyError{Func: -1, PC: -1, Msg: "vocabulary test.hydra: version 65536.2 out of range [0, 65535]"}},
		{"vocabulary hash not hex", func(p *vm.Program) { p.Vocabulary.Hash = "XYZ" },
			vm.VerifyError{Func: -1, PC: -1, Msg: `vocabulary test.hydra 1.2: hash "XYZ" is not 64 lower-case hex digits`}},

		// Symbols.
		{"unknown symbol kind", func(p *vm.Program) { p.Symbols[2].Kind = 9 },
			vm.VerifyError{Func: -1, PC: -1, Msg: `symbol 2 "damage.amount": unknown kind 9`}},
		{"zero symbol kind", func(p *vm.Program) { p.Symbols[0].Kind = 0 },
			vm.VerifyError{Func: -1, PC: -1, Msg: `symbol 0 "event:damage": unknown kind 0`}},
		{"arity above MaxArity", func(p *vm.Program) { p.Symbols[symPrevent].Arity = vm.MaxArity + 1 },
			vm.VerifyError{Func: -1, PC: -1, Msg: `symbol 3 "prevent": arity 17 exceeds the limit of 16`}},

		// Cards.
		{"unknown ability kind", ability(0, 0, func(a *vm.Ability) { a.Kind = 42 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 0: unknown kind 42`}},
		{"ability NumLocals", ability(0, 0, func(a *vm.Ability) { a.NumLocals = 300 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 0: NumLocals 300 out of range [0, 256]`}},
		{"match index", ability(0, 1, func(a *vm.Ability) { a.Match = 99 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: match: no function 99 (program has 12)`}},
		{"body index", ability(0, 1, func(a *vm.Ability) { a.Body = -2 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: body: no function -2 (program has 12)`}},
		{"filter index", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Filter = 12 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0 filter: no function 12 (program has 12)`}},
		{"spell without body", ability(1, 0, func(a *vm.Ability) { a.Body = vm.NoFunc }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: body is required for a spell ability`}},
		{"replacement without body", ability(0, 1, func(a *vm.Ability) { a.Body = vm.NoFunc }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: body is required for a replacement ability`}},
		{"triggered without match", ability(0, 2, func(a *vm.Ability) { a.Match = vm.NoFunc }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 2: match is required for a triggered ability`}},
		{"static without match", ability(2, 0, func(a *vm.Ability) { a.Match = vm.NoFunc }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 2 "Leyline of Punishment" ability 0: match is required for a static ability`}},
		{"anchor of a name", ability(0, 1, func(a *vm.Ability) { a.Anchors = []int32{0} }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: anchor 0 is not a field symbol`}},
		{"anchor out of range", ability(0, 1, func(a *vm.Ability) { a.Anchors = []int32{99} }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: anchor 99 is not a field symbol`}},
		{"triggered without event", ability(0, 2, func(a *vm.Ability) { a.Event = vm.NoSymbol }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 2: event is required for a triggered ability`}},
		{"static without rule", ability(2, 0, func(a *vm.Ability) { a.Rule = vm.NoSymbol }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 2 "Leyline of Punishment" ability 0: rule is required for a static ability`}},
		{"once on a triggered ability", ability(0, 2, func(a *vm.Ability) { a.Flags = vm.FlagOnce }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 2: flag once is only for delayed abilities, not triggered`}},
		{"loyalty on a triggered ability", ability(0, 2, func(a *vm.Ability) { a.Flags = vm.FlagLoyalty }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 2: flags loyalty are only for activated abilities, not triggered`}},
		{"target without filter", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Filter = vm.NoFunc }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0 filter is required for a spell ability`}},
		{"event of a field", ability(0, 1, func(a *vm.Ability) { a.Event = symDamageTarget }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: event: symbol 1 "damage.target" is a field, want a name`}},
		{"event index", ability(0, 1, func(a *vm.Ability) { a.Event = 99 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: event: no symbol 99 (program has 18)`}},
		{"rule of a func", ability(2, 0, func(a *vm.Ability) { a.Rule = symPrevent }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 2 "Leyline of Punishment" ability 0: rule: symbol 3 "prevent" is a func, want a name`}},
		{"rule index", ability(2, 0, func(a *vm.Ability) { a.Rule = -5 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 2 "Leyline of Punishment" ability 0: rule: no symbol -5 (program has 18)`}},
		{"target local below 2", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Local = 1 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0: local 1 out of range [2, 3)`}},
		{"target local past NumLocals", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Local = 3 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0: local 3 out of range [2, 3)`}},
		{"function with more locals than its ability", ability(0, 1, func(a *vm.Ability) { a.NumLocals = 2 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 0 "Protean Hydra" ability 1: match: function 2 "Protean Hydra#1.match" uses 3 locals, the ability has 2`}},
		{"several targets from more to fewer", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Min, a.Targets[0].Max = 3, 2 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0: from 3 to 2 objects`}},
		{"a least for one target", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Min = 2 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0: a minimum of 2 for a target of one`}},
		{"divide function", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Divide = 40 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0 divide: no function 40 (program has 12)`}},
		{"target of a mode an ability lacks", ability(1, 0, func(a *vm.Ability) { a.Targets[0].Mode = 1 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0: mode 1 of an ability of 0 modes`}},
		{"a mode chosen twice", ability(1, 0, func(a *vm.Ability) { a.Modes, a.ModeMin, a.ModeMax = 2, 1, 3 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: choosing 1 to 3 of 2 modes`}},
		{"mode counts without modes", ability(1, 0, func(a *vm.Ability) { a.ModeMax = 1 }),
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: mode counts of an ability that is not modal`}},
		{"filter with more locals than its ability", func(p *vm.Program) { p.Funcs[8].NumLocals = 4 },
			vm.VerifyError{Func: -1, PC: -1, Msg: `card 1 "Lightning Bolt" ability 0: target 0 filter: function 8 "Lightning Bolt#0.target0" uses 4 locals, the ability has 3`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := hydraProgram()
			tt.mutate(p)
			err := vm.Verify(p)
			var got *vm.VerifyError
			if !errors.As(err, &got) {
				t.Fatalf("Verify = %v, want a *VerifyError", err)
			}
			if *got != tt.want {
				t.Errorf("Verify = %#v\n          want %#v", *got, tt.want)
			}
		})
	}
}

func TestVerifyNil(t *testing.T) {
	if err := vm.Verify(nil); err == nil {
		t.Error("Verify(nil): no error")
	}
}

func TestVerifyErrorMessage(t *testing.T) {
	tests := []struct {
		err  vm.VerifyError
		want string
	}{
		{vm.VerifyError{Func: 3, PC: 7, Msg: "stack underflow"}, "vm: invalid program: func 3, pc 7: stack underflow"},
		{vm.VerifyError{Func: 3, PC: -1, Msg: "empty code"}, "vm: invalid program: func 3: empty code"},
		{vm.VerifyError{Func: -1, PC: -1, Msg: "symbol 0: unknown kind 0"}, "vm: invalid program: symbol 0: unknown kind 0"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestMaxStackDepth(t *testing.T) {
	p := hydraProgram()
	want := []int32{1, 3, 2, 3, 3, 2, 1, 3, 1, 3, 1, 1}
	for i, f := range p.Funcs {
		got, err := vm.MaxStackDepth(f.Code, p.Symbols)
		if err != nil || got != want[i] {
			t.Errorf("MaxStackDepth(%s) = %d, %v; want %d", f.Name, got, err, want[i])
		}
	}

	_, err := vm.MaxStackDepth([]vm.Instr{in(vm.OpInt, 1), in(vm.OpCall, symDamageAmount), op(vm.OpReturn)}, p.Symbols)
	var ve *vm.VerifyError
	if !errors.As(err, &ve) {
		t.Fatalf("MaxStackDepth of a CALL of a field: %v, want a *VerifyError", err)
	}
	if want := (vm.VerifyError{Func: -1, PC: 1, Msg: `CALL 2: symbol "damage.amount" is a field, want a func`}); *ve != want {
		t.Errorf("MaxStackDepth error %#v, want %#v", *ve, want)
	}
	// a JUMPFK b JUMPFK c RET: an `and` of three leaves one value.
	and := []vm.Instr{in(vm.OpInt, 1), in(vm.OpJumpIfFalseOrPop, 5), in(vm.OpInt, 2), in(vm.OpInt, 3), op(vm.OpAdd),
		in(vm.OpJumpIfFalseOrPop, 7), in(vm.OpInt, 4), op(vm.OpReturn)}
	if got, err := vm.MaxStackDepth(and, p.Symbols); err != nil || got != 2 {
		t.Errorf("MaxStackDepth of an `and` = %d, %v; want 2", got, err)
	}
	if _, err := vm.MaxStackDepth(nil, nil); err == nil {
		t.Error("MaxStackDepth(nil): no error")
	}
	if _, err := vm.MaxStackDepth([]vm.Instr{in(vm.OpJump, 5)}, nil); err == nil {
		t.Error("MaxStackDepth of a jump outside the code: no error")
	}
}
