package vocab

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// AttachedDet reports whether a determiner names the object this permanent
// is attached to: "enchanted" (an Aura's, CR 303.4) or "equipped" (an
// Equipment's, CR 301.5a; also of any permanent that says it, 301.5f).
func AttachedDet(det string) bool { return det == "enchanted" || det == "equipped" }

// Filter is a description of objects or players: "another tapped creature
// you control as c", "target creature", "any target".
type Filter struct {
	Pos dsl.Pos
	// Det is the determiner: a, an, another, target, any (for "any
	// target"), each (for "each player", "each opponent", "each other
	// player" in a player slot of an action: the action is done once for
	// each of them, in APNAP order, CR 101.4); in the object slot of a continuous effect, which names the
	// set of objects it affects, also "" (a plural: "creatures you
	// control"), "other" ("other creatures you control": all but this)
	// and "enchanted" or "equipped" ("enchanted creature", "equipped
	// creature": the object this Aura or Equipment is attached to, CR
	// 303.4, 301.5a), which an event pattern may also name ("whenever
	// enchanted land is tapped for mana").
	Det string
	// Another is set for "another target ...": a target other than the
	// object the ability belongs to (Det is then "target").
	Another bool
	Words   []FilterWord
	// Control is "you", "opponent" or "" for a "you control" / "an
	// opponent controls" suffix.
	Control string
	// ManaValue, with ManaValueOp "<=" or ">=", is the bound of a "with
	// mana value N or less" ("or greater") qualifier (CR 202.3).
	ManaValue   int64
	ManaValueOp string
	// Zone is the zone the objects are in, for a "from your graveyard" or
	// "in a graveyard" suffix; "" is the battlefield. ZoneOwner is "you"
	// for "your graveyard", else "".
	Zone, ZoneOwner string
	// AttachedToThis is set for an "attached to this" suffix: the
	// objects attached to the object the ability belongs to (CR 303.4).
	AttachedToThis bool
	// ChosenName is set for a "with the chosen name" suffix: the objects
	// with the card name chosen as the permanent the ability belongs to
	// entered (CR 201.4; `enters choosing a card name`).
	ChosenName bool
	// OtherThanThis is set for an "other than this" suffix (Oracle's
	// "other than [this card's name]"): any object but the one the
	// ability belongs to.
	OtherThanThis bool
	// NotYou is set for "each other player": the players other than the
	// controller of the ability (Det is then "each").
	NotYou bool
	// Bind is the name `as` gives what the filter matches, or "".
	Bind string
	// Yields is what the filter describes: objects, players, or both.
	Yields Type
	// Text is the filter as the card says it.
	Text string
}

// FilterWord is one word of a filter, resolved.
type FilterWord struct {
	// Kind is KCardType, KSupertype, KSubtype or KColor; 0 for adjectives
	// and nouns.
	Kind Kind
	Name string
	// Query is the query that tests an adjective ("is_tapped"), or a noun's
	// test ("is_permanent", "is_player").
	Query string
	Neg   bool
	Noun  bool
	// Or joins a card type to the one before it: "artifact or creature"
	// is an artifact or a creature (an object with either type).
	Or bool
	// Singular and Plural say how a noun is written: "creature" is
	// singular, "creatures" and "Elves" plural, and "Merfolk", whose
	// plural Oracle text writes the same, both.
	Singular, Plural bool
}

// wordNumber says whether a word of a filter other than a subtype is
// written in the singular or the plural (it ends in s).
func wordNumber(w string) (singular, plural bool) {
	p := isPlural(w)
	return !p, p
}

// determiners start a filter.
var determiners = map[string]bool{"a": true, "an": true, "another": true, "target": true, "any": true}

// eachSlot reports whether the word before a filter is the word "each" of
// template t's "each {objects}" ("double the number of +1/+1 counters on
// each creature you control"), or "among" of its "among {objects}"
// ("remove two +1/+1 counters from among creatures you control"): the
// filter then has no determiner.
func eachSlot(t *Template, before string) bool {
	if !wordEq(before, "each") && !wordEq(before, "among") && !wordEq(before, "all") {
		return false
	}
	for i, it := range t.Items {
		if it.Word != "" && wordEq(it.Word, before) && i+1 < len(t.Items) && t.Items[i+1].Slot != "" {
			return true
		}
	}
	return false
}

// filters lists the filters that can start at part pi, longest first.
func (m *matcher) filters(t *Template, pi int) []candidate {
	det := strings.ToLower(m.word(pi))
	effect := t.Func != nil && t.Func.Effect
	// An event pattern may name the object this permanent is attached to:
	// "whenever enchanted land is tapped for mana" (Wild Growth).
	attached := (effect || t.Event != nil) && AttachedDet(det)
	words0 := pi + 1
	if at, ok := m.targetCount(pi); ok {
		if m.quick {
			return nil
		}
		m.fail(at, CodeTargetCount, fmt.Sprintf("%q: the language has no number of targets yet", m.wordsFrom(pi, at+1)),
			`a slot takes one target, written "target" and a filter ("target creature") or "any target"; SPEC's section Filters says what a filter can hold`, t)
		return nil
	}
	another := false
	if det == "another" && pi+1 < len(m.parts) && wordEq(m.word(pi+1), "target") {
		// "another target permanent": a target, not this (Flickerwisp).
		det, another, words0 = "target", true, pi+2
	}
	if AttachedDet(det) && !attached && !m.quick && pi+1 < len(m.parts) {
		// "enchanted creature" of an action: the words name the
		// permanent in a static ability or a trigger; an action, which
		// names one object, reads it from the card.
		what := "an Aura"
		if det == "equipped" {
			what = "an Equipment"
		}
		m.fail(pi, "", fmt.Sprintf("%q names what %s is attached to in a static ability or a trigger, not in an action", m.wordsFrom(pi, pi+1), what),
			"an action names it as this.attached_to, as in `this.attached_to gets +1/+0 until end of turn`", t)
	}
	switch {
	case determiners[det]:
	case m.each && det == "other":
	case m.each:
		det, words0 = "", pi // "for each attacking creature"
	case !effect && pi > 0 && eachSlot(t, m.word(pi-1)):
		// A template's "each {objects}": "on each creature you control".
		det, words0 = "", pi
	case attached || effect && det == "other":
	case effect:
		// A plural without determiner: "creatures you control".
		if _, ok := m.v.FilterWord(m.word(pi)); !ok {
			m.unknownSubtype(pi, t)
			return nil
		}
		det, words0 = "", pi
	default:
		return nil
	}
	if det == "any" {
		if pi+1 < len(m.parts) && wordEq(m.word(pi+1), "target") {
			f := &Filter{Pos: m.parts[pi].Pos, Det: "any", Yields: Type{Kind: KTarget}, Text: "any target"}
			return m.withSuffix(f, pi+2)
		}
		return nil
	}
	var words []FilterWord
	j := words0
	for ; j < len(m.parts); j++ {
		// A subtype of two words, "Time Lord" (CR 205.3m): its test is
		// the first word's, and the second is the noun, which has none.
		if two, ok := m.twoWordSubtype(j); ok {
			words = append(words, two...)
			j++
			continue
		}
		fw, ok := m.v.FilterWord(m.word(j))
		if !ok {
			m.unknownSubtype(j, t)
			break
		}
		if fw.Name == "permanent" && !fw.Neg && j+1 < len(m.parts) && wordEq(m.word(j+1), "card") {
			// "permanent card": a card with a permanent type, in any zone
			// (CR 110.4b), the next word the noun.
			fw = FilterWord{Name: "permanent", Query: "is_permanent_card"}
		}
		words = append(words, fw)
		// "artifact or creature": a card type or another, or another
		// ("artifact or creature or enchantment or land", Solemnity).
		for fw.Kind == KCardType && !fw.Neg && j+2 < len(m.parts) && wordEq(m.word(j+1), "or") {
			alt, ok := m.v.FilterWord(m.word(j + 2))
			if !ok || alt.Kind != KCardType || alt.Neg {
				break
			}
			alt.Or = true
			// The word "or" itself has no test of its own.
			words = append(words, FilterWord{Name: "or", Or: true}, alt)
			j += 2
		}
		// "player or planeswalker": a player, or an object of those card
		// types ("target player or planeswalker", Chandra Nalaar).
		if fw.Name == "player" && j+2 < len(m.parts) && wordEq(m.word(j+1), "or") {
			if alt, ok := m.v.FilterWord(m.word(j + 2)); ok && alt.Kind == KCardType && !alt.Neg {
				alt.Or = true
				words = append(words, FilterWord{Name: "or", Or: true}, alt)
				j += 2
			}
		}
		// "card or token": any object, a card or not (CR 108.2b).
		if fw.Name == "card" && !strings.HasPrefix(strings.ToLower(m.word(j)), "non") && m.wordsAt(j+1, []string{"or", "token"}) {
			// Neither word has a test of its own.
			sing, plural := wordNumber(m.word(j + 2))
			words[len(words)-1] = FilterWord{Name: "card", Noun: true}
			words = append(words, FilterWord{Name: "or", Or: true}, FilterWord{Name: "token", Noun: true, Or: true, Singular: sing, Plural: plural})
			j += 2
		}
	}
	var out []candidate
	for k := len(words); k > 0; k-- {
		if !words[k-1].Noun {
			continue
		}
		f := &Filter{Pos: m.parts[pi].Pos, Det: det, Another: another, Words: words[:k], Yields: Type{Kind: KObject}}
		switch {
		case words[k-1].Name == "player" || words[k-1].Name == "opponent":
			f.Yields = Type{Kind: KPlayer}
		case k >= 3 && words[k-3].Name == "player" && words[k-1].Or:
			f.Yields = Type{Kind: KTarget} // a player or an object
		}
		// "enchanted creature" names one object; the other forms of an
		// effect's slot are plurals ("other creatures you control",
		// "other Elves you control").
		if noun := words[k-1]; attached && !noun.Singular || effect && (det == "" || det == "other") && !noun.Plural {
			continue
		}
		var texts []string
		for _, p := range m.parts[pi : words0+k] {
			texts = append(texts, dsl.PartString(p))
		}
		f.Text = strings.Join(texts, " ")
		out = append(out, m.withSuffix(f, words0+k)...)
	}
	if j > words0 && j+1 < len(m.parts) && wordEq(m.word(j), "or") && m.word(j+1) != "" && !m.quick {
		// "target green or white creature": an "or" the filter does not
		// read, which would otherwise end the filter before it and leave
		// "target" to be read as a name.
		a, b := strings.ToLower(m.word(j-1)), strings.ToLower(m.word(j+1))
		hint := `a filter is a determiner, qualities and a noun, as in "target green creature"; SPEC's section Filters lists what a filter can hold`
		if a == "creature" && b == "player" || a == "player" && b == "creature" {
			hint = `a creature, a player or a planeswalker is "any target" (CR 115.4)`
		}
		m.fail(j, CodeFilterOr, fmt.Sprintf(`"or" in a filter joins two card types ("target artifact or creature"), not %q`,
			m.word(j-1)+" or "+m.word(j+1)), hint, t)
	}
	if len(out) == 0 && j < len(m.parts) && m.word(j) != "" && len(words) == 0 && !m.quick && !Capitalized(m.word(j)) {
		w := m.word(j)
		m.fail(j, CodeUnknownWord, fmt.Sprintf("%q names no card type, color, subtype or quality", w), dsl.DidYouMean(w, m.v.filterWords()), t)
	}
	return out
}

// twoWordSubtype reads parts j and j+1 as a subtype of two words, "Time
// Lord" or "Time Lords": the subtype's test, then the noun with none.
func (m *matcher) twoWordSubtype(j int) ([]FilterWord, bool) {
	if j+1 >= len(m.parts) || !Capitalized(m.word(j)) || !Capitalized(m.word(j+1)) {
		return nil, false
	}
	s, sing, plural := m.v.LookupSubtype(m.word(j) + " " + m.word(j+1))
	if s == nil {
		return nil, false
	}
	return []FilterWord{{Kind: KSubtype, Name: s.Name}, {Noun: true, Singular: sing, Plural: plural}}, true
}

// unknownSubtype records, for a capitalized word of a filter that names
// nothing, that it is no subtype of the vocabulary (C008): a typo such as
// "Goblim" must not name a subtype no object has.
func (m *matcher) unknownSubtype(j int, t *Template) {
	if m.quick || j >= len(m.parts) {
		return
	}
	w := m.word(j)
	if rest, ok := strings.CutPrefix(w, "non"); ok {
		w = strings.TrimPrefix(rest, "-") // "non-Goblim"
	}
	if !Capitalized(w) {
		return
	}
	d := m.v.UnknownSubtype(m.parts[j].Pos, w)
	m.fail(j, d.Code, d.Message, d.Hint, t)
}

// targetCount finds Oracle's number of targets at part pi: "two target
// creatures", "up to one target creature", "any number of target
// creatures". It returns the part of the word "target".
func (m *matcher) targetCount(pi int) (int, bool) {
	word := func(i int) string {
		if i >= len(m.parts) {
			return ""
		}
		return strings.ToLower(m.word(i))
	}
	count := func(i int) bool {
		n, ok := m.numberAt(i)
		return ok && word(i) != "a" && word(i) != "an" && n >= 1
	}
	switch {
	case word(pi) == "up" && word(pi+1) == "to" && count(pi+2) && wordEq(word(pi+3), "target"):
		return pi + 3, true
	case word(pi) == "any" && word(pi+1) == "number" && word(pi+2) == "of" && wordEq(word(pi+3), "target"):
		return pi + 3, true
	case count(pi) && wordEq(word(pi+1), "target"):
		return pi + 1, true
	}
	return 0, false
}

// wordsFrom returns the text of parts i to j.
func (m *matcher) wordsFrom(i, j int) string {
	var texts []string
	for k := i; k <= j && k < len(m.parts); k++ {
		texts = append(texts, dsl.PartString(m.parts[k]))
	}
	return strings.Join(texts, " ")
}

// isPlural reports whether a word of a filter is a plural noun, such as
// "creatures" (it ends in s, and the word without it is one of the
// vocabulary).
func isPlural(w string) bool {
	return len(w) > 1 && strings.HasSuffix(strings.ToLower(w), "s")
}

// chosenNameWords are the suffix of a filter of the objects with the
// chosen name: "target spell with the chosen name".
var chosenNameWords = []string{"with", "the", "chosen", "name"}

// withSuffix completes a filter with an optional "other than this", mana
// value qualifier or "with the chosen name", controller or zone suffix
// and binding, giving every variant, longest first.
func (m *matcher) withSuffix(f *Filter, j int) []candidate {
	if f.Yields.Kind == KObject && !f.OtherThanThis && m.wordsAt(j, []string{"other", "than", "this"}) {
		// "a creature other than this" (Oracle: "other than Xathrid
		// Demon"): any but the object the ability belongs to.
		g := *f
		g.OtherThanThis, g.Text = true, f.Text+" other than this"
		return append(m.withSuffix(&g, j+3), m.withMana(f, j)...)
	}
	return m.withMana(f, j)
}

// withMana completes a filter with an optional mana value qualifier or
// "with the chosen name", then the zone, controller and binding suffixes.
func (m *matcher) withMana(f *Filter, j int) []candidate {
	if kw, ok := m.keywordSuffix(j); ok && !m.quick {
		m.fail(j, CodeUnknownWord, keywordFilterMessage(f.Text, kw), keywordFilterHint, nil)
	}
	if f.Yields.Kind == KObject && m.wordsAt(j, chosenNameWords) {
		g := *f
		g.ChosenName, g.Text = true, f.Text+" with the chosen name"
		return append(m.withZone(&g, j+len(chosenNameWords)), m.withZone(f, j)...)
	}
	if f.Yields.Kind == KObject && m.wordsAt(j, []string{"with", "mana", "value"}) && j+5 < len(m.parts) {
		if n, ok := m.numberAt(j + 3); ok && wordEq(m.word(j+4), "or") {
			op := ""
			switch strings.ToLower(m.word(j + 5)) {
			case "less":
				op = "<="
			case "greater", "more":
				op = ">="
			}
			if op != "" {
				g := *f
				g.ManaValue, g.ManaValueOp = n, op
				g.Text = fmt.Sprintf("%s with mana value %d or %s", f.Text, n, m.word(j+5))
				return append(m.withZone(&g, j+6), m.withZone(f, j)...)
			}
		}
	}
	return m.withZone(f, j)
}

// numberAt reads part i as a number: a literal or a number word.
func (m *matcher) numberAt(i int) (int64, bool) {
	if i >= len(m.parts) || m.parts[i].Expr == nil {
		return 0, false
	}
	if n, ok := numberWords[strings.ToLower(m.word(i))]; ok {
		return n, true
	}
	u := m.parts[i].Expr.Left.Left
	if len(m.parts[i].Expr.Rest) > 0 || len(m.parts[i].Expr.Left.Rest) > 0 || u.Primary == nil || u.Primary.Number == nil {
		return 0, false
	}
	var n int64
	_, err := fmt.Sscan(*u.Primary.Number, &n)
	return n, err == nil
}

// zoneSuffixes are the words that say where the objects of a filter are,
// and the zone and owner they mean.
var zoneSuffixes = []struct {
	words       []string
	zone, owner string
}{
	{[]string{"from", "your", "graveyard"}, "graveyard", "you"},
	{[]string{"in", "your", "graveyard"}, "graveyard", "you"},
	{[]string{"from", "a", "graveyard"}, "graveyard", ""},
	{[]string{"in", "a", "graveyard"}, "graveyard", ""},
	{[]string{"in", "graveyards"}, "graveyard", ""},
	{[]string{"from", "all", "graveyards"}, "graveyard", ""},
	{[]string{"in", "all", "graveyards"}, "graveyard", ""},
}

// withZone completes a filter with an optional zone suffix, then the
// controller suffix and binding.
func (m *matcher) withZone(f *Filter, j int) []candidate {
	if f.Yields.Kind == KObject {
		for _, z := range zoneSuffixes {
			if m.wordsAt(j, z.words) {
				g := *f
				g.Zone, g.ZoneOwner = z.zone, z.owner
				g.Text = f.Text + " " + strings.Join(z.words, " ")
				return append(m.withControl(&g, j+len(z.words)), m.withControl(f, j)...)
			}
		}
	}
	return m.withControl(f, j)
}

// withControl completes a filter with an optional controller suffix and
// an optional binding, giving every variant, longest first.
func (m *matcher) withControl(f *Filter, j int) []candidate {
	var out []candidate
	add := func(g *Filter, next int) {
		if g.Yields.Kind == KObject && !g.AttachedToThis && m.wordsAt(next, []string{"attached", "to", "this"}) {
			h := *g
			h.AttachedToThis, h.Text = true, g.Text+" attached to this"
			if next+3 < len(m.parts) && m.parts[next+3].Bind != nil {
				b := h
				b.Bind = *m.parts[next+3].Bind
				out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &b}, next + 4})
			}
			out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &h}, next + 3})
		}
		if next < len(m.parts) && m.parts[next].Bind != nil {
			h := *g
			h.Bind = *m.parts[next].Bind
			out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &h}, next + 1})
		}
		out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: g}, next})
	}
	if f.Yields.Kind == KObject && f.Zone == "" {
		switch {
		case m.wordsAt(j, []string{"you", "control"}):
			g := *f
			g.Control, g.Text = "you", f.Text+" you control"
			add(&g, j+2)
		case m.wordsAt(j, []string{"an", "opponent", "controls"}):
			g := *f
			g.Control, g.Text = "opponent", f.Text+" an opponent controls"
			add(&g, j+3)
		}
	}
	add(f, j)
	return out
}

// FilterWord resolves one word of a filter.
func (v *Vocab) FilterWord(w string) (FilterWord, bool) {
	if w == "" {
		return FilterWord{}, false
	}
	lw := strings.ToLower(w)
	// "nontoken", "nonblack", "noncreature", "non-Human": the negation of
	// a quality.
	if strings.HasPrefix(lw, "non") && len(lw) > 3 {
		rest := strings.TrimPrefix(w[3:], "-")
		if fw, ok := v.FilterWord(rest); ok && rest != "" && fw.Name != "permanent" && fw.Name != "player" && fw.Name != "opponent" {
			fw.Neg, fw.Noun = true, false
			return fw, true
		}
	}
	// A subtype, capitalized, in the singular or in Oracle's plural
	// ("Elf", "Elves"): before the words below, since a subtype may be
	// one of them with a capital ("Plains" is no plural of a "plain").
	if Capitalized(w) {
		if s, sing, plural := v.LookupSubtype(w); s != nil {
			return FilterWord{Kind: KSubtype, Name: s.Name, Noun: true, Singular: sing, Plural: plural}, true
		}
	}
	sing, plural := wordNumber(lw)
	for _, cand := range []string{lw, strings.TrimSuffix(lw, "s")} {
		switch {
		case v.IsName(KCardType, cand):
			return FilterWord{Kind: KCardType, Name: cand, Noun: true, Singular: sing, Plural: plural}, true
		case v.IsName(KSupertype, cand):
			return FilterWord{Kind: KSupertype, Name: cand}, true
		case v.IsName(KColor, cand):
			return FilterWord{Kind: KColor, Name: cand}, true
		case cand == "permanent":
			return FilterWord{Name: "permanent", Query: "is_permanent", Noun: true, Singular: sing, Plural: plural}, true
		case cand == "spell":
			// "creature spell": an object on the stack (CR 112.1).
			return FilterWord{Name: "spell", Query: "is_spell", Noun: true, Singular: sing, Plural: plural}, true
		case cand == "source":
			// "a red source": any object that can be a source of
			// damage (CR 120.7, 609.7); no test of its own.
			return FilterWord{Name: "source", Noun: true, Singular: sing, Plural: plural}, true
		case cand == "card":
			// "creature card": what the type says, in whatever zone the
			// filter names; a token is no card (CR 108.2b, 111.6).
			return FilterWord{Name: "card", Query: "is_token", Neg: true, Noun: true, Singular: sing, Plural: plural}, true
		case cand == "player", cand == "opponent":
			return FilterWord{Name: cand, Query: "is_player", Noun: true, Singular: sing, Plural: plural}, true
		}
		for _, a := range v.adjectives {
			if cand == a {
				return FilterWord{Name: a, Query: "is_" + a}, true
			}
		}
	}
	return FilterWord{}, false
}

// filterWords lists the words filters know, for hints: a subtype written
// in lower case gets its capitalized name.
func (v *Vocab) filterWords() []string {
	out := append([]string{"permanent", "spell", "player", "opponent", "source"}, v.lists[KCardType]...)
	out = append(out, v.lists[KSupertype]...)
	out = append(out, v.lists[KColor]...)
	out = append(out, v.adjectives...)
	return append(out, v.subtypeWords()...)
}

// keywordSuffix reads the words "with KEYWORD" at part j ("creature with
// flying"), which no filter of the language reads yet: a filter tests
// characteristics, not the abilities a permanent has.
func (m *matcher) keywordSuffix(j int) (string, bool) {
	if j+1 >= len(m.parts) || !wordEq(m.word(j), "with") {
		return "", false
	}
	if kws := m.keywordCandidates(j + 1); len(kws) > 0 {
		return kws[0].arg.Name, true
	}
	if w := strings.ToLower(m.word(j + 1)); w != "" && m.v.IsName(KKeyword, w) {
		return w, true
	}
	return "", false
}

// keywordFilterMessage says that a filter can't name a keyword ability.
func keywordFilterMessage(filter, kw string) string {
	return fmt.Sprintf("%q: a filter can't say what abilities a permanent has (%q) yet", filter+" with "+kw, "with "+kw)
}

// keywordFilterHint says where what the language lacks is listed.
const keywordFilterHint = "a filter says a permanent's card types, subtypes, colors, qualities, controller and mana value (SPEC's section Filters); " +
	NotYetSection + " lists what the language lacks"

// EachMismatch says why the words of a `for each` statement are no filter
// of permanents, where a reason is known: a filter that names a keyword
// ("for each creature with flying as creature"). ok is false if none is.
func (v *Vocab) EachMismatch(parts []*dsl.Part, sc Scope) (pos dsl.Pos, msg, hint string, ok bool) {
	m := &matcher{v: v, sc: sc, parts: parts, each: true, quick: true}
	if len(parts) == 0 {
		return dsl.Pos{}, "", "", false
	}
	for _, c := range m.filters(&Template{}, 0) {
		if kw, found := m.keywordSuffix(c.next); found {
			return parts[c.next].Pos, keywordFilterMessage(c.arg.Filter.Text, kw), keywordFilterHint, true
		}
	}
	return dsl.Pos{}, "", "", false
}

// eachPlayerCandidates fills a player slot of an action (or a target
// slot, which takes players too) with "each player", "each opponent" or
// "each other player": a filter of players, singular, with the
// determiner "each" (NotYou for "other"). The compiler does the action
// once for each of them, in APNAP order (CR 101.4).
func (m *matcher) eachPlayerCandidates(t *Template, pi int) []candidate {
	if pi+1 >= len(m.parts) || !strings.EqualFold(m.word(pi), "each") {
		return nil
	}
	each := m.each
	m.each = true // a filter without determiner, as after "for each"
	fs := m.filters(t, pi+1)
	m.each = each
	var out []candidate
	for _, c := range fs {
		f := c.arg.Filter
		if f.Yields.Kind != KPlayer || f.Bind != "" || f.Det != "" && f.Det != "other" || !f.Words[len(f.Words)-1].Singular {
			continue
		}
		g := *f
		g.Det, g.NotYou, g.Pos = "each", f.Det == "other", m.parts[pi].Pos
		g.Text = "each " + f.Text
		out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &g}, c.next})
	}
	return out
}

// MatchEach reads the filter of a `for each` statement, the words after
// "for each": "other attacking creature you control as creature". It
// describes permanents, one at a time (a singular noun); "other" leaves
// out the object the ability belongs to. It reports false if the words
// are no such filter.
func (v *Vocab) MatchEach(parts []*dsl.Part, sc Scope, elsewhere map[string]int) (*Filter, bool) {
	if len(parts) == 0 {
		return nil, false
	}
	m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere, each: true}
	for _, c := range m.filters(&Template{}, 0) {
		f := c.arg.Filter
		if c.next == len(parts) && (f.Det == "" || f.Det == "other") && f.Yields.Kind == KObject && f.Zone == "" && f.Words[len(f.Words)-1].Singular {
			return f, true
		}
	}
	return nil, false
}
