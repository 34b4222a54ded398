package vm_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// Tests of what issue 25 asked of the embedding API: the symbols of each
// card and a link that keeps the cards a host can run; the Frame and run
// context a host gets; a machine that survives a host's panic.

func TestCardSymbols(t *testing.T) {
	p := hydraProgram()
	names := func(c int) []string {
		var out []string
		for _, s := range p.CardSymbols(c) {
			out = append(out, p.Symbols[s].Name)
		}
		return out
	}
	// The Hydra's abilities name their events; their code calls, reads
	// and pushes the rest.
	require.Equal(t, []string{"event:damage", "damage.target", "damage.amount", "prevent", "remove_counters",
		"counter:+1/+1", "event:enters", "add_counters", "x_paid", "event:counters_removed", "counters.object",
		"counters.kind", "counters.amount", "delay", "event:end_step"}, names(0))
	// Lightning Bolt: its target's filter and its body.
	require.Equal(t, []string{"any_target", "deal_damage"}, names(1))
	// Leyline of Punishment: its Event and its Rule, and no code's.
	require.Equal(t, []string{"event:damage", "rule:damage_cant_be_prevented"}, names(2))
	require.Nil(t, p.CardSymbols(3))
	require.Nil(t, p.CardSymbols(-1))
}

func TestLinkPartialKeepsTheCardsTheHostCanRun(t *testing.T) {
	p := hydraProgram()
	h := newHost()
	h.fn("any_target", func([]vm.Value) (vm.Value, error) { return 1, nil })
	var dealt []vm.Value
	h.fn("deal_damage", func(a []vm.Value) (vm.Value, error) {
		dealt = append(dealt, a...)
		return 0, nil
	})
	// A host that lacks prevent and the rule of Leyline of Punishment.
	linker := vm.LinkerFunc(func(s vm.Symbol) (int32, error) {
		if s.Name == "prevent" || s.Name == "rule:damage_cant_be_prevented" {
			return 0, errors.New("not in this host")
		}
		return h.Link(s)
	})
	require.NoError(t, vm.Verify(p))
	l, err := vm.LinkPartial(p, linker)
	require.NoError(t, err)

	un := l.Unlinked()
	require.Len(t, un, 2)
	require.Equal(t, "Protean Hydra: func prevent/1 (not in this host)", un[0].String())
	require.Equal(t, 0, un[0].Card)
	require.Equal(t, "Leyline of Punishment: name rule:damage_cant_be_prevented (not in this host)", un[1].String())
	require.Equal(t, []bool{false, true, false}, []bool{l.Runs(0), l.Runs(1), l.Runs(2)})
	require.False(t, l.Runs(3))
	require.Equal(t, vm.NoSymbol, l.ID(symPrevent))

	m := vm.NewMachine(h)
	// Lightning Bolt runs.
	_, err = m.Run(l, 9, []vm.Value{7, 1, 42})
	require.NoError(t, err)
	require.Equal(t, []vm.Value{7, 42, 3}, dealt)
	// The Hydra's body that calls prevent does not, and says why.
	_, err = m.Run(l, 3, []vm.Value{7, 1, 2})
	require.ErrorIs(t, err, vm.ErrUnlinked)
	require.EqualError(t, err, "Protean Hydra#1.body: uses a name the host lacks: func prevent/1")
	checkIdle(t, m)
	// Its other functions use nothing the host lacks: they run.
	n, err := m.Run(l, 6, []vm.Value{7, 1})
	require.NoError(t, err)
	require.Equal(t, vm.Value(1), n)

	// Link itself still refuses the whole program.
	_, err = vm.Link(p, linker)
	require.EqualError(t, err, `vm: link symbol 3 (func "prevent"): not in this host`)
	// And CheckVocabulary names the cards that use each missing name.
	err = vm.CheckVocabulary(p, hydraVocabulary, linker)
	var ve *vm.VocabularyError
	require.ErrorAs(t, err, &ve)
	require.Equal(t, []string{"Protean Hydra"}, ve.Missing[0].Cards)
	require.Equal(t, []string{"Leyline of Punishment"}, ve.Missing[1].Cards)
}

func TestLinkPartialOfAProgramTheHostKnows(t *testing.T) {
	l, err := vm.LinkPartial(hydraProgram(), newHost())
	require.NoError(t, err)
	require.Empty(t, l.Unlinked())
	require.True(t, l.Runs(0) && l.Runs(1) && l.Runs(2))
	_, err = vm.LinkPartial(nil, newHost())
	require.Error(t, err)
	_, err = vm.LinkPartial(hydraProgram(), nil)
	require.Error(t, err)
}

func TestOwners(t *testing.T) {
	l := link(t, hydraProgram(), newHost())
	tests := []struct {
		fn   int32
		want vm.Owner
	}{
		{0, vm.Owner{Card: 0, Ability: 0, Entry: vm.EntryMatch}},
		{3, vm.Owner{Card: 0, Ability: 1, Entry: vm.EntryBody}},
		{7, vm.Owner{Card: 0, Ability: 3, Entry: vm.EntryBody}},
		{8, vm.Owner{Card: 1, Ability: 0, Entry: vm.EntryFilter}},
		{10, vm.Owner{Card: 2, Ability: 0, Entry: vm.EntryMatch}},
		{11, vm.Owner{Card: -1, Ability: -1}}, // the orphan
		{12, vm.Owner{Card: -1, Ability: -1}},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, l.Owner(tt.fn), "func %d", tt.fn)
	}
	require.Equal(t, "filter", vm.EntryFilter.String())
}

// frameHost records the frames of its calls.
type frameHost struct {
	calls []string
	m     *vm.Machine
	l     *vm.Linked
}

// event is a host's context of a run: the event it matches.
type event struct{ target, amount vm.Value }

func (h *frameHost) Link(s vm.Symbol) (int32, error) {
	for i, sym := range hydraSymbols {
		if sym.Name == s.Name {
			return int32(i), nil
		}
	}
	return 0, errors.New("unknown")
}

func (h *frameHost) Call(f *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	h.calls = append(h.calls, fmt.Sprintf("%s(%v) in %s of %s, ability %d, this %d, context %v",
		hydraSymbols[fn].Name, args, f.Owner().Entry, f.Card().Name, f.Owner().Ability, f.Locals[vm.LocalThis], f.Context))
	if fn == symAnyTarget && args[0] == 99 {
		// A nested run, with a context of its own.
		v, err := h.m.RunWith("nested", h.l, 6, []vm.Value{5, 1})
		h.calls = append(h.calls, fmt.Sprintf("back in %s, context %v", f.Owner().Entry, f.Context))
		return v, err
	}
	return 1, nil
}

func (h *frameHost) Field(f *vm.Frame, field int32) (vm.Value, error) {
	ev, ok := f.Context.(*event)
	if !ok {
		return 0, errors.New("no event")
	}
	switch field {
	case symDamageTarget:
		return ev.target, nil
	case symDamageAmount:
		return ev.amount, nil
	}
	return 0, errors.New("no such field")
}

func TestTheHostGetsTheFrameAndTheContext(t *testing.T) {
	h := &frameHost{}
	h.l = link(t, hydraProgram(), h)
	h.m = vm.NewMachine(h)
	// The Hydra's replacement matches the event its context holds: Field
	// reads it from the frame, with no side channel.
	locals := []vm.Value{7, 1, 0}
	n, err := h.m.RunWith(&event{target: 7, amount: 3}, h.l, 2, locals)
	require.NoError(t, err)
	require.Equal(t, vm.Value(1), n)
	require.Equal(t, vm.Value(3), locals[2])
	_, err = h.m.Run(h.l, 2, locals)
	require.ErrorContains(t, err, "no event")

	// Calls see their function's card, ability and entry point, the
	// locals, and the context; a nested run has its own frame.
	_, err = h.m.RunWith("outer", h.l, 8, []vm.Value{9, 1, 99})
	require.NoError(t, err)
	_, err = h.m.RunWith(nil, h.l, 3, []vm.Value{7, 1, 2})
	require.NoError(t, err)
	want := []string{
		"any_target([99]) in filter of Lightning Bolt, ability 0, this 9, context outer",
		"back in filter, context outer",
		"prevent([2]) in body of Protean Hydra, ability 1, this 7, context <nil>",
		"remove_counters([7 5 2]) in body of Protean Hydra, ability 1, this 7, context <nil>",
	}
	if diff := cmp.Diff(want, h.calls); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

// TestRunWithDoesNotAllocate: the frame and a pointer context cost no
// allocation.
func TestRunWithDoesNotAllocate(t *testing.T) {
	h := &frameHost{}
	l := link(t, hydraProgram(), h)
	m := vm.NewMachine(h)
	ev := &event{target: 7, amount: 3}
	locals := []vm.Value{7, 1, 0}
	allocs := testing.AllocsPerRun(100, func() {
		_, err := m.RunWith(ev, l, 2, locals)
		require.NoError(t, err)
	})
	require.Zero(t, allocs)
}

// panicProgram calls "note" with local 0; the host panics when it is 13.
func panicProgram() *vm.Program {
	return &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("p", 1, opSyms, in(vm.OpLoad, 0), in(vm.OpCall, symNote), in(vm.OpInt, 5), op(vm.OpReturn)),
		fn("rec", 1, opSyms, in(vm.OpLoad, 0), in(vm.OpCall, symNested), op(vm.OpReturn)),
	}}
}

func TestAHostPanicLeavesTheMachineUsable(t *testing.T) {
	h := newHost()
	var m *vm.Machine
	var l *vm.Linked
	h.fn("note", func(a []vm.Value) (vm.Value, error) {
		if a[0] == 13 {
			panic("unlucky")
		}
		return 0, nil
	})
	// nested(n) runs p(n) nested, below a run that is itself nested.
	h.fn("nested", func(a []vm.Value) (vm.Value, error) { return m.Run(l, 0, []vm.Value{a[0]}) })
	l = link(t, panicProgram(), h)
	m = vm.NewMachine(h)
	m.MaxSteps = 50

	_, err := m.Run(l, 0, []vm.Value{13})
	require.ErrorIs(t, err, vm.ErrPanic)
	require.EqualError(t, err, "p: panic during the run: unlucky")
	var pe *vm.PanicError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "unlucky", pe.Value)
	require.Contains(t, string(pe.Stack), "TestAHostPanicLeavesTheMachineUsable")
	checkIdle(t, m)

	// Before issue 25, each panic left the machine one run deeper: the
	// budget never started again (after some runs, "step limit exceeded")
	// and, after MaxDepth panics, every run failed with "runs nested too
	// deep". Now each is recovered in full.
	for i := range 200 {
		_, err := m.Run(l, 1, []vm.Value{13}) // panics two runs deep
		require.ErrorIs(t, err, vm.ErrPanic, "panic %d", i)
		require.EqualError(t, err, "rec: panic during the run: unlucky")
		checkIdle(t, m)
		v, err := m.Run(l, 0, []vm.Value{1})
		require.NoError(t, err, "run %d after a panic", i)
		require.Equal(t, vm.Value(5), v)
	}

	// A runtime error's panic is the error PanicError wraps.
	h.fn("note", func(a []vm.Value) (vm.Value, error) { return a[a[0]], nil })
	_, err = m.Run(l, 0, []vm.Value{3})
	var re interface{ RuntimeError() }
	require.ErrorAs(t, err, &re)
	checkIdle(t, m)
}

// TestAHostThatRecoversANestedPanic: a host function that recovers the
// panic of a run nested in it leaves the machine as consistent as if the
// nested run had failed.
func TestAHostThatRecoversANestedPanic(t *testing.T) {
	h := newHost()
	var m *vm.Machine
	var l *vm.Linked
	h.fn("note", func(a []vm.Value) (vm.Value, error) { panic("inner") })
	h.fn("nested", func(a []vm.Value) (v vm.Value, err error) {
		defer func() {
			if r := recover(); r != nil {
				v, err = 40, nil
			}
		}()
		return m.Run(l, 0, []vm.Value{a[0]})
	})
	l = link(t, panicProgram(), h)
	m = vm.NewMachine(h)
	for range 3 * vm.DefaultMaxDepth {
		v, err := m.Run(l, 1, []vm.Value{1})
		require.NoError(t, err)
		require.Equal(t, vm.Value(40), v)
		checkIdle(t, m)
	}
}

func TestZeroLimitsMeanTheDefaults(t *testing.T) {
	// MaxSteps 0 is DefaultMaxSteps, not a budget of none: a loop of
	// three instructions calls the host DefaultMaxSteps/3 times.
	steps := 0
	counting := newHost()
	counting.fn("note", func([]vm.Value) (vm.Value, error) {
		steps++
		return 0, nil
	})
	lc := link(t, &vm.Program{Symbols: opSyms, Funcs: []vm.Func{
		fn("count", 0, opSyms, in(vm.OpInt, 0), in(vm.OpCall, symNote), in(vm.OpJump, 0)),
	}}, counting)
	mc := vm.NewMachine(counting)
	mc.MaxSteps = 0
	_, err := mc.Run(lc, 0, nil)
	require.ErrorIs(t, err, vm.ErrStepLimit)
	require.Equal(t, vm.DefaultMaxSteps/3, steps)

	// MaxDepth 0 is DefaultMaxDepth.

	var mr *vm.Machine
	var lr *vm.Linked
	hr := recursiveHost(&mr, &lr)
	lr = link(t, recursiveProgram(0), hr)
	mr = vm.NewMachine(hr)
	mr.MaxDepth = 0
	got, err := mr.Run(lr, 0, []vm.Value{vm.DefaultMaxDepth - 1})
	require.NoError(t, err)
	require.Equal(t, vm.Value(vm.DefaultMaxDepth-1), got)
	_, err = mr.Run(lr, 0, []vm.Value{vm.DefaultMaxDepth})
	require.ErrorIs(t, err, vm.ErrDepth)
	// A larger MaxDepth takes effect at the next top-level run.
	mr.MaxDepth = 3 * vm.DefaultMaxDepth
	got, err = mr.Run(lr, 0, []vm.Value{2*vm.DefaultMaxDepth + 5})
	require.NoError(t, err)
	require.Equal(t, vm.Value(2*vm.DefaultMaxDepth+5), got)
}

// TestBudgetOfAnEvent: between BeginBudget and EndBudget, top-level runs
// share one budget, as the runs nested in one run do.
func TestBudgetOfAnEvent(t *testing.T) {
	h := newHost()
	p := &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("ten steps", 0, opSyms,
		in(vm.OpInt, 1), in(vm.OpInt, 1), op(vm.OpAdd), in(vm.OpInt, 1), op(vm.OpAdd),
		in(vm.OpInt, 1), op(vm.OpAdd), in(vm.OpInt, 1), op(vm.OpAdd), op(vm.OpReturn))}}
	l := link(t, p, h)
	m := vm.NewMachine(h)
	m.MaxSteps = 25
	for range 5 { // each run has a budget of its own
		_, err := m.Run(l, 0, nil)
		require.NoError(t, err)
	}
	m.BeginBudget()
	for i := range 2 {
		_, err := m.Run(l, 0, nil)
		require.NoError(t, err, "run %d", i)
	}
	_, err := m.Run(l, 0, nil) // 30 steps of 25
	require.ErrorIs(t, err, vm.ErrStepLimit)
	_, err = m.Run(l, 0, nil)
	require.ErrorIs(t, err, vm.ErrStepLimit, "the spent budget stays spent")
	m.BeginBudget() // the next event
	_, err = m.Run(l, 0, nil)
	require.NoError(t, err)
	m.EndBudget()
	for range 5 {
		_, err := m.Run(l, 0, nil)
		require.NoError(t, err)
	}
	checkIdle(t, m)
}

func TestReset(t *testing.T) {
	h := newHost()
	l := link(t, &vm.Program{Symbols: opSyms, Funcs: []vm.Func{fn("one", 0, opSyms, in(vm.OpInt, 1), op(vm.OpReturn))}}, h)
	m := vm.NewMachine(h)
	m.MaxSteps = 1
	m.BeginBudget()
	m.Cancel("stop")
	_, err := m.Run(l, 0, nil)
	require.ErrorIs(t, err, vm.ErrCancelled)
	m.Reset()
	assert.Equal(t, 1, m.MaxSteps)
	_, err = m.Run(l, 0, nil) // not cancelled, not sharing a spent budget
	require.ErrorIs(t, err, vm.ErrStepLimit, "two steps of a budget of one")
	m.MaxSteps = 2
	v, err := m.Run(l, 0, nil)
	require.NoError(t, err)
	require.Equal(t, vm.Value(1), v)
}
