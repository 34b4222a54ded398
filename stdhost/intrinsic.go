package stdhost

import "github.com/cardc/cardc/vm"

// BasicLandTypes are the basic land types (CR 305.6), and BasicLandMana
// the mana symbols of the intrinsic mana ability of each, in the same
// order: an object with the land type Plains has "{T}: Add {W}", Island
// "{T}: Add {U}", Swamp "{T}: Add {B}", Mountain "{T}: Add {R}", Forest
// "{T}: Add {G}".
var (
	BasicLandTypes = [...]string{"Plains", "Island", "Swamp", "Mountain", "Forest"}
	BasicLandMana  = [...]string{"{W}", "{U}", "{B}", "{R}", "{G}"}
)

// IntrinsicManaAbilities returns a new program of the intrinsic mana
// abilities of the basic land types (CR 305.6), compiled against this
// vocabulary: one card for each type, in the order of BasicLandTypes,
// named after it with " (intrinsic)" ("Forest (intrinsic)"), of the type
// Land — Forest, whose one ability is `{T}: add {G}` (an activated mana
// ability, vm.FlagTapCost and vm.FlagMana, whose Body calls add_mana with
// "you" and mana:{G}, as the compiler writes the phrase).
//
// A basic land card states no ability: its "({T}: Add {G}.)" is reminder
// text. An engine gives every object with a basic land type the ability
// of that type, as an ability of the object itself, "this" the object and
// "you" its controller: by the subtypes it has after the effects of
// layer 4 (a land that becomes an Island has "{T}: Add {U}", one that is
// no longer a Forest no "{T}: Add {G}", CR 305.7), until an effect makes
// it lose all abilities (layer 6, CR 613.1f). It links this program as it
// links a bundle (vm.CheckVocabulary, vm.Link) and runs the abilities'
// Body as it runs any mana ability's. These are not cards of any library:
// no name of a test or a card finds them.
func IntrinsicManaAbilities() *vm.Program {
	p := &vm.Program{Vocabulary: Vocabulary, Symbols: []vm.Symbol{{Kind: vm.SymFunc, Name: "add_mana", Arity: 2}}}
	for i, t := range BasicLandTypes {
		sym := int32(len(p.Symbols))
		p.Symbols = append(p.Symbols, vm.NameSymbol(vm.NameMana, BasicLandMana[i]))
		body := int32(len(p.Funcs))
		name := t + " (intrinsic)"
		p.Funcs = append(p.Funcs, vm.Func{
			Name:      name + "#0.body",
			NumLocals: vm.FirstFreeLocal,
			MaxStack:  2,
			Code: []vm.Instr{
				{Op: vm.OpLoad, Arg: vm.LocalYou}, {Op: vm.OpSym, Arg: sym}, {Op: vm.OpCall, Arg: 0},
				{Op: vm.OpInt, Arg: 0}, {Op: vm.OpReturn},
			},
			Locals: []string{"this", "you"},
		})
		p.Cards = append(p.Cards, vm.Card{
			Name:     name,
			Types:    []string{"land"},
			Subtypes: []string{t},
			Abilities: []vm.Ability{{
				Kind: vm.AbilityActivated, Event: vm.NoSymbol, Rule: vm.NoSymbol,
				Match: vm.NoFunc, Body: body, Pay: vm.NoFunc,
				NumLocals: vm.FirstFreeLocal,
				Flags:     vm.FlagTapCost | vm.FlagMana,
				Text:      "{T}: add " + BasicLandMana[i],
			}},
		})
	}
	return p
}
