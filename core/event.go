package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// Event is one game event: proposed by an action, modified by replacement
// and prevention effects, then, unless replaced away, performed and logged.
// Which fields mean something depends on Kind (see the stdlib's
// events.card).
type Event struct {
	ID   int64
	Kind EventKind
	// Object is the object the event is about: the object receiving
	// counters, destroyed, moving, attacking (attacker) or blocked
	// (attacker of a block).
	Object ObjectID
	// Other is the second object: the blocker of a block event.
	Other ObjectID
	// Source is the source of damage.
	Source ObjectID
	// Target is what damage is dealt to: an object or a player.
	Target vm.Value
	// Player is the player of life and step events, the caster of a spell.
	Player  PlayerID
	Amount  int
	Counter CounterKind
	From    Zone
	To      Zone
	Step    Step
	Combat  bool
	// Cost is set on a counter_put event whose counters are put as the
	// cost of an activated ability, not by an effect (CR 602.2b).
	Cost bool
	// Unpreventable is set when a rule says the damage can't be prevented
	// (CR 615.12).
	Unpreventable bool
	// Deathtouch and Lifelink are the source's abilities as the damage is
	// dealt.
	Deathtouch, Lifelink bool
	// Wither is set when damage is dealt by a source with wither, or as
	// though it had wither (CR 702.80): to a creature, it is dealt as
	// -1/-1 counters (CR 120.3d).
	Wither bool
	// Infect is set when damage is dealt by a source with infect
	// (CR 702.90): to a player, it is dealt as poison counters (CR 120.3b);
	// to a creature, as -1/-1 counters (CR 120.3d).
	Infect bool
	// Turn is the turn the event happened in.
	Turn int
	// Mana is the mana a mana_produced event adds (Amount is its total);
	// Tapped says its source was tapped for mana (CR 106.12).
	Mana   mana.Amount
	Tapped bool
	// Spell is set on a becomes_target event whose spell or ability is a
	// spell (CR 115.1).
	Spell bool
	// Reason is why the player of a game_over event lost, or why the game
	// ended without a winner (EvGameOver).
	Reason EndReason

	// moved is the new object a zone change created (CR 400.7).
	moved ObjectID
	// prevented lists how much damage each prevention effect applied to
	// the event prevented: each is an occurrence of its own (CR 615.13).
	prevented []int
	// enterWith are the counters a permanent enters with (CR 614.1c).
	enterWith []counterCount
	// enterTapped says a permanent enters the battlefield tapped
	// (CR 614.1d).
	enterTapped bool
	// attachTo is what an Aura entering the battlefield is attached to
	// (CR 303.4a), or 0.
	attachTo ObjectID
	// token is the card each token of a tokens_created event is
	// (CR 111.1): what they copy, or their characteristics.
	token *CardDef
	// copyOf is the card whose copiable values a permanent entering the
	// battlefield as a copy has (CR 707.2, 614.1c).
	copyOf *CardDef
	// chosen are the choices made as a permanent enters (CR 614.12),
	// which it keeps on the battlefield.
	chosen choices
	// shuffle says that the library a card moves to is shuffled once it
	// is there (CR 701.20: "shuffle it into its owner's library").
	shuffle bool
	// bottom says that a card moving to a library goes to its bottom
	// rather than its top; entersTapped that a permanent enters the
	// battlefield tapped ("put it onto the battlefield tapped").
	bottom, entersTapped bool
	// noRegeneration, on a destroy event, says the permanent can't be
	// regenerated (CR 701.15c): regeneration shields are not applied.
	noRegeneration bool
	// existedBelow, on the counters a permanent is given as it enters,
	// limits the effects that apply to them to those of objects older
	// than it: of the permanents already on the battlefield, not of it or
	// of those entering with it (CR 614.12). 0 for any other event.
	existedBelow ObjectID
	// applied, on the part of a damage event a shield redirected
	// (redirectShield), are the effects already applied to the damage it
	// came from: none applies to it again (CR 614.5).
	applied []abilityRef
}

// fieldID is a field of an event kind; a linked SymField is one.
type fieldID int32

// fieldDecl is a field as the stdlib declares it: its full name
// ("damage.amount") and the event kind it belongs to.
type fieldDecl struct {
	name string
	kind EventKind
}

func obj(id ObjectID) vm.Value { return ObjectValue(id) }
func playerValue(p PlayerID) vm.Value {
	if p == NoPlayer {
		return 0
	}
	return PlayerValue(p)
}
func boolValue(b bool) vm.Value {
	if b {
		return 1
	}
	return 0
}

func eventID(e *Event) vm.Value     { return vm.Value(e.ID) }
func eventSource(e *Event) vm.Value { return obj(e.Source) }
func eventTarget(e *Event) vm.Value { return e.Target }
func eventAmount(e *Event) vm.Value { return vm.Value(e.Amount) }
func eventObject(e *Event) vm.Value { return obj(e.Object) }
func eventPlayer(e *Event) vm.Value { return playerValue(e.Player) }

// Counter kinds, zones and steps read as the ids the linker gives their
// names.
func eventCounter(e *Event) vm.Value { return vm.Value(e.Counter) }

// fieldGetters read the fields of events, by the generated field ids.
var fieldGetters = [numFields]func(e *Event) vm.Value{
	fieldDamageID:     eventID,
	fieldDamageSource: eventSource,
	fieldDamageTarget: eventTarget,
	fieldDamageAmount: eventAmount,
	fieldDamageCombat: func(e *Event) vm.Value { return boolValue(e.Combat) },

	fieldDamagePreventedID:     eventID,
	fieldDamagePreventedSource: eventSource,
	fieldDamagePreventedTarget: eventTarget,
	fieldDamagePreventedAmount: eventAmount,

	fieldCounterPutID:     eventID,
	fieldCounterPutObject: eventObject,
	fieldCounterPutKind:   eventCounter,
	fieldCounterPutAmount: eventAmount,
	fieldCounterPutCost:   func(e *Event) vm.Value { return boolValue(e.Cost) },

	fieldCounterRemovedID:     eventID,
	fieldCounterRemovedObject: eventObject,
	fieldCounterRemovedKind:   eventCounter,
	fieldCounterRemovedAmount: eventAmount,

	fieldDestroyID:     eventID,
	fieldDestroyObject: eventObject,

	fieldZoneChangeID: eventID,
	// The object of a zone change is the new permanent once it entered the
	// battlefield (so "this enters" matches it), and otherwise the object
	// as it last existed in the zone it left (CR 603.10a).
	fieldZoneChangeObject: func(e *Event) vm.Value {
		if e.To == ZoneBattlefield && e.moved != 0 {
			return obj(e.moved)
		}
		return obj(e.Object)
	},
	fieldZoneChangeFrom: func(e *Event) vm.Value { return vm.Value(e.From) },
	fieldZoneChangeTo:   func(e *Event) vm.Value { return vm.Value(e.To) },

	fieldAttacksID:       eventID,
	fieldAttacksAttacker: eventObject,
	fieldAttacksPlayer:   eventPlayer,

	fieldAttackDeclaredID:     eventID,
	fieldAttackDeclaredPlayer: eventPlayer,
	fieldAttackDeclaredAmount: eventAmount,

	fieldReflexiveID:     eventID,
	fieldReflexivePlayer: eventPlayer,
	fieldReflexiveObject: eventObject,

	fieldBlockID:       eventID,
	fieldBlockAttacker: eventObject,
	fieldBlockBlocker:  func(e *Event) vm.Value { return obj(e.Other) },

	fieldCountersGivenID:     eventID,
	fieldCountersGivenPlayer: eventPlayer,
	fieldCountersGivenKind:   eventCounter,
	fieldCountersGivenAmount: eventAmount,
	fieldLifeGainedID:        eventID,
	fieldLifeGainedPlayer:    eventPlayer,
	fieldLifeGainedAmount:    eventAmount,

	fieldLifeLostID:     eventID,
	fieldLifeLostPlayer: eventPlayer,
	fieldLifeLostAmount: eventAmount,

	fieldStepBeginsID:     eventID,
	fieldStepBeginsStep:   func(e *Event) vm.Value { return vm.Value(e.Step) },
	fieldStepBeginsPlayer: eventPlayer,

	fieldSpellCastID:     eventID,
	fieldSpellCastSpell:  eventObject,
	fieldSpellCastPlayer: eventPlayer,

	fieldManaProducedID:     eventID,
	fieldManaProducedSource: eventSource,
	fieldManaProducedPlayer: eventPlayer,
	fieldManaProducedAmount: eventAmount,
	fieldManaProducedTapped: func(e *Event) vm.Value { return boolValue(e.Tapped) },

	fieldTokensCreatedID:     eventID,
	fieldTokensCreatedPlayer: eventPlayer,
	fieldTokensCreatedAmount: eventAmount,

	fieldRegeneratedID:     eventID,
	fieldRegeneratedObject: eventObject,

	fieldCounteredID:     eventID,
	fieldCounteredSpell:  eventObject,
	fieldCounteredSource: eventSource,
	fieldCounteredPlayer: eventPlayer,

	fieldSpellCopiedID:       eventID,
	fieldSpellCopiedSpell:    eventObject,
	fieldSpellCopiedOriginal: eventSource,
	fieldSpellCopiedPlayer:   eventPlayer,
	fieldDrawID:              eventID,
	fieldDrawPlayer:          eventPlayer,
	fieldDrawObject:          eventObject,
	fieldDiscardID:           eventID,
	fieldDiscardPlayer:       eventPlayer,
	fieldDiscardObject:       eventObject,
	fieldHandRevealedID:      eventID,
	fieldHandRevealedPlayer:  eventPlayer,
	fieldRevealID:            eventID,
	fieldRevealPlayer:        eventPlayer,
	fieldRevealObject:        eventObject,

	fieldShuffleID:     eventID,
	fieldShufflePlayer: eventPlayer,

	fieldBecomesTargetID:     eventID,
	fieldBecomesTargetTarget: eventTarget,
	fieldBecomesTargetSource: eventSource,
	fieldBecomesTargetSpell:  func(e *Event) vm.Value { return boolValue(e.Spell) },
}

// field reads field f of an event, which must be of the field's kind.
func (e *Event) field(f fieldID) vm.Value { return fieldGetters[f](e) }

// Involves reports whether an event is about an object: as the object it
// is about, its source, its target, or the other creature of a block.
func (e *Event) Involves(id ObjectID) bool {
	return e.Object == id || e.Other == id || e.Source == id || e.Target == ObjectValue(id)
}

// Involved appends to buf the objects an event involves (see Involves),
// each once, in ascending ID order, without looking at any other object.
func (e *Event) Involved(buf []ObjectID) []ObjectID {
	start := len(buf)
	add := func(id ObjectID) {
		if id <= 0 || slices.Contains(buf[start:], id) {
			return
		}
		buf = append(buf, id)
	}
	add(e.Object)
	add(e.Other)
	add(e.Source)
	if id, ok := valueObject(e.Target); ok {
		add(id)
	}
	slices.Sort(buf[start:])
	return buf
}

// Describe renders an event for the log.
func (g *Game) Describe(e *Event) string {
	name := g.objectName
	target := func(v vm.Value) string {
		if p, ok := valuePlayer(v); ok {
			return playerName(p)
		}
		if id, ok := valueObject(v); ok {
			return name(id)
		}
		return "nothing"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d: %s", e.Turn, e.Kind)
	switch e.Kind {
	case EvDamage, EvDamagePrevented:
		fmt.Fprintf(&b, " %d from %s to %s", e.Amount, name(e.Source), target(e.Target))
		if e.Combat {
			b.WriteString(" (combat)")
		}
		if e.Unpreventable {
			b.WriteString(" (can't be prevented)")
		}
	case EvCounterPut, EvCounterRemoved:
		fmt.Fprintf(&b, " %d %s on %s", e.Amount, g.lib.CounterName(e.Counter), name(e.Object))
	case EvDestroy, EvRegenerated:
		fmt.Fprintf(&b, " %s", name(e.Object))
	case EvZoneChange:
		fmt.Fprintf(&b, " %s from %s to %s", name(e.Object), e.From, e.To)
	case EvAttacks:
		fmt.Fprintf(&b, " %s attacks %s", name(e.Object), playerName(e.Player))
	case EvBlock:
		fmt.Fprintf(&b, " %s blocks %s", name(e.Other), name(e.Object))
	case EvAttackDeclared:
		fmt.Fprintf(&b, " %s attacks with %d", playerName(e.Player), e.Amount)
	case EvReflexive:
		fmt.Fprintf(&b, " %s sacrificed %s", playerName(e.Player), name(e.Object))
	case EvCountersGiven:
		fmt.Fprintf(&b, " %d %s to %s", e.Amount, g.lib.CounterName(e.Counter), playerName(e.Player))
	case EvLifeGained, EvLifeLost:
		fmt.Fprintf(&b, " %s %d", playerName(e.Player), e.Amount)
	case EvTokensCreated:
		fmt.Fprintf(&b, " %d %s for %s", e.Amount, e.token.Name, playerName(e.Player))
	case EvStepBegins:
		fmt.Fprintf(&b, " %s of %s", e.Step, playerName(e.Player))
	case EvSpellCast:
		fmt.Fprintf(&b, " %s by %s", name(e.Object), playerName(e.Player))
	case EvCountered:
		fmt.Fprintf(&b, " %s of %s by %s", name(e.Object), playerName(e.Player), name(e.Source))
	case EvSpellCopied:
		fmt.Fprintf(&b, " %s by %s, a copy of %s", name(e.Object), playerName(e.Player), name(e.Source))
	case EvGameOver:
		switch {
		case e.Player != NoPlayer:
			fmt.Fprintf(&b, " %s lost the game: %s", playerName(e.Player), e.Reason)
		case e.Reason == EndStopped:
			fmt.Fprintf(&b, " the rules core stopped the game: %s", g.endDetail)
		default:
			fmt.Fprintf(&b, " the game is a draw: %s", e.Reason)
			if g.endDetail != "" {
				fmt.Fprintf(&b, ": %s", g.endDetail)
			}
		}
	case EvDraw, EvDiscard:
		fmt.Fprintf(&b, " %s %s", playerName(e.Player), name(e.Object))
	case EvHandRevealed:
		fmt.Fprintf(&b, " %s", playerName(e.Player))
	case EvReveal:
		fmt.Fprintf(&b, " %s by %s", name(e.Object), playerName(e.Player))
	case EvShuffle:
		fmt.Fprintf(&b, " the library of %s", playerName(e.Player))
	case EvBecomesTarget:
		fmt.Fprintf(&b, " %s of %s", target(e.Target), name(e.Source))
	case EvManaProduced:
		fmt.Fprintf(&b, " %s to %s from %s", e.Mana, playerName(e.Player), name(e.Source))
		if e.Tapped {
			b.WriteString(" (tapped for mana)")
		}
	}
	return b.String()
}

func playerName(p PlayerID) string {
	switch p {
	case 0:
		return "player 1"
	case 1:
		return "player 2"
	}
	return "no player"
}
