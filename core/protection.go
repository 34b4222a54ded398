package core

import "math"

// Protection, shroud and hexproof (CR 702.16, 702.18, 702.11).
//
// Protection is a keyword of the stdlib with a parameter, its quality
// (keywordProtection): each instance an object has is in its keywords'
// list, with its quality (keywords.go). A permanent with protection from
// a quality can't be damaged, enchanted or equipped, blocked or targeted
// (DEBT, 702.16b-e) by what has that quality; nothing else is prevented
// or illegal.

// protectedFrom reports whether a permanent has protection from a source
// (CR 702.16a): one of its instances of protection has a quality the
// source has.
func (g *Game) protectedFrom(o, source *Object) bool {
	if o == nil || source == nil || !g.hasKeyword(o, keywordProtection) {
		return false
	}
	for _, p := range g.keywordsOf(o).args {
		if p.keyword == keywordProtection && p.quality.has(g, source) {
			return true
		}
	}
	return false
}

// cantBeTargetedBy reports why a permanent can't be a target of a spell
// or ability: the rule that forbids it (CR 702.16e protection, 702.18b
// shroud, 702.11b hexproof), or "" if none does. source is the spell, or
// the source of the ability; controller controls the spell or ability.
func (g *Game) cantBeTargetedBy(o, source *Object, controller PlayerID) string {
	switch {
	case g.hasKeyword(o, keywordShroud):
		return "702.18a"
	case g.hasKeyword(o, keywordHexproof) && controller != o.controller:
		return "702.11b"
	case g.protectedFrom(o, source):
		return "702.16b"
	}
	return ""
}

// abilityProtection is the ability number of the prevention effect of
// protection among the effects applied to an event.
const abilityProtection = math.MinInt32

// protectionFor adds the prevention effect of protection (CR 702.16e) to
// the effects that apply to a damage event: damage a source with the
// quality would deal to a permanent with protection from it is prevented.
// It takes part in the choice of CR 616.1 like the others, and damage
// that can't be prevented is dealt anyway (CR 615.12).
func (g *Game) protectionFor(ev *Event, applied []abilityRef, out []candidate) []candidate {
	o := g.permanentArg(ev.Target)
	if o == nil || ev.Amount <= 0 || !g.protectedFrom(o, g.Object(ev.Source)) {
		return out
	}
	for _, a := range applied {
		if a.object == o.id && a.ability == abilityProtection {
			return out
		}
	}
	return append(out, candidate{protection: true, source: o.id, controller: o.controller, ability: abilityProtection})
}
