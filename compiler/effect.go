package compiler

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// effectAbility checks a static ability that creates a continuous effect
// (CR 611.3): `static enchanted creature gets +2/+2`. Its first argument
// names the set of objects affected; an ability it grants is checked as an
// ability of the card that is active only on the objects it is granted to.
func (c *checker) effectAbility(a *checkedAbility, alt *vocab.Alt, s *dsl.StaticAbility) {
	if c.givesKeywordOfAbilities(alt) || c.grantedKeyword(a, alt, s.Pos) {
		return
	}
	a.kind = vm.AbilityEffect
	fi := alt.Template.Func
	a.effect = fi
	c.noteChoice(fi, s.Phrase.Pos)
	// The quantities are read in a scope of their own, where the filter
	// of a `for each` may name the object the effect is applied to.
	sc := c.affectedScope(a, alt)
	for i, p := range fi.Params {
		arg := alt.Args[p.Name]
		switch {
		case arg != nil:
			c.spellSlot(alt.Template, p, arg)
			if i == 0 {
				c.affected(arg)
				if fi.Layer == "7a" {
					c.definesPT(arg)
				}
			}
			if arg.Kind == vocab.ArgText {
				a.granted = c.grantedAbility(arg, false)
			}
			argSc := sc
			if i == 0 {
				argSc = a.sc // the set affected
			}
			a.effectArgs = append(a.effectArgs, checkedArg{param: p.Name, arg: arg, sc: argSc})
		case p.Name == "power" || p.Name == "toughness":
			half := 1
			if p.Name == "toughness" {
				half = 2
			}
			a.effectArgs = append(a.effectArgs, checkedArg{param: p.Name, arg: alt.Args["power/toughness"], half: half, sc: sc})
		default:
			a.effectArgs = append(a.effectArgs, checkedArg{param: p.Name, def: alt.Template.Defaults.Of(p.Name), pos: s.Pos})
		}
	}
}

// affectedScope is the scope of the quantities of a continuous effect:
// the ability's, and, when one of them is counted for each permanent a
// filter describes (`gets +1/+1 for each other creature that shares a
// creature type with it`), vocab.Affected, the object the effect is being
// applied to, which the count is made for (CR 611.3a, 613.4c: it is made
// again for each object, each time the characteristics are computed).
func (c *checker) affectedScope(a *checkedAbility, alt *vocab.Alt) *scope {
	for _, arg := range alt.Args {
		if arg != nil && (arg.ForEach != nil && readsAffected(arg.ForEach) || countsAffected(arg.Where)) {
			sc := newScope(a.sc)
			a.affected = &binding{name: vocab.Affected, typ: vocab.Type{Kind: vocab.KObject}, used: true, affected: true}
			sc.names[vocab.Affected] = a.affected
			return sc
		}
	}
	return a.sc
}

// countsAffected reports whether the X of a `where X is N` after a
// continuous effect (vocab.Arg.Where) is a count through a filter that
// reads the object the effect is applied to.
func countsAffected(where *vocab.Arg) bool {
	return where != nil && where.Kind == vocab.ArgCount && readsAffected(where.Filter)
}

// readsAffected reports whether the filter of a continuous effect's `for
// each` reads the object the effect is applied to: `other`, or `it` in
// an expression. One that does not (Armored Ascension's "for each Plains
// you control") counts the same for every object.
func readsAffected(f *vocab.Filter) bool {
	if f.Det == "other" {
		return true
	}
	exprs := []*dsl.Sum{f.Shares, f.ControlledBy}
	for _, c := range f.Compares {
		exprs = append(exprs, c.Expr)
	}
	for _, e := range exprs {
		if e != nil && slices.Contains(refNames(e), vocab.Affected) {
			return true
		}
	}
	return false
}

// affected checks what names the objects a continuous effect affects: a
// set ("creatures you control", "enchanted creature"), or an object such
// as "this"; not one object to choose.
func (c *checker) affected(arg *vocab.Arg) {
	if arg.Kind != vocab.ArgFilter {
		return
	}
	f := arg.Filter
	if f.Bind != "" {
		c.errorf(arg.Pos, CodeBinding, "`as %s` in a static ability names nothing", f.Bind).Hint =
			"a static ability has no body that could use the name"
	}
	if f.Det == "" || f.Det == "other" || vocab.AttachedDet(f.Det) {
		return
	}
	rest := strings.TrimPrefix(f.Text, f.Det+" ")
	noun := strings.TrimSuffix(strings.TrimSuffix(rest, " you control"), " an opponent controls")
	c.errorf(arg.Pos, CodeChoice, "a static ability affects a set of objects, not %q", f.Text).Hint =
		"say which: `" + plural(rest) + "`, `other " + plural(rest) + "` or `enchanted " + noun + "`"
}

// definesPT checks a characteristic-defining ability (CR 604.3a): it
// defines the power and toughness of the card it is printed on, and of no
// other object.
func (c *checker) definesPT(arg *vocab.Arg) {
	if c.cda == nil {
		c.cda = &arg.Pos
	}
	if arg.Kind == vocab.ArgExpr && arg.Expr.Word() == "this" {
		return
	}
	c.errorf(arg.Pos, CodeCDA, "a characteristic-defining ability defines the power and toughness of its own card, not of %s", describeArg(arg)).Hint =
		"write `power and toughness of this are each equal to ...`; to set another creature's, use `has base power and toughness N/M` (CR 604.3a, 613.4b)"
}

// describeArg is how a diagnostic names what an argument says.
func describeArg(arg *vocab.Arg) string {
	if arg.Kind == vocab.ArgFilter {
		return strconv.Quote(arg.Filter.Text)
	}
	return "that"
}

// plural makes the noun of a filter plural, for hints.
func plural(text string) string {
	words := strings.Fields(text)
	for i, w := range words {
		if _, ok := map[string]bool{"you": true, "an": true}[w]; ok && i > 0 {
			words[i-1] += "s"
			return strings.Join(words, " ")
		}
	}
	return text + "s"
}

// grantedAbility checks the ability a continuous effect grants, written in
// a text the vocabulary read it from (vocab.Arg.Ability), as an ability of
// the card flagged vm.FlagGranted: "this" in it is the object that has
// it. own says the ability is the object's own, as a token's is (see
// actionAbility): it may then also be a characteristic-defining ability
// (see tokenCDA).
func (c *checker) grantedAbility(arg *vocab.Arg, own bool) *checkedAbility {
	for _, d := range arg.AbilityDiags {
		// The file parses: the mistake is in the text of the ability,
		// which the compiler reads.
		d.Message = "the granted ability does not parse: " + d.Message
		d.Code = CodeGrantedSyntax
		c.diags = append(c.diags, d)
	}
	item := arg.Ability
	if item == nil {
		return nil
	}
	var a *checkedAbility
	switch it := item.(type) {
	case *dsl.TriggerAbility:
		a = c.trigger(it)
	case *dsl.ReplaceAbility:
		a = c.replacement(it)
	case *dsl.ActivatedAbility:
		a = c.activated(it)
	case *dsl.StaticAbility:
		if !own {
			c.errorf(item.Position(), CodeContext, "an effect can grant a triggered, activated or replacement ability, not this").Hint =
				"write an ability such as `whenever this attacks { ... }` or `{1}{G}: regenerate this`"
			return nil
		}
		a = c.tokenCDA(it)
		if a == nil {
			return nil
		}
	default:
		c.errorf(item.Position(), CodeContext, "an effect can grant a triggered, activated or replacement ability, not this").Hint =
			"write an ability such as `whenever this attacks { ... }` or `{1}{G}: regenerate this`"
		return nil
	}
	a.flags |= vm.FlagGranted
	return a
}

// actionAbility checks the ability an action gives (a token's: `create a
// 2/2 black Zombie creature token with `when this dies { ... }“), as an
// ability of the card flagged vm.FlagGranted, added to the card after the
// ability whose action gives it. The object that gets it has it as its
// only ability, so it may not create others (`at` or `when` inside it),
// which would be abilities of the card it is written on.
func (c *checker) actionAbility(arg *vocab.Arg) *checkedAbility {
	a := c.grantedAbility(arg, true)
	if a == nil {
		return nil
	}
	c.granted = append(c.granted, a)
	if len(a.tree.abilities) > 1 {
		c.errorf(arg.Pos, CodeContext, "an ability an action gives can't create delayed or reflexive triggered abilities (`at` or `when` inside it) yet").Hint =
			"give it an ability that acts at once"
		return nil
	}
	return a
}

// enchantItem checks `enchant creature`: the enchant ability of an Aura
// (CR 303.4, 702.5), which says what the Aura spell targets and what the
// Aura may be attached to.
func (c *checker) enchantItem(it *dsl.EnchantItem, card *dsl.Card) *checkedAbility {
	for _, other := range card.Items {
		if e, ok := other.(*dsl.EnchantItem); ok && e != it {
			if e.Pos.Offset < it.Pos.Offset {
				c.errorf(it.Pos, CodeEnchant, "an Aura has one enchant ability (first at line %d)", e.Pos.Line)
				return nil
			}
			break
		}
	}
	f := &vocab.Filter{Pos: it.Pos, Det: "target", Yields: vocab.Type{Kind: vocab.KObject}, Text: strings.Join(it.Words, " ")}
	for i, w := range it.Words {
		fw, ok := c.v.FilterWord(w)
		if !ok && vocab.Capitalized(w) {
			c.diags = append(c.diags, c.v.UnknownSubtype(it.Pos, w))
			return nil
		}
		if !ok || fw.Kind == 0 && fw.Noun && fw.Name != "permanent" {
			d := c.errorf(it.Pos, CodeUnknownWord, "%q names no card type, color, subtype or quality of a permanent", w)
			d.Hint = "write what the Aura can enchant, such as `enchant creature` or `enchant Forest`"
			return nil
		}
		if i == len(it.Words)-1 && !fw.Noun {
			c.errorf(it.Pos, CodeEnchant, "`enchant %s` does not say what: it needs a noun such as creature, permanent or Forest", f.Text)
			return nil
		}
		f.Words = append(f.Words, fw)
	}
	a := c.newAbility(vm.AbilityEnchant, "enchant "+f.Text, it.Pos.Line, nil)
	a.enchant = f
	return a
}

// checkEquipment checks that only an Equipment has an equip ability
// (CR 702.6a): the rules core attaches nothing else.
func (c *checker) checkEquipment(card *dsl.Card) {
	equipment := false
	for _, s := range c.out.card.Subtypes {
		equipment = equipment || s == "Equipment"
	}
	if equipment && c.hasType("artifact") {
		return
	}
	for _, it := range card.Items {
		if pos, ok := c.writesKeyword(it, "equip"); ok {
			c.errorf(pos, CodeEquip, "only an Equipment has an equip ability").Hint = "make the card an Equipment: type Artifact — Equipment"
			return
		}
	}
}

// checkAura checks that an Aura has an enchant ability, and that only an
// Aura has one (CR 303.4).
func (c *checker) checkAura(card *dsl.Card) {
	aura := false
	for _, s := range c.out.card.Subtypes {
		if s == "Aura" {
			aura = true
		}
	}
	var enchant *dsl.EnchantItem
	for _, it := range card.Items {
		if e, ok := it.(*dsl.EnchantItem); ok && enchant == nil {
			enchant = e
		}
	}
	switch {
	case enchant != nil && !aura:
		c.errorf(enchant.Pos, CodeEnchant, "only an Aura has an enchant ability").Hint = "add Aura to the subtypes: type Enchantment — Aura"
	case enchant == nil && aura && c.hasType("enchantment"):
		c.errorf(card.Pos, CodeEnchant, "an Aura needs an enchant ability saying what it can enchant (CR 303.4a)").Hint =
			"add a line such as: enchant creature"
	}
}

// tokenCDA checks the static ability an action gives a token as its own:
// a characteristic-defining ability (CR 604.3) of the token, the only
// static ability a token's text may hold yet (Ajani Goldmane's Avatar:
// `static power and toughness of this are each equal to you.life`). It
// defines the power and toughness of the token, not of the card it is
// written on, so the card's own */* check (checkCDA) does not count it.
func (c *checker) tokenCDA(s *dsl.StaticAbility) *checkedAbility {
	saved := c.cda
	c.cda = nil
	a := c.static(s)
	defines := c.cda != nil
	c.cda = saved
	if a.reading == nil {
		return nil // it does not read: the reason is told already
	}
	if !defines || a.kind != vm.AbilityEffect {
		c.errorf(s.Pos, CodeContext, "a token's static ability can only be a characteristic-defining ability yet").Hint =
			"write `static power and toughness of this are each equal to ...` (CR 604.3), or give the token a triggered, activated or replacement ability"
		return nil
	}
	return a
}

// tokenPT checks the power and toughness of a creature token an action
// creates with an ability: printed in the phrase (`a 2/2 black Zombie`),
// or, with none printed, defined by the token's characteristic-defining
// ability (CR 604.3: `a white Avatar creature token with `static power
// and toughness of this are each equal to you.life“) — one or the other.
func (c *checker) tokenPT(alt *vocab.Alt, ph *dsl.Phrase, granted *checkedAbility) bool {
	if granted == nil || alt.Template.Func.Param("power") == nil {
		return true
	}
	cda := granted.effect != nil && granted.effect.Layer == "7a"
	printed := alt.Args["power/toughness"] != nil
	switch {
	case cda && printed:
		c.errorf(ph.Pos, CodeCDA, "the token's power and toughness are printed and defined by its characteristic-defining ability").Hint =
			"leave the P/T out of the phrase: `create a white Avatar creature token with `static power and toughness of this are each equal to ...``"
		return false
	case !cda && !printed:
		c.errorf(ph.Pos, CodeCDA, "a creature token without a printed power and toughness needs a characteristic-defining ability").Hint =
			"print them (`create a 2/2 black Zombie creature token with ...`), or give it `static power and toughness of this are each equal to ...`"
		return false
	}
	return true
}
