package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// This file holds what Novijen Sages needs of the rules: graft's "you may
// move a +1/+1 counter" (CR 702.58a, 122.5), and a cost that removes
// counters from among the permanents a player controls (CR 601.2h,
// 602.2b).

// Words of the choice of moving a counter: keeping it is the default.
const (
	choiceKeep = "keep"
	choiceMove = "move"
)

// hMoveCounter lets a player move a counter of a kind from one permanent
// onto another (CR 122.5): it is removed from the first and put onto the
// second, two events. If that is not possible — the same permanent, no
// such counter on the first, counters can't be put on the second, or
// either has left the battlefield — nothing moves and the player is not
// asked. Otherwise the choice is recorded, keep or move.
func (g *Game) hMoveCounter(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	kind := CounterKind(a[1])
	from, to := g.permanentArg(a[2]), g.permanentArg(a[3])
	if !ok || fr == nil || from == nil || to == nil || from == to || from.Counters(kind) < 1 ||
		g.cantPutCounters([]vm.Value{a[3], a[1], 1}) != "" {
		return 0, nil
	}
	options := []string{choiceKeep, choiceMove}
	what := "move a counter"
	i := g.decider.Choose(g, p, fr.source, what, slices.Clone(options))
	if i < 0 || i >= len(options) {
		i = 0
	}
	g.decided(Decision{Player: p, Kind: DecisionChoice, Source: fr.source, What: what, Choice: options[i]})
	if options[i] != choiceMove {
		return 0, nil
	}
	g.propose(Event{Kind: EvCounterRemoved, Object: from.id, Counter: kind, Amount: 1})
	if g.onBattlefield(to.id) != nil {
		g.propose(Event{Kind: EvCounterPut, Object: to.id, Counter: kind, Amount: 1})
	}
	return 0, nil
}

// hRemoveCountersAmong removes counters of a kind from among the
// permanents the paying player controls that a filter describes, as a
// cost: the player chooses, one counter at a time, the permanent each
// comes from (CR 601.2h, 602.2b), each choice recorded; then each
// permanent's counters are removed at once.
func (g *Game) hRemoveCountersAmong(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil {
		return 0, nil
	}
	kind, n := CounterKind(a[0]), qty(a[1])
	left := map[ObjectID]int{}
	var order []ObjectID
	for range n {
		options := g.counterHolders(fr, a[2], kind, left)
		if len(options) == 0 {
			break
		}
		choice := g.decider.RemoveCounterFrom(g, fr.controller, fr.source, slices.Clone(options))
		if !slices.Contains(options, choice) {
			choice = options[0]
		}
		g.decided(Decision{Player: fr.controller, Kind: DecisionCostObject, Source: fr.source, Target: ObjectValue(choice)})
		if _, seen := left[choice]; !seen {
			order = append(order, choice)
		}
		left[choice]++
	}
	for _, id := range order {
		g.propose(Event{Kind: EvCounterRemoved, Object: id, Counter: kind, Amount: left[id]})
	}
	return 0, nil
}

// counterHolders lists the permanents the running ability's controller
// controls that its filter describes and that still have a counter of the
// kind once the removals already chosen (taken) are counted, oldest first.
func (g *Game) counterHolders(fr *frame, filter vm.Value, kind CounterKind, taken map[ObjectID]int) []ObjectID {
	var out []ObjectID
	for _, id := range g.sacrificeOptions(fr, fr.controller, filter) {
		if g.objects[id].Counters(kind) > taken[id] {
			out = append(out, id)
		}
	}
	return out
}

// cantRemoveCountersAmong says why the counters of a cost can't be
// removed from among the permanents its filter describes: they have fewer
// than that many among them (CR 601.2h).
func (g *Game) cantRemoveCountersAmong(a []vm.Value) string {
	fr := g.frame()
	total := 0
	if fr != nil {
		for _, id := range g.sacrificeOptions(fr, fr.controller, a[2]) {
			total += g.objects[id].Counters(CounterKind(a[0]))
		}
	}
	if total < qty(a[1]) {
		return "there are not that many counters among them to remove"
	}
	return ""
}
