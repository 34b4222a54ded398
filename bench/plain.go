package bench

import "github.com/cardc/cardc/vm"

// goEngine is the card logic written by hand in Go, calling the host
// through the vm.Host interface with the ids a linker gave, as the VM
// does.
type goEngine struct {
	h    vm.Host
	args [3]vm.Value
}

// NewGo returns the plain Go engine for w.
func NewGo(w *World) (Engine, error) { return &goEngine{h: w}, nil }

func (e *goEngine) Replace(this, _ vm.Value) (bool, error) {
	// Match: "damage to this", binding the damage and its amount.
	target, err := e.h.Field(nil, FieldDamageTarget)
	if err != nil || target != this {
		return false, err
	}
	id, err := e.h.Field(nil, FieldDamageID)
	if err != nil {
		return false, err
	}
	amount, err := e.h.Field(nil, FieldDamageAmount)
	if err != nil {
		return false, err
	}
	// Body: prevent damage; remove damage.amount +1/+1 counters from this.
	e.args[0] = id
	if _, err := e.h.Call(nil, FnPrevent, e.args[:1]); err != nil {
		return false, err
	}
	e.args[0], e.args[1], e.args[2] = this, CounterPlus1, amount
	if _, err := e.h.Call(nil, FnRemoveCounters, e.args[:3]); err != nil {
		return false, err
	}
	return true, nil
}

func (e *goEngine) Trigger(this, you vm.Value) (int, error) {
	// Match: "this blocks or becomes blocked by a creature as creature".
	creature, ok, err := e.blockedBy(FieldBlockBlocker, FieldBlockAttacker, this)
	if err == nil && !ok {
		creature, ok, err = e.blockedBy(FieldBlockAttacker, FieldBlockBlocker, this)
	}
	if err != nil || !ok {
		return 0, err
	}
	// Body: destroy creature; gain creature.toughness life.
	e.args[0] = creature
	if _, err := e.h.Call(nil, FnDestroy, e.args[:1]); err != nil {
		return 0, err
	}
	t, err := e.h.Call(nil, FnToughness, e.args[:1])
	if err != nil {
		return 0, err
	}
	e.args[0], e.args[1] = you, t
	if _, err := e.h.Call(nil, FnGainLife, e.args[:2]); err != nil {
		return 0, err
	}
	return 1, nil
}

// blockedBy reads whether field this of the block is this object and
// field other a creature; it returns that creature.
func (e *goEngine) blockedBy(self, other int32, this vm.Value) (vm.Value, bool, error) {
	v, err := e.h.Field(nil, self)
	if err != nil || v != this {
		return 0, false, err
	}
	creature, err := e.h.Field(nil, other)
	if err != nil {
		return 0, false, err
	}
	e.args[0], e.args[1] = creature, TypeCreature
	is, err := e.h.Call(nil, FnIsType, e.args[:2])
	return creature, is != 0, err
}
