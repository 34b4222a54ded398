package core

import (
	"math/bits"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// Choices made as a permanent enters the battlefield ("As this enters,
// choose a color", CR 614.12) and the effects that read them ("the chosen
// color"), and protection that doesn't remove the Aura granting it
// (CR 702.16n).

// choices are the choices made as a permanent entered: one field for each
// kind of choice the stdlib's `is chooses_KIND` actions make.
type choices struct {
	// color is the color chosen (a bit of the colors), or 0 if none was.
	color uint16
	// tributePaid says that an opponent paid tribute as it entered
	// (CR 702.104a).
	tributePaid bool
	// name is the card name chosen (CR 201.4), or "" if none was.
	name string
	// landType is the basic land type chosen (CR 305.6), or "" if none
	// was.
	landType string
}

// tributeOptions are the words of an opponent's choice of tribute.
var tributeOptions = []string{"decline", "pay"}

// hEnterWithTribute lets the opponent of the entering permanent's
// controller pay tribute N (CR 702.104a): put N more +1/+1 counters on it
// as it enters. An opponent who couldn't put them on it can't pay it
// (CR 101.2; Solemnity's ruling); the choice is recorded, and the
// permanent keeps whether tribute was paid.
func (g *Game) hEnterWithTribute(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	n := qty(a[0])
	if n <= 0 {
		return 0, nil
	}
	opp := Opponent(fr.controller)
	probe := Event{Kind: EvCounterPut, Object: fr.event.Object, Counter: CounterPlus1Plus1, Amount: n}
	if g.ruleApplies(RuleCountersCantBePut, &probe) {
		return 0, nil // they can't put the counters, so they can't pay
	}
	if g.choose(opp, fr.event.Object, "tribute", tributeOptions) == 1 {
		fr.event.enterWith = append(fr.event.enterWith, counterCount{CounterPlus1Plus1, n})
		fr.event.chosen.tributePaid = true
	}
	return 0, nil
}

// qTributeNotPaid reports whether tribute wasn't paid as a permanent
// entered (CR 702.104b).
func qTributeNotPaid(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && !o.chosen.tributePaid), nil
}

// hEnterChoosingColor has the controller of a permanent entering the
// battlefield choose a color, as a replacement effect on how it enters
// (CR 614.1c, 614.12): before it is on the battlefield. The choice is
// recorded, with who made it, and kept by the permanent it becomes. A
// token that's a copy makes its own (CR 707.2: choices made as the
// original entered are not copiable values).
func (g *Game) hEnterChoosingColor(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	i := g.choose(p, fr.event.Object, "color", colorNames[:])
	fr.event.chosen.color = 1 << i
	return 0, nil
}

// hAddProtectionFromChosenColor gives the affected permanent protection
// from the color the effect's source chose as it entered (layer 6,
// CR 702.16). a[1] not 0 says the effect doesn't remove its source
// (CR 702.16n): that instance of protection doesn't make the source Aura
// illegally attached.
func (g *Game) hAddProtectionFromChosenColor(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	fr := g.frame()
	if c == nil || fr == nil {
		return 0, err
	}
	src := g.Object(fr.source)
	if src == nil || src.chosen.color == 0 {
		return 0, nil
	}
	k := keywordArg{keyword: keywordProtection, quality: quality{colors: src.chosen.color}}
	if a[1] != 0 {
		k.spares = src.id
	}
	c.keywords.add(k)
	return 0, nil
}

// ChosenColor is the color a permanent's controller chose as it entered
// ("white"), or "" if none was chosen (CR 614.12).
func (g *Game) ChosenColor(id ObjectID) string {
	o := g.Object(id)
	if o == nil || o.chosen.color == 0 {
		return ""
	}
	return colorNames[bits.TrailingZeros16(o.chosen.color)]
}

// protectionRemoves reports whether a permanent has protection from an
// Aura that makes it unable to be enchanted by it (CR 702.16c): an
// instance of protection from a quality the Aura has, other than those
// of effects that don't remove this Aura (CR 702.16n). Other instances of
// the same protection still do.
func (g *Game) protectionRemoves(t, aura *Object) bool {
	if t == nil || aura == nil {
		return false
	}
	if t.left || t.zone != ZoneBattlefield {
		return g.protectedFrom(t, aura)
	}
	if !g.hasKeyword(t, keywordProtection) {
		return false
	}
	for _, p := range g.charsOf(t).keywords.args {
		if p.keyword == keywordProtection && p.spares != aura.id && p.quality.has(g, aura) {
			return true
		}
	}
	return false
}

// hEnterChoosingCardName has the controller of a permanent entering the
// battlefield choose a card name, as it enters (CR 614.1c, 614.12): the
// name of a card of the game's library (CR 201.4: a token's name only if
// a card has it), recorded as a choice with who made it, and kept by the
// permanent it becomes.
func (g *Game) hEnterChoosingCardName(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	p, ok := valuePlayer(a[0])
	names := g.lib.Names()
	if !ok || len(names) == 0 {
		return 0, nil
	}
	fr.event.chosen.name = names[g.choose(p, fr.event.Object, CardNameChoice, names)]
	return 0, nil
}

// CardNameChoice is what a choice of a card name is called in a
// DecisionChoice (its What).
const CardNameChoice = "card name"

// qHasChosenName reports whether an object has the name the running
// ability's permanent chose as it entered (CR 201.4): a card, a spell or
// a token of that name. No name was chosen: none has it.
func qHasChosenName(g *Game, a []vm.Value) (vm.Value, error) {
	o, fr := g.valueObject(a[0]), g.frame()
	if o == nil || fr == nil {
		return 0, nil
	}
	src := g.Object(fr.source)
	return boolValue(src != nil && src.chosen.name != "" && o.Name() == src.chosen.name), nil
}

// ChosenName is the card name a permanent's controller chose as it
// entered ("Grizzly Bears"), or "" if none was chosen (CR 201.4, 614.12).
func (g *Game) ChosenName(id ObjectID) string {
	if o := g.Object(id); o != nil {
		return o.chosen.name
	}
	return ""
}

// basicLandTypes are the basic land types (CR 305.6), in the order a
// player chooses among them.
var basicLandTypes = stdhost.BasicLandTypes

// LandTypeChoice is what a decision of a basic land type made as a
// permanent enters is about (core.DecisionChoice).
const LandTypeChoice = "basic land type"

// hEnterChoosingBasicLandType has the controller of a permanent entering
// the battlefield choose a basic land type (CR 305.6), as a replacement
// effect on how it enters (CR 614.1c, 614.12), recorded with who made it
// and kept by the permanent it becomes, as a color is
// (hEnterChoosingColor).
func (g *Game) hEnterChoosingBasicLandType(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	fr.event.chosen.landType = basicLandTypes[g.choose(p, fr.event.Object, LandTypeChoice, basicLandTypes[:])]
	return 0, nil
}

// ChosenLandType is the basic land type a permanent's controller chose as
// it entered, or "".
func (g *Game) ChosenLandType(id ObjectID) string {
	if o := g.Object(id); o != nil {
		return o.chosen.landType
	}
	return ""
}

// hSetChosenLandType sets the land type of an object to the basic land
// type chosen as the effect's source entered (layer 4, CR 305.7;
// Convincing Mirage's "Enchanted land is the chosen type."): the land
// loses its other land types and the abilities of its rules text, and has
// the intrinsic mana ability of the new type (CR 305.6), which every
// object with that land type has (intrinsicAbilities). Its name, card
// types and supertypes stay (basic, legendary), and so do its other
// subtypes; abilities effects grant it in layer 6 are applied after this
// and stay.
func (g *Game) hSetChosenLandType(a []vm.Value) (vm.Value, error) {
	c, err := g.applying(a[0])
	fr := g.frame()
	if c == nil || fr == nil {
		return 0, err
	}
	src := g.Object(fr.source)
	if src == nil || src.chosen.landType == "" {
		return 0, nil
	}
	id, ok := g.lib.subtypes[src.chosen.landType]
	if !ok {
		return 0, nil
	}
	c.setLandType(g.lib, id)
	// CR 305.7: it loses the abilities of its rules text; what effects
	// granted it before this one in the layers is none yet (layer 6
	// comes after).
	c.noAbilities = true
	c.keywords.clear()
	c.granted = c.granted[:0]
	return 0, nil
}

// setLandType replaces the land types of the permanent with one, keeping
// its other subtypes (CR 305.7, 205.1a), in a buffer of its own.
func (c *chars) setLandType(lib *Library, t int32) {
	buf := c.subtypeBuf[:0]
	if c.ownSubtypes {
		buf = c.subtypes[:0] // filtered in place
	}
	for _, s := range c.subtypes {
		if !lib.isLandType(s) {
			buf = append(buf, s)
		}
	}
	c.subtypeBuf = append(buf, t)
	c.subtypes, c.ownSubtypes = c.subtypeBuf, true
}
