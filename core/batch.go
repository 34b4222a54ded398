package core

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
	for _, id := range ids {
		if o := g.onBattlefield(id); o != nil {
			g.batch.before = append(g.batch.before, snapshot{id, g.lastKnown(o)})
		}
	}
}

// batchSnapshot is the last-known information the batch recorded for a
// permanent before it began, if it did.
func (g *Game) batchSnapshot(id ObjectID) (lki, bool) {
	for _, s := range g.batch.before {
		if s.id == id {
			return s.lki, true
		}
	}
	return lki{}, false
}

// beginBatch begins a batch of events that happen at the same time.
func (g *Game) beginBatch() {
	if g.batch.depth == 0 {
		g.batch.first = ObjectID(len(g.objects))
		g.batch.left = g.batch.left[:0]
		g.batch.before = g.batch.before[:0]
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
	for i := range g.batch.left {
		ev := &g.batch.left[i]
		g.eachWatcher(ev, g.batch.first, func(o *Object) { g.triggersOf(o, ev) })
		for j := range g.batch.left {
			if o := g.Object(g.batch.left[j].Object); o != nil && o.left {
				g.triggersOf(o, ev)
			}
		}
		g.delayedTriggers(ev)
	}
	g.batch.left = g.batch.left[:0]
	g.batch.before = g.batch.before[:0]
}

// batched reports whether an event's triggers wait for the end of the
// batch it is part of, and if so keeps a copy of it.
func (g *Game) batched(ev *Event) bool {
	if g.batch.depth == 0 || ev.Kind != EvZoneChange || ev.From != ZoneBattlefield {
		return false
	}
	e := *ev
	e.enterWith, e.prevented = nil, nil
	g.batch.left = append(g.batch.left, e)
	return true
}
