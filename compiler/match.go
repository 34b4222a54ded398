package compiler

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/cardc/cardc/dsl"
)

// argKind says what fills a slot.
type argKind int

const (
	argExpr     argKind = iota + 1 // an expression: this, a bound name, d.amount, 2 + X
	argConst                       // a number word: a, an, one ... ten
	argFilter                      // a filter: a creature you control, target creature, any target
	argName                        // a name of the vocabulary: a counter kind, a step, a zone
	argPT                          // +N/+M
	argPattern                     // an event pattern, for the slots of rules
	argEventRef                    // a bound event, for `prevent d`
)

// arg is what fills one slot of a template.
type arg struct {
	kind argKind
	pos  dsl.Pos
	typ  Type
	expr *dsl.Sum
	num  int64
	// filter is set for argFilter.
	filter *filter
	// name is the vocabulary name of an argName.
	name string
	// power and toughness of an argPT.
	power, toughness int64
	// pattern is set for argPattern.
	pattern *pattern
	// event is the bound event of an argEventRef.
	event *binding
}

// filter is a description of objects or players: "another tapped creature
// you control as c", "target creature", "any target".
type filter struct {
	pos dsl.Pos
	// det is the determiner: a, an, another, target, any (for "any target").
	det   string
	words []filterWord
	// control is "you", "opponent" or "" for a "you control" / "an
	// opponent controls" suffix.
	control string
	bind    string
	// yields is what the filter describes: objects, players, or both.
	yields Type
	text   string
}

// filterWord is one word of a filter, resolved.
type filterWord struct {
	kind Kind // KCardType, KSupertype, KSubtype, KColor; 0 for adjectives and nouns
	name string
	// adjective is the query that tests an adjective ("is_tapped"), or a
	// noun's test ("is_permanent", "is_player").
	query string
	neg   bool
	noun  bool
}

// pattern is a matched event pattern: one or more alternatives (phrases of
// the same shape that put the named objects in different fields).
type pattern struct {
	alts  []*patternAlt
	event *EventKind
	pos   dsl.Pos
	once  bool
	// warning, if set, says the phrase also reads as another one (C032).
	warning *dsl.Diagnostic
}

// patternAlt is one way an event can match.
type patternAlt struct {
	tmpl *Template
	args map[string]*arg
}

// matchMode says which templates a phrase is matched against.
type matchMode int

const (
	modeAction  matchMode = iota + 1 // an action of an ability body
	modePattern                      // an event pattern of a trigger or replacement
	modeRule                         // a rule of a static ability
)

// failure is why a phrase did not match, kept for the deepest attempt.
type failure struct {
	depth int
	pos   dsl.Pos
	code  string
	msg   string
	hint  string
	tmpl  *Template
}

// matcher matches phrases against templates.
type matcher struct {
	v     *Vocab
	sc    *scope
	parts []*dsl.Part
	// elsewhere are the names bound in other abilities of the card, and
	// their lines: such a word is a name used out of its scope, even if it
	// is also a word of some phrase.
	elsewhere map[string]int
	best      failure
	// bestTmpl is the template that got furthest, for "did you mean";
	// bestNear says whether the word it wanted there is close to the
	// phrase's word, which breaks ties between templates.
	bestTmpl  *Template
	bestDepth int
	bestNear  bool
	failed    bool
	// ambiguous is a second reading of the phrase, of another shape.
	ambiguous *Template
}

// fail records a failure if it got further than the ones seen so far; at
// the same depth, a failure that knows what went wrong (it has a code)
// wins over one that only knows the phrase did not fit.
func (m *matcher) fail(depth int, code, msg, hint string, t *Template) {
	better := !m.failed || depth > m.best.depth || (depth == m.best.depth && m.best.code == "" && code != "")
	if better {
		pos := m.endPos()
		if depth < len(m.parts) {
			pos = m.parts[depth].Pos
		}
		m.best = failure{depth: depth, pos: pos, code: code, msg: msg, hint: hint, tmpl: t}
		m.failed = true
	}
	if t != nil && (m.bestTmpl == nil || depth > m.bestDepth) {
		m.bestTmpl, m.bestDepth, m.bestNear = t, depth, false
	}
}

// near records that template t wanted word want at part depth; if the
// phrase's word there is a near miss, t is the best guess among the
// templates that got as far.
func (m *matcher) near(t *Template, depth int, want string) {
	if depth != m.bestDepth || m.bestNear || depth >= len(m.parts) {
		return
	}
	if w := m.parts[depth].Word(); w != "" && dsl.Suggest(w, []string{want}) != "" {
		m.bestTmpl, m.bestNear = t, true
	}
}

func (m *matcher) endPos() dsl.Pos {
	if len(m.parts) == 0 {
		return dsl.Pos{}
	}
	last := m.parts[len(m.parts)-1]
	p := last.Pos
	p.Column += len(dsl.PartString(last))
	return p
}

// wordEq compares a word of a phrase with a word of a template, ignoring
// case and the plural s.
func wordEq(w, t string) bool {
	if w == "" {
		return false
	}
	w, t = strings.ToLower(w), strings.ToLower(t)
	return w == t || w+"s" == t || w == t+"s"
}

// matchTemplates matches the parts against each template and returns the
// argument sets of those that match, all of the first match's shape and
// owner (one event kind, one action); a match of another shape or owner is
// an ambiguity.
func (m *matcher) matchTemplates(ts []*Template, mode matchMode) []*patternAlt {
	var alts []*patternAlt
	for _, t := range ts {
		args := map[string]*arg{}
		if m.try(t, 0, 0, args, mode) {
			if len(alts) > 0 && (alts[0].tmpl.Shape != t.Shape || alts[0].tmpl.owner() != t.owner()) {
				if m.ambiguous == nil {
					m.ambiguous = t
				}
				continue
			}
			alts = append(alts, &patternAlt{tmpl: t, args: args})
		}
	}
	return alts
}

// try matches template items from ti against parts from pi.
func (m *matcher) try(t *Template, ti, pi int, args map[string]*arg, mode matchMode) bool {
	if ti == len(t.Items) {
		if pi == len(m.parts) {
			return true
		}
		if p := m.parts[pi]; p.Bind != nil {
			hint := "`as` names the object a filter describes, as in `a creature as c`"
			if t.Event != nil {
				hint += fmt.Sprintf("; the event itself is called %s", t.Event.Name)
			}
			m.fail(pi, CodeBinding, fmt.Sprintf("`as %s` follows no filter", *p.Bind), hint, t)
			return false
		}
		m.fail(pi, "", fmt.Sprintf("%q goes on after the phrase %q ends", dsl.PartString(m.parts[pi]), t.Text), "", t)
		return false
	}
	item := t.Items[ti]
	if item.Word != "" {
		if pi < len(m.parts) && wordEq(m.parts[pi].Word(), item.Word) {
			return m.try(t, ti+1, pi+1, args, mode)
		}
		m.fail(pi, "", "", "", t)
		m.near(t, pi, item.Word)
		return false
	}
	if pi >= len(m.parts) {
		m.fail(pi, "", "", "", t)
		return false
	}
	for _, c := range m.candidates(t, item.Slot, pi, mode) {
		args[item.Slot] = c.arg
		if m.try(t, ti+1, c.next, args, mode) {
			return true
		}
	}
	delete(args, item.Slot)
	return false
}

// candidate is one way to fill a slot, and where the phrase goes on.
type candidate struct {
	arg  *arg
	next int
}

// candidates lists the ways parts from pi can fill a slot, longest first.
func (m *matcher) candidates(t *Template, slot string, pi int, mode matchMode) []candidate {
	if slot == "power/toughness" {
		return m.ptCandidates(t, pi)
	}
	typ, _ := t.slotType(slot)
	part := m.parts[pi]
	switch typ.Kind {
	case KCounter:
		return m.nameCandidate(t, pi, KCounter)
	case KZone:
		return m.nameCandidate(t, pi, KZone)
	case KStep:
		return m.stepCandidates(t, pi)
	case KEvent:
		if mode == modeRule {
			return m.patternCandidates(t, typ.Event, pi)
		}
		return m.eventRefCandidate(t, typ, pi)
	case KNumber:
		if n, ok := numberWords[strings.ToLower(part.Word())]; ok {
			return []candidate{{&arg{kind: argConst, pos: part.Pos, typ: typ, num: n}, pi + 1}}
		}
	case KObject, KPlayer, KTarget:
		var out []candidate
		for _, f := range m.filters(t, pi) {
			if typ.accepts(f.arg.typ) {
				out = append(out, f)
			} else {
				m.fail(pi, CodeType, fmt.Sprintf("%q describes %ss, but %s is needed here", f.arg.filter.text, f.arg.typ, article(typ.String())), "", t)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return m.exprCandidate(t, typ, pi)
}

// exprCandidate fills a slot with one expression part of the right type.
func (m *matcher) exprCandidate(t *Template, typ Type, pi int) []candidate {
	part := m.parts[pi]
	if part.Expr == nil {
		m.fail(pi, "", "", "", t)
		return nil
	}
	w := part.Word()
	if w != "" && m.sc.lookup(w) == nil {
		// A bare word that names nothing: a word of some phrase in the
		// wrong place, or a name that is not bound.
		m.fail(pi, "", "", "", t)
		// The first word of a phrase that names nothing is more likely a
		// misspelled word of the phrase than a name.
		if _, bound := m.elsewhere[w]; pi > 0 && (bound || !m.v.templateWords[strings.ToLower(w)]) {
			m.fail(pi, CodeUndefined, fmt.Sprintf("%q is not defined here", w), suggestName(w, m.sc), t)
		}
		return nil
	}
	et, d := typeOf(part.Expr, m.sc, m.v)
	if d != nil {
		m.fail(pi, d.Code, d.Message, d.Hint, t)
		return nil
	}
	if !typ.accepts(et) {
		m.fail(pi, CodeType, fmt.Sprintf("%q is %s, but %s is needed here", dsl.SumString(part.Expr), article(et.String()), article(typ.String())), "", t)
		return nil
	}
	return []candidate{{&arg{kind: argExpr, pos: part.Pos, typ: et, expr: part.Expr}, pi + 1}}
}

func suggestName(w string, sc *scope) string {
	if s := dsl.Suggest(w, sc.all()); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

func article(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + s
	}
	return "a " + s
}

var numberWords = map[string]int64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

// nameCandidate fills a slot with a vocabulary name: a counter kind or a
// zone.
func (m *matcher) nameCandidate(t *Template, pi int, k Kind) []candidate {
	part := m.parts[pi]
	var name string
	switch {
	case part.PT != nil:
		name = *part.PT
	case part.Str != nil:
		name = unquote(*part.Str)
	default:
		name = part.Word()
	}
	if name == "" {
		m.fail(pi, "", "", "", t)
		return nil
	}
	if !m.v.IsName(k, name) {
		if k == KCounter && (part.PT != nil || part.Str != nil) {
			m.fail(pi, CodeUnknownCounter, fmt.Sprintf("unknown counter kind %q", name), hintFrom(name, m.v.Counters), t)
		} else {
			m.fail(pi, "", "", "", t)
		}
		return nil
	}
	return []candidate{{&arg{kind: argName, pos: part.Pos, typ: Type{Kind: k}, name: name}, pi + 1}}
}

func hintFrom(w string, list []string) string {
	if s := dsl.Suggest(w, list); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

// stepCandidates fills a slot with the words of a step.
func (m *matcher) stepCandidates(t *Template, pi int) []candidate {
	var out []candidate
	for _, st := range m.v.Steps {
		for _, words := range st.Words {
			if m.wordsAt(pi, words) {
				out = append(out, candidate{&arg{kind: argName, pos: m.parts[pi].Pos, typ: Type{Kind: KStep}, name: st.Name}, pi + len(words)})
			}
		}
	}
	if len(out) == 0 {
		m.fail(pi, "", "", "", t)
		if w := m.parts[pi].Word(); w != "" && pi > 0 {
			var words []string
			for _, p := range m.parts[pi:] {
				words = append(words, dsl.PartString(p))
			}
			text := strings.Join(words, " ")
			m.fail(pi, CodeUnknownStep, fmt.Sprintf("%q is not a step", text), hintFrom(text, m.v.StepNames()), t)
		}
	}
	// Longest first, so "end step" wins over "end".
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].next > out[j-1].next; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// StepNames lists every way to name a step ("end step", "end",
// "upkeep"...), for hints.
func (v *Vocab) StepNames() []string {
	var out []string
	for _, st := range v.Steps {
		for _, w := range st.Words {
			out = append(out, strings.Join(w, " "))
		}
	}
	return out
}

// wordsAt reports whether the parts from pi read as these words.
func (m *matcher) wordsAt(pi int, words []string) bool {
	if pi+len(words) > len(m.parts) {
		return false
	}
	for i, w := range words {
		if !wordEq(m.parts[pi+i].Word(), w) {
			return false
		}
	}
	return true
}

// ptCandidates fills a {power/toughness} slot with a +N/+M part.
func (m *matcher) ptCandidates(t *Template, pi int) []candidate {
	part := m.parts[pi]
	if part.PT == nil {
		m.fail(pi, "", "", "", t)
		return nil
	}
	p, tough, ok := ParsePT(*part.PT)
	if !ok {
		m.fail(pi, CodeType, fmt.Sprintf("%q is not +N/+M", *part.PT), "", t)
		return nil
	}
	return []candidate{{&arg{kind: argPT, pos: part.Pos, power: int64(p), toughness: int64(tough)}, pi + 1}}
}

// ParsePT reads "+1/+1", "-2/-0" or "3/3" as two numbers; see dsl.ParsePT.
func ParsePT(s string) (power, toughness int, ok bool) { return dsl.ParsePT(s) }

// eventRefCandidate fills an event slot of an action with a bound event.
func (m *matcher) eventRefCandidate(t *Template, typ Type, pi int) []candidate {
	part := m.parts[pi]
	w := part.Word()
	b := m.sc.lookup(w)
	if w == "" || b == nil {
		m.fail(pi, "", "", "", t)
		if w != "" {
			m.fail(pi, CodeUndefined, fmt.Sprintf("%q is not defined here", w), suggestName(w, m.sc), t)
		}
		return nil
	}
	if !typ.accepts(b.typ) {
		m.fail(pi, CodeType, fmt.Sprintf("%q is %s, but %s is needed here", w, article(b.typ.String()), article(typ.String())), "", t)
		return nil
	}
	return []candidate{{&arg{kind: argEventRef, pos: part.Pos, typ: typ, event: b}, pi + 1}}
}

// patternCandidates fills an event slot of a rule with an event pattern
// of that kind, trying the longest run of parts first.
func (m *matcher) patternCandidates(t *Template, kind string, pi int) []candidate {
	var out []candidate
	for end := len(m.parts); end > pi; end-- {
		sub := &matcher{v: m.v, sc: m.sc, parts: m.parts[pi:end]}
		alts := sub.matchTemplates(m.v.Events[kind].Templates, modePattern)
		if len(alts) > 0 {
			out = append(out, candidate{&arg{kind: argPattern, pos: m.parts[pi].Pos, typ: Type{Kind: KEvent, Event: kind},
				pattern: &pattern{alts: alts, event: m.v.Events[kind], pos: m.parts[pi].Pos}}, end})
		}
	}
	if len(out) == 0 {
		m.fail(pi, "", "", "", t)
	}
	return out
}

// determiners start a filter.
var determiners = map[string]bool{"a": true, "an": true, "another": true, "target": true, "any": true}

// filters lists the filters that can start at part pi, longest first.
func (m *matcher) filters(t *Template, pi int) []candidate {
	det := strings.ToLower(m.parts[pi].Word())
	if !determiners[det] {
		return nil
	}
	if det == "any" {
		if pi+1 < len(m.parts) && wordEq(m.parts[pi+1].Word(), "target") {
			f := &filter{pos: m.parts[pi].Pos, det: "any", yields: Type{Kind: KTarget}, text: "any target"}
			return m.withSuffix(f, pi+2)
		}
		return nil
	}
	var words []filterWord
	j := pi + 1
	for ; j < len(m.parts); j++ {
		fw, ok := m.v.filterWord(m.parts[j].Word())
		if !ok {
			break
		}
		words = append(words, fw)
	}
	var out []candidate
	for k := len(words); k > 0; k-- {
		if !words[k-1].noun {
			continue
		}
		f := &filter{pos: m.parts[pi].Pos, det: det, words: words[:k], yields: Type{Kind: KObject}}
		switch words[k-1].name {
		case "player", "opponent":
			f.yields = Type{Kind: KPlayer}
		}
		var texts []string
		for _, p := range m.parts[pi : pi+1+k] {
			texts = append(texts, dsl.PartString(p))
		}
		f.text = strings.Join(texts, " ")
		out = append(out, m.withSuffix(f, pi+1+k)...)
	}
	if len(out) == 0 && j < len(m.parts) && m.parts[j].Word() != "" && len(words) == 0 {
		w := m.parts[j].Word()
		m.fail(j, CodeUnknownWord, fmt.Sprintf("%q names no card type, color, subtype or quality", w), hintFrom(w, m.v.filterWords()), t)
	}
	return out
}

// withSuffix completes a filter with an optional controller suffix and an
// optional binding, giving every variant, longest first.
func (m *matcher) withSuffix(f *filter, j int) []candidate {
	var out []candidate
	add := func(g *filter, next int) {
		if next < len(m.parts) && m.parts[next].Bind != nil {
			h := *g
			h.bind = *m.parts[next].Bind
			out = append(out, candidate{&arg{kind: argFilter, pos: g.pos, typ: g.yields, filter: &h}, next + 1})
		}
		out = append(out, candidate{&arg{kind: argFilter, pos: g.pos, typ: g.yields, filter: g}, next})
	}
	if f.yields.Kind == KObject {
		switch {
		case m.wordsAt(j, []string{"you", "control"}):
			g := *f
			g.control, g.text = "you", f.text+" you control"
			add(&g, j+2)
		case m.wordsAt(j, []string{"an", "opponent", "controls"}):
			g := *f
			g.control, g.text = "opponent", f.text+" an opponent controls"
			add(&g, j+3)
		}
	}
	add(f, j)
	return out
}

// filterWord resolves one word of a filter.
func (v *Vocab) filterWord(w string) (filterWord, bool) {
	if w == "" {
		return filterWord{}, false
	}
	lw := strings.ToLower(w)
	// "nontoken", "nonblack", "noncreature": the negation of a quality.
	if strings.HasPrefix(lw, "non") && len(lw) > 3 {
		if fw, ok := v.filterWord(w[3:]); ok && fw.name != "permanent" && fw.name != "player" && fw.name != "opponent" {
			fw.neg, fw.noun = true, false
			return fw, true
		}
	}
	sing := strings.TrimSuffix(lw, "s")
	for _, cand := range []string{lw, sing} {
		switch {
		case v.IsName(KCardType, cand):
			return filterWord{kind: KCardType, name: cand, noun: true}, true
		case v.IsName(KSupertype, cand):
			return filterWord{kind: KSupertype, name: cand}, true
		case v.IsName(KColor, cand):
			return filterWord{kind: KColor, name: cand}, true
		case cand == "permanent":
			return filterWord{name: "permanent", query: "is_permanent", noun: true}, true
		case cand == "player", cand == "opponent":
			return filterWord{name: cand, query: "is_player", noun: true}, true
		}
		for _, a := range v.Adjectives {
			if cand == a {
				return filterWord{name: a, query: "is_" + a}, true
			}
		}
	}
	if r := []rune(w); unicode.IsUpper(r[0]) {
		return filterWord{kind: KSubtype, name: w, noun: true}, true
	}
	return filterWord{}, false
}

// filterWords lists the words filters know, for hints.
func (v *Vocab) filterWords() []string {
	out := append([]string{"permanent", "player", "opponent"}, v.Types...)
	out = append(out, v.Supertypes...)
	out = append(out, v.Colors...)
	return append(out, v.Adjectives...)
}

// matchPhrase matches a phrase in a mode and returns the alternatives, or
// a diagnostic saying why nothing matched.
func (m *matcher) matchPhrase(mode matchMode) (*pattern, *dsl.Diagnostic) {
	var ts []*Template
	var code, what string
	switch mode {
	case modeAction:
		ts, code, what = m.v.actionTemplates, CodeUnknownAction, "action"
	case modePattern:
		ts, code, what = m.v.eventTemplates, CodeUnknownEvent, "event"
	case modeRule:
		ts, code, what = m.v.ruleTemplates, CodeUnknownRule, "rule"
	}
	alts := m.matchTemplates(ts, mode)
	if len(alts) > 0 {
		p := &pattern{alts: alts, pos: m.parts[0].Pos}
		if alts[0].tmpl.Event != nil {
			p.event = alts[0].tmpl.Event
			p.once = alts[0].tmpl.Once
		}
		if t := m.ambiguous; t != nil {
			d := dsl.Warningf(m.parts[0].Pos, CodeAmbiguousPhrase, "%q reads as %q (%s) and as %q (%s); the first is taken",
				phraseText(m.parts), alts[0].tmpl.Text, alts[0].tmpl.owner(), t.Text, t.owner())
			d.Hint = "reword it so that it reads one way only"
			p.warning = &d
		}
		return p, nil
	}
	text := phraseText(m.parts)
	if d := gluedSubtraction(m.parts); d != nil {
		return nil, d
	}
	if m.best.code != "" {
		d := dsl.Errorf(m.best.pos, m.best.code, "%s", m.best.msg)
		d.Hint = m.best.hint
		return nil, &d
	}
	d := dsl.Errorf(m.parts[0].Pos, code, "no %s of the vocabulary reads %q", what, text)
	switch {
	case m.best.msg != "":
		d.Pos, d.Message = m.best.pos, m.best.msg
	case m.bestDepth > 0:
		d.Pos = m.best.pos
	}
	if t := m.closest(ts); t != nil {
		d.Hint = fmt.Sprintf("did you mean %q?", t.Text)
	}
	return nil, &d
}

// gluedSubtraction finds a word of the phrase read as the left side of a
// subtraction: "gain -X life" reads "gain - X", then "life".
func gluedSubtraction(parts []*dsl.Part) *dsl.Diagnostic {
	for _, p := range parts {
		if p.Expr == nil || len(p.Expr.Rest) == 0 || p.Expr.Rest[0].Op != "-" {
			continue
		}
		left := &dsl.Sum{Left: p.Expr.Left}
		if w := left.Word(); w != "" {
			d := dsl.Errorf(p.Pos, CodeType, "%q reads as a subtraction from %q", dsl.SumString(p.Expr), w)
			d.Hint = "write a negative value in parentheses, as in (-X)"
			return &d
		}
	}
	return nil
}

// closest finds the template most like the phrase: the one that matched
// furthest, or else the one whose words are nearest.
func (m *matcher) closest(ts []*Template) *Template {
	if m.bestTmpl != nil && m.bestDepth > 0 {
		return m.bestTmpl
	}
	best, bestScore := (*Template)(nil), -1
	words := strings.Fields(strings.ToLower(phraseText(m.parts)))
	for _, t := range ts {
		score := 0
		for i, it := range t.Items {
			if i >= len(words) {
				break
			}
			if it.Word != "" && dsl.Suggest(words[i], []string{it.Word}) != "" {
				score += 2
			} else if it.Word != "" && wordEq(words[i], it.Word) {
				score += 3
			}
		}
		if score > bestScore && score > 0 {
			best, bestScore = t, score
		}
	}
	return best
}

func phraseText(parts []*dsl.Part) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = dsl.PartString(p)
	}
	return strings.Join(s, " ")
}
