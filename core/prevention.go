package core

import "github.com/cardc/cardc/vm"

// Prevention effects of resolved spells and abilities (CR 615.1a): Fog's
// "prevent all combat damage that would be dealt this turn", and the
// shield of Circle of Protection: Red, "the next time a red source of your
// choice would deal damage to you this turn, prevent that damage".

// turnPrevention is a prevention effect that a resolved spell or ability
// created and that lasts until the end of the turn (CR 514.2). It is no
// ability of any object: it applies to every damage event it describes.
type turnPrevention struct {
	id int64
	// source is the spell or ability's object as it created the effect:
	// the effect's source for the choice of CR 616.1.
	source     ObjectID
	controller PlayerID
	// combatOnly limits the effect to combat damage (CR 510.2).
	combatOnly bool
	// protects, if set, limits it to the damage that would be dealt to
	// a player and to the creatures that player controls as it would be
	// dealt (Safe Passage).
	protects *PlayerID
	// shield, if set, limits it to the next damage the chosen source
	// would deal to the player, as long as the source still fits the
	// filter it was chosen with (CR 615.8, 615.9).
	shield *sourceShield
}

// sourceShield is what a shield against a chosen source prevents.
type sourceShield struct {
	player PlayerID
	chosen ObjectID
	// filter is the filter the source was chosen with, and the frame of
	// the ability that created the shield to test it in (CR 615.9).
	filter int32
	frame  frame
}

// turnPreventionText describes Fog's effect among the effects a player
// chooses from (CR 616.1).
const turnPreventionText = "prevent all combat damage that would be dealt this turn"

// text describes the effect among the effects a player chooses from.
func (p *turnPrevention) text(g *Game) string {
	if p.shield != nil {
		return "prevent the next damage " + g.objectName(p.shield.chosen) + " would deal"
	}
	if p.protects != nil {
		return "prevent all damage that would be dealt to " + playerName(*p.protects) + " and creatures they control this turn"
	}
	return turnPreventionText
}

// abilityTurnPrevention is the base of the ability numbers that stand for
// turn-long prevention effects in the list of effects applied to an event
// (CR 614.5): abilityTurnPrevention+id, below every regeneration shield's
// -id and above abilityProtection.
const abilityTurnPrevention = -1 << 30

// addTurnPrevention creates a prevention effect of the running spell or
// ability.
func (g *Game) addTurnPrevention(p turnPrevention) {
	p.controller = g.active
	if fr := g.frame(); fr != nil {
		p.source, p.controller = fr.source, fr.controller
	}
	g.preventionID++
	p.id = g.preventionID
	g.preventions = append(g.preventions, p)
}

// hPreventCombatDamageThisTurn creates the prevention effect of Fog: all
// combat damage that would be dealt this turn is prevented (CR 615.1a).
func (g *Game) hPreventCombatDamageThisTurn([]vm.Value) (vm.Value, error) {
	g.addTurnPrevention(turnPrevention{combatOnly: true})
	return 0, nil
}

// hPreventDamageToPlayerAndCreatures creates the prevention effect of
// Safe Passage: all damage that would be dealt this turn to a player and
// to the creatures they control (CR 615.1a).
func (g *Game) hPreventDamageToPlayerAndCreatures(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok {
		g.addTurnPrevention(turnPrevention{protects: &p})
	}
	return 0, nil
}

// hPreventNextDamageFromChosenSource has a player choose a source of
// damage the filter describes — a permanent or a spell on the stack; it
// need not be able to deal damage (CR 609.7a) — and creates a shield
// against the next damage it would deal to that player this turn
// (CR 615.8).
func (g *Game) hPreventNextDamageFromChosenSource(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil || a[1] < 0 || int(a[1]) >= len(fr.def.Card.Abilities[fr.ability].Filters) {
		return 0, nil
	}
	filter := fr.def.Card.Abilities[fr.ability].Filters[a[1]]
	var options []ObjectID
	for _, id := range g.battlefield {
		if g.inFilter(fr, filter, ObjectValue(id)) {
			options = append(options, id)
		}
	}
	for _, it := range g.stack {
		if it.Spell != 0 && g.inFilter(fr, filter, ObjectValue(it.Spell)) {
			options = append(options, it.Spell)
		}
	}
	if len(options) == 0 {
		return 0, nil
	}
	chosen := g.decider.ChooseSource(g, p, fr.source, options)
	if !containsObject(options, chosen) {
		chosen = options[0]
	}
	g.decided(Decision{Player: p, Kind: DecisionSource, Source: fr.source, Target: ObjectValue(chosen)})
	kept := *fr
	kept.mode, kept.event = modeMatch, nil
	kept.locals = append([]vm.Value(nil), fr.locals...)
	g.addTurnPrevention(turnPrevention{shield: &sourceShield{player: p, chosen: chosen, filter: filter, frame: kept}})
	return 0, nil
}

// appliesTo reports whether a turn-long prevention effect applies to a
// damage event.
func (g *Game) appliesTo(p *turnPrevention, ev *Event) bool {
	if p.combatOnly && !ev.Combat {
		return false
	}
	if p.protects != nil {
		// The player, and the creatures they control as the damage would
		// be dealt, those that came later included; not a planeswalker
		// (Safe Passage's rulings).
		if to, ok := valuePlayer(ev.Target); ok {
			return to == *p.protects
		}
		o := g.permanentArg(ev.Target)
		return o != nil && g.typesOf(o)&typeCreature != 0 && g.Controller(o.id) == *p.protects
	}
	if s := p.shield; s != nil {
		to, ok := valuePlayer(ev.Target)
		// The shield checks the source again as it would deal the damage
		// (CR 615.9).
		return ok && to == s.player && ev.Source == s.chosen && g.inFilter(&s.frame, s.filter, ObjectValue(ev.Source))
	}
	return true
}

// turnPreventionsFor adds the turn-long prevention effects that apply to a
// damage event, and were not applied to it yet, to the effects the
// affected player chooses among (CR 616.1).
func (g *Game) turnPreventionsFor(ev *Event, applied []abilityRef, out []candidate) []candidate {
	if ev.Amount <= 0 {
		return out
	}
	for i := range g.preventions {
		p := &g.preventions[i]
		if !g.appliesTo(p, ev) {
			continue
		}
		ref := abilityTurnPrevention + int(p.id)
		used := false
		for _, a := range applied {
			if a.object == p.source && a.ability == ref {
				used = true
			}
		}
		if !used {
			out = append(out, candidate{prevention: p.id, source: p.source, controller: p.controller, ability: ref})
		}
	}
	return out
}

// applyTurnPrevention prevents the damage of an event; a shield that
// prevented some is used up (CR 615.8). Damage that can't be prevented
// does not use it up (CR 615.12).
func (g *Game) applyTurnPrevention(id int64, ev *Event) {
	for i := range g.preventions {
		p := &g.preventions[i]
		if p.id != id {
			continue
		}
		if g.preventDamage(ev, ev.Amount) > 0 && p.shield != nil {
			g.preventions = append(g.preventions[:i], g.preventions[i+1:]...)
		}
		return
	}
}

// preventionText finds the text of a turn-long prevention effect.
func (g *Game) preventionText(id int64) string {
	for i := range g.preventions {
		if g.preventions[i].id == id {
			return g.preventions[i].text(g)
		}
	}
	return turnPreventionText
}

// endPreventions ends the turn-long prevention effects, as the cleanup
// step's "until end of turn" effects end (CR 514.2).
func (g *Game) endPreventions() { g.preventions = g.preventions[:0] }
