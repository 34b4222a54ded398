package core

import "math"

// Protection, shroud and hexproof (CR 702.16, 702.18, 702.11).
//
// The protection keywords are declared in the stdlib; the generated table
// protections gives each one its quality. A permanent with protection from
// a quality can't be damaged, enchanted or equipped, blocked or targeted
// (DEBT, 702.16b-e) by what has that quality; nothing else is prevented or
// illegal.

// protection is the quality of one protection keyword (CR 702.16a): what
// an object must be for the protection to apply to it.
type protection struct {
	keyword uint32
	// colors: an object of any of these colors.
	colors uint16
	// colorless: an object with no color (CR 105.2c).
	colorless bool
	// types: an object with any of these card types.
	types uint16
	// everything: every object.
	everything bool
}

// has reports whether an object has the quality, as it is now or as it
// last existed (CR 608.2h; a spell on the stack as it is there).
func (p *protection) has(g *Game, o *Object) bool {
	switch {
	case p.everything:
		return true
	case p.colorless:
		return g.colorsOf(o) == 0
	}
	return g.colorsOf(o)&p.colors != 0 || g.typesOf(o)&p.types != 0
}

// protectedFrom reports whether a permanent has protection from a source
// (CR 702.16a): one of its protection keywords has a quality the source
// has.
func (g *Game) protectedFrom(o, source *Object) bool {
	if o == nil || source == nil {
		return false
	}
	for i := range protections {
		p := &protections[i]
		if g.hasKeyword(o, p.keyword) && p.has(g, source) {
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
