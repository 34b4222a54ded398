package core

import "slices"

// batch gathers the leaves-the-battlefield events of permanents that
// leave at the same time: one batch of state-based actions (CR 704.3), the
// combat damage of one step (CR 510.2), an effect that destroys several
// permanents. The zone changes happen one after the other, but they are
// one event for the triggers that look back in time (CR 603.10a): each
// leaves-the-battlefield ability of each permanent that was on the
// battlefield just before the batch (those that left with the others
// included) triggers on each of them. "Whenever a creature dies" triggers
// for every creature that dies at the same time as its permanent, itself
// included (CR 603.10a, example; 603.6c).
type batch struct {
	// depth counts the batches begun and not ended; they nest, and the
	// outermost one is the batch.
	depth int
	// first is the first ObjectID created during the batch: the objects
	// before it existed just before the batch.
	first ObjectID
	// left are the events of the batch whose triggers wait for its end,
	// copied; the buffer is reused.
	left []Event
	// before is the last-known information of the permanents the batch
	// will move from the battlefield, taken before the first of them
	// moves: each leaves as it existed just before the batch, with what
	// the others gave it (CR 603.10a, 704.3), not as the first ones'
	// leaving left it. The buffer is reused.
	before []snapshot
	// beforeAt is the index in before of each permanent's snapshot, so
	// that a batch of N permanents finds each in constant time.
	beforeAt map[ObjectID]int
	// anchoredLookers are, while the batch ends, the permanents that left
	// in it whose leaves-the-battlefield abilities only watch events about
	// themselves ("when this dies"), with their places among those that
	// left (see endBatch).
	anchoredLookers map[ObjectID]int
	// freeLookers are those whose abilities watch any zone change
	// ("whenever a creature dies"), in the order they left.
	freeLookers []looker
	// entering is set while permanents enter the battlefield at the same
	// time (see enterTogether): the other events of the batch wait in
	// after, and their triggers are checked at its end, once every one of
	// them has entered (CR 603.6a: each sees the others). entering is the
	// first ObjectID of the permanents entering: the effects of objects
	// older than it alone apply to how they enter (CR 614.12).
	entering ObjectID
	after    []Event
}

// snapshot is the last-known information of a permanent, taken before a
// batch.
type snapshot struct {
	id  ObjectID
	lki lki
}

// snapshotBefore records, in the batch begun, how permanents exist just
// before it (CR 603.10a): those it will move from the battlefield.
func (g *Game) snapshotBefore(ids []ObjectID) {
	if g.batch.beforeAt == nil {
		g.batch.beforeAt = make(map[ObjectID]int, len(ids))
	}
	for _, id := range ids {
		if o := g.onBattlefield(id); o != nil {
			if _, ok := g.batch.beforeAt[id]; ok {
				continue // the first snapshot is the one before the batch
			}
			g.batch.beforeAt[id] = len(g.batch.before)
			g.batch.before = append(g.batch.before, snapshot{id, g.lastKnown(o)})
		}
	}
}

// batchSnapshot is the last-known information the batch recorded for a
// permanent before it began, if it did.
func (g *Game) batchSnapshot(id ObjectID) (lki, bool) {
	if i, ok := g.batch.beforeAt[id]; ok {
		return g.batch.before[i].lki, true
	}
	return lki{}, false
}

// beginBatch begins a batch of events that happen at the same time.
func (g *Game) beginBatch() {
	if g.batch.depth == 0 {
		g.batch.first = ObjectID(len(g.objects))
		g.batch.left = g.batch.left[:0]
		g.batch.before = g.batch.before[:0]
		clear(g.batch.beforeAt)
	}
	g.batch.depth++
}

// endBatch ends a batch: the leaves-the-battlefield events it held are
// checked against the triggered abilities of every object that was on
// the battlefield just before it, in the order the events happened
// (CR 603.10a).
func (g *Game) endBatch() {
	g.batch.depth--
	if g.batch.depth > 0 {
		return
	}
	g.findLookers()
	for i := range g.batch.left {
		ev := &g.batch.left[i]
		g.eachWatcher(ev, g.batch.first, func(o *Object) { g.triggersOf(o, ev) })
		g.lookBack(ev)
		g.delayedTriggers(ev)
	}
	for i := range g.batch.after {
		g.checkTriggers(&g.batch.after[i])
	}
	g.batch.left = g.batch.left[:0]
	g.batch.before = g.batch.before[:0]
	clear(g.batch.beforeAt)
	g.batch.after = g.batch.after[:0]
}

// looker is a permanent that left the battlefield in a batch and whose
// leaves-the-battlefield abilities look back at the others (CR 603.10a);
// at is its place among the events of the batch.
type looker struct {
	o  *Object
	at int
}

// findLookers finds, as a batch ends, the permanents that left in it with
// triggered abilities that may trigger on its zone changes: those that
// watch any of them (free) and those that watch only the events about
// themselves (anchored). Those without such abilities, most of a board
// that Planar Cleansing destroys, are not looked at again: ending a batch
// of N zone changes costs N times the number of free lookers, not N².
func (g *Game) findLookers() {
	g.batch.freeLookers = g.batch.freeLookers[:0]
	if g.batch.anchoredLookers == nil {
		g.batch.anchoredLookers = map[ObjectID]int{}
	}
	clear(g.batch.anchoredLookers)
	bit := kindBit(EvZoneChange)
	for j := range g.batch.left {
		o := g.Object(g.batch.left[j].Object)
		if o == nil || !o.left {
			continue
		}
		w := o.def.watches
		if gs := g.granted(o); len(gs) > 0 {
			w = w.or(grantedWatch(gs))
		}
		switch {
		case w.free&bit != 0:
			g.batch.freeLookers = append(g.batch.freeLookers, looker{o, j})
		case w.anchored&bit != 0:
			if _, ok := g.batch.anchoredLookers[o.id]; !ok {
				g.batch.anchoredLookers[o.id] = j
			}
		}
	}
}

// lookBack checks one zone change of a batch against the triggered
// abilities of the permanents that left in it (CR 603.10a), in the order
// they left: each free looker, and the anchored lookers the event's
// anchor fields hold.
func (g *Game) lookBack(ev *Event) {
	var buf [maxAnchors]looker
	anchored := buf[:0]
	if len(g.batch.anchoredLookers) > 0 {
		for _, f := range g.lib.anchorFields[ev.Kind] {
			id, ok := valueObject(ev.field(f))
			if !ok {
				continue
			}
			at, ok := g.batch.anchoredLookers[id]
			if !ok || slices.ContainsFunc(anchored, func(l looker) bool { return l.o.id == id }) {
				continue
			}
			i := len(anchored)
			anchored = append(anchored, looker{g.objects[id], at})
			for ; i > 0 && anchored[i-1].at > at; i-- {
				anchored[i], anchored[i-1] = anchored[i-1], anchored[i]
			}
		}
	}
	free := g.batch.freeLookers
	for len(free) > 0 || len(anchored) > 0 {
		if len(anchored) == 0 || len(free) > 0 && free[0].at < anchored[0].at {
			g.triggersOf(free[0].o, ev)
			free = free[1:]
		} else {
			g.triggersOf(anchored[0].o, ev)
			anchored = anchored[1:]
		}
	}
}

// batched reports whether an event's triggers wait for the end of the
// batch it is part of, and if so keeps a copy of it.
func (g *Game) batched(ev *Event) bool {
	leaving := ev.Kind == EvZoneChange && ev.From == ZoneBattlefield
	if g.batch.depth == 0 || !leaving && g.batch.entering == 0 {
		return false
	}
	e := *ev
	e.enterWith, e.prevented = nil, nil
	if leaving {
		g.batch.left = append(g.batch.left, e)
	} else {
		g.batch.after = append(g.batch.after, e)
	}
	return true
}

// enterTogether puts permanents onto the battlefield at the same time
// (CR 603.6a, 614.12): Replenish's "return all enchantment cards from your
// graveyard to the battlefield". Each zone change goes through the
// replacement effects that apply to it before any of them has entered, so
// that none of those entering applies to another's entering or sees it
// there — Clone entering with a creature can't copy it, Winding
// Constrictor adds no counter to one entering with it, Solemnity does not
// stop the counters one enters with. Then they enter one after the other,
// with their counters, in one batch: the triggers of all those events are
// checked once all have entered, so each entering permanent's abilities
// see the others, and a rule of one of them (Torpor Orb's) applies to the
// others' entering.
func (g *Game) enterTogether(proposed []Event) {
	if len(proposed) == 0 {
		return
	}
	g.beginBatch()
	defer g.endBatch()
	outer := g.batch.entering
	g.batch.entering = ObjectID(len(g.objects))
	defer func() { g.batch.entering = outer }()
	replaced := make([]Event, 0, len(proposed))
	start := -1
	for _, p := range proposed {
		ev, s, ok := g.replace(p)
		if !ok {
			continue
		}
		if start < 0 {
			start = s
		}
		e := *ev
		e.enterWith, e.prevented = slices.Clone(ev.enterWith), nil
		replaced = append(replaced, e)
		g.depth-- // the event is kept here, not in its slot
	}
	for i := range replaced {
		g.perform(&replaced[i])
	}
	if start >= 0 {
		g.runDeferred(start)
	}
}
