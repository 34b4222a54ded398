package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// stateBasedActions checks the state-based actions of CR 704.5 and
// performs all that apply, as one batch (CR 704.3). It reports whether any
// happened.
func (g *Game) stateBasedActions() bool {
	did := false
	// 704.5a-c: a player with 0 or less life, who drew from an empty
	// library, or with ten or more poison counters loses.
	for _, p := range g.players {
		if p.Lost {
			continue
		}
		var reason EndReason
		switch {
		case p.Life <= 0:
			reason = EndLife
		case p.drewFromEmpty:
			reason = EndEmptyLibrary
		case p.counter(CounterPoison) >= 10:
			reason = EndPoison
		default:
			continue
		}
		if g.cantLose(p.ID) {
			// A player who can't lose doesn't (Platinum Angel, CR 104.3):
			// the check happens, and their attempt to draw from an empty
			// library is one "since the last time state-based actions
			// were checked" no more (CR 704.5b).
			p.drewFromEmpty = false
			continue
		}
		p.lost = reason
		p.Lost = true
		did = true
	}
	if did {
		g.checkGameOver()
		if g.over {
			return true
		}
	}
	type counterFix struct {
		id     ObjectID
		plus   CounterKind
		minus  CounterKind
		amount int
	}
	var (
		toGraveyard []ObjectID
		toDestroy   []ObjectID
		unattached  []ObjectID
		fixes       []counterFix
	)
	for _, id := range g.battlefield {
		o := g.objects[id]
		// 704.5h reads the damage dealt by a source with deathtouch "since
		// the last time state-based actions were checked": this check
		// reads the mark and clears it, so a creature that survives it
		// (indestructible, say) is not destroyed by the same damage at a
		// later check.
		deathtouched := o.deathtouchDamage
		o.deathtouchDamage = false
		if g.isCreature(o) {
			t := g.Toughness(id)
			switch {
			case t <= 0:
				// 704.5f: toughness 0 or less; this is not destruction.
				toGraveyard = append(toGraveyard, id)
			case (o.damage >= t || (o.damage > 0 && deathtouched)) && !g.hasKeyword(o, keywordIndestructible):
				// 704.5g, 704.5h: lethal damage, or damage from a source
				// with deathtouch. A permanent with indestructible
				// ignores them (702.12b), but not 704.5f.
				toDestroy = append(toDestroy, id)
			}
		}
		if g.isType(o, typePlaneswalker) && o.Counters(CounterLoyalty) <= 0 {
			toGraveyard = append(toGraveyard, id) // 704.5i
		}
		if o.def.enchant >= 0 && !g.enchantsLegally(o) {
			// 704.5m: an Aura attached to nothing, to an object that is
			// gone, or to one it can't enchant (CR 303.4c-d).
			toGraveyard = append(toGraveyard, id)
		}
		if g.illegallyEquipping(o) {
			// 704.5n: an Equipment attached to an illegal permanent, or
			// to one that is gone, becomes unattached (CR 301.5c,
			// 702.16d).
			unattached = append(unattached, id)
		}
		// 704.5q: +1/+1 and -1/-1 counters annihilate in pairs.
		if n := min(o.Counters(CounterPlus1Plus1), o.Counters(CounterMinus1Minus1)); n > 0 {
			fixes = append(fixes, counterFix{id, CounterPlus1Plus1, CounterMinus1Minus1, n})
		}
	}
	toGraveyard = append(toGraveyard, g.legendRule()...)
	// All of them happen at once, as one event (704.3): the
	// leaves-the-battlefield abilities of each see all of them
	// (603.10a).
	g.beginBatch()
	defer g.endBatch()
	g.snapshotBefore(toGraveyard)
	g.snapshotBefore(toDestroy)
	for _, id := range unattached {
		g.unattach(g.objects[id])
	}
	for _, id := range toGraveyard {
		g.propose(Event{Kind: EvZoneChange, Object: id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	}
	for _, id := range toDestroy {
		g.propose(Event{Kind: EvDestroy, Object: id})
	}
	for _, f := range fixes {
		g.propose(Event{Kind: EvCounterRemoved, Object: f.id, Counter: f.plus, Amount: f.amount})
		g.propose(Event{Kind: EvCounterRemoved, Object: f.id, Counter: f.minus, Amount: f.amount})
	}
	return did || len(toGraveyard) > 0 || len(toDestroy) > 0 || len(unattached) > 0 || len(fixes) > 0
}

// enchantsLegally reports whether an Aura is attached to a permanent its
// enchant ability allows, other than itself (CR 303.4c-d).
func (g *Game) enchantsLegally(o *Object) bool {
	t := g.onBattlefield(o.attachedTo)
	if t == nil || t.id == o.id || g.protectionRemoves(t, o) {
		// A permanent with protection can't be enchanted by an Aura with
		// the quality (CR 702.16c).
		return false
	}
	ab := o.ability(o.def.enchant)
	ls := g.matchLocals.reset(ab.NumLocals, o.id, o.controller)
	ls[vm.LocalCandidate] = ObjectValue(t.id)
	n, err := g.run(frame{mode: modeMatch, source: o.id, controller: o.controller, def: o.def, ability: o.def.enchant,
		locals: ls}, ab.Targets[0].Filter)
	return err == nil && n != 0
}

// checkGameOver ends the game when at most one player is left (CR 104.2):
// when none is, it is a draw (CR 104.4a).
func (g *Game) checkGameOver() {
	left := NoPlayer
	n := 0
	for _, p := range g.players {
		if !p.Lost {
			left = p.ID
			n++
		}
	}
	switch {
	case n == 1:
		g.endGame(left, EndNone, "")
	case n == 0:
		g.endGame(NoPlayer, EndAllLost, "")
	}
}

// legendRule is the legend rule (CR 704.5j): a player who controls two or
// more legendary permanents with exactly the same name chooses one of
// them, and the others go to their owners' graveyards. Legendary
// permanents with other names, such as Mikaeus, the Unhallowed and
// Mikaeus, the Lunarch, are not affected.
func (g *Game) legendRule() []ObjectID {
	var out []ObjectID
	for i, id := range g.battlefield {
		o := g.objects[id]
		if !g.sameLegend(o, o) || slices.ContainsFunc(g.battlefield[:i], func(p ObjectID) bool { return g.sameLegend(g.objects[p], o) }) {
			continue // not legendary, or its group was seen
		}
		group := []ObjectID{id}
		for _, next := range g.battlefield[i+1:] {
			if g.sameLegend(g.objects[next], o) {
				group = append(group, next)
			}
		}
		if len(group) < 2 {
			continue
		}
		keep := g.decider.ChooseObject(g, o.controller, "the legendary permanent named "+o.def.Name+" to keep", slices.Clone(group))
		if !slices.Contains(group, keep) {
			keep = group[0]
		}
		g.decided(Decision{Player: o.controller, Kind: DecisionLegend, Target: ObjectValue(keep)})
		for _, x := range group {
			if x != keep {
				out = append(out, x)
			}
		}
	}
	return out
}

// sameLegend reports whether a permanent is legendary and has the
// controller and the name of legendary permanent o (CR 704.5j).
func (g *Game) sameLegend(p, o *Object) bool {
	return p.def.supertypes&supertypeLegendary != 0 && o.def.supertypes&supertypeLegendary != 0 &&
		p.controller == o.controller && p.def.Name == o.def.Name
}
