package core

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// ---- automatic payment: which mana abilities pay a cost (CR 601.2g-h) -------
//
// Where a player's mana pool can't pay a cost, the player may activate
// mana abilities first (CR 601.2g, 605.3a); the rules core does it for
// them, choosing the abilities as follows.
//
// What each permanent could give. For each permanent the player
// controls, the planner lists its options: the sets of its mana abilities
// it could activate now, each at most once, at most one of them with {T}
// (CR 107.5), with no mana symbol and no choice of object in their costs,
// and for each the mana they would add with every choice their resolution
// makes — the type of "one mana of any color", the order of replacement
// effects (CR 616.1) — and with the replacement effects (CR 106.12b) and
// the triggered mana abilities (CR 605.4a, 106.12a: Heartbeat of Spring)
// that would apply. Each option is found by running the abilities without
// resolving them, once for each sequence of choices.
//
// Which permanents. Among all ways to choose at most one option of each
// permanent such that the pool and the mana they add pay the cost, the
// planner takes the one with the fewest permanents; first using only
// abilities whose only cost is {T}, and only where they can't pay, those
// with other costs too (sacrifice, life, counters). Among ways with as
// few, it takes the first in this order of permanents: those that could
// produce a type of mana the cost names by symbol first, then the order
// they entered the battlefield, and for each permanent its options in
// order (abilities whose only cost is {T} first, in the card's order, each
// choice first to last: white before green). The same game gives the same
// plan.
//
// How. Only a little of what the permanents add matters: for each type of
// mana, as much as the cost's non-generic symbols could take of it (caps);
// the rest pays generic mana only, and only its amount matters. A
// dynamic program over the permanents, in the order above, keeps for each
// such capped amount (a "state"), each amount of life the costs paid so
// far, and each number of permanents used, the most mana left over for
// generic mana; the payment exists if the final state leaves enough. Its
// work is permanents × states × life amounts × options × the number of
// permanents used: polynomial in the number of permanents (linear for a
// cost whose mana is a few symbols). The plan is read back from the tables,
// first permanent first, so that it is the first in the order above.

// manaOption is one way the automatic payment may use one permanent: the
// mana abilities it activates, in order, and what they add in all.
type manaOption struct {
	steps  []plannedActivation
	amount mana.Amount
	// life is the life their costs pay (CR 119.4).
	life int
	// costly is set if a cost is more than {T}: the permanent is
	// sacrificed, life paid, counters put or removed.
	costly bool
}

// plannedActivation is a mana ability an automatic payment activates,
// with the choices its resolution makes, in the order it makes them.
type plannedActivation struct {
	ability AbilityRef
	choices []int
	// sacrifices is set if its cost sacrifices the permanent: it is
	// activated last.
	sacrifices bool
}

// manaSource is a permanent and the options it gives an automatic
// payment.
type manaSource struct {
	id      ObjectID
	options []manaOption
}

// The bounds of the automatic payment. None is reached by a card of the
// library; SPEC (Mana) states what a designer sees when one is.
const (
	// maxOutcomeRuns bounds the sequences of choices tried for one mana
	// ability.
	maxOutcomeRuns = 1024
	// maxSourceOptions bounds the options of one permanent.
	maxSourceOptions = 1024
	// maxPlanCells bounds the tables of the dynamic program: permanents
	// × states × life amounts × permanents used.
	maxPlanCells = 1 << 23
	// maxPlanTriggers bounds the triggered mana abilities that one
	// simulated activation may trigger, one after another.
	maxPlanTriggers = 64
)

// planLimitError says the automatic payment stopped at one of its bounds:
// not a rule of the game, so not a *RuleError.
type planLimitError struct{ msg string }

func (e *planLimitError) Error() string { return e.msg }

// planMana finds the mana abilities that pay mana symbols with X from a
// player's pool, as the package comment above says, with life the player
// can still pay (for Phyrexian symbols and for costs). exclude is a
// permanent that can't be used (the source of an ability with {T} in its
// cost); excludeCostly is a permanent whose abilities with costs other
// than {T} can't be (the source of the ability being paid for). It returns
// nil and an error saying why when no plan is found.
func (g *Game) planMana(p PlayerID, syms []mana.Symbol, x, life int, exclude, excludeCostly ObjectID) ([]plannedStep, error) {
	cm, err := newCostModel(syms, x)
	if err != nil {
		return nil, err
	}
	sources, left := g.manaSources(p, exclude, excludeCostly, cm)
	pool := g.players[p].pool
	var free []manaSource
	for _, s := range sources {
		var opts []manaOption
		for _, o := range s.options {
			if !o.costly {
				opts = append(opts, o)
			}
		}
		if len(opts) > 0 {
			free = append(free, manaSource{s.id, opts})
		}
	}
	plan, ok, err := cm.plan(free, pool, life)
	if err == nil && !ok && hasCostly(sources) {
		plan, ok, err = cm.plan(sources, pool, life)
	}
	switch {
	case err != nil:
		return nil, err
	case ok:
		return plan, nil
	case len(left) > 0:
		return nil, &planLimitError{fmt.Sprintf("%s can't pay %s with the mana abilities the automatic payment activates, and it does not activate %s: activate it first (see SPEC, Mana)",
			playerName(p), costString(syms, x), strings.Join(left, ", "))}
	}
	return nil, ruleErrorf("601.2h", "%s can't pay %s: not enough mana", playerName(p), costString(syms, x))
}

func hasCostly(sources []manaSource) bool {
	for _, s := range sources {
		for _, o := range s.options {
			if o.costly {
				return true
			}
		}
	}
	return false
}

// plannedStep is a permanent and the option of it a plan uses.
type plannedStep struct {
	source ObjectID
	option *manaOption
}

// manaSources lists the permanents of a player that could add mana for
// an automatic payment, in the planner's order, with their options; left
// names the mana abilities it leaves out that could have added mana (a
// mana symbol, {Q} or a choice of object in their costs, or a second
// activation of an ability that needs no {T}).
func (g *Game) manaSources(p PlayerID, exclude, excludeCostly ObjectID, cm *costModel) (sources []manaSource, left []string) {
	for _, id := range g.battlefield {
		o := g.objects[id]
		if id == exclude || o.controller != p {
			continue
		}
		type usable struct {
			r          AbilityRef
			outs       []outcome
			tap        bool
			costly     bool
			sacrifices bool
			life       int
		}
		var abilities []usable
		for _, r := range g.ActivatedAbilities(id) {
			ab := r.ability()
			if ab.Flags&vm.FlagMana == 0 {
				continue
			}
			if ab.Cost != "" || len(ab.Choices) > 0 || len(ab.Targets) > 0 || ab.Flags&vm.FlagUntapCost != 0 {
				left = append(left, fmt.Sprintf("%s's %q", g.objectName(id), ab.Text))
				continue
			}
			tap := ab.Flags&vm.FlagTapCost != 0
			if tap && g.canPayTapSymbol(o, ab) != nil ||
				ab.Flags&vm.FlagSorcery != 0 && !g.sorceryTiming(p) ||
				ab.Flags&vm.FlagOncePerTurn != 0 && g.activated[activation{id, r}] == g.turn ||
				g.activationForbidden(o, ab) != 0 {
				continue // it can't be activated now
			}
			u := usable{r: r, tap: tap}
			if ab.Pay != vm.NoFunc {
				if id == excludeCostly {
					continue
				}
				item := &StackItem{Source: id, Controller: p, Def: r.Def, Ability: r.Index}
				item.Locals = make([]vm.Value, max(ab.NumLocals, vm.FirstFreeLocal))
				item.Locals[vm.LocalThis], item.Locals[vm.LocalYou] = ObjectValue(id), PlayerValue(p)
				g.costLife, g.costSacrifices = 0, false
				if g.checkPay(item) != "" {
					continue
				}
				u.costly, u.life, u.sacrifices = true, g.costLife, g.costSacrifices
			}
			if !tap && ab.Flags&vm.FlagOncePerTurn == 0 && !u.sacrifices {
				// It could be activated again; the payment activates it once.
				left = append(left, fmt.Sprintf("%s's %q more than once", g.objectName(id), ab.Text))
			}
			u.outs = g.activationOutcomes(o, r, p)
			if len(u.outs) > 0 {
				abilities = append(abilities, u)
			}
		}
		if len(abilities) == 0 {
			continue
		}
		// The options: each set of its abilities with at most one {T}
		// and at most one sacrifice, each choice of each.
		var opts []manaOption
		var build func(i int, cur manaOption, tap, sac bool)
		build = func(i int, cur manaOption, tap, sac bool) {
			if len(opts) >= maxSourceOptions {
				return
			}
			if i == len(abilities) {
				if len(cur.steps) > 0 {
					cur.steps = slices.Clone(cur.steps)
					// A sacrificed permanent can't activate more (CR 701.17a).
					slices.SortStableFunc(cur.steps, func(a, b plannedActivation) int {
						switch {
						case a.sacrifices && !b.sacrifices:
							return 1
						case b.sacrifices && !a.sacrifices:
							return -1
						}
						return 0
					})
					opts = append(opts, cur)
				}
				return
			}
			build(i+1, cur, tap, sac)
			u := &abilities[i]
			if u.tap && tap || u.sacrifices && sac {
				return
			}
			for _, out := range u.outs {
				next := cur
				next.steps = append(slices.Clip(cur.steps), plannedActivation{ability: u.r, choices: out.choices, sacrifices: u.sacrifices})
				for t, n := range out.amount {
					next.amount[t] = add(next.amount[t], n)
				}
				next.life = add(next.life, u.life)
				next.costly = cur.costly || u.costly
				build(i+1, next, tap || u.tap, sac || u.sacrifices)
			}
		}
		build(0, manaOption{}, false, false)
		if len(opts) >= maxSourceOptions {
			left = append(left, fmt.Sprintf("%s beyond its first %d ways to add mana", g.objectName(id), maxSourceOptions))
		}
		// Free options first; then by how many abilities; else as built.
		slices.SortStableFunc(opts, func(a, b manaOption) int {
			switch {
			case a.costly != b.costly:
				if a.costly {
					return 1
				}
				return -1
			}
			return len(a.steps) - len(b.steps)
		})
		sources = append(sources, manaSource{id: id, options: opts})
	}
	// Those that could produce a type the cost names by symbol first
	// (a Swamp is kept for a later {B} when Forests can pay {1}{G}).
	names := func(s manaSource) bool {
		for _, o := range s.options {
			for t, n := range o.amount {
				if n > 0 && cm.named[t] {
					return true
				}
			}
		}
		return false
	}
	slices.SortStableFunc(sources, func(a, b manaSource) int {
		switch na, nb := names(a), names(b); {
		case na && !nb:
			return -1
		case nb && !na:
			return 1
		}
		return 0
	})
	return sources, left
}

// ---- what a mana ability would add, choice by choice ------------------------

// outcome is what a mana ability would add to its controller's pool for
// one sequence of the choices its resolution makes.
type outcome struct {
	amount  mana.Amount
	choices []int
}

// planRun is one run of a mana ability without resolving it, for one
// sequence of choices: the choices to make (a prefix; later ones take the
// first option), those made with the number of options of each, the mana
// added to the player, and the triggered mana abilities waiting.
type planRun struct {
	player  PlayerID
	prefix  []int
	choices []int
	arity   []int
	total   mana.Amount
	queue   []pendingTrigger
}

// choose is a choice among n options.
func (r *planRun) choose(n int) int {
	i := 0
	if k := len(r.choices); k < len(r.prefix) && r.prefix[k] < n {
		i = r.prefix[k]
	}
	r.choices = append(r.choices, i)
	r.arity = append(r.arity, n)
	return i
}

// activationOutcomes runs a mana ability of a permanent without resolving
// it, once for each sequence of choices its resolution could make, and
// returns the different amounts of mana it would add to a player, with
// the first sequence that adds each, in the order of the sequences (first
// options first). Its cost is not paid: the permanent is as it is now.
func (g *Game) activationOutcomes(o *Object, r AbilityRef, p PlayerID) []outcome {
	var outs []outcome
	var prefix []int
	for runs := 0; runs < maxOutcomeRuns; runs++ {
		run := &planRun{player: p, prefix: prefix}
		g.simulateActivation(o, r, run)
		if run.total.Total() > 0 && !slices.ContainsFunc(outs, func(x outcome) bool { return x.amount == run.total }) {
			outs = append(outs, outcome{amount: run.total, choices: slices.Clone(run.choices)})
		}
		// The next sequence, as an odometer: the last choice that has
		// an option left takes the next one.
		j := len(run.choices) - 1
		for j >= 0 && run.choices[j]+1 >= run.arity[j] {
			j--
		}
		if j < 0 {
			break
		}
		prefix = append(slices.Clone(run.choices[:j]), run.choices[j]+1)
	}
	return outs
}

// simulateActivation runs a mana ability and the triggered mana abilities
// it would trigger (CR 605.4a) without resolving them, recording in run
// what they would add.
func (g *Game) simulateActivation(o *Object, r AbilityRef, run *planRun) {
	saved, savedVisiting, savedDeferred := g.sim, g.visiting, len(g.deferred)
	g.sim, g.visiting = &simulation{plan: run}, nil
	ab := r.ability()
	var ls locals
	g.run(frame{mode: modeSimulate, source: o.id, controller: o.controller, def: r.Def, ability: r.Index,
		locals: ls.reset(ab.NumLocals, o.id, o.controller), tapped: ab.Flags&vm.FlagTapCost != 0}, ab.Body)
	for i := 0; i < len(run.queue) && i < maxPlanTriggers; i++ {
		t := run.queue[i]
		g.run(t.frame(modeSimulate, &t.event), t.ab().Body)
	}
	g.sim, g.visiting = saved, savedVisiting
	g.deferred = g.deferred[:savedDeferred]
}

// simulatePlanMana records what a mana_produced event would add, as
// replace and perform would: the replacement effects that apply, in the
// order the run's choices give where several do (CR 616.1), each at most
// once (CR 614.5); then the triggered mana abilities it would trigger.
func (g *Game) simulatePlanMana(ev Event, run *planRun) {
	var applied []abilityRef
	for {
		cands := g.replacementsFor(&ev, applied, nil)
		if len(cands) == 0 {
			break
		}
		i := 0
		if len(cands) > 1 {
			i = run.choose(len(cands))
		}
		c := &cands[i]
		start := len(g.deferred)
		g.run(c.frame(modeReplace, &ev), c.ab().Body)
		g.deferred = g.deferred[:start] // what would happen after the event does not happen
		applied = append(applied, abilityRef{c.source, c.def, c.ability})
	}
	ev.Amount = ev.Mana.Total()
	if ev.Amount <= 0 || checkPlayer(ev.Player) != nil {
		return // no mana is produced: nothing triggers (CR 106.12a)
	}
	if ev.Player == run.player {
		for t, n := range ev.Mana {
			run.total[t] = add(run.total[t], n)
		}
	}
	// The triggered mana abilities it would trigger wait in the run; the
	// delayed ones that trigger once stay.
	delayed := g.delayed
	g.delayed = slices.Clone(delayed)
	g.collect = &run.queue
	g.checkTriggers(&ev)
	g.collect = nil
	g.delayed = delayed
}

// ---- the cost, and the dynamic program ---------------------------------------

// costModel is a cost of mana symbols with X as the planner reads it: its
// generic mana, its other symbols, and the states of capped amounts.
type costModel struct {
	syms    []mana.Symbol
	x       int
	generic int
	// flex are the symbols that are not generic.
	flex []mana.Symbol
	// named are the types of mana the cost names by symbol.
	named [mana.NumTypes]bool
	// caps is how much of each type the symbols of flex could take;
	// stride the place of each type in a state's number.
	caps, stride [mana.NumTypes]int
	states       int
	// vecs are the amounts the states stand for.
	vecs []mana.Amount
	// phyrexian is the number of Phyrexian symbols; slack[s*(phyrexian+1)+q]
	// is what state s leaves for generic mana once flex is paid, with at
	// most q Phyrexian symbols paid with life (negSlack if it can't pay).
	phyrexian int
	slack     []int
}

const negSlack = math.MinInt / 4

// maxPlanStates bounds the states of a cost.
const maxPlanStates = 1 << 16

func newCostModel(syms []mana.Symbol, x int) (*costModel, error) {
	cm := &costModel{syms: syms, x: x}
	for _, s := range syms {
		switch s.Kind {
		case mana.Generic:
			cm.generic = add(cm.generic, s.N)
		case mana.Variable:
			cm.generic = add(cm.generic, x)
		default:
			cm.flex = append(cm.flex, s)
			for _, t := range accepts(s) {
				cm.caps[t]++
				cm.named[t] = true
			}
			if s.Kind == mana.Phyrexian {
				cm.phyrexian++
			}
		}
	}
	cm.states = 1
	for t := range cm.caps {
		cm.stride[t] = cm.states
		cm.states *= cm.caps[t] + 1
		if cm.states > maxPlanStates {
			return nil, &planLimitError{fmt.Sprintf("the automatic payment can't search a payment of %s: its symbols make more than %d states (see SPEC, Mana); tap mana first", costString(syms, x), maxPlanStates)}
		}
	}
	cm.vecs = make([]mana.Amount, cm.states)
	for st := range cm.states {
		for t := range cm.caps {
			cm.vecs[st][t] = st / cm.stride[t] % (cm.caps[t] + 1)
		}
	}
	cm.computeSlack()
	return cm, nil
}

// accepts lists the types of mana that can pay a symbol that is not
// generic ({S} none: no permanent is snow yet).
func accepts(s mana.Symbol) []mana.Type {
	switch s.Kind {
	case mana.Colored, mana.ColorlessOnly, mana.TwoHybrid:
		return []mana.Type{s.A}
	case mana.Hybrid, mana.Phyrexian:
		if s.A == s.B {
			return []mana.Type{s.A}
		}
		return []mana.Type{s.A, s.B}
	case mana.ColorlessHybrid:
		return []mana.Type{mana.Colorless, s.A}
	}
	return nil
}

// decode returns the amount a state stands for.
func (cm *costModel) decode(s int) mana.Amount { return cm.vecs[s] }

// step adds an amount to a state: the new state, and how much of the
// amount is left over, for generic mana only.
func (cm *costModel) step(s int, a mana.Amount) (int, int) {
	v := cm.decode(s)
	over, next := 0, 0
	for t, n := range a {
		room := cm.caps[t] - v[t]
		take := min(n, room)
		over = add(over, n-take)
		next += (v[t] + take) * cm.stride[t]
	}
	return next, over
}

// computeSlack fills slack: for each state and number of Phyrexian
// symbols that may be paid with life, the most mana the state leaves for
// generic mana once the symbols of flex are paid (CR 601.2h): each
// colored, {C} or hybrid symbol with a mana it accepts, {2/W} with its
// color or two more generic, {C/W} with {C} or its color, a Phyrexian
// symbol with its color or 2 life.
func (cm *costModel) computeSlack() {
	q := cm.phyrexian + 1
	// f[i] is the best for flex[i:], per state and life left.
	f := make([]int, cm.states*q)
	for s := range cm.states {
		v := cm.decode(s)
		for l := range q {
			f[s*q+l] = v.Total()
		}
	}
	for i := len(cm.flex) - 1; i >= 0; i-- {
		sym := cm.flex[i]
		g := make([]int, len(f))
		for s := range cm.states {
			v := cm.decode(s)
			for l := range q {
				best := negSlack
				for _, t := range accepts(sym) {
					if v[t] > 0 {
						best = max(best, f[(s-cm.stride[t])*q+l])
					}
				}
				switch {
				case sym.Kind == mana.TwoHybrid && f[s*q+l] > negSlack:
					best = max(best, f[s*q+l]-2)
				case sym.Kind == mana.Phyrexian && l > 0:
					best = max(best, f[s*q+l-1])
				}
				g[s*q+l] = best
			}
		}
		f = g
	}
	cm.slack = f
}

// term is what a final state leaves for generic mana with life left.
func (cm *costModel) term(s, lifeLeft int) int {
	q := min(cm.phyrexian, max(lifeLeft, 0)/2)
	return cm.slack[s*(cm.phyrexian+1)+q]
}

// plan runs the dynamic program on sources, in order: ok is false if no
// choice of their options pays the cost with the pool.
func (cm *costModel) plan(sources []manaSource, pool mana.Amount, life int) ([]plannedStep, bool, error) {
	n := len(sources)
	// Life the costs could pay, at most: a dimension only if some do.
	lifeMax := 0
	for _, s := range sources {
		most := 0
		for _, o := range s.options {
			most = max(most, o.life)
		}
		lifeMax = add(lifeMax, most)
	}
	lifeMax = min(lifeMax, max(life, 0))
	lw := lifeMax + 1
	width := cm.states * lw
	if (n+1)*width > maxPlanCells {
		return nil, false, cm.tooLarge(n, lw)
	}
	s0, over0 := cm.step(0, pool)
	cell := func(s, l int) int { return s*lw + l }
	// Does any choice pay? best[s,l] from the last permanent back, with
	// any number of them.
	cur := make([]int, width)
	for s := range cm.states {
		for l := range lw {
			cur[cell(s, l)] = cm.term(s, life-l)
		}
	}
	next := make([]int, width)
	relax := func(dst, from, skip []int, src *manaSource) {
		copy(dst, skip)
		for s := range cm.states {
			for _, o := range src.options {
				s2, over := cm.step(s, o.amount)
				for l := 0; l+o.life < lw; l++ {
					if v := from[cell(s2, l+o.life)]; v > negSlack {
						dst[cell(s, l)] = max(dst[cell(s, l)], add(v, over))
					}
				}
			}
		}
	}
	for i := n - 1; i >= 0; i-- {
		relax(next, cur, cur, &sources[i])
		cur, next = next, cur
	}
	if v := cur[cell(s0, 0)]; v <= negSlack || add(v, over0) < cm.generic {
		return nil, false, nil
	}
	// A plan from which no permanent can be left out bounds the fewest;
	// when the tables of the fewest would be too large, it will do.
	minimal := cm.readBackMinimal(sources, pool, life, lw)
	if (n+1)*width*(len(minimal)+1) > maxPlanCells {
		return minimal, true, nil
	}
	// The fewest permanents: layer k holds, for each position i, the best
	// with exactly k of the permanents from i on.
	layers := [][]int{make([]int, (n+1)*width)}
	for i := 0; i <= n; i++ {
		for s := range cm.states {
			for l := range lw {
				layers[0][i*width+cell(s, l)] = cm.term(s, life-l)
			}
		}
	}
	for k := 1; k <= len(minimal); k++ {
		layer := make([]int, (n+1)*width)
		for c := range width {
			layer[n*width+c] = negSlack
		}
		prev := layers[k-1]
		for i := n - 1; i >= 0; i-- {
			relax(layer[i*width:(i+1)*width], prev[(i+1)*width:(i+2)*width], layer[(i+1)*width:(i+2)*width], &sources[i])
		}
		layers = append(layers, layer)
		if v := layer[cell(s0, 0)]; v > negSlack && add(v, over0) >= cm.generic {
			return cm.readBack(sources, layers, k, s0, over0, lw), true, nil
		}
	}
	return minimal, true, nil // not reached: the minimal plan has as many
}

// readBack reads the plan of k permanents from the layers: at each
// permanent, in order, its first option that still leads to a payment, or
// none.
func (cm *costModel) readBack(sources []manaSource, layers [][]int, k, s, over, lw int) []plannedStep {
	width := cm.states * lw
	var plan []plannedStep
	l := 0
	for i := 0; i < len(sources) && k > 0; i++ {
		src := &sources[i]
		for j := range src.options {
			o := &src.options[j]
			s2, extra := cm.step(s, o.amount)
			if l+o.life >= lw {
				continue
			}
			if v := layers[k-1][(i+1)*width+s2*lw+l+o.life]; v > negSlack && add(add(v, over), extra) >= cm.generic {
				plan = append(plan, plannedStep{source: src.id, option: o})
				s, over, l, k = s2, add(over, extra), l+o.life, k-1
				break
			}
		}
	}
	return plan
}

// readBackMinimal finds a plan from which no permanent can be left out,
// leaving out the last ones first: a dynamic program from the first
// permanent on keeps, for each position, the best of any choice of the
// permanents before it; from the last permanent back, each is left out if
// those before it can still pay with the ones kept after it, else kept
// with its first option that can.
func (cm *costModel) readBackMinimal(sources []manaSource, pool mana.Amount, life, lw int) []plannedStep {
	n, width := len(sources), cm.states*lw
	fwd := make([]int, (n+1)*width)
	for c := range width {
		fwd[c] = negSlack
	}
	s0, over0 := cm.step(0, pool)
	fwd[s0*lw] = over0
	for i, src := range sources {
		cur, next := fwd[i*width:(i+1)*width], fwd[(i+1)*width:(i+2)*width]
		copy(next, cur)
		for s := range cm.states {
			for l := range lw {
				v := cur[s*lw+l]
				if v <= negSlack {
					continue
				}
				for _, o := range src.options {
					if l+o.life >= lw {
						continue
					}
					s2, over := cm.step(s, o.amount)
					next[s2*lw+l+o.life] = max(next[s2*lw+l+o.life], add(v, over))
				}
			}
		}
	}
	// pays reports whether the permanents before i, with kept (mana and
	// life) after them, can pay.
	pays := func(i int, kept mana.Amount, keptLife int) bool {
		cur := fwd[i*width : (i+1)*width]
		for s := range cm.states {
			s2, over := cm.step(s, kept)
			for l := 0; l+keptLife < lw; l++ {
				if v := cur[s*lw+l]; v > negSlack {
					if t := cm.term(s2, life-l-keptLife); t > negSlack && add(add(v, over), t) >= cm.generic {
						return true
					}
				}
			}
		}
		return false
	}
	var kept mana.Amount
	keptLife := 0
	var plan []plannedStep
	for i := n - 1; i >= 0; i-- {
		if pays(i, kept, keptLife) {
			continue
		}
		for j := range sources[i].options {
			o := &sources[i].options[j]
			next := kept
			for t, m := range o.amount {
				next[t] = add(next[t], m)
			}
			if keptLife+o.life < lw && pays(i, next, keptLife+o.life) {
				plan = append(plan, plannedStep{source: sources[i].id, option: o})
				kept, keptLife = next, keptLife+o.life
				break
			}
		}
	}
	slices.Reverse(plan)
	return plan
}

func (cm *costModel) tooLarge(n, lw int) error {
	return &planLimitError{fmt.Sprintf("the automatic payment stopped searching a payment of %s: %d permanents × %d states × %d amounts of life need more than %d cells (see SPEC, Mana); tap mana first",
		costString(cm.syms, cm.x), n, cm.states, lw, maxPlanCells)}
}
