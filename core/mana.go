package core

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// Mana (CR 106): each player has a mana pool that empties at the end of
// each step and phase (CR 106.4, 500.4). Abilities add mana through a
// mana_produced event, which replacement effects may change (CR 106.12b)
// and triggered abilities may trigger on; those that could add mana are
// mana abilities and resolve at once (CR 605.4a).

// Pool returns the mana in a player's mana pool.
func (g *Game) Pool(p PlayerID) mana.Amount { return g.players[p].pool }

// emptyPools empties every mana pool, as each step and phase ends
// (CR 106.4, 500.4).
func (g *Game) emptyPools() {
	for _, p := range g.players {
		p.pool = mana.Amount{}
	}
}

// produceMana has the running ability add mana to a player's mana pool:
// a mana_produced event, whose source is the ability's source (CR 106.3).
// While the core only looks at what an ability could produce, nothing is
// added: the simulation records what would be.
func (g *Game) produceMana(p PlayerID, amount mana.Amount) {
	if amount.Total() <= 0 {
		return
	}
	fr := g.frame()
	ev := Event{Kind: EvManaProduced, Player: p, Mana: amount, Amount: amount.Total(), Source: fr.source, Tapped: fr.tapped}
	if s := g.sim; s != nil {
		if s.plan != nil {
			g.simulatePlanMana(ev, s.plan)
			return
		}
		g.simulateMana(ev, nil, s)
		return
	}
	g.propose(ev)
}

// performMana adds the mana of a mana_produced event to its player's pool.
func (g *Game) performMana(ev *Event) bool {
	ev.Amount = ev.Mana.Total()
	if ev.Amount <= 0 || checkPlayer(ev.Player) != nil {
		return false
	}
	pool := &g.players[ev.Player].pool
	for t, n := range ev.Mana {
		pool[t] = add(pool[t], n)
	}
	return true
}

// chooseMana has a player choose one type of mana among options: the
// type an autopayment planned, or the Decider's choice. With no option,
// no type is defined and no mana is produced (CR 106.5).
func (g *Game) chooseMana(p PlayerID, options []mana.Type) (mana.Type, bool) {
	if len(options) == 0 {
		return 0, false
	}
	t := g.forcedMana
	if i, ok := g.nextForced(len(options)); ok {
		t = options[i]
	}
	if !slices.Contains(options, t) {
		t = g.decider.ChooseMana(g, p, slices.Clone(options))
		if !slices.Contains(options, t) {
			t = options[0]
		}
	}
	g.decided(Decision{Player: p, Kind: DecisionMana, Source: g.frame().source, Mana: t})
	return t, true
}

// colors are the five colored types of mana, in order (CR 106.1b).
var colors = []mana.Type{mana.White, mana.Blue, mana.Black, mana.Red, mana.Green}

func (g *Game) hAddMana(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] < 0 || int(a[1]) >= len(g.lib.manas) {
		return 0, nil
	}
	g.produceMana(p, g.lib.manas[a[1]])
	return 0, nil
}

// hAddManaForEach adds mana a[2] times over, in one mana_produced event
// (Elvish Archdruid: "Add {G} for each Elf you control", the count made
// as the ability resolves); none for a count of 0.
func (g *Game) hAddManaForEach(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] < 0 || int(a[1]) >= len(g.lib.manas) || a[2] <= 0 {
		return 0, nil
	}
	amount := g.lib.manas[a[1]]
	for t := range amount {
		amount[t] = mul(amount[t], qty(a[2]))
	}
	g.produceMana(p, amount)
	return 0, nil
}

func (g *Game) hAddManaOfAnyColor(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] <= 0 {
		return 0, nil
	}
	g.produceOneType(p, colors, qty(a[1]))
	return 0, nil
}

// hAddManaOfChoice adds one of two amounts of mana, each of one type,
// that the player chooses as the ability resolves: "{T}: Add {B} or {R}."
// is one mana ability with a choice (CR 106.1b, 605.3b), not two. In a
// simulation each is what it might produce (CR 106.7); an automatic
// payment tries each, one run each.
func (g *Game) hAddManaOfChoice(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	var options []mana.Amount
	for _, v := range a[1:3] {
		if v >= 0 && int(v) < len(g.lib.manas) && g.lib.manas[v].Total() > 0 {
			options = append(options, g.lib.manas[v])
		}
	}
	g.produceOneOf(p, options)
	return 0, nil
}

// produceOneOf adds one of some amounts of mana, each of one type, that
// the player chooses; with none, no type is defined (CR 106.5).
func (g *Game) produceOneOf(p PlayerID, options []mana.Amount) {
	if len(options) == 0 {
		return
	}
	if g.sim != nil && g.sim.plan != nil {
		g.produceMana(p, options[g.sim.plan.choose(len(options))])
		return
	}
	if g.sim != nil {
		for _, o := range options {
			g.produceMana(p, o)
		}
		return
	}
	types := make([]mana.Type, len(options))
	for i, o := range options {
		types[i] = o.Types()[0]
	}
	t, _ := g.chooseMana(p, types)
	for _, o := range options {
		if o[t] > 0 {
			g.produceMana(p, o)
			return
		}
	}
}

// produceOneType adds n mana of one type among options, chosen by the
// player; in a simulation, each option is what might be produced.
func (g *Game) produceOneType(p PlayerID, options []mana.Type, n int) {
	if g.sim != nil && g.sim.plan != nil && len(options) > 0 {
		// An automatic payment tries each option, one run each.
		var amount mana.Amount
		amount[options[g.sim.plan.choose(len(options))]] = n
		g.produceMana(p, amount)
		return
	}
	if g.sim != nil {
		for _, t := range options {
			var amount mana.Amount
			amount[t] = n
			g.produceMana(p, amount)
		}
		return
	}
	t, ok := g.chooseMana(p, options)
	if !ok {
		return // CR 106.5
	}
	var amount mana.Amount
	amount[t] = n
	g.produceMana(p, amount)
}

// hAddManaCouldProduce adds mana of a type that an object of a set could
// produce (CR 106.7): Reflecting Pool, Exotic Orchard, Fellwar Stone.
func (g *Game) hAddManaCouldProduce(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] <= 0 {
		return 0, nil
	}
	fr := g.frame()
	ab := &fr.def.Card.Abilities[fr.ability]
	if a[2] < 0 || int(a[2]) >= len(ab.Filters) {
		return 0, nil
	}
	var types [mana.NumTypes]bool
	visiting := g.visiting
	if !containsObject(visiting, fr.source) {
		visiting = append(visiting, fr.source)
	}
	for _, id := range g.battlefield {
		if !g.inFilter(fr, ab.Filters[a[2]], ObjectValue(id)) || containsObject(visiting, id) {
			continue
		}
		for t, ok := range g.couldProduce(g.objects[id], visiting) {
			types[t] = types[t] || ok
		}
	}
	var options []mana.Type
	for t, ok := range types {
		if ok && (a[3] == 0 || mana.Type(t) != mana.Colorless) {
			options = append(options, mana.Type(t))
		}
	}
	g.produceOneType(p, options, qty(a[1]))
	return 0, nil
}

// hAddManaProduced adds mana of a type that the permanent whose tapping
// for mana triggered the running ability produced (Heartbeat of Spring,
// Mana Flare): the types of the mana_produced event.
func (g *Game) hAddManaProduced(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || a[1] <= 0 || fr.event == nil || fr.event.Kind != EvManaProduced {
		return 0, nil
	}
	g.produceOneType(p, fr.event.Mana.Types(), qty(a[1]))
	return 0, nil
}

// hAddManaOfChosenColor adds mana of the color the running ability's
// source chose as it entered (CR 614.12; Utopia Sprawl). Its source is
// that permanent (CR 106.3). With no color chosen, no type is defined and
// nothing is added (CR 106.5).
func (g *Game) hAddManaOfChosenColor(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	src := g.Object(g.frame().source)
	if !ok || a[1] <= 0 || src == nil || src.chosen.color == 0 {
		return 0, nil
	}
	var amount mana.Amount
	amount[colors[bits.TrailingZeros16(src.chosen.color)]] = qty(a[1])
	g.produceMana(p, amount)
	return 0, nil
}

// hDoubleMana has the mana of the event being replaced produced twice
// over (Mana Reflection, CR 106.12b).
func (g *Game) hDoubleMana(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvManaProduced {
		return 0, err
	}
	for t := range ev.Mana {
		ev.Mana[t] = add(ev.Mana[t], ev.Mana[t])
	}
	ev.Amount = ev.Mana.Total()
	return 0, nil
}

// hReplaceMana has the permanent tapped for mana produce this mana
// instead of any other type and amount (Contamination, CR 106.12b).
func (g *Game) hReplaceMana(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvManaProduced || a[1] < 0 || int(a[1]) >= len(g.lib.manas) {
		return 0, err
	}
	ev.Mana = g.lib.manas[a[1]]
	ev.Amount = ev.Mana.Total()
	return 0, nil
}

// inFilter runs a filter function of the running ability on a candidate.
func (g *Game) inFilter(fr *frame, fn int32, candidate vm.Value) bool {
	ab := &fr.def.Card.Abilities[fr.ability]
	var ls locals
	s := ls.reset(ab.NumLocals, fr.source, fr.controller)
	copy(s, fr.locals)
	s[vm.LocalCandidate] = candidate
	ok, err := g.run(frame{mode: modeMatch, source: fr.source, controller: fr.controller, def: fr.def,
		ability: fr.ability, locals: s, x: fr.x}, fn)
	return err == nil && ok != 0
}

// ---- what a permanent could produce (CR 106.7) -------------------------------

// simulation records what mana abilities would produce, while the core
// looks at them without resolving them.
type simulation struct {
	// amounts are the amounts of mana an ability would produce, each
	// once.
	amounts []mana.Amount
	// plan, when set, is a run of an automatic payment's look at a mana
	// ability: the mana adds up, choice by choice, and triggered mana
	// abilities count (see manaplan.go).
	plan *planRun
}

// nextForced takes the next choice an automatic payment planned for the
// mana ability resolving, among n options.
func (g *Game) nextForced(n int) (int, bool) {
	if len(g.forced) == 0 {
		return 0, false
	}
	i := g.forced[0]
	g.forced = g.forced[1:]
	return i, i >= 0 && i < n
}

func (s *simulation) add(a mana.Amount) {
	for _, b := range s.amounts {
		if a == b {
			return
		}
	}
	s.amounts = append(s.amounts, a)
}

// couldProduce returns the types of mana a permanent could produce: any
// type that one of its mana abilities would produce if it resolved now,
// with the replacement effects that would apply, in any possible order,
// whether or not its costs could be paid (CR 106.7). visiting holds the
// permanents being looked at already: one that looks back at them adds
// nothing (two Reflecting Pools don't help each other).
func (g *Game) couldProduce(o *Object, visiting []ObjectID) [mana.NumTypes]bool {
	var types [mana.NumTypes]bool
	for _, amount := range g.wouldProduce(o, visiting) {
		for t, n := range amount {
			types[t] = types[t] || n > 0
		}
	}
	return types
}

// wouldProduce returns every amount of mana one of the mana abilities of
// a permanent would produce if it resolved now (costs ignored).
func (g *Game) wouldProduce(o *Object, visiting []ObjectID) []mana.Amount {
	if o == nil || containsObject(visiting, o.id) || len(visiting) >= maxDepth {
		return nil
	}
	var manaAbilities []AbilityRef
	for _, r := range g.ActivatedAbilities(o.id) {
		if r.IsMana() {
			manaAbilities = append(manaAbilities, r)
		}
	}
	return g.simulate(o, manaAbilities, append(append([]ObjectID(nil), visiting...), o.id))
}

// simulate runs mana abilities of a permanent without resolving them
// (their costs ignored, CR 106.7) and returns every amount of mana they
// would produce; visiting are the permanents being looked at.
func (g *Game) simulate(o *Object, abilities []AbilityRef, visiting []ObjectID) []mana.Amount {
	saved, savedVisiting, savedDeferred := g.sim, g.visiting, len(g.deferred)
	sim := &simulation{}
	g.sim, g.visiting = sim, visiting
	for _, r := range abilities {
		ab := r.ability()
		var ls locals
		g.run(frame{mode: modeSimulate, source: o.id, controller: o.controller, def: r.Def, ability: r.Index,
			locals: ls.reset(ab.NumLocals, o.id, o.controller), tapped: ab.Flags&vm.FlagTapCost != 0}, ab.Body)
	}
	g.sim, g.visiting = saved, savedVisiting
	g.deferred = g.deferred[:savedDeferred]
	return sim.amounts
}

// simulateMana records what a mana_produced event would add: each
// replacement effect that would apply to it, applied in every order
// (CR 106.7: "in any possible order"), each at most once (CR 614.5).
func (g *Game) simulateMana(ev Event, applied []abilityRef, s *simulation) {
	cands := g.replacementsFor(&ev, applied, nil)
	if len(cands) == 0 || len(applied) >= 8 {
		s.add(ev.Mana)
		return
	}
	for i := range cands {
		c := &cands[i]
		next := ev
		start := len(g.deferred)
		g.run(c.frame(modeReplace, &next), c.ab().Body)
		g.deferred = g.deferred[:start] // what would happen after the event does not happen
		g.simulateMana(next, append(append([]abilityRef(nil), applied...), abilityRef{c.source, c.def, c.ability}), s)
	}
}

func containsObject(ids []ObjectID, id ObjectID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// ---- spending restrictions ---------------------------------------------------

// maxRestrictedX bounds the X a restriction on the mana spent on it turns
// into colored symbols (restrictX): a limit of the core, far beyond any
// real payment.
const maxRestrictedX = 1 << 12

// restrictX applies a spell's restriction on the mana spent on its X
// (Consume Spirit's "Spend only black mana on X", the effect
// spend_only_mana_on_x, which functions as the spell is cast, CR 113.6d-e):
// each {X} of the cost is paid as x symbols of that color (CR 601.2f-h,
// 107.3), the rest of the cost as usual. Without such an effect, the
// symbols are the cost's.
func (g *Game) restrictX(o *Object, p PlayerID, syms []mana.Symbol, x int) ([]mana.Symbol, error) {
	color := g.xColor(o, p)
	if color < 0 {
		return syms, nil
	}
	var out []mana.Symbol
	for _, s := range syms {
		if s.Kind != mana.Variable {
			out = append(out, s)
			continue
		}
		if x > maxRestrictedX {
			return nil, fmt.Errorf("%s: the core pays at most %d mana of one color for X (see SPEC, Mana)", o.def.Name, maxRestrictedX)
		}
		for range x {
			out = append(out, mana.Symbol{Kind: mana.Colored, A: color, Text: color.String()})
		}
	}
	return out, nil
}

// xColor is the type of mana a card's effect spend_only_mana_on_x says
// its X is paid with, or -1: the effect's body, run on the card as the
// spell is cast, names the color (hSpendOnlyManaOnX).
func (g *Game) xColor(o *Object, p PlayerID) mana.Type {
	g.spendOnly = -1
	for _, i := range o.def.effects {
		ab := &o.def.Card.Abilities[i]
		if funcID(o.def.Prog.ID(ab.Rule)) != fnSpendOnlyManaOnX {
			continue
		}
		var ls locals
		s := ls.reset(ab.NumLocals, o.id, p)
		s[vm.LocalCandidate] = ObjectValue(o.id)
		g.run(frame{mode: modeMatch, source: o.id, controller: p, def: o.def, ability: i, locals: s}, ab.Body)
	}
	return g.spendOnly
}

// hSpendOnlyManaOnX records the color a spell's X is paid with, for
// xColor (it changes no characteristic).
func (g *Game) hSpendOnlyManaOnX(a []vm.Value) (vm.Value, error) {
	if a[1] > 0 {
		g.spendOnly = colors[bits.TrailingZeros16(uint16(a[1]))]
	}
	return 0, nil
}
