package core

import "github.com/cardc/cardc/vm"

// Simultaneous damage (CR 510.2): all the combat damage of a combat damage
// step is dealt at once. The damage of each source is an event of its own,
// to which each prevention effect applies separately (CR 615.10), but a
// replacement ability that applies to the damage several sources would
// deal to one permanent or player at the same time is applied once: each
// source's damage is modified as the ability says ("prevent that
// damage"), and the rest of its effect happens once, right after all the
// damage is dealt (CR 615.5, 615.13), seeing the damage of all those
// sources together. So Phantom Centaur blocked by two creatures loses one
// counter, and Protean Hydra blocked by a 2/2 and a 3/3 loses five.

// part says which actions of a replacement ability's body run, for a
// replacement applied to simultaneous damage. The zero part runs the
// whole body: the actions that take effect at once now, the others right
// after the event.
type part int8

const (
	// partEach runs only the actions that change the damage event of one
	// source, for each source's damage.
	partEach part = iota + 1
	// partRest runs the rest of the body once, after all the damage.
	partRest
)

// simultaneousGroup is a replacement ability applied to the damage that
// one permanent or player would be dealt at the same time.
type simultaneousGroup struct {
	inst instance
	// event is that damage as one event: the recipient, the total amount
	// the ability saw, the first source.
	event Event
	// prevented is the damage the ability prevented of it (CR 615.5).
	prevented int
}

// simultaneous holds the replacement abilities applied during a
// simultaneous damage event.
type simultaneous struct {
	active bool
	groups []simultaneousGroup
}

// changesEvent reports whether an action changes the event being replaced
// (it takes effect at once and is not the creation of a delayed or
// reflexive triggered ability, which belongs to the rest of the effect).
func changesEvent(fn funcID) bool {
	return funcs[fn].atOnce && fn != fnScheduleDelayed && fn != fnTriggerReflexive
}

// skipsAction reports whether a frame of a replacement body skips an
// action: partEach runs only those that change the event, partRest only
// the others.
func (fr *frame) skipsAction(fn funcID) bool {
	switch fr.part {
	case partEach:
		return !changesEvent(fn)
	case partRest:
		return changesEvent(fn)
	}
	return false
}

// beginSimultaneousDamage begins the damage that is dealt at once.
func (g *Game) beginSimultaneousDamage() {
	g.simultaneous.active = true
	g.simultaneous.groups = g.simultaneous.groups[:0]
}

// replaceSimultaneous applies a replacement ability to the damage of one
// source while damage is dealt at once: the actions that change the event
// happen now, and the rest of the effect is kept for the end, once for
// each ability and recipient (CR 615.5).
func (g *Game) replaceSimultaneous(c *candidate, ev *Event) {
	i := g.simultaneousGroup(c, ev)
	grp := &g.simultaneous.groups[i]
	grp.event.Amount = add(grp.event.Amount, ev.Amount)
	fr := c.frame(modeReplace, ev)
	fr.part, fr.group = partEach, i+1
	g.run(fr, c.ab().Body)
}

// simultaneousGroup finds, or starts, and returns the index of the group of an ability applied to
// the damage a recipient is dealt at once.
func (g *Game) simultaneousGroup(c *candidate, ev *Event) int {
	s := &g.simultaneous
	for i := range s.groups {
		in := &s.groups[i].inst
		if in.source == c.source && in.def == c.def && in.ability == c.ability && s.groups[i].event.Target == ev.Target {
			return i
		}
	}
	in := *c
	if in.locals.more != nil {
		in.locals.more = append([]vm.Value(nil), in.locals.more...)
	}
	s.groups = append(s.groups, simultaneousGroup{inst: in, event: Event{Kind: EvDamage, Source: ev.Source,
		Target: ev.Target, Combat: ev.Combat, Player: NoPlayer, Turn: g.turn}})
	return len(s.groups) - 1
}

// endSimultaneousDamage ends the damage dealt at once: the rest of the
// effect of each replacement ability applied to it happens, once for each
// recipient, in the order they were first applied (CR 615.5).
func (g *Game) endSimultaneousDamage() {
	g.simultaneous.active = false
	groups := g.simultaneous.groups
	for i := range groups {
		in, ev := &groups[i].inst, &groups[i].event
		// The body reads the event's fields as the match function bound
		// them: bind them again, to the damage of all the sources.
		ab := in.ab()
		in.locals.reset(ab.NumLocals, in.source, in.controller)
		if _, err := g.run(in.frame(modeMatch, ev), ab.Match); err != nil {
			continue
		}
		fr := in.frame(modeReplace, ev)
		fr.part, fr.prevented = partRest, groups[i].prevented
		start := len(g.deferred)
		g.run(fr, ab.Body)
		g.runDeferred(start)
	}
	g.simultaneous.groups = groups[:0]
}
