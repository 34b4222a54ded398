package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// pendingTrigger is a triggered ability that has triggered and waits to be
// put on the stack (CR 603.3).
type pendingTrigger struct {
	instance
	// event is what triggered it.
	event Event
}

// delayedTrigger is a delayed triggered ability waiting for its event
// (CR 603.7).
type delayedTrigger struct {
	instance
	// kind is the kind of event it waits for.
	kind EventKind
}

// TriggerChoice describes a triggered ability a player puts on the stack,
// for the Decider to order (CR 603.3b).
type TriggerChoice struct {
	Source ObjectID
	Text   string
	// Event is the event that triggered it.
	Event Event
}

// checkTriggers finds the triggered abilities an event triggers: those of
// permanents, those of a permanent the event moved off the battlefield
// (they look back in time, CR 603.10a), and delayed triggers. A permanent
// leaving the battlefield in a batch of simultaneous events is checked at
// the end of the batch instead (see batch).
func (g *Game) checkTriggers(ev *Event) {
	if g.entersWithoutTriggers(ev) {
		return
	}
	g.eachWatcher(ev, 0, func(o *Object) { g.triggersOf(o, ev) })
	if ev.Kind == EvSpellCast {
		g.castTriggers(ev)
	}
	if ev.Kind == EvZoneChange && ev.From == ZoneBattlefield {
		if o := g.Object(ev.Object); o != nil && o.left {
			g.triggersOf(o, ev)
		}
	}
	g.delayedTriggers(ev)
}

// triggersInNewZone checks the "from anywhere" triggered abilities of an
// object that just moved, as the new object it is in the zone it was put
// into (CR 603.6c, 603.10): "When Vigor is put into a graveyard from
// anywhere" triggers from the graveyard, from wherever it came, and only
// if the card has the ability there. Its anchors name the object that
// moved; "this" in its body is the new object.
func (g *Game) triggersInNewZone(ev *Event) {
	n := g.Object(ev.moved)
	if n == nil || n.left || n.zone == ZoneBattlefield || g.abilitiesLost(n) {
		return
	}
	for _, ai := range n.def.byEvent[EvZoneChange] {
		ab := &n.def.Card.Abilities[ai]
		if ab.Kind != vm.AbilityTriggered || ab.Flags&vm.FlagAnywhere == 0 || len(n.def.anchors[ai]) == 0 ||
			!n.def.anchored(ai, ev, ev.Object) {
			continue
		}
		ls := g.matchLocals.reset(ab.NumLocals, ev.Object, n.owner)
		m, err := g.run(frame{mode: modeMatch, event: ev, source: ev.Object, controller: n.owner, def: n.def,
			ability: ai, locals: ls}, ab.Match)
		if err == nil && m > 0 {
			ls[vm.LocalThis] = ObjectValue(n.id)
			g.addPending(&instance{source: n.id, controller: n.owner, def: n.def, ability: ai}, ev, int(m))
		}
	}
}

// entersWithoutTriggers reports whether a permanent entering the
// battlefield causes no ability to trigger (Torpor Orb, CR 603.2): a rule
// of a permanent on the battlefield after the event — the entering one
// included — says so, judging the permanent as it exists there, with
// continuous effects applied (CR 603.6a). Its own abilities, those of
// other permanents and delayed triggered abilities are all stopped;
// replacement effects on how it entered have applied already (CR 614.12).
func (g *Game) entersWithoutTriggers(ev *Event) bool {
	return ev.Kind == EvZoneChange && ev.To == ZoneBattlefield && g.ruleApplies(RuleEnteringDoesntTrigger, ev)
}

// castTriggers finds the "when you cast this spell" abilities of the spell
// just cast: they function on the stack (CR 113.6b, 601.2i), where no
// other triggered ability of the spell does.
func (g *Game) castTriggers(ev *Event) {
	o := g.Object(ev.Object)
	if o == nil || o.left || o.zone != ZoneStack || g.abilitiesLost(o) {
		return
	}
	for _, ai := range o.def.byEvent[EvSpellCast] {
		if o.def.Card.Abilities[ai].Flags&vm.FlagAnywhere != 0 {
			g.triggerOf(o, o.def, ai, ev, false)
		}
	}
}

// delayedTriggers finds the delayed triggered abilities an event
// triggers; one that triggers only once is then gone (CR 603.7b).
func (g *Game) delayedTriggers(ev *Event) {
	for i := 0; i < len(g.delayed); {
		d := &g.delayed[i]
		if d.kind != ev.Kind || !d.def.anchored(d.ability, ev, d.source) {
			i++
			continue
		}
		ab := d.ab()
		g.matchLocals.copyFrom(d.locals.slice(), ab.NumLocals)
		fr := d.frame(modeMatch, ev)
		fr.locals = g.matchLocals.slice()
		n, err := g.run(fr, ab.Match)
		if err != nil || n <= 0 {
			i++
			continue
		}
		if ab.Flags&vm.FlagOnce != 0 {
			n = 1
		}
		g.addPending(&d.instance, ev, int(n))
		if ab.Flags&vm.FlagOnce != 0 {
			g.delayed = append(g.delayed[:i], g.delayed[i+1:]...)
			continue
		}
		i++
	}
}

// triggersOf checks the triggered abilities of one object against an
// event.
func (g *Game) triggersOf(o *Object, ev *Event) {
	if !g.abilitiesLost(o) {
		for _, ai := range o.def.byEvent[ev.Kind] {
			g.triggerOf(o, o.def, ai, ev, false)
		}
	}
	// The triggered abilities effects grant it are its own (CR 613.1f);
	// what they put on the stack is independent of the effect (113.7a).
	for _, gr := range g.granted(o) {
		if abilityEvent(gr.def.Prog, &gr.def.Card.Abilities[gr.ability]) == ev.Kind {
			g.triggerOf(o, gr.def, gr.ability, ev, true)
		}
	}
}

// triggerOf checks one triggered ability of an object, ability ai of def:
// its own, or one granted to it.
func (g *Game) triggerOf(o *Object, def *CardDef, ai int, ev *Event, granted bool) {
	ab := &def.Card.Abilities[ai]
	if ab.Kind != vm.AbilityTriggered || (ab.Flags&vm.FlagGranted != 0) != granted || !def.anchored(ai, ev, o.id) {
		return
	}
	if o.left && ab.Flags&vm.FlagAnywhere != 0 {
		return // CR 603.6c: it does not look back; the new object triggers
	}
	x := 0
	switch {
	case ev.Kind == EvZoneChange && ev.To == ZoneBattlefield && ev.moved == o.id:
		x = o.x // its enters-the-battlefield abilities know X (CR 107.3m)
	case ev.Kind == EvSpellCast && ev.Object == o.id:
		x = o.x // its cast triggers know the X chosen as it was cast (CR 107.3m, 601.2b)
	}
	ls := g.matchLocals.reset(ab.NumLocals, o.id, o.controller)
	n, err := g.run(frame{mode: modeMatch, event: ev, source: o.id, controller: o.controller, def: def,
		ability: ai, locals: ls, x: x}, ab.Match)
	if err == nil && n > 0 {
		g.addPending(&instance{source: o.id, controller: o.controller, def: def, ability: ai, x: x}, ev, int(n))
	}
}

// addPending records that an ability triggered n times (CR 603.2c), with
// the locals its match bound. n is capped at vm.MaxTriggerCount, as every
// host caps it: an event that removes a billion counters is a mistake of
// the test or of a card, not a game.
func (g *Game) addPending(in *instance, ev *Event, n int) {
	source, controller, def, ability, x := in.source, in.controller, in.def, in.ability, in.x
	if n > vm.MaxTriggerCount {
		g.fail(fmt.Errorf("%s: one event (%s) would trigger an ability %d times; the rules core stops at %d",
			def.Name, ev.Kind, n, vm.MaxTriggerCount))
		return
	}
	if g.collect != nil {
		// An automatic payment looks at what a mana ability would add:
		// only the triggered mana abilities matter (CR 605.4a).
		if def.Card.Abilities[ability].Flags&vm.FlagMana != 0 {
			for ; n > 0 && len(*g.collect) < maxPlanTriggers; n-- {
				*g.collect = append(*g.collect, pendingTrigger{
					instance: instance{source: source, controller: controller, def: def, ability: ability, x: x},
					event:    *ev,
				})
				t := &(*g.collect)[len(*g.collect)-1]
				t.event.enterWith, t.event.prevented = nil, nil
				t.locals.copyFrom(g.matchLocals.slice(), def.Card.Abilities[ability].NumLocals)
			}
		}
		return
	}
	if waiting := len(g.stack) + len(g.pending) + len(g.manaTriggers); waiting+n > MaxStackObjects {
		g.stop("%s: its triggered ability would make %d objects on the stack and waiting to go on it, more than %d",
			def.Name, waiting+n, MaxStackObjects)
		return
	}
	queue := &g.pending
	if def.Card.Abilities[ability].Flags&vm.FlagMana != 0 {
		queue = &g.manaTriggers // CR 605.4a: it resolves at once
	}
	for ; n > 0; n-- {
		*queue = append(*queue, pendingTrigger{
			instance: instance{source: source, controller: controller, def: def, ability: ability, x: x, finds: in.finds},
			event:    *ev,
		})
		p := &(*queue)[len(*queue)-1]
		p.event.enterWith, p.event.prevented = nil, nil
		p.locals.copyFrom(g.matchLocals.slice(), def.Card.Abilities[ability].NumLocals)
	}
}

// stackTriggers puts the pending triggered abilities on the stack: the
// active player's first, then the other player's, each player ordering
// their own (CR 603.3b). The Decider gives the order they resolve in.
func (g *Game) stackTriggers() {
	pending := g.pending
	g.pending = nil
	for _, p := range []PlayerID{g.active, Opponent(g.active)} {
		var mine []pendingTrigger
		for _, t := range pending {
			if t.controller == p {
				mine = append(mine, t)
			}
		}
		if len(mine) == 0 {
			continue
		}
		order := identity(len(mine))
		if len(mine) > 1 {
			choices := make([]TriggerChoice, len(mine))
			for i, t := range mine {
				choices[i] = TriggerChoice{Source: t.source, Text: t.ab().Text, Event: t.event}
			}
			order = validOrder(g.decider.OrderTriggers(g, p, choices), len(mine))
			ordered := make([]TriggerChoice, len(order))
			for i, j := range order {
				ordered[i] = choices[j]
			}
			g.decided(Decision{Player: p, Kind: DecisionTriggerOrder, Triggers: ordered})
		}
		// The first to resolve goes on the stack last.
		for i := len(order) - 1; i >= 0; i-- {
			g.pushTrigger(&mine[order[i]])
		}
	}
}

func identity(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

// validOrder returns order if it is a permutation of 0..n-1, else the
// identity.
func validOrder(order []int, n int) []int {
	if len(order) != n {
		return identity(n)
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return identity(n)
		}
		seen[i] = true
	}
	return order
}

// pushTrigger puts a triggered ability on the stack, choosing its targets
// (CR 603.3d); without legal targets, it is removed.
func (g *Game) pushTrigger(t *pendingTrigger) {
	ab := t.ab()
	item := &StackItem{Source: t.source, Controller: t.controller, Def: t.def, Ability: t.ability, X: t.x,
		Locals: append([]vm.Value(nil), t.locals.slice()...), Text: ab.Text, Event: t.event,
		finds: triggerFinds(t.finds, &t.event)}
	// Its modes, its targets and how it divides an amount among them are
	// chosen as it is put on the stack (CR 603.3c, 603.3d, 601.2b-d);
	// without legal targets for a target it must have, it is removed.
	g.chooseModes(item, ab, false)
	if !g.chooseTriggerTargets(item, ab) {
		return
	}
	g.divideTargets(item, ab, false)
	g.stack = append(g.stack, item)
	g.becameTargets(item)
}

func containsValue(vs []vm.Value, v vm.Value) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}
