package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/vm"
)

// CheckAttack says whether a creature could be declared as an attacker
// now: nil, or the *RuleError of the rule that forbids it (CR 508.1a,
// 508.1c, 302.6, 702.3b). The declare attackers step checks the same.
func (g *Game) CheckAttack(id ObjectID) error {
	if err := g.canAttack(id); err != nil {
		return err
	}
	return nil
}

// canAttack returns why a creature cannot attack, or nil if it can.
func (g *Game) canAttack(id ObjectID) *RuleError {
	o := g.onBattlefield(id)
	why := func(rule, reason string) *RuleError {
		return ruleErrorf(rule, "%s cannot attack: %s", g.objectName(id), reason)
	}
	switch {
	case o == nil:
		return why("508.1a", "it is not on the battlefield")
	case !g.isCreature(o):
		return why("508.1a", "it is not a creature")
	case o.controller != g.active:
		return why("508.1a", "its controller is not the active player")
	case o.tapped:
		return why("508.1a", "it is tapped")
	case g.summoningSick(o):
		return why("302.6", "it has not been under its controller's control since the turn began")
	case o.attacking:
		return why("508.1a", "it is already attacking")
	case g.hasKeyword(o, keywordDefender):
		return why("702.3b", "it has defender")
	case g.charsOf(o).cantAttack:
		return why("508.1c", "an effect says it can't attack")
	}
	defender := Opponent(o.controller)
	for i := range g.rulesOf(o).attackUnless {
		if rf := g.rulesOf(o).attackUnless[i]; !g.defenderControls(&rf, defender) {
			return why("508.1c", "an effect says it can't attack unless the defending player controls what it names ("+rf.def.Card.Abilities[rf.ability].Text+")")
		}
	}
	return nil
}

// defenderControls reports whether the defending player controls a
// permanent a filter describes ("can't attack unless defending player
// controls an Island", CR 508.1c).
func (g *Game) defenderControls(rf *ruleFilter, defender PlayerID) bool {
	for _, id := range g.battlefield {
		if o := g.objects[id]; o.controller == defender && g.ruleFilterHolds(rf, ObjectValue(id)) {
			return true
		}
	}
	return false
}

// CheckBlock says whether a creature could be declared as a blocker of an
// attacking creature now, alone of its declaration: nil, or the
// *RuleError of the rule that forbids it (CR 509.1a, 509.1b, 702.9b...).
// CheckBlockers checks a whole declaration, with its requirements.
func (g *Game) CheckBlock(blocker, attacker ObjectID) error {
	if err := g.canBlock(blocker, attacker, Opponent(g.active)); err != nil {
		return err
	}
	return nil
}

// canBlock returns why a creature cannot block an attacker, or nil if it
// can: what it is (blockerAble), what the attacker is (attackerBlockable)
// and what the pair is (pairBlockable).
func (g *Game) canBlock(blocker, attacker ObjectID, defender PlayerID) *RuleError {
	bl, at := g.onBattlefield(blocker), g.onBattlefield(attacker)
	if bl == nil {
		return ruleErrorf("509.1a", "%s cannot block: it is not on the battlefield", g.objectName(blocker))
	}
	if err := g.blockerAble(bl, defender); err != nil {
		return err
	}
	if at == nil || !at.attacking {
		return ruleErrorf("509.1a", "%s cannot block: %s is not attacking", g.objectName(blocker), g.objectName(attacker))
	}
	if err := g.attackerBlockable(at, defender); err != nil {
		return ruleErrorf(err.Rule, "%s cannot block: %s", g.objectName(blocker), err.Msg)
	}
	return g.pairBlockable(bl, at)
}

// blockerAble returns why a creature can block no attacker at all, or
// nil (CR 509.1a, 509.1b).
func (g *Game) blockerAble(bl *Object, defender PlayerID) *RuleError {
	why := func(rule, reason string) *RuleError {
		return ruleErrorf(rule, "%s cannot block: %s", g.objectName(bl.id), reason)
	}
	switch {
	case !g.isCreature(bl):
		return why("509.1a", "it is not a creature")
	case bl.controller != defender:
		return why("509.1a", "it is not controlled by the defending player")
	case bl.tapped:
		return why("509.1a", "it is tapped")
	case len(bl.blocking) > 0:
		return why("509.1a", "it is already blocking")
	case g.charsOf(bl).cantBlock:
		return why("509.1b", "an effect says it can't block")
	}
	return nil
}

// attackerBlockable returns why no creature of the defending player can
// block an attacking creature, or nil: it can't be blocked (CR 509.1b),
// or the defending player controls a land of a type it walks (702.14c).
// Its message says it of the attacker, for a blocker's error to begin.
func (g *Game) attackerBlockable(at *Object, defender PlayerID) *RuleError {
	if g.rulesOf(at).unblockable {
		return ruleErrorf("509.1b", "%s can't be blocked", g.objectName(at.id))
	}
	if land := g.walkedLand(at, defender); land != "" {
		return ruleErrorf("702.14c", "%s has %swalk, and the defending player controls %s %s", g.objectName(at.id), strings.ToLower(land), article(land), land)
	}
	return nil
}

// pairBlockable returns why a creature able to block cannot block an
// attacking creature that can be blocked, or nil: protection (CR
// 702.16f), flying (702.9b), intimidate (702.13b), "can't be blocked
// except by" (509.1b).
func (g *Game) pairBlockable(bl, at *Object) *RuleError {
	b, a := g.combatantOf(bl), g.combatantOf(at)
	why := func(rule, reason string) *RuleError {
		return ruleErrorf(rule, "%s cannot block: %s", g.objectName(bl.id), reason)
	}
	switch r, rf := g.pairRestriction(&b, &a); r {
	case pairProtection:
		return why("702.16f", fmt.Sprintf("%s has protection from it", g.objectName(at.id)))
	case pairFlying:
		return why("702.9b", fmt.Sprintf("%s has flying, and only creatures with flying or reach can block it (CR 702.17b)", g.objectName(at.id)))
	case pairIntimidate:
		return why("702.13b", fmt.Sprintf("%s has intimidate, and only artifact creatures and creatures that share a color with it can block it", g.objectName(at.id)))
	case pairExceptBy:
		return why("509.1b", fmt.Sprintf("%s can't be blocked except by %s", g.objectName(at.id), rf.def.Card.Abilities[rf.ability].Text))
	}
	return nil
}

// combatant is what the restrictions of blocks read of a creature, read
// once for a declaration whose every pair of an attacker and a blocker is
// looked at.
type combatant struct {
	o                                  *Object
	flying, reach, intimidate, protect bool
	colors, types                      uint16
	exceptBy                           []ruleFilter
}

// combatantOf reads a creature as the restrictions of blocks do.
func (g *Game) combatantOf(o *Object) combatant {
	return combatant{o: o, flying: g.hasKeyword(o, keywordFlying), reach: g.hasKeyword(o, keywordReach),
		intimidate: g.hasKeyword(o, keywordIntimidate), protect: g.hasKeyword(o, keywordProtection),
		colors: g.colorsOf(o), types: g.typesOf(o), exceptBy: g.rulesOf(o).exceptBy}
}

// The restrictions on one block, as pairRestriction says them.
const (
	pairLegal = iota
	pairProtection
	pairFlying
	pairIntimidate
	pairExceptBy
)

// pairRestriction is the restriction that forbids a blocker to block an
// attacker (CR 702.16f, 702.9b, 702.13b, 509.1b), pairLegal if none does,
// and the filter of the "can't be blocked except by" it disobeys. It
// builds no message: a declaration looks at every pair.
func (g *Game) pairRestriction(bl, at *combatant) (int, *ruleFilter) {
	switch {
	case at.protect && g.protectedFrom(at.o, bl.o):
		return pairProtection, nil
	case at.flying && !bl.flying && !bl.reach:
		return pairFlying, nil
	case at.intimidate && bl.types&typeArtifact == 0 && bl.colors&at.colors == 0:
		return pairIntimidate, nil
	}
	for i := range at.exceptBy {
		if !g.ruleFilterHolds(&at.exceptBy[i], ObjectValue(bl.o.id)) {
			return pairExceptBy, &at.exceptBy[i]
		}
	}
	return pairLegal, nil
}

// walkedLand is the land type of a landwalk ability of an attacker that
// makes it unblockable (CR 702.14c): one the defending player controls a
// land of, basic or not; "" if there is none. Landwalk abilities don't
// cancel one another (702.14d): the defender's own landwalk is no matter.
func (g *Game) walkedLand(at *Object, defender PlayerID) string {
	if !g.hasKeyword(at, keywordLandwalk) {
		return ""
	}
	for _, w := range g.keywordsOf(at).args {
		if w.keyword == keywordLandwalk && g.controlsLandWith(defender, &w.quality) {
			return g.lib.subtypeName(w.quality.subtype)
		}
	}
	return ""
}

// controlsLandWith reports whether a player controls a land with a
// quality: a land type (CR 205.3i).
func (g *Game) controlsLandWith(p PlayerID, q *quality) bool {
	for _, id := range g.battlefield {
		if o := g.objects[id]; o.controller == p && g.isType(o, typeLand) && q.has(g, o) {
			return true
		}
	}
	return false
}

// article is "a" or "an", as English puts it before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// declareAttackers is the turn-based action of the declare attackers step
// (CR 508.1): the active player's chosen creatures attack the other
// player, and become tapped. A declaration the rules don't allow (a
// creature that can't attack, fewer requirements obeyed than could be,
// CR 508.1c-d) is a failure, and the default declaration is made instead,
// which is legal (requiredAttackers).
func (g *Game) declareAttackers() {
	g.attackers = g.attackers[:0]
	defender := Opponent(g.active)
	ids := g.decider.DeclareAttackers(g, g.active)
	if err := g.checkAttackers(ids); err != nil {
		g.fail(err)
		ids = g.requiredAttackers()
	}
	for _, id := range ids {
		o := g.objects[id]
		if !g.hasKeyword(o, keywordVigilance) {
			g.tap(o, true) // CR 508.1f; vigilance, 702.20b
		}
		o.attacking, o.defender = true, defender
		g.attackers = append(g.attackers, id)
		g.invalidate()
	}
	for _, id := range g.attackers {
		g.propose(Event{Kind: EvAttacks, Object: id, Player: defender})
	}
	g.declaredAttack(g.active, len(g.attackers))
}

// declareBlockers is the turn-based action of the declare blockers step
// (CR 509.1): each chosen creature of the defending player blocks the
// attacking creatures chosen for it — one, or more if an effect lets it
// (509.1a) — which become blocked. A declaration the rules don't allow
// (CR 509.1a-c) is a failure, and the default declaration is made
// instead, which is legal (requiredBlocks).
func (g *Game) declareBlockers() {
	defender := Opponent(g.active)
	blocks := g.decider.DeclareBlockers(g, defender)
	if err := g.checkBlockers(g.blockProblemNow(), blocks); err != nil {
		g.fail(err)
		blocks = g.requiredBlocks()
	}
	for _, b := range blocks {
		bl, at := g.objects[b.Blocker], g.objects[b.Attacker]
		bl.blocking = append(bl.blocking, at.id)
		at.blocked = true
		at.blockedBy = append(at.blockedBy, bl.id)
	}
	if len(blocks) > 0 {
		g.invalidate() // "blocking" and "blocked" are in filters
	}
	for _, b := range blocks {
		g.propose(Event{Kind: EvBlock, Object: b.Attacker, Other: b.Blocker})
	}
}

// combatDamageStep begins a combat damage step (CR 510). If at least one
// attacking or blocking creature has first strike or double strike as the
// combat damage step begins, only those assign combat damage in it, and a
// second combat damage step follows, in which the remaining attackers and
// blockers that had neither as the first began, and those that now have
// double strike, assign theirs (CR 510.4, 702.7b, 702.4b). Abilities
// trigger and state-based actions happen between the two steps, as before
// any player receives priority (CR 510.3).
func (g *Game) combatDamageStep() {
	switch g.damageStep {
	case damageStepSecond:
		// 702.7c: a creature that gained first strike after the first
		// step still assigns; one that struck first and has no double
		// strike does not assign again (702.4c-d).
		g.combatDamage(func(o *Object) bool { return !o.struckFirst || g.hasKeyword(o, keywordDoubleStrike) })
		return
	}
	first := false
	g.eachCombatant(func(o *Object) {
		if g.hasKeyword(o, keywordFirstStrike) || g.hasKeyword(o, keywordDoubleStrike) {
			o.struckFirst, first = true, true
		}
	})
	if !first {
		g.damageStep = damageStepOnly
		g.combatDamage(func(*Object) bool { return true })
		return
	}
	g.damageStep = damageStepFirst
	g.combatDamage(func(o *Object) bool { return o.struckFirst })
}

// The combat damage steps of a combat (CR 510.4).
const (
	damageStepNone   = iota // no combat damage step has begun this combat
	damageStepOnly          // the combat damage step, with no first strike
	damageStepFirst         // the first of two: first and double strike
	damageStepSecond        // the second of two
)

// CombatDamageStep says which combat damage step it is, in a combat
// damage step: 0 for the only one of a combat (no creature had first
// strike or double strike as it began), 1 for the first of two, in which
// creatures with first strike or double strike assign combat damage,
// and 2 for the second (CR 510.4).
func (g *Game) CombatDamageStep() int {
	switch g.damageStep {
	case damageStepFirst:
		return 1
	case damageStepSecond:
		return 2
	}
	return 0
}

// eachCombatant calls f for each attacking or blocking creature.
func (g *Game) eachCombatant(f func(o *Object)) {
	for _, id := range g.battlefield {
		if o := g.objects[id]; o.attacking || len(o.blocking) > 0 {
			f(o)
		}
	}
}

// combatDamage is the turn-based action of a combat damage step
// (CR 510.1-2): every attacking and blocking creature that assigns
// combat damage in this step assigns combat damage equal to its power, and
// all of it is dealt at once, as one event: its results, such as the
// creatures that die of it, see each other (CR 603.10a).
func (g *Game) combatDamage(assigns func(o *Object) bool) {
	type assignment struct {
		source ObjectID
		target vm.Value
		amount int
	}
	var all []assignment
	for _, id := range g.attackers {
		a := g.onBattlefield(id)
		if a == nil || !a.attacking || !assigns(a) {
			continue
		}
		power := g.Power(id)
		if power <= 0 {
			continue // CR 510.1a
		}
		if !a.blocked {
			all = append(all, assignment{id, PlayerValue(a.defender), power}) // CR 510.1b
			continue
		}
		// A blocked creature stays blocked even if its blockers are gone;
		// then it assigns no combat damage (CR 509.1h, 510.1c), unless it
		// has trample: then it assigns all its damage to the player
		// (CR 702.19d).
		var fights []ObjectID
		for _, b := range a.blockedBy {
			if bl := g.onBattlefield(b); bl != nil && slices.Contains(bl.blocking, id) {
				fights = append(fights, b)
			}
		}
		trample := g.hasKeyword(a, keywordTrample)
		split := g.divide(id, fights, power, trample)
		for i, n := range split {
			if i == len(fights) {
				// Trample's excess goes to the player (CR 702.19b).
				if n > 0 {
					all = append(all, assignment{id, PlayerValue(a.defender), n})
				}
				continue
			}
			all = append(all, assignment{id, ObjectValue(fights[i]), n})
		}
	}
	for _, id := range g.battlefield {
		b := g.objects[id]
		if len(b.blocking) == 0 || !assigns(b) {
			continue
		}
		// A blocking creature assigns its combat damage to the creatures
		// it blocks, divided as its controller chooses among two or more
		// (CR 510.1d).
		var fights []ObjectID
		for _, at := range b.blocking {
			if a := g.onBattlefield(at); a != nil && a.attacking {
				fights = append(fights, at)
			}
		}
		power := g.Power(id)
		if power <= 0 {
			continue // CR 510.1a
		}
		for i, n := range g.divide(id, fights, power, false) {
			if n > 0 {
				all = append(all, assignment{id, ObjectValue(fights[i]), n})
			}
		}
	}
	g.beginBatch()
	g.beginSimultaneousDamage()
	for _, a := range all {
		g.dealDamage(a.source, a.target, a.amount, true)
	}
	g.endSimultaneousDamage()
	g.endBatch()
}

// divide asks how a creature's damage is divided among the creatures it
// fights (and, with trample, the player it attacks), and checks the
// answer is legal: amounts that add up to its power, and, for damage to
// the player, lethal damage to each blocker first (CR 510.1c, 702.19b).
func (g *Game) divide(id ObjectID, fights []ObjectID, power int, trample bool) []int {
	switch {
	case len(fights) == 0 && trample:
		return []int{power} // CR 702.19d: as though all blockers had lethal damage
	case len(fights) == 0:
		return nil
	case len(fights) == 1 && !trample:
		return []int{power}
	}
	split := g.decider.AssignCombatDamage(g, id, fights, power)
	g.decided(Decision{Player: g.objects[id].controller, Kind: DecisionCombatDamage, Source: id, Fights: fights, Amounts: split})
	total, ok := 0, len(split) == len(fights) || (trample && len(split) == len(fights)+1)
	for _, n := range split {
		if n < 0 {
			ok = false
		}
		total = add(total, n)
	}
	if ok && len(split) > len(fights) && split[len(fights)] > 0 {
		// 702.19b: only once every blocker is assigned lethal damage may
		// the rest go to the player.
		for i, b := range fights {
			if split[i] < g.lethalDamage(id, b) {
				ok = false
			}
		}
	}
	if !ok || total != power {
		g.fail(fmt.Errorf("%s: combat damage divided as %v is not legal: it must add up to %d, one amount for each blocker (and, with trample, one more for the player, only once each blocker is assigned lethal damage)", g.objectName(id), split, power))
		return DefaultDecider{}.AssignCombatDamage(g, id, fights, power)
	}
	return split
}

// lethalDamage is the damage that is lethal to a creature from a source,
// for assigning combat damage: its toughness less the damage already
// marked on it, and from a source with deathtouch any nonzero amount
// (CR 510.1c-d, 702.19b, 702.2c).
func (g *Game) lethalDamage(source, id ObjectID) int {
	lethal := max(g.Toughness(id)-g.objects[id].damage, 0)
	if g.hasKeyword(g.objects[source], keywordDeathtouch) {
		lethal = min(lethal, 1)
	}
	return lethal
}

// removeFromCombat takes a permanent out of combat (CR 506.4). An
// attacker it was blocking stays blocked (509.1h); a creature that was
// blocking it stays a blocking creature (509.1g), blocking the others it
// blocks (see Object.Blocks).
func (g *Game) removeFromCombat(o *Object) {
	for _, at := range o.blocking {
		if a := g.Object(at); a != nil {
			a.blockedBy = slices.DeleteFunc(a.blockedBy, func(b ObjectID) bool { return b == o.id })
		}
	}
	o.attacking, o.blocked, o.blocking, o.blockedBy, o.defender = false, false, nil, nil, NoPlayer
	o.struckFirst = false
	g.invalidate()
}

// leaveCombatUnlessCreature removes from combat each attacking or
// blocking permanent that is no longer a creature (CR 506.4): a land an
// effect made a creature, once the effect ends. It looks at the board
// only during combat.
func (g *Game) leaveCombatUnlessCreature() {
	if len(g.attackers) == 0 {
		return
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		if (o.attacking || len(o.blocking) > 0) && !g.isCreature(o) {
			g.removeFromCombat(o)
		}
	}
}

// endCombat removes every creature from combat as the end of combat step
// ends (CR 511.3).
func (g *Game) endCombat() {
	for _, id := range g.battlefield {
		o := g.objects[id]
		o.attacking, o.blocked, o.blocking, o.blockedBy, o.defender = false, false, nil, nil, NoPlayer
		o.struckFirst = false
	}
	g.attackers = g.attackers[:0]
	g.damageStep = damageStepNone
	g.invalidate()
}
