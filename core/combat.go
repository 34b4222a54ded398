package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// canAttack says why a creature cannot attack, or "" if it can
// (CR 508.1a, 302.6).
func (g *Game) canAttack(id ObjectID) string {
	o := g.onBattlefield(id)
	switch {
	case o == nil:
		return "it is not on the battlefield"
	case !o.IsCreature():
		return "it is not a creature"
	case o.controller != g.active:
		return "its controller is not the active player"
	case o.tapped:
		return "it is tapped"
	case o.sinceTurn == g.turn && g.turn > 0 && !g.hasKeyword(o, keywordHaste):
		return "it has not been under its controller's control since the turn began (CR 302.6)"
	case o.attacking:
		return "it is already attacking"
	case g.charsOf(o).cantAttack:
		return "an effect says it can't attack"
	}
	return ""
}

// declareAttackers is the turn-based action of the declare attackers step
// (CR 508.1): the active player's chosen creatures attack the other
// player, and become tapped.
func (g *Game) declareAttackers() {
	g.attackers = g.attackers[:0]
	defender := Opponent(g.active)
	for _, id := range g.decider.DeclareAttackers(g, g.active) {
		if why := g.canAttack(id); why != "" {
			g.fail(fmt.Errorf("%s cannot attack: %s", g.objectName(id), why))
			continue
		}
		o := g.objects[id]
		if !g.hasKeyword(o, keywordVigilance) {
			o.tapped = true // CR 508.1f; vigilance, 702.20b
		}
		o.attacking, o.defender = true, defender
		g.attackers = append(g.attackers, id)
		g.invalidate()
	}
	for _, id := range g.attackers {
		g.propose(Event{Kind: EvAttacks, Object: id, Player: defender})
	}
}

// declareBlockers is the turn-based action of the declare blockers step
// (CR 509.1): each chosen creature of the defending player blocks one
// attacking creature, which becomes blocked.
func (g *Game) declareBlockers() {
	defender := Opponent(g.active)
	var blocks []Block
	for _, b := range g.decider.DeclareBlockers(g, defender) {
		bl, at := g.onBattlefield(b.Blocker), g.onBattlefield(b.Attacker)
		var why string
		switch {
		case bl == nil:
			why = "it is not on the battlefield"
		case !bl.IsCreature():
			why = "it is not a creature"
		case bl.controller != defender:
			why = "it is not controlled by the defending player"
		case bl.tapped:
			why = "it is tapped"
		case bl.blocking != 0:
			why = "it is already blocking"
		case at == nil || !at.attacking:
			why = fmt.Sprintf("%s is not attacking", g.objectName(b.Attacker))
		case g.charsOf(bl).cantBlock:
			why = "an effect says it can't block"
		case g.hasKeyword(at, keywordFlying) && !g.hasKeyword(bl, keywordFlying) && !g.hasKeyword(bl, keywordReach):
			why = fmt.Sprintf("%s has flying, and only creatures with flying or reach can block it (CR 702.9b, 702.17b)", g.objectName(at.id))
		}
		if why != "" {
			g.fail(fmt.Errorf("%s cannot block: %s", g.objectName(b.Blocker), why))
			continue
		}
		bl.blocking = at.id
		at.blocked = true
		at.blockedBy = append(at.blockedBy, bl.id)
		blocks = append(blocks, b)
	}
	for _, b := range blocks {
		g.propose(Event{Kind: EvBlock, Object: b.Attacker, Other: b.Blocker})
	}
}

// combatDamage is the turn-based action of the combat damage step
// (CR 510.1-2): every attacking and blocking creature assigns combat
// damage equal to its power, and all of it is dealt at once.
func (g *Game) combatDamage() {
	type assignment struct {
		source ObjectID
		target vm.Value
		amount int
	}
	var all []assignment
	for _, id := range g.attackers {
		a := g.onBattlefield(id)
		if a == nil || !a.attacking {
			continue
		}
		power := g.Power(id)
		if power <= 0 {
			continue
		}
		if !a.blocked {
			all = append(all, assignment{id, PlayerValue(a.defender), power})
			continue
		}
		// A blocked creature stays blocked even if its blockers are gone;
		// then it assigns no combat damage (CR 509.1h, 510.1c).
		var fights []ObjectID
		for _, b := range a.blockedBy {
			if bl := g.onBattlefield(b); bl != nil && bl.blocking == id {
				fights = append(fights, b)
			}
		}
		for i, n := range g.divide(id, fights, power) {
			all = append(all, assignment{id, ObjectValue(fights[i]), n})
		}
	}
	for _, id := range g.battlefield {
		b := g.objects[id]
		if b.blocking == 0 {
			continue
		}
		if at := g.onBattlefield(b.blocking); at != nil && at.attacking {
			if power := g.Power(id); power > 0 {
				all = append(all, assignment{id, ObjectValue(at.id), power})
			}
		}
	}
	for _, a := range all {
		g.dealDamage(a.source, a.target, a.amount, true)
	}
}

// divide asks how a creature's damage is divided among the creatures it
// fights, and checks the answer adds up.
func (g *Game) divide(id ObjectID, fights []ObjectID, power int) []int {
	switch len(fights) {
	case 0:
		return nil
	case 1:
		return []int{power}
	}
	split := g.decider.AssignCombatDamage(g, id, fights, power)
	total := 0
	for _, n := range split {
		if n < 0 {
			total = -1
			break
		}
		total += n
	}
	if len(split) != len(fights) || total != power {
		g.fail(fmt.Errorf("%s: combat damage divided as %v does not add up to %d", g.objectName(id), split, power))
		return LethalFirst(g, id, fights, power)
	}
	return split
}

// removeFromCombat takes a permanent out of combat (CR 506.4). An
// attacker it was blocking stays blocked.
func (g *Game) removeFromCombat(o *Object) {
	if o.blocking != 0 {
		if at := g.Object(o.blocking); at != nil {
			for i, b := range at.blockedBy {
				if b == o.id {
					at.blockedBy = append(at.blockedBy[:i], at.blockedBy[i+1:]...)
					break
				}
			}
		}
	}
	o.attacking, o.blocked, o.blocking, o.blockedBy, o.defender = false, false, 0, nil, NoPlayer
	g.invalidate()
}

// endCombat removes every creature from combat as the end of combat step
// ends (CR 511.3).
func (g *Game) endCombat() {
	for _, id := range g.battlefield {
		o := g.objects[id]
		o.attacking, o.blocked, o.blocking, o.blockedBy, o.defender = false, false, 0, nil, NoPlayer
	}
	g.attackers = g.attackers[:0]
	g.invalidate()
}
