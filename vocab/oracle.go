package vocab

import (
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Oracle text is read with the vocabulary's own Oracle wordings (the
// `oracle` line after each phrase), as a card's phrases are read with
// the phrases: the same matcher, the same slot readers (filters, numbers,
// counter kinds, steps, keywords, mana), over the wordings instead of the
// phrases. Three things differ:
//
//   - a wording reads a prefix of the words, a clause of a sentence, and
//     every way it ends is a reading (OracleMatch.End): the reader of
//     Oracle text (package oracle/read) decides how the sentence goes on;
//   - the reader offers, through a hook, what words of Oracle text name
//     where the card language writes a name: "it", "that creature", "its
//     controller", "that many", the card's own name (OracleHook);
//   - the slot {this} of a wording takes only the word `this`, which the
//     reader puts where Oracle text says the card's name.
//
// Words of Oracle text are split as SplitOracleWord splits them, in the
// wordings and in the text: punctuation and a possessive "'s" are words of
// their own.

// OracleMatch is a reading of the first words of an Oracle clause as the
// Oracle wording of a phrase of the vocabulary.
type OracleMatch struct {
	// Alts are the alternatives it reads as (wordings of one shape and
	// owner, as Match.Alts): each Template is the wording as a template
	// (its Text the wording; its Event, Func or Rule, Where, Each, Once
	// and Anywhere those of its phrases), and Args what fills its slots,
	// by the name of the field or parameter.
	Alts []*Alt
	// Phrases are, for each alternative, the phrases of the vocabulary
	// whose Oracle wording it is, in the order the vocabulary declares
	// them: several phrases may share one wording ("deal {amount} damage
	// to {target}" with source = this, and "{source} deals ...").
	Phrases [][]*Template
	// Spans are, for each alternative, the parts each slot read: from
	// the first to the one after the last.
	Spans []map[string][2]int
	// End is how many parts it read.
	End int
}

// OracleArg is a way to fill a slot that the reader of Oracle text
// offers (OracleHook): an argument, and the part after the words it read.
type OracleArg struct {
	Arg  *Arg
	Next int
}

// OracleHook offers the arguments that the words from part pi can be, for
// the slot of a wording t that wants a value of type want (want is
// Poisoned for the slot {this}): what Oracle text says where the card
// language has a name. Its arguments come before those of the
// vocabulary's own slot readers.
type OracleHook func(t *Template, slot string, want Type, pi int) []OracleArg

// OracleOptions are what MatchOracle reads with.
type OracleOptions struct {
	// Scope types the names the arguments use (this, you, X, and the
	// names the hook's expressions use).
	Scope Scope
	// Hook, if set, offers arguments (OracleHook).
	Hook OracleHook
	// Expect, if set, is told, for each wording that stopped reading,
	// where it stopped and what it wanted there: a word in quotes, or
	// what a slot takes ("a number"). It costs time: the reader of Oracle
	// text sets it only to say why a paragraph does not read.
	Expect func(pi int, what string)
}

// maxEnds is how many ways one wording may end, at most, in one reading:
// enough for a filter read long or short before the wording goes on.
const maxEnds = 8

// oracleRun is the state of a matcher reading Oracle text.
type oracleRun struct {
	OracleOptions
	idx *oracleIndex
	// ends are the ways the template being tried ended.
	ends []oracleEnd
}

// oracleEnd is one way a wording ended: where, its arguments, and the
// parts each read.
type oracleEnd struct {
	end   int
	args  map[string]*Arg
	spans map[string][2]int
}

// complete records that the template being tried reads up to part pi
// with the slots filled so far. It reports whether to stop looking for
// other ends.
func (o *oracleRun) complete(m *matcher, pi int) bool {
	for _, e := range o.ends {
		if e.end == pi {
			return false
		}
	}
	args := make(map[string]*Arg, len(m.filled))
	spans := make(map[string][2]int, len(m.filled))
	for _, f := range m.filled {
		args[f.slot] = f.arg
		spans[f.slot] = [2]int{f.from, f.to}
	}
	o.ends = append(o.ends, oracleEnd{end: pi, args: args, spans: spans})
	return len(o.ends) >= maxEnds
}

// expect tells the options' Expect what a wording wanted at part pi.
func (o *oracleRun) expect(pi int, what string) {
	if o.Expect != nil {
		o.Expect(pi, what)
	}
}

// oracleIndex holds the wordings of the vocabulary as templates. Load
// builds it with the rest of the vocabulary, and standard_gen.go holds it
// as data like the rest: it has no map, so that a run of cardc that reads
// Oracle text finds it built, at no cost.
type oracleIndex struct {
	// byMode are the wordings of the phrases of each mode, by Mode.
	byMode []*wordings
	// byEvent are the wordings of the event patterns of each event kind,
	// sorted by the kind's name.
	byEvent []eventWordings
}

// eventWordings are the wordings of the patterns of one event kind.
type eventWordings struct {
	event string
	list  *wordings
}

// mode returns the wordings of a mode (nil if it has none).
func (idx *oracleIndex) mode(m Mode) *wordings {
	if m < 0 || int(m) >= len(idx.byMode) {
		return nil
	}
	return idx.byMode[m]
}

// event returns the wordings of the patterns of an event kind (nil if it
// has none).
func (idx *oracleIndex) event(kind string) *wordings {
	i := sort.Search(len(idx.byEvent), func(i int) bool { return idx.byEvent[i].event >= kind })
	if i < len(idx.byEvent) && idx.byEvent[i].event == kind {
		return idx.byEvent[i].list
	}
	return nil
}

// wordings are wordings as templates, in the order the vocabulary
// declares their phrases, indexed by their first word: byWord by the
// word (lower case, without a final s, which wordEq ignores), slotFirst
// those that begin with a slot, and slotFirstWord the first word of each
// of those (lower case; "" for none). A reading tries only those its
// first word can begin, and of those that begin with a slot, those whose
// first word it has. phrases are, for each wording, the phrases whose
// wording it is.
type wordings struct {
	ts            []*Template
	phrases       [][]*Template
	byWord        []firstWord
	slotFirst     []int
	slotFirstWord []string
}

// firstWord lists the wordings (their indexes in wordings.ts) that begin
// with a word; wordings.byWord is sorted by key.
type firstWord struct {
	key string
	ts  []int
}

// firstKey is a first word as indexed.
func firstKey(w string) string {
	return strings.TrimSuffix(strings.ToLower(w), "s")
}

// from lists the wordings the matcher's reading may read as, in order,
// by their indexes in w.ts: those its first word can begin, and those
// that begin with a slot whose first word it has (see hasWord).
func (w *wordings) from(m *matcher) []int {
	if w == nil {
		return nil
	}
	key := firstKey(m.first())
	var byWord []int
	if i := sort.Search(len(w.byWord), func(i int) bool { return w.byWord[i].key >= key }); i < len(w.byWord) && w.byWord[i].key == key {
		byWord = w.byWord[i].ts
	}
	slotFirst := make([]int, 0, len(w.slotFirst))
	for j, i := range w.slotFirst {
		if word := w.slotFirstWord[j]; word == "" || word == "as" || m.hasWord(word) {
			slotFirst = append(slotFirst, i)
		}
	}
	out := make([]int, 0, len(byWord)+len(slotFirst))
	i, j := 0, 0
	for i < len(byWord) || j < len(slotFirst) {
		var next int
		if j == len(slotFirst) || i < len(byWord) && byWord[i] < slotFirst[j] {
			next = byWord[i]
			i++
		} else {
			next = slotFirst[j]
			j++
		}
		// The entry of a phrase's expansions may be under several
		// first words.
		if len(out) == 0 || out[len(out)-1] != next {
			out = append(out, next)
		}
	}
	return out
}

// oracleIdx returns the wordings of the vocabulary as templates.
func (v *Vocab) oracleIdx() *oracleIndex { return v.oracle }

// indexOracle builds the index of the vocabulary's wordings, once its
// phrases are all loaded.
func (v *Vocab) indexOracle() *oracleIndex {
	// A list of wordings as it is built: its first words in a map.
	type building struct {
		list   *wordings
		byWord map[string][]int
	}
	byMode := map[Mode]*building{}
	byEvent := map[string]*building{}
	var lists []*building
	newList := func() *building {
		b := &building{list: &wordings{}, byWord: map[string][]int{}}
		lists = append(lists, b)
		return b
	}
	// The wordings of the expansions of a phrase with optional parts are
	// one entry, placeholder, under the first word of each, which the
	// reading replaces by them (matchOracle).
	addPlaceholder := func(b *building, seed *Template) {
		p := &Template{Text: seed.Text, Func: seed.Func, placeholderOf: seed, Pos: seed.Pos}
		i := len(b.list.ts)
		b.list.ts = append(b.list.ts, p)
		var keys, slotWords []string
		for _, e := range deriveExpansions(seed) {
			for _, o := range e.wordings() {
				w := wordingTemplate(e, o)
				if len(w.Items) == 0 || w.Items[0].Word == "" {
					if fw := firstWordOf(w); !slices.Contains(slotWords, fw) {
						slotWords = append(slotWords, fw)
					}
				} else if key := firstKey(w.Items[0].Word); !slices.Contains(keys, key) {
					keys = append(keys, key)
				}
			}
		}
		for _, key := range keys {
			b.byWord[key] = append(b.byWord[key], i)
		}
		for _, fw := range slotWords {
			b.list.slotFirst = append(b.list.slotFirst, i)
			b.list.slotFirstWord = append(b.list.slotFirstWord, fw)
		}
	}
	add := func(b *building, w *Template) {
		i := len(b.list.ts)
		b.list.ts = append(b.list.ts, w)
		if len(w.Items) == 0 || w.Items[0].Word == "" {
			b.list.slotFirst = append(b.list.slotFirst, i)
			b.list.slotFirstWord = append(b.list.slotFirstWord, firstWordOf(w))
			return
		}
		key := firstKey(w.Items[0].Word)
		b.byWord[key] = append(b.byWord[key], i)
	}
	phrases := map[*Template][]*Template{}
	seen := map[string]*Template{}
	maxMode := Mode(0)
	index := func(mode Mode, ts []*Template) {
		if byMode[mode] == nil {
			byMode[mode] = newList()
		}
		maxMode = max(maxMode, mode)
		for _, t := range ts {
			if t.Oracle == nil {
				continue
			}
			if t.optional != nil {
				addPlaceholder(byMode[mode], t)
				continue
			}
			for _, o := range append([]*Wording{t.Oracle}, t.OracleAlso...) {
				key := t.Owner() + "\x00" + o.Text
				if w, ok := seen[key]; ok {
					phrases[w] = append(phrases[w], t)
					continue
				}
				w := wordingTemplate(t, o)
				seen[key] = w
				phrases[w] = []*Template{t}
				add(byMode[mode], w)
				if t.Event != nil {
					if byEvent[t.Event.Name] == nil {
						byEvent[t.Event.Name] = newList()
					}
					add(byEvent[t.Event.Name], w)
				}
			}
		}
	}
	index(ModeAction, v.actionTemplates)
	index(ModePattern, v.eventTemplates)
	index(ModeRule, v.ruleTemplates)
	index(ModeRule, v.effectTemplates)
	index(ModeCondition, v.conditionTemplates)
	// A rule's wording that names fields of its event reads the event
	// as the wording of the event's phrase they fill.
	for _, w := range byMode[ModeRule].list.ts {
		if w.Rule == nil || w.Rule.Event == nil {
			continue
		}
		if ew := eventWordingOf(w.Rule, w.Items); ew != nil {
			w.EventWording = seen["event "+w.Rule.Event.Name+"\x00"+ew.Text]
		}
	}
	// The maps become sorted lists, and each wording gets its phrases.
	for _, b := range lists {
		for key, ts := range b.byWord {
			b.list.byWord = append(b.list.byWord, firstWord{key, ts})
		}
		sort.Slice(b.list.byWord, func(i, j int) bool { return b.list.byWord[i].key < b.list.byWord[j].key })
		b.list.phrases = make([][]*Template, len(b.list.ts))
		for i, w := range b.list.ts {
			b.list.phrases[i] = phrases[w]
		}
	}
	idx := &oracleIndex{byMode: make([]*wordings, maxMode+1)}
	for mode, b := range byMode {
		idx.byMode[mode] = b.list
	}
	for kind, b := range byEvent {
		idx.byEvent = append(idx.byEvent, eventWordings{kind, b.list})
	}
	sort.Slice(idx.byEvent, func(i, j int) bool { return idx.byEvent[i].event < idx.byEvent[j].event })
	return idx
}

// wordingTemplate is an Oracle wording of a phrase as the index of
// wordings holds it: a template of the wording's items.
func wordingTemplate(t *Template, o *Wording) *Template {
	w := &Template{Text: o.Text, Items: wordingItems(o), Where: t.Where, Each: t.Each, Once: t.Once,
		Anywhere: t.Anywhere, Event: t.Event, Func: t.Func, Rule: t.Rule, Pos: o.Pos}
	var shape strings.Builder
	shape.Grow(len(o.Text) + len(w.Items))
	for i, it := range w.Items {
		if i > 0 {
			shape.WriteByte(' ')
		}
		if it.Slot != "" {
			shape.WriteString("{}")
		} else {
			shape.WriteString(strings.ToLower(it.Word))
		}
	}
	w.Shape = shape.String()
	return w
}

// wordingItems splits the items of a wording into the words of Oracle
// text (SplitOracleWord): "{object}'s" is the slot and the word "'s".
func wordingItems(w *Wording) []TemplateItem {
	out := make([]TemplateItem, 0, len(w.Items)+2)
	for _, it := range w.Items {
		if it.Slot != "" {
			out = append(out, TemplateItem{Slot: it.Slot})
			out = appendOracleWords(out, it.Suffix)
			continue
		}
		out = appendOracleWords(out, it.Word)
	}
	return out
}

// appendOracleWords appends the words SplitOracleWord splits w into, as
// items: what every wording of the vocabulary goes through at start-up,
// without a slice for each word.
func appendOracleWords(out []TemplateItem, w string) []TemplateItem {
	if plainOracleWord(w) {
		return append(out, TemplateItem{Word: w})
	}
	for _, s := range SplitOracleWord(w) {
		out = append(out, TemplateItem{Word: s})
	}
	return out
}

// plainOracleWord says SplitOracleWord would return w alone: a word with
// no curly apostrophe, no quotation mark or punctuation around it and no
// possessive "'s".
func plainOracleWord(w string) bool {
	if w == "" || w[0] == '"' || strings.ContainsRune(`,.;:"`, rune(w[len(w)-1])) || strings.HasSuffix(w, "'s") {
		return false
	}
	return !strings.Contains(w, "’")
}

// SplitOracleWord splits a word of Oracle text (text between spaces) into
// the words the reader of Oracle text compares: a possessive "'s" (or
// "’s") and the punctuation , . ; : and " are words of their own:
// `creature's,` is "creature", "'s" and ",". Other apostrophes stay
// inside the word ("can't").
func SplitOracleWord(w string) []string {
	if plainOracleWord(w) {
		return []string{w}
	}
	w = strings.ReplaceAll(w, "’", "'")
	var lead, trail []string
	for len(w) > 0 && strings.ContainsRune(`"`, rune(w[0])) {
		lead = append(lead, w[:1])
		w = w[1:]
	}
	for len(w) > 0 && strings.ContainsRune(`,.;:"`, rune(w[len(w)-1])) {
		trail = append([]string{w[len(w)-1:]}, trail...)
		w = w[:len(w)-1]
	}
	out := lead
	if strings.HasSuffix(w, "'s") && len(w) > 2 {
		out = append(out, w[:len(w)-2], "'s")
	} else if w != "" {
		out = append(out, w)
	}
	return append(out, trail...)
}

// MatchOracle reads the first words of an Oracle clause, as parts, as
// the Oracle wordings of the phrases of the mode's kind: actions, event
// patterns, rules and effects, or conditions. It returns every reading,
// the longest first, then in the order the vocabulary declares the
// phrases. A slot reads what a phrase's slot of the same type reads, and
// what the options' hook offers.
func (v *Vocab) MatchOracle(parts []*dsl.Part, mode Mode, opt OracleOptions) []OracleMatch {
	idx := v.oracleIdx()
	m := &matcher{v: v, sc: opt.Scope, parts: parts, quick: true, oracle: &oracleRun{OracleOptions: opt, idx: idx}}
	return m.matchOracle(idx.mode(mode), mode)
}

// first is the first word of the parts, for the index of wordings ("" if
// there is none).
func (m *matcher) first() string {
	if len(m.parts) == 0 {
		return ""
	}
	return m.word(0)
}

// matchOracle tries each wording and groups the readings: those of one
// shape and owner that end at the same part are alternatives.
func (m *matcher) matchOracle(ws *wordings, mode Mode) []OracleMatch {
	var out []OracleMatch
	var ts []*Template
	var phrases [][]*Template
	if ws != nil {
		ts, phrases = ws.ts, ws.phrases
	}
	from := ws.from(m)
	if m.oracle.Expect != nil {
		// Every wording, to say what each wanted first.
		from = from[:0]
		for i := range ts {
			from = append(from, i)
		}
	}
	key := firstKey(m.first())
	for _, ti := range from {
		t := ts[ti]
		if t.placeholderOf != nil {
			l := t.placeholderOf.expansions()
			for k, w := range l.wordings {
				if m.oracle.Expect != nil || m.mayBeginWording(w, key) {
					out = m.matchWording(out, w, l.phrases[k], mode)
				}
			}
			continue
		}
		out = m.matchWording(out, t, phrases[ti], mode)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].End > out[j].End })
	return out
}

// mayBeginWording reports whether the index of wordings would list a
// wording for the reading whose first word is key (wordings.from).
func (m *matcher) mayBeginWording(w *Template, key string) bool {
	if len(w.Items) > 0 && w.Items[0].Word != "" {
		return firstKey(w.Items[0].Word) == key
	}
	word := firstWordOf(w)
	return word == "" || word == "as" || m.hasWord(word)
}

// matchWording reads the parts as a wording, whose phrases are phrases,
// and adds the readings to out: those of one shape and owner that end at
// the same part are alternatives.
func (m *matcher) matchWording(out []OracleMatch, t *Template, phrases []*Template, mode Mode) []OracleMatch {
	{
		if !m.mayStart(t) {
			if len(t.Items) > 0 {
				m.oracle.expect(0, quoteWord(t.Items[0].Word))
			}
			return out
		}
		m.filled = m.filled[:0]
		m.oracle.ends = m.oracle.ends[:0]
		m.try(t, 0, 0, mode)
		for _, e := range m.oracle.ends {
			alt := &Alt{Template: t, Args: e.args}
			if t.EventWording != nil {
				m.eventOfFields(t, alt)
			}
			grouped := false
			for i := range out {
				o := &out[i]
				if o.End == e.end && o.Alts[0].Template.Shape == t.Shape && o.Alts[0].Template.Owner() == t.Owner() {
					o.Alts = append(o.Alts, alt)
					o.Phrases = append(o.Phrases, phrases)
					o.Spans = append(o.Spans, e.spans)
					grouped = true
					break
				}
			}
			if !grouped {
				out = append(out, OracleMatch{Alts: []*Alt{alt}, Phrases: [][]*Template{phrases}, Spans: []map[string][2]int{e.spans}, End: e.end})
			}
		}
	}
	return out
}

// oracleCandidates are the ways to fill a slot of a wording that Oracle
// text has and a card's phrase has not: the word `this` in the slot
// {this}, and what the hook offers.
func (m *matcher) oracleCandidates(t *Template, slot string, typ Type, pi int) []candidate {
	var out []candidate
	if slot == ThisSlot {
		if p := m.parts[pi]; p.Word() == "this" {
			out = append(out, candidate{&Arg{Kind: ArgExpr, Pos: p.Pos, Type: Type{Kind: KObject}, Expr: p.Expr}, pi + 1})
		}
		return out
	}
	if m.oracle.Hook != nil {
		for _, a := range m.oracle.Hook(t, slot, typ, pi) {
			out = append(out, candidate{a.Arg, a.Next})
		}
	}
	return out
}

// oraclePatterns fills an event slot of a rule's wording with the
// wording of an event pattern of that kind, each way it ends.
func (m *matcher) oraclePatterns(kind string, pi int) []candidate {
	sub := &matcher{v: m.v, sc: m.sc, parts: m.parts[pi:], quick: true,
		oracle: &oracleRun{OracleOptions: OracleOptions{Scope: m.oracle.Scope, Hook: shiftHook(m.oracle.Hook, pi)}, idx: m.oracle.idx}}
	var out []candidate
	for _, r := range sub.matchOracle(m.oracle.idx.event(kind), ModePattern) {
		out = append(out, candidate{&Arg{Kind: ArgPattern, Pos: m.parts[pi].Pos, Type: Type{Kind: KEvent, Event: kind},
			Pattern: &Match{Alts: r.Alts, Event: m.v.Event(kind), Pos: m.parts[pi].Pos}}, pi + r.End})
	}
	return out
}

// eventOfFields gives the event parameter of a rule's wording that names
// the fields of its event (Template.EventWording) the event pattern those
// fields fill: "Creatures you control can't have -1/-1 counters put on
// them" is the rule of the event "-1/-1 counters put on creatures you
// control". The fields stay among the arguments, by their names.
func (m *matcher) eventOfFields(t *Template, alt *Alt) {
	fields := map[string]*Arg{}
	var pos dsl.Pos
	for _, it := range t.EventWording.Items {
		if a := alt.Args[it.Slot]; it.Slot != "" && a != nil {
			fields[it.Slot] = a
			if pos == (dsl.Pos{}) {
				pos = a.Pos
			}
		}
	}
	for _, p := range t.Rule.Params {
		if p.Type.Kind == KEvent && p.Type.Event == t.Rule.Event.Name {
			args := make(map[string]*Arg, len(alt.Args)+1)
			for k, a := range alt.Args {
				args[k] = a
			}
			args[p.Name] = &Arg{Kind: ArgPattern, Pos: pos, Type: p.Type,
				Pattern: &Match{Alts: []*Alt{{Template: t.EventWording, Args: fields}}, Event: t.Rule.Event, Pos: pos}}
			alt.Args = args
			return
		}
	}
}

// shiftHook is a hook for the parts from pi on, of a hook for all of them.
func shiftHook(h OracleHook, pi int) OracleHook {
	if h == nil {
		return nil
	}
	return func(t *Template, slot string, want Type, at int) []OracleArg {
		args := h(t, slot, want, at+pi)
		for i := range args {
			args[i].Next -= pi
		}
		return args
	}
}

// quoteWord is a word a wording wanted, for OracleOptions.Expect.
func quoteWord(w string) string { return `"` + w + `"` }

// slotWants says what a slot of a wording takes, for OracleOptions.Expect.
func slotWants(slot string, t Type) string {
	if slot == ThisSlot {
		return "the card's name"
	}
	switch t.Kind {
	case KNumber:
		return "a number"
	case KObject:
		return "an object (the card's name, it, that creature, target creature...)"
	case KPlayer:
		return "a player (you, target player, that player...)"
	case KTarget:
		return "a target (any target, target creature or player...)"
	case KObjects:
		return "a filter (a creature you control...)"
	case KCounter:
		return "a counter kind"
	case KKeyword:
		return "a keyword ability"
	case KStep:
		return "a step"
	case KMana:
		return "mana symbols"
	case KZone:
		return "a zone"
	case KColor:
		return "a color"
	case KCardType:
		return "a card type"
	case KSubtype:
		return "a subtype"
	case KAbility:
		return "an ability in quotes"
	case KEvent:
		return "an event (that damage...)"
	}
	if slot == "power/toughness" {
		return "+N/+N"
	}
	return "{" + slot + "}"
}

// FilterAt is a filter read from the words of a phrase or of Oracle
// text, and the part after it.
type FilterAt struct {
	Filter *Filter
	Next   int
}

// FiltersAt reads the filters that start at part pi, longest first: with
// a determiner ("a creature", "target creature you control"), or, with
// each, without one, as after "for each" ("land you control", "other
// attacking creature you control").
func (v *Vocab) FiltersAt(parts []*dsl.Part, pi int, each bool) []FilterAt {
	if pi >= len(parts) {
		return nil
	}
	m := &matcher{v: v, parts: parts, each: each, quick: true}
	var out []FilterAt
	for _, c := range m.filters(&Template{}, pi) {
		out = append(out, FilterAt{Filter: c.arg.Filter, Next: c.next})
	}
	return out
}

// digits is the number a part is, as written, or "".
func digits(p *dsl.Part) string {
	if p.Expr == nil || len(p.Expr.Rest) > 0 || len(p.Expr.Left.Rest) > 0 {
		return ""
	}
	if pr := p.Expr.Left.Left.Primary; pr != nil && pr.Number != nil {
		return *pr.Number
	}
	return ""
}

// eventWordingOf is, for a wording of a rule (its items) that names fields
// of the rule's event, the Oracle wording of the event's phrase that
// those fields fill: one whose slots are those fields, which adds nothing
// to the event (no where, each or once), and whose words the rule's
// wording has, in order ("{kind} counters put on {object}" of "{object}
// can't have {kind} counters put on them"); the first the event declares.
// It is nil if the wording names no field of the event, or if no phrase
// fits.
func eventWordingOf(r *RuleInfo, items []TemplateItem) *Wording {
	var fields []string
	var words []string
	for _, it := range items {
		switch {
		case it.Slot == "":
			words = append(words, strings.ToLower(it.Word))
		case slices.ContainsFunc(r.Params, func(f Field) bool { return f.Name == it.Slot }), it.Slot == ThisSlot:
		default:
			fields = append(fields, it.Slot)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	slices.Sort(fields)
	for _, t := range r.Event.Templates {
		if t.Oracle == nil || t.Where != nil || t.Each != "" || t.Once || t.Anywhere {
			continue
		}
		var slots []string
		rest := words
		fits := true
		for _, it := range wordingItems(t.Oracle) {
			if it.Slot != "" {
				slots = append(slots, it.Slot)
				continue
			}
			i := slices.Index(rest, strings.ToLower(it.Word))
			if i < 0 {
				fits = false
				break
			}
			rest = rest[i+1:]
		}
		slices.Sort(slots)
		if fits && slices.Equal(slots, fields) {
			return t.Oracle
		}
	}
	return nil
}
