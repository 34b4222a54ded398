package embed

import "github.com/cardc/cardc/vm"

// This file is regeneration (CR 701.15). regenerate(object) does not
// change the permanent at once: it gives it a regeneration shield, a
// replacement effect that waits for the next time the permanent would be
// destroyed this turn. Then, instead, the permanent regenerates: it is
// tapped, all damage is removed from it, and it is removed from combat.
// The destroy event becomes a "regenerated" event, which is logged, and
// which cards may watch. An unused shield ends at the cleanup step.

// hRegenerate gives a permanent a regeneration shield. Each call gives
// one more: two shields save it twice.
func (g *game) hRegenerate(args []vm.Value) (vm.Value, error) {
	if o := g.permanent(args[0]); o != nil {
		g.shields = append(g.shields, o.card)
	}
	return 0, nil
}

// useShield applies a regeneration shield of the permanent a destroy
// event is about, if it has one: the shield is used up, and the event
// becomes its regenerating instead (CR 701.15a). It reports whether it
// did.
func (g *game) useShield(ev *event) bool {
	if ev.kind != "destroy" {
		return false
	}
	for i, c := range g.shields {
		if c == ev.object {
			g.shields = append(g.shields[:i], g.shields[i+1:]...)
			ev.kind = "regenerated"
			return true
		}
	}
	return false
}

// regenerate performs a regeneration: the permanent is tapped, all damage
// is removed from it, and it is removed from combat: it stops attacking,
// blocking and being blocked (CR 506.4). An attacker it blocked stays
// blocked (CR 509.1h), so deals no combat damage unless another creature
// still blocks it.
func (g *game) regenerate(o *object) {
	o.tapped = true
	o.damage = 0
	o.attacking, o.blocked, o.blocking = false, false, 0
}

// dropShields ends the shields of a permanent that leaves the battlefield:
// it would be a new object if it came back (CR 400.7).
func (g *game) dropShields(o *object) {
	kept := g.shields[:0]
	for _, c := range g.shields {
		if c != o.card {
			kept = append(kept, c)
		}
	}
	g.shields = kept
}
