package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// objectEffects are the actions of the standard vocabulary that Effect
// performs, by name: each takes one object, and its host function needs
// no running ability (no frame: no "this", no X, no decision of a
// controller).
var objectEffects = map[string]funcID{
	"sacrifice": fnSacrifice, // CR 701.17a
	"tap":       fnTap,       // CR 701.21a
	"untap":     fnUntap,     // CR 701.21b
}

// Effect performs an action of the standard vocabulary on a permanent,
// as the effect of a resolving spell or ability does, through the same
// host function a card's `sacrifice this` calls: "sacrifice" (its
// controller puts it into its owner's graveyard, which is neither
// destruction nor damage, so regeneration and indestructible don't stop
// it, CR 701.17a), "tap" or "untap" (CR 701.21; not for mana, so no mana
// ability is activated). What is not a permanent is left alone, and that
// is no error; an action Effect does not know is one. It returns the
// first failure while the action was carried out (see FailureError).
func (g *Game) Effect(action string, id ObjectID) error {
	fn, ok := objectEffects[action]
	if !ok {
		return fmt.Errorf("the rules core performs no action %q on a permanent as a test step", action)
	}
	if g.over {
		return g.overError()
	}
	g.begin()
	var err error
	if g.onBattlefield(id) != nil {
		_, err = hostImpls[fn](g, []vm.Value{ObjectValue(id)})
	}
	return g.done(err)
}
