package core

import (
	"github.com/cardc/cardc/vm"
)

// Playing lands (CR 305) and lands that enter tapped (CR 614.1c-d).

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
