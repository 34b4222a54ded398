package compiler

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/stdlib"
)

// Vocab is the standard vocabulary: what the compiler resolves the words of
// a card against. It is read from the stdlib package's files.
type Vocab struct {
	Events     map[string]*EventKind
	Funcs      map[string]*FuncInfo
	Rules      map[string]*RuleInfo
	Types      []string
	Supertypes []string
	Colors     []string
	Zones      []string
	Counters   []string
	Adjectives []string
	Keywords   []string
	Steps      []*StepInfo

	eventTemplates  []*Template
	actionTemplates []*Template
	ruleTemplates   []*Template
	names           map[Kind]map[string]bool
	// templateWords are the words of all phrases, lower case.
	templateWords map[string]bool
}

// EventKind is an event kind of the vocabulary.
type EventKind struct {
	Name      string
	Doc       string
	Fields    []Field
	Templates []*Template
}

// Field returns the field with the given name, or nil.
func (e *EventKind) Field(name string) *Field {
	for i := range e.Fields {
		if e.Fields[i].Name == name {
			return &e.Fields[i]
		}
	}
	return nil
}

// Field is a field of an event or a parameter of a function.
type Field struct {
	Name string
	Type Type
}

// FuncInfo is an action or a query of the vocabulary.
type FuncInfo struct {
	Name string
	// Action is true for actions, false for queries.
	Action bool
	Doc    string
	Params []Field
	// Result is the type a query returns.
	Result Type
	// Context is "replace" or "enters" for actions allowed only there.
	Context   string
	Templates []*Template
}

// RuleInfo is a rule static abilities can state.
type RuleInfo struct {
	Name      string
	Doc       string
	Params    []Field
	Templates []*Template
}

// StepInfo is a step of the turn and the phrases that name it.
type StepInfo struct {
	Name  string
	Words [][]string
}

// Template is a phrase of the vocabulary: words and typed slots.
type Template struct {
	Text string
	// Shape is the text with the slots' names erased: two phrases of one
	// shape that put the same words in different fields are alternatives
	// ("{blocker} blocks or becomes blocked by {attacker}" and its mirror).
	Shape    string
	Items    []TemplateItem
	Where    *dsl.Cond
	Each     string
	Once     bool
	Defaults map[string]*dsl.Sum
	// Event, Func or Rule is what the phrase describes.
	Event *EventKind
	Func  *FuncInfo
	Rule  *RuleInfo
	Pos   dsl.Pos
}

// TemplateItem is a word to match or a slot to fill.
type TemplateItem struct {
	Word string
	// Slot names the field or parameter; "power/toughness" is a slot that
	// takes a +N/+M and fills two parameters.
	Slot string
}

// slotType returns the type of a slot of the template.
func (t *Template) slotType(slot string) (Type, bool) {
	var fields []Field
	switch {
	case t.Event != nil:
		fields = t.Event.Fields
	case t.Func != nil:
		fields = t.Func.Params
	case t.Rule != nil:
		fields = t.Rule.Params
	}
	for _, f := range fields {
		if f.Name == slot {
			return f.Type, true
		}
	}
	return Type{}, false
}

// owner names what the template describes, for messages.
func (t *Template) owner() string {
	switch {
	case t.Event != nil:
		return "event " + t.Event.Name
	case t.Func != nil:
		return "action " + t.Func.Name
	case t.Rule != nil:
		return "rule " + t.Rule.Name
	}
	return ""
}

var (
	stdOnce  sync.Once
	stdVocab *Vocab
	stdErr   error
)

// Vocabulary returns the standard vocabulary, read once from the stdlib
// package. An error means the stdlib itself is broken.
func Vocabulary() (*Vocab, error) {
	stdOnce.Do(func() { stdVocab, stdErr = LoadVocab(stdlib.FS) })
	return stdVocab, stdErr
}

// LoadVocab reads a vocabulary from the *.card files of a file system.
func LoadVocab(fsys fs.FS) (*Vocab, error) {
	names, err := fs.Glob(fsys, "*.card")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	v := &Vocab{
		Events: map[string]*EventKind{},
		Funcs:  map[string]*FuncInfo{},
		Rules:  map[string]*RuleInfo{},
	}
	var diags dsl.Diagnostics
	var decls []dsl.Decl
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		f, d := parser.Parse("stdlib/"+name, src)
		diags = append(diags, d...)
		decls = append(decls, f.Decls...)
	}
	// Names first: field types may refer to event kinds declared anywhere.
	for _, d := range decls {
		switch d := d.(type) {
		case *dsl.EventDecl:
			v.Events[d.Name] = &EventKind{Name: d.Name}
		case *dsl.NamesDecl:
			v.addNames(d)
		case *dsl.StepDecl:
			st := &StepInfo{Name: d.Name}
			for _, w := range d.Words {
				st.Words = append(st.Words, strings.Fields(unquote(w)))
			}
			v.Steps = append(v.Steps, st)
		}
	}
	v.indexNames()
	for _, d := range decls {
		switch d := d.(type) {
		case *dsl.EventDecl:
			diags = append(diags, v.loadEvent(d)...)
		case *dsl.FuncDecl:
			diags = append(diags, v.loadFunc(d)...)
		case *dsl.RuleDecl:
			diags = append(diags, v.loadRule(d)...)
		case *dsl.NamesDecl, *dsl.StepDecl:
		default:
			diags = append(diags, dsl.Errorf(d.Position(), CodeStdlib, "only vocabulary declarations belong in the stdlib"))
		}
	}
	v.templateWords = map[string]bool{}
	for _, ts := range [][]*Template{v.eventTemplates, v.actionTemplates, v.ruleTemplates} {
		for _, t := range ts {
			for _, it := range t.Items {
				if it.Word != "" {
					v.templateWords[strings.ToLower(it.Word)] = true
				}
			}
		}
	}
	diags = append(diags, v.checkTemplates()...)
	if diags.HasErrors() {
		return nil, fmt.Errorf("stdlib: %w", diags)
	}
	return v, nil
}

// checkTemplates type-checks the `where` conditions and `with` defaults of
// every phrase, and that every adjective has its query.
func (v *Vocab) checkTemplates() dsl.Diagnostics {
	var diags dsl.Diagnostics
	for _, t := range v.eventTemplates {
		if t.Where == nil {
			continue
		}
		if ty, d := condType(t.Where, fieldScope(t.Event, v), v); d != nil {
			diags = append(diags, *d)
		} else if ty.Kind != KBool {
			diags = append(diags, dsl.Errorf(t.Pos, CodeStdlib, "where needs a condition"))
		}
	}
	for _, t := range v.actionTemplates {
		for name, def := range t.Defaults {
			want, _ := t.slotType(name)
			if ty, d := typeOf(def, rootScope(), v); d != nil {
				diags = append(diags, *d)
			} else if !want.accepts(ty) {
				diags = append(diags, dsl.Errorf(t.Pos, CodeStdlib, "with %s: %s is due, not %s", name, want, ty))
			}
		}
	}
	for _, a := range v.Adjectives {
		if q := v.Funcs["is_"+a]; q == nil || q.Action || len(q.Params) != 1 {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "adjective %s needs a query is_%s(object: object): bool", a, a))
		}
	}
	for _, name := range []string{"is_type", "is_supertype", "is_subtype", "has_color", "is_player", "is_permanent", "controller", "schedule_delayed"} {
		if v.Funcs[name] == nil {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "the compiler needs %s", name))
		}
	}
	return diags
}

func (v *Vocab) addNames(d *dsl.NamesDecl) {
	var list *[]string
	switch d.Kind {
	case "types":
		list = &v.Types
	case "supertypes":
		list = &v.Supertypes
	case "colors":
		list = &v.Colors
	case "zones":
		list = &v.Zones
	case "counters":
		list = &v.Counters
	case "adjectives":
		list = &v.Adjectives
	case "keywords":
		list = &v.Keywords
	}
	for _, n := range d.Names {
		*list = append(*list, unquote(n))
	}
}

func (v *Vocab) indexNames() {
	set := func(list []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range list {
			m[s] = true
		}
		return m
	}
	steps := map[string]bool{}
	for _, s := range v.Steps {
		steps[s.Name] = true
	}
	v.names = map[Kind]map[string]bool{
		KCardType:  set(v.Types),
		KSupertype: set(v.Supertypes),
		KColor:     set(v.Colors),
		KZone:      set(v.Zones),
		KCounter:   set(v.Counters),
		KKeyword:   set(v.Keywords),
		KStep:      steps,
	}
}

// IsName reports whether name is a declared name of the kind.
func (v *Vocab) IsName(k Kind, name string) bool { return v.names[k][name] }

// typeNamed resolves a type name of a declaration.
func (v *Vocab) typeNamed(name string) (Type, bool) {
	for k, n := range kindNames {
		if n == name {
			return Type{Kind: k}, true
		}
	}
	if _, ok := v.Events[name]; ok {
		return Type{Kind: KEvent, Event: name}, true
	}
	return Type{}, false
}

func (v *Vocab) fields(decls []*dsl.FieldDecl) ([]Field, dsl.Diagnostics) {
	var out []Field
	var diags dsl.Diagnostics
	for _, f := range decls {
		t, ok := v.typeNamed(f.Type)
		if !ok {
			diags = append(diags, dsl.Errorf(f.Pos, CodeStdlib, "unknown type %q", f.Type))
			continue
		}
		out = append(out, Field{Name: f.Name, Type: t})
	}
	return out, diags
}

// items splits the items of an event, rule or function declaration.
func (v *Vocab) items(items []dsl.EventItem) (doc string, fields []Field, phrases []*dsl.PhraseDecl, diags dsl.Diagnostics) {
	var fd []*dsl.FieldDecl
	for _, it := range items {
		switch it := it.(type) {
		case *dsl.DocItem:
			doc = unquote(it.Text)
		case *dsl.FieldDecl:
			fd = append(fd, it)
		case *dsl.PhraseDecl:
			phrases = append(phrases, it)
		}
	}
	fields, diags = v.fields(fd)
	return doc, fields, phrases, diags
}

func (v *Vocab) loadEvent(d *dsl.EventDecl) dsl.Diagnostics {
	e := v.Events[d.Name]
	doc, fields, phrases, diags := v.items(d.Items)
	e.Doc = doc
	e.Fields = append([]Field{{Name: "id", Type: Type{Kind: KEvent, Event: d.Name}}}, fields...)
	ts, ds := v.templates(phrases, func(t *Template) { t.Event = e })
	e.Templates = ts
	v.eventTemplates = append(v.eventTemplates, ts...)
	return append(diags, ds...)
}

// templates reads the phrases of a declaration; own ties each to what it
// describes.
func (v *Vocab) templates(phrases []*dsl.PhraseDecl, own func(*Template)) ([]*Template, dsl.Diagnostics) {
	var (
		out   []*Template
		diags dsl.Diagnostics
	)
	for _, p := range phrases {
		t, ds := v.template(p, own)
		diags = append(diags, ds...)
		out = append(out, t)
	}
	return out, diags
}

func (v *Vocab) loadFunc(d *dsl.FuncDecl) dsl.Diagnostics {
	f := &FuncInfo{Name: d.Name, Action: d.Kind == "action", Context: d.Context}
	params, diags := v.fields(d.Params)
	f.Params = params
	if d.Result != "" {
		t, ok := v.typeNamed(d.Result)
		if !ok {
			diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "unknown type %q", d.Result))
		}
		f.Result = t
	} else if !f.Action {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "query %s needs a result type", d.Name))
	}
	doc, _, phrases, ds := v.items(d.Items)
	diags = append(diags, ds...)
	f.Doc = doc
	if _, dup := v.Funcs[d.Name]; dup {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "%s is declared twice", d.Name))
	}
	v.Funcs[d.Name] = f
	ts, ds := v.templates(phrases, func(t *Template) { t.Func = f })
	f.Templates = ts
	v.actionTemplates = append(v.actionTemplates, ts...)
	return append(diags, ds...)
}

func (v *Vocab) loadRule(d *dsl.RuleDecl) dsl.Diagnostics {
	r := &RuleInfo{Name: d.Name}
	doc, fields, phrases, diags := v.items(d.Items)
	r.Doc, r.Params = doc, fields
	v.Rules[d.Name] = r
	ts, ds := v.templates(phrases, func(t *Template) { t.Rule = r })
	r.Templates = ts
	v.ruleTemplates = append(v.ruleTemplates, ts...)
	return append(diags, ds...)
}

// template reads a phrase declaration and checks its slots against the
// fields or parameters of what it describes.
func (v *Vocab) template(p *dsl.PhraseDecl, own func(*Template)) (*Template, dsl.Diagnostics) {
	t := &Template{Text: unquote(p.Text), Where: p.Where, Each: p.Each, Once: p.Once, Pos: p.Pos}
	own(t)
	var diags dsl.Diagnostics
	for _, w := range strings.Fields(t.Text) {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			slot := w[1 : len(w)-1]
			t.Items = append(t.Items, TemplateItem{Slot: slot})
			if slot == "power/toughness" {
				_, okP := t.slotType("power")
				_, okT := t.slotType("toughness")
				if !okP || !okT {
					diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "slot {power/toughness} needs parameters power and toughness"))
				}
				continue
			}
			if _, ok := t.slotType(slot); !ok {
				diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "slot {%s} names no field of %s", slot, t.owner()))
			}
			continue
		}
		t.Items = append(t.Items, TemplateItem{Word: w})
	}
	var shape []string
	for _, it := range t.Items {
		if it.Slot != "" {
			shape = append(shape, "{}")
		} else {
			shape = append(shape, it.Word)
		}
	}
	t.Shape = strings.Join(shape, " ")
	if len(p.Defaults) > 0 {
		t.Defaults = map[string]*dsl.Sum{}
		for _, d := range p.Defaults {
			if _, ok := t.slotType(d.Name); !ok {
				diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "with %s: no such parameter", d.Name))
			}
			t.Defaults[d.Name] = d.Value
		}
	}
	if t.Each != "" {
		if ft, ok := t.slotType(t.Each); !ok || ft.Kind != KNumber {
			diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "each %s: needs a number field", t.Each))
		}
	}
	return t, diags
}

// unquote returns the text of a string literal; see dsl.Unquote.
func unquote(s string) string { return dsl.Unquote(s) }

// Unquote returns the text of a string literal of the language.
func Unquote(s string) string { return dsl.Unquote(s) }
