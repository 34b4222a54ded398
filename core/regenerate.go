package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Regeneration (CR 701.15).

// shield is a regeneration shield: a replacement effect that protects a
// permanent the next time it would be destroyed this turn (CR 701.15a). It
// belongs to the permanent, not to what created it: it stays when the
// Aura that granted the ability which created it leaves (CR 113.7a).
type shield struct {
	id     int64
	object ObjectID
}

// hRegenerate regenerates a permanent (CR 701.15). In the body of a
// replacement effect — a static ability's — on that permanent's
// destruction, it is the replacement itself (CR 701.15b): the destroy
// event becomes the permanent regenerating instead, each time the
// ability applies, unless the permanent can't be regenerated
// (CR 701.15c). Anywhere else it creates a regeneration shield, the
// effect of a resolving spell or ability (CR 701.15a); in the body of a
// replacement effect on another event, the shield is made right after
// that event, as the body's other actions happen (CR 615.5).
func (g *Game) hRegenerate(a []vm.Value) (vm.Value, error) {
	o := g.permanentArg(a[0])
	if o == nil {
		return 0, nil
	}
	if fr := g.frame(); fr != nil && fr.mode == modeReplace {
		if ev := fr.event; ev != nil && ev.Kind == EvDestroy && ev.Object == o.id {
			if !g.cantBeRegenerated(ev, o) {
				ev.Kind = EvRegenerated
			}
			return 0, nil
		}
		g.deferAction((*Game).hRegenerate, a, fr)
		return 0, nil
	}
	g.shieldID++
	g.shields = append(g.shields, shield{id: g.shieldID, object: o.id})
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
	if o == nil || g.cantBeRegenerated(ev, o) {
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

// endShields ends the regeneration shields that were not used, and the
// effects by which permanents can't be regenerated this turn, as the
// cleanup step's "until end of turn" effects end (CR 514.2).
func (g *Game) endShields() {
	g.shields = g.shields[:0]
	g.unregenerable = g.unregenerable[:0]
}

// cantBeRegenerated reports whether no regeneration may replace a destroy
// event of permanent o (CR 701.15c): the effect that destroys it says it
// can't be regenerated (ev.noRegeneration), or an effect of this turn
// says so of the permanent. The rule is here once, for both ways the
// rules core regenerates: the regeneration shields of the permanent
// (CR 701.15a) are not applied, and each stays, unused; a static
// ability's "regenerate" that would replace the destruction
// (CR 701.15b, hRegenerate) does nothing. Indestructible (CR 702.12b)
// and the other replacement effects don't depend on it.
func (g *Game) cantBeRegenerated(ev *Event, o *Object) bool {
	return ev.noRegeneration || slices.Contains(g.unregenerable, o.id)
}

// makeUnregenerable has a permanent on the battlefield be unable to be
// regenerated for the rest of the turn (CR 701.15c, 514.2). The effect is
// on that object: once it leaves the battlefield, the permanent that
// returns is a new object, free of it (CR 400.7).
func (g *Game) makeUnregenerable(o *Object) {
	if !slices.Contains(g.unregenerable, o.id) {
		g.unregenerable = append(g.unregenerable, o.id)
	}
}

// hCantBeRegeneratedThisTurn: a permanent can't be regenerated this turn
// (“Target creature can't be regenerated this turn.”).
func (g *Game) hCantBeRegeneratedThisTurn(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.makeUnregenerable(o)
	}
	return 0, nil
}

// hDealtDamageCantBeRegeneratedThisTurn: each permanent the filter
// describes that the resolving spell or ability dealt damage to can't be
// regenerated this turn (Incinerate's “A creature dealt damage this way
// can't be regenerated this turn.”).
func (g *Game) hDealtDamageCantBeRegeneratedThisTurn(a []vm.Value) (vm.Value, error) {
	fr, fn, ok := g.runningFilter(a[0])
	if !ok {
		return 0, nil
	}
	for _, id := range g.dealtDamageThisWay() {
		if g.inFilter(fr, fn, ObjectValue(id)) {
			g.makeUnregenerable(g.objects[id])
		}
	}
	return 0, nil
}

// dealtDamageThisWay lists the permanents the resolving spell or ability
// has dealt damage to so far and that are still on the battlefield, in
// the order it first dealt them damage: damage dealt, not damage
// prevented (CR 615), whatever its source (the spell itself, or the
// creatures its effect has deal damage).
func (g *Game) dealtDamageThisWay() []ObjectID {
	var out []ObjectID
	for _, id := range g.work.damaged {
		if g.onBattlefield(id) != nil {
			out = append(out, id)
		}
	}
	return out
}

// recordDamageThisWay remembers a permanent the resolving spell or
// ability dealt damage to, for what its effect later says of the
// permanents “dealt damage this way”. Damage dealt while nothing
// resolves (combat damage) is no one's "this way".
func (g *Game) recordDamageThisWay(id ObjectID) {
	if g.work.resolving && !slices.Contains(g.work.damaged, id) {
		g.work.damaged = append(g.work.damaged, id)
	}
}
