package stdhost_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// smallHost implements a few functions of the vocabulary, and produces
// damage events.
type smallHost struct {
	log      []string
	deferred []stdhost.Deferred
	// ev is the event a run matches or replaces; a host would put it in
	// the run's context.
	target vm.Value
}

func (h *smallHost) Destroy(f *vm.Frame, o stdhost.Object) error {
	h.log = append(h.log, fmt.Sprintf("destroy %d", o))
	return nil
}

func (h *smallHost) Prevent(f *vm.Frame, e stdhost.EventID) error {
	h.log = append(h.log, fmt.Sprintf("prevent %d", e-stdhost.FirstEvent))
	return nil
}

func (h *smallHost) RemoveCounters(f *vm.Frame, o stdhost.Object, kind stdhost.Name, n int64) error {
	h.log = append(h.log, fmt.Sprintf("remove %d counters from %d", n, o))
	return nil
}

func (h *smallHost) Power(f *vm.Frame, o stdhost.Object) (int64, error) { return 3, nil }

func (h *smallHost) IsPlayer(f *vm.Frame, t stdhost.Target) (bool, error) {
	_, ok := t.Player()
	return ok, nil
}

// Controller returns the object itself: a bug that Options.Check finds.
func (h *smallHost) Controller(f *vm.Frame, o stdhost.Object) (stdhost.Player, error) {
	return stdhost.Player(o), nil
}

func (h *smallHost) EventField(f *vm.Frame, fd stdhost.Field) (vm.Value, error) {
	switch fd {
	case stdhost.FieldDamageTarget:
		return h.target, nil
	case stdhost.FieldDamageAmount:
		return 2, nil
	case stdhost.FieldDamageID:
		return vm.Value(stdhost.EventHandle(5)), nil
	}
	return 0, fmt.Errorf("no field %s", fd)
}

func (h *smallHost) Defer(d stdhost.Deferred) { h.deferred = append(h.deferred, d) }

// program is a card with a replacement ability on damage (its match
// binds the amount), an action called from its match (a mistake of the
// program, which the binding refuses), and a spell that destroys a
// target.
func program(syms []vm.Symbol) *vm.Program {
	code := func(name string, n int32, c ...vm.Instr) vm.Func {
		d, _ := vm.MaxStackDepth(c, syms)
		return vm.Func{Name: name, NumLocals: n, MaxStack: d, Code: c}
	}
	i := func(op vm.Opcode, arg int32) vm.Instr { return vm.Instr{Op: op, Arg: arg} }
	p := &vm.Program{
		Vocabulary: stdhost.Vocabulary,
		Symbols:    syms,
		Funcs: []vm.Func{
			// 0: match: damage.target == this; store amount in 3
			code("Hydra#0.match", 4, i(vm.OpField, 1), i(vm.OpLoad, 0), i(vm.OpEq, 0), i(vm.OpField, 2), i(vm.OpStore, 3), i(vm.OpReturn, 0)),
			// 1: body: prevent(damage.id); remove_counters(this, +1/+1, amount)
			code("Hydra#0.body", 4, i(vm.OpField, 3), i(vm.OpCall, 4), i(vm.OpLoad, 0), i(vm.OpSym, 5), i(vm.OpLoad, 3), i(vm.OpCall, 6), i(vm.OpInt, 0), i(vm.OpReturn, 0)),
			// 2: a match that destroys: an action from a match function
			code("Bad#0.match", 3, i(vm.OpLoad, 0), i(vm.OpCall, 7), i(vm.OpInt, 1), i(vm.OpReturn, 0)),
			// 3: a spell: destroy(target); controller(target)
			code("Murder#0.body", 3, i(vm.OpLoad, 2), i(vm.OpCall, 7), i(vm.OpLoad, 2), i(vm.OpCall, 8), i(vm.OpReturn, 0)),
			code("Bad#0.body", 3, i(vm.OpInt, 0), i(vm.OpReturn, 0)),
		},
		Cards: []vm.Card{
			{Name: "Hydra", Abilities: []vm.Ability{{Kind: vm.AbilityReplacement, Event: 0, Rule: vm.NoSymbol, Match: 0, Body: 1, Pay: vm.NoFunc, NumLocals: 4}}},
			{Name: "Bad", Abilities: []vm.Ability{{Kind: vm.AbilityTriggered, Event: 0, Rule: vm.NoSymbol, Match: 2, Body: 4, Pay: vm.NoFunc, NumLocals: 3}}},
			{Name: "Murder", Abilities: []vm.Ability{{Kind: vm.AbilitySpell, Event: vm.NoSymbol, Rule: vm.NoSymbol, Match: vm.NoFunc, Body: 3, Pay: vm.NoFunc, NumLocals: 3}}},
		},
	}
	return p
}

var goodSymbols = []vm.Symbol{
	{Kind: vm.SymName, Name: "event:damage"},
	{Kind: vm.SymField, Name: "damage.target"},
	{Kind: vm.SymField, Name: "damage.amount"},
	{Kind: vm.SymField, Name: "damage.id"},
	{Kind: vm.SymFunc, Name: "prevent", Arity: 1},
	{Kind: vm.SymName, Name: "counter:+1/+1"},
	{Kind: vm.SymFunc, Name: "remove_counters", Arity: 3},
	{Kind: vm.SymFunc, Name: "destroy", Arity: 1},
	{Kind: vm.SymFunc, Name: "controller", Arity: 1, Returns: true},
}

func bind(t *testing.T, h any, check bool) *stdhost.Binding {
	t.Helper()
	b, err := stdhost.Bind(h, stdhost.Options{Events: []string{"damage"}, Check: check})
	require.NoError(t, err)
	return b
}

// TestBindingBuildsLinkerAndDispatch: one method a function, and the
// binding links and runs a program.
func TestBindingBuildsLinkerAndDispatch(t *testing.T) {
	h := &smallHost{target: 7}
	b := bind(t, h, false)
	require.True(t, b.Implements("destroy"))
	require.False(t, b.Implements("gain_life"))
	l, unlinked, err := b.LinkProgram(program(goodSymbols))
	require.NoError(t, err)
	require.Empty(t, unlinked)
	m := vm.NewMachine(b)

	locals := []vm.Value{7, -1, 0, 0}
	n, err := m.Run(l, 0, locals)
	require.NoError(t, err)
	require.Equal(t, vm.Value(1), n)
	require.Equal(t, vm.Value(2), locals[3])
	_, err = m.Run(l, 1, locals)
	require.NoError(t, err)
	// prevent takes effect at once; remove_counters after the event: the
	// host's Defer has it, with its arguments and frame.
	require.Equal(t, []string{"prevent 5"}, h.log)
	require.Len(t, h.deferred, 1)
	d := h.deferred[0]
	require.Equal(t, "remove_counters", d.Func.Name)
	require.Equal(t, []vm.Value{7, vm.Value(b.Name(vm.NameCounter, "+1/+1")), 2}, d.Args())
	require.Equal(t, "Hydra", d.Frame.Card().Name)
	require.NoError(t, d.Do())
	require.Equal(t, []string{"prevent 5", "remove 2 counters from 7"}, h.log)

	// The same name has the same id in every program; Word reads it back.
	id := b.Name(vm.NameCounter, "+1/+1")
	require.Equal(t, id, b.Name(vm.NameCounter, "+1/+1"))
	kind, word, ok := b.Word(id)
	require.True(t, ok)
	require.Equal(t, vm.NameCounter, kind)
	require.Equal(t, "+1/+1", word)
	_, _, ok = b.Word(7)
	require.False(t, ok)
}

// TestLinkChecksArityAndResult: issue 25 found a destroy/2 linked to a
// one-argument function; the binding's Linker refuses it, as it refuses
// a query whose result a program ignores and a name the vocabulary lacks.
func TestLinkChecksArityAndResult(t *testing.T) {
	b := bind(t, &smallHost{}, false)
	v := stdhost.Vocabulary.String()
	tests := []struct {
		sym  vm.Symbol
		want string
	}{
		{vm.Symbol{Kind: vm.SymFunc, Name: "destroy", Arity: 2}, "destroy takes 1 arguments in " + v + ", not 2"},
		{vm.Symbol{Kind: vm.SymFunc, Name: "destroy", Arity: 1, Returns: true}, "destroy returns nothing in " + v + "; the program expects a value"},
		{vm.Symbol{Kind: vm.SymFunc, Name: "power", Arity: 1}, "power returns a number in " + v + "; the program ignores it"},
		{vm.Symbol{Kind: vm.SymFunc, Name: "gain_life", Arity: 2}, "the host has no method GainLife(f *vm.Frame, player stdhost.Player, amount int64) error"},
		{vm.Symbol{Kind: vm.SymFunc, Name: "fly", Arity: 0}, "no function fly in " + v},
		{vm.Symbol{Kind: vm.SymField, Name: "life_gained.amount"}, "the host produces no life_gained event"},
		{vm.Symbol{Kind: vm.SymField, Name: "damage.colour"}, "no event field damage.colour in " + v},
		{vm.Symbol{Kind: vm.SymName, Name: "counter:+9/+9"}, "no name counter:+9/+9 in " + v},
		{vm.Symbol{Kind: vm.SymName, Name: "event:destroy"}, "the host produces no destroy event"},
		{vm.Symbol{Kind: vm.SymName, Name: "rule:damage_cant_be_prevented"}, "the host does not apply the rule damage_cant_be_prevented"},
		{vm.Symbol{Kind: vm.SymName, Name: "keyword:flying"}, "the host does not implement the keyword flying"},
		{vm.Symbol{Kind: vm.SymName, Name: "effect:modify_pt"}, "the host has no method for the effect modify_pt"},
	}
	for _, tt := range tests {
		_, err := b.Link(tt.sym)
		require.EqualError(t, err, tt.want, "%s", tt.sym.Name)
	}
	for _, ok := range []vm.Symbol{
		{Kind: vm.SymFunc, Name: "destroy", Arity: 1},
		{Kind: vm.SymFunc, Name: "power", Arity: 1, Returns: true},
		{Kind: vm.SymName, Name: "mana:{G}{G}"}, // an open kind
		{Kind: vm.SymName, Name: "zone:battlefield"},
	} {
		_, err := b.Link(ok)
		require.NoError(t, err, ok.Name)
	}

	// In a program, LinkProgram leaves out the card with the bad symbol,
	// naming it, and links the others.
	syms := append([]vm.Symbol(nil), goodSymbols...)
	syms[7].Arity = 2 // destroy/2: Murder and Bad use it
	p := program(syms)
	p.Funcs[2].Code = []vm.Instr{{Op: vm.OpLoad}, {Op: vm.OpLoad}, {Op: vm.OpCall, Arg: 7}, {Op: vm.OpInt, Arg: 1}, {Op: vm.OpReturn}}
	p.Funcs[2].MaxStack = 2
	p.Funcs[3].Code = []vm.Instr{{Op: vm.OpLoad, Arg: 2}, {Op: vm.OpLoad, Arg: 2}, {Op: vm.OpCall, Arg: 7}, {Op: vm.OpInt}, {Op: vm.OpReturn}}
	p.Funcs[3].MaxStack = 2
	require.NoError(t, vm.Verify(p))
	_, unlinked, err := b.LinkProgram(p)
	require.NoError(t, err)
	var got []string
	for _, u := range unlinked {
		got = append(got, u.String())
	}
	require.Equal(t, []string{
		"Bad: func destroy/2 (destroy takes 1 arguments in " + v + ", not 2)",
		"Murder: func destroy/2 (destroy takes 1 arguments in " + v + ", not 2)",
	}, got)
}

// TestBindRefusesAMethodOfTheWrongType: a method named as a function of
// the vocabulary must have its signature.
func TestBindRefusesAMethodOfTheWrongType(t *testing.T) {
	_, err := stdhost.Bind(&wrongHost{}, stdhost.Options{})
	require.EqualError(t, err, "stdhost: method Destroy has the type (*vm.Frame, stdhost.Player) error; the vocabulary's destroy wants Destroy(f *vm.Frame, object stdhost.Object) error")
	_, err = stdhost.Bind(&wrongHost{}, stdhost.Options{Events: []string{"damage", "dammage"}, Rules: []string{"no_rule"}, Keywords: []string{"flight"}})
	require.ErrorContains(t, err, `no event kind "dammage" in `+stdhost.Vocabulary.String())
	require.ErrorContains(t, err, "the host produces events but has no method EventField")
	require.ErrorContains(t, err, `no rule "no_rule"`)
	require.ErrorContains(t, err, `no keyword "flight"`)
}

type wrongHost struct{}

func (wrongHost) Destroy(f *vm.Frame, p stdhost.Player) error { return nil }

// TestCallsFromTheWrongContext: an action called from a match function
// is an error (HOST.md), which the binding returns for the host.
func TestCallsFromTheWrongContext(t *testing.T) {
	h := &smallHost{target: 7}
	b := bind(t, h, false)
	l, _, err := b.LinkProgram(program(goodSymbols))
	require.NoError(t, err)
	_, err = vm.NewMachine(b).Run(l, 2, []vm.Value{7, -1, 0})
	require.EqualError(t, err, "Bad#0.match: pc 1: destroy cannot be called from match; the vocabulary allows body, replace")
	require.Empty(t, h.log)
}

// TestCheckCatchesValuesOfTheWrongKind: with Options.Check, a player
// where an object is due is caught, whether the program passes it, the
// host returns it from a query, or an event field holds it.
func TestCheckCatchesValuesOfTheWrongKind(t *testing.T) {
	h := &smallHost{target: vm.Value(stdhost.PlayerHandle(0))}
	b := bind(t, h, true)
	l, _, err := b.LinkProgram(program(goodSymbols))
	require.NoError(t, err)
	m := vm.NewMachine(b)

	// damage.target is a target: a player is fine there.
	_, err = m.Run(l, 0, []vm.Value{7, -1, 0, 0})
	require.NoError(t, err)
	// A spell whose target local holds a player calls destroy with it.
	_, err = m.Run(l, 3, []vm.Value{7, -1, -2})
	require.EqualError(t, err, "Murder#0.body: pc 1: destroy: argument object is a player handle (-2), where an object is due")
	// With an object, destroy runs; controller returns an object handle:
	// the host's bug.
	_, err = m.Run(l, 3, []vm.Value{7, -1, 9})
	require.EqualError(t, err, "Murder#0.body: pc 3: controller returned an object handle (9), where a player is due")
	// A name where an object is due.
	_, err = m.Run(l, 3, []vm.Value{7, -1, vm.Value(b.Name(vm.NameCounter, "+1/+1"))})
	require.EqualError(t, err, "Murder#0.body: pc 1: destroy: argument object is the name counter:+1/+1 (1073741825), where an object is due")
	// Without Check, the same calls go through: the checks are for tests.
	unchecked := bind(t, h, false)
	lu, _, err := unchecked.LinkProgram(program(goodSymbols))
	require.NoError(t, err)
	_, err = vm.NewMachine(unchecked).Run(lu, 3, []vm.Value{7, -1, -2})
	require.NoError(t, err)
	require.Equal(t, []string{"destroy 9", "destroy -2"}, h.log)
}

// TestFieldsAreChecked: an event field the host fills with the wrong kind
// of handle.
func TestFieldsAreChecked(t *testing.T) {
	h := &fieldHost{}
	b, err := stdhost.Bind(h, stdhost.Options{Events: []string{"damage", "zone_change"}, Check: true})
	require.NoError(t, err)
	f := &vm.Frame{}
	_, err = b.Field(f, int32(stdhost.FieldZoneChangeObject))
	require.EqualError(t, err, "field zone_change.object is a player handle (-1), where an object is due")
	_, err = b.Field(f, int32(stdhost.FieldZoneChangeTo))
	require.EqualError(t, err, "field zone_change.to is an object handle (3), where a name zone:... is due")
	_, err = b.Field(f, int32(stdhost.FieldDamageCombat))
	require.EqualError(t, err, "field damage.combat is 2, where a bool (0 or 1) is due")
	_, err = b.Field(f, int32(stdhost.FieldDamageID))
	require.EqualError(t, err, "field damage.id is an object handle (5), where a damage event is due")
}

type fieldHost struct{}

func (fieldHost) EventField(f *vm.Frame, fd stdhost.Field) (vm.Value, error) {
	switch fd {
	case stdhost.FieldZoneChangeObject:
		return -1, nil
	case stdhost.FieldZoneChangeTo:
		return 3, nil
	case stdhost.FieldDamageCombat:
		return 2, nil
	case stdhost.FieldDamageID:
		return 5, nil
	}
	return 0, errors.New("no such field")
}

// TestHandleScheme: the scheme tells the kinds apart.
func TestHandleScheme(t *testing.T) {
	got := []stdhost.Kind{
		stdhost.HandleKind(vm.Value(stdhost.PlayerHandle(1))),
		stdhost.HandleKind(vm.Value(stdhost.ObjectHandle(1))),
		stdhost.HandleKind(vm.Value(stdhost.EventHandle(0))),
		stdhost.HandleKind(stdhost.FirstName),
		stdhost.HandleKind(0),
	}
	want := []stdhost.Kind{stdhost.KindPlayer, stdhost.KindObject, stdhost.KindEvent, stdhost.KindName, stdhost.KindNone}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("HandleKind (-want +got):\n%s", diff)
	}
	i, ok := stdhost.PlayerHandle(1).Index()
	require.True(t, ok)
	require.Equal(t, 1, i)
	_, ok = stdhost.Target(stdhost.PlayerHandle(0)).Object()
	require.False(t, ok)
	o, ok := stdhost.Target(4).Object()
	require.True(t, ok)
	require.Equal(t, stdhost.Object(4), o)
}

// panicHost's Destroy panics, as a host's bug would.
type panicHost struct{ smallHost }

func (*panicHost) Destroy(f *vm.Frame, o stdhost.Object) error {
	panic("index out of range in the host")
}

// TestAPanickingMethodLeavesTheMachineUsable: issue 25 found every run
// failing after 64 recovered panics; now the run that panicked fails with
// a *vm.PanicError naming the panic, and the machine runs on.
func TestAPanickingMethodLeavesTheMachineUsable(t *testing.T) {
	h := &panicHost{}
	b := bind(t, h, false)
	l, _, err := b.LinkProgram(program(goodSymbols))
	require.NoError(t, err)
	m := vm.NewMachine(b)
	for range 2 * vm.DefaultMaxDepth {
		_, err = m.Run(l, 3, []vm.Value{7, -1, 9}) // Murder's body: destroy panics
		require.ErrorIs(t, err, vm.ErrPanic)
		require.EqualError(t, err, "Murder#0.body: panic during the run: index out of range in the host")
		n, err := m.Run(l, 0, []vm.Value{7, -1, 0, 0}) // Hydra's match
		require.NoError(t, err)
		require.Equal(t, vm.Value(0), n)
	}
}

// TestKeywordsOfAForm: a keyword with a parameter is named as a card
// writes it; a host implements some of the form's keywords, or the form.
func TestKeywordsOfAForm(t *testing.T) {
	b, err := stdhost.Bind(&smallHost{}, stdhost.Options{Keywords: []string{"protection from black", "graft {number}"}})
	require.NoError(t, err)
	for _, tt := range []struct {
		keyword, err string
	}{
		{"protection from black", ""},
		{"protection from red", "the host does not implement the keyword protection from red"},
		{"graft 4", ""},
		{"swampwalk", "the host does not implement the keyword swampwalk"},
		{"protection from", "no name keyword:protection from in " + stdhost.Vocabulary.String()},
		{"flight", "no name keyword:flight in " + stdhost.Vocabulary.String()},
	} {
		_, err := b.Link(vm.NameSymbol(vm.NameKeyword, tt.keyword))
		if tt.err == "" {
			require.NoError(t, err, tt.keyword)
		} else {
			require.EqualError(t, err, tt.err, tt.keyword)
		}
	}
}

// TestCallsWithoutAFrame: Go code that calls a host through its Binding
// directly (as bench/'s plain Go does) passes no frame: no context to
// check, nothing deferred.
func TestCallsWithoutAFrame(t *testing.T) {
	h := &smallHost{}
	b := bind(t, h, true)
	id, err := b.Link(vm.Symbol{Kind: vm.SymFunc, Name: "remove_counters", Arity: 3})
	require.NoError(t, err)
	_, err = b.Call(nil, id, []vm.Value{7, vm.Value(b.Name(vm.NameCounter, "+1/+1")), 2})
	require.NoError(t, err)
	require.Equal(t, []string{"remove 2 counters from 7"}, h.log)
	require.Empty(t, h.deferred)
}
