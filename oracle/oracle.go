// Package oracle checks that a card's abilities say what its Oracle text
// says: each paragraph is read with the vocabulary (package oracle/read)
// into what it means, the card's checked abilities are turned into the
// same structure (package oracle/meaning), and the two are compared.
// Lint reports a paragraph whose meaning no ability has, saying how the
// closest ability differs (W020), an ability no paragraph says (W021), a
// paragraph that does not read and that no ability resembles by word
// similarity, the weaker check it falls back to (W022), and a paragraph
// marked `partly` that does not hold the words it says are left out
// (W023). `cardc explain` prints the abilities beside the paragraphs.
//
// Pairing: each ability a paragraph reads as goes with an ability of
// the card that means the same (meaning.Ability.Key), each ability used
// once; a spell's instructions go with the card's spell ability's,
// statement by statement, in order. A paragraph's ability that none
// means goes with the closest ability of its kind left (the same event,
// the same phrase...), and the warning says how they differ
// (meaning.Diff). A paragraph that does not read is compared by word
// similarity with the abilities left (Normalize, WordSimilarity).
package oracle

import (
	"fmt"
	"io"
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/escape"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/oracle/read"
	"github.com/cardc/cardc/vocab"
)

// Diagnostic codes of Oracle coverage.
const (
	CodeUnsaid = "W020" // oracle-unsaid (warning): an Oracle paragraph no ability says
	CodeExtra  = "W021" // oracle-extra (warning): an ability no Oracle paragraph says
	CodeUnread = "W022" // oracle-unread (warning): a paragraph that does not read, which no ability resembles
	CodePartly = "W023" // oracle-partly (warning): `partly` names words the paragraph does not have
)

// Codes lists the diagnostic codes of the package, for documentation and
// tests.
var Codes = []dsl.CodeInfo{
	{Code: CodeUnsaid, Name: "oracle-unsaid", Summary: "warning: an Oracle paragraph whose meaning no ability of the card has; the message says how the closest ability differs (`the paragraph says \"you may\"; the ability does it always`)"},
	{Code: CodeExtra, Name: "oracle-extra", Summary: "warning: an ability that no Oracle paragraph of the card says"},
	{Code: CodeUnread, Name: "oracle-unread", Summary: "warning, weaker: an Oracle paragraph the vocabulary does not read (the message says how far it read and what was expected there), and that no ability resembles by word similarity either"},
	{Code: CodePartly, Name: "oracle-partly", Summary: "warning: `oracle \"...\" partly \"...\"` names words the paragraph does not have"},
}

// Match is an Oracle paragraph and the abilities that say it.
type Match struct {
	Paragraph compiler.Paragraph
	// Reminder marks a paragraph that is all reminder text, such as a
	// basic land's "({T}: Add {G}.)": no ability needs to say it.
	Reminder bool
	// Reading is what the paragraph means, as read (the words `partly`
	// names left out); nil for a paragraph marked unimplemented.
	Reading *read.Reading
	// PartlyMissing says the words `partly` names are not in the
	// paragraph (W023); it is then read whole.
	PartlyMissing bool
	// ModeOf is set for a mode of a modal paragraph ("• Destroy target
	// artifact." after "Choose one —", CR 700.2), which Oracle text writes
	// as a paragraph of its own: the index of the paragraph of "Choose",
	// whose reading holds it; -1 for other paragraphs.
	ModeOf int
	// Abilities are the renderings of the abilities that go with the
	// paragraph: those that mean what it says, the closest of those that
	// do not, or, for a paragraph that does not read, those that
	// resemble it.
	Abilities []compiler.Rendering
	// Differences say how the abilities that go with the paragraph
	// differ from what it means; Unsaid are the abilities it reads as that
	// no ability of the card comes close to.
	Differences []string
	Unsaid      []*meaning.Ability
	// Score is the similarity of a paragraph that does not read and the
	// renderings that resemble it; Missing are the values (numbers, mana
	// symbols, P/T) of the paragraph that they do not say, Extra those
	// they say and it does not.
	Score          float64
	Missing, Extra []string
}

// Unread reports whether the paragraph did not read.
func (m *Match) Unread() bool { return m.Reading != nil && m.Reading.Failure != nil }

// Same reports whether the paragraph reads and the card's abilities say
// all of it, meaning the same.
func (m *Match) Same() bool {
	return m.Reading != nil && m.Reading.Failure == nil && len(m.Differences) == 0 && len(m.Unsaid) == 0
}

// Coverage is how a card's abilities cover its Oracle text.
type Coverage struct {
	Card *compiler.Explanation
	// Matches has one entry for each paragraph, in order.
	Matches []Match
	// Extra are the abilities no paragraph says.
	Extra []compiler.Rendering
}

// Cover pairs the abilities of a card with its Oracle paragraphs, with
// the standard vocabulary. A paragraph marked unimplemented takes no
// ability.
func Cover(e *compiler.Explanation) *Coverage {
	v, err := vocab.Standard()
	if err != nil {
		panic(err) // the standard vocabulary is built in
	}
	return CoverWith(v, e)
}

// cardItem is an ability of the card, or an instruction of its spell
// ability, as the pairing sees it: what it means, how it reads, where.
type cardItem struct {
	a    *meaning.Ability
	stmt *meaning.Stmt
	r    compiler.Rendering
	used bool
}

// CoverWith pairs the abilities of a card with its Oracle paragraphs,
// read with a vocabulary. What the abilities mean is built first without
// what it says in words (meaning.KeysOfCard); only a card whose abilities
// differ from its paragraphs is paired again with the words, for the
// messages.
func CoverWith(v *vocab.Vocab, e *compiler.Explanation) *Coverage {
	if c := cover(v, e, meaning.KeysOfCard(v, e)); c.clean() {
		return c
	}
	return cover(v, e, meaning.OfCard(v, e))
}

// clean reports whether every paragraph is said and every ability is a
// paragraph's: the pairing needs no words.
func (c *Coverage) clean() bool {
	if len(c.Extra) > 0 {
		return false
	}
	for i := range c.Matches {
		if m := &c.Matches[i]; len(m.Differences) > 0 || len(m.Unsaid) > 0 {
			return false
		}
	}
	return true
}

// cover pairs the abilities of a card, as they mean, with its Oracle
// paragraphs.
func cover(v *vocab.Vocab, e *compiler.Explanation, abilities []*meaning.Ability) *Coverage {
	c := &Coverage{Card: e}
	rendering := func(pos dsl.Pos) compiler.Rendering {
		for _, r := range e.Abilities {
			if r.Pos == pos {
				return r
			}
		}
		return compiler.Rendering{}
	}
	var items, spell []*cardItem
	if len(abilities) > 0 {
		items = make([]*cardItem, 0, len(abilities))
	}
	for _, a := range abilities {
		if a.Kind != meaning.Spell {
			items = append(items, &cardItem{a: a, r: compiler.Rendering{Text: a.Text, Pos: a.Pos}})
			continue
		}
		for i := range a.Body {
			st := &a.Body[i]
			spell = append(spell, &cardItem{a: a, stmt: st, r: rendering(st.Pos)})
		}
	}
	card := read.Card{Name: e.Name, Types: e.Types, Subtypes: e.Subtypes}
	type pending struct {
		m int
		a *meaning.Ability
	}
	var unmatched []pending
	var paraStmts []meaning.Stmt
	var paraOf []int
	texts := make([]string, len(e.Oracle))
	for i, p := range e.Oracle {
		texts[i] = p.Text
	}
	modes := modesOf(texts, func(i int) bool { return e.Oracle[i].Unimplemented })
	if len(e.Oracle) > 0 {
		c.Matches = make([]Match, 0, len(e.Oracle))
	}
	for i, p := range e.Oracle {
		c.Matches = append(c.Matches, Match{Paragraph: p, Reminder: isReminder(p.Text), ModeOf: -1})
		if head, ok := modes[i]; ok {
			c.Matches[i].ModeOf = head
		}
	}
	for i, p := range e.Oracle {
		if p.Unimplemented || c.Matches[i].ModeOf >= 0 {
			continue
		}
		m := &c.Matches[i]
		m.Reading = read.Paragraph(v, card, m.text(p))
		// A modal paragraph reads with its modes, one ability (CR
		// 700.2): "Choose one — • Destroy target artifact. • ...".
		var text []string
		for j := i + 1; j < len(e.Oracle) && c.Matches[j].ModeOf == i; j++ {
			if !e.Oracle[j].Unimplemented {
				text = append(text, c.Matches[j].text(e.Oracle[j]))
			}
		}
		if text != nil {
			m.Reading = read.Paragraph(v, card, m.text(p)+" "+strings.Join(text, " "))
		}
		if m.Unread() {
			continue
		}
		for _, pa := range m.Reading.Abilities {
			if pa.Kind == meaning.Spell {
				for _, st := range pa.Body {
					paraStmts = append(paraStmts, st)
					paraOf = append(paraOf, i)
				}
				continue
			}
			if it := same(items, pa); it != nil {
				it.used = true
				m.Abilities = append(m.Abilities, it.r)
				continue
			}
			unmatched = append(unmatched, pending{i, pa})
		}
	}
	c.pairSpell(paraStmts, paraOf, spell)
	for _, u := range unmatched {
		m := &c.Matches[u.m]
		it := closest(items, u.a)
		if it == nil {
			m.Unsaid = append(m.Unsaid, u.a)
			continue
		}
		it.used = true
		m.Abilities = append(m.Abilities, it.r)
		m.Differences = append(m.Differences, named(meaning.Diff(u.a, it.a), e.Name)...)
	}
	var left []*cardItem
	for _, its := range [][]*cardItem{items, spell} {
		for _, it := range its {
			if !it.used {
				left = append(left, it)
			}
		}
	}
	c.resemble(left)
	return c
}

// text is the text of a paragraph to read: without the words `partly`
// names, or whole if it does not have them (PartlyMissing).
func (m *Match) text(p compiler.Paragraph) string {
	if p.Partly == "" {
		return p.Text
	}
	if rest, ok := leaveOut(p.Text, p.Partly); ok {
		return rest
	}
	m.PartlyMissing = true
	return p.Text
}

// modesOf finds the modes of the modal paragraphs (CR 700.2): the
// paragraphs that begin with a bullet ("• Destroy target artifact.")
// after one that ends with "—" and says "choose" ("Choose one —", "When
// this enters, choose one or both —"), not marked unimplemented, each by
// the index of that paragraph.
func modesOf(ps []string, unimplemented func(int) bool) map[int]int {
	out := map[int]int{}
	for i := 0; i < len(ps); i++ {
		head := strings.TrimSpace(ps[i])
		if !strings.HasSuffix(head, "—") || !strings.Contains(strings.ToLower(head), "choose ") || unimplemented(i) {
			continue
		}
		j := i + 1
		for ; j < len(ps) && strings.HasPrefix(strings.TrimSpace(ps[j]), "•"); j++ {
			out[j] = i
		}
		i = j - 1
	}
	return out
}

// ModalText is the text of paragraph i read with the modes that follow
// it, as lint reads a modal paragraph ("Choose one — • Destroy target
// artifact. • Destroy target enchantment.", CR 700.2); the paragraph
// alone if it is no modal paragraph. mode says paragraph i is itself a
// mode of one before it, which is read with that one.
func ModalText(paragraphs []string, i int) (text string, mode bool) {
	modes := modesOf(paragraphs, func(int) bool { return false })
	if _, ok := modes[i]; ok {
		return paragraphs[i], true
	}
	text = paragraphs[i]
	for j := i + 1; j < len(paragraphs) && modes[j] == i; j++ {
		if _, ok := modes[j]; ok {
			text += " " + paragraphs[j]
		}
	}
	return text, false
}

// named puts the card's name in texts of meanings (meaning.Self).
func named(texts []string, name string) []string {
	for i, t := range texts {
		texts[i] = meaning.Named(t, name)
	}
	return texts
}

// same finds an ability of the card left that means what a paragraph's
// ability means.
func same(items []*cardItem, a *meaning.Ability) *cardItem {
	key := a.Key()
	for _, it := range items {
		if !it.used && it.a.Key() == key {
			return it
		}
	}
	return nil
}

// closest finds the ability of the card left that comes closest to what
// a paragraph's ability means: one of its kind, with the most in common
// (the same keyword or event, the same phrases); nil if none is of its
// kind.
func closest(items []*cardItem, a *meaning.Ability) *cardItem {
	var best *cardItem
	bestScore := 0
	for _, it := range items {
		if it.used || it.a.Kind != a.Kind {
			continue
		}
		if s := 1 + shared(a, it.a); s > bestScore {
			best, bestScore = it, s
		}
	}
	return best
}

// shared counts what two abilities of one kind have in common.
func shared(a, b *meaning.Ability) int {
	n := 0
	if a.Trigger != nil && b.Trigger != nil {
		if a.Trigger.Name == b.Trigger.Name {
			n += 2
		}
		if a.Trigger.Key() == b.Trigger.Key() {
			n += 2
		}
	}
	if a.Effect != nil && b.Effect != nil && a.Effect.Name == b.Effect.Name {
		n += 3
	}
	if a.Costs.Key() == b.Costs.Key() && a.Loyalty == b.Loyalty {
		n++
	}
	names := map[string]bool{}
	for _, st := range a.Body {
		if st.Phrase != nil {
			names[st.Phrase.Name] = true
		}
	}
	for _, st := range b.Body {
		if st.Phrase != nil && names[st.Phrase.Name] {
			n++
		}
	}
	return n
}

// pairSpell pairs the instructions the paragraphs of a spell read as
// with those of the card's spell ability, in order: those that mean the
// same, and, between them, each paragraph's with the card's in its
// place.
func (c *Coverage) pairSpell(para []meaning.Stmt, paraOf []int, card []*cardItem) {
	pk, ck := make([]string, len(para)), make([]string, len(card))
	for i := range para {
		pk[i] = para[i].Key()
	}
	for i, it := range card {
		ck[i] = it.stmt.Key()
	}
	pi, ci := 0, 0
	for _, pr := range append(meaning.Align(pk, ck), [2]int{len(para), len(card)}) {
		// Between two instructions that mean the same: each of the
		// paragraphs' with the card's in its place.
		for ; pi < pr[0] && ci < pr[1]; pi, ci = pi+1, ci+1 {
			m := &c.Matches[paraOf[pi]]
			card[ci].used = true
			m.Abilities = append(m.Abilities, card[ci].r)
			m.Differences = append(m.Differences, named(meaning.StmtsDiff(para[pi:pi+1], []meaning.Stmt{*card[ci].stmt}), c.Card.Name)...)
		}
		for ; pi < pr[0]; pi++ {
			m := &c.Matches[paraOf[pi]]
			m.Unsaid = append(m.Unsaid, &meaning.Ability{Kind: meaning.Spell, Body: para[pi : pi+1], Text: meaning.Named(para[pi].Say(), c.Card.Name)})
		}
		if pr[0] < len(para) {
			m := &c.Matches[paraOf[pr[0]]]
			card[pr[1]].used = true
			m.Abilities = append(m.Abilities, card[pr[1]].r)
		}
		pi, ci = pr[0]+1, pr[1]+1
	}
}

// resemble pairs the paragraphs that do not read with the abilities of
// the card left, by word similarity: each ability goes with the
// paragraph that holds the largest share of its words (containment), if
// it is at least Threshold; the others are extra (W021).
func (c *Coverage) resemble(left []*cardItem) {
	name := c.Card.Name
	paras := make([][]string, len(c.Matches))
	for i, m := range c.Matches {
		if m.Unread() {
			paras[i] = Normalize(m.Paragraph.Text, name)
		}
	}
	words := make([][]string, len(c.Matches))
	for _, it := range left {
		aw := Normalize(it.r.Text, name)
		best, bestScore := -1, 0.0
		for i := range c.Matches {
			if paras[i] == nil {
				continue
			}
			if s := Containment(aw, paras[i]); s > bestScore {
				best, bestScore = i, s
			}
		}
		if best < 0 || bestScore < Threshold {
			c.Extra = append(c.Extra, it.r)
			continue
		}
		c.Matches[best].Abilities = append(c.Matches[best].Abilities, it.r)
		words[best] = append(words[best], aw...)
	}
	for i := range c.Matches {
		m := &c.Matches[i]
		if paras[i] == nil {
			continue
		}
		m.Score = WordSimilarity(words[i], paras[i])
		if len(m.Abilities) > 0 {
			m.Missing = minus(values(paras[i]), values(words[i]))
			m.Extra = minus(values(words[i]), values(paras[i]))
		}
	}
}

// isReminder reports whether a paragraph is all reminder text.
func isReminder(text string) bool {
	inner := strings.TrimSpace(text)
	return strings.HasPrefix(inner, "(") && strings.HasSuffix(inner, ")") && !strings.Contains(inner[1:len(inner)-1], "(")
}

// leaveOut is a paragraph without the words `partly` names.
func leaveOut(text, words string) (string, bool) {
	words = strings.TrimSpace(words)
	i := strings.Index(text, words)
	if words == "" || i < 0 {
		return text, false
	}
	rest := strings.TrimSpace(text[:i]) + " " + strings.TrimSpace(text[i+len(words):])
	rest = strings.ReplaceAll(strings.TrimSpace(rest), " .", ".")
	return strings.ReplaceAll(rest, " ,", ","), true
}

// Close reports whether a paragraph that does not read is said closely
// enough by word similarity: by some ability, with a similarity of at
// least Threshold, and with the same values.
func (m *Match) Close() bool {
	return len(m.Abilities) > 0 && m.Score >= Threshold && len(m.Missing) == 0 && len(m.Extra) == 0
}

// Diagnostics are the warnings of a coverage: a paragraph whose meaning
// no ability has (W020), an ability no paragraph says (W021), a
// paragraph that does not read and that no ability resembles (W022),
// `partly` words the paragraph does not have (W023).
func (c *Coverage) Diagnostics() dsl.Diagnostics {
	var diags dsl.Diagnostics
	for i := range c.Matches {
		m := &c.Matches[i]
		p := m.Paragraph
		if m.PartlyMissing {
			diags = append(diags, dsl.Warningf(p.Pos, CodePartly, "the Oracle paragraph %q does not have the words %q that `partly` says the card leaves out", p.Text, p.Partly).
				WithHint("copy the words the card leaves out from the paragraph, as they are written there"))
		}
		switch {
		case p.Unimplemented, m.Reading == nil:
		case m.Unread():
			if m.Close() || len(m.Abilities) == 0 && m.Reminder {
				continue
			}
			diags = append(diags, dsl.Warningf(p.Pos, CodeUnread, "the Oracle paragraph %q does not read with the vocabulary (%s), and by word similarity %s", p.Text, m.Reading.Failure, m.resembles(c)).
				WithHint("write the ability it describes; if the language cannot say it yet, mark the paragraph `unimplemented`, or `partly \"...\"` with the words the card leaves out"))
		case m.Same():
		case len(m.Abilities) == 0 && m.Reminder:
		case len(m.Abilities) == 0:
			diags = append(diags, dsl.Warningf(p.Pos, CodeUnsaid, "no ability of %q says its Oracle paragraph %q, which reads as %s (%s)", c.Card.Name, p.Text, says(m.Unsaid), said(c.Card.Abilities)).
				WithHint("%s", m.hint()))
		default:
			why := append([]string(nil), m.Differences...)
			for _, u := range m.Unsaid {
				why = append(why, fmt.Sprintf("no ability says %q", u.Text))
			}
			diags = append(diags, dsl.Warningf(p.Pos, CodeUnsaid, "the Oracle paragraph %q is not what the card's abilities say: %s", p.Text, strings.Join(why, "; ")).
				WithHint("%s", m.hint()))
		}
	}
	for _, a := range c.Extra {
		diags = append(diags, dsl.Warningf(a.Pos, CodeExtra, "this ability says %q, which no Oracle paragraph of %q says (%s)", a.Text, c.Card.Name, paragraphs(c.Card.Oracle)).
			WithHint("remove the ability or fix it; the Oracle text is the official one"))
	}
	return diags
}

// hint is what to do about a paragraph the abilities do not say.
func (m *Match) hint() string {
	var needs []string
	for _, a := range append(append([]*meaning.Ability(nil), m.Reading.Abilities...), m.Unsaid...) {
		for _, n := range a.Needs {
			if !strings.Contains(strings.Join(needs, "\x00"), n) {
				needs = append(needs, n)
			}
		}
	}
	if len(needs) > 0 {
		return "the language cannot say all of it yet (it needs " + strings.Join(needs, ", ") + "): write what it can, and mark the paragraph `partly \"...\"` with the words the card leaves out, or `unimplemented`"
	}
	return "make the abilities say what the paragraph says; `cardc explain` shows them side by side"
}

// resembles says what word similarity found for a paragraph that does
// not read.
func (m *Match) resembles(c *Coverage) string {
	if len(m.Abilities) == 0 {
		return "no ability says it (" + said(c.Card.Abilities) + ")"
	}
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
	return fmt.Sprintf("the abilities do not say it closely: %q (%s)", renderings(m.Abilities), strings.Join(why, "; "))
}

// says quotes what a paragraph's abilities say.
func says(abs []*meaning.Ability) string {
	quoted := make([]string, len(abs))
	for i, a := range abs {
		quoted[i] = describe(a)
	}
	return strings.Join(quoted, " and ")
}

// describe says what an ability of a paragraph is, for a message.
func describe(a *meaning.Ability) string {
	s := a.Kind.String()
	if len(a.Needs) > 0 {
		s += ", which needs " + strings.Join(a.Needs, " and ")
	}
	return s
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
// Oracle paragraph beside the abilities that say it (by line) and how
// they compare, then the abilities no paragraph says. file is how to show
// the card's file. The card's name and texts are escaped (package
// escape): each is one line of printable text.
func (c *Coverage) WriteText(w io.Writer, file string) {
	fmt.Fprintf(w, "%s (%s:%d)\n", escape.Text(c.Card.Name), file, c.Card.Pos.Line)
	for i := range c.Matches {
		m := &c.Matches[i]
		fmt.Fprintf(w, "  oracle:  %s\n", escape.Text(m.Paragraph.Text))
		if m.Paragraph.Partly != "" && !m.PartlyMissing {
			fmt.Fprintf(w, "  left out: %s\n", escape.Text(m.Paragraph.Partly))
		}
		for _, a := range m.Abilities {
			fmt.Fprintf(w, "  line %d:  %s\n", a.Pos.Line, escape.Text(a.Text))
		}
		switch {
		case m.Paragraph.Unimplemented:
			fmt.Fprintf(w, "  match:   unimplemented\n")
		case m.ModeOf >= 0:
			fmt.Fprintf(w, "  match:   a mode of the paragraph %q, read with it\n", escape.Text(c.Matches[m.ModeOf].Paragraph.Text))
		case m.Unread() && len(m.Abilities) == 0 && m.Reminder:
			fmt.Fprintf(w, "  match:   reminder text\n")
		case m.Unread() && m.Close():
			fmt.Fprintf(w, "  match:   similarity %.2f; it does not read: %s\n", m.Score, m.Reading.Failure)
		case m.Unread():
			fmt.Fprintf(w, "  match:   it does not read: %s; by similarity, %s (%s)\n", m.Reading.Failure, m.resembles(c), CodeUnread)
		case m.Same():
			fmt.Fprintf(w, "  match:   same meaning\n")
		case len(m.Abilities) == 0 && m.Reminder && hasBasicLandType(read.Card{Subtypes: c.Card.Subtypes}):
			fmt.Fprintf(w, "  match:   reminder text of the mana ability of its basic land type (CR 305.6)\n")
		case len(m.Abilities) == 0 && m.Reminder:
			fmt.Fprintf(w, "  match:   reminder text\n")
		case len(m.Abilities) == 0:
			fmt.Fprintf(w, "  match:   no ability says it (%s)\n", CodeUnsaid)
		default:
			why := append([]string(nil), m.Differences...)
			for _, u := range m.Unsaid {
				why = append(why, fmt.Sprintf("no ability says %q", u.Text))
			}
			fmt.Fprintf(w, "  match:   %s (%s)\n", strings.Join(why, "; "), CodeUnsaid)
		}
	}
	for _, a := range c.Extra {
		fmt.Fprintf(w, "  line %d:  %s\n", a.Pos.Line, escape.Text(a.Text))
		fmt.Fprintf(w, "  match:   no Oracle paragraph says it (%s)\n", CodeExtra)
	}
}
