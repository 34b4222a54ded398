// Package oracle compares a card's abilities, rendered back to English by
// the compiler (compiler.Explain), with the card's Oracle text: which
// paragraph says which ability, how closely, and what neither says. Lint
// reports a paragraph no ability says (W020) and an ability no paragraph
// says (W021); `cardc explain` prints the two side by side.
//
// The measure, which dsl/SPEC.md states too: both texts are normalised
// (Normalize) into words; an ability goes with the paragraph that holds
// the largest share of its words (containment, |A∩P| / |A|, counting
// repeated words), if that share is at least Threshold; a paragraph
// matches when the words of the abilities that go with it and its own
// have a Dice similarity (2|A∩P| / (|A| + |P|)) of at least Threshold.
package oracle

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/escape"
	"github.com/cardc/cardc/vocab"
)

// Diagnostic codes of Oracle coverage.
const (
	CodeUnsaid = "W020" // oracle-unsaid (warning): an Oracle paragraph no ability says
	CodeExtra  = "W021" // oracle-extra (warning): an ability no Oracle paragraph says
)

// Codes lists the diagnostic codes of the package, for documentation and
// tests.
var Codes = []dsl.CodeInfo{
	{Code: CodeUnsaid, Name: "oracle-unsaid", Summary: "warning: an Oracle paragraph that no ability of the card says (the abilities rendered by `cardc explain` do not match it closely)"},
	{Code: CodeExtra, Name: "oracle-extra", Summary: "warning: an ability whose rendering no Oracle paragraph of the card says"},
}

// Threshold is the least similarity of a match, for both measures.
const Threshold = 0.6

// Normalize reads a text as the words compared: lower case, reminder
// text in parentheses left out (unless it is all there is), the card's
// name read as "this", "enters the battlefield" as "enters", possessives
// ("'s") and other punctuation dropped, the minus sign of a loyalty cost
// ("−2", U+2212) read as a hyphen, number words as digits ("one",
// "two" → 1, 2), "an" as "a", and a final s dropped from words of four
// letters or more, so that plurals and verbs agree ("counters" and
// "counter", "gets" and "get"; "this" stays). Mana symbols ({T}, {2}{G})
// and P/T (+1/+1) are words of their own.
//
// It is written out by hand (normalize.go) rather than with regular
// expressions: lint normalizes every paragraph and ability of a library.
func Normalize(text, name string) []string {
	s := strings.ToLower(strings.ReplaceAll(text, "−", "-"))
	if stripped := stripReminders(s); strings.TrimSpace(stripped) != "" {
		s = stripped
	}
	if name != "" {
		s = strings.ReplaceAll(s, strings.ToLower(name), "this")
	}
	s = stripBattlefield(s)
	s = stripApostrophes(s)
	words := tokens(s)
	for i, w := range words {
		words[i] = normalWord(w)
	}
	return words
}

// normalWord is a word of a text as compared: an article is "a" (one
// word, and no value), a number word its digits, and a final "s" is
// dropped from a word of four letters or more (plurals and verbs agree).
func normalWord(w string) string {
	switch {
	case w == "a" || w == "an":
		return "a"
	case len(w) >= 4 && w != "this" && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.ContainsAny(w, "{/"):
		return strings.TrimSuffix(w, "s")
	}
	if n, ok := vocab.NumberWord(w); ok {
		return strconv.FormatInt(n, 10)
	}
	return w
}

// common counts the words two lists share, a repeated word as often as
// both have it.
func common(a, b []string) int {
	if len(a)*len(b) > 4096 {
		return commonLong(a, b)
	}
	// The lists are a paragraph's words: a pass over b for each word of a
	// costs less than a map.
	var buf [64]bool
	var used []bool
	if len(b) <= len(buf) {
		used = buf[:len(b)]
	} else {
		used = make([]bool, len(b))
	}
	n := 0
	for _, w := range a {
		for j, x := range b {
			if !used[j] && x == w {
				used[j] = true
				n++
				break
			}
		}
	}
	return n
}

// commonLong is common for long lists, with a map: a 2 MB paragraph
// costs no quadratic work.
func commonLong(a, b []string) int {
	count := map[string]int{}
	for _, w := range b {
		count[w]++
	}
	n := 0
	for _, w := range a {
		if count[w] > 0 {
			count[w]--
			n++
		}
	}
	return n
}

// Similarity is the Dice similarity of two word lists, from 0 to 1:
// 2|A∩B| / (|A| + |B|). Two empty lists are alike.
func Similarity(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	return 2 * float64(common(a, b)) / float64(len(a)+len(b))
}

// Containment is the share of a's words that b holds, from 0 to 1:
// |A∩B| / |A|.
func Containment(a, b []string) float64 {
	if len(a) == 0 {
		return 1
	}
	return float64(common(a, b)) / float64(len(a))
}

// Match is an Oracle paragraph and the abilities that say it.
type Match struct {
	Paragraph compiler.Paragraph
	// Reminder marks a paragraph that is all reminder text, such as a
	// basic land's "({T}: Add {G}.)": no ability needs to say it.
	Reminder bool
	// Abilities are the renderings that go with the paragraph.
	Abilities []compiler.Rendering
	// Score is the similarity of the paragraph and those renderings.
	Score float64
	// Missing are the values (numbers, mana symbols, P/T) of the
	// paragraph that the renderings do not say; Extra those they say
	// and it does not.
	Missing, Extra []string
}

// Coverage is how a card's abilities cover its Oracle text.
type Coverage struct {
	Card *compiler.Explanation
	// Matches has one entry for each paragraph, in order.
	Matches []Match
	// Extra are the abilities no paragraph says.
	Extra []compiler.Rendering
}

// Cover pairs the abilities of a card with its Oracle paragraphs. A
// paragraph marked unimplemented takes no ability.
func Cover(e *compiler.Explanation) *Coverage {
	c := &Coverage{Card: e}
	paras := make([][]string, len(e.Oracle))
	for i, p := range e.Oracle {
		paras[i] = Normalize(p.Text, e.Name)
		inner := strings.TrimSpace(p.Text)
		c.Matches = append(c.Matches, Match{Paragraph: p,
			Reminder: strings.HasPrefix(inner, "(") && strings.HasSuffix(inner, ")") && !strings.Contains(inner[1:len(inner)-1], "(")})
	}
	words := make([][]string, len(e.Oracle))
	for _, a := range e.Abilities {
		aw := Normalize(a.Text, e.Name)
		best, bestScore := -1, 0.0
		for i, p := range e.Oracle {
			if p.Unimplemented {
				continue
			}
			if s := Containment(aw, paras[i]); s > bestScore {
				best, bestScore = i, s
			}
		}
		if best < 0 || bestScore < Threshold {
			c.Extra = append(c.Extra, a)
			continue
		}
		c.Matches[best].Abilities = append(c.Matches[best].Abilities, a)
		words[best] = append(words[best], aw...)
	}
	for i := range c.Matches {
		m := &c.Matches[i]
		m.Score = Similarity(words[i], paras[i])
		if len(m.Abilities) > 0 {
			m.Missing = minus(values(paras[i]), values(words[i]))
			m.Extra = minus(values(words[i]), values(paras[i]))
		}
	}
	return c
}

// values lists the words of a list that are values: numbers, X, mana
// symbols and P/T (isValue).
func values(words []string) []string {
	var out []string
	for _, w := range words {
		if isValue(w) {
			out = append(out, w)
		}
	}
	return out
}

// minus lists the words of a that b does not have, a repeated word as
// often as a has it more than b.
func minus(a, b []string) []string {
	count := map[string]int{}
	for _, w := range b {
		count[w]++
	}
	var out []string
	for _, w := range a {
		if count[w] > 0 {
			count[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}

// Close reports whether a paragraph is said closely enough: by some
// ability, with a similarity of at least Threshold, and with the same
// values.
func (m *Match) Close() bool {
	return len(m.Abilities) > 0 && m.Score >= Threshold && len(m.Missing) == 0 && len(m.Extra) == 0
}

// Diagnostics are the warnings of a coverage: a paragraph that no ability
// says closely enough (W020), and an ability that no paragraph says
// (W021), each with both texts.
func (c *Coverage) Diagnostics() dsl.Diagnostics {
	var diags dsl.Diagnostics
	for _, m := range c.Matches {
		switch {
		case m.Paragraph.Unimplemented:
		case len(m.Abilities) == 0 && m.Reminder:
		case len(m.Abilities) == 0:
			diags = append(diags, dsl.Warningf(m.Paragraph.Pos, CodeUnsaid, "no ability of %q says its Oracle paragraph %q (%s)", c.Card.Name, m.Paragraph.Text, said(c.Card.Abilities)).
				WithHint("write the ability it describes (`cardc explain` shows what the card's abilities say), or, if the language cannot say it yet, mark the paragraph `unimplemented`"))
		case !m.Close():
			diags = append(diags, dsl.Warningf(m.Paragraph.Pos, CodeUnsaid, "the Oracle paragraph %q is not what the card's abilities say: %q (%s)", m.Paragraph.Text, renderings(m.Abilities), m.why()).
				WithHint("make the abilities say what the paragraph says; `cardc explain` shows them side by side"))
		}
	}
	for _, a := range c.Extra {
		diags = append(diags, dsl.Warningf(a.Pos, CodeExtra, "this ability says %q, which no Oracle paragraph of %q says (%s)", a.Text, c.Card.Name, paragraphs(c.Card.Oracle)).
			WithHint("remove the ability or fix it; the Oracle text is the official one"))
	}
	return diags
}

// why says why a paragraph is not said closely enough.
func (m *Match) why() string {
	var why []string
	if m.Score < Threshold {
		why = append(why, fmt.Sprintf("similarity %.2f, below %.2f", m.Score, Threshold))
	}
	if len(m.Missing) > 0 {
		why = append(why, "the abilities do not say "+speakValues(m.Missing))
	}
	if len(m.Extra) > 0 {
		why = append(why, "the paragraph does not say "+speakValues(m.Extra))
	}
	return strings.Join(why, "; ")
}

// speakValues says the values of the normalised words (Match.Missing, Extra)
// as a designer writes them, for a message: mana symbols in capitals
// ("the mana symbol {T}"), X as X, a number as a number, P/T as written,
// each once with how many times it is there ("the mana symbols {W} and
// {T} (each twice)"; "X (3 times)").
func speakValues(vals []string) string {
	var order []string
	count := map[string]int{}
	for _, v := range vals {
		w := strings.ToUpper(v)
		if count[w] == 0 {
			order = append(order, w)
		}
		count[w]++
	}
	var groups []string
	for i := 0; i < len(order); {
		kind := valueKind(order[i])
		j := i + 1
		for j < len(order) && valueKind(order[j]) == kind && count[order[j]] == count[order[i]] {
			j++
		}
		groups = append(groups, speakGroup(kind, order[i:j], count[order[i]]))
		i = j
	}
	return andList(groups)
}

// valueKind names the kind of a value, as a message says it: "mana
// symbol", "number", "power/toughness", or "" for X.
func valueKind(v string) string {
	switch {
	case strings.HasPrefix(v, "{"):
		return "mana symbol"
	case strings.Contains(v, "/"):
		return "power/toughness"
	case v == "X" || v == "*":
		return ""
	}
	return "number"
}

// speakGroup says values of one kind that are there as many times each.
func speakGroup(kind string, vals []string, n int) string {
	s := andList(vals)
	if kind != "" {
		if len(vals) > 1 {
			kind += "s"
		}
		s = "the " + kind + " " + s
	}
	times := ""
	switch {
	case n == 2:
		times = "twice"
	case n > 2:
		times = fmt.Sprintf("%d times", n)
	}
	switch {
	case times != "" && len(vals) > 1:
		s += " (each " + times + ")"
	case times != "":
		s += " (" + times + ")"
	}
	return s
}

// andList joins words as English lists them: "a", "a and b", "a, b and c".
func andList(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// said quotes what a card's abilities say, for a message.
func said(rs []compiler.Rendering) string {
	if len(rs) == 0 {
		return "it has no ability"
	}
	quoted := make([]string, len(rs))
	for i, r := range rs {
		quoted[i] = fmt.Sprintf("%q", r.Text)
	}
	return "its abilities say " + strings.Join(quoted, ", ")
}

// renderings joins the texts of renderings.
func renderings(rs []compiler.Rendering) string {
	texts := make([]string, len(rs))
	for i, r := range rs {
		texts[i] = r.Text
	}
	return strings.Join(texts, " ")
}

// paragraphs quotes the paragraphs of Oracle text, for a message.
func paragraphs(ps []compiler.Paragraph) string {
	if len(ps) == 0 {
		return "it has no Oracle text"
	}
	quoted := make([]string, len(ps))
	for i, p := range ps {
		quoted[i] = fmt.Sprintf("%q", p.Text)
	}
	return "its Oracle text: " + strings.Join(quoted, ", ")
}

// WriteText prints a coverage as `cardc explain` does: the card, then each
// Oracle paragraph beside the abilities that say it (by line) and their
// similarity, then the abilities no paragraph says. file is how to show
// the card's file. The card's name and texts are escaped (package
// escape): each is one line of printable text.
func (c *Coverage) WriteText(w io.Writer, file string) {
	fmt.Fprintf(w, "%s (%s:%d)\n", escape.Text(c.Card.Name), file, c.Card.Pos.Line)
	for _, m := range c.Matches {
		fmt.Fprintf(w, "  oracle:  %s\n", escape.Text(m.Paragraph.Text))
		for _, a := range m.Abilities {
			fmt.Fprintf(w, "  line %d:  %s\n", a.Pos.Line, escape.Text(a.Text))
		}
		switch {
		case m.Paragraph.Unimplemented:
			fmt.Fprintf(w, "  match:   unimplemented\n")
		case len(m.Abilities) == 0 && m.Reminder:
			fmt.Fprintf(w, "  match:   reminder text\n")
		case len(m.Abilities) == 0:
			fmt.Fprintf(w, "  match:   no ability says it (%s)\n", CodeUnsaid)
		case !m.Close():
			fmt.Fprintf(w, "  match:   %s (%s)\n", m.why(), CodeUnsaid)
		default:
			fmt.Fprintf(w, "  match:   %.2f\n", m.Score)
		}
	}
	for _, a := range c.Extra {
		fmt.Fprintf(w, "  line %d:  %s\n", a.Pos.Line, escape.Text(a.Text))
		fmt.Fprintf(w, "  match:   no Oracle paragraph says it (%s)\n", CodeExtra)
	}
}
