package compiler

// Kind is the kind of a value in the language.
type Kind int

// The kinds of values.
const (
	KNumber Kind = iota + 1
	KBool
	KObject
	KPlayer
	// KTarget is an object or a player: what "any target" or a damage
	// event's target can be.
	KTarget
	KCounter
	KStep
	KZone
	KCardType
	KSupertype
	KSubtype
	KColor
	KKeyword
	// KEvent is an event of one kind (Type.Event), bound with `as`.
	KEvent
)

// Type is the static type of an expression or a parameter.
type Type struct {
	Kind Kind
	// Event is the event kind of a KEvent.
	Event string
}

var kindNames = map[Kind]string{
	KNumber: "number", KBool: "bool", KObject: "object", KPlayer: "player", KTarget: "target",
	KCounter: "counter", KStep: "step", KZone: "zone", KCardType: "type", KSupertype: "supertype",
	KSubtype: "subtype", KColor: "color", KKeyword: "keyword",
}

// String names the type as diagnostics and the stdlib write it.
func (t Type) String() string {
	if t.Kind == KEvent {
		return t.Event + " event"
	}
	return kindNames[t.Kind]
}

// poisoned is the type of a name whose declaration had an error: it is
// accepted anywhere, so that one mistake is reported once.
var poisoned = Type{}

// accepts reports whether a value of type v can be used where t is due.
func (t Type) accepts(v Type) bool {
	if t == v || t == poisoned || v == poisoned {
		return true
	}
	return t.Kind == KTarget && (v.Kind == KObject || v.Kind == KPlayer)
}

// symbolPrefix is the prefix of SymName symbols for values of a kind, e.g.
// "counter:+1/+1".
func (k Kind) symbolPrefix() string {
	switch k {
	case KCounter:
		return "counter:"
	case KStep:
		return "step:"
	case KZone:
		return "zone:"
	case KCardType:
		return "type:"
	case KSupertype:
		return "supertype:"
	case KSubtype:
		return "subtype:"
	case KColor:
		return "color:"
	case KKeyword:
		return "keyword:"
	}
	return ""
}

// Symbol name prefixes for event kinds and rules.
const (
	eventPrefix = "event:"
	rulePrefix  = "rule:"
)

// Local slots every ability's functions share (see vm.Func).
const (
	localThis      = 0
	localYou       = 1
	localCandidate = 2
	firstFreeLocal = 3
)
