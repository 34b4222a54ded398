package meaning

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// Builder turns what phrases read as (vocab.Alt) into phrases of
// meaning, for one card, naming the objects an ability refers to
// canonically: its targets in the order its phrases name them
// ("target.1"), the fields of its event ("event.attacker"; "event2.object"
// for the event of the second triggered ability it creates or has), the
// objects a `for each` goes through ("each.1"). A card's names (bound
// with `as`, or an event's kind) are bound to them (Bind); the reader of
// Oracle text uses the canonical names themselves.
type Builder struct {
	v    *vocab.Vocab
	self string
	// Granted, if set, is what a granted ability (the text in an ability
	// slot) means.
	Granted func(arg *vocab.Arg) *Ability
	// Fill, if set, gives a parameter that neither a slot nor a default
	// fills its value: Oracle wordings leave out what the text says
	// elsewhere ("it produces twice as much of that mana instead" is
	// about the event being replaced). nil leaves it unknown.
	Fill func(param vocab.Field) *Value
	// Quiet leaves out what phrases and values say (Say), which only
	// messages need: comparing meanings needs their keys alone.
	Quiet bool

	scopes                 []map[string]string
	says, nouns            map[string]string
	targets, events, eachs int
	// sets counts the slots of several targets built since Begin.
	sets int
	// chosen counts the actions with a result built since Begin.
	chosen int
}

// Self is how what a meaning says (Value.Say, Phrase.Say, Diff) names
// the card itself: Oracle's "~", which Named replaces with its name. So
// what a paragraph means does not depend on the card's name, and one
// reading serves every card whose paragraph says the same of itself.
const Self = "~"

// Named is a text of a meaning with the card's name in it.
func Named(s, name string) string { return strings.ReplaceAll(s, Self, name) }

// NewBuilder returns a builder for the abilities of a card; self is what
// it calls the card (Self, or "this creature" in an ability an effect
// grants).
func NewBuilder(v *vocab.Vocab, self string) *Builder {
	b := &Builder{v: v, self: self, says: map[string]string{}, nouns: map[string]string{}}
	b.Begin()
	return b
}

// Begin starts an ability: its targets, events and loops are numbered
// from one, and no name is bound.
func (b *Builder) Begin() {
	b.scopes = append(b.scopes[:0], nil)
	clear(b.says)
	clear(b.nouns)
	b.says["this"], b.says["you"], b.says["X"] = b.self, "you", "X"
	b.targets, b.events, b.eachs, b.chosen, b.sets = 0, 0, 0, 0, 0
}

// Push opens a scope of names (a nested ability, a loop); Pop closes it.
func (b *Builder) Push() { b.scopes = append(b.scopes, nil) }

// Pop closes the innermost scope.
func (b *Builder) Pop() { b.scopes = b.scopes[:len(b.scopes)-1] }

// Bind binds a card's name to a canonical reference, in the innermost
// scope.
func (b *Builder) Bind(name, ref string) {
	if name == "" {
		return
	}
	top := &b.scopes[len(b.scopes)-1]
	if *top == nil {
		*top = map[string]string{}
	}
	(*top)[name] = ref
}

// BindFor binds a name in the innermost scope for a while: until the
// function it returns is called, which gives the name back what it was
// bound to there before, or unbinds it. Names bound meanwhile stay.
func (b *Builder) BindFor(name, ref string) (restore func()) {
	top := &b.scopes[len(b.scopes)-1]
	prev, had := (*top)[name]
	b.Bind(name, ref)
	return func() {
		if had {
			(*top)[name] = prev
		} else {
			delete(*top, name)
		}
	}
}

// Resolve returns the canonical reference of a name: what it is bound
// to, or the name itself (this, you, X, and the canonical names the
// reader of Oracle text uses).
func (b *Builder) Resolve(name string) string {
	for i := len(b.scopes) - 1; i >= 0; i-- {
		if r, ok := b.scopes[i][name]; ok {
			return r
		}
	}
	return name
}

// Event names the event of a triggered or replacement ability, or of one
// the ability creates: "event", then "event2"... A card calls it by its
// kind's name, which is bound to it.
func (b *Builder) Event(kind string) string {
	b.events++
	ref := "event"
	if b.events > 1 {
		ref += strconv.Itoa(b.events)
	}
	b.Bind(kind, ref)
	b.says[ref] = "that " + strings.ReplaceAll(kind, "_", " ")
	return ref
}

// EachRef names the objects a `for each` goes through: "each.1"...
func (b *Builder) EachRef(f *vocab.Filter) string {
	b.eachs++
	ref := "each." + strconv.Itoa(b.eachs)
	b.note(ref, f)
	return ref
}

// note records how to say a reference to an object a filter described,
// and its noun.
func (b *Builder) note(ref string, f *vocab.Filter) {
	noun := Noun(f)
	b.nouns[ref] = noun
	if noun == "" {
		noun = "object"
	}
	b.says[ref] = "that " + noun
}

// Noun is the noun of a filter, singular ("creature", "player",
// "Aura"), or "".
func Noun(f *vocab.Filter) string {
	if f == nil {
		return ""
	}
	for i := len(f.Words) - 1; i >= 0; i-- {
		if w := f.Words[i]; w.Noun && !w.Or {
			return w.Name
		}
	}
	if f.Det == "any" {
		return "target"
	}
	return ""
}

// NounOf returns the noun of what a reference names, if a filter
// described it.
func (b *Builder) NounOf(ref string) string { return b.nouns[ref] }

// Mention is an object or a player a phrase names: what Oracle text may
// refer to later ("it", "that creature"); or, with Set, the targets of a
// slot of several ("them").
type Mention struct {
	Ref    string
	Noun   string
	Player bool
	Filter *vocab.Filter
	Set    bool
}

// Pattern is the phrase of an event pattern, whose event is called
// event: the fields its first alternative names with a filter are
// "event.FIELD", and a card's names bound there are bound to them.
func (b *Builder) Pattern(m *vocab.Match, event string) (*Phrase, []Mention) {
	if m == nil || len(m.Alts) == 0 {
		return nil, nil
	}
	alt := m.Alts[0]
	t := alt.Template
	p := &Phrase{Kind: "event", Name: t.Event.Name, Template: t, Alt: alt, Where: where(t)}
	var mentions []Mention
	for _, slot := range slotsOf(t) {
		arg := alt.Args[slot]
		if arg == nil {
			continue
		}
		v := b.value(arg)
		if arg.Kind == vocab.ArgFilter {
			ref := event + "." + slot
			b.Bind(arg.Filter.Bind, ref)
			if arg.Filter.Bind == "" {
				// A card names what its pattern's filter describes
				// without `as` as Oracle does: "that player", "that
				// creature", "that card" (the compiler binds them so).
				if arg.Filter.Yields.Kind == vocab.KPlayer {
					b.Bind("that player", ref)
				} else if n := Noun(arg.Filter); n != "" {
					b.Bind("that "+n, ref)
				}
			}
			b.note(ref, arg.Filter)
			mentions = append(mentions, Mention{Ref: ref, Noun: Noun(arg.Filter), Player: arg.Filter.Yields.Kind == vocab.KPlayer, Filter: arg.Filter})
		} else if arg.Kind == vocab.ArgExpr {
			mentions = append(mentions, b.mentionOf(v.Key, arg.Type))
		}
		p.Args = append(p.Args, Arg{Name: slot, Value: v})
	}
	sortArgs(p.Args)
	if !b.Quiet {
		p.Say = b.say(p)
	}
	return p, mentions
}

// mentionOf is the mention of a reference of a type.
func (b *Builder) mentionOf(ref string, t vocab.Type) Mention {
	return Mention{Ref: ref, Noun: b.nouns[ref], Player: t.Kind == vocab.KPlayer}
}

// where is what an event phrase adds to its event.
func where(t *vocab.Template) string {
	var parts []string
	if t.Where != nil {
		parts = append(parts, dsl.CondString(t.Where))
	}
	if t.Each != "" {
		parts = append(parts, "each "+t.Each)
	}
	if t.Once {
		parts = append(parts, "once")
	}
	if t.Anywhere {
		parts = append(parts, "anywhere")
	}
	return strings.Join(parts, "; ")
}

// slotsOf lists the slots of a template, each once, in order.
func slotsOf(t *vocab.Template) []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range t.Items {
		if it.Slot != "" && it.Slot != vocab.ThisSlot && !seen[it.Slot] {
			seen[it.Slot] = true
			out = append(out, it.Slot)
		}
	}
	return out
}

// Action is the phrase of an action (or of a query's condition, or of
// a continuous effect): a value for each parameter of its function, in
// the order of the parameters, a default where no slot fills it. A
// filter with the determiner target or any is a target of the ability,
// numbered "target.N", and a card's name bound with it is bound to that.
// defaults are the phrases whose defaults may fill a parameter the
// phrase read leaves out (its own first).
func (b *Builder) Action(alt *vocab.Alt, defaults ...*vocab.Template) (*Phrase, []Mention) {
	t := alt.Template
	fi := t.Func
	kind := "action"
	switch {
	case fi.Effect:
		kind = "effect"
	case fi.Query():
		kind = "query"
	}
	p := &Phrase{Kind: kind, Name: fi.Name, Template: t, Alt: alt}
	var mentions []Mention
	for _, param := range fi.Params {
		var v *Value
		arg := alt.Args[param.Name]
		switch {
		case arg != nil && arg.Kind == vocab.ArgTargets:
			var ms []Mention
			v, ms = b.targetsValue(arg)
			mentions = append(mentions, ms...)
		case arg != nil:
			v = b.value(arg)
			if arg.Kind == vocab.ArgFilter && (arg.Filter.Det == "target" || arg.Filter.Det == "any") && param.Type.Kind != vocab.KObjects {
				b.targets++
				ref := "target." + strconv.Itoa(b.targets)
				v.Target = true
				v.Key = "target:" + v.Key
				b.Bind(arg.Filter.Bind, ref)
				b.note(ref, arg.Filter)
				mentions = append(mentions, Mention{Ref: ref, Noun: Noun(arg.Filter), Player: arg.Filter.Yields.Kind == vocab.KPlayer, Filter: arg.Filter})
			} else if arg.Kind == vocab.ArgExpr && (param.Type.Kind == vocab.KObject || param.Type.Kind == vocab.KPlayer || param.Type.Kind == vocab.KTarget) {
				mentions = append(mentions, b.mentionOf(v.Key, arg.Type))
			}
		case (param.Name == "power" || param.Name == "toughness") && alt.Args["power/toughness"] != nil:
			// A phrase without the slot takes the default, as the
			// compiler does (a token whose characteristic-defining
			// ability defines them: 0/0 printed).
			v = b.half(alt.Args["power/toughness"], param.Name == "power")
		default:
			v = b.defaultOf(param, append([]*vocab.Template{t}, defaults...))
		}
		p.Args = append(p.Args, Arg{Name: param.Name, Value: v})
	}
	if fi.Action && fi.Returns() {
		// An action that returns what it chose (the card a search
		// found): "that card", "it" name it in what follows, and so does
		// a card's name for it (`as card`).
		var f *vocab.Filter
		for _, param := range fi.Params {
			if arg := alt.Args[param.Name]; arg != nil && arg.Kind == vocab.ArgFilter && param.Type.Kind == vocab.KObjects {
				f = arg.Filter
			}
		}
		b.chosen++
		ref := "chosen." + strconv.Itoa(b.chosen)
		if f != nil {
			b.Bind(f.Bind, ref)
			b.note(ref, f)
		} else {
			// The card revealed from the top of a library: only cards
			// come from there.
			b.says[ref] = "that card"
		}
		mentions = append(mentions, Mention{Ref: ref, Noun: Noun(f), Filter: f})
	}
	sortArgs(p.Args)
	if !b.Quiet {
		p.Say = b.say(p)
	}
	return p, mentions
}

// targetsValue is the value of a slot of targets (CR 115.1, 601.2c):
// each instance of the word "target" numbered as a target ("target.N"),
// and the set of them a reference of its own ("targets.N"), which the
// name `as` gives them is bound to and Oracle's "them" names.
func (b *Builder) targetsValue(arg *vocab.Arg) (*Value, []Mention) {
	v := &Value{Arg: arg, Target: true, Targets: arg.Targets}
	var keys, says []string
	var mentions []Mention
	for _, f := range arg.Targets {
		b.targets++
		ref := "target." + strconv.Itoa(b.targets)
		b.note(ref, f)
		keys = append(keys, "target:"+b.FilterKey(f))
		if !b.Quiet {
			says = append(says, b.sayFilter(f))
		}
		mentions = append(mentions, Mention{Ref: ref, Noun: Noun(f), Player: f.Yields.Kind == vocab.KPlayer, Filter: f})
	}
	b.sets++
	set := "targets." + strconv.Itoa(b.sets)
	b.Bind(arg.Bind, set)
	b.says[set] = "them"
	mentions = append(mentions, Mention{Ref: set, Set: true})
	v.Key = "targets(" + strings.Join(keys, " and ") + ")"
	v.Say = strings.Join(says, " and ")
	return v, mentions
}

// LastChosen is the reference of what the last action with a result
// chose.
func (b *Builder) LastChosen() string { return "chosen." + strconv.Itoa(b.chosen) }

// defaultOf is the value of a parameter no slot fills: the default of
// the first of the phrases that has one.
func (b *Builder) defaultOf(param vocab.Field, ts []*vocab.Template) *Value {
	for _, t := range ts {
		if d := t.Defaults.Of(param.Name); d != nil {
			v := &Value{Key: b.sum(d)}
			switch {
			case b.Quiet:
			case slices.Contains(t.Omitted, param.Name):
				v.Say = "none" // an optional part left out
			default:
				v.Say = b.saySum(d)
			}
			return v
		}
	}
	if b.Fill != nil {
		if v := b.Fill(param); v != nil {
			return v
		}
	}
	return &Value{Key: "?", Say: "?"}
}

// half is the power or the toughness of a +N/+M.
func (b *Builder) half(arg *vocab.Arg, power bool) *Value {
	if arg == nil {
		return &Value{Key: "?", Say: "?"}
	}
	n, x := arg.Toughness, arg.ToughnessX
	if power {
		n, x = arg.Power, arg.PowerX
	}
	v := &Value{Key: strconv.FormatInt(n, 10), Say: arg.Written, Arg: arg}
	if x != 0 {
		// "+X/+0", "-X/-X": X, what the phrase's "where X is N" says or
		// else what X is bound to (a `where` statement before it, or the
		// X paid), with the side's sign.
		v.Key = b.Resolve("X")
		if arg.Where != nil {
			w := b.value(arg.Where)
			v.Key, v.Say, v.X = w.Key, WhereSay(v.Say, "X", w.Say), w
		}
		if x < 0 {
			v.Key = Negate(v.Key)
		}
	}
	if f := arg.ForEach; f != nil {
		// "+1/+1 for each Plains you control": each half times the count
		// of the filter, as a number's "for each" is (value).
		b.forEach(v, f)
	}
	return v
}

// forEach makes a value the count of a filter times itself ("1 life for
// each land you control", "+1/+1 for each Plains you control").
func (b *Builder) forEach(v *Value, f *vocab.Filter) {
	key := "count(" + b.FilterKey(f) + ")"
	if v.Key != "1" {
		key = "(" + v.Key + " * " + key + ")"
	}
	v.Key, v.Count = key, f
	if !b.Quiet {
		v.Say += " for each " + b.sayFilter(f)
	}
}

// Rule is the phrase of a rule of a static ability: its event slot holds
// an event pattern.
func (b *Builder) Rule(alt *vocab.Alt) *Phrase {
	t := alt.Template
	p := &Phrase{Kind: "rule", Name: t.Rule.Name, Template: t, Alt: alt}
	for _, param := range t.Rule.Params {
		if arg := alt.Args[param.Name]; arg != nil {
			p.Args = append(p.Args, Arg{Name: param.Name, Value: b.value(arg)})
		}
	}
	sortArgs(p.Args)
	if !b.Quiet {
		p.Say = b.say(p)
	}
	return p
}

// Static is the phrase of a static ability: a rule or an effect.
func (b *Builder) Static(alt *vocab.Alt, defaults ...*vocab.Template) *Phrase {
	if alt.Template.Rule != nil {
		return b.Rule(alt)
	}
	p, _ := b.Action(alt, defaults...)
	return p
}

// sortArgs sorts values by the name of their parameter.
func sortArgs(args []Arg) {
	for i := 1; i < len(args); i++ {
		for j := i; j > 0 && args[j].Name < args[j-1].Name; j-- {
			args[j], args[j-1] = args[j-1], args[j]
		}
	}
}

// Value is what fills a slot, canonical.
func (b *Builder) Value(arg *vocab.Arg) *Value { return b.value(arg) }

// value is what fills a slot.
func (b *Builder) value(arg *vocab.Arg) *Value {
	v := &Value{Arg: arg}
	switch arg.Kind {
	case vocab.ArgTargets:
		tv, _ := b.targetsValue(arg)
		return tv
	case vocab.ArgExpr:
		v.Key = b.sum(arg.Expr)
		if !b.Quiet {
			v.Say = b.saySum(arg.Expr)
		}
	case vocab.ArgConst:
		v.Key, v.Say = strconv.FormatInt(arg.Num, 10), arg.Written
	case vocab.ArgFilter:
		v.Filter = arg.Filter
		v.Key = b.FilterKey(arg.Filter)
		if !b.Quiet {
			v.Say = b.sayFilter(arg.Filter)
		}
	case vocab.ArgName:
		v.Key, v.Say = strings.ToLower(arg.Type.String()+":"+arg.Name), arg.Name
	case vocab.ArgPT:
		v.Key, v.Say = fmt.Sprintf("%+d/%+d", arg.Power, arg.Toughness), arg.Written
	case vocab.ArgPattern:
		p, _ := b.Pattern(arg.Pattern, "event")
		v.Pattern = p
		v.Key, v.Say = "pattern:"+p.Key(), p.Say
	case vocab.ArgEventRef:
		ref := b.Resolve(arg.Name)
		v.Key = ref
		if !b.Quiet {
			v.Say = b.sayRef(ref)
		}
	case vocab.ArgMana:
		v.Key, v.Say = "mana:"+strings.ToUpper(arg.Name), arg.Name
	case vocab.ArgText:
		v.Key, v.Say = "ability:?", `"`+arg.Text+`"`
		if b.Granted != nil {
			if a := b.Granted(arg); a != nil {
				v.Ability = a
				v.Key = "ability:" + a.Key()
				if a.Text != "" {
					v.Say = `"` + a.Text + `"`
				}
			}
		}
	case vocab.ArgCount:
		v.Filter, v.Count = arg.Filter, arg.Filter
		v.Key = "count(" + b.FilterKey(arg.Filter) + ")"
		if !b.Quiet {
			v.Say = "the number of " + b.sayFilter(arg.Filter)
		}
	}
	if f := arg.ForEach; f != nil && arg.Kind != vocab.ArgPT {
		// "1 life for each land you control": the number times the count
		// of the filter, as "equal to the number of" is when it is 1.
		b.forEach(v, f)
	}
	return v
}

// FilterKey is a filter, canonical: its determiner ("a" for an), its
// words (qualities, types, "non", "or"), "another", what controls it, its
// mana value, zone and attachment. Its text and the name it binds are
// not part of it.
func (b *Builder) FilterKey(f *vocab.Filter) string {
	var s strings.Builder
	det := f.Det
	if det == "an" {
		det = "a"
	}
	s.WriteString(det)
	if f.Another {
		s.WriteString(" another")
	}
	s.WriteString(" [")
	for i, w := range f.Words {
		if i > 0 {
			s.WriteString(" ")
		}
		if w.Neg {
			s.WriteString("non")
		}
		s.WriteString(strings.ToLower(w.Name))
	}
	s.WriteString("]")
	if f.Control != "" {
		s.WriteString(" control=" + f.Control)
	}
	for _, c := range f.Compares {
		if c.Query == "mana_value" && c.Expr == nil {
			s.WriteString(fmt.Sprintf(" mv%s%d", c.Op, c.Num))
		}
	}
	if f.Zone != "" {
		s.WriteString(" in=" + f.ZoneOwner + ":" + f.Zone)
	}
	if f.AttachedToThis {
		s.WriteString(" attached")
	}
	b.suffixKey(&s, f)
	return s.String()
}

// suffixKey writes the rest of a filter's qualifiers and suffixes, after
// those FilterKey writes itself: comparisons other than a mana value with
// a number, keywords, name, shared creature type, the chosen name, a
// controller named by an expression, "other than this" (which is what
// "another" is) and "other" players. An expression is canonical, as a
// value is: `that_player` of a card and Oracle's "that player" are the
// same player.
func (b *Builder) suffixKey(s *strings.Builder, f *vocab.Filter) {
	if c := f.Count; c != nil && (c.Min != 1 || c.Max != 1) {
		s.WriteString(fmt.Sprintf(" count=%d..%d", c.Min, c.Max))
	}
	for _, c := range f.Compares {
		if c.Query == "mana_value" && c.Expr == nil {
			continue
		}
		v := fmt.Sprint(c.Num)
		if c.Expr != nil {
			v = b.sum(c.Expr)
		}
		s.WriteString(" " + c.Query + c.Op + v)
	}
	for _, k := range f.Keywords {
		if k.Neg {
			s.WriteString(" without=" + k.Name)
		} else {
			s.WriteString(" with=" + k.Name)
		}
	}
	if f.Named != "" {
		s.WriteString(fmt.Sprintf(" named=%q", f.Named))
	}
	if f.Shares != nil {
		s.WriteString(" shares=" + b.sum(f.Shares))
	}
	if f.ChosenName {
		s.WriteString(" chosen_name")
	}
	if f.ControlledBy != nil {
		s.WriteString(" by=" + b.sum(f.ControlledBy))
	}
	if f.OtherThanThis && !f.Another {
		s.WriteString(" another")
	}
	if f.NotYou {
		s.WriteString(" other")
	}
	if f.Everywhere {
		s.WriteString(" everywhere")
	}
}

// sayFilter is a filter in words.
func (b *Builder) sayFilter(f *vocab.Filter) string { return b.words(f.Text) }

// words says text the card or Oracle text wrote: the word `this` as the
// card's name, `as NAME` left out.
func (b *Builder) words(s string) string {
	fields := strings.Fields(s)
	out := fields[:0]
	for i := 0; i < len(fields); i++ {
		w := fields[i]
		if w == "as" && i+1 == len(fields)-1 {
			break
		}
		if w == "this" {
			w = b.self
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// Sum is a number or a reference, canonical (as a Value's key).
func (b *Builder) Sum(s *dsl.Sum) string { return b.sum(s) }

// sum is a number or a reference, canonical: constants folded (1 * N is
// N), names resolved, fields after a dot ("target.1.toughness").
func (b *Builder) sum(s *dsl.Sum) string {
	if s == nil {
		return "?"
	}
	terms := []string{b.product(s.Left)}
	for _, r := range s.Rest {
		terms = append(terms, r.Op, b.product(r.Right))
	}
	return fold(terms)
}

func (b *Builder) product(p *dsl.Product) string {
	factors := []string{b.unary(p.Left)}
	for _, r := range p.Rest {
		factors = append(factors, r.Op, b.unary(r.Right))
	}
	return fold(factors)
}

func (b *Builder) unary(u *dsl.Unary) string {
	if u.Neg != nil {
		x := b.unary(u.Neg)
		if n, err := strconv.ParseInt(x, 10, 64); err == nil {
			return strconv.FormatInt(-n, 10)
		}
		return "-" + x
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		n, err := strconv.ParseInt(*pr.Number, 10, 64)
		if err != nil {
			return *pr.Number
		}
		return strconv.FormatInt(n, 10)
	case pr.Paren != nil:
		return "(" + b.cond(pr.Paren) + ")"
	case pr.Ref != nil:
		s := b.Resolve(pr.Ref.Name)
		for _, f := range pr.Ref.Fields {
			s += "." + f
		}
		return s
	}
	return "?"
}

// fold folds the constants of a run of operands and operators: 2 + 3 is
// 5, 1 * N is N, N * 1 is N.
func fold(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	out := []string{xs[0]}
	for i := 1; i+1 < len(xs); i += 2 {
		op, y := xs[i], xs[i+1]
		x := out[len(out)-1]
		a, errA := strconv.ParseInt(x, 10, 64)
		c, errC := strconv.ParseInt(y, 10, 64)
		switch {
		case errA == nil && errC == nil && len(out) == 1:
			switch op {
			case "+":
				out[0] = strconv.FormatInt(a+c, 10)
				continue
			case "-":
				out[0] = strconv.FormatInt(a-c, 10)
				continue
			case "*":
				out[0] = strconv.FormatInt(a*c, 10)
				continue
			}
		case op == "*" && errA == nil && a == 1 && len(out) == 1:
			out[0] = y
			continue
		case (op == "*" || op == "/") && errC == nil && c == 1:
			continue
		case (op == "+" || op == "-") && errC == nil && c == 0:
			continue
		}
		out = append(out, op, y)
	}
	if len(out) == 1 {
		return out[0]
	}
	return "(" + strings.Join(out, " ") + ")"
}

// Cond is a condition of an `if` statement, canonical.
func (b *Builder) Cond(c *dsl.Cond) *Cond {
	out := &Cond{Expr: b.cond(c)}
	if !b.Quiet {
		out.Say = b.sayCond(c)
	}
	return out
}

// cond is a condition, canonical.
func (b *Builder) cond(c *dsl.Cond) string {
	var ors []string
	for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
		var ands []string
		for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
			ands = append(ands, b.not(n))
		}
		ors = append(ors, strings.Join(ands, " and "))
	}
	return strings.Join(ors, " or ")
}

func (b *Builder) not(n *dsl.NotCond) string {
	if n.Not != nil {
		return "not " + b.not(n.Not)
	}
	s := b.sum(n.Cmp.Left)
	if n.Cmp.Op != "" {
		s += " " + n.Cmp.Op + " " + b.sum(n.Cmp.Right)
	}
	return s
}

// sayCond says a condition in words: `this.is_untapped` is "Howling Mine
// is untapped".
func (b *Builder) sayCond(c *dsl.Cond) string {
	s := b.cond(c)
	for _, f := range strings.Fields(s) {
		if i := strings.LastIndex(f, ".is_"); i > 0 {
			s = strings.Replace(s, f, b.sayRef(f[:i])+" is "+f[i+4:], 1)
		}
	}
	return s
}

// saySum says a number or a reference in words.
func (b *Builder) saySum(s *dsl.Sum) string {
	key := b.sum(s)
	if strings.HasSuffix(key, "/2") || strings.HasSuffix(key, "/ 2)") {
		return "half " + strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(key, "("), " / 2)"), "/2")
	}
	return b.sayRef(key)
}

// sayRef says a canonical reference in words: "this" is the card's
// name, "target.1" "that creature", "event.attacker.toughness" "that
// creature's toughness".
func (b *Builder) sayRef(ref string) string {
	if s, ok := b.says[ref]; ok {
		return s
	}
	if base, ok := b.says[strings.TrimSuffix(ref, ".attached_to")]; ok && strings.HasSuffix(ref, ".attached_to") {
		// `this.attached_to`: Oracle's "enchanted creature", "equipped
		// creature", whose noun the reference does not know.
		return "what " + base + " is attached to"
	}
	if i := strings.LastIndex(ref, "."); i > 0 {
		if base, ok := b.says[ref[:i]]; ok {
			field := strings.ReplaceAll(ref[i+1:], "_", " ")
			switch {
			case base == "you":
				return "your " + field
			case strings.HasPrefix(ref, "event") && (field == "player" || field == "object" || field == "source" || field == "spell"):
				// The player of the event, as Oracle says it: "that
				// player", not "that step begins's player".
				if field == "object" {
					field = "permanent"
				}
				return "that " + field
			}
			return base + "'s " + field
		}
	}
	return ref
}

// SayRef says a canonical reference in words.
func (b *Builder) SayRef(ref string) string { return b.sayRef(ref) }

// Note records how to say a reference, and its noun.
func (b *Builder) Note(ref, noun, say string) {
	b.nouns[ref] = noun
	b.says[ref] = say
}

// say is a phrase in Oracle's words: its wording, its slots filled.
func (b *Builder) say(p *Phrase) string {
	t := p.Template
	items := t.Items
	if t.Oracle != nil {
		items = t.Oracle.Items
	}
	var out []string
	plural, single := false, false
	for _, it := range items {
		if it.Word != "" {
			w := it.Word
			switch {
			case plural:
				w = vocab.BaseVerb(w)
			case single && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
				w = strings.TrimSuffix(w, "s")
			}
			plural, single = false, false
			out = append(out, w)
			continue
		}
		var s string
		switch {
		case it.Slot == vocab.ThisSlot:
			s = b.self
		case it.Slot == "power/toughness":
			if arg := p.Alt.Args["power/toughness"]; arg != nil {
				s = arg.Written
			}
		default:
			v := p.Arg(it.Slot)
			if v == nil && t.EventWording != nil {
				// A rule's wording that names fields of its event:
				// "{object} can't have {kind} counters put on them".
				for _, a := range p.Args {
					if a.Value.Pattern != nil {
						v = a.Value.Pattern.Arg(it.Slot)
					}
				}
			}
			if v != nil {
				s = v.Say
				plural = s == "you" || v.Filter != nil && !v.Target && (v.Filter.Det == "" || v.Filter.Det == "other")
				single = v.Key == "1"
			}
		}
		out = append(out, s+it.Suffix)
	}
	return joinWords(out)
}

// joinWords joins words, without a space before punctuation and "'s".
func joinWords(words []string) string {
	var s strings.Builder
	for i, w := range words {
		if i > 0 && w != "'s" && w != "," && w != "." && w != ";" && w != ":" {
			s.WriteByte(' ')
		}
		s.WriteString(w)
	}
	return s.String()
}

// WhereSay says a power/toughness change with what its X is: "+X/+X
// where X is the number of creatures you control".
func WhereSay(pt, name, x string) string {
	if x == "" {
		return pt
	}
	return pt + " where " + name + " is " + x
}

// Negate is the key of the opposite of a value: "-X" for "X", "X" for
// "-X", "-(a + b)" for "a + b".
func Negate(key string) string {
	if k, ok := strings.CutPrefix(key, "-"); ok {
		return k
	}
	if strings.ContainsAny(key, " ") {
		return "-(" + key + ")"
	}
	return "-" + key
}
