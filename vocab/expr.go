package vocab

import (
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Scope is what type checking needs to know of the names an expression can
// use: the compiler's scopes of abilities, or the fields of an event in a
// `where` condition of the vocabulary.
type Scope interface {
	// Type returns the type of a name bound here, and whether it is bound.
	Type(name string) (Type, bool)
	// Use records that a bound name is used (for the unused-name warning).
	Use(name string)
	// Names lists every name bound here, sorted, for hints.
	Names() []string
}

// TypeOf checks an arithmetic expression and returns its type. Every
// name it reads is marked used.
func (v *Vocab) TypeOf(s *dsl.Sum, sc Scope) (Type, *Mismatch) {
	t, d := v.sumType(s, sc)
	if d == nil && t.Kind == KNumber {
		d = constantRange(s)
	}
	return t, d
}

func (v *Vocab) sumType(s *dsl.Sum, sc Scope) (Type, *Mismatch) {
	t, d := v.productType(s.Left, sc)
	if d != nil || len(s.Rest) == 0 {
		return t, d
	}
	if d := wantNumber(t, s.Left.Pos, func() string { return dsl.SumString(s) }); d != nil {
		return t, d
	}
	for _, r := range s.Rest {
		rt, d := v.productType(r.Right, sc)
		if d != nil {
			return rt, d
		}
		if d := wantNumber(rt, r.Right.Pos, func() string { return dsl.SumString(s) }); d != nil {
			return rt, d
		}
	}
	return Type{Kind: KNumber}, nil
}

// wantNumber reports an operand of arithmetic that is not a number; in
// renders the expression, only when it is needed.
func wantNumber(t Type, p dsl.Pos, in func() string) *Mismatch {
	if t.Kind == KNumber || t == Poisoned {
		return nil
	}
	d := dsl.Errorf(p, CodeType, "arithmetic needs numbers, but this is %s (in %q)", Article(t.String()), in())
	return &Mismatch{Diagnostic: d}
}

func (v *Vocab) productType(p *dsl.Product, sc Scope) (Type, *Mismatch) {
	t, d := v.unaryType(p.Left, sc)
	if d != nil || len(p.Rest) == 0 {
		return t, d
	}
	in := func() string { return dsl.SumString(&dsl.Sum{Left: p}) }
	if d := wantNumber(t, p.Left.Pos, in); d != nil {
		return t, d
	}
	for _, r := range p.Rest {
		rt, d := v.unaryType(r.Right, sc)
		if d != nil {
			return rt, d
		}
		if d := wantNumber(rt, r.Right.Pos, in); d != nil {
			return rt, d
		}
	}
	return Type{Kind: KNumber}, nil
}

func (v *Vocab) unaryType(u *dsl.Unary, sc Scope) (Type, *Mismatch) {
	if u.Neg != nil {
		t, d := v.unaryType(u.Neg, sc)
		if d != nil {
			return t, d
		}
		return t, wantNumber(t, u.Pos, func() string { return dsl.SumString(&dsl.Sum{Left: &dsl.Product{Left: u}}) })
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		if _, err := strconv.ParseInt(*pr.Number, 10, 64); err != nil {
			d := dsl.Errorf(pr.Pos, CodeType, "number %s is too large", *pr.Number)
			return Type{}, &Mismatch{Diagnostic: d}
		}
		return Type{Kind: KNumber}, nil
	case pr.Paren != nil:
		return v.CondType(pr.Paren, sc)
	default:
		return v.refType(pr.Ref, sc)
	}
}

// refType resolves a name and its field accesses.
func (v *Vocab) refType(r *dsl.Ref, sc Scope) (Type, *Mismatch) {
	t, ok := sc.Type(r.Name)
	if !ok {
		return Type{}, &Mismatch{Diagnostic: Undefined(r.Pos, r.Name, sc), Undefined: r.Name}
	}
	sc.Use(r.Name)
	for _, f := range r.Fields {
		nt, ok := v.FieldType(t, f)
		if !ok {
			d := dsl.Errorf(r.Pos, CodeUnknownField, "%s has no field %q", Article(t.String()), f)
			d.Hint = dsl.DidYouMean(f, v.fieldNames(t))
			return Type{}, &Mismatch{Diagnostic: d}
		}
		t = nt
	}
	return t, nil
}

// Undefined is the diagnostic of a name that is not bound where it is
// used.
func Undefined(p dsl.Pos, name string, sc Scope) dsl.Diagnostic {
	d := dsl.Errorf(p, CodeUndefined, "%q is not defined here", name)
	if name == "X" {
		d.Hint = UndefinedXHint
		return d
	}
	d.Hint = dsl.DidYouMean(name, sc.Names())
	if d.Hint == "" {
		d.Hint = oracleWordHint(name)
	}
	return d
}

// UndefinedXHint says where X gets its value, for an ability that uses X
// where none is defined.
const UndefinedXHint = "X is what {X} or -X in the cost of the spell or ability pays (CR 107.3), or what `where X is N` says, on a line before it or after the phrase: " +
	"`deal X damage to any target where X is the number of Goblins you control`, `static enchanted creature gets +X/+X where X is the number of creatures you control`"

// oracleWordHint says, for a word Oracle text uses to name a player or an
// object that a card of the language does not name that way ("deal 2
// damage to opponent", "destroy it"), what a card names instead; "" for
// any other word.
func oracleWordHint(name string) string {
	switch strings.ToLower(name) {
	case "opponent", "opponents", "player", "players", "controller", "owner", "they", "them", "their", "defender":
		return `a card names a player as "you", a target ("target opponent", "target player"), or a name it bound with "as" ("a player as p" in a trigger); SPEC's section Phrases says which`
	case "it", "its", "that", "creature", "permanent", "spell":
		return `a card names an object as "this", a target ("target creature"), a name it bound with "as" ("a creature as creature" in a trigger), or a field ("this.attached_to"); SPEC's section Phrases says which`
	}
	return ""
}

// FieldType is the type of `x.f` for x of type t: a field of an event, or a
// one-argument query of the vocabulary.
func (v *Vocab) FieldType(t Type, f string) (Type, bool) {
	if t == Poisoned {
		return Poisoned, true
	}
	if t.Kind == KEvent {
		if fd := v.Event(t.Event).Field(f); fd != nil {
			return fd.Type, true
		}
		return Type{}, false
	}
	if q := v.Func(f); q != nil && q.Query() && len(q.Params) == 1 && q.Params[0].Type.Accepts(t) {
		return q.Result, true
	}
	return Type{}, false
}

// fieldNames lists the fields `x.f` can name for x of type t.
func (v *Vocab) fieldNames(t Type) []string {
	var out []string
	if t.Kind == KEvent {
		for _, f := range v.Event(t.Event).Fields {
			out = append(out, f.Name)
		}
		return out
	}
	for _, q := range v.funcs { // sorted by name
		if q.Query() && len(q.Params) == 1 && q.Params[0].Type.Accepts(t) {
			out = append(out, q.Name)
		}
	}
	return out
}

// CondType checks a condition and returns its type.
func (v *Vocab) CondType(c *dsl.Cond, sc Scope) (Type, *Mismatch) {
	if len(c.Right) == 0 {
		return v.andType(c.Left, sc)
	}
	for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
		t, d := v.andType(a, sc)
		if d != nil {
			return t, d
		}
		if t.Kind != KBool && t != Poisoned {
			d := dsl.Errorf(a.Pos, CodeType, "`or` needs conditions, but this is %s", Article(t.String()))
			return t, &Mismatch{Diagnostic: d}
		}
	}
	return Type{Kind: KBool}, nil
}

func (v *Vocab) andType(a *dsl.AndCond, sc Scope) (Type, *Mismatch) {
	if len(a.Right) == 0 {
		return v.notType(a.Left, sc)
	}
	for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
		t, d := v.notType(n, sc)
		if d != nil {
			return t, d
		}
		if t.Kind != KBool && t != Poisoned {
			d := dsl.Errorf(n.Pos, CodeType, "`and` needs conditions, but this is %s", Article(t.String()))
			return t, &Mismatch{Diagnostic: d}
		}
	}
	return Type{Kind: KBool}, nil
}

func (v *Vocab) notType(n *dsl.NotCond, sc Scope) (Type, *Mismatch) {
	if n.Not != nil {
		t, d := v.notType(n.Not, sc)
		if d == nil && t.Kind != KBool && t != Poisoned {
			d = &Mismatch{Diagnostic: dsl.Errorf(n.Pos, CodeType, "`not` needs a condition, but this is %s", Article(t.String()))}
		}
		return Type{Kind: KBool}, d
	}
	lt, d := v.TypeOf(n.Cmp.Left, sc)
	if d != nil || n.Cmp.Op == "" {
		return lt, d
	}
	rt, d := v.TypeOf(n.Cmp.Right, sc)
	if d != nil {
		return rt, d
	}
	if lt == Poisoned || rt == Poisoned {
		return Type{Kind: KBool}, nil
	}
	switch n.Cmp.Op {
	case "==", "!=":
		if !lt.Accepts(rt) && !rt.Accepts(lt) {
			d := dsl.Errorf(n.Cmp.Pos, CodeType, "cannot compare %s with %s", Article(lt.String()), Article(rt.String()))
			return lt, &Mismatch{Diagnostic: d}
		}
	default:
		if lt.Kind != KNumber || rt.Kind != KNumber {
			d := dsl.Errorf(n.Cmp.Pos, CodeType, "%s compares numbers, not %s and %s", n.Cmp.Op, Article(lt.String()), Article(rt.String()))
			return lt, &Mismatch{Diagnostic: d}
		}
	}
	return Type{Kind: KBool}, nil
}

// Article puts "a" or "an" before a word.
func Article(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + s
	}
	return "a " + s
}
