package vm_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// fakeHost is a Host and a Linker. Its ids start at 100, far from symbol
// indexes, so a test notices if the machine passes an index instead.
type fakeHost struct {
	ids    map[string]int32
	calls  map[int32]func(args []vm.Value) (vm.Value, error)
	fields map[int32]vm.Value
}

func newHost() *fakeHost {
	return &fakeHost{
		ids:    map[string]int32{},
		calls:  map[int32]func([]vm.Value) (vm.Value, error){},
		fields: map[int32]vm.Value{},
	}
}

// id returns the host's id for name, handing out a new one if needed.
func (h *fakeHost) id(name string) int32 {
	if id, ok := h.ids[name]; ok {
		return id
	}
	id := int32(100 + len(h.ids))
	h.ids[name] = id
	return id
}

func (h *fakeHost) fn(name string, f func(args []vm.Value) (vm.Value, error)) {
	h.calls[h.id(name)] = f
}

func (h *fakeHost) field(name string, v vm.Value) { h.fields[h.id(name)] = v }

func (h *fakeHost) Link(s vm.Symbol) (int32, error) { return h.id(s.Name), nil }

func (h *fakeHost) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	f, ok := h.calls[fn]
	if !ok {
		return 0, fmt.Errorf("no host function %d", fn)
	}
	return f(args)
}

func (h *fakeHost) Field(_ *vm.Frame, id int32) (vm.Value, error) {
	v, ok := h.fields[id]
	if !ok {
		return 0, fmt.Errorf("no field %d", id)
	}
	return v, nil
}

// Symbols of the programs runCode builds.
const (
	symCombine int32 = iota
	symNote
	symAmount
	symCounter
	symFail
	symBroken
	symNested
)

var opSyms = []vm.Symbol{
	symCombine: {Kind: vm.SymFunc, Name: "combine", Arity: 3, Returns: true},
	symNote:    {Kind: vm.SymFunc, Name: "note", Arity: 1},
	symAmount:  {Kind: vm.SymField, Name: "damage.amount"},
	symCounter: {Kind: vm.SymName, Name: "counter:+1/+1"},
	symFail:    {Kind: vm.SymFunc, Name: "fail", Returns: true},
	symBroken:  {Kind: vm.SymField, Name: "broken"},
	symNested:  {Kind: vm.SymFunc, Name: "nested", Arity: 1, Returns: true},
}

// errHost is the error the "fail" host function returns.
type errHost struct{ msg string }

func (e *errHost) Error() string { return e.msg }

// opHost returns a host for opSyms; note records what "note" is called with.
func opHost(notes *[]vm.Value) *fakeHost {
	h := newHost()
	for _, s := range opSyms { // ids 100 + symbol index
		h.id(s.Name)
	}
	h.fn("combine", func(a []vm.Value) (vm.Value, error) { return a[0]*100 + a[1]*10 + a[2], nil })
	h.fn("note", func(a []vm.Value) (vm.Value, error) {
		*notes = append(*notes, a[0])
		return 99, nil // ignored: note does not return
	})
	h.fn("fail", func([]vm.Value) (vm.Value, error) { return 0, &errHost{"the host is unhappy"} })
	h.field("damage.amount", 7)
	return h
}

// checkIdle fails the test unless m is back to its state between runs.
func checkIdle(t *testing.T, m *vm.Machine) {
	t.Helper()
	sp, depth := m.State()
	assert.Zero(t, sp, "machine left with a stack")
	assert.Zero(t, depth, "machine left nested")
}

// link verifies and links p for h, failing the test on error.
func link(t testing.TB, p *vm.Program, h vm.Linker) *vm.Linked {
	t.Helper()
	require.NoError(t, vm.Verify(p), "Verify")
	l, err := vm.Link(p, h)
	require.NoError(t, err, "Link")
	return l
}

// runCode runs code as the only function of a program with opSyms and
// consts, with the given locals.
func runCode(t *testing.T, h *fakeHost, consts []vm.Value, locals []vm.Value, code ...vm.Instr) (vm.Value, error) {
	t.Helper()
	p := &vm.Program{
		Symbols: opSyms,
		Consts:  consts,
		Funcs:   []vm.Func{fn("test", int32(len(locals)), opSyms, code...)},
	}
	return vm.NewMachine(h).Run(link(t, p, h), 0, locals)
}

// binop is the code of "a OP b".
func binop(a, b int32, o vm.Opcode) []vm.Instr {
	return []vm.Instr{in(vm.OpInt, a), in(vm.OpInt, b), op(o), op(vm.OpReturn)}
}

func TestOpcodes(t *testing.T) {
	ret := op(vm.OpReturn)
	tests := []struct {
		name   string
		consts []vm.Value
		locals []vm.Value
		code   []vm.Instr
		want   vm.Value
		err    error
	}{
		{name: "NOP", code: []vm.Instr{op(vm.OpNop), in(vm.OpInt, 5), op(vm.OpNop), ret}, want: 5},
		{name: "CONST", consts: []vm.Value{7, 1 << 40}, code: []vm.Instr{in(vm.OpConst, 1), ret}, want: 1 << 40},
		{name: "INT", code: []vm.Instr{in(vm.OpInt, -3), ret}, want: -3},
		{name: "SYM pushes the linked id", code: []vm.Instr{in(vm.OpSym, symCounter), ret}, want: 103},
		{name: "LOAD", locals: []vm.Value{10, 20}, code: []vm.Instr{in(vm.OpLoad, 1), ret}, want: 20},
		{name: "STORE", locals: []vm.Value{10, 20}, code: []vm.Instr{in(vm.OpInt, 9), in(vm.OpStore, 0), in(vm.OpLoad, 0), ret}, want: 9},
		{name: "POP", code: []vm.Instr{in(vm.OpInt, 1), in(vm.OpInt, 2), op(vm.OpPop), ret}, want: 1},
		{name: "DUP", code: []vm.Instr{in(vm.OpInt, 3), op(vm.OpDup), op(vm.OpMul), ret}, want: 9},
		{name: "ADD", code: binop(2, 3, vm.OpAdd), want: 5},
		{name: "ADD saturates", consts: []vm.Value{math.MaxInt64}, code: []vm.Instr{in(vm.OpConst, 0), in(vm.OpInt, 1), op(vm.OpAdd), ret}, want: vm.MaxNumber},
		{name: "SUB", code: binop(2, 3, vm.OpSub), want: -1},
		{name: "MUL", code: binop(-4, 3, vm.OpMul), want: -12},
		{name: "DIV", code: binop(7, 2, vm.OpDiv), want: 3},
		{name: "DIV truncates negative dividend", code: binop(-7, 2, vm.OpDiv), want: -3},
		{name: "DIV truncates negative divisor", code: binop(7, -2, vm.OpDiv), want: -3},
		{name: "DIV min by -1", consts: []vm.Value{math.MinInt64}, code: []vm.Instr{in(vm.OpConst, 0), in(vm.OpInt, -1), op(vm.OpDiv), ret}, want: vm.MaxNumber},
		{name: "DIV by zero", code: binop(7, 0, vm.OpDiv), err: vm.ErrDivideByZero},
		{name: "NEG", code: []vm.Instr{in(vm.OpInt, 5), op(vm.OpNeg), ret}, want: -5},
		{name: "MIN", code: binop(5, -2, vm.OpMin), want: -2},
		{name: "MAX", code: binop(5, -2, vm.OpMax), want: 5},
		{name: "EQ true", code: binop(4, 4, vm.OpEq), want: 1},
		{name: "EQ false", code: binop(4, 5, vm.OpEq), want: 0},
		{name: "NE true", code: binop(4, 5, vm.OpNe), want: 1},
		{name: "NE false", code: binop(4, 4, vm.OpNe), want: 0},
		{name: "LT true", code: binop(4, 5, vm.OpLt), want: 1},
		{name: "LT equal", code: binop(5, 5, vm.OpLt), want: 0},
		{name: "LE equal", code: binop(5, 5, vm.OpLe), want: 1},
		{name: "LE false", code: binop(6, 5, vm.OpLe), want: 0},
		{name: "GT true", code: binop(6, 5, vm.OpGt), want: 1},
		{name: "GT equal", code: binop(5, 5, vm.OpGt), want: 0},
		{name: "GE equal", code: binop(5, 5, vm.OpGe), want: 1},
		{name: "GE false", code: binop(4, 5, vm.OpGe), want: 0},
		{name: "NOT zero", code: []vm.Instr{in(vm.OpInt, 0), op(vm.OpNot), ret}, want: 1},
		{name: "NOT non-zero", code: []vm.Instr{in(vm.OpInt, 5), op(vm.OpNot), ret}, want: 0},
		{name: "AND true", code: binop(1, 2, vm.OpAnd), want: 1},
		{name: "AND false", code: binop(1, 0, vm.OpAnd), want: 0},
		{name: "OR true", code: binop(0, -3, vm.OpOr), want: 1},
		{name: "OR false", code: binop(0, 0, vm.OpOr), want: 0},
		{name: "JUMP", code: []vm.Instr{in(vm.OpJump, 3), in(vm.OpInt, 1), ret, in(vm.OpInt, 2), ret}, want: 2},
		{name: "JUMPF taken", code: []vm.Instr{in(vm.OpInt, 0), in(vm.OpJumpIfFalse, 4), in(vm.OpInt, 1), ret, in(vm.OpInt, 2), ret}, want: 2},
		{name: "JUMPF not taken", code: []vm.Instr{in(vm.OpInt, 3), in(vm.OpJumpIfFalse, 4), in(vm.OpInt, 1), ret, in(vm.OpInt, 2), ret}, want: 1},
		{name: "JUMPT taken", code: []vm.Instr{in(vm.OpInt, -1), in(vm.OpJumpIfTrue, 4), in(vm.OpInt, 1), ret, in(vm.OpInt, 2), ret}, want: 2},
		{name: "JUMPT not taken", code: []vm.Instr{in(vm.OpInt, 0), in(vm.OpJumpIfTrue, 4), in(vm.OpInt, 1), ret, in(vm.OpInt, 2), ret}, want: 1},
		// a JUMPFK b RET: the `and` of a and b; a JUMPTK b RET: their `or`.
		{name: "JUMPFK taken keeps false", code: []vm.Instr{in(vm.OpInt, 0), in(vm.OpJumpIfFalseOrPop, 3), in(vm.OpCall, symFail), ret}, want: 0},
		{name: "JUMPFK not taken pops", code: []vm.Instr{in(vm.OpInt, 9), in(vm.OpInt, 5), in(vm.OpJumpIfFalseOrPop, 4), in(vm.OpInt, 1), op(vm.OpAdd), ret}, want: 10},
		{name: "JUMPFK not taken: the right side decides", code: []vm.Instr{in(vm.OpInt, 1), in(vm.OpJumpIfFalseOrPop, 3), in(vm.OpInt, 0), ret}, want: 0},
		{name: "JUMPTK taken keeps true as 1", code: []vm.Instr{in(vm.OpInt, -3), in(vm.OpJumpIfTrueOrPop, 3), in(vm.OpCall, symFail), ret}, want: 1},
		{name: "JUMPTK not taken pops", code: []vm.Instr{in(vm.OpInt, 9), in(vm.OpInt, 0), in(vm.OpJumpIfTrueOrPop, 4), in(vm.OpInt, 1), op(vm.OpAdd), ret}, want: 10},
		{name: "JUMPTK not taken: the right side decides", code: []vm.Instr{in(vm.OpInt, 0), in(vm.OpJumpIfTrueOrPop, 3), in(vm.OpInt, 1), ret}, want: 1},
		{name: "CALL passes the first argument deepest", code: []vm.Instr{in(vm.OpInt, 1), in(vm.OpInt, 2), in(vm.OpInt, 3), in(vm.OpCall, symCombine), ret}, want: 123},
		{name: "CALL keeps the stack below its arguments", code: []vm.Instr{in(vm.OpInt, 5000), in(vm.OpInt, 1), in(vm.OpInt, 2), in(vm.OpInt, 3), in(vm.OpCall, symCombine), op(vm.OpAdd), ret}, want: 5123},
		{name: "CALL without result pushes nothing", code: []vm.Instr{in(vm.OpInt, 8), in(vm.OpInt, 4), in(vm.OpCall, symNote), ret}, want: 8},
		{name: "CALL error", code: []vm.Instr{in(vm.OpCall, symFail), ret}, err: &errHost{}},
		{name: "FIELD", code: []vm.Instr{in(vm.OpField, symAmount), ret}, want: 7},
		{name: "FIELD error", code: []vm.Instr{in(vm.OpField, symBroken), ret}, err: errors.New("no field 105")},
		{name: "RET leaves the rest of the stack", code: []vm.Instr{in(vm.OpInt, 1), in(vm.OpInt, 2), ret}, want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var notes []vm.Value
			got, err := runCode(t, opHost(&notes), tt.consts, tt.locals, tt.code...)
			switch want := tt.err.(type) {
			case nil:
				require.NoError(t, err, "Run")
				require.Equal(t, tt.want, got, "Run")
			case *errHost:
				require.ErrorAs(t, err, &want, "Run: want an *errHost inside")
			default:
				require.True(t, errors.Is(err, want) || errorEndsWith(err, want.Error()),
					"Run error %v: want %v", err, want)
			}
		})
	}
}

// errorEndsWith reports whether err's message ends with suffix.
func errorEndsWith(err error, suffix string) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return len(msg) >= len(suffix) && msg[len(msg)-len(suffix):] == suffix
}

func TestStoreWritesCallersLocals(t *testing.T) {
	locals := []vm.Value{1, 2, 3}
	_, err := runCode(t, opHost(new([]vm.Value)), nil, locals,
		in(vm.OpInt, 42), in(vm.OpStore, 2), in(vm.OpInt, 0), op(vm.OpReturn))
	require.NoError(t, err)
	if diff := cmp.Diff([]vm.Value{1, 2, 42}, locals); diff != "" {
		t.Errorf("locals (-want +got):\n%s", diff)
	}
}

func TestCallWithoutResultIgnoresHostValue(t *testing.T) {
	var notes []vm.Value
	got, err := runCode(t, opHost(&notes), nil, nil,
		in(vm.OpInt, 4), in(vm.OpCall, symNote),
		in(vm.OpInt, 5), in(vm.OpCall, symNote),
		in(vm.OpInt, 0), op(vm.OpReturn))
	require.NoError(t, err, "Run")
	require.Equal(t, vm.Value(0), got, "Run")
	if diff := cmp.Diff([]vm.Value{4, 5}, notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
}

func TestLoop(t *testing.T) {
	// local 0 counts down from 10, local 1 sums.
	code := []vm.Instr{
		in(vm.OpLoad, 0), // 0
		in(vm.OpJumpIfFalse, 11),
		in(vm.OpLoad, 1),
		in(vm.OpLoad, 0),
		op(vm.OpAdd),
		in(vm.OpStore, 1),
		in(vm.OpLoad, 0),
		in(vm.OpInt, 1),
		op(vm.OpSub),
		in(vm.OpStore, 0),
		in(vm.OpJump, 0),
		in(vm.OpLoad, 1), // 11
		op(vm.OpReturn),
	}
	got, err := runCode(t, newHost(), nil, []vm.Value{10, 0}, code...)
	require.NoError(t, err, "Run")
	require.Equal(t, vm.Value(55), got, "Run")
}

func TestErrorMessage(t *testing.T) {
	code := []vm.Instr{
		op(vm.OpNop), op(vm.OpNop), op(vm.OpNop), op(vm.OpNop), op(vm.OpNop),
		in(vm.OpInt, 1), in(vm.OpInt, 0), op(vm.OpDiv), op(vm.OpReturn),
	}
	f := fn("Protean Hydra#1.body", 0, opSyms, code...)
	f.Pos = positions(len(code), 12, 5)
	f.Pos[7] = vm.Pos{Line: 12, Col: 5}
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{f}}
	h := newHost()
	_, err := vm.NewMachine(h).Run(link(t, p, h), 0, nil)

	require.EqualError(t, err, "Protean Hydra#1.body: pc 7 (line 12:5): division by zero")
	var e *vm.Error
	require.ErrorAs(t, err, &e)
	wantErr := vm.Error{Func: "Protean Hydra#1.body", PC: 7, Pos: vm.Pos{Line: 12, Col: 5}, Err: vm.ErrDivideByZero}
	assert.Equal(t, wantErr, *e)
}

func TestHostErrorIsWrapped(t *testing.T) {
	_, err := runCode(t, opHost(new([]vm.Value)), nil, nil, in(vm.OpInt, 1), op(vm.OpPop), in(vm.OpCall, symFail), op(vm.OpReturn))
	var he *errHost
	require.ErrorAs(t, err, &he, "want the host's *errHost")
	require.Equal(t, "the host is unhappy", he.msg)
	var e *vm.Error
	require.ErrorAs(t, err, &e, "want a *vm.Error at pc 2 of test")
	require.Equal(t, 2, e.PC, "pc")
	require.Equal(t, "test", e.Func)
	assert.EqualError(t, err, "test: pc 2: the host is unhappy")
}

func TestRunRejectsBadCalls(t *testing.T) {
	h := newHost()
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("needs2", 2, opSyms, in(vm.OpLoad, 1), op(vm.OpReturn))}}
	l := link(t, p, h)
	m := vm.NewMachine(h)

	_, err := m.Run(l, 0, []vm.Value{1})
	assert.ErrorIs(t, err, vm.ErrLocals, "short locals")
	assert.EqualError(t, err, "needs2: not enough locals: has 1, needs 2", "short locals")
	for _, fn := range []int32{-1, 1} {
		_, err = m.Run(l, fn, []vm.Value{1, 2})
		assert.ErrorIs(t, err, vm.ErrNoFunc, "Run(func %d)", fn)
	}
	_, err = m.Run(nil, 0, nil)
	assert.ErrorIs(t, err, vm.ErrNoFunc, "Run(nil)")
	_, err = vm.NewMachine(nil).Run(l, 0, []vm.Value{1, 2})
	assert.Error(t, err, "Run without a host")
	checkIdle(t, m)
	// The machine still works.
	got, err := m.Run(l, 0, []vm.Value{1, 2})
	assert.NoError(t, err, "Run")
	assert.Equal(t, vm.Value(2), got, "Run")
}

func TestStepLimit(t *testing.T) {
	h := newHost()
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("loop", 0, opSyms, in(vm.OpJump, 0)),
		fn("two steps", 0, opSyms, in(vm.OpInt, 1), op(vm.OpReturn)),
	}}
	l := link(t, p, h)
	m := vm.NewMachine(h)

	_, err := m.Run(l, 0, nil)
	require.ErrorIs(t, err, vm.ErrStepLimit, "infinite loop")
	checkIdle(t, m)
	var e *vm.Error
	if assert.ErrorAs(t, err, &e, "infinite loop") {
		assert.Equal(t, 0, e.PC, "infinite loop: pc")
	}

	m.MaxSteps = 2
	got, err := m.Run(l, 1, nil)
	assert.NoError(t, err, "2 steps with MaxSteps 2")
	assert.Equal(t, vm.Value(1), got, "2 steps with MaxSteps 2")
	m.MaxSteps = 1
	_, err = m.Run(l, 1, nil)
	assert.ErrorIs(t, err, vm.ErrStepLimit, "2 steps with MaxSteps 1")
}

// recursiveProgram has one function, "rec", that pushes pad values, then
// calls "nested" with local 0 and adds everything up.
func recursiveProgram(pad int) *vm.Program {
	var code []vm.Instr
	for range pad {
		code = append(code, in(vm.OpInt, 0))
	}
	code = append(code, in(vm.OpLoad, 0), in(vm.OpCall, symNested))
	for range pad {
		code = append(code, op(vm.OpAdd))
	}
	code = append(code, op(vm.OpReturn))
	return &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("rec", 1, opSyms, code...)}}
}

// recursiveHost returns a host whose "nested"(n) runs rec(n-1) on m and
// returns its result plus one, or 0 for n == 0.
func recursiveHost(m **vm.Machine, l **vm.Linked) *fakeHost {
	h := newHost()
	h.fn("nested", func(a []vm.Value) (vm.Value, error) {
		if a[0] == 0 {
			return 0, nil
		}
		r, err := (*m).Run(*l, 0, []vm.Value{a[0] - 1})
		return r + 1, err
	})
	return h
}

func TestReentrantRun(t *testing.T) {
	var m *vm.Machine
	var l *vm.Linked
	h := recursiveHost(&m, &l)
	l = link(t, recursiveProgram(0), h)
	m = vm.NewMachine(h)
	got, err := m.Run(l, 0, []vm.Value{10})
	require.NoError(t, err, "rec(10)")
	require.Equal(t, vm.Value(10), got, "rec(10)")
}

func TestNestedRunKeepsCallerStack(t *testing.T) {
	h := newHost()
	var m *vm.Machine
	var l *vm.Linked
	h.fn("nested", func(a []vm.Value) (vm.Value, error) {
		r, err := m.Run(l, 1, []vm.Value{a[0]})
		if a[0] != 3 {
			return 0, fmt.Errorf("argument changed to %d during the nested run", a[0])
		}
		return r, err
	})
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("outer", 0, opSyms,
			in(vm.OpInt, 1000), in(vm.OpInt, 200), in(vm.OpInt, 3),
			in(vm.OpCall, symNested), op(vm.OpAdd), op(vm.OpAdd), op(vm.OpReturn)),
		fn("inner", 1, opSyms,
			in(vm.OpInt, 7), in(vm.OpInt, 7), in(vm.OpInt, 7), in(vm.OpInt, 7),
			op(vm.OpAdd), op(vm.OpAdd), op(vm.OpAdd), in(vm.OpLoad, 0), op(vm.OpAdd), op(vm.OpReturn)),
	}}
	l = link(t, p, h)
	m = vm.NewMachine(h)
	got, err := m.Run(l, 0, nil)
	require.NoError(t, err, "outer")
	require.Equal(t, vm.Value(1231), got, "outer: want 1000+200+(28+3)")
}

func TestDepthLimit(t *testing.T) {
	var m *vm.Machine
	var l *vm.Linked
	h := recursiveHost(&m, &l)
	l = link(t, recursiveProgram(0), h)
	m = vm.NewMachine(h)
	m.MaxDepth = 5

	// rec(4) nests 5 runs: allowed.
	got, err := m.Run(l, 0, []vm.Value{4})
	require.NoError(t, err, "rec(4)")
	require.Equal(t, vm.Value(4), got, "rec(4)")
	// rec(5) nests 6.
	_, err = m.Run(l, 0, []vm.Value{5})
	require.ErrorIs(t, err, vm.ErrDepth, "rec(5)")
	checkIdle(t, m)
	// Every level unwound: the machine is usable again.
	got, err = m.Run(l, 0, []vm.Value{4})
	require.NoError(t, err, "rec(4) after the error")
	require.Equal(t, vm.Value(4), got, "rec(4) after the error")
}

func TestStackOverflow(t *testing.T) {
	var m *vm.Machine
	var l *vm.Linked
	h := recursiveHost(&m, &l)
	// Each level holds 201 values while it calls the next: five levels
	// fit in 1024, the sixth does not.
	l = link(t, recursiveProgram(200), h)
	m = vm.NewMachine(h)

	got, err := m.Run(l, 0, []vm.Value{4})
	require.NoError(t, err, "rec(4)")
	require.Equal(t, vm.Value(4), got, "rec(4)")
	_, err = m.Run(l, 0, []vm.Value{5})
	require.ErrorIs(t, err, vm.ErrStackOverflow, "rec(5)")
	checkIdle(t, m)
	got, err = m.Run(l, 0, []vm.Value{4})
	require.NoError(t, err, "rec(4) after the error")
	require.Equal(t, vm.Value(4), got, "rec(4) after the error")
}

func TestNestedRunsShareSteps(t *testing.T) {
	var m *vm.Machine
	var l *vm.Linked
	h := recursiveHost(&m, &l)
	l = link(t, recursiveProgram(0), h) // rec runs 3 instructions
	m = vm.NewMachine(h)

	// rec(3) nests 4 runs of 3 instructions: 12 in all.
	m.MaxSteps = 12
	got, err := m.Run(l, 0, []vm.Value{3})
	require.NoError(t, err, "rec(3) with MaxSteps 12")
	require.Equal(t, vm.Value(3), got, "rec(3) with MaxSteps 12")
	// Each run alone needs 3, but together they need more. The 12th
	// instruction is the outermost run's OpReturn; the 8th is the innermost
	// run's OpCall, and its error comes out of every level.
	for _, tt := range []struct {
		maxSteps int
		want     string
	}{
		{11, "rec: pc 2: step limit exceeded"},
		{7, "rec: pc 1: rec: pc 1: rec: pc 1: rec: pc 1: step limit exceeded"},
	} {
		m.MaxSteps = tt.maxSteps
		_, err := m.Run(l, 0, []vm.Value{3})
		assert.ErrorIs(t, err, vm.ErrStepLimit, "rec(3) with MaxSteps %d", tt.maxSteps)
		assert.EqualError(t, err, tt.want, "rec(3) with MaxSteps %d", tt.maxSteps)
	}
	checkIdle(t, m)

	// Every top-level call has a budget of its own.
	m.MaxSteps = 9
	for i := range 3 {
		got, err := m.Run(l, 0, []vm.Value{2})
		require.NoError(t, err, "call %d: rec(2) with MaxSteps 9", i)
		require.Equal(t, vm.Value(2), got, "call %d: rec(2) with MaxSteps 9", i)
	}
}

func TestFailedRunReturnsUnusedSteps(t *testing.T) {
	// "nested" runs a function that fails on its third instruction and
	// ignores the error: the failed run must give back the steps it had
	// taken but not executed.
	h := newHost()
	var m *vm.Machine
	var l *vm.Linked
	h.fn("nested", func([]vm.Value) (vm.Value, error) {
		if _, err := m.Run(l, 1, nil); !errors.Is(err, vm.ErrDivideByZero) {
			return 0, fmt.Errorf("nested run: %v, want ErrDivideByZero", err)
		}
		return 0, nil
	})
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		// 9 instructions of its own, and 3 nested runs of 3: 18 in all.
		fn("outer", 0, opSyms,
			in(vm.OpInt, 0), in(vm.OpCall, symNested),
			in(vm.OpInt, 0), in(vm.OpCall, symNested), op(vm.OpAdd),
			in(vm.OpInt, 0), in(vm.OpCall, symNested), op(vm.OpAdd),
			op(vm.OpReturn)),
		fn("divide by zero", 0, opSyms, in(vm.OpInt, 1), in(vm.OpInt, 0), op(vm.OpDiv), op(vm.OpReturn)),
	}}
	l = link(t, p, h)
	m = vm.NewMachine(h)
	m.MaxSteps = 18
	got, err := m.Run(l, 0, nil)
	require.NoError(t, err, "outer with MaxSteps 18")
	require.Equal(t, vm.Value(0), got, "outer with MaxSteps 18")
	m.MaxSteps = 17
	_, err = m.Run(l, 0, nil)
	require.ErrorIs(t, err, vm.ErrStepLimit, "outer with MaxSteps 17")
	var e *vm.Error
	require.ErrorAs(t, err, &e, "outer with MaxSteps 17")
	require.Equal(t, "outer", e.Func, "outer with MaxSteps 17: want ErrStepLimit at pc 8 of outer")
	require.Equal(t, 8, e.PC, "outer with MaxSteps 17: want ErrStepLimit at pc 8 of outer")
	checkIdle(t, m)
}

func TestCancel(t *testing.T) {
	h := newHost()
	started := make(chan struct{})
	h.fn("note", func([]vm.Value) (vm.Value, error) {
		select {
		case <-started:
		default:
			close(started)
		}
		return 0, nil
	})
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		// Loops for ever, calling the host on the way.
		fn("loop", 0, opSyms, in(vm.OpInt, 1), in(vm.OpCall, symNote), in(vm.OpJump, 0)),
		fn("one", 0, opSyms, in(vm.OpInt, 1), op(vm.OpReturn)),
	}}
	l := link(t, p, h)
	m := vm.NewMachine(h)
	m.MaxSteps = math.MaxInt // only Cancel stops the loop

	done := make(chan error)
	go func() {
		_, err := m.Run(l, 0, nil)
		done <- err
	}()
	<-started
	m.Cancel("time is up")
	err := <-done
	require.ErrorIs(t, err, vm.ErrCancelled, "loop")
	assert.True(t, strings.HasSuffix(err.Error(), ": cancelled: time is up"), "loop: %q does not give the reason", err)
	checkIdle(t, m)

	// The machine stays cancelled until Uncancel.
	_, err = m.Run(l, 1, nil)
	assert.ErrorIs(t, err, vm.ErrCancelled, "after Cancel")
	m.Uncancel()
	got, err := m.Run(l, 1, nil)
	assert.NoError(t, err, "after Uncancel")
	assert.Equal(t, vm.Value(1), got, "after Uncancel")
}

func TestCancelTightLoop(t *testing.T) {
	// A loop that calls no host function notices Cancel too.
	h := newHost()
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("loop", 0, opSyms, in(vm.OpJump, 0))}}
	l := link(t, p, h)
	m := vm.NewMachine(h)
	m.MaxSteps = math.MaxInt

	done := make(chan error)
	go func() {
		_, err := m.Run(l, 0, nil)
		done <- err
	}()
	time.Sleep(time.Millisecond) // most likely in the loop by now; if not, Run fails at once
	m.Cancel("stop")
	require.ErrorIs(t, <-done, vm.ErrCancelled, "loop")
	checkIdle(t, m)
}

func TestCancelNested(t *testing.T) {
	// The innermost run loops; cancelling stops it and the error comes out
	// of the top-level call.
	h := newHost()
	var m *vm.Machine
	var l *vm.Linked
	started := make(chan struct{})
	h.fn("nested", func([]vm.Value) (vm.Value, error) {
		close(started)
		return m.Run(l, 1, nil)
	})
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("outer", 0, opSyms, in(vm.OpInt, 0), in(vm.OpCall, symNested), op(vm.OpReturn)),
		fn("loop", 0, opSyms, in(vm.OpJump, 0)),
	}}
	l = link(t, p, h)
	m = vm.NewMachine(h)
	m.MaxSteps = math.MaxInt

	done := make(chan error)
	go func() {
		_, err := m.Run(l, 0, nil)
		done <- err
	}()
	<-started
	m.Cancel("stop")
	err := <-done
	require.ErrorIs(t, err, vm.ErrCancelled, "outer")
	var e *vm.Error
	require.ErrorAs(t, err, &e, "outer")
	require.Equal(t, "outer", e.Func, "want ErrCancelled out of outer")
	checkIdle(t, m)
}

func TestLinkError(t *testing.T) {
	errUnknown := errors.New("unknown name")
	_, err := vm.Link(hydraProgram(), vm.LinkerFunc(func(s vm.Symbol) (int32, error) {
		if s.Name == "prevent" {
			return 0, errUnknown
		}
		return 1, nil
	}))
	require.ErrorIs(t, err, errUnknown, "Link")
	assert.EqualError(t, err, `vm: link symbol 3 (func "prevent"): unknown name`, "Link")
	_, err = vm.Link(nil, newHost())
	assert.Error(t, err, "Link(nil program)")
	_, err = vm.Link(hydraProgram(), nil)
	assert.Error(t, err, "Link(nil linker)")
}

func TestLinkedID(t *testing.T) {
	h := newHost()
	l := link(t, hydraProgram(), h)
	assert.Equal(t, h.id("event:damage"), l.ID(symEventDamage), "ID(event:damage)")
	for _, sym := range []int32{vm.NoFunc, -7, int32(len(hydraSymbols))} {
		assert.Equal(t, vm.NoFunc, l.ID(sym), "ID(%d): want NoFunc", sym)
	}
}

// matchHost is a host for hydraProgram on which the replacement's match
// function (func 2) applies: the damage is dealt to "this".
func matchHost() *fakeHost {
	h := newHost()
	h.field("damage.target", 42)
	h.field("damage.amount", 3)
	return h
}

// benchProgram's only function is a realistic match function: two field
// reads, a load, EQ, a conditional jump, a host call, a return.
func benchProgram() *vm.Program {
	syms := []vm.Symbol{
		{Kind: vm.SymField, Name: "damage.target"},
		{Kind: vm.SymField, Name: "damage.amount"},
		{Kind: vm.SymFunc, Name: "can_prevent", Arity: 1, Returns: true},
	}
	return &vm.Program{Symbols: syms, Funcs: []vm.Func{fn("bench#1.match", 3, syms,
		in(vm.OpField, 0),
		in(vm.OpLoad, 0),
		op(vm.OpEq),
		in(vm.OpJumpIfFalse, 9),
		in(vm.OpField, 1),
		in(vm.OpStore, 2),
		in(vm.OpLoad, 0),
		in(vm.OpCall, 2),
		op(vm.OpReturn),
		in(vm.OpInt, 0),
		op(vm.OpReturn),
	)}}
}

func benchHost() *fakeHost {
	h := matchHost()
	h.fn("can_prevent", func(a []vm.Value) (vm.Value, error) { return boolValue(a[0] == 42), nil })
	return h
}

func boolValue(b bool) vm.Value {
	if b {
		return 1
	}
	return 0
}

func TestRunDoesNotAllocate(t *testing.T) {
	h := benchHost()
	var m *vm.Machine
	lb := link(t, benchProgram(), h)
	nestedLocals := make([]vm.Value, 3)
	h.fn("nested", func(a []vm.Value) (vm.Value, error) {
		nestedLocals[0], nestedLocals[1], nestedLocals[2] = a[0], 1, 0
		return m.Run(lb, 0, nestedLocals)
	})
	m = vm.NewMachine(h)

	loop := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("loop", 2, opSyms,
			in(vm.OpLoad, 0), in(vm.OpJumpIfFalse, 11),
			in(vm.OpLoad, 1), in(vm.OpLoad, 0), op(vm.OpAdd), in(vm.OpStore, 1),
			in(vm.OpLoad, 0), in(vm.OpInt, 1), op(vm.OpSub), in(vm.OpStore, 0),
			in(vm.OpJump, 0),
			in(vm.OpLoad, 1), op(vm.OpReturn)),
		fn("reenter", 0, opSyms,
			in(vm.OpInt, 42), in(vm.OpCall, symNested), op(vm.OpReturn)),
	}}
	ll := link(t, loop, h)
	locals := make([]vm.Value, 3)

	tests := []struct {
		name   string
		l      *vm.Linked
		fn     int32
		locals []vm.Value
		want   vm.Value
	}{
		{"match function", lb, 0, []vm.Value{42, 1, 0}, 1},
		{"loop", ll, 0, []vm.Value{100, 0}, 5050},
		{"nested run", ll, 1, nil, 1},
	}
	for _, tt := range tests {
		allocs := testing.AllocsPerRun(1000, func() {
			copy(locals, tt.locals)
			// A plain check: testify's arguments are interfaces, and
			// boxing them would allocate inside the measured run.
			if r, err := m.Run(tt.l, tt.fn, locals); err != nil || r != tt.want {
				t.Fatalf("%s: Run = %d, %v; want %d", tt.name, r, err, tt.want)
			}
		})
		assert.Zero(t, allocs, "%s: allocations per run", tt.name)
	}
}

func BenchmarkRun(b *testing.B) {
	h := benchHost()
	p := benchProgram()
	l := link(b, p, h)
	m := vm.NewMachine(h)
	locals := []vm.Value{42, 1, 0}
	b.ReportAllocs()
	for b.Loop() {
		if r, err := m.Run(l, 0, locals); err != nil || r != 1 {
			b.Fatalf("Run = %d, %v", r, err)
		}
	}
}

// BenchmarkRunPlainGo is BenchmarkRun's match function written in Go,
// calling the same host through the same interface with the ids the
// linker gave: what the machine is measured against (issue 9 asks for at
// most twice its time).
func BenchmarkRunPlainGo(b *testing.B) {
	h := benchHost()
	l := link(b, benchProgram(), h)
	target, amount, canPrevent := l.ID(0), l.ID(1), l.ID(2)
	var host vm.Host = h
	var args [1]vm.Value
	match := func(locals []vm.Value) (vm.Value, error) {
		t, err := host.Field(nil, target)
		if err != nil || t != locals[0] {
			return 0, err
		}
		if locals[2], err = host.Field(nil, amount); err != nil {
			return 0, err
		}
		args[0] = locals[0]
		return host.Call(nil, canPrevent, args[:])
	}
	locals := []vm.Value{42, 1, 0}
	b.ReportAllocs()
	for b.Loop() {
		if r, err := match(locals); err != nil || r != 1 {
			b.Fatalf("match = %d, %v", r, err)
		}
	}
}

// BenchmarkRunLoop measures the interpreter alone: a loop of 100
// iterations, 1,102 instructions, no host calls.
func BenchmarkRunLoop(b *testing.B) {
	h := newHost()
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("loop", 2, opSyms,
		in(vm.OpLoad, 0), in(vm.OpJumpIfFalse, 11),
		in(vm.OpLoad, 1), in(vm.OpLoad, 0), op(vm.OpAdd), in(vm.OpStore, 1),
		in(vm.OpLoad, 0), in(vm.OpInt, 1), op(vm.OpSub), in(vm.OpStore, 0),
		in(vm.OpJump, 0),
		in(vm.OpLoad, 1), op(vm.OpReturn))}}
	l := link(b, p, h)
	m := vm.NewMachine(h)
	locals := make([]vm.Value, 2)
	b.ReportAllocs()
	for b.Loop() {
		locals[0], locals[1] = 100, 0
		if r, err := m.Run(l, 0, locals); err != nil || r != 5050 {
			b.Fatalf("Run = %d, %v", r, err)
		}
	}
}
