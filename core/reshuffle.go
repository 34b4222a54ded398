package core

import "github.com/cardc/cardc/vm"

// Each player shuffles all permanents they own into their library, then
// reveals that many cards, and puts the permanent cards revealed onto the
// battlefield (Warp World, and its rulings' six steps). Each player does
// each step in APNAP order (CR 101.4); what they do at the same time
// happens at the same time.

// hShufflePermanentsAndReveal has each player count the permanents they
// own (tokens too, CR 111.2), shuffle them into their library — they
// leave the battlefield at the same time, and a token ceases to exist
// (CR 111.7) —, then reveal that many cards from the top of it (fewer if
// it has fewer): the cards revealed this way.
func (g *Game) hShufflePermanentsAndReveal([]vm.Value) (vm.Value, error) {
	var counts [2]int
	leaving := make([]ObjectID, 0, len(g.battlefield))
	for _, id := range g.battlefield {
		o := g.objects[id]
		counts[o.owner]++
		leaving = append(leaving, id)
	}
	g.beginBatch()
	g.snapshotBefore(leaving)
	for _, id := range leaving {
		if o := g.onBattlefield(id); o != nil {
			g.propose(Event{Kind: EvZoneChange, Object: id, From: ZoneBattlefield, To: ZoneLibrary, Player: NoPlayer})
		}
	}
	g.endBatch()
	for _, p := range g.apnap() {
		g.propose(Event{Kind: EvShuffle, Player: p})
	}
	for _, p := range g.apnap() {
		for _, id := range g.topCards(p, counts[p]) {
			g.propose(Event{Kind: EvReveal, Player: p, Object: id})
			g.work.revealed = append(g.work.revealed, id)
		}
	}
	return 0, nil
}

// hPutRevealedOntoBattlefield has each player put the artifact, creature
// and land cards revealed this way onto the battlefield, all at the same
// time; then their enchantment cards, all at the same time, each Aura
// attached to what its owner chooses among the permanents already there
// (CR 303.4f; the active player's Auras chosen first) — one that can
// enchant nothing stays; then the rest on the bottom of their library in
// the order they choose.
func (g *Game) hPutRevealedOntoBattlefield([]vm.Value) (vm.Value, error) {
	fr := g.frame()
	source := ObjectID(0)
	if fr != nil {
		source = fr.source
	}
	revealed := func(p PlayerID) []ObjectID {
		var out []ObjectID
		for _, id := range g.work.revealed {
			if o := g.Object(id); o != nil && !o.left && o.zone == ZoneLibrary && o.owner == p {
				out = append(out, id)
			}
		}
		return out
	}
	const first = typeArtifact | typeCreature | typeLand
	var evs []Event
	for _, p := range g.apnap() {
		for _, id := range revealed(p) {
			if g.objects[id].def.types&first != 0 {
				evs = append(evs, Event{Kind: EvZoneChange, Object: id, From: ZoneLibrary, To: ZoneBattlefield, Player: p})
			}
		}
	}
	g.enterTogether(evs)
	evs = evs[:0]
	for _, p := range g.apnap() {
		for _, id := range revealed(p) {
			o := g.objects[id]
			if o.def.types&typeEnchantment == 0 {
				continue
			}
			ev := Event{Kind: EvZoneChange, Object: id, From: ZoneLibrary, To: ZoneBattlefield, Player: p}
			// An Aura's owner chooses what it enchants among the
			// permanents on the battlefield now, not one entering with it.
			if !g.attachEntering(o, &ev) {
				continue // CR 303.4g: it stays in the library
			}
			evs = append(evs, ev)
		}
	}
	g.enterTogether(evs)
	for _, p := range g.apnap() {
		rest := revealed(p)
		// Unscripted, as they were revealed: the first deepest.
		order := g.orderCards(p, source, "bottom", rest)
		for _, id := range order {
			g.toLibrary(g.Object(id), true)
		}
	}
	return 0, nil
}
