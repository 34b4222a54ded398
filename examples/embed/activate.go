package embed

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// This file is activated abilities (CR 602), as far as this engine goes:
// those whose cost is mana and {T} — Drudge Skeletons' "{B}: Regenerate
// Drudge Skeletons", the {1}{G} regeneration Trollhide grants, Llanowar
// Elves' "{T}: Add {G}". The compiler puts the mana part of the cost in
// Ability.Cost, {T} and {Q} in flags, and the other parts ("sacrifice a
// creature") in a Pay function, which this engine does not run: a card
// with one is left out (library.go). A mana ability (vm.FlagMana) resolves
// at once; any other goes on the stack, and its Body runs when it
// resolves. A permanent's abilities include those effects grant it
// (layers.go), whose "this" is the permanent.

// activatedAbilities lists the activated abilities of a permanent: the
// kit names one by its place in this list.
func (g *game) activatedAbilities(o *object) []instance {
	var out []instance
	for _, in := range g.abilities(o) {
		if in.ability().Kind == vm.AbilityActivated {
			out = append(out, in)
		}
	}
	return out
}

// activatedLacks says what of an activated ability this engine does not
// do, or "".
func activatedLacks(ab *vm.Ability) string {
	switch {
	case ab.Pay != vm.NoFunc || len(ab.Choices) > 0 || ab.Flags&vm.FlagUntapCost != 0:
		return "activated abilities that cost more than mana and {T}"
	case strings.Contains(ab.Cost, "{X}"):
		return "X in activated abilities' costs"
	case ab.Flags&(vm.FlagOncePerTurn|vm.FlagLoyalty) != 0:
		return "activated abilities once each turn"
	}
	return ""
}

// manaAbilities lists a permanent's {T} mana abilities that cost nothing
// else: the intrinsic one of each of its basic land types (CR 305.6),
// then its card's, such as Llanowar Elves' "{T}: Add {G}".
func (g *game) manaAbilities(o *object) []instance {
	var out []instance
	for _, in := range g.abilities(o) {
		ab := in.ability()
		if ab.Kind == vm.AbilityActivated && ab.Flags&vm.FlagMana != 0 && ab.Flags&vm.FlagTapCost != 0 && ab.Cost == "" {
			out = append(out, in)
		}
	}
	return out
}

// wouldAdd is the mana a mana ability would add, learned by running it
// with no effect (run.simulate).
func (g *game) wouldAdd(in instance, p int) mana.Amount {
	var adds mana.Amount
	g.exec(&run{g: g, in: &in, simulate: &adds}, in.ability().Body, newLocals(in.ability(), in.src, p))
	return adds
}

// canTap reports whether a permanent can pay {T}: it is untapped, and a
// creature has been under its controller's control continuously since
// their most recent turn began (CR 302.6).
func (g *game) canTap(o *object) error {
	switch {
	case o.tapped:
		return &scenario.RuleError{Rule: "107.5", Err: fmt.Errorf("%s is tapped: it can't pay {T} (CR 107.5)", o.def.Name)}
	case o.is("creature") && o.since >= g.lastTurn[o.controller]:
		return &scenario.RuleError{Rule: "302.6", Err: fmt.Errorf("%s came under its controller's control this turn: it can't pay {T} (CR 302.6)", o.def.Name)}
	}
	return nil
}

// activate activates ability in of a permanent for player p, with
// targets: it checks who and when, chooses the targets, pays the cost, and
// resolves a mana ability at once, or puts the ability on the stack (CR
// 602.2, 605.3).
func (g *game) activate(p int, o *object, in instance, chosen []vm.Value) error {
	ab, name := in.ability(), o.def.Name
	switch {
	case o.controller != p:
		return &scenario.RuleError{Rule: "602.2", Err: fmt.Errorf("only the controller of %s can activate its abilities (CR 602.2)", name)}
	case ab.Flags&vm.FlagSorcery != 0 && !g.sorceryTiming(p):
		return &scenario.RuleError{Rule: "602.5d", Err: fmt.Errorf("%s's ability can be activated only as a sorcery (CR 602.5d)", name)}
	}
	if why := activatedLacks(ab); why != "" {
		return unsupported(why)
	}
	if ab.Flags&vm.FlagTapCost != 0 {
		if err := g.canTap(o); err != nil {
			return err
		}
	}
	in.locals = newLocals(ab, o.h, p)
	if err := g.chooseTargets(&in, chosen); err != nil {
		return err
	}
	if err := g.pay(p, ab.Cost, 0); err != nil {
		return err
	}
	if ab.Flags&vm.FlagTapCost != 0 {
		o.tapped = true
	}
	if ab.Flags&vm.FlagMana != 0 {
		g.exec(&run{g: g, in: &in, tapped: ab.Flags&vm.FlagTapCost != 0}, ab.Body, in.locals)
		return nil
	}
	g.stack = append(g.stack, in)
	return nil
}
