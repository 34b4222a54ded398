package core

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"sync/atomic"
)

// The ability index: which permanents to look at for an event.
//
// Every event asks the permanents about it: their static abilities that
// apply a rule (ruleApplies), their replacement and prevention effects
// (replacementsFor) and their triggered abilities (checkTriggers). Rather
// than walk the battlefield, the pipeline walks the index: for each event
// kind, the permanents with an ability watching it, their own or granted
// by a continuous effect (layer 6, CR 613.1f). An ability anchored to its
// own object ("damage to this", see vm.Ability.Anchors) can only match an
// event that holds that object in one of its anchor fields, so such a
// permanent is not listed: the event's anchor fields name it. The cost of
// an event is then that of the abilities that may match it, whatever the
// size of the board.
//
// The permanents are visited in battlefield order (oldest first, which is
// ascending object ID: an object entering is a new object, CR 400.7), the
// order the choices of the players and the event log depend on.
//
// The index follows the battlefield: a permanent is added as it enters
// (addToZone) and removed as it leaves (removeFromZone), with the
// abilities of its card (a copy's are the card it copies, CR 707.2); the
// abilities continuous effects grant are read each time the
// characteristics are computed (refresh), which every walk of the index
// brings up to date first (syncIndex). Under `go test`, every action of a
// game ends by checking the index against one built from scratch
// (verifyIndex), so a stale index fails the tests.

// kindMask is a set of event kinds.
type kindMask uint32

// An event kind must fit in a kindMask.
var _ = [32 - numEventKinds]struct{}{}

func kindBit(k EventKind) kindMask { return 1 << uint(k) }

// watch is the event kinds abilities watch: free abilities, which any
// event of the kind may match, and anchored ones, which only an event
// holding their object in an anchor field may match.
type watch struct {
	free, anchored kindMask
}

// or is the union of two watches.
func (w watch) or(v watch) watch { return watch{w.free | v.free, w.anchored | v.anchored} }

// abilityIndex lists the permanents whose abilities watch each event kind.
type abilityIndex struct {
	// free lists, for each event kind, the permanents with a free
	// ability watching it, in ascending ID (battlefield) order.
	free [numEventKinds][]ObjectID
	// own and granted are, by object ID, what the permanent's own
	// abilities watch and what the abilities effects grant it watch; zero
	// off the battlefield.
	own, granted []watch
	// grantedObjects counts the permanents with a non-zero granted.
	grantedObjects int
	// staticSources counts the permanents whose card has abilities that
	// create continuous effects: while there is none, and no resolved
	// effect lasts, characteristics are each permanent's own (see
	// charsOf).
	staticSources int
	// abilityRemovers counts those of them with an effect by which objects
	// lose all abilities: while there is none, no object has lost them
	// (see abilitiesLost).
	abilityRemovers int
	// activationStoppers counts those with an effect that forbids
	// activating abilities: while there is none, every ability may be
	// (see activationForbidden).
	activationStoppers int
	// colorChangers counts those with an effect of layer 5: while there
	// is none, every permanent has its card's colors (see colorsOf).
	colorChangers int
	// typeChangers counts those with an effect of layer 4: while there is
	// none, every permanent has its card's types (see typesOf).
	typeChangers int
	// elsewhereColorers counts those with an effect of layer 5 that may
	// affect objects outside the battlefield: while there is none, every
	// card there has its card's colors (see colorsOf).
	elsewhereColorers int
	// counterSighted counts those of them whose effects may read
	// counters (see CardDef.counterBlind).
	counterSighted int
	// volatileSources counts those whose effects read what changes with
	// events after which the characteristics are kept (see
	// CardDef.volatile): while there is one, every event makes them
	// computed again.
	volatileSources int
	// version changes whenever a list of free changes, so that a walk
	// finds its place again.
	version uint64
}

// indexChecks holds whether checkIndex is on for new games: 0 while
// undecided, then checksOff or checksOn.
var indexChecks atomic.Int32

const (
	checksOff int32 = 1 + iota
	checksOn
)

// indexChecksOn says whether new games check their index. Until
// SetIndexChecks is called, it is on in a test binary: one whose flags
// include the testing package's -test.v (registered before any test runs).
// Asking the flag set, rather than testing.Testing, keeps the testing
// package, and its start-up, out of every program that embeds the core.
func indexChecksOn() bool {
	v := indexChecks.Load()
	if v == 0 {
		v = checksOff
		if flag.Lookup("test.v") != nil {
			v = checksOn
		}
		indexChecks.CompareAndSwap(0, v)
		v = indexChecks.Load()
	}
	return v == checksOn
}

// SetIndexChecks turns on or off, for the games created from now on, the
// check after every action of a game that its ability index, its index of
// cards and the characteristics it keeps equal those built from scratch (a
// check that costs a computation of the whole board per action). It is on
// under `go test`, off otherwise; a benchmark turns it off. It returns the
// setting it replaced.
func SetIndexChecks(on bool) bool {
	was := indexChecksOn()
	v := checksOff
	if on {
		v = checksOn
	}
	indexChecks.Store(v)
	return was
}

// grow makes room for object id in the index.
func (x *abilityIndex) grow(id ObjectID) {
	if n := int(id) + 1; len(x.own) < n {
		// Room for the objects created since, which are many in a
		// game that begins with its libraries, at once.
		x.own = append(x.own, make([]watch, n-len(x.own))...)
		x.granted = append(x.granted, make([]watch, n-len(x.granted))...)
	}
}

// insert adds a permanent to the lists of the kinds in m.
func (x *abilityIndex) insert(id ObjectID, m kindMask) {
	for k := EventKind(0); m != 0; k++ {
		if m&kindBit(k) == 0 {
			continue
		}
		m &^= kindBit(k)
		l := x.free[k]
		if n := len(l); n == 0 || l[n-1] < id {
			x.free[k] = append(l, id) // the common case: it is the newest
		} else if i, found := slices.BinarySearch(l, id); !found {
			x.free[k] = slices.Insert(l, i, id)
		}
	}
	x.version++
}

// remove takes a permanent out of the lists of the kinds in m.
func (x *abilityIndex) remove(id ObjectID, m kindMask) {
	for k := EventKind(0); m != 0; k++ {
		if m&kindBit(k) == 0 {
			continue
		}
		m &^= kindBit(k)
		if i, found := slices.BinarySearch(x.free[k], id); found {
			x.free[k] = slices.Delete(x.free[k], i, i+1)
		}
	}
	x.version++
}

// indexEnter adds a permanent that entered the battlefield to the index.
func (g *Game) indexEnter(o *Object) {
	x := &g.index
	x.grow(o.id)
	x.own[o.id] = o.def.watches
	x.insert(o.id, o.def.watches.free)
	if len(o.def.effects) > 0 {
		x.staticSources++
		if !o.def.counterBlind {
			x.counterSighted++
		}
		if o.def.volatile {
			x.volatileSources++
		}
	}
	if o.def.removesAbilities {
		x.abilityRemovers++
	}
	if o.def.stopsActivation {
		x.activationStoppers++
	}
	if o.def.changesColors {
		x.colorChangers++
	}
	if o.def.changesTypes {
		x.typeChangers++
	}
	if o.def.colorsAnywhere {
		x.elsewhereColorers++
	}
	g.controlled = g.controlled || o.def.controls
}

// indexLeave removes a permanent leaving the battlefield from the index.
func (g *Game) indexLeave(o *Object) {
	x := &g.index
	if int(o.id) >= len(x.own) {
		return
	}
	x.remove(o.id, x.own[o.id].free|x.granted[o.id].free)
	if x.granted[o.id] != (watch{}) {
		x.grantedObjects--
	}
	x.own[o.id], x.granted[o.id] = watch{}, watch{}
	if len(o.def.effects) > 0 {
		x.staticSources--
		if !o.def.counterBlind {
			x.counterSighted--
		}
		if o.def.volatile {
			x.volatileSources--
		}
	}
	if o.def.removesAbilities {
		x.abilityRemovers--
	}
	if o.def.stopsActivation {
		x.activationStoppers--
	}
	if o.def.changesColors {
		x.colorChangers--
	}
	if o.def.changesTypes {
		x.typeChangers--
	}
	if o.def.colorsAnywhere {
		x.elsewhereColorers--
	}
}

// setGranted records what the abilities granted to a permanent watch.
func (g *Game) setGranted(id ObjectID, w watch) {
	x := &g.index
	x.grow(id)
	old := x.granted[id]
	if old == w {
		return
	}
	own := x.own[id].free
	if gone := old.free &^ w.free &^ own; gone != 0 {
		x.remove(id, gone)
	}
	if added := w.free &^ old.free &^ own; added != 0 {
		x.insert(id, added)
	}
	switch {
	case old == watch{}:
		x.grantedObjects++
	case w == watch{}:
		x.grantedObjects--
	}
	x.granted[id] = w
}

// grantedWatch is what a list of granted abilities watches.
func grantedWatch(gs []grant) watch {
	var w watch
	for _, gr := range gs {
		w = w.or(gr.def.abilityWatch(gr.ability))
	}
	return w
}

// effectFree reports whether no continuous effect applies: no permanent
// has an ability that creates one, and no resolved effect lasts. Then the
// characteristics of each permanent are its card's and its counters', and
// no ability is granted.
func (g *Game) effectFree() bool { return g.index.staticSources == 0 && len(g.effects) == 0 }

// syncIndex brings the granted abilities of the index up to date, before
// a walk: it computes the characteristics if they are not (refresh
// records what they grant), or, without continuous effects, forgets the
// abilities that were granted.
func (g *Game) syncIndex() {
	if !g.effectFree() {
		g.refresh()
		return
	}
	g.forgetGranted()
}

// forgetGranted clears the granted abilities of the index, when no
// continuous effect applies any more.
func (g *Game) forgetGranted() {
	if g.index.grantedObjects == 0 {
		return
	}
	for _, id := range g.battlefield {
		g.setGranted(id, watch{})
	}
}

// indexGranted records what refresh computed that effects grant.
func (g *Game) indexGranted() {
	if g.index.grantedObjects == 0 {
		// The common case: nothing was granted; find out whether
		// something is now without looking at every permanent's grants
		// twice.
		for _, id := range g.battlefield {
			if gs := g.chars[id].granted; len(gs) > 0 {
				g.setGranted(id, grantedWatch(gs))
			}
		}
		return
	}
	for _, id := range g.battlefield {
		g.setGranted(id, grantedWatch(g.chars[id].granted))
	}
}

// maxAnchors bounds the anchor fields of one event kind.
const maxAnchors = 8

// eachWatcher calls visit for each permanent that may have an ability
// (its own or granted) that matches an event, in battlefield order, up to
// the permanents older than below (or all, if below is 0). A permanent
// not visited has no ability that can match the event: none watches its
// kind, or its anchored ones are anchored to it and the event does not
// hold it. visit may compute the characteristics again (a match function
// reading a power): the walk finds its place if the index changes.
func (g *Game) eachWatcher(ev *Event, below ObjectID, visit func(o *Object)) {
	g.syncIndex()
	x := &g.index
	k := ev.Kind
	bit := kindBit(k)
	// The permanents the anchor fields of the event hold, whose anchored
	// abilities watch its kind, sorted; those with free ones are listed.
	var anchoredBuf [maxAnchors]ObjectID
	anchored := anchoredBuf[:0]
	for _, f := range g.lib.anchorFields[k] {
		id, ok := valueObject(ev.field(f))
		if !ok || int(id) >= len(x.own) || len(anchored) == maxAnchors {
			continue
		}
		w := x.own[id].or(x.granted[id])
		if w.anchored&bit == 0 || w.free&bit != 0 || slices.Contains(anchored, id) {
			continue
		}
		i := len(anchored)
		anchored = append(anchored, id)
		for ; i > 0 && anchored[i-1] > id; i-- {
			anchored[i], anchored[i-1] = anchored[i-1], anchored[i]
		}
	}
	i, j := 0, 0
	for {
		free := x.free[k]
		var id ObjectID
		switch {
		case i < len(free) && (j == len(anchored) || free[i] < anchored[j]):
			id = free[i]
			i++
		case j < len(anchored):
			id = anchored[j]
			j++
		default:
			return
		}
		if below != 0 && id >= below {
			return
		}
		version := x.version
		visit(g.objects[id])
		if x.version != version {
			free = x.free[k]
			i = sort.Search(len(free), func(n int) bool { return free[n] > id })
		}
	}
}

// verifyIndex reports whether the ability index is what a walk of the
// battlefield would build, once brought up to date; and that the
// battlefield is in ascending ID order, which the walks rely on.
func (g *Game) verifyIndex() error {
	g.syncIndex()
	var want abilityIndex
	effectFree := g.effectFree()
	for i, id := range g.battlefield {
		if i > 0 && g.battlefield[i-1] >= id {
			return fmt.Errorf("ability index: the battlefield is out of order at %d: %v", i, g.battlefield)
		}
		o := g.objects[id]
		want.grow(id)
		want.own[id] = o.def.watches
		if !effectFree {
			want.granted[id] = grantedWatch(g.chars[id].granted)
		}
		w := want.own[id].or(want.granted[id])
		for k := EventKind(0); k < numEventKinds; k++ {
			if w.free&kindBit(k) != 0 {
				want.free[k] = append(want.free[k], id)
			}
		}
		if want.granted[id] != (watch{}) {
			want.grantedObjects++
		}
		if len(o.def.effects) > 0 {
			want.staticSources++
			if !o.def.counterBlind {
				want.counterSighted++
			}
			if o.def.volatile {
				want.volatileSources++
			}
		}
		if o.def.removesAbilities {
			want.abilityRemovers++
		}
		if o.def.stopsActivation {
			want.activationStoppers++
		}
		if o.def.changesColors {
			want.colorChangers++
		}
		if o.def.changesTypes {
			want.typeChangers++
		}
		if o.def.colorsAnywhere {
			want.elsewhereColorers++
		}
	}
	x := &g.index
	for k := EventKind(0); k < numEventKinds; k++ {
		if !slices.Equal(x.free[k], want.free[k]) {
			return fmt.Errorf("ability index: %s is watched by %v, not %v", k, x.free[k], want.free[k])
		}
	}
	for id := range x.own {
		var own, granted watch
		if id < len(want.own) {
			own, granted = want.own[id], want.granted[id]
		}
		if x.own[id] != own || x.granted[id] != granted {
			return fmt.Errorf("ability index: object %d watches %+v and %+v granted, not %+v and %+v",
				id, x.own[id], x.granted[id], own, granted)
		}
	}
	if x.elsewhereColorers != want.elsewhereColorers {
		return fmt.Errorf("ability index: %d permanents change colors outside the battlefield, not %d", x.elsewhereColorers, want.elsewhereColorers)
	}
	if x.activationStoppers != want.activationStoppers {
		return fmt.Errorf("ability index: %d permanents forbid activating abilities, not %d", x.activationStoppers, want.activationStoppers)
	}
	if x.abilityRemovers != want.abilityRemovers || x.colorChangers != want.colorChangers || x.typeChangers != want.typeChangers {
		return fmt.Errorf("ability index: %d permanents remove abilities, %d change colors and %d types, not %d, %d and %d",
			x.abilityRemovers, x.colorChangers, x.typeChangers, want.abilityRemovers, want.colorChangers, want.typeChangers)
	}
	if x.grantedObjects != want.grantedObjects || x.staticSources != want.staticSources || x.counterSighted != want.counterSighted ||
		x.volatileSources != want.volatileSources {
		return fmt.Errorf("ability index: counts %d granted, %d static, %d reading counters and %d volatile, not %d, %d, %d and %d",
			x.grantedObjects, x.staticSources, x.counterSighted, x.volatileSources,
			want.grantedObjects, want.staticSources, want.counterSighted, want.volatileSources)
	}
	if err := g.verifyChars(); err != nil {
		return err
	}
	// And the index of cards: CurrentObject finds the object a card is
	// by its newest object, which must be the only one not to have left.
	for _, o := range g.objects[1:] {
		if !o.left && g.current[o.card] != o.id {
			return fmt.Errorf("card index: card %d is object %d, not %d", o.card, o.id, g.current[o.card])
		}
	}
	return nil
}

// verifyChars reports whether the characteristics the game keeps are
// those computed from scratch now: if they are up to date (refreshOne may
// have computed some of them alone), every permanent's against refresh's
// computation of the whole board; without continuous effects, those
// ownChars kept against its computation. A change that an invalidation
// missed (something a characteristic depends on changed, and they were
// kept) fails here, after the action that made it.
func (g *Game) verifyChars() error {
	if g.effectFree() {
		for _, id := range g.battlefield {
			if int(id) >= len(g.charsStamps) || g.charsStamps[id] != g.charsEpoch {
				continue
			}
			var c chars
			o := g.objects[id]
			g.baseChars(o, &c)
			g.counterChars(o, &c)
			if err := sameChars(g.objectName(id), &g.chars[id], &c); err != nil {
				return err
			}
		}
		return nil
	}
	if !g.charsValid {
		return nil
	}
	kept := make([]chars, len(g.battlefield))
	for i, id := range g.battlefield {
		c := g.chars[id]
		c.keywords, c.granted, c.rules = c.keywords.clone(), slices.Clone(c.granted), c.rules.clone()
		c.subtypes, c.subtypeBuf = slices.Clone(c.subtypes), nil
		kept[i] = c
	}
	g.invalidate()
	g.refresh()
	for i, id := range g.battlefield {
		if err := sameChars(g.objectName(id), &kept[i], &g.chars[id]); err != nil {
			return err
		}
	}
	return nil
}

// sameChars reports whether the characteristics kept of a permanent are
// those computed.
func sameChars(name string, k, c *chars) error {
	if k.controller != c.controller || k.colors != c.colors || k.types != c.types ||
		k.power != c.power || k.toughness != c.toughness || !k.keywords.equal(&c.keywords) ||
		k.cantAttack != c.cantAttack || k.cantBlock != c.cantBlock || k.noAbilities != c.noAbilities || k.noIntrinsic != c.noIntrinsic ||
		!slices.Equal(k.granted, c.granted) || !k.rules.equal(&c.rules) || !slices.Equal(k.subtypes, c.subtypes) {
		return fmt.Errorf("characteristics of %s: %+v were kept, %+v computed: something they depend on changed, and they were not computed again",
			name, *k, *c)
	}
	return nil
}
