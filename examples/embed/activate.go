package embed

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// This file is activated abilities (CR 602), as far as this engine goes:
// those whose whole cost is mana, such as Drudge Skeletons' "{B}:
// Regenerate Drudge Skeletons". The compiler puts the mana part of an
// ability's cost in Ability.Cost, as mana symbols; {T} and {Q} in flags
// (vm.FlagTapCost, vm.FlagUntapCost); the other parts ("sacrifice a
// creature", "put a -0/-1 counter on this") in a Pay function, run twice,
// once to check and once to pay, with the objects chosen for them in the
// locals of Ability.Choices. This engine pays only the first: Cost, from
// the pool after tapping lands, as a spell's mana cost (cast.go). The
// ability then goes on the stack, with its targets in its locals, and its
// Body runs when it resolves. The {T} mana abilities of lands are
// activated only to pay a cost.

// activatedAbilities lists the indexes in c.Abilities of a card's
// activated abilities: the kit names one by its place in this list.
// Granted abilities are abilities of other objects, not of the card.
func activatedAbilities(c *vm.Card) []int {
	var out []int
	for i := range c.Abilities {
		if ab := &c.Abilities[i]; ab.Kind == vm.AbilityActivated && ab.Flags&vm.FlagGranted == 0 {
			out = append(out, i)
		}
	}
	return out
}

// activatedLacks says what of an activated ability this engine does not
// do, or "": LoadDir keeps out the cards that have one (library.go).
func activatedLacks(ab *vm.Ability) string {
	plainCost := ab.Flags&(vm.FlagTapCost|vm.FlagUntapCost) == 0 && ab.Pay == vm.NoFunc && len(ab.Choices) == 0
	switch {
	case ab.Flags&vm.FlagMana != 0:
		// Mana abilities are only activated to pay, tapping lands.
		if ab.Flags&vm.FlagTapCost == 0 || ab.Cost != "" || ab.Pay != vm.NoFunc {
			return "mana abilities that cost more than {T}"
		}
	case !plainCost:
		return "activated abilities that cost more than mana"
	case strings.Contains(ab.Cost, "{X}"):
		return "X in activated abilities' costs"
	case ab.Flags&vm.FlagOncePerTurn != 0:
		return "activated abilities once each turn"
	}
	return ""
}

// activate activates the n-th activated ability of permanent o for
// player p, with targets: it checks who and when, chooses the targets,
// pays the cost, and puts the ability on the stack (CR 602.2).
func (g *game) activate(p int, o *object, n int, targets []vm.Value) error {
	name := o.def.card.Name
	abs := activatedAbilities(o.def.card)
	switch {
	case o.zone != zoneBattlefield:
		return fmt.Errorf("%s is not on the battlefield", name)
	case n < 0 || n >= len(abs):
		return fmt.Errorf("%s has no activated ability %d", name, n+1)
	}
	ai := abs[n]
	ab := &o.def.card.Abilities[ai]
	switch {
	case ab.Flags&vm.FlagMana != 0:
		return unsupported("activating mana abilities")
	case o.controller != p:
		return &scenario.RuleError{Rule: "602.2", Err: fmt.Errorf("only the controller of %s can activate its abilities (CR 602.2)", name)}
	case ab.Flags&vm.FlagSorcery != 0 && !g.sorceryTiming(p):
		return &scenario.RuleError{Rule: "602.5d", Err: fmt.Errorf("%s's ability can be activated only as a sorcery: in its controller's main phase, with an empty stack (CR 602.5d)", name)}
	}
	locals := g.locals(o, ab)
	if err := g.chooseTargets(o.def, ab, locals, targets); err != nil {
		return err
	}
	if err := g.pay(p, ab.Cost, 0); err != nil {
		return err
	}
	g.stack = append(g.stack, ability{def: o.def, ability: ai, locals: locals})
	return nil
}
