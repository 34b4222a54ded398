package core

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// StackItem is a spell or an ability on the stack (CR 405).
type StackItem struct {
	// Spell is the spell's object, for a spell; 0 for an ability.
	Spell ObjectID
	// Source is the object an ability comes from; for a spell, the spell.
	Source     ObjectID
	Controller PlayerID
	Def        *CardDef
	// Ability is the index of the ability that resolves; -1 for a
	// permanent spell.
	Ability int
	Locals  []vm.Value
	X       int
	Text    string
	// Event is what triggered a triggered ability.
	Event Event
	// Modes are the modes (from 1, in increasing order) chosen for a
	// modal spell or ability (CR 700.2).
	Modes []int
	// Chosen are, for each target of several objects (vm.Target.Group),
	// by its index, the objects and players chosen for it in order (0
	// for one that is no longer legal as it resolves, CR 608.2b); nil
	// for the others, whose choice is in Locals.
	Chosen [][]vm.Value
	// Divided are, for each target that divides an amount
	// (vm.Target.Divide), by its index, the amount assigned to each of
	// what was chosen for it, in order (CR 601.2d).
	Divided [][]int
	// finds records the objects the spell or ability may find after
	// they moved (CR 400.7e, 400.7j; find.go): the object a triggered
	// ability triggered on moving, and what its cost and effect moved.
	finds []move
}

// clone copies the item, its locals and choices included.
func (s *StackItem) clone() StackItem {
	c := *s
	c.Locals = slices.Clone(s.Locals)
	c.finds = slices.Clone(s.finds)
	c.Modes = slices.Clone(s.Modes)
	c.Chosen = slices.Clone(s.Chosen)
	for i := range c.Chosen {
		c.Chosen[i] = slices.Clone(c.Chosen[i])
	}
	c.Divided = slices.Clone(s.Divided)
	return c
}

// Name describes the item for messages.
func (s *StackItem) Name() string {
	if s.Spell != 0 {
		return s.Def.Name
	}
	return fmt.Sprintf("%s: %s", s.Def.Name, s.Text)
}

// spellAbility returns the index of a card's spell ability, or -1.
func spellAbility(def *CardDef) int {
	for i, a := range def.Card.Abilities {
		if a.Kind == vm.AbilitySpell {
			return i
		}
	}
	return -1
}

// Cast casts a spell from its owner's hand (CR 601.2), with a value for X
// and targets in the order the card names them. Timing is checked (CR 307.1:
// a sorcery or permanent spell without flash only in its caster's main
// phase, with the stack empty, 702.8a) and the mana cost is paid (CR 601.2f-h), from the caster's
// mana pool, activating mana abilities first where it is short. An
// illegal cast is an error (a *RuleError when a rule forbids it), and
// nothing happens;
// otherwise Cast returns the first failure while the spell was cast (see
// FailureError).
func (g *Game) Cast(p PlayerID, card ObjectID, x int, targets []vm.Value) error {
	g.begin()
	return g.done(g.cast(p, card, castOptions{x: x, targets: targets}))
}

// castOptions says how a spell is cast: by a player from their hand, as
// the rules let them (CR 601.3, 117.1a), with X and the targets they
// announce; or by an effect as it resolves (CR 608.2g).
type castOptions struct {
	x       int
	targets []vm.Value
	// byEffect casts the card from the zone it is in, whatever its type
	// says of timing (CR 608.2g), without paying its mana cost (an
	// alternative cost, CR 118.9; X is 0, CR 107.3b), its caster choosing
	// its targets as they would a triggered ability's; and the game does
	// not settle: the resolving spell or ability goes on.
	byEffect bool
}

func (g *Game) cast(p PlayerID, card ObjectID, opt castOptions) (err error) {
	x, targets := opt.x, opt.targets
	if g.over {
		return g.overError()
	}
	// An illegal cast changes nothing: the decisions announced for it are
	// not made (CR 601.2, 726: the game goes back).
	decided := len(g.decisions)
	defer func() {
		if err != nil {
			g.decisions = g.decisions[:decided]
		}
	}()
	o := g.Object(card)
	switch {
	case opt.byEffect:
		if o == nil || o.left || o.zone == ZoneBattlefield || o.zone == ZoneStack {
			return ruleErrorf("601.3", "%s is not a card the effect can cast", g.objectName(card))
		}
	case o == nil || o.left || o.zone != ZoneHand || o.owner != p:
		// Only a rule or an effect lets a player cast a spell (CR 601.3):
		// the rules let a player cast the cards of their hand.
		return ruleErrorf("601.3", "%s is not in %s's hand", g.objectName(card), playerName(p))
	}
	def := o.def
	if def.types&typeLand != 0 {
		return ruleErrorf("305.9", "%s is a land, which is played, not cast", def.Name)
	}
	if err := g.castForbidden(p); err != nil {
		return err
	}
	// An instant, or a card with flash, may be cast any time its caster
	// has priority (CR 307.1, 702.8a).
	instant := def.types&typeInstant != 0 || def.keywords.set.has(keywordFlash)
	if !instant && !opt.byEffect && (g.active != p || (g.step != StepMain1 && g.step != StepMain2) || len(g.stack) > 0) {
		return ruleErrorf("307.1", "%s can be cast only in its caster's main phase while the stack is empty", def.Name)
	}
	if x < 0 {
		return ruleErrorf("107.1b", "the value of X cannot be negative")
	}
	x = clampInt(x) // X is a quantity too: it stops at MaxQuantity
	item := &StackItem{Controller: p, Def: def, Ability: spellAbility(def), X: x, Text: def.Name, Source: o.id}
	if item.Ability < 0 && def.enchant >= 0 {
		// An Aura spell targets what it will enchant (CR 303.4a).
		item.Ability = def.enchant
	}
	var extra []mana.Symbol
	if item.Ability >= 0 {
		// Announce it: its modes, its targets, and how it divides an
		// amount among them (CR 601.2b-d).
		ab := &def.Card.Abilities[item.Ability]
		item.Locals = make([]vm.Value, max(ab.NumLocals, vm.FirstFreeLocal))
		item.Locals[vm.LocalThis], item.Locals[vm.LocalYou] = ObjectValue(o.id), PlayerValue(p)
		if err := g.chooseModes(item, ab, true); err != nil {
			return err
		}
		if opt.byEffect {
			if !g.chooseTriggerTargets(item, ab) {
				return ruleErrorf("601.2c", "%s has no legal target", def.Name)
			}
		} else if err := g.assignTargets(item, ab, targets); err != nil {
			return err
		}
		if err := g.divideTargets(item, ab, true); err != nil {
			return err
		}
		// Its total cost: the mana cost, and an increase for each
		// target beyond the first (CR 601.2f).
		if extra, err = g.extraTargetCost(o, item, ab); err != nil {
			return err
		}
	} else if len(targets) > 0 {
		return ruleErrorf("601.2c", "%s has no targets", def.Name)
	}
	// Pay the mana cost (CR 601.2f-h), with X; mana abilities are
	// activated first where the pool is short (CR 601.2g). The payment is
	// checked before the card moves, so an unpayable spell changes nothing.
	syms, bad := mana.Parse(def.Card.ManaCost)
	if len(bad) > 0 {
		return fmt.Errorf("%s: %s is not a mana symbol the core can pay", def.Name, bad[0])
	}
	if opt.byEffect {
		// Without paying its mana cost: an increase still applies to
		// what is paid instead (CR 118.9d).
		syms = nil
	}
	syms, err = g.restrictX(o, p, syms, x)
	if err != nil {
		return err
	}
	if cost := append(syms, extra...); len(cost) > 0 {
		if err := g.payMana(p, o.id, cost, x, 0, false); err != nil {
			return err
		}
	}
	// Move the card to the stack (CR 601.2a); it becomes a new object.
	g.removeFromZone(o)
	o.left = true
	s := g.newObject(def, o.card, p, ZoneStack)
	s.x, s.item = x, item
	item.Spell, item.Source = s.id, s.id
	if item.Locals != nil {
		item.Locals[vm.LocalThis] = ObjectValue(s.id)
	}
	g.stack = append(g.stack, item)
	g.propose(Event{Kind: EvSpellCast, Object: s.id, Player: p})
	g.becameTargets(item)
	if !opt.byEffect {
		g.settle()
	}
	return nil
}

// ValueName names an object or a player, for messages.
func (g *Game) ValueName(v vm.Value) string {
	if p, ok := valuePlayer(v); ok {
		return playerName(p)
	}
	id, _ := valueObject(v)
	return g.objectName(id)
}

// legalTarget reports whether a value is a legal choice for target i of an
// item (CR 115): it exists where the target can be (a player in the game,
// a permanent on the battlefield) and satisfies the target's filter.
func (g *Game) legalTarget(item *StackItem, i int, v vm.Value) bool {
	return g.illegalTarget(item, i, v) == ""
}

// illegalTarget returns the rule that makes a value an illegal choice for
// target i of an item, or "" if it is legal: 115.5 for the spell itself (a
// spell on the stack can't target itself); 601.2c when it is not where
// the target can be or does not satisfy the filter; 702.16b, 702.18a or
// 702.11b when protection, shroud or hexproof forbid it.
func (g *Game) illegalTarget(item *StackItem, i int, v vm.Value) string {
	if item.Spell != 0 && v == ObjectValue(item.Spell) {
		return "115.5"
	}
	if !g.matchesTarget(item, i, v) {
		return "601.2c"
	}
	if o := g.valueObject(v); o != nil && o.zone == ZoneBattlefield {
		return g.cantBeTargetedBy(o, g.Object(item.Source), item.Controller)
	}
	return ""
}

// matchesTarget reports whether a value exists where target i of an item
// can be (a player in the game, a permanent on the battlefield) and
// satisfies the target's filter.
func (g *Game) matchesTarget(item *StackItem, i int, v vm.Value) bool {
	ab := &item.Def.Card.Abilities[item.Ability]
	zone := g.targetZone(item, i)
	if p, ok := valuePlayer(v); ok {
		if g.players[p].Lost || zone != ZoneBattlefield {
			return false
		}
	} else if o := g.valueObject(v); o == nil || o.left || o.zone != zone {
		return false // a target is in the zone its ability says (CR 115.1)
	}
	ls := g.matchLocals.reset(ab.NumLocals, item.Source, item.Controller)
	copy(ls, item.Locals)
	ls[vm.LocalCandidate] = v
	ok, err := g.run(frame{mode: modeMatch, source: item.Source, controller: item.Controller, def: item.Def,
		ability: item.Ability, locals: ls, x: item.X}, ab.Targets[i].Filter)
	return err == nil && ok != 0
}

// legalTargets lists the legal choices for target i: players first, then
// permanents in timestamp order; for a target in another zone, the cards
// there, or the spells on the stack from the bottom.
func (g *Game) legalTargets(item *StackItem, i int) []vm.Value {
	var out []vm.Value
	for p := range g.players {
		if v := PlayerValue(PlayerID(p)); g.legalTarget(item, i, v) {
			out = append(out, v)
		}
	}
	candidates := g.battlefield
	switch zone := g.targetZone(item, i); zone {
	case ZoneBattlefield:
	case ZoneStack:
		candidates = nil
		for _, s := range g.stack {
			if s.Spell != 0 {
				candidates = append(candidates, s.Spell)
			}
		}
	default:
		candidates = nil
		for _, pl := range g.players {
			if l := g.zoneList(pl.ID, zone); l != nil {
				candidates = append(candidates, *l...)
			}
		}
	}
	for _, id := range candidates {
		if v := ObjectValue(id); g.legalTarget(item, i, v) {
			out = append(out, v)
		}
	}
	return out
}

// targetZone is the zone the candidates for target i of an item are in:
// the battlefield, unless the ability names another (a card "from your
// graveyard").
func (g *Game) targetZone(item *StackItem, i int) Zone {
	t := &item.Def.Card.Abilities[item.Ability].Targets[i]
	if t.Zone == vm.NoSymbol {
		return ZoneBattlefield
	}
	return Zone(item.Def.Prog.ID(t.Zone))
}

// ResolveTop resolves the top of the stack (CR 608), as when all players
// pass priority in succession, then checks state-based actions and puts
// triggered abilities on the stack. An empty stack or a game that is over
// is an error, and nothing happens; otherwise ResolveTop returns the first
// failure while it resolved (see FailureError).
func (g *Game) ResolveTop() error {
	g.begin()
	return g.done(g.resolveTop())
}

func (g *Game) resolveTop() error {
	if g.over {
		return g.overError()
	}
	if len(g.stack) == 0 {
		return fmt.Errorf("the stack is empty")
	}
	item := g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	g.resolve(item)
	g.settle()
	return nil
}

// ResolveAll resolves the stack until it is empty or the game is over. It
// returns the first failure while it resolved (see FailureError). A stack
// that has not emptied after MaxResolutions objects resolved is a loop of
// mandatory actions: the game is a draw (CR 104.4b, EndLoop).
func (g *Game) ResolveAll() error {
	if g.over {
		return g.overError()
	}
	g.begin()
	g.resolveAll()
	return g.done(nil)
}

func (g *Game) resolveAll() {
	for n := 0; len(g.stack) > 0 && !g.over; n++ {
		if n == MaxResolutions {
			g.drawByLoop("the stack did not empty after %d objects resolved: triggered abilities trigger one another forever", n)
			return
		}
		g.resolveTop()
	}
}

func (g *Game) resolve(item *StackItem) {
	spell := g.Object(item.Spell)
	if item.Ability < 0 {
		// A permanent spell becomes a permanent (CR 608.3).
		g.propose(Event{Kind: EvZoneChange, Object: spell.id, From: ZoneStack, To: ZoneBattlefield, Player: item.Controller})
		return
	}
	ab := &item.Def.Card.Abilities[item.Ability]
	if ab.Kind == vm.AbilityEnchant {
		// An Aura spell whose target is illegal as it resolves does not
		// resolve (CR 608.3b); otherwise it enters attached to its target
		// (CR 303.4a, 608.3).
		t := item.Locals[ab.Targets[0].Local]
		if !g.legalTarget(item, 0, t) {
			g.moveCard(spell.id, ZoneGraveyard)
			return
		}
		id, _ := valueObject(t)
		g.propose(Event{Kind: EvZoneChange, Object: spell.id, From: ZoneStack, To: ZoneBattlefield, Player: item.Controller, attachTo: id})
		return
	}
	// Check targets (CR 608.2b): if every target is illegal, the spell or
	// ability does not resolve; otherwise it does what it can, and does
	// nothing to an illegal target.
	if g.checkTargetsOnResolution(item, ab) {
		if spell != nil {
			g.moveCard(spell.id, ZoneGraveyard)
		}
		return
	}
	g.optional = optionalCost{}
	g.work.resolving = true
	g.withFinding(&item.finds, func() {
		g.run(frame{mode: modeResolve, source: item.Source, controller: item.Controller, def: item.Def,
			ability: item.Ability, locals: item.Locals, x: item.X, item: item}, ab.Body)
	})
	g.optional, g.eachSets, g.work = optionalCost{}, g.eachSets[:0], libraryWork{}
	if spell != nil && !spell.left && spell.zone == ZoneStack {
		// An instant or sorcery goes to its owner's graveyard as the last
		// step of resolving (CR 608.2n).
		g.moveCard(spell.id, ZoneGraveyard)
	}
}

// settle does what happens before a player would receive priority: state-
// based actions until none happen, then pending triggered abilities go on
// the stack, and again, until neither happens (CR 704.3, 117.5). When
// that goes on MaxResolutions times, the game is a draw (CR 104.4b).
func (g *Game) settle() {
	for n := 0; !g.over; n++ {
		if n == MaxResolutions {
			g.drawByLoop("state-based actions and triggered abilities kept happening %d times in a row", n)
			return
		}
		g.syncControl()
		g.leaveCombatUnlessCreature()
		if g.stateBasedActions() {
			continue
		}
		if len(g.pending) > 0 {
			g.stackTriggers()
			continue
		}
		return
	}
}
