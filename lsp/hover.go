package lsp

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/stdlib"
	"github.com/cardc/cardc/vocab"
)

// hover says what the thing under the cursor is: a card named in quotes,
// a field of an event, a keyword ability, the phrase of the vocabulary an
// ability's phrase reads as, or a word of the language.
func (s *Server) hover(p TextDocumentPositionParams) *Hover {
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil
	}
	v, err := vocab.Standard()
	if err != nil {
		return nil
	}
	t := d.text
	at := t.loc(p.Position)
	tok, ok := t.tokenAt(at)
	if !ok {
		return nil
	}
	tokRange := t.spanRange(tok.Pos, tok.End)
	markdown := func(text string, r Range) *Hover {
		return &Hover{Contents: MarkupContent{Kind: "markdown", Value: text}, Range: &r}
	}
	if isType(tok, "String", "RawString") {
		if c, ok := s.snapshot().cards[dsl.Unquote(tok.Value)]; ok {
			return markdown(cardDoc(c.card), tokRange)
		}
		return nil
	}
	if !isType(tok, "Ident") {
		return nil
	}
	card := cardAt(s.snapshot().file(d), at)
	var readings []compiler.Reading
	if card != nil {
		readings = compiler.Readings(v, card)
	}
	if doc, ok := fieldDoc(v, t, tok, readings); ok {
		return markdown(doc, tokRange)
	}
	if written, kw, r, ok := keywordAt(v, t, at); ok {
		return markdown(keywordDoc(written, kw), r)
	}
	if rd := readingAt(readings, at); rd != nil {
		return markdown(phraseDoc(rd.Match.Alts[0].Template), t.spanRange(rd.Phrase.Pos, rd.Phrase.EndPos))
	}
	if doc, ok := languageWords[tok.Value]; ok {
		return markdown(fmt.Sprintf("`%s` — %s", tok.Value, doc), tokRange)
	}
	return nil
}

// cardAt is the card whose declaration holds a position, or nil.
func cardAt(f *dsl.File, at dsl.Pos) *dsl.Card {
	for _, decl := range f.Decls {
		if c, ok := decl.(*dsl.Card); ok && within(at, c.Pos, c.EndPos) {
			return c
		}
	}
	return nil
}

// readingAt is the innermost phrase read that holds a position.
func readingAt(rs []compiler.Reading, at dsl.Pos) *compiler.Reading {
	var best *compiler.Reading
	for i := range rs {
		ph := rs[i].Phrase
		if before(at, ph.Pos) || before(ph.EndPos, at) {
			continue
		}
		if best == nil || before(best.Phrase.Pos, ph.Pos) {
			best = &rs[i]
		}
	}
	return best
}

// cardDoc describes a card: name, cost, type line, P/T, Oracle text.
func cardDoc(c *dsl.Card) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", dsl.Unquote(c.Name))
	var oracle []string
	line := ""
	for _, it := range c.Items {
		switch it := it.(type) {
		case *dsl.CostItem:
			fmt.Fprintf(&b, " `%s`", it.Cost)
		case *dsl.TypeItem:
			line = typeLine(it) + line
		case *dsl.PTItem:
			line += " · " + it.PT
		case *dsl.OracleItem:
			oracle = append(oracle, dsl.Unquote(it.Text))
		}
	}
	if line != "" {
		b.WriteString("\n\n" + line)
	}
	for _, o := range oracle {
		b.WriteString("\n\n> " + o)
	}
	return b.String()
}

// phraseDoc describes a phrase of the vocabulary: its text, what it
// describes, its doc text and its slots' types.
func phraseDoc(t *vocab.Template) string {
	var b strings.Builder
	fmt.Fprintf(&b, "`%s` — %s", t.Text, t.Owner())
	var doc string
	var fields []vocab.Field
	switch {
	case t.Event != nil:
		doc, fields = t.Event.Doc, t.Event.Fields
	case t.Func != nil:
		doc, fields = t.Func.Doc, t.Func.Params
	case t.Rule != nil:
		doc, fields = t.Rule.Doc, t.Rule.Params
	}
	if doc != "" {
		b.WriteString("\n\n" + doc)
	}
	if len(fields) > 0 {
		what := "Parameters"
		if t.Event != nil {
			what = "Fields"
		}
		var fs []string
		for _, f := range fields {
			fs = append(fs, fmt.Sprintf("`%s`: %s", f.Name, f.Type))
		}
		fmt.Fprintf(&b, "\n\n%s: %s", what, strings.Join(fs, ", "))
	}
	return b.String()
}

// fieldDoc describes `x.f` when the cursor is on f: a field of the event
// x names (an event kind's name, or the name a pattern binds with `as`),
// or a query of one argument.
func fieldDoc(v *vocab.Vocab, t *text, tok token, rs []compiler.Reading) (string, bool) {
	toks := t.tokens()
	i := -1
	for j := range toks {
		if toks[j].Pos.Line == tok.Pos.Line && toks[j].Pos.Column == tok.Pos.Column {
			i = j
		}
	}
	if i < 2 || toks[i-1].Value != "." || toks[i-1].Pos.Line != tok.Pos.Line || !isType(toks[i-2], "Ident") {
		return "", false
	}
	base, field := toks[i-2].Value, tok.Value
	ev := v.Event(base)
	if ev == nil {
		for _, r := range rs {
			parts := r.Phrase.Parts
			if r.Match.Event != nil && len(parts) > 0 && parts[len(parts)-1].Bind != nil && *parts[len(parts)-1].Bind == base {
				ev = r.Match.Event
			}
		}
	}
	if ev != nil {
		if f := ev.Field(field); f != nil {
			doc := fmt.Sprintf("`%s.%s`: %s — field of event `%s`", base, field, f.Type, ev.Name)
			if ev.Doc != "" {
				doc += "\n\n" + ev.Doc
			}
			return doc, true
		}
		return "", false
	}
	if q := v.Func(field); q != nil && q.Query() && len(q.Params) == 1 {
		doc := fmt.Sprintf("`%s.%s`: %s — query `%s`", base, field, q.Result, q.Name)
		if q.Doc != "" {
			doc += "\n\n" + q.Doc
		}
		return doc, true
	}
	return "", false
}

// keywordAt finds the keyword ability of the vocabulary written at a
// position ("first strike" over either word, "protection from Demons",
// "swampwalk"), the longest if several fit: what it is written as, its
// declaration, and its range.
func keywordAt(v *vocab.Vocab, t *text, at dsl.Pos) (string, *vocab.Keyword, Range, bool) {
	line := t.line(at.Line - 1)
	cursor := len(runePrefix(line, at.Column-1))
	type word struct{ start, end int }
	var words []word
	for _, loc := range keywordWordRE().FindAllStringIndex(line, -1) {
		words = append(words, word{loc[0], loc[1]})
	}
	best, bestFrom, bestTo := (*vocab.Keyword)(nil), 0, 0
	for i := range words {
		for j := i; j < len(words) && j-i < 4; j++ {
			if words[i].start > cursor || words[j].end < cursor || words[j].end-words[i].start <= bestTo-bestFrom {
				continue
			}
			var ws []string
			for _, w := range words[i : j+1] {
				ws = append(ws, line[w.start:w.end])
			}
			if u, ok := v.ReadKeyword(ws); ok {
				best, bestFrom, bestTo = u.Keyword, words[i].start, words[j].end
			} else if k := v.KeywordNamed(strings.ToLower(strings.Join(ws, " "))); k != nil {
				best, bestFrom, bestTo = k, words[i].start, words[j].end
			}
		}
	}
	if best == nil || !wordBoundary(line, bestFrom, bestTo) {
		return "", nil, Range{}, false
	}
	r := Range{
		Start: Position{Line: at.Line - 1, Character: utf16Len(line[:bestFrom])},
		End:   Position{Line: at.Line - 1, Character: utf16Len(line[:bestTo])},
	}
	return line[bestFrom:bestTo], best, r, true
}

// keywordWordRE finds the words a keyword may be written with: words,
// numbers and mana symbols.
var keywordWordRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{[^}\s]*\}(?:\{[^}\s]*\})*|[A-Za-z0-9']+`) })

// wordBoundary reports whether s[i:end] is whole words.
func wordBoundary(s string, i, end int) bool {
	isWord := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
	}
	return (i == 0 || !isWord(s[i-1])) && (end == len(s) || !isWord(s[end]))
}

// keywordDoc describes a keyword ability as a card writes it: its doc,
// or, for one of a `keywords` list, the comment above the list in
// stdlib/keywords.card.
func keywordDoc(written string, k *vocab.Keyword) string {
	doc := fmt.Sprintf("**%s** — keyword ability", written)
	c := k.Doc
	if c == "" {
		c = keywordComments()[k.Name]
	}
	if c != "" {
		doc += "\n\n" + c
	}
	return doc
}

// keywordComments maps each keyword ability of a `keywords` list to the
// comment above the list.
var keywordComments = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	src, err := stdlib.FS.ReadFile("keywords.card")
	if err != nil {
		return out
	}
	f, _ := parser.Parse("keywords.card", src)
	for _, decl := range f.Decls {
		nd, ok := decl.(*dsl.NamesDecl)
		if !ok || nd.Kind != "keywords" {
			continue
		}
		// The comment lines right above the declaration, in order.
		var lines []string
		want := nd.Pos.Line - 1
		for i := len(f.Comments) - 1; i >= 0; i-- {
			c := f.Comments[i]
			if c.Trailing || c.Pos.Line > want {
				continue
			}
			if c.Pos.Line < want {
				break
			}
			lines = append([]string{strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))}, lines...)
			want--
		}
		for _, n := range nd.Names {
			out[dsl.Unquote(n)] = strings.Join(lines, " ")
		}
	}
	return out
})

// languageWords are the words of the language's own syntax, with what
// each starts; dsl/SPEC.md has the details.
var languageWords = map[string]string{
	"card":       "declares a card: `card \"Name\" { ... }` (SPEC: Cards).",
	"cost":       "the card's mana cost: `cost {X}{G}`.",
	"type":       "the card's type line: `type Creature — Hydra`.",
	"pt":         "the card's printed power and toughness: `pt 2/2`.",
	"oracle":     "one paragraph of the card's Oracle text, which the abilities must say.",
	"keywords":   "keyword abilities the card has: `keywords flying, vigilance` (SPEC: Keyword abilities).",
	"enchant":    "the enchant ability of an Aura: `enchant creature` (CR 303.4).",
	"equip":      "the equip ability of an Equipment: `equip {1}`, which means `{1}: attach this to target creature you control, activate only as a sorcery` (CR 702.6a).",
	"cumulative": "the cumulative upkeep keyword ability: `cumulative upkeep {1}` (CR 702.24a), an age counter each upkeep, then pay the cost for each or sacrifice it.",
	"tribute":    "the tribute keyword ability: `tribute 2` (CR 702.104a), an opponent may put that many +1/+1 counters on it as it enters; `if tribute wasn't paid` asks whether they did.",
	"loyalty":    "a planeswalker's printed loyalty: `loyalty 3`; it enters with that many loyalty counters (CR 306.5), and its loyalty abilities are written `+1: EFFECT`, `-2: EFFECT` (CR 606).",
	"enters":     "how this permanent enters the battlefield: `enters with X +1/+1 counters` (CR 614.1c).",
	"whenever":   "a triggered ability: `whenever EVENT { ... }` (CR 603).",
	"when":       "a triggered ability, `when EVENT { ... }`; in a body, a reflexive one, `when you do { ... }` (CR 603.12); in a test, the actions: `when { ... }`.",
	"at":         "a triggered ability at a step, `at the beginning of ... { ... }`; in a body, a delayed one (CR 603.7).",
	"replace":    "a replacement or prevention effect: `replace EVENT { ... }` (CR 614, 615).",
	"static":     "a static ability: a rule or a continuous effect, `static enchanted creature gets +2/+2` (CR 604, 611).",
	"spell":      "what an instant or sorcery does as it resolves: `spell { ... }`.",
	"activate":   "a restriction of an activated ability: `, activate only as a sorcery`.",
	"as":         "names what comes before it, for the body to use: `replace damage to this as d`.",
	"if":         "runs a block when a condition holds: `if X >= 5 { ... } else { ... }`.",
	"else":       "the block of an `if` that runs when its condition does not hold.",
	"for":        "`for each FILTER as NAME { ... }` runs a block once for each permanent the filter describes.",
	"test":       "declares a scenario test: `test \"ruling\" { given { ... } when { ... } then { ... } }` (SPEC: Scenario tests).",
	"given":      "a test's starting position: who controls what, life totals, the step.",
	"then":       "a test's assertions about the game after the actions before it.",
}
