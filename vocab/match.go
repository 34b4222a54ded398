package vocab

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// ArgKind says what fills a slot.
type ArgKind int

const (
	ArgExpr     ArgKind = iota + 1 // an expression: this, a bound name, d.amount, 2 + X
	ArgConst                       // a number word: a, an, one ... ten
	ArgFilter                      // a filter: a creature you control, target creature, any target
	ArgName                        // a name of the vocabulary: a counter kind, a step, a zone
	ArgPT                          // +N/+M
	ArgPattern                     // an event pattern, for the slots of rules
	ArgEventRef                    // a bound event, for `prevent d`
	ArgMana                        // mana symbols: {G}{G}
	ArgText                        // a text, for the ability an effect grants
	ArgCount                       // "the number of creatures you control": how many permanents a filter describes
	ArgQuery                       // a phrase of a query of a number: "the number of times this ability has been activated this turn"
	ArgTargets                     // targets: "target nonland permanent you control and up to two target nonland permanents you don't control"
)

// Arg is what fills one slot of a template.
type Arg struct {
	Kind ArgKind
	Pos  dsl.Pos
	Type Type
	// Expr is set for ArgExpr.
	Expr *dsl.Sum
	// Num is the number of an ArgConst.
	Num int64
	// Filter is set for ArgFilter and ArgCount.
	Filter *Filter
	// Each marks an ArgCount written as a template's "for each {amount}"
	// reads it, a singular filter ("for each Elf you control"), rather than
	// "the number of Elves you control".
	Each bool
	// ForEach, if set, makes a quantity (a number, or a +N/+M) that many
	// for each permanent the filter describes, counted as the phrase is
	// read at run time: "gain 1 life for each land you control", "gets
	// +1/+1 for each Plains you control" (see Match, for each).
	ForEach *Filter
	// Targets are the targets of an ArgTargets, each a filter with Det
	// "target" or "any", in the order the card writes them, joined by
	// "and"; Bind is the name `as` gives them all, or "".
	Targets []*Filter
	Bind    string
	// Name is the vocabulary name of an ArgName, or the name of the bound
	// event of an ArgEventRef.
	Name string
	// Power and Toughness are those of an ArgPT. PowerX and ToughnessX
	// are the coefficients of X in its sides (dsl.PTChange): 1 for +X, -1
	// for -X, 0 for a number. X is the phrase's Where, or else the X of
	// the ability's scope.
	Power, Toughness   int64
	PowerX, ToughnessX int64
	// Where, if set, is what X is in an ArgPT with X, written after the
	// phrase: "gets +X/+X where X is the number of creatures you control"
	// (CR 107.3c). In a continuous effect, it is computed whenever the
	// effect applies (CR 611.3a, 613.4c).
	Where *Arg
	// Pattern is set for ArgPattern, and for ArgQuery: the query's
	// phrase as read.
	Pattern *Match
	// Text is the unquoted text of an ArgText, and TextPos where it starts
	// in the file (after the opening quote).
	Text    string
	TextPos dsl.Pos
	// Written is what filled the slot, as the card wrote it, in canonical
	// form: "two", "+1/+1", "target creature as c".
	Written string
	// Keyword is the keyword of an ArgName of type keyword, whose Name
	// is the keyword as the card wrote it ("protection from Demons").
	Keyword *Keyword
	// Ability is the ability an ArgText says, parsed, or nil if it does
	// not parse: AbilityDiags say why.
	Ability      dsl.CardItem
	AbilityDiags dsl.Diagnostics
}

// Match is a phrase read against the vocabulary: one or more alternatives
// (phrases of the same shape, such as an event pattern that puts the named
// objects in different fields).
type Match struct {
	Alts []*Alt
	// Event is the event kind of an event pattern.
	Event *EventKind
	Pos   dsl.Pos
	// Once is set for a pattern of a delayed trigger ("the next end step").
	Once bool
	// Anywhere is set for a pattern of an object moving "from anywhere"
	// (Template.Anywhere).
	Anywhere bool
	// Warning, if set, says the phrase also reads as another one (C032).
	Warning *dsl.Diagnostic
	// Others are the readings of another shape or owner, the first of
	// each, in the order of the vocabulary: what the phrase also reads
	// as. A caller that knows where the phrase is may take one of them
	// instead, and then drop the warning (a body's action takes no
	// choice a cost makes: `sacrifice a creature` reads as the cost
	// `sacrifice {object}` and as the effect `sacrifice {objects}`).
	Others []*Alt
}

// Alt is one way a phrase reads: a template and what fills its slots.
type Alt struct {
	Template *Template
	Args     map[string]*Arg
}

// ChoosesInSlot reports whether a reading fills a slot of one object or
// player with a filter that is no target and no "each": an object a
// player chooses, as only a cost's does. The compiler and the reader of
// Oracle text both prefer, of two readings, the one that does not.
func (alt *Alt) ChoosesInSlot() bool {
	for _, arg := range alt.Args {
		if arg != nil && arg.Kind == ArgFilter && arg.Type.Kind != KObjects {
			switch arg.Filter.Det {
			case "target", "any", "each":
			default:
				return true
			}
		}
	}
	return false
}

// Mismatch is why a phrase did not read as any phrase of the vocabulary.
type Mismatch struct {
	dsl.Diagnostic
	// Undefined is the name, for a diagnostic that says a name is not
	// defined here (CodeUndefined).
	Undefined string
}

// Mode says which templates a phrase is matched against.
type Mode int

const (
	ModeAction    Mode = iota + 1 // an action of an ability body
	ModePattern                   // an event pattern of a trigger or replacement
	ModeRule                      // a rule or a continuous effect of a static ability
	ModeCondition                 // the condition of an intervening "if" clause (CR 603.4)
)

// failure is why a phrase did not match, kept for the deepest attempt.
type failure struct {
	depth int
	pos   dsl.Pos
	code  string
	msg   string
	hint  string
	tmpl  *Template
	// undefined is the name a CodeUndefined failure is about.
	undefined string
}

// matcher matches phrases against templates.
type matcher struct {
	v     *Vocab
	sc    Scope
	parts []*dsl.Part
	// reached is the furthest part the template being tried got to
	// (matchTemplates).
	reached int
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
	// ambiguous is a second reading of the phrase, of another shape;
	// others are the first reading of each other shape or owner.
	ambiguous *Template
	others    []*Alt
	// each is set while reading the filter of a `for each` statement.
	each bool
	// quick is set for the first reading of a phrase, which is all a
	// phrase that reads needs: templates whose first word is not the
	// phrase's are skipped, and failures are not recorded (no message is
	// built). A phrase that does not read is read again without it, for
	// the diagnostic: what is skipped only fails, and touches no scope.
	quick bool
	// leading is set while the candidates of a template's first item
	// are listed (see leadingObjects).
	leading bool
	// filterMemo holds, in a quick reading, the filters that start at
	// each part (filtersAt): every template with an object slot there
	// asks for them.
	filterMemo map[filterKey][]candidate
	// abilities are the texts of abilities parsed so far (textCandidate),
	// by the part that holds each.
	abilities map[*dsl.Part]*Arg
	// filled are the slots try has filled so far, in order: a template
	// that reads gets them as its Alt's arguments.
	filled []filledSlot
	// words are the parts' words (Part.Word), read once: every template
	// tried compares them. lower are the same in lower case, for
	// hasWord, made when it is first asked.
	words, lower []string
	// oracle is set when the matcher reads Oracle text with the
	// vocabulary's Oracle wordings (oracle.go).
	oracle *oracleRun
	// only, if set, are the phrases a quick reading tries, in order: those
	// a reading of the same phrase read as (matchQuick). read are the
	// phrases matchTemplates read the phrase as, in order.
	only, read []*Template
}

// word is the word of part i (Part.Word): "" for a part that is not one
// bare word.
func (m *matcher) word(i int) string {
	if m.words == nil {
		m.words = make([]string, len(m.parts))
		for j, p := range m.parts {
			m.words[j] = p.Word()
			if p.AndOr() {
				// Oracle's "and/or", which the grammar reads as the
				// division `and / or`, is one word of a phrase.
				m.words[j] = "and/or"
			}
			if m.oracle != nil && m.words[j] == "" {
				// Oracle's digits are words of its wordings too: "for
				// each 1 damage prevented this way".
				m.words[j] = digits(p)
			}
		}
	}
	return m.words[i]
}

// filledSlot is a slot of a template and the argument that fills it;
// from and to are the parts it read (for Oracle text, OracleMatch.Spans).
type filledSlot struct {
	slot     string
	arg      *Arg
	from, to int
}

// filterKey is where a filter starts, whether the slot is an effect's
// (which reads plurals), and whether the template begins with objects
// (which read plurals there: see leadingObjects).
type filterKey struct {
	pi      int
	effect  bool
	leading bool
}

// filtersAt is filters, remembered in a quick reading, where it has no
// effect but its result. The candidates are shared: a caller that changes
// an argument copies it first (only the text of a reading's argument is
// written, the same for every reading that takes the candidate).
func (m *matcher) filtersAt(t *Template, pi int) []candidate {
	if !m.quick {
		return m.filters(t, pi)
	}
	key := filterKey{pi, t.Func != nil && t.Func.Effect, m.leading && leadingObjects(t)}
	cs, ok := m.filterMemo[key]
	if !ok {
		cs = m.filters(t, pi)
		if m.filterMemo == nil {
			m.filterMemo = map[filterKey][]candidate{}
		}
		m.filterMemo[key] = cs
	}
	return cs
}

// fail records a failure if it got further than the ones seen so far; at
// the same depth, a failure that knows what went wrong (it has a code)
// wins over one that only knows the phrase did not fit.
func (m *matcher) fail(depth int, code, msg, hint string, t *Template) {
	m.failName(depth, code, msg, hint, "", t)
}

// undefined records the failure of a word that is no name bound here.
func (m *matcher) undefined(depth int, name string, t *Template) {
	if m.quick {
		return
	}
	d := Undefined(dsl.Pos{}, name, m.sc)
	m.failName(depth, d.Code, d.Message, d.Hint, name, t)
}

// failName is fail, for a failure about an undefined name.
func (m *matcher) failName(depth int, code, msg, hint, name string, t *Template) {
	if m.quick {
		return
	}
	// At one depth, a failure that says what went wrong wins over one
	// that only knows the phrase did not fit: a code first, then a
	// message.
	better := !m.failed || depth > m.best.depth ||
		depth == m.best.depth && m.best.code == "" && (code != "" || m.best.msg == "" && msg != "")
	if better {
		pos := m.endPos()
		if depth < len(m.parts) {
			pos = m.parts[depth].Pos
		}
		m.best = failure{depth: depth, pos: pos, code: code, msg: msg, hint: hint, tmpl: t, undefined: name}
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
	if m.quick || depth != m.bestDepth || m.bestNear || depth >= len(m.parts) {
		return
	}
	if w := m.word(depth); w != "" && dsl.Suggest(w, []string{want}) != "" {
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
	if isASCII(w) && isASCII(t) {
		// What the lowercased strings below say, without building them.
		switch len(w) - len(t) {
		case 0:
			return asciiFold(w, t)
		case 1:
			return w[len(w)-1]|0x20 == 's' && asciiFold(w[:len(w)-1], t)
		case -1:
			return t[len(t)-1]|0x20 == 's' && asciiFold(w, t[:len(t)-1])
		}
		return false
	}
	w, t = strings.ToLower(w), strings.ToLower(t)
	return w == t || w+"s" == t || w == t+"s"
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiFold reports whether two ASCII strings of one length are equal
// but for the case of their letters.
func asciiFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// matchTemplates matches the parts against each template and returns the
// argument sets of those that match, all of the first match's shape and
// owner (one event kind, one action); a match of another shape or owner is
// an ambiguity.
func (m *matcher) matchTemplates(ts []*Template, mode Mode) []*Alt {
	var alts []*Alt
	var stuck *Template // an expansion that read nothing of the phrase
	for _, t := range ts {
		if m.quick && !m.mayStart(t) {
			continue
		}
		if stuck != nil && sameStart(stuck, t) {
			// Another expansion of a phrase with optional parts, which
			// begins as the one that could not read the phrase's first
			// part: it fails there as that one did.
			continue
		}
		m.filled, m.reached, stuck = m.filled[:0], 0, nil
		if !m.try(t, 0, 0, mode) {
			if m.reached == 0 && len(t.Items) > 0 {
				stuck = t
			}
			continue
		}
		m.read = append(m.read, t)
		args := make(map[string]*Arg, len(m.filled))
		for _, f := range m.filled {
			args[f.slot] = f.arg
		}
		alt := &Alt{Template: t, Args: args}
		if len(alts) > 0 && (alts[0].Template.Shape != t.Shape || alts[0].Template.Owner() != t.Owner()) {
			if m.ambiguous == nil {
				m.ambiguous = t
			}
			if !slices.ContainsFunc(m.others, func(o *Alt) bool { return o.Template.Shape == t.Shape && o.Template.Owner() == t.Owner() }) {
				m.others = append(m.others, alt)
			}
			continue
		}
		alts = append(alts, alt)
	}
	return alts
}

// sameStart reports whether template t is another expansion of the
// phrase with optional parts that a is one of, and begins with the same
// item: a phrase whose first part a could not read, t can't either.
func sameStart(a, t *Template) bool {
	return a.Text == t.Text && hasOptional(t.Text) && a.Event == t.Event && a.Func == t.Func && a.Rule == t.Rule &&
		len(t.Items) > 0 && len(a.Items) > 0 && t.Items[0] == a.Items[0]
}

// mayStart reports whether the phrase can read as template t as far as
// its first word goes: a template that starts with a word needs the
// phrase's first part to be that word (or the binding `as W` of its
// words "as W").
func (m *matcher) mayStart(t *Template) bool {
	if len(t.Items) == 0 || t.Items[0].Word == "" {
		return true
	}
	if len(m.parts) == 0 {
		return false
	}
	return wordEq(m.word(0), t.Items[0].Word) || m.boundWords(t, 0, 0)
}

// try matches template items from ti against parts from pi.
func (m *matcher) try(t *Template, ti, pi int, mode Mode) bool {
	m.reached = max(m.reached, pi)
	if ti == len(t.Items) {
		if m.oracle != nil {
			return m.oracle.complete(m, pi)
		}
		if pi == len(m.parts) {
			return true
		}
		if m.forEachTail(t, pi, mode) || m.whereTail(t, pi, mode) {
			return true
		}
		if m.quick {
			return false
		}
		if p := m.parts[pi]; p.Bind != nil {
			hint := "`as` names the object a filter describes, as in `a creature as c`"
			if t.Func != nil && t.Func.Action {
				hint += ", or what an action chose, as in `reveal the top card of your library as card`"
			}
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
		if pi < len(m.parts) && wordEq(m.word(pi), item.Word) {
			return m.try(t, ti+1, pi+1, mode)
		}
		// The words "as a" of a phrase ("as a copy of ...") parse as a
		// binding, `as a`: they match the template's words as and a.
		if b := m.boundWords(t, ti, pi); b {
			return m.try(t, ti+2, pi+1, mode)
		}
		m.fail(pi, "", "", "", t)
		m.near(t, pi, item.Word)
		if m.oracle != nil {
			m.oracle.expect(pi, quoteWord(item.Word))
		}
		return false
	}
	if pi >= len(m.parts) {
		m.fail(pi, "", "", "", t)
		if m.oracle != nil {
			typ, _ := t.SlotType(item.Slot)
			m.oracle.expect(pi, slotWants(item.Slot, typ))
		}
		return false
	}
	filled := len(m.filled)
	m.leading = ti == 0 // the template's first item: see leadingObjects
	cands := m.candidates(t, item.Slot, pi, mode)
	m.leading = false
	if m.oracle != nil && len(cands) == 0 {
		typ, _ := t.SlotType(item.Slot)
		m.oracle.expect(pi, slotWants(item.Slot, typ))
	}
	for _, c := range cands {
		m.filled = append(m.filled[:filled], filledSlot{item.Slot, c.arg, pi, c.next})
		if m.oracle != nil {
			// Every way the wording ends is a reading: the text of an
			// argument is written before it is known to end one.
			c.arg.Written = dsl.PartsString(m.parts[pi:c.next])
		}
		if m.try(t, ti+1, c.next, mode) {
			// Only an argument of a reading needs its text: it is
			// written once the template is read to its end.
			c.arg.Written = dsl.PartsString(m.parts[pi:c.next])
			return true
		}
	}
	m.filled = m.filled[:filled]
	return false
}

// forEachTail reads the parts from pi, after a template read to its end,
// as "for each FILTER": a quantity of the phrase made that many for each
// permanent a filter describes, "gain 1 life for each land you control",
// counted as the phrase is carried out (CR 608.2h), or, in a continuous
// effect, whenever it applies (CR 611.3a). It reads as "the number of
// FILTER" does: "1 life for each land" is "life equal to the number of
// lands". The filter is a singular without determiner, as after `for
// each` (with `other` for all but this: "for each other creature you
// control"); the quantity is the phrase's one number slot that a number
// or an expression fills, or else its {power/toughness}. It marks that
// argument (Arg.ForEach) and reports whether the parts read so.
func (m *matcher) forEachTail(t *Template, pi int, mode Mode) bool {
	if (mode != ModeAction && mode != ModeRule) || pi+2 >= len(m.parts) || !wordEq(m.word(pi), "for") || !wordEq(m.word(pi+1), "each") {
		return false
	}
	var quantity *Arg
	numbers := 0
	for _, f := range m.filled {
		typ, _ := t.SlotType(f.slot)
		switch {
		case f.slot == "power/toughness":
			if quantity == nil {
				quantity = f.arg
			}
		case typ.Kind == KNumber:
			numbers++
			if f.arg.Kind == ArgConst || f.arg.Kind == ArgExpr {
				quantity = f.arg
			} else {
				return false // a count already
			}
		}
	}
	if quantity == nil || numbers > 1 || quantity.ForEach != nil {
		return false
	}
	each, sc := m.each, m.sc
	m.each = true // a filter without determiner, as after `for each`
	if affects(t, mode) && sc != nil {
		// A continuous effect's count is made for each object it
		// affects, which its filter calls `it` (CR 611.3a, 613.4c).
		m.sc = affectedScope{sc}
	}
	fs := m.filters(&Template{}, pi+2)
	m.each, m.sc = each, sc
	for _, c := range fs {
		f := c.arg.Filter
		if c.next == len(m.parts) && (f.Det == "" || f.Det == "other") && f.Yields.Kind == KObject && f.Zone == "" && f.Bind == "" &&
			f.Words[len(f.Words)-1].Singular {
			quantity.ForEach = f
			return true
		}
	}
	if !m.quick {
		hint := "`for each` after a phrase counts permanents: a singular filter without determiner, such as `for each land you control`"
		if !affects(t, mode) && slices.ContainsFunc(m.parts[pi:], func(p *dsl.Part) bool { return p.Word() == Affected }) {
			hint = "`" + Affected + "` names the object a continuous effect applies to, in the `for each` of a static ability (`static creatures get +1/+1 for each other creature that shares a creature type with it`); here, name the object with `as` or write `this`"
		}
		m.fail(pi, CodeForEach, fmt.Sprintf("%q describes no permanents to count", m.wordsFrom(pi, len(m.parts)-1)), hint, t)
	}
	return false
}

// Affected is the name by which the filter of a continuous effect's
// `for each` calls the object the effect is being applied to, as Oracle
// text does: "each creature gets +1/+1 for each other creature on the
// battlefield that shares at least one creature type with it" (Coat of
// Arms). In that filter, `other` is also relative to that object: "other
// creature" is any creature but the one the count is made for.
const Affected = "it"

// affects reports whether template t, read in mode, is a continuous effect
// on a set of objects, whose quantity may be counted for each of them.
func affects(t *Template, mode Mode) bool {
	return mode == ModeRule && t.Func != nil && t.Func.Effect && len(t.Func.Params) > 0 && t.Func.Params[0].Type.Kind == KObject
}

// affectedScope is the scope of the filter of a continuous effect's `for
// each`: the ability's names, and Affected, an object.
type affectedScope struct{ Scope }

// Type implements Scope.
func (s affectedScope) Type(name string) (Type, bool) {
	if name == Affected {
		return Type{Kind: KObject}, true
	}
	return s.Scope.Type(name)
}

// Use implements Scope.
func (s affectedScope) Use(name string) {
	if name != Affected {
		s.Scope.Use(name)
	}
}

// Names implements Scope.
func (s affectedScope) Names() []string {
	names := append(slices.Clone(s.Scope.Names()), Affected)
	slices.Sort(names)
	return names
}

// boundWords reports whether part pi, a binding `as W`, reads as the
// words "as W" that the template has at item ti.
func (m *matcher) boundWords(t *Template, ti, pi int) bool {
	if pi >= len(m.parts) || m.parts[pi].Bind == nil || ti+1 >= len(t.Items) {
		return false
	}
	return wordEq(t.Items[ti].Word, "as") && t.Items[ti+1].Word != "" && wordEq(*m.parts[pi].Bind, t.Items[ti+1].Word)
}

// candidate is one way to fill a slot, and where the phrase goes on.
type candidate struct {
	arg  *Arg
	next int
}

// candidates lists the ways parts from pi can fill a slot, longest first.
func (m *matcher) candidates(t *Template, slot string, pi int, mode Mode) []candidate {
	if m.oracle != nil {
		typ, _ := t.SlotType(slot)
		if out := m.oracleCandidates(t, slot, typ, pi); len(out) > 0 || slot == ThisSlot {
			if slot == ThisSlot {
				return out
			}
			return append(out, m.phraseCandidates(t, slot, pi, mode)...)
		}
	}
	return m.phraseCandidates(t, slot, pi, mode)
}

// phraseCandidates lists the ways parts from pi can fill a slot, as a
// card's phrase fills it.
func (m *matcher) phraseCandidates(t *Template, slot string, pi int, mode Mode) []candidate {
	if slot == "power/toughness" {
		return m.ptCandidates(t, pi)
	}
	typ, _ := t.SlotType(slot)
	part := m.parts[pi]
	switch typ.Kind {
	case KCounter:
		return m.counterCandidate(t, slot, pi)
	case KKeyword:
		if out := m.keywordCandidates(pi); len(out) > 0 {
			return out
		}
		m.fail(pi, "", "", "", t)
		return nil
	case KAbility:
		return m.textCandidate(t, pi)
	case KZone:
		return m.nameCandidate(t, pi, KZone)
	case KColor:
		return m.nameCandidate(t, pi, KColor)
	case KCardType:
		return m.cardTypeCandidate(t, pi)
	case KSubtype:
		return m.subtypeCandidate(t, slot, pi)
	case KStep:
		return m.stepCandidates(t, pi)
	case KEvent:
		if mode == ModeRule && m.oracle != nil {
			return m.oraclePatterns(typ.Event, pi)
		}
		if mode == ModeRule {
			return m.patternCandidates(t, typ.Event, pi)
		}
		return m.eventRefCandidate(t, typ, pi)
	case KMana:
		if part.Mana != nil {
			return []candidate{{&Arg{Kind: ArgMana, Pos: part.Pos, Type: typ, Name: *part.Mana}, pi + 1}}
		}
		m.fail(pi, "", "", "", t)
		return nil
	case KTargets:
		if out := m.targetsCandidates(t, pi); len(out) > 0 {
			return out
		}
	case KObjects:
		var out []candidate
		for _, f := range m.filtersAt(t, pi) {
			if f.arg.Type.Kind == KObject && f.arg.Filter.Det != "target" {
				arg := *f.arg // shared (filtersAt)
				arg.Type = typ
				out = append(out, candidate{&arg, f.next})
			}
		}
		if len(out) == 0 {
			m.fail(pi, "", "", "", t)
		}
		return out
	case KNumber:
		if n, ok := numberWords[strings.ToLower(part.Word())]; ok {
			return []candidate{{&Arg{Kind: ArgConst, Pos: part.Pos, Type: typ, Num: n}, pi + 1}}
		}
		if m.wordsAt(pi, countWords) {
			if out := m.countCandidates(t, typ, pi); len(out) > 0 {
				return out
			}
		}
		if out := m.queryCandidates(typ, pi); len(out) > 0 {
			return out
		}
		if afterForEach(t, slot) {
			if out := m.eachCountCandidates(typ, pi); len(out) > 0 {
				return out
			}
		}
	case KObject, KPlayer, KTarget, KSpell:
		var out []candidate
		if typ.Kind != KObject && t.Func != nil && t.Func.Action {
			out = append(out, m.eachPlayerCandidates(t, pi)...)
		}
		if c, ok := m.thatCandidate(t, typ, pi); ok {
			return append(out, c)
		}
		for _, f := range m.filtersAt(t, pi) {
			if typ.Accepts(f.arg.Type) {
				out = append(out, f)
			} else if !m.quick {
				m.fail(pi, CodeType, fmt.Sprintf("%q describes %ss, but %s is needed here", f.arg.Filter.Text, f.arg.Type, Article(typ.String())), "", t)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return m.exprCandidate(t, typ, pi)
}

// thatCandidate fills an object or player slot with "that player",
// "that creature", "that card", "defending player": a name of two words
// that the scope binds (the checker binds them to the objects and players
// an event pattern names with a filter, as Oracle text refers to them:
// "Whenever an opponent draws a card, ... deals 1 damage to that player";
// and to the fields an event gives a name of the rules, its aliases).
func (m *matcher) thatCandidate(t *Template, typ Type, pi int) (candidate, bool) {
	if pi+1 >= len(m.parts) || m.word(pi) == "" || m.word(pi+1) == "" {
		return candidate{}, false
	}
	name := strings.ToLower(m.word(pi)) + " " + strings.ToLower(m.word(pi+1))
	bt, bound := m.sc.Type(name)
	if !bound {
		if !m.quick && strings.EqualFold(m.word(pi), "that") {
			m.fail(pi, CodeUndefined, fmt.Sprintf("%q names nothing here", name),
				"`that player`, `that creature`, `that card` name what the pattern of a triggered ability names with a filter, such as `whenever an opponent draws a card`", t)
		}
		return candidate{}, false
	}
	if !typ.Accepts(bt) {
		if !m.quick {
			m.fail(pi, CodeType, fmt.Sprintf("%q is %s, but %s is needed here", name, Article(bt.String()), Article(typ.String())), "", t)
		}
		return candidate{}, false
	}
	m.sc.Use(name)
	p := m.parts[pi]
	ref := &dsl.Ref{Span: p.Span, Name: name}
	sum := &dsl.Sum{Span: p.Span, Left: &dsl.Product{Span: p.Span, Left: &dsl.Unary{Span: p.Span, Primary: &dsl.Primary{Span: p.Span, Ref: ref}}}}
	return candidate{&Arg{Kind: ArgExpr, Pos: p.Pos, Type: bt, Expr: sum}, pi + 2}, true
}

// ThatName is the name of two words "that NOUN" by which a card refers to
// an object or a player named before ("that player", "that creature"):
// "that " and the noun in lower case.
func ThatName(noun string) string { return "that " + strings.ToLower(noun) }

// targetsCandidates fills a slot of type targets with targets: one
// filter with the determiner "target" or "any" and any number of
// targets, or several joined by "and" ("target nonland permanent you
// control and up to two target nonland permanents you don't control"),
// then an optional `as NAME` that names them all. The longest come first.
func (m *matcher) targetsCandidates(t *Template, pi int) []candidate {
	var out []candidate
	var walk func(fs []*Filter, at int)
	walk = func(fs []*Filter, at int) {
		for _, c := range m.filtersAt(t, at) {
			f := c.arg.Filter
			if f.Det != "target" && f.Det != "any" || f.Zone != "" {
				continue
			}
			g := slices.Clip(append(fs, f))
			if f.Bind != "" {
				// `as NAME` after the last: the name of them all.
				h := *f
				h.Bind, h.Text = "", strings.TrimSuffix(f.Text, " as "+f.Bind)
				g[len(g)-1] = &h
				out = append(out, candidate{&Arg{Kind: ArgTargets, Pos: m.parts[pi].Pos, Type: Type{Kind: KTargets}, Targets: g, Bind: f.Bind}, c.next})
				continue
			}
			if c.next+1 < len(m.parts) && wordEq(m.word(c.next), "and") && len(g) < maxTargetsPerSlot {
				walk(g, c.next+1)
			}
			out = append(out, candidate{&Arg{Kind: ArgTargets, Pos: m.parts[pi].Pos, Type: Type{Kind: KTargets}, Targets: g}, c.next})
		}
	}
	walk(nil, pi)
	slices.SortStableFunc(out, func(a, b candidate) int { return b.next - a.next })
	return out
}

// maxTargetsPerSlot is how many instances of "target" a slot of type
// targets reads, joined by "and".
const maxTargetsPerSlot = 8

// countWords start a count: "the number of creatures you control".
var countWords = []string{"the", "number", "of"}

// countCandidates fills a number slot with "the number of FILTER": how
// many permanents a filter of objects describes, a plural without
// determiner ("the number of creatures you control"), or with "other",
// all but this ("the number of other creatures you control"), as after
// "for each".
func (m *matcher) countCandidates(t *Template, typ Type, pi int) []candidate {
	each := m.each
	m.each = true // a filter without determiner, as after "for each"
	fs := m.filters(t, pi+len(countWords))
	m.each = each
	var out []candidate
	for _, f := range fs {
		if f.arg.Type.Kind != KObject || (f.arg.Filter.Det != "" && f.arg.Filter.Det != "other") || f.arg.Filter.Bind != "" || f.arg.Filter.Zone != "" {
			continue
		}
		out = append(out, candidate{&Arg{Kind: ArgCount, Pos: m.parts[pi].Pos, Type: typ, Filter: f.arg.Filter}, f.next})
	}
	return out
}

// queryCandidates fills a number slot with a phrase of a query of a
// number ("the number of times this ability has been activated this
// turn"), the longest run of parts that reads as one first.
func (m *matcher) queryCandidates(typ Type, pi int) []candidate {
	var out []candidate
	for _, qt := range expandAll(m.v.conditionTemplates) {
		if len(qt.Items) == 0 || qt.Items[0].Word == "" || !wordEq(m.word(pi), qt.Items[0].Word) || qt.Func.Result.Kind != KNumber {
			continue
		}
		for end := len(m.parts); end > pi; end-- {
			sub := &matcher{v: m.v, sc: m.sc, parts: m.parts[pi:end], elsewhere: m.elsewhere, quick: true}
			if alts := sub.matchTemplates([]*Template{qt}, ModeCondition); len(alts) > 0 {
				out = append(out, candidate{&Arg{Kind: ArgQuery, Pos: m.parts[pi].Pos, Type: typ,
					Pattern: &Match{Alts: alts, Pos: m.parts[pi].Pos}}, end})
				break
			}
		}
	}
	return out
}

// afterForEach reports whether a template's slot follows its words "for
// each": "add {mana} for each {amount}".
func afterForEach(t *Template, slot string) bool {
	for i, it := range t.Items {
		if it.Slot == slot {
			return i >= 2 && wordEq(t.Items[i-2].Word, "for") && wordEq(t.Items[i-1].Word, "each")
		}
	}
	return false
}

// eachCountCandidates fills a number slot after the template's words "for
// each" with a count of a singular filter without determiner: "add {G}
// for each Elf you control" counts the Elves its controller controls, as
// "the number of Elves you control" does (Arg.Each says how it was
// written).
func (m *matcher) eachCountCandidates(typ Type, pi int) []candidate {
	each := m.each
	m.each = true
	fs := m.filters(&Template{}, pi)
	m.each = each
	var out []candidate
	for _, f := range fs {
		flt := f.arg.Filter
		if flt.Yields.Kind != KObject || (flt.Det != "" && flt.Det != "other") || flt.Bind != "" || flt.Zone != "" || !flt.Words[len(flt.Words)-1].Singular {
			continue
		}
		out = append(out, candidate{&Arg{Kind: ArgCount, Pos: m.parts[pi].Pos, Type: typ, Filter: flt, Each: true}, f.next})
	}
	return out
}

// exprCandidate fills a slot with one expression part of the right type.
func (m *matcher) exprCandidate(t *Template, typ Type, pi int) []candidate {
	part := m.parts[pi]
	if part.Expr == nil {
		m.fail(pi, "", "", "", t)
		return nil
	}
	w := part.Word()
	if _, bound := m.sc.Type(w); w != "" && !bound {
		// A bare word that names nothing: a word of some phrase in the
		// wrong place, or a name that is not bound.
		m.fail(pi, "", "", "", t)
		// The first word of a phrase that names nothing is more likely a
		// misspelled word of the phrase than a name.
		if _, bound := m.elsewhere[w]; w == "X" || pi > 0 && (bound || !m.v.isTemplateWord(w)) {
			m.undefined(pi, w, t)
		}
		return nil
	}
	et, d := m.v.TypeOf(part.Expr, m.sc)
	if d != nil {
		m.failName(pi, d.Code, d.Message, d.Hint, d.Undefined, t)
		return nil
	}
	if !typ.Accepts(et) {
		if m.quick {
			return nil
		}
		m.fail(pi, CodeType, fmt.Sprintf("%q is %s, but %s is needed here", dsl.SumString(part.Expr), Article(et.String()), Article(typ.String())), "", t)
		return nil
	}
	return []candidate{{&Arg{Kind: ArgExpr, Pos: part.Pos, Type: et, Expr: part.Expr}, pi + 1}}
}

// NumberWord returns the number a word of a phrase says ("two" is 2; "a"
// and "an" are 1), for a lower-case word; ok is false for any other word.
// The compiler reads counts with it, and Oracle coverage reads Oracle's
// number words with it.
func NumberWord(w string) (n int64, ok bool) {
	n, ok = numberWords[w]
	return n, ok
}

// numberWords are the number words a phrase may say instead of digits.
var numberWords = map[string]int64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	// Oracle text writes numbers in words up to twenty, and some beyond
	// (Jace Beleren's "the top twenty cards").
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
	"thirty": 30, "forty": 40, "fifty": 50,
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
		name = dsl.Unquote(*part.Str)
	default:
		name = part.Word()
	}
	if name == "" {
		m.fail(pi, "", "", "", t)
		return nil
	}
	if !m.v.IsName(k, name) {
		if m.quick {
			return nil
		}
		// A word followed by "counter(s)" names a counter kind, as in
		// "3 wish counters": that it is no kind of the vocabulary is the
		// mistake, not the phrase around it.
		if k == KCounter && (part.PT != nil || part.Str != nil || pi+1 < len(m.parts) && wordEq(m.word(pi+1), "counter")) {
			hint := dsl.DidYouMean(name, m.v.lists[KCounter])
			if hint == "" {
				hint = "the vocabulary's counter kinds are " + strings.Join(m.v.lists[KCounter], ", ") +
					"; a kind it lacks is a word added to the `counters` lines of stdlib/names.card (CR 122)"
			}
			m.fail(pi, CodeUnknownCounter, fmt.Sprintf("unknown counter kind %q", name), hint, t)
		} else {
			m.fail(pi, "", "", "", t)
		}
		return nil
	}
	return []candidate{{&Arg{Kind: ArgName, Pos: part.Pos, Type: Type{Kind: k}, Name: name}, pi + 1}}
}

// counterCandidate fills a counter slot with a counter kind: one the
// vocabulary declares, or, right before the word "counter" or
// "counters" of the template, any other a card may name (CR 122.1;
// Vocab.CounterKind says which): `put a wish counter on this`.
func (m *matcher) counterCandidate(t *Template, slot string, pi int) []candidate {
	part := m.parts[pi]
	var name string
	switch {
	case part.PT != nil:
		name = *part.PT
	case part.Str != nil:
		name = dsl.Unquote(*part.Str)
	default:
		name = part.Word()
	}
	if name != "" && !m.v.IsName(KCounter, name) && beforeCounterWord(t, slot) && pi+1 < len(m.parts) && wordEq(m.word(pi+1), "counter") {
		if ok, d := m.v.CounterKind(part.Pos, name); !ok {
			if !m.quick {
				m.fail(pi, d.Code, d.Message, d.Hint, t)
			}
			return nil
		}
		return []candidate{{&Arg{Kind: ArgName, Pos: part.Pos, Type: Type{Kind: KCounter}, Name: name}, pi + 1}}
	}
	return m.nameCandidate(t, pi, KCounter)
}

// beforeCounterWord reports whether the template's slot is followed by
// the word "counter" or "counters".
func beforeCounterWord(t *Template, slot string) bool {
	for i, it := range t.Items {
		if it.Slot == slot {
			return i+1 < len(t.Items) && wordEq(t.Items[i+1].Word, "counter")
		}
	}
	return false
}

// cardTypeCandidate fills a card type slot with a card type, after "a" or
// "an" if the card writes one: "an artifact".
func (m *matcher) cardTypeCandidate(t *Template, pi int) []candidate {
	if w := strings.ToLower(m.parts[pi].Word()); (w == "a" || w == "an") && pi+1 < len(m.parts) {
		if out := m.nameCandidate(t, pi+1, KCardType); len(out) > 0 {
			return out
		}
	}
	// A plural, after a plural subject: "permanents are artifacts".
	if w := strings.ToLower(m.parts[pi].Word()); isPlural(w) && m.v.IsName(KCardType, w[:len(w)-1]) {
		part := m.parts[pi]
		return []candidate{{&Arg{Kind: ArgName, Pos: part.Pos, Type: Type{Kind: KCardType}, Name: w[:len(w)-1]}, pi + 1}}
	}
	return m.nameCandidate(t, pi, KCardType)
}

// subtypeCandidate fills a subtype slot with a subtype the vocabulary
// declares, in the singular: "Goblin", "Time Lord" (CR 205.3). If the
// phrase's words after the slot name card types ("{subtype} artifact
// creature token"), the subtype belongs to one of them (CR 205.3d).
func (m *matcher) subtypeCandidate(t *Template, slot string, pi int) []candidate {
	part := m.parts[pi]
	w, next := part.Word(), pi+1
	if !Capitalized(w) {
		m.fail(pi, "", "", "", t)
		return nil
	}
	s, singular, _ := m.v.LookupSubtype(w)
	if pi+1 < len(m.parts) && Capitalized(m.word(pi+1)) {
		if s2, singular2, _ := m.v.LookupSubtype(w + " " + m.word(pi+1)); s2 != nil {
			s, singular, next = s2, singular2, pi+2
		}
	}
	if s == nil || !singular {
		if !m.quick {
			d := m.v.UnknownSubtype(part.Pos, w)
			if s != nil {
				d.Message, d.Hint = fmt.Sprintf("%q is the plural of %q: write the subtype in the singular here", w, s.Name), ""
			}
			m.fail(pi, d.Code, d.Message, d.Hint, t)
		}
		return nil
	}
	if types := m.v.slotTypes(t, slot); len(types) > 0 && !s.HasType(types) {
		if !m.quick {
			m.fail(pi, CodeSubtype, fmt.Sprintf("%q is a subtype of %s, and the object is a %s (CR 205.3d)", s.Name, s.TypesText(), strings.Join(types, " ")), "", t)
		}
		return nil
	}
	return []candidate{{&Arg{Kind: ArgName, Pos: part.Pos, Type: Type{Kind: KSubtype}, Name: s.Name}, next}}
}

// slotTypes lists the card types a phrase names right after a slot, which
// the object it speaks of has: "artifact" and "creature" after the
// subtype of "{subtype} artifact creature token".
func (v *Vocab) slotTypes(t *Template, slot string) []string {
	var types []string
	for i, it := range t.Items {
		if it.Slot != slot {
			continue
		}
		for _, after := range t.Items[i+1:] {
			w := strings.ToLower(after.Word)
			if !v.IsName(KCardType, w) {
				break
			}
			types = append(types, w)
		}
		break
	}
	return types
}

// textCandidate fills a slot with a text: the ability an effect grants,
// parsed (the compiler checks it as an ability of the card).
func (m *matcher) textCandidate(t *Template, pi int) []candidate {
	part := m.parts[pi]
	if part.Str == nil {
		m.fail(pi, "", "", "", t)
		return nil
	}
	if arg, ok := m.abilities[part]; ok {
		return []candidate{{arg, pi + 1}}
	}
	at := part.Pos
	at.Column++
	at.Offset++
	text := dsl.Unquote(*part.Str)
	item, diags := parser.ParseCardItem(at, text)
	arg := &Arg{Kind: ArgText, Pos: part.Pos, Type: Type{Kind: KAbility}, Text: text, TextPos: at, Ability: item, AbilityDiags: diags}
	if m.abilities == nil {
		m.abilities = map[*dsl.Part]*Arg{}
	}
	m.abilities[part] = arg
	return []candidate{{arg, pi + 1}}
}

// keywordCandidates fills a slot with a keyword ability, written as
// Oracle text writes it, without quotes: `flying`, `first strike`,
// `protection from Demons`, `swampwalk` (Vocab.ReadKeyword). The longest
// comes first.
func (m *matcher) keywordCandidates(pi int) []candidate {
	var out []candidate
	if p := m.parts[pi]; p.Str != nil {
		// A keyword in quotes: "first strike".
		if u, ok := m.v.ReadKeyword(strings.Fields(dsl.Unquote(*p.Str))); ok {
			out = append(out, candidate{&Arg{Kind: ArgName, Pos: p.Pos, Type: Type{Kind: KKeyword}, Name: u.Name, Keyword: u.Keyword}, pi + 1})
		}
		return out
	}
	var words []string
	for j := pi; j < len(m.parts) && j-pi < m.v.maxKeywordWords(); j++ {
		w, ok := keywordWord(m.parts[j])
		if !ok {
			break
		}
		words = append(words, w)
		if u, ok := m.v.ReadKeyword(words); ok {
			out = append(out, candidate{&Arg{Kind: ArgName, Pos: m.parts[pi].Pos, Type: Type{Kind: KKeyword}, Name: u.Name, Keyword: u.Keyword}, j + 1})
		} else if k := m.v.KeywordNamed(strings.ToLower(strings.Join(words, " "))); k != nil && k.Param != nil {
			// A keyword with a parameter, named without it (`have
			// graft`): it reads, for the compiler to say what is due.
			out = append(out, candidate{&Arg{Kind: ArgName, Pos: m.parts[pi].Pos, Type: Type{Kind: KKeyword}, Name: k.Name, Keyword: k}, j + 1})
		}
	}
	slices.Reverse(out)
	return out
}

// keywordWord returns a part of a phrase as a word of a keyword: a bare
// word, a number or mana symbols.
func keywordWord(p *dsl.Part) (string, bool) {
	switch {
	case p.Mana != nil:
		return *p.Mana, true
	case p.Expr == nil:
		return "", false
	}
	if w := p.Expr.Word(); w != "" {
		return w, true
	}
	if n, ok := p.Expr.Number(); ok {
		return n, true
	}
	return "", false
}

// stepCandidates fills a slot with the words of a step.
func (m *matcher) stepCandidates(t *Template, pi int) []candidate {
	var out []candidate
	for _, st := range m.v.steps {
		for _, words := range st.Words {
			if m.wordsAt(pi, words) {
				out = append(out, candidate{&Arg{Kind: ArgName, Pos: m.parts[pi].Pos, Type: Type{Kind: KStep}, Name: st.Name}, pi + len(words)})
			}
		}
	}
	if len(out) == 0 {
		m.fail(pi, "", "", "", t)
		if w := m.word(pi); w != "" && pi > 0 && !m.quick {
			var words []string
			for _, p := range m.parts[pi:] {
				words = append(words, dsl.PartString(p))
			}
			text := strings.Join(words, " ")
			m.fail(pi, CodeUnknownStep, fmt.Sprintf("%q is not a step", text), dsl.DidYouMean(text, m.v.StepNames()), t)
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
	for _, st := range v.steps {
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
		if !wordEq(m.word(pi+i), w) {
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
	c, ok := dsl.ParsePTChange(*part.PT)
	if !ok {
		if m.quick {
			return nil
		}
		m.fail(pi, CodeType, fmt.Sprintf("%q is not +N/+M", *part.PT), "", t)
		return nil
	}
	if c.HasX() && m.oracle == nil && m.sc != nil && !m.whereFollows(pi+1) {
		// X is the ability's: the X paid in a cost, or one a `where`
		// statement named (CR 107.3).
		if _, bound := m.sc.Type("X"); !bound {
			m.undefined(pi, "X", t)
			return nil
		}
		m.sc.Use("X")
	}
	return []candidate{{&Arg{Kind: ArgPT, Pos: part.Pos, Power: int64(c.Power), Toughness: int64(c.Toughness),
		PowerX: int64(c.PowerX), ToughnessX: int64(c.ToughnessX)}, pi + 1}}
}

// whereWords begin what X is, after a phrase: "where X is NUMBER".
var whereWords = []string{"where", "X", "is"}

// whereFollows reports whether the words "where X is" come after part pi
// in the phrase, which then defines X itself (whereTail).
func (m *matcher) whereFollows(pi int) bool {
	for i := pi; i+len(whereWords) <= len(m.parts); i++ {
		if m.wordsAt(i, whereWords) {
			return true
		}
	}
	return false
}

// whereTail reads the parts from pi, after a rule's template read to its
// end, as "where X is NUMBER": what X is in the phrase's +X/+X (CR
// 107.3c), a number as a number slot reads it, computed for each object
// the continuous effect applies to, each time the characteristics are
// computed (CR 611.3a, 613.4c); its filter may call that object `it`, as
// `for each` does. (After an action, `where X is N` is the compiler's:
// it reads the phrase in a scope of its own where X is N.) It sets the
// argument's Where and reports whether the parts read so.
func (m *matcher) whereTail(t *Template, pi int, mode Mode) bool {
	if mode != ModeRule || !m.wordsAt(pi, whereWords) || pi+len(whereWords) >= len(m.parts) {
		return false
	}
	var pt *Arg
	for _, f := range m.filled {
		if f.slot == "power/toughness" && f.arg.Kind == ArgPT && (f.arg.PowerX != 0 || f.arg.ToughnessX != 0) {
			pt = f.arg
		}
	}
	if pt == nil {
		if !m.quick {
			m.fail(pi, CodeType, fmt.Sprintf("%q names X, and the phrase %q has no +X/+X", m.wordsFrom(pi, len(m.parts)-1), t.Text),
				"in a static ability, `where X is N` after the phrase says what X is in its power/toughness change, `gets +X/+X where X is the number of creatures you control`", t)
		}
		return false
	}
	sc := m.sc
	if affects(t, mode) && sc != nil {
		sc = affectedScope{sc}
	}
	sub := &matcher{v: m.v, sc: sc, parts: m.parts[pi+len(whereWords):], elsewhere: m.elsewhere, quick: m.quick}
	if !sub.try(numberTemplate, 0, 0, ModeAction) {
		if !m.quick && sub.failed {
			b := sub.best
			m.failName(pi+len(whereWords)+b.depth, b.code, b.msg, b.hint, b.undefined, t)
		}
		return false
	}
	pt.Where = sub.filled[0].arg
	return true
}

// eventRefCandidate fills an event slot of an action with a bound event.
func (m *matcher) eventRefCandidate(t *Template, typ Type, pi int) []candidate {
	part := m.parts[pi]
	w := part.Word()
	bt, bound := m.sc.Type(w)
	if w == "" || !bound {
		m.fail(pi, "", "", "", t)
		if w != "" {
			m.undefined(pi, w, t)
		}
		return nil
	}
	if !typ.Accepts(bt) {
		if m.quick {
			return nil
		}
		m.fail(pi, CodeType, fmt.Sprintf("%q is %s, but %s is needed here", w, Article(bt.String()), Article(typ.String())), "", t)
		return nil
	}
	m.sc.Use(w)
	return []candidate{{&Arg{Kind: ArgEventRef, Pos: part.Pos, Type: typ, Name: w}, pi + 1}}
}

// patternCandidates fills an event slot of a rule with an event pattern
// of that kind, trying the longest run of parts first.
func (m *matcher) patternCandidates(t *Template, kind string, pi int) []candidate {
	var out []candidate
	for end := len(m.parts); end > pi; end-- {
		// Only what the sub-phrase reads as is of use, not why it fails.
		sub := &matcher{v: m.v, sc: m.sc, parts: m.parts[pi:end], quick: true}
		alts := sub.matchTemplates(m.v.Event(kind).Templates, ModePattern)
		if len(alts) > 0 {
			out = append(out, candidate{&Arg{Kind: ArgPattern, Pos: m.parts[pi].Pos, Type: Type{Kind: KEvent, Event: kind},
				Pattern: &Match{Alts: alts, Event: m.v.Event(kind), Pos: m.parts[pi].Pos}}, end})
		}
	}
	if len(out) == 0 {
		m.fail(pi, "", "", "", t)
	}
	return out
}

// Match reads the parts of a phrase as a phrase of the vocabulary of the
// mode's kind (actions, event patterns or rules), with the names of a
// scope; elsewhere are the names bound by other abilities of the card, and
// their lines (a word bound elsewhere is taken as a name used out of its
// scope rather than a misspelled word). It returns every alternative of
// the first shape that reads, or why none does.
func (v *Vocab) Match(parts []*dsl.Part, mode Mode, sc Scope, elsewhere map[string]int) (*Match, *Mismatch) {
	if p := v.matchQuick(parts, mode, sc, elsewhere); p != nil {
		return p, nil
	}
	m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere}
	return m.matchPhrase(mode)
}

// boolConditions are the phrases of queries of a condition: those of a
// query of a number are numbers (queryCandidates).
func (v *Vocab) boolConditions() []*Template {
	for _, t := range v.conditionTemplates {
		if t.Func.Result.Kind != KBool {
			var out []*Template
			for _, t := range v.conditionTemplates {
				if t.Func.Result.Kind == KBool {
					out = append(out, t)
				}
			}
			return out
		}
	}
	return v.conditionTemplates
}

// numberTemplate is the template MatchNumber reads a number with: one
// number slot.
var numberTemplate = &Template{Text: "{amount}", Shape: "{}", Items: []TemplateItem{{Slot: "amount"}},
	Func: &FuncInfo{Name: "number", Params: []Field{{Name: "amount", Type: Type{Kind: KNumber}}}}}

// MatchNumber reads the parts of a phrase as one number, as a number slot
// of a phrase reads it: an expression, a number word, a count ("the number
// of Swamps you control"), or either made "for each FILTER" (`where X is
// the number of Swamps you control`). It returns the argument, or why the
// parts are no number.
func (v *Vocab) MatchNumber(parts []*dsl.Part, sc Scope, elsewhere map[string]int) (*Arg, *Mismatch) {
	if len(parts) == 0 {
		return nil, &Mismatch{Diagnostic: dsl.Errorf(dsl.Pos{}, CodeType, "no number")}
	}
	for _, quick := range []bool{true, false} {
		m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere, quick: quick}
		if len(parts) > 0 && m.try(numberTemplate, 0, 0, ModeAction) {
			return m.filled[0].arg, nil
		}
		if !quick {
			d := dsl.Errorf(parts[0].Pos, CodeType, "%q is no number", dsl.PartsString(parts))
			if m.best.code != "" {
				d = dsl.Errorf(m.best.pos, m.best.code, "%s", m.best.msg)
				d.Hint = m.best.hint
			}
			if d.Hint == "" {
				d.Hint = "a number is a number, an expression such as X + 1, or a count such as `the number of Swamps you control`"
			}
			return nil, &Mismatch{Diagnostic: d, Undefined: m.best.undefined}
		}
	}
	return nil, nil
}

// matchPhrase matches a phrase in a mode and returns the alternatives, or
// a diagnostic saying why nothing matched.
func (m *matcher) matchPhrase(mode Mode) (*Match, *Mismatch) {
	var ts []*Template
	var code, what string
	switch mode {
	case ModeAction:
		ts, code, what = m.v.actionTemplates, CodeUnknownAction, "action"
	case ModePattern:
		ts, code, what = m.v.eventTemplates, CodeUnknownEvent, "event"
	case ModeRule:
		ts, code, what = m.v.starts[ModeRule].ts, CodeUnknownRule, "rule or effect"
	case ModeCondition:
		ts, code, what = m.v.boolConditions(), CodeUnknownAction, "condition"
	}
	if m.quick {
		if m.only != nil {
			ts = m.only
		} else {
			ts = m.v.starts[mode].from(m, mode)
		}
	}
	alts := m.matchTemplates(m.expandIfSaid(ts), mode)
	if m.quick && len(alts) == 0 {
		return nil, nil // read again, slowly, for the diagnostic
	}
	if len(alts) > 0 {
		p := &Match{Alts: alts, Pos: m.parts[0].Pos}
		if alts[0].Template.Event != nil {
			p.Event = alts[0].Template.Event
			p.Once = alts[0].Template.Once
			p.Anywhere = alts[0].Template.Anywhere
		}
		p.Others = m.others
		if t := m.ambiguous; t != nil {
			d := dsl.Warningf(m.parts[0].Pos, CodeAmbiguousPhrase, "%q reads as %q (%s) and as %q (%s); the first is taken",
				dsl.PartsString(m.parts), alts[0].Template.Text, alts[0].Template.Owner(), t.Text, t.Owner())
			d.Hint = "reword it so that it reads one way only"
			p.Warning = &d
		}
		return p, nil
	}
	text := dsl.PartsString(m.parts)
	if d := gluedSubtraction(m.parts); d != nil {
		return nil, &Mismatch{Diagnostic: *d}
	}
	if action, ok := m.mayAction(); mode == ModeAction && ok {
		d := dsl.Errorf(m.parts[1].Pos, code, "%q reads as an action, and \"PLAYER may\" goes before an action only in what an ability does (a body, or an activated ability's effect): here an action is always done", action)
		d.Hint = fmt.Sprintf("%s lists what it lacks", NotYetSection)
		if mays := mayTemplates(ts); len(mays) > 0 {
			d.Hint = fmt.Sprintf("the choices it has are %s; %s", strings.Join(mays, ", "), d.Hint)
		}
		return nil, &Mismatch{Diagnostic: d}
	}
	if m.best.code != "" {
		d := dsl.Errorf(m.best.pos, m.best.code, "%s", m.best.msg)
		d.Hint = m.best.hint
		return nil, &Mismatch{Diagnostic: d, Undefined: m.best.undefined}
	}
	d := dsl.Errorf(m.parts[0].Pos, code, "no %s of the vocabulary reads %q", what, text)
	switch {
	case m.best.msg != "":
		d.Pos, d.Message, d.Hint = m.best.pos, m.best.msg, m.best.hint
		if d.Hint != "" {
			return nil, &Mismatch{Diagnostic: d}
		}
	case m.bestDepth > 0:
		d.Pos = m.best.pos
	}
	ts = expandAll(ts) // what the phrase is like: every phrase
	if whole := joinedEnd(ts, dsl.PartsString(m.parts)); whole != "" {
		// "it can't be regenerated": the second of two sentences that the
		// vocabulary says as one phrase, whatever else it is like.
		d.Hint = joinedHint(whole)
	} else if t := m.closest(ts, mode); t != nil && !strings.Contains(d.Message, fmt.Sprintf("%q", t.Text)) {
		d.Hint = fmt.Sprintf("did you mean %q?", t.Text)
	} else {
		// No template is like it, or the one most like it is the one the
		// message names already ("by" goes on after the phrase "{object}
		// can't be blocked" ends): say what the language lacks.
		d.Hint = m.missingHint(ts, mode, what)
	}
	return nil, &Mismatch{Diagnostic: d}
}

// gluedSubtraction finds a word of the phrase read as the left side of a
// subtraction: "gain -X life" reads "gain - X", then "life".
func gluedSubtraction(parts []*dsl.Part) *dsl.Diagnostic {
	for _, p := range parts {
		if p.Expr == nil || len(p.Expr.Rest) == 0 || p.Expr.Rest[0].Op != "-" {
			continue
		}
		left := &dsl.Sum{Left: p.Expr.Left}
		if right := p.Expr.Rest[0].Right; left.Word() != "" && len(right.Rest) > 0 && right.Rest[0].Op == "/" {
			// "gets -Y/-Y": a power/toughness of a variable other than
			// X (which "-X/-X" lexes as one token).
			pt := "-" + strings.ReplaceAll(dsl.SumString(&dsl.Sum{Left: right}), " ", "")
			d := dsl.Errorf(p.Expr.Rest[0].Pos, CodeType, "a power/toughness change by a variable other than X, %q, is not in the language yet", pt)
			d.Hint = `each side of a power/toughness change is a number or X with its sign, as in "-1/-1" or "-X/-X"; ` + NotYetSection + " lists what the language lacks"
			return &d
		}
		if w := left.Word(); w != "" {
			d := dsl.Errorf(p.Pos, CodeType, "%q reads as a subtraction from %q", dsl.SumString(p.Expr), w)
			d.Hint = "write a negative value in parentheses, as in (-X)"
			return &d
		}
	}
	return nil
}

// closest finds the template most like the phrase, if one is like it
// enough to be worth offering: of the templates whose similarity to the
// phrase is above Trusted and that agree with it (the same verb, about the
// same kinds of thing: agrees), the one that matched furthest, or else the
// most similar one (the earlier of equals).
func (m *matcher) closest(ts []*Template, mode Mode) *Template {
	words := strings.Fields(strings.ToLower(dsl.PartsString(m.parts)))
	if m.bestTmpl != nil && m.bestDepth > 0 && TemplateSimilarity(m.bestTmpl, words) > Trusted && m.agrees(m.bestTmpl, mode) {
		return m.bestTmpl
	}
	best, bestScore := (*Template)(nil), Trusted
	for _, t := range ts {
		if s := TemplateSimilarity(t, words); s > bestScore && m.agrees(t, mode) {
			best, bestScore = t, s
		}
	}
	return best
}

// Trusted is the similarity a template must exceed to be offered as the
// phrase a designer meant: more than half of its words.
const Trusted = 0.5

// TemplateSimilarity says how much a phrase, as its words, looks like a template:
// the share of the template's own words (its slots left out) that a word
// of the phrase spells, as the matcher reads words (case and a plural s
// ignored) or with one typo (see typo); each word of the phrase counts
// once. A template without words is like nothing.
func TemplateSimilarity(t *Template, words []string) float64 {
	used := make([]bool, len(words))
	lit, found := 0, 0
	for _, it := range t.Items {
		if it.Word == "" {
			continue
		}
		lit++
		for i, w := range words {
			if !used[i] && (wordEq(w, it.Word) || typo(w, it.Word)) {
				used[i] = true
				found++
				break
			}
		}
	}
	if lit == 0 {
		return 0
	}
	return float64(found) / float64(lit)
}

// typo reports whether w is the word t of a template with one typo: one
// letter added, left out, changed, or two neighbours swapped. A word of
// fewer than four letters has no typos: "two" is not "to".
func typo(w, t string) bool {
	n, nt := utf8.RuneCountInString(w), utf8.RuneCountInString(t)
	// The lengths first: a 2 MB word costs no quadratic work.
	return nt >= 4 && n >= nt-1 && n <= nt+1 && dsl.EditDistance(strings.ToLower(w), strings.ToLower(t)) <= 1
}
