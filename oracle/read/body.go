package read

import (
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/vocab"
)

// Bodies: sentences of statements.

// body reads sentences of statements from part pi to the end of the
// paragraph, or to the sentence stop says begins there (an activated
// ability's restriction). It returns the statements and where it
// stopped.
func (r *reader) body(pi int, stop func(int) bool) ([]meaning.Stmt, int, bool) {
	var out []meaning.Stmt
	for !r.end(pi) && (stop == nil || !stop(pi)) {
		if next, ok := r.noOp(pi); ok {
			pi = next
			continue
		}
		if next, ok := r.otherwise(pi, out); ok {
			pi = next
			continue
		}
		if st, next, ok, modal := r.modal(pi, stop); modal {
			if !ok {
				return nil, next, false
			}
			out = append(out, st)
			pi = next
			continue
		}
		stmts, next, ok := r.sentence(pi)
		if !ok {
			return nil, next, false
		}
		out = append(out, stmts...)
		pi = next
		switch {
		case pi >= len(r.parts):
		case r.word(pi) == ".":
			pi++
		default:
			r.expect(pi, `"."`)
			return nil, pi, false
		}
	}
	if len(out) == 0 {
		r.expect(pi, "an action")
		return nil, pi, false
	}
	return out, pi, true
}

// otherwise reads, at part pi, a sentence "Otherwise, ..." after one
// whose last statement is an "if" (or "if you can't") without an else: what happens when
// its condition does not hold, the card language's `else` (Lurking
// Predators: "If it's a creature card, put it onto the battlefield.
// Otherwise, you may put that card on the bottom of your library."). It
// returns the part after the sentence.
func (r *reader) otherwise(pi int, out []meaning.Stmt) (int, bool) {
	if r.word(pi) != "otherwise" || r.word(pi+1) != "," || len(out) == 0 {
		return pi, false
	}
	last := &out[len(out)-1]
	if last.Kind != meaning.If && last.Kind != meaning.Cant || last.Else != nil {
		return pi, false
	}
	r.b.Push()
	stmts, next, ok := r.sentence(pi + 2)
	r.b.Pop()
	if !ok {
		return pi, false
	}
	switch {
	case next >= len(r.parts):
	case r.word(next) == ".":
		next++
	default:
		r.expect(next, `"."`)
		return pi, false
	}
	last.Else = stmts
	return next, true
}

// modeCounts are how many modes Oracle's "Choose N —" chooses.
var modeCounts = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

// modal reads a modal choice at part pi (CR 700.2): "Choose one —", "Choose
// two —", "Choose one or both —", "Choose one or more —", then its modes,
// each after a bullet ("• Destroy target artifact."), to where stop says
// the body ends or to the end of the paragraph. Oracle text writes each
// mode in a paragraph of its own; the check reads the paragraphs of a
// modal ability as one (Modal). isModal says the words are a modal
// choice, read or not.
func (r *reader) modal(pi int, stop func(int) bool) (st meaning.Stmt, next int, ok, isModal bool) {
	n, known := modeCounts[r.word(pi+1)]
	if r.word(pi) != "choose" || !known {
		return st, pi, false, false
	}
	st = meaning.Stmt{Kind: meaning.Choose, Min: n, Max: n, Count: r.word(pi + 1)}
	j := pi + 2
	more := false
	if r.word(j) == "or" && (r.word(j+1) == "both" || r.word(j+1) == "more") {
		st.Count += " or " + r.word(j+1)
		if r.word(j+1) == "both" {
			st.Max = 2
		}
		more = r.word(j+1) == "more"
		j += 2
	}
	if r.word(j) != "—" {
		return st, pi, false, false
	}
	j++
	mentions := len(r.ctx.mentions)
	bullet := func(i int) bool { return r.word(i) == "•" || stop != nil && stop(i) }
	for r.word(j) == "•" {
		// Each mode reads on its own: "it" in one is no object of
		// another (CR 700.2: only the chosen modes happen).
		r.ctx.mentions, r.ctx.subj, r.ctx.last = r.ctx.mentions[:mentions], nil, nil
		r.b.Push()
		body, end, ok := r.body(j+1, bullet)
		r.b.Pop()
		if !ok {
			return st, end, false, true
		}
		st.Modes = append(st.Modes, body)
		j = end
	}
	r.ctx.mentions, r.ctx.subj, r.ctx.last = r.ctx.mentions[:mentions], nil, nil
	if len(st.Modes) == 0 {
		r.expect(j, `"•" and a mode`)
		return st, j, false, true
	}
	if more {
		st.Max = len(st.Modes)
	}
	return st, j, true, true
}

// noOps are sentences of Oracle text that say what the card language
// does anyway: its division rounds down (CR 107.1a).
var noOps = [][]string{{"round", "down", "each", "time"}, {"round", "down"}}

// noOp reads a sentence that says nothing the language does not do
// anyway, and returns the part after it.
func (r *reader) noOp(pi int) (int, bool) {
	for _, words := range noOps {
		if r.wordsAt(pi, words) && (r.end(pi+len(words)) || r.word(pi+len(words)) == ".") {
			return pi + len(words) + 1, true
		}
	}
	return 0, false
}

// sentence reads one sentence: clauses joined by "and", "then", ",
// then" or a comma, to its period (or the end of the paragraph). It
// returns where it stopped: the period, or the end.
func (r *reader) sentence(pi int) ([]meaning.Stmt, int, bool) {
	if r.word(pi) == "then" && pi > 0 && r.word(pi-1) == "." {
		// "... into your hand. Then shuffle your library.": a sentence
		// that goes on from the one before, as a clause after ", then"
		// does.
		pi++
	}
	if x, from, end, ok := r.whereX(pi); ok {
		// "..., where X is the number of Swamps you control": the
		// sentence without it, X that number.
		saved := r.parts
		r.parts = r.parts[:from]
		stmts, next, ok := r.sentence(pi)
		r.parts = saved
		if !ok || next != from {
			return nil, next, false
		}
		for i := range stmts {
			substitute(&stmts[i], "X", x)
		}
		return stmts, end, true
	}
	stmts, next, ok := r.clause(pi)
	if !ok {
		return r.sharedTail(pi)
	}
	for next < len(r.parts) && r.word(next) != "." {
		w, after := r.word(next), next+1
		switch {
		case w == "," && (r.word(next+1) == "then" || r.word(next+1) == "and"):
			after = next + 2
		case w == "and" || w == "then" || w == ",":
		default:
			r.expect(next, `"."`, `"and"`)
			return nil, next, false
		}
		var more []meaning.Stmt
		var n int
		ok := false
		if v := r.word(after); strings.HasSuffix(v, "s") && r.ctx.subj != nil {
			// "draws three cards, then discards three cards": a verb
			// of the third person goes on with the clause's subject,
			// not with "you" ("then discard" would).
			saved := r.ctx.subj
			more, n, ok = r.withSubject(after)
			if !ok {
				r.ctx.subj = saved
			}
		}
		if !ok {
			more, n, ok = r.clause(after)
		}
		if !ok {
			more, n, ok = r.withSubject(after)
		}
		if !ok {
			more, n, ok = r.conjunct(after)
		}
		if !ok {
			return nil, after, false
		}
		stmts = append(stmts, more...)
		next = n
	}
	return stmts, next, true
}

// whereX finds ", where X is NUMBER" ending the sentence that begins at
// part pi: the number, where the words begin (the comma), and where the
// sentence ends.
func (r *reader) whereX(pi int) (*meaning.Value, int, int, bool) {
	end := pi
	for end < len(r.parts) && r.word(end) != "." {
		end++
	}
	for i := pi + 1; i+4 < end; i++ {
		if !r.wordsAt(i, []string{",", "where"}) || r.parts[i+2].Word() != "X" || r.word(i+3) != "is" {
			continue
		}
		if x, next := r.count(r.parts, i+4); x != nil && next == end {
			return x, i, end, true
		}
		if x, next := r.number(r.parts, i+4); x != nil && next == end {
			return x, i, end, true
		}
	}
	return nil, 0, 0, false
}

// count reads "the number of FILTER" at part pi: how many permanents the
// filter describes, as the card language's count is.
func (r *reader) count(parts []*dsl.Part, pi int) (*meaning.Value, int) {
	if !wordsAt(parts, pi, []string{"the", "number", "of"}) {
		return nil, pi
	}
	for _, f := range r.filtersAt(parts, pi+3, true) {
		if f.Filter.Det != "" || f.Filter.Yields.Kind != vocab.KObject {
			continue
		}
		return &meaning.Value{Key: "count(" + r.b.FilterKey(f.Filter) + ")", Say: "the number of " + f.Filter.Text, Count: f.Filter}, f.Next
	}
	return nil, pi
}

// substitute gives the values of a statement that are name (X) the value
// x.
func substitute(st *meaning.Stmt, name string, x *meaning.Value) {
	if st.Phrase != nil {
		for i := range st.Phrase.Args {
			switch v := st.Phrase.Args[i].Value; {
			case v.Arg != nil && v.Arg.Kind == vocab.ArgPT && (v.Key == name || v.Key == "-"+name):
				// A side of "+X/+0", "-X/-X": X, or its opposite.
				side := *v
				side.Key = x.Key
				if v.Key != name {
					side.Key = meaning.Negate(x.Key)
				}
				side.Say, side.X = meaning.WhereSay(v.Say, name, x.Say), x
				st.Phrase.Args[i].Value = &side
			case v.Key == name:
				// X in any other number slot: X's value, keeping what
				// X is (X), as the card language's `where X is N` after
				// the phrase says it.
				nv := *x
				nv.X = x
				st.Phrase.Args[i].Value = &nv
				st.Phrase.Say = strings.Replace(st.Phrase.Say, v.Say, x.Say, 1)
			}
		}
	}
	for i := range st.Body {
		substitute(&st.Body[i], name, x)
	}
}

// clause reads one clause at part pi: "at PATTERN, ..." (a delayed
// trigger), "when PATTERN, ..." (a reflexive trigger), "for each FILTER,
// ..." (or a wording that begins so), "if CONDITION, ...", "you may
// ACTION", or an action.
func (r *reader) clause(pi int) ([]meaning.Stmt, int, bool) {
	switch w := r.word(pi); {
	case w == "at":
		return r.nested(pi, meaning.Delayed)
	case w == "when":
		return r.nested(pi, meaning.Reflexive)
	case w == "for" && r.word(pi+1) == "each":
		saved := r.ctx
		if stmts, n, ok := r.eachClause(pi); ok {
			return stmts, n, true
		}
		// A wording of the vocabulary that begins with "for each"
		// itself ("for each card exiled this way, search ...").
		r.ctx = saved
	case w == "if":
		return r.ifClause(pi)
	}
	stmts, n, ok := r.actionClause(r.parts, pi, pi)
	if !ok {
		if stmts, n, ok := r.may(pi); ok {
			return stmts, n, true
		}
	}
	return stmts, n, ok
}

// clauseEnds are the words that may follow an action in a clause.
var clauseEnds = map[string]bool{".": true, ",": true, "and": true, "then": true, "instead": true, "at": true, "for": true, "or": true}

// actionClause reads an action at part pi of parts (the paragraph's, or
// parts made of them; base is where pi is in the paragraph, for
// messages): the longest action of the vocabulary that reads there and
// ends the clause (after "other than FILTER", which narrows its slot of
// objects), then what may follow it ("for each FILTER", "at PATTERN",
// "instead", "or {R}").
func (r *reader) actionClause(parts []*dsl.Part, pi, base int) ([]meaning.Stmt, int, bool) {
	rest := parts[pi:]
	ms := r.v.MatchOracle(rest, vocab.ModeAction, r.opts(rest, base))
	// In a body, a reading whose slot of one object holds a filter a
	// player would choose from is a cost's ("sacrifice a creature" as
	// `sacrifice {object}`): the one whose action chooses (`sacrifice
	// {objects}`, which returns what was sacrificed) first, as the
	// compiler reads a card's body.
	sort.SliceStable(ms, func(i, j int) bool {
		return ms[i].End == ms[j].End && !ms[i].Alts[0].ChoosesInSlot() && ms[j].Alts[0].ChoosesInSlot()
	})
	// A phrase of the vocabulary that says "each" ("put a +1/+1 counter
	// on each creature you control") before a phrase and a loop.
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].End == ms[j].End && !r.loops(ms[i]) && r.loops(ms[j]) })
	for _, m := range ms {
		if !r.allowed(m.Alts[0].Template.Func) {
			continue
		}
		end := pi + m.End
		if narrowed, next, ok := r.exception(parts, m, end); ok {
			m, end = narrowed, next
		}
		if end < len(parts) && !clauseEnds[wordOf(parts, end)] {
			r.expect(base+m.End, `"."`, `"and"`)
			continue
		}
		if st, next, ok := r.accept(parts, pi, m, end); ok {
			return []meaning.Stmt{st}, next, true
		}
	}
	r.expect(base, "an action")
	return nil, pi, false
}

// chooser is the player who chooses in an action that chose an object,
// as a reference: its player ("you" by default, a reference the words
// named), or the target a filter of its player slot made ("target.1").
func chooser(p *meaning.Phrase, alt *vocab.Alt, mentions []meaning.Mention) string {
	v := p.Arg("player")
	if v == nil {
		return "you"
	}
	if arg := alt.Args["player"]; v.Target && arg != nil {
		for _, m := range mentions {
			if m.Filter == arg.Filter {
				return m.Ref
			}
		}
	}
	return v.Key
}

// loops reports whether a reading has "each FILTER" in a slot.
func (r *reader) loops(m vocab.OracleMatch) bool {
	for _, arg := range m.Alts[0].Args {
		if arg.Kind == vocab.ArgExpr {
			if _, ok := r.ctx.eachs[arg.Expr.Word()]; ok {
				return true
			}
		}
	}
	return false
}

// allowed reports whether an action can be said where the reader is:
// those of a replacement effect's body in one, and those of how a
// permanent enters only there.
func (r *reader) allowed(fi *vocab.FuncInfo) bool {
	switch fi.Context {
	case "replace":
		return r.ctx.replace
	case "enters":
		return r.ctx.enters
	}
	return true
}

// accept takes an action as read, and what follows it in the clause.
func (r *reader) accept(parts []*dsl.Part, pi int, m vocab.OracleMatch, end int) (meaning.Stmt, int, bool) {
	alt := m.Alts[0]
	var choice []string
	for wordOf(parts, end) == "or" && end+1 < len(parts) && parts[end+1].Mana != nil && alt.Args["mana"] != nil {
		choice = append(choice, *parts[end+1].Mana)
		end += 2
	}
	if wordOf(parts, end) == "or" {
		return meaning.Stmt{}, 0, false
	}
	// "each creature" in a slot: the action, for each of them.
	type loop struct {
		ref string
		f   *vocab.Filter
	}
	var loops []loop
	for _, slot := range slotOrder(alt.Template) {
		arg := alt.Args[slot]
		if arg == nil || arg.Kind != vocab.ArgExpr {
			continue
		}
		name := arg.Expr.Word()
		if f, ok := r.ctx.eachs[name]; ok && f.Yields.Kind == vocab.KPlayer {
			// "each player draws a card": the language does the action
			// for each player (in APNAP order), with the filter in the
			// player's slot, as a card writes it.
			g := *f
			g.Det, g.NotYou = "each", f.Det == "other"
			a := *arg
			a.Kind, a.Expr, a.Filter, a.Type = vocab.ArgFilter, nil, &g, g.Yields
			args := make(map[string]*vocab.Arg, len(alt.Args))
			for k, v := range alt.Args {
				args[k] = v
			}
			args[slot] = &a
			c := *alt
			c.Args = args
			alt = &c
			continue
		}
		if f, ok := r.ctx.eachs[name]; ok {
			ref := r.b.EachRef(f)
			r.b.Bind(name, ref)
			loops = append(loops, loop{ref, f})
		}
	}
	p, mentions := r.b.Action(alt, m.Phrases[0]...)
	if fi := alt.Template.Func; fi.Action && fi.Returns() {
		r.ctx.chosen = append(r.ctx.chosen, chosenBy{ref: r.b.LastChosen(), verb: verbOf(alt.Template), player: chooser(p, alt, mentions), phrase: p})
	}
	for _, mn := range mentions {
		// The objects "each creature" goes through are named for the
		// action only: "it" after it is not one of them.
		if !slices.ContainsFunc(loops, func(l loop) bool { return l.ref == mn.Ref }) {
			r.ctx.mentions = append(r.ctx.mentions, mn)
		}
	}
	r.subject(parts[pi:], m)
	r.ctx.last = &clause{parts: parts, from: pi, m: m}
	r.ctx.manaChoice = append(r.ctx.manaChoice, choice...)
	st := meaning.Stmt{Kind: meaning.Do, Phrase: p}
	for {
		switch w := wordOf(parts, end); {
		case w == "for" && wordOf(parts, end+1) == "each":
			next, ok := r.times(parts, end+2, p)
			if !ok {
				return meaning.Stmt{}, 0, false
			}
			end = next
			continue
		case w == "at" && sameParts(parts, r.parts):
			// "... at the beginning of the next end step": a delayed
			// triggered ability that does it.
			saved := r.ctx
			r.b.Push()
			pat, next, ok := r.pattern(end+1, true, func(e int) bool { return e >= len(r.parts) || clauseEnds[r.word(e)] })
			r.b.Pop()
			r.ctx.event, r.ctx.eventKind = saved.event, saved.eventKind
			if !ok {
				return meaning.Stmt{}, 0, false
			}
			st = meaning.Stmt{Kind: meaning.Delayed, Phrase: pat, Body: []meaning.Stmt{st}}
			end = next
			continue
		case w == "instead" && r.ctx.replace:
			end++
			continue
		}
		break
	}
	for i := len(loops) - 1; i >= 0; i-- {
		l := loops[i]
		st = meaning.Stmt{Kind: meaning.Each, Each: &meaning.Value{Key: r.b.FilterKey(l.f), Say: strings.TrimPrefix(l.f.Text, "each "), Filter: l.f}, Body: []meaning.Stmt{st}}
	}
	return st, end, true
}

// sameParts reports whether two lists of parts are the same list.
func sameParts(a, b []*dsl.Part) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// slotOrder lists the slots of a template in order, each once.
func slotOrder(t *vocab.Template) []string {
	var out []string
	for _, it := range t.Items {
		if it.Slot != "" && !slices.Contains(out, it.Slot) {
			out = append(out, it.Slot)
		}
	}
	return out
}

// times reads "for each FILTER" after an action, from part pi: the
// action's number is that many times as much ("you gain 1 life for each
// land you control" is life equal to the number of lands you control).
func (r *reader) times(parts []*dsl.Part, pi int, p *meaning.Phrase) (int, bool) {
	var num *meaning.Arg
	for i, a := range p.Args {
		for _, param := range p.Template.Func.Params {
			if param.Name == a.Name && param.Type.Kind == vocab.KNumber && a.Value.Arg != nil && a.Value.Arg.Kind != vocab.ArgPT {
				if num != nil {
					return 0, false // which number it multiplies is not said
				}
				num = &p.Args[i]
			}
		}
	}
	if num == nil {
		return 0, false
	}
	for _, f := range r.filtersAt(parts, pi, true) {
		if f.Next < len(parts) && !clauseEnds[wordOf(parts, f.Next)] || f.Filter.Yields.Kind != vocab.KObject {
			continue
		}
		key := "count(" + r.b.FilterKey(f.Filter) + ")"
		v := *num.Value
		if v.Key != "1" {
			key = "(" + v.Key + " * " + key + ")"
		}
		v.Key, v.Say, v.Count = key, v.Say+" for each "+f.Filter.Text, f.Filter
		num.Value = &v
		p.Say += " for each " + f.Filter.Text
		return f.Next, true
	}
	r.expect(pi, "a filter (land you control...)")
	return 0, false
}

// subject records the first slot of a clause's wording, when it begins
// with one: the subject a clause after "and" may share. A target is
// shared as a reference to it (the same object, not another target).
func (r *reader) subject(parts []*dsl.Part, m vocab.OracleMatch) {
	r.ctx.subj = nil
	alt := m.Alts[0]
	if len(alt.Template.Items) == 0 || alt.Template.Items[0].Slot == "" || alt.Template.Items[0].Slot == vocab.ThisSlot {
		return
	}
	arg := alt.Args[alt.Template.Items[0].Slot]
	if arg == nil {
		return
	}
	if arg.Kind == vocab.ArgFilter && (arg.Filter.Det == "target" || arg.Filter.Det == "any") {
		for i := len(r.ctx.mentions) - 1; i >= 0; i-- {
			if r.ctx.mentions[i].Filter == arg.Filter {
				r.ctx.subj = refArg(arg.Pos, r.ctx.mentions[i].Ref, nil, arg.Filter.Yields)
				return
			}
		}
		return
	}
	r.ctx.subj = arg
}

// subjectPart stands for the subject of the clause before.
func subjectPart() *dsl.Part { return word(subjectWord) }

// subjectWord is the word subjectPart is.
const subjectWord = "$subj"

// withSubject reads a clause at part pi that has no subject of its own
// ("and gains first strike until end of turn"), with the subject of the
// clause before.
func (r *reader) withSubject(pi int) ([]meaning.Stmt, int, bool) {
	if r.ctx.subj == nil {
		return nil, pi, false
	}
	virtual := append([]*dsl.Part{subjectPart()}, r.parts[pi:]...)
	stmts, n, ok := r.actionClause(virtual, 0, pi)
	if !ok {
		return nil, pi, false
	}
	return stmts, pi + n - 1, true
}

// conjunct reads, from part pi, the words after "and" that the clause
// before leaves out the beginning of: "it deals 3 damage to each
// creature and each player" is two actions, and so is "Goblin
// Artillery deals 2 damage to any target and 3 damage to you". The
// words the clause before read up to one of its slots, the last first,
// are read again before them.
func (r *reader) conjunct(pi int) ([]meaning.Stmt, int, bool) {
	last := r.ctx.last
	if last == nil {
		return nil, pi, false
	}
	t := last.m.Alts[0].Template
	var starts []int
	for i := len(t.Items) - 1; i > 0; i-- {
		slot := t.Items[i].Slot
		if slot == "" {
			continue
		}
		span, ok := last.m.Spans[0][slot]
		if !ok {
			continue
		}
		// From the slot, and from each word of the wording right before
		// it: "deals 3 damage to each creature and each player" goes on
		// from "to", not from "each" (the wording "deals {amount} damage
		// to each {objects}" read the words before).
		for k := 0; k < i && (k == 0 || t.Items[i-k].Word != ""); k++ {
			if at := span[0] - k; at > 0 && !slices.Contains(starts, at) {
				starts = append(starts, at)
			}
		}
	}
	for _, start := range starts {
		head := slices.Clone(last.parts[last.from : last.from+start])
		virtual := append(head, r.parts[pi:]...)
		saved := r.ctx.last
		stmts, n, ok := r.actionClause(virtual, 0, pi)
		if ok && len(stmts) > 0 && n > len(head) {
			return stmts, pi + n - len(head), true
		}
		r.ctx.last = saved
	}
	return nil, pi, false
}

// sharedTail reads a sentence whose clauses share a subject and an end
// ("target creature gets +1/+0 and gains first strike until end of
// turn"): each is read with the end, the second with the subject.
func (r *reader) sharedTail(pi int) ([]meaning.Stmt, int, bool) {
	e := pi
	for e < len(r.parts) && r.word(e) != "." {
		e++
	}
	tail := []string{"until", "end", "of", "turn"}
	if e-pi < len(tail)+3 || !r.wordsAt(e-len(tail), tail) {
		return nil, pi, false
	}
	for a := pi + 1; a < e-len(tail); a++ {
		if r.word(a) != "and" {
			continue
		}
		first := append(slices.Clone(r.parts[pi:a]), r.parts[e-len(tail):e]...)
		st1, n, ok := r.actionClause(first, 0, pi)
		if !ok || n != len(first) {
			continue
		}
		st2, next, ok := r.withSubject(a + 1)
		if !ok || next != e {
			continue
		}
		return append(st1, st2...), e, true
	}
	return nil, pi, false
}

// may reads "PLAYER may ACTION" at part pi (CR 608.2d): "you may gain 1
// life", "that player may draw a card", the card language's `you may
// ...` and `that_player may ...`. The player decides; an action whose
// player the vocabulary defaults to you is theirs ("that player may draw
// a card": that player draws), as the compiler reads it. A phrase of the
// vocabulary that says "may" itself ("you may pay {2} and sacrifice
// ...") is read as that phrase, before this.
func (r *reader) may(pi int) ([]meaning.Stmt, int, bool) {
	type subject struct {
		who *meaning.Value
		end int // the part of "may"
	}
	var subjects []subject
	if r.word(pi) == "you" {
		subjects = append(subjects, subject{&meaning.Value{Key: "you", Say: "you"}, pi + 1})
	}
	if !r.wordsAt(pi, []string{"you", "may"}) {
		for _, o := range r.objects(r.parts, pi, vocab.Type{Kind: vocab.KPlayer}) {
			if o.Arg.Kind == vocab.ArgExpr && r.word(o.Next) == "may" {
				subjects = append(subjects, subject{r.b.Value(o.Arg), o.Next})
			}
		}
	}
	for _, sub := range subjects {
		if sub.end+1 >= len(r.parts) || r.word(sub.end) != "may" {
			continue
		}
		saved := r.ctx
		stmts, n, ok := r.actionClause(r.parts, sub.end+1, sub.end+1)
		if !ok {
			// "you may gain 1 life": the action is "you gain 1 life";
			// "that player may gain 1 life", "that player gains 1 life".
			virtual := append(slices.Clone(r.parts[pi:sub.end]), r.parts[sub.end+1:]...)
			stmts, n, ok = r.actionClause(virtual, 0, sub.end+1)
			n += pi + 1
		}
		if !ok {
			r.ctx = saved
			continue
		}
		// The action may be inside a loop or a delayed trigger the
		// clause makes of it ("you may put ... at the beginning of the
		// next end step").
		st := &stmts[0]
		for (st.Kind == meaning.Delayed || st.Kind == meaning.Each) && len(st.Body) == 1 {
			st = &st.Body[0]
		}
		if st.Kind == meaning.Do {
			st.Kind, st.Who = meaning.May, sub.who
			meaning.DecidedBy(st.Phrase, sub.who)
		}
		return stmts, n, true
	}
	return nil, pi, false
}

// nested reads a triggered ability a body creates, at part pi: "at
// PATTERN, ..." (a delayed trigger, CR 603.7) or "when PATTERN, ..." (a
// reflexive trigger, CR 603.12).
func (r *reader) nested(pi int, kind meaning.StmtKind) ([]meaning.Stmt, int, bool) {
	saved := r.ctx
	r.b.Push()
	defer r.b.Pop()
	p, end, ok := r.pattern(pi+1, kind == meaning.Delayed, func(e int) bool { return r.word(e) == "," })
	if !ok {
		return nil, pi, false
	}
	body, next, ok := r.sentence(end + 1)
	r.ctx.event, r.ctx.eventKind = saved.event, saved.eventKind
	if !ok {
		return nil, next, false
	}
	return []meaning.Stmt{{Kind: kind, Phrase: p, Body: body}}, next, true
}

// eachClause reads "for each FILTER, ..." at part pi.
func (r *reader) eachClause(pi int) ([]meaning.Stmt, int, bool) {
	for _, f := range r.filtersAt(r.parts, pi+2, true) {
		if r.word(f.Next) != "," {
			continue
		}
		r.b.Push()
		ref := r.b.EachRef(f.Filter)
		r.ctx.mentions = append(r.ctx.mentions, meaning.Mention{Ref: ref, Noun: meaning.Noun(f.Filter), Player: f.Filter.Yields.Kind == vocab.KPlayer, Filter: f.Filter})
		body, next, ok := r.sentence(f.Next + 1)
		r.b.Pop()
		if !ok {
			return nil, next, false
		}
		if f.Filter.Yields.Kind != vocab.KObject || f.Filter.Zone != "" {
			r.need(`"for each" over players or cards`)
		}
		return []meaning.Stmt{{Kind: meaning.Each, Each: &meaning.Value{Key: r.b.FilterKey(f.Filter), Say: f.Filter.Text, Filter: f.Filter}, Body: body}}, next, true
	}
	r.expect(pi+2, "a filter (other attacking creature you control...)")
	return nil, pi, false
}

// didWords are the decisions "if" reads (CR 608.2c): "If you do, ...",
// "If you don't, ...", "If they do, ..." after another player's "may".
var didWords = [][]string{{"you", "do"}, {"you", "don't"}, {"they", "do"}, {"they", "don't"}}

// ifClause reads "if CONDITION, ..." at part pi.
func (r *reader) ifClause(pi int) ([]meaning.Stmt, int, bool) {
	if who, end, ok := r.cant(pi + 1); ok {
		r.b.Push()
		body, next, ok := r.sentence(end + 1)
		r.b.Pop()
		if !ok {
			return nil, next, false
		}
		return []meaning.Stmt{{Kind: meaning.Cant, Who: who, Body: body}}, next, true
	}
	cond, end, ok := r.condition(pi+1, func(e int) bool { return r.word(e) == "," })
	for _, did := range didWords {
		if r.wordsAt(pi+1, did) && r.word(pi+3) == "," {
			cond, end, ok = &meaning.Cond{Did: strings.Join(did, " "), Say: strings.Join(did, " ")}, pi+3, true
		}
	}
	if !ok {
		r.expect(pi+1, "a condition")
		return nil, pi, false
	}
	r.b.Push()
	body, next, ok := r.sentence(end + 1)
	r.b.Pop()
	if !ok {
		return nil, next, false
	}
	return []meaning.Stmt{{Kind: meaning.If, Cond: cond, Body: body}}, next, true
}

// cant reads, at part pi after "if", "you can't", "they can't" or
// "PLAYER can't", then a comma or the action it repeats and a comma
// ("If you can't sacrifice a creature, ..."): the condition of the card
// language's `if you can't { ... }`, that the player who chose in the
// last action that chose an object had nothing to choose. The player is
// that action's; "they" is that player, who must be the one the words
// name, and the action repeated must be that action (its filter may say
// less: "sacrifice a creature" of "sacrifice a creature other than ~").
// It returns the player and the part of the comma.
func (r *reader) cant(pi int) (*meaning.Value, int, bool) {
	if len(r.ctx.chosen) == 0 {
		return nil, pi, false
	}
	last := r.ctx.chosen[len(r.ctx.chosen)-1]
	var who *meaning.Value
	j := pi + 1
	switch r.word(pi) {
	case "you":
		who = &meaning.Value{Key: "you", Say: "you"}
	case "they":
		who = &meaning.Value{Key: last.player, Say: r.b.SayRef(last.player)}
	default:
		for _, o := range r.objects(r.parts, pi, vocab.Type{Kind: vocab.KPlayer}) {
			if o.Arg.Kind == vocab.ArgExpr && r.word(o.Next) == "can't" {
				who, j = r.b.Value(o.Arg), o.Next
				break
			}
		}
	}
	if who == nil || r.word(j) != "can't" || who.Key != last.player {
		return nil, pi, false
	}
	j++
	if r.word(j) == "," {
		return who, j, true
	}
	rest := r.parts[j:]
	for _, m := range r.v.MatchOracle(rest, vocab.ModeAction, r.opts(rest, j)) {
		if r.word(j+m.End) == "," && slices.ContainsFunc(m.Alts, func(a *vocab.Alt) bool { return a.Template.Func == last.phrase.Template.Func }) {
			return who, j + m.End, true
		}
	}
	r.expect(j, `","`)
	return nil, pi, false
}

// condition reads a condition at part pi that follow accepts the end
// of: a phrase of the vocabulary's queries ("it had a -1/-1 counter on
// it"), or "OBJECT is [not] ADJECTIVE" ("Howling Mine is untapped"),
// which is the expression `OBJECT.is_ADJECTIVE`.
func (r *reader) condition(pi int, follow func(end int) bool) (*meaning.Cond, int, bool) {
	rest := r.parts[pi:]
	for _, m := range r.v.MatchOracle(rest, vocab.ModeCondition, r.opts(rest, pi)) {
		if !follow(pi + m.End) {
			continue
		}
		p, _ := r.b.Action(m.Alts[0], m.Phrases[0]...)
		return &meaning.Cond{Phrase: p, Say: p.Say}, pi + m.End, true
	}
	objects := r.objects(r.parts, pi, vocab.Type{Kind: vocab.KObject})
	if r.word(pi) == "this" {
		objects = append(objects, vocab.OracleArg{Arg: refArg(r.parts[pi].Pos, "this", nil, vocab.Type{Kind: vocab.KObject}), Next: pi + 1})
	}
	for _, o := range objects {
		if c, end, ok := r.isCard(pi, o, follow); ok {
			return c, end, true
		}
		if o.Arg.Kind != vocab.ArgExpr || r.word(o.Next) != "is" {
			continue
		}
		j, neg := o.Next+1, ""
		if r.word(j) == "not" {
			j, neg = j+1, "not "
		}
		adj := r.word(j)
		if !slices.Contains(r.v.Adjectives(), adj) || !follow(j+1) {
			continue
		}
		ref := r.b.Resolve(o.Arg.Expr.Left.Left.Primary.Ref.Name)
		say := r.b.SayRef(ref) + " is " + strings.TrimSpace(neg+adj)
		return &meaning.Cond{Expr: neg + ref + ".is_" + adj, Say: say}, j + 1, true
	}
	return r.searchedFor(pi, follow)
}

// isCard reads, after the words of an object at part pi, "is a TYPE card" or, after
// "it", "'s a TYPE card" ("If it's a creature card", Lurking Predators):
// whether the object — a card revealed, found, exiled — has that card
// type (CR 205.2a: "a creature card" is any card with the type creature,
// whatever its other types), the expression `OBJECT.is_TYPE` of a type
// the vocabulary tests with a query (isTypeQuery); "a nonTYPE card" is
// its negation, `not OBJECT.is_TYPE`.
func (r *reader) isCard(pi int, o vocab.OracleArg, follow func(end int) bool) (*meaning.Cond, int, bool) {
	j := o.Next
	if o.Arg.Kind != vocab.ArgExpr || r.word(j) != "is" && !(r.word(j) == "'s" && r.word(j-1) == "it") {
		return nil, 0, false
	}
	det, typ := r.word(j+1), r.word(j+2)
	neg := ""
	if rest, ok := strings.CutPrefix(typ, "non"); ok && r.isTypeQuery(strings.TrimPrefix(rest, "-")) {
		neg, typ = "not ", strings.TrimPrefix(rest, "-")
	}
	if det != "a" && det != "an" || !r.isTypeQuery(typ) || r.word(j+3) != "card" || !follow(j+4) {
		return nil, 0, false
	}
	ref := r.b.Resolve(o.Arg.Expr.Left.Left.Primary.Ref.Name)
	for _, f := range o.Arg.Expr.Left.Left.Primary.Ref.Fields {
		ref += "." + f
	}
	return &meaning.Cond{Expr: neg + ref + ".is_" + typ, Say: r.said(r.parts, pi, j+4)}, j + 4, true
}

// searchedFor reads "you searched for a TYPE card [that CLAUSE]" at part
// pi (Sphinx Ambassador's "If you searched for a creature card that
// doesn't have that name"): a condition on the card the effect's last
// search found (CR 701.19a), the card the language names with `as` —
// `card.is_creature`, a card with that card type (CR 205.2a: "a creature
// card" has the type creature, whatever other types it has) — and, after
// "that", a clause whose subject is that card: a wording of the
// vocabulary's queries of one object ("has that name", `card.has_that_name`),
// negated by "doesn't" or "does not" ("doesn't have that name", `not
// card.has_that_name`).
func (r *reader) searchedFor(pi int, follow func(end int) bool) (*meaning.Cond, int, bool) {
	if !r.wordsAt(pi, []string{"you", "searched", "for"}) {
		return nil, pi, false
	}
	ref := r.b.LastChosen()
	if !slices.ContainsFunc(r.ctx.mentions, func(m meaning.Mention) bool { return m.Ref == ref }) {
		return nil, pi, false
	}
	j := pi + 3
	typ := r.word(j + 1)
	if w := r.word(j); w != "a" && w != "an" || !r.isTypeQuery(typ) || r.word(j+2) != "card" {
		return nil, pi, false
	}
	exprs, says := []string{ref + ".is_" + typ}, []string{"you searched for " + r.word(j) + " " + typ + " card"}
	j += 3
	if r.word(j) == "that" {
		expr, say, end, ok := r.clauseOn(ref, j+1, follow)
		if !ok {
			return nil, pi, false
		}
		exprs, says, j = append(exprs, expr), append(says, "that "+say), end
	}
	if !follow(j) {
		return nil, pi, false
	}
	return &meaning.Cond{Expr: strings.Join(exprs, " and "), Say: strings.Join(says, " ")}, j, true
}

// isTypeQuery reports whether the vocabulary tests a card type with a
// query of one object, `is_TYPE` (`is_creature`): what "a TYPE card" is of
// a card named before.
func (r *reader) isTypeQuery(typ string) bool {
	f := r.v.Func("is_" + typ)
	return f != nil && len(f.Params) == 1 && f.Params[0].Type.Kind == vocab.KObject && r.v.IsName(vocab.KCardType, typ)
}

// negatedVerbs are the verbs a relative clause negates with "doesn't"
// ("doesn't have that name"), and the form a wording says them in.
var negatedVerbs = map[string]string{"have": "has", "control": "controls", "share": "shares"}

// clauseOn reads, at part pi, a clause whose subject is the object ref
// ("has that name", "doesn't have that name"): a wording of the
// vocabulary's queries whose one parameter is that object, as the
// expression `REF.QUERY`, `not REF.QUERY` when negated. It returns the
// expression, the clause in words and where it ends.
func (r *reader) clauseOn(ref string, pi int, follow func(end int) bool) (string, string, int, bool) {
	neg, j := "", pi
	switch {
	case r.word(j) == "doesn't":
		neg, j = "not ", j+1
	case r.wordsAt(j, []string{"does", "not"}):
		neg, j = "not ", j+2
	}
	verb := r.word(j)
	if neg != "" {
		if verb = negatedVerbs[verb]; verb == "" {
			return "", "", 0, false
		}
	}
	// The clause as a sentence about "it", the object: "it has that name".
	at := r.parts[j].Pos
	subject, v := word("it"), word(verb)
	subject.Pos, v.Pos = at, at
	virtual := append([]*dsl.Part{subject, v}, r.parts[j+1:]...)
	saved := r.ctx.mentions
	r.ctx.mentions = append(slices.Clone(saved), meaning.Mention{Ref: ref, Noun: "card"})
	defer func() { r.ctx.mentions = saved }()
	for _, m := range r.v.MatchOracle(virtual, vocab.ModeCondition, r.opts(virtual, j-1)) {
		end := j - 1 + m.End
		if !follow(end) {
			continue
		}
		p, _ := r.b.Action(m.Alts[0], m.Phrases[0]...)
		if len(p.Args) != 1 || p.Args[0].Value == nil || p.Args[0].Value.Key != ref {
			continue
		}
		return neg + ref + "." + p.Name, strings.Join(wordsOf(r.parts[pi:end]), " "), end, true
	}
	return "", "", 0, false
}

// wordsOf are the words of parts, as the reader reads them.
func wordsOf(parts []*dsl.Part) []string {
	out := make([]string, len(parts))
	for i := range parts {
		out[i] = wordOf(parts, i)
	}
	return out
}
