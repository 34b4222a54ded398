package core

import (
	"errors"
	"slices"

	"github.com/cardc/cardc/vm"
)

// Continuous effects and the layer system (CR 611, 613).
//
// The characteristics of each permanent that continuous effects change
// (power, toughness, keyword abilities, granted abilities, "can't attack
// or block") are computed at once for every permanent, by applying the
// effects layer by layer and, within a layer, in timestamp order
// (CR 613.1, 613.7), and kept until something changes that an effect may
// depend on: an event other than damage or life, an object entering or
// leaving a zone (a spell cast leaves its hand), the end of an effect,
// an attachment, a permanent tapped or untapped, a change of combat or
// control (see invalidate's callers). Characteristic-defining abilities
// are kept the same way (Crusader of Odric counts the creatures; Maro
// the cards in a hand). The effects of a card that read what changes
// with damage or life (a life total, see CardDef.volatile) are computed
// again after every event while it is on the battlefield. The buffers
// are reused, so the steady state allocates nothing.
//
// A board is computed in time linear in its permanents times its
// effects: an effect whose set is its own permanent ("this", a
// characteristic-defining ability) is applied to it alone, and a count
// through a filter that reads only the candidate, "you" and what earlier
// layers computed (`the number of creatures you control`) is made once
// per computation and layer and shared by every effect that makes it
// (countShared): a thousand Crusaders of Odric count the creatures once,
// not a thousand times.
//
// Two cases cost the same on any board. While no continuous effect
// applies, a permanent's characteristics are its card's and its
// counters', computed for it alone when read (ownChars). When counters
// are put on or removed from a permanent and no effect reads counters or
// what the layers compute (CardDef.counterBlind), only that permanent's
// change, and they are computed again for it alone (refreshOne). Under
// `go test`, every action checks them against the whole board's
// computation (verifyChars).

// Layers, in the order they apply (CR 613.1): 1 to 6, then the sublayers
// of layer 7 (the generated funcs table gives each effect its layer).
const (
	layerControl  = 2  // 613.1b: control-changing effects
	layerType     = 4  // 613.1d: type-changing effects
	layerColor    = 5  // 613.1e: color-changing effects
	layerAbility  = 6  // 613.1f: ability adding and removing
	layerCDA      = 7  // 613.4a: characteristic-defining abilities
	layerSetPT    = 8  // 613.4b: effects that set power and toughness
	layerModifyPT = 9  // 613.4c: effects and counters that modify them
	layerSwitchPT = 10 // 613.4d: effects that switch them
	// layerRules is for effects that change no characteristic ("can't
	// attack or block"): they are applied after all the layers.
	layerRules = 11
)

// chars are a permanent's characteristics as the continuous effects make
// them.
type chars struct {
	// controller is the player who controls the permanent (layer 2).
	controller PlayerID
	// colors are its colors (layer 5), bits as CardDef.colors.
	colors uint16
	// types are its card types (layer 4), bits as CardDef.types.
	types uint16
	// subtypes are its subtypes (layer 4): its card's, read only, until an
	// effect changes them, then subtypeBuf, a buffer of its own
	// (ownSubtypes) kept from one computation to the next.
	subtypes         []int32
	subtypeBuf       []int32
	ownSubtypes      bool
	power, toughness int
	// keywords are its keyword abilities (layer 6).
	keywords keywords
	// cantAttack and cantBlock are set by effects such as Pacifism's
	// (CR 508.1c, 509.1b).
	cantAttack, cantBlock bool
	// rules are the other restrictions and requirements of combat, and
	// of untapping, that effects give it (requirements.go).
	rules combatRules
	// noAbilities is set by an effect by which the permanent loses all
	// abilities (layer 6): its card's abilities don't function; what
	// effects with later timestamps grant it, it has.
	noAbilities bool
	// noIntrinsic is set with noAbilities by an effect by which it loses
	// all abilities (layer 6): it has no intrinsic mana ability of its
	// basic land types either (CR 305.6, 613.1f). An effect that sets its
	// land type sets noAbilities alone (CR 305.7).
	noIntrinsic bool
	// granted are the abilities effects grant the permanent (layer 6):
	// abilities of other cards, flagged vm.FlagGranted, that are its own
	// while the effects apply.
	granted []grant
}

// grant is an ability an effect grants: ability of def.
type grant struct {
	def     *CardDef
	ability int
}

// effectRef is a continuous effect to apply: a static ability of a
// permanent (source, ability), or a resolved effect (g.effects[pt]).
type effectRef struct {
	layer     int
	timestamp int64
	source    ObjectID
	ability   int
	// pt is the index+1 of a resolved effect of g.effects, or 0.
	pt int
}

// ptEffect is a continuous effect from a resolved spell or ability that
// changes power and toughness, or adds keyword abilities, until the end of
// the turn; it affects the object it was created for, and no other
// (CR 611.2c). Its layer says what it does: add keywords (6), set power
// and toughness (7b), add to them (7c) or switch them (7d).
type ptEffect struct {
	object           ObjectID
	layer            int
	power, toughness int
	// keyword is the keyword ability an effect of layer 6 adds.
	keyword keywordArg
	// controller is who controls the object under an effect of layer 2.
	controller PlayerID
	// rule is, for an effect of layerRules, the rule it gives the object
	// (turnRuleCantBlock...), and player the player it names.
	rule      int
	player    PlayerID
	timestamp int64
	// colors are the colors an effect of layer 5 adds, or, with
	// setColors, the colors it makes the object, replacing its others
	// (CR 105.3: "becomes green"). subtype is the subtype one of layer 4
	// adds (Rise from the Grave), or -1, and types the card types it adds
	// (CR 205.1b: "becomes a ... creature. It's still a land").
	colors    uint16
	setColors bool
	subtype   int32
	types     uint16
	// subtype2 is a second creature type an effect of layer 4 gives, or
	// -1; typeMode says what it does with the card types and subtypes
	// the object had (typesAdd, typesReplace...: CR 205.1a-b).
	subtype2 int32
	typeMode uint8
	// allCreatureTypes gives it every creature type (CR 205.3m:
	// Mutavault's "with all creature types").
	allCreatureTypes bool
	// whileOn is, for an effect that lasts "for as long as" a permanent
	// remains on the battlefield, that permanent, or 0: the effect ends
	// when it leaves (CR 611.2b; endEffectsOn).
	whileOn ObjectID
	// whileControlled is set for an effect that lasts "for as long as you
	// control" whileOn: it ends when controlledBy no longer controls it
	// (CR 611.2b; endLapsedControl).
	whileControlled bool
	controlledBy    PlayerID
	// lasting is set for an effect with no duration (CR 611.2a): it does
	// not end at the cleanup step, only when its object leaves the
	// battlefield and becomes a new object (CR 400.7, 611.2c).
	lasting bool
}

// invalidate says that the characteristics must be computed again.
func (g *Game) invalidate() {
	g.charsValid = false
	g.charsEpoch++
}

// charsOf returns the characteristics of a permanent on the battlefield,
// computing every permanent's if they are not up to date. While no
// continuous effect applies, a permanent's characteristics are its card's
// and its counters' (CR 613.4c), which it computes for that permanent
// alone: then an event costs the same on any board.
func (g *Game) charsOf(o *Object) *chars {
	if g.effectFree() && !g.computing {
		return g.ownChars(o)
	}
	g.refresh()
	return &g.chars[o.id]
}

// ownChars computes the characteristics of one permanent when no
// continuous effect applies: what refresh would make them. They are kept
// until the next invalidate, as refresh keeps them.
func (g *Game) ownChars(o *Object) *chars {
	// Once effects apply again, every permanent's are computed again.
	g.charsValid = false
	g.forgetGranted()
	// Each grows on its own: refresh grows chars alone.
	if n := len(g.objects); len(g.chars) < n {
		g.chars = append(g.chars, make([]chars, n-len(g.chars))...)
	}
	if n := len(g.objects); len(g.charsStamps) < n {
		g.charsStamps = append(g.charsStamps, make([]uint64, n-len(g.charsStamps))...)
	}
	c := &g.chars[o.id]
	if g.charsStamps[o.id] == g.charsEpoch {
		return c
	}
	g.charsStamps[o.id] = g.charsEpoch
	g.baseChars(o, c)
	g.counterChars(o, c)
	return c
}

// baseChars sets the characteristics of a permanent to its card's.
func (g *Game) baseChars(o *Object, c *chars) {
	c.controller = o.baseController
	c.colors, c.types = o.def.colors, o.def.types
	c.subtypes, c.ownSubtypes = o.def.subtypes, false
	c.power, c.toughness = int(o.def.Card.Power), int(o.def.Card.Toughness)
	c.keywords.reset(&o.def.keywords)
	c.cantAttack, c.cantBlock = false, false
	c.rules.reset()
	c.granted = c.granted[:0]
	c.noAbilities, c.noIntrinsic = false, false
}

// counterChars applies the +X/+Y counters of a permanent (CR 613.4c).
func (g *Game) counterChars(o *Object, c *chars) {
	for _, k := range o.counters {
		if pt := k.kind.pt(); pt.ok {
			c.power, c.toughness = add(c.power, mul(pt.power, k.n)), add(c.toughness, mul(pt.toughness, k.n))
		}
	}
}

// refresh computes the characteristics of every permanent (CR 613). While
// it runs, queries read the values computed so far.
func (g *Game) refresh() {
	if g.charsValid || g.computing {
		return
	}
	g.computing = true
	// What ownChars computed is overwritten.
	g.charsEpoch++
	for len(g.chars) < len(g.objects) {
		g.chars = append(g.chars, chars{})
	}
	effects := g.layerEffects[:0]
	g.counts = g.counts[:0]
	for _, id := range g.battlefield {
		o := g.objects[id]
		g.baseChars(o, &g.chars[id])
		for _, ai := range o.def.effects {
			ab := o.ability(ai)
			fn := funcID(o.def.Prog.ID(ab.Rule))
			effects = append(effects, effectRef{layer: effectLayer(fn), timestamp: o.timestamp, source: id, ability: ai})
		}
	}
	for i := range g.effects {
		effects = append(effects, effectRef{layer: g.effects[i].layer, timestamp: g.effects[i].timestamp, pt: i + 1})
	}
	// Layer by layer, each in timestamp order (CR 613.7): an insertion
	// sort, which allocates nothing and is fast on a few effects.
	for i := 1; i < len(effects); i++ {
		for j := i; j > 0 && effectLess(&effects[j], &effects[j-1]); j-- {
			effects[j], effects[j-1] = effects[j-1], effects[j]
		}
	}
	g.layerEffects = effects
	g.loseAbilitiesFirst(0)
	counters := false
	for i := range effects {
		e := &effects[i]
		if e.layer >= layerModifyPT && !counters {
			g.applyCounters()
			counters = true
		}
		if !g.sourceLost(e) {
			g.layer = e.layer
			g.applyEffect(e)
		}
	}
	if !counters {
		g.applyCounters()
	}
	g.computing, g.layer = false, 0
	// They are kept until something they depend on changes: see
	// invalidate's callers, and record for the events of a game with a
	// volatile card (CardDef.volatile). Under `go test`, every action
	// checks them against a computation from scratch (verifyChars).
	g.charsValid = true
	g.indexGranted()
}

// loseAbilitiesFirst applies, before the layers, the effects by which
// permanents lose all abilities (to one permanent, only, or to all if it
// is 0): an effect of an ability depends on an effect that removes that
// ability, which applies first (CR 613.8a), and then the ability's effect
// does not exist. They apply again at their place in layer 6, where they
// remove what effects with earlier timestamps gave (CR 613.7).
func (g *Game) loseAbilitiesFirst(only ObjectID) {
	for i := range g.layerEffects {
		e := &g.layerEffects[i]
		if e.pt != 0 || e.layer != layerAbility || !g.losesAll(e) {
			continue
		}
		src := g.objects[e.source]
		if only != 0 {
			g.applyTo(src, e.ability, only, &g.layerLocals)
			continue
		}
		for _, id := range g.battlefield {
			g.applyTo(src, e.ability, id, &g.layerLocals)
		}
	}
}

// losesAll reports whether an effect is a static ability's "loses all
// abilities".
func (g *Game) losesAll(e *effectRef) bool {
	src := g.objects[e.source]
	return funcID(src.def.Prog.ID(src.ability(e.ability).Rule)) == fnLoseAllAbilities
}

// sourceLost reports whether an effect is that of a static ability of a
// permanent that has lost all abilities: it does not apply (CR 613.8a).
// An effect by which permanents lose all abilities applies all the same.
func (g *Game) sourceLost(e *effectRef) bool {
	return e.pt == 0 && g.chars[e.source].noAbilities && !g.losesAll(e)
}

func effectLess(a, b *effectRef) bool {
	if a.layer != b.layer {
		return a.layer < b.layer
	}
	return a.timestamp < b.timestamp
}

// effectLayer is the layer an effect applies in.
func effectLayer(fn funcID) int {
	if fn < 0 || fn >= numFuncs || funcs[fn].layer == 0 {
		return layerRules
	}
	return funcs[fn].layer
}

// applyCounters applies the +X/+Y counters of every permanent, in layer
// 7c (CR 613.4c).
func (g *Game) applyCounters() {
	for _, id := range g.battlefield {
		g.counterChars(g.objects[id], &g.chars[id])
	}
}

// applyEffect applies one continuous effect to the objects it affects.
// A static ability's effect applies to every permanent its affected filter
// accepts at this moment (CR 611.3a).
func (g *Game) applyEffect(e *effectRef) {
	if e.pt > 0 {
		pe := &g.effects[e.pt-1]
		if g.onBattlefield(pe.object) != nil {
			g.applyPT(pe, &g.chars[pe.object])
		}
		return
	}
	src := g.objects[e.source]
	if src.def.selfOnly[e.ability] {
		// "This" (a characteristic-defining ability): the effect's set
		// holds its own permanent, which no other permanent needs to
		// be asked about.
		g.applyTo(src, e.ability, src.id, &g.layerLocals)
		return
	}
	for _, id := range g.battlefield {
		// Locals of their own: the characteristics may be computed while a
		// match function has the match locals in use.
		g.applyTo(src, e.ability, id, &g.layerLocals)
	}
}

// sharedCount is a count made through a filter while the
// characteristics are computed, which the effects of the same layer that
// count through the same filter for the same player share (see
// filterLayer).
type sharedCount struct {
	prog   *vm.Linked
	filter int32
	you    vm.Value
	layer  int
	n      vm.Value
}

// countShared reports whether a count through filter i of the running
// ability (the count query's argument) may be shared: while refresh
// computes the whole board, in a layer after the last one the filter
// reads (CR 613.1: what the earlier layers computed does not change in
// this one), by an effect of a permanent on the battlefield.
func (g *Game) countShared(fr *frame, i vm.Value) bool {
	if !g.computing || g.computingOnly != 0 || g.cda != 0 || fr.mode != modeMatch || len(fr.locals) <= vm.LocalYou {
		return false
	}
	layers := fr.def.filterLayers[fr.ability]
	if i < 0 || int(i) >= len(layers) {
		return false
	}
	l := layers[i]
	return l >= 0 && int(l) < g.layer
}

// applyPT applies a resolved effect to the characteristics of the object
// it affects.
func (g *Game) applyPT(pe *ptEffect, c *chars) {
	switch pe.layer {
	case layerControl:
		c.controller = pe.controller
	case layerType:
		g.applyTypes(pe, c)
	case layerColor:
		if pe.setColors {
			c.colors = pe.colors // CR 105.3: the new color replaces the others
			break
		}
		// CR 105.2c: a colorless object that becomes a color is only
		// that color; colorless is no color bit.
		c.colors |= pe.colors
	case layerAbility:
		c.keywords.add(pe.keyword)
	case layerSetPT:
		c.power, c.toughness = pe.power, pe.toughness
	case layerSwitchPT:
		c.power, c.toughness = c.toughness, c.power
	case layerRules:
		applyTurnRule(pe, c)
	default:
		c.power, c.toughness = add(c.power, pe.power), add(c.toughness, pe.toughness)
	}
}

// countersChanged is what an event that put or removed counters on a
// permanent changes of the characteristics. Most often, that
// permanent's only: then they are computed again for it alone, so that
// the event costs the same on any board. That is so when the
// characteristics are up to date and every continuous effect that
// applies is blind to counters (see counterBlind): what each effect does
// to each other permanent is what it did. Otherwise, every permanent's
// are computed again.
func (g *Game) countersChanged(id ObjectID) {
	o := g.onBattlefield(id)
	if o == nil || g.effectFree() || !g.charsValid || g.computing || g.index.counterSighted > 0 {
		g.invalidate()
		return
	}
	g.refreshOne(o)
}

// refreshOne computes the characteristics of one permanent again, as
// refresh would, applying the effects refresh sorted to it alone
// (CR 613).
func (g *Game) refreshOne(o *Object) {
	g.computing, g.computingOnly = true, o.id
	c := &g.chars[o.id]
	g.baseChars(o, c)
	g.loseAbilitiesFirst(o.id)
	counters := false
	for i := range g.layerEffects {
		e := &g.layerEffects[i]
		if e.layer >= layerModifyPT && !counters {
			g.counterChars(o, c)
			counters = true
		}
		if g.sourceLost(e) {
			continue
		}
		if e.pt == 0 {
			g.applyTo(g.objects[e.source], e.ability, o.id, &g.layerLocals)
		} else if pe := &g.effects[e.pt-1]; pe.object == o.id {
			g.applyPT(pe, c)
		}
	}
	if !counters {
		g.counterChars(o, c)
	}
	g.computing, g.computingOnly = false, 0
	g.setGranted(o.id, grantedWatch(c.granted))
}

// applyTo applies the effect of a static ability of src to one object, if
// the ability's affected set holds it now.
func (g *Game) applyTo(src *Object, ability int, id ObjectID, l *locals) {
	ab := src.ability(ability)
	ls := l.reset(ab.NumLocals, src.id, src.controller)
	ls[vm.LocalCandidate] = ObjectValue(id)
	fr := frame{mode: modeMatch, source: src.id, controller: src.controller, def: src.def, ability: ability, locals: ls}
	if n, err := g.run(fr, ab.Match); err != nil || n == 0 {
		return
	}
	g.run(fr, ab.Body)
}

// definedPT is the power and toughness of an object outside the
// battlefield, p and t as printed (a * counting 0), after its
// characteristic-defining abilities, which function in all zones
// (CR 604.3, 208.2a). A CDA read while another is being evaluated uses 0
// (CR 208.2a: a number that can't be determined).
func (g *Game) definedPT(o *Object, p, t int) (int, int) {
	if !o.def.definesPT || g.cda != 0 {
		return p, t
	}
	g.cda = o.id
	g.cdaChars = chars{power: p, toughness: t}
	for _, ai := range o.def.effects {
		if effectLayer(funcID(o.def.Prog.ID(o.ability(ai).Rule))) == layerCDA {
			g.applyTo(o, ai, o.id, &g.cdaLocals)
		}
	}
	g.cda = 0
	return g.cdaChars.power, g.cdaChars.toughness
}

var errNotApplying = errors.New("a continuous effect applies only while the characteristics are computed")

// applying returns the characteristics an effect function changes: those
// of the permanent its first argument names.
func (g *Game) applying(v vm.Value) (*chars, error) {
	if id, ok := valueObject(v); ok && g.cda != 0 && id == g.cda {
		return &g.cdaChars, nil
	}
	if id, ok := valueObject(v); ok && g.elsewhere != 0 && id == g.elsewhere {
		return &g.elsewhereChars, nil
	}
	if !g.computing {
		return nil, errNotApplying
	}
	o := g.permanentArg(v)
	if o == nil || (g.computingOnly != 0 && o.id != g.computingOnly) {
		// refreshOne computes one permanent's: what the effect does to
		// another is what it did.
		return nil, nil
	}
	return &g.chars[o.id], nil
}

func (g *Game) hModifyPT(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.power, c.toughness = add(c.power, qty(a[1])), add(c.toughness, qty(a[2]))
	}
	return 0, err
}

func (g *Game) hAddKeyword(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if k, ok := g.lib.keywordOf(a[1]); c != nil && ok {
		c.keywords.add(k)
	}
	return 0, err
}

// hLoseKeyword removes a keyword ability from an object (layer 6,
// CR 613.1f): every instance it has at this point of the layer, so an
// effect with a later timestamp may give it back (CR 613.7).
func (g *Game) hLoseKeyword(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if k, ok := g.lib.keywordOf(a[1]); c != nil && ok {
		c.keywords.lose(k)
	}
	return 0, err
}

// hControl gives control of an object to a player (layer 2, CR 613.1b).
func (g *Game) hControl(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if p, ok := valuePlayer(a[1]); c != nil && ok {
		c.controller = p
	}
	return 0, err
}

// hGainControlUntilEndOfTurn gives the controller of the resolving spell
// or ability control of a permanent until the end of the turn (layer 2).
func (g *Game) hGainControlUntilEndOfTurn(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if o := g.permanentArg(a[0]); o != nil && fr != nil {
		g.effects = append(g.effects, ptEffect{object: o.id, layer: layerControl, controller: fr.controller, timestamp: g.nextTimestamp()})
		g.controlled = true
		g.invalidate()
	}
	return 0, nil
}

// Controller returns who controls an object now: for a permanent, as the
// effects of layer 2 make it, brought up to date first (an effect that
// began as the test or the engine set the board up takes effect before
// the first action settles the game).
func (g *Game) Controller(id ObjectID) PlayerID {
	o := g.Object(id)
	if o == nil {
		return NoPlayer
	}
	g.syncControl()
	return o.controller
}

// syncControl gives each permanent the controller the layers make it
// (layer 2): one whose controller changes has not been under its new
// controller's control since their turn began (CR 302.6), and leaves
// combat (CR 506.4). It looks at the board only in a game where an
// effect has ever changed control, so that other games' actions cost the
// same on any board.
func (g *Game) syncControl() {
	if !g.controlled {
		return
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		want := g.charsOf(o).controller
		if want == o.controller {
			continue
		}
		o.controller = want
		o.sinceTurn = g.turn
		g.removeFromCombat(o)
		g.endLapsedControl(o)
		g.invalidate()
	}
}

// hLoseAllAbilities makes an object lose all abilities (layer 6,
// CR 613.1f): those of its card, and those effects with earlier
// timestamps gave it; effects with later timestamps may give it more
// (CR 613.7).
func (g *Game) hLoseAllAbilities(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.noAbilities, c.noIntrinsic = true, true
		c.keywords.clear()
		c.granted = c.granted[:0]
	}
	return 0, err
}

// abilitiesLost reports whether an object's card's abilities don't
// function: a permanent that lost all abilities, as it is or as it last
// existed on the battlefield; a card elsewhere that an effect makes lose
// them there (Yixlid Jailer's "cards in graveyards").
func (g *Game) abilitiesLost(o *Object) bool {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return o.lki.noAbilities
	case g.index.abilityRemovers == 0:
		return false // no effect removes abilities: the usual case, at no cost
	case o.zone == ZoneBattlefield:
		return g.charsOf(o).noAbilities
	}
	for _, id := range g.battlefield {
		src := g.objects[id]
		for _, ai := range src.def.effects {
			if _, ok := g.effectMatch(src, ai, fnLoseAllAbilities, ObjectValue(o.id)); ok && !g.abilitiesLost(src) {
				return true
			}
		}
	}
	return false
}

// effectMatch runs the test of the affected set of static ability ai of
// src, an effect, on candidate: ok reports that the ability is an effect
// of function fn and that its set holds candidate. fr is the frame the
// test ran in, for a caller to run the effect's body in it.
func (g *Game) effectMatch(src *Object, ai int, fn funcID, candidate vm.Value) (fr frame, ok bool) {
	ab := src.ability(ai)
	if funcID(src.def.Prog.ID(ab.Rule)) != fn {
		return frame{}, false
	}
	var l locals
	ls := l.reset(ab.NumLocals, src.id, src.controller)
	ls[vm.LocalCandidate] = candidate
	fr = frame{mode: modeMatch, source: src.id, controller: src.controller, def: src.def, ability: ai, locals: ls}
	n, err := g.run(fr, ab.Match)
	return fr, err == nil && n > 0
}

// hGrantAbility grants an ability of the running effect's card (CR 613.1f).
func (g *Game) hGrantAbility(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	fr := g.frame()
	if c == nil || fr == nil || fr.def == nil {
		return 0, err
	}
	if a[1] < 0 || int(a[1]) >= len(fr.def.Card.Abilities) {
		return 0, errors.New("no ability to grant")
	}
	c.granted = append(c.granted, grant{def: fr.def, ability: int(a[1])})
	return 0, nil
}

// hDefinePT is a characteristic-defining ability's effect (layer 7a,
// CR 613.4a): power and toughness each equal to a number.
func (g *Game) hDefinePT(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.power, c.toughness = qty(a[1]), qty(a[1])
	}
	return 0, err
}

// colorsOf is an object's colors: a permanent's as the effects of layer 5
// make them, one that left the battlefield's as it last existed there, any
// other's as its card says and the effects of layer 5 that reach it where
// it is make them (CR 105, 613.1e, 611.3a; colorsElsewhere).
func (g *Game) colorsOf(o *Object) uint16 {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return o.lki.colors
	case o.zone == ZoneBattlefield && (g.index.colorChangers > 0 || g.resolvedIn(layerColor)):
		return g.charsOf(o).colors
	case o.zone != ZoneBattlefield && g.index.elsewhereColorers > 0:
		return g.colorsElsewhere(o)
	}
	return o.def.colors
}

// colorsElsewhere is the colors of an object outside the battlefield — a
// card in a hand, a library, a graveyard or exile, a spell on the stack —
// as the effects of layer 5 whose affected sets hold it make them: the
// static abilities of permanents on the battlefield (CR 611.3a), whose
// filters name where they reach (reachesElsewhere; CR 109.2), applied in
// timestamp order (CR 613.7) to its card's colors. Effects of resolved
// spells and abilities affect permanents only. While they are applied,
// the object's colors read as far as they have been computed (a filter
// may ask them), and another object's as its card says.
func (g *Game) colorsElsewhere(o *Object) uint16 {
	switch {
	case g.elsewhere == o.id:
		return g.elsewhereChars.colors
	case g.elsewhere != 0:
		return o.def.colors
	}
	effects := g.elsewhereEffects[:0]
	for _, id := range g.battlefield {
		src := g.objects[id]
		if !src.def.colorsAnywhere {
			continue
		}
		for _, ai := range src.def.effects {
			if src.def.colorsElsewhere[ai] {
				effects = append(effects, effectRef{layer: layerColor, timestamp: src.timestamp, source: id, ability: ai})
			}
		}
	}
	for i := 1; i < len(effects); i++ {
		for j := i; j > 0 && effectLess(&effects[j], &effects[j-1]); j-- {
			effects[j], effects[j-1] = effects[j-1], effects[j]
		}
	}
	g.elsewhereEffects = effects
	g.elsewhere, g.elsewhereChars.colors = o.id, o.def.colors
	for _, e := range effects {
		src := g.objects[e.source]
		fn := funcID(src.def.Prog.ID(src.ability(e.ability).Rule))
		if fr, ok := g.effectMatch(src, e.ability, fn, ObjectValue(o.id)); ok && !g.abilitiesLost(src) {
			g.run(fr, src.ability(e.ability).Body)
		}
	}
	colors := g.elsewhereChars.colors
	g.elsewhere = 0
	return colors
}

// hSetColorless makes an object colorless (layer 5, CR 105.2c, 105.3):
// it has no color, whatever its colors were.
func (g *Game) hSetColorless(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.colors = 0
	}
	return 0, err
}

// typesOf is an object's card types: a permanent's as the effects of
// layer 4 make them, one that left the battlefield's as it last existed
// there, any other's as its card says (CR 205, 613.1d).
func (g *Game) typesOf(o *Object) uint16 {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return o.lki.types
	case o.zone == ZoneBattlefield && (g.index.typeChangers > 0 || g.resolvedIn(layerType)):
		return g.charsOf(o).types
	}
	return o.def.types
}

// isType reports whether an object has a card type, by its bit, as it is
// now (typesOf): whatever asks whether a permanent is a creature, a land
// or a planeswalker asks the layers (CR 613.1d; an animated land is a
// creature, CR 205.1b).
func (g *Game) isType(o *Object, bit uint16) bool { return g.typesOf(o)&bit != 0 }

// isCreature reports whether an object is a creature now (isType).
func (g *Game) isCreature(o *Object) bool { return g.isType(o, typeCreature) }

// IsCreature reports whether an object is a creature now: a permanent as
// the effects of layer 4 make it (an animated land is one, CR 205.1b),
// one that left the battlefield as it last existed there, any other as
// its card says.
func (g *Game) IsCreature(id ObjectID) bool {
	o := g.Object(id)
	return o != nil && g.isCreature(o)
}

// subtypesOf is an object's subtypes: a permanent's as the effects of
// layer 4 make them, one that left the battlefield's as it last existed
// there, any other's as its card says (CR 205.3, 613.1d).
func (g *Game) subtypesOf(o *Object) []int32 {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return o.lki.subtypes
	case o.zone == ZoneBattlefield && (g.index.typeChangers > 0 || g.resolvedIn(layerType)):
		return g.charsOf(o).subtypes
	}
	return o.def.subtypes
}

// resolvedIn reports whether an effect of a resolved spell or ability
// applies in a layer: then the characteristics it changes are read from
// the layers.
func (g *Game) resolvedIn(layer int) bool {
	for i := range g.effects {
		if g.effects[i].layer == layer {
			return true
		}
	}
	return false
}

// addSubtype gives the permanent a subtype in addition to its others
// (CR 205.1b), in a buffer of its own: its card's stay as they are.
func (c *chars) addSubtype(s int32) {
	if s < 0 || slices.Contains(c.subtypes, s) {
		return
	}
	if !c.ownSubtypes {
		c.subtypeBuf = append(c.subtypeBuf[:0], c.subtypes...)
		c.ownSubtypes = true
	}
	c.subtypeBuf = append(c.subtypeBuf, s)
	c.subtypes = c.subtypeBuf
}

// hAddCardType gives an object a card type in addition to its other
// types (layer 4, CR 205.1b).
func (g *Game) hAddCardType(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.types |= uint16(a[1])
	}
	return 0, err
}

// hSetChosenColor makes an object the color chosen as the effect's source
// entered (layer 5, CR 105.3): that color replaces its colors.
func (g *Game) hSetChosenColor(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	fr := g.frame()
	if c == nil || fr == nil {
		return 0, err
	}
	if src := g.Object(fr.source); src != nil && src.chosen.color != 0 {
		c.colors = src.chosen.color
	}
	return 0, nil
}

// hSetBasePT sets base power and toughness (layer 7b, CR 613.4b).
func (g *Game) hSetBasePT(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.power, c.toughness = qty(a[1]), qty(a[2])
	}
	return 0, err
}

func (g *Game) hCantAttackOrBlock(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	if c != nil {
		c.cantAttack, c.cantBlock = true, true
	}
	return 0, err
}

// granted lists the abilities effects grant a permanent now; for an
// object that left the battlefield, those it had as it left.
func (g *Game) granted(o *Object) []grant {
	if o.left {
		return o.lki.granted
	}
	if o.zone != ZoneBattlefield {
		return nil
	}
	return g.charsOf(o).granted
}
