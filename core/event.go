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
	// prevented lists how much damage each prevention effect applied to
	// the event prevented: each is an occurrence of its own (CR 615.13).
	prevented []int
	// enterWith are the counters a permanent enters with (CR 614.1c).
	enterWith []counterCount
}

// field is a field of an event kind, as the stdlib names it.
type field struct {
	name string
	get  func(e *Event) vm.Value
	// kind is the event kind the field belongs to, from its name.
	kind EventKind
}

func init() {
	for i := range fields {
		event, _, _ := vm.Symbol{Kind: vm.SymField, Name: fields[i].name}.SplitField()
		k, ok := EventKindNamed(event)
		if !ok {
			panic("core: field of an unknown event kind: " + fields[i].name)
		}
		fields[i].kind = k
	}
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
	{name: "damage.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "damage.source", get: func(e *Event) vm.Value { return obj(e.Source) }},
	{name: "damage.target", get: func(e *Event) vm.Value { return e.Target }},
	{name: "damage.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "damage.combat", get: func(e *Event) vm.Value { return boolValue(e.Combat) }},
	{name: "damage_prevented.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "damage_prevented.source", get: func(e *Event) vm.Value { return obj(e.Source) }},
	{name: "damage_prevented.target", get: func(e *Event) vm.Value { return e.Target }},
	{name: "damage_prevented.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "counter_put.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "counter_put.object", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "counter_put.kind", get: func(e *Event) vm.Value { return vm.Value(e.Counter) }},
	{name: "counter_put.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "counter_removed.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "counter_removed.object", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "counter_removed.kind", get: func(e *Event) vm.Value { return vm.Value(e.Counter) }},
	{name: "counter_removed.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "destroy.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "destroy.object", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "zone_change.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	// The object of a zone change is the new permanent once it entered the
	// battlefield (so "this enters" matches it), and otherwise the object
	// as it last existed in the zone it left (CR 603.10a).
	{name: "zone_change.object", get: func(e *Event) vm.Value {
		if e.To == ZoneBattlefield && e.moved != 0 {
			return obj(e.moved)
		}
		return obj(e.Object)
	}},
	{name: "zone_change.from", get: func(e *Event) vm.Value { return vm.Value(e.From) }},
	{name: "zone_change.to", get: func(e *Event) vm.Value { return vm.Value(e.To) }},
	{name: "attacks.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "attacks.attacker", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "attacks.player", get: func(e *Event) vm.Value { return player(e.Player) }},
	{name: "block.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "block.attacker", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "block.blocker", get: func(e *Event) vm.Value { return obj(e.Other) }},
	{name: "life_gained.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "life_gained.player", get: func(e *Event) vm.Value { return player(e.Player) }},
	{name: "life_gained.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "life_lost.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "life_lost.player", get: func(e *Event) vm.Value { return player(e.Player) }},
	{name: "life_lost.amount", get: func(e *Event) vm.Value { return vm.Value(e.Amount) }},
	{name: "step_begins.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "step_begins.step", get: func(e *Event) vm.Value { return vm.Value(e.Step) }},
	{name: "step_begins.player", get: func(e *Event) vm.Value { return player(e.Player) }},
	{name: "spell_cast.id", get: func(e *Event) vm.Value { return vm.Value(e.ID) }},
	{name: "spell_cast.spell", get: func(e *Event) vm.Value { return obj(e.Object) }},
	{name: "spell_cast.player", get: func(e *Event) vm.Value { return player(e.Player) }},
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
