package core

import "github.com/cardc/cardc/vm"

// Replacement effects that modify how much life is gained or damage is
// dealt (CR 614.1a), and redirection effects (CR 614.1b, 614.9). Each
// changes the event being replaced, at once; the effects that still apply
// to the modified event apply after it, each at most once (CR 614.5,
// 616.1e).

// doubler is the host function of an action that doubles the amount of
// the event being replaced, of one kind (CR 614.1a): the life gained (Boon
// Reflection, Rhox Faithmender), the damage dealt (Furnace of Rath: still
// dealt by its source, combat damage if it was, CR 120.3), the counters
// put, of the same kind (Doubling Season, CR 122.6), the tokens created,
// each like those it would create (Doubling Season, CR 111.1).
func doubler(kind EventKind) hostImpl {
	return func(g *Game, a []vm.Value) (vm.Value, error) {
		ev, err := g.replacing(a[0])
		if err != nil || ev.Kind != kind {
			return 0, err
		}
		ev.Amount = add(ev.Amount, ev.Amount)
		return 0, nil
	}
}

// hRedirectDamage has the damage of the event being replaced dealt to
// another permanent instead (Palisade Giant; CR 614.1b, 614.9): same
// source, amount and combat. A permanent that is gone, or that can't be
// dealt damage (CR 120.1), gets none: the damage is dealt where it would
// have been.
func (g *Game) hRedirectDamage(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return 0, err
	}
	o := g.permanentArg(a[1])
	if o == nil || !(g.isCreature(o) || g.isType(o, typePlaneswalker) || g.isType(o, typeBattle)) {
		return 0, nil
	}
	ev.Target = ObjectValue(o.id)
	return 0, nil
}

// qPlayerOrController is a player itself, or the controller of an object
// (the affected player of CR 616.1); 0 for a value that names neither.
func qPlayerOrController(g *Game, a []vm.Value) (vm.Value, error) {
	if _, ok := valuePlayer(a[0]); ok {
		return a[0], nil
	}
	return g.objectPlayer(a[0], false), nil
}

// hSetLife has a player's life total become a number (CR 119.5): the
// player gains or loses the difference, an event replacement effects may
// modify.
func (g *Game) hSetLife(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	switch diff := add(qty(a[1]), -g.players[p].Life); {
	case diff > 0:
		g.propose(Event{Kind: EvLifeGained, Player: p, Amount: diff})
	case diff < 0:
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: -diff})
	}
	return 0, nil
}
