package compiler

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// The emitter lowers checked cards to bytecode. It reports nothing: the
// checker has found every mistake, so a failure here is a bug of the
// compiler (it panics, and Compile reports C999).

// nameSymbol is the symbol of a name of the vocabulary of a kind.
func nameSymbol(k vocab.Kind, name string) vm.Symbol { return vm.NameSymbol(k.NameKind(), name) }

// builder assembles a vm.Program, sharing symbols and constants between
// all the cards it compiles.
type builder struct {
	v      *vocab.Vocab
	prog   *vm.Program
	syms   map[vm.Symbol]int32
	consts map[vm.Value]int32
}

func newBuilder(v *vocab.Vocab) *builder {
	return &builder{v: v, prog: &vm.Program{Vocabulary: v.Identity()}, syms: map[vm.Symbol]int32{}, consts: map[vm.Value]int32{}}
}

// sym interns a symbol.
func (b *builder) sym(s vm.Symbol) int32 {
	if i, ok := b.syms[s]; ok {
		return i
	}
	i := int32(len(b.prog.Symbols))
	b.prog.Symbols = append(b.prog.Symbols, s)
	b.syms[s] = i
	return i
}

func (b *builder) nameSym(k vocab.Kind, name string) int32 { return b.sym(nameSymbol(k, name)) }

func (b *builder) eventSym(event string) int32 {
	return b.sym(vm.NameSymbol(vm.NameEvent, event))
}

func (b *builder) funcSym(f *vocab.FuncInfo) int32 {
	return b.sym(vm.Symbol{Kind: vm.SymFunc, Name: f.Name, Arity: uint8(len(f.Params)), Returns: f.Returns()})
}

func (b *builder) fieldSym(event, field string) int32 {
	return b.sym(vm.FieldSymbol(event, field))
}

// constant interns a constant.
func (b *builder) constant(v vm.Value) int32 {
	if i, ok := b.consts[v]; ok {
		return i
	}
	i := int32(len(b.prog.Consts))
	b.prog.Consts = append(b.prog.Consts, v)
	b.consts[v] = i
	return i
}

// addFunc finishes a function of an ability tree and adds it to the
// program.
func (b *builder) addFunc(f *fnBuilder, tree *abilityTree) int32 {
	depth, err := vm.MaxStackDepth(f.code, b.prog.Symbols)
	if err != nil {
		panic(fmt.Sprintf("bad code for %s: %v", f.name, err))
	}
	i := int32(len(b.prog.Funcs))
	b.prog.Funcs = append(b.prog.Funcs, vm.Func{Name: f.name, MaxStack: depth, Code: f.code, Pos: f.pos})
	tree.funcs = append(tree.funcs, i)
	return i
}

// fnBuilder assembles the code of one function.
type fnBuilder struct {
	b    *builder
	name string
	code []vm.Instr
	pos  []vm.Pos
	// at, when set, is the position given to every instruction emitted, for
	// code that comes from the vocabulary rather than the card.
	at *dsl.Pos
}

func (b *builder) newFn(name string) *fnBuilder { return &fnBuilder{b: b, name: name} }

// emit appends an instruction and returns its index.
func (f *fnBuilder) emit(op vm.Opcode, a int32, p dsl.Pos) int {
	if f.at != nil {
		p = *f.at
	}
	f.code = append(f.code, vm.Instr{Op: op, Arg: a})
	f.pos = append(f.pos, vm.Pos{Line: int32(p.Line), Col: int32(p.Column)})
	return len(f.code) - 1
}

// here is the index of the next instruction.
func (f *fnBuilder) here() int32 { return int32(len(f.code)) }

// patch points the jump at index i to the next instruction.
func (f *fnBuilder) patch(i int) { f.code[i].Arg = f.here() }

// number pushes an integer.
func (f *fnBuilder) number(n int64, p dsl.Pos) {
	if n >= math.MinInt32 && n <= math.MaxInt32 {
		f.emit(vm.OpInt, int32(n), p)
		return
	}
	f.emit(vm.OpConst, f.b.constant(vm.Value(n)), p)
}

// call calls a function of the vocabulary, its arguments already pushed.
func (f *fnBuilder) call(name string, p dsl.Pos) {
	f.emit(vm.OpCall, f.b.funcSym(f.b.v.Func(name)), p)
}

// ---- cards and abilities ----------------------------------------------------

// emitCard lowers a checked card and adds it to the program.
func (b *builder) emitCard(cc *checkedCard) {
	e := &cardEmitter{b: b, card: cc.card}
	e.card.Abilities = make([]vm.Ability, cc.count)
	for _, a := range cc.abilities {
		e.ability(a)
	}
	b.prog.Cards = append(b.prog.Cards, e.card)
}

// cardEmitter lowers the abilities of one card.
type cardEmitter struct {
	b    *builder
	card vm.Card
	// mode is the mode (from 1) whose statements are being lowered, 0
	// outside a modal choice: the targets they add are that mode's.
	mode int32
	// counted are the locals holding the count of a +N/+M's "for each
	// FILTER", by the function and the argument, made for the power and
	// read again for the toughness (one count, not two, of the same
	// filter).
	counted map[countedArg]int32
}

// countedArg is a +N/+M argument counted in a function.
type countedArg struct {
	f   *fnBuilder
	arg *vocab.Arg
}

func (e *cardEmitter) fnName(a *checkedAbility, role string) string {
	return fmt.Sprintf("%s#%d.%s", e.card.Name, a.index, role)
}

// ability lowers a top-level ability and the delayed abilities it creates,
// then gives all their functions the final number of locals.
func (e *cardEmitter) ability(a *checkedAbility) {
	e.lower(a)
	for _, d := range a.tree.abilities {
		e.card.Abilities[d.index].NumLocals = a.tree.locals
	}
	for _, f := range a.tree.funcs {
		e.b.prog.Funcs[f].NumLocals = a.tree.locals
		e.b.prog.Funcs[f].Locals = a.tree.names
	}
}

// lower emits one ability's functions: the event it watches first, then
// its body (and what the body creates), then its match function.
func (e *cardEmitter) lower(a *checkedAbility) {
	ab := &e.card.Abilities[a.index]
	*ab = vm.Ability{Kind: a.kind, Event: vm.NoSymbol, Rule: vm.NoSymbol, Match: vm.NoFunc, Body: vm.NoFunc, Pay: vm.NoFunc,
		Flags: a.flags, Text: a.text, Line: int32(a.line)}
	switch a.kind {
	case vm.AbilityEnters:
		e.enters(a)
		return
	case vm.AbilityEffect:
		ab.Rule = e.b.sym(vm.NameSymbol(vm.NameEffect, a.effect.Name))
		e.effect(a)
		return
	case vm.AbilityEnchant:
		e.target(a.enchant, a, rootScope())
		return
	case vm.AbilityStatic:
		ab.Rule = e.b.sym(vm.NameSymbol(vm.NameRule, a.rule))
		if a.pattern != nil {
			ab.Event = e.b.eventSym(a.pattern.Event.Name)
			e.match(a)
		}
		return
	}
	if a.pattern != nil {
		ab = &e.card.Abilities[a.index]
		ab.Event = e.b.eventSym(a.pattern.Event.Name)
		for _, b := range a.binds {
			if b.that && !b.used {
				continue // "that player", which the ability never reads
			}
			b.local, b.hasLocal = a.tree.alloc(b.name), true
		}
	}
	if a.kind == vm.AbilityActivated {
		e.card.Abilities[a.index].Cost = a.cost
		if len(a.pay) > 0 {
			f := e.b.newFn(e.fnName(a, "pay"))
			for _, act := range a.pay {
				e.action(f, act, a)
			}
			f.emit(vm.OpInt, 0, a.bodyPos)
			f.emit(vm.OpReturn, 0, a.bodyPos)
			pay := e.b.addFunc(f, a.tree)
			e.card.Abilities[a.index].Pay = pay
		}
	}
	f := e.b.newFn(e.fnName(a, "body"))
	skip := -1
	if a.intervening != nil {
		// The intervening "if" is checked again as the ability
		// resolves: if it no longer holds, it does nothing (CR 603.4).
		skip = e.intervening(f, a)
	}
	e.block(f, a.body, a)
	end := a.bodyEnd // just after the closing brace
	end.Column--
	if skip >= 0 {
		f.patch(skip)
	}
	f.emit(vm.OpInt, 0, end)
	f.emit(vm.OpReturn, 0, end)
	body := e.b.addFunc(f, a.tree)
	e.card.Abilities[a.index].Body = body
	if a.pattern != nil {
		e.match(a)
	}
}

// enters lowers `enters with ...`: a replacement effect on the event of
// this permanent entering the battlefield.
func (e *cardEmitter) enters(a *checkedAbility) {
	p := a.bodyPos
	ab := &e.card.Abilities[a.index]
	ab.Event = e.b.eventSym("zone_change")
	m := e.b.newFn(e.fnName(a, "match"))
	object := e.b.fieldSym("zone_change", "object")
	m.emit(vm.OpField, object, p)
	m.emit(vm.OpLoad, vm.LocalThis, p)
	m.emit(vm.OpEq, 0, p)
	and := m.emit(vm.OpJumpIfFalseOrPop, 0, p)
	m.emit(vm.OpField, e.b.fieldSym("zone_change", "to"), p)
	m.emit(vm.OpSym, e.b.nameSym(vocab.KZone, "battlefield"), p)
	m.emit(vm.OpEq, 0, p)
	m.patch(and)
	m.emit(vm.OpReturn, 0, p)
	match := e.b.addFunc(m, a.tree)
	body := e.b.newFn(e.fnName(a, "body"))
	e.action(body, a.enters, a)
	body.emit(vm.OpInt, 0, p)
	body.emit(vm.OpReturn, 0, p)
	bodyFn := e.b.addFunc(body, a.tree)
	ab = &e.card.Abilities[a.index]
	ab.Match, ab.Body, ab.Anchors = match, bodyFn, []int32{object}
}

// match lowers a pattern into a function that returns how many times the
// event matches (0, 1, or the `each` field), trying each alternative in
// turn and storing the names it binds.
func (e *cardEmitter) match(a *checkedAbility) {
	pat, sc := a.pattern, a.sc
	p := pat.Pos
	f := e.b.newFn(e.fnName(a, "match"))
	ev := pat.Event
	event := sc.names[ev.Name]
	for _, alt := range pat.Alts {
		var fails []int
		for _, it := range alt.Template.Items {
			if it.Slot == "" {
				continue
			}
			arg := alt.Args[it.Slot]
			fsym := e.b.fieldSym(ev.Name, it.Slot)
			subject := func() { f.emit(vm.OpField, fsym, arg.Pos) }
			var named *binding
			if arg.Kind == vocab.ArgFilter && arg.Filter.Bind != "" {
				named = sc.names[arg.Filter.Bind]
			} else if b := a.that[arg]; arg.Kind == vocab.ArgFilter && b != nil && b.hasLocal {
				named = b // "that player"
			}
			if b := named; b != nil {
				// Store the object it names, then test the local: the
				// field is read once.
				subject()
				f.emit(vm.OpStore, b.local, arg.Pos)
				subject = func() { f.emit(vm.OpLoad, b.local, arg.Pos) }
			}
			switch arg.Kind {
			case vocab.ArgExpr:
				subject()
				f.sum(arg.Expr, sc)
				f.emit(vm.OpEq, 0, arg.Pos)
			case vocab.ArgConst:
				subject()
				f.number(arg.Num, arg.Pos)
				f.emit(vm.OpEq, 0, arg.Pos)
			case vocab.ArgName:
				subject()
				f.emit(vm.OpSym, e.b.nameSym(arg.Type.Kind, arg.Name), arg.Pos)
				f.emit(vm.OpEq, 0, arg.Pos)
			case vocab.ArgFilter:
				e.filter(f, arg.Filter, sc, subject)
			}
			fails = append(fails, f.emit(vm.OpJumpIfFalse, 0, arg.Pos))
		}
		if alt.Template.Where != nil {
			f.at = &p
			f.cond(alt.Template.Where, whereScope(e.b.v, ev))
			f.at = nil
			fails = append(fails, f.emit(vm.OpJumpIfFalse, 0, p))
		}
		if a.intervening != nil {
			fails = append(fails, e.intervening(f, a)) // CR 603.4
		}
		if event != nil && event.implicit {
			for _, fd := range ev.Fields { // the fields the ability reads
				if l, ok := event.fields[fd.Name]; ok {
					f.emit(vm.OpField, e.b.fieldSym(ev.Name, fd.Name), p)
					f.emit(vm.OpStore, l, p)
				}
			}
		}
		if alt.Template.Each != "" {
			f.emit(vm.OpField, e.b.fieldSym(ev.Name, alt.Template.Each), p)
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
	match := e.b.addFunc(f, a.tree)
	ab := &e.card.Abilities[a.index]
	ab.Match = match
	ab.Anchors = e.anchors(pat)
}

// anchors are the fields that must hold "this" for a pattern to match:
// for each alternative, the slots filled with `this`. If some alternative
// has none, nothing can be skipped and there are none.
func (e *cardEmitter) anchors(pat *vocab.Match) []int32 {
	var out []int32
	for _, alt := range pat.Alts {
		found := false
		for _, it := range alt.Template.Items {
			if arg := alt.Args[it.Slot]; it.Slot != "" && arg.Kind == vocab.ArgExpr && arg.Expr.Word() == "this" {
				found = true
				sym := e.b.fieldSym(pat.Event.Name, it.Slot)
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

// filter pushes whether the subject satisfies a filter: its tests are
// joined by a short-circuit `and`, in the order below, and the words
// "artifact or creature" ("black or red", "Skeleton, Vampire, or
// Zombie") by a short-circuit `or`, so that a test runs only when those
// before it have not decided (no host is asked the card type of a player
// that "any target" already accepted), and an object with both qualities
// matches once. The expressions a filter compares with are read in sc.
func (e *cardEmitter) filter(f *fnBuilder, flt *vocab.Filter, sc *scope, subject func()) {
	all := f.shortCircuit(vm.OpJumpIfFalseOrPop)
	and := func() { all.next(flt.Pos) } // before each test
	if flt.Det == "any" {
		and()
		anyOf := f.shortCircuit(vm.OpJumpIfTrueOrPop)
		anyOf.next(flt.Pos)
		subject()
		f.call("is_player", flt.Pos)
		for _, t := range []string{"creature", "planeswalker", "battle"} {
			anyOf.next(flt.Pos)
			subject()
			f.emit(vm.OpSym, e.b.nameSym(vocab.KCardType, t), flt.Pos)
			f.call("is_type", flt.Pos)
		}
		anyOf.end()
	}
	if flt.Det == "another" || flt.Det == "other" || flt.Another || flt.OtherThanThis {
		and()
		subject()
		if it := sc.lookup(vocab.Affected); flt.Det == "other" && it != nil && it.affected {
			// "for each other creature" in a continuous effect: other
			// than the object the effect is applied to.
			f.emit(vm.OpLoad, it.local, flt.Pos)
		} else {
			f.emit(vm.OpLoad, vm.LocalThis, flt.Pos)
		}
		f.emit(vm.OpNe, 0, flt.Pos)
	}
	if flt.NotYou {
		and()
		// "each other player": not the controller of the ability.
		subject()
		f.emit(vm.OpLoad, vm.LocalYou, flt.Pos)
		f.emit(vm.OpNe, 0, flt.Pos)
	}
	if flt.AttachedToThis {
		and()
		// The objects attached to this one (CR 303.4).
		subject()
		f.call("attached_to", flt.Pos)
		f.emit(vm.OpLoad, vm.LocalThis, flt.Pos)
		f.emit(vm.OpEq, 0, flt.Pos)
	}
	if vocab.AttachedDet(flt.Det) {
		and()
		// The object this permanent is attached to (CR 303.4m, 301.5f).
		subject()
		f.emit(vm.OpLoad, vm.LocalThis, flt.Pos)
		f.call("attached_to", flt.Pos)
		f.emit(vm.OpEq, 0, flt.Pos)
	}
	if flt.Everywhere {
		and()
		// "cards that aren't on the battlefield, spells, and
		// permanents": a permanent, a spell, or a card elsewhere (a
		// token there is none, CR 111.7).
		anyOf := f.shortCircuit(vm.OpJumpIfTrueOrPop)
		for _, q := range []string{"is_permanent", "is_spell"} {
			anyOf.next(flt.Pos)
			subject()
			f.call(q, flt.Pos)
		}
		anyOf.next(flt.Pos)
		card := f.shortCircuit(vm.OpJumpIfFalseOrPop)
		card.next(flt.Pos)
		subject()
		f.call("is_token", flt.Pos)
		f.emit(vm.OpNot, 0, flt.Pos)
		card.next(flt.Pos)
		subject()
		f.emit(vm.OpSym, e.b.nameSym(vocab.KZone, "battlefield"), flt.Pos)
		f.call("in_zone", flt.Pos)
		f.emit(vm.OpNot, 0, flt.Pos)
		card.end()
		anyOf.end()
	}
	for i, w := range flt.Words {
		if w.Kind == 0 && w.Query == "" || w.Or {
			// "card", "source", "or": no test of their own; an alternative type
			// is tested with the word before it.
			continue
		}
		and()
		// "artifact or creature": either type.
		either := f.shortCircuit(vm.OpJumpIfTrueOrPop)
		either.next(flt.Pos)
		e.filterWord(f, flt, w, subject)
		for k := i + 1; k < len(flt.Words) && flt.Words[k].Or; k++ {
			if w := flt.Words[k]; w.Kind != 0 || w.Query != "" {
				either.next(flt.Pos)
				e.filterWord(f, flt, flt.Words[k], subject)
			}
		}
		either.end()
	}
	if flt.ChosenName {
		and()
		// The card name chosen as this permanent entered (CR 201.4).
		subject()
		f.call("has_chosen_name", flt.Pos)
	}
	for _, k := range flt.Keywords {
		and()
		// "with flying", "without flying" (CR 702).
		subject()
		f.emit(vm.OpSym, e.b.nameSym(vocab.KKeyword, k.Name), flt.Pos)
		f.call("has_keyword", flt.Pos)
		if k.Neg {
			f.emit(vm.OpNot, 0, flt.Pos)
		}
	}
	for _, c := range flt.Compares {
		and()
		// "with mana value 3 or less" (CR 202.3), "with power 4 or
		// greater", "with toughness less than this.power".
		subject()
		f.call(c.Query, flt.Pos)
		if c.Expr != nil {
			f.sum(c.Expr, sc)
		} else {
			f.number(c.Num, flt.Pos)
		}
		f.emit(compareOps[c.Op], 0, flt.Pos)
	}
	if flt.Named != "" {
		and()
		// `named "Relentless Rats"` (CR 201.2).
		subject()
		f.emit(vm.OpSym, e.b.nameSym(vocab.KCardName, flt.Named), flt.Pos)
		f.call("is_named", flt.Pos)
	}
	if flt.Shares != nil {
		and()
		// "that shares a creature type with OBJECT" (CR 205.3m).
		subject()
		f.sum(flt.Shares, sc)
		f.call("shares_creature_type", flt.Pos)
	}
	if flt.Zone != "" {
		and()
		// "in a graveyard": a card there, not a permanent (CR 400.1).
		subject()
		f.emit(vm.OpSym, e.b.nameSym(vocab.KZone, flt.Zone), flt.Pos)
		f.call("in_zone", flt.Pos)
	}
	if flt.ZoneOwner == "you" {
		and()
		// "your graveyard": a card's owner's graveyard (CR 404.1).
		subject()
		f.call("owner", flt.Pos)
		f.emit(vm.OpLoad, vm.LocalYou, flt.Pos)
		f.emit(vm.OpEq, 0, flt.Pos)
	}
	if flt.Control != "" {
		and()
		subject()
		f.call("controller", flt.Pos)
		switch flt.Control {
		case "you":
			f.emit(vm.OpLoad, vm.LocalYou, flt.Pos)
			f.emit(vm.OpEq, 0, flt.Pos)
		case "player":
			// "that_player controls".
			f.sum(flt.ControlledBy, sc)
			f.emit(vm.OpEq, 0, flt.Pos)
		default:
			// "an opponent controls", "you don't control".
			f.emit(vm.OpLoad, vm.LocalYou, flt.Pos)
			f.emit(vm.OpNe, 0, flt.Pos)
		}
	}
	if all.n == 0 {
		f.emit(vm.OpInt, 1, flt.Pos)
	}
	all.end()
}

// effect lowers a continuous effect: its affected filter, which judges the
// candidate, and its apply function, which calls the effect on the
// candidate.
func (e *cardEmitter) effect(a *checkedAbility) {
	obj := a.effectArgs[0].arg
	p := a.effectArgs[0].pos // a default: `your life total can't change`
	if obj != nil {
		p = obj.Pos
	}
	candidate := func(f *fnBuilder) func() {
		return func() { f.emit(vm.OpLoad, vm.LocalCandidate, p) }
	}
	m := e.b.newFn(e.fnName(a, "affected"))
	skip := -1
	if a.intervening != nil {
		// `as long as`: the effect applies to no object while its
		// condition is false, read each time the characteristics are
		// computed (CR 611.3).
		skip = e.intervening(m, a)
	}
	switch {
	case obj != nil && obj.Kind == vocab.ArgFilter:
		e.filter(m, obj.Filter, a.scope(), candidate(m))
	default:
		candidate(m)()
		e.args(m, a.effectArgs[:1], a, -1, nil)
		m.emit(vm.OpEq, 0, p)
	}
	m.emit(vm.OpReturn, 0, p)
	if skip >= 0 {
		m.patch(skip)
		m.emit(vm.OpInt, 0, p)
		m.emit(vm.OpReturn, 0, p)
	}
	match := e.b.addFunc(m, a.tree)
	body := e.b.newFn(e.fnName(a, "apply"))
	if it := a.affected; it != nil {
		// The object the effect is applied to, which the filter of its
		// `for each` reads as `it` and `other` is relative to: the filter
		// runs with a candidate of its own.
		it.local, it.hasLocal = a.tree.alloc(it.name), true
		candidate(body)()
		body.emit(vm.OpStore, it.local, p)
	}
	candidate(body)()
	e.args(body, a.effectArgs[1:], a, -1, nil)
	body.call(a.effect.Name, p)
	body.emit(vm.OpInt, 0, p)
	body.emit(vm.OpReturn, 0, p)
	apply := e.b.addFunc(body, a.tree)
	ab := &e.card.Abilities[a.index]
	ab.Match, ab.Body = match, apply
}

// ---- statements ------------------------------------------------------------

func (e *cardEmitter) block(f *fnBuilder, stmts []checkedStmt, a *checkedAbility) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *checkedAction:
			e.action(f, s, a)
		case *checkedDelayed:
			e.nested(f, s.ability, "schedule_delayed", s.pos)
		case *checkedIf:
			e.ifStmt(f, s, a)
		case *checkedReflexive:
			e.nested(f, s.ability, "trigger_reflexive", s.pos)
		case *checkedEach:
			e.forEach(f, s, a)
		case *checkedWhere:
			e.where(f, s, a)
		case *checkedMay:
			e.may(f, s, a)
		case *checkedChoose:
			e.choose(f, s, a)
		}
	}
}

// where lowers `where X is N`, a statement or written after a phrase:
// N, computed once, into X's local (CR 608.2h).
func (e *cardEmitter) where(f *fnBuilder, s *checkedWhere, a *checkedAbility) {
	s.bind.local, s.bind.hasLocal = a.tree.alloc(s.bind.name), true
	e.args(f, []checkedArg{{arg: s.arg, sc: s.sc}}, a, -1, nil)
	f.emit(vm.OpStore, s.bind.local, s.pos)
}

// forEach lowers `for each FILTER as NAME { ... }`: the host remembers
// the permanents the filter describes (each_begin), and the block runs
// with NAME bound to each of them in turn (each_object), until there is
// none left.
func (e *cardEmitter) forEach(f *fnBuilder, s *checkedEach, a *checkedAbility) {
	p := s.pos
	n := len(e.card.Abilities[a.index].Filters)
	fn := e.filterFunc(s.filter, a, s.sc, "filter"+strconv.Itoa(n))
	ab := &e.card.Abilities[a.index]
	ab.Filters = append(ab.Filters, fn)
	bind := func() int32 {
		s.bind.local, s.bind.hasLocal = a.tree.alloc(s.bind.name), true
		return s.bind.local
	}
	loopOver(f, a, p, n, "each", "each_begin", "each_object", bind, func() { e.block(f, s.body, a) })
}

// loopOver lowers a loop over what the host lists for filter n: begin
// (each_begin, each_player_begin) returns a handle, next (each_object,
// each_player) the handle's index-th object or player, 0 after the last;
// body runs with it in the local bind allocates (after the handle's and
// the index's). It returns the local of the handle.
func loopOver(f *fnBuilder, a *checkedAbility, p dsl.Pos, n int, name, begin, next string, bind func() int32, body func()) int32 {
	handle := a.tree.alloc(fmt.Sprintf("%s %d", name, n))
	index := a.tree.alloc(fmt.Sprintf("%s %d index", name, n))
	local := bind()
	f.number(int64(n), p)
	f.call(begin, p)
	f.emit(vm.OpStore, handle, p)
	f.number(0, p)
	f.emit(vm.OpStore, index, p)
	loop := f.here()
	f.emit(vm.OpLoad, handle, p)
	f.emit(vm.OpLoad, index, p)
	f.call(next, p)
	f.emit(vm.OpDup, 0, p)
	f.emit(vm.OpStore, local, p)
	end := f.emit(vm.OpJumpIfFalse, 0, p)
	body()
	f.emit(vm.OpLoad, index, p)
	f.number(1, p)
	f.emit(vm.OpAdd, 0, p)
	f.emit(vm.OpStore, index, p)
	f.emit(vm.OpJump, loop, p)
	f.patch(end)
	return handle
}

// nested lowers an ability written inside a body (a delayed or a
// reflexive triggered ability), and calls the host function that creates
// it with its index.
func (e *cardEmitter) nested(f *fnBuilder, ab *checkedAbility, host string, pos dsl.Pos) {
	e.lower(ab)
	f.number(int64(ab.index), pos)
	f.call(host, pos)
}

func (e *cardEmitter) ifStmt(f *fnBuilder, s *checkedIf, a *checkedAbility) {
	switch {
	case s.did != nil:
		// "If you do": the last decision of the ability (CR 608.2c).
		f.call("did", s.pos)
		if !s.did.Yes() {
			f.emit(vm.OpNot, 0, s.pos)
		}
	case s.cant != nil:
		// `if you can't`: the choice before it returned nothing.
		f.emit(vm.OpLoad, s.cant.local, s.pos)
		f.emit(vm.OpNot, 0, s.pos)
	case s.condition != nil:
		e.args(f, s.condition.args, a, -1, nil)
		f.call(s.condition.fn.Name, s.condition.pos)
	default:
		f.cond(s.cond, s.sc)
	}
	skip := f.emit(vm.OpJumpIfFalse, 0, s.pos)
	e.block(f, s.then, a)
	if s.els == nil {
		f.patch(skip)
		return
	}
	end := f.emit(vm.OpJump, 0, s.pos)
	f.patch(skip)
	e.block(f, s.els, a)
	f.patch(end)
}

// intervening lowers the condition of a triggered ability's intervening
// "if" clause (CR 603.4) and a jump taken when it is false, whose index it
// returns for patching.
func (e *cardEmitter) intervening(f *fnBuilder, a *checkedAbility) int {
	act := a.intervening
	e.args(f, act.args, a, -1, nil)
	f.call(act.fn.Name, act.pos)
	return f.emit(vm.OpJumpIfFalse, 0, act.pos)
}

// action lowers one action: its arguments, in the order of its parameters,
// then the call, and what it returns stored where its name reads it; an
// action of `each player` in a loop over the players (playerLoop). An
// action on several targets (`destroy two target creatures`) is a loop
// that does it to each target chosen, in order (groupAction). An action
// that divides (`is divides`) gives each of its targets the function that
// computes the amount divided (vm.Target.Divide).
func (e *cardEmitter) action(f *fnBuilder, act *checkedAction, a *checkedAbility) {
	if act.where != nil {
		e.where(f, act.where, a)
	}
	if act.loop != nil {
		e.playerLoop(f, act, a)
		return
	}
	for i, ca := range act.args {
		if ca.group {
			e.groupAction(f, act, a, i)
			return
		}
	}
	e.call(f, act, a)
}

// call lowers one call of an action.
func (e *cardEmitter) call(f *fnBuilder, act *checkedAction, a *checkedAbility) {
	first := len(e.card.Abilities[a.index].Targets)
	e.args(f, act.args, a, -1, nil)
	f.call(act.fn.Name, act.pos)
	switch {
	case act.result != nil:
		if !act.result.hasLocal {
			act.result.local, act.result.hasLocal = a.tree.alloc(resultName(act.result)), true
		}
		f.emit(vm.OpStore, act.result.local, act.pos)
	case act.fn.Returns():
		f.emit(vm.OpPop, 0, act.pos)
	}
	if act.fn.Divides {
		e.divides(act, a, first)
	}
}

// groupAction lowers an action whose argument gi is a target of several
// objects: the target is added once, then the action is called for each
// object chosen (target_count, target_at), the others arguments read
// again each time.
func (e *cardEmitter) groupAction(f *fnBuilder, act *checkedAction, a *checkedAbility, gi int) {
	ca := act.args[gi]
	p := ca.arg.Pos
	e.target(ca.arg.Filter, a, ca.sc)
	mask := int64(1) << (len(e.card.Abilities[a.index].Targets) - 1)
	n := len(e.card.Abilities[a.index].Targets) - 1
	count := a.tree.alloc(fmt.Sprintf("target %d count", n))
	index := a.tree.alloc(fmt.Sprintf("target %d index", n))
	f.number(mask, p)
	f.call("target_count", p)
	f.emit(vm.OpStore, count, p)
	f.number(0, p)
	f.emit(vm.OpStore, index, p)
	loop := f.here()
	f.emit(vm.OpLoad, index, p)
	f.emit(vm.OpLoad, count, p)
	f.emit(vm.OpLt, 0, p)
	end := f.emit(vm.OpJumpIfFalse, 0, p)
	e.args(f, act.args, a, gi, func() {
		f.number(mask, p)
		f.emit(vm.OpLoad, index, p)
		f.call("target_at", p)
	})
	f.call(act.fn.Name, act.pos)
	if act.fn.Returns() {
		f.emit(vm.OpPop, 0, act.pos)
	}
	f.emit(vm.OpLoad, index, p)
	f.number(1, p)
	f.emit(vm.OpAdd, 0, p)
	f.emit(vm.OpStore, index, p)
	f.emit(vm.OpJump, loop, p)
	f.patch(end)
}

// divides gives the targets an action that divides added (from index
// first on) the function that returns its amount, which the host runs as
// the targets are chosen (CR 601.2d).
func (e *cardEmitter) divides(act *checkedAction, a *checkedAbility, first int) {
	var amount checkedArg
	for i, p := range act.fn.Params {
		if p.Name == "amount" {
			amount = act.args[i]
		}
	}
	fn := e.b.newFn(e.fnName(a, "divide"+strconv.Itoa(first)))
	e.args(fn, []checkedArg{amount}, a, -1, nil)
	fn.emit(vm.OpReturn, 0, act.pos)
	idx := e.b.addFunc(fn, a.tree)
	ts := e.card.Abilities[a.index].Targets
	for i := first; i < len(ts); i++ {
		ts[i].Divide = idx
	}
}

// may lowers `PLAYER may ACTION`: the player decides (may), and the
// action happens if they do (CR 608.2d).
func (e *cardEmitter) may(f *fnBuilder, s *checkedMay, a *checkedAbility) {
	f.sum(s.player, s.sc)
	f.call("may", s.pos)
	skip := f.emit(vm.OpJumpIfFalse, 0, s.pos)
	e.action(f, s.action, a)
	f.patch(skip)
}

// choose lowers a modal choice: the ability has its modes (vm.Ability
// Modes, ModeMin, ModeMax), each mode's statements happen if it was
// chosen (mode_chosen), in order, and the targets they add are that
// mode's (CR 700.2, 601.2c).
func (e *cardEmitter) choose(f *fnBuilder, s *checkedChoose, a *checkedAbility) {
	ab := &e.card.Abilities[a.index]
	ab.Modes, ab.ModeMin, ab.ModeMax = int32(len(s.modes)), int32(s.min), int32(s.max)
	for i, m := range s.modes {
		f.number(int64(i+1), s.pos)
		f.call("mode_chosen", s.pos)
		skip := f.emit(vm.OpJumpIfFalse, 0, s.pos)
		e.mode = int32(i + 1)
		e.block(f, m, a)
		e.mode = 0
		f.patch(skip)
	}
}

// resultName names the local of an action's result, for the
// disassembler.
func resultName(b *binding) string {
	if b.name != "" {
		return b.name
	}
	return "chosen"
}

// playerLoop lowers an action of `each player` (`each opponent sacrifices
// a land`): the host lists the players the filter describes, in APNAP
// order (each_player_begin), and the action is done for each of them in
// turn (each_player), its player argument the player of the turn; then
// each_player_end has what they chose to do happen at the same time
// (CR 101.4).
func (e *cardEmitter) playerLoop(f *fnBuilder, act *checkedAction, a *checkedAbility) {
	p := act.pos
	n := len(e.card.Abilities[a.index].Filters)
	sc := rootScope()
	for _, ca := range act.args {
		if ca.player != nil && ca.sc != nil {
			sc = ca.sc // the filter of the players, read where it was written
		}
	}
	fn := e.filterFunc(act.loop, a, sc, "filter"+strconv.Itoa(n))
	ab := &e.card.Abilities[a.index]
	ab.Filters = append(ab.Filters, fn)
	bind := func() int32 {
		act.player.local, act.player.hasLocal = a.tree.alloc(act.loop.Text), true
		return act.player.local
	}
	handle := loopOver(f, a, p, n, "players", "each_player_begin", "each_player", bind, func() { e.call(f, act, a) })
	f.emit(vm.OpLoad, handle, p)
	f.call("each_player_end", p)
}

// args pushes the arguments of an action or a continuous effect, in the
// order of its parameters: a parameter's default, one half of a P/T pair,
// the index of a granted ability, or the value written; argument over,
// if not -1, is pushed by push instead.
func (e *cardEmitter) args(f *fnBuilder, args []checkedArg, a *checkedAbility, over int, push func()) {
	// A default may read the parameters before it (vocab's
	// DefaultParams): their values are kept in locals as they are pushed.
	defScope := rootScope()
	for _, ca := range args {
		if ca.def == nil {
			continue
		}
		for _, n := range vocab.SumNames(ca.def) {
			if _, builtin := vocab.Builtins[n]; builtin || defScope.names[n] != nil {
				continue
			}
			if defScope == rootScope() {
				defScope = newScope(rootScope())
			}
			defScope.names[n] = &binding{name: n, local: a.tree.alloc("param " + n), hasLocal: true, used: true}
		}
	}
	for i, ca := range args {
		switch {
		case i == over:
			push()
		case ca.def != nil:
			// A default of the vocabulary, or the player of a `may`
			// (checkedMay) read where it was written.
			sc := defScope
			if ca.sc != nil {
				sc = ca.sc
			}
			f.at = &ca.pos
			f.sum(ca.def, sc)
			f.at = nil
		case ca.half != 0:
			e.ptHalf(f, ca, a)
		case ca.player != nil:
			// The player of the turn of a loop over players.
			f.emit(vm.OpLoad, ca.player.local, ca.arg.Pos)
		case ca.arg != nil && ca.arg.ForEach != nil:
			n := int64(-1)
			if ca.arg.Kind == vocab.ArgConst {
				n = ca.arg.Num
			} else if lit, ok := ca.arg.Expr.Number(); ok {
				n, _ = strconv.ParseInt(lit, 10, 64)
			}
			e.perEach(f, ca, a, n, func() { e.argValue(f, ca, a) })
		case ca.granted != nil:
			// The ability an action gives, by its index in the card.
			f.number(int64(ca.granted.index), ca.arg.Pos)
		case ca.arg.Kind == vocab.ArgText && a.granted != nil:
			// The ability granted, by its index in the card.
			f.number(int64(a.granted.index), ca.arg.Pos)
		default:
			e.argValue(f, ca, a)
		}
		if b := defScope.names[ca.param]; b != nil && defScope != rootScope() {
			p := ca.pos
			if ca.arg != nil {
				p = ca.arg.Pos
			}
			f.emit(vm.OpDup, 0, p)
			f.emit(vm.OpStore, b.local, p)
		}
	}
}

// ptHalf pushes one half of a +N/+M argument, its power (half 1) or its
// toughness (half 2): the number, or X times its sign ("+X/+0", "-X/-X",
// CR 107.3), made that many for each permanent its ForEach describes.
func (e *cardEmitter) ptHalf(f *fnBuilder, ca checkedArg, a *checkedAbility) {
	arg := ca.arg
	n, x := arg.Power, arg.PowerX
	if ca.half == 2 {
		n, x = arg.Toughness, arg.ToughnessX
	}
	if x == 0 {
		e.perEach(f, ca, a, n, func() { f.number(n, arg.Pos) })
		return
	}
	e.perEach(f, ca, a, -1, func() {
		e.xValue(f, ca, a)
		if x < 0 {
			f.emit(vm.OpNeg, 0, arg.Pos)
		}
	})
}

// xValue pushes the X of a +X/+X argument: what the phrase's `where X is
// N` says, computed now (each time a continuous effect applies, CR
// 611.3a; once, as an action happens, CR 608.2h), or else the X of the
// ability's scope — the X paid in a cost, or one a `where` statement
// before it named (CR 107.3).
func (e *cardEmitter) xValue(f *fnBuilder, ca checkedArg, a *checkedAbility) {
	if w := ca.arg.Where; w != nil {
		e.argValue(f, checkedArg{arg: w, sc: ca.sc}, a)
		return
	}
	sc := ca.sc
	if sc == nil {
		sc = rootScope()
	}
	f.ref(&dsl.Ref{Span: dsl.Span{Pos: ca.arg.Pos}, Name: "X"}, sc)
}

// perEach pushes a quantity, push, made that many for each permanent the
// argument's ForEach filter describes, counted by the host ("gain 1 life
// for each land you control"): the count times the quantity, or the count
// alone for a constant 1 — what "the number of lands you control" is —
// and 0 for a constant 0. n is the quantity when it is a constant, or
// -1. The filter is read in the argument's scope (a continuous effect's
// has vocab.Affected).
func (e *cardEmitter) perEach(f *fnBuilder, ca checkedArg, a *checkedAbility, n int64, push func()) {
	arg := ca.arg
	if arg.ForEach == nil {
		push()
		return
	}
	if n == 0 {
		f.number(0, arg.Pos)
		return
	}
	if n != 1 {
		push()
	}
	switch l, ok := e.counted[countedArg{f, arg}]; {
	case ok && ca.half == 2:
		// The toughness of a +N/+M: the count the power made.
		f.emit(vm.OpLoad, l, arg.Pos)
	case ca.half == 1:
		e.argValue(f, checkedArg{arg: &vocab.Arg{Kind: vocab.ArgCount, Pos: arg.Pos, Type: vocab.Type{Kind: vocab.KNumber}, Filter: arg.ForEach}, sc: ca.sc}, a)
		l := a.tree.alloc("count")
		if e.counted == nil {
			e.counted = map[countedArg]int32{}
		}
		e.counted[countedArg{f, arg}] = l
		f.emit(vm.OpDup, 0, arg.Pos)
		f.emit(vm.OpStore, l, arg.Pos)
	default:
		e.argValue(f, checkedArg{arg: &vocab.Arg{Kind: vocab.ArgCount, Pos: arg.Pos, Type: vocab.Type{Kind: vocab.KNumber}, Filter: arg.ForEach}, sc: ca.sc}, a)
	}
	if n != 1 {
		f.emit(vm.OpMul, 0, arg.Pos)
	}
}

// argValue pushes the value of an argument of an action.
func (e *cardEmitter) argValue(f *fnBuilder, ca checkedArg, a *checkedAbility) {
	arg, sc := ca.arg, ca.sc
	switch arg.Kind {
	case vocab.ArgCount:
		// How many permanents the filter describes: the filter by its
		// index into the ability's Filters, counted by the host.
		n := len(e.card.Abilities[a.index].Filters)
		fn := e.filterFunc(arg.Filter, a, sc, "filter"+strconv.Itoa(n))
		ab := &e.card.Abilities[a.index]
		ab.Filters = append(ab.Filters, fn)
		f.number(int64(n), arg.Pos)
		f.call("count", arg.Pos)
	case vocab.ArgQuery:
		// A query's phrase: its arguments, then the call.
		alt := arg.Pattern.Alts[0]
		for _, p := range alt.Template.Func.Params {
			if qa := alt.Args[p.Name]; qa != nil {
				e.argValue(f, checkedArg{arg: qa, sc: sc}, a)
				continue
			}
			f.at = &arg.Pos
			f.sum(alt.Template.Defaults.Of(p.Name), rootScope())
			f.at = nil
		}
		f.call(alt.Template.Func.Name, arg.Pos)
	case vocab.ArgTargets:
		// The targets, as the bits of their indexes in the ability's
		// Targets; a name given them holds that number.
		var mask int64
		for _, flt := range arg.Targets {
			e.target(flt, a, sc)
			mask |= int64(1) << (len(e.card.Abilities[a.index].Targets) - 1)
		}
		f.number(mask, arg.Pos)
		if ca.bind != nil {
			ca.bind.local, ca.bind.hasLocal = a.tree.alloc(ca.bind.name), true
			f.emit(vm.OpDup, 0, arg.Pos)
			f.emit(vm.OpStore, ca.bind.local, arg.Pos)
		}
	case vocab.ArgMana:
		f.emit(vm.OpSym, e.b.nameSym(vocab.KMana, arg.Name), arg.Pos)
	case vocab.ArgExpr:
		f.sum(arg.Expr, sc)
	case vocab.ArgConst:
		f.number(arg.Num, arg.Pos)
	case vocab.ArgName:
		f.emit(vm.OpSym, e.b.nameSym(arg.Type.Kind, arg.Name), arg.Pos)
	case vocab.ArgEventRef:
		event := sc.lookup(arg.Name)
		local := event.local
		if event.fields != nil {
			local = event.fieldLocal("id")
		}
		f.emit(vm.OpLoad, local, arg.Pos)
	case vocab.ArgFilter:
		switch {
		case arg.Type.Kind == vocab.KObjects:
			// The action gets the filter itself: an index into the
			// ability's Filters.
			n := len(e.card.Abilities[a.index].Filters)
			fn := e.filterFunc(arg.Filter, a, sc, "filter"+strconv.Itoa(n))
			ab := &e.card.Abilities[a.index]
			ab.Filters = append(ab.Filters, fn)
			f.number(int64(n), arg.Pos)
		case ca.choice:
			f.emit(vm.OpLoad, e.choice(arg.Filter, a, sc), arg.Pos)
		default:
			local := e.target(arg.Filter, a, sc)
			if ca.bind != nil {
				// A name for the target reads its local (bindTarget).
				ca.bind.local, ca.bind.hasLocal = local, true
			}
			f.emit(vm.OpLoad, local, arg.Pos)
		}
	}
}

// filterFunc adds a function that tests whether the candidate (local
// vm.LocalCandidate) satisfies a filter, named after its role.
func (e *cardEmitter) filterFunc(flt *vocab.Filter, a *checkedAbility, sc *scope, role string) int32 {
	fn := e.b.newFn(e.fnName(a, role))
	e.filter(fn, flt, sc, func() { fn.emit(vm.OpLoad, vm.LocalCandidate, flt.Pos) })
	fn.emit(vm.OpReturn, 0, flt.Pos)
	return e.b.addFunc(fn, a.tree)
}

// choice adds an object chosen to pay a cost to the ability and returns
// the local it is stored in.
func (e *cardEmitter) choice(flt *vocab.Filter, a *checkedAbility, sc *scope) int32 {
	n := len(e.card.Abilities[a.index].Choices)
	local := a.tree.alloc(fmt.Sprintf("choice %d", n))
	idx := e.filterFunc(flt, a, sc, "choice"+strconv.Itoa(n))
	ab := &e.card.Abilities[a.index]
	ab.Choices = append(ab.Choices, vm.Target{Filter: idx, Local: local, Text: flt.Text, Zone: vm.NoSymbol, Divide: vm.NoFunc})
	return local
}

// target adds a target to the ability and returns the local it is stored
// in.
func (e *cardEmitter) target(flt *vocab.Filter, a *checkedAbility, sc *scope) int32 {
	n := len(e.card.Abilities[a.index].Targets)
	fn := e.b.newFn(e.fnName(a, "target"+strconv.Itoa(n)))
	e.filter(fn, flt, sc, func() { fn.emit(vm.OpLoad, vm.LocalCandidate, flt.Pos) })
	fn.emit(vm.OpReturn, 0, flt.Pos)
	local := a.tree.alloc(fmt.Sprintf("target %d", n))
	idx := e.b.addFunc(fn, a.tree)
	ab := &e.card.Abilities[a.index]
	zone := vm.NoSymbol
	switch {
	case flt.Zone != "":
		zone = e.b.nameSym(vocab.KZone, flt.Zone)
	case filterNames(flt, "spell"):
		// A spell is an object on the stack (CR 112.1, 115.1a).
		zone = e.b.nameSym(vocab.KZone, "stack")
	}
	t := vm.Target{Filter: idx, Local: local, Text: flt.Text, Zone: zone, Divide: vm.NoFunc, Mode: e.mode}
	if c := flt.Count; c != nil && (c.Min != 1 || c.Max != 1) {
		t.Min, t.Max = int32(c.Min), int32(c.Max)
		if c.Max == vocab.AnyNumber {
			t.Max = vm.AnyNumber
		}
	}
	ab.Targets = append(ab.Targets, t)
	return local
}

// filterWord pushes whether the subject satisfies one word of a filter.
func (e *cardEmitter) filterWord(f *fnBuilder, flt *vocab.Filter, w vocab.FilterWord, subject func()) {
	subject()
	switch w.Kind {
	case vocab.KCardType:
		f.emit(vm.OpSym, e.b.nameSym(w.Kind, w.Name), flt.Pos)
		f.call("is_type", flt.Pos)
	case vocab.KSupertype:
		f.emit(vm.OpSym, e.b.nameSym(w.Kind, w.Name), flt.Pos)
		f.call("is_supertype", flt.Pos)
	case vocab.KSubtype:
		f.emit(vm.OpSym, e.b.nameSym(w.Kind, w.Name), flt.Pos)
		f.call("is_subtype", flt.Pos)
	case vocab.KColor:
		f.emit(vm.OpSym, e.b.nameSym(w.Kind, w.Name), flt.Pos)
		f.call("has_color", flt.Pos)
	default:
		f.call(w.Query, flt.Pos)
	}
	if w.Name == "opponent" {
		and := f.emit(vm.OpJumpIfFalseOrPop, 0, flt.Pos)
		subject()
		f.emit(vm.OpLoad, vm.LocalYou, flt.Pos)
		f.emit(vm.OpNe, 0, flt.Pos)
		f.patch(and)
	}
	if w.Neg {
		f.emit(vm.OpNot, 0, flt.Pos)
	}
}
