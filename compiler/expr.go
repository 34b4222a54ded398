package compiler

import (
	"sort"
	"strconv"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
)

// typeOf checks an arithmetic expression and returns its type.
func typeOf(s *dsl.Sum, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	t, d := productType(s.Left, sc, v)
	if d != nil || len(s.Rest) == 0 {
		return t, d
	}
	if d := wantNumber(t, s.Left.Pos, dsl.SumString(s)); d != nil {
		return t, d
	}
	for _, r := range s.Rest {
		rt, d := productType(r.Right, sc, v)
		if d != nil {
			return rt, d
		}
		if d := wantNumber(rt, r.Right.Pos, dsl.SumString(s)); d != nil {
			return rt, d
		}
	}
	return Type{Kind: KNumber}, nil
}

func wantNumber(t Type, p dsl.Pos, in string) *dsl.Diagnostic {
	if t.Kind == KNumber || t == poisoned {
		return nil
	}
	d := dsl.Errorf(p, CodeType, "arithmetic needs numbers, but this is %s (in %q)", article(t.String()), in)
	return &d
}

func productType(p *dsl.Product, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	t, d := unaryType(p.Left, sc, v)
	if d != nil || len(p.Rest) == 0 {
		return t, d
	}
	if d := wantNumber(t, p.Left.Pos, dsl.SumString(&dsl.Sum{Left: p})); d != nil {
		return t, d
	}
	for _, r := range p.Rest {
		rt, d := unaryType(r.Right, sc, v)
		if d != nil {
			return rt, d
		}
		if d := wantNumber(rt, r.Right.Pos, dsl.SumString(&dsl.Sum{Left: p})); d != nil {
			return rt, d
		}
	}
	return Type{Kind: KNumber}, nil
}

func unaryType(u *dsl.Unary, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	if u.Neg != nil {
		t, d := unaryType(u.Neg, sc, v)
		if d != nil {
			return t, d
		}
		return t, wantNumber(t, u.Pos, dsl.SumString(&dsl.Sum{Left: &dsl.Product{Left: u}}))
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		if _, err := strconv.ParseInt(*pr.Number, 10, 64); err != nil {
			d := dsl.Errorf(pr.Pos, CodeType, "number %s is too large", *pr.Number)
			return Type{}, &d
		}
		return Type{Kind: KNumber}, nil
	case pr.Paren != nil:
		return condType(pr.Paren, sc, v)
	default:
		return refType(pr.Ref, sc, v)
	}
}

// refType resolves a name and its field accesses.
func refType(r *dsl.Ref, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	b := sc.lookup(r.Name)
	if b == nil {
		d := dsl.Errorf(r.Pos, CodeUndefined, "%q is not defined here", r.Name)
		d.Hint = suggestName(r.Name, sc)
		return Type{}, &d
	}
	b.used = true
	t := b.typ
	for _, f := range r.Fields {
		nt, ok := fieldType(t, f, v)
		if !ok {
			d := dsl.Errorf(r.Pos, CodeUnknownField, "%s has no field %q", article(t.String()), f)
			d.Hint = hintFrom(f, fieldNames(t, v))
			return Type{}, &d
		}
		t = nt
	}
	return t, nil
}

// fieldType is the type of `x.f` for x of type t: a field of an event, or a
// one-argument query of the vocabulary.
func fieldType(t Type, f string, v *Vocab) (Type, bool) {
	if t == poisoned {
		return poisoned, true
	}
	if t.Kind == KEvent {
		if fd := v.Events[t.Event].Field(f); fd != nil {
			return fd.Type, true
		}
		return Type{}, false
	}
	if q := v.Funcs[f]; q != nil && !q.Action && len(q.Params) == 1 && q.Params[0].Type.accepts(t) {
		return q.Result, true
	}
	return Type{}, false
}

// fieldNames lists the fields `x.f` can name for x of type t.
func fieldNames(t Type, v *Vocab) []string {
	var out []string
	if t.Kind == KEvent {
		for _, f := range v.Events[t.Event].Fields {
			out = append(out, f.Name)
		}
		return out
	}
	for name, q := range v.Funcs {
		if !q.Action && len(q.Params) == 1 && q.Params[0].Type.accepts(t) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// condType checks a condition and returns its type.
func condType(c *dsl.Cond, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	if len(c.Right) == 0 {
		return andType(c.Left, sc, v)
	}
	for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
		t, d := andType(a, sc, v)
		if d != nil {
			return t, d
		}
		if t.Kind != KBool && t != poisoned {
			d := dsl.Errorf(a.Pos, CodeType, "`or` needs conditions, but this is %s", article(t.String()))
			return t, &d
		}
	}
	return Type{Kind: KBool}, nil
}

func andType(a *dsl.AndCond, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	if len(a.Right) == 0 {
		return notType(a.Left, sc, v)
	}
	for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
		t, d := notType(n, sc, v)
		if d != nil {
			return t, d
		}
		if t.Kind != KBool && t != poisoned {
			d := dsl.Errorf(n.Pos, CodeType, "`and` needs conditions, but this is %s", article(t.String()))
			return t, &d
		}
	}
	return Type{Kind: KBool}, nil
}

func notType(n *dsl.NotCond, sc *scope, v *Vocab) (Type, *dsl.Diagnostic) {
	if n.Not != nil {
		t, d := notType(n.Not, sc, v)
		if d == nil && t.Kind != KBool && t != poisoned {
			dd := dsl.Errorf(n.Pos, CodeType, "`not` needs a condition, but this is %s", article(t.String()))
			d = &dd
		}
		return Type{Kind: KBool}, d
	}
	lt, d := typeOf(n.Cmp.Left, sc, v)
	if d != nil || n.Cmp.Op == "" {
		return lt, d
	}
	rt, d := typeOf(n.Cmp.Right, sc, v)
	if d != nil {
		return rt, d
	}
	if lt == poisoned || rt == poisoned {
		return Type{Kind: KBool}, nil
	}
	switch n.Cmp.Op {
	case "==", "!=":
		if !lt.accepts(rt) && !rt.accepts(lt) {
			d := dsl.Errorf(n.Cmp.Pos, CodeType, "cannot compare %s with %s", article(lt.String()), article(rt.String()))
			return lt, &d
		}
	default:
		if lt.Kind != KNumber || rt.Kind != KNumber {
			d := dsl.Errorf(n.Cmp.Pos, CodeType, "%s compares numbers, not %s and %s", n.Cmp.Op, article(lt.String()), article(rt.String()))
			return lt, &d
		}
	}
	return Type{Kind: KBool}, nil
}

// ---- emission: the expressions were checked by typeOf or condType --------

func (f *fnBuilder) sum(s *dsl.Sum, sc *scope, v *Vocab) {
	f.product(s.Left, sc, v)
	for _, r := range s.Rest {
		f.product(r.Right, sc, v)
		if r.Op == "+" {
			f.emit(vm.OpAdd, 0, r.Pos)
		} else {
			f.emit(vm.OpSub, 0, r.Pos)
		}
	}
}

func (f *fnBuilder) product(p *dsl.Product, sc *scope, v *Vocab) {
	f.unary(p.Left, sc, v)
	for _, r := range p.Rest {
		f.unary(r.Right, sc, v)
		if r.Op == "*" {
			f.emit(vm.OpMul, 0, r.Pos)
		} else {
			f.emit(vm.OpDiv, 0, r.Pos)
		}
	}
}

func (f *fnBuilder) unary(u *dsl.Unary, sc *scope, v *Vocab) {
	if u.Neg != nil {
		f.unary(u.Neg, sc, v)
		f.emit(vm.OpNeg, 0, u.Pos)
		return
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		n, _ := strconv.ParseInt(*pr.Number, 10, 64)
		f.number(n, pr.Pos)
	case pr.Paren != nil:
		f.cond(pr.Paren, sc, v)
	default:
		f.ref(pr.Ref, sc, v)
	}
}

// ref pushes the value of a name and its field accesses.
func (f *fnBuilder) ref(r *dsl.Ref, sc *scope, v *Vocab) {
	b := sc.lookup(r.Name)
	if b == nil || b.typ == poisoned {
		// The card already has an error; this code is never run.
		f.emit(vm.OpInt, 0, r.Pos)
		return
	}
	fields := r.Fields
	t := b.typ
	switch {
	case b.constant != nil:
		f.number(*b.constant, r.Pos)
	case b.query != "":
		f.call(v.Funcs[b.query], r.Pos)
	case b.field != "":
		f.emit(vm.OpField, f.b.sym(vm.Symbol{Kind: vm.SymField, Name: b.field}), r.Pos)
	case b.symName != "":
		f.emit(vm.OpSym, f.b.sym(vm.Symbol{Kind: vm.SymName, Name: b.symName}), r.Pos)
	case t.Kind == KEvent && len(fields) > 0:
		f.emit(vm.OpLoad, b.fieldLocal(fields[0]), r.Pos)
		t, _ = fieldType(t, fields[0], v)
		fields = fields[1:]
	default:
		f.emit(vm.OpLoad, b.local, r.Pos)
	}
	for _, name := range fields {
		f.call(v.Funcs[name], r.Pos)
		t, _ = fieldType(t, name, v)
	}
}

func (f *fnBuilder) cond(c *dsl.Cond, sc *scope, v *Vocab) {
	f.and(c.Left, sc, v)
	for _, r := range c.Right {
		f.and(r, sc, v)
		f.emit(vm.OpOr, 0, r.Pos)
	}
}

func (f *fnBuilder) and(a *dsl.AndCond, sc *scope, v *Vocab) {
	f.not(a.Left, sc, v)
	for _, r := range a.Right {
		f.not(r, sc, v)
		f.emit(vm.OpAnd, 0, r.Pos)
	}
}

var compareOps = map[string]vm.Opcode{
	"==": vm.OpEq, "!=": vm.OpNe, "<": vm.OpLt, "<=": vm.OpLe, ">": vm.OpGt, ">=": vm.OpGe,
}

func (f *fnBuilder) not(n *dsl.NotCond, sc *scope, v *Vocab) {
	if n.Not != nil {
		f.not(n.Not, sc, v)
		f.emit(vm.OpNot, 0, n.Pos)
		return
	}
	f.sum(n.Cmp.Left, sc, v)
	if n.Cmp.Op != "" {
		f.sum(n.Cmp.Right, sc, v)
		f.emit(compareOps[n.Cmp.Op], 0, n.Cmp.Pos)
	}
}

// fieldScope is the scope of a `where` condition of the vocabulary: the
// event's fields, the vocabulary's names, and you.
func fieldScope(e *EventKind, v *Vocab) *scope {
	sc := newScope(rootScope())
	for _, fd := range e.Fields {
		sc.names[fd.Name] = &binding{name: fd.Name, typ: fd.Type, field: vm.FieldSymbol(e.Name, fd.Name).Name, builtin: true}
	}
	for _, k := range []Kind{KZone, KStep, KCardType, KColor, KCounter} {
		for name := range v.names[k] {
			sc.names[name] = &binding{name: name, typ: Type{Kind: k}, symName: vm.NameSymbol(k.nameKind(), name).Name, builtin: true}
		}
	}
	return sc
}
