package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Countering spells (CR 701.5) and spells that can't be countered
// (CR 101.2, 113.6g).

// stackIndex returns the index in the stack of the item whose spell is
// the object id, or -1.
func (g *Game) stackIndex(id ObjectID) int {
	if id == 0 {
		return -1
	}
	for i, s := range g.stack {
		if s.Spell == id {
			return i
		}
	}
	return -1
}

// hCounterSpell counters a spell (CR 701.5a): the countered event, which
// doesn't happen for a spell that can't be countered (CR 101.2) or one
// that is no longer on the stack.
func (g *Game) hCounterSpell(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || o.left || o.zone != ZoneStack || g.stackIndex(o.id) < 0 {
		return 0, nil
	}
	var source ObjectID
	if fr := g.frame(); fr != nil {
		source = fr.source
	}
	g.propose(Event{Kind: EvCountered, Object: o.id, Source: source, Player: o.item.Controller})
	return 0, nil
}

// performCounter reports whether a countered event can happen: the spell
// is still on the stack, and nothing says it can't be countered ("can't"
// wins, CR 101.2).
func (g *Game) performCounter(ev *Event) bool {
	o := g.Object(ev.Object)
	return o != nil && !o.left && o.zone == ZoneStack && g.stackIndex(o.id) >= 0 && !g.cantBeCountered(o)
}

// countered finishes a countered event (CR 701.5a): the spell is removed
// from the stack, so it doesn't resolve, and put into its owner's
// graveyard, as an event of its own which replacement effects may change.
// The player who cast it gets no refund (CR 701.5b).
func (g *Game) countered(ev *Event) {
	if i := g.stackIndex(ev.Object); i >= 0 {
		g.stack = slices.Delete(g.stack, i, i+1)
	}
	g.moveCard(ev.Object, ZoneGraveyard)
}

// cantBeCountered reports whether a spell can't be countered: whether an
// ability of the spell itself says so, which functions on the stack
// (CR 113.6g: `this spell can't be countered`), or the static ability of
// a permanent on the battlefield (CR 611.3). The effect's affected
// function is asked with the spell as candidate.
func (g *Game) cantBeCountered(spell *Object) bool {
	v := ObjectValue(spell.id)
	if !g.abilitiesLost(spell) {
		for _, ai := range spell.def.effects {
			if _, ok := g.effectMatch(spell, ai, fnCantBeCountered, v); ok {
				return true
			}
		}
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		if g.abilitiesLost(o) {
			continue
		}
		for _, ai := range o.def.effects {
			if _, ok := g.effectMatch(o, ai, fnCantBeCountered, v); ok {
				return true
			}
		}
	}
	return false
}

// hCantBeCountered is the effect `this spell can't be countered` as the
// layers apply it: it changes no characteristic (cantBeCountered is what
// reads it), so it does nothing there.
func (g *Game) hCantBeCountered([]vm.Value) (vm.Value, error) { return 0, nil }
