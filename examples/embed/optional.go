package embed

import (
	"fmt"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is what Three Dog, Galaxy News DJ needs: an optional cost
// decided as its ability resolves ("you may pay {2} and sacrifice an Aura
// attached to this"), the reflexive triggered ability that triggers if it
// was paid (CR 603.12), "for each" loops over the permanents a filter
// describes, and tokens that are copies of an Aura, attached without
// targeting (CR 303.4f, 303.4i, 707.2).

// permanentsIn lists the permanents a filter of the running ability
// describes (an objects argument: an index into its Filters), each judged
// with the running locals and the permanent in vm.LocalCandidate.
func (g *game) permanentsIn(f *vm.Frame, filter stdhost.Filter) []*object {
	fn := stdhost.FilterFunc(f, filter)
	var out []*object
	for _, o := range g.battlefield() {
		locals := append([]vm.Value(nil), f.Locals...)
		locals[vm.LocalCandidate] = vm.Value(o.h)
		if g.exec(runOf(f), fn, locals) != 0 {
			out = append(out, o)
		}
	}
	return out
}

// PayOptional asks the controller whether they pay mana and sacrifice a
// permanent they control that the filter describes. They can only if they
// can pay all of it (CR 601.2h): the mana, and a permanent to sacrifice;
// a player who can't is not asked, and declines. If they pay, the run
// remembers the reflexive event that `when you do` triggers on.
func (host) PayOptional(f *vm.Frame, p stdhost.Player, cost stdhost.Name, sacrifice stdhost.Filter) error {
	r := runOf(f)
	g := r.g
	r.paid = nil
	i, ok := p.Index()
	if !ok {
		return nil
	}
	var options []*object
	for _, o := range g.permanentsIn(f, sacrifice) {
		if o.controller == i {
			options = append(options, o)
		}
	}
	can := len(options) > 0 && g.canPay(i, g.word(cost), 0)
	pay, victim := g.d.payOptional(i, g.obj(r.in.src), options, can)
	if !pay || g.pay(i, g.word(cost), 0) != nil {
		return nil
	}
	g.move(victim, zoneGraveyard)
	r.paid = &event{kind: "reflexive", player: i, object: victim.h}
	return nil
}

// TriggerReflexive makes reflexive ability n of the running card trigger,
// once, if the optional cost before it was paid: its Match runs on the
// reflexive event with a copy of the running locals (HOST.md).
func (host) TriggerReflexive(f *vm.Frame, n int64) error {
	r, c := runOf(f), f.Card()
	if n < 0 || int(n) >= len(c.Abilities) {
		return fmt.Errorf("trigger_reflexive: no ability %d", n)
	}
	if r.paid == nil {
		return nil
	}
	in := instance{src: r.in.src, ctrl: r.in.ctrl, def: c, ab: int(n)}
	in.locals = make([]vm.Value, max(int(c.Abilities[n].NumLocals), len(f.Locals)))
	copy(in.locals, f.Locals)
	ev := *r.paid
	r.g.eventID++
	ev.id = stdhost.EventHandle(r.g.eventID)
	if r.g.matches(&in, &ev) > 0 {
		r.g.addPending(in, &ev, 1)
	}
	return nil
}

// EachBegin remembers the permanents a filter describes now, for a `for
// each` loop, and returns the loop's handle.
func (host) EachBegin(f *vm.Frame, filter stdhost.Filter) (int64, error) {
	r := runOf(f)
	var set []stdhost.Object
	for _, o := range r.g.permanentsIn(f, filter) {
		set = append(set, o.h)
	}
	r.loops = append(r.loops, set)
	return int64(len(r.loops) - 1), nil
}

// EachObject is the i-th permanent of a loop, or no object past the last.
func (host) EachObject(f *vm.Frame, loop, i int64) (stdhost.Object, error) {
	r := runOf(f)
	if loop < 0 || int(loop) >= len(r.loops) || i < 0 || int(i) >= len(r.loops[loop]) {
		return 0, nil
	}
	return r.loops[loop][i], nil
}

// CreateTokenCopyAttached creates a token that's a copy of an Aura, as it
// is or last was (its copiable values, not its counters or status, X 0;
// CR 707.2, 707.9), attached to a permanent without targeting it. A token
// that couldn't legally be attached to it isn't created (CR 303.4i).
func (host) CreateTokenCopyAttached(f *vm.Frame, original, to stdhost.Object) error {
	r := runOf(f)
	g := r.g
	orig, host := g.obj(original), g.live(to, zoneBattlefield)
	if orig == nil || host == nil || orig.enchant() < 0 {
		return nil
	}
	c := &card{owner: r.in.ctrl, token: true, printed: orig.def}
	t := g.newObject(c, orig.def, "", r.in.ctrl)
	if !g.canEnchant(t, host) {
		t.gone = true
		return nil
	}
	c.id = len(g.cards)
	g.cards = append(g.cards, c)
	g.propose(event{kind: "zone_change", object: t.h, to: g.name(vm.NameZone, zoneBattlefield), attachTo: host.h, controller: r.in.ctrl})
	return nil
}
