package core

import "github.com/cardc/cardc/vm"

// Regeneration (CR 701.15).

// shield is a regeneration shield: a replacement effect that protects a
// permanent the next time it would be destroyed this turn (CR 701.15a). It
// belongs to the permanent, not to what created it: it stays when the
// Aura that granted the ability which created it leaves (CR 113.7a).
type shield struct {
	id     int64
	object ObjectID
}

// hRegenerate creates a regeneration shield for a permanent.
func (g *Game) hRegenerate(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.shieldID++
		g.shields = append(g.shields, shield{id: g.shieldID, object: o.id})
	}
	return 0, nil
}

// RegenerationShields is the number of regeneration shields of a
// permanent that it can still use this turn (CR 701.15a): those created
// for it and not used, which end at the cleanup step (CR 514.2).
func (g *Game) RegenerationShields(id ObjectID) int {
	n := 0
	for _, s := range g.shields {
		if s.object == id {
			n++
		}
	}
	return n
}

// shieldsFor adds the regeneration shields of the permanent a destroy
// event is about to the replacement effects that apply to it: they take
// part in the choice of CR 616.1 like the others.
func (g *Game) shieldsFor(ev *Event, applied []abilityRef, out []candidate) []candidate {
	o := g.onBattlefield(ev.Object)
	if o == nil || ev.noRegeneration {
		// A permanent that can't be regenerated keeps its shields, which
		// are not applied (CR 701.15c).
		return out
	}
	for _, s := range g.shields {
		if s.object != o.id {
			continue
		}
		used := false
		for _, a := range applied {
			if a.object == o.id && a.ability == -int(s.id) {
				used = true
			}
		}
		if !used {
			out = append(out, candidate{shield: s.id, source: o.id, controller: o.controller, ability: -int(s.id)})
		}
	}
	return out
}

// useShield applies a regeneration shield to a destroy event: the shield
// is used up, and the event becomes the permanent regenerating instead
// (CR 701.15a).
func (g *Game) useShield(id int64, ev *Event) {
	for i, s := range g.shields {
		if s.id == id {
			g.shields = append(g.shields[:i], g.shields[i+1:]...)
			break
		}
	}
	if ev.Kind == EvDestroy {
		ev.Kind = EvRegenerated
	}
}

// regenerate performs a regeneration: instead of being destroyed, the
// permanent is tapped, all damage is removed from it (and the record of
// deathtouch damage, CR 704.5h), and it is removed from combat
// (CR 701.15a). It reports whether the permanent was there to regenerate.
func (g *Game) regenerate(ev *Event) bool {
	o := g.onBattlefield(ev.Object)
	if o == nil {
		return false
	}
	g.tap(o, true)
	o.damage, o.deathtouchDamage = 0, false
	g.removeFromCombat(o)
	return true
}

// endShields ends the regeneration shields that were not used, as the
// cleanup step's "until end of turn" effects end (CR 514.2).
func (g *Game) endShields() { g.shields = g.shields[:0] }
