package core

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/vm"
)

// candidate is a replacement or prevention effect that applies to an
// event, with the locals its match function bound.
type candidate = instance

// abilityRef names one ability of one object, to apply each replacement
// effect at most once to an event (CR 614.5).
type abilityRef struct {
	object ObjectID
	// def is the card whose ability it is: an object entering as a copy
	// has the abilities of another card (CR 707.2, 614.12).
	def     *CardDef
	ability int
}

// ProtectionText is the Text of the ReplacementChoice that is the
// prevention effect of protection (CR 702.16e).
const ProtectionText = "protection"

// ReplacementChoice describes an effect a player can choose to apply first
// (CR 616.1).
type ReplacementChoice struct {
	Source ObjectID
	Text   string
}

// propose runs an event through the replacement and prevention effects
// that apply to it, in the order the affected player chooses, each effect
// at most once (CR 614.5, 616.1), then performs what is left of it; the
// other actions of those effects happen right after (CR 615.5).
func (g *Game) propose(proposed Event) {
	ev, start, ok := g.replace(proposed)
	if !ok {
		return
	}
	defer func() { g.depth-- }()
	g.perform(ev)
	g.runDeferred(start)
}

// replace runs an event through the replacement and prevention effects
// that apply to it (see propose), in the event slot of the next depth,
// which it takes: the caller performs the event and gives the slot back
// (g.depth--). start is where the deferred actions of those effects
// begin. It reports false, having taken nothing, for an event that can't
// happen at all.
func (g *Game) replace(proposed Event) (ev *Event, start int, ok bool) {
	if g.over {
		return nil, 0, false
	}
	if g.actionEvents++; g.actionEvents > MaxEventsPerAction {
		g.stop("more than %d events happened in one action", MaxEventsPerAction)
		return
	}
	if g.gameEvents++; g.gameEvents > MaxEventsPerGame {
		g.stopWithHint("a game that long is a loop in a card, or a test to split in several",
			"more than %d events happened in this game", MaxEventsPerGame)
		return
	}
	if ev := &proposed; ev.Kind == EvDestroy {
		if o := g.onBattlefield(ev.Object); o != nil && g.hasKeyword(o, keywordIndestructible) {
			// A permanent with indestructible can't be destroyed
			// (CR 702.12b): the event does not happen, and nothing
			// replaces it.
			return nil, 0, false
		}
	}
	if g.lifeChangeImpossible(&proposed) {
		// A player whose life total can't change gains and loses no
		// life (CR 119.7): nothing replaces what can't happen.
		return nil, 0, false
	}
	if g.depth >= maxDepth {
		g.fail(fmt.Errorf("events nest deeper than %d: a loop of replacement effects or triggers?", maxDepth))
		return nil, 0, false
	}
	depth := g.depth
	g.depth++
	if depth == len(g.events) {
		g.events = append(g.events, new(Event))
		g.scratch = append(g.scratch, nil)
	}
	ev = g.events[depth]
	// Reuse the event's lists rather than the proposal's (nil) ones.
	enterWith, prevented := ev.enterWith[:0], ev.prevented[:0]
	*ev = proposed
	ev.enterWith, ev.prevented = append(enterWith, proposed.enterWith...), prevented
	// Every amount stays within MaxQuantity, whoever proposed it.
	ev.Amount = clampInt(ev.Amount)
	g.eventID++
	ev.ID, ev.Turn = g.eventID, g.turn
	if ev.Kind == EvDamage && !ev.Unpreventable {
		ev.Unpreventable = g.ruleApplies(RuleDamageCantBePrevented, ev)
	}
	start = len(g.deferred)
	var appliedBuf [8]abilityRef
	applied := append(appliedBuf[:0], proposed.applied...)
	ev.applied = nil
	for {
		cands := g.replacementsFor(ev, applied, g.scratch[depth][:0])
		g.scratch[depth] = cands
		if len(cands) == 0 {
			break
		}
		i := 0
		if len(cands) > 1 {
			i = g.chooseReplacement(ev, cands)
		}
		c := &cands[i]
		applied = append(applied, abilityRef{c.source, c.def, c.ability})
		if c.shield != 0 {
			g.useShield(c.shield, ev)
			continue
		}
		switch {
		case c.protection:
			g.preventDamage(ev, ev.Amount)
		case c.prevention != 0:
			g.applyTurnPrevention(c.prevention, ev, applied)
		case g.simultaneous.active && ev.Kind == EvDamage:
			g.replaceSimultaneous(c, ev)
		default:
			g.run(c.frame(modeReplace, ev), c.ab().Body)
		}
		if ev.Kind == EvDamage && ev.Amount <= 0 {
			break // no damage is left to modify (CR 614.7a)
		}
	}
	return ev, start, true
}

// maxDepth bounds how deeply events may nest (an event whose effects
// propose events, and so on).
const maxDepth = 64

// replacementsFor lists the effects that apply to an event and have not
// been applied to it: the replacement abilities of permanents, and the
// "enters with" abilities of a permanent about to enter (CR 614.12).
func (g *Game) replacementsFor(ev *Event, applied []abilityRef, out []candidate) []candidate {
	try := func(o *Object, def *CardDef, ai int, kind vm.AbilityKind, controller PlayerID, x int, granted bool) {
		ab := &def.Card.Abilities[ai]
		if ab.Kind != kind || (ab.Flags&vm.FlagGranted != 0) != granted || !def.anchored(ai, ev, o.id) {
			return
		}
		for _, a := range applied {
			if a.object == o.id && a.def == def && a.ability == ai {
				return
			}
		}
		out = append(out, candidate{source: o.id, controller: controller, def: def, ability: ai, x: x})
		c := &out[len(out)-1]
		c.locals.reset(ab.NumLocals, o.id, controller)
		n, err := g.run(c.frame(modeMatch, ev), ab.Match)
		if err != nil || n <= 0 {
			out = out[:len(out)-1]
		}
	}
	if ev.Kind == EvZoneChange && ev.To == ZoneBattlefield {
		if o := g.Object(ev.Object); o != nil {
			controller := ev.Player // who will control it: the caster, or its owner
			if controller == NoPlayer {
				controller = o.owner
			}
			// Once it enters as a copy, the copy's "enters with" and "as
			// enters" abilities apply to it (CR 614.12, 707.2).
			def := o.def
			if ev.copyOf != nil {
				def = ev.copyOf
			}
			for _, ai := range def.byEvent[EvZoneChange] {
				try(o, def, ai, vm.AbilityEnters, controller, o.x, false)
			}
		}
	}
	if ev.Kind == EvZoneChange {
		// A replacement effect of a card about its own move "from
		// anywhere" functions in every zone (CR 113.6b): in a hand, a
		// library, a graveyard, exile, on the stack. On the battlefield
		// it is a watcher like any other.
		if o := g.Object(ev.Object); o != nil && !o.left && o.zone != ZoneBattlefield && !g.abilitiesLost(o) {
			for _, ai := range o.def.byEvent[EvZoneChange] {
				if o.def.Card.Abilities[ai].Flags&vm.FlagAnywhere != 0 && len(o.def.anchors[ai]) > 0 {
					try(o, o.def, ai, vm.AbilityReplacement, o.owner, 0, false)
				}
			}
		}
	}
	g.eachWatcher(ev, ev.existedBelow, func(o *Object) {
		if !g.abilitiesLost(o) {
			for _, ai := range o.def.byEvent[ev.Kind] {
				try(o, o.def, ai, vm.AbilityReplacement, o.controller, 0, false)
			}
		}
		// Replacement effects granted to the permanent are its own
		// (CR 613.1f).
		for _, gr := range g.granted(o) {
			if abilityEvent(gr.def.Prog, &gr.def.Card.Abilities[gr.ability]) == ev.Kind {
				try(o, gr.def, gr.ability, vm.AbilityReplacement, o.controller, 0, true)
			}
		}
	})
	if ev.Kind == EvDestroy {
		out = g.shieldsFor(ev, applied, out)
	}
	if ev.Kind == EvDamage {
		out = g.protectionFor(ev, applied, out)
		out = g.turnPreventionsFor(ev, applied, out)
	}
	return out
}

// chooseReplacement asks the affected player which effect applies first
// (CR 616.1): the affected player, or the controller of the affected
// object.
func (g *Game) chooseReplacement(ev *Event, cands []candidate) int {
	opts := make([]ReplacementChoice, len(cands))
	for i, c := range cands {
		if c.shield != 0 {
			opts[i] = ReplacementChoice{Source: c.source, Text: "regeneration shield"}
			continue
		}
		if c.protection {
			opts[i] = ReplacementChoice{Source: c.source, Text: ProtectionText}
			continue
		}
		if c.prevention != 0 {
			opts[i] = ReplacementChoice{Source: c.source, Text: g.preventionText(c.prevention)}
			continue
		}
		opts[i] = ReplacementChoice{Source: c.source, Text: c.def.Card.Abilities[c.ability].Text}
	}
	p := g.affected(ev)
	i, ok := 0, false
	if ev.Kind == EvManaProduced {
		// The order an automatic payment planned (see manaplan.go).
		i, ok = g.nextForced(len(cands))
	}
	if !ok {
		i = g.decider.ChooseReplacement(g, p, *ev, opts)
	}
	if i < 0 || i >= len(cands) {
		i = 0
	}
	g.decided(Decision{Player: p, Kind: DecisionReplacement, Replacement: opts[i]})
	return i
}

// affected is the player who chooses the order of replacement effects on
// an event (CR 616.1).
func (g *Game) affected(ev *Event) PlayerID {
	switch ev.Kind {
	case EvDamage:
		if p, ok := valuePlayer(ev.Target); ok {
			return p
		}
		if o := g.valueObject(ev.Target); o != nil {
			return o.controller
		}
	case EvLifeGained, EvLifeLost, EvTokensCreated, EvCountersGiven, EvDraw, EvDiscard, EvHandRevealed:
		return ev.Player
	case EvZoneChange:
		if ev.To == ZoneBattlefield && ev.Player != NoPlayer {
			return ev.Player
		}
	}
	// Otherwise the controller of the affected object: the one destroyed,
	// moved, getting counters (CR 616.1).
	if o := g.Object(ev.Object); o != nil {
		return o.controller
	}
	return g.active
}

// ruleApplies reports whether a static ability of a permanent applies a
// rule to an event. Of the counters a permanent is given as it enters,
// the rules of the permanents already on the battlefield and its own
// apply, not those of others entering with it (CR 614.12: its own static
// abilities are taken into account, and effects that already exist).
func (g *Game) ruleApplies(r Rule, ev *Event) bool {
	applies := false
	check := func(o *Object) {
		if applies || g.abilitiesLost(o) {
			return
		}
		for _, ai := range o.def.byEvent[ev.Kind] {
			ab := o.ability(ai)
			if ab.Kind != vm.AbilityStatic || Rule(o.def.Prog.ID(ab.Rule)) != r || !o.def.anchored(ai, ev, o.id) {
				continue
			}
			n, err := g.run(frame{mode: modeMatch, event: ev, source: o.id, controller: o.controller, def: o.def,
				ability: ai, locals: g.matchLocals.reset(ab.NumLocals, o.id, o.controller)}, ab.Match)
			if err == nil && n > 0 {
				applies = true
				return
			}
		}
	}
	g.eachWatcher(ev, ev.existedBelow, check)
	if o := g.onBattlefield(ev.Object); ev.existedBelow != 0 && o != nil && o.id >= ev.existedBelow {
		check(o)
	}
	return applies
}

// perform makes an event happen (what replacement effects left of it),
// logs it and checks triggers.
func (g *Game) perform(ev *Event) {
	happened := true
	switch ev.Kind {
	case EvDamage:
		happened = g.performDamage(ev)
	case EvCounterPut:
		o := g.onBattlefield(ev.Object)
		// "Can't" wins (CR 101.2): a rule that counters can't be put on
		// the permanent stops the event after the replacement effects
		// that apply to it (Solemnity's rulings), as it enters too
		// (CR 122.6).
		happened = o != nil && ev.Amount > 0 && !g.ruleApplies(RuleCountersCantBePut, ev)
		if happened {
			o.addCounters(ev.Counter, ev.Amount)
		}
	case EvCounterRemoved:
		o := g.onBattlefield(ev.Object)
		if o != nil {
			ev.Amount = min(ev.Amount, o.Counters(ev.Counter))
		}
		happened = o != nil && ev.Amount > 0
		if happened {
			o.addCounters(ev.Counter, -ev.Amount)
		}
	case EvDestroy:
		happened = g.onBattlefield(ev.Object) != nil
	case EvManaProduced:
		happened = g.performMana(ev)
	case EvZoneChange:
		happened = g.move(ev)
	case EvLifeGained, EvLifeLost:
		happened = ev.Amount > 0 && (ev.Player == 0 || ev.Player == 1)
		if happened && ev.Kind == EvLifeGained {
			g.players[ev.Player].Life = add(g.players[ev.Player].Life, ev.Amount)
		} else if happened {
			g.players[ev.Player].Life = add(g.players[ev.Player].Life, -ev.Amount)
		}
	case EvCountersGiven:
		// "Can't" wins (CR 101.2): a player who can't get the counters
		// gets none, after the replacement effects that apply.
		happened = ev.Amount > 0 && (ev.Player == 0 || ev.Player == 1) && ev.Counter.valid() &&
			!g.playerCantGetCounters(ev.Player, ev.Counter)
		if happened {
			pl := g.players[ev.Player]
			pl.addCounters(ev.Counter, ev.Amount)
		}
	case EvRegenerated:
		happened = g.regenerate(ev)
	case EvTokensCreated:
		happened = ev.Amount > 0 && ev.token != nil && g.tokensFit(ev)
	case EvCountered:
		happened = g.performCounter(ev)
	case EvSpellCopied:
		// The copy is on the stack already (copySpell).
		happened = g.onStack(ev.Object)
	case EvDraw:
		happened = g.performDraw(ev)
	case EvShuffle:
		happened = g.performShuffle(ev)
	case EvReveal:
		o := g.Object(ev.Object)
		happened = o != nil && !o.left
	}
	if happened {
		g.record(ev)
	}
	// Each prevention happens when the damage would have (CR 615.5).
	for _, n := range ev.prevented {
		g.eventID++
		g.prevention = Event{ID: g.eventID, Kind: EvDamagePrevented, Source: ev.Source, Target: ev.Target,
			Amount: n, Combat: ev.Combat, Turn: g.turn}
		g.record(&g.prevention)
	}
	if !happened {
		return
	}
	switch ev.Kind {
	case EvDestroy:
		// A destroyed permanent is put into its owner's graveyard
		// (CR 701.8a); that is an event of its own, which other effects
		// can replace.
		o := g.objects[ev.Object]
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	case EvZoneChange:
		// A permanent enters with its counters (CR 614.1c): putting them
		// is an event too (CR 122.6), to which only the effects of the
		// permanents already on the battlefield apply, not its own or
		// those of others entering with it (CR 614.12).
		below := ev.moved
		if g.batch.entering != 0 {
			below = g.batch.entering
		}
		for _, c := range ev.enterWith {
			g.propose(Event{Kind: EvCounterPut, Object: ev.moved, Counter: c.kind, Amount: c.n, existedBelow: below})
		}
		if ev.shuffle && ev.To == ZoneLibrary {
			// "Shuffle it into its owner's library": the shuffle follows
			// the card's move (CR 701.20a).
			g.propose(Event{Kind: EvShuffle, Player: g.objects[ev.moved].owner})
		}
	case EvDamage:
		g.damageResults(ev)
	case EvTokensCreated:
		g.createTokens(ev)
	case EvCountered:
		g.countered(ev)
	}
}

// record logs an event and checks what triggers on it.
func (g *Game) record(ev *Event) {
	switch ev.Kind {
	case EvDamage, EvDamagePrevented, EvLifeGained, EvLifeLost, EvStepBegins, EvSpellCast, EvCountersGiven:
		// No continuous effect depends on these, but those of volatile
		// cards (a life total: see CardDef.volatile).
		if g.index.volatileSources > 0 {
			g.invalidate()
		}
	case EvCounterPut, EvCounterRemoved:
		g.countersChanged(ev.Object)
	default:
		g.invalidate()
	}
	e := *ev
	e.enterWith, e.prevented = nil, nil
	g.log = append(g.log, e)
	if ev.Kind == EvZoneChange {
		g.triggersInNewZone(ev) // never batched: it does not look back
	}
	if !g.batched(ev) {
		g.checkTriggers(ev)
	}
}

// performDamage deals damage (CR 120.3): a player loses life; a creature
// gets damage marked; a planeswalker loses loyalty. It reports whether any
// damage was dealt.
func (g *Game) performDamage(ev *Event) bool {
	if ev.Amount <= 0 {
		return false
	}
	// A rule may give the damage wither as it is dealt, after the effects
	// that modify it (CR 702.80, 614.9); only a creature is dealt it as
	// counters (CR 120.3d).
	ev.Wither = ev.Wither || g.ruleApplies(RuleDealtAsThoughWither, ev)
	if _, ok := valuePlayer(ev.Target); ok {
		return true
	}
	o := g.permanentArg(ev.Target)
	if o == nil {
		return false
	}
	switch {
	case g.isCreature(o):
		if !ev.Wither && !ev.Infect {
			o.damage = add(o.damage, ev.Amount)
		}
		if ev.Deathtouch {
			o.deathtouchDamage = true
		}
	case g.isType(o, typePlaneswalker):
	default:
		return false
	}
	g.recordDamageThisWay(o.id)
	return true
}

// damageResults are the events that follow from damage dealt (CR 120.3):
// life loss, loyalty removed, -1/-1 counters from wither, life gained by
// lifelink.
func (g *Game) damageResults(ev *Event) {
	if p, ok := valuePlayer(ev.Target); ok && ev.Infect {
		// Damage from a source with infect gives the player that many
		// poison counters, and no life is lost (CR 120.3b, 702.90b).
		g.givePlayerCounters(p, CounterPoison, ev.Amount)
	} else if ok {
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: ev.Amount})
	} else if o := g.permanentArg(ev.Target); o != nil && g.isCreature(o) && (ev.Wither || ev.Infect) {
		// Damage from a source with wither or infect puts that many -1/-1
		// counters on the creature (CR 120.3d, 702.80a, 702.90b).
		g.propose(Event{Kind: EvCounterPut, Object: o.id, Counter: CounterMinus1Minus1, Amount: ev.Amount})
	} else if o != nil && !g.isCreature(o) && g.isType(o, typePlaneswalker) {
		g.propose(Event{Kind: EvCounterRemoved, Object: o.id, Counter: CounterLoyalty, Amount: ev.Amount})
	}
	if ev.Lifelink {
		if src := g.Object(ev.Source); src != nil {
			g.propose(Event{Kind: EvLifeGained, Player: src.controller, Amount: ev.Amount})
		}
	}
}

// DealDamage has a source deal damage to a player or a permanent, as an
// effect does (not combat damage, unless combat is set). As for an effect,
// damage to what is neither a player nor a permanent is not dealt, and that
// is no error. It returns the first failure while the damage was dealt
// (see FailureError).
func (g *Game) DealDamage(source ObjectID, target vm.Value, amount int, combat bool) error {
	if g.over {
		return g.overError()
	}
	g.begin()
	g.dealDamage(source, target, amount, combat)
	return g.done(nil)
}

func (g *Game) dealDamage(source ObjectID, target vm.Value, amount int, combat bool) {
	amount = clamp(int64(amount))
	if amount <= 0 {
		return
	}
	if _, ok := valuePlayer(target); !ok && g.permanentArg(target) == nil {
		return
	}
	ev := Event{Kind: EvDamage, Source: source, Target: target, Amount: amount, Combat: combat, Player: NoPlayer}
	if src := g.Object(source); src != nil {
		// The source's abilities as it deals the damage, or as it last
		// existed (CR 702.2b-c, 702.15b).
		ev.Deathtouch, ev.Lifelink = g.hasKeyword(src, keywordDeathtouch), g.hasKeyword(src, keywordLifelink)
		ev.Wither = g.hasKeyword(src, keywordWither)
		ev.Infect = g.hasKeyword(src, keywordInfect)
	}
	g.propose(ev)
}

// lastKnown is a permanent's last-known information as it exists now
// (CR 608.2h).
func (g *Game) lastKnown(o *Object) lki {
	p, t := g.pt(o.id)
	c := g.charsOf(o)
	info := lki{power: p, toughness: t, keywords: c.keywords.clone(), noAbilities: c.noAbilities, noIntrinsic: c.noIntrinsic, colors: g.colorsOf(o), types: g.typesOf(o)}
	if len(c.granted) > 0 {
		info.granted = append([]grant(nil), c.granted...)
	}
	info.subtypes = g.subtypesOf(o)
	if c.ownSubtypes {
		// Its own buffer is computed again; the card's are read only.
		info.subtypes = slices.Clone(info.subtypes)
	}
	return info
}

// move performs a zone change: the object becomes a new object in the new
// zone (CR 400.7), and the old one keeps its last-known information.
func (g *Game) move(ev *Event) bool {
	o := g.Object(ev.Object)
	if o == nil || o.left || o.zone != ev.From {
		return false
	}
	if !g.attachEntering(o, ev) {
		return false // CR 303.4g: it stays where it was
	}
	if o.zone == ZoneBattlefield {
		if before, ok := g.batchSnapshot(o.id); ok {
			o.lki = before // as it was just before the batch (CR 603.10a)
		} else {
			o.lki = g.lastKnown(o)
		}
		g.removeFromCombat(o)
		g.endEffectsOn(o.id)
	}
	g.removeFromZone(o)
	o.left = true
	owner := o.owner
	// A copy effect ends as the object leaves the battlefield: in another
	// zone, it is the card it is (CR 707.2, 400.7); entering as a copy,
	// it has the copiable values it copies (CR 614.1c, 707.2).
	def := o.printed
	if ev.To == ZoneBattlefield && ev.copyOf != nil {
		def = ev.copyOf
	}
	n := g.newObject(def, o.card, owner, ev.To)
	n.printed, n.token, n.x = o.printed, o.token, o.x
	if ev.To == ZoneBattlefield {
		if ev.Player != NoPlayer {
			n.controller, n.baseController = ev.Player, ev.Player
		}
		n.sinceTurn = g.turn
		n.chosen = ev.chosen
		n.tapped = ev.enterTapped // CR 614.1d
	}
	ev.moved, o.next = n.id, n.id
	g.recordMove(o, n)
	if ev.To == ZoneBattlefield && ev.attachTo != 0 {
		// An Aura spell enters attached to its target (CR 303.4a, 608.3).
		n.attachedTo = ev.attachTo
	}
	if o.token && ev.From == ZoneBattlefield {
		// A token that left the battlefield ceases to exist (CR 704.5d);
		// nothing can be done with it in its new zone.
		g.removeFromZone(n)
		n.left = true
	}
	if o.spellCopy {
		// A copy of a spell that leaves the stack ceases to exist
		// (CR 707.10a, 704.5e); one of a permanent spell that resolves
		// becomes a token (CR 707.10f).
		if ev.To == ZoneBattlefield {
			n.token = true
		} else {
			g.removeFromZone(n)
			n.left = true
		}
	}
	if ev.To == ZoneLibrary && ev.bottom {
		g.toBottom(n) // CR 401: the bottom of a library is its first card
	}
	if ev.To == ZoneBattlefield && ev.entersTapped {
		n.tapped = true // it enters tapped: it never becomes tapped
	}
	return true
}

// MoveCard moves an object to another zone as an effect does, through the
// event pipeline. It returns the new object, or nil if it did not move,
// and the first failure while it moved (see FailureError).
func (g *Game) MoveCard(id ObjectID, to Zone) (*Object, error) {
	if g.over {
		return nil, g.overError()
	}
	g.begin()
	o := g.moveCard(id, to)
	return o, g.done(nil)
}

func (g *Game) moveCard(id ObjectID, to Zone) *Object {
	o := g.Object(id)
	if o == nil || o.left {
		return nil
	}
	ev := Event{Kind: EvZoneChange, Object: id, From: o.zone, To: to, Player: NoPlayer}
	before := len(g.objects)
	g.propose(ev)
	if len(g.objects) > before {
		for i := len(g.objects) - 1; i >= before; i-- {
			if g.objects[i].card == o.card {
				return g.objects[i]
			}
		}
	}
	return nil
}

// endEffectsOn ends the continuous effects on an object that left the
// battlefield: they applied to that object, which no longer exists; and
// those that lasted for as long as it remained there (CR 611.2b).
func (g *Game) endEffectsOn(id ObjectID) {
	kept := g.effects[:0]
	for _, e := range g.effects {
		if e.object != id && e.whileOn != id {
			kept = append(kept, e)
		}
	}
	g.effects = kept
}

// Destroy destroys a permanent, as an effect that says "destroy" does:
// what is not a permanent is not destroyed, and that is no error. It
// returns the first failure while it was destroyed (see FailureError).
func (g *Game) Destroy(id ObjectID) error {
	if g.over {
		return g.overError()
	}
	g.begin()
	if g.onBattlefield(id) != nil {
		g.propose(Event{Kind: EvDestroy, Object: id})
	}
	return g.done(nil)
}

// PutCounters puts counters on a permanent, as an effect does. A counter
// kind the stdlib does not declare is an error; no counters go on what is
// not a permanent, and that is no error. It returns the first failure
// while they were put (see FailureError).
func (g *Game) PutCounters(id ObjectID, k CounterKind, n int) error {
	if !k.valid() {
		return fmt.Errorf("no counter kind %d", k)
	}
	if g.over {
		return g.overError()
	}
	g.begin()
	if g.onBattlefield(id) != nil && n > 0 {
		g.propose(Event{Kind: EvCounterPut, Object: id, Counter: k, Amount: clampInt(n)})
	}
	return g.done(nil)
}

// RemoveCounters removes counters from a permanent, as an effect does, as
// PutCounters puts them.
func (g *Game) RemoveCounters(id ObjectID, k CounterKind, n int) error {
	if !k.valid() {
		return fmt.Errorf("no counter kind %d", k)
	}
	if g.over {
		return g.overError()
	}
	g.begin()
	if g.onBattlefield(id) != nil && n > 0 {
		g.propose(Event{Kind: EvCounterRemoved, Object: id, Counter: k, Amount: clampInt(n)})
	}
	return g.done(nil)
}
