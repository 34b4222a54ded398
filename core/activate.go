package core

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// RuleError is an action the rules do not allow, with the rule of the
// Comprehensive Rules that forbids it.
type RuleError struct {
	// Rule is the rule's number: "302.6", "602.5d".
	Rule string
	// Msg says what is not allowed, and why.
	Msg string
}

// Error reads like "... (CR 302.6)".
func (e *RuleError) Error() string { return e.Msg + " (CR " + e.Rule + ")" }

func ruleErrorf(rule, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// AbilityRef names an ability an object has: one of its card's own, or
// one a continuous effect grants it, which is an ability of the card of
// the effect (CR 613.1f).
type AbilityRef struct {
	Def   *CardDef
	Index int
}

// ability returns the compiled ability.
func (r AbilityRef) ability() *vm.Ability { return &r.Def.Card.Abilities[r.Index] }

// IsMana reports whether the ability is a mana ability (CR 605.1a).
func (r AbilityRef) IsMana() bool { return r.ability().Flags&vm.FlagMana != 0 }

// Text is the ability as its card says it.
func (r AbilityRef) Text() string { return r.ability().Text }

// Activation is what a player says as they activate an ability: which
// one, the value of X, the targets, and the objects that pay its cost.
type Activation struct {
	Player PlayerID
	// Source is the permanent whose ability it is; Ability the ability,
	// one of the permanent's ActivatedAbilities.
	Source  ObjectID
	Ability AbilityRef
	X       int
	// Targets are the targets in the order the ability names them.
	Targets []vm.Value
	// Choices are the objects chosen to pay the cost ("sacrifice a
	// creature"), in the order of the ability's Choices; when nil, the
	// Decider chooses.
	Choices []ObjectID
	// Mana is the type of mana a mana ability adds when it lets its
	// controller choose (any color...); -1 lets the Decider choose.
	Mana mana.Type
}

// ActivatedAbilities lists the activated abilities an object has: the
// intrinsic mana abilities of its basic land types (CR 305.6), in the
// order of its subtypes, then its card's own, in the order the card lists
// them, then those continuous effects grant it, in the order the effects
// apply (CR 613.1f).
func (g *Game) ActivatedAbilities(id ObjectID) []AbilityRef {
	o := g.Object(id)
	if o == nil {
		return nil
	}
	out := g.intrinsicAbilities(o, nil)
	for i := range o.def.Card.Abilities {
		if ab := &o.def.Card.Abilities[i]; ab.Kind == vm.AbilityActivated && ab.Flags&vm.FlagGranted == 0 && !g.abilitiesLost(o) {
			out = append(out, AbilityRef{o.def, i})
		}
	}
	for _, gr := range g.granted(o) {
		if gr.def.Card.Abilities[gr.ability].Kind == vm.AbilityActivated {
			out = append(out, AbilityRef{gr.def, gr.ability})
		}
	}
	return out
}

// hasAbility reports whether an object has an ability now.
func (g *Game) hasAbility(o *Object, r AbilityRef) bool {
	for _, x := range g.ActivatedAbilities(o.id) {
		if x == r {
			return true
		}
	}
	return false
}

// Activate activates an activated ability (CR 602.2): the ability is
// announced with its X, targets and the objects chosen to pay its cost;
// the cost is paid — mana from the player's mana pool, activating mana
// abilities first where the pool is short (CR 601.2g), {T} or {Q}, and its
// other parts. A mana ability then resolves at once (CR 605.3b); any other
// goes on the stack. An activation the rules do not allow is a *RuleError
// and changes nothing.
func (g *Game) Activate(a Activation) error {
	g.begin()
	return g.done(g.activate(a))
}

func (g *Game) activate(a Activation) (err error) {
	if g.over {
		return g.overError()
	}
	// An illegal activation changes nothing: the decisions announced for
	// it are not made.
	decided := len(g.decisions)
	defer func() {
		if err != nil {
			g.decisions = g.decisions[:decided]
		}
	}()
	if err := checkPlayer(a.Player); err != nil {
		return err
	}
	o, err := g.activatedFrom(a)
	if err != nil {
		return err
	}
	if a.Ability.Def == o.def && g.abilitiesLost(o) {
		return ruleErrorf("613.1f", "%s has lost all abilities: it has no activated ability of its card", g.objectName(o.id))
	}
	if a.Ability.Def == nil || !g.hasAbility(o, a.Ability) {
		return ruleErrorf("602.1", "%s has no such activated ability", g.objectName(o.id))
	}
	ab, def := a.Ability.ability(), a.Ability.Def
	if by := g.activationForbidden(o, ab); by != 0 {
		return ruleErrorf("602.5", "%s: its ability %q can't be activated: %s says so", g.objectName(o.id), ab.Text, g.objectName(by))
	}
	if o.zone == ZoneBattlefield && o.controller != a.Player {
		return ruleErrorf("602.2", "only the controller of %s can activate its abilities", g.objectName(o.id))
	}
	if o.zone != ZoneBattlefield && o.owner != a.Player {
		return ruleErrorf("602.2", "only the owner of %s, which has no controller in a graveyard, can activate its abilities", g.objectName(o.id))
	}
	isMana := ab.Flags&vm.FlagMana != 0
	loyalty := ab.Flags&vm.FlagLoyalty != 0
	if loyalty && !g.sorceryTiming(a.Player) {
		return ruleErrorf("606.3", "%s: a loyalty ability can be activated only in its controller's main phase, while the stack is empty", g.objectName(o.id))
	}
	if ab.Flags&vm.FlagSorcery != 0 && !g.sorceryTiming(a.Player) {
		return ruleErrorf("602.5d", "%s: this ability can be activated only as a sorcery: in its controller's main phase, while the stack is empty", g.objectName(o.id))
	}
	if loyalty && o.loyaltyTurn == g.turn {
		return ruleErrorf("606.3", "%s: a loyalty ability of this permanent has been activated this turn, and only one can be each turn", g.objectName(o.id))
	}
	key := activation{o.id, a.Ability}
	if ab.Flags&vm.FlagOncePerTurn != 0 && g.activated[key] == g.turn {
		return ruleErrorf("602.5", "%s: this ability can be activated only once each turn", g.objectName(o.id))
	}
	if err := g.canPayTapSymbol(o, ab); err != nil {
		return err
	}
	if a.X < 0 {
		return ruleErrorf("107.1b", "the value of X cannot be negative")
	}
	a.X = clampInt(a.X) // X is a quantity too: it stops at MaxQuantity
	// Announce it: X, targets, and the objects that will pay the cost
	// (CR 602.2b, 601.2b-c).
	item := &StackItem{Source: o.id, Controller: a.Player, Def: def, Ability: a.Ability.Index, X: a.X, Text: ab.Text}
	item.Locals = make([]vm.Value, max(ab.NumLocals, vm.FirstFreeLocal))
	item.Locals[vm.LocalThis], item.Locals[vm.LocalYou] = ObjectValue(o.id), PlayerValue(a.Player)
	if err := g.chooseModes(item, ab, true); err != nil {
		return err
	}
	if err := g.assignTargets(item, ab, a.Targets); err != nil {
		return err
	}
	if err := g.divideTargets(item, ab, true); err != nil {
		return err
	}
	if err := g.chooseCostObjects(item, a.Choices); err != nil {
		return err
	}
	// Determine the total cost and check it can be paid before paying
	// anything (CR 601.2f-h).
	syms, bad := mana.Parse(ab.Cost)
	if len(bad) > 0 {
		return fmt.Errorf("%s: %s is not a mana symbol the core can pay", g.objectName(o.id), bad[0])
	}
	if why := g.checkPay(item); why != "" {
		if loyalty {
			// Its cost is the loyalty counters alone (CR 606.4).
			return ruleErrorf("606.6", "%s: the loyalty cost can't be paid: %s", g.objectName(o.id), why)
		}
		return ruleErrorf("602.2b", "%s: the cost can't be paid: %s", g.objectName(o.id), why)
	}
	if err := g.payMana(a.Player, o.id, syms, a.X, o.id, ab.Flags&vm.FlagTapCost != 0); err != nil {
		return err
	}
	// Pay: {T} or {Q}, then the other parts (CR 601.2h).
	switch {
	case ab.Flags&vm.FlagTapCost != 0:
		g.tap(o, true)
	case ab.Flags&vm.FlagUntapCost != 0:
		g.tap(o, false)
	}
	if ab.Pay != vm.NoFunc {
		// What the cost moves, the effect can find (CR 400.7j).
		g.withFinding(&item.finds, func() {
			g.run(frame{mode: modeResolve, source: o.id, controller: a.Player, def: def, ability: a.Ability.Index,
				locals: item.Locals, x: a.X, paying: true}, ab.Pay)
		})
	}
	if loyalty {
		o.loyaltyTurn = g.turn
	}
	g.countActivation(key)
	if ab.Flags&vm.FlagOncePerTurn != 0 {
		if g.activated == nil {
			g.activated = map[activation]int{}
		}
		g.activated[key] = g.turn
	}
	if isMana {
		// A mana ability resolves at once (CR 605.3b).
		saved := g.forcedMana
		if a.Mana >= 0 && a.Mana < mana.NumTypes {
			g.forcedMana = a.Mana
		}
		g.resolveManaAbility(item, ab.Flags&vm.FlagTapCost != 0)
		g.forcedMana = saved
		g.settle()
		return nil
	}
	g.stack = append(g.stack, item)
	g.becameTargets(item)
	g.settle()
	return nil
}

// activatedFrom finds the object whose ability an activation activates:
// a permanent on the battlefield, or, for an ability that functions only
// in a graveyard (vm.FlagGraveyard, CR 113.6m), a card in its owner's
// graveyard. An ability activated from where it doesn't function is
// illegal by CR 113.6.
func (g *Game) activatedFrom(a Activation) (*Object, error) {
	o := g.Object(a.Source)
	if o == nil || o.left {
		return nil, fmt.Errorf("%s is not in the game", g.objectName(a.Source))
	}
	fromGraveyard := a.Ability.Def != nil && a.Ability.Index >= 0 && a.Ability.Index < len(a.Ability.Def.Card.Abilities) &&
		a.Ability.ability().Flags&vm.FlagGraveyard != 0
	switch {
	case fromGraveyard && o.zone != ZoneGraveyard:
		return nil, ruleErrorf("113.6m", "%s: this ability functions only while its card is in a graveyard", g.objectName(o.id))
	case !fromGraveyard && o.zone == ZoneGraveyard && a.Ability.Def == o.def:
		return nil, ruleErrorf("113.6", "%s is in a graveyard, where its ability doesn't function: it functions on the battlefield", g.objectName(o.id))
	case !fromGraveyard && o.zone != ZoneBattlefield:
		// The abilities of a permanent function only on the battlefield.
		return nil, ruleErrorf("113.6", "%s is not on the battlefield", g.objectName(a.Source))
	}
	return o, nil
}

// countActivation counts an activation of an ability of a permanent this
// turn, for `this ability has been activated N or more times this turn`.
func (g *Game) countActivation(key activation) {
	if g.activations == nil {
		g.activations = map[activation]turnCount{}
	}
	c := g.activations[key]
	if c.turn != g.turn {
		c = turnCount{turn: g.turn}
	}
	c.n++
	g.activations[key] = c
}

// turnCount is how many times something happened in a turn.
type turnCount struct{ turn, n int }

// qActivatedAtLeast reports whether the running ability has been activated
// at least a[0] times this turn by its permanent (Dragon Whelp): the
// activations countActivation counted, of this object (CR 400.7) in this
// turn.
func qActivatedAtLeast(g *Game, a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.def == nil {
		return 0, nil
	}
	c := g.activations[activation{fr.source, AbilityRef{fr.def, fr.ability}}]
	return boolValue(c.turn == g.turn && vm.Value(c.n) >= a[0]), nil
}

// qActivationsThisTurn is how many times the running ability has been
// activated this turn by its permanent, as qActivatedAtLeast counts.
func qActivationsThisTurn(g *Game, a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.def == nil {
		return 0, nil
	}
	c := g.activations[activation{fr.source, AbilityRef{fr.def, fr.ability}}]
	if c.turn != g.turn {
		return 0, nil
	}
	return vm.Value(c.n), nil
}

// qControls reports whether a player controls a permanent that filter
// a[1] of the running ability describes.
func qControls(g *Game, a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr, filter, fok := g.runningFilter(a[1])
	if !ok || !fok {
		return 0, nil
	}
	for _, id := range g.battlefield {
		if g.objects[id].controller == p && g.inFilter(fr, filter, ObjectValue(id)) {
			return 1, nil
		}
	}
	return 0, nil
}

// activation names an ability of a permanent, for the abilities that may
// be activated only once each turn.
type activation struct {
	object  ObjectID
	ability AbilityRef
}

// sorceryTiming reports whether a player could cast a sorcery now: in
// their main phase, with the stack empty (CR 307.1).
func (g *Game) sorceryTiming(p PlayerID) bool {
	return g.active == p && (g.step == StepMain1 || g.step == StepMain2) && len(g.stack) == 0
}

// canPayTapSymbol checks the {T} and {Q} of a cost: a tapped permanent
// can't pay {T}, an untapped one can't pay {Q} (CR 107.5, 107.6), and a
// creature can pay neither unless it has been under its controller's
// control since their most recent turn began, or has haste (CR 302.6).
func (g *Game) canPayTapSymbol(o *Object, ab *vm.Ability) error {
	tap, untap := ab.Flags&vm.FlagTapCost != 0, ab.Flags&vm.FlagUntapCost != 0
	switch {
	case tap && o.tapped:
		return ruleErrorf("107.5", "%s is tapped, so it can't pay {T}", g.objectName(o.id))
	case untap && !o.tapped:
		return ruleErrorf("107.6", "%s is untapped, so it can't pay {Q}", g.objectName(o.id))
	case (tap || untap) && g.isCreature(o) && g.summoningSick(o):
		return ruleErrorf("302.6", "%s has not been under its controller's control continuously since their most recent turn began, so its {T} and {Q} abilities can't be activated", g.objectName(o.id))
	}
	return nil
}

// summoningSick reports whether a creature has not been under its
// controller's control continuously since their most recent turn began,
// and has no haste (CR 302.6, 602.5a). A permanent a test's set-up put on
// the battlefield (sinceTurn 0) has always been.
func (g *Game) summoningSick(o *Object) bool {
	if o.sinceTurn == 0 || g.hasKeyword(o, keywordHaste) {
		return false
	}
	// Two players take turns in turn: the controller's most recent turn
	// is this one, or the one before it.
	recent := g.turn
	if g.active != o.controller {
		recent--
	}
	return o.sinceTurn >= recent
}

// chooseCostObjects chooses the objects that pay the cost: the scripted
// ones, which must be legal, or the Decider's.
func (g *Game) chooseCostObjects(item *StackItem, scripted []ObjectID) error {
	ab := &item.Def.Card.Abilities[item.Ability]
	if scripted != nil && len(scripted) != len(ab.Choices) {
		return fmt.Errorf("%s: the cost needs %d object(s) chosen, got %d", item.Def.Name, len(ab.Choices), len(scripted))
	}
	for i, c := range ab.Choices {
		var legal []ObjectID
		for _, id := range g.battlefield {
			if g.legalChoice(item, i, id) {
				legal = append(legal, id)
			}
		}
		var choice ObjectID
		switch {
		case scripted != nil:
			choice = scripted[i]
			if !slices.Contains(legal, choice) {
				return ruleErrorf("602.2b", "%s: %s can't pay %q", item.Def.Name, g.objectName(choice), c.Text)
			}
		case len(legal) == 0:
			return ruleErrorf("602.2b", "%s: nothing can pay %q", item.Def.Name, c.Text)
		default:
			choice = g.decider.ChooseObject(g, item.Controller, c.Text, slices.Clone(legal))
			if !slices.Contains(legal, choice) {
				choice = legal[0]
			}
			g.decided(Decision{Player: item.Controller, Kind: DecisionCostObject, Source: item.Source, Target: ObjectValue(choice)})
		}
		item.Locals[c.Local] = ObjectValue(choice)
	}
	return nil
}

// legalChoice reports whether a permanent may be chosen for choice i of
// an ability's cost: it satisfies the choice's filter and its controller
// is the player paying (a player sacrifices only their own permanents,
// CR 701.17a).
func (g *Game) legalChoice(item *StackItem, i int, id ObjectID) bool {
	o := g.onBattlefield(id)
	if o == nil || o.controller != item.Controller {
		return false
	}
	ab := &item.Def.Card.Abilities[item.Ability]
	ls := g.matchLocals.reset(ab.NumLocals, item.Source, item.Controller)
	copy(ls, item.Locals)
	ls[vm.LocalCandidate] = ObjectValue(id)
	ok, err := g.run(frame{mode: modeMatch, source: item.Source, controller: item.Controller, def: item.Def,
		ability: item.Ability, locals: ls, x: item.X}, ab.Choices[i].Filter)
	return err == nil && ok != 0
}

// errCantPay is how an action of a cost being checked says it can't be
// paid; the reason is in Game.cantPay.
var errCantPay = errors.New("the cost can't be paid")

// checkPay runs the payment function of an item's ability with its
// actions only checking that they could be done (CR 602.2b, 601.2h); it
// returns why the cost can't be paid, or "".
func (g *Game) checkPay(item *StackItem) string {
	ab := &item.Def.Card.Abilities[item.Ability]
	if ab.Pay == vm.NoFunc {
		return ""
	}
	g.cantPay = ""
	locals := slices.Clone(item.Locals)
	g.frames = append(g.frames, frame{mode: modeCheckCost, source: item.Source, controller: item.Controller,
		def: item.Def, ability: item.Ability, locals: locals, x: item.X})
	_, err := g.machine.Run(item.Def.Prog, ab.Pay, locals)
	g.frames = g.frames[:len(g.frames)-1]
	switch {
	case g.cantPay != "":
		return g.cantPay
	case err != nil:
		return err.Error()
	}
	return ""
}

// checkCost checks, for a cost being checked, that an action could be
// paid; it records why not and stops the check.
func (g *Game) checkCost(fn funcID, a []vm.Value) error {
	fr := g.frame()
	why := ""
	switch fn {
	case fnSacrifice:
		if o := g.permanentArg(a[0]); o == nil || o.controller != fr.controller {
			why = "a player can sacrifice only a permanent they control (CR 701.17a)"
		} else if o.id == fr.source {
			g.costSacrifices = true
		}
	case fnPayLife:
		g.costLife = add(g.costLife, qty(a[1]))
		if p, ok := valuePlayer(a[0]); !ok || g.players[p].Life < qty(a[1]) {
			why = "a player can pay life only if their life total is at least that much (CR 119.4)"
		} else if qty(a[1]) > 0 && g.lifeCantChange(p) {
			why = "a player whose life total can't change can't pay life except 0 (CR 119.8)"
		}
	case fnRemoveCounters:
		if o := g.permanentArg(a[0]); o == nil || o.Counters(CounterKind(a[1])) < qty(a[2]) {
			why = "there are not that many counters to remove"
		}
	case fnPutCounters:
		why = g.cantPutCounters(a)
	case fnRemoveCountersAmong:
		why = g.cantRemoveCountersAmong(a)
	default:
		if !funcs[fn].cost {
			why = funcs[fn].name + " can't be paid as a cost"
		}
	}
	if why != "" {
		g.cantPay = why
		return errCantPay
	}
	return nil
}

// hSacrifice puts a permanent its controller sacrifices into its owner's
// graveyard (CR 701.17a): a zone change, not destruction.
func (g *Game) hSacrifice(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	}
	return 0, nil
}

// hPayLife has a player pay life: they lose that much (CR 119.4). A
// player can pay life only if their life total is at least that much
// (CR 119.4), and only 0 if it can't change (CR 119.8): a cost is
// checked before it is paid (checkCost), but the action of `you may pay
// N life` (“You may pay 2 life. If you do, ...”) is offered as the ability
// resolves, and a player who can't pay then doesn't — nothing is paid,
// and `if you do` reads that they didn't (CR 608.2c).
func (g *Game) hPayLife(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] <= 0 {
		return 0, nil
	}
	if g.players[p].Life < qty(a[1]) || g.lifeCantChange(p) {
		g.optional = optionalCost{}
		return 0, nil
	}
	g.propose(Event{Kind: EvLifeLost, Player: p, Amount: qty(a[1])})
	return 0, nil
}

// setTapped taps or untaps a permanent (CR 701.21).
func (g *Game) setTapped(v vm.Value, tapped bool) {
	if o := g.permanentArg(v); o != nil {
		g.tap(o, tapped)
	}
}

// resolveManaAbility resolves a mana ability at once (CR 605.3b), then
// the triggered mana abilities it triggered (CR 605.4a).
func (g *Game) resolveManaAbility(item *StackItem, tapped bool) {
	ab := &item.Def.Card.Abilities[item.Ability]
	g.run(frame{mode: modeResolve, source: item.Source, controller: item.Controller, def: item.Def,
		ability: item.Ability, locals: item.Locals, x: item.X, tapped: tapped}, ab.Body)
	g.resolveManaTriggers()
}

// resolveManaTriggers resolves the triggered mana abilities waiting, in
// the order they triggered (CR 605.4a).
func (g *Game) resolveManaTriggers() {
	for n := 0; len(g.manaTriggers) > 0; n++ {
		if n == MaxResolutions {
			g.drawByLoop("triggered mana abilities kept triggering %d times in a row", n)
			g.manaTriggers = g.manaTriggers[:0]
			return
		}
		t := g.manaTriggers[0]
		g.manaTriggers = g.manaTriggers[1:]
		ab := t.ab()
		fr := t.frame(modeResolve, &t.event)
		g.run(fr, ab.Body)
	}
}

// ---- paying mana (CR 601.2g-h) -----------------------------------------------

// payMana pays the mana part of a cost from a player's mana pool. Where
// the pool is short, the player activates mana abilities first (CR
// 601.2g): the core chooses them, as manaplan.go says (to choose yourself,
// activate them before). exclude is a permanent that can't be tapped for
// mana now if excludeTapped (the source of an ability with {T} in its
// cost); the abilities of exclude with costs other than {T} are never
// activated to pay for its own ability.
func (g *Game) payMana(p PlayerID, source ObjectID, syms []mana.Symbol, x int, exclude ObjectID, excludeTapped bool) error {
	if len(syms) == 0 {
		return nil
	}
	excludeCostly := exclude
	if !excludeTapped {
		exclude = 0
	}
	syms, paidLife := g.choosePhyrexian(p, source, syms, x, exclude, excludeCostly)
	if err := g.payManaSymbols(p, syms, x, exclude, excludeCostly); err != nil {
		return err
	}
	if paidLife > 0 {
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: paidLife}) // Phyrexian mana paid with life (CR 107.4f, 119.4)
	}
	return nil
}

// maxPayRounds bounds how many times a payment plans again when the mana
// abilities it activated added less than they were expected to.
const maxPayRounds = 4

// payManaSymbols pays mana symbols as payMana says, Phyrexian symbols with
// mana where it can and with 2 life where it can't.
func (g *Game) payManaSymbols(p PlayerID, syms []mana.Symbol, x int, exclude, excludeCostly ObjectID) error {
	pl := g.players[p]
	// anyColor is the cost as a player who may spend mana as though it
	// were mana of any color pays it (CR 609.4b), asked only where the
	// pool's own colors can't pay.
	var anyColor []mana.Symbol
	if _, _, ok := payment(pl.pool, syms, x, g.lifeToPay(p)); !ok {
		anyColor = g.anyColorSymbols(p, syms)
	}
	planned := syms
	if anyColor != nil {
		planned = anyColor
	}
	for round := 0; ; round++ {
		if _, _, ok := payFromPool(pl.pool, syms, anyColor, x, g.lifeToPay(p)); ok {
			break
		}
		var plan []plannedStep
		err := fmt.Errorf("it planned %d times", round)
		if round < maxPayRounds {
			plan, err = g.planMana(p, planned, x, g.lifeToPay(p), exclude, excludeCostly)
		}
		if err != nil {
			if round == 0 {
				return err
			}
			return &FailureError{ruleErrorf("601.2h", "%s can't pay %s: the mana produced was not what it was expected to be (%v)", playerName(p), costString(syms, x), err)}
		}
		g.activatePlan(p, plan)
	}
	spend, life, ok := payFromPool(pl.pool, syms, anyColor, x, g.lifeToPay(p))
	if !ok {
		return &FailureError{ruleErrorf("601.2h", "%s can't pay %s: the mana produced was not what it was expected to be", playerName(p), costString(syms, x))}
	}
	for t, n := range spend {
		pl.pool[t] -= n
	}
	if life > 0 {
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: life}) // Phyrexian mana (CR 107.4f)
	}
	return nil
}

// activatePlan activates the mana abilities of a plan (CR 601.2g,
// 605.3a): those whose only cost is {T} first, then the others, each in
// the plan's order; a permanent's ability that sacrifices it last.
func (g *Game) activatePlan(p PlayerID, plan []plannedStep) {
	for _, costly := range [...]bool{false, true} {
		for _, step := range plan {
			if step.option.costly != costly {
				continue
			}
			for _, act := range step.option.steps {
				g.activateForPayment(p, step.source, act)
			}
		}
	}
}

// activateForPayment activates a mana ability an automatic payment
// planned: its cost is paid ({T}, then its other parts, CR 602.2b), and it
// resolves at once with the choices planned (CR 605.3b), then the
// triggered mana abilities it triggered (CR 605.4a).
func (g *Game) activateForPayment(p PlayerID, id ObjectID, act plannedActivation) {
	o := g.onBattlefield(id)
	if o == nil {
		return
	}
	ab := act.ability.ability()
	item := &StackItem{Source: o.id, Controller: p, Def: act.ability.Def, Ability: act.ability.Index, Text: ab.Text}
	item.Locals = make([]vm.Value, max(ab.NumLocals, vm.FirstFreeLocal))
	item.Locals[vm.LocalThis], item.Locals[vm.LocalYou] = ObjectValue(o.id), PlayerValue(p)
	tapped := ab.Flags&vm.FlagTapCost != 0
	if tapped {
		g.tap(o, true)
	}
	if ab.Pay != vm.NoFunc {
		g.run(frame{mode: modeResolve, source: o.id, controller: p, def: act.ability.Def, ability: act.ability.Index,
			locals: item.Locals, paying: true}, ab.Pay)
	}
	if ab.Flags&vm.FlagOncePerTurn != 0 {
		if g.activated == nil {
			g.activated = map[activation]int{}
		}
		g.activated[activation{o.id, act.ability}] = g.turn
	}
	g.countActivation(activation{o.id, act.ability})
	saved := g.forced
	g.forced = act.choices
	g.resolveManaAbility(item, tapped)
	g.forced = saved
}

func costString(syms []mana.Symbol, x int) string {
	s := ""
	for _, sym := range syms {
		s += sym.Text
	}
	if x > 0 {
		s += fmt.Sprintf(" with X = %d", x)
	}
	return s
}

// abilityWouldProduce returns the amounts of mana a mana ability of a
// permanent would produce if it resolved now.
func (g *Game) abilityWouldProduce(o *Object, r AbilityRef) []mana.Amount {
	return g.simulate(o, []AbilityRef{r}, []ObjectID{o.id})
}

// payment says how mana of a pool pays a cost with X (CR 601.2h): what is
// spent and how much life Phyrexian symbols cost; ok is false if it
// can't. Colored and {C} symbols take their own type; a hybrid symbol its
// first color if it can, else its second; {2/W} the color, else two; a
// Phyrexian symbol the color, else 2 life; generic mana is paid with
// colorless mana first, then with the color there is most of (the first
// in W, U, B, R, G order when tied).
func payment(pool mana.Amount, syms []mana.Symbol, x, life int) (spend mana.Amount, lifePaid int, ok bool) {
	rem := pool
	generic := 0
	var choices []mana.Symbol
	for _, s := range syms {
		switch s.Kind {
		case mana.Colored, mana.ColorlessOnly:
			if rem[s.A] == 0 {
				return mana.Amount{}, 0, false
			}
			rem[s.A]--
		case mana.Generic:
			generic = add(generic, s.N)
		case mana.Variable:
			generic = add(generic, x)
		case mana.Snow:
			return mana.Amount{}, 0, false // no permanent is snow yet
		default:
			choices = append(choices, s)
		}
	}
	var choose func(i int, rem mana.Amount, generic, lifePaid int) (mana.Amount, int, bool)
	choose = func(i int, rem mana.Amount, generic, lifePaid int) (mana.Amount, int, bool) {
		if i == len(choices) {
			if rem.Total() < generic {
				return mana.Amount{}, 0, false
			}
			for generic > 0 {
				t := mana.Colorless
				if rem[t] == 0 {
					t = 0
					for c := mana.White; c < mana.Colorless; c++ {
						if rem[c] > rem[t] {
							t = c
						}
					}
				}
				rem[t]--
				generic--
			}
			return rem, lifePaid, true
		}
		s := choices[i]
		take := func(t mana.Type) (mana.Amount, int, bool) {
			if rem[t] == 0 {
				return mana.Amount{}, 0, false
			}
			r := rem
			r[t]--
			return choose(i+1, r, generic, lifePaid)
		}
		switch s.Kind {
		case mana.Hybrid:
			if r, l, ok := take(s.A); ok {
				return r, l, true
			}
			return take(s.B)
		case mana.TwoHybrid:
			if r, l, ok := take(s.A); ok {
				return r, l, true
			}
			return choose(i+1, rem, generic+2, lifePaid)
		case mana.ColorlessHybrid:
			if r, l, ok := take(mana.Colorless); ok {
				return r, l, true
			}
			return take(s.A)
		case mana.Phyrexian:
			if r, l, ok := take(s.A); ok {
				return r, l, true
			}
			if s.B != s.A {
				if r, l, ok := take(s.B); ok {
					return r, l, true
				}
			}
			if life-lifePaid >= 2 { // CR 119.4
				return choose(i+1, rem, generic, lifePaid+2)
			}
		}
		return mana.Amount{}, 0, false
	}
	left, lifePaid, ok := choose(0, rem, generic, 0)
	if !ok {
		return mana.Amount{}, 0, false
	}
	for t := range spend {
		spend[t] = pool[t] - left[t]
	}
	return spend, lifePaid, true
}

// TapForMana has a player tap a permanent for mana (CR 106.12): activate
// its first mana ability with {T} in its cost, or, when t is a type of
// mana (not -1), its first such ability that could produce mana of type
// t, choosing t where the ability lets its controller choose.
func (g *Game) TapForMana(p PlayerID, id ObjectID, t mana.Type) error {
	if g.over {
		return g.overError()
	}
	o := g.onBattlefield(id)
	if o == nil {
		return ruleErrorf("113.6", "%s is not on the battlefield", g.objectName(id))
	}
	for _, r := range g.ActivatedAbilities(id) {
		ab := r.ability()
		if ab.Flags&vm.FlagMana == 0 || ab.Flags&vm.FlagTapCost == 0 {
			continue
		}
		if t >= 0 && !slices.ContainsFunc(g.abilityWouldProduce(o, r), func(a mana.Amount) bool { return a[t] > 0 }) {
			continue
		}
		return g.Activate(Activation{Player: p, Source: id, Ability: r, Mana: t})
	}
	// A mana ability is one that could add mana when it resolves
	// (CR 605.1a): none of this permanent's could add that mana.
	if t >= 0 {
		return ruleErrorf("605.1a", "%s has no mana ability with {T} that could add %s", g.objectName(id), t)
	}
	return ruleErrorf("605.1a", "%s has no mana ability with {T} in its cost", g.objectName(id))
}

// choosePhyrexian has a player choose, as they cast a spell or activate an
// ability, how to pay each Phyrexian symbol of its cost (CR 107.4f,
// 601.2b): with mana of its color or with 2 life. The player chooses
// ("mana" or "life", a DecisionChoice) only where both could pay the
// cost; otherwise the one that can is used, mana first. It returns the
// cost with each symbol paid with mana made a colored symbol, without
// those paid with life, and the life to pay.
func (g *Game) choosePhyrexian(p PlayerID, source ObjectID, syms []mana.Symbol, x int, exclude, excludeCostly ObjectID) ([]mana.Symbol, int) {
	if !slices.ContainsFunc(syms, func(s mana.Symbol) bool { return s.Kind == mana.Phyrexian }) {
		return syms, 0
	}
	out := slices.Clone(syms)
	life := 0
	for i := 0; i < len(out); i++ {
		if out[i].Kind != mana.Phyrexian {
			continue
		}
		withMana := slices.Clone(out)
		withMana[i] = mana.Symbol{Kind: mana.Hybrid, A: out[i].A, B: out[i].B, Text: out[i].Text}
		withLife := slices.Delete(slices.Clone(out), i, i+1)
		canMana := g.canPay(p, withMana, x, life, exclude, excludeCostly)
		canLife := g.lifeToPay(p)-life >= 2 && g.canPay(p, withLife, x, life+2, exclude, excludeCostly) // CR 119.4
		payLife := canLife && !canMana
		if canMana && canLife {
			payLife = g.choose(p, source, "phyrexian", phyrexianOptions[:]) == 1
		}
		if payLife {
			out, life = withLife, life+2
			i--
		} else if canMana {
			out = withMana
		}
	}
	return out, life
}

// phyrexianOptions are the ways to pay a Phyrexian mana symbol.
var phyrexianOptions = [...]string{"mana", "life"}

// canPayMana reports whether a player could pay mana symbols, with life
// already promised, from their pool or with the mana abilities the core
// would activate, exclude's excluded.
func (g *Game) canPayMana(p PlayerID, syms []mana.Symbol, x, life int, exclude ObjectID) bool {
	return g.canPay(p, syms, x, life, exclude, exclude)
}

// canPay is canPayMana with the exclusions of payMana.
func (g *Game) canPay(p PlayerID, syms []mana.Symbol, x, life int, exclude, excludeCostly ObjectID) bool {
	if _, _, ok := payment(g.players[p].pool, syms, x, g.lifeToPay(p)-life); ok {
		return true
	}
	// As though any mana were of any color (CR 609.4b), where the player
	// may spend it so.
	if anyColor := g.anyColorSymbols(p, syms); anyColor != nil {
		if _, _, ok := payment(g.players[p].pool, anyColor, x, g.lifeToPay(p)-life); ok {
			return true
		}
		syms = anyColor
	}
	_, err := g.planMana(p, syms, x, g.lifeToPay(p)-life, exclude, excludeCostly)
	return err == nil
}

// cantPutCounters says why counters can't be put on a permanent as a cost
// (the arguments of put_counters), or "": there must be a permanent, and
// no rule may stop the counters, for a cost that can't be done can't be
// paid (CR 602.2b, 601.2h; Solemnity's rulings).
func (g *Game) cantPutCounters(a []vm.Value) string {
	o := g.permanentArg(a[0])
	if o == nil {
		return "the counters have nothing to go on"
	}
	ev := Event{Kind: EvCounterPut, Object: o.id, Counter: CounterKind(a[1]), Amount: qty(a[2]), Cost: true}
	if g.ruleApplies(RuleCountersCantBePut, &ev) {
		return "counters can't be put on " + g.objectName(o.id) + " (CR 101.2)"
	}
	return ""
}
