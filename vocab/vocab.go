// Package vocab is the vocabulary of the card language as Go values: the
// event kinds with their fields and phrases, the actions and queries a
// card's abilities can use, the rules of static abilities, the names of
// the game (card types, colors, zones, counter kinds, steps), and the
// keyword abilities, with their parameters and the abilities of the
// language those that abbreviate abilities stand for (Keyword).
// The vocabulary is declared in the language itself, in the stdlib
// package's files; Load reads it, and Standard is the standard one.
//
// Besides the declarations, the package reads phrases against them
// (Vocab.Match: "remove damage.amount +1/+1 counters from this" is the
// action remove_counters with its three arguments), types expressions
// (Vocab.TypeOf, Vocab.CondType) and renders the reference designers read
// (Vocab.Markdown, dsl/VOCABULARY.md) and the host specification engine
// authors read (Vocab.HostSpec, vm/HOST.md): for each action and query,
// the stdlib also says where a host may call it, when it takes effect and
// what a stale handle gets (FuncInfo.Called, AtOnce, Stale). The compiler,
// the scenario runner and editor tooling use it; the rules core's name
// tables are generated from it, those facts included.
package vocab

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// Vocab is a vocabulary: what the words of a card are resolved against.
// The standard one (Standard) is read from the stdlib package's files.
//
// A Vocab is immutable once loaded and safe to share between goroutines:
// its methods return copies of its lists, and the declarations they point
// to (EventKind, FuncInfo, RuleInfo, StepInfo, Template) must not be
// modified.
type Vocab struct {
	// events, funcs and rules are sorted by name, found by binary search
	// (see named): slices, unlike maps, are static data in the binary
	// (standard_gen.go), which a run of cardc does not build.
	events    []*EventKind
	funcs     []*FuncInfo
	rules     []*RuleInfo
	eventList []*EventKind
	funcList  []*FuncInfo
	ruleList  []*RuleInfo
	steps     []*StepInfo
	// lists are the declared names by kind (indexed by Kind), in
	// declaration order.
	lists      [][]string
	adjectives []string
	// subtypes are the subtypes of CR 205.3, in declaration order, and
	// subtypeForms finds each by its name and by its plural.
	subtypes     []*Subtype
	subtypeForms []subtypeForm
	// keywords are the keyword abilities, plain names and declarations,
	// in the order they are declared.
	keywords []*Keyword

	eventTemplates  []*Template
	actionTemplates []*Template
	ruleTemplates   []*Template
	effectTemplates []*Template
	// conditionTemplates are the phrases of queries: the conditions of
	// an intervening "if" clause (CR 603.4).
	conditionTemplates []*Template
	// names are the declared names by kind (indexed by Kind), sorted, for
	// IsName; subtypes are in subtypeForms instead.
	names [][]string
	// templateWords are the words of all phrases, lower case, sorted.
	templateWords []string
	// identity is the vocabulary's name, version and hash.
	identity vm.Vocabulary
	// oracle are the Oracle wordings of the phrases, indexed.
	oracle *oracleIndex
	// starts are the phrases of each mode (by Mode) indexed by their
	// first words, for the quick reading of a card's phrase.
	starts []*phraseStarts
}

// Event returns the event kind with a name, or nil.
func (v *Vocab) Event(name string) *EventKind { return named(v.events, name) }

// Events lists the event kinds in the order the vocabulary declares them.
func (v *Vocab) Events() []*EventKind { return append([]*EventKind(nil), v.eventList...) }

// Func returns the action or query with a name, or nil.
func (v *Vocab) Func(name string) *FuncInfo { return named(v.funcs, name) }

// Funcs lists the actions and queries in the order the vocabulary declares
// them.
func (v *Vocab) Funcs() []*FuncInfo { return append([]*FuncInfo(nil), v.funcList...) }

// Rule returns the rule with a name, or nil.
func (v *Vocab) Rule(name string) *RuleInfo { return named(v.rules, name) }

// Rules lists the rules in the order the vocabulary declares them.
func (v *Vocab) Rules() []*RuleInfo { return append([]*RuleInfo(nil), v.ruleList...) }

// Steps lists the steps of the turn, in turn order.
func (v *Vocab) Steps() []*StepInfo { return append([]*StepInfo(nil), v.steps...) }

// Names lists the declared names of a kind, in declaration order: KCardType,
// KSupertype, KColor, KZone, KCounter or KKeyword (the names of every
// keyword, those of `keyword` declarations included: "protection").
func (v *Vocab) Names(k Kind) []string {
	if k == KKeyword {
		out := make([]string, len(v.keywords))
		for i, kw := range v.keywords {
			out[i] = kw.Name
		}
		return out
	}
	if k <= 0 || int(k) >= len(v.lists) {
		return nil
	}
	return append([]string(nil), v.lists[k]...)
}

// Adjectives lists the adjectives of filters; the adjective a is tested by
// the query is_a.
func (v *Vocab) Adjectives() []string { return append([]string(nil), v.adjectives...) }

// EventKind is an event kind of the vocabulary.
type EventKind struct {
	Name      string
	Doc       string
	Fields    []Field
	Templates []*Template
	// Aliases are the names of the rules its fields have in the
	// abilities that watch it (`alias "defending player" player`).
	Aliases []Alias
}

// Alias is a name of the rules for a field of an event: "defending
// player", the player attacked (CR 506.2). It is words, two or more; the
// abilities that watch the event read the field by it.
type Alias struct {
	Name, Field string
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

// FuncInfo is an action, a query or a continuous effect of the
// vocabulary.
type FuncInfo struct {
	Name string
	// Action is true for actions, false for queries and effects.
	Action bool
	// Effect is true for a continuous effect that static abilities create
	// (CR 611.3): its first parameter is the object it affects.
	Effect bool
	// Layer is the layer an effect applies in (CR 613.1): "6", "7c"; ""
	// for an effect that changes no characteristic, such as "can't
	// attack or block", which the rules read after the layers.
	Layer  string
	Doc    string
	Params []Field
	// Result is the type a query returns, or, for an action that has one,
	// what the action chose (`: object`: the card a search found), which
	// `as NAME` after the action's filter names for the statements after it.
	Result Type
	// Context is "replace" or "enters" for actions allowed only there.
	Context string
	// Cost says the action can be paid as part of the cost of an
	// activated ability (`is cost`): "sacrifice this", "pay 2 life".
	Cost bool
	// Mana says the action adds mana (`is mana`): an ability that does it
	// and has no target is a mana ability (CR 605.1).
	Mana bool
	// Divides says the action divides its parameter amount among the
	// objects and players chosen for its parameter of type targets, as
	// the spell is cast or the ability put on the stack (`is divides`:
	// "5 damage divided as you choose among any number of targets",
	// CR 601.2d).
	Divides bool
	// Optional says the action is a decision its player makes as the
	// ability resolves (`is optional`: "you may pay {2} and sacrifice
	// ..."), which `if you do` and a reflexive `when you do` read.
	Optional bool
	// Chooses names the kind of choice an `in enters` action makes as the
	// permanent enters (`is chooses_color`: "as this enters, choose a
	// color", CR 614.12); Reads names the kind of choice a function reads
	// (`is reads_chosen_color`: "the chosen color"). A card that reads a
	// choice must make it.
	Chooses, Reads string
	// Called are the contexts a host may run an action or a query from
	// (`called from`), in the order of Contexts.
	Called []string
	// AtOnce says an action called from a replacement body takes effect
	// at once, changing the event being replaced (`takes effect at
	// once`); otherwise it takes effect right after the event (CR 615.5).
	AtOnce bool
	// Stale is what the action or query does with a handle that names
	// nothing it can act on (`stale`): StaleIgnored, StaleLastKnown or
	// StaleError.
	Stale string
	// Moves and MovesTo say that the action moves the object of its
	// parameter Moves to the zone MovesTo (`moves object to exile`); ""
	// for an action that moves nothing. MovesFrom is the one zone it moves
	// the object out of, for an action that says it (`moves object from
	// graveyard to hand`), else "": an activated ability whose effect moves
	// its own card out of that zone functions only there (CR 113.6m).
	Moves, MovesFrom, MovesTo string
	// templates are its phrases; a phrase with optional parts is there
	// once, its first expansion (optional.go): Templates lists them all.
	templates []*Template
}

// Templates are the phrases of the function, each expansion of a phrase
// with optional parts its own (optional.go), in the order it declares
// them.
func (f *FuncInfo) Templates() []*Template { return expandAll(f.templates) }

// Param returns the parameter of the function with that name, or nil.
func (f *FuncInfo) Param(name string) *Field {
	for i := range f.Params {
		if f.Params[i].Name == name {
			return &f.Params[i]
		}
	}
	return nil
}

// DividedParam returns the parameter among whose targets an action that
// divides divides its amount: its first of type targets, or nil.
func (f *FuncInfo) DividedParam() *Field {
	for i := range f.Params {
		if f.Params[i].Type.Kind == KTargets {
			return &f.Params[i]
		}
	}
	return nil
}

// Returns reports whether the function returns a value: queries do, and
// actions declared with a result (`action sacrifice_chosen(...): object`,
// which returns the permanent a player chose); effects and the other
// actions do not.
func (f *FuncInfo) Returns() bool { return !f.Effect && (!f.Action || f.Result != (Type{})) }

// Query reports whether the function is a query: it returns a value and
// does nothing, so a card may read it as a field (`creature.toughness`)
// or a condition.
func (f *FuncInfo) Query() bool { return !f.Action && !f.Effect }

// RuleInfo is a rule static abilities can state.
type RuleInfo struct {
	Name      string
	Doc       string
	Params    []Field
	Templates []*Template
	// Event is the event kind of its parameter of type event, if it has
	// one: an Oracle wording of the rule may name that event's fields,
	// which Oracle text says around the rule's words ("{object} can't
	// have {kind} counters put on them"; see Template.EventWording).
	Event *EventKind
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
	Shape string
	Items []TemplateItem
	Where *dsl.Cond
	Each  string
	Once  bool
	// Anywhere marks a phrase of an event that says its object moves
	// "from anywhere": a replacement ability of an object that watches
	// it for that object itself functions in every zone (CR 113.6b).
	Anywhere bool
	// Defaults are the values the phrase gives parameters it has no
	// slot for (`with player = you`).
	Defaults Defaults
	// Omitted are the parameters an optional part of the phrase, in
	// square brackets, leaves out in this expansion of it (optional.go):
	// each has the default -1, "none", whatever its type.
	Omitted []string
	// Oracle is how Oracle text says the phrase (its first `oracle`
	// line), or nil if the vocabulary does not say; OracleAlso are the
	// other ways Oracle text says it (the `oracle` lines after the
	// first), which the reader of Oracle text reads and nothing renders.
	Oracle     *Wording
	OracleAlso []*Wording
	// EventWording is set on a rule's Oracle wording, as the reader of
	// Oracle text reads it (not on a phrase), that names fields of the
	// rule's event rather than the event: the wording of the event's
	// phrase those fields fill (eventWordingOf), as which the reading
	// gives the rule its event.
	EventWording *Template
	// Event, Func or Rule is what the phrase describes.
	Event *EventKind
	Func  *FuncInfo
	Rule  *RuleInfo
	Pos   dsl.Pos
	// optional is set on the first expansion of a phrase of a function
	// with optional parts, which stands for all of them in the
	// vocabulary's lists: the others are built the first time they are
	// needed (optional.go). placeholderOf is set on the entry of the index
	// of Oracle wordings that stands for the wordings of such a phrase's
	// expansions: that first expansion.
	optional      *lazyExpansions
	placeholderOf *Template
}

// Wording is how Oracle text says a phrase, declared by the `oracle` line
// after it: words and slots, which name fields or parameters of what the
// phrase describes (any of them, those a `with` default fills included),
// or the card itself ({this}, ThisSlot).
type Wording struct {
	Text string
	// Declared is, for an expansion of an oracle line with optional
	// parts (optional.go), the line as declared, its parts in brackets;
	// otherwise "".
	Declared string
	Items    []TemplateItem
	Pos      dsl.Pos
}

// ThisSlot is the slot of an Oracle wording that names the card itself:
// "{this} enters the battlefield with {amount} {kind} counters on it".
const ThisSlot = "this"

// TemplateItem is a word to match or a slot to fill.
type TemplateItem struct {
	Word string
	// Slot names the field or parameter; "power/toughness" is a slot that
	// takes a +N/+M and fills two parameters.
	Slot string
	// Suffix is what an Oracle wording glues after a slot: "'s" in
	// "{object}'s power", "," in "{object},".
	Suffix string
}

// SlotType returns the type of a slot of the template.
func (t *Template) SlotType(slot string) (Type, bool) {
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
	if t.Rule != nil && t.Rule.Event != nil {
		// A field of the rule's event, which its Oracle wordings may
		// name (EventField).
		if f := t.Rule.Event.Field(slot); f != nil && slot != "id" {
			return f.Type, true
		}
	}
	return Type{}, false
}

// fills reports whether the template gives a parameter a value: a slot, the
// {power/toughness} slot for power and toughness, or a default.
func (t *Template) fills(param string) bool {
	for _, it := range t.Items {
		if it.Slot == param || (it.Slot == "power/toughness" && (param == "power" || param == "toughness")) {
			return true
		}
	}
	return t.Defaults.Of(param) != nil
}

// Owner names what the template describes, for messages.
func (t *Template) Owner() string {
	switch {
	case t.Event != nil:
		return "event " + t.Event.Name
	case t.Func != nil && t.Func.Effect:
		return "effect " + t.Func.Name
	case t.Func != nil:
		return "action " + t.Func.Name
	case t.Rule != nil:
		return "rule " + t.Rule.Name
	}
	return ""
}

// Standard returns the standard vocabulary, the one Load reads from the
// stdlib package, built once per process. It is prepared at build time:
// standard_gen.go holds it as statically initialized variables, without
// parsing the stdlib; at run time only its maps are made (`go generate
// ./...` writes it, and tests keep it equal to what Load reads). Built with the
// tag cardc_parse_stdlib, Standard parses the stdlib instead, as the
// generator is built: it must not depend on the file it writes. An error
// means the stdlib itself is broken.
var Standard = sync.OnceValues(standard)

// Load reads a vocabulary from the *.card files of a file system.
func Load(fsys fs.FS) (*Vocab, error) {
	names, err := fs.Glob(fsys, "*.card")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	v := &Vocab{lists: make([][]string, kindCount)}
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
	var declared *dsl.VocabularyDecl
	var subtypes []*dsl.SubtypesDecl
	for _, d := range decls {
		switch d := d.(type) {
		case *dsl.VocabularyDecl:
			if declared != nil {
				diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "the vocabulary is already declared at %s:%d; declare it once", declared.Pos.Filename, declared.Pos.Line))
				continue
			}
			declared = d
			v.identity = vm.Vocabulary{Name: dsl.Unquote(d.Name), Major: d.Major, Minor: d.Minor}
			if msg := v.identity.Check(); msg != "" {
				diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "%s", msg))
			}
		case *dsl.EventDecl:
			e := &EventKind{Name: d.Name}
			v.events = withNamed(v.events, e)
			v.eventList = append(v.eventList, e)
		case *dsl.NamesDecl:
			v.addNames(d)
		case *dsl.SubtypesDecl:
			subtypes = append(subtypes, d)
		case *dsl.KeywordDecl:
			v.declareKeyword(d)
		case *dsl.StepDecl:
			st := &StepInfo{Name: d.Name}
			for _, w := range d.Words {
				st.Words = append(st.Words, strings.Fields(dsl.Unquote(w)))
			}
			v.steps = append(v.steps, st)
		}
	}
	v.indexNames()
	diags = append(diags, v.addSubtypes(subtypes)...)
	// Events before the rest: the Oracle wordings of a rule may name the
	// fields of its event.
	for _, d := range decls {
		if d, ok := d.(*dsl.EventDecl); ok {
			diags = append(diags, v.loadEvent(d)...)
		}
	}
	for _, d := range decls {
		switch d := d.(type) {
		case *dsl.EventDecl:
		case *dsl.FuncDecl:
			diags = append(diags, v.loadFunc(d)...)
		case *dsl.RuleDecl:
			diags = append(diags, v.loadRule(d)...)
		case *dsl.KeywordDecl:
			diags = append(diags, v.loadKeyword(d)...)
		case *dsl.NamesDecl, *dsl.SubtypesDecl, *dsl.StepDecl, *dsl.VocabularyDecl:
		default:
			diags = append(diags, dsl.Errorf(d.Position(), CodeStdlib, "only vocabulary declarations belong in the stdlib"))
		}
	}
	v.templateWords = nil
	for _, ts := range [][]*Template{v.eventTemplates, v.actionTemplates, v.ruleTemplates, v.effectTemplates, v.conditionTemplates} {
		for _, t := range deriveAll(ts) {
			for _, it := range t.Items {
				if it.Word != "" {
					v.templateWords = append(v.templateWords, strings.ToLower(it.Word))
				}
			}
		}
	}
	slices.Sort(v.templateWords)
	v.templateWords = slices.Compact(v.templateWords)
	diags = append(diags, v.checkTemplates()...)
	diags = append(diags, v.checkExpansionWordings()...)
	if declared == nil {
		diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib,
			"the vocabulary does not say which it is: declare `vocabulary \"NAME\" version MAJOR.MINOR` in one of its files"))
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("stdlib: %w", diags)
	}
	v.identity.Hash = v.contractHash()
	v.oracle = v.indexOracle()
	v.starts = v.indexStarts()
	return v, nil
}

// ManaEvent is the event kind of mana being added (CR 106.4): a triggered
// ability that triggers on it and could add mana is a mana ability (CR
// 605.1b).
const ManaEvent = "mana_produced"

// ReflexiveEvent is the event kind of reflexive triggered abilities
// (CR 603.12), which only a `when ... { }` inside a body watches.
const ReflexiveEvent = "reflexive"

// validLayers are the layers of CR 613.1 (and the sublayers of 7).
var validLayers = map[string]bool{"1": true, "2": true, "3": true, "4": true, "5": true, "6": true,
	"7a": true, "7b": true, "7c": true, "7d": true}

// Needed are the queries and actions the compiler emits by itself, which
// every vocabulary must declare: filters test card types, supertypes,
// subtypes, colors, players, permanents and controllers, and `at ... { }`
// statements create delayed triggered abilities, and "enchanted creature"
// is the object an Aura is attached to.
var Needed = []string{"is_type", "is_supertype", "is_subtype", "has_color", "is_player", "is_permanent", "controller", "owner", "mana_value", "schedule_delayed", "attached_to"}

// checkTemplates type-checks the `where` conditions and `with` defaults of
// every phrase, and that every adjective has its query.
func (v *Vocab) checkTemplates() dsl.Diagnostics {
	var diags dsl.Diagnostics
	for _, t := range v.eventTemplates {
		if t.Where == nil {
			continue
		}
		if ty, d := v.CondType(t.Where, whereScope{v, t.Event}); d != nil {
			diags = append(diags, d.Diagnostic)
		} else if ty.Kind != KBool {
			diags = append(diags, dsl.Errorf(t.Pos, CodeStdlib, "where needs a condition"))
		}
	}
	for _, f := range v.funcs {
		if f.Moves != "" && !slices.Contains(v.lists[KZone], f.MovesTo) {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "%s: moves %s to %s: no zone is named %s", f.Name, f.Moves, f.MovesTo, f.MovesTo))
		}
		if f.MovesFrom != "" && !slices.Contains(v.lists[KZone], f.MovesFrom) {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "%s: moves %s from %s: no zone is named %s", f.Name, f.Moves, f.MovesFrom, f.MovesFrom))
		}
	}
	for _, t := range deriveAll(append(append(slices.Clip(v.actionTemplates), v.effectTemplates...), v.conditionTemplates...)) {
		for _, p := range t.Func.Params {
			if !t.fills(p.Name) {
				diags = append(diags, dsl.Errorf(t.Pos, CodeStdlib, "phrase %q gives no value for %s", t.Text, p.Name))
			}
		}
		for _, d := range t.Defaults {
			name, def := d.Name, d.Value
			if slices.Contains(t.Omitted, name) {
				continue // -1, none: no value of the slot's type
			}
			want, _ := t.SlotType(name)
			if ty, d := v.TypeOf(def, defaultScope{t, name}); d != nil {
				diags = append(diags, d.Diagnostic)
			} else if !want.Accepts(ty) {
				diags = append(diags, dsl.Errorf(t.Pos, CodeStdlib, "with %s: %s is due, not %s", name, want, ty))
			}
		}
	}
	for _, a := range v.adjectives {
		if q := v.Func("is_" + a); q == nil || q.Action || len(q.Params) != 1 {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "adjective %s needs a query is_%s(object: object): bool", a, a))
		}
	}
	for _, name := range Needed {
		if v.Func(name) == nil {
			diags = append(diags, dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "the compiler needs %s", name))
		}
	}
	return diags
}

// Builtins are the names every ability sees, with their types: this (the
// permanent the ability belongs to, or the resolving spell), you (its
// controller), X, true and false.
var Builtins = map[string]Type{
	"this": {Kind: KObject}, "you": {Kind: KPlayer}, "X": {Kind: KNumber},
	"true": {Kind: KBool}, "false": {Kind: KBool},
}

// defaultScope is the scope of the `with` default of parameter param of
// a phrase t: the builtins, and the parameters declared before param that
// a slot of the phrase fills (DefaultParams), which read the values
// written there: `with amount = player.cards_in_library / 2`.
type defaultScope struct {
	t     *Template
	param string
}

func (s defaultScope) Type(name string) (Type, bool) {
	if t, ok := Builtins[name]; ok {
		return t, true
	}
	for _, p := range s.t.DefaultParams(s.param) {
		if p.Name == name {
			return p.Type, true
		}
	}
	return Type{}, false
}
func (defaultScope) Use(string) {}
func (s defaultScope) Names() []string {
	names := sortedKeys(Builtins)
	for _, p := range s.t.DefaultParams(s.param) {
		names = append(names, p.Name)
	}
	return names
}

// DefaultParams lists the parameters the `with` default of param may read:
// those of the action declared before param that a slot of the phrase
// fills (not another default), in the order of the declaration. A host
// evaluates the arguments in that order, so each of them has its value
// when the default is computed.
func (t *Template) DefaultParams(param string) []Field {
	if t.Func == nil {
		return nil
	}
	var out []Field
	for _, p := range t.Func.Params {
		if p.Name == param {
			break
		}
		if t.Defaults.Of(p.Name) == nil && t.fills(p.Name) {
			out = append(out, p)
		}
	}
	return out
}

// SumNames lists the names an expression reads (`player` of
// `player.cards_in_library / 2`), each once, in the order they appear.
func SumNames(s *dsl.Sum) []string {
	var out []string
	add := func(n string) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	var sum func(*dsl.Sum)
	var cond func(*dsl.Cond)
	var unary func(*dsl.Unary)
	unary = func(u *dsl.Unary) {
		switch {
		case u == nil:
		case u.Neg != nil:
			unary(u.Neg)
		case u.Primary == nil:
		case u.Primary.Ref != nil:
			add(u.Primary.Ref.Name)
		case u.Primary.Paren != nil:
			cond(u.Primary.Paren)
		}
	}
	product := func(p *dsl.Product) {
		if p == nil {
			return
		}
		unary(p.Left)
		for _, r := range p.Rest {
			unary(r.Right)
		}
	}
	sum = func(s *dsl.Sum) {
		if s == nil {
			return
		}
		product(s.Left)
		for _, r := range s.Rest {
			product(r.Right)
		}
	}
	cond = func(c *dsl.Cond) {
		for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
			for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
				for ; n != nil && n.Not != nil; n = n.Not {
				}
				if n != nil && n.Cmp != nil {
					sum(n.Cmp.Left)
					sum(n.Cmp.Right)
				}
			}
		}
	}
	sum(s)
	return out
}

// WhereName is what a name of a `where` condition refers to: a field of
// the event, a name of the vocabulary, or else one of the Builtins.
type WhereName struct {
	Type Type
	// Field is set for a field of the event.
	Field string
	// Name is set for a name of the vocabulary, of kind Type.Kind.
	Name string
}

// Where resolves a name of a `where` condition of a phrase of event e.
func (v *Vocab) Where(e *EventKind, name string) (WhereName, bool) {
	if f := e.Field(name); f != nil {
		return WhereName{Type: f.Type, Field: name}, true
	}
	for _, k := range []Kind{KZone, KStep, KCardType, KColor, KCounter} {
		if v.IsName(k, name) {
			return WhereName{Type: Type{Kind: k}, Name: name}, true
		}
	}
	if t, ok := Builtins[name]; ok {
		return WhereName{Type: t}, true
	}
	return WhereName{}, false
}

// whereScope is the scope of a `where` condition.
type whereScope struct {
	v *Vocab
	e *EventKind
}

func (s whereScope) Type(name string) (Type, bool) {
	w, ok := s.v.Where(s.e, name)
	return w.Type, ok
}
func (whereScope) Use(string) {}
func (s whereScope) Names() []string {
	var out []string
	for _, f := range s.e.Fields {
		out = append(out, f.Name)
	}
	return out
}

// namesKinds are the kinds of the name lists of the vocabulary, by the
// word that declares them.
var namesKinds = map[string]Kind{
	"types": KCardType, "supertypes": KSupertype, "colors": KColor, "zones": KZone,
	"counters": KCounter, "keywords": KKeyword,
}

func (v *Vocab) addNames(d *dsl.NamesDecl) {
	if d.Kind == "keywords" {
		v.addKeywordList(d)
		return
	}
	for _, n := range d.Names {
		if d.Kind == "adjectives" {
			v.adjectives = append(v.adjectives, dsl.Unquote(n))
			continue
		}
		k := namesKinds[d.Kind]
		v.lists[k] = append(v.lists[k], dsl.Unquote(n))
	}
}

func (v *Vocab) indexNames() {
	v.names = make([][]string, kindCount)
	for k, list := range v.lists {
		if Kind(k) == KSubtype || Kind(k) == KKeyword {
			continue // subtypeForms finds them (IsName); keywords below
		}
		v.names[k] = append([]string(nil), list...)
	}
	for _, s := range v.steps {
		v.names[KStep] = append(v.names[KStep], s.Name)
	}
	for _, k := range v.keywords {
		v.names[KKeyword] = append(v.names[KKeyword], k.Name)
	}
	for k := range v.names {
		slices.Sort(v.names[k])
		v.names[k] = slices.Compact(v.names[k])
	}
}

// IsName reports whether name is a declared name of the kind; a subtype is
// named in the singular. A keyword's name is its own ("protection"), not
// how a card writes it with its parameter ("protection from black"): see
// ReadKeyword.
func (v *Vocab) IsName(k Kind, name string) bool {
	if k == KSubtype {
		s, singular, _ := v.LookupSubtype(name)
		return s != nil && singular && s.Name == name
	}
	if k <= 0 || int(k) >= len(v.names) {
		return false
	}
	_, ok := slices.BinarySearch(v.names[k], name)
	return ok
}

// typeNamed resolves a type name of a declaration.
func (v *Vocab) typeNamed(name string) (Type, bool) {
	for k, n := range kindNames {
		if n == name {
			return Type{Kind: k}, true
		}
	}
	if v.Event(name) != nil {
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
// An `oracle` line belongs to the phrase just before it; the host
// properties (called from, takes effect, stale) belong to an action or a
// query only (host).
func (v *Vocab) items(items []dsl.EventItem, host bool) (doc string, fields []Field, phrases []phraseDecl, diags dsl.Diagnostics) {
	var fd []*dsl.FieldDecl
	for i, it := range items {
		switch it := it.(type) {
		case *dsl.DocItem:
			doc = dsl.Unquote(it.Text)
		case *dsl.FieldDecl:
			fd = append(fd, it)
		case *dsl.PhraseDecl:
			phrases = append(phrases, phraseDecl{decl: it})
		case *dsl.AliasItem:
			if host {
				diags = append(diags, dsl.Errorf(it.Pos, CodeStdlib, "only an event gives its fields names of the rules"))
			}
		case *dsl.CalledItem, *dsl.TimingItem, *dsl.StaleItem, *dsl.MovesItem:
			if !host {
				diags = append(diags, dsl.Errorf(it.Position(), CodeStdlib, "only an action or a query says where it is called from, when it takes effect and what a stale handle gets"))
			}
		case *dsl.OracleWording:
			// After its phrase, or after another oracle line of it:
			// Oracle text words some phrases several ways.
			ok := false
			for j := i - 1; j >= 0 && !ok; j-- {
				if _, more := items[j].(*dsl.OracleWording); more {
					continue
				}
				_, ok = items[j].(*dsl.PhraseDecl)
				break
			}
			if !ok {
				diags = append(diags, dsl.Errorf(it.Pos, CodeStdlib, "an oracle line says how Oracle text words the phrase just before it, and here none is").
					WithHint("put it on the line after its phrase"))
				continue
			}
			phrases[len(phrases)-1].oracle = append(phrases[len(phrases)-1].oracle, it)
		}
	}
	fs, ds := v.fields(fd)
	return doc, fs, phrases, append(diags, ds...)
}

// phraseDecl is a phrase declaration and its oracle lines, if any.
type phraseDecl struct {
	decl   *dsl.PhraseDecl
	oracle []*dsl.OracleWording
}

func (v *Vocab) loadEvent(d *dsl.EventDecl) dsl.Diagnostics {
	e := v.Event(d.Name)
	doc, fields, phrases, diags := v.items(d.Items, false)
	e.Doc = doc
	e.Fields = append([]Field{{Name: "id", Type: Type{Kind: KEvent, Event: d.Name}}}, fields...)
	ts, ds := v.templates(phrases, func(t *Template) { t.Event = e })
	e.Templates = ts
	v.eventTemplates = append(v.eventTemplates, ts...)
	for _, it := range d.Items {
		a, ok := it.(*dsl.AliasItem)
		if !ok {
			continue
		}
		name := dsl.Unquote(a.Name)
		switch words := strings.Fields(name); {
		case e.Field(a.Field) == nil:
			ds = append(ds, dsl.Errorf(a.Pos, CodeStdlib, "event %s has no field %q to name %q", d.Name, a.Field, name))
		case len(words) != 2 || strings.Join(words, " ") != name || strings.ToLower(name) != name:
			ds = append(ds, dsl.Errorf(a.Pos, CodeStdlib, "%q: the name of a field is two words in lower case, as a card writes it", name))
		default:
			e.Aliases = append(e.Aliases, Alias{Name: name, Field: a.Field})
		}
	}
	return append(diags, ds...)
}

// templates reads the phrases of a declaration; own ties each to what it
// describes.
func (v *Vocab) templates(phrases []phraseDecl, own func(*Template)) ([]*Template, dsl.Diagnostics) {
	var (
		out   []*Template
		diags dsl.Diagnostics
	)
	for _, p := range phrases {
		if hasOptional(p.decl.Text) {
			ts, ds := v.optionalTemplates(p, own)
			diags = append(diags, ds...)
			out = append(out, ts...)
			continue
		}
		t, ds := v.template(p, own)
		diags = append(diags, ds...)
		out = append(out, t)
	}
	return out, diags
}

// ChoiceKinds are the kinds of choice a permanent's controller can make
// as it enters (CR 614.12) and its abilities can read: a color, a card
// name (`card_name`, CR 201.4), a basic land type (`land_type`, CR
// 305.6); a creature type or an opponent would be more. A kind's words,
// in messages, are its name with spaces for underscores ("card name").
var ChoiceKinds = map[string]bool{"color": true, "card_name": true, "land_type": true}

func (v *Vocab) loadFunc(d *dsl.FuncDecl) dsl.Diagnostics {
	f := &FuncInfo{Name: d.Name, Action: d.Kind == "action", Effect: d.Kind == "effect", Context: d.Context, Layer: d.Layer}
	var diags dsl.Diagnostics
	for _, t := range d.Traits {
		switch {
		case t == "cost" && f.Action:
			f.Cost = true
		case t == "mana" && f.Action:
			f.Mana = true
		case t == "divides" && f.Action:
			f.Divides = true
		case t == "optional" && f.Action:
			f.Optional = true
		case strings.HasPrefix(t, "chooses_") && f.Action && f.Context == "enters" && ChoiceKinds[strings.TrimPrefix(t, "chooses_")]:
			f.Chooses = strings.TrimPrefix(t, "chooses_")
		case strings.HasPrefix(t, "reads_chosen_") && ChoiceKinds[strings.TrimPrefix(t, "reads_chosen_")]:
			f.Reads = strings.TrimPrefix(t, "reads_chosen_")
		default:
			diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "%s: no trait %q (an action may be `is cost`, `is mana`, `is divides` or `is optional`, an enters action `is chooses_KIND`, any function `is reads_chosen_KIND`; KIND: color, card_name or land_type)", d.Name, t))
		}
	}
	params, ds := v.fields(d.Params)
	diags = append(diags, ds...)
	f.Params = params
	if f.Divides && (f.Param("amount") == nil || f.Param("amount").Type.Kind != KNumber || f.DividedParam() == nil) {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "%s divides: it needs a parameter amount of type number and one of type targets", d.Name))
	}
	if d.Result != "" {
		t, ok := v.typeNamed(d.Result)
		if !ok {
			diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "unknown type %q", d.Result))
		}
		f.Result = t
	} else if f.Query() {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "query %s needs a result type", d.Name))
	}
	if f.Action && d.Result != "" && f.Result.Kind != KObject {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "action %s: an action's result is the object it chose (`: object`), not %s", d.Name, d.Result))
	}
	if f.Effect {
		if len(f.Params) == 0 || !affectsKind(f) || f.Result != (Type{}) || f.Context != "" {
			diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "effect %s needs an object it affects (or, with no layer, a player or a spell) as its first parameter, and no result or context", d.Name))
		}
		if f.Layer != "" && !validLayers[f.Layer] {
			diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "effect %s: %q is not a layer (CR 613.1: 1, 2, 3, 4, 5, 6, 7a, 7b, 7c, 7d)", d.Name, f.Layer))
		}
	} else if f.Layer != "" {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "only an effect applies in a layer"))
	}
	doc, _, phrases, ds := v.items(d.Items, true)
	diags = append(diags, ds...)
	diags = append(diags, f.hostItems(d)...)
	f.Doc = doc
	if v.Func(d.Name) != nil {
		diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "%s is declared twice", d.Name))
	}
	v.funcs = withNamed(v.funcs, f)
	v.funcList = append(v.funcList, f)
	ts, ds := v.templates(phrases, func(t *Template) { t.Func = f })
	f.templates = ts
	switch {
	case f.Effect:
		v.effectTemplates = append(v.effectTemplates, ts...)
	case f.Query():
		v.conditionTemplates = append(v.conditionTemplates, ts...)
	default:
		v.actionTemplates = append(v.actionTemplates, ts...)
	}
	return append(diags, ds...)
}

// affectsKind reports whether the first parameter of an effect names what
// it affects: an object, or, for an effect that changes no characteristic
// (no layer), a player (`your life total can't change`, CR 119.7) or a
// spell (`this spell can't be countered`, CR 101.2).
func affectsKind(f *FuncInfo) bool {
	k := f.Params[0].Type.Kind
	return k == KObject || (k == KPlayer || k == KSpell) && f.Layer == ""
}

func (v *Vocab) loadRule(d *dsl.RuleDecl) dsl.Diagnostics {
	r := &RuleInfo{Name: d.Name}
	doc, fields, phrases, diags := v.items(d.Items, false)
	r.Doc, r.Params = doc, fields
	for _, f := range fields {
		if f.Type.Kind == KEvent && r.Event == nil {
			r.Event = v.Event(f.Type.Event)
		}
	}
	v.rules = withNamed(v.rules, r)
	v.ruleList = append(v.ruleList, r)
	ts, ds := v.templates(phrases, func(t *Template) { t.Rule = r })
	r.Templates = ts
	v.ruleTemplates = append(v.ruleTemplates, ts...)
	return append(diags, ds...)
}

// template reads a phrase declaration and checks its slots against the
// fields or parameters of what it describes.
func (v *Vocab) template(pd phraseDecl, own func(*Template)) (*Template, dsl.Diagnostics) {
	p := pd.decl
	t := &Template{Text: dsl.Unquote(p.Text), Where: p.Where, Each: p.Each, Once: p.Once, Anywhere: p.Anywhere, Pos: p.Pos}
	own(t)
	var diags dsl.Diagnostics
	for i, o := range pd.oracle {
		w, ds := t.wording(o)
		if len(ds) == 0 && t.Rule != nil && t.Rule.Event != nil && namesEventField(t.Rule, w) && eventWordingOf(t.Rule, wordingItems(w)) == nil {
			ds = append(ds, dsl.Errorf(o.Pos, CodeStdlib, "oracle %q names fields of event %s, and no phrase of the event has those slots and words of it in order (nor a where, each or once)", w.Text, t.Rule.Event.Name).
				WithHint("the event needs a phrase whose Oracle wording is those slots and words the rule's wording has: \"{kind} counters put on {object}\""))
		}
		if i == 0 {
			t.Oracle = w
		} else {
			t.OracleAlso = append(t.OracleAlso, w)
		}
		diags = append(diags, ds...)
	}
	for _, w := range strings.Fields(t.Text) {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			slot := w[1 : len(w)-1]
			t.Items = append(t.Items, TemplateItem{Slot: slot})
			if slot == "power/toughness" {
				_, okP := t.SlotType("power")
				_, okT := t.SlotType("toughness")
				if !okP || !okT {
					diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "slot {power/toughness} needs parameters power and toughness"))
				}
				continue
			}
			if _, ok := t.SlotType(slot); !ok {
				diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "slot {%s} names no field of %s", slot, t.Owner()))
			} else if t.Rule != nil && !slices.ContainsFunc(t.Rule.Params, func(f Field) bool { return f.Name == slot }) {
				diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "slot {%s} names a field of the event of %s: a card writes the event whole, {%s}; only an oracle line names its fields", slot, t.Owner(), t.Rule.Event.Name).
					WithHint("a card's phrase of a rule reads the event as an event pattern"))
			}
			continue
		}
		t.Items = append(t.Items, TemplateItem{Word: w})
	}
	t.Shape = shapeOf(t.Items)
	if len(p.Defaults) > 0 {
		for _, d := range p.Defaults {
			if _, ok := t.SlotType(d.Name); !ok {
				diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "with %s: no such parameter", d.Name))
			}
			if isNone(d.Value) {
				// `with color = none`: the part is not said, -1, as an
				// optional part left out (optional.go).
				t.Defaults = t.Defaults.with(d.Name, noneValue())
				t.Omitted = append(t.Omitted, d.Name)
				continue
			}
			t.Defaults = t.Defaults.with(d.Name, d.Value)
		}
	}
	if t.Each != "" {
		if ft, ok := t.SlotType(t.Each); !ok || ft.Kind != KNumber {
			diags = append(diags, dsl.Errorf(p.Pos, CodeStdlib, "each %s: needs a number field", t.Each))
		}
	}
	return t, diags
}

// shapeOf is the shape of a phrase's items (Template.Shape).
func shapeOf(items []TemplateItem) string {
	var shape []string
	for _, it := range items {
		if it.Slot != "" {
			shape = append(shape, "{}")
		} else {
			shape = append(shape, it.Word)
		}
	}
	return strings.Join(shape, " ")
}

// phraseItems are the items of a phrase's text, as template reads them
// (without checking the slots).
func phraseItems(text string) []TemplateItem {
	var out []TemplateItem
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			out = append(out, TemplateItem{Slot: w[1 : len(w)-1]})
			continue
		}
		out = append(out, TemplateItem{Word: w})
	}
	return out
}

// wordingTextItems are the items of an oracle line's text, as wording
// reads them (without checking the slots).
func wordingTextItems(text string) []TemplateItem {
	var out []TemplateItem
	for _, f := range strings.Fields(text) {
		if slot, suffix, ok := slotOf(f); ok {
			out = append(out, TemplateItem{Slot: slot, Suffix: suffix})
			continue
		}
		out = append(out, TemplateItem{Word: f})
	}
	return out
}

// wording reads the oracle line of a template and checks that its slots
// name fields or parameters of what the template describes.
func (t *Template) wording(o *dsl.OracleWording) (*Wording, dsl.Diagnostics) {
	w := &Wording{Text: dsl.Unquote(o.Text), Pos: o.Pos}
	var diags dsl.Diagnostics
	for _, f := range strings.Fields(w.Text) {
		slot, suffix, ok := slotOf(f)
		if !ok {
			w.Items = append(w.Items, TemplateItem{Word: f})
			continue
		}
		w.Items = append(w.Items, TemplateItem{Slot: slot, Suffix: suffix})
		if slot == ThisSlot {
			continue
		}
		if slot == "power/toughness" {
			slot = "power"
		}
		if _, ok := t.SlotType(slot); !ok {
			diags = append(diags, dsl.Errorf(o.Pos, CodeStdlib, "oracle %q: slot {%s} names no field or parameter of %s", w.Text, slot, t.Owner()))
		}
	}
	return w, diags
}

// namesEventField reports whether a wording of a rule names a field of
// the rule's event rather than a parameter of the rule.
func namesEventField(r *RuleInfo, w *Wording) bool {
	for _, it := range w.Items {
		if it.Slot != "" && it.Slot != ThisSlot && !slices.ContainsFunc(r.Params, func(f Field) bool { return f.Name == it.Slot }) {
			return true
		}
	}
	return false
}

// slotOf reads a word of a wording as a slot, "{amount}", with what is
// glued after it: "{object}'s", "{object},".
func slotOf(word string) (slot, suffix string, ok bool) {
	if !strings.HasPrefix(word, "{") {
		return "", "", false
	}
	end := strings.Index(word, "}")
	if end < 0 {
		return "", "", false
	}
	return word[1:end], word[end+1:], true
}

// kindCount is the number of kinds and one: the length of the tables
// indexed by Kind (Kind 0 is none).
const kindCount = int(KCardName) + 1

// nameable is what the vocabulary's tables sorted by name hold.
type nameable interface {
	*EventKind | *FuncInfo | *RuleInfo
	name() string
}

func (e *EventKind) name() string { return e.Name }
func (f *FuncInfo) name() string  { return f.Name }
func (r *RuleInfo) name() string  { return r.Name }

// named returns the element of a list sorted by name that has the name,
// or nil.
func named[T nameable](list []T, name string) T {
	if i, ok := slices.BinarySearchFunc(list, name, func(e T, n string) int { return strings.Compare(e.name(), n) }); ok {
		return list[i]
	}
	var none T
	return none
}

// withNamed inserts e into a list sorted by name, in its place; an element
// of the same name stays, before it (a declaration made twice is an error
// of Load's, which goes on).
func withNamed[T nameable](list []T, e T) []T {
	i, _ := slices.BinarySearchFunc(list, e.name(), func(e T, n string) int { return strings.Compare(e.name(), n) })
	for i < len(list) && list[i].name() == e.name() {
		i++
	}
	return slices.Insert(list, i, e)
}

// isTemplateWord reports whether w, in any case, is a word of a phrase.
func (v *Vocab) isTemplateWord(w string) bool {
	_, ok := slices.BinarySearch(v.templateWords, strings.ToLower(w))
	return ok
}

// Defaults are the values a phrase gives parameters it has no slot for,
// sorted by name: a slice, static data in the binary, where a map would
// be built at every start (standard_gen.go).
type Defaults []Default

// Default is the value a phrase gives a parameter.
type Default struct {
	Name  string
	Value *dsl.Sum
}

// Of returns the value given the parameter name, or nil.
func (ds Defaults) Of(name string) *dsl.Sum {
	if i, ok := slices.BinarySearchFunc(ds, name, func(d Default, n string) int { return strings.Compare(d.Name, n) }); ok {
		return ds[i].Value
	}
	return nil
}

// with is ds giving name the value (the last given wins).
func (ds Defaults) with(name string, value *dsl.Sum) Defaults {
	i, ok := slices.BinarySearchFunc(ds, name, func(d Default, n string) int { return strings.Compare(d.Name, n) })
	if ok {
		ds[i].Value = value
		return ds
	}
	return slices.Insert(ds, i, Default{name, value})
}
