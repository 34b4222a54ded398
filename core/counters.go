package core

import "github.com/cardc/cardc/vm"

// Replacement effects that change how many counters are put on a
// permanent (CR 614.1a, 122.6). A counter_put event is proposed for the
// counters an effect puts and for those a permanent enters with
// (CR 122.6, 614.1c), so these apply to both; the permanent's controller
// orders several of them (CR 616.1, Game.affected).

// hDoubleCountersOfKind doubles the counters of the event being replaced
// if they are of a kind (Corpsejack Menace).
func (g *Game) hDoubleCountersOfKind(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvCounterPut || ev.Counter != CounterKind(a[1]) {
		return 0, err
	}
	ev.Amount = add(ev.Amount, ev.Amount)
	return 0, nil
}

// hAddCountersToEvent has that many plus N counters put instead of those
// of the event being replaced, if they are of a kind (Hardened Scales).
func (g *Game) hAddCountersToEvent(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvCounterPut || a[1] <= 0 || ev.Counter != CounterKind(a[2]) {
		return 0, err
	}
	ev.Amount = add(ev.Amount, qty(a[1]))
	return 0, nil
}

// hDoubleCountersOnEach doubles the number of counters of a kind on each
// permanent a filter describes (Kalonian Hydra): it counts them on each,
// then puts that many more on it, an event of its own that replacement
// effects can change (CR 122.6). The permanents are those on the
// battlefield as it begins, in the order they entered it.
func (g *Game) hDoubleCountersOnEach(a []vm.Value) (vm.Value, error) {
	k := CounterKind(a[0])
	if !k.valid() {
		return 0, nil
	}
	for _, id := range g.permanentsInFilter(a[1]) {
		if o := g.onBattlefield(id); o != nil && o.Counters(k) > 0 {
			g.propose(Event{Kind: EvCounterPut, Object: id, Counter: k, Amount: o.Counters(k)})
		}
	}
	return 0, nil
}

// hPutCountersOnEach puts counters of a kind on each permanent a filter
// describes, an event for each (CR 122.6); the permanents are those the
// filter describes before any gets its counters.
func (g *Game) hPutCountersOnEach(a []vm.Value) (vm.Value, error) {
	n, k := a[0], CounterKind(a[1])
	if n <= 0 || !k.valid() {
		return 0, nil
	}
	for _, id := range g.permanentsInFilter(a[2]) {
		if g.onBattlefield(id) != nil {
			g.propose(Event{Kind: EvCounterPut, Object: id, Counter: k, Amount: clampInt(int(n))})
		}
	}
	return 0, nil
}

// qCount counts the permanents filter a[0] of the running ability
// describes now (`the number of creatures you control`).
func qCount(g *Game, a []vm.Value) (vm.Value, error) {
	fr, filter, ok := g.runningFilter(a[0])
	if !ok {
		return 0, nil
	}
	shared := g.countShared(fr, a[0])
	if shared {
		you := fr.locals[vm.LocalYou]
		for _, c := range g.counts {
			if c.prog == fr.def.Prog && c.filter == filter && c.you == you && c.layer == g.layer {
				return c.n, nil
			}
		}
	}
	n := 0
	for _, id := range g.battlefield {
		if g.inFilter(fr, filter, ObjectValue(id)) {
			n++
		}
	}
	if shared {
		g.counts = append(g.counts, sharedCount{prog: fr.def.Prog, filter: filter, you: fr.locals[vm.LocalYou], layer: g.layer, n: vm.Value(n)})
	}
	return vm.Value(n), nil
}

// runningFilter is filter i of the running ability (an objects slot's,
// by its index), with the frame to test objects against it in.
func (g *Game) runningFilter(i vm.Value) (fr *frame, filter int32, ok bool) {
	fr = g.frame()
	if fr == nil {
		return nil, 0, false
	}
	ab := &fr.def.Card.Abilities[fr.ability]
	if i < 0 || int(i) >= len(ab.Filters) {
		return nil, 0, false
	}
	return fr, ab.Filters[i], true
}

// permanentsInFilter lists the permanents that filter i of the running
// ability describes now, in the order they entered the battlefield: an
// action's objects slot, for the action to go through them after.
func (g *Game) permanentsInFilter(i vm.Value) []ObjectID {
	fr, filter, ok := g.runningFilter(i)
	if !ok {
		return nil
	}
	var each []ObjectID
	for _, id := range g.battlefield {
		if g.inFilter(fr, filter, ObjectValue(id)) {
			each = append(each, id)
		}
	}
	return each
}

// adder is the host function of an action that adds N to the amount of
// the event being replaced, of one kind, whatever the counters' kind:
// counters put on a permanent (Winding Constrictor, CR 614.1a, 122.6) or
// given to a player (its second paragraph, CR 122.1).
func adder(kind EventKind) hostImpl {
	return func(g *Game, a []vm.Value) (vm.Value, error) {
		ev, err := g.replacing(a[0])
		if err != nil || ev.Kind != kind || a[1] <= 0 {
			return 0, err
		}
		ev.Amount = add(ev.Amount, qty(a[1]))
		return 0, nil
	}
}
