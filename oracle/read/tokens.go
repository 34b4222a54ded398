package read

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// The words of a paragraph, as the vocabulary's matcher reads them: each
// a dsl.Part, as a card's phrase is parts. A word is a name (a bare
// reference); a number, mana symbols, a P/T and text in quotes are parts
// of those kinds; punctuation and a possessive "'s" are words of their
// own (vocab.SplitOracleWord), and the card's name, or "this creature",
// is the one word `this`.

// thisNouns are the nouns after "this" that name the object itself:
// "this creature" in a granted ability is `this`.
var thisNouns = map[string]bool{"creature": true, "permanent": true, "artifact": true, "enchantment": true, "land": true, "planeswalker": true, "aura": true, "equipment": true}

// synonyms are words of older Oracle text and what they are now: the
// same rules, renamed (CR 202.3: mana value was converted mana cost).
// "Draws an additional card" is drawing a card (in addition to the
// draw of the draw step, CR 504.1).
var synonyms = [][2]string{{"converted mana cost", "mana value"}, {"an additional card", "a card"}}

// tokens splits text (reminder text already left out) into parts, each
// at its place in text. name, if not "", is the card's name: its every
// occurrence is the word `this`.
func tokens(text, name string) []*dsl.Part {
	var parts []*dsl.Part
	sentenceStart := true
	add := func(p *dsl.Part, w string, off int) {
		p.Pos = dsl.Pos{Line: 1, Column: off + 1, Offset: off}
		parts = append(parts, p)
		sentenceStart = w == "." || w == ":"
	}
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
			continue
		case name != "" && strings.HasPrefix(text[i:], name) && !wordRune(text[i+len(name):]):
			add(word("this"), "this", i)
			i += len(name)
			continue
		case text[i] == '"':
			// Text in quotes: an ability an effect grants.
			if end := strings.IndexByte(text[i+1:], '"'); end >= 0 {
				s := strconv.Quote(text[i+1 : i+1+end])
				add(&dsl.Part{Str: &s}, "", i)
				i += end + 2
				continue
			}
		}
		for _, syn := range synonyms {
			if text[i]|0x20 == syn[0][0] && len(text)-i >= len(syn[0]) && strings.EqualFold(text[i:i+len(syn[0])], syn[0]) {
				for k, w := range strings.Fields(syn[1]) {
					add(word(w), w, i+k)
				}
				i += len(syn[0])
			}
		}
		j := i
		for j < len(text) {
			r, n := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r) || r == '"' && j > i || name != "" && j > i && strings.HasPrefix(text[j:], name) && !wordRune(text[j-1:j]) {
				break
			}
			j += n
		}
		if j == i {
			i++
			continue
		}
		off := i
		for _, w := range vocab.SplitOracleWord(text[i:j]) {
			at := off + strings.Index(text[off:j], w)
			if at < off {
				at = off // a curly apostrophe, which SplitOracleWord made straight
			}
			if w == "’s" {
				w = "'s"
			}
			p := part(strings.ReplaceAll(w, "−", "-"), sentenceStart)
			if w2 := p.Word(); w2 != "" && thisNouns[strings.ToLower(w2)] && len(parts) > 0 && strings.EqualFold(parts[len(parts)-1].Word(), "this") {
				// "this creature" is the object itself.
				sentenceStart = false
			} else {
				add(p, w, at)
			}
			off = at + len(w)
		}
		i = j
	}
	return libraryIt(orLists(battlefield(parts)))
}

// enterWords are the forms of "enter" that today's Oracle text says
// without "the battlefield".
var enterWords = map[string]bool{"enter": true, "enters": true, "entering": true}

// battlefield reads today's "enters" as "enters the battlefield", the
// words the vocabulary's Oracle wordings (from older Oracle text) say:
// the phrase "has been shortened to simply 'enters' in rules text on
// cards" (CR Glossary, Enter the Battlefield; CR 603.6a, 614.1c, 614.1d:
// "When [this object] enters", "[This permanent] enters with"). A form
// of "enter" that "the battlefield" already follows is left as it is,
// and so is one that shares it with another verb ("enters or leaves the
// battlefield").
func battlefield(parts []*dsl.Part) []*dsl.Part {
	var out []*dsl.Part
	for i, p := range parts {
		if out != nil {
			out = append(out, p)
		}
		if !enterWords[strings.ToLower(p.Word())] || saysBattlefield(parts[i+1:]) {
			continue
		}
		if out == nil {
			out = append(slices.Clip(parts[:i]), p)
		}
		for _, w := range []string{"the", "battlefield"} {
			q := word(w)
			q.Pos = p.Pos
			out = append(out, q)
		}
	}
	if out == nil {
		return parts
	}
	return out
}

// saysBattlefield reports whether the words after a form of "enter" say
// "the battlefield": right after it, or after "or"/"and" and the verb
// that shares it.
func saysBattlefield(rest []*dsl.Part) bool {
	next := func(i int) string {
		if i < len(rest) {
			return strings.ToLower(rest[i].Word())
		}
		return ""
	}
	if next(0) == "the" && next(1) == "battlefield" {
		return true
	}
	return (next(0) == "or" || next(0) == "and") && next(1) != "" && next(2) == "the" && next(3) == "battlefield"
}

// libraryIt reads "it" of "on top of it" and "on the bottom of it" as
// the library named last before it ("shuffle your library and put that
// card on top of it": on top of your library), the words a wording
// says there: only a library has a top and a bottom a card is put on
// (CR 401.1, 401.4). The library is named as "your library", "their
// library", or "that player's library", "its owner's library".
func libraryIt(parts []*dsl.Part) []*dsl.Part {
	lower := func(i int) string { return strings.ToLower(parts[i].Word()) }
	var out []*dsl.Part
	var library []string // the words that named the last library
	for i := 0; i < len(parts); i++ {
		w := lower(i)
		if w == "library" && i > 0 {
			switch p := lower(i - 1); {
			case p == "your" || p == "their":
				library = []string{p, "library"}
			case p == "'s" && i >= 3 && (lower(i-3) == "that" || lower(i-3) == "its"):
				library = []string{lower(i - 3), lower(i - 2), "'s", "library"}
			default:
				library = nil
			}
		}
		if w == "it" && library != nil && (endsWith(out, "on", "top", "of") || endsWith(out, "on", "the", "bottom", "of")) {
			for _, lw := range library {
				p := word(lw)
				p.Pos = parts[i].Pos
				out = append(out, p)
			}
			continue
		}
		out = append(out, parts[i])
	}
	return out
}

// endsWith reports whether the last parts are these words.
func endsWith(parts []*dsl.Part, words ...string) bool {
	if len(parts) < len(words) {
		return false
	}
	for i, w := range words {
		if !strings.EqualFold(parts[len(parts)-len(words)+i].Word(), w) {
			return false
		}
	}
	return true
}

// orLists reads Oracle's lists of card types, "artifact, enchantment, or
// land", as the card language's "artifact or enchantment or land"; and
// the commas of Oracle's other lists of single words that end with ", or
// W" or ", and/or W" ("Skeleton, Vampire, or Zombie", "one, two, or
// three target creatures") as the commas of a list (dsl.Part.Comma),
// as the card language writes them, not the commas between clauses.
func orLists(parts []*dsl.Part) []*dsl.Part {
	parts = listCommas(parts)
	isType := func(i int) bool {
		return i < len(parts) && cardTypes[strings.ToLower(strings.TrimSuffix(parts[i].Word(), "s"))]
	}
	out := parts[:0]
	for i := 0; i < len(parts); i++ {
		// "TYPE ," before "TYPE , ... or TYPE": the comma is an "or".
		if parts[i].Word() == "," && isType(i-1) && isType(i+1) {
			j := i + 1
			for j+2 < len(parts) && parts[j+1].Word() == "," && isType(j+2) {
				j += 2
			}
			if j+2 < len(parts) && parts[j+1].Word() == "," && parts[j+2].Word() == "or" && isType(j+3) {
				or := word("or")
				or.Pos = parts[i].Pos
				out = append(out, or)
				continue
			}
		}
		if parts[i].Word() == "," && i+1 < len(parts) && parts[i+1].Word() == "or" && isType(i-1) && isType(i+2) {
			continue // ", or" at the end of such a list
		}
		// "a noncreature, nonland card": qualities a comma joins, all of
		// which the object has, as the card language writes them, side
		// by side ("noncreature nonland card").
		if parts[i].Word() == "," && i > 0 && negatedQuality(parts[i-1].Word()) && i+1 < len(parts) && negatedQuality(parts[i+1].Word()) {
			continue
		}
		// "artifact and enchantment cards": the cards of either type
		// (a card of both is one of them), the card language's
		// "artifact or enchantment cards".
		if parts[i].Word() == "and" && isSingularType(parts, i-1) && isSingularType(parts, i+1) && i+2 < len(parts) && pluralNouns[parts[i+2].Word()] {
			or := word("or")
			or.Pos = parts[i].Pos
			out = append(out, or)
			continue
		}
		out = append(out, parts[i])
	}
	return out
}

// listCommas makes the commas of Oracle's lists of three or more single
// words, "A, B, or C", "A, B, C, and/or D", commas of a list.
func listCommas(parts []*dsl.Part) []*dsl.Part {
	single := func(i int) bool {
		if i < 0 || i >= len(parts) {
			return false
		}
		w := parts[i].Word()
		return w != "" && w != "," && w != "." && w != ":" && w != ";" && w != "—" && w != "•" && w != "or" && w != "and" || numberOf(parts[i]) != ""
	}
	comma := func(i int) bool { return i < len(parts) && parts[i].Word() == "," }
	for i := 0; i < len(parts); i++ {
		if !single(i) || !comma(i+1) {
			continue
		}
		// A, B, ..., or Z: words and commas, then "or" or "and/or" and a
		// word.
		j := i
		for single(j) && comma(j+1) {
			j += 2
		}
		last := j // the first part after the last comma
		or := last < len(parts) && (parts[last].Word() == "or" || parts[last].AndOr())
		if !or || !single(last+1) || (last-i)/2 < 2 {
			continue
		}
		for k := i + 1; k < last; k += 2 {
			c := &dsl.Part{Comma: true}
			c.Pos = parts[k].Pos
			parts[k] = c
		}
		i = last
	}
	return parts
}

// negatedQualities are what a word "nonQUALITY" of a filter may negate
// in a list of such words: a card type, a color, a supertype.
var negatedQualities = map[string]bool{"artifact": true, "creature": true, "enchantment": true, "land": true, "planeswalker": true,
	"instant": true, "sorcery": true, "battle": true, "white": true, "blue": true, "black": true, "red": true, "green": true,
	"basic": true, "legendary": true, "snow": true, "token": true}

// negatedQuality reports whether a word is "nonQUALITY" ("noncreature",
// "nonblack", "non-Human" is a subtype's, not read here).
func negatedQuality(w string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(w), "non")
	return ok && negatedQualities[strings.TrimPrefix(rest, "-")]
}

// pluralNouns are the nouns in the plural that two card types joined by
// "and" may describe: "artifact and enchantment cards".
var pluralNouns = map[string]bool{"cards": true, "permanents": true, "spells": true}

// isSingularType reports whether part i is a card type in the singular,
// as before a noun ("artifact" of "artifact cards").
func isSingularType(parts []*dsl.Part, i int) bool {
	return i >= 0 && i < len(parts) && cardTypes[strings.ToLower(parts[i].Word())]
}

// cardTypes are the card types lists of them may name.
var cardTypes = map[string]bool{"artifact": true, "creature": true, "enchantment": true, "land": true, "planeswalker": true, "instant": true, "sorcery": true, "battle": true}

// wordRune reports whether s begins with a letter or a digit: a name
// found in text must not be the start of a longer word.
func wordRune(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// part is one word as a part: mana symbols, a P/T, a number, or a name.
// The first word of a sentence is in lower case ("Destroy" is "destroy").
func part(w string, sentenceStart bool) *dsl.Part {
	switch {
	case isMana(w):
		s := strings.ToUpper(w)
		return &dsl.Part{Mana: &s}
	case isPT(w):
		s := w
		return &dsl.Part{PT: &s}
	case isNumber(w):
		s := w
		return &dsl.Part{Expr: &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Number: &s}}}}}
	case w == "and/or":
		// Oracle's inclusive or, as the card language reads it: the
		// words and and or, divided (dsl.Sum.AndOr).
		and, or := word("and"), word("or")
		return &dsl.Part{Expr: &dsl.Sum{Left: &dsl.Product{Left: and.Expr.Left.Left, Rest: []*dsl.ProductOp{{Op: "/", Right: or.Expr.Left.Left}}}}}
	}
	if sentenceStart && w != "X" {
		r, n := utf8.DecodeRuneInString(w)
		w = string(unicode.ToLower(r)) + w[n:]
	}
	return word(w)
}

// wordPart is a name as a part, in one allocation.
type wordPart struct {
	part dsl.Part
	sum  dsl.Sum
	prod dsl.Product
	un   dsl.Unary
	prim dsl.Primary
	ref  dsl.Ref
}

// word is a name as a part.
func word(w string) *dsl.Part {
	x := &wordPart{}
	x.ref.Name = w
	x.prim.Ref = &x.ref
	x.un.Primary = &x.prim
	x.prod.Left = &x.un
	x.sum.Left = &x.prod
	x.part.Expr = &x.sum
	return &x.part
}

// isMana reports whether w is mana symbols: {2}{G}, {T}.
func isMana(w string) bool {
	if len(w) < 3 || w[0] != '{' || w[len(w)-1] != '}' {
		return false
	}
	depth := 0
	for _, r := range w {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth < 0 || depth > 1 {
			return false
		}
	}
	return depth == 0
}

// isPT reports whether w is a P/T: 1/1, +2/+0, -X/-X.
func isPT(w string) bool {
	a, b, ok := strings.Cut(w, "/")
	return ok && ptSide(a) && ptSide(b)
}

func ptSide(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	if s == "X" || s == "*" {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isNumber reports whether w is digits.
func isNumber(w string) bool {
	if w == "" || len(w) > 12 {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// stripReminders leaves out reminder text: each innermost pair of
// parentheses and what it holds. A paragraph that is all reminder text
// (a basic land's "({T}: Add {G}.)") is read inside, and reported so.
func stripReminders(text string) (string, bool) {
	inner := strings.TrimSpace(text)
	if strings.HasPrefix(inner, "(") && strings.HasSuffix(inner, ")") && !strings.ContainsAny(inner[1:len(inner)-1], "()") {
		return inner[1 : len(inner)-1], true
	}
	if strings.IndexByte(text, '(') < 0 && utf8.ValidString(text) {
		return inner, false // no reminder: what the loop below writes is the text
	}
	var b strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String()), false
}
