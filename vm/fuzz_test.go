package vm_test

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/vm"
)

// seedPrograms are valid programs for the fuzzers to start from.
func seedPrograms() []*vm.Program {
	loop := &vm.Program{Symbols: opSyms, Consts: []vm.Value{math.MinInt64, -1}, Funcs: []vm.Func{
		fn("loop", 2, opSyms,
			in(vm.OpLoad, 0), in(vm.OpJumpIfFalse, 11),
			in(vm.OpLoad, 1), in(vm.OpLoad, 0), op(vm.OpAdd), in(vm.OpStore, 1),
			in(vm.OpLoad, 0), in(vm.OpInt, 1), op(vm.OpSub), in(vm.OpStore, 0),
			in(vm.OpJump, 0),
			in(vm.OpLoad, 1), op(vm.OpReturn)),
		fn("divide", 0, opSyms,
			in(vm.OpConst, 0), in(vm.OpConst, 1), op(vm.OpDiv),
			in(vm.OpInt, 1), in(vm.OpInt, 2), in(vm.OpInt, 3), in(vm.OpCall, symCombine),
			op(vm.OpDiv), op(vm.OpReturn)),
		fn("forever", 0, opSyms, in(vm.OpJump, 0)),
	}}
	return []*vm.Program{hydraProgram(), benchProgram(), recursiveProgram(3), loop, {}}
}

func FuzzDecode(f *testing.F) {
	for _, p := range seedPrograms() {
		f.Add(marshal(f, p))
	}
	f.Add([]byte("CARDVM\x03\x00"))
	f.Add(bundle(vm.FormatVersion, 0, 0, 0, 0))
	// Empty cards, each 14 bytes decoding into more than 200: more memory
	// than a bundle may decode into (MaxDecodeRatio).
	f.Add(marshal(f, &vm.Program{Cards: make([]vm.Card, 2000)}))
	f.Fuzz(func(t *testing.T, data []byte) {
		// The checksum stops almost every change at the door: decode the
		// data as it is, then its body under a right header (this version,
		// its checksum), so that the fuzzer reaches the decoder.
		fuzzDecode(t, data)
		if len(data) >= 12 && bytes.HasPrefix(data, []byte("CARDVM")) {
			fuzzDecode(t, bundle(vm.FormatVersion, data[12:]...))
		}
	})
}

// fuzzDecode checks that data decodes, if at all, into a program that
// verifies, lists and round-trips.
func fuzzDecode(t *testing.T, data []byte) {
	{
		// Whatever decodes, even invalid, can be verified and listed.
		var raw vm.Program
		if raw.UnmarshalBinary(data) == nil {
			_ = vm.Verify(&raw)
			_ = raw.DisassembleString()
			for _, f := range raw.Funcs {
				_, _ = vm.MaxStackDepth(f.Code, raw.Symbols)
			}
		}

		p, err := vm.Decode(data)
		if err != nil {
			return
		}
		again, err := p.MarshalBinary()
		require.NoError(t, err, "MarshalBinary of a decoded program")
		q, err := vm.Decode(again)
		require.NoError(t, err, "Decode of a re-encoded program")
		if diff := cmp.Diff(p, q); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
		third, _ := q.MarshalBinary()
		require.Equal(t, again, third, "re-encoding is not stable")
	}
}

// fuzzHost answers anything: according to the function's id, it returns an
// extreme value, the sum of its arguments, an error, or the result of a
// nested run; according to the field's, an error, the result of a nested
// run, or a value.
type fuzzHost struct {
	m      *vm.Machine
	l      *vm.Linked
	nested int // nested runs left
	// trace records every call (fn, then args) and field read (-field).
	trace []vm.Value
	// this makes every field that can be read hold local 0 of
	// fuzzLocals ("this"), so that matches anchored on it go on.
	this bool
	// cancel makes every call and field read cancel the machine, so that
	// the run stops at its next checkpoint.
	cancel bool
}

func (h *fuzzHost) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	if h.cancel {
		h.m.Cancel("by the host")
	}
	h.trace = append(h.trace, vm.Value(fn))
	h.trace = append(h.trace, args...)
	var sum vm.Value
	for _, a := range args {
		sum += a
	}
	switch fn % 5 {
	case 0:
		return math.MinInt64, nil
	case 1:
		return sum, nil
	case 2:
		return 0, errors.New("host error")
	case 3:
		if h.nested > 0 {
			h.nested--
			n := vm.Value(len(h.l.Program.Funcs))
			return h.m.Run(h.l, int32((sum%n+n)%n), fuzzLocals())
		}
	}
	return -1, nil
}

func (h *fuzzHost) Field(_ *vm.Frame, field int32) (vm.Value, error) {
	if h.cancel {
		h.m.Cancel("by the host")
	}
	h.trace = append(h.trace, -vm.Value(field))
	switch field % 7 {
	case 6:
		return 0, errors.New("no such field")
	case 5:
		// A field computed by a nested run, which spends steps of the
		// run that reads it.
		if h.nested > 0 {
			h.nested--
			n := int32(len(h.l.Program.Funcs))
			return h.m.Run(h.l, field%n, fuzzLocals())
		}
	}
	if h.this {
		return fuzzLocals()[0], nil
	}
	return vm.Value(field) - 3, nil
}

// fuzzLocals returns the most locals any function may need.
func fuzzLocals() []vm.Value {
	locals := make([]vm.Value, vm.MaxLocals)
	for i := range locals {
		locals[i] = vm.Value(i) - 2
	}
	return locals
}

func FuzzRun(f *testing.F) {
	for _, p := range seedPrograms() {
		f.Add(marshal(f, p))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := vm.Decode(data)
		if err != nil {
			return
		}
		h := &fuzzHost{}
		l, err := vm.Link(p, vm.LinkerFunc(func(s vm.Symbol) (int32, error) {
			return int32(len(s.Name)), nil
		}))
		require.NoError(t, err)
		m := vm.NewMachine(h)
		m.MaxSteps = 1000
		m.MaxDepth = 4
		h.m, h.l = m, l
		for i := range p.Funcs {
			h.nested = 10
			_, _ = m.Run(l, int32(i), fuzzLocals())
			sp, depth := m.State()
			require.Zero(t, sp, "after running func %d: sp", i)
			require.Zero(t, depth, "after running func %d: depth", i)
		}
	})
}

// FuzzRunCode reaches the interpreter faster than FuzzRun: it reads the
// input as instructions (an opcode byte and a signed argument byte each),
// and runs them if they verify.
func FuzzRunCode(f *testing.F) {
	f.Add([]byte{byte(vm.OpInt), 1, byte(vm.OpReturn), 0})
	f.Add([]byte{byte(vm.OpLoad), 0, byte(vm.OpJumpIfFalse), 4, byte(vm.OpInt), 1, byte(vm.OpJump), 0, byte(vm.OpInt), 0, byte(vm.OpReturn), 0})
	f.Add([]byte{byte(vm.OpConst), 0, byte(vm.OpConst), 1, byte(vm.OpDiv), 0, byte(vm.OpInt), 1, byte(vm.OpCall), 6, byte(vm.OpAdd), 0, byte(vm.OpReturn), 0})
	f.Add([]byte{byte(vm.OpLoad), 0, byte(vm.OpJumpIfFalseOrPop), 4, byte(vm.OpLoad), 1, byte(vm.OpJumpIfTrueOrPop), 4, byte(vm.OpReturn), 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var code []vm.Instr
		for i := 0; i+1 < len(data); i += 2 {
			code = append(code, vm.Instr{Op: vm.Opcode(data[i] % (byte(vm.OpJumpIfTrueOrPop) + 1)), Arg: int32(int8(data[i+1]))})
		}
		depth, err := vm.MaxStackDepth(code, opSyms)
		if err != nil {
			return
		}
		p := &vm.Program{
			Symbols: opSyms,
			Consts:  []vm.Value{math.MinInt64, -1, math.MaxInt64},
			Funcs:   []vm.Func{{Name: "fuzz", NumLocals: 4, MaxStack: depth, Code: code}},
		}
		if vm.Verify(p) != nil {
			return
		}
		h := &fuzzHost{nested: 10}
		l, err := vm.Link(p, vm.LinkerFunc(func(s vm.Symbol) (int32, error) { return int32(len(s.Name)), nil }))
		require.NoError(t, err)
		m := vm.NewMachine(h)
		m.MaxSteps = 1000
		m.MaxDepth = 4
		h.m, h.l = m, l
		_, _ = m.Run(l, 0, fuzzLocals())
		sp, nested := m.State()
		require.Zero(t, sp, "after the run: sp")
		require.Zero(t, nested, "after the run: depth")
		both := linkBothWays(t, p)
		for _, steps := range []int{1, 2, 3, 5, 8, 1000} {
			runAsWritten(t, both, 0, steps)
		}
	})
}

// outcome is all a run does that can be seen: its result, its error, its
// locals, the steps it left, the host calls and field reads it made, and
// the machine's state after it.
type outcome struct {
	Result    vm.Value
	Err       string
	Locals    []vm.Value
	Steps     int
	Trace     []vm.Value
	SP, Depth int
}

// equal reports whether two outcomes are the same in every field.
func (o outcome) equal(p outcome) bool {
	return o.Result == p.Result && o.Err == p.Err && o.Steps == p.Steps && o.SP == p.SP && o.Depth == p.Depth &&
		slices.Equal(o.Locals, p.Locals) && slices.Equal(o.Trace, p.Trace)
}

// asWritten is a program linked twice, once with the superinstructions
// Link puts in and once with the code as written (LinkUnfused), with the
// same ids (symbol i gets id i: fields and functions of every behaviour of
// fuzzHost). A Linked program is immutable, so one pair serves every run.
type asWritten struct {
	fused, written *vm.Linked
}

// linkBothWays links p both ways.
func linkBothWays(t *testing.T, p *vm.Program) asWritten {
	t.Helper()
	link := func(link func(*vm.Program, vm.Linker) (*vm.Linked, error)) *vm.Linked {
		next := int32(0)
		l, err := link(p, vm.LinkerFunc(func(vm.Symbol) (int32, error) { next++; return next - 1, nil }))
		require.NoError(t, err)
		return l
	}
	return asWritten{fused: link(vm.Link), written: link(vm.LinkUnfused)}
}

// runAsWritten runs function fn of a program linked both ways, on machines
// with maxSteps, and fails if anything differs: a superinstruction must do
// exactly what the instructions it stands for do.
func runAsWritten(t *testing.T, a asWritten, fn int32, maxSteps int) {
	t.Helper()
	for _, this := range []bool{false, true} {
		runAsWrittenWith(t, a, fn, maxSteps, fuzzHost{this: this})
	}
}

// runCancelledAsWritten is runAsWritten with a host that cancels the
// machine at its first call or field read: the runs must notice it at
// the same checkpoint.
func runCancelledAsWritten(t *testing.T, a asWritten, fn int32, maxSteps int) {
	t.Helper()
	for _, this := range []bool{false, true} {
		runAsWrittenWith(t, a, fn, maxSteps, fuzzHost{this: this, cancel: true})
	}
}

func runAsWrittenWith(t *testing.T, a asWritten, fn int32, maxSteps int, host fuzzHost) {
	t.Helper()
	run := func(l *vm.Linked) outcome {
		h := &fuzzHost{nested: 10, this: host.this, cancel: host.cancel}
		m := vm.NewMachine(h)
		m.MaxSteps = maxSteps
		m.MaxDepth = 4
		h.m, h.l = m, l
		locals := fuzzLocals()
		r, err := m.Run(l, fn, locals)
		o := outcome{Result: r, Locals: locals, Steps: m.Steps(), Trace: h.trace}
		if err != nil {
			o.Err = err.Error()
		}
		o.SP, o.Depth = m.State()
		return o
	}
	fused, written := run(a.fused), run(a.written)
	if fused.equal(written) {
		return // cmp.Diff, which would say so too, costs 20 times the runs
	}
	if diff := cmp.Diff(written, fused); diff != "" {
		t.Fatalf("%s with %d steps: superinstructions change the run (-as written +fused):\n%s", a.fused.Program.Funcs[fn].Name, maxSteps, diff)
	}
}

// shapesProgram holds the shapes of superinstructions that end a run
// with a host call, with calls that nest runs (symbols 3 and 8 for
// fuzzHost), fail (2) or return (5, 6), of one and two arguments, after
// field reads that nest runs (12) or fail (7). Local
// i holds i-2 (fuzzLocals); the nested runs end in "sum" (func 6), so
// that they succeed, spending steps of the run they are nested in.
func shapesProgram() *vm.Program {
	syms := []vm.Symbol{
		{Kind: vm.SymField, Name: "a"},
		{Kind: vm.SymField, Name: "b"},
		{Kind: vm.SymFunc, Name: "fails", Arity: 1, Returns: true},
		{Kind: vm.SymFunc, Name: "nests", Arity: 1, Returns: true},
		{Kind: vm.SymField, Name: "c"},
		{Kind: vm.SymFunc, Name: "min", Arity: 2, Returns: true},
		{Kind: vm.SymFunc, Name: "sum", Arity: 1, Returns: true},
		{Kind: vm.SymField, Name: "d"},
		{Kind: vm.SymFunc, Name: "nests2", Arity: 2, Returns: true},
		{Kind: vm.SymField, Name: "e"},
		{Kind: vm.SymField, Name: "f"},
		{Kind: vm.SymField, Name: "g"},
		{Kind: vm.SymField, Name: "nested"}, // 12: runs func 12 mod 9, "two-args-nested"
	}
	return &vm.Program{Symbols: syms, Funcs: []vm.Func{
		fn("store-ask-nested", 10, syms, in(vm.OpField, 0), in(vm.OpStore, 2), in(vm.OpLoad, 3), in(vm.OpCall, 3), op(vm.OpReturn)),
		fn("ask-nested", 10, syms, in(vm.OpLoad, 8), in(vm.OpCall, 3), op(vm.OpReturn)),
		fn("match", 10, syms,
			in(vm.OpField, 1), in(vm.OpLoad, 0), op(vm.OpEq), in(vm.OpJumpIfFalse, 9),
			in(vm.OpField, 4), in(vm.OpStore, 2), in(vm.OpLoad, 5), in(vm.OpCall, 3), op(vm.OpReturn),
			in(vm.OpInt, 0), op(vm.OpReturn)),
		fn("two-args-nested", 10, syms, in(vm.OpLoad, 2), in(vm.OpLoad, 8), in(vm.OpCall, 8), op(vm.OpReturn)),
		fn("store-two-args", 10, syms, in(vm.OpLoad, 3), in(vm.OpField, 0), in(vm.OpStore, 2), in(vm.OpLoad, 3), in(vm.OpCall, 5), op(vm.OpReturn)),
		fn("store-fails", 10, syms, in(vm.OpField, 0), in(vm.OpStore, 1), in(vm.OpLoad, 0), in(vm.OpCall, 2), op(vm.OpReturn)),
		fn("sum", 10, syms, in(vm.OpLoad, 3), in(vm.OpCall, 6), op(vm.OpReturn)),
		fn("store-nested-field", 10, syms, in(vm.OpField, 12), in(vm.OpStore, 2), in(vm.OpLoad, 3), in(vm.OpCall, 6), op(vm.OpReturn)),
		fn("bad-field", 10, syms, in(vm.OpField, 7), in(vm.OpStore, 1), in(vm.OpLoad, 0), in(vm.OpCall, 6), op(vm.OpReturn)),
	}}
}

// TestSuperinstructionsRunAsWritten runs every function of the card
// library, and of the tests' programs, with and without
// superinstructions, with budgets of steps that end anywhere in them or
// put a checkpoint anywhere in them (with a host that cancels the run, so
// that the checkpoint stops it), and compares all the runs do.
func TestSuperinstructionsRunAsWritten(t *testing.T) {
	lib, err := compiled.Program()
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, p := range []*vm.Program{lib, hydraProgram(), benchProgram(), shapesProgram()} {
		require.NoError(t, vm.Verify(p))
		l, err := vm.Link(p, vm.LinkerFunc(func(s vm.Symbol) (int32, error) { return 0, nil }))
		require.NoError(t, err)
		require.NotZero(t, l.Superinstructions(), "no superinstructions in a program of %d functions", len(p.Funcs))
		for name, n := range l.SuperinstructionNames() {
			kinds[name] += n
		}
		both := linkBothWays(t, p)
		for fn := range p.Funcs {
			// Budgets that run out anywhere in the function, and budgets
			// with which a checkpoint that does not stop the run (one
			// that starts with checkInterval steps left) falls anywhere
			// in it.
			for steps := 1; steps <= 40; steps++ {
				runAsWritten(t, both, int32(fn), steps)
				runAsWritten(t, both, int32(fn), 256+steps)
				runCancelledAsWritten(t, both, int32(fn), 256+steps)
			}
			runAsWritten(t, both, int32(fn), vm.DefaultMaxSteps)
		}
	}
	// Every superinstruction was put to the test.
	assert.Len(t, kinds, vm.SuperinstructionKinds, "the programs hold too few or too many kinds of superinstructions")
}
