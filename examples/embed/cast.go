package embed

import (
	"fmt"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is casting spells (CR 601): checking targets with their
// filter functions, paying the mana cost with the mana abilities of
// lands, and resolving: a permanent spell enters the battlefield (an Aura
// attached to what it targets), an instant or sorcery runs its spell
// ability's Body.

// legal reports whether a candidate is a legal target of an instance's
// ability: a permanent or a player, that the source's quality does not
// stop (shroud, protection), and that the target's filter accepts.
func (g *game) legal(in *instance, t *vm.Target, v vm.Value) bool {
	return g.illegal(in, t, v) == ""
}

// illegal says why a candidate is no legal target, as the number of the
// rule that forbids it, or "".
func (g *game) illegal(in *instance, t *vm.Target, v vm.Value) string {
	if o := g.obj(stdhost.Object(v)); v > 0 {
		switch {
		case o == nil || o.gone || o.zone != zoneBattlefield:
			return "601.2c"
		case g.hasKeyword(o, "shroud"):
			return "702.18"
		case g.protectedFrom(o, g.obj(in.src)):
			return "702.16"
		}
	}
	if !g.accepts(in, t.Filter, v) {
		return "601.2c"
	}
	return ""
}

// accepts runs a filter function of an instance's ability on a
// candidate, with the instance's locals.
func (g *game) accepts(in *instance, filter int32, v vm.Value) bool {
	locals := append([]vm.Value(nil), in.locals...)
	if len(locals) == 0 {
		locals = newLocals(in.ability(), in.src, in.ctrl)
	}
	locals[vm.LocalCandidate] = v
	return g.exec(&run{g: g, in: in}, filter, locals) != 0
}

// targets are the targets of an instance's ability: a spell's, an
// activated ability's, or for an Aura spell, its enchant ability's (CR
// 303.4a).
func targets(in *instance) []vm.Target {
	if in.ab < 0 {
		return nil
	}
	return in.ability().Targets
}

// chooseTargets judges the targets chosen for a spell or ability, each
// with its filter, and stores each in its local (CR 601.2c, 602.2b).
func (g *game) chooseTargets(in *instance, chosen []vm.Value) error {
	ts := targets(in)
	if len(chosen) != len(ts) {
		return fmt.Errorf("%s has %d targets, not %d", in.def.Name, len(ts), len(chosen))
	}
	for i := range ts {
		if ts[i].Zone != vm.NoSymbol {
			return unsupported("targets in other zones than the battlefield")
		}
		if rule := g.illegal(in, &ts[i], chosen[i]); rule != "" {
			return &scenario.RuleError{Rule: rule, Err: fmt.Errorf("that is not a legal target for %s: %s (CR %s)", in.def.Name, ts[i].Text, rule)}
		}
		in.locals[ts[i].Local] = chosen[i]
	}
	return nil
}

// targetsLegal reports whether an instance has no targets, or one still
// legal: one whose targets are all illegal does nothing (CR 608.2b).
func (g *game) targetsLegal(in *instance) bool {
	ts := targets(in)
	for i := range ts {
		if g.legal(in, &ts[i], in.locals[ts[i].Local]) {
			return true
		}
	}
	return len(ts) == 0
}

// spellAbility returns the index of a card's spell ability, of an Aura's
// enchant ability, or -1 for another permanent.
func spellAbility(c *vm.Card) int {
	for i := range c.Abilities {
		if k := c.Abilities[i].Kind; k == vm.AbilitySpell || k == vm.AbilityEnchant {
			return i
		}
	}
	return -1
}

// cast casts a card from player p's hand with X and targets, paying its
// cost: the spell goes on the stack (CR 601.2).
func (g *game) cast(p int, o *object, x int, chosen []vm.Value) error {
	if o.zone != zoneHand || o.card.owner != p {
		return &scenario.RuleError{Rule: "601.3", Err: fmt.Errorf("%s is not in the player's hand (CR 601.3)", o.def.Name)}
	}
	if !o.is("instant") && !g.sorceryTiming(p) {
		return &scenario.RuleError{Rule: "307.1", Err: fmt.Errorf("%s can be cast only in its controller's main phase, with an empty stack (CR 307.1)", o.def.Name)}
	}
	in := instance{src: o.h, ctrl: p, def: o.def, ab: spellAbility(o.def), locals: make([]vm.Value, vm.FirstFreeLocal)}
	if in.ab >= 0 {
		in.locals = newLocals(in.ability(), o.h, p)
	}
	if err := g.chooseTargets(&in, chosen); err != nil {
		return err
	}
	if err := g.pay(p, o.def.ManaCost, x); err != nil {
		return err
	}
	g.propose(event{kind: "zone_change", object: o.h, from: g.name(vm.NameZone, zoneHand), to: g.name(vm.NameZone, zoneStack), controller: p, x: x})
	in.spell = o.card.obj
	in.src = in.spell.h
	in.locals[vm.LocalThis] = vm.Value(in.src)
	g.stack = append(g.stack, in)
	return nil
}

// sorceryTiming reports whether player p could cast a sorcery now: in
// their main phase, with an empty stack (CR 307.1).
func (g *game) sorceryTiming(p int) bool {
	return g.active == p && (steps[g.step] == "main1" || steps[g.step] == "main2") && len(g.stack) == 0
}

// resolveSpell resolves a spell: a permanent enters the battlefield, an
// Aura attached to its target if it is still legal (else it does not
// resolve, CR 608.3b); an instant or sorcery does what it says if a
// target is still legal (CR 608.2b), then goes to the graveyard.
func (g *game) resolveSpell(s *instance) {
	o := s.spell
	switch {
	case o.is("instant") || o.is("sorcery"):
		if g.targetsLegal(s) {
			g.exec(&run{g: g, in: s}, s.ability().Body, s.locals)
		}
	case s.ab < 0:
		g.propose(event{kind: "zone_change", object: o.h, from: g.name(vm.NameZone, zoneStack), to: g.name(vm.NameZone, zoneBattlefield), controller: s.ctrl, x: o.x})
		return
	case g.targetsLegal(s): // an Aura
		g.propose(event{kind: "zone_change", object: o.h, from: g.name(vm.NameZone, zoneStack), to: g.name(vm.NameZone, zoneBattlefield), controller: s.ctrl, x: o.x,
			attachTo: stdhost.Object(s.locals[s.ability().Targets[0].Local])})
		return
	}
	g.move(o, zoneGraveyard)
}

// pay pays a mana cost ("{1}{G}") from player p's pool, first tapping
// for mana the untapped lands whose mana abilities pay what the pool
// can't, oldest first: a way to pay a player may choose (CR 601.2g). If
// even then it can't be paid, nothing is tapped, and the spell or
// ability can't be cast or activated (CR 601.2h).
func (g *game) pay(p int, cost string, x int) error {
	syms, taps, err := g.manaSources(p, cost, x)
	if err != nil {
		return err
	}
	for _, in := range taps {
		g.obj(in.src).tapped = true
		g.exec(&run{g: g, in: &in, tapped: true}, in.ability().Body, newLocals(in.ability(), in.src, p))
	}
	left, owed := payFrom(g.pool[p], syms, x)
	if owed > 0 {
		return fmt.Errorf("player %d's lands did not produce the mana they would", p)
	}
	g.pool[p] = left
	return nil
}

// canPay reports whether player p could pay a cost now, from their pool
// and their untapped lands.
func (g *game) canPay(p int, cost string, x int) bool {
	_, _, err := g.manaSources(p, cost, x)
	return err == nil
}

// manaSources reads a cost and chooses the lands of player p to tap to
// pay it, and the mana ability of each to activate, or says why it can't
// be paid. What a land's mana ability would add is learned by running it
// with no effect (wouldAdd); of a land with several (a Forest Plains has
// "{T}: Add {G}" and "{T}: Add {W}", CR 305.6), the first that pays what
// the pool can't is chosen.
func (g *game) manaSources(p int, cost string, x int) ([]mana.Symbol, []instance, error) {
	syms, bad := mana.Parse(cost)
	if len(bad) > 0 {
		return nil, nil, fmt.Errorf("%s is not a mana symbol", bad[0])
	}
	for _, s := range syms {
		switch s.Kind {
		case mana.Generic, mana.Colored, mana.Variable, mana.Hybrid:
		default:
			return nil, nil, unsupported("mana symbol " + s.Text)
		}
	}
	pool := g.pool[p]
	var taps []instance
	for _, land := range g.battlefield() {
		_, owed := payFrom(pool, syms, x)
		if owed == 0 || land.controller != p || land.tapped || !land.is("land") {
			continue
		}
		for _, in := range g.manaAbilities(land) {
			with := pool
			for t, n := range g.wouldAdd(in, p) {
				with[t] += n
			}
			if _, now := payFrom(with, syms, x); now < owed {
				pool = with
				taps = append(taps, in)
				break
			}
		}
	}
	if _, owed := payFrom(pool, syms, x); owed > 0 {
		return nil, nil, &scenario.RuleError{Rule: "601.2h", Err: fmt.Errorf("player %d can't pay %s: not enough mana (CR 601.2h)", p, cost)}
	}
	return syms, taps, nil
}

// payFrom pays a cost from a pool, colored symbols first, then hybrid,
// then generic, and returns what is left, and how much of the cost is
// unpaid.
func payFrom(pool mana.Amount, syms []mana.Symbol, x int) (mana.Amount, int) {
	unpaid, generic := 0, x
	for _, s := range syms {
		switch {
		case s.Kind == mana.Colored && pool[s.A] > 0:
			pool[s.A]--
		case s.Kind == mana.Colored:
			unpaid++
		case s.Kind == mana.Generic:
			generic += s.N
		}
	}
	for _, s := range syms {
		switch {
		case s.Kind != mana.Hybrid:
		case pool[s.A] > 0:
			pool[s.A]--
		case pool[s.B] > 0:
			pool[s.B]--
		default:
			unpaid++
		}
	}
	for t := range pool {
		n := min(pool[t], generic)
		pool[t] -= n
		generic -= n
	}
	return pool, unpaid + generic
}
