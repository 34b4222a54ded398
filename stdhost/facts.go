package stdhost

import (
	"strings"

	"github.com/cardc/cardc/vm"
)

// Kind is what a value of the VM holds, as the vocabulary types each
// parameter, result and event field (HOST.md, Values). Every value is a
// vm.Value, an int64: Kind is what tells them apart.
type Kind uint8

// The kinds of values.
const (
	// KindNone is no value: the result of an action or an effect.
	KindNone Kind = iota
	// KindNumber is a number.
	KindNumber
	// KindBool is 0 or 1.
	KindBool
	// KindObject is the handle of a game object (Object); 0 is no object.
	KindObject
	// KindPlayer is the handle of a player (Player).
	KindPlayer
	// KindTarget is the handle of an object or of a player (Target).
	KindTarget
	// KindName is the id of a name of the vocabulary, of the kind
	// Type.Name says (Name).
	KindName
	// KindEvent is the handle of an event, its field id (EventID), of the
	// kind Type.Event says.
	KindEvent
	// KindFilter is an index into the running ability's Filters (Filter):
	// a set of objects, the candidates for which that filter function
	// returns non-zero.
	KindFilter
	// KindAbility is an index into the running card's Abilities
	// (Ability): the ability an effect grants.
	KindAbility
	// KindTargets is a set of the running ability's Targets (Targets),
	// bit i for Targets[i].
	KindTargets
)

var kindNames = [...]string{KindNone: "none", KindNumber: "number", KindBool: "bool", KindObject: "object",
	KindPlayer: "player", KindTarget: "target", KindName: "name", KindEvent: "event", KindFilter: "objects", KindAbility: "ability", KindTargets: "targets"}

// String names the kind: "object", "player", "name"...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Type is the type of a parameter, result or field, as HOST.md writes it:
// a Kind, and for a name its kind of name, for an event its kind of event.
type Type struct {
	Kind Kind
	// Name is the kind of name of a KindName: vm.NameCounter, vm.NameZone...
	Name vm.NameKind
	// Event is the event kind of a KindEvent: "damage".
	Event string
}

// String reads as HOST.md writes types: "object", "counter", "damage
// event", "objects".
func (t Type) String() string {
	switch t.Kind {
	case KindName:
		return string(t.Name)
	case KindEvent:
		return t.Event + " event"
	}
	return t.Kind.String()
}

// Param is a parameter of a function.
type Param struct {
	Name string
	Type Type
}

// Context is a set of contexts a function may be called from (HOST.md,
// Entry points and contexts): where the running function is, which
// ContextOf tells from its Frame.
type Context uint8

// The contexts.
const (
	// ContextMatch: a Match (an AbilityEffect's too, which says which
	// objects the effect affects), the Filter of a Target or a Choice, a
	// function of Filters: code that only asks.
	ContextMatch Context = 1 << iota
	// ContextBody: the Body of a resolving spell, triggered, delayed or
	// activated ability, and an activated ability's Pay.
	ContextBody
	// ContextReplace: the Body of an AbilityReplacement, before the event
	// it replaces happens.
	ContextReplace
	// ContextEnters: the Body of an AbilityEnters, as its permanent is
	// about to enter the battlefield.
	ContextEnters
	// ContextEffect: the Body of an AbilityEffect, run while the host
	// computes characteristics. It may call what ContextMatch may, and the
	// effects, which nothing else may call.
	ContextEffect
)

var contextNames = []string{"match", "body", "replace", "enters", "effect"}

// String names the contexts of the set, as HOST.md does: "body, replace".
func (c Context) String() string {
	var out []string
	for i, n := range contextNames {
		if c&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// ContextOf is the context of the running function of a frame: from its
// entry point (Frame.Owner) and the kind of its ability. It is 0 for a
// nil frame or a function no ability names.
func ContextOf(f *vm.Frame) Context {
	if f == nil || f.Linked == nil {
		return 0
	}
	ab := f.Ability()
	if ab == nil {
		return 0
	}
	switch f.Owner().Entry {
	case vm.EntryMatch, vm.EntryFilter:
		return ContextMatch
	case vm.EntryPay:
		return ContextBody
	case vm.EntryBody:
		switch ab.Kind {
		case vm.AbilityReplacement:
			return ContextReplace
		case vm.AbilityEnters:
			return ContextEnters
		case vm.AbilityEffect:
			return ContextEffect
		case vm.AbilityStatic, vm.AbilityEnchant:
			return 0
		}
		return ContextBody
	}
	return 0
}

// Stale is what a function does with a handle that names nothing it can
// act on: an object that left its zone, a player where an object is due
// (HOST.md, Gone objects, players and wrong handles).
type Stale uint8

// What a stale handle gets.
const (
	// StaleIgnored: an action does nothing, a query answers 0, false or no
	// object (after an action of a resolving body finds an object that
	// moved where the rules let it: HOST.md, Finding an object that moved).
	StaleIgnored Stale = iota + 1
	// StaleLastKnown: the function reads the object's last-known
	// information (CR 608.2h).
	StaleLastKnown
	// StaleError: the call fails.
	StaleError
)

var staleNames = [...]string{StaleIgnored: "ignored", StaleLastKnown: "last_known", StaleError: "error"}

// String is the stdlib's word: "ignored", "last_known", "error".
func (s Stale) String() string {
	if int(s) < len(staleNames) && s > 0 {
		return staleNames[s]
	}
	return "stale?"
}

// Func is a function of the vocabulary, an action, a query or an effect,
// with what HOST.md says of it, and the method a host writes to implement
// it (Bind).
type Func struct {
	// Name is the vocabulary's name, a SymFunc's: "remove_counters".
	Name string
	// Method is the name of the host's method that implements it:
	// "RemoveCounters"; Signature its whole signature, as Bind expects it.
	Method, Signature string
	// Params are its parameters, first first: its arity is their number.
	Params []Param
	// Result is the type of a query's result; KindNone for an action or
	// an effect.
	Result Type
	// Action and Effect say what it is; neither is a query.
	Action, Effect bool
	// Contexts are the contexts it may be called from.
	Contexts Context
	// AtOnce says an action called from a replacement or enters body takes
	// effect at once; otherwise it takes effect right after the event
	// (CR 615.5), and Bind hands it to the host's Defer.
	AtOnce bool
	// Stale is what a stale handle gets.
	Stale Stale
	// Moves and MovesTo say the action moves the object of its parameter
	// Moves to the zone MovesTo; "" if it moves nothing.
	Moves, MovesTo string
	// Cost says an activated ability's Pay may call it; Mana that it adds
	// mana (through a mana_produced event).
	Cost, Mana bool
	// Chooses is the kind of choice an enters action makes ("color").
	Chooses string
	// Own says the compiler emits it for a construct of its own: no
	// phrase of a card names it (schedule_delayed, each_begin...).
	Own bool
	// Layer is the layer of an effect (CR 613.1): "6", "7c"; "" for none.
	Layer string

	// bind finds the method in a host and adapts it to the VM's calls.
	bind func(h any) (impl, bool)
}

// Arity is the number of parameters.
func (f *Func) Arity() int { return len(f.Params) }

// Returns says whether it returns a value: a query does.
func (f *Func) Returns() bool { return f.Result.Kind != KindNone }

// impl is a bound method as the VM calls it.
type impl func(f *vm.Frame, args []vm.Value) (vm.Value, error)

// Event is an event kind of the vocabulary and its fields.
type Event struct {
	// Name is the kind: "damage", as an event:NAME symbol names it.
	Name   string
	Fields []FieldInfo
}

// FieldInfo is a field of an event.
type FieldInfo struct {
	// Field is its id, the constant a host's EventField gets.
	Field Field
	// Name is the field's own name ("amount"), Symbol the SymField's
	// ("damage.amount").
	Name, Symbol string
	Type         Type
}

// Field is a field of an event, as the binding links a SymField: one of
// the Field constants (FieldDamageAmount), an index into the fields of
// every event in order.
type Field int32

// Info returns what the vocabulary says of the field, or nil.
func (f Field) Info() *FieldInfo {
	if f < 0 || int(f) >= len(fields) {
		return nil
	}
	return fields[f]
}

// String is the field's symbol, "damage.amount".
func (f Field) String() string {
	if i := f.Info(); i != nil {
		return i.Symbol
	}
	return "field?"
}

// NameKind is a kind of name of the vocabulary with its words.
type NameKind struct {
	Kind vm.NameKind
	// Words are the names the vocabulary declares, without their prefix;
	// nil for a kind whose names are open (mana): any word links.
	Words []string
}

// Rule is a rule a static ability states (its Rule, rule:NAME), with the
// kind of event it applies to.
type Rule struct {
	Name, Event string
}

// fields are the fields of all events, by Field.
var fields = func() []*FieldInfo {
	var out []*FieldInfo
	for i := range Events {
		for j := range Events[i].Fields {
			out = append(out, &Events[i].Fields[j])
		}
	}
	return out
}()

// LookupFunc returns the function of the vocabulary with a name, or nil.
func LookupFunc(name string) *Func {
	if i, ok := funcIndex[name]; ok {
		return &Funcs[i]
	}
	return nil
}

// LookupEvent returns the event kind with a name, or nil.
func LookupEvent(name string) *Event {
	for i := range Events {
		if Events[i].Name == name {
			return &Events[i]
		}
	}
	return nil
}

var funcIndex = func() map[string]int {
	m := make(map[string]int, len(Funcs))
	for i := range Funcs {
		m[Funcs[i].Name] = i
	}
	return m
}()

var fieldIndex = func() map[string]Field {
	m := make(map[string]Field, len(fields))
	for i, f := range fields {
		m[f.Symbol] = Field(i)
	}
	return m
}()
