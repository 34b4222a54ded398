// Package tables renders the rules core's tables of names (core's
// vocab_gen.go) from the standard vocabulary. The generator of every
// generated file, internal/gen (go generate ./...), writes them; its test
// renders them in memory to check the file is not stale.
package tables

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// vocabulary is what the tables are made of: the names of the standard
// vocabulary, in a fixed order.
type vocabulary struct {
	// events are in the order the stdlib declares them.
	events []event
	// funcs and rules are sorted by name.
	funcs []function
	rules []string
	// The lists are in the order the stdlib declares them; steps in turn
	// order.
	steps, zones, types, supertypes, colors, counters []string
	// keywords are the keyword abilities, in the order the stdlib
	// declares them.
	keywords []*vocab.Keyword
	// irregular maps each subtype's plural that the plain rule of
	// core.singular does not undo to the subtype ("Mice": "Mouse").
	irregular map[string]string
	// creatureTypes are the subtypes of creatures (and kindreds), sorted
	// (CR 205.3m).
	creatureTypes []string
	// landTypes are the subtypes of lands, sorted (CR 205.3i).
	landTypes []string
	// identity is the vocabulary's name, version and hash.
	identity vm.Vocabulary
}

type event struct {
	name, doc string
	fields    []string
}

type function struct {
	name  string
	arity int
	// returns says the function returns a value: a query, or an action
	// with a result (`action sacrifice_chosen(...): object`).
	returns bool
	action  bool
	// called are the contexts a host may run it from (`called from`), as
	// core's context constants; atOnce says an action takes effect at once
	// inside a replacement body (`takes effect at once`).
	called string
	atOnce bool
	// effect marks a continuous effect, applied in layer (0 for none; see
	// layerOrder).
	effect bool
	layer  int
	// cost and mana are the action's traits: it can be paid as a cost,
	// it adds mana.
	cost, mana bool
	// finds has bit i set when parameter i of an action marked `stale
	// ignored` is an object (or a target): the core follows an object that
	// moved to the object it became, where the rules let the action find
	// it (CR 400.7e, 400.7j). An action marked `stale last_known` reads
	// the object as it last existed instead.
	finds uint8
}

// layerOrder numbers the layers of CR 613.1 in the order they apply: 1 to
// 6, then 7 to 10 for the sublayers 7a to 7d.
var layerOrder = map[string]int{"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7a": 7, "7b": 8, "7c": 9, "7d": 10}

// load reads the names of a vocabulary.
func load(v *vocab.Vocab) *vocabulary {
	out := &vocabulary{zones: v.Names(vocab.KZone), types: v.Names(vocab.KCardType), supertypes: v.Names(vocab.KSupertype),
		colors: v.Names(vocab.KColor), keywords: v.Keywords(), counters: v.Names(vocab.KCounter),
		identity: v.Identity()}
	for _, s := range v.Steps() {
		out.steps = append(out.steps, s.Name)
	}
	for _, e := range v.Events() {
		ev := event{name: e.Name, doc: e.Doc}
		for _, f := range e.Fields {
			ev.fields = append(ev.fields, f.Name)
		}
		out.events = append(out.events, ev)
	}
	for _, f := range v.Funcs() {
		fn := function{name: f.Name, arity: len(f.Params), returns: f.Returns(), action: f.Action,
			called: contexts(f), atOnce: f.Action && f.AtOnce, cost: f.Cost, mana: f.Mana, effect: f.Effect, layer: layerOrder[f.Layer]}
		for i, p := range f.Params {
			if f.Action && f.Stale == vocab.StaleIgnored && (p.Type.Kind == vocab.KObject || p.Type.Kind == vocab.KTarget) {
				fn.finds |= 1 << i
			}
		}
		out.funcs = append(out.funcs, fn)
	}
	slices.SortFunc(out.funcs, func(a, b function) int { return strings.Compare(a.name, b.name) })
	for _, r := range v.Rules() {
		out.rules = append(out.rules, r.Name)
	}
	slices.Sort(out.rules)
	out.irregular = map[string]string{}
	for _, st := range v.Subtypes() {
		if naive(st.Plural) != st.Name {
			out.irregular[st.Plural] = st.Name
		}
		if st.HasType([]string{"creature"}) {
			out.creatureTypes = append(out.creatureTypes, st.Name)
		}
		if st.HasType([]string{"land"}) {
			out.landTypes = append(out.landTypes, st.Name)
		}
	}
	slices.Sort(out.creatureTypes)
	slices.Sort(out.landTypes)
	return out
}

// contextIdents are core's names of the contexts of `called from`.
var contextIdents = map[string]string{vocab.ContextMatch: "ctxMatch", vocab.ContextBody: "ctxBody",
	vocab.ContextReplace: "ctxReplace", vocab.ContextEnters: "ctxEnters"}

// contexts is the Go expression of the set of contexts f may be called
// from.
func contexts(f *vocab.FuncInfo) string {
	var out []string
	for _, c := range vocab.Contexts {
		if f.CalledFrom(c) {
			out = append(out, contextIdents[c])
		}
	}
	if len(out) == 0 {
		return "0"
	}
	return strings.Join(out, " | ")
}

// Generate renders core's vocab_gen.go from the standard vocabulary, v,
// as vocab.Load reads it from the stdlib's files (not from the snapshot
// vocab.Standard builds, which may be stale when this runs).
func Generate(v *vocab.Vocab) ([]byte, error) {
	return render(load(v))
}

// naive is core.singular's plain rule: "Wolves" is Wolf, "Demons" Demon.
func naive(plural string) string {
	if s, ok := strings.CutSuffix(plural, "ves"); ok {
		return s + "f"
	}
	return strings.TrimSuffix(plural, "s")
}

func render(v *vocabulary) ([]byte, error) {
	w := &writer{}
	w.line("// Code generated by internal/gen from stdlib/*.card (go generate ./...); DO NOT EDIT.")
	w.line("")
	w.line("package core")
	w.line("")
	w.line("// The vocabulary the rules core implements, which this file was generated")
	w.line("// from; Vocabulary returns it.")
	w.line("const (")
	w.line("\tvocabularyName  = %q", v.identity.Name)
	w.line("\tvocabularyMajor = %d", v.identity.Major)
	w.line("\tvocabularyMinor = %d", v.identity.Minor)
	w.line("\tvocabularyHash  = %q", v.identity.Hash)
	w.line(")")
	w.line("")

	// Event kinds.
	var kinds []string
	for _, e := range v.events {
		kinds = append(kinds, e.name)
	}
	if err := w.enum("The event kinds, in the order the stdlib declares them.", "Ev", "EventKind", "numEventKinds", "eventNames", kinds,
		func(i int) string {
			return fmt.Sprintf("is the event kind %q: %s", v.events[i].name, v.events[i].doc)
		}); err != nil {
		return nil, err
	}
	if err := w.enum("The steps, in turn order.", "Step", "Step", "numSteps", "stepNames", v.steps,
		func(i int) string { return fmt.Sprintf("is the step %q.", v.steps[i]) }); err != nil {
		return nil, err
	}
	if err := w.enum("The rules static abilities can state.", "Rule", "Rule", "numRules", "ruleNames", v.rules,
		func(i int) string { return fmt.Sprintf("is the rule %q.", v.rules[i]) }); err != nil {
		return nil, err
	}
	zones := append([]string{"none"}, v.zones...)
	if err := w.enum("The zones; ZoneNone is no zone.", "Zone", "Zone", "numZones", "zoneNames", zones,
		func(i int) string {
			if i == 0 {
				return "is no zone."
			}
			return fmt.Sprintf("is the zone %q.", zones[i])
		}); err != nil {
		return nil, err
	}
	if err := w.enum("The counter kinds (CR 122).", "Counter", "CounterKind", "numCounters", "counterNames", v.counters,
		func(i int) string { return fmt.Sprintf("is the counter kind %q.", v.counters[i]) }); err != nil {
		return nil, err
	}
	w.line("// counterPT is what each +X/+Y counter adds to power and toughness (CR 122.1a).")
	w.line("var counterPT = [numCounters]ptCounter{")
	for _, c := range v.counters {
		if p, t, ok := dsl.ParsePT(c); ok {
			id, _ := Ident("Counter", c)
			w.line("\t%s: {power: %d, toughness: %d, ok: true},", id, p, t)
		}
	}
	w.line("}")
	w.line("")

	for _, bits := range []struct {
		what, prefix, names string
		list                []string
	}{
		{"card types", "type", "typeNames", v.types}, {"supertypes", "supertype", "supertypeNames", v.supertypes},
		{"colors", "color", "colorNames", v.colors},
	} {
		if len(bits.list) > 16 {
			return nil, fmt.Errorf("%d %s do not fit the core's 16-bit sets", len(bits.list), bits.what)
		}
		w.line("// The %s, as bits of a set.", bits.what)
		w.line("const (")
		for i, n := range bits.list {
			id, err := Ident(bits.prefix, n)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				w.line("\t%s uint16 = 1 << iota", id)
			} else {
				w.line("\t%s", id)
			}
		}
		w.line(")")
		w.line("")
		w.line("// %s are the stdlib's names of the %s, by bit number.", bits.names, bits.what)
		w.line("var %s = [...]string{%s}", bits.names, quoteAll(bits.list))
		w.line("")
	}

	if err := v.keywordTables(w); err != nil {
		return nil, err
	}

	// Fields.
	w.line("// The fields of the event kinds: a linked SymField is one of these.")
	w.line("const (")
	type fieldRow struct{ id, name, kind string }
	var rows []fieldRow
	for _, e := range v.events {
		kind, _ := Ident("Ev", e.name)
		for _, f := range e.fields {
			id, err := Ident("field", e.name+"_"+f)
			if err != nil {
				return nil, err
			}
			rows = append(rows, fieldRow{id, e.name + "." + f, kind})
		}
	}
	for i, r := range rows {
		if i == 0 {
			w.line("\t%s fieldID = iota", r.id)
		} else {
			w.line("\t%s", r.id)
		}
	}
	w.line("\tnumFields")
	w.line(")")
	w.line("")
	w.line("// fields are the names of the fields, and the event kind each belongs to.")
	w.line("var fields = [numFields]fieldDecl{")
	for _, r := range rows {
		w.line("\t%s: {name: %q, kind: %s},", r.id, r.name, r.kind)
	}
	w.line("}")
	w.line("")

	// Host functions.
	w.line("// The actions, queries and effects of the vocabulary: a linked SymFunc is one of these.")
	w.line("const (")
	for i, f := range v.funcs {
		id, err := Ident("fn", f.name)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			w.line("\t%s funcID = iota", id)
		} else {
			w.line("\t%s", id)
		}
	}
	w.line("\tnumFuncs")
	w.line(")")
	w.line("")
	w.line("// funcs are the signatures of the actions, queries and effects, and what")
	w.line("// the stdlib says of them: the contexts a host may run each from (`called")
	w.line("// from`; an effect is called from a static ability's body, run as a")
	w.line("// match), and whether an action takes effect at once inside a")
	w.line("// replacement body (`takes effect at once`) rather than after the event.")
	w.line("// An effect applies in its layer (CR 613.1; 0 for none, 7 to 10 for 7a")
	w.line("// to 7d). finds has bit i set when parameter i of an action is an")
	w.line("// object or a target, which the core finds where it moved (CR 400.7e, 400.7j).")
	w.line("var funcs = [numFuncs]funcDecl{")
	for _, f := range v.funcs {
		id, _ := Ident("fn", f.name)
		w.line("\t%s: {name: %q, arity: %d, returns: %v, action: %v, called: %s, atOnce: %v, cost: %v, mana: %v, effect: %v, layer: %d, finds: %#b},",
			id, f.name, f.arity, f.returns, f.action, f.called, f.atOnce, f.cost, f.mana, f.effect, f.layer, f.finds)
	}
	w.line("}")
	src, err := format.Source(w.buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the tables: %w\n%s", err, w.buf.Bytes())
	}
	return src, nil
}

type writer struct{ buf bytes.Buffer }

func (w *writer) line(format string, args ...any) {
	fmt.Fprintf(&w.buf, format, args...)
	w.buf.WriteByte('\n')
}

// enum writes typed constants numbered from 0, then numName and an array
// of their names.
func (w *writer) enum(doc, prefix, typ, numName, namesVar string, names []string, docOf func(int) string) error {
	w.line("// %s", doc)
	w.line("const (")
	for i, n := range names {
		id, err := Ident(prefix, n)
		if err != nil {
			return err
		}
		for _, l := range wrap(id+" "+docOf(i), 72) {
			w.line("\t// %s", l)
		}
		if i == 0 {
			w.line("\t%s %s = iota", id, typ)
		} else {
			w.line("\t%s", id)
		}
	}
	w.line("\t%s", numName)
	w.line(")")
	w.line("")
	w.line("// %s are the stdlib's names, by number.", namesVar)
	w.line("var %s = [%s]string{%s}", namesVar, numName, quoteAll(names))
	w.line("")
	return nil
}

// Ident makes a Go identifier of a stdlib name: "zone_change" with prefix
// "Ev" is EvZoneChange, "+1/+0" with prefix "Counter" is
// CounterPlus1Plus0.
func Ident(prefix, name string) (string, error) {
	s := strings.NewReplacer("+", "_plus_", "-", "_minus_", "/", "_", " ", "_").Replace(name)
	var b strings.Builder
	b.WriteString(prefix)
	for _, part := range strings.Split(s, "_") {
		if part == "" {
			continue
		}
		if part == "id" {
			b.WriteString("ID")
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	id := b.String()
	for i, r := range id {
		if !(unicode.IsLetter(r) || r == '_' || (i > 0 && unicode.IsDigit(r))) {
			return "", fmt.Errorf("%q makes no Go identifier (got %q)", name, id)
		}
	}
	return id, nil
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// wrap splits text into lines of at most width characters, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = word
			continue
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// paramIdents are core's names of the kinds of a keyword's parameter.
var paramIdents = map[vocab.Kind]string{vocab.KNumber: "paramNumber", vocab.KMana: "paramMana",
	vocab.KQuality: "paramQuality", vocab.KSubtype: "paramSubtype"}

// keywordTables writes the keyword abilities: their numbers, in the order
// the stdlib declares them, the width of the core's sets of them, and how
// the names of those with a parameter spell it ("protection from " and a
// quality, a land type and "walk"), read from their forms.
func (v *vocabulary) keywordTables(w *writer) error {
	var names []string
	for _, k := range v.keywords {
		names = append(names, k.Name)
	}
	if err := w.enum("The keyword abilities (CR 702), in the order the stdlib declares them.", "keyword", "keyword", "numKeywords", "keywordNames", names,
		func(i int) string {
			if k := v.keywords[i]; k.Param != nil {
				return fmt.Sprintf("is the keyword %q, written %q.", k.Name, k.FormText())
			}
			return fmt.Sprintf("is the keyword %q.", names[i])
		}); err != nil {
		return err
	}
	w.line("// keywordWords is how many 64-bit words a keywordSet has: one bit for")
	w.line("// each keyword.")
	w.line("const keywordWords = %d", (len(v.keywords)+63)/64)
	w.line("")
	w.line("// keywordParams are the keywords with a parameter, and how their names")
	w.line("// spell it: the words before it, and the text glued after it.")
	w.line("var keywordParams = [...]keywordParam{")
	for _, k := range v.keywords {
		if k.Param == nil {
			continue
		}
		id, _ := Ident("keyword", k.Name)
		var prefix, suffix []string
		slot := false
		for _, it := range k.Form {
			switch {
			case it.Slot != "":
				slot = true
				suffix = append(suffix, it.Suffix)
			case slot:
				suffix = append(suffix, " "+it.Word)
			default:
				prefix = append(prefix, it.Word+" ")
			}
		}
		param, ok := paramIdents[k.Param.Type.Kind]
		if !ok {
			return fmt.Errorf("keyword %q: the rules core reads no parameter of type %s", k.Name, k.Param.Type)
		}
		w.line("\t{keyword: %s, prefix: %q, suffix: %q, param: %s},", id, strings.Join(prefix, ""), strings.Join(suffix, ""), param)
	}
	w.line("}")
	w.line("")
	plurals := make([]string, 0, len(v.irregular))
	for p := range v.irregular {
		plurals = append(plurals, p)
	}
	slices.Sort(plurals)
	w.line("// irregularPlurals are the subtypes whose plural, as the stdlib declares")
	w.line("// it, is not the subtype with an s (or -ves for -f): singular reads them.")
	w.line("var irregularPlurals = map[string]string{")
	for _, p := range plurals {
		w.line("\t%q: %q,", p, v.irregular[p])
	}
	w.line("}")
	w.line("")
	w.line("// creatureTypes are the creature types (CR 205.3m), the subtypes the")
	w.line("// stdlib declares of creatures and kindreds, sorted: searched by halves.")
	w.line("var creatureTypes = [...]string{")
	for _, t := range v.creatureTypes {
		w.line("\t%q,", t)
	}
	w.line("}")
	w.line("")
	w.line("// landTypes are the land types (CR 205.3i), the subtypes the stdlib")
	w.line("// declares of lands, sorted: searched by halves.")
	w.line("var landTypes = [...]string{")
	for _, t := range v.landTypes {
		w.line("\t%q,", t)
	}
	w.line("}")
	w.line("")
	return nil
}
