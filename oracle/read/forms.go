package read

import (
	"maps"
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/vocab"
)

// The forms a paragraph takes, each as the card language has it
// (dsl/SPEC.md, Abilities).

// keywords reads a line of keyword abilities: "Flying, first strike",
// "Graft 4", "Equip {2}", "Enchant creature".
func (r *reader) keywords() ([]*meaning.Ability, bool) {
	var out []*meaning.Ability
	pi := 0
	for {
		a, next := r.keyword(pi)
		if a == nil {
			r.expect(pi, "a keyword ability")
			return nil, false
		}
		out = append(out, a)
		pi = next
		switch {
		case r.end(pi):
			return out, true
		case r.word(pi) == ",":
			pi++
		default:
			r.expect(pi, `","`)
			return nil, false
		}
	}
}

// keyword reads one keyword ability at part pi.
func (r *reader) keyword(pi int) (*meaning.Ability, int) {
	if r.word(pi) == "enchant" {
		var words []vocab.FilterWord
		j := pi + 1
		for ; j < len(r.parts); j++ {
			fw, ok := r.v.FilterWord(r.parts[j].Word())
			if !ok {
				break
			}
			words = append(words, fw)
		}
		if len(words) == 0 || !words[len(words)-1].Noun {
			return nil, 0
		}
		f := &vocab.Filter{Words: words, Text: r.textOf(pi+1, j)}
		return &meaning.Ability{Kind: meaning.Keyword, Keyword: "enchant", Enchant: meaning.EnchantValue(f)}, j
	}
	// The longest run of words, up to the next comma, that the
	// vocabulary reads as keywords: "Flying", "Equip {2}", "Graft 4",
	// "Swampwalk", "Protection from Demons and from Dragons".
	end := pi
	for end < len(r.parts) && r.word(end) != "," {
		end++
	}
	for k := end; k > pi; k-- {
		words := make([]string, 0, k-pi)
		for _, p := range r.parts[pi:k] {
			words = append(words, dsl.PartString(p))
		}
		if _, ok := r.v.ReadKeywords(words); ok {
			written := strings.Join(words, " ")
			// Oracle capitalizes the first word of a sentence; the card
			// language writes keywords in lower case, subtypes aside.
			written = strings.ToLower(written[:1]) + written[1:]
			return &meaning.Ability{Kind: meaning.Keyword, Keyword: meaning.NormalKeyword(written), Written: written}, k
		}
	}
	return nil, 0
}

// numberOf is the digits a part is, or "".
func numberOf(p *dsl.Part) string {
	if p == nil || p.Expr == nil || len(p.Expr.Rest) > 0 || len(p.Expr.Left.Rest) > 0 {
		return ""
	}
	if pr := p.Expr.Left.Left.Primary; pr != nil && pr.Number != nil {
		return *pr.Number
	}
	return ""
}

// wordsAt reports whether the words from part pi are these.
func (r *reader) wordsAt(pi int, words []string) bool {
	for i, w := range words {
		if r.word(pi+i) != w {
			return false
		}
	}
	return true
}

// textOf is the text of parts i to j (not j), as the paragraph writes
// them.
func (r *reader) textOf(i, j int) string {
	if i >= j || i >= len(r.parts) {
		return ""
	}
	from := r.parts[i].Pos.Offset
	to := len(r.text)
	if j < len(r.parts) {
		to = r.parts[j].Pos.Offset
	}
	return strings.TrimSpace(r.text[from:to])
}

// activated reads an activated ability, "COST: BODY.", or a loyalty
// ability, "+1: BODY.", and its restriction ("Activate only as a
// sorcery.").
func (r *reader) activated() ([]*meaning.Ability, bool) {
	colon := -1
	for i, p := range r.parts {
		w := strings.ToLower(p.Word())
		if w == ":" {
			colon = i
			break
		}
		if w == "." || p.Str != nil {
			break
		}
	}
	if colon < 1 {
		r.expect(0, `a cost and ":"`)
		return nil, false
	}
	a := &meaning.Ability{Kind: meaning.Activated}
	if l := r.loyalty(); l != "" && colon == 1 {
		a.Loyalty = l
	} else if !r.costs(a, colon) {
		return nil, false
	}
	body, pi, ok := r.body(colon+1, func(pi int) bool { return r.word(pi) == "activate" })
	if !ok {
		return nil, false
	}
	a.Body = body
	if r.word(pi) == "activate" {
		j := pi
		for j < len(r.parts) && r.word(j) != "." {
			j++
		}
		a.Only = meaning.NormalOnly(r.textOf(pi, j))
		if a.Only != "as a sorcery" && a.Only != "once each turn" {
			r.need("the restriction \"activate only " + a.Only + "\"")
		}
		pi = j
		if !r.end(pi) {
			r.expect(pi, `"."`)
			return nil, false
		}
	}
	r.finish(a)
	if len(r.ctx.manaChoice) == 0 {
		return []*meaning.Ability{a}, true
	}
	// "Add {B} or {R}": one mana ability with a choice, which means what
	// two abilities mean, one for each mana.
	out := []*meaning.Ability{a}
	for _, m := range r.ctx.manaChoice {
		out = append(out, r.withMana(a, m))
	}
	return out, true
}

// loyalty is the loyalty cost the paragraph begins with ("+1", "-X",
// "0"), or "".
func (r *reader) loyalty() string {
	p := r.parts[0]
	var w string
	switch {
	case p.Word() != "":
		w = p.Word()
	case p.Expr != nil && p.Expr.Left.Left.Primary != nil && p.Expr.Left.Left.Primary.Number != nil:
		w = *p.Expr.Left.Left.Primary.Number
	}
	rest := strings.TrimLeft(w, "+-")
	if rest == "" || len(w)-len(rest) > 1 || !(rest == "X" || isNumber(rest)) {
		return ""
	}
	return meaning.NormalLoyalty(w)
}

// costs reads the cost of an activated ability, the parts before the
// colon, separated by commas: mana symbols ({T} and {Q} among them) and
// actions that can be paid (`is cost` in the vocabulary).
func (r *reader) costs(a *meaning.Ability, colon int) bool {
	a.Costs = &meaning.Costs{}
	for pi := 0; pi < colon; {
		if m := r.parts[pi].Mana; m != nil {
			a.Costs.AddMana(*m)
			pi++
		} else {
			parts := r.parts[pi:colon]
			read := false
			for _, m := range r.v.MatchOracle(parts, vocab.ModeAction, r.opts(parts, pi)) {
				if !m.Alts[0].Template.Func.Cost || (pi+m.End != colon && r.word(pi+m.End) != ",") {
					continue
				}
				p, mentions := r.b.Action(m.Alts[0], m.Phrases[0]...)
				r.ctx.mentions = append(r.ctx.mentions, mentions...)
				a.Costs.Actions = append(a.Costs.Actions, p)
				pi += m.End
				read = true
				break
			}
			if !read {
				r.expect(pi, "mana symbols or a cost (sacrifice ..., pay N life...)")
				return false
			}
		}
		switch {
		case pi == colon:
		case r.word(pi) == ",":
			pi++
		default:
			r.expect(pi, `","`, `":"`)
			return false
		}
	}
	return true
}

// triggered reads a triggered ability: "When/Whenever/At PATTERN, [if
// CONDITION,] BODY."
func (r *reader) triggered() ([]*meaning.Ability, bool) {
	w := r.word(0)
	if w != "when" && w != "whenever" && w != "at" {
		r.expect(0, `"When"`, `"Whenever"`, `"At"`)
		return nil, false
	}
	a := &meaning.Ability{Kind: meaning.Triggered, Word: w}
	trig, pi, ok := r.trigger(1)
	if !ok {
		return nil, false
	}
	a.Trigger = trig
	if r.word(pi) == "if" {
		cond, next, ok := r.condition(pi+1, func(end int) bool { return r.word(end) == "," })
		if !ok {
			r.expect(pi+1, "a condition")
			return nil, false
		}
		if cond.Phrase == nil {
			r.need(`an intervening "if" on a condition the vocabulary's queries do not phrase`)
		}
		a.If = cond
		pi = next + 1
	}
	body, _, ok := r.body(pi, nil)
	if !ok {
		return nil, false
	}
	a.Body = body
	return []*meaning.Ability{r.finish(a)}, true
}

// trigger reads the event pattern of a triggered or replacement
// ability at part pi, followed by a comma; it returns the part after
// the comma.
func (r *reader) trigger(pi int) (*meaning.Phrase, int, bool) {
	p, end, ok := r.pattern(pi, false, func(end int) bool { return r.word(end) == "," })
	if !ok {
		return nil, end, false
	}
	return p, end + 1, true
}

// pattern reads an event pattern at part pi that follow accepts the end
// of; once says it must be a delayed trigger's ("the next end step"). It
// names the event of the ability (the context's) and what the pattern
// names.
func (r *reader) pattern(pi int, once bool, follow func(end int) bool) (*meaning.Phrase, int, bool) {
	parts := r.parts[pi:]
	for _, m := range r.v.MatchOracle(parts, vocab.ModePattern, r.opts(parts, pi)) {
		t := m.Alts[0].Template
		if t.Once != once || !follow(pi+m.End) {
			continue
		}
		ev := r.b.Event(t.Event.Name)
		p, mentions := r.b.Pattern(&vocab.Match{Alts: m.Alts, Event: t.Event}, ev)
		r.ctx.event, r.ctx.eventKind = ev, t.Event.Name
		// The objects and players of the event that the pattern does not
		// name may be referred to too, but after those it names: "At
		// the beginning of each player's draw step, ... that player".
		for _, f := range t.Event.Fields {
			if m.Alts[0].Args[f.Name] == nil && (f.Type.Kind == vocab.KObject || f.Type.Kind == vocab.KPlayer) {
				r.ctx.mentions = append(r.ctx.mentions, meaning.Mention{Ref: ev + "." + f.Name, Player: f.Type.Kind == vocab.KPlayer})
			}
		}
		r.ctx.mentions = append(r.ctx.mentions, mentions...)
		return p, pi + m.End, true
	}
	r.expect(pi, "an event")
	return nil, pi, false
}

// enters reads how the permanent enters: "Protean Hydra enters the
// battlefield with X +1/+1 counters on it."
func (r *reader) enters() ([]*meaning.Ability, bool) {
	r.ctx.enters = true
	parts, end := r.parts, r.end
	x, from, stop, where := r.whereX(0)
	if where && r.end(stop) {
		// "... enters the battlefield with X +1/+1 counters on it,
		// where X is the number of creatures you control."
		parts, end = r.parts[:from], func(pi int) bool { return pi == from }
	}
	for _, m := range r.v.MatchOracle(parts, vocab.ModeAction, r.opts(parts, 0)) {
		if m.Alts[0].Template.Func.Context != "enters" || !end(m.End) {
			continue
		}
		p, _ := r.b.Action(m.Alts[0], m.Phrases[0]...)
		if len(parts) < len(r.parts) {
			st := meaning.Stmt{Phrase: p}
			substitute(&st, "X", x)
			p = st.Phrase
		}
		return []*meaning.Ability{r.finish(&meaning.Ability{Kind: meaning.Enters, Effect: p})}, true
	}
	return nil, false
}

// static reads static abilities: rules and continuous effects of the
// vocabulary, one after another ("Enchanted creature gets +2/+2 and has
// ..." is two). A paragraph may begin with the condition of its effects,
// "As long as CONDITION, ..." (CR 611.3): each has it. Their subject may
// be the card and other objects, "Vampire Nocturnus and other Vampire
// creatures you control get +2/+1 and have flying": the effects of each.
func (r *reader) static() ([]*meaning.Ability, bool) {
	var cond *meaning.Cond
	start := 0
	if r.wordsAt(0, []string{"as", "long", "as"}) {
		c, end, ok := r.condition(3, func(e int) bool { return r.word(e) == "," })
		if !ok {
			r.expect(3, "a condition")
			return nil, false
		}
		cond, start = c, end+1
	}
	out, ok := r.staticOf(start)
	for _, a := range out {
		a.If = cond
	}
	return out, ok
}

// staticOf reads static abilities from part pi, whose subject may be
// "this and other FILTER": the effects on this, then those on the
// others.
func (r *reader) staticOf(pi int) ([]*meaning.Ability, bool) {
	if r.word(pi) != "this" || r.word(pi+1) != "and" || r.word(pi+2) != "other" {
		return r.staticAt(r.parts, 0, pi)
	}
	for _, f := range r.filtersAt(r.parts, pi+2, true) {
		if f.Filter.Det != "other" {
			continue
		}
		self := append([]*dsl.Part{r.parts[pi]}, r.parts[f.Next:]...)
		mine, ok := r.staticAt(self, f.Next-1, 0)
		if !ok {
			continue
		}
		others, ok := r.staticAt(r.parts, 0, pi+2)
		if !ok {
			return nil, false
		}
		return append(mine, others...), true
	}
	return r.staticAt(r.parts, 0, pi)
}

// staticAt reads static abilities from part pi of parts, which begin at
// part base of the paragraph.
func (r *reader) staticAt(parts []*dsl.Part, base, pi int) ([]*meaning.Ability, bool) {
	var out []*meaning.Ability
	for {
		rest := parts[pi:]
		var read *vocab.OracleMatch
		for _, m := range r.v.MatchOracle(rest, vocab.ModeRule, r.opts(rest, base+pi)) {
			end := pi + m.End
			if wordOf(parts, end) == "for" && wordOf(parts, end+1) == "each" {
				// "Each creature gets +1/+1 for each other creature ...".
				next, ok := r.effectForEach(parts, end+2, &m)
				if !ok {
					continue
				}
				end, m.End = next, next-pi
			}
			if next, ok := r.effectWhereX(parts, end, &m); ok {
				// "Enchanted creature gets +X/+X, where X is the number
				// of creatures you control."
				end, m.End = next, next-pi
			}
			if w := wordOf(parts, end); end == len(parts) || w == "." || w == "and" || w == "," && wordOf(parts, end+1) == "and" {
				read = &m
				break
			}
		}
		if read == nil {
			r.expect(base+pi, "a rule or a continuous effect")
			return nil, false
		}
		alt := read.Alts[0]
		out = append(out, &meaning.Ability{Kind: meaning.Static, Effect: r.b.Static(alt, read.Phrases[0]...)})
		r.subject(rest, *read)
		end := pi + read.End
		switch w := wordOf(parts, end); {
		case end == len(parts) || w == "." && end == len(parts)-1:
			for _, a := range out {
				r.finish(a)
			}
			return out, true
		case w == ".":
			pi = end + 1
		case r.ctx.subj != nil:
			// "... and has flying": the same objects; "..., and its
			// activated abilities can't be activated": theirs.
			next := end + 1
			if w == "," {
				next++
			}
			rest := parts[next:]
			subj := []*dsl.Part{subjectPart()}
			if wordOf(rest, 0) == "its" {
				subj, rest, next = append(subj, word("'s")), rest[1:], next+1
			}
			parts, base, pi = append(subj, rest...), base+next-len(subj), 0
		default:
			r.expect(base+end, `"."`)
			return nil, false
		}
	}
}

// effectWhereX reads ", where X is NUMBER" at part pi, after a
// continuous effect whose power/toughness change has X (m's reading):
// what X is, computed whenever the effect applies, as the language's
// `gets +X/+X where X is N` says (vocab.Arg.Where). It returns where the
// number ends, which must end the sentence.
func (r *reader) effectWhereX(parts []*dsl.Part, pi int, m *vocab.OracleMatch) (int, bool) {
	if wordOf(parts, pi) == "," {
		pi++
	}
	if wordOf(parts, pi) != "where" || pi+2 >= len(parts) || parts[pi+1].Word() != "X" || wordOf(parts, pi+2) != "is" {
		return 0, false
	}
	alt := m.Alts[0]
	pt := alt.Args["power/toughness"]
	if pt == nil || pt.Kind != vocab.ArgPT || pt.PowerX == 0 && pt.ToughnessX == 0 {
		return 0, false
	}
	at := pi + 3
	var x *vocab.Arg
	next := at
	if v, n := r.count(parts, at); v != nil {
		x, next = &vocab.Arg{Kind: vocab.ArgCount, Pos: parts[at].Pos, Type: vocab.Type{Kind: vocab.KNumber}, Filter: v.Count}, n
	} else if as := r.numbers(parts, at); len(as) > 0 {
		x, next = as[0].Arg, as[0].Next
	}
	if x == nil || next < len(parts) && wordOf(parts, next) != "." {
		r.expect(at, "a number (the number of creatures you control...)")
		return 0, false
	}
	q := *pt
	q.Where = x
	a := *alt
	a.Args = maps.Clone(alt.Args)
	a.Args["power/toughness"] = &q
	m.Alts = append([]*vocab.Alt{&a}, m.Alts[1:]...)
	return next, true
}

// effectForEach reads "for each FILTER" after a continuous effect's
// wording, from part pi: its quantity (its +N/+M, or its one number) is
// that many for each permanent the filter describes, counted for each
// object the effect applies to, which the filter calls "it" (vocab.
// Affected: Coat of Arms' "for each other creature on the battlefield
// that shares at least one creature type with it"). It gives m's
// alternative the quantity marked so (vocab.Arg.ForEach), as the card
// language's matcher does, and returns where the filter ends.
func (r *reader) effectForEach(parts []*dsl.Part, pi int, m *vocab.OracleMatch) (int, bool) {
	alt := m.Alts[0]
	t := alt.Template
	if t.Func == nil || !t.Func.Effect || len(t.Func.Params) == 0 || t.Func.Params[0].Type.Kind != vocab.KObject {
		return 0, false
	}
	slot := ""
	for name, a := range alt.Args {
		typ, _ := t.SlotType(name)
		switch {
		case a == nil:
		case name == "power/toughness" && a.Kind == vocab.ArgPT, typ.Kind == vocab.KNumber && (a.Kind == vocab.ArgConst || a.Kind == vocab.ArgExpr):
			if slot != "" {
				return 0, false // which quantity it multiplies is not said
			}
			slot = name
		}
	}
	if slot == "" {
		return 0, false
	}
	// "it" in the filter is the object the effect applies to.
	r.ctx.mentions = append(r.ctx.mentions, meaning.Mention{Ref: vocab.Affected})
	fs := r.filtersAt(parts, pi, true)
	r.ctx.mentions = r.ctx.mentions[:len(r.ctx.mentions)-1]
	for _, f := range fs {
		g := f.Filter
		if f.Next < len(parts) && !clauseEnds[wordOf(parts, f.Next)] || g.Yields.Kind != vocab.KObject || g.Det != "" && g.Det != "other" {
			continue
		}
		q := *alt.Args[slot]
		q.ForEach = g
		a := *alt
		a.Args = maps.Clone(alt.Args)
		a.Args[slot] = &q
		m.Alts = append([]*vocab.Alt{&a}, m.Alts[1:]...)
		return f.Next, true
	}
	r.expect(pi, "a filter (land you control...)")
	return 0, false
}

// replacement reads a replacement effect: "If PATTERN, BODY [instead]."
func (r *reader) replacement() ([]*meaning.Ability, bool) {
	if r.word(0) == "all" {
		return r.replacementOfAll()
	}
	if r.word(0) == "prevent" && r.word(1) == "all" {
		return r.preventionOfAll()
	}
	if r.word(0) != "if" {
		r.expect(0, `"If"`)
		return nil, false
	}
	r.ctx.replace = true
	trig, pi, ok := r.trigger(1)
	if !ok {
		return nil, false
	}
	body, _, ok := r.body(pi, nil)
	if !ok {
		return nil, false
	}
	return []*meaning.Ability{r.finish(&meaning.Ability{Kind: meaning.Replacement, Trigger: trig, Body: body})}, true
}

// replacementOfAll reads a replacement effect Oracle text says of all
// the events it replaces: "All damage that would be dealt to you or
// another permanent you control is dealt to Palisade Giant instead." is
// "If damage would be dealt to you or another permanent you control,
// that damage is dealt to Palisade Giant instead."
func (r *reader) replacementOfAll() ([]*meaning.Ability, bool) {
	if len(r.parts) < 4 || r.word(2) != "that" {
		r.expect(0, `"If"`)
		return nil, false
	}
	r.ctx.replace = true
	noun := r.parts[1]
	saved := r.parts
	r.parts = append([]*dsl.Part{noun}, saved[3:]...)
	trig, end, ok := r.pattern(0, false, func(e int) bool { w := r.word(e); return w == "is" || w == "are" })
	if !ok {
		r.parts = saved
		return nil, false
	}
	r.parts = append([]*dsl.Part{word("that"), noun}, r.parts[end:]...)
	body, _, ok := r.body(0, nil)
	r.parts = saved
	if !ok {
		return nil, false
	}
	return []*meaning.Ability{r.finish(&meaning.Ability{Kind: meaning.Replacement, Trigger: trig, Body: body})}, true
}

// preventionOfAll reads a prevention effect Oracle text says of all the
// damage it prevents: "Prevent all noncombat damage that would be dealt
// to equipped creature." is "If noncombat damage would be dealt to
// equipped creature, prevent that damage." (CR 615.1a).
func (r *reader) preventionOfAll() ([]*meaning.Ability, bool) {
	that := slices.IndexFunc(r.parts, func(p *dsl.Part) bool { return strings.EqualFold(p.Word(), "that") })
	if that < 3 || that > 4 || r.word(that-1) != "damage" {
		r.expect(0, `"If"`)
		return nil, false
	}
	r.ctx.replace = true
	saved := r.parts
	r.parts = append(slices.Clone(saved[2:that]), saved[that+1:]...)
	trig, end, ok := r.pattern(0, false, func(e int) bool { return e >= len(r.parts) || r.word(e) == "." })
	if !ok {
		r.parts = saved
		return nil, false
	}
	r.parts = append([]*dsl.Part{word("prevent"), word("that"), word("damage")}, r.parts[end:]...)
	body, _, ok := r.body(0, nil)
	r.parts = saved
	if !ok {
		return nil, false
	}
	return []*meaning.Ability{r.finish(&meaning.Ability{Kind: meaning.Replacement, Trigger: trig, Body: body})}, true
}

// spell reads what an instant or sorcery does: sentences of actions.
func (r *reader) spell() ([]*meaning.Ability, bool) {
	body, _, ok := r.body(0, nil)
	if !ok {
		return nil, false
	}
	return []*meaning.Ability{r.finish(&meaning.Ability{Kind: meaning.Spell, Body: body})}, true
}

// withMana is an ability whose one action adds other mana: the other
// ability of "Add {B} or {R}".
func (r *reader) withMana(a *meaning.Ability, mana string) *meaning.Ability {
	b := *a
	b.Body = slices.Clone(a.Body)
	for i := range b.Body {
		st := &b.Body[i]
		if st.Phrase == nil || st.Phrase.Arg("mana") == nil {
			continue
		}
		old := st.Phrase.Arg("mana")
		p := *st.Phrase
		p.Args = slices.Clone(p.Args)
		for j := range p.Args {
			if p.Args[j].Name == "mana" {
				arg := *old.Arg
				arg.Name, arg.Written = mana, mana
				p.Args[j].Value = &meaning.Value{Key: "mana:" + strings.ToUpper(mana), Say: mana, Arg: &arg}
			}
		}
		p.Say = strings.Replace(p.Say, old.Say, mana, 1)
		st.Phrase = &p
		break
	}
	return &b
}
