package embed

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// This file is the host side of the VM: the functions, event fields and
// names a card's program may call, read and push, and how the machine
// reaches them (Call and Field). Everything the host does not list here,
// its linker reports as missing (library.go).

// ruleCantBePrevented is the one rule of static abilities this host
// applies: "damage that would be dealt by this can't be prevented".
const ruleCantBePrevented = "damage_cant_be_prevented"

// loggedEvents are the event kinds this host logs, which cards may watch.
var loggedEvents = map[string]bool{
	"damage": true, "damage_prevented": true, "counter_put": true, "counter_removed": true,
	"destroy": true, "zone_change": true, "attacks": true, "block": true,
	"life_gained": true, "step_begins": true, "regenerated": true,
}

// hostFunc is a host function: an action of the game or a query.
type hostFunc struct {
	name    string
	arity   int
	returns bool
	// action marks what changes the game: an action cannot run while an
	// event is matched. In a replacement effect's body, an action runs
	// after the event it replaces has happened (CR 615.5), unless atOnce
	// marks it as one that changes that event (prevent,
	// enter_with_counters) or needs the running locals (schedule_delayed).
	action, atOnce bool
	impl           func(g *game, args []vm.Value) (vm.Value, error)
}

// funcs are the host functions, by their linked id.
var funcs = []hostFunc{
	{name: "destroy", arity: 1, action: true, impl: (*game).hDestroy},
	{name: "regenerate", arity: 1, action: true, impl: (*game).hRegenerate},
	{name: "gain_life", arity: 2, action: true, impl: (*game).hGainLife},
	{name: "put_counters", arity: 3, action: true, impl: (*game).hPutCounters},
	{name: "remove_counters", arity: 3, action: true, impl: (*game).hRemoveCounters},
	{name: "prevent", arity: 1, action: true, atOnce: true, impl: (*game).hPrevent},
	{name: "enter_with_counters", arity: 2, action: true, atOnce: true, impl: (*game).hEnterWithCounters},
	{name: "schedule_delayed", arity: 1, action: true, atOnce: true, impl: (*game).hScheduleDelayed},
	{name: "add_mana", arity: 2, action: true, impl: (*game).hAddMana},
	{name: "deal_damage", arity: 3, action: true, impl: (*game).hDealDamage},
	{name: "boost_until_end_of_turn", arity: 3, action: true, impl: (*game).hBoost},
	{name: "is_player", arity: 1, returns: true, impl: (*game).hIsPlayer},
	{name: "toughness", arity: 1, returns: true, impl: (*game).hToughness},
	{name: "power", arity: 1, returns: true, impl: (*game).hPower},
	{name: "is_type", arity: 2, returns: true, impl: (*game).hIsType},
	{name: "x", arity: 0, returns: true, impl: (*game).hX},
}

var funcIndex = func() map[string]int {
	m := map[string]int{}
	for i, f := range funcs {
		m[f.name] = i
	}
	return m
}()

// field is an event field a card may read: "damage.amount".
type field struct {
	name string
	kind string // the event kind it belongs to
	get  func(e *event) vm.Value
}

var fields = []field{
	{"damage.id", "damage", func(e *event) vm.Value { return vm.Value(e.id) }},
	{"damage.source", "damage", func(e *event) vm.Value { return vm.Value(e.source) }},
	{"damage.target", "damage", func(e *event) vm.Value { return e.target }},
	{"damage.amount", "damage", func(e *event) vm.Value { return vm.Value(e.amount) }},
	{"counter_put.object", "counter_put", func(e *event) vm.Value { return vm.Value(e.object) }},
	{"counter_put.kind", "counter_put", func(e *event) vm.Value { return e.counter }},
	{"counter_put.amount", "counter_put", func(e *event) vm.Value { return vm.Value(e.amount) }},
	{"counter_removed.object", "counter_removed", func(e *event) vm.Value { return vm.Value(e.object) }},
	{"counter_removed.kind", "counter_removed", func(e *event) vm.Value { return e.counter }},
	{"counter_removed.amount", "counter_removed", func(e *event) vm.Value { return vm.Value(e.amount) }},
	{"zone_change.object", "zone_change", func(e *event) vm.Value { return vm.Value(e.object) }},
	{"zone_change.from", "zone_change", func(e *event) vm.Value { return e.from }},
	{"zone_change.to", "zone_change", func(e *event) vm.Value { return e.to }},
	{"block.blocker", "block", func(e *event) vm.Value { return vm.Value(e.blocker) }},
	{"block.attacker", "block", func(e *event) vm.Value { return vm.Value(e.attacker) }},
	{"step_begins.step", "step_begins", func(e *event) vm.Value { return e.step }},
	{"destroy.object", "destroy", func(e *event) vm.Value { return vm.Value(e.object) }},
	{"regenerated.id", "regenerated", func(e *event) vm.Value { return vm.Value(e.id) }},
	{"regenerated.object", "regenerated", func(e *event) vm.Value { return vm.Value(e.object) }},
}

var fieldIndex = func() map[string]int {
	m := map[string]int{}
	for i, f := range fields {
		m[f.name] = i
	}
	return m
}()

// Errors of programs that break the calling convention.
var (
	errInMatch = errors.New("an action cannot run while an event is being matched")
	errNoEvent = errors.New("no event is being matched or replaced")
)

// host is the game as the machine's vm.Host.
type host struct{ g *game }

// Call runs host function fn. In a match function actions are errors; in
// a replacement body, actions that are not atOnce wait until the event
// has happened.
func (h host) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	f := &funcs[fn]
	fr := h.g.frame()
	if f.action && fr != nil {
		switch fr.mode {
		case modeMatch:
			return 0, errInMatch
		case modeReplace:
			if !f.atOnce {
				// args aliases the machine's stack: copy it.
				a := append([]vm.Value(nil), args...)
				src, you := fr.locals[vm.LocalThis], fr.locals[vm.LocalYou]
				h.g.deferred = append(h.g.deferred, func() {
					h.g.frames = append(h.g.frames, frame{mode: modeResolve, locals: []vm.Value{src, you, 0}})
					if _, err := f.impl(h.g, a); err != nil {
						h.g.fail(err)
					}
					h.g.frames = h.g.frames[:len(h.g.frames)-1]
				})
				return 0, nil
			}
		}
	}
	return f.impl(h.g, args)
}

// Field reads a field of the event being matched or replaced.
func (h host) Field(_ *vm.Frame, f int32) (vm.Value, error) {
	fr := h.g.frame()
	if fr == nil || fr.ev == nil {
		return 0, errNoEvent
	}
	fd := &fields[f]
	if fd.kind != fr.ev.kind {
		return 0, fmt.Errorf("field %s read on a %s event", fd.name, fr.ev.kind)
	}
	return fd.get(fr.ev), nil
}

// Values: an object is its card's number (1, 2...), a player -1 (you)
// or -2 (the opponent); names are interned (library.go).

func playerValue(p int) vm.Value { return vm.Value(-p - 1) }

func valuePlayer(v vm.Value) (int, bool) { return int(-v - 1), v == -1 || v == -2 }

// object returns the object a value names, if it is one.
func (g *game) valueObject(v vm.Value) *object {
	if v <= 0 || int(v) >= len(g.objects) {
		return nil
	}
	return g.objects[v]
}

// permanent returns the permanent a value names; an action on anything
// else (a player, a card that left the battlefield) does nothing.
func (g *game) permanent(v vm.Value) *object {
	if o := g.valueObject(v); o != nil && o.zone == zoneBattlefield {
		return o
	}
	return nil
}

func (g *game) hDestroy(args []vm.Value) (vm.Value, error) {
	if o := g.permanent(args[0]); o != nil {
		g.propose(event{kind: "destroy", object: o.card})
	}
	return 0, nil
}

func (g *game) hGainLife(args []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(args[0]); ok && args[1] > 0 {
		g.propose(event{kind: "life_gained", player: p, amount: int(args[1])})
	}
	return 0, nil
}

func (g *game) hPutCounters(args []vm.Value) (vm.Value, error) {
	if o := g.permanent(args[0]); o != nil && args[2] > 0 {
		g.propose(event{kind: "counter_put", object: o.card, counter: args[1], amount: int(args[2])})
	}
	return 0, nil
}

func (g *game) hRemoveCounters(args []vm.Value) (vm.Value, error) {
	if o := g.permanent(args[0]); o != nil {
		// Only the counters it has can be removed.
		if n := min(int(args[2]), o.counters[g.lib.names.name(args[1])]); n > 0 {
			g.propose(event{kind: "counter_removed", object: o.card, counter: args[1], amount: n})
		}
	}
	return 0, nil
}

// hPrevent prevents the damage event being replaced, unless a rule says
// it can't be prevented.
func (g *game) hPrevent(args []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.ev == nil || fr.ev.id != int64(args[0]) {
		return 0, errors.New("prevent: this is not the event being replaced")
	}
	if !fr.ev.unpreventable {
		fr.ev.prevented = true
	}
	return 0, nil
}

// hEnterWithCounters gives the permanent entering the counters it enters
// with.
func (g *game) hEnterWithCounters(args []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.ev == nil || fr.ev.kind != "zone_change" {
		return 0, errors.New("enter_with_counters: no permanent is entering")
	}
	if args[1] > 0 {
		fr.ev.enterWith = append(fr.ev.enterWith, counterAmount{args[0], int(args[1])})
	}
	return 0, nil
}

// hScheduleDelayed creates delayed triggered ability n of the running
// card: it keeps the running ability's locals (grown to the delayed
// ability's size), and so its "this".
func (g *game) hScheduleDelayed(args []vm.Value) (vm.Value, error) {
	fr := g.frame()
	n := int(args[0])
	if fr == nil || fr.def == nil || n < 0 || n >= len(fr.def.card.Abilities) || fr.def.card.Abilities[n].Kind != vm.AbilityDelayed {
		return 0, fmt.Errorf("schedule_delayed: no delayed ability %d", n)
	}
	locals := make([]vm.Value, max(int(fr.def.card.Abilities[n].NumLocals), vm.FirstFreeLocal))
	copy(locals, fr.locals)
	g.delayed = append(g.delayed, delayed{def: fr.def, ability: n, locals: locals})
	return 0, nil
}

func (g *game) hAddMana(args []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(args[0])
	if !ok {
		return 0, nil
	}
	amount, err := mana.Produced(g.lib.names.name(args[1]))
	if err != nil {
		return 0, err
	}
	for t, n := range amount {
		g.pool[p][t] += n
	}
	return 0, nil
}

func (g *game) hToughness(args []vm.Value) (vm.Value, error) {
	if o := g.valueObject(args[0]); o != nil {
		_, t := g.pt(o)
		return vm.Value(t), nil
	}
	return 0, nil
}

func (g *game) hPower(args []vm.Value) (vm.Value, error) {
	if o := g.valueObject(args[0]); o != nil {
		p, _ := g.pt(o)
		return vm.Value(p), nil
	}
	return 0, nil
}

// hIsType reports whether an object has a card type; a player has none.
func (g *game) hIsType(args []vm.Value) (vm.Value, error) {
	if o := g.valueObject(args[0]); o != nil {
		for _, t := range o.def.types {
			if t == args[1] {
				return 1, nil
			}
		}
	}
	return 0, nil
}

// hX is the X of the running ability's object: the X it was cast with.
func (g *game) hX(args []vm.Value) (vm.Value, error) {
	if fr := g.frame(); fr != nil {
		if o := g.valueObject(fr.locals[vm.LocalThis]); o != nil {
			return vm.Value(o.x), nil
		}
	}
	return 0, nil
}
