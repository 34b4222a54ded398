package embed

import (
	"fmt"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is the turn (CR 500): steps and their turn-based actions,
// combat (declaring attackers and blockers, first-strike and regular
// combat damage), drawing, and regeneration (CR 701.15).

// steps are the steps of a turn, in order, by the vocabulary's names.
var steps = []string{"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
	"declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"}

func stepIndex(name string) int {
	for i, s := range steps {
		if s == name {
			return i
		}
	}
	return -1
}

// nextStep ends the step and begins the next one, with its turn-based
// actions, then lets the game settle.
func (g *game) nextStep(attackers []*object, blocks [][2]*object) error {
	if steps[g.step] == "end_of_combat" {
		// Combat is over: creatures stop attacking and blocking (CR 506.4).
		for _, o := range g.battlefield() {
			o.attacking, o.blocked, o.blocking = false, false, 0
		}
	}
	g.pool = [2]mana.Amount{} // mana empties from the pools (CR 500.4)
	if g.damageStep == 1 {    // the regular combat damage step follows (CR 510.4)
		g.damageStep = 2
	} else {
		g.step++
		g.damageStep = 0
	}
	if g.step == len(steps) {
		g.turn++
		g.active = 1 - g.active
		g.lastTurn[g.active] = g.turn
		g.step = 0
	}
	anyAttacking := false
	for _, o := range g.battlefield() {
		anyAttacking = anyAttacking || o.attacking
	}
	switch steps[g.step] {
	case "untap":
		for _, o := range g.battlefield() {
			if o.controller == g.active {
				o.tapped = false
			}
		}
	case "draw":
		g.draw(g.active)
	case "declare_attackers":
		if err := g.declareAttackers(attackers); err != nil {
			return err
		}
	case "declare_blockers", "combat_damage":
		if !anyAttacking {
			// With no attackers, these steps are skipped (CR 508.8).
			return g.nextStep(nil, nil)
		}
		if steps[g.step] == "declare_blockers" {
			if err := g.declareBlockers(blocks); err != nil {
				return err
			}
			break
		}
		for _, o := range g.battlefield() {
			if g.damageStep == 0 && (o.attacking || o.blocking != 0) && (g.hasKeyword(o, "first strike") || g.hasKeyword(o, "double strike")) {
				g.damageStep = 1
			}
		}
		g.combatDamage()
	case "cleanup":
		// The active player discards down to seven cards, the newest
		// first (CR 514.1). Damage wears off, and effects until end of
		// turn end, unused regeneration shields too (CR 514.2).
		for hand := g.hand(g.active); len(hand) > 7; hand = hand[:len(hand)-1] {
			o := hand[len(hand)-1]
			g.move(o, zoneGraveyard)
			// A discard, which abilities trigger on (CR 701.8a).
			g.propose(event{kind: "discard", player: g.active, object: o.h})
		}
		for _, o := range g.battlefield() {
			o.damage, o.deathtouch, o.boost = 0, false, [2]int{}
		}
		g.shields = nil
	}
	g.propose(event{kind: "step_begins", player: g.active, step: g.name(vm.NameStep, steps[g.step])})
	g.settle()
	return nil
}

// hand lists a player's hand, oldest card first.
func (g *game) hand(p int) []*object {
	var out []*object
	for _, o := range g.objects[1:] {
		if !o.gone && o.card.owner == p && o.zone == zoneHand {
			out = append(out, o)
		}
	}
	return out
}

// draw puts the top card of a player's library into their hand; a player
// who can't draw loses (CR 704.5b).
func (g *game) draw(p int) {
	for i := len(g.objects) - 1; i > 0; i-- {
		if o := g.objects[i]; !o.gone && o.card.owner == p && o.zone == zoneLibrary {
			g.move(o, zoneHand)
			return
		}
	}
	g.lost[p], g.over, g.winner = "drew from an empty library (CR 704.5b)", true, 1-p
}

func (g *game) declareAttackers(attackers []*object) error {
	for _, o := range attackers {
		switch {
		case o.zone != zoneBattlefield || !o.is("creature") || o.controller != g.active:
			return fmt.Errorf("%s can't attack: it is not a creature the active player controls", o.def.Name)
		case o.tapped:
			return fmt.Errorf("%s can't attack: it is tapped (CR 508.1a)", o.def.Name)
		}
	}
	for _, o := range attackers {
		o.attacking, o.tapped = true, true
		g.propose(event{kind: "attacks", attacker: o.h, player: o.controller})
	}
	if len(attackers) > 0 { // "whenever you attack" triggers once (CR 508.3a)
		g.propose(event{kind: "attack_declared", player: g.active, amount: len(attackers)})
	}
	return nil
}

// declareBlockers declares blocks: blocker, attacker. Protection stops a
// creature with its quality from blocking (CR 702.16f).
func (g *game) declareBlockers(blocks [][2]*object) error {
	for _, b := range blocks {
		bl, at := b[0], b[1]
		switch {
		case bl.zone != zoneBattlefield || !bl.is("creature") || bl.controller == g.active || bl.tapped:
			return fmt.Errorf("%s can't block", bl.def.Name)
		case !at.attacking:
			return fmt.Errorf("%s can't block %s: it is not attacking", bl.def.Name, at.def.Name)
		case g.protectedFrom(at, bl):
			return fmt.Errorf("%s can't block %s: protection (CR 702.16f)", bl.def.Name, at.def.Name)
		}
	}
	for _, b := range blocks {
		b[0].blocking, b[1].blocked = b[1].h, true
	}
	for _, b := range blocks {
		g.propose(event{kind: "block", blocker: b[0].h, attacker: b[1].h})
	}
	return nil
}

// strikes reports whether a creature deals combat damage in this combat
// damage step: in the first of two (CR 510.4) those with first strike or
// double strike, in the second those with double strike or without first
// strike (CR 702.4b, 702.7b).
func (g *game) strikes(o *object) bool {
	first, double := g.hasKeyword(o, "first strike"), g.hasKeyword(o, "double strike")
	switch g.damageStep {
	case 1:
		return first || double
	case 2:
		return double || !first
	}
	return true
}

// combatDamage deals the combat damage of every attacking and blocking
// creature at once (CR 510.2): assigned first, in the order blockers were
// declared, lethal damage to each but the last (1 with deathtouch, CR
// 702.2c), and dealt after. A blocked creature whose blockers are gone
// deals none (CR 509.1h).
func (g *game) combatDamage() {
	type hit struct {
		source *object
		target stdhost.Target
		amount int
	}
	var hits []hit
	for _, at := range g.battlefield() {
		if !at.attacking || !g.strikes(at) {
			continue
		}
		power := g.chars(at).power
		if !at.blocked {
			hits = append(hits, hit{at, stdhost.Target(stdhost.PlayerHandle(1 - at.controller)), power})
			continue
		}
		var blockers []*object
		for _, bl := range g.battlefield() {
			if bl.blocking == at.h {
				blockers = append(blockers, bl)
			}
		}
		for i, bl := range blockers {
			lethal := max(g.chars(bl).toughness-bl.damage, 0)
			if g.hasKeyword(at, "deathtouch") {
				lethal = min(lethal, 1)
			}
			n := min(power, lethal)
			if i == len(blockers)-1 {
				n = power
			}
			hits = append(hits, hit{at, stdhost.Target(bl.h), n})
			power -= n
		}
	}
	for _, bl := range g.battlefield() {
		if at := g.live(bl.blocking, zoneBattlefield); at != nil && g.strikes(bl) {
			hits = append(hits, hit{bl, stdhost.Target(at.h), g.chars(bl).power})
		}
	}
	// Damage several sources deal a permanent at once is one event for
	// the other effects of a replacement effect that applies to it (CR
	// 510.2, 615.5): not in this engine.
	sources := map[stdhost.Target]int{}
	for _, h := range hits {
		if sources[h.target]++; sources[h.target] == 2 && g.replacesDamage() {
			g.fail(unsupported("damage dealt at once by several sources to a permanent with a replacement effect (CR 615.5)"))
		}
	}
	for _, h := range hits {
		if h.amount > 0 {
			g.propose(event{kind: "damage", source: h.source.h, target: h.target, amount: h.amount, combat: true})
		}
	}
}

// replacesDamage reports whether a permanent has a replacement ability
// that watches damage.
func (g *game) replacesDamage() bool {
	for _, o := range g.battlefield() {
		for _, in := range g.abilities(o) {
			if ab := in.ability(); ab.Kind == vm.AbilityReplacement && g.symbolName(ab.Event) == "damage" {
				return true
			}
		}
	}
	return false
}

// Regenerate regenerates a permanent (CR 701.15). In the body of a
// replacement effect on its destruction, the event becomes its
// regenerating instead (CR 701.15b: a static ability's regeneration,
// each time). Elsewhere it gives the permanent a regeneration shield
// (CR 701.15a): the next time it would be destroyed this turn, instead it
// regenerates. Each call gives one more.
func (host) Regenerate(f *vm.Frame, o stdhost.Object) error {
	r := runOf(f)
	g := r.g
	p := g.live(o, zoneBattlefield)
	if p == nil {
		return nil
	}
	if r.ev != nil && r.ev.kind == "destroy" && r.ev.object == p.h {
		r.ev.kind = "regenerated"
		return nil
	}
	g.shields = append(g.shields, p.h)
	return nil
}

// useShield applies a regeneration shield of the permanent a destroy
// event is about, if it has one: the event becomes its regenerating
// (CR 701.15a). It reports whether it did.
func (g *game) useShield(ev *event) bool {
	if ev.kind != "destroy" {
		return false
	}
	for i, h := range g.shields {
		if h == ev.object {
			g.shields = append(g.shields[:i], g.shields[i+1:]...)
			ev.kind = "regenerated"
			return true
		}
	}
	return false
}

// regenerate: the permanent is tapped, all damage is removed from it (the
// record of deathtouch's too), and it is removed from combat (CR 506.4);
// an attacker it blocked stays blocked (CR 509.1h).
func (g *game) regenerate(o *object) {
	o.tapped, o.damage, o.deathtouch = true, 0, false
	o.attacking, o.blocked, o.blocking = false, false, 0
}

// dropShields ends the shields of a permanent that leaves the
// battlefield: it would be a new object if it came back (CR 400.7).
func (g *game) dropShields(o *object) {
	kept := g.shields[:0]
	for _, h := range g.shields {
		if h != o.h {
			kept = append(kept, h)
		}
	}
	g.shields = kept
}
