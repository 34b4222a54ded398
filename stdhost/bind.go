package stdhost

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/cardc/cardc/vm"
)

// Options say what of the vocabulary a host does besides its methods.
type Options struct {
	// Events are the event kinds the host produces: an ability that
	// watches another kind, or code that reads a field of another kind,
	// is not linked. The host answers the fields of these events with its
	// method EventField(f *vm.Frame, field stdhost.Field) (vm.Value,
	// error).
	Events []string
	// Rules are the rules of static abilities (rule:NAME) the host
	// applies.
	Rules []string
	// Keywords are the keyword abilities the host implements, as cards
	// write them ("protection from black"), or a form of the vocabulary
	// for every keyword of that form ("protection from {quality}"): a card
	// that has another (vm.Card.Keywords) is left out by LinkProgram, and
	// a keyword:NAME symbol of another is not linked.
	Keywords []string
	// Check makes the binding check every value that passes between the
	// machine and the host against its type (Kind): each argument before
	// the host's method runs, each result and each field the host
	// returns. An object handle is one HandleKind (or the host's
	// HandleKinder) says is an object, or 0; a player, a player; a name,
	// an id the binding gave out for a name of that kind; an objects
	// index, one of the running ability's Filters; a bool, 0 or 1. A
	// mistake is the call's error, naming the function, the parameter and
	// the handle. It is for a host's tests: it costs a few checks a call.
	Check bool
}

// Deferrer is a host that does the actions a replacement or enters body
// calls that take effect after the event (Func.AtOnce is false; HOST.md,
// When an action in a replacement body takes effect): the binding hands
// each to Defer instead of running it, and the host runs it (Deferred.Do)
// right after the event has happened (CR 615.5).
type Deferrer interface {
	Defer(d Deferred)
}

// Deferred is an action of a replacement body that takes effect after
// the event. Frame is the body's frame, with its locals and context;
// a host that keeps the action past the body's run must not reuse those
// locals before it runs it, and may change Frame.Context to the context
// the action runs in.
type Deferred struct {
	Func  *Func
	Frame vm.Frame
	args  [vm.MaxArity]vm.Value
	n     int
	impl  impl
}

// Args are the action's arguments.
func (d *Deferred) Args() []vm.Value { return d.args[:d.n] }

// Do runs the action, with d.Frame as its frame.
func (d *Deferred) Do() error {
	_, err := d.impl(&d.Frame, d.args[:d.n])
	return err
}

// fielder is a host that answers the fields of its events.
type fielder interface {
	EventField(f *vm.Frame, field Field) (vm.Value, error)
}

// Binding is a host's methods bound to the vocabulary: it is the
// vm.Linker and the vm.Host of the host, made from one method a function,
// as starlark-go's builtins and expr's functions are one entry each.
//
// Its Linker links a SymFunc to the function of the vocabulary whose
// host method exists, checking the program's arity and result against
// the vocabulary's (a destroy/2 is refused: destroy takes 1 argument); a
// SymField of an event the host produces (Options.Events) to its Field; a
// SymName to an id the binding gives out, the same for the same name in
// every program, for the names the vocabulary declares (and the events,
// rules and keywords of Options). Its Host checks that a function is
// called from a context the vocabulary allows (ContextOf), hands the
// actions that take effect after the event to the host's Defer, converts
// the arguments to the method's Go types, and, with Options.Check, checks
// every value's kind.
//
// A Binding may be shared by the machines of many games, in as many
// goroutines: it is read only, but for the names it gives out, which it
// locks.
type Binding struct {
	host     any
	check    bool
	impls    []impl // by Funcs index; nil for a function the host lacks
	fielder  fielder
	deferrer Deferrer
	kinder   HandleKinder
	events   map[string]bool
	rules    map[string]bool
	keywords map[string]bool

	mu    sync.RWMutex
	ids   map[string]Name
	names []vm.Symbol // names[id-FirstName]
}

// Bind binds the methods of a host to the vocabulary. For each function
// of Funcs, the host implements it if it has the method Func.Method with
// the signature Func.Signature: its first parameter is the *vm.Frame of
// the call, then the parameters in the Go type of their kind (Object,
// Player, Target, Name, EventID, Filter, Ability, Targets, int64, bool), and it
// returns the query's result in its type (int64, bool, Object, Player)
// and an error, or only an error. A host need not implement every
// function: the programs that use one it lacks are linked without the
// cards that use it (LinkProgram, vm.LinkPartial), each naming what it
// lacks. A method of a function's name with another signature is an
// error, naming the signature due.
func Bind(host any, opts Options) (*Binding, error) {
	b := &Binding{host: host, check: opts.Check, impls: make([]impl, len(Funcs)),
		events: set(opts.Events), rules: set(opts.Rules), keywords: set(opts.Keywords), ids: map[string]Name{}}
	var errs []error
	v := reflect.ValueOf(host)
	for i := range Funcs {
		f := &Funcs[i]
		if impl, ok := f.bind(host); ok {
			b.impls[i] = impl
			continue
		}
		if v.IsValid() {
			if m := v.MethodByName(f.Method); m.IsValid() {
				errs = append(errs, fmt.Errorf("stdhost: method %s has the type %s; the vocabulary's %s wants %s",
					f.Method, strings.TrimPrefix(m.Type().String(), "func"), f.Name, f.Signature))
			}
		}
	}
	b.fielder, _ = host.(fielder)
	b.deferrer, _ = host.(Deferrer)
	b.kinder, _ = host.(HandleKinder)
	for _, e := range opts.Events {
		if LookupEvent(e) == nil {
			errs = append(errs, fmt.Errorf("stdhost: Options.Events: no event kind %q in %s", e, Vocabulary))
		}
	}
	if len(opts.Events) > 0 && b.fielder == nil {
		errs = append(errs, errors.New("stdhost: the host produces events but has no method EventField(f *vm.Frame, field stdhost.Field) (vm.Value, error) to read their fields"))
	}
	for _, r := range opts.Rules {
		if !slices.ContainsFunc(Rules, func(x Rule) bool { return x.Name == r }) {
			errs = append(errs, fmt.Errorf("stdhost: Options.Rules: no rule %q in %s", r, Vocabulary))
		}
	}
	for _, k := range opts.Keywords {
		if !knownWord(vm.NameKeyword, k) {
			errs = append(errs, fmt.Errorf("stdhost: Options.Keywords: no keyword %q in %s", k, Vocabulary))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return b, nil
}

func set(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// knownWord reports whether the vocabulary declares a word of a kind of
// name, or the kind is open. A word of the vocabulary with a parameter,
// a form such as the keyword "protection from {quality}", stands for
// every word with something in the parameter's place ("protection from
// black"): the host checks what.
func knownWord(kind vm.NameKind, word string) bool {
	for _, k := range NameKinds {
		if k.Kind == kind {
			return k.Words == nil || slices.ContainsFunc(k.Words, func(w string) bool { return ofForm(w, word) })
		}
	}
	return false
}

// ofForm reports whether a word is a form ("{subtype}walk", "graft
// {number}") with something in the place of its parameter, or is the
// word itself.
func ofForm(form, word string) bool {
	before, rest, ok := strings.Cut(form, "{")
	if !ok {
		return form == word
	}
	_, after, ok := strings.Cut(rest, "}")
	return ok && len(word) > len(before)+len(after) && strings.HasPrefix(word, before) && strings.HasSuffix(word, after)
}

// implementsKeyword reports whether the host implements a keyword, named
// as a card writes it.
func (b *Binding) implementsKeyword(k string) bool {
	for form := range b.keywords {
		if ofForm(form, k) {
			return true
		}
	}
	return false
}

// Implements reports whether the host implements a function of the
// vocabulary.
func (b *Binding) Implements(name string) bool {
	i, ok := funcIndex[name]
	return ok && b.impls[i] != nil
}

// Link links a symbol of a program: the vm.Linker of the host.
func (b *Binding) Link(s vm.Symbol) (int32, error) {
	switch s.Kind {
	case vm.SymFunc:
		i, ok := funcIndex[s.Name]
		if !ok {
			return 0, fmt.Errorf("no function %s in %s", s.Name, Vocabulary)
		}
		f := &Funcs[i]
		switch {
		case int(s.Arity) != f.Arity():
			return 0, fmt.Errorf("%s takes %d arguments in %s, not %d", f.Name, f.Arity(), Vocabulary, s.Arity)
		case s.Returns != f.Returns():
			if f.Returns() {
				return 0, fmt.Errorf("%s returns a %s in %s; the program ignores it", f.Name, f.Result, Vocabulary)
			}
			return 0, fmt.Errorf("%s returns nothing in %s; the program expects a value", f.Name, Vocabulary)
		case b.impls[i] == nil:
			return 0, fmt.Errorf("the host has no method %s", f.Signature)
		}
		return int32(i), nil
	case vm.SymField:
		fd, ok := fieldIndex[s.Name]
		if !ok {
			return 0, fmt.Errorf("no event field %s in %s", s.Name, Vocabulary)
		}
		if ev, _, _ := s.SplitField(); !b.events[ev] {
			return 0, fmt.Errorf("the host produces no %s event", ev)
		}
		return int32(fd), nil
	case vm.SymName:
		kind, word, ok := s.SplitName()
		if !ok || !knownWord(kind, word) {
			return 0, fmt.Errorf("no name %s in %s", s.Name, Vocabulary)
		}
		switch {
		case kind == vm.NameEvent && !b.events[word]:
			return 0, fmt.Errorf("the host produces no %s event", word)
		case kind == vm.NameRule && !b.rules[word]:
			return 0, fmt.Errorf("the host does not apply the rule %s", word)
		case kind == vm.NameKeyword && !b.implementsKeyword(word):
			return 0, fmt.Errorf("the host does not implement the keyword %s", word)
		case kind == vm.NameEffect && !b.Implements(word):
			return 0, fmt.Errorf("the host has no method for the effect %s", word)
		}
		return int32(b.Name(kind, word)), nil
	}
	return 0, fmt.Errorf("symbol %q of kind %v", s.Name, s.Kind)
}

// Name returns the id of a name of a kind: the value a card's code
// pushes for it, and what a host's events must hold for a card to find
// it (a zone_change whose to is Name(vm.NameZone, "battlefield")). The
// same name has the same id in every program the binding links. It gives
// out an id for any name, known to the vocabulary or not.
func (b *Binding) Name(kind vm.NameKind, word string) Name {
	s := vm.NameSymbol(kind, word)
	b.mu.Lock()
	defer b.mu.Unlock()
	if id, ok := b.ids[s.Name]; ok {
		return id
	}
	if len(b.names) >= 1<<31-1-FirstName {
		panic("stdhost: more names than an int32 holds")
	}
	id := Name(FirstName + len(b.names))
	b.ids[s.Name] = id
	b.names = append(b.names, s)
	return id
}

// Word returns the kind and word of a name id the binding gave out; ok is
// false for any other value.
func (b *Binding) Word(n Name) (kind vm.NameKind, word string, ok bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	i := int(n) - FirstName
	if i < 0 || i >= len(b.names) {
		return "", "", false
	}
	return b.names[i].SplitName()
}

// Func returns the function of a linked id, as Call gets it.
func (b *Binding) Func(id int32) *Func {
	if id < 0 || int(id) >= len(Funcs) {
		return nil
	}
	return &Funcs[id]
}

// Call runs a function for the machine: the vm.Host of the host.
func (b *Binding) Call(f *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	fc := &Funcs[fn]
	c := ContextOf(f)
	if c != 0 && fc.Contexts&c == 0 {
		return 0, fmt.Errorf("%s cannot be called from %s; the vocabulary allows %s", fc.Name, c, fc.Contexts)
	}
	if b.check {
		if err := b.checkArgs(f, fc, args); err != nil {
			return 0, err
		}
	}
	if c&(ContextReplace|ContextEnters) != 0 && fc.Action && !fc.AtOnce {
		if b.deferrer == nil {
			return 0, fmt.Errorf("%s takes effect after the event in a replacement body, and the host has no method Defer(stdhost.Deferred)", fc.Name)
		}
		d := Deferred{Func: fc, Frame: *f, impl: b.impls[fn]}
		d.n = copy(d.args[:], args)
		b.deferrer.Defer(d)
		return 0, nil
	}
	v, err := b.impls[fn](f, args)
	// 0 is the answer of a query to a stale handle: 0, false or nothing.
	if err == nil && b.check && fc.Returns() && v != 0 {
		if msg := b.checkValue(f, fc.Result, v); msg != "" {
			return 0, fmt.Errorf("%s returned %s", fc.Name, msg)
		}
	}
	return v, err
}

// Field reads a field of an event for the machine: the vm.Host of the
// host.
func (b *Binding) Field(f *vm.Frame, field int32) (vm.Value, error) {
	v, err := b.fielder.EventField(f, Field(field))
	if err == nil && b.check {
		if msg := b.checkValue(f, fields[field].Type, v); msg != "" {
			return 0, fmt.Errorf("field %s is %s", fields[field].Symbol, msg)
		}
	}
	return v, err
}

// checkArgs checks the arguments of a call against the function's
// parameters.
func (b *Binding) checkArgs(f *vm.Frame, fc *Func, args []vm.Value) error {
	for i, p := range fc.Params {
		if msg := b.checkValue(f, p.Type, args[i]); msg != "" {
			return fmt.Errorf("%s: argument %s is %s", fc.Name, p.Name, msg)
		}
	}
	return nil
}

// checkValue checks a value against a type; it returns what is wrong, or
// "".
func (b *Binding) checkValue(f *vm.Frame, t Type, v vm.Value) string {
	kind := func(v vm.Value) Kind {
		if v >= FirstName {
			return KindName
		}
		if b.kinder != nil {
			return b.kinder.HandleKind(v)
		}
		return HandleKind(v)
	}
	bad := func(want string) string {
		k := kind(v)
		what := "a " + k.String() + " handle"
		if k == KindObject || k == KindEvent {
			what = "an " + k.String() + " handle"
		}
		switch {
		case k == KindNone && v == 0:
			what = "0"
		case k == KindNone:
			what = "no handle"
		case k == KindName:
			if kk, w, ok := b.Word(Name(v)); ok {
				what = "the name " + string(kk) + ":" + w
			}
		}
		return fmt.Sprintf("%s (%d), where %s is due", what, v, want)
	}
	switch t.Kind {
	case KindBool:
		if v != 0 && v != 1 {
			return fmt.Sprintf("%d, where a bool (0 or 1) is due", v)
		}
	case KindObject:
		if v != 0 && kind(v) != KindObject {
			return bad("an object")
		}
	case KindPlayer:
		if kind(v) != KindPlayer {
			return bad("a player")
		}
	case KindTarget:
		if k := kind(v); k != KindObject && k != KindPlayer && v != 0 {
			return bad("an object or a player")
		}
	case KindEvent:
		if kind(v) != KindEvent {
			return bad("a " + t.Event + " event")
		}
	case KindName:
		// 0 is no name: the zone a created token comes from.
		if k, _, ok := b.Word(Name(v)); v != 0 && (!ok || k != t.Name) {
			return bad("a name " + string(t.Name) + ":...")
		}
	case KindFilter:
		if f != nil && FilterFunc(f, Filter(v)) == vm.NoFunc {
			return fmt.Sprintf("%d, where an index of the running ability's Filters is due", v)
		}
	case KindTargets:
		if f == nil {
			break
		}
		if ab := f.Ability(); ab == nil || v < 0 || v >= vm.Value(1)<<min(len(ab.Targets), 62) {
			return fmt.Sprintf("%d, where a set of the running ability's Targets is due", v)
		}
	case KindAbility:
		if f == nil {
			break
		}
		if c := f.Card(); c == nil || v < 0 || int(v) >= len(c.Abilities) {
			return fmt.Sprintf("%d, where an index of the running card's Abilities is due", v)
		}
	}
	return ""
}

// LinkProgram links a program for the host, as a host that implements
// part of the vocabulary does: it refuses a program of another
// vocabulary or major version (vm.CheckVocabulary's policy), then links
// it with vm.LinkPartial, and leaves out too each card with a keyword
// ability the host does not implement (Options.Keywords). unlinked lists
// the cards left out, each with what it lacks.
func (b *Binding) LinkProgram(p *vm.Program) (l *vm.Linked, unlinked []vm.UnlinkedCard, err error) {
	if p == nil {
		return nil, nil, errors.New("stdhost: link: nil program")
	}
	all := vm.LinkerFunc(func(vm.Symbol) (int32, error) { return 0, nil })
	if err := vm.CheckVocabulary(p, Vocabulary, all); err != nil {
		return nil, nil, err
	}
	l, err = vm.LinkPartial(p, b)
	if err != nil {
		return nil, nil, err
	}
	unlinked = l.Unlinked()
	for c := range p.Cards {
		var missing []vm.MissingSymbol
		for _, k := range p.Cards[c].Keywords {
			if !b.implementsKeyword(k) {
				missing = append(missing, vm.MissingSymbol{Symbol: vm.NameSymbol(vm.NameKeyword, k),
					Err: errors.New("the host does not implement the keyword")})
			}
		}
		if missing == nil {
			continue
		}
		i := slices.IndexFunc(unlinked, func(u vm.UnlinkedCard) bool { return u.Card == c })
		if i < 0 {
			unlinked = append(unlinked, vm.UnlinkedCard{Card: c, Name: p.Cards[c].Name})
			i = len(unlinked) - 1
		}
		unlinked[i].Missing = append(unlinked[i].Missing, missing...)
	}
	slices.SortFunc(unlinked, func(a, b vm.UnlinkedCard) int { return a.Card - b.Card })
	return l, unlinked, nil
}

var (
	_ vm.Linker = (*Binding)(nil)
	_ vm.Host   = (*Binding)(nil)
)
