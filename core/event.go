package core

import (
	"fmt"
	"strings"

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
	// Unpreventable is set when a rule says the damage can't be prevented
	// (CR 615.12).
	Unpreventable bool
	// Deathtouch and Lifelink are the source's abilities as the damage is
	// dealt.
	Deathtouch, Lifelink bool
	// Turn is the turn the event happened in.
	Turn int

	// moved is the new object a zone change created (CR 400.7).
	moved ObjectID
	// prevented is how much of the damage prevention effects prevented.
	prevented int
	// enterWith are the counters a permanent enters with (CR 614.1c).
	enterWith []counterCount
}

// field is a field of an event kind, as the stdlib names it.
type field struct {
	name string
	get  func(e *Event) vm.Value
}

func obj(id ObjectID) vm.Value { return ObjectValue(id) }
func player(p PlayerID) vm.Value {
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

// fields are all fields of all event kinds; a linked SymField is an index
// into it. Counter kinds, zones and steps read as the ids the linker gives
// their names.
var fields = []field{
	{"damage.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"damage.source", func(e *Event) vm.Value { return obj(e.Source) }},
	{"damage.target", func(e *Event) vm.Value { return e.Target }},
	{"damage.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"damage.combat", func(e *Event) vm.Value { return boolValue(e.Combat) }},
	{"damage_prevented.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"damage_prevented.source", func(e *Event) vm.Value { return obj(e.Source) }},
	{"damage_prevented.target", func(e *Event) vm.Value { return e.Target }},
	{"damage_prevented.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"counter_put.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"counter_put.object", func(e *Event) vm.Value { return obj(e.Object) }},
	{"counter_put.kind", func(e *Event) vm.Value { return vm.Value(e.Counter) }},
	{"counter_put.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"counter_removed.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"counter_removed.object", func(e *Event) vm.Value { return obj(e.Object) }},
	{"counter_removed.kind", func(e *Event) vm.Value { return vm.Value(e.Counter) }},
	{"counter_removed.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"destroy.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"destroy.object", func(e *Event) vm.Value { return obj(e.Object) }},
	{"zone_change.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	// The object of a zone change is the new permanent once it entered the
	// battlefield (so "this enters" matches it), and otherwise the object
	// as it last existed in the zone it left (CR 603.10a).
	{"zone_change.object", func(e *Event) vm.Value {
		if e.To == ZoneBattlefield && e.moved != 0 {
			return obj(e.moved)
		}
		return obj(e.Object)
	}},
	{"zone_change.from", func(e *Event) vm.Value { return vm.Value(e.From) }},
	{"zone_change.to", func(e *Event) vm.Value { return vm.Value(e.To) }},
	{"attacks.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"attacks.attacker", func(e *Event) vm.Value { return obj(e.Object) }},
	{"attacks.player", func(e *Event) vm.Value { return player(e.Player) }},
	{"block.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"block.attacker", func(e *Event) vm.Value { return obj(e.Object) }},
	{"block.blocker", func(e *Event) vm.Value { return obj(e.Other) }},
	{"life_gained.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"life_gained.player", func(e *Event) vm.Value { return player(e.Player) }},
	{"life_gained.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"life_lost.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"life_lost.player", func(e *Event) vm.Value { return player(e.Player) }},
	{"life_lost.amount", func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{"step_begins.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"step_begins.step", func(e *Event) vm.Value { return vm.Value(e.Step) }},
	{"step_begins.player", func(e *Event) vm.Value { return player(e.Player) }},
	{"spell_cast.id", func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{"spell_cast.spell", func(e *Event) vm.Value { return obj(e.Object) }},
	{"spell_cast.player", func(e *Event) vm.Value { return player(e.Player) }},
}

// Involves reports whether an event is about an object: as the object it
// is about, its source, its target, or the other creature of a block.
func (e *Event) Involves(id ObjectID) bool {
	return e.Object == id || e.Other == id || e.Source == id || e.Target == ObjectValue(id)
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
	case EvDestroy:
		fmt.Fprintf(&b, " %s", name(e.Object))
	case EvZoneChange:
		fmt.Fprintf(&b, " %s from %s to %s", name(e.Object), e.From, e.To)
	case EvAttacks:
		fmt.Fprintf(&b, " %s attacks %s", name(e.Object), playerName(e.Player))
	case EvBlock:
		fmt.Fprintf(&b, " %s blocks %s", name(e.Other), name(e.Object))
	case EvLifeGained, EvLifeLost:
		fmt.Fprintf(&b, " %s %d", playerName(e.Player), e.Amount)
	case EvStepBegins:
		fmt.Fprintf(&b, " %s of %s", e.Step, playerName(e.Player))
	case EvSpellCast:
		fmt.Fprintf(&b, " %s by %s", name(e.Object), playerName(e.Player))
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
