package core

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/vm"
)

// frameMode says what the code being run may do.
type frameMode int8

const (
	// modeMatch runs match and target functions: queries only.
	modeMatch frameMode = iota
	// modeReplace runs the body of a replacement effect: it modifies the
	// event being replaced; its other actions happen right after the event
	// (CR 615.5).
	modeReplace
	// modeResolve runs a resolving spell or ability: actions happen.
	modeResolve
)

// frame is the context of code being run: the event it reads, the object
// and player that "this" and "you" are, and its locals.
type frame struct {
	mode       frameMode
	event      *Event
	source     ObjectID
	controller PlayerID
	def        *CardDef
	ability    int
	locals     []vm.Value
	x          int
}

// maxInlineLocals is how many locals are kept without allocating.
const maxInlineLocals = 16

// locals is a fixed set of locals, kept by value in pending triggers and
// replacement candidates so that matching allocates nothing.
type locals struct {
	v [maxInlineLocals]vm.Value
	// more holds the locals of abilities that need more than
	// maxInlineLocals.
	more []vm.Value
	n    int32
}

// slice returns the locals as a slice of length n.
func (l *locals) slice() []vm.Value {
	if l.more != nil {
		return l.more
	}
	return l.v[:l.n]
}

// reset prepares n locals with this and you set.
func (l *locals) reset(n int32, this ObjectID, you PlayerID) []vm.Value {
	s := l.sized(max(n, vm.FirstFreeLocal))
	s[vm.LocalThis], s[vm.LocalYou] = ObjectValue(this), PlayerValue(you)
	return s
}

// copyFrom copies locals, growing to n.
func (l *locals) copyFrom(src []vm.Value, n int32) {
	copy(l.sized(max(n, int32(len(src)))), src)
}

// sized makes the locals n zeros, in place when they fit.
func (l *locals) sized(n int32) []vm.Value {
	l.n = n
	if n > maxInlineLocals {
		l.more = make([]vm.Value, n)
		return l.more
	}
	l.more = nil
	clear(l.v[:n])
	return l.v[:n]
}

// instance is an ability of an object as it applies to one event: the
// object, its controller, and the locals the ability's match bound. A
// replacement effect about to apply, a triggered ability waiting for the
// stack, and a delayed trigger waiting for its event are instances.
type instance struct {
	source     ObjectID
	controller PlayerID
	def        *CardDef
	ability    int
	locals     locals
	x          int
}

// ab returns the instance's compiled ability.
func (in *instance) ab() *vm.Ability { return &in.def.Card.Abilities[in.ability] }

// frame is the frame to run the instance's code in.
func (in *instance) frame(mode frameMode, ev *Event) frame {
	return frame{mode: mode, event: ev, source: in.source, controller: in.controller, def: in.def,
		ability: in.ability, locals: in.locals.slice(), x: in.x}
}

// run runs a function of a card in a frame.
func (g *Game) run(fr frame, fn int32) (vm.Value, error) {
	g.frames = append(g.frames, fr)
	v, err := g.machine.Run(fr.def.Prog, fn, fr.locals)
	g.frames = g.frames[:len(g.frames)-1]
	if err != nil {
		g.fail(fmt.Errorf("%s: %w", fr.def.Name, err))
	}
	return v, err
}

func (g *Game) frame() *frame {
	if len(g.frames) == 0 {
		return nil
	}
	return &g.frames[len(g.frames)-1]
}

// host is the core as the VM's host.
type host struct{ g *Game }

var (
	errNoEvent  = errors.New("no event is being matched or replaced")
	errInMatch  = errors.New("an action cannot run while an event is being matched")
	errNotEvent = errors.New("this is not the event being replaced")
)

// Call runs a host function for the machine; an action of a replacement
// effect's body is deferred until the event has happened (CR 615.5).
func (h host) Call(fn int32, args []vm.Value) (vm.Value, error) {
	f := &hostFuncs[fn]
	fr := h.g.frame()
	if f.action && fr != nil {
		switch fr.mode {
		case modeMatch:
			return 0, errInMatch
		case modeReplace:
			if !f.modifies {
				h.g.defer1(fn, args, fr)
				return 0, nil
			}
		}
	}
	return f.call(h.g, args)
}

// Field reads a field of the event the running code matches or replaces.
func (h host) Field(f int32) (vm.Value, error) {
	fr := h.g.frame()
	if fr == nil || fr.event == nil {
		return 0, errNoEvent
	}
	fd := &fields[f]
	if fd.kind != fr.event.Kind {
		return 0, fmt.Errorf("field %s read on a %s event", fd.name, fr.event.Kind)
	}
	return fd.get(fr.event), nil
}

// deferredAction is an action of a replacement effect's body, done right
// after the event it replaced (CR 615.5).
type deferredAction struct {
	fn         int32
	args       [4]vm.Value
	nargs      int
	source     ObjectID
	controller PlayerID
	def        *CardDef
}

func (g *Game) defer1(fn int32, args []vm.Value, fr *frame) {
	d := deferredAction{fn: fn, nargs: len(args), source: fr.source, controller: fr.controller, def: fr.def}
	copy(d.args[:], args)
	g.deferred = append(g.deferred, d)
}

// runDeferred does the deferred actions from index start on, then forgets
// them.
func (g *Game) runDeferred(start int) {
	for i := start; i < len(g.deferred); i++ {
		// The arguments stay where they are: nested actions may append to
		// g.deferred, but never change an action already recorded.
		d := &g.deferred[i]
		g.frames = append(g.frames, frame{mode: modeResolve, source: d.source, controller: d.controller, def: d.def})
		_, err := hostFuncs[d.fn].call(g, d.args[:d.nargs])
		g.frames = g.frames[:len(g.frames)-1]
		if err != nil {
			g.fail(err)
		}
	}
	g.deferred = g.deferred[:start]
}

// hostFunc is a function of the vocabulary, as the core implements it.
type hostFunc struct {
	name    string
	arity   int
	returns bool
	action  bool
	// modifies marks the actions that change the event being replaced;
	// they run at once even in a replacement body.
	modifies bool
	call     func(g *Game, args []vm.Value) (vm.Value, error)
}

// hostFuncs are the actions and queries of the stdlib (actions.card). A
// linked SymFunc is an index into it.
var hostFuncs []hostFunc

func init() {
	hostFuncs = []hostFunc{
		action("destroy", 1, (*Game).hDestroy),
		action("gain_life", 2, (*Game).hGainLife),
		action("lose_life", 2, (*Game).hLoseLife),
		action("put_counters", 3, (*Game).hPutCounters),
		action("remove_counters", 3, (*Game).hRemoveCounters),
		action("deal_damage", 3, (*Game).hDealDamage),
		action("boost_until_end_of_turn", 3, (*Game).hBoost),
		modifier("prevent", 1, (*Game).hPrevent),
		modifier("prevent_amount", 2, (*Game).hPreventAmount),
		modifier("enter_with_counters", 2, (*Game).hEnterWithCounters),
		modifier("schedule_delayed", 1, (*Game).hScheduleDelayed),
		query("power", 1, func(g *Game, a []vm.Value) vm.Value { return vm.Value(g.Power(ObjectID(a[0]))) }),
		query("toughness", 1, func(g *Game, a []vm.Value) vm.Value { return vm.Value(g.Toughness(ObjectID(a[0]))) }),
		query("controller", 1, func(g *Game, a []vm.Value) vm.Value { return g.objectPlayer(a[0], false) }),
		query("owner", 1, func(g *Game, a []vm.Value) vm.Value { return g.objectPlayer(a[0], true) }),
		query("counters", 2, func(g *Game, a []vm.Value) vm.Value {
			if o := g.valueObject(a[0]); o != nil {
				return vm.Value(o.Counters(CounterKind(a[1])))
			}
			return 0
		}),
		query("x", 0, func(g *Game, a []vm.Value) vm.Value { return vm.Value(g.frame().x) }),
		query("is_type", 2, g1(func(o *Object, v vm.Value) bool { return o.Def.types&uint16(v) != 0 })),
		query("is_supertype", 2, g1(func(o *Object, v vm.Value) bool { return o.Def.supertypes&uint16(v) != 0 })),
		query("is_subtype", 2, g1(func(o *Object, v vm.Value) bool {
			for _, s := range o.Def.subtypes {
				if s == int32(v) {
					return true
				}
			}
			return false
		})),
		query("has_color", 2, g1(func(o *Object, v vm.Value) bool { return o.Def.colors&uint16(v) != 0 })),
		query("is_player", 1, func(g *Game, a []vm.Value) vm.Value { _, ok := valuePlayer(a[0]); return boolValue(ok) }),
		query("is_permanent", 1, func(g *Game, a []vm.Value) vm.Value {
			id, _ := valueObject(a[0])
			return boolValue(g.onBattlefield(id) != nil)
		}),
		query("is_tapped", 1, g0(func(o *Object) bool { return o.Tapped })),
		query("is_untapped", 1, g0(func(o *Object) bool { return !o.Tapped })),
		query("is_attacking", 1, g0(func(o *Object) bool { return o.Attacking })),
		query("is_blocking", 1, g0(func(o *Object) bool { return o.Blocking != 0 })),
		query("is_blocked", 1, g0(func(o *Object) bool { return o.Blocked })),
		query("is_token", 1, g0(func(o *Object) bool { return o.Token })),
	}
}

func action(name string, arity int, f func(*Game, []vm.Value) error) hostFunc {
	return hostFunc{name: name, arity: arity, action: true,
		call: func(g *Game, a []vm.Value) (vm.Value, error) { return 0, f(g, a) }}
}

func modifier(name string, arity int, f func(*Game, []vm.Value) error) hostFunc {
	h := action(name, arity, f)
	h.modifies = true
	return h
}

func query(name string, arity int, f func(*Game, []vm.Value) vm.Value) hostFunc {
	return hostFunc{name: name, arity: arity, returns: true,
		call: func(g *Game, a []vm.Value) (vm.Value, error) { return f(g, a), nil }}
}

// g0 makes a query of one object argument; anything else is false.
func g0(f func(*Object) bool) func(*Game, []vm.Value) vm.Value {
	return func(g *Game, a []vm.Value) vm.Value {
		if o := g.valueObject(a[0]); o != nil {
			return boolValue(f(o))
		}
		return 0
	}
}

// g1 makes a query of an object and a name.
func g1(f func(*Object, vm.Value) bool) func(*Game, []vm.Value) vm.Value {
	return func(g *Game, a []vm.Value) vm.Value {
		if o := g.valueObject(a[0]); o != nil {
			return boolValue(f(o, a[1]))
		}
		return 0
	}
}

// valueObject returns the object a VM value names, or nil.
func (g *Game) valueObject(v vm.Value) *Object {
	id, ok := valueObject(v)
	if !ok {
		return nil
	}
	return g.Object(id)
}

func (g *Game) objectPlayer(v vm.Value, owner bool) vm.Value {
	o := g.valueObject(v)
	if o == nil {
		return 0
	}
	if owner {
		return PlayerValue(o.Owner)
	}
	return PlayerValue(o.Controller)
}

// ---- actions ----------------------------------------------------------------
//
// An action that cannot be done does nothing (CR 608.2b, 614.6): a
// permanent that is gone cannot be destroyed, no counters go on it.

func (g *Game) hDestroy(a []vm.Value) error {
	if o := g.permanentArg(a[0]); o != nil {
		g.propose(Event{Kind: EvDestroy, Object: o.ID})
	}
	return nil
}

func (g *Game) hGainLife(a []vm.Value) error {
	if p, ok := valuePlayer(a[0]); ok && a[1] > 0 {
		g.propose(Event{Kind: EvLifeGained, Player: p, Amount: qty(a[1])})
	}
	return nil
}

func (g *Game) hLoseLife(a []vm.Value) error {
	if p, ok := valuePlayer(a[0]); ok && a[1] > 0 {
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: qty(a[1])})
	}
	return nil
}

func (g *Game) hPutCounters(a []vm.Value) error {
	if o := g.permanentArg(a[0]); o != nil && a[2] > 0 {
		g.propose(Event{Kind: EvCounterPut, Object: o.ID, Counter: CounterKind(a[1]), Amount: qty(a[2])})
	}
	return nil
}

func (g *Game) hRemoveCounters(a []vm.Value) error {
	if o := g.permanentArg(a[0]); o != nil && a[2] > 0 {
		g.propose(Event{Kind: EvCounterRemoved, Object: o.ID, Counter: CounterKind(a[1]), Amount: qty(a[2])})
	}
	return nil
}

func (g *Game) hDealDamage(a []vm.Value) error {
	src, _ := valueObject(a[0])
	g.DealDamage(src, a[1], qty(a[2]), false)
	return nil
}

func (g *Game) hBoost(a []vm.Value) error {
	if o := g.permanentArg(a[0]); o != nil {
		g.effects = append(g.effects, ptEffect{object: o.ID, power: qty(a[1]), toughness: qty(a[2]), timestamp: g.nextTimestamp()})
	}
	return nil
}

// replacing returns the event a replacement body modifies, if id names it.
func (g *Game) replacing(id vm.Value) (*Event, error) {
	fr := g.frame()
	if fr == nil || fr.mode != modeReplace || fr.event == nil {
		return nil, errNoEvent
	}
	if fr.event.ID != int64(id) {
		return nil, errNotEvent
	}
	return fr.event, nil
}

// hPrevent prevents all the damage of the event (CR 615); damage that
// can't be prevented is not (CR 615.12).
func (g *Game) hPrevent(a []vm.Value) error {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return err
	}
	g.preventDamage(ev, ev.Amount)
	return nil
}

func (g *Game) hPreventAmount(a []vm.Value) error {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return err
	}
	g.preventDamage(ev, min(qty(a[1]), ev.Amount))
	return nil
}

func (g *Game) preventDamage(ev *Event, n int) {
	if ev.Unpreventable || n <= 0 {
		return
	}
	ev.Amount -= n
	ev.prevented = append(ev.prevented, n)
}

// hEnterWithCounters gives the entering permanent counters (CR 614.1c).
func (g *Game) hEnterWithCounters(a []vm.Value) error {
	fr := g.frame()
	if fr == nil || fr.mode != modeReplace || fr.event == nil || fr.event.Kind != EvZoneChange || fr.event.To != ZoneBattlefield {
		return errNoEvent
	}
	if a[1] > 0 {
		fr.event.enterWith = append(fr.event.enterWith, counterCount{CounterKind(a[0]), qty(a[1])})
	}
	return nil
}

// hScheduleDelayed creates a delayed triggered ability of the running
// ability's card (CR 603.7), which sees the running ability's locals. Its
// controller is the running ability's controller (CR 603.7d-f).
func (g *Game) hScheduleDelayed(a []vm.Value) error {
	fr := g.frame()
	if fr == nil || fr.def == nil || a[0] < 0 || int(a[0]) >= len(fr.def.Card.Abilities) {
		return fmt.Errorf("no delayed ability %d", a[0])
	}
	ab := &fr.def.Card.Abilities[a[0]]
	d := delayedTrigger{instance: instance{source: fr.source, controller: fr.controller, def: fr.def, ability: int(a[0]), x: fr.x}}
	d.kind = g.abilityEvent(fr.def, ab)
	d.locals.copyFrom(fr.locals, ab.NumLocals)
	g.delayed = append(g.delayed, d)
	return nil
}

// permanentArg returns the permanent a value names, or nil if it names
// none (it left the battlefield, or it is a player).
func (g *Game) permanentArg(v vm.Value) *Object {
	id, ok := valueObject(v)
	if !ok {
		return nil
	}
	return g.onBattlefield(id)
}

// abilityEvent is the event kind an ability watches.
func (g *Game) abilityEvent(def *CardDef, ab *vm.Ability) EventKind {
	_, name, _ := def.Prog.Program.Symbols[ab.Event].SplitName()
	k, _ := EventKindNamed(name)
	return k
}
