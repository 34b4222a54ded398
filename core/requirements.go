package core

import (
	"fmt"
	"math"
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
	// extraBlocks counts the effects by which it can block an additional
	// creature each combat (509.1a): it can block 1+extraBlocks.
	extraBlocks int
	// blocksOne: it can't block more than one creature, whatever lets it
	// (509.1a; "can't" wins, 101.2).
	blocksOne bool
	// atMostOneBlocker: it can't be blocked by more than one creature;
	// twoOrMoreBlockers: it can't be blocked except by two or more
	// creatures (509.1b; menace, 702.110b, is read as a keyword).
	atMostOneBlocker, twoOrMoreBlockers bool
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
		r.extraBlocks == o.extraBlocks && r.blocksOne == o.blocksOne && r.atMostOneBlocker == o.atMostOneBlocker && r.twoOrMoreBlockers == o.twoOrMoreBlockers &&
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

func (g *Game) hBlockAdditional(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.extraBlocks++
	}
	return 0, err
}

func (g *Game) hCantBlockMoreThanOne(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.blocksOne = true
	}
	return 0, err
}

func (g *Game) hCantBeBlockedByMoreThanOne(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.atMostOneBlocker = true
	}
	return 0, err
}

func (g *Game) hCantBeBlockedExceptByTwoOrMore(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.rules.twoOrMoreBlockers = true
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
	lures []int
	// limits says, for each attacker, how many creatures may block it
	// (509.1b): any number, at most one, or none or two or more.
	limits   []blockLimit
	blockers []blockerCandidate
}

// blockLimit is a restriction on the number of creatures that block an
// attacker (CR 509.1b).
type blockLimit uint8

const (
	limitNone blockLimit = iota
	// limitAtMostOne: it can't be blocked by more than one creature.
	limitAtMostOne
	// limitTwoOrMore: it can't be blocked except by two or more
	// creatures (menace, 702.110b).
	limitTwoOrMore
	// limitNeither: both; only no blocker at all obeys them.
	limitNeither
)

// allows reports whether n creatures may block an attacker so limited.
func (l blockLimit) allows(n int) bool {
	switch l {
	case limitAtMostOne:
		return n <= 1
	case limitTwoOrMore:
		return n != 1
	case limitNeither:
		return n == 0
	}
	return true
}

// most is how many creatures at most may block an attacker so limited:
// a bound a search may stop at before its other blockers are chosen.
func (l blockLimit) most() int {
	switch l {
	case limitAtMostOne:
		return 1
	case limitNeither:
		return 0
	}
	return math.MaxInt
}

// limit is an attacker's restrictions on the number of its blockers.
func (g *Game) limit(at *Object) blockLimit {
	r := g.rulesOf(at)
	l := limitNone
	if r.atMostOneBlocker {
		l = limitAtMostOne
	}
	if r.twoOrMoreBlockers || g.hasKeyword(at, keywordMenace) {
		l |= limitTwoOrMore
	}
	return l
}

// blockerCandidate is a creature of the defending player.
type blockerCandidate struct {
	id ObjectID
	// why is the restriction its blocking any creature would disobey
	// (509.1a, 509.1b), or nil.
	why *RuleError
	// any: it can block any number of creatures; otherwise 1+extra.
	any   bool
	extra int
	// reqs counts the requirements that it blocks if able, obeyed if it
	// blocks any creature.
	reqs int
	// alone: it can't block alone.
	alone bool
	// can lists the attackers it could block, by index: those whose
	// restrictions it obeys (509.1b, 702.9b, 702.13b, 702.14c, 702.16f).
	can []int
}

// capacity is how many attackers a blocker may block (CR 509.1a): 1, one
// more for each "can block an additional creature each combat", or, if
// it can block any number, -1.
func (b *blockerCandidate) capacity() int {
	if b.any {
		return -1
	}
	return 1 + b.extra
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
			p.limits = append(p.limits, g.limit(at))
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
		c := blockerCandidate{id: id, why: g.blockerAble(bl, defender), any: r.anyNumber, extra: r.extraBlocks, reqs: r.blocksEach, alone: r.alone}
		if r.blocksOne {
			c.any, c.extra = false, 0 // "can't" wins (CR 101.2)
		}
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

// best is the most requirements blocker b can obey (see maxBlockValue)
// when no restriction limits how many creatures block an attacker,
// leaving out the attacker of index except (-1: none), and its choice: the
// attackers it blocks for that, as few as it takes (the most lured, the
// first ones in the order attackers were declared of those lured as
// much). It is also the most blocker b obeys in any declaration: a bound
// for the search of a declaration whose attackers limit their blockers.
func (p *blockProblem) best(b *blockerCandidate, except int) (int, []int) {
	var can []int
	for _, i := range b.can {
		if i != except {
			can = append(can, i)
		}
	}
	blocks := p.mostLured(can, b.capacity())
	if len(blocks) == 0 && b.reqs > 0 && len(can) > 0 {
		blocks = can[:1]
	}
	return p.gain(b, blocks), blocks
}

// mostLured is up to n attackers of can (n < 0: any number) with lures,
// the most lured first, in the order of can among those lured as much.
func (p *blockProblem) mostLured(can []int, n int) []int {
	var lured []int
	for _, i := range can {
		if p.lures[i] > 0 {
			lured = append(lured, i)
		}
	}
	if n < 0 || len(lured) <= n {
		return lured
	}
	slices.SortStableFunc(lured, func(a, b int) int { return p.lures[b] - p.lures[a] })
	return lured[:n]
}

// limited reports whether some attacker a blocker could block limits how
// many creatures block it: then the blockers' choices depend on one
// another.
func (p *blockProblem) limited() bool {
	for bi := range p.blockers {
		if p.blockers[bi].why == nil && p.coupling(bi) == 1 {
			return true
		}
	}
	return false
}

// maxBlockValue is the largest number of requirements a declaration of
// blockers can obey without disobeying a restriction (CR 509.1c), with
// blocker skip left out of it (-1: none) and, if skipPair is set, the
// block of attacker skipPair.a by blocker skipPair.b left out.
//
// The problem is a bipartite b-matching: the blockers on one side, each
// with its capacity — one attacker, one more for each "can block an
// additional creature", or any number (509.1a) — the attackers on the
// other, an edge for each block the restrictions allow (509.1b), a
// weight on each edge (the lures of its attacker: "all creatures able to
// block it do so" is a requirement for each creature that could block
// it), and a bonus on the first edge of each blocker ("blocks each combat
// if able"). When no attacker a blocker could block limits the number of
// its blockers ("can't be blocked by more than one creature", menace),
// the attackers' side of the matching is uncapacitated, so no blocker's
// choice constrains another's, and the maximum is the sum, over the
// blockers, of each one's own maximum — its heaviest edges, as many as it
// may block, plus its bonus. The one restriction that binds blockers
// together then, "can't block alone" (509.1b), costs something only when
// a single blocker could block at all: then it can't. So the check is
// linear in the pairs of an attacker and a blocker
// (BenchmarkBlockRequirements). When an attacker limits its blockers,
// the blockers' choices depend on one another, and the maximum is
// searched (searchBlocks). TestBlockRequirementsAgainstBruteForce holds
// both to the enumeration of every declaration on small boards.
func (p *blockProblem) maxBlockValue(skip int, skipPair *[2]int) int {
	if p.limited() {
		v, _ := p.searchBlocks(skip, skipPair)
		return v
	}
	total, able := 0, 0
	var single *blockerCandidate
	for bi := range p.blockers {
		b := &p.blockers[bi]
		if bi == skip || b.why != nil {
			continue
		}
		except := p.excepted(bi, skipPair)
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

// excepted is the attacker that skipPair leaves out for blocker bi, or -1.
func (p *blockProblem) excepted(bi int, skipPair *[2]int) int {
	if skipPair != nil && skipPair[0] == bi {
		return skipPair[1]
	}
	return -1
}

// searchBlocks is the largest number of requirements a declaration of
// blockers can obey without disobeying a restriction (see maxBlockValue),
// and a declaration that obeys that many with as few blocks as it finds,
// when attackers limit the number of their blockers (CR 509.1b): a
// search of the blockers' choices, branch and bound.
//
// A blocker's choices are few: which of the limited attackers it could
// block it blocks, up to its capacity, and, with the room left, the most
// lured of the others, which no other blocker's choice bears on; one
// that blocks none of those may block one unlured attacker (to obey
// "blocks each combat if able", or as the companion of one that can't
// block alone); those that obey requirements are tried first, the most
// first, then nothing. The blockers able to block a limited attacker are
// chosen first; each branch stops once what it has plus what the blockers
// left could obey is no more than the best found — the lesser of two
// bounds: the most each could obey alone (best), and what the attackers'
// lures and limits leave (luredBound) — so the others, whose choices bear
// on no one's, cost one branch each once their best is reached. A board with no requirement costs one bound; the
// search is exponential only in the blockers able to block a limited
// attacker, and only when requirements make their choices matter.
func (p *blockProblem) searchBlocks(skip int, skipPair *[2]int) (int, [][2]int) {
	var order []int
	var bound []int // bound[k]: the most the blockers order[k:] could obey
	for bi := range p.blockers {
		b := &p.blockers[bi]
		if bi != skip && b.why == nil && len(b.can) > 0 {
			order = append(order, bi)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return p.coupling(y) - p.coupling(x) })
	bound = make([]int, len(order)+1)
	for k := len(order) - 1; k >= 0; k-- {
		v, _ := p.best(&p.blockers[order[k]], p.excepted(order[k], skipPair))
		bound[k] = bound[k+1] + v
	}
	best, bestDecl := 0, [][2]int(nil)
	if bound[0] == 0 {
		return 0, nil // no requirement to obey: declaring nothing is legal
	}
	options := make([][][]int, len(order))
	for k, bi := range order {
		options[k] = p.choices(&p.blockers[bi], p.excepted(bi, skipPair))
	}
	count := make([]int, len(p.attackers))
	lured := p.luredBound(order, skipPair)
	pairs := p.lastPairers(order, skipPair)
	choice := make([]int, len(order))
	var walk func(k, value, blocking int)
	walk = func(k, value, blocking int) {
		if value+min(bound[k], lured.at(k, count)) <= best {
			return
		}
		for ai, last := range pairs {
			if count[ai] == 1 && last < k {
				return // blocked by one, and no creature left can block it too
			}
		}
		if k == len(order) {
			if !p.legalCounts(count, order, choice, options, blocking) {
				return
			}
			best, bestDecl = value, nil
			for j, bi := range order {
				for _, ai := range options[j][choice[j]] {
					bestDecl = append(bestDecl, [2]int{bi, ai})
				}
			}
			return
		}
		b := &p.blockers[order[k]]
		for c, set := range options[k] {
			fits := true
			for _, ai := range set {
				count[ai]++
				fits = fits && count[ai] <= p.limits[ai].most()
			}
			if fits {
				choice[k] = c
				n := blocking
				if len(set) > 0 {
					n++
				}
				walk(k+1, value+p.gain(b, set), n)
			}
			for _, ai := range set {
				count[ai]--
			}
		}
	}
	walk(0, 0, 0)
	return best, bestDecl
}

// luredBound is the other bound of searchBlocks, seen from the attackers:
// the blockers left can obey their own requirements to block, and, of an
// attacker's lures, one for each creature that may still block it — no
// more than are left able to, nor than its limit leaves room for. It is
// what stops a board of many creatures able to block one lured attacker
// that only one creature may block at one branch for each, where the
// blockers' own bound would try every one of them in turn.
type luredBound struct {
	p *blockProblem
	// reqs[k] sums the requirements to block of the blockers order[k:].
	reqs []int
	// able lists, for each lured attacker, the positions in order of the
	// blockers able to block it, ascending.
	able map[int][]int
}

func (p *blockProblem) luredBound(order []int, skipPair *[2]int) luredBound {
	lb := luredBound{p: p, reqs: make([]int, len(order)+1), able: map[int][]int{}}
	for k := len(order) - 1; k >= 0; k-- {
		lb.reqs[k] = lb.reqs[k+1] + p.blockers[order[k]].reqs
	}
	for k, bi := range order {
		except := p.excepted(bi, skipPair)
		for _, ai := range p.blockers[bi].can {
			if ai != except && p.lures[ai] > 0 {
				lb.able[ai] = append(lb.able[ai], k)
			}
		}
	}
	return lb
}

// at is the bound for the blockers order[k:], count the blockers each
// attacker has so far.
func (lb luredBound) at(k int, count []int) int {
	n := lb.reqs[k]
	for ai, positions := range lb.able {
		i, _ := slices.BinarySearch(positions, k)
		room := max(lb.p.limits[ai].most()-count[ai], 0)
		n += lb.p.lures[ai] * min(len(positions)-i, room)
	}
	return n
}

// lastPairers is, for each attacker that can't be blocked except by two
// or more creatures, the last position in order of a blocker able to
// block it: past it, one blocker alone is final, and the branch is
// dropped at once rather than at each of its leaves.
func (p *blockProblem) lastPairers(order []int, skipPair *[2]int) map[int]int {
	last := map[int]int{}
	for k, bi := range order {
		except := p.excepted(bi, skipPair)
		for _, ai := range p.blockers[bi].can {
			if ai != except && p.limits[ai]&limitTwoOrMore != 0 {
				last[ai] = k
			}
		}
	}
	return last
}

// coupling is 1 if blocker bi could block an attacker that limits its
// blockers, whose choice then bears on other blockers', else 0.
func (p *blockProblem) coupling(bi int) int {
	for _, i := range p.blockers[bi].can {
		if p.limits[i] != limitNone {
			return 1
		}
	}
	return 0
}

// legalCounts reports whether a complete choice of blocks obeys the
// restrictions on the number of creatures blocking each attacker and on
// blocking alone (CR 509.1b).
func (p *blockProblem) legalCounts(count, order, choice []int, options [][][]int, blocking int) bool {
	for ai, n := range count {
		if !p.limits[ai].allows(n) {
			return false
		}
	}
	if blocking != 1 {
		return true
	}
	for k, bi := range order {
		if len(options[k][choice[k]]) > 0 {
			return !p.blockers[bi].alone
		}
	}
	return true
}

// choices are the sets of attackers a blocker is tried with in
// searchBlocks.
func (p *blockProblem) choices(b *blockerCandidate, except int) [][]int {
	var limited, free []int
	for _, i := range b.can {
		switch {
		case i == except:
		case p.limits[i] != limitNone:
			limited = append(limited, i)
		default:
			free = append(free, i)
		}
	}
	capacity := b.capacity()
	var out [][]int
	// Each set of the limited attackers, as many as its capacity at most
	// (combinations, not every subset: a blocker of two among forty
	// limited attackers has 820 sets), then the most lured of the others.
	var subsets func(from int, set []int)
	subsets = func(from int, set []int) {
		room := -1
		if capacity >= 0 {
			room = capacity - len(set)
		}
		full := append(slices.Clone(set), p.mostLured(free, room)...)
		switch {
		case len(full) > 0:
			out = append(out, full)
		case len(free) > 0:
			out = append(out, free[:1])
		}
		if room == 0 {
			return
		}
		for j := from; j < len(limited); j++ {
			subsets(j+1, append(set, limited[j]))
		}
	}
	subsets(0, nil)
	// The choices that obey requirements first, the most first, then
	// nothing, then the others: of the declarations that obey as many, the
	// search keeps the first it finds, which has the oldest blockers
	// block and none block for nothing.
	slices.SortStableFunc(out, func(x, y []int) int { return p.gain(b, y) - p.gain(b, x) })
	at := len(out)
	for at > 0 && p.gain(b, out[at-1]) == 0 {
		at--
	}
	return slices.Insert(out, at, []int(nil))
}

// CheckBlockers says whether a declaration of blockers would be legal
// now (CR 509.1): nil, or the *RuleError of the rule it breaks — a
// creature that can't block (509.1a, 509.1b), an attacker it can't
// block (509.1b, 702.9b, 702.13b, 702.14c, 702.16f), a creature blocking
// more creatures than it can (509.1a), an attacker blocked by more
// creatures than it may be or by one alone (509.1b, 702.110b), one that
// can't block alone blocking alone (509.1b), or fewer requirements
// obeyed than could be (509.1c). The declare blockers step checks the
// same.
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
	blockedBy := make([][]int, len(p.attackers))
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
		if c := p.blockers[bi].capacity(); c >= 0 && len(chosen[bi]) == c {
			return g.overCapacity(b.Blocker, c, chosen[bi], ai, p)
		}
		if _, ok := chosen[bi]; !ok {
			order = append(order, bi)
		}
		chosen[bi] = append(chosen[bi], ai)
		blockedBy[ai] = append(blockedBy[ai], bi)
	}
	if err := g.checkBlockerCounts(p, blockedBy); err != nil {
		return err
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
	return ruleErrorf("509.1c", "the declaration obeys %d of the %d requirements to block it could obey: %s", obeyed, best, g.missedBlocks(p, chosen))
}

// overCapacity is the error of a blocker declared as the blocker of one
// attacker more than it can block (CR 509.1a).
func (g *Game) overCapacity(blocker ObjectID, capacity int, blocks []int, more int, p *blockProblem) *RuleError {
	var names []string
	for _, ai := range append(slices.Clone(blocks), more) {
		names = append(names, g.objectName(p.attackers[ai]))
	}
	what := "only one creature"
	if capacity > 1 {
		what = fmt.Sprintf("only %d creatures", capacity)
	}
	return ruleErrorf("509.1a", "%s can block %s: it is declared as a blocker of %s", g.objectName(blocker), what, strings.Join(names, " and "))
}

// checkBlockerCounts checks the restrictions on how many creatures block
// each attacker (CR 509.1b; menace, 702.110b).
func (g *Game) checkBlockerCounts(p *blockProblem, blockedBy [][]int) *RuleError {
	for ai, bis := range blockedBy {
		if p.limits[ai].allows(len(bis)) {
			continue
		}
		var names []string
		for _, bi := range bis {
			names = append(names, g.objectName(p.blockers[bi].id))
		}
		at := p.attackers[ai]
		if len(bis) > 1 {
			return ruleErrorf("509.1b", "%s can't be blocked by more than one creature: %s block it", g.objectName(at), strings.Join(names, " and "))
		}
		if o := g.objects[at]; g.hasKeyword(o, keywordMenace) {
			return ruleErrorf("702.110b", "%s has menace: it can't be blocked except by two or more creatures, and only %s blocks it", g.objectName(at), names[0])
		}
		return ruleErrorf("509.1b", "%s can't be blocked except by two or more creatures: only %s blocks it", g.objectName(at), names[0])
	}
	return nil
}

// missedBlocks names what a declaration that obeys too few requirements
// leaves out: the blockers that obey fewer than they could, or, when
// attackers limit their blockers, a declaration that obeys the most.
func (g *Game) missedBlocks(p *blockProblem, chosen map[int][]int) string {
	if p.limited() {
		_, decl := p.searchBlocks(-1, nil)
		var what []string
		for _, c := range decl {
			what = append(what, fmt.Sprintf("%s blocking %s", g.objectName(p.blockers[c[0]].id), g.objectName(p.attackers[c[1]])))
		}
		return "for instance " + strings.Join(what, ", ")
	}
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
	if len(missed) == 0 {
		return "a creature able to block must block with the one that can't block alone"
	}
	return strings.Join(missed, ", ")
}

// requiredBlocks is a legal declaration of blockers with as few blocks as
// the requirements allow (CR 509.1c): each creature that a requirement
// makes block blocks the attackers its best choice names (see
// blockProblem.best), and if it is the only blocker and can't block
// alone, the oldest other creature able to block blocks the first
// attacker it can with it; when attackers limit their blockers, the
// declaration searchBlocks finds.
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
	if p.limited() {
		_, decl := p.searchBlocks(-1, nil)
		return decl
	}
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
