package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// The permanents a resolving spell or ability tapped ("tapped this way",
// Master of the Wild Hunt), what they deal, and the damage divided among
// them as it resolves by a player who may not be the ability's
// controller.

// tappedThisWay lists the permanents the resolving spell or ability has
// tapped with `tap all` (hTapAll) and that are still on the battlefield,
// in the order it tapped them: only those it turned from untapped to
// tapped (CR 701.21a: only an untapped permanent can be tapped), not one
// that was tapped already.
func (g *Game) tappedThisWay() []ObjectID {
	var out []ObjectID
	for _, id := range g.work.tapped {
		if g.onBattlefield(id) != nil {
			out = append(out, id)
		}
	}
	return out
}

// tappedInFilter lists the permanents tapped this way that the filter of
// the running ability describes as it runs.
func (g *Game) tappedInFilter(filter vm.Value) []ObjectID {
	fr, fn, ok := g.runningFilter(filter)
	if !ok {
		return nil
	}
	var out []ObjectID
	for _, id := range g.tappedThisWay() {
		if g.inFilter(fr, fn, ObjectValue(id)) {
			out = append(out, id)
		}
	}
	return out
}

// hTappedDealDamageEqualToPower has each permanent tapped this way that
// the filter describes deal damage equal to its power to a target
// (Master of the Wild Hunt's Wolves): each is the source of its own
// damage (CR 120.3, 120.7), with its own abilities as it deals it
// (lifelink, deathtouch, wither, infect), its power read now (CR 608.2h);
// all of it is dealt at the same time, one batch of simultaneous damage
// (CR 101.4, 615.5), a source with 0 or less power dealing none
// (CR 120.8). A target no longer legal (0) or gone is dealt nothing.
func (g *Game) hTappedDealDamageEqualToPower(a []vm.Value) (vm.Value, error) {
	target := a[1]
	if target == 0 {
		return 0, nil
	}
	if _, ok := valuePlayer(target); !ok && g.permanentArg(target) == nil {
		return 0, nil
	}
	sources := g.tappedInFilter(a[0])
	if len(sources) == 0 {
		return 0, nil
	}
	// The powers are read before any damage is dealt: the damage is
	// simultaneous, and one Wolf's damage does not change another's power.
	powers := make([]int, len(sources))
	for i, id := range sources {
		powers[i] = g.Power(id)
	}
	g.dealAtOnce(func() {
		for i, id := range sources {
			g.dealDamage(id, target, powers[i], false)
		}
	})
	return 0, nil
}

// hDealDamageDividedByControllerAmongTapped has a creature deal damage
// equal to its power divided as its controller chooses among any number
// of the permanents tapped this way that the filter describes (Master of
// the Wild Hunt). They are no targets: the controller of the creature as
// the effect happens divides the damage now (the rulings; CR 601.2d is
// for targets), at least 1 to each one chosen, all of it in all
// (DecisionDivide). Its power is read now (CR 608.2h), after what the
// effect did before: a creature dealt lethal damage is still on the
// battlefield until state-based actions are checked (CR 704.3). The parts
// are dealt at the same time (CR 120.3), each a damage event.
func (g *Game) hDealDamageDividedByControllerAmongTapped(a []vm.Value) (vm.Value, error) {
	src, ok := valueObject(a[0])
	o := g.Object(src)
	fr := g.frame()
	if !ok || o == nil || fr == nil {
		return 0, nil
	}
	amount := g.Power(src)
	options := g.tappedInFilter(a[1])
	if amount <= 0 || len(options) == 0 {
		return 0, nil
	}
	// Its controller now, or as it last existed (CR 608.2h), divides.
	amounts := g.divideAmong(o.controller, fr.source, src, amount, options)
	var recipients []vm.Value
	var parts []int
	for i, n := range amounts {
		if n > 0 {
			recipients = append(recipients, ObjectValue(options[i]))
			parts = append(parts, n)
		}
	}
	g.dealAtOnce(func() {
		for i, r := range recipients {
			g.dealDamage(src, r, parts[i], false)
		}
	})
	return 0, nil
}

// divideAmong has player p divide amount among any number of options as
// an ability of source resolves, at least 1 to each chosen, all of it in
// all (Decider.DivideAmong), and records the decision: the options chosen
// and their parts. An answer that breaks those rules is replaced by the
// default's. damager is the object that will deal what is divided, whose
// deathtouch makes 1 damage lethal for the default.
func (g *Game) divideAmong(p PlayerID, source, damager ObjectID, amount int, options []ObjectID) []int {
	amounts := g.decider.DivideAmong(g, p, source, damager, amount, slices.Clone(options))
	if !legalDivision(amounts, len(options), amount) {
		amounts = DefaultDecider{}.DivideAmong(g, p, source, damager, amount, options)
	}
	amounts = slices.Clone(amounts)
	d := Decision{Player: p, Kind: DecisionDivide, Source: source}
	for i, n := range amounts {
		if n > 0 {
			d.Chosen = append(d.Chosen, ObjectValue(options[i]))
			d.Amounts = append(d.Amounts, n)
		}
	}
	g.decided(d)
	return amounts
}

// legalDivision reports whether amounts divide amount among n options:
// one amount for each, none negative, adding up to amount.
func legalDivision(amounts []int, n, amount int) bool {
	if len(amounts) != n {
		return false
	}
	sum := 0
	for _, a := range amounts {
		if a < 0 {
			return false
		}
		sum += a
	}
	return sum == amount
}
