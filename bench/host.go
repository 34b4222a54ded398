package bench

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// The host's ids of the event fields the two cards read.
const (
	FieldDamageID int32 = iota + 1
	FieldDamageTarget
	FieldDamageAmount
	FieldBlockBlocker
	FieldBlockAttacker
	// fieldUnknown is the id of every other field of the vocabulary.
	fieldUnknown
)

// The host's ids of the functions the two cards call.
const (
	FnPrevent int32 = iota + 100
	FnRemoveCounters
	FnIsType
	FnDestroy
	FnToughness
	FnGainLife
	// fnUnknown is the id of every other function of the vocabulary.
	fnUnknown
)

// The host's values of the names the two cards use.
const (
	// CounterPlus1 is the counter kind "+1/+1".
	CounterPlus1 vm.Value = 1
	// TypeCreature is the card type "creature".
	TypeCreature vm.Value = 1
)

// The objects of the board, by id (an object's id is its index in
// World.Objects).
const (
	// Hydra is the Protean Hydra the damage is dealt to.
	Hydra vm.Value = iota
	// Slagwurm is the Engulfing Slagwurm that blocks.
	Slagwurm
	// Bears is the Grizzly Bears it blocks.
	Bears
	// Wall is a noncreature object.
	Wall
	numObjects
)

// Event kinds.
const (
	noEvent = iota
	damageEvent
	blockEvent
)

// Object is an object of the board.
type Object struct {
	// Creature says whether it is a creature.
	Creature bool
	// Toughness is its toughness.
	Toughness vm.Value
	// Counters is its number of +1/+1 counters.
	Counters vm.Value
	// Destroyed says whether it was destroyed.
	Destroyed bool
}

// Event is the event being matched or replaced: a damage event or a block.
type Event struct {
	kind int
	// ID, Target and Amount are the damage event's fields.
	ID, Target, Amount vm.Value
	// Blocker and Attacker are the block's fields.
	Blocker, Attacker vm.Value
}

// World is the host every engine runs against: a small board, the event
// being matched, and what the cards did to them. It implements vm.Host
// and, through Link, vm.Linker.
type World struct {
	// Objects are the objects of the board, by id.
	Objects [numObjects]Object
	// Life is each player's life total.
	Life [2]vm.Value
	// Prevented counts the damage events prevented.
	Prevented int
	// Event is the event being matched.
	Event  Event
	nextID vm.Value
}

// NewWorld returns the board: a Protean Hydra with many +1/+1 counters,
// an Engulfing Slagwurm, a Grizzly Bears and a Wall, two players at 20
// life.
func NewWorld() *World {
	w := &World{Life: [2]vm.Value{20, 20}}
	w.Objects[Hydra] = Object{Creature: true, Counters: 1 << 40}
	w.Objects[Slagwurm] = Object{Creature: true, Toughness: 7}
	w.Objects[Bears] = Object{Creature: true, Toughness: 2}
	w.Objects[Wall] = Object{Toughness: 4}
	return w
}

// Damage makes the current event one damage to target.
func (w *World) Damage(target, amount vm.Value) {
	w.nextID++
	w.Event = Event{kind: damageEvent, ID: w.nextID, Target: target, Amount: amount}
}

// Block makes the current event blocker blocking attacker.
func (w *World) Block(blocker, attacker vm.Value) {
	w.Event = Event{kind: blockEvent, Blocker: blocker, Attacker: attacker}
}

// Field reads a field of the current event; it fails for a field of
// another kind of event.
func (w *World) Field(_ *vm.Frame, field int32) (vm.Value, error) {
	e := &w.Event
	switch {
	case e.kind == damageEvent && field == FieldDamageID:
		return e.ID, nil
	case e.kind == damageEvent && field == FieldDamageTarget:
		return e.Target, nil
	case e.kind == damageEvent && field == FieldDamageAmount:
		return e.Amount, nil
	case e.kind == blockEvent && field == FieldBlockBlocker:
		return e.Blocker, nil
	case e.kind == blockEvent && field == FieldBlockAttacker:
		return e.Attacker, nil
	}
	return 0, fmt.Errorf("no field %d in this event", field)
}

// Call runs a host function.
func (w *World) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	switch fn {
	case FnPrevent:
		if args[0] != w.Event.ID || w.Event.kind != damageEvent {
			return 0, fmt.Errorf("prevent: no damage event %d", args[0])
		}
		w.Prevented++
		return 0, nil
	case FnRemoveCounters:
		o, err := w.object(args[0])
		if err != nil || args[1] != CounterPlus1 {
			return 0, fmt.Errorf("remove_counters: bad arguments %v", args)
		}
		o.Counters -= min(o.Counters, args[2])
		return 0, nil
	case FnIsType:
		o, err := w.object(args[0])
		if err != nil {
			return 0, err
		}
		if args[1] == TypeCreature && o.Creature {
			return 1, nil
		}
		return 0, nil
	case FnDestroy:
		o, err := w.object(args[0])
		if err != nil {
			return 0, err
		}
		o.Destroyed = true
		return 0, nil
	case FnToughness:
		o, err := w.object(args[0])
		if err != nil {
			return 0, err
		}
		return o.Toughness, nil
	case FnGainLife:
		if args[0] < 0 || args[0] > 1 {
			return 0, fmt.Errorf("gain_life: no player %d", args[0])
		}
		w.Life[args[0]] += args[1]
		return 0, nil
	}
	return 0, fmt.Errorf("host function %d is not part of this benchmark", fn)
}

func (w *World) object(id vm.Value) (*Object, error) {
	if id < 0 || id >= numObjects {
		return nil, fmt.Errorf("no object %d", id)
	}
	return &w.Objects[id], nil
}

// Link gives the host's id of a symbol of a compiled program. Symbols the
// two cards do not use get an id that fails when it is used.
func (w *World) Link(sym vm.Symbol) (int32, error) {
	switch sym.Kind {
	case vm.SymField:
		if id, ok := fieldIDs[sym.Name]; ok {
			return id, nil
		}
		return fieldUnknown, nil
	case vm.SymFunc:
		if id, ok := fnIDs[sym.Name]; ok {
			return id, nil
		}
		return fnUnknown, nil
	case vm.SymName:
		return int32(nameValues[sym.Name]), nil
	}
	return 0, fmt.Errorf("unknown kind of symbol %v", sym.Kind)
}

var fieldIDs = map[string]int32{
	"damage.id":      FieldDamageID,
	"damage.target":  FieldDamageTarget,
	"damage.amount":  FieldDamageAmount,
	"block.blocker":  FieldBlockBlocker,
	"block.attacker": FieldBlockAttacker,
}

var fnIDs = map[string]int32{
	"prevent":         FnPrevent,
	"remove_counters": FnRemoveCounters,
	"is_type":         FnIsType,
	"destroy":         FnDestroy,
	"toughness":       FnToughness,
	"gain_life":       FnGainLife,
}

var nameValues = map[string]vm.Value{
	"counter:+1/+1": CounterPlus1,
	"type:creature": TypeCreature,
}
