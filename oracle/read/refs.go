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
	pi                     int
	want                   vocab.Type
	affected, action, rule bool
}

// hook is the hook of a reading of parts. Its answers are remembered:
// every wording with a slot at a part asks for the same.
func (r *reader) hook(parts []*dsl.Part) vocab.OracleHook {
	memo := map[hookKey][]vocab.OracleArg{}
	return func(t *vocab.Template, slot string, want vocab.Type, pi int) []vocab.OracleArg {
		key := hookKey{pi, want, t.Func != nil && t.Func.Effect && slot == t.Func.Params[0].Name, t.Func != nil && !t.Func.Effect, t.Rule != nil}
		if out, ok := memo[key]; ok {
			return out
		}
		out := r.names(parts, pi, want, key.affected)
		if key.action {
			out = append(r.attachedTo(parts, pi, want), out...)
		}
		if key.rule && want.Kind == vocab.KObject {
			out = append(out, r.each(parts, pi, want)...)
		}
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
			if affected && wordOf(parts, pi) == "each" {
				// "Each creature gets ...": the set the effect affects.
				return r.affected(parts, pi)
			}
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
		case vocab.KTargets:
			return r.targets(parts, pi)
		case vocab.KStep:
			return r.steps(parts, pi)
		}
		return nil
	}
}

// attachedTo are the readings at part pi, in a slot of an action or a
// query, of "enchanted NOUN" on an Aura and "equipped NOUN" on an
// Equipment: the one object it is attached to (CR 303.4, 301.5a), which
// an action names as the card language does, `this.attached_to` (a
// filter "enchanted creature" names the set a continuous effect or an
// event pattern watches, vocab.AttachedDet), and its possessives:
// "enchanted creature's controller", "equipped creature's power".
func (r *reader) attachedTo(parts []*dsl.Part, pi int, want vocab.Type) []vocab.OracleArg {
	if !r.attachedNoun(parts, pi) {
		return nil
	}
	pos := parts[pi].Pos
	var out []vocab.OracleArg
	add := func(field string, t vocab.Type, next int) {
		fields := []string{"attached_to"}
		if field != "" {
			fields = append(fields, field)
		}
		if want.Accepts(t) {
			out = append(out, vocab.OracleArg{Arg: refArg(pos, "this", fields, t), Next: next})
		}
	}
	if wordOf(parts, pi+2) == "'s" {
		if f, ok := playerFields[wordOf(parts, pi+3)]; ok {
			add(f, vocab.Type{Kind: vocab.KPlayer}, pi+4)
		}
		for _, f := range fieldWords {
			if r.v.Func(f.query) != nil && wordsAt(parts, pi+3, f.words) {
				add(f.query, vocab.Type{Kind: vocab.KNumber}, pi+3+len(f.words))
			}
		}
	}
	add("", vocab.Type{Kind: vocab.KObject}, pi+2)
	return out
}

// attachedNoun reports whether the words at part pi are "enchanted NOUN"
// on an Aura or "equipped NOUN" on an Equipment, NOUN a noun of a filter
// in the singular ("creature", "land", "permanent").
func (r *reader) attachedNoun(parts []*dsl.Part, pi int) bool {
	var sub string
	switch wordOf(parts, pi) {
	case "enchanted":
		sub = "Aura"
	case "equipped":
		sub = "Equipment"
	default:
		return false
	}
	if !slices.Contains(r.card.Subtypes, sub) || pi+1 >= len(parts) {
		return false
	}
	fw, ok := r.v.FilterWord(parts[pi+1].Word())
	return ok && fw.Noun && fw.Singular && !fw.Neg && fw.Name != "player" && fw.Name != "opponent"
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

// comparisons are how Oracle text compares a number of an object with
// another number, and the operator it means.
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

// compareWords are the numbers of an object a filter compares (CR 202.3,
// 208): their words, and the query that reads each.
var compareWords = []struct {
	words []string
	query string
}{
	{[]string{"mana", "value"}, "mana_value"},
	{[]string{"power"}, "power"},
	{[]string{"toughness"}, "toughness"},
}

// filtersAt reads the filters at part pi as the vocabulary does
// (vocab.Vocab.FiltersAt), and those the vocabulary's suffixes go on from
// with suffixes whose words refer to what Oracle text named: "with
// toughness less than Stone Giant's power" (the card language's `with
// toughness less than this.power`), "with mana value X or less", "that
// player controls" (`that_player controls`), "that shares a creature
// type with it". The vocabulary reads such suffixes in a card, where they
// are names of the card's scope; in Oracle text they are the reader's
// words, so the reader reads them, into the same filter. The longest come
// first.
func (r *reader) filtersAt(parts []*dsl.Part, pi int, each bool) []vocab.FilterAt {
	base := r.v.FiltersAt(parts, pi, each)
	var out []vocab.FilterAt
	for _, f := range base {
		out = append(out, r.referring(parts, f)...)
	}
	out = append(out, base...)
	slices.SortStableFunc(out, func(a, b vocab.FilterAt) int { return b.Next - a.Next })
	return out
}

// referring are a filter completed by one or more suffixes whose words
// refer (filtersAt), the longest first; none if no such suffix follows
// it.
func (r *reader) referring(parts []*dsl.Part, f vocab.FilterAt) []vocab.FilterAt {
	var out []vocab.FilterAt
	for _, g := range r.referringSuffix(parts, f) {
		out = append(out, r.referring(parts, g)...)
		out = append(out, g)
	}
	return out
}

// referringSuffix are a filter completed by one suffix whose words refer:
// a comparison with a number the reader reads ("with power less than
// its power"), a controller ("that player controls", "its controller
// controls"), a creature type shared with an object ("that shares a
// creature type with it").
func (r *reader) referringSuffix(parts []*dsl.Part, f vocab.FilterAt) []vocab.FilterAt {
	j := f.Next
	if f.Filter.Yields.Kind != vocab.KObject || j >= len(parts) {
		return nil
	}
	var out []vocab.FilterAt
	add := func(g *vocab.Filter, next int) {
		g.Text = f.Filter.Text + " " + r.said(parts, j, next)
		out = append(out, vocab.FilterAt{Filter: g, Next: next})
	}
	switch w := wordOf(parts, j); {
	case w == "with":
		for _, cw := range compareWords {
			if !wordsAt(parts, j+1, cw.words) {
				continue
			}
			at := j + 1 + len(cw.words)
			for _, c := range comparisons {
				var e *dsl.Sum
				var next int
				if c.before {
					if !wordsAt(parts, at, c.words) {
						continue
					}
					e, next = r.numberExpr(parts, at+len(c.words))
				} else {
					e, next = r.numberExpr(parts, at)
					if e == nil || !wordsAt(parts, next, c.words) {
						continue
					}
					next += len(c.words)
				}
				if e == nil {
					continue
				}
				g := *f.Filter
				g.Compares = append(slices.Clip(f.Filter.Compares), vocab.Compare{Query: cw.query, Op: c.op, Expr: e})
				add(&g, next)
			}
		}
	case w == "named" && wordOf(parts, j+1) == "this" && f.Filter.Named == "" && r.card.Name != "":
		// "for each other creature on the battlefield named Relentless
		// Rats": the card's own name (CR 201.2), which the card language
		// writes as a name in quotes.
		g := *f.Filter
		g.Named = r.card.Name
		r.byName = true
		add(&g, j+2)
	case w == "other" && wordOf(parts, j+1) == "than":
		// "a card other than a basic land card", "each creature other
		// than a Wall": the filter without what the exception describes
		// (except). "Other than ~" is the vocabulary's own suffix.
		for _, e := range r.v.FiltersAt(parts, j+2, true) {
			ex, zone := e.Filter, ""
			if ex.Zone != "" && f.Filter.Zone == "" {
				// "target creature card other than a Zombie card from
				// your graveyard": the zone is the filter's.
				z := *ex
				z.Zone, z.ZoneOwner = "", ""
				ex, zone = &z, e.Filter.Zone
			}
			g, ok := r.except(f.Filter, ex)
			if !ok || r.exceptionGoesOn(parts, e.Next) {
				continue
			}
			if zone != "" {
				g.Zone, g.ZoneOwner = zone, e.Filter.ZoneOwner
			}
			add(g, e.Next)
		}
	case w == "that" && wordOf(parts, j+1) == "shares":
		at := -1
		switch {
		case wordsAt(parts, j, []string{"that", "shares", "a", "creature", "type", "with"}):
			at = j + 6
		case wordsAt(parts, j, []string{"that", "shares", "at", "least", "one", "creature", "type", "with"}):
			at = j + 8
		}
		if at < 0 || f.Filter.Shares != nil || at >= len(parts) {
			break
		}
		objects := r.objects(parts, at, vocab.Type{Kind: vocab.KObject})
		if wordOf(parts, at) == "this" {
			objects = append(objects, vocab.OracleArg{Arg: refArg(parts[at].Pos, "this", nil, vocab.Type{Kind: vocab.KObject}), Next: at + 1})
		}
		for _, o := range objects {
			if o.Arg.Kind == vocab.ArgExpr {
				g := *f.Filter
				g.Shares = o.Arg.Expr
				add(&g, o.Next)
			}
		}
	}
	if f.Filter.Control == "" && f.Filter.Zone == "" {
		// "that player controls", "its controller controls".
		for _, o := range r.objects(parts, j, vocab.Type{Kind: vocab.KPlayer}) {
			if o.Arg.Kind != vocab.ArgExpr || wordOf(parts, o.Next) != "controls" {
				continue
			}
			g := *f.Filter
			g.Control, g.ControlledBy = "player", o.Arg.Expr
			add(&g, o.Next+1)
		}
	}
	return out
}

// numberExpr reads, at part pi, a number a filter compares with that
// the vocabulary's filters do not read in Oracle text: X, or the words
// that name a number ("Stone Giant's power", "its toughness", "that
// many"), as an expression over the reader's canonical names; nil if
// none, or if it is a constant (the vocabulary reads those).
func (r *reader) numberExpr(parts []*dsl.Part, pi int) (*dsl.Sum, int) {
	if pi >= len(parts) {
		return nil, pi
	}
	if parts[pi].Word() == "X" {
		return parts[pi].Expr, pi + 1
	}
	for _, a := range r.numbers(parts, pi) {
		if a.Arg.Kind == vocab.ArgExpr {
			return a.Arg.Expr, a.Next
		}
	}
	return nil, pi
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
	case determiners[w] || numberWords[w]:
		// A filter that goes on with suffixes whose words refer
		// (filtersAt): "target creature you control with toughness less
		// than Stone Giant's power", "target permanent that player
		// controls". The vocabulary reads the others itself.
		for _, f := range r.v.FiltersAt(parts, pi, false) {
			for _, g := range r.referring(parts, f) {
				if want.Accepts(g.Filter.Yields) {
					out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: pos, Type: g.Filter.Yields, Filter: g.Filter}, Next: g.Next})
				}
			}
		}
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
	case w == "the" && r.actedAt(parts, pi):
		// "the sacrificed creature", "the sacrificed creature's
		// controller".
		m, next, _ := r.acted(parts, pi)
		if wordOf(parts, next) == "'s" {
			player(m.Ref, next+1)
		}
		add(m.Ref, nil, vocab.Type{Kind: vocab.KObject}, next)
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
		for _, f := range r.filtersAt(parts, pi+1, true) {
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

// determiners begin a filter; numberWords a filter of a number of
// targets ("two target creatures", "up to one target creature", "any
// number of targets", "each of").
var (
	determiners = map[string]bool{"a": true, "an": true, "target": true, "another": true}
	numberWords = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
		"seven": true, "eight": true, "nine": true, "ten": true, "up": true, "any": true}
)

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
		if m := r.ctx.mentions[i]; !m.Player && !m.Set {
			return m.Ref, true
		}
	}
	return "", false
}

// targets are the readings at part pi of the words that fill a slot of
// targets (CR 115.1, 601.2c): "them", the targets of the last such slot
// ("Destroy one of them at random"); or targets joined by "and" whose
// filters go on with suffixes whose words refer (filtersAt), which the
// vocabulary does not read in Oracle text ("target creature that player
// controls and ...").
func (r *reader) targets(parts []*dsl.Part, pi int) []vocab.OracleArg {
	typ := vocab.Type{Kind: vocab.KTargets}
	if wordOf(parts, pi) == "them" {
		for i := len(r.ctx.mentions) - 1; i >= 0; i-- {
			if m := r.ctx.mentions[i]; m.Set {
				return []vocab.OracleArg{{Arg: refArg(parts[pi].Pos, m.Ref, nil, typ), Next: pi + 1}}
			}
		}
		return nil
	}
	var out []vocab.OracleArg
	var walk func(fs []*vocab.Filter, referring bool, at int)
	walk = func(fs []*vocab.Filter, referring bool, at int) {
		base := r.v.FiltersAt(parts, at, false)
		for _, f := range r.filtersAt(parts, at, false) {
			g := f.Filter
			if g.Det != "target" && g.Det != "any" || g.Zone != "" || g.Bind != "" {
				continue
			}
			more := slices.Clip(append(fs, g))
			ref := referring || !slices.ContainsFunc(base, func(b vocab.FilterAt) bool { return b.Filter == g })
			if wordOf(parts, f.Next) == "and" && len(more) < 8 {
				walk(more, ref, f.Next+1)
			}
			if ref {
				out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgTargets, Pos: parts[pi].Pos, Type: typ, Targets: more}, Next: f.Next})
			}
		}
	}
	walk(nil, false, pi)
	return out
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
		if m.Player || m.Set {
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
	case w == "the" && wordOf(parts, pi+3) == "'s" && r.actedAt(parts, pi):
		// "the sacrificed creature's power".
		m, _, _ := r.acted(parts, pi)
		field(m.Ref, pi+4)
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
	for _, f := range r.filtersAt(parts, pi+1, true) {
		if f.Filter.Det != "" || !wordsAt(parts, f.Next, []string{"on", "the", "battlefield"}) {
			continue
		}
		g := *f.Filter
		g.Det, g.Text = "a", "any "+f.Filter.Text+" on the battlefield"
		out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: want, Filter: &g}, Next: f.Next + 3})
	}
	return out
}

// each are the readings at part pi, in an object slot of a rule's
// wording, of a filter in the plural: the rule is about each object it
// describes, which an event pattern says with "a" ("Creatures you
// control can't have -1/-1 counters put on them": no -1/-1 counters put
// on a creature you control; "Counters can't be put on artifacts,
// creatures, enchantments, or lands": on an artifact or creature or
// enchantment or land).
func (r *reader) each(parts []*dsl.Part, pi int, want vocab.Type) []vocab.OracleArg {
	var out []vocab.OracleArg
	for _, f := range r.filtersAt(parts, pi, true) {
		if f.Filter.Det != "" || !want.Accepts(f.Filter.Yields) {
			continue
		}
		g := *f.Filter
		g.Det = "a"
		out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: f.Filter.Yields, Filter: &g}, Next: f.Next})
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
// opponents control", "each creature" (Coat of Arms: the card's
// `creatures`).
func (r *reader) affected(parts []*dsl.Part, pi int) []vocab.OracleArg {
	start, all, each := pi, wordOf(parts, pi) == "all", wordOf(parts, pi) == "each"
	if all || each {
		start++
	}
	var out []vocab.OracleArg
	for _, f := range r.filtersAt(parts, start, true) {
		if f.Filter.Det != "" && f.Filter.Det != "other" || f.Filter.Control != "" && !each {
			continue
		}
		if each {
			if w := f.Filter.Words; len(w) == 0 || !w[len(w)-1].Singular {
				continue
			}
			g := *f.Filter
			g.Text = "each " + g.Text
			out = append(out, vocab.OracleArg{Arg: &vocab.Arg{Kind: vocab.ArgFilter, Pos: parts[pi].Pos, Type: g.Yields, Filter: &g}, Next: f.Next})
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

// actedAt reports whether "the VERBed NOUN" at part pi refers to an
// object an action chose (acted).
func (r *reader) actedAt(parts []*dsl.Part, pi int) bool {
	_, _, ok := r.acted(parts, pi)
	return ok
}

// verbOf is the verb of an action's wording, in the base form: its first
// word ("sacrifice" of "sacrifice {objects}", of "{player} sacrifices
// {objects}").
func verbOf(t *vocab.Template) string {
	for _, it := range t.Items {
		if it.Word != "" {
			return vocab.BaseVerb(strings.ToLower(it.Word))
		}
	}
	return ""
}

// participle is the past participle of a regular verb in the base form:
// "sacrificed", "exiled", "destroyed", "revealed".
func participle(verb string) string {
	if strings.HasSuffix(verb, "e") {
		return verb + "d"
	}
	return verb + "ed"
}

// acted is what "the VERBed NOUN" at part pi refers to ("the sacrificed
// creature", "the exiled card", "the destroyed creature"): the object the
// last action of that verb chose, if it is a NOUN (CR 608.2h: its last
// known information is the engine's business; the words name that
// object), and the part after the noun.
func (r *reader) acted(parts []*dsl.Part, pi int) (meaning.Mention, int, bool) {
	if wordOf(parts, pi) != "the" {
		return meaning.Mention{}, pi, false
	}
	verbed, noun := wordOf(parts, pi+1), strings.TrimSuffix(wordOf(parts, pi+2), "s")
	for i := len(r.ctx.chosen) - 1; i >= 0; i-- {
		c := r.ctx.chosen[i]
		if c.verb == "" || participle(c.verb) != verbed {
			continue
		}
		for _, m := range r.ctx.mentions {
			if m.Ref == c.ref && (strings.EqualFold(m.Noun, noun) || genericNouns[noun] || m.Filter != nil && slices.ContainsFunc(m.Filter.Words, func(w vocab.FilterWord) bool { return !w.Neg && strings.EqualFold(w.Name, noun) })) {
				return m, pi + 3, true
			}
		}
		return meaning.Mention{}, pi, false
	}
	return meaning.Mention{}, pi, false
}

// qualityOf are the words an exception says together that are one
// quality: "basic land" is what the supertype basic makes a land (CR
// 205.4c), and only lands are basic, so "other than basic land cards"
// are the nonbasic cards, the card language's `nonbasic cards`.
var qualityOf = map[string]string{"basic": "land"}

// except is a filter without the objects an exception describes ("cards
// other than basic land cards", "a card other than a basic land card",
// "each creature other than a Wall"): the exception is an indefinite
// filter ("a", "an", or a plural without determiner) of some of the
// filter's own words and one quality more, which the filter then has
// negated ("nonbasic cards", "each non-Wall creature"): the objects of
// the filter that are not of the exception are those of the filter
// without that quality, since the filter says the exception's other
// words itself. False if the exception is not so: it says more than one
// quality, a word the filter says only as one of several joined by "or",
// a number, a controller, a target...
func (r *reader) except(base, ex *vocab.Filter) (*vocab.Filter, bool) {
	if ex.Det != "" && !isA(ex.Det) || ex.Another || ex.Count != nil || ex.Control != "" || ex.ControlledBy != nil ||
		len(ex.Compares) > 0 || len(ex.Keywords) > 0 || ex.Named != "" || ex.Shares != nil || ex.Zone != "" || ex.AttachedToThis ||
		ex.ChosenName || ex.OtherThanThis || ex.NotYou || ex.Everywhere || ex.Bind != "" || ex.Yields != base.Yields {
		return nil, false
	}
	// says reports whether the filter says w of every object it
	// describes: w is one of its words, and no "or" joins it to another.
	says := func(w vocab.FilterWord) bool {
		for i, x := range base.Words {
			if strings.EqualFold(x.Name, w.Name) && x.Neg == w.Neg && !x.Or && (i+1 == len(base.Words) || !base.Words[i+1].Or) {
				return true
			}
		}
		return false
	}
	var extra []vocab.FilterWord
	for _, w := range ex.Words {
		switch {
		case w.Or:
			return nil, false
		case says(w):
		case w.Neg:
			return nil, false // "other than nontoken cards"
		default:
			extra = append(extra, w)
		}
	}
	if len(extra) == 2 {
		// "basic land": one quality.
		for i, w := range extra {
			if implied, ok := qualityOf[strings.ToLower(w.Name)]; ok && strings.EqualFold(extra[1-i].Name, implied) {
				extra = []vocab.FilterWord{w}
				break
			}
		}
	}
	if len(extra) != 1 {
		return nil, false
	}
	// "non-" reads before any quality, a subtype's capital kept
	// ("non-Wall", "non-basic").
	neg, ok := r.v.FilterWord("non-" + extra[0].Name)
	if !ok || !neg.Neg {
		return nil, false
	}
	neg.Noun, neg.Singular, neg.Plural = false, false, false
	g := *base
	at := slices.IndexFunc(base.Words, func(w vocab.FilterWord) bool { return w.Noun })
	if at < 0 {
		at = len(base.Words)
	}
	g.Words = slices.Concat(base.Words[:at:at], []vocab.FilterWord{neg}, base.Words[at:])
	g.Text = base.Text + " other than " + ex.Text
	return &g, true
}

// exceptionGoesOn reports whether an exception that ends at part next
// may go on with another filter as it could ("other than Walls and
// Humans", "other than a Wall or a Human"): the objects it describes
// would then be more than one quality, and it does not read ("... and
// target land" is no exception).
func (r *reader) exceptionGoesOn(parts []*dsl.Part, next int) bool {
	switch wordOf(parts, next) {
	case "and", "or", ",":
		return slices.ContainsFunc(r.v.FiltersAt(parts, next+1, true), func(f vocab.FilterAt) bool {
			return f.Filter.Det == "" || isA(f.Filter.Det)
		})
	}
	return false
}

// isA reports whether a determiner is "a" or "an".
func isA(det string) bool { return det == "a" || det == "an" }

// exception reads, after an action that ends at part end of parts, "other
// than FILTER" that narrows its slot of objects ("Exile all cards from
// target player's graveyard other than basic land cards": the nonbasic
// cards, except): the reading with that slot narrowed, and the part
// after the exception.
func (r *reader) exception(parts []*dsl.Part, m vocab.OracleMatch, end int) (vocab.OracleMatch, int, bool) {
	if wordOf(parts, end) != "other" || wordOf(parts, end+1) != "than" {
		return m, end, false
	}
	alt := m.Alts[0]
	for _, param := range alt.Template.Func.Params {
		arg := alt.Args[param.Name]
		if param.Type.Kind != vocab.KObjects || arg == nil || arg.Kind != vocab.ArgFilter {
			continue
		}
		for _, f := range r.v.FiltersAt(parts, end+2, true) {
			g, ok := r.except(arg.Filter, f.Filter)
			if !ok || r.exceptionGoesOn(parts, f.Next) {
				continue
			}
			a := *arg
			a.Filter = g
			args := make(map[string]*vocab.Arg, len(alt.Args))
			for k, v := range alt.Args {
				args[k] = v
			}
			args[param.Name] = &a
			c := *alt
			c.Args = args
			out := m
			out.Alts = append([]*vocab.Alt{&c}, m.Alts[1:]...)
			return out, f.Next, true
		}
	}
	return m, end, false
}
