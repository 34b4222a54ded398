package core

import "github.com/cardc/cardc/vm"

// Prevention effects of resolved spells and abilities (CR 615.1a): Fog's
// "prevent all combat damage that would be dealt this turn".

// turnPrevention is a prevention effect that a resolved spell or ability
// created and that lasts until the end of the turn (CR 514.2). It is no
// ability of any object: it applies to every damage event it describes,
// whoever deals or is dealt the damage.
type turnPrevention struct {
	id int64
	// source is the spell or ability's object as it created the effect:
	// the effect's source for the choice of CR 616.1.
	source     ObjectID
	controller PlayerID
	// combatOnly limits the effect to combat damage (CR 510.2).
	combatOnly bool
}

// turnPreventionText describes a turn-long prevention effect among the
// effects a player chooses from (CR 616.1).
const turnPreventionText = "prevent all combat damage that would be dealt this turn"

// abilityTurnPrevention is the base of the ability numbers that stand for
// turn-long prevention effects in the list of effects applied to an event
// (CR 614.5): abilityTurnPrevention+id, below every regeneration shield's
// -id and above abilityProtection.
const abilityTurnPrevention = -1 << 30

// hPreventCombatDamageThisTurn creates the prevention effect of Fog: all
// combat damage that would be dealt this turn is prevented (CR 615.1a).
func (g *Game) hPreventCombatDamageThisTurn([]vm.Value) (vm.Value, error) {
	p := turnPrevention{controller: g.active, combatOnly: true}
	if fr := g.frame(); fr != nil {
		p.source, p.controller = fr.source, fr.controller
	}
	g.preventionID++
	p.id = g.preventionID
	g.preventions = append(g.preventions, p)
	return 0, nil
}

// turnPreventionsFor adds the turn-long prevention effects that apply to a
// damage event, and were not applied to it yet, to the effects the
// affected player chooses among (CR 616.1).
func (g *Game) turnPreventionsFor(ev *Event, applied []abilityRef, out []candidate) []candidate {
	if ev.Amount <= 0 {
		return out
	}
	for _, p := range g.preventions {
		if p.combatOnly && !ev.Combat {
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

// endPreventions ends the turn-long prevention effects, as the cleanup
// step's "until end of turn" effects end (CR 514.2).
func (g *Game) endPreventions() { g.preventions = g.preventions[:0] }
