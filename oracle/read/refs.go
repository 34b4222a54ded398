package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/vocab"
)

// What Oracle's words refer to: the reader's hook into the vocabulary's
// matcher (vocab.OracleHook), which offers, where a slot wants a value,
// the readings of "it", "that creature", "its controller", "that many",
// "half X", "each creature"... as expressions over canonical names
// (meaning.Builder: "target.1", "event.attacker", "this").

// hookKey is what the hook's answer depends on, in one reading.
type hookKey struct {
	pi       int
	want     vocab.Type
	affected bool
}

// hook is the hook of a reading of parts. Its answers are remembered:
// every wording with a slot at a part asks for the same.
func (r *reader) hook(parts []*dsl.Part) vocab.OracleHook {
	memo := map[hookKey][]vocab.OracleArg{}
	return func(t *vocab.Template, slot string, want vocab.Type, pi int) []vocab.OracleArg {
		key := hookKey{pi, want, t.Func != nil && t.Func.Effect && slot == t.Func.Params[0].Name}
		if out, ok := memo[key]; ok {
			return out
		}
		out := r.names(parts, pi, want, key.affected)
		memo[key] = out
		return out
	}
}

// names are what the words at part pi can name, where a slot wants a
// value of type want; affected says the slot names the objects a
// continuous effect affects.
func (r *reader) names(parts []*dsl.Part, pi int, want vocab.Type, affected bool) []vocab.OracleArg {
	{
		switch want.Kind {
		case vocab.KObject, vocab.KPlayer, vocab.KTarget, vocab.KSpell:
			if affected {
				return append(r.objects(parts, pi, want), r.affected(parts, pi)...)
			}
			return r.objects(parts, pi, want)
		case vocab.KNumber:
			return r.numbers(parts, pi)
		case vocab.KEvent:
			return r.events(parts, pi, want)
		case vocab.KObjects:
			return r.sets(parts, pi, want)
		case vocab.KStep:
			return r.steps(parts, pi)
		}
		return nil
	}
}

// steps are the readings at part pi of a player's step: "each player's
// draw step" is each draw step.
func (r *reader) steps(parts []*dsl.Part, pi int) []vocab.OracleArg {
	if wordOf(parts, pi) != "player" || wordOf(parts, pi+1) != "'s" {
		return nil
	}
	var out []vocab.OracleArg
	for _, st := range r.v.Steps() {
		for _, words := range st.Words {
			if wordsAt(parts, pi+2, words) {
				out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgName, Pos: parts[pi].Pos, Type: vocab.Type{Kind: vocab.KStep}, Name: st.Name}, Next: pi + 2 + len(words)})
			}
		}
	}
	return out
}

// comparisons are how Oracle text compares a number with another, and
// the operator it means.
var comparisons = []struct {
	words  []string
	op     string
	before bool // the words come before the number ("less than N")
}{
	{[]string{"less", "than"}, "<", true},
	{[]string{"greater", "than"}, ">", true},
	{[]string{"equal", "to"}, "==", true},
	{[]string{"or", "less"}, "<=", false},
	{[]string{"or", "greater"}, ">=", false},
	{[]string{"or", "more"}, ">=", false},
}

// qualified are the filters at part pi that Oracle text qualifies with
// a comparison the vocabulary's filters do not read: "target creature
// you control with toughness less than Stone Giant's power".
func (r *reader) qualified(parts []*dsl.Part, pi int) []vocab.OracleArg {
	var out []vocab.OracleArg
	for _, f := range r.v.FiltersAt(parts, pi, false) {
		at := f.Next
		if wordOf(parts, at) != "with" || f.Filter.Yields.Kind != vocab.KObject {
			continue
		}
		for _, fw := range fieldWords {
			if !wordsAt(parts, at+1, fw.words) || fw.query == "life" {
				continue
			}
			num := at + 1 + len(fw.words)
			for _, c := range comparisons {
				var n *meaning.Value
				var end int
				if c.before {
					if !wordsAt(parts, num, c.words) {
						continue
					}
					n, end = r.number(parts, num+len(c.words))
				} else {
					n, end = r.number(parts, num)
					if n == nil || !wordsAt(parts, end, c.words) {
						continue
					}
					end += len(c.words)
				}
				if n == nil {
					continue
				}
				g := *f.Filter
				r.ctx.quals[&g] = qualifier{key: fw.query + c.op + n.Key, say: r.said(parts, at, end)}
				out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: g.Yields, Filter: &g}, Next: end})
			}
		}
	}
	return out
}

// number reads a number at part pi: digits, a number word, X, or what
// numbers reads; nil if none.
func (r *reader) number(parts []*dsl.Part, pi int) (*meaning.Value, int) {
	if pi >= len(parts) {
		return nil, pi
	}
	if n := numberOf(parts[pi]); n != "" {
		return &meaning.Value{Key: n, Say: n}, pi + 1
	}
	if n, ok := vocab.NumberWord(wordOf(parts, pi)); ok {
		return &meaning.Value{Key: fmt.Sprint(n), Say: wordOf(parts, pi)}, pi + 1
	}
	if parts[pi].Word() == "X" {
		return &meaning.Value{Key: "X", Say: "X"}, pi + 1
	}
	for _, a := range r.numbers(parts, pi) {
		return r.b.Value(a.Arg), a.Next
	}
	return nil, pi
}

// said is the text of parts i to j (not j) of parts made of the
// paragraph's, as the paragraph writes them.
func (r *reader) said(parts []*dsl.Part, i, j int) string {
	from := parts[i].Pos.Offset
	to := len(r.text)
	if j < len(parts) {
		to = parts[j].Pos.Offset
	}
	if from < 0 || to > len(r.text) || from > to {
		return ""
	}
	s := strings.TrimSpace(r.text[from:to])
	if r.card.Name != "" {
		s = strings.ReplaceAll(s, r.card.Name, meaning.Self)
	}
	return s
}

// qualifier is what Oracle text adds to a filter (meaning.Builder's
// Qualifier).
func (r *reader) qualifier(f *vocab.Filter) (key, say, need string) {
	q, ok := r.ctx.quals[f]
	if !ok {
		return "", "", ""
	}
	return q.key, q.say, `a filter comparing power or toughness ("with toughness less than ...")`
}

// refArg is an argument that names a canonical reference, with fields.
func refArg(pos dsl.Pos, ref string, fields []string, t vocab.Type) *vocab.Arg {
	e := &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Ref: &dsl.Ref{Name: ref, Fields: fields}}}}}
	return &vocab.Arg{Kind: vocab.ArgExpr, Pos: pos, Type: t, Expr: e}
}

// playerFields are the words after a possessive that name the player of
// an object.
var playerFields = map[string]string{"controller": "controller", "owner": "owner"}

// objects are the readings at part pi of words that name an object or a
// player: "it", "its controller", "that creature", "that creature's
// controller", "the player", "each creature", "Blood Artist or another
// creature", the subject of the clause before.
func (r *reader) objects(parts []*dsl.Part, pi int, want vocab.Type) []vocab.OracleArg {
	w := wordOf(parts, pi)
	pos := parts[pi].Pos
	var out []vocab.OracleArg
	add := func(ref string, fields []string, t vocab.Type, next int) {
		if want.Kind == vocab.KSpell && t.Kind == vocab.KObject && fields == nil {
			// "that spell", "it": an object named earlier, which the
			// slot reads as the spell it is (CR 112.1).
			t = want
		}
		if want.Accepts(t) {
			out = append(out, vocab.OracleArg{Arg: refArg(pos, ref, fields, t), Next: next})
		}
	}
	// A possessive that names a player: "its controller", "that
	// creature's owner".
	player := func(ref string, at int) {
		if f, ok := playerFields[wordOf(parts, at)]; ok {
			add(ref, []string{f}, vocab.Type{Kind: vocab.KPlayer}, at+1)
		}
	}
	switch {
	case determiners[w] && hasWith(parts, pi):
		out = append(out, r.qualified(parts, pi)...)
	case w == subjectWord:
		if s := r.ctx.subj; s != nil && want.Accepts(s.Type) {
			out = append(out, vocab.OracleArg{Arg: s, Next: pi + 1})
		}
	case w == "it":
		if ref, ok := r.it(); ok {
			add(ref, nil, vocab.Type{Kind: vocab.KObject}, pi+1)
		}
	case w == "its":
		if ref, ok := r.it(); ok {
			player(ref, pi+1)
		}
	case w == "that" || w == "the":
		if m, ok := r.that(wordOf(parts, pi+1)); ok {
			if wordOf(parts, pi+2) == "'s" {
				player(m.Ref, pi+3)
			}
			t := vocab.Type{Kind: vocab.KObject}
			if m.Player {
				t.Kind = vocab.KPlayer
			}
			add(m.Ref, nil, t, pi+2)
		}
	case w == "this" && wordOf(parts, pi+1) == "'s":
		player("this", pi+2)
	case w == "this" && wordOf(parts, pi+1) == "or" && wordOf(parts, pi+2) == "another":
		// "Blood Artist or another creature" is any creature, when the
		// card is one.
		for _, f := range r.v.FiltersAt(parts, pi+2, false) {
			if !r.cardIs(f.Filter) {
				continue
			}
			g := *f.Filter
			g.Det, g.Another, g.Text = "a", false, "this or "+f.Filter.Text
			out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: pos, Type: g.Yields, Filter: &g}, Next: f.Next})
		}
	case w == "each":
		for _, f := range r.v.FiltersAt(parts, pi+1, true) {
			// "each other player" (Det "other") is every player but you.
			if f.Filter.Det != "" && !(f.Filter.Det == "other" && f.Filter.Yields.Kind == vocab.KPlayer) || !want.Accepts(f.Filter.Yields) {
				continue
			}
			name := fmt.Sprintf("each@%d.%d", pos.Offset, f.Next)
			g := *f.Filter
			g.Text = "each " + f.Filter.Text
			r.ctx.eachs[name] = &g
			out = append(out, vocab.OracleArg{Arg: refArg(pos, name, nil, f.Filter.Yields), Next: f.Next})
		}
	}
	return out
}

// hasWith reports whether "with" follows part pi closely enough to
// qualify a filter there.
func hasWith(parts []*dsl.Part, pi int) bool {
	for i := pi + 1; i < len(parts) && i < pi+8; i++ {
		if wordOf(parts, i) == "with" {
			return true
		}
	}
	return false
}

// determiners begin a filter.
var determiners = map[string]bool{"a": true, "an": true, "target": true, "another": true}

// cardIs reports whether the card is what a filter's words say: each
// card type and subtype among its own.
func (r *reader) cardIs(f *vocab.Filter) bool {
	for _, w := range f.Words {
		switch {
		case w.Neg || w.Or:
			return false
		case w.Kind == vocab.KCardType && !slices.Contains(r.card.Types, w.Name):
			return false
		case w.Kind == vocab.KSubtype && !slices.Contains(r.card.Subtypes, w.Name):
			return false
		case w.Name == "player" || w.Name == "opponent":
			return false
		}
	}
	return true
}

// it is what "it" refers to: the object named last.
func (r *reader) it() (string, bool) {
	for i := len(r.ctx.mentions) - 1; i >= 0; i-- {
		if m := r.ctx.mentions[i]; !m.Player {
			return m.Ref, true
		}
	}
	return "", false
}

// genericNouns may refer to any object: "that card" is the creature
// card exiled, "that permanent" the creature.
var genericNouns = map[string]bool{"permanent": true, "card": true, "object": true, "source": true, "spell": true}

// that is what "that NOUN" refers to: the last object (or player) named
// that is one.
func (r *reader) that(noun string) (meaning.Mention, bool) {
	n := strings.TrimSuffix(strings.ToLower(noun), "s")
	if n == "player" || n == "opponent" {
		for i := len(r.ctx.mentions) - 1; i >= 0; i-- {
			if m := r.ctx.mentions[i]; m.Player {
				return m, true
			}
		}
		return meaning.Mention{}, false
	}
	for i := len(r.ctx.mentions) - 1; i >= 0; i-- {
		m := r.ctx.mentions[i]
		if m.Player {
			continue
		}
		if strings.EqualFold(m.Noun, n) || genericNouns[n] {
			return m, true
		}
		if m.Filter != nil {
			for _, w := range m.Filter.Words {
				if strings.EqualFold(w.Name, n) && !w.Neg {
					return m, true
				}
			}
		}
		if m.Ref == "this" && (slices.Contains(r.card.Types, n) || slices.ContainsFunc(r.card.Subtypes, func(s string) bool { return strings.EqualFold(s, n) })) {
			return m, true
		}
	}
	return meaning.Mention{}, false
}

// fieldWords are how Oracle text names a number an object or a player
// has, and the query that reads it.
var fieldWords = []struct {
	words []string
	query string
}{
	{[]string{"power"}, "power"},
	{[]string{"toughness"}, "toughness"},
	{[]string{"mana", "value"}, "mana_value"},
	{[]string{"converted", "mana", "cost"}, "mana_value"},
	{[]string{"life", "total"}, "life"},
}

// numbers are the readings at part pi of words that name a number:
// "that many", "that much" (the event's amount), "half X", a possessive
// ("that creature's toughness", "its power", "Stone Giant's power", "your
// life total"), "the number of cards in your hand".
func (r *reader) numbers(parts []*dsl.Part, pi int) []vocab.OracleArg {
	w := wordOf(parts, pi)
	pos := parts[pi].Pos
	num := vocab.Type{Kind: vocab.KNumber}
	var out []vocab.OracleArg
	field := func(ref string, at int) {
		for _, f := range fieldWords {
			if r.v.Func(f.query) == nil || !wordsAt(parts, at, f.words) {
				continue
			}
			out = append(out, vocab.OracleArg{Arg: refArg(pos, ref, []string{f.query}, num), Next: at + len(f.words)})
		}
	}
	switch {
	case w == "that" && (wordOf(parts, pi+1) == "many" || wordOf(parts, pi+1) == "much"):
		if r.ctx.event != "" && r.v.Event(r.ctx.eventKind).Field("amount") != nil {
			out = append(out, vocab.OracleArg{Arg: refArg(pos, r.ctx.event, []string{"amount"}, num), Next: pi + 2})
		}
	case w == "half":
		if pi+1 < len(parts) && parts[pi+1].Expr != nil {
			x := parts[pi+1].Expr.Left.Left
			e := &dsl.Sum{Left: &dsl.Product{Left: x, Rest: []*dsl.ProductOp{{Op: "/", Right: &dsl.Unary{Primary: &dsl.Primary{Number: ptr("2")}}}}}}
			out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgExpr, Pos: pos, Type: num, Expr: e}, Next: pi + 2})
		}
	case w == "its":
		if ref, ok := r.it(); ok {
			field(ref, pi+1)
		}
	case w == "your":
		field("you", pi+1)
	case w == "this" && wordOf(parts, pi+1) == "'s":
		field("this", pi+2)
	case w == "that" && wordOf(parts, pi+2) == "'s":
		if m, ok := r.that(wordOf(parts, pi+1)); ok {
			field(m.Ref, pi+3)
		}
	case w == "the" && wordsAt(parts, pi, []string{"the", "number", "of", "cards", "in"}):
		// "the number of cards in your hand" (cards_in_hand).
		switch at := pi + 5; {
		case wordOf(parts, at) == "your" && wordOf(parts, at+1) == "hand":
			out = append(out, vocab.OracleArg{Arg: refArg(pos, "you", []string{"cards_in_hand"}, num), Next: at + 2})
		case wordOf(parts, at) == "that" && wordOf(parts, at+2) == "'s" && wordOf(parts, at+3) == "hand":
			if m, ok := r.that(wordOf(parts, at+1)); ok && m.Player {
				out = append(out, vocab.OracleArg{Arg: refArg(pos, m.Ref, []string{"cards_in_hand"}, num), Next: at + 4})
			}
		}
	}
	return out
}

func ptr(s string) *string { return &s }

// wordsAt reports whether the words of parts from pi are these.
func wordsAt(parts []*dsl.Part, pi int, words []string) bool {
	for i, w := range words {
		if wordOf(parts, pi+i) != w {
			return false
		}
	}
	return true
}

// events are the readings at part pi of words that name the event of
// the ability: "that damage", "that mana".
func (r *reader) events(parts []*dsl.Part, pi int, want vocab.Type) []vocab.OracleArg {
	if wordOf(parts, pi) != "that" || r.ctx.event == "" || r.ctx.eventKind != want.Event || pi+1 >= len(parts) {
		return nil
	}
	return []vocab.OracleArg{{Arg: refArg(parts[pi].Pos, r.ctx.event, nil, want), Next: pi + 2}}
}

// sets are the readings at part pi of words that describe objects for
// an action to look at: Oracle's "any creature on the battlefield" is a
// creature.
func (r *reader) sets(parts []*dsl.Part, pi int, want vocab.Type) []vocab.OracleArg {
	if wordOf(parts, pi) != "any" {
		return nil
	}
	var out []vocab.OracleArg
	for _, f := range r.v.FiltersAt(parts, pi+1, true) {
		if f.Filter.Det != "" || !wordsAt(parts, f.Next, []string{"on", "the", "battlefield"}) {
			continue
		}
		g := *f.Filter
		g.Det, g.Text = "a", "any "+f.Filter.Text+" on the battlefield"
		out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: want, Filter: &g}, Next: f.Next + 3})
	}
	return out
}

// fill gives a parameter an Oracle wording leaves out its value: the
// event being replaced (it produces twice as much of that mana
// instead), the object "it" names ("it had a -1/-1 counter on it").
func (r *reader) fill(param vocab.Field) *meaning.Value {
	switch param.Type.Kind {
	case vocab.KEvent:
		if r.ctx.event != "" && param.Type.Event == r.ctx.eventKind {
			return &meaning.Value{Key: r.ctx.event, Say: r.b.SayRef(r.ctx.event)}
		}
	case vocab.KObject:
		if ref, ok := r.it(); ok {
			return &meaning.Value{Key: ref, Say: r.b.SayRef(ref)}
		}
	}
	return nil
}

// granted is what the text of an ability an effect grants means, read
// as a paragraph of the object that has it ("this creature").
func (r *reader) granted(arg *vocab.Arg) *meaning.Ability {
	g := Paragraph(r.v, Card{Types: []string{"creature"}}, arg.Text)
	if g.Failure != nil || len(g.Abilities) != 1 {
		r.need("the granted ability " + fmt.Sprintf("%q", arg.Text))
		return nil
	}
	a := g.Abilities[0]
	a.Text = arg.Text
	return a
}

// affected are the readings at part pi of the words that name the set
// of objects a continuous effect affects, as Oracle text says it and a
// card's phrase does not: "all nonland permanents", "creatures your
// opponents control".
func (r *reader) affected(parts []*dsl.Part, pi int) []vocab.OracleArg {
	start, all := pi, wordOf(parts, pi) == "all"
	if all {
		start++
	}
	var out []vocab.OracleArg
	for _, f := range r.v.FiltersAt(parts, start, true) {
		if f.Filter.Det != "" && f.Filter.Det != "other" || f.Filter.Control != "" {
			continue
		}
		g := *f.Filter
		next := f.Next
		switch {
		case wordsAt(parts, next, []string{"your", "opponents", "control"}):
			g.Control, g.Text = "opponent", g.Text+" your opponents control"
			next += 3
		case !all:
			continue
		}
		if all {
			g.Text = "all " + g.Text
		}
		out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: g.Yields, Filter: &g}, Next: next})
	}
	return out
}
