package embed

import (
	"fmt"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// This file is casting spells: checking targets with the spell's filter
// functions, paying the mana cost with the mana abilities of lands, and
// resolving: a permanent spell enters the battlefield, an instant or
// sorcery runs its spell ability's Body.

// spellAbility returns the index of a card's spell ability, or -1.
func spellAbility(c *vm.Card) int {
	for i := range c.Abilities {
		if c.Abilities[i].Kind == vm.AbilitySpell {
			return i
		}
	}
	return -1
}

func (o *object) is(t string) bool {
	for _, x := range o.def.card.Types {
		if x == t {
			return true
		}
	}
	return false
}

// legal runs a target's filter on a candidate.
func (g *game) legal(def *cardDef, locals []vm.Value, t *vm.Target, v vm.Value) bool {
	if p := g.valueObject(v); p != nil && p.zone != zoneBattlefield {
		return false // a target is a permanent or a player here
	}
	l := append([]vm.Value(nil), locals...)
	l[vm.LocalCandidate] = v
	return g.run(frame{mode: modeMatch, def: def, locals: l}, t.Filter) != 0
}

// cast casts a card from player p's hand with X and targets, paying its
// cost: the spell goes on the stack.
func (g *game) cast(p int, o *object, x int, targets []vm.Value) error {
	if o.zone != zoneHand || o.owner != p {
		return fmt.Errorf("%s is not in the player's hand", o.def.card.Name)
	}
	if !o.is("instant") && !g.sorceryTiming(p) {
		return &scenario.RuleError{Rule: "307.1", Err: fmt.Errorf("%s can be cast only in its controller's main phase, with an empty stack (CR 307.1)", o.def.card.Name)}
	}
	locals := []vm.Value{vm.Value(o.card), playerValue(p), 0}
	ai := spellAbility(o.def.card)
	if ai >= 0 {
		ab := &o.def.card.Abilities[ai]
		locals = make([]vm.Value, max(int(ab.NumLocals), vm.FirstFreeLocal))
		locals[vm.LocalThis], locals[vm.LocalYou] = vm.Value(o.card), playerValue(p)
		if err := g.chooseTargets(o.def, ab, locals, targets); err != nil {
			return err
		}
	}
	if err := g.pay(p, o.def.card.ManaCost, x); err != nil {
		return err
	}
	o.x = x
	g.move(o, "stack")
	g.stack = append(g.stack, ability{def: o.def, ability: ai, locals: locals, spell: o.card})
	return nil
}

// sorceryTiming reports whether player p could cast a sorcery now: in
// their main phase, with an empty stack (CR 307.1).
func (g *game) sorceryTiming(p int) bool {
	return g.active == p && (steps[g.step] == "main1" || steps[g.step] == "main2") && len(g.stack) == 0
}

// chooseTargets judges the targets chosen for a spell or an ability
// (an ability of def), each with its filter, and stores each in its
// local (CR 601.2c, 602.2b).
func (g *game) chooseTargets(def *cardDef, ab *vm.Ability, locals []vm.Value, targets []vm.Value) error {
	if len(targets) != len(ab.Targets) {
		return fmt.Errorf("%s has %d targets, not %d", def.card.Name, len(ab.Targets), len(targets))
	}
	for i := range ab.Targets {
		t := &ab.Targets[i]
		if t.Zone != vm.NoSymbol {
			return unsupported("targets in other zones than the battlefield")
		}
		if !g.legal(def, locals, t, targets[i]) {
			return &scenario.RuleError{Rule: "601.2c", Err: fmt.Errorf("that is not a legal target for %s: %s (CR 601.2c)", def.card.Name, t.Text)}
		}
		locals[t.Local] = targets[i]
	}
	return nil
}

// pay pays a mana cost ("{1}{G}") from player p's pool, first tapping
// their untapped lands for mana (their {T} mana abilities), oldest first,
// until the pool can pay it. If even then it can't, the spell or ability
// can't be cast or activated, and the game goes back to before (CR 601.2,
// 601.2h): the lands untap and their mana leaves the pool. (That undoes
// what a land's mana ability does when it only adds mana, as the lands of
// cards/ do; one that did more, such as dealing damage, would need more
// undone.)
func (g *game) pay(p int, cost string, x int) error {
	syms, _ := mana.Parse(cost)
	for _, s := range syms {
		switch s.Kind {
		case mana.Generic, mana.Colored, mana.Variable, mana.Hybrid:
		default:
			return unsupported("mana symbol " + s.Text)
		}
	}
	pool := g.pool[p]
	var tapped []*object
	for _, land := range g.battlefield() {
		if _, ok := payFrom(g.pool[p], syms, x); ok {
			break
		}
		if land.controller != p || land.tapped || !land.is("land") {
			continue
		}
		for ai := range land.def.card.Abilities {
			ab := &land.def.card.Abilities[ai]
			if ab.Kind == vm.AbilityActivated && ab.Flags&vm.FlagMana != 0 && ab.Flags&vm.FlagTapCost != 0 && ab.Cost == "" && ab.Pay == vm.NoFunc {
				land.tapped = true
				tapped = append(tapped, land)
				g.run(frame{mode: modeResolve, def: land.def, locals: g.locals(land, ab)}, ab.Body)
				break
			}
		}
	}
	left, ok := payFrom(g.pool[p], syms, x)
	if !ok {
		g.pool[p] = pool
		for _, land := range tapped {
			land.tapped = false
		}
		return &scenario.RuleError{Rule: "601.2h", Err: fmt.Errorf("player %d can't pay %s: not enough mana (CR 601.2h)", p, cost)}
	}
	g.pool[p] = left
	return nil
}

// payFrom pays a cost from a pool, colored symbols first, then hybrid,
// then generic, and returns what is left.
func payFrom(pool mana.Amount, syms []mana.Symbol, x int) (mana.Amount, bool) {
	generic := x
	for _, s := range syms {
		switch s.Kind {
		case mana.Colored:
			if pool[s.A] == 0 {
				return pool, false
			}
			pool[s.A]--
		case mana.Generic:
			generic += s.N
		}
	}
	for _, s := range syms {
		if s.Kind != mana.Hybrid {
			continue
		}
		switch {
		case pool[s.A] > 0:
			pool[s.A]--
		case pool[s.B] > 0:
			pool[s.B]--
		default:
			return pool, false
		}
	}
	for t := range pool {
		n := min(pool[t], generic)
		pool[t] -= n
		generic -= n
	}
	return pool, generic == 0
}

// resolveSpell resolves a spell: a permanent enters the battlefield; an
// instant or sorcery does what it says, if a target is still legal; then
// it goes to the graveyard.
func (g *game) resolveSpell(s ability) {
	o := g.objects[s.spell]
	if s.ability < 0 {
		g.move(o, zoneBattlefield)
		return
	}
	if g.anyTargetLegal(s) {
		g.run(frame{mode: modeResolve, def: s.def, locals: s.locals}, s.ab().Body)
	}
	g.move(o, zoneGraveyard)
}

// anyTargetLegal reports whether a spell or an ability on the stack has
// no targets, or one still legal: one whose targets are all illegal now
// does nothing as it resolves (CR 608.2b).
func (g *game) anyTargetLegal(s ability) bool {
	ab := s.ab()
	legal := len(ab.Targets) == 0
	for i := range ab.Targets {
		if g.legal(s.def, s.locals, &ab.Targets[i], s.locals[ab.Targets[i].Local]) {
			legal = true
		}
	}
	return legal
}

func (g *game) hDealDamage(args []vm.Value) (vm.Value, error) {
	if args[2] > 0 {
		g.propose(event{kind: "damage", source: int(args[0]), target: args[1], amount: int(args[2])})
	}
	return 0, nil
}

func (g *game) hIsPlayer(args []vm.Value) (vm.Value, error) {
	if _, ok := valuePlayer(args[0]); ok {
		return 1, nil
	}
	return 0, nil
}

// hBoost gives a permanent +N/+N until end of turn.
func (g *game) hBoost(args []vm.Value) (vm.Value, error) {
	if o := g.permanent(args[0]); o != nil {
		o.boost[0] += int(args[1])
		o.boost[1] += int(args[2])
	}
	return 0, nil
}
