// Package read reads a card's Oracle text with the vocabulary: each
// paragraph is parsed into what it means (package oracle/meaning), the
// structure a card's abilities turn into too, by matching its words
// against the Oracle wordings of the vocabulary's phrases (the `oracle`
// line after each phrase of stdlib/*.card; vocab.Vocab.MatchOracle) — a
// grammar whose words are the vocabulary's, so that a phrase added to the
// vocabulary is read without a change here.
//
// What the reader knows itself is how Oracle text frames those phrases,
// as the card language frames them (dsl/SPEC.md, Abilities):
//
//   - keyword lines ("Flying, first strike", "Equip {2}", "Enchant
//     creature"), reminder text in parentheses left out;
//   - "When/Whenever/At PATTERN, [if CONDITION,] BODY." (triggered),
//     "If PATTERN, BODY [instead]." (replacement), "COST: BODY.
//     [Activate only ...]" and loyalty abilities (activated), a rule or a
//     continuous effect (static), how the permanent enters (enters), and
//     sentences of actions (a spell);
//   - in a body: sentences, clauses joined by "and", "then", ", then";
//     "at PATTERN, ..." and "... at PATTERN" (a delayed trigger), "when
//     PATTERN, ..." (a reflexive trigger), "for each FILTER, ...", "you
//     may ...", "that player may ..." (CR 608.2d), "if you do", "if
//     they don't" (CR 608.2c), "if ...", "if it's a creature card",
//     "Otherwise, ..." (the else of the "if" before it), "If you
//     can't [ACTION], ...", "If they can't, ..." (the card language's
//     `if you can't`, after the action that chose), "Choose one
//     — • ... • ..." (a modal choice, CR 700.2);
//     "ACTION ... other than FILTER" (its slot of objects narrowed:
//     "other than basic land cards" are the nonbasic cards), and
//     "other than FILTER" right after a filter's noun, which narrows
//     that filter ("target creature other than a Human": a non-Human
//     creature; an exception of one quality only),
//     "N ... for each FILTER" (a count), a subject shared by two
//     clauses ("target creature gets +1/+0 and gains first strike until
//     end of turn"), "A and B" in a slot;
//   - today's "enters" as the vocabulary's older "enters the
//     battlefield" ("When ~ enters, ...", "~ enters tapped.");
//   - the card's name as `this`, "enchanted creature" of an Aura's (or
//     "equipped creature" of an Equipment's) action as
//     `this.attached_to`, and what Oracle's words refer to: "it"
//     (the object last named), "that creature" (the last object of that
//     kind), "that player", "its controller", "that damage", "that many",
//     a possessive ("that creature's toughness"), "half X", "the
//     sacrificed creature" (what the last action of that verb chose),
//     "on top of it" (the library named last).
//
// A paragraph that does not read is reported with the longest prefix
// that read and what was expected there (Failure), as a parser reports
// a syntax error.
package read

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/vocab"
)

// Card is what the reader needs to know of a card: its name (which its
// Oracle text uses where the card language says `this`) and its types.
type Card struct {
	Name string
	// Types are its supertypes and card types, in lower case; Subtypes
	// its subtypes, as written.
	Types, Subtypes []string
}

// isSpell reports whether the card is an instant or a sorcery.
func (c Card) isSpell() bool {
	return slices.Contains(c.Types, "instant") || slices.Contains(c.Types, "sorcery")
}

// noun is what Oracle text calls the card: "creature", "land"...
func (c Card) noun() string {
	for _, t := range []string{"creature", "planeswalker", "land", "artifact", "enchantment", "instant", "sorcery"} {
		if slices.Contains(c.Types, t) {
			return t
		}
	}
	return "permanent"
}

// Reading is what one paragraph of Oracle text means.
type Reading struct {
	// Abilities are the abilities it says, in order: a paragraph may say
	// several ("Flying, vigilance"), and a spell's paragraph is one
	// ability of kind meaning.Spell with its instructions.
	Abilities []*meaning.Ability
	// Reminder marks a paragraph that is all reminder text (a basic
	// land's "({T}: Add {G}.)"), read inside its parentheses.
	Reminder bool
	// Failure says where the paragraph stopped reading; nil when it
	// reads.
	Failure *Failure
}

// Needs lists what the abilities need that the language does not have
// (meaning.Ability.Needs), each once.
func (r *Reading) Needs() []string {
	var out []string
	for _, a := range r.Abilities {
		for _, n := range a.Needs {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// Failure is where a paragraph stopped reading, as a parser reports a
// syntax error: the longest prefix that read, and what was expected
// after it. Finding it takes a second, slower reading, done on first
// use: call Diagnose before reading the fields.
type Failure struct {
	// Read is the longest prefix of the paragraph (without its reminder
	// text) that read; At the rest, from where it stopped.
	Read, At string
	// Expected are what could have come there: words in quotes ("\"gains\""),
	// or what a slot takes ("a number").
	Expected []string

	once     sync.Once
	diagnose func(*Failure)
}

// Diagnose finds where the paragraph stopped reading and what was
// expected there, if it is not known yet, and returns the failure.
func (f *Failure) Diagnose() *Failure {
	f.once.Do(func() {
		if f.diagnose != nil {
			f.diagnose(f)
		}
	})
	return f
}

// String says where the paragraph stopped reading and what was
// expected: `read "Whenever a player casts a white spell," then
// expected an action at "you may gain 1 life"`.
func (f *Failure) String() string {
	f.Diagnose()
	var s string
	if f.Read == "" {
		s = fmt.Sprintf("nothing reads at %q", cut(f.At))
	} else {
		s = fmt.Sprintf("read %q, then nothing reads at %q", cut(f.Read), cut(f.At))
	}
	if len(f.Expected) > 0 {
		s += "; expected " + orList(f.Expected)
	}
	return s
}

// cut shortens a text for a message: at most 60 characters.
func cut(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "…"
	}
	return s
}

// orList joins what was expected: `a number, "gains" or "loses"`.
func orList(xs []string) string {
	if len(xs) > 6 {
		xs = append(xs[:6:6], "…")
	}
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// Paragraph reads one paragraph of a card's Oracle text.
//
// What a paragraph means depends on its words, the card's name where
// they say it, and the card's types: readings are remembered by those (a
// library's paragraphs repeat — "Flying", "Enchant creature", "When ~
// enters the battlefield, draw a card." — and lint reads each once), up to
// memoSize of them. The abilities of a remembered reading are shared:
// they must not be changed.
func Paragraph(v *vocab.Vocab, card Card, text string) *Reading {
	inner, reminder := stripReminders(text)
	key := memoKey{v: v, text: inner, types: strings.Join(card.Types, " ") + "|" + strings.Join(card.Subtypes, " ")}
	if card.Name != "" {
		key.text = strings.ReplaceAll(inner, card.Name, "\x00")
	}
	if got := memo.get(key); got != nil {
		return got.forCard(v, card, inner)
	}
	// The reading may be remembered: it must not keep the text of the
	// card's file, of which the paragraph and the card's name may be
	// parts (dsl.Unquote).
	inner, card.Name = strings.Clone(inner), strings.Clone(card.Name)
	key.text = strings.Clone(key.text)
	out := &Reading{Reminder: reminder}
	abs, renamed, ok := readParagraph(v, card, inner)
	if ok {
		out.Abilities = texts(abs, inner)
		for _, a := range out.Abilities {
			a.Seal()
		}
	} else {
		out.Failure = failure(v, card, inner)
	}
	if !renamed {
		// A reading that took the card's name for a word of its text,
		// or holds it as a value, depends on the name.
		memo.put(key, out)
	}
	return out
}

// readParagraph reads a paragraph; renamed says its reading depends on
// the card's name: it read only with the name taken for words of the
// text, or it holds the name as a value.
func readParagraph(v *vocab.Vocab, card Card, inner string) (abs []*meaning.Ability, renamed, ok bool) {
	r := newReader(v, card, inner)
	if abs, ok := r.paragraph(); ok {
		return abs, r.byName, true
	}
	if card.Name != "" && strings.Contains(inner, card.Name) {
		// The card's name may be a word of its text, not the card:
		// Regenerate's "Regenerate target creature."
		named := card
		named.Name = ""
		r := newReader(v, named, inner)
		r.self = meaning.Self
		if abs, ok := r.paragraph(); ok {
			return abs, true, true
		}
		return nil, true, false
	}
	return nil, false, false
}

// failure is the failure of a paragraph that does not read: what was
// expected where it stopped, found when it is asked, by reading it again
// slowly.
func failure(v *vocab.Vocab, card Card, inner string) *Failure {
	return &Failure{diagnose: func(f *Failure) {
		r := newReader(v, card, inner)
		r.diag = true
		r.paragraph()
		got := r.failure()
		f.Read, f.At, f.Expected = got.Read, got.At, got.Expected
	}}
}

// forCard is a remembered reading for a card: its abilities, with the
// card's paragraph as their text, and its own failure.
func (r *Reading) forCard(v *vocab.Vocab, card Card, inner string) *Reading {
	out := &Reading{Reminder: r.Reminder}
	if len(r.Abilities) > 0 {
		// The copies in one allocation, as the pointers.
		copies := make([]meaning.Ability, len(r.Abilities))
		out.Abilities = make([]*meaning.Ability, len(r.Abilities))
		for i, a := range r.Abilities {
			copies[i] = *a
			copies[i].Text = inner
			out.Abilities[i] = &copies[i]
		}
	}
	if r.Failure != nil {
		out.Failure = failure(v, card, inner)
	}
	return out
}

// memoSize is how many readings are remembered: when there are more,
// they are forgotten and remembered again as they come.
const memoSize = 2048

// memoKey is what a reading depends on: the paragraph with the card's
// name as NUL, and the card's types.
type memoKey struct {
	v           *vocab.Vocab
	text, types string
}

// memo remembers readings.
var memo = &readings{m: map[memoKey]*Reading{}}

// readings are remembered readings, safe for the goroutines that lint
// a library's files.
type readings struct {
	mu sync.Mutex
	m  map[memoKey]*Reading
}

func (x *readings) get(k memoKey) *Reading {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.m[k]
}

func (x *readings) put(k memoKey, r *Reading) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.m) >= memoSize {
		clear(x.m)
	}
	x.m[k] = r
}

// texts gives each ability of a paragraph the paragraph's text.
func texts(abs []*meaning.Ability, text string) []*meaning.Ability {
	for _, a := range abs {
		if a.Text == "" {
			a.Text = text
		}
	}
	return abs
}

// reader reads one paragraph.
type reader struct {
	v    *vocab.Vocab
	card Card
	text string
	// self is what the reading calls the card: meaning.Self, or "this
	// creature" in an ability an effect grants.
	self  string
	parts []*dsl.Part
	b     *meaning.Builder
	sc    scope
	ctx   context
	// needs are what the ability being read needs that the language
	// does not have.
	needs []string
	// diag is set to record what was expected where reading stopped:
	// best is the furthest part any reading reached, expected what it
	// wanted there.
	diag     bool
	best     int
	expected []string
	// byName is set when the reading holds the card's name as a value
	// ("named Relentless Rats"): it is the card's alone, not remembered
	// for a card whose paragraph says the same of itself.
	byName bool
}

// context is what Oracle's words refer to, as the ability is read.
type context struct {
	// mentions are the objects and players named so far, in order.
	mentions []meaning.Mention
	// event is the canonical name of the event of the ability (or of the
	// triggered ability it creates, inside it), of kind eventKind.
	event, eventKind string
	// replace and enters say the body is a replacement effect's, or how
	// the permanent enters: their own actions are allowed.
	replace, enters bool
	// subj is the subject of the clause before: "target creature gets
	// +1/+0 and [that creature] gains first strike".
	subj *vocab.Arg
	// last is the clause before, for "A and B" in its last slot.
	last *clause
	// eachs are the filters of "each FILTER" in slots, by the name that
	// stands for them.
	eachs map[string]*vocab.Filter
	// manaChoice are the other mana of "Add {B} or {R}".
	manaChoice []string
	// chosen are the actions read so far that chose an object, in
	// order: what "the sacrificed creature" and "If you can't ..." refer
	// back to.
	chosen []chosenBy
}

// chosenBy is an action that chose an object: the reference of what it
// chose ("chosen.1"), its verb in the base form ("sacrifice"), its
// phrase, and the player who chose, as a reference ("you", "target.1").
type chosenBy struct {
	ref, verb, player string
	phrase            *meaning.Phrase
}

// clause is an action clause as read: the parts it was read from, its
// reading, and where it started in them.
type clause struct {
	parts []*dsl.Part
	from  int
	m     vocab.OracleMatch
}

// scope types the names the reader's expressions use.
type scope map[string]vocab.Type

func (s scope) Type(name string) (vocab.Type, bool) { t, ok := s[name]; return t, ok }
func (scope) Use(string)                            {}
func (s scope) Names() []string {
	var out []string
	for n := range s {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func newReader(v *vocab.Vocab, card Card, text string) *reader {
	r := &reader{v: v, card: card, text: text, parts: tokens(text, card.Name), self: meaning.Self}
	if card.Name == "" {
		r.self = "this " + card.noun()
	}
	r.sc = scope{"this": {Kind: vocab.KObject}, "you": {Kind: vocab.KPlayer}, "X": {Kind: vocab.KNumber}}
	r.reset()
	return r
}

// reset starts reading an ability afresh.
func (r *reader) reset() {
	if r.b == nil {
		r.b = meaning.NewBuilder(r.v, r.self)
	}
	r.b.Begin()
	r.b.Note("this", r.card.noun(), r.self)
	r.b.Fill = r.fill
	r.b.Granted = r.granted
	r.ctx = context{eachs: map[string]*vocab.Filter{}}
	r.needs = nil
}

// need records a construct the ability needs that the language does not
// have.
func (r *reader) need(what string) {
	if !slices.Contains(r.needs, what) {
		r.needs = append(r.needs, what)
	}
}

// finish gives an ability what it needs.
func (r *reader) finish(a *meaning.Ability) *meaning.Ability {
	for _, n := range r.needs {
		a.Need(n)
	}
	return a
}

// word is the word of part i in lower case, or "".
func (r *reader) word(i int) string { return wordOf(r.parts, i) }

func wordOf(parts []*dsl.Part, i int) string {
	if i < 0 || i >= len(parts) {
		return ""
	}
	return strings.ToLower(parts[i].Word())
}

// expect records, when diagnosing, what was wanted at part pi: each of
// whats, so that two readings that want one word name it once.
func (r *reader) expect(pi int, whats ...string) {
	if !r.diag {
		return
	}
	for _, what := range whats {
		switch {
		case pi > r.best:
			r.best, r.expected = pi, []string{what}
		case pi == r.best && !slices.Contains(r.expected, what):
			r.expected = append(r.expected, what)
		}
	}
}

// failure is where reading stopped.
func (r *reader) failure() *Failure {
	f := &Failure{At: r.text}
	if r.best > 0 && r.best <= len(r.parts) {
		at := len(r.text)
		if r.best < len(r.parts) {
			at = r.parts[r.best].Pos.Offset
		}
		f.Read, f.At = strings.TrimSpace(r.text[:at]), strings.TrimSpace(r.text[at:])
	}
	if f.At == "" {
		f.At = "the end"
	}
	f.Expected = append(f.Expected, r.expected...)
	sort.Strings(f.Expected)
	return f
}

// opts are the options of a reading of parts that start at part base of
// the paragraph.
func (r *reader) opts(parts []*dsl.Part, base int) vocab.OracleOptions {
	o := vocab.OracleOptions{Scope: r.sc, Hook: r.hook(parts)}
	if r.diag {
		o.Expect = func(pi int, what string) { r.expect(base+pi, what) }
	}
	return o
}

// paragraph reads the paragraph as one of the forms abilities take in
// Oracle text, the first that reads all of it.
func (r *reader) paragraph() ([]*meaning.Ability, bool) {
	if len(r.parts) == 0 {
		return nil, false
	}
	// The forms its first words say it takes first, then the others (a
	// permanent's paragraph read as a spell's instructions is no ability
	// it can have, but says what the paragraph is).
	type form struct {
		name string
		read func() ([]*meaning.Ability, bool)
	}
	forms := []form{{"keywords", r.keywords}, {"activated", r.activated}, {"triggered", r.triggered}, {"enters", r.enters},
		{"static", r.static}, {"replacement", r.replacement}, {"spell", r.spell}}
	likely := r.likely()
	slices.SortStableFunc(forms, func(a, b form) int {
		ia, ib := slices.Index(likely, a.name), slices.Index(likely, b.name)
		switch {
		case ia == ib:
			return 0
		case ia < 0:
			return 1
		case ib < 0:
			return -1
		}
		return ia - ib
	})
	for _, f := range forms {
		r.reset()
		if abs, ok := f.read(); ok {
			return abs, true
		}
	}
	return nil, false
}

// likely are the forms the paragraph's first words say it takes, the
// likeliest first.
func (r *reader) likely() []string {
	switch r.word(0) {
	case "when", "whenever", "at":
		return []string{"triggered"}
	case "if":
		return []string{"static", "replacement"}
	case "all":
		return []string{"static", "replacement"}
	}
	for _, p := range r.parts {
		if w := p.Word(); w == ":" {
			return []string{"activated"}
		} else if w == "." || p.Str != nil {
			break
		}
	}
	if r.card.isSpell() {
		return []string{"keywords", "spell", "static"}
	}
	return []string{"keywords", "enters", "static", "spell"}
}

// end reports whether part pi ends the paragraph: its end, or a final
// period.
func (r *reader) end(pi int) bool {
	return pi >= len(r.parts) || pi == len(r.parts)-1 && r.word(pi) == "."
}
