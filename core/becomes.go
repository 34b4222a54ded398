package core

import (
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
		ptEffect{object: o.id, layer: layerType, subtype: int32(a[2]), lasting: true, timestamp: ts},
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
	base := ptEffect{object: o.id, subtype: -1, lasting: true, whileOn: fr.source, timestamp: g.nextTimestamp()}
	types, colors, pt := base, base, base
	types.layer, types.types, types.subtype = layerType, typeCreature, int32(a[4])
	colors.layer, colors.colors, colors.setColors = layerColor, uint16(a[3]), true
	pt.layer, pt.power, pt.toughness = layerSetPT, qty(a[1]), qty(a[2])
	g.effects = append(g.effects, types, colors, pt)
	g.invalidate()
	return 0, nil
}
