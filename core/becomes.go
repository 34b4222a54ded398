package core

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/vm"
)

// Changing what a permanent is, by a resolving spell or ability
// (issue 22B).

// hBecomeColorAndSubtype makes a permanent a color and a subtype in
// addition to its other colors and types (Rise from the Grave's "That
// creature is a black Zombie in addition to its other colors and
// types."): a continuous effect from a resolved spell with no duration
// (CR 611.2a), which affects that object only and ends when it leaves the
// battlefield, the card becoming a new object (CR 611.2c, 400.7;
// endEffectsOn). It is one effect applying in two layers, the subtype in
// layer 4 and the color in layer 5, with one timestamp (CR 613.1d-e,
// 613.6). a[0] is the object, a[1] the color bits, a[2] the subtype.
func (g *Game) hBecomeColorAndSubtype(a []vm.Value) (vm.Value, error) {
	o := g.permanentArg(a[0])
	if o == nil {
		return 0, nil
	}
	ts := g.nextTimestamp()
	g.effects = append(g.effects,
		ptEffect{object: o.id, layer: layerType, subtype: int32(a[2]), subtype2: -1, lasting: true, timestamp: ts},
		ptEffect{object: o.id, layer: layerColor, colors: uint16(a[1]), subtype: -1, lasting: true, timestamp: ts})
	g.invalidate()
	return 0, nil
}

// qIsSubtype reports whether an object has a subtype (CR 205.3): a
// permanent's as the effects of layer 4 make them (subtypesOf).
func (g *Game) qIsSubtype(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && slices.Contains(g.subtypesOf(o), int32(a[1]))), nil
}

// hBecomeCreatureWhileThisRemains makes a permanent a creature with a
// base power and toughness, a color and a creature subtype, for as long
// as the source of the resolving ability remains on the battlefield
// (Awakener Druid's "target Forest becomes a 4/5 green Treefolk creature
// for as long as Awakener Druid remains on the battlefield. It's still a
// land."). It is one effect applying in three layers with one timestamp
// (CR 613.6): layer 4 adds the card type creature and the subtype, and
// the permanent keeps its other types, supertypes and subtypes (CR
// 205.1b: it is "still a land"); layer 5 makes it the color alone
// (CR 105.3); layer 7b sets its base power and toughness (CR 613.4b). It
// affects that object only (CR 611.2c), and ends when the source leaves
// the battlefield (endEffectsOn) or the object does. If the source has
// already left as the ability resolves, the duration never starts and
// the effect does nothing (CR 611.2b). a[0] is the object, a[1] and a[2]
// the power and toughness, a[3] the color bits, a[4] the subtype.
func (g *Game) hBecomeCreatureWhileThisRemains(a []vm.Value) (vm.Value, error) {
	o, fr := g.permanentArg(a[0]), g.frame()
	if o == nil || fr == nil || g.onBattlefield(fr.source) == nil {
		return 0, nil
	}
	base := ptEffect{object: o.id, subtype: -1, subtype2: -1, lasting: true, whileOn: fr.source, timestamp: g.nextTimestamp()}
	types, colors, pt := base, base, base
	types.layer, types.types, types.subtype = layerType, typeCreature, int32(a[4])
	colors.layer, colors.colors, colors.setColors = layerColor, uint16(a[3]), true
	pt.layer, pt.power, pt.toughness = layerSetPT, qty(a[1]), qty(a[2])
	g.effects = append(g.effects, types, colors, pt)
	g.invalidate()
	return 0, nil
}

// The durations of become_creature, its parameter duration.
const (
	// durationEndOfTurn is "until end of turn": the effect ends in the
	// cleanup step (CR 514.2).
	durationEndOfTurn = 0
	// durationThisRemains is "for as long as this remains on the
	// battlefield" (CR 611.2b).
	durationThisRemains = 1
	// durationYouControlThis is "for as long as you control this"
	// (CR 611.2b).
	durationYouControlThis = 2
)

// How an effect of layer 4 treats the card types and subtypes the object
// had (ptEffect.typeMode).
const (
	// typesAdd keeps them all (CR 205.1b: "in addition to its other
	// types", "it's still a land").
	typesAdd = iota
	// typesReplace replaces the card types, and the subtypes that go
	// with them (CR 205.1a: a land that becomes a creature is no land).
	typesReplace
	// typesReplaceCreatureTypes keeps the card types and the subtypes but
	// the creature types, replaced by those the effect says if it says
	// any (CR 205.1b: "[creature types] artifact creature").
	typesReplaceCreatureTypes
)

// hBecomeCreature makes a permanent a creature for a duration (Animate
// Land's "Until end of turn, target land becomes a 3/3 creature that's
// still a land."; Treetop Village, Mishra's Factory, Awakener Druid):
// one continuous effect with one timestamp in the layers it changes
// (CR 613.6): layer 4 its card types and creature types (typeMode), 5 its
// colors if it says one, 6 the keywords it says, 7b its base power and
// toughness (CR 613.4b). It affects that object only (CR 611.2c). Its
// duration is "until end of turn" (it ends in the cleanup step), "for as
// long as this remains on the battlefield" or "for as long as you control
// this" (endEffectsOn, endLapsedControl); a duration already over as it
// resolves never starts, and the effect does nothing (CR 611.2b). A part
// the card leaves out is -1. a[0] is the object, a[1] and a[2] the power
// and toughness, a[3] and a[4] the color bits, a[5] and a[6] the creature
// types, a[7] the card type bits besides creature, a[8] and a[9] the
// keywords, a[10] whether it has all creature types (CR 205.3m), a[11]
// whether it is "still a land", a[12] the duration.
func (g *Game) hBecomeCreature(a []vm.Value) (vm.Value, error) {
	o, fr := g.permanentArg(a[0]), g.frame()
	if o == nil || fr == nil {
		return 0, nil
	}
	base := ptEffect{object: o.id, subtype: -1, subtype2: -1}
	switch d := a[12]; d {
	case durationEndOfTurn:
		// It ends in the cleanup step, as it is not lasting.
	case durationThisRemains, durationYouControlThis:
		src := g.onBattlefield(fr.source)
		if src == nil || d == durationYouControlThis && g.Controller(src.id) != fr.controller {
			return 0, nil // CR 611.2b: the duration never starts
		}
		base.lasting, base.whileOn = true, src.id
		if d == durationYouControlThis {
			base.whileControlled, base.controlledBy = true, fr.controller
		}
	default:
		return 0, fmt.Errorf("become_creature: no duration %d (0 until end of turn, 1 for as long as this remains on the battlefield, 2 for as long as you control this)", d)
	}
	base.timestamp = g.nextTimestamp()
	types := base
	types.layer, types.types = layerType, typeCreature
	types.subtype, types.subtype2 = int32(a[5]), int32(a[6])
	types.allCreatureTypes = a[10] != 0
	switch {
	case a[11] != 0:
		types.typeMode = typesAdd
	case a[7] >= 0:
		types.typeMode = typesReplaceCreatureTypes
	default:
		types.typeMode = typesReplace
	}
	if a[7] >= 0 {
		types.types |= uint16(a[7])
	}
	pt := base
	pt.layer, pt.power, pt.toughness = layerSetPT, qty(a[1]), qty(a[2])
	g.effects = append(g.effects, types, pt)
	if a[3] >= 0 {
		colors := base
		colors.layer, colors.colors, colors.setColors = layerColor, uint16(a[3]), true
		if a[4] >= 0 {
			colors.colors |= uint16(a[4])
		}
		g.effects = append(g.effects, colors)
	}
	for _, kw := range a[8:10] {
		if k, ok := g.lib.keywordOf(kw); ok && kw >= 0 {
			ability := base
			ability.layer, ability.keyword = layerAbility, k
			g.effects = append(g.effects, ability)
		}
	}
	g.invalidate()
	return 0, nil
}

// applyTypes applies an effect of layer 4 of a resolved spell or ability
// to a permanent's card types and subtypes, as its typeMode says
// (CR 205.1a-b).
func (g *Game) applyTypes(pe *ptEffect, c *chars) {
	switch pe.typeMode {
	case typesReplace:
		// CR 205.1a: an instant or sorcery keeps its type, and the
		// subtypes left are those of a card type it still has.
		c.types = pe.types | c.types&(typeInstant|typeSorcery)
		c.keepSubtypes(func(s int32) bool { return c.types&typeCreature != 0 && g.lib.isCreatureType(s) })
	default:
		c.types |= pe.types
	}
	if pe.typeMode != typesAdd && (pe.subtype >= 0 || pe.subtype2 >= 0) {
		// The creature types it says replace the others (CR 205.1a).
		c.keepSubtypes(func(s int32) bool { return !g.lib.isCreatureType(s) })
	}
	c.addSubtype(pe.subtype)
	c.addSubtype(pe.subtype2)
	if pe.allCreatureTypes {
		// Every creature type (CR 205.3m): those of the library, which
		// are all a card or a filter can name.
		for id := range g.lib.creature {
			if g.lib.creature[id] {
				c.addSubtype(int32(id))
			}
		}
	}
}

// keepSubtypes keeps the subtypes of a permanent that keep says, in a
// buffer of its own: its card's stay as they are.
func (c *chars) keepSubtypes(keep func(int32) bool) {
	if !c.ownSubtypes {
		c.subtypeBuf = append(c.subtypeBuf[:0], c.subtypes...)
		c.ownSubtypes = true
	}
	c.subtypeBuf = slices.DeleteFunc(c.subtypeBuf, func(s int32) bool { return !keep(s) })
	c.subtypes = c.subtypeBuf
}

// endLapsedControl ends the effects that last for as long as their
// source's controller controls it, once another player does (CR 611.2b):
// o is a permanent whose controller changed.
func (g *Game) endLapsedControl(o *Object) {
	kept := g.effects[:0]
	for _, e := range g.effects {
		if !e.whileControlled || e.whileOn != o.id || e.controlledBy == o.controller {
			kept = append(kept, e)
		}
	}
	if len(kept) != len(g.effects) {
		clear(g.effects[len(kept):])
		g.effects = kept
		g.invalidate()
	}
}
