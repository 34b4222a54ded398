package core

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/vm"
)

// ObjectID names an object (CR 109). An object that changes zones becomes
// a new object with a new ID (CR 400.7); the old ID keeps the object's
// last-known information (CR 608.2h).
type ObjectID int32

// PlayerID names a player: 0 is the player who starts (called "you" in
// scenario tests), 1 the other ("opponent").
type PlayerID int8

// NoPlayer is the absence of a player.
const NoPlayer PlayerID = -1

// Handles: how objects and players are passed to the VM as vm.Values.
// Objects are positive, players negative, and 0 is nothing.

// ObjectValue is an object as a VM value.
func ObjectValue(id ObjectID) vm.Value { return vm.Value(id) }

// PlayerValue is a player as a VM value.
func PlayerValue(p PlayerID) vm.Value { return vm.Value(-int64(p) - 1) }

// valueObject returns the object a value names, if it names one.
func valueObject(v vm.Value) (ObjectID, bool) { return ObjectID(v), v > 0 && v <= 1<<31-1 }

// valuePlayer returns the player a value names, if it names one.
func valuePlayer(v vm.Value) (PlayerID, bool) {
	if v < 0 && v >= -2 {
		return PlayerID(-v - 1), true
	}
	return NoPlayer, false
}

// Zone is a zone of the game (CR 400).
type Zone int8

// The zones.
const (
	ZoneNone Zone = iota
	ZoneBattlefield
	ZoneGraveyard
	ZoneHand
	ZoneLibrary
	ZoneExile
	ZoneStack
	ZoneCommand
)

var zoneNames = []string{"none", "battlefield", "graveyard", "hand", "library", "exile", "stack", "command"}

// String names the zone.
func (z Zone) String() string { return zoneNames[z] }

// Step is a step of the turn (CR 500). Main phases count as steps here.
type Step int8

// The steps, in turn order.
const (
	StepUntap Step = iota
	StepUpkeep
	StepDraw
	StepMain1
	StepBeginCombat
	StepDeclareAttackers
	StepDeclareBlockers
	StepCombatDamage
	StepEndCombat
	StepMain2
	StepEnd
	StepCleanup
	numSteps
)

// stepNames are the stdlib's names of the steps.
var stepNames = [numSteps]string{"untap", "upkeep", "draw", "main1", "beginning_of_combat",
	"declare_attackers", "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"}

// String is the stdlib's name of the step.
func (s Step) String() string {
	if s >= 0 && s < numSteps {
		return stepNames[s]
	}
	return fmt.Sprintf("step(%d)", s)
}

// StepNamed returns the step with a stdlib name ("end", "main1").
func StepNamed(name string) (Step, bool) {
	i := slices.Index(stepNames[:], name)
	return Step(i), i >= 0
}

// Card types, supertypes, colors and keyword abilities, as bit sets.
var (
	keywordNames   = []string{"flying", "reach", "deathtouch", "lifelink", "vigilance", "haste"}
	typeNames      = []string{"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"}
	supertypeNames = []string{"basic", "legendary", "ongoing", "snow", "world"}
	colorNames     = []string{"white", "blue", "black", "red", "green"}
)

func bitOf(names []string, name string) (uint16, bool) {
	for i, n := range names {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// CounterKind is a kind of counter (CR 122), interned by name.
type CounterKind int32

// EventKind is a kind of event; the names are the stdlib's.
type EventKind int8

// The event kinds.
const (
	EvDamage EventKind = iota
	EvDamagePrevented
	EvCounterPut
	EvCounterRemoved
	EvDestroy
	EvZoneChange
	EvAttacks
	EvBlock
	EvLifeGained
	EvLifeLost
	EvStepBegins
	EvSpellCast
	numEventKinds
)

var eventNames = [numEventKinds]string{"damage", "damage_prevented", "counter_put", "counter_removed", "destroy",
	"zone_change", "attacks", "block", "life_gained", "life_lost", "step_begins", "spell_cast"}

// String is the stdlib's name of the event kind.
func (k EventKind) String() string {
	if k >= 0 && k < numEventKinds {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", k)
}

// EventKindNamed returns the event kind with a stdlib name.
func EventKindNamed(name string) (EventKind, bool) {
	i := slices.Index(eventNames[:], name)
	return EventKind(i), i >= 0
}

// EventKindNames lists the names of the event kinds the core logs.
func EventKindNames() []string { return append([]string(nil), eventNames[:]...) }

// Rule is a rule a static ability can state.
type Rule int8

// The rules.
const (
	RuleDamageCantBePrevented Rule = iota
	numRules
)

var ruleNames = [numRules]string{"damage_cant_be_prevented"}

// MaxQuantity bounds every number of the game: life, counters, damage,
// power and toughness, amounts of events. It is far beyond any real game,
// and far enough from the limits of int that sums of quantities never
// overflow.
const MaxQuantity = 1 << 40

// clamp brings a number within [-MaxQuantity, MaxQuantity].
func clamp(n int64) int {
	return int(max(min(n, MaxQuantity), -MaxQuantity))
}

// qty reads a VM value as a quantity.
func qty(v vm.Value) int { return clamp(int64(v)) }

// add adds two quantities, within bounds.
func add(a, b int) int { return clamp(int64(a) + int64(b)) }
