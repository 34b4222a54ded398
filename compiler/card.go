package compiler

import (
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vocab"
)

// header reads the card's characteristics.
func (c *checker) header(card *dsl.Card) {
	c.cardName(card)
	var cost, typ, pt, loyalty *dsl.Pos
	var oracle []string
	once := func(seen **dsl.Pos, p dsl.Pos, what string) bool {
		if *seen != nil {
			c.errorf(p, CodeCharacteristic, "%s is given twice (first at line %d)", what, (*seen).Line)
			return false
		}
		*seen = &p
		return true
	}
	for _, it := range card.Items {
		switch it := it.(type) {
		case *dsl.CostItem:
			if once(&cost, it.Pos, "the mana cost") {
				c.out.card.ManaCost = it.Cost
				syms, bad := mana.Parse(it.Cost)
				c.out.card.Colors = mana.Colors(syms)
				c.badMana(it.Pos, bad)
			}
		case *dsl.TypeItem:
			if once(&typ, it.Pos, "the type line") {
				c.typeLine(it)
			}
		case *dsl.PTItem:
			if once(&pt, it.Pos, "power/toughness") {
				p, t, ok := dsl.ParsePT(it.PT)
				switch {
				case it.PT == "*/*":
					// Defined by a characteristic-defining ability; a
					// star counts 0 where none applies (CR 208.2a).
					c.starPT = &it.Pos
				case !ok || strings.ContainsAny(it.PT, "+*"):
					c.errorf(it.Pos, CodePT, "power/toughness must be two numbers, like 2/2, or */*").Hint =
						"*/* needs an ability `static power and toughness of this are each equal to ...` (CR 208.2a)"
				}
				c.out.card.HasPT, c.out.card.Power, c.out.card.Toughness = true, int32(p), int32(t)
			}
		case *dsl.LoyaltyItem:
			once(&loyalty, it.Pos, "the loyalty")
		case *dsl.OracleItem:
			oracle = append(oracle, dsl.Unquote(it.Text))
		case *dsl.KeywordsItem:
			for _, k := range it.Keywords {
				c.cardKeyword(k.Pos, k.Words)
			}
		case *dsl.KeywordItem:
			c.cardKeyword(it.Pos, it.Words)
		}
	}
	c.out.card.Oracle = strings.Join(oracle, "\n")
	if typ == nil {
		c.errorf(card.Pos, CodeCharacteristic, "card %q has no type line", c.out.card.Name).Hint = "add a line such as: type Creature — Bear"
	}
	creature := c.hasType("creature")
	switch {
	case c.badTypeLine:
		// Whether it should have P/T depends on the type it meant.
	case creature && pt == nil && typ != nil:
		c.errorf(*typ, CodePT, "a creature needs power and toughness").Hint = "add a line such as: pt 2/2"
	case !creature && pt != nil:
		c.errorf(*pt, CodePT, "only creatures have power and toughness")
	}
	planeswalker := c.hasType("planeswalker")
	switch {
	case c.badTypeLine:
	case planeswalker && loyalty == nil && typ != nil:
		c.errorf(*typ, CodeLoyalty, "a planeswalker needs its printed loyalty (CR 306.5a)").Hint = "add a line such as: loyalty 3"
	case !planeswalker && loyalty != nil:
		c.errorf(*loyalty, CodeLoyalty, "only planeswalkers have loyalty (CR 306.5a)")
	}
	if len(oracle) == 0 {
		c.diags = append(c.diags, dsl.Warningf(card.Pos, CodeNoOracle, "card %q carries no Oracle text", c.out.card.Name).
			WithHint(`add oracle "..." lines with the card's Oracle text, so readers can check the card against it`))
	}
}

func (c *checker) hasType(t string) bool {
	for _, x := range c.out.card.Types {
		if x == t {
			return true
		}
	}
	return false
}

// typeLine classifies the words before the dash as supertypes and card
// types; the words after it are subtypes.
func (c *checker) typeLine(it *dsl.TypeItem) {
	for _, w := range it.Types {
		lw := strings.ToLower(w)
		switch {
		case c.v.IsName(vocab.KCardType, lw):
			c.out.card.Types = append(c.out.card.Types, lw)
		case c.v.IsName(vocab.KSupertype, lw):
			c.out.card.Supertypes = append(c.out.card.Supertypes, lw)
		default:
			c.badTypeLine = true
			d := c.errorf(it.Pos, CodeUnknownType, "%q is not a card type or supertype", w)
			d.Hint = dsl.DidYouMean(lw, append(c.v.Names(vocab.KCardType), c.v.Names(vocab.KSupertype)...))
			if d.Hint == "" {
				d.Hint = "subtypes go after the dash: type Creature — " + w
			}
		}
	}
	if len(c.out.card.Types) == 0 && len(it.Types) > 0 {
		c.errorf(it.Pos, CodeUnknownType, "the type line names no card type")
	}
	// The subtypes, as the vocabulary declares them (CR 205.3), of the
	// card's types (205.3d) unless those are in doubt.
	var types []string
	if !c.badTypeLine {
		types = c.out.card.Types
	}
	subtypes, diags := c.v.TypeLineSubtypes(it.Pos, it.Subtypes, types)
	c.diags = append(c.diags, diags...)
	c.out.card.Subtypes = append(c.out.card.Subtypes, subtypes...)
}

func (c *checker) checkSpellAbility(card *dsl.Card) {
	instant := c.hasType("instant") || c.hasType("sorcery")
	hasSpell := false
	for _, it := range card.Items {
		if s, ok := it.(*dsl.SpellAbility); ok {
			hasSpell = true
			if !instant && len(c.out.card.Types) > 0 {
				c.errorf(s.Pos, CodeSpellAbility, "only instants and sorceries have a spell ability").Hint =
					"a permanent's abilities are triggered (whenever), replacement (replace), static or enters abilities"
			}
		}
	}
	if instant && !hasSpell {
		c.errorf(card.Pos, CodeSpellAbility, "an instant or sorcery needs a spell ability saying what it does").Hint =
			"add: spell { ... }"
	}
}

// manaHint lists the mana symbols, for a symbol that is none.
const manaHint = "mana symbols are {0}..{20}, {X}, {W}{U}{B}{R}{G}, {C}, {S}, hybrid {W/U} or {2/W}, Phyrexian {W/P}"

// badMana reports symbols that are no mana symbols.
func (c *checker) badMana(p dsl.Pos, bad []string) {
	for _, s := range bad {
		c.errorf(p, CodeBadMana, "%s is not a mana symbol", s).Hint = manaHint
	}
}

// cardName checks that the card's name is one line of printable text: a
// card's name is what is printed in its title (CR 201.2), which no line
// break, tab or control character is part of. Such a name would also
// reach terminals and CI logs, where a line break or ESC forges output.
func (c *checker) cardName(card *dsl.Card) {
	name := dsl.Unquote(card.Name)
	for _, r := range name {
		if !strconv.IsPrint(r) {
			c.errorf(card.Pos, CodeCardName, "card %q: a card's name is one line of printable text (CR 201.2), and it holds %U", name, r).Hint =
				"write the name as its title line prints it, without line breaks, tabs or control characters"
			return
		}
	}
}
