// Package compiler turns the cards of parsed files into a vm.Program. It
// resolves every phrase of a card against the standard vocabulary (see
// package stdlib): actions of ability bodies, event patterns of triggers
// and replacement effects, rules of static abilities. It checks types
// (a number where a number is due, an object where an object is due), the
// scope of names bound with `as`, and the characteristics of each card,
// reporting each problem as a diagnostic with a stable code (codes.go), and
// lowers abilities to bytecode.
//
// Each ability becomes a vm.Ability with entry points: a match function
// that reads the fields of an event through the host, tests them, stores
// what the ability binds into locals and returns how many times the ability
// triggers or applies; a body that performs actions through host calls;
// and a filter function for each target.
package compiler

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
)

// Compile compiles the cards of the given files into one program, with
// every diagnostic. A card with an error is left out of the program; the
// program holds the others. Tests and vocabulary declarations are skipped.
func Compile(files []*dsl.File) (*vm.Program, dsl.Diagnostics) {
	v, err := Vocabulary()
	if err != nil {
		return nil, dsl.Diagnostics{dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "%v", err)}
	}
	return CompileWith(v, files)
}

// CompileWith compiles against a given vocabulary.
func CompileWith(v *Vocab, files []*dsl.File) (prog *vm.Program, diags dsl.Diagnostics) {
	b := newBuilder()
	seen := map[string]dsl.Pos{}
	for _, f := range files {
		for _, d := range f.Decls {
			c, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			name := unquote(c.Name)
			if prev, dup := seen[name]; dup {
				diags = append(diags, dsl.Errorf(c.Pos, CodeDuplicateCard, "card %q is already defined at %s:%d", name, prev.Filename, prev.Line))
				continue
			}
			seen[name] = c.Pos
			diags = append(diags, compileCard(v, b, c)...)
		}
	}
	diags.Sort()
	return b.prog, diags
}

// cardCompiler compiles one card.
type cardCompiler struct {
	v     *Vocab
	b     *builder
	card  vm.Card
	diags dsl.Diagnostics
	// bound records where each name bound with `as` in the card was bound,
	// to explain a name used outside its ability.
	bound map[string]int
	// badTypeLine is set when the type line has an unknown word.
	badTypeLine bool
}

// hintScopes explains names used outside the ability that binds them.
func (cc *cardCompiler) hintScopes() {
	for i, d := range cc.diags {
		if d.Code != CodeUndefined || d.Hint != "" {
			continue
		}
		name, ok := strings.CutSuffix(strings.TrimPrefix(d.Message, `"`), `" is not defined here`)
		if line, found := cc.bound[name]; ok && found {
			cc.diags[i].Hint = fmt.Sprintf("%q is bound at line %d, and a name is seen only inside the ability (or block) that binds it", name, line)
		}
	}
}

func (cc *cardCompiler) errorf(p dsl.Pos, code, format string, args ...any) *dsl.Diagnostic {
	cc.diags = append(cc.diags, dsl.Errorf(p, code, format, args...))
	return &cc.diags[len(cc.diags)-1]
}

func (cc *cardCompiler) add(d *dsl.Diagnostic) {
	if d != nil {
		cc.diags = append(cc.diags, *d)
	}
}

// compileCard compiles a card into the builder's program; if the card has
// errors, the program is left as it was.
func compileCard(v *Vocab, b *builder, c *dsl.Card) (diags dsl.Diagnostics) {
	cc := &cardCompiler{v: v, b: b, bound: map[string]int{}}
	cc.card = vm.Card{Name: unquote(c.Name), File: c.Pos.Filename, Line: int32(c.Pos.Line)}
	before := len(b.prog.Funcs)
	defer func() {
		if r := recover(); r != nil {
			diags = append(cc.diags, dsl.Errorf(c.Pos, CodeInternalCompiler, "compiler failure on card %q: %v", cc.card.Name, r).
				WithHint("this is a bug in cardc; please report it with this file"))
			b.prog.Funcs = b.prog.Funcs[:before]
		}
	}()
	cc.header(c)
	for _, it := range c.Items {
		switch it := it.(type) {
		case *dsl.TriggerAbility:
			cc.trigger(it)
		case *dsl.ReplaceAbility:
			cc.replacement(it)
		case *dsl.EntersAbility:
			cc.enters(it)
		case *dsl.StaticAbility:
			cc.static(it)
		case *dsl.SpellAbility:
			cc.spell(it)
		}
	}
	cc.checkSpellAbility(c)
	cc.hintScopes()
	if cc.diags.HasErrors() {
		b.prog.Funcs = b.prog.Funcs[:before]
		return cc.diags
	}
	b.prog.Cards = append(b.prog.Cards, cc.card)
	return cc.diags
}

// header reads the card's characteristics.
func (cc *cardCompiler) header(c *dsl.Card) {
	var cost, typ, pt *dsl.Pos
	var oracle []string
	once := func(seen **dsl.Pos, p dsl.Pos, what string) bool {
		if *seen != nil {
			cc.errorf(p, CodeCharacteristic, "%s is given twice (first at line %d)", what, (*seen).Line)
			return false
		}
		*seen = &p
		return true
	}
	for _, it := range c.Items {
		switch it := it.(type) {
		case *dsl.CostItem:
			if once(&cost, it.Pos, "the mana cost") {
				cc.card.ManaCost = it.Cost
				colors, bad := parseManaCost(it.Cost)
				cc.card.Colors = colors
				for _, s := range bad {
					cc.errorf(it.Pos, CodeBadMana, "%s is not a mana symbol", s).Hint =
						"mana symbols are {0}..{20}, {X}, {W}{U}{B}{R}{G}, {C}, {S}, hybrid {W/U} or {2/W}, Phyrexian {W/P}"
				}
			}
		case *dsl.TypeItem:
			if once(&typ, it.Pos, "the type line") {
				cc.typeLine(it)
			}
		case *dsl.PTItem:
			if once(&pt, it.Pos, "power/toughness") {
				p, t, ok := ParsePT(it.PT)
				if !ok || strings.ContainsAny(it.PT, "+*") {
					cc.errorf(it.Pos, CodePT, "power/toughness must be two numbers, like 2/2").Hint =
						"characteristic-defining P/T such as */* is not in the language yet"
				}
				cc.card.HasPT, cc.card.Power, cc.card.Toughness = true, int32(p), int32(t)
			}
		case *dsl.OracleItem:
			oracle = append(oracle, unquote(it.Text))
		case *dsl.KeywordsItem:
			cc.keywords(it)
		}
	}
	cc.card.Oracle = strings.Join(oracle, "\n")
	if typ == nil {
		cc.errorf(c.Pos, CodeCharacteristic, "card %q has no type line", cc.card.Name).Hint = "add a line such as: type Creature — Bear"
	}
	creature := cc.hasType("creature")
	switch {
	case cc.badTypeLine:
		// Whether it should have P/T depends on the type it meant.
	case creature && pt == nil && typ != nil:
		cc.errorf(*typ, CodePT, "a creature needs power and toughness").Hint = "add a line such as: pt 2/2"
	case !creature && pt != nil:
		cc.errorf(*pt, CodePT, "only creatures have power and toughness")
	}
	if len(oracle) == 0 {
		cc.diags = append(cc.diags, dsl.Warningf(c.Pos, CodeNoOracle, "card %q carries no Oracle text", cc.card.Name).
			WithHint(`add oracle "..." lines with the card's Oracle text, so readers can check the card against it`))
	}
}

// keywords resolves the keyword abilities of a card.
func (cc *cardCompiler) keywords(it *dsl.KeywordsItem) {
	for _, k := range it.Keywords {
		name := strings.ToLower(strings.Join(k.Words, " "))
		if !cc.v.IsName(KKeyword, name) {
			d := cc.errorf(k.Pos, CodeUnknownKeyword, "%q is not a keyword ability the rules know", name)
			d.Hint = hintFrom(name, cc.v.Keywords)
			if d.Hint == "" {
				d.Hint = "the keywords are: " + strings.Join(cc.v.Keywords, ", ")
			}
			continue
		}
		cc.card.Keywords = append(cc.card.Keywords, name)
	}
}

func (cc *cardCompiler) hasType(t string) bool {
	for _, x := range cc.card.Types {
		if x == t {
			return true
		}
	}
	return false
}

// typeLine classifies the words before the dash as supertypes and card
// types; the words after it are subtypes.
func (cc *cardCompiler) typeLine(it *dsl.TypeItem) {
	for _, w := range it.Types {
		lw := strings.ToLower(w)
		switch {
		case cc.v.IsName(KCardType, lw):
			cc.card.Types = append(cc.card.Types, lw)
		case cc.v.IsName(KSupertype, lw):
			cc.card.Supertypes = append(cc.card.Supertypes, lw)
		default:
			cc.badTypeLine = true
			d := cc.errorf(it.Pos, CodeUnknownType, "%q is not a card type or supertype", w)
			d.Hint = hintFrom(lw, append(append([]string{}, cc.v.Types...), cc.v.Supertypes...))
			if d.Hint == "" {
				d.Hint = "subtypes go after the dash: type Creature — " + w
			}
		}
	}
	if len(cc.card.Types) == 0 && len(it.Types) > 0 {
		cc.errorf(it.Pos, CodeUnknownType, "the type line names no card type")
	}
	cc.card.Subtypes = append(cc.card.Subtypes, it.Subtypes...)
}

func (cc *cardCompiler) checkSpellAbility(c *dsl.Card) {
	instant := cc.hasType("instant") || cc.hasType("sorcery")
	hasSpell := false
	for _, it := range c.Items {
		if s, ok := it.(*dsl.SpellAbility); ok {
			hasSpell = true
			if !instant && len(cc.card.Types) > 0 {
				cc.errorf(s.Pos, CodeSpellAbility, "only instants and sorceries have a spell ability").Hint =
					"a permanent's abilities are triggered (whenever), replacement (replace), static or enters abilities"
			}
		}
	}
	if instant && !hasSpell {
		cc.errorf(c.Pos, CodeSpellAbility, "an instant or sorcery needs a spell ability saying what it does").Hint =
			"add: spell { ... }"
	}
}

// ---- abilities -------------------------------------------------------------

// abilityCtx is the state of one ability being compiled, shared with the
// delayed abilities it creates.
type abilityCtx struct {
	kind vm.AbilityKind
	// index is the ability's place in the card.
	index int
	// tree is shared by an ability and the delayed abilities it creates:
	// they share their locals, so a delayed ability sees the names of the
	// ability that created it.
	tree *abilityTree
}

type abilityTree struct {
	locals int32
	// names are the names of the locals, for the disassembler.
	names     []string
	abilities []int
	funcs     []int32
	bindings  []*binding
}

func newTree() *abilityTree {
	return &abilityTree{locals: vm.FirstFreeLocal, names: []string{"this", "you", "candidate"}}
}

// alloc gives a new local, with a name for the disassembler.
func (t *abilityTree) alloc(name string) int32 {
	l := t.locals
	t.locals++
	t.names = append(t.names, name)
	return l
}

// newAbility adds an ability to the card and returns its context.
func (cc *cardCompiler) newAbility(kind vm.AbilityKind, text string, line int, tree *abilityTree) *abilityCtx {
	if tree == nil {
		tree = newTree()
	}
	cc.card.Abilities = append(cc.card.Abilities, vm.Ability{
		Kind: kind, Event: vm.NoFunc, Rule: vm.NoFunc, Match: vm.NoFunc, Body: vm.NoFunc,
		Text: text, Line: int32(line),
	})
	i := len(cc.card.Abilities) - 1
	tree.abilities = append(tree.abilities, i)
	return &abilityCtx{kind: kind, index: i, tree: tree}
}

func (cc *cardCompiler) ability(ctx *abilityCtx) *vm.Ability { return &cc.card.Abilities[ctx.index] }

// finish gives every ability and function of a tree the final number of
// locals, and warns about names bound and never used.
func (cc *cardCompiler) finish(tree *abilityTree) {
	for _, i := range tree.abilities {
		cc.card.Abilities[i].NumLocals = tree.locals
	}
	for _, f := range tree.funcs {
		cc.b.prog.Funcs[f].NumLocals = tree.locals
		cc.b.prog.Funcs[f].Locals = tree.names
	}
	for _, b := range tree.bindings {
		if !b.used {
			cc.diags = append(cc.diags, dsl.Warningf(b.pos, CodeUnusedBinding, "%q is bound but never used", b.name).
				WithHint("remove `as %s`", b.name))
		}
	}
}

// addFunc adds a finished function of the tree.
func (cc *cardCompiler) addFunc(f *fnBuilder, tree *abilityTree, p dsl.Pos) int32 {
	i, err := cc.b.addFunc(f, tree.locals)
	if err != nil {
		cc.errorf(p, CodeInternalCompiler, "bad code for %s: %v", f.name, err)
		return vm.NoFunc
	}
	tree.funcs = append(tree.funcs, i)
	return i
}

func (cc *cardCompiler) fnName(ctx *abilityCtx, role string) string {
	return fmt.Sprintf("%s#%d.%s", cc.card.Name, ctx.index, role)
}

func (cc *cardCompiler) trigger(a *dsl.TriggerAbility) {
	text := a.Word + " " + dsl.PhraseString(a.Phrase)
	ctx := cc.newAbility(vm.AbilityTriggered, text, a.Pos.Line, nil)
	pat, sc := cc.eventAbility(ctx, a.Phrase, newScope(rootScope()))
	if pat != nil && pat.once {
		cc.errorf(a.Phrase.Pos, CodeContext, "%q describes a delayed trigger, which an ability creates", text).Hint =
			"put it inside the ability that creates it, or say `the beginning of each ...`"
	}
	cc.bodyFunc(ctx, a.Body, sc)
	cc.matchFunc(ctx, pat, sc)
	cc.finish(ctx.tree)
}

func (cc *cardCompiler) replacement(a *dsl.ReplaceAbility) {
	text := "replace " + dsl.PhraseString(a.Phrase)
	ctx := cc.newAbility(vm.AbilityReplacement, text, a.Pos.Line, nil)
	pat, sc := cc.eventAbility(ctx, a.Phrase, newScope(rootScope()))
	if pat != nil && pat.once {
		cc.errorf(a.Phrase.Pos, CodeContext, "a replacement effect cannot wait for the next time; say what it replaces")
	}
	cc.bodyFunc(ctx, a.Body, sc)
	cc.matchFunc(ctx, pat, sc)
	cc.finish(ctx.tree)
}

// enters compiles `enters with ...`: a replacement effect on the event of
// this permanent entering the battlefield.
func (cc *cardCompiler) enters(a *dsl.EntersAbility) {
	text := "enters " + dsl.PhraseString(a.Phrase)
	ctx := cc.newAbility(vm.AbilityEnters, text, a.Pos.Line, nil)
	ab := cc.ability(ctx)
	ab.Event = cc.b.nameSym(vm.NameEvent, "zone_change")
	m := cc.b.newFn(cc.fnName(ctx, "match"))
	m.emit(vm.OpField, cc.b.fieldSym("zone_change", "object"), a.Pos)
	m.emit(vm.OpLoad, vm.LocalThis, a.Pos)
	m.emit(vm.OpEq, 0, a.Pos)
	m.emit(vm.OpField, cc.b.fieldSym("zone_change", "to"), a.Pos)
	m.emit(vm.OpSym, cc.b.nameSym(KZone.nameKind(), "battlefield"), a.Pos)
	m.emit(vm.OpEq, 0, a.Pos)
	m.emit(vm.OpAnd, 0, a.Pos)
	m.emit(vm.OpReturn, 0, a.Pos)
	ab.Match = cc.addFunc(m, ctx.tree, a.Pos)
	ab.Anchors = []int32{cc.b.fieldSym("zone_change", "object")}
	sc := newScope(rootScope())
	body := cc.b.newFn(cc.fnName(ctx, "body"))
	cc.action(body, a.Phrase, sc, ctx)
	body.emit(vm.OpInt, 0, a.Pos)
	body.emit(vm.OpReturn, 0, a.Pos)
	cc.ability(ctx).Body = cc.addFunc(body, ctx.tree, a.Pos)
	cc.finish(ctx.tree)
}

// static compiles `static RULE`: a rule of the vocabulary applied to the
// events a pattern describes.
func (cc *cardCompiler) static(a *dsl.StaticAbility) {
	text := "static " + dsl.PhraseString(a.Phrase)
	ctx := cc.newAbility(vm.AbilityStatic, text, a.Pos.Line, nil)
	sc := newScope(rootScope())
	m := &matcher{v: cc.v, sc: sc, parts: a.Phrase.Parts}
	rule, d := m.matchPhrase(modeRule)
	if d != nil {
		cc.add(d)
		cc.finish(ctx.tree)
		return
	}
	cc.add(rule.warning)
	alt := rule.alts[0]
	var pat *pattern
	for _, it := range alt.tmpl.Items {
		if it.Slot != "" && alt.args[it.Slot].kind == argPattern {
			pat = alt.args[it.Slot].pattern
		}
	}
	cc.ability(ctx).Rule = cc.b.nameSym(vm.NameRule, alt.tmpl.Rule.Name)
	if pat != nil {
		for _, palt := range pat.alts {
			for _, it := range palt.tmpl.Items {
				if a := palt.args[it.Slot]; a != nil && a.kind == argFilter && a.filter.bind != "" {
					cc.errorf(a.pos, CodeBinding, "`as %s` in a static ability names nothing", a.filter.bind).Hint =
						"a static ability has no body that could use the name"
				}
			}
		}
		cc.ability(ctx).Event = cc.b.nameSym(vm.NameEvent, pat.event.Name)
		cc.matchFunc(ctx, pat, sc)
	}
	cc.finish(ctx.tree)
}

func (cc *cardCompiler) spell(a *dsl.SpellAbility) {
	ctx := cc.newAbility(vm.AbilitySpell, "spell", a.Pos.Line, nil)
	cc.bodyFunc(ctx, a.Body, newScope(rootScope()))
	cc.finish(ctx.tree)
}

// eventAbility matches the event pattern of a triggered, delayed or
// replacement ability and binds the names it introduces, in a scope of its
// own that it returns. A pattern that does not match is reported; the
// names it would bind are bound anyway, with a type that fits anywhere, so
// the body is still checked without reporting the same mistake twice.
func (cc *cardCompiler) eventAbility(ctx *abilityCtx, ph *dsl.Phrase, sc *scope) (*pattern, *scope) {
	m := &matcher{v: cc.v, sc: sc, parts: ph.Parts, elsewhere: cc.bound}
	pat, d := m.matchPhrase(modePattern)
	if d != nil {
		cc.add(d)
		for _, p := range ph.Parts {
			if p.Bind != nil {
				sc.names[*p.Bind] = &binding{name: *p.Bind, typ: poisoned, used: true}
			}
		}
		// A stray `as` at the end is the only mistake? Then the rest of
		// the pattern stands, and so does the event's name.
		last := len(ph.Parts) - 1
		if d.Code != CodeBinding || last < 1 || ph.Parts[last].Bind == nil {
			return nil, sc
		}
		m = &matcher{v: cc.v, sc: sc, parts: ph.Parts[:last], elsewhere: cc.bound}
		if pat, d = m.matchPhrase(modePattern); d != nil {
			return nil, sc
		}
	}
	cc.add(pat.warning)
	cc.ability(ctx).Event = cc.b.nameSym(vm.NameEvent, pat.event.Name)
	cc.bind(pat, sc, ctx.tree)
	return pat, sc
}

// bind gives each name a pattern introduces a local: the objects named
// with `as` after a filter, and the event itself, called by its kind's name
// ("damage"), with all its fields.
func (cc *cardCompiler) bind(pat *pattern, sc *scope, tree *abilityTree) {
	for _, alt := range pat.alts {
		once := map[string]bool{}
		for _, it := range alt.tmpl.Items { // in order, so locals are numbered the same every time
			a := alt.args[it.Slot]
			if it.Slot == "" || a == nil || a.kind != argFilter || a.filter.bind == "" {
				continue
			}
			name := a.filter.bind
			if once[name] {
				cc.errorf(a.pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
				continue
			}
			once[name] = true
			if _, mine := sc.names[name]; mine {
				continue // the same name in another alternative
			}
			if prev := sc.lookup(name); prev != nil && !prev.implicit {
				cc.errorf(a.pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
				continue
			}
			b := &binding{name: name, typ: a.filter.yields, local: tree.alloc(name), pos: a.pos}
			sc.names[name] = b
			cc.bound[name] = a.pos.Line
			tree.bindings = append(tree.bindings, b)
		}
	}
	e := pat.event
	if _, taken := sc.names[e.Name]; taken {
		return // a filter was named like the event: the filter wins
	}
	sc.names[e.Name] = &binding{name: e.Name, typ: Type{Kind: KEvent, Event: e.Name}, fields: map[string]int32{},
		tree: tree, pos: pat.pos, implicit: true}
}

// matchFunc compiles a pattern into a function that returns how many times
// the event matches (0, 1, or the `each` field), trying each alternative in
// turn and storing the names it binds.
func (cc *cardCompiler) matchFunc(ctx *abilityCtx, pat *pattern, sc *scope) {
	if pat == nil {
		return
	}
	p := pat.pos
	f := cc.b.newFn(cc.fnName(ctx, "match"))
	e := pat.event
	ev := sc.names[e.Name]
	for _, alt := range pat.alts {
		var fails []int
		for _, it := range alt.tmpl.Items {
			if it.Slot == "" {
				continue
			}
			a := alt.args[it.Slot]
			fsym := cc.b.fieldSym(e.Name, it.Slot)
			subject := func() { f.emit(vm.OpField, fsym, a.pos) }
			if a.kind == argFilter && a.filter.bind != "" {
				// Store the object it names, then test the local: the
				// field is read once.
				if b := sc.names[a.filter.bind]; b != nil {
					subject()
					f.emit(vm.OpStore, b.local, a.pos)
					subject = func() { f.emit(vm.OpLoad, b.local, a.pos) }
				}
			}
			switch a.kind {
			case argExpr:
				subject()
				f.sum(a.expr, sc, cc.v)
				f.emit(vm.OpEq, 0, a.pos)
			case argConst:
				subject()
				f.number(a.num, a.pos)
				f.emit(vm.OpEq, 0, a.pos)
			case argName:
				subject()
				f.emit(vm.OpSym, cc.b.nameSym(a.typ.Kind.nameKind(), a.name), a.pos)
				f.emit(vm.OpEq, 0, a.pos)
			case argFilter:
				cc.filter(f, a.filter, subject)
			default:
				cc.errorf(a.pos, CodeType, "this cannot describe an event's %s", it.Slot)
				continue
			}
			fails = append(fails, f.emit(vm.OpJumpIfFalse, 0, a.pos))
		}
		if alt.tmpl.Where != nil {
			f.at = &p
			f.cond(alt.tmpl.Where, fieldScope(e, cc.v), cc.v)
			f.at = nil
			fails = append(fails, f.emit(vm.OpJumpIfFalse, 0, p))
		}
		if ev != nil && ev.implicit {
			for _, fd := range e.Fields { // the fields the ability reads
				if l, ok := ev.fields[fd.Name]; ok {
					f.emit(vm.OpField, cc.b.fieldSym(e.Name, fd.Name), p)
					f.emit(vm.OpStore, l, p)
				}
			}
		}
		if alt.tmpl.Each != "" {
			f.emit(vm.OpField, cc.b.fieldSym(e.Name, alt.tmpl.Each), p)
		} else {
			f.emit(vm.OpInt, 1, p)
		}
		f.emit(vm.OpReturn, 0, p)
		for _, j := range fails {
			f.patch(j)
		}
	}
	f.emit(vm.OpInt, 0, p)
	f.emit(vm.OpReturn, 0, p)
	ab := cc.ability(ctx)
	ab.Match = cc.addFunc(f, ctx.tree, p)
	ab.Anchors = cc.anchors(pat)
}

// anchors are the fields that must hold "this" for a pattern to match:
// for each alternative, the slots filled with `this`. If some alternative
// has none, nothing can be skipped and there are none.
func (cc *cardCompiler) anchors(pat *pattern) []int32 {
	var out []int32
	for _, alt := range pat.alts {
		found := false
		for _, it := range alt.tmpl.Items {
			if a := alt.args[it.Slot]; it.Slot != "" && a.kind == argExpr && a.expr.Word() == "this" {
				found = true
				sym := cc.b.fieldSym(pat.event.Name, it.Slot)
				if !slices.Contains(out, sym) {
					out = append(out, sym)
				}
			}
		}
		if !found {
			return nil
		}
	}
	return out
}

// filter pushes whether the subject satisfies a filter.
func (cc *cardCompiler) filter(f *fnBuilder, flt *filter, subject func()) {
	n := 0
	and := func() {
		if n > 0 {
			f.emit(vm.OpAnd, 0, flt.pos)
		}
		n++
	}
	isType := cc.v.Funcs["is_type"]
	if flt.det == "any" {
		subject()
		f.call(cc.v.Funcs["is_player"], flt.pos)
		for _, t := range []string{"creature", "planeswalker", "battle"} {
			subject()
			f.emit(vm.OpSym, cc.b.nameSym(KCardType.nameKind(), t), flt.pos)
			f.call(isType, flt.pos)
			f.emit(vm.OpOr, 0, flt.pos)
		}
		and()
	}
	if flt.det == "another" {
		subject()
		f.emit(vm.OpLoad, vm.LocalThis, flt.pos)
		f.emit(vm.OpNe, 0, flt.pos)
		and()
	}
	for _, w := range flt.words {
		subject()
		switch w.kind {
		case KCardType:
			f.emit(vm.OpSym, cc.b.nameSym(KCardType.nameKind(), w.name), flt.pos)
			f.call(isType, flt.pos)
		case KSupertype:
			f.emit(vm.OpSym, cc.b.nameSym(KSupertype.nameKind(), w.name), flt.pos)
			f.call(cc.v.Funcs["is_supertype"], flt.pos)
		case KSubtype:
			f.emit(vm.OpSym, cc.b.nameSym(KSubtype.nameKind(), w.name), flt.pos)
			f.call(cc.v.Funcs["is_subtype"], flt.pos)
		case KColor:
			f.emit(vm.OpSym, cc.b.nameSym(KColor.nameKind(), w.name), flt.pos)
			f.call(cc.v.Funcs["has_color"], flt.pos)
		default:
			f.call(cc.v.Funcs[w.query], flt.pos)
		}
		if w.name == "opponent" {
			subject()
			f.emit(vm.OpLoad, vm.LocalYou, flt.pos)
			f.emit(vm.OpNe, 0, flt.pos)
			f.emit(vm.OpAnd, 0, flt.pos)
		}
		if w.neg {
			f.emit(vm.OpNot, 0, flt.pos)
		}
		and()
	}
	if flt.control != "" {
		subject()
		f.call(cc.v.Funcs["controller"], flt.pos)
		f.emit(vm.OpLoad, vm.LocalYou, flt.pos)
		if flt.control == "you" {
			f.emit(vm.OpEq, 0, flt.pos)
		} else {
			f.emit(vm.OpNe, 0, flt.pos)
		}
		and()
	}
	if n == 0 {
		f.emit(vm.OpInt, 1, flt.pos)
	}
}

// ---- bodies ----------------------------------------------------------------

// bodyFunc compiles the block of an ability as its body.
func (cc *cardCompiler) bodyFunc(ctx *abilityCtx, b *dsl.Block, sc *scope) {
	f := cc.b.newFn(cc.fnName(ctx, "body"))
	cc.block(f, b, sc, ctx)
	end := b.EndPos // just after the closing brace
	end.Column--
	f.emit(vm.OpInt, 0, end)
	f.emit(vm.OpReturn, 0, end)
	cc.ability(ctx).Body = cc.addFunc(f, ctx.tree, b.Pos)
}

func (cc *cardCompiler) block(f *fnBuilder, b *dsl.Block, sc *scope, ctx *abilityCtx) {
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *dsl.ActionStmt:
			cc.action(f, s.Phrase, sc, ctx)
		case *dsl.AtStmt:
			cc.delayed(f, s, sc, ctx)
		case *dsl.IfStmt:
			cc.ifStmt(f, s, sc, ctx)
		}
	}
}

func (cc *cardCompiler) ifStmt(f *fnBuilder, s *dsl.IfStmt, sc *scope, ctx *abilityCtx) {
	t, d := condType(s.Cond, sc, cc.v)
	if t == poisoned {
		t = Type{Kind: KBool}
	}
	if d != nil {
		cc.add(d)
	} else if t.Kind != KBool {
		cc.errorf(s.Cond.Pos, CodeType, "`if` needs a condition, but this is %s", article(t.String()))
	} else {
		f.cond(s.Cond, sc, cc.v)
	}
	if d != nil || t.Kind != KBool {
		f.emit(vm.OpInt, 0, s.Pos)
	}
	skip := f.emit(vm.OpJumpIfFalse, 0, s.Pos)
	cc.block(f, s.Then, newScope(sc), ctx)
	if s.Else == nil {
		f.patch(skip)
		return
	}
	end := f.emit(vm.OpJump, 0, s.Pos)
	f.patch(skip)
	if s.Else.If != nil {
		cc.ifStmt(f, s.Else.If, sc, ctx)
	} else {
		cc.block(f, s.Else.Block, newScope(sc), ctx)
	}
	f.patch(end)
}

// delayed compiles `at PATTERN { ... }` inside a body: a delayed triggered
// ability of the card, created when the statement runs (CR 603.7). It
// triggers only the next time its event happens (CR 603.7b).
func (cc *cardCompiler) delayed(f *fnBuilder, s *dsl.AtStmt, sc *scope, ctx *abilityCtx) {
	text := "at " + dsl.PhraseString(s.Phrase)
	dctx := cc.newAbility(vm.AbilityDelayed, text, s.Pos.Line, ctx.tree)
	cc.ability(dctx).Flags |= vm.FlagOnce
	pat, dsc := cc.eventAbility(dctx, s.Phrase, newScope(sc))
	cc.bodyFunc(dctx, s.Body, dsc)
	cc.matchFunc(dctx, pat, dsc)
	f.number(int64(dctx.index), s.Pos)
	f.call(cc.v.Funcs["schedule_delayed"], s.Pos)
}

// action compiles one action statement.
func (cc *cardCompiler) action(f *fnBuilder, ph *dsl.Phrase, sc *scope, ctx *abilityCtx) {
	m := &matcher{v: cc.v, sc: sc, parts: ph.Parts, elsewhere: cc.bound}
	pat, d := m.matchPhrase(modeAction)
	if d != nil {
		cc.add(d)
		return
	}
	cc.add(pat.warning)
	alt := pat.alts[0]
	fi := alt.tmpl.Func
	switch {
	case fi.Context == "replace" && ctx.kind != vm.AbilityReplacement:
		cc.errorf(ph.Pos, CodeContext, "%q only means something in a replacement effect", dsl.PhraseString(ph)).Hint =
			"a trigger happens after its event; to change the event, use `replace ... { }`"
		return
	case fi.Context == "enters" && ctx.kind != vm.AbilityEnters:
		cc.errorf(ph.Pos, CodeContext, "%q only means something after `enters`", dsl.PhraseString(ph))
		return
	case ctx.kind == vm.AbilityEnters && fi.Context != "enters":
		cc.errorf(ph.Pos, CodeContext, "`enters` says how this permanent enters, such as `enters with X +1/+1 counters`").Hint =
			"to do something after it enters, use `when this enters { ... }`"
		return
	}
	for _, p := range fi.Params {
		a := alt.args[p.Name]
		if a == nil {
			if pt := alt.args["power/toughness"]; pt != nil && (p.Name == "power" || p.Name == "toughness") {
				n := pt.power
				if p.Name == "toughness" {
					n = pt.toughness
				}
				f.number(n, pt.pos)
				continue
			}
			if def := alt.tmpl.Defaults[p.Name]; def != nil {
				f.at = &ph.Pos
				f.sum(def, rootScope(), cc.v)
				f.at = nil
				continue
			}
			cc.errorf(ph.Pos, CodeStdlib, "phrase %q gives no value for %s", alt.tmpl.Text, p.Name)
			return
		}
		cc.argValue(f, a, sc, ctx)
	}
	f.call(fi, ph.Pos)
	if !fi.Action {
		f.emit(vm.OpPop, 0, ph.Pos)
	}
}

// argValue pushes the value of an argument of an action.
func (cc *cardCompiler) argValue(f *fnBuilder, a *arg, sc *scope, ctx *abilityCtx) {
	switch a.kind {
	case argExpr:
		f.sum(a.expr, sc, cc.v)
	case argConst:
		f.number(a.num, a.pos)
	case argName:
		f.emit(vm.OpSym, cc.b.nameSym(a.typ.Kind.nameKind(), a.name), a.pos)
	case argEventRef:
		a.event.used = true
		local := a.event.local
		if a.event.fields != nil {
			local = a.event.fieldLocal("id")
		}
		f.emit(vm.OpLoad, local, a.pos)
	case argFilter:
		if a.filter.bind != "" {
			cc.errorf(a.pos, CodeBinding, "`as %s` in an action names nothing", a.filter.bind).Hint =
				"`as` names the objects of an event pattern, in a trigger or a replacement effect"
		}
		if kind := ctx.kind; (a.filter.det == "target" || a.filter.det == "any") &&
			(kind == vm.AbilityReplacement || kind == vm.AbilityEnters) {
			cc.errorf(a.pos, CodeContext, "a replacement effect has no targets (CR 115.1)").Hint =
				"only spells and abilities that go on the stack target; say which object it affects with a name bound in the pattern"
			f.emit(vm.OpInt, 0, a.pos)
			return
		}
		if a.filter.det != "target" && a.filter.det != "any" {
			cc.errorf(a.pos, CodeChoice, "%q does not say which one", a.filter.text).Hint =
				"say `target " + strings.TrimPrefix(strings.TrimPrefix(a.filter.text, a.filter.det+" "), "") + "`, or name it with `as` in the trigger"
			f.emit(vm.OpInt, 0, a.pos)
			return
		}
		f.emit(vm.OpLoad, cc.target(a.filter, ctx), a.pos)
	default:
		f.emit(vm.OpInt, 0, a.pos)
	}
}

// target adds a target to the ability and returns the local it is stored
// in.
func (cc *cardCompiler) target(flt *filter, ctx *abilityCtx) int32 {
	ab := cc.ability(ctx)
	fn := cc.b.newFn(cc.fnName(ctx, "target"+strconv.Itoa(len(ab.Targets))))
	cc.filter(fn, flt, func() { fn.emit(vm.OpLoad, vm.LocalCandidate, flt.pos) })
	fn.emit(vm.OpReturn, 0, flt.pos)
	local := ctx.tree.alloc(fmt.Sprintf("target %d", len(ab.Targets)))
	idx := cc.addFunc(fn, ctx.tree, flt.pos)
	ab = cc.ability(ctx)
	ab.Targets = append(ab.Targets, vm.Target{Filter: idx, Local: local, Text: flt.text})
	return local
}
