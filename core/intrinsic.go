package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// This file is the intrinsic mana abilities of the basic land types
// (CR 305.6): an object with the land type Plains has "{T}: Add {W}",
// Island "{T}: Add {U}", Swamp "{T}: Add {B}", Mountain "{T}: Add {R}"
// and Forest "{T}: Add {G}", whatever its card says. A rule of the game,
// not of a card: a basic land card states none (its "({T}: Add {G}.)" is
// reminder text), and a land that becomes a Forest by an effect has the
// ability all the same, whether or not the library has a Forest card.

// basicLandMana are the mana symbols of the intrinsic mana ability of each
// basic land type, in the order of basicLandTypes.
var basicLandMana = [len(basicLandTypes)]string{"{W}", "{U}", "{B}", "{R}", "{G}"}

// intrinsicProgram is the program of the intrinsic mana abilities: one
// card for each basic land type, named after it with " (intrinsic)", its
// one ability "{T}: add {G}", an activated mana ability whose body is
// the code the compiler writes for that phrase: add_mana(you, mana:{G}).
// The core builds it, as it links a library, since its rules are its
// own; no card of the library is asked.
func intrinsicProgram() *vm.Program {
	p := &vm.Program{Symbols: []vm.Symbol{{Kind: vm.SymFunc, Name: "add_mana", Arity: 2}}}
	for i, t := range basicLandTypes {
		sym := int32(len(p.Symbols))
		p.Symbols = append(p.Symbols, vm.NameSymbol(vm.NameMana, basicLandMana[i]))
		body := int32(len(p.Funcs))
		p.Funcs = append(p.Funcs, vm.Func{
			Name:      t + " (intrinsic)#0.body",
			NumLocals: vm.FirstFreeLocal,
			MaxStack:  2,
			Code: []vm.Instr{
				{Op: vm.OpLoad, Arg: vm.LocalYou}, {Op: vm.OpSym, Arg: sym}, {Op: vm.OpCall, Arg: 0},
				{Op: vm.OpInt, Arg: 0}, {Op: vm.OpReturn},
			},
			Locals: []string{"this", "you"},
		})
		p.Cards = append(p.Cards, vm.Card{
			Name:  t + " (intrinsic)",
			Types: []string{"land"},
			Abilities: []vm.Ability{{
				Kind: vm.AbilityActivated, Event: vm.NoSymbol, Rule: vm.NoSymbol,
				Match: vm.NoFunc, Body: body, Pay: vm.NoFunc,
				NumLocals: vm.FirstFreeLocal,
				Flags:     vm.FlagTapCost | vm.FlagMana,
				Text:      "{T}: add " + basicLandMana[i],
			}},
		})
	}
	return p
}

// linkIntrinsic links the intrinsic mana abilities into the library
// (Library.intrinsic), one CardDef for each basic land type; they are not
// cards of the library, and no name finds them.
func (lib *Library) linkIntrinsic() error {
	p := intrinsicProgram()
	if err := vm.Verify(p); err != nil {
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
		lib.intrinsicTypes[i] = lib.subtype(basicLandTypes[i])
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
		return o.lki.noAbilities
	case o.zone != ZoneBattlefield || g.index.abilityRemovers == 0:
		return false
	}
	return g.charsOf(o).noIntrinsic
}
