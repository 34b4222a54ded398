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
