package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/vm"
)

// Restrictions and requirements of combat (CR 508.1c-d, 509.1b-c).
//
// A declaration of attackers or blockers is legal when it disobeys no
// restriction — an effect that says a creature can't attack or block, or
// can't unless a condition holds (508.1c, 509.1b) — and obeys as many
// requirements as any declaration could without disobeying a
// restriction: effects that say a creature attacks or blocks if able
// (508.1d, 509.1c). The rules core checks both for the whole declaration,
// never one creature at a time, and computes that maximum without
// enumerating declarations (see maxBlockValue): the check of a
// declaration with a thousand attackers and a thousand potential blockers
// costs one look at each pair of an attacker and a blocker
// (BenchmarkBlockRequirements).
//
// The restrictions and requirements continuous effects give a permanent
// are its combatRules, computed with its characteristics (layers.go) —
// by static abilities (`static this can't block`) and by resolved spells
// and abilities until the end of the turn (`target creature can't block
// this turn`, a turnRule). They are no characteristics: they apply after
// the layers.

// combatRules are the restrictions and requirements of combat, and the
// rule of its untapping, that continuous effects give a permanent
// (CR 508.1c-d, 509.1b-c, 502.3).
type combatRules struct {
	// alone: it can't attack or block alone (508.1c, 509.1b).
	alone bool
	// unblockable: it can't be blocked (509.1b).
	unblockable bool
	// anyNumber: it can block any number of creatures (509.1a).
	anyNumber bool
	// noUntap: it doesn't untap during its controller's untap step
	// (502.3).
	noUntap bool
	// attacksEach counts the requirements that it attacks each combat if
	// able (508.1d), blocksEach those that it blocks each combat if able
	// (509.1c).
	attacksEach, blocksEach int
	// lures counts the effects by which all creatures able to block it do
	// so: each is a requirement for each creature that could block it
	// (509.1c).
	lures int
	// attackPlayers are the players it attacks this turn if able: one
	// requirement each (508.1d; Alluring Siren).
	attackPlayers []PlayerID
	// exceptBy are the filters of "can't be blocked except by FILTER"
	// (509.1b): a blocker must satisfy each.
	exceptBy []ruleFilter
	// attackUnless are the filters of "can't attack unless defending
	// player controls FILTER" (508.1c).
	attackUnless []ruleFilter
}

// reset empties the rules, keeping the buffers.
func (r *combatRules) reset() {
	*r = combatRules{attackPlayers: r.attackPlayers[:0], exceptBy: r.exceptBy[:0], attackUnless: r.attackUnless[:0]}
}

// equal reports whether two permanents' rules are the same.
func (r *combatRules) equal(o *combatRules) bool {
	return r.alone == o.alone && r.unblockable == o.unblockable && r.anyNumber == o.anyNumber && r.noUntap == o.noUntap &&
		r.attacksEach == o.attacksEach && r.blocksEach == o.blocksEach && r.lures == o.lures &&
		slices.Equal(r.attackPlayers, o.attackPlayers) && slices.Equal(r.exceptBy, o.exceptBy) &&
		slices.Equal(r.attackUnless, o.attackUnless)
}

// clone copies the rules, their lists included.
func (r combatRules) clone() combatRules {
	r.attackPlayers = slices.Clone(r.attackPlayers)
	r.exceptBy = slices.Clone(r.exceptBy)
	r.attackUnless = slices.Clone(r.attackUnless)
	return r
}

// ruleFilter is a filter of a static ability's effect (the objects slot of
// `can't be blocked except by FILTER`), kept to test objects with after
// the characteristics are computed.
type ruleFilter struct {
	source     ObjectID
	controller PlayerID
	def        *CardDef
	ability    int
	filter     int32
}

// ruleFilterOf is filter i of the ability whose effect is being applied.
func (g *Game) ruleFilterOf(i vm.Value) (ruleFilter, bool) {
	fr, filter, ok := g.runningFilter(i)
	if !ok {
		return ruleFilter{}, false
	}
	return ruleFilter{source: fr.source, controller: fr.controller, def: fr.def, ability: fr.ability, filter: filter}, true
}

// ruleFilterHolds reports whether the filter describes a candidate.
func (g *Game) ruleFilterHolds(rf *ruleFilter, candidate vm.Value) bool {
	ab := &rf.def.Card.Abilities[rf.ability]
	ls := g.ruleLocals.reset(ab.NumLocals, rf.source, rf.controller)
	ls[vm.LocalCandidate] = candidate
	ok, err := g.run(frame{mode: modeMatch, source: rf.source, controller: rf.controller, def: rf.def,
		ability: rf.ability, locals: ls}, rf.filter)
	return err == nil && ok != 0
}

// rulesOf is the combat rules of a permanent now.
func (g *Game) rulesOf(o *Object) *combatRules { return &g.charsOf(o).rules }

// ---- the effects of static abilities ---------------------------------------

func (g *Game) hCantBlock(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.cantBlock = true
	}
	return 0, err
}

func (g *Game) hCantAttackOrBlockAlone(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.alone = true
	}
	return 0, err
}

func (g *Game) hCantBeBlocked(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.unblockable = true
	}
	return 0, err
}

func (g *Game) hCantBeBlockedExceptBy(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if rf, ok := g.ruleFilterOf(a[1]); c != nil && ok {
		c.rules.exceptBy = append(c.rules.exceptBy, rf)
	}
	return 0, err
}

func (g *Game) hCantAttackUnlessDefenderControls(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if rf, ok := g.ruleFilterOf(a[1]); c != nil && ok {
		c.rules.attackUnless = append(c.rules.attackUnless, rf)
	}
	return 0, err
}

func (g *Game) hAttacksEachCombat(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.attacksEach++
	}
	return 0, err
}

func (g *Game) hBlocksEachCombat(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.blocksEach++
	}
	return 0, err
}

func (g *Game) hMustBeBlockedByAll(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.lures++
	}
	return 0, err
}

func (g *Game) hBlockAnyNumber(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.anyNumber = true
	}
	return 0, err
}

func (g *Game) hDoesntUntap(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.noUntap = true
	}
	return 0, err
}

// ---- effects until end of turn --------------------------------------------

// Rules a resolved spell or ability gives one permanent until the end of
// the turn: a ptEffect of layerRules (CR 611.2c: it changes the rules of
// the game, not a characteristic), which the cleanup step ends with the
// others (CR 514.2).
const (
	turnRuleCantBlock = iota + 1
	turnRuleUnblockable
	turnRuleAttackPlayer
)

// applyTurnRule applies a rule until end of turn to a permanent's rules.
func applyTurnRule(pe *ptEffect, c *chars) {
	switch pe.rule {
	case turnRuleCantBlock:
		c.cantBlock = true
	case turnRuleUnblockable:
		c.rules.unblockable = true
	case turnRuleAttackPlayer:
		c.rules.attackPlayers = append(c.rules.attackPlayers, pe.player)
	}
}

// addTurnRule gives a permanent a rule until the end of the turn.
func (g *Game) addTurnRule(v vm.Value, rule int, p PlayerID) {
	if o := g.permanentArg(v); o != nil {
		g.effects = append(g.effects, ptEffect{object: o.id, layer: layerRules, rule: rule, player: p, timestamp: g.nextTimestamp()})
		g.invalidate()
	}
}

func (g *Game) hCantBlockThisTurn(a []vm.Value) (vm.Value, error) {
	g.addTurnRule(a[0], turnRuleCantBlock, NoPlayer)
	return 0, nil
}

func (g *Game) hCantBeBlockedThisTurn(a []vm.Value) (vm.Value, error) {
	g.addTurnRule(a[0], turnRuleUnblockable, NoPlayer)
	return 0, nil
}

func (g *Game) hAttacksThisTurnIfAble(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[1]); ok {
		g.addTurnRule(a[0], turnRuleAttackPlayer, p)
	}
	return 0, nil
}

// ---- declarations of attackers ---------------------------------------------

// attackCandidate is a creature of the active player, as a declaration
// of attackers is checked.
type attackCandidate struct {
	id ObjectID
	// why is the restriction its attacking would disobey (CR 508.1a,
	// 508.1c, 302.6, 702.3b), or nil if it may attack.
	why *RuleError
	// reqs counts the requirements its attacking obeys (508.1d): "attacks
	// each combat if able", and "attacks PLAYER this turn if able" when
	// PLAYER is the defending player.
	reqs int
	// alone: it can't attack alone (508.1c).
	alone bool
}

// attackCandidates lists the creatures the active player controls, oldest
// first.
func (g *Game) attackCandidates() []attackCandidate {
	defender := Opponent(g.active)
	var out []attackCandidate
	for _, id := range g.battlefield {
		o := g.objects[id]
		if o.controller != g.active || !g.isCreature(o) {
			continue
		}
		r := g.rulesOf(o)
		c := attackCandidate{id: id, why: g.canAttack(id), reqs: r.attacksEach, alone: r.alone}
		for _, p := range r.attackPlayers {
			if p == defender {
				c.reqs++ // a requirement to attack another player can't be obeyed (CR 508.1d)
			}
		}
		out = append(out, c)
	}
	return out
}

// maxAttackRequirements is the largest number of requirements a
// declaration of attackers can obey without disobeying a restriction
// (CR 508.1d), the creature except left out of every declaration (0: none).
//
// Each requirement of the vocabulary is about one creature, obeyed if it
// attacks, and every creature attacks the one defending player: the
// requirements of the creatures able to attack can all be obeyed at once,
// unless the only creature able to attack can't attack alone (508.1c).
// It is linear in the creatures.
func maxAttackRequirements(cands []attackCandidate, except ObjectID) int {
	able, best := 0, 0
	var last *attackCandidate
	for i := range cands {
		c := &cands[i]
		if c.why != nil || c.id == except {
			continue
		}
		able++
		best += c.reqs
		last = c
	}
	if able == 1 && last.alone {
		return 0 // it can't attack at all
	}
	return best
}

// CheckAttackers says whether a declaration of attackers would be legal
// now (CR 508.1): nil, or the *RuleError of the rule it breaks — a
// creature that can't attack (508.1a, 508.1c, 302.6, 702.3b), one
// declared twice (508.1a), one that can't attack alone declared alone
// (508.1c), or fewer requirements obeyed than could be (508.1d). The
// declare attackers step checks the same.
func (g *Game) CheckAttackers(ids []ObjectID) error {
	if err := g.checkAttackers(ids); err != nil {
		return err
	}
	return nil
}

func (g *Game) checkAttackers(ids []ObjectID) *RuleError {
	cands := g.attackCandidates()
	find := func(id ObjectID) *attackCandidate {
		for i := range cands {
			if cands[i].id == id {
				return &cands[i]
			}
		}
		return nil
	}
	obeyed := 0
	for i, id := range ids {
		if slices.Contains(ids[:i], id) {
			return ruleErrorf("508.1a", "%s is declared as an attacker twice", g.objectName(id))
		}
		c := find(id)
		if c == nil {
			return g.canAttack(id) // not a creature of the active player
		}
		if c.why != nil {
			return c.why
		}
		obeyed += c.reqs
	}
	if len(ids) == 1 && find(ids[0]).alone {
		return ruleErrorf("508.1c", "%s cannot attack alone: another creature must attack with it", g.objectName(ids[0]))
	}
	if best := maxAttackRequirements(cands, 0); obeyed < best {
		var missed []string
		for _, c := range cands {
			if c.why == nil && c.reqs > 0 && !slices.Contains(ids, c.id) {
				missed = append(missed, g.objectName(c.id))
			}
		}
		why := "it could attack"
		if len(missed) == 0 {
			// Every required creature is declared: the only one able
			// to attack that can't attack alone left another out.
			why = "a creature able to attack must attack with the one that can't attack alone"
		}
		return ruleErrorf("508.1d", "the declaration obeys %d of the %d requirements to attack it could obey: %s must attack (%s)",
			obeyed, best, strings.Join(missed, ", "), why)
	}
	return nil
}

// requiredAttackers is a legal declaration of attackers with as few
// attackers as the requirements allow: the creatures able to attack that a
// requirement makes attack, and, if the only one of them can't attack
// alone, the oldest other creature able to attack with it (CR 508.1d).
func (g *Game) requiredAttackers() []ObjectID { return requiredAttackersOf(g.attackCandidates()) }

// requiredAttackersOf is requiredAttackers among candidates.
func requiredAttackersOf(cands []attackCandidate) []ObjectID {
	var out []ObjectID
	for _, c := range cands {
		if c.why == nil && c.reqs > 0 {
			out = append(out, c.id)
		}
	}
	if len(out) != 1 {
		return out
	}
	for _, c := range cands {
		if c.id == out[0] && !c.alone {
			return out
		}
	}
	for _, c := range cands {
		if c.why == nil && c.id != out[0] {
			return append(out, c.id)
		}
	}
	return nil // it can't attack alone, and no other creature can attack
}

// MustAttack reports whether a creature attacks in every legal declaration
// of attackers now (CR 508.1d): a requirement makes it, or it is the only
// creature that can attack with one that a requirement makes attack and
// that can't attack alone.
func (g *Game) MustAttack(id ObjectID) bool {
	cands := g.attackCandidates()
	return maxAttackRequirements(cands, id) < maxAttackRequirements(cands, 0)
}

// ---- declarations of blockers ----------------------------------------------

// blockProblem is what a declaration of blockers is checked against: the
// attacking creatures, the defending player's creatures and which of them
// could block which (CR 509.1a-c).
type blockProblem struct {
	defender  PlayerID
	attackers []ObjectID
	// lures counts, for each attacker, the requirements that each creature
	// able to block it does so.
	lures    []int
	blockers []blockerCandidate
}

// blockerCandidate is a creature of the defending player.
type blockerCandidate struct {
	id ObjectID
	// why is the restriction its blocking any creature would disobey
	// (509.1a, 509.1b), or nil.
	why *RuleError
	// any: it can block any number of creatures; otherwise one.
	any bool
	// reqs counts the requirements that it blocks if able, obeyed if it
	// blocks any creature.
	reqs int
	// alone: it can't block alone.
	alone bool
	// can lists the attackers it could block, by index: those whose
	// restrictions it obeys (509.1b, 702.9b, 702.13b, 702.14c, 702.16f).
	can []int
}

// blockProblemNow builds the problem of the declaration of blockers now:
// every pair of an attacking creature and a creature of the defending
// player is looked at once.
func (g *Game) blockProblemNow() *blockProblem {
	defender := Opponent(g.active)
	p := &blockProblem{defender: defender}
	for _, id := range g.attackers {
		if at := g.onBattlefield(id); at != nil && at.attacking && !slices.Contains(p.attackers, id) {
			p.attackers = append(p.attackers, id)
			p.lures = append(p.lures, g.rulesOf(at).lures)
		}
	}
	// What can be known of each attacker alone: whether nothing can block
	// it (can't be blocked, landwalk), and what its blockers must be.
	var ats []combatant
	for _, id := range p.attackers {
		if at := g.objects[id]; g.attackerBlockable(at, defender) == nil {
			// The rules are copied: a filter runs a card's code, which may
			// compute the characteristics again.
			c := g.combatantOf(at)
			c.exceptBy = slices.Clone(c.exceptBy)
			ats = append(ats, c)
		} else {
			ats = append(ats, combatant{})
		}
	}
	for _, id := range g.battlefield {
		bl := g.objects[id]
		if bl.controller != defender || !g.isCreature(bl) {
			continue
		}
		r := g.rulesOf(bl)
		c := blockerCandidate{id: id, why: g.blockerAble(bl, defender), any: r.anyNumber, reqs: r.blocksEach, alone: r.alone}
		if c.why == nil {
			b := g.combatantOf(bl)
			for i := range ats {
				if ats[i].o != nil {
					if r, _ := g.pairRestriction(&b, &ats[i]); r == pairLegal {
						c.can = append(c.can, i)
					}
				}
			}
		}
		p.blockers = append(p.blockers, c)
	}
	return p
}

// gain is what blocker b's blocking obeys of the requirements when it
// blocks the attackers of indexes blocks, none of them excluded: its
// requirements to block if it blocks any, and one for each lure of each.
func (p *blockProblem) gain(b *blockerCandidate, blocks []int) int {
	if len(blocks) == 0 {
		return 0
	}
	n := b.reqs
	for _, i := range blocks {
		n += p.lures[i]
	}
	return n
}

// best is the most requirements blocker b can obey (see maxBlockValue),
// leaving out the attacker of index except (-1: none), and its choice: the
// attackers it blocks for that, as few as it takes (the first ones, in
// the order attackers were declared, of those that obey as many).
func (p *blockProblem) best(b *blockerCandidate, except int) (int, []int) {
	var can []int
	for _, i := range b.can {
		if i != except {
			can = append(can, i)
		}
	}
	if len(can) == 0 {
		return 0, nil
	}
	if b.any {
		var blocks []int
		for _, i := range can {
			if p.lures[i] > 0 {
				blocks = append(blocks, i)
			}
		}
		if len(blocks) == 0 && b.reqs > 0 {
			blocks = can[:1]
		}
		return p.gain(b, blocks), blocks
	}
	top := can[0]
	for _, i := range can[1:] {
		if p.lures[i] > p.lures[top] {
			top = i
		}
	}
	if p.lures[top] == 0 && b.reqs == 0 {
		return 0, nil
	}
	return b.reqs + p.lures[top], []int{top}
}

// maxBlockValue is the largest number of requirements a declaration of
// blockers can obey without disobeying a restriction (CR 509.1c), with
// blocker skip left out of it (-1: none) and, if skipPair is set, the
// block of attacker skipPair.a by blocker skipPair.b left out.
//
// The problem is a bipartite b-matching: the blockers on one side, each
// with its capacity — one attacker, or any number (509.1a) — the
// attackers on the other, an edge for each block the restrictions allow
// (509.1b), a weight on each edge (the lures of its attacker: "all
// creatures able to block it do so" is a requirement for each creature
// that could block it), and a bonus on the first edge of each blocker
// ("blocks each combat if able"). No effect of the vocabulary limits how
// many creatures may block an attacker, or requires that an attacker be
// blocked at all: the attackers' side of the matching is uncapacitated,
// so no blocker's choice constrains another's, and the maximum is the
// sum, over the blockers, of each one's own maximum — the heaviest edge
// plus its bonus for a blocker of one attacker, every positive edge plus
// its bonus for one of any number. The one restriction that binds
// blockers together, "can't block alone" (509.1b), costs something only
// when a single blocker could block at all: then it can't. So the check
// is linear in the pairs of an attacker and a blocker
// (BenchmarkBlockRequirements), and TestBlockRequirementsAgainstBruteForce
// holds it to the enumeration of every declaration on small boards.
func (p *blockProblem) maxBlockValue(skip int, skipPair *[2]int) int {
	total, able := 0, 0
	var single *blockerCandidate
	for bi := range p.blockers {
		b := &p.blockers[bi]
		if bi == skip || b.why != nil {
			continue
		}
		except := -1
		if skipPair != nil && skipPair[0] == bi {
			except = skipPair[1]
		}
		n := 0
		for _, i := range b.can {
			if i != except {
				n++
			}
		}
		if n == 0 {
			continue
		}
		able++
		single = b
		v, _ := p.best(b, except)
		total += v
	}
	if able == 1 && single.alone {
		return 0 // the only creature that could block can't block alone
	}
	return total
}

// CheckBlockers says whether a declaration of blockers would be legal
// now (CR 509.1): nil, or the *RuleError of the rule it breaks — a
// creature that can't block (509.1a, 509.1b), an attacker it can't
// block (509.1b, 702.9b, 702.13b, 702.14c, 702.16f), a creature blocking
// more creatures than it can (509.1a), one that can't block alone
// blocking alone (509.1b), or fewer requirements obeyed than could be
// (509.1c). The declare blockers step checks the same.
func (g *Game) CheckBlockers(blocks []Block) error {
	if err := g.checkBlockers(g.blockProblemNow(), blocks); err != nil {
		return err
	}
	return nil
}

func (g *Game) checkBlockers(p *blockProblem, blocks []Block) *RuleError {
	// Indexes, so that the check is linear in the blocks.
	blockerAt := make(map[ObjectID]int, len(p.blockers))
	for i := range p.blockers {
		blockerAt[p.blockers[i].id] = i
	}
	attackerAt := make(map[ObjectID]int, len(p.attackers))
	for i, id := range p.attackers {
		attackerAt[id] = i
	}
	seen := make(map[Block]bool, len(blocks))
	chosen := make(map[int][]int) // blocker index -> attacker indexes
	var order []int
	for _, b := range blocks {
		bi, ok := blockerAt[b.Blocker]
		if !ok {
			bi = -1
		}
		ai, ok := attackerAt[b.Attacker]
		if !ok {
			ai = -1
		}
		switch {
		case bi < 0:
			return g.canBlock(b.Blocker, b.Attacker, p.defender) // not a creature of the defending player
		case p.blockers[bi].why != nil:
			return p.blockers[bi].why
		case ai < 0:
			return ruleErrorf("509.1a", "%s cannot block: %s is not attacking", g.objectName(b.Blocker), g.objectName(b.Attacker))
		case !slices.Contains(p.blockers[bi].can, ai):
			if err := g.canBlock(b.Blocker, b.Attacker, p.defender); err != nil {
				return err
			}
			return ruleErrorf("509.1b", "%s cannot block %s", g.objectName(b.Blocker), g.objectName(b.Attacker))
		case seen[b]:
			return ruleErrorf("509.1a", "%s is declared as a blocker of %s twice", g.objectName(b.Blocker), g.objectName(b.Attacker))
		}
		seen[b] = true
		if len(chosen[bi]) == 1 && !p.blockers[bi].any {
			return ruleErrorf("509.1a", "%s can block only one creature: it is declared as a blocker of %s and of %s",
				g.objectName(b.Blocker), g.objectName(p.attackers[chosen[bi][0]]), g.objectName(b.Attacker))
		}
		if _, ok := chosen[bi]; !ok {
			order = append(order, bi)
		}
		chosen[bi] = append(chosen[bi], ai)
	}
	if len(order) == 1 && p.blockers[order[0]].alone {
		return ruleErrorf("509.1b", "%s cannot block alone: another creature must block too", g.objectName(p.blockers[order[0]].id))
	}
	obeyed := 0
	for _, bi := range order {
		obeyed += p.gain(&p.blockers[bi], chosen[bi])
	}
	best := p.maxBlockValue(-1, nil)
	if obeyed >= best {
		return nil
	}
	// Name a blocker that obeys fewer requirements than it could.
	var missed []string
	for bi := range p.blockers {
		b := &p.blockers[bi]
		if b.why != nil {
			continue
		}
		if v, choice := p.best(b, -1); p.gain(b, chosen[bi]) < v {
			var what []string
			for _, i := range choice {
				what = append(what, g.objectName(p.attackers[i]))
			}
			missed = append(missed, fmt.Sprintf("%s (able to block %s)", g.objectName(b.id), strings.Join(what, " and ")))
		}
	}
	why := strings.Join(missed, ", ")
	if why == "" {
		why = "a creature able to block must block with the one that can't block alone"
	}
	return ruleErrorf("509.1c", "the declaration obeys %d of the %d requirements to block it could obey: %s", obeyed, best, why)
}

// requiredBlocks is a legal declaration of blockers with as few blocks as
// the requirements allow (CR 509.1c): each creature that a requirement
// makes block blocks the attackers its best choice names (see
// blockProblem.best), and if it is the only blocker and can't block
// alone, the oldest other creature able to block blocks the first
// attacker it can with it.
func (g *Game) requiredBlocks() []Block {
	p := g.blockProblemNow()
	var out []Block
	for _, c := range p.required() {
		out = append(out, Block{Blocker: p.blockers[c[0]].id, Attacker: p.attackers[c[1]]})
	}
	return out
}

// required is requiredBlocks as blocks of the problem: pairs of a
// blocker's index and an attacker's.
func (p *blockProblem) required() [][2]int {
	var out [][2]int
	var blockers []int
	for bi := range p.blockers {
		b := &p.blockers[bi]
		if b.why != nil {
			continue
		}
		if v, choice := p.best(b, -1); v > 0 {
			blockers = append(blockers, bi)
			for _, i := range choice {
				out = append(out, [2]int{bi, i})
			}
		}
	}
	if len(blockers) != 1 || !p.blockers[blockers[0]].alone {
		return out
	}
	for bi := range p.blockers {
		if b := &p.blockers[bi]; bi != blockers[0] && b.why == nil && len(b.can) > 0 {
			return append(out, [2]int{bi, b.can[0]})
		}
	}
	return nil // it can't block alone, and no other creature can block
}

// MustBlock reports whether a creature blocks an attacking creature in
// every legal declaration of blockers now (CR 509.1c); attacker 0 asks
// whether it blocks some attacking creature in every one.
func (g *Game) MustBlock(blocker, attacker ObjectID) bool {
	p := g.blockProblemNow()
	bi := slices.IndexFunc(p.blockers, func(b blockerCandidate) bool { return b.id == blocker })
	if bi < 0 {
		return false
	}
	best := p.maxBlockValue(-1, nil)
	if attacker == 0 {
		return p.maxBlockValue(bi, nil) < best
	}
	ai := slices.Index(p.attackers, attacker)
	if ai < 0 {
		return false
	}
	return p.maxBlockValue(-1, &[2]int{bi, ai}) < best
}
