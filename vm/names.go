package vm

import "strings"

// The calling convention: the locals a host sets before it runs a function
// of an ability, and the first one a compiler may use for anything else.
// Every function of an ability (Match, Body, a target's Filter) sees the
// same locals, Ability.NumLocals of them.
const (
	// LocalThis holds "this": the object the ability belongs to, or the
	// resolving spell.
	LocalThis = 0
	// LocalYou holds "you": the controller of that object.
	LocalYou = 1
	// LocalCandidate holds, while a target's Filter runs, the candidate it
	// judges. Before Body runs, Target.Local (LocalCandidate or above)
	// holds the chosen target instead.
	LocalCandidate = 2
	// FirstFreeLocal is the first local the convention leaves to the
	// compiler, for what a match function binds. A host passes at least
	// FirstFreeLocal locals, so that a filter always has its candidate.
	FirstFreeLocal = 3
)

// MaxTriggerCount is the most a Match function's result may be: how many
// times one event triggers one ability (CR 603.2c). A host must cap it: a
// larger count is a mistake of a card or of a test, not a game, and the
// rules core fails the action that proposed the event instead of
// triggering the ability at all. The host specification (HOST.md) states
// this rule from this constant.
const MaxTriggerCount = 1000

// NameKind is the kind of a named constant of the host's vocabulary: the
// part of a SymName symbol's Name before the colon, as "counter" in
// "counter:+1/+1". NameSymbol builds such a name and Symbol.SplitName takes
// it apart.
type NameKind string

// The kinds of names the compiler emits and the rules core knows. A host
// may define others; the machine does not look at them.
const (
	// NameCounter names a kind of counter: "counter:+1/+1".
	NameCounter NameKind = "counter"
	// NameEvent names a kind of event, an Ability.Event: "event:damage".
	NameEvent NameKind = "event"
	// NameRule names a rule of the host, an Ability.Rule:
	// "rule:damage_cant_be_prevented".
	NameRule NameKind = "rule"
	// NameEffect names a continuous effect of the host, the Ability.Rule
	// of an AbilityEffect: "effect:modify_pt".
	NameEffect NameKind = "effect"
	// NameStep names a step of a turn: "step:end".
	NameStep NameKind = "step"
	// NameZone names a zone: "zone:battlefield".
	NameZone NameKind = "zone"
	// NameType names a card type: "type:creature".
	NameType NameKind = "type"
	// NameSupertype names a supertype: "supertype:legendary".
	NameSupertype NameKind = "supertype"
	// NameSubtype names a subtype, as the type line writes it:
	// "subtype:Goblin".
	NameSubtype NameKind = "subtype"
	// NameColor names a color: "color:green".
	NameColor NameKind = "color"
	// NameKeyword names a keyword ability as a card writes it, its
	// parameter in it: "keyword:flying", "keyword:protection from black".
	NameKeyword NameKind = "keyword"
	// NameMana names an amount of mana, as mana symbols: "mana:{G}{G}".
	NameMana NameKind = "mana"
	// NameCard names the name of a card (CR 201.2), which a filter's
	// `named "..."` tests: "card:Relentless Rats". The list is open: any
	// name may be named, a card of the library or not.
	NameCard NameKind = "card"
)

// NameSymbol returns the SymName symbol for name of kind kind, whose Name is
// "kind:name".
func NameSymbol(kind NameKind, name string) Symbol {
	return Symbol{Kind: SymName, Name: string(kind) + ":" + name}
}

// SplitName takes apart the Name of a SymName symbol, "kind:name", at its
// first colon. ok is false if s is not a SymName or its Name has no colon.
func (s Symbol) SplitName() (kind NameKind, name string, ok bool) {
	if s.Kind != SymName {
		return "", "", false
	}
	k, name, ok := strings.Cut(s.Name, ":")
	if !ok {
		return "", "", false
	}
	return NameKind(k), name, true
}

// FieldSymbol returns the SymField symbol for field of the events of kind
// event (a NameEvent name), whose Name is "event.field": "damage.amount".
func FieldSymbol(event, field string) Symbol {
	return Symbol{Kind: SymField, Name: event + "." + field}
}

// SplitField takes apart the Name of a SymField symbol, "event.field", at
// its first dot. ok is false if s is not a SymField or its Name has no dot.
func (s Symbol) SplitField() (event, field string, ok bool) {
	if s.Kind != SymField {
		return "", "", false
	}
	return strings.Cut(s.Name, ".")
}
