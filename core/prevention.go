package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

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
	// redirect, if set, makes it a redirection shield instead (Harm's
	// Way): see redirectShield.
	redirect *redirectShield
}

// redirectShield is what a redirection shield redirects: the next left
// damage the chosen source would deal to the player or to a permanent
// they control, as it would be dealt, is dealt to to instead (CR 615.7,
// 614.1b).
type redirectShield struct {
	player PlayerID
	chosen ObjectID
	left   int
	// to is the recipient, the spell's target as it resolved: a player or
	// an object, checked as the damage would be dealt (CR 120.1).
	to vm.Value
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
	if r := p.redirect; r != nil {
		return fmt.Sprintf("the next %d damage %s would deal to %s and permanents they control is dealt to %s instead",
			r.left, g.objectName(r.chosen), playerName(r.player), g.recipientName(r.to))
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
	if !ok {
		return 0, nil
	}
	chosen, filter, kept, ok := g.chooseSource(p, a[1])
	if ok {
		g.addTurnPrevention(turnPrevention{shield: &sourceShield{player: p, chosen: chosen, filter: filter, frame: kept}})
	}
	return 0, nil
}

// chooseSource has a player choose, as the running spell or ability
// resolves, a source of damage filter i of the ability describes: a
// permanent or a spell on the stack, which need not be able to deal
// damage (CR 609.7a). It returns the source, the filter, and the frame to
// test the filter in again later (CR 615.9); not ok with no source to
// choose.
func (g *Game) chooseSource(p PlayerID, i vm.Value) (chosen ObjectID, filter int32, kept frame, ok bool) {
	fr := g.frame()
	if fr == nil || i < 0 || int(i) >= len(fr.def.Card.Abilities[fr.ability].Filters) {
		return 0, 0, frame{}, false
	}
	filter = fr.def.Card.Abilities[fr.ability].Filters[i]
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
		return 0, 0, frame{}, false
	}
	chosen = g.decider.ChooseSource(g, p, fr.source, options)
	if !containsObject(options, chosen) {
		chosen = options[0]
	}
	g.decided(Decision{Player: p, Kind: DecisionSource, Source: fr.source, Target: ObjectValue(chosen)})
	kept = *fr
	kept.mode, kept.event = modeMatch, nil
	kept.locals = append([]vm.Value(nil), fr.locals...)
	return chosen, filter, kept, true
}

// hRedirectNextDamageFromChosenSource has a player choose a source of
// damage the filter describes (chooseSource) and creates a redirection
// shield: the next N damage it would deal this turn to the player or to a
// permanent they control is dealt to the target instead (Harm's Way;
// CR 615.7, 614.1b, 614.9). a[0] is the player, a[1] the amount, a[2]
// the filter, a[3] the target as the spell resolves.
func (g *Game) hRedirectNextDamageFromChosenSource(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	n := qty(a[1])
	if !ok || n <= 0 {
		return 0, nil
	}
	chosen, _, _, ok := g.chooseSource(p, a[2])
	if ok {
		g.addTurnPrevention(turnPrevention{redirect: &redirectShield{player: p, chosen: chosen, left: n, to: a[3]}})
	}
	return 0, nil
}

// canBeDealtDamage reports whether damage can be dealt to a recipient
// now (CR 120.1): a player in the game, or a creature, planeswalker or
// battle on the battlefield.
func (g *Game) canBeDealtDamage(v vm.Value) bool {
	if p, ok := valuePlayer(v); ok {
		return int(p) < len(g.players) && !g.players[p].Lost
	}
	o := g.permanentArg(v)
	return o != nil && (g.isCreature(o) || g.isType(o, typePlaneswalker) || g.isType(o, typeBattle))
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
	if r := p.redirect; r != nil {
		if ev.Source != r.chosen || r.left <= 0 || !g.canBeDealtDamage(r.to) || ev.Target == r.to {
			// CR 120.1: a recipient that can't be dealt damage gets none
			// redirected; the damage is dealt where it would have been
			// (Harm's Way's rulings), and the shield stays.
			return false
		}
		if to, ok := valuePlayer(ev.Target); ok {
			return to == r.player
		}
		o := g.permanentArg(ev.Target)
		return o != nil && g.Controller(o.id) == r.player
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
// does not use it up (CR 615.12). A redirection shield redirects the
// damage instead (redirectDamage); applied are the effects applied to
// the event so far, this one included.
func (g *Game) applyTurnPrevention(id int64, ev *Event, applied []abilityRef) {
	for i := range g.preventions {
		p := &g.preventions[i]
		if p.id != id {
			continue
		}
		if p.redirect != nil {
			g.redirectDamage(i, ev, applied)
			return
		}
		if g.preventDamage(ev, ev.Amount) > 0 && p.shield != nil {
			g.preventions = append(g.preventions[:i], g.preventions[i+1:]...)
		}
		return
	}
}

// redirectDamage applies the redirection shield g.preventions[i] to a
// damage event (CR 615.7, 614.1b): as much of the damage as the shield
// has left is dealt to its recipient instead, by the same source, combat
// damage if it was (CR 614.9); the shield keeps the rest for later damage
// of the source this turn, and is used up at 0. Damage of more than it
// has left is split: the event keeps the rest for its recipient, and the
// part redirected is an event of its own, dealt at the same time, to
// which the effects already applied to the damage don't apply again
// (CR 614.5) and the others may (CR 616.1e). Redirection is no
// prevention: damage that can't be prevented is redirected (CR 615.12
// is about prevention).
func (g *Game) redirectDamage(i int, ev *Event, applied []abilityRef) {
	r := g.preventions[i].redirect
	n := min(r.left, ev.Amount)
	r.left -= n
	to := r.to
	if r.left <= 0 {
		g.preventions = append(g.preventions[:i], g.preventions[i+1:]...)
	}
	if n == ev.Amount {
		ev.Target = to
		return
	}
	ev.Amount -= n
	part := *ev
	part.Amount, part.Target = n, to
	part.enterWith, part.prevented = nil, nil
	part.applied = append([]abilityRef(nil), applied...)
	g.propose(part)
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

// recipientName names a player or an object, for the effects a player
// chooses among.
func (g *Game) recipientName(v vm.Value) string {
	if p, ok := valuePlayer(v); ok {
		return playerName(p)
	}
	if id, ok := valueObject(v); ok {
		return g.objectName(id)
	}
	return "nothing"
}
