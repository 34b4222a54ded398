package core

import "github.com/cardc/cardc/vm"

// Object is a card, a token or a spell in some zone (CR 109). When it
// moves to another zone it becomes a new object (CR 400.7); the old one is
// marked Left and keeps what it was when it left, its last-known
// information (CR 608.2h), for the effects and triggers that look back.
type Object struct {
	ID  ObjectID
	Def *CardDef
	// Card identifies the physical card across zones (and tokens), so a
	// scenario test can follow "Protean Hydra" to the graveyard.
	Card       int
	Owner      PlayerID
	Controller PlayerID
	Zone       Zone
	Token      bool
	Tapped     bool
	// Damage is the damage marked on the permanent (CR 120.6).
	Damage int
	// DeathtouchDamage records damage from a source with deathtouch since
	// the last cleanup (CR 704.5h).
	DeathtouchDamage bool
	counters         []counterCount
	// Timestamp orders permanents and effects (CR 613.7).
	Timestamp int64
	// SinceTurn is the turn since which the controller has controlled the
	// permanent continuously (CR 302.6).
	SinceTurn int
	// Combat state (CR 506.4).
	Attacking bool
	Blocked   bool
	Blocking  ObjectID
	BlockedBy []ObjectID
	Defender  PlayerID
	// X is the value of X chosen for the spell (CR 107.3); a permanent
	// keeps the X of the spell it was, for its enters-the-battlefield
	// abilities (CR 107.3m).
	X int
	// Left is set once the object has left its zone.
	Left bool
	lki  lki
}

// lki is the last-known information of an object that left the
// battlefield, frozen as it left.
type lki struct {
	power, toughness int
}

type counterCount struct {
	kind CounterKind
	n    int
}

// Counters returns how many counters of a kind are on the object.
func (o *Object) Counters(k CounterKind) int {
	for _, c := range o.counters {
		if c.kind == k {
			return c.n
		}
	}
	return 0
}

// addCounters changes the number of counters of a kind.
func (o *Object) addCounters(k CounterKind, n int) {
	for i := range o.counters {
		if o.counters[i].kind == k {
			o.counters[i].n = add(o.counters[i].n, n)
			return
		}
	}
	if n > 0 {
		o.counters = append(o.counters, counterCount{k, clamp(int64(n))})
	}
}

// CounterKinds lists the kinds of counters on the object, with counts.
func (o *Object) CounterKinds() map[CounterKind]int {
	m := map[CounterKind]int{}
	for _, c := range o.counters {
		if c.n > 0 {
			m[c.kind] = c.n
		}
	}
	return m
}

// Name is the object's name.
func (o *Object) Name() string { return o.Def.Name }

// IsType reports whether the object has a card type.
func (o *Object) IsType(bit uint16) bool { return o.Def.types&bit != 0 }

// Has reports whether the object has a keyword ability ("flying").
func (o *Object) Has(keyword string) bool {
	bit, _ := bitOf(keywordNames[:], keyword)
	return o.Def.keywords&bit != 0
}

// IsCreature reports whether the object is a creature.
func (o *Object) IsCreature() bool { return o.Def.types&typeCreature != 0 }

// hasKeyword reports whether the object has a keyword ability, by its bit.
func (o *Object) hasKeyword(bit uint16) bool { return o.Def.keywords&bit != 0 }

// ability returns one of the object's compiled abilities.
func (o *Object) ability(i int) *vm.Ability { return &o.Def.Card.Abilities[i] }
