package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Object is a card, a token or a spell in some zone (CR 109). When it
// moves to another zone it becomes a new object (CR 400.7); the old one is
// marked Left and keeps what it was when it left, its last-known
// information (CR 608.2h), for the effects and triggers that look back.
//
// Outside the core an Object is read-only: its methods tell its state,
// which only the game changes (and Setup, before the game is played).
type Object struct {
	id  ObjectID
	def *CardDef
	// printed is the card the object is, whatever it copies: def is what
	// it is now (a copy's copiable values, CR 707.2); a token's printed is
	// what the effect that created it said (CR 111.4, 707.3).
	printed *CardDef
	// card identifies the physical card across zones (and tokens), so a
	// scenario test can follow "Protean Hydra" to the graveyard.
	card       int
	owner      PlayerID
	controller PlayerID
	// baseController controls the permanent unless an effect of layer 2
	// says otherwise: the player who put it onto the battlefield
	// (CR 110.2). controller is what the layers make it (syncControl).
	baseController PlayerID
	zone           Zone
	token          bool
	tapped         bool
	// damage is the damage marked on the permanent (CR 120.6).
	damage int
	// deathtouchDamage records damage from a source with deathtouch since
	// state-based actions were last checked (CR 704.5h); the check clears
	// it.
	deathtouchDamage bool
	counters         counterSet
	// next is the object it became when it moved to another zone, or 0
	// (CR 400.7e: an ability that triggered on the move can find it).
	next ObjectID
	// timestamp orders permanents and effects (CR 613.7).
	timestamp int64
	// sinceTurn is the turn since which the controller has controlled the
	// permanent continuously (CR 302.6).
	sinceTurn int
	// loyaltyTurn is the turn in which one of the permanent's loyalty
	// abilities was last activated, 0 if none was (CR 606.3).
	loyaltyTurn int
	// Combat state (CR 506.4).
	attacking bool
	blocked   bool
	// blocking lists the attacking creatures it blocks (CR 509.1g): one,
	// or more if an effect lets it (509.1a).
	blocking  []ObjectID
	blockedBy []ObjectID
	defender  PlayerID
	// struckFirst is set for an attacking or blocking creature that had
	// first strike or double strike as the first of two combat damage
	// steps began (CR 510.4).
	struckFirst bool
	// attachedTo is the object an Aura or an Equipment is attached to
	// (CR 303.4, 301.5), or 0.
	attachedTo ObjectID
	// chosen are the choices its controller made as it entered the
	// battlefield ("As this enters, choose a color", CR 614.12); a new
	// object in another zone has none (CR 400.7).
	chosen choices
	// x is the value of X chosen for the spell (CR 107.3); a permanent
	// keeps the X of the spell it was, for its enters-the-battlefield
	// abilities (CR 107.3m).
	x int
	// left is set once the object has left its zone.
	left bool
	lki  lki
	// item is, for a spell, its place on the stack (CR 405): its
	// controller, targets and X. The object keeps it once it left the
	// stack, as what it last was there (CR 608.2h, 707.10).
	item *StackItem
	// spellCopy marks a copy of a spell (CR 707.10): a spell with no card,
	// which ceases to exist in any other zone (CR 707.10a, 704.5e), or
	// becomes a token as a permanent spell resolves (CR 707.10f).
	spellCopy bool
}

// Copy reports whether the object is a copy of a spell (CR 707.10): a
// spell no card represents, owned and controlled by the player who put it
// on the stack.
func (o *Object) Copy() bool { return o.spellCopy }

// ID is the object's ID.
func (o *Object) ID() ObjectID { return o.id }

// Def is the card the object is.
func (o *Object) Def() *CardDef { return o.def }

// Card identifies the physical card across zones (and tokens): every
// object a card becomes has the same Card, so a scenario test can follow
// "Protean Hydra" to the graveyard.
func (o *Object) Card() int { return o.card }

// Owner is the object's owner (CR 108.3).
func (o *Object) Owner() PlayerID { return o.owner }

// Controller is the object's controller (CR 108.4), as the game last
// settled it; Game.Controller first applies a control-changing effect
// that began since (layer 2).
func (o *Object) Controller() PlayerID { return o.controller }

// Zone is the zone the object is in, or was in when it left.
func (o *Object) Zone() Zone { return o.zone }

// Token reports whether the object is a token (CR 111).
func (o *Object) Token() bool { return o.token }

// Tapped reports whether the permanent is tapped (CR 701.26).
func (o *Object) Tapped() bool { return o.tapped }

// Damage is the damage marked on the permanent (CR 120.6).
func (o *Object) Damage() int { return o.damage }

// DeathtouchDamage reports whether damage from a source with deathtouch
// was dealt to the permanent since state-based actions were last checked
// (CR 704.5h).
func (o *Object) DeathtouchDamage() bool { return o.deathtouchDamage }

// Timestamp orders permanents and effects (CR 613.7).
func (o *Object) Timestamp() int64 { return o.timestamp }

// SinceTurn is the turn since which the controller has controlled the
// permanent continuously (CR 302.6).
func (o *Object) SinceTurn() int { return o.sinceTurn }

// Attacking reports whether the creature is attacking (CR 506.4).
func (o *Object) Attacking() bool { return o.attacking }

// Blocked reports whether the attacking creature is blocked (CR 509.1h);
// it stays blocked even if its blockers leave.
func (o *Object) Blocked() bool { return o.blocked }

// Blocking is the attacking creature the creature blocks, the first if it
// blocks several (CR 509.1a), or 0.
func (o *Object) Blocking() ObjectID {
	if len(o.blocking) == 0 {
		return 0
	}
	return o.blocking[0]
}

// Blocks lists the attacking creatures the creature was declared to
// block (a copy): one, or several if an effect lets it (CR 509.1a,
// 509.1g). Those removed from combat since are among them: a creature
// blocks only those still attacking (CR 510.1d), and stays a blocking
// creature until it is removed from combat itself.
func (o *Object) Blocks() []ObjectID { return slices.Clone(o.blocking) }

// BlockedBy lists the creatures blocking the attacking creature (a copy).
func (o *Object) BlockedBy() []ObjectID { return slices.Clone(o.blockedBy) }

// Defender is the player the attacking creature attacks, or NoPlayer.
func (o *Object) Defender() PlayerID { return o.defender }

// X is the value of X chosen for the spell (CR 107.3); a permanent keeps
// the X of the spell it was, for its enters-the-battlefield abilities
// (CR 107.3m).
func (o *Object) X() int { return o.x }

// Left reports whether the object has left its zone (CR 400.7); it then
// keeps its last-known information (CR 608.2h).
func (o *Object) Left() bool { return o.left }

// lki is the last-known information of an object that left the
// battlefield, frozen as it left.
type lki struct {
	power, toughness int
	keywords         keywords
	granted          []grant
	// noAbilities: it had lost all abilities (its card's did not
	// function); noIntrinsic: it had lost the intrinsic mana abilities
	// of its basic land types too (chars.noIntrinsic).
	noAbilities, noIntrinsic bool
	// colors and types are the colors and card types it had (layers 4
	// and 5).
	colors, types uint16
	// subtypes are the subtypes it had (layer 4).
	subtypes []int32
}

// AttachedTo is the object an Aura or an Equipment is attached to
// (CR 303.4b, 301.5a), or 0.
func (o *Object) AttachedTo() ObjectID { return o.attachedTo }

type counterCount struct {
	kind CounterKind
	n    int
}

// counterSet is the counters of an object or a player (CR 122.1): how
// many of each kind, in the order the kinds were first put.
type counterSet []counterCount

// of returns how many counters of a kind there are.
func (cs counterSet) of(k CounterKind) int {
	for _, c := range cs {
		if c.kind == k {
			return c.n
		}
	}
	return 0
}

// add changes the number of counters of a kind by n, saturating.
func (cs *counterSet) add(k CounterKind, n int) {
	for i := range *cs {
		if (*cs)[i].kind == k {
			(*cs)[i].n = add((*cs)[i].n, n)
			return
		}
	}
	if n > 0 {
		*cs = append(*cs, counterCount{k, clamp(int64(n))})
	}
}

// Counters returns how many counters of a kind are on the object.
func (o *Object) Counters(k CounterKind) int { return o.counters.of(k) }

// addCounters changes the number of counters of a kind.
func (o *Object) addCounters(k CounterKind, n int) { o.counters.add(k, n) }

// counter returns how many counters of a kind a player has (CR 122.1).
func (p *player) counter(k CounterKind) int { return p.counters.of(k) }

// addCounters gives a player n more counters of a kind.
func (p *player) addCounters(k CounterKind, n int) { p.counters.add(k, n) }

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
func (o *Object) Name() string { return o.def.Name }

// Is reports whether the object has a card type ("creature").
func (o *Object) Is(t string) bool { return o.def.Is(t) }

// Has reports whether the object's card has a keyword ability
// ("flying") printed on it; Game.HasKeyword says whether it has it now.
func (o *Object) Has(keyword string) bool {
	return slices.Contains(o.def.Card.Keywords, keyword)
}

// IsCreature reports whether the object's card is a creature card, as
// its type line says; Game.IsCreature says whether a permanent is a
// creature now, as the effects of layer 4 make it (CR 613.1d).
func (o *Object) IsCreature() bool { return o.def.types&typeCreature != 0 }

// ability returns one of the object's compiled abilities.
func (o *Object) ability(i int) *vm.Ability { return &o.def.Card.Abilities[i] }
