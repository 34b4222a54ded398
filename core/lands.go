package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// Playing lands (CR 305) and lands that enter tapped (CR 614.1c-d).

// PlayLand plays a land card from a player's hand (CR 305.1): a special
// action that doesn't use the stack (CR 116.2a), taken in a main phase of
// the player's own turn while the stack is empty, once each turn
// (CR 305.2). The land is put onto the battlefield under the player's
// control, as any permanent enters: replacement effects on how it enters
// apply (`enters tapped`, CR 614.1d), and abilities trigger on it. A play
// the rules forbid is a *RuleError and changes nothing.
func (g *Game) PlayLand(p PlayerID, card ObjectID) error {
	g.begin()
	return g.done(g.playLand(p, card))
}

func (g *Game) playLand(p PlayerID, card ObjectID) error {
	if g.over {
		return g.overError()
	}
	if err := checkPlayer(p); err != nil {
		return err
	}
	o := g.Object(card)
	if o == nil || o.left || o.zone != ZoneHand || o.owner != p {
		return fmt.Errorf("%s is not in %s's hand", g.objectName(card), playerName(p))
	}
	if o.def.types&typeLand == 0 {
		return fmt.Errorf("%s is no land: it is cast, not played", o.def.Name)
	}
	switch {
	case g.active != p:
		return ruleErrorf("305.3", "%s can't play a land: it isn't their turn", playerName(p))
	case (g.step != StepMain1 && g.step != StepMain2) || len(g.stack) > 0:
		return ruleErrorf("305.1", "%s can be played only in its owner's main phase while the stack is empty, as a special action", o.def.Name)
	case g.landTurn == g.turn && g.landsPlayed >= 1:
		return ruleErrorf("305.2", "%s has already played a land this turn", playerName(p))
	}
	if g.landTurn != g.turn {
		g.landTurn, g.landsPlayed = g.turn, 0
	}
	g.landsPlayed++
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneHand, To: ZoneBattlefield, Player: p})
	g.settle()
	return nil
}

// hEnterTapped has the permanent entering the battlefield enter tapped
// (CR 614.1d: "[This permanent] enters tapped", a replacement effect on
// how it enters, CR 614.12); it is never untapped on the battlefield, so
// nothing that watches permanents becoming tapped triggers.
func (g *Game) hEnterTapped(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	fr.event.enterTapped = true
	return 0, nil
}

// hEnterTappedUnlessControl has the permanent entering the battlefield
// enter tapped unless a player controls a permanent that one of two
// filters describes (the Magic 2010 checklands: "unless you control a
// Swamp or a Mountain", CR 614.1d). It looks at the permanents on the
// battlefield as the permanent enters: one entering at the same time is
// not there yet (CR 614.12; Dragonskull Summit's ruling).
func (g *Game) hEnterTappedUnlessControl(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	p, ok := valuePlayer(a[0])
	ab := &fr.def.Card.Abilities[fr.ability]
	if !ok || !g.controlsAny(fr, ab, p, a[1:3]) {
		fr.event.enterTapped = true
	}
	return 0, nil
}

// controlsAny reports whether a player controls a permanent on the
// battlefield that one of the running ability's filters, by their
// indexes, describes.
func (g *Game) controlsAny(fr *frame, ab *vm.Ability, p PlayerID, filters []vm.Value) bool {
	for _, f := range filters {
		if f < 0 || int(f) >= len(ab.Filters) {
			return false
		}
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		if o.controller != p {
			continue
		}
		for _, f := range filters {
			if g.inFilter(fr, ab.Filters[f], ObjectValue(id)) {
				return true
			}
		}
	}
	return false
}
