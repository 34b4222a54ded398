package embed

import (
	"errors"
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
	if !o.is("instant") && (g.active != p || (steps[g.step] != "main1" && steps[g.step] != "main2") || len(g.stack) > 0) {
		return &scenario.RuleError{Rule: "307.1", Err: fmt.Errorf("%s can be cast only in its controller's main phase, with an empty stack (CR 307.1)", o.def.card.Name)}
	}
	locals := []vm.Value{vm.Value(o.card), playerValue(p), 0}
	ai := spellAbility(o.def.card)
	if ai >= 0 {
		ab := &o.def.card.Abilities[ai]
		locals = make([]vm.Value, max(int(ab.NumLocals), vm.FirstFreeLocal))
		locals[vm.LocalThis], locals[vm.LocalYou] = vm.Value(o.card), playerValue(p)
		if len(targets) != len(ab.Targets) {
			return fmt.Errorf("%s has %d targets, not %d", o.def.card.Name, len(ab.Targets), len(targets))
		}
		for i := range ab.Targets {
			t := &ab.Targets[i]
			if t.Zone != vm.NoSymbol {
				return unsupported("targets in other zones than the battlefield")
			}
			if !g.legal(o.def, locals, t, targets[i]) {
				return &scenario.RuleError{Rule: "601.2c", Err: fmt.Errorf("that is not a legal target for %s: %s (CR 601.2c)", o.def.card.Name, t.Text)}
			}
			locals[t.Local] = targets[i]
		}
	}
	syms, _ := mana.Parse(o.def.card.ManaCost)
	if err := g.pay(p, syms, x); err != nil {
		return err
	}
	o.x = x
	g.move(o, "stack")
	g.stack = append(g.stack, ability{def: o.def, ability: ai, locals: locals, spell: o.card})
	return nil
}

// pay pays a mana cost from player p's pool, first tapping their
// untapped lands for mana (their {T} mana abilities), oldest first, until
// the pool can pay it.
func (g *game) pay(p int, syms []mana.Symbol, x int) error {
	for _, s := range syms {
		switch s.Kind {
		case mana.Generic, mana.Colored, mana.Variable, mana.Hybrid:
		default:
			return unsupported("mana symbol " + s.Text)
		}
	}
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
				g.run(frame{mode: modeResolve, def: land.def, locals: g.locals(land, ab)}, ab.Body)
				break
			}
		}
	}
	left, ok := payFrom(g.pool[p], syms, x)
	if !ok {
		return errors.New("the mana cost cannot be paid")
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
// instant or sorcery whose targets are all illegal now does nothing
// (CR 608.2b), else it does what it says; then it goes to the graveyard.
func (g *game) resolveSpell(s ability) {
	o := g.objects[s.spell]
	if s.ability < 0 {
		g.move(o, zoneBattlefield)
		return
	}
	ab := s.ab()
	legal := len(ab.Targets) == 0
	for i := range ab.Targets {
		if g.legal(s.def, s.locals, &ab.Targets[i], s.locals[ab.Targets[i].Local]) {
			legal = true
		}
	}
	if legal {
		g.run(frame{mode: modeResolve, def: s.def, locals: s.locals}, ab.Body)
	}
	g.move(o, zoneGraveyard)
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
