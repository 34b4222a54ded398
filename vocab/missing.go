package vocab

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// NotYetSection is the section of dsl/SPEC.md that lists what the
// language does not have yet, where a message about a phrase the
// vocabulary lacks sends the designer.
const NotYetSection = `SPEC's section "Not in the language yet"`

// modals are the words that take a verb after them: "can't lose", "may
// draw". A phrase's verb is the modal and the word after it.
var modals = map[string]bool{"can't": true, "cannot": true, "can": true, "may": true, "must": true, "doesn't": true, "don't": true}

// verbAt is where the verb of the phrase starts when its subject ends at
// part pi, and its words: one word, or a modal and the word after it.
func (m *matcher) verbAt(pi int) []string {
	if pi >= len(m.parts) || m.word(pi) == "" {
		return nil
	}
	w := strings.ToLower(m.word(pi))
	if modals[w] && pi+1 < len(m.parts) && m.word(pi+1) != "" {
		return []string{w, strings.ToLower(m.word(pi + 1))}
	}
	return []string{w}
}

// templateVerb is where the verb of template t is: the item after its
// subject — a slot, or "you" written for a player slot the phrase fills
// (`you can't lose the game ...` with player = you) — or its first item;
// -1 if it starts with no word there.
func templateVerb(t *Template) int {
	ti := 0
	if len(t.Items) > 0 && (t.Items[0].Word == "" || strings.EqualFold(t.Items[0].Word, "you") && len(t.Items) > 1) {
		ti = 1
	}
	if ti >= len(t.Items) || t.Items[ti].Word == "" {
		return -1
	}
	return ti
}

// templateVerbWords are the words of t's verb, as verbAt reads a phrase's.
func templateVerbWords(t *Template) []string {
	ti := templateVerb(t)
	if ti < 0 {
		return nil
	}
	w := strings.ToLower(t.Items[ti].Word)
	if modals[w] && ti+1 < len(t.Items) && t.Items[ti+1].Word != "" {
		return []string{w, strings.ToLower(t.Items[ti+1].Word)}
	}
	return []string{w}
}

// sameWord reports whether a word of a phrase is a template's word, as
// the matcher reads words or with one typo.
func sameWord(w, t string) bool { return wordEq(w, t) || typo(w, t) }

// agrees reports whether template t says what the phrase says with the
// same verb, about the same kinds of thing: the phrase's verb is t's (or
// that verb with a typo); what comes before it fills t's subject slot, or
// at least reads as no other kind of thing (a subject with a mistake in
// it); and what comes after it fills t's slot there, if it has one, or
// reads as no other kind of thing. Only such a template is worth offering
// as "did you mean": `this can't be blocked` is not "{event} can't be
// prevented" (its subject is an object), nor `put target creature on top
// of its owner's library` "put {amount} {kind} counters on {object}" (it
// puts an object).
func (m *matcher) agrees(t *Template, mode Mode) bool {
	ti := templateVerb(t)
	if ti < 0 {
		return false
	}
	probe := &matcher{v: m.v, sc: readOnly{m.sc}, parts: m.parts, elsewhere: m.elsewhere, quick: true}
	verb := templateVerbWords(t)
	var subjectEnds map[int]bool
	if ti == 1 {
		subjectEnds = map[int]bool{}
		for _, c := range probe.candidates(t, t.Items[0].Slot, 0, mode) {
			subjectEnds[c.next] = true
		}
	}
	_, kindEnd, known := m.kindSlot(0, mode)
	for pi := 0; pi+len(verb) <= len(m.parts); pi++ {
		if !m.verbIs(pi, verb) {
			continue
		}
		switch {
		case ti == 0 && pi > 0, ti == 1 && pi == 0:
			continue // a subject where t has none, or none where it has one
		case ti == 1 && !subjectEnds[pi] && known && kindEnd == pi:
			continue // a subject of another kind
		}
		after, pa := ti+len(verb), pi+len(verb)
		if after < len(t.Items) && t.Items[after].Word == "" && pa < len(m.parts) &&
			len(probe.candidates(t, t.Items[after].Slot, pa, mode)) == 0 {
			if _, _, other := m.kindSlot(pa, mode); other {
				continue // it acts on another kind of thing
			}
		}
		return true
	}
	return false
}

// verbIs reports whether the phrase's verb at part pi is the words verb
// (a word with a typo too): the same words, not preceded by a modal ("can't
// lose" is not "lose").
func (m *matcher) verbIs(pi int, verb []string) bool {
	if pi > 0 && modals[strings.ToLower(m.word(pi-1))] {
		return false
	}
	for i, w := range verb {
		if !sameWord(m.word(pi+i), w) {
			return false
		}
	}
	return true
}

// kindSlot reads the thing that starts at part pi, a subject or what a
// verb acts on, as the slot a template would have for it ("{object}",
// "{player}", "{amount}"), and returns where it ends; ok is false if
// nothing of these kinds starts there.
func (m *matcher) kindSlot(pi int, mode Mode) (slot string, next int, ok bool) {
	if pi >= len(m.parts) {
		return "", 0, false
	}
	part := m.parts[pi]
	if w := strings.ToLower(part.Word()); w != "" {
		if _, num := numberWords[w]; num {
			return "{amount}", pi + 1, true
		}
	}
	probe := &matcher{v: m.v, sc: readOnly{m.sc}, parts: m.parts, elsewhere: m.elsewhere, quick: true}
	// A probe template: an effect's slots read plurals ("creatures you
	// control"), an action's a singular ("target creature").
	t := &Template{Func: &FuncInfo{Effect: mode == ModeRule}}
	best := candidate{next: -1}
	for _, c := range probe.filters(t, pi) {
		if c.next > best.next {
			best = c
		}
	}
	if best.arg != nil {
		return kindSlotOf(best.arg.Type, best.arg.Filter), best.next, true
	}
	if part.Expr != nil {
		if typ, d := m.v.TypeOf(part.Expr, readOnly{m.sc}); d == nil {
			return kindSlotOf(typ, nil), pi + 1, true
		}
	}
	return "", 0, false
}

// kindSlotOf is the slot a template has for a value of type typ.
func kindSlotOf(typ Type, f *Filter) string {
	switch typ.Kind {
	case KPlayer:
		return "{player}"
	case KTarget:
		return "{target}"
	case KNumber:
		return "{amount}"
	case KObject:
		if f != nil && len(f.Words) > 0 && f.Words[len(f.Words)-1].Plural && f.Det == "" {
			return "{objects}"
		}
		return "{object}"
	}
	return "{" + typ.String() + "}"
}

// shape is the phrase as a template would say it: its subject and what
// its verb acts on as slots of their kinds, its other words as written
// ("put {object} on top of its owner's library"); and its verb.
func (m *matcher) shape(mode Mode) (shape string, verb []string) {
	var words []string
	pi := 0
	if slot, next, ok := m.kindSlot(0, mode); ok {
		words, pi = append(words, slot), next
	}
	verb = m.verbAt(pi)
	if verb == nil {
		return phraseText(m, 0), nil
	}
	for i := range verb {
		words = append(words, dsl.PartString(m.parts[pi+i]))
	}
	pi += len(verb)
	if slot, next, ok := m.kindSlot(pi, mode); ok {
		words, pi = append(words, slot), next
	}
	if rest := phraseText(m, pi); rest != "" {
		words = append(words, rest)
	}
	return strings.Join(words, " "), verb
}

// phraseText is the phrase as written from part pi.
func phraseText(m *matcher, pi int) string {
	if pi >= len(m.parts) {
		return ""
	}
	return dsl.PartsString(m.parts[pi:])
}

// sayingVerb lists the templates of ts whose verb is verb, at most three,
// quoted, for a hint: first those whose subject is of the phrase's kind,
// subject (a slot such as "{object}", as kindSlot reads it; "" for none
// known), so that `this can't be blocked by ...` is shown "{object} can't
// be blocked" before "{event} can't be prevented".
func sayingVerb(ts []*Template, verb []string, subject string) []string {
	if subject != "" {
		var same, other []*Template
		for _, t := range ts {
			if subjectSlot(t) == subject {
				same = append(same, t)
			} else {
				other = append(other, t)
			}
		}
		ts = append(same, other...)
	}
	var out []string
	for _, t := range ts {
		tv := templateVerbWords(t)
		if len(tv) != len(verb) {
			continue
		}
		same := true
		for i := range tv {
			if !wordEq(verb[i], tv[i]) {
				same = false
			}
		}
		if same {
			out = append(out, fmt.Sprintf("%q", t.Text))
			if len(out) == 3 {
				break
			}
		}
	}
	return out
}

// subjectSlot is the slot a phrase's subject would read as for template
// t's subject ("{object}" for "{attacker} attacks"), or "" if t's first
// item is a word.
func subjectSlot(t *Template) string {
	if len(t.Items) == 0 || t.Items[0].Word != "" {
		return ""
	}
	typ, ok := t.SlotType(t.Items[0].Slot)
	if !ok {
		return ""
	}
	return kindSlotOf(typ, nil)
}

// joinedEnd finds a template of ts that ends with the phrase text as the
// second of two sentences of Oracle joined by "and" ("destroy {object} and
// it can't be regenerated" for "it can't be regenerated"), or "".
func joinedEnd(ts []*Template, text string) string {
	tail := " and " + strings.ToLower(text)
	for _, t := range ts {
		if len(t.Text) > len(tail) && strings.EqualFold(t.Text[len(t.Text)-len(tail):], tail) {
			return t.Text
		}
	}
	return ""
}

// joinedHint says that a phrase is the second of two sentences that the
// vocabulary says as one phrase, whole.
func joinedHint(whole string) string {
	return fmt.Sprintf("the vocabulary says it only after the sentence before it, joined by \"and\": %q", whole)
}

// missingHint says, for a phrase that reads as no template of ts and is
// like none that agrees with it, what the language lacks: a phrase of
// that shape, of the mode's kind (what), and what it says with that verb
// instead.
func (m *matcher) missingHint(ts []*Template, mode Mode, what string) string {
	shape, verb := m.shape(mode)
	hint := fmt.Sprintf("the language has no %s %q yet (%s lists what it lacks)", what, shape, NotYetSection)
	if _, _, known := m.kindSlot(0, mode); !known {
		if h := oracleWordHint(m.word(0)); h != "" {
			// "it can't be regenerated": Oracle's pronoun first.
			return h + "; " + hint
		}
	}
	if verb == nil {
		return hint + "; dsl/VOCABULARY.md lists every phrase it has"
	}
	v := strings.Join(verb, " ")
	subject, _, _ := m.kindSlot(0, mode)
	if subject == "{objects}" {
		subject = "{object}" // a template's slot reads one object or many
	}
	if others := sayingVerb(ts, verb, subject); len(others) > 0 {
		return hint + fmt.Sprintf("; with %q it says %s", v, strings.Join(others, ", "))
	}
	return hint + fmt.Sprintf("; none of its phrases of this kind says %q (dsl/VOCABULARY.md lists them all)", v)
}

// mayAction reads a phrase "you may ACTION" whose ACTION is an action of
// the vocabulary, for a message: the language says which actions a
// player may choose to take, and has no "you may" before any action.
func (m *matcher) mayAction() (string, bool) {
	if len(m.parts) < 3 || !wordEq(m.word(0), "you") || !wordEq(m.word(1), "may") {
		return "", false
	}
	rest := &matcher{v: m.v, sc: readOnly{m.sc}, parts: m.parts[2:], elsewhere: m.elsewhere, quick: true}
	if p, _ := rest.matchPhrase(ModeAction); p == nil {
		return "", false
	}
	return dsl.PartsString(m.parts[2:]), true
}

// mayTemplates lists the templates of ts whose verb is "may" ("{player}
// may pay {mana} and sacrifice {object}", read "you may pay ..."): the choices
// to act that the vocabulary has.
func mayTemplates(ts []*Template) []string {
	var out []string
	for _, t := range ts {
		if t.optional != nil && strings.Contains(strings.ToLower(t.Text), "may") {
			out = append(out, mayTemplates(t.expansions().ts)...)
			continue
		}
		if v := templateVerbWords(t); len(v) > 0 && v[0] == "may" {
			out = append(out, fmt.Sprintf("%q", t.Text))
		}
	}
	return out
}

// readOnly is a scope that the readings of a message use: they look at
// names without marking them used, so that a name used only in a phrase
// with a mistake is still reported unused.
type readOnly struct{ Scope }

// Use implements Scope: it records nothing.
func (readOnly) Use(string) {}
