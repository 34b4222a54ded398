package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// This file holds what spells and abilities choose as they are cast,
// activated or put on the stack beyond one target for each word
// "target": their modes (CR 700.2, 601.2b), targets of several objects
// ("two target creatures", "any number of targets", CR 115.3, 601.2c),
// the division of an amount among them (CR 601.2d), and the cost
// increase of each target beyond the first (CR 601.2f; Fireball); and how
// their bodies read those choices as they resolve.

// targetActive reports whether target i of an item's ability is one of
// its targets: a target of no mode, or of a mode chosen (CR 601.2c).
func (s *StackItem) targetActive(ab *vm.Ability, i int) bool {
	m := ab.Targets[i].Mode
	return m == 0 || slices.Contains(s.Modes, int(m))
}

// chosenFor returns what was chosen for target i: the objects and players
// of a target of several, or the one its local holds (none if 0).
func (s *StackItem) chosenFor(ab *vm.Ability, i int) []vm.Value {
	t := &ab.Targets[i]
	if t.Group() {
		if i < len(s.Chosen) {
			return s.Chosen[i]
		}
		return nil
	}
	if v := s.Locals[t.Local]; v != 0 {
		return []vm.Value{v}
	}
	return nil
}

// setChosen records what was chosen for target i, a target of several,
// and how many in its local.
func (s *StackItem) setChosen(ab *vm.Ability, i int, vs []vm.Value) {
	if len(s.Chosen) < len(ab.Targets) {
		s.Chosen = append(s.Chosen, make([][]vm.Value, len(ab.Targets)-len(s.Chosen))...)
	}
	s.Chosen[i] = vs
	s.Locals[ab.Targets[i].Local] = vm.Value(len(vs))
}

// targetCount describes how many objects target t chooses, for messages:
// "1 target", "0 to 2 targets", "any number of targets".
func targetCount(t *vm.Target) string {
	lo, hi := t.Count()
	switch {
	case hi == vm.AnyNumber:
		return fmt.Sprintf("%d or more targets", lo)
	case lo == hi && lo == 1:
		return "1 target"
	case lo == hi:
		return fmt.Sprintf("%d targets", lo)
	}
	return fmt.Sprintf("%d to %d targets", lo, hi)
}

// chooseModes has the controller of a modal spell or ability choose its
// modes, before its targets (CR 601.2b, 700.2): from ModeMin to ModeMax
// distinct ones (CR 700.2d). An invalid choice is an error (nothing
// happens) for a spell or ability its player announces, and the default
// for a triggered ability (strict false).
func (g *Game) chooseModes(item *StackItem, ab *vm.Ability, strict bool) error {
	if ab.Modes == 0 {
		return nil
	}
	view := item.clone()
	modes := slices.Clone(g.decider.ChooseModes(g, item.Controller, &view, int(ab.ModeMin), int(ab.ModeMax), int(ab.Modes)))
	slices.Sort(modes)
	if why := badModes(modes, ab); why != "" {
		if strict {
			return ruleErrorf("700.2", "%s: %s", item.Def.Name, why)
		}
		modes = DefaultDecider{}.ChooseModes(g, item.Controller, &view, int(ab.ModeMin), int(ab.ModeMax), int(ab.Modes))
	}
	item.Modes = modes
	g.decided(Decision{Player: item.Controller, Kind: DecisionModes, Source: item.Source, Modes: slices.Clone(modes)})
	return nil
}

// badModes says why modes, sorted, are no choice of ab's modes, or "".
func badModes(modes []int, ab *vm.Ability) string {
	switch {
	case len(modes) < int(ab.ModeMin) || len(modes) > int(ab.ModeMax):
		return fmt.Sprintf("%d modes chosen, and it chooses %d to %d", len(modes), ab.ModeMin, ab.ModeMax)
	}
	for i, m := range modes {
		switch {
		case m < 1 || m > int(ab.Modes):
			return fmt.Sprintf("it has no mode %d (its modes are 1 to %d)", m, ab.Modes)
		case i > 0 && modes[i-1] == m:
			return fmt.Sprintf("mode %d is chosen twice, and a mode can be chosen once (CR 700.2d)", m)
		}
	}
	return ""
}

// assignTargets gives the targets of a spell or activated ability what
// its controller announced, in the order the ability names its targets
// (CR 601.2c, 602.2b): a target of one takes the next value; a target of
// several takes the values that follow while each is legal for it and not
// chosen for it already (CR 115.3), up to its most, leaving the targets
// after it their least — the first that is not goes on to the next
// target. Each must be legal (CR 115). Targets of modes not chosen take
// none.
func (g *Game) assignTargets(item *StackItem, ab *vm.Ability, vals []vm.Value) error {
	name := item.Def.Name
	var active []int
	for i := range ab.Targets {
		if item.targetActive(ab, i) {
			active = append(active, i)
		}
	}
	// need[k] is how many the targets from active[k] on need at least.
	need := make([]int, len(active)+1)
	several := false
	for k := len(active) - 1; k >= 0; k-- {
		t := &ab.Targets[active[k]]
		lo, _ := t.Count()
		need[k] = need[k+1] + int(lo)
		several = several || t.Several()
	}
	if !several && len(vals) != len(active) {
		return fmt.Errorf("%s needs %d target(s), got %d", name, len(active), len(vals))
	}
	illegal := func(i int, v vm.Value) error {
		if rule := g.illegalTarget(item, i, v); rule != "" {
			return ruleErrorf(rule, "%s: %s is not a legal target for %q", name, g.ValueName(v), ab.Targets[i].Text)
		}
		return nil
	}
	rest := vals
	for k, i := range active {
		t := &ab.Targets[i]
		lo, hi := t.Count()
		most := len(rest) - need[k+1]
		if hi != vm.AnyNumber {
			most = min(most, int(hi))
		}
		if most < int(lo) {
			return ruleErrorf("601.2c", "%s: %q needs %s, and %d target(s) are left for it", name, t.Text, targetCount(t), max(most, 0))
		}
		n := 0
		var seen map[vm.Value]bool
		for n < most {
			v := rest[n]
			if seen[v] {
				if n < int(lo) {
					return ruleErrorf("115.3", "%s: %s is chosen twice for %q, and an object or player can be chosen once for each word \"target\"", name, g.ValueName(v), t.Text)
				}
				break
			}
			if err := illegal(i, v); err != nil {
				if n < int(lo) || k == len(active)-1 {
					return err
				}
				break // the next target's
			}
			if seen == nil {
				seen = map[vm.Value]bool{}
			}
			seen[v] = true
			n++
		}
		take := rest[:n]
		rest = rest[n:]
		switch {
		case t.Group():
			item.setChosen(ab, i, slices.Clone(take))
		case len(take) == 1:
			item.Locals[t.Local] = take[0]
		}
	}
	if len(rest) > 0 {
		if len(active) > 0 {
			last := active[len(active)-1]
			if err := illegal(last, rest[0]); err != nil {
				return err
			}
			if slices.Contains(item.chosenFor(ab, last), rest[0]) {
				return ruleErrorf("115.3", "%s: %s is chosen twice for %q, and an object or player can be chosen once for each word \"target\"", name, g.ValueName(rest[0]), ab.Targets[last].Text)
			}
		}
		return ruleErrorf("601.2c", "%s: %d target(s) more than it can have", name, len(rest))
	}
	return nil
}

// chooseTriggerTargets has the controller of a triggered ability choose
// its targets as it is put on the stack (CR 603.3d): the Decider chooses
// each, among the legal ones; an illegal choice is replaced by the
// default. It reports false if a target it must have has no legal choice:
// the ability is then removed from the stack.
func (g *Game) chooseTriggerTargets(item *StackItem, ab *vm.Ability) bool {
	for i := range ab.Targets {
		if !item.targetActive(ab, i) {
			continue
		}
		t := &ab.Targets[i]
		legal := g.legalTargets(item, i)
		lo, hi := t.Count()
		if !t.Several() {
			if len(legal) == 0 {
				return false
			}
			view := item.clone()
			choice := g.decider.ChooseTarget(g, item.Controller, &view, i, legal)
			if !containsValue(legal, choice) {
				choice = legal[0]
			}
			g.decided(Decision{Player: item.Controller, Kind: DecisionTarget, Source: item.Source, Target: choice})
			item.Locals[t.Local] = choice
			continue
		}
		if len(legal) < int(lo) {
			return false
		}
		if t.Divide != vm.NoFunc {
			// At least 1 to each: no more of them than the amount
			// (CR 601.2d).
			if amount := g.dividedAmount(item, i); hi == vm.AnyNumber || amount < int(hi) {
				hi = int32(amount)
			}
		}
		view := item.clone()
		chosen := g.decider.ChooseTargets(g, item.Controller, &view, i, legal, int(lo), int(hi))
		if !validTargets(chosen, legal, int(lo), int(hi)) {
			chosen = DefaultDecider{}.ChooseTargets(g, item.Controller, &view, i, legal, int(lo), int(hi))
		}
		chosen = slices.Clone(chosen)
		g.decided(Decision{Player: item.Controller, Kind: DecisionTarget, Source: item.Source, Chosen: slices.Clone(chosen)})
		if t.Group() {
			item.setChosen(ab, i, chosen)
		} else if len(chosen) == 1 {
			item.Locals[t.Local] = chosen[0]
		}
	}
	return true
}

// validTargets reports whether chosen are from lo to hi (hi AnyNumber:
// any number) distinct values of legal.
func validTargets(chosen, legal []vm.Value, lo, hi int) bool {
	if len(chosen) < lo || hi != int(vm.AnyNumber) && len(chosen) > hi {
		return false
	}
	in := make(map[vm.Value]bool, len(legal))
	for _, v := range legal {
		in[v] = true
	}
	for _, v := range chosen {
		if !in[v] {
			return false
		}
		delete(in, v) // chosen twice is not chosen once more
	}
	return true
}

// dividedAmount runs the function that returns the amount target i of an
// item divides (vm.Target.Divide), as it is cast or put on the stack.
func (g *Game) dividedAmount(item *StackItem, i int) int {
	ab := &item.Def.Card.Abilities[item.Ability]
	fn := ab.Targets[i].Divide
	ls := g.matchLocals.reset(ab.NumLocals, item.Source, item.Controller)
	copy(ls, item.Locals)
	n, err := g.run(frame{mode: modeMatch, source: item.Source, controller: item.Controller, def: item.Def,
		ability: item.Ability, locals: ls, x: item.X}, fn)
	if err != nil {
		return 0
	}
	return clampInt(int(n))
}

// divideTargets has the controller of a spell or ability divide the amount of
// each of its targets that divides among what was chosen for it, as it
// is cast or put on the stack (CR 601.2d): at least 1 to each, so no more
// of them than the amount, and all of it. An invalid division is an
// error (nothing happens) for a spell or ability its player announces,
// and the default for a triggered ability (strict false).
func (g *Game) divideTargets(item *StackItem, ab *vm.Ability, strict bool) error {
	for i := range ab.Targets {
		t := &ab.Targets[i]
		if t.Divide == vm.NoFunc || !item.targetActive(ab, i) {
			continue
		}
		chosen := item.chosenFor(ab, i)
		if len(chosen) == 0 {
			continue
		}
		amount := g.dividedAmount(item, i)
		if len(chosen) > amount {
			return ruleErrorf("601.2d", "%s: %d can't be divided among %d targets, at least 1 to each", item.Def.Name, amount, len(chosen))
		}
		view := item.clone()
		amounts := slices.Clone(g.decider.Divide(g, item.Controller, &view, i, slices.Clone(chosen), amount))
		if why := badDivision(amounts, len(chosen), amount); why != "" {
			if strict {
				return ruleErrorf("601.2d", "%s: %s", item.Def.Name, why)
			}
			amounts = DefaultDecider{}.Divide(g, item.Controller, &view, i, chosen, amount)
		}
		if len(item.Divided) < len(ab.Targets) {
			item.Divided = append(item.Divided, make([][]int, len(ab.Targets)-len(item.Divided))...)
		}
		item.Divided[i] = amounts
		g.decided(Decision{Player: item.Controller, Kind: DecisionDivide, Source: item.Source, Chosen: slices.Clone(chosen), Amounts: slices.Clone(amounts)})
	}
	return nil
}

// badDivision says why amounts are no division of amount among n
// targets (CR 601.2d), or "".
func badDivision(amounts []int, n, amount int) string {
	if len(amounts) != n {
		return fmt.Sprintf("%d amounts for %d targets", len(amounts), n)
	}
	sum := 0
	for _, a := range amounts {
		if a < 1 {
			return "each target is assigned at least 1"
		}
		sum += a
	}
	if sum != amount {
		return fmt.Sprintf("the division adds up to %d, not %d", sum, amount)
	}
	return ""
}

// targetsChosen counts the objects and players chosen for an item's
// targets.
func (s *StackItem) targetsChosen(ab *vm.Ability) int {
	n := 0
	for i := range ab.Targets {
		if s.targetActive(ab, i) {
			n += len(s.chosenFor(ab, i))
		}
	}
	return n
}

// extraTargetCost is the cost increase of a spell's "costs {1} more to
// cast for each target beyond the first" (Fireball, CR 601.2f): the mana
// of each such effect of the card, once for each object or player chosen
// beyond the first.
func (g *Game) extraTargetCost(card *Object, item *StackItem, ab *vm.Ability) ([]mana.Symbol, error) {
	extra := item.targetsChosen(ab) - 1
	if extra <= 0 {
		return nil, nil
	}
	var out []mana.Symbol
	for _, ai := range card.def.effects {
		fr, ok := g.effectMatch(card, ai, fnCostsMorePerExtraTarget, ObjectValue(card.id))
		if !ok {
			continue
		}
		var each string
		g.costCapture = &each
		_, err := g.run(fr, card.ability(ai).Body)
		g.costCapture = nil
		if err != nil {
			return nil, err
		}
		syms, bad := mana.Parse(each)
		if len(bad) > 0 {
			return nil, fmt.Errorf("%s: %s is not a mana symbol the core can pay", card.def.Name, strings.Join(bad, ""))
		}
		for range min(extra, maxPerCounterPayments) {
			out = append(out, syms...)
		}
	}
	return out, nil
}

// hCostsMorePerExtraTarget is the effect of "this spell costs {1} more to
// cast for each target beyond the first": it changes no characteristic;
// while a spell's total cost is determined, it tells extraTargetCost its
// mana.
func (g *Game) hCostsMorePerExtraTarget(a []vm.Value) (vm.Value, error) {
	if g.costCapture != nil {
		*g.costCapture += g.manaText(a[1])
	}
	return 0, nil
}

// checkTargetsOnResolution checks an item's targets as it resolves
// (CR 608.2b): each that is no longer legal is forgotten (its local, or
// its place among a target of several, becomes 0). It reports whether
// the item had targets and all of them are illegal: then it doesn't
// resolve.
func (g *Game) checkTargetsOnResolution(item *StackItem, ab *vm.Ability) (fizzles bool) {
	chosen, legal := 0, 0
	for i := range ab.Targets {
		if !item.targetActive(ab, i) {
			continue
		}
		t := &ab.Targets[i]
		if t.Group() {
			if i >= len(item.Chosen) {
				continue
			}
			for j, v := range item.Chosen[i] {
				chosen++
				if g.legalTarget(item, i, v) {
					legal++
				} else {
					item.Chosen[i][j] = 0
				}
			}
			continue
		}
		v := item.Locals[t.Local]
		if v == 0 && t.Several() {
			continue // "up to one target creature", none chosen
		}
		chosen++
		if g.legalTarget(item, i, v) {
			legal++
		} else {
			item.Locals[t.Local] = 0
		}
	}
	return chosen > 0 && legal == 0
}

// runningItem is the spell or ability that resolves, if the code that
// runs is its body.
func (g *Game) runningItem() (*StackItem, *vm.Ability) {
	fr := g.frame()
	if fr == nil || fr.item == nil || fr.item.Ability < 0 {
		return nil, nil
	}
	return fr.item, &fr.item.Def.Card.Abilities[fr.item.Ability]
}

// targetsOf calls f with each target index of the set mask (a value of
// type targets: bit i for target i) that the running item has.
func (g *Game) targetsOf(mask vm.Value, f func(item *StackItem, ab *vm.Ability, i int)) {
	item, ab := g.runningItem()
	if item == nil {
		return
	}
	for i := range ab.Targets {
		if i < 63 && mask&(1<<i) != 0 && item.targetActive(ab, i) {
			f(item, ab, i)
		}
	}
}

// qTargetCount is how many objects and players were chosen for the
// targets of a set (target_count).
func (g *Game) qTargetCount(a []vm.Value) (vm.Value, error) {
	n := 0
	g.targetsOf(a[0], func(item *StackItem, ab *vm.Ability, i int) {
		if ab.Targets[i].Group() {
			if i < len(item.Chosen) {
				n += len(item.Chosen[i])
			}
			return
		}
		if item.Locals[ab.Targets[i].Local] != 0 {
			n++
		}
	})
	return vm.Value(n), nil
}

// qTargetAt is the index-th object or player chosen for the targets of a
// set, 0 if it is no longer legal or there is none (target_at).
func (g *Game) qTargetAt(a []vm.Value) (vm.Value, error) {
	k, out := a[1], vm.Value(0)
	g.targetsOf(a[0], func(item *StackItem, ab *vm.Ability, i int) {
		if k < 0 {
			return
		}
		var vs []vm.Value
		if ab.Targets[i].Group() {
			if i < len(item.Chosen) {
				vs = item.Chosen[i]
			}
		} else if v := item.Locals[ab.Targets[i].Local]; v != 0 {
			vs = []vm.Value{v}
		}
		if k < vm.Value(len(vs)) {
			out, k = vs[k], -1
			return
		}
		k -= vm.Value(len(vs))
	})
	return out, nil
}

// qModeChosen reports whether the running spell or ability's controller
// chose mode a[0] (mode_chosen, CR 700.2).
func (g *Game) qModeChosen(a []vm.Value) (vm.Value, error) {
	if item, _ := g.runningItem(); item != nil && slices.Contains(item.Modes, int(a[0])) {
		return 1, nil
	}
	return 0, nil
}

// hChooseTargets is "choose target ... and target ...": the targets were
// chosen as the spell was cast or the ability put on the stack; as it
// resolves, it does nothing.
func (g *Game) hChooseTargets([]vm.Value) (vm.Value, error) { return 0, nil }

// hDealDamageDivided has a source deal the amount divided among the
// targets of a set as their controller divided it (CR 601.2d): each
// still-legal target is dealt what was assigned to it, and what was
// assigned to one no longer legal is not dealt (CR 608.2b).
func (g *Game) hDealDamageDivided(a []vm.Value) (vm.Value, error) {
	src, _ := valueObject(a[0])
	g.targetsOf(a[2], func(item *StackItem, ab *vm.Ability, i int) {
		if i >= len(item.Divided) {
			return
		}
		for j, v := range item.chosenFor(ab, i) {
			if v != 0 && j < len(item.Divided[i]) {
				g.dealDamage(src, v, item.Divided[i][j], false)
			}
		}
	})
	return 0, nil
}

// hDealDamageDividedEvenly has a source deal the amount divided evenly,
// rounded down, among the targets of a set that are still legal
// (Fireball): each is dealt the amount divided by how many they are
// (CR 107.1a), none when they are more than the amount.
func (g *Game) hDealDamageDividedEvenly(a []vm.Value) (vm.Value, error) {
	src, _ := valueObject(a[0])
	var legal []vm.Value
	g.targetsOf(a[2], func(item *StackItem, ab *vm.Ability, i int) {
		for _, v := range item.chosenFor(ab, i) {
			if v != 0 {
				legal = append(legal, v)
			}
		}
	})
	if len(legal) == 0 {
		return 0, nil
	}
	each := qty(a[1]) / len(legal)
	for _, v := range legal {
		g.dealDamage(src, v, each, false)
	}
	return 0, nil
}

// hDestroyOneAtRandom destroys one of the objects chosen for the targets
// of a set, chosen at random among those still legal (CR 608.2b;
// Capricious Efreet): chance's choice, recorded, then the destruction
// (CR 701.7).
func (g *Game) hDestroyOneAtRandom(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	var options []ObjectID
	g.targetsOf(a[0], func(item *StackItem, ab *vm.Ability, i int) {
		for _, v := range item.chosenFor(ab, i) {
			if id, ok := valueObject(v); ok && v != 0 && !slices.Contains(options, id) {
				options = append(options, id)
			}
		}
	})
	if len(options) == 0 || fr == nil {
		return 0, nil
	}
	picked := g.chooseAtRandom(fr.controller, "to destroy", options, 1)
	if o := g.onBattlefield(picked[0]); o != nil {
		g.propose(Event{Kind: EvDestroy, Object: o.id})
	}
	return 0, nil
}
