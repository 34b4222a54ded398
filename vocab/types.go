package vocab

import "github.com/cardc/cardc/vm"

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
	// KMana is an amount of mana, written as mana symbols: {G}{G}.
	KMana
	// KObjects is a set of objects described by a filter ("a land you
	// control"): the action gets the filter and tests objects with it.
	KObjects
	// KAbility is an ability written in the card language inside a
	// string, which an effect grants: `has `whenever this attacks { ... }``.
	KAbility
	// KQuality is the quality of protection (CR 702.16a): a color,
	// `colorless`, a card type in the plural (`artifacts`), a subtype in
	// the plural (`Demons`), or `everything`. Only a keyword's parameter
	// has it.
	KQuality
	// KSpell is a spell on the stack (CR 112.1), the parameter of an
	// action that acts on spells, such as `counter {spell}` (CR 701.5):
	// it takes a filter of spells ("target creature spell") or an object
	// (`this`, a name bound to a spell), and no filter of permanents; a
	// filter of spells goes nowhere else an action wants an object.
	KSpell
	// KTargets is a set of the targets of a spell or ability: one or more
	// instances of the word "target", each of which may choose several
	// objects or players ("up to two target creatures", "any number of
	// targets", CR 115.3). An action that takes it reads what was chosen
	// (divided damage, "one of them at random"). Its values are the set
	// of those instances, by their index in the ability's targets, as the
	// bits of a number.
	KTargets
	// KCardName is the name of a card (CR 201.2), written in quotes after
	// `named` in a filter: `named "Relentless Rats"`.
	KCardName
)

var kindNames = map[Kind]string{
	KNumber: "number", KBool: "bool", KObject: "object", KPlayer: "player", KTarget: "target",
	KCounter: "counter", KStep: "step", KZone: "zone", KCardType: "type", KSupertype: "supertype",
	KSubtype: "subtype", KColor: "color", KKeyword: "keyword", KMana: "mana", KObjects: "objects", KAbility: "ability",
	KQuality: "quality", KSpell: "spell", KTargets: "targets", KCardName: "card_name",
}

// NameKind is the kind of vm.SymName symbols that name values of the kind
// (vm.NameCounter for "counter:+1/+1"), or "" for a kind whose values are
// not names of the vocabulary.
func (k Kind) NameKind() vm.NameKind {
	switch k {
	case KCounter:
		return vm.NameCounter
	case KStep:
		return vm.NameStep
	case KZone:
		return vm.NameZone
	case KCardType:
		return vm.NameType
	case KSupertype:
		return vm.NameSupertype
	case KSubtype:
		return vm.NameSubtype
	case KColor:
		return vm.NameColor
	case KKeyword:
		return vm.NameKeyword
	case KMana:
		return vm.NameMana
	case KCardName:
		return vm.NameCard
	}
	return ""
}

// Type is the static type of an expression or a parameter.
type Type struct {
	Kind Kind
	// Event is the event kind of a KEvent.
	Event string
}

// String names the type as diagnostics and the stdlib write it.
func (t Type) String() string {
	if t.Kind == KEvent {
		return t.Event + " event"
	}
	return kindNames[t.Kind]
}

// Poisoned is the type of a name whose declaration had an error: it is
// accepted anywhere, so that one mistake is reported once.
var Poisoned = Type{}

// Accepts reports whether a value of type v can be used where t is due.
func (t Type) Accepts(v Type) bool {
	if t == v || t == Poisoned || v == Poisoned {
		return true
	}
	// A spell is an object: a name bound to an object may name a spell,
	// which the host checks as the action happens.
	return t.Kind == KTarget && (v.Kind == KObject || v.Kind == KPlayer) || t.Kind == KSpell && v.Kind == KObject
}
