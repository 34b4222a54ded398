package core

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// TestCalledFrom proves that the core runs a host function only from the
// contexts the stdlib's `called from` lists for it, and otherwise fails
// the run with an error naming the function and the context.
func TestCalledFrom(t *testing.T) {
	lib, err := NewLibrary()
	require.NoError(t, err)
	g := New(lib, nil)
	for _, tc := range []struct {
		name string
		mode frameMode
		fn   funcID
		// want is the error, "" when the call is allowed.
		want string
	}{
		{"a query from a match", modeMatch, fnLife, ""},
		{"an action from a match", modeMatch, fnGainLife, "gain_life cannot be called from a match function"},
		{"the compiler's loop from a match", modeMatch, fnEachBegin, "each_begin cannot be called from a match function"},
		{"an action from a body", modeResolve, fnGainLife, ""},
		{"prevent from a body", modeResolve, fnPrevent, "prevent cannot be called from a resolving body"},
		{"enters with from a replacement", modeReplace, fnEnterWithCounters, "enter_with_counters cannot be called from a replacement effect"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g.frames = append(g.frames[:0], frame{mode: tc.mode, ability: -1})
			t.Cleanup(func() { g.frames, g.deferred = g.frames[:0], g.deferred[:0] })
			args := make([]vm.Value, funcs[tc.fn].arity)
			_, err := host{g}.Call(int32(tc.fn), args)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.want)
		})
	}
}

// TestModifiersFromTheStdlib checks that the actions the core applies at
// once inside a replacement body are those the stdlib says take effect at
// once, and that each action it allows from a match function is none.
func TestModifiersFromTheStdlib(t *testing.T) {
	for id, f := range funcs {
		if f.action {
			require.Zero(t, f.called&ctxMatch, "%s: an action from a match function", f.name)
		}
		switch funcID(id) {
		case fnPrevent, fnPreventAmount, fnEnterWithCounters, fnScheduleDelayed, fnDoubleMana, fnEnterAsCopy, fnEnterChoosingColor, fnTriggerReflexive:
			require.True(t, f.atOnce, f.name)
		default:
			require.False(t, f.atOnce, f.name)
		}
	}
}
