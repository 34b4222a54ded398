package embed

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is the host side of the VM: one method for each function of
// the vocabulary this engine implements, named and typed as stdhost.Funcs
// says (Func.Signature), and EventField for the fields of its events.
// stdhost.Bind makes of them the engine's vm.Linker and vm.Host (see
// library.go): it links each symbol, checks arity, result and context,
// converts the values, and hands to Defer the actions of a replacement
// body that take effect after the event. A function this host has no
// method for is what the cards that use it lack.
//
// The methods find their game, the event and the running ability in the
// run's context, which the engine passes to every run (game.exec):
// runOf(f). Handles follow stdhost's scheme: objects are positive, each
// object of a card its own (game.go), players -1 and -2, events from
// stdhost.FirstEvent, names the binding's. A stale handle gets what the
// vocabulary says (stdhost.Func.Stale): an action on an object that left
// its zone does nothing; a query marked last_known reads the object as it
// last was, which this engine keeps.

// host is the engine as the VM's host: its methods are bound once, for
// every game of a library; each call finds its game in the frame.
type host struct{}

// Errors of programs that break the calling convention.
var (
	errNoEvent  = errors.New("no event is being matched or replaced")
	errNotEvent = errors.New("this is not the event being replaced")
)

// EventField reads a field of the event being matched or replaced.
func (host) EventField(f *vm.Frame, fd stdhost.Field) (vm.Value, error) {
	e, info := runOf(f).ev, fd.Info()
	if e == nil {
		return 0, errNoEvent
	}
	if !strings.HasPrefix(info.Symbol, e.kind+".") {
		return 0, fmt.Errorf("field %s read on a %s event", info.Symbol, e.kind)
	}
	switch info.Name {
	case "id":
		return vm.Value(e.id), nil
	case "object":
		if e.moved != 0 { // the new permanent, once it entered
			return vm.Value(e.moved), nil
		}
		return vm.Value(e.object), nil
	case "source":
		return vm.Value(e.source), nil
	case "target":
		return vm.Value(e.target), nil
	case "attacker":
		return vm.Value(e.attacker), nil
	case "blocker":
		return vm.Value(e.blocker), nil
	case "amount":
		return vm.Value(e.amount), nil
	case "kind":
		return vm.Value(e.counter), nil
	case "from":
		return vm.Value(e.from), nil
	case "to":
		return vm.Value(e.to), nil
	case "step":
		return vm.Value(e.step), nil
	case "player":
		return vm.Value(stdhost.PlayerHandle(e.player)), nil
	case "combat":
		return stdhost.Bool(e.combat), nil
	case "tapped":
		return stdhost.Bool(e.tapped), nil
	case "cost":
		return 0, nil // no cost of this engine puts counters
	}
	return 0, fmt.Errorf("field %s is not produced by this engine", info.Symbol)
}

// Defer keeps an action of a replacement body until its event has
// happened (game.propose).
func (host) Defer(d stdhost.Deferred) {
	g := runOf(&d.Frame).g
	g.deferred = append(g.deferred, d)
}

// Destroy proposes the destruction of a permanent (CR 701.8).
func (host) Destroy(f *vm.Frame, o stdhost.Object) error {
	g := runOf(f).g
	if p := g.live(o, zoneBattlefield); p != nil {
		g.propose(event{kind: "destroy", object: p.h})
	}
	return nil
}

// GainLife makes a player gain life (CR 119.3).
func (host) GainLife(f *vm.Frame, p stdhost.Player, n int64) error {
	if i, ok := p.Index(); ok && n > 0 {
		runOf(f).g.propose(event{kind: "life_gained", player: i, amount: int(n)})
	}
	return nil
}

// PutCounters puts counters on a permanent (CR 122.6).
func (host) PutCounters(f *vm.Frame, o stdhost.Object, kind stdhost.Name, n int64) error {
	g := runOf(f).g
	if p := g.live(o, zoneBattlefield); p != nil && n > 0 {
		g.propose(event{kind: "counter_put", object: p.h, counter: kind, amount: int(n)})
	}
	return nil
}

// RemoveCounters removes counters; if the permanent has fewer, it removes
// all it has (perform caps the event).
func (host) RemoveCounters(f *vm.Frame, o stdhost.Object, kind stdhost.Name, n int64) error {
	g := runOf(f).g
	if p := g.live(o, zoneBattlefield); p != nil && n > 0 {
		g.propose(event{kind: "counter_removed", object: p.h, counter: kind, amount: int(n)})
	}
	return nil
}

// Prevent prevents the damage event being replaced, unless a rule says
// it can't be prevented (CR 615.12).
func (host) Prevent(f *vm.Frame, e stdhost.EventID) error {
	ev := runOf(f).ev
	if ev == nil || ev.id != e {
		return errNotEvent
	}
	ev.prevented = ev.prevented || !ev.unpreventable
	return nil
}

// EnterWithCounters gives the permanent entering the counters it enters
// with (CR 614.1c).
func (host) EnterWithCounters(f *vm.Frame, kind stdhost.Name, n int64) error {
	ev := runOf(f).ev
	if ev == nil || ev.kind != "zone_change" {
		return errNotEvent
	}
	if n > 0 {
		ev.enterWith = append(ev.enterWith, counterAmount{kind, int(n)})
	}
	return nil
}

// ScheduleDelayed creates delayed triggered ability n of the running
// card: it keeps the running locals, grown to its size (HOST.md).
func (host) ScheduleDelayed(f *vm.Frame, n int64) error {
	r, c := runOf(f), f.Card()
	if n < 0 || int(n) >= len(c.Abilities) || c.Abilities[n].Kind != vm.AbilityDelayed {
		return fmt.Errorf("schedule_delayed: no delayed ability %d", n)
	}
	locals := make([]vm.Value, max(int(c.Abilities[n].NumLocals), len(f.Locals)))
	copy(locals, f.Locals)
	r.g.delayed = append(r.g.delayed, instance{src: r.in.src, ctrl: r.in.ctrl, def: c, ab: int(n), locals: locals})
	return nil
}

// AddMana adds mana to a player's pool (CR 106.4), through a
// mana_produced event.
func (host) AddMana(f *vm.Frame, p stdhost.Player, m stdhost.Name) error {
	r := runOf(f)
	i, ok := p.Index()
	if !ok {
		return nil
	}
	amount, err := mana.Produced(r.g.word(m))
	if err != nil {
		return err
	}
	if r.simulate != nil {
		for t, n := range amount {
			r.simulate[t] += n
		}
		return nil
	}
	r.g.propose(event{kind: "mana_produced", source: r.in.src, player: i, amount: amount.Total(), mana: amount, tapped: r.tapped})
	return nil
}

// DealDamage makes a source deal damage (CR 120).
func (host) DealDamage(f *vm.Frame, src stdhost.Object, t stdhost.Target, n int64) error {
	if n > 0 {
		runOf(f).g.propose(event{kind: "damage", source: src, target: t, amount: int(n)})
	}
	return nil
}

// BoostUntilEndOfTurn gives a creature +N/+M until end of turn.
func (host) BoostUntilEndOfTurn(f *vm.Frame, o stdhost.Object, p, t int64) error {
	if c := runOf(f).g.live(o, zoneBattlefield); c != nil {
		c.boost[0] += int(p)
		c.boost[1] += int(t)
	}
	return nil
}

// Draw draws cards one at a time, from the top (the newest card) of the
// library; drawing from an empty one loses the game (CR 704.5b).
func (host) Draw(f *vm.Frame, p stdhost.Player, n int64) error {
	g := runOf(f).g
	if i, ok := p.Index(); ok {
		for range n {
			g.draw(i)
		}
	}
	return nil
}

// IsPlayer tells a player from an object.
func (host) IsPlayer(f *vm.Frame, t stdhost.Target) (bool, error) {
	_, ok := stdhost.Player(t).Index()
	return ok, nil
}

// Power and the other queries marked last_known read an object that left
// its zone as it last was; a player is no object: 0, false.
func (host) Power(f *vm.Frame, o stdhost.Object) (int64, error) {
	if c := runOf(f).g.obj(o); c != nil {
		return int64(runOf(f).g.chars(c).power), nil
	}
	return 0, nil
}

// Toughness is an object's toughness, or what it last was.
func (host) Toughness(f *vm.Frame, o stdhost.Object) (int64, error) {
	if c := runOf(f).g.obj(o); c != nil {
		return int64(runOf(f).g.chars(c).toughness), nil
	}
	return 0, nil
}

// IsType reports whether an object has a card type.
func (host) IsType(f *vm.Frame, o stdhost.Object, t stdhost.Name) (bool, error) {
	r := runOf(f)
	c := r.g.obj(o)
	return c != nil && c.is(r.g.word(t)), nil
}

// IsSubtype reports whether an object has a subtype.
func (host) IsSubtype(f *vm.Frame, o stdhost.Object, s stdhost.Name) (bool, error) {
	r := runOf(f)
	c := r.g.obj(o)
	return c != nil && slices.Contains(c.def.Subtypes, r.g.word(s)), nil
}

// IsAttacking reports whether a creature is attacking.
func (host) IsAttacking(f *vm.Frame, o stdhost.Object) (bool, error) {
	c := runOf(f).g.obj(o)
	return c != nil && c.attacking, nil
}

// Controller is an object's controller.
func (host) Controller(f *vm.Frame, o stdhost.Object) (stdhost.Player, error) {
	if c := runOf(f).g.obj(o); c != nil {
		return stdhost.PlayerHandle(c.controller), nil
	}
	return 0, nil
}

// AttachedTo is what an Aura is attached to, or no object.
func (host) AttachedTo(f *vm.Frame, o stdhost.Object) (stdhost.Object, error) {
	if c := runOf(f).g.obj(o); c != nil {
		return c.attachedTo, nil
	}
	return 0, nil
}

// X is the X of the running ability's object: the X its spell was cast
// with, 0 for a token (CR 107.3m, 707.9).
func (host) X(f *vm.Frame) (int64, error) {
	r := runOf(f)
	if o := r.g.obj(r.in.src); o != nil {
		return int64(o.x), nil
	}
	return 0, nil
}
