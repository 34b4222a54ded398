package core

import (
	"slices"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is the intrinsic mana abilities of the basic land types
// (CR 305.6): an object with the land type Plains has "{T}: Add {W}",
// Island "{T}: Add {U}", Swamp "{T}: Add {B}", Mountain "{T}: Add {R}"
// and Forest "{T}: Add {G}", whatever its card says. A rule of the game,
// not of a card: a basic land card states none (its "({T}: Add {G}.)" is
// reminder text), and a land that becomes a Forest by an effect has the
// ability all the same, whether or not the library has a Forest card.

// linkIntrinsic links the intrinsic mana abilities into the library
// (Library.intrinsic), one CardDef for each basic land type: the program
// of stdhost.IntrinsicManaAbilities, the same every engine of the
// vocabulary links. They are not cards of the library, and no name finds
// them.
func (lib *Library) linkIntrinsic() error {
	p := stdhost.IntrinsicManaAbilities()
	if err := vm.Verify(p); err != nil {
		return err
	}
	if err := vm.CheckVocabulary(p, Vocabulary(), linker{lib}); err != nil {
		return err
	}
	linked, err := vm.Link(p, linker{lib})
	if err != nil {
		return err
	}
	for i := range p.Cards {
		d, err := lib.define(&p.Cards[i], linked)
		if err != nil {
			return err
		}
		lib.intrinsic[i] = d
		lib.intrinsicTypes[i] = d.subtypes[0]
	}
	return nil
}

// intrinsicAbilities appends to out the intrinsic mana abilities an object
// has (CR 305.6): one for each basic land type among its subtypes, as
// the effects of layer 4 make them (a land that becomes an Island has
// "{T}: Add {U}", one that is no longer a Plains has no "{T}: Add {W}",
// CR 305.7), in the order of its subtypes. They are abilities of the
// object, which an effect by which it loses all abilities removes
// (layer 6, CR 613.1f).
func (g *Game) intrinsicAbilities(o *Object, out []AbilityRef) []AbilityRef {
	subtypes := g.subtypesOf(o)
	if !slices.ContainsFunc(subtypes, g.lib.isBasicLandType) || g.intrinsicLost(o) {
		return out
	}
	for _, s := range subtypes {
		if i := slices.Index(g.lib.intrinsicTypes[:], s); i >= 0 {
			out = append(out, AbilityRef{g.lib.intrinsic[i], 0})
		}
	}
	return out
}

// isBasicLandType reports whether a subtype is a basic land type
// (CR 305.6).
func (lib *Library) isBasicLandType(s int32) bool {
	return slices.Contains(lib.intrinsicTypes[:], s)
}

// intrinsicLost reports whether a permanent has lost its intrinsic mana
// abilities: an effect made it lose all abilities (layer 6, CR 613.1f).
// An effect that sets its land type removes the abilities of its rules
// text only (CR 305.7), and the new type's intrinsic ability is its own.
func (g *Game) intrinsicLost(o *Object) bool {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return o.lki.noIntrinsic
	case o.zone != ZoneBattlefield || g.index.abilityRemovers == 0:
		return false
	}
	return g.charsOf(o).noIntrinsic
}
