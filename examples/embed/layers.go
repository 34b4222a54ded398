package embed

import (
	"errors"
	"slices"
	"strings"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is continuous effects (CR 611, 613) as far as this engine goes:
// the effects of static abilities (vm.AbilityEffect) that change power
// and toughness (modify_pt, layer 7c) and grant abilities (grant_ability,
// layer 6), such as Trollhide's "Enchanted creature gets +2/+2 and has
// '{1}{G}: Regenerate this creature.'". A permanent's characteristics are
// computed when they are read: for each AbilityEffect of each permanent,
// Match judges the permanent (in local vm.LocalCandidate), and Body calls
// the effect on it, which adds to what is computed. Effects of layer 6
// and 7c commute with one another and with counters, so their order does
// not matter here. Keyword abilities are the printed ones: no effect of
// this engine grants one.

// chars are the characteristics of a permanent that effects change.
type chars struct {
	power, toughness int
	// granted are the abilities effects grant it.
	granted []grant
}

// grant is an ability an effect grants: ability ab of def, the card of
// the effect.
type grant struct {
	def *vm.Card
	ab  int
}

// chars computes an object's characteristics: printed, changed by the
// effects that apply to it, by its counters and by effects until end of
// turn; for an object that left the battlefield, as it last was there.
func (g *game) chars(o *object) chars {
	if o.last != nil {
		return *o.last
	}
	c := chars{power: int(o.def.Power), toughness: int(o.def.Toughness)}
	if o.zone != zoneBattlefield || g.computing[o] {
		return c
	}
	g.computing[o] = true
	defer delete(g.computing, o)
	for _, s := range g.battlefield() {
		for i := range s.def.Abilities {
			ab := &s.def.Abilities[i]
			if ab.Kind != vm.AbilityEffect || ab.Flags&vm.FlagGranted != 0 {
				continue
			}
			in := &instance{src: s.h, ctrl: s.controller, def: s.def, ab: i}
			locals := newLocals(ab, s.h, s.controller)
			locals[vm.LocalCandidate] = vm.Value(o.h)
			r := &run{g: g, in: in}
			if g.exec(r, ab.Match, locals) != 0 {
				r.chars = &c
				g.exec(r, ab.Body, locals)
			}
		}
	}
	for kind, n := range o.counters {
		if dp, dt, ok := ptCounter(kind); ok {
			c.power += dp * n
			c.toughness += dt * n
		}
	}
	c.power += o.boost[0]
	c.toughness += o.boost[1]
	return c
}

// errNotComputing is the error of an effect called while no
// characteristics are computed.
var errNotComputing = errors.New("an effect applies only while characteristics are computed")

// ModifyPt is the effect "gets +N/+M" (layer 7c).
func (host) ModifyPt(f *vm.Frame, o stdhost.Object, power, toughness int64) error {
	r := runOf(f)
	if r.chars == nil {
		return errNotComputing
	}
	r.chars.power += int(power)
	r.chars.toughness += int(toughness)
	return nil
}

// GrantAbility is the effect "has ABILITY" (layer 6): ability a of the
// effect's card, flagged vm.FlagGranted, becomes an ability of the object.
func (host) GrantAbility(f *vm.Frame, o stdhost.Object, a stdhost.Ability) error {
	r := runOf(f)
	if r.chars == nil {
		return errNotComputing
	}
	r.chars.granted = append(r.chars.granted, grant{def: f.Card(), ab: int(a)})
	return nil
}

// hasKeyword reports whether an object has a keyword ability.
func (g *game) hasKeyword(o *object, kw string) bool {
	return o != nil && slices.Contains(o.def.Keywords, kw)
}

// protectedFrom reports whether an object has protection from a quality
// of a source (CR 702.16a): one of its colors, its card type (in the
// plural: "artifacts", "sorceries"), or everything; "colorless" protects
// from an object with no color. (Protection from a subtype is no keyword
// of this engine's: Options.)
func (g *game) protectedFrom(o, src *object) bool {
	if o == nil || src == nil {
		return false
	}
	for _, kw := range o.def.Keywords {
		q, ok := strings.CutPrefix(kw, "protection from ")
		typ := strings.TrimSuffix(q, "s")
		if s, ok := strings.CutSuffix(q, "ies"); ok {
			typ = s + "y"
		}
		switch {
		case !ok:
		case q == "everything", q == "colorless" && len(src.def.Colors) == 0:
			return true
		case slices.Contains(src.def.Colors, q), src.is(typ):
			return true
		}
	}
	return false
}

// canEnchant reports whether an Aura can be attached to a permanent: its
// enchant ability's filter accepts it, and it has no protection from the
// Aura (CR 303.4, 702.16c). Attaching targets nothing: shroud does not
// stop it (CR 303.4f).
func (g *game) canEnchant(aura, o *object) bool {
	i := aura.enchant()
	if i < 0 || o == nil || g.protectedFrom(o, aura) {
		return false
	}
	in := &instance{src: aura.h, ctrl: aura.controller, def: aura.def, ab: i}
	return g.accepts(in, in.ability().Targets[0].Filter, vm.Value(o.h))
}
