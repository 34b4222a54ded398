package compiler

import (
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// Keyword abilities (CR 702), as the vocabulary declares them: a card
// lists them (`keywords flying, protection from Demons, graft 4`; several
// instances as Oracle text writes them, `protection from Demons and from
// Dragons`) or writes one with its cost or its number alone on its line
// (`equip {1}`, `cumulative upkeep {2}`, `tribute 1`). The rules core implements a
// keyword of a `keywords` list of the stdlib, and those of `keyword`
// declarations without abilities (protection, landwalk), reading their
// parameter from their name; a keyword declared with abilities of the
// language (persist, graft, equip...) gives the card those abilities, its
// parameter's value in them (dsl.Instantiate).

// cardKeyword reads a keyword a card writes and records it among the
// card's keywords (vm.Card.Keywords), by the name the rules core knows it
// by ("protection from Demons", "graft 4"), or reports why it is none.
func (c *checker) cardKeyword(pos dsl.Pos, words []string) {
	if us, ok := c.v.ReadKeywords(words); ok {
		for _, u := range us {
			c.out.card.Keywords = append(c.out.card.Keywords, u.Name)
		}
		return
	}
	name := strings.ToLower(strings.Join(words, " "))
	if k := c.v.KeywordNamed(name); k != nil && k.Param != nil {
		c.errorf(pos, CodeUnknownKeyword, "%s is written with its %s", name, paramWhat(k)).Hint = "write `" + example(k) + "`, say"
		return
	}
	if k, value, ok := c.v.KeywordForm(words); ok {
		c.errorf(pos, CodeUnknownKeyword, "%s: %q is no %s", strings.Join(words, " "), value, paramWhat(k)).Hint = valueHints[k.Param.Type.Kind]
		return
	}
	d := c.errorf(pos, CodeUnknownKeyword, "%q is not a keyword ability the rules know", name)
	if what, hint, ok := dsl.NotYet(words[0]); ok {
		// A mechanic the language lacks, not a misspelling.
		d.Message += ": " + what
		d.Hint = hint
		return
	}
	d.Hint = dsl.DidYouMean(name, c.v.Names(vocab.KKeyword))
	if d.Hint == "" {
		var forms []string
		for _, k := range c.v.Keywords() {
			forms = append(forms, k.FormText())
		}
		d.Hint = "the keywords are: " + strings.Join(forms, ", ")
	}
}

// valueHints say what a value of each kind of parameter is.
var valueHints = map[vocab.Kind]string{
	vocab.KNumber:  "write a number, such as `graft 4`",
	vocab.KMana:    "write mana symbols, such as `equip {1}`",
	vocab.KQuality: "a quality is a color, `colorless`, a card type in the plural (`artifacts`), a subtype in the plural, capitalized (`Demons`), or `everything` (CR 702.16a)",
	vocab.KSubtype: "a subtype is a word that isn't a card type, a supertype or a color, such as Swamp (`swampwalk`); in a phrase of its own it is capitalized",
}

// paramWhat names what a keyword's parameter is, for messages: "number"
// (graft 4), "cost" (equip {1}), "quality" (protection from black) or
// "subtype" (islandwalk).
func paramWhat(k *vocab.Keyword) string {
	switch k.Param.Type.Kind {
	case vocab.KNumber:
		return "number"
	case vocab.KMana:
		return "cost"
	case vocab.KSubtype:
		return "subtype"
	}
	return k.Param.Type.String()
}

// example is how a card writes a keyword with a parameter, with a value
// for it: `keywords graft 4`, `equip {1}`, `keywords protection from
// black`, `keywords islandwalk`.
func example(k *vocab.Keyword) string { return writtenWith(k, exampleValues) }

// exampleValues are values of each kind of parameter, for hints.
var exampleValues = map[vocab.Kind]string{vocab.KNumber: "4", vocab.KMana: "{1}", vocab.KQuality: "black", vocab.KSubtype: "island"}

// placeholders name each kind of parameter in a hint.
var placeholders = map[vocab.Kind]string{vocab.KNumber: "N", vocab.KMana: "COST", vocab.KQuality: "QUALITY", vocab.KSubtype: "SUBTYPE"}

// writtenWith is how a card writes a keyword with a parameter, with the
// value of values for its kind.
func writtenWith(k *vocab.Keyword, values map[vocab.Kind]string) string {
	var words []string
	for _, it := range k.Form {
		if it.Slot != "" {
			words = append(words, values[k.Param.Type.Kind]+it.Suffix)
		} else {
			words = append(words, it.Word)
		}
	}
	if k.Param.Type.Kind == vocab.KMana {
		return strings.Join(words, " ") // alone on its line, as Oracle text writes it
	}
	return "keywords " + strings.Join(words, " ")
}

// addKeywordAbilities gives the card the abilities a keyword it writes at
// pos stands for, if it is declared with any: the declaration's
// abilities, instantiated where the card writes the keyword, its
// parameter's value in them, and checked as the card's own. An activated
// ability is rendered as the keyword is written ("equip {1}").
func (c *checker) addKeywordAbilities(item dsl.CardItem, pos dsl.Pos, words []string) {
	us, _ := c.v.ReadKeywords(words) // none: cardKeyword said why
	for _, u := range us {
		c.addAbilitiesOf(item, pos, u)
	}
}

// addAbilitiesOf gives the card the abilities of one instance of a
// keyword.
func (c *checker) addAbilitiesOf(item dsl.CardItem, pos dsl.Pos, u vocab.KeywordUse) {
	for _, ab := range u.Keyword.Abilities {
		a := c.keywordAbility(u, ab, pos)
		if a == nil {
			continue
		}
		if a.kind == vm.AbilityActivated {
			a.text = u.Name
		}
		a.item = item
		c.out.abilities = append(c.out.abilities, a)
		if a.granted != nil {
			c.out.abilities = append(c.out.abilities, a.granted)
		}
	}
}

// keywordAbility checks one ability a keyword stands for, as written at
// pos with the keyword's value.
func (c *checker) keywordAbility(u vocab.KeywordUse, ab dsl.CardItem, pos dsl.Pos) *checkedAbility {
	param := ""
	if u.Keyword.Param != nil {
		param = u.Keyword.Param.Name
	}
	switch it := dsl.Instantiate(ab, pos, param, u.Value).(type) {
	case *dsl.TriggerAbility:
		return c.trigger(it)
	case *dsl.EntersAbility:
		return c.enters(it)
	case *dsl.ReplaceAbility:
		return c.replacement(it)
	case *dsl.StaticAbility:
		return c.static(it)
	case *dsl.ActivatedAbility:
		return c.activated(it)
	}
	c.errorf(pos, CodeInternalCompiler, "keyword %s stands for an ability of no kind the compiler knows", u.Keyword.Name)
	return nil
}

// writesKeyword reports whether a line of a card writes a keyword of a
// name, and where.
func (c *checker) writesKeyword(it dsl.CardItem, name string) (dsl.Pos, bool) {
	is := func(words []string) bool {
		us, ok := c.v.ReadKeywords(words)
		return ok && us[0].Keyword.Name == name
	}
	switch it := it.(type) {
	case *dsl.KeywordsItem:
		for _, k := range it.Keywords {
			if is(k.Words) {
				return k.Pos, true
			}
		}
	case *dsl.KeywordItem:
		if is(it.Words) {
			return it.Pos, true
		}
	}
	return dsl.Pos{}, false
}

// keywordArgs lists the keywords a phrase names (its arguments of type
// keyword).
func keywordArgs(alt *vocab.Alt) []*vocab.Arg {
	var out []*vocab.Arg
	for _, arg := range alt.Args {
		if arg.Kind == vocab.ArgName && arg.Type.Kind == vocab.KKeyword && arg.Keyword != nil {
			out = append(out, arg)
		}
	}
	return out
}

// givesKeywordOfAbilities reports a static ability or an action that
// gives an object a keyword with a parameter that stands for abilities
// (graft, C125: the compiler gives their abilities only to the card that
// writes the keyword), or a keyword with a parameter without it
// (`protection`, C022). It reports whether it did.
func (c *checker) givesKeywordOfAbilities(alt *vocab.Alt) bool {
	for _, arg := range keywordArgs(alt) {
		k := arg.Keyword
		switch {
		case k.Param == nil:
		case len(k.Abilities) > 0:
			c.errorf(arg.Pos, CodeGrantedNumbered, "an effect can't give %s yet: it is written with its %s, and the compiler gives its abilities only to the card whose `keywords` line has it", k.Name, paramWhat(k)).Hint =
				"write `" + writtenWith(k, placeholders) + "` on the card itself"
			return true
		case arg.Name == k.Name:
			c.errorf(arg.Pos, CodeUnknownKeyword, "%s is written with its %s", k.Name, paramWhat(k)).Hint = "write `" + strings.TrimPrefix(example(k), "keywords ") + "`, say"
			return true
		}
	}
	return false
}

// givesKeywordUntilEndOfTurn reports an action that gives an object a
// keyword that stands for abilities (persist, undying) until end of turn:
// the rules core has no such ability to give (C090). A static ability
// grants it (grantedKeyword).
func (c *checker) givesKeywordUntilEndOfTurn(m *vocab.Match) {
	for _, alt := range m.Alts[:1] {
		if c.givesKeywordOfAbilities(alt) {
			continue
		}
		for _, arg := range keywordArgs(alt) {
			if k := arg.Keyword; len(k.Abilities) > 0 {
				c.errorf(arg.Pos, CodeOwnKeyword, "an effect until end of turn can't give %s yet: it is %s the compiler gives the card whose `keywords` line has it, or a static ability grants", k.Name, abilitiesWhat(k)).Hint =
					"write `keywords " + k.Name + "` on the card itself, or `static ... have " + k.Name + "`"
			}
		}
	}
}

// abilitiesWhat says what a keyword stands for, for messages: "a
// triggered ability", "abilities".
func abilitiesWhat(k *vocab.Keyword) string {
	if len(k.Abilities) != 1 {
		return "abilities"
	}
	switch k.Abilities[0].(type) {
	case *dsl.TriggerAbility:
		return "a triggered ability"
	case *dsl.ActivatedAbility:
		return "an activated ability"
	case *dsl.ReplaceAbility, *dsl.EntersAbility:
		return "a replacement effect"
	}
	return "a static ability"
}

// grantedKeyword is the ability a static ability that gives a keyword
// standing for one ability grants (`other creatures you control have
// undying`): that ability, granted as an effect grants a written one
// (layer 6, CR 613.1f); the effect becomes grant_ability. It reports
// whether the effect gives such a keyword.
func (c *checker) grantedKeyword(a *checkedAbility, alt *vocab.Alt, pos dsl.Pos) bool {
	if alt.Template.Func == nil || alt.Template.Func.Name != "add_keyword" {
		return false
	}
	kw, obj := alt.Args["keyword"], alt.Args["object"]
	grant := c.v.Func("grant_ability")
	if kw == nil || obj == nil || kw.Keyword == nil || len(kw.Keyword.Abilities) == 0 || grant == nil {
		return false
	}
	k := kw.Keyword
	if len(k.Abilities) > 1 {
		c.errorf(kw.Pos, CodeGrantedNumbered, "an effect can't give %s yet: it stands for %d abilities, and an effect grants one", k.Name, len(k.Abilities)).Hint =
			"write `keywords " + k.Name + "` on the card itself"
		return true
	}
	a.kind = vm.AbilityEffect
	a.effect = grant
	c.affected(obj)
	if a.granted = c.keywordAbility(vocab.KeywordUse{Keyword: k, Name: kw.Name}, k.Abilities[0], pos); a.granted != nil {
		a.granted.flags |= vm.FlagGranted
	}
	a.effectArgs = []checkedArg{{arg: obj, sc: a.sc}, {arg: &vocab.Arg{Kind: vocab.ArgText, Pos: kw.Pos}, sc: a.sc}}
	return true
}

// columnsAfter is the position n characters after pos on its line.
func columnsAfter(pos dsl.Pos, n int) dsl.Pos {
	pos.Column += n
	pos.Offset += n
	return pos
}
