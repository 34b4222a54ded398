package vocab

import (
	"fmt"
	"slices"
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
	// Count is how many objects or players a target chooses when the
	// card writes a number of targets ("two target creatures", "up to
	// one target creature", "any number of targets", CR 115.3); nil for
	// the word "target" alone, one target.
	Count *TargetCount
	Words []FilterWord
	// Control is "you", "opponent" or "notyou" for a "you control", "an
	// opponent controls" or "you don't control" suffix, "player" for
	// "NAME controls" (ControlledBy), or "".
	Control string
	// ControlledBy is the player of a "NAME controls" suffix: an
	// expression of type player (`that_player controls`).
	ControlledBy *dsl.Sum
	// Compares are the qualifiers that compare a number of the object
	// with another: "with mana value 3 or less" (CR 202.3), "with power 4
	// or greater", "with toughness less than this.power".
	Compares []Compare
	// Keywords are the qualifiers "with KEYWORD" and "without KEYWORD":
	// "creature with flying", "creature without flying".
	Keywords []KeywordQualifier
	// Named is the name of a "named NAME" suffix (CR 201.2), or "".
	Named string
	// Shares is the object of a "that shares a creature type with OBJECT"
	// suffix (CR 205.3m), or nil.
	Shares *dsl.Sum
	// OnBattlefield is set for an "on the battlefield" suffix, which
	// says what a filter of permanents says anyway.
	OnBattlefield bool
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
	// Everywhere is set for "cards that aren't on the battlefield,
	// spells, and permanents" (Mycosynth Lattice): every card in a hand,
	// a library, a graveyard, exile or the command zone, every spell on
	// the stack and every permanent (CR 400.1, 110.1, 112.1), which an
	// effect affects wherever they are (CR 611.3a, 109.2). Its Words are
	// its three nouns, each an alternative, with no test of their own.
	Everywhere bool
	// Bind is the name `as` gives what the filter matches, or "".
	Bind string
	// Yields is what the filter describes: objects, players, or both.
	Yields Type
	// Text is the filter as the card says it.
	Text string
}

// TargetCount is how many objects or players a target chooses: from Min
// to Max, Max AnyNumber for "any number of".
type TargetCount struct {
	Min, Max int
}

// AnyNumber is the Max of "any number of" targets.
const AnyNumber = -1

// MaxTargetCount is the largest number of targets a card may write ("up
// to ten target creatures"): Oracle text writes no more than ten, and
// "any number of" says more.
const MaxTargetCount = 100

// Several reports whether a filter is a target of a number of objects
// other than exactly one.
func (f *Filter) Several() bool { return f.Count != nil && (f.Count.Min != 1 || f.Count.Max != 1) }

// Compare is a qualifier comparing a number of the object (the query
// Query: "power", "toughness", "mana_value") with a number: Num, or
// the expression Expr if it is set. Op is "<", "<=", ">", ">=" or "==".
type Compare struct {
	Query, Op string
	Num       int64
	Expr      *dsl.Sum
}

// KeywordQualifier is "with KEYWORD" (or "without", Neg): the object has
// the keyword ability (CR 702), as the card writes it (Name), or not.
type KeywordQualifier struct {
	Name    string
	Keyword *Keyword
	Neg     bool
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
	// Or joins a word to the one before it: "artifact or creature" is an
	// artifact or a creature (an object with either type), "black or
	// red" black or red, "attacking or blocking", "Skeleton, Vampire, or
	// Zombie"; an object with both matches once.
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
// ("remove two +1/+1 counters from among creatures you control"), or
// "those" of its "those {objects}" ("among any number of those Wolves":
// the permanents tapped this way the filter describes), or "a" of its
// "a {objects}" ("a creature dealt damage this way": those of a set the
// effect made that the filter describes): the filter then has no
// determiner.
func eachSlot(t *Template, before string) bool {
	if !wordEq(before, "each") && !wordEq(before, "among") && !wordEq(before, "all") && !wordEq(before, "those") && !wordEq(before, "a") {
		return false
	}
	for i, it := range t.Items {
		if it.Word != "" && wordEq(it.Word, before) && i+1 < len(t.Items) && t.Items[i+1].Slot != "" {
			return true
		}
	}
	return false
}

// leadingObjects reports whether a template begins with a slot of
// objects: a plural without determiner, as Oracle text begins a mass
// effect ("creatures you control get ...").
func leadingObjects(t *Template) bool {
	if len(t.Items) == 0 || t.Items[0].Slot == "" {
		return false
	}
	typ, _ := t.SlotType(t.Items[0].Slot)
	return typ.Kind == KObjects
}

// filters lists the filters that can start at part pi, longest first.
func (m *matcher) filters(t *Template, pi int) []candidate {
	det := strings.ToLower(m.word(pi))
	effect := t.Func != nil && t.Func.Effect
	// leading: an action whose phrase begins with its objects reads
	// there a plural without determiner, as an effect's slot does.
	leading := m.leading && leadingObjects(t)
	// An event pattern may name the object this permanent is attached to:
	// "whenever enchanted land is tapped for mana" (Wild Growth).
	attached := (effect || t.Event != nil) && AttachedDet(det)
	words0 := pi + 1
	var count *TargetCount
	if !m.each && !effect {
		c, ok := m.targetCount(t, pi)
		if c.failed {
			return nil
		}
		if ok {
			// "two target creatures", "up to one target creature", "any
			// number of targets" (CR 115.3, 601.2c).
			count = &TargetCount{Min: c.min, Max: c.max}
			if c.anyTarget {
				f := &Filter{Pos: m.parts[pi].Pos, Det: "any", Count: count, Yields: Type{Kind: KTarget}, Text: m.wordsFrom(pi, c.at)}
				return m.withSuffix(f, c.at+1)
			}
			det, words0 = "target", c.at+1
		}
	}
	another := false
	if count == nil && det == "another" && pi+1 < len(m.parts) && wordEq(m.word(pi+1), "target") {
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
	if effect || leading || m.each {
		// A plural without determiner, as an effect's slot and Oracle
		// text ("All cards that aren't ...") write it.
		if f, end, ok := m.everywhere(pi); ok {
			return m.withControl(f, end)
		}
	}
	switch {
	case count != nil:
	case determiners[det]:
	case m.each && det == "other":
	case m.each:
		det, words0 = "", pi // "for each attacking creature"
	case !effect && pi > 0 && eachSlot(t, m.word(pi-1)):
		// A template's "each {objects}": "on each creature you control".
		det, words0 = "", pi
	case attached || effect && det == "other":
	case effect, leading:
		// An action whose phrase begins with its objects, as an
		// effect's does: "creatures you control get +3/+3 and gain
		// trample until end of turn" (Overrun).
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
	// words are the filter's words, and ends the part each ends at.
	var words []FilterWord
	var ends []int
	j := words0
	for ; j < len(m.parts); j++ {
		// A subtype of two words, "Time Lord" (CR 205.3m): its test is
		// the first word's, and the second is the noun, which has none.
		if two, ok := m.twoWordSubtype(j); ok {
			words = append(words, two...)
			ends = append(ends, j, j+1)
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
		ends = append(ends, j)
		// "artifact or creature", "black or red", "attacking or
		// blocking", "Skeleton, Vampire, or Zombie", "white and/or
		// blue": a word or another of its kind (an object with several
		// matches once).
		if alts, at := m.orGroup(fw, j); len(alts) > 0 {
			words = append(words, alts...)
			ends = append(ends, at...)
			j = at[len(at)-1]
		}
		// "player or planeswalker": a player, or an object of those card
		// types ("target player or planeswalker", Chandra Nalaar).
		if fw.Name == "player" && j+2 < len(m.parts) && wordEq(m.word(j+1), "or") {
			if alt, ok := m.v.FilterWord(m.word(j + 2)); ok && alt.Kind == KCardType && !alt.Neg {
				alt.Or = true
				words = append(words, FilterWord{Name: "or", Or: true}, alt)
				ends = append(ends, j+1, j+2)
				j += 2
			}
		}
		// "card or token": any object, a card or not (CR 108.2b).
		if fw.Name == "card" && !strings.HasPrefix(strings.ToLower(m.word(j)), "non") && m.wordsAt(j+1, []string{"or", "token"}) {
			// Neither word has a test of its own.
			sing, plural := wordNumber(m.word(j + 2))
			words[len(words)-1] = FilterWord{Name: "card", Noun: true}
			words = append(words, FilterWord{Name: "or", Or: true}, FilterWord{Name: "token", Noun: true, Or: true, Singular: sing, Plural: plural})
			ends = append(ends, j+1, j+2)
			j += 2
		}
	}
	var out []candidate
	for k := len(words); k > 0; k-- {
		if !words[k-1].Noun {
			continue
		}
		f := &Filter{Pos: m.parts[pi].Pos, Det: det, Another: another, Count: count, Words: words[:k], Yields: Type{Kind: KObject}}
		switch {
		case words[k-1].Name == "player" || words[k-1].Name == "opponent":
			f.Yields = Type{Kind: KPlayer}
		case k >= 3 && words[k-3].Name == "player" && words[k-1].Or:
			f.Yields = Type{Kind: KTarget} // a player or an object
		}
		// "enchanted creature" names one object; the other forms of an
		// effect's slot are plurals ("other creatures you control",
		// "other Elves you control"); a number of targets names them in
		// the plural, but for one ("up to one target creature"). An
		// action's leading objects are a plural too, so a name or a
		// singular there ("creature gains haste until end of turn") is
		// not read as all creatures.
		noun := words[k-1]
		if noun.Or && !nounAlternatives(words[:k]) {
			// "target green or artifact": the qualities "or" joins want
			// the noun after them.
			m.qualitiesWithoutNoun(pi, ends[k-1], t)
			continue
		}
		switch {
		case attached && !noun.Singular, (effect || leading) && (det == "" || det == "other") && !noun.Plural:
			continue
		case count != nil && count.Max == 1 && !noun.Singular, count != nil && count.Max != 1 && !noun.Plural:
			continue
		}
		f.Text = m.wordsFrom(pi, ends[k-1])
		out = append(out, m.withSuffix(f, ends[k-1]+1)...)
	}
	if j > words0 && j+1 < len(m.parts) && wordEq(m.word(j), "or") && m.word(j+1) != "" && !m.quick {
		// "target creature or player": an "or" the filter does not
		// read, which would otherwise end the filter before it and leave
		// "target" to be read as a name.
		a, b := strings.ToLower(m.word(j-1)), strings.ToLower(m.word(j+1))
		hint := `"or" joins the qualities before a noun ("target green or artifact creature") and card types ("target artifact or creature"); "or" between other nouns is not in the language yet (SPEC, Filters)`
		if a == "creature" && b == "player" || a == "player" && b == "creature" {
			hint = `a creature, a player or a planeswalker is "any target" (CR 115.4)`
		}
		m.fail(j, CodeFilterOr, fmt.Sprintf(`"or" in a filter joins qualities (colors, card types, supertypes, subtypes, states such as attacking, and their non- forms), not %q`,
			m.word(j-1)+" or "+m.word(j+1)), hint, t)
	}
	if len(out) == 0 && j < len(m.parts) && m.word(j) != "" && len(words) == 0 && !m.quick && !Capitalized(m.word(j)) {
		w := m.word(j)
		m.fail(j, CodeUnknownWord, fmt.Sprintf("%q names no card type, color, subtype or quality", w), dsl.DidYouMean(w, m.v.filterWords()), t)
	}
	return out
}

// qualitiesWithoutNoun records that the filter at part pi ends at part
// end with qualities "or" joins ("target
// green or artifact") and no noun after them (C071).
func (m *matcher) qualitiesWithoutNoun(pi, end int, t *Template) {
	if m.quick {
		return
	}
	m.fail(end+1, CodeFilterOr, fmt.Sprintf(`%q ends with qualities joined by "or" and no noun after them`, m.wordsFrom(pi, end)),
		`qualities joined by "or" are alternatives for the noun after them, as in "target green or artifact creature" (a creature that is green or an artifact)`, t)
}

// EverywhereText is the filter of every object in every zone as a card
// and Oracle text write it (Filter.Everywhere).
const EverywhereText = "cards that aren't on the battlefield, spells, and permanents"

// everywhereWords are the words of the filter of every object in every
// zone, as Oracle text writes it (Mycosynth Lattice, Painter's Servant),
// "" standing for a comma.
var everywhereWords = []string{"cards", "that", "aren't", "on", "the", "battlefield", "", "spells", "", "and", "permanents"}

// everywhere reads at part pi "cards that aren't on the battlefield,
// spells, and permanents": the plural of an effect's slot that names
// every card outside the battlefield, every spell and every permanent
// (Filter.Everywhere). It returns the filter and the part after it.
func (m *matcher) everywhere(pi int) (*Filter, int, bool) {
	if pi+len(everywhereWords) > len(m.parts) {
		return nil, 0, false
	}
	for i, w := range everywhereWords {
		// A comma is a part of its own in a card, a word in Oracle text.
		comma := m.parts[pi+i].Comma || m.word(pi+i) == ","
		if w == "" && !comma || w != "" && !wordEq(m.word(pi+i), w) {
			return nil, 0, false
		}
	}
	end := pi + len(everywhereWords)
	f := &Filter{Pos: m.parts[pi].Pos, Everywhere: true, Yields: Type{Kind: KObject}, Text: m.wordsFrom(pi, end-1),
		Words: []FilterWord{
			{Name: "card", Noun: true, Plural: true},
			{Name: "or", Or: true}, {Name: "spell", Noun: true, Or: true, Plural: true},
			{Name: "or", Or: true}, {Name: "permanent", Noun: true, Or: true, Plural: true},
		}}
	return f, end, true
}

// orGroup reads the words joined to fw, the word of part j, by "or",
// commas or "and/or": "artifact or creature", "artifact or creature or
// land", "black or red", "attacking or blocking", "Skeleton, Vampire, or
// Zombie", "white and/or blue", and across kinds "green or artifact",
// "tapped or legendary", "white, blue, or artifact". Each word is a
// quality (isQuality): Oracle's adjectives before a noun, joined by "or",
// are one set of alternatives for the noun after them ("green or artifact
// creature" is a creature that is green or an artifact). The list must
// have an "or" (or "and/or"). It returns the words to add — for each, a
// separator ("or") then the word, Or set — and the part each ends at;
// none if there is no such list.
func (m *matcher) orGroup(fw FilterWord, j int) (words []FilterWord, ends []int) {
	if !isQuality(fw) {
		return nil, nil
	}
	or := false
	for k := j + 1; k < len(m.parts); k++ {
		comma := m.parts[k].Comma
		if comma {
			k++
		}
		this := k < len(m.parts) && (wordEq(m.word(k), "or") || m.parts[k].AndOr())
		if this {
			k++
		}
		if !comma && !this || k >= len(m.parts) {
			break
		}
		alt, ok := m.v.FilterWord(m.word(k))
		if !ok || !isQuality(alt) {
			break
		}
		or = or || this
		alt.Or = true
		words = append(words, FilterWord{Name: "or", Or: true}, alt)
		ends = append(ends, k-1, k)
	}
	if !or {
		return nil, nil
	}
	return words, ends
}

// isQuality reports whether a word of a filter is a quality "or" may
// join to another: a card type, a color, a supertype, a subtype or a
// state such as attacking, tapped or token (an adjective), or the
// negation of one ("nonblack", "non-Human"); not a noun that is no
// quality ("permanent", "spell", "card", "source", "player").
func isQuality(w FilterWord) bool {
	if w.Kind != 0 {
		return true
	}
	return !w.Noun && w.Query != "" && w.Name != "card"
}

// nounAlternatives reports whether the last of words, a noun, stands
// with the words "or" joins it to as nouns of their own: "artifact or
// creature" (either type), "Skeleton, Vampire, or Zombie", "player or
// planeswalker"; not "green or artifact", whose "green" is a quality
// that wants a noun after it.
func nounAlternatives(words []FilterWord) bool {
	for i := len(words) - 1; i >= 0; i-- {
		w := words[i]
		if w.Name == "or" && w.Kind == 0 && w.Query == "" {
			continue // the separator
		}
		if !w.Noun || w.Neg {
			return false
		}
		if !w.Or {
			return true
		}
	}
	return true
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

// countRead is a number of targets read at the start of a filter: from
// min to max objects (max AnyNumber for any number), and at, the part of
// the word "target" or "targets". anyTarget says the count is of "any
// target" ("any number of targets"); failed, that the words are a number
// of targets the language can't read (the failure is recorded).
type countRead struct {
	min, max  int
	at        int
	anyTarget bool
	failed    bool
}

// targetCount reads Oracle's number of targets at part pi (CR 115.3,
// 601.2c): "two target creatures", "up to one target creature", "any
// number of target creatures", "any number of targets", "one or two
// target creatures", "one, two, or three target creatures", each after
// an optional "each of". ok is false if there is none.
func (m *matcher) targetCount(t *Template, pi int) (c countRead, ok bool) {
	word := func(i int) string {
		if i >= len(m.parts) {
			return ""
		}
		return strings.ToLower(m.word(i))
	}
	isTarget := func(i int) bool { return wordEq(word(i), "target") }
	start := pi
	if word(pi) == "each" && word(pi+1) == "of" {
		pi += 2
	}
	fail := func(at int, msg, hint string) (countRead, bool) {
		if !m.quick {
			m.fail(at, CodeTargetCount, msg, hint, t)
		}
		return countRead{failed: true}, false
	}
	// number reads a number of targets at part i: a number word or a
	// literal, at least 1.
	number := func(i int) (int, bool) {
		n, ok := m.numberAt(i)
		if !ok || word(i) == "a" || word(i) == "an" || n < 1 {
			return 0, false
		}
		if n > MaxTargetCount {
			return int(min(n, int64(MaxTargetCount)+1)), true
		}
		return int(n), true
	}
	switch {
	case word(pi) == "up" && word(pi+1) == "to":
		n, ok := number(pi + 2)
		if !ok || !isTarget(pi+3) {
			if m.parts[min(pi+2, len(m.parts)-1)].Word() == "X" && isTarget(pi+3) {
				return fail(pi+2, "\"up to X target\": a number of targets is a number here, not X", "")
			}
			return c, false
		}
		c = countRead{min: 0, max: n, at: pi + 3}
	case word(pi) == "any" && word(pi+1) == "number" && word(pi+2) == "of" && isTarget(pi+3):
		c = countRead{min: 0, max: AnyNumber, at: pi + 3}
	default:
		// "two target", "one or two target", "one, two, or three target".
		first, ok := number(pi)
		if !ok {
			if m.parts[pi].Word() == "X" && isTarget(pi+1) {
				return fail(pi, "\"X target\": a number of targets is a number here, not X", "")
			}
			return c, false
		}
		last, i := first, pi+1
		for {
			if i < len(m.parts) && m.parts[i].Comma {
				i++
			}
			or := wordEq(word(i), "or")
			if or {
				i++
			}
			n, ok := number(i)
			if !ok {
				break
			}
			if n != last+1 {
				return fail(i, fmt.Sprintf("%q: a number of targets is a range, each number one more than the one before", m.wordsFrom(start, i)), `as "one, two, or three target creatures"`)
			}
			last, i = n, i+1
			if or {
				break
			}
		}
		if !isTarget(i) {
			return c, false
		}
		c = countRead{min: first, max: last, at: i}
	}
	if c.max > MaxTargetCount {
		return fail(pi, fmt.Sprintf("%q: a card can name at most %d targets", m.wordsFrom(start, c.at), MaxTargetCount),
			`Oracle text names ten at most; for more, say "any number of target ..."`)
	}
	// "any number of targets", "two targets": of any target (CR 115.4).
	if strings.ToLower(m.word(c.at)) == "targets" {
		if c.at+1 >= len(m.parts) {
			c.anyTarget = true
		} else if _, ok := m.v.FilterWord(m.word(c.at + 1)); !ok {
			c.anyTarget = true
		}
	}
	return c, true
}

// wordsFrom returns the text of parts i to j, as the card writes them
// in canonical form.
func (m *matcher) wordsFrom(i, j int) string {
	return dsl.PartsString(m.parts[i:min(j+1, len(m.parts))])
}

// isPlural reports whether a word of a filter is a plural noun, such as
// "creatures" (it ends in s, and the word without it is one of the
// vocabulary).
func isPlural(w string) bool {
	return len(w) > 1 && strings.HasSuffix(strings.ToLower(w), "s")
}

// withSuffix completes a filter with its qualifiers and suffixes, in any
// order, each kind at most once but "with": "with mana value 3 or less"
// (CR 202.3), "with power 4 or greater", "with toughness less than
// this.power", "with flying", "without flying", `named "Relentless
// Rats"`, "that shares a creature type with this", "on the battlefield",
// a zone ("from your graveyard"), a controller ("you control", "an
// opponent controls", "you don't control", "that_player controls"),
// "attached to this", and a binding, giving every variant, longest first.
func (m *matcher) withSuffix(f *Filter, j int) []candidate {
	var out []candidate
	m.suffixes(f, j, 0, &out)
	return out
}

// suffixKind is a kind of suffix a filter has at most once.
type suffixKind uint8

const (
	suffixNamed suffixKind = 1 << iota
	suffixOther
	suffixChosenName
	suffixShares
	suffixBattlefield
	suffixZone
	suffixControl
)

// suffixes appends to out the variants of f completed by suffixes from
// part j on: those with more suffixes first, then f itself (with
// "attached to this" and a binding, as withControl does). used are the
// kinds f has.
func (m *matcher) suffixes(f *Filter, j int, used suffixKind, out *[]candidate) {
	if j < len(m.parts) {
		for _, r := range suffixReaders {
			if r.kind != 0 && used&r.kind != 0 {
				continue
			}
			for _, g := range r.read(m, f, j) {
				g.f.Text = f.Text + " " + m.wordsFrom(j, g.next-1)
				m.suffixes(g.f, g.next, used|r.kind, out)
			}
		}
	}
	*out = append(*out, m.withControl(f, j)...)
}

// suffixRead is a filter with one more suffix, and where the phrase goes
// on after it.
type suffixRead struct {
	f    *Filter
	next int
}

// suffixReaders read each kind of suffix; kind 0 may come again.
var suffixReaders = []struct {
	kind suffixKind
	read func(m *matcher, f *Filter, j int) []suffixRead
}{
	{0, (*matcher).withQualifier},
	{suffixOther, (*matcher).otherThanThisSuffix},
	{suffixChosenName, (*matcher).chosenNameSuffix},
	{suffixNamed, (*matcher).namedSuffix},
	{suffixShares, (*matcher).sharesSuffix},
	{suffixBattlefield, (*matcher).battlefieldSuffix},
	{suffixZone, (*matcher).zoneSuffix},
	{suffixControl, (*matcher).controlSuffix},
}

// compareWords are the numbers of an object a "with" qualifier compares:
// its words, and the query that reads it.
var compareWords = []struct {
	words []string
	query string
}{
	{[]string{"mana", "value"}, "mana_value"},
	{[]string{"power"}, "power"},
	{[]string{"toughness"}, "toughness"},
}

// withQualifier reads "with N-QUANTITY N or less|greater", "with QUANTITY
// less than|greater than|equal to EXPR", "with KEYWORD" or "without
// KEYWORD" at part j.
func (m *matcher) withQualifier(f *Filter, j int) []suffixRead {
	with, without := wordEq(m.word(j), "with"), wordEq(m.word(j), "without")
	if !with && !without {
		return nil
	}
	var out []suffixRead
	if with {
		for _, cw := range compareWords {
			if !m.wordsAt(j+1, cw.words) {
				continue
			}
			if f.Yields.Kind != KObject {
				if !m.quick {
					m.fail(j, CodeFilterQuality, fmt.Sprintf("%q: a %s has no %s", f.Text+" with "+strings.Join(cw.words, " "), f.Yields, strings.Join(cw.words, " ")),
						"only objects have power, toughness and mana value; a player has none", nil)
				}
				return nil
			}
			if c, next, ok := m.comparison(cw.query, j+1+len(cw.words)); ok {
				g := *f
				g.Compares = append(slices.Clip(f.Compares), c)
				out = append(out, suffixRead{&g, next})
			}
		}
	}
	if f.Yields.Kind == KObject && j+1 < len(m.parts) {
		for _, k := range m.keywordCandidates(j + 1) {
			if k.arg.Keyword != nil && k.arg.Keyword.Param != nil && k.arg.Name == k.arg.Keyword.Name {
				continue // a keyword with a parameter, without it
			}
			g := *f
			g.Keywords = append(slices.Clip(f.Keywords), KeywordQualifier{Name: k.arg.Name, Keyword: k.arg.Keyword, Neg: without})
			out = append(out, suffixRead{&g, k.next})
		}
	}
	return out
}

// comparison reads what a "with QUANTITY" qualifier compares its quantity
// with, at part j: "N or less", "N or greater" (or "or more"), "less than
// EXPR", "greater than EXPR", "equal to EXPR" (EXPR a number or one part
// of type number: `this.power`).
func (m *matcher) comparison(query string, j int) (Compare, int, bool) {
	if n, ok := m.numberAt(j); ok && j+2 < len(m.parts) && wordEq(m.word(j+1), "or") {
		switch strings.ToLower(m.word(j + 2)) {
		case "less":
			return Compare{Query: query, Op: "<=", Num: n}, j + 3, true
		case "greater", "more":
			return Compare{Query: query, Op: ">=", Num: n}, j + 3, true
		}
	}
	ops := []struct {
		words []string
		op    string
	}{{[]string{"less", "than"}, "<"}, {[]string{"greater", "than"}, ">"}, {[]string{"equal", "to"}, "=="}}
	for _, o := range ops {
		if !m.wordsAt(j, o.words) || j+2 >= len(m.parts) {
			continue
		}
		at := j + 2
		if n, ok := m.numberAt(at); ok {
			return Compare{Query: query, Op: o.op, Num: n}, at + 1, true
		}
		p := m.parts[at]
		if p.Expr == nil || m.sc == nil {
			return Compare{}, 0, false
		}
		if w := p.Word(); w != "" {
			if _, bound := m.sc.Type(w); !bound {
				return Compare{}, 0, false
			}
		}
		if t, d := m.v.TypeOf(p.Expr, m.sc); d != nil || t.Kind != KNumber && t != Poisoned {
			return Compare{}, 0, false
		}
		return Compare{Query: query, Op: o.op, Expr: p.Expr}, at + 1, true
	}
	return Compare{}, 0, false
}

// otherThanThisSuffix reads "other than this" at part j (Oracle: "a
// creature other than Xathrid Demon"): any object but the one the ability
// belongs to.
func (m *matcher) otherThanThisSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || !m.wordsAt(j, []string{"other", "than", "this"}) {
		return nil
	}
	g := *f
	g.OtherThanThis = true
	return []suffixRead{{&g, j + 3}}
}

// chosenNameWords are the suffix of a filter of the objects with the
// chosen name: "target spell with the chosen name".
var chosenNameWords = []string{"with", "the", "chosen", "name"}

// chosenNameSuffix reads "with the chosen name" at part j: the objects
// with the card name chosen as this permanent entered (CR 201.4).
func (m *matcher) chosenNameSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || !m.wordsAt(j, chosenNameWords) {
		return nil
	}
	g := *f
	g.ChosenName = true
	return []suffixRead{{&g, j + len(chosenNameWords)}}
}

// namedSuffix reads `named "NAME"` (CR 201.2) at part j.
func (m *matcher) namedSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || !wordEq(m.word(j), "named") || j+1 >= len(m.parts) || m.parts[j+1].Str == nil {
		return nil
	}
	g := *f
	g.Named = dsl.Unquote(*m.parts[j+1].Str)
	return []suffixRead{{&g, j + 2}}
}

// sharesSuffix reads "that shares a creature type with OBJECT" or "that
// shares at least one creature type with OBJECT" at part j, OBJECT one
// part of type object.
func (m *matcher) sharesSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject {
		return nil
	}
	var at int
	switch {
	case m.wordsAt(j, []string{"that", "shares", "a", "creature", "type", "with"}):
		at = j + 6
	case m.wordsAt(j, []string{"that", "shares", "at", "least", "one", "creature", "type", "with"}):
		at = j + 8
	default:
		return nil
	}
	e := m.exprOf(at, KObject)
	if e == nil {
		return nil
	}
	g := *f
	g.Shares = e
	return []suffixRead{{&g, at + 1}}
}

// exprOf returns part at as an expression of a kind (a bound name, this,
// you, a field), or nil if it is none.
func (m *matcher) exprOf(at int, k Kind) *dsl.Sum {
	if m.sc == nil || at >= len(m.parts) || m.parts[at].Expr == nil {
		// No scope (Oracle text read alone): no names to read.
		return nil
	}
	p := m.parts[at]
	if w := p.Word(); w != "" {
		if _, bound := m.sc.Type(w); !bound {
			return nil
		}
	}
	if t, d := m.v.TypeOf(p.Expr, m.sc); d != nil || t.Kind != k && t != Poisoned {
		return nil
	}
	return p.Expr
}

// battlefieldSuffix reads "on the battlefield" at part j: what a filter of
// permanents describes anyway (Relentless Rats: "each other creature on
// the battlefield named Relentless Rats").
func (m *matcher) battlefieldSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || f.Zone != "" || !m.wordsAt(j, []string{"on", "the", "battlefield"}) {
		return nil
	}
	g := *f
	g.OnBattlefield = true
	return []suffixRead{{&g, j + 3}}
}

// zoneSuffix reads where the objects are ("from your graveyard", "in a
// graveyard") at part j.
func (m *matcher) zoneSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || f.OnBattlefield || f.Control != "" {
		return nil
	}
	for _, z := range zoneSuffixes {
		if m.wordsAt(j, z.words) {
			g := *f
			g.Zone, g.ZoneOwner = z.zone, z.owner
			return []suffixRead{{&g, j + len(z.words)}}
		}
	}
	return nil
}

// controlSuffix reads who controls the objects at part j: "you control",
// "an opponent controls", "you don't control", or "NAME controls", NAME
// one part of type player (`that_player controls`).
func (m *matcher) controlSuffix(f *Filter, j int) []suffixRead {
	if f.Yields.Kind != KObject || f.Zone != "" {
		return nil
	}
	g := *f
	switch {
	case m.wordsAt(j, []string{"you", "control"}):
		g.Control = "you"
		return []suffixRead{{&g, j + 2}}
	case m.wordsAt(j, []string{"an", "opponent", "controls"}):
		g.Control = "opponent"
		return []suffixRead{{&g, j + 3}}
	case m.wordsAt(j, []string{"you", "don't", "control"}):
		g.Control = "notyou"
		return []suffixRead{{&g, j + 3}}
	case j+1 < len(m.parts) && wordEq(m.word(j+1), "controls"):
		if e := m.exprOf(j, KPlayer); e != nil {
			g.Control, g.ControlledBy = "player", e
			return []suffixRead{{&g, j + 2}}
		}
	}
	return nil
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

// withControl completes a filter with an optional "attached to this"
// suffix and an optional binding, giving every variant, longest first.
func (m *matcher) withControl(f *Filter, j int) []candidate {
	var out []candidate
	g := f
	if g.Yields.Kind == KObject && !g.AttachedToThis && m.wordsAt(j, []string{"attached", "to", "this"}) {
		h := *g
		h.AttachedToThis, h.Text = true, g.Text+" attached to this"
		if j+3 < len(m.parts) && m.parts[j+3].Bind != nil {
			b := h
			b.Bind = *m.parts[j+3].Bind
			out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &b}, j + 4})
		}
		out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &h}, j + 3})
	}
	if j < len(m.parts) && m.parts[j].Bind != nil {
		h := *g
		h.Bind = *m.parts[j].Bind
		out = append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: &h}, j + 1})
	}
	return append(out, candidate{&Arg{Kind: ArgFilter, Pos: g.Pos, Type: g.Yields, Filter: g}, j})
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
