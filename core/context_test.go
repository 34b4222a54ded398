package core

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
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
			_, err := host{g}.Call(nil, int32(tc.fn), args)
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
		case fnPrevent, fnPreventAmount, fnEnterWithCounters, fnScheduleDelayed, fnDoubleMana, fnDoubleLife, fnDoubleDamage, fnRedirectDamage, fnRedirectDamageToPlayer,
			fnDoubleCounters, fnDoubleCountersOfKind, fnAddCountersToEvent, fnAddCountersOfEachKind, fnAddCountersGiven, fnDoubleTokens, fnReplaceMana, fnEnterAsCopy, fnEnterAsCopyWithType, fnEnterChoosingColor, fnEnterWithTribute, fnTriggerReflexive, fnEnterChoosingCardName, fnEnterChoosingBasicLandType, fnEnterTapped, fnEnterTappedUnlessControl,
			fnShuffleIntoLibrary, fnExile, fnRegenerate:
			require.True(t, f.atOnce, f.name)
		default:
			require.False(t, f.atOnce, f.name)
		}
	}
}

// TestStaleHandles holds the core to the stdlib's `stale` lines: an
// action marked `stale ignored` does nothing, without an error, when its
// handles name an object that does not exist or a player where an object
// is due (and the reverse); a query marked `stale ignored` or `stale
// last_known` answers 0 for them.
func TestStaleHandles(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	lib, err := NewLibrary()
	require.NoError(t, err)
	for _, wrong := range []struct {
		name           string
		object, player vm.Value
	}{
		{"gone", ObjectValue(9999), PlayerValue(7)},
		{"wrong kind", PlayerValue(0), ObjectValue(1)},
	} {
		for _, f := range v.Funcs() {
			if f.Effect || !f.CalledFrom(vocab.ContextBody) || f.Stale == vocab.StaleError || !hasHandle(f) {
				continue
			}
			t.Run(wrong.name+"/"+f.Name, func(t *testing.T) {
				g := New(lib, nil)
				// A resolving ability with no filters, no nested abilities
				// and no locals beyond the convention's.
				def := &CardDef{Name: "Test", Card: &vm.Card{Abilities: []vm.Ability{{Kind: vm.AbilitySpell}}}}
				g.frames = append(g.frames, frame{mode: modeResolve, ability: 0, def: def, locals: make([]vm.Value, vm.FirstFreeLocal)})
				args := make([]vm.Value, len(f.Params))
				for i, p := range f.Params {
					switch p.Type.Kind {
					case vocab.KObject:
						args[i] = wrong.object
					case vocab.KTarget: // a player is no wrong kind of target
						args[i] = ObjectValue(9999)
					case vocab.KPlayer:
						args[i] = wrong.player
					default:
						args[i] = 1
					}
				}
				id := -1
				for i := range funcs {
					if funcs[i].name == f.Name {
						id = i
					}
				}
				require.GreaterOrEqual(t, id, 0)
				before := len(g.log)
				got, err := host{g}.Call(nil, int32(id), args)
				require.NoError(t, err)
				if f.Name != "each_begin" { // its result is a handle to an empty set
					require.Zero(t, got)
				}
				require.Len(t, g.log, before, "%s did something", f.Name)
			})
		}
	}
}

// TestStaleErrors holds the core to the `stale error` lines: such an
// action, called from a context it lists but with an argument that names
// nothing it can act on (an event that is not the one being replaced, an
// ability the card does not have), fails rather than doing nothing.
func TestStaleErrors(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	lib, err := NewLibrary()
	require.NoError(t, err)
	modes := map[string]struct {
		mode frameMode
		kind vm.AbilityKind
	}{
		vocab.ContextBody:    {modeResolve, vm.AbilitySpell},
		vocab.ContextReplace: {modeReplace, vm.AbilityReplacement},
		vocab.ContextEnters:  {modeReplace, vm.AbilityEnters},
	}
	n := 0
	for _, f := range v.Funcs() {
		if f.Stale != vocab.StaleError {
			continue
		}
		n++
		for _, c := range f.Called {
			t.Run(f.Name+"/"+c, func(t *testing.T) {
				g := New(lib, nil)
				m := modes[c]
				def := &CardDef{Name: "Test", Card: &vm.Card{Abilities: []vm.Ability{{Kind: m.kind}}}}
				// The event being replaced is a player gaining life, id 1.
				ev := &Event{ID: 1, Kind: EvLifeGained, Amount: 1}
				g.frames = append(g.frames, frame{mode: m.mode, event: ev, ability: 0, def: def, locals: make([]vm.Value, vm.FirstFreeLocal)})
				args := make([]vm.Value, len(f.Params))
				for i := range args {
					args[i] = 9999
				}
				id := -1
				for i := range funcs {
					if funcs[i].name == f.Name {
						id = i
					}
				}
				_, err := host{g}.Call(nil, int32(id), args)
				require.Error(t, err)
			})
		}
	}
	require.NotZero(t, n)
}

// hasHandle reports whether a function has a parameter that is a handle:
// an object, a player or a target. One that has none (each player
// shuffling their permanents into their library) has nothing stale to be
// given.
func hasHandle(f *vocab.FuncInfo) bool {
	for _, p := range f.Params {
		switch p.Type.Kind {
		case vocab.KObject, vocab.KPlayer, vocab.KTarget:
			return true
		}
	}
	return false
}
