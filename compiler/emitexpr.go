package compiler

import (
	"strconv"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// Expressions are lowered as they are written; the checker has typed them
// (vocab.Vocab.TypeOf and CondType), so every name resolves.

func (f *fnBuilder) sum(s *dsl.Sum, sc *scope) {
	f.product(s.Left, sc)
	for _, r := range s.Rest {
		f.product(r.Right, sc)
		if r.Op == "+" {
			f.emit(vm.OpAdd, 0, r.Pos)
		} else {
			f.emit(vm.OpSub, 0, r.Pos)
		}
	}
}

func (f *fnBuilder) product(p *dsl.Product, sc *scope) {
	f.unary(p.Left, sc)
	for _, r := range p.Rest {
		f.unary(r.Right, sc)
		if r.Op == "*" {
			f.emit(vm.OpMul, 0, r.Pos)
		} else {
			f.emit(vm.OpDiv, 0, r.Pos)
		}
	}
}

func (f *fnBuilder) unary(u *dsl.Unary, sc *scope) {
	if u.Neg != nil {
		f.unary(u.Neg, sc)
		f.emit(vm.OpNeg, 0, u.Pos)
		return
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		n, _ := strconv.ParseInt(*pr.Number, 10, 64)
		f.number(n, pr.Pos)
	case pr.Paren != nil:
		f.cond(pr.Paren, sc)
	default:
		f.ref(pr.Ref, sc)
	}
}

// ref pushes the value of a name and its field accesses.
func (f *fnBuilder) ref(r *dsl.Ref, sc *scope) {
	b := sc.lookup(r.Name)
	fields := r.Fields
	switch {
	case b.constant != nil:
		f.number(*b.constant, r.Pos)
	case b.query != "":
		f.call(b.query, r.Pos)
	case b.field != nil:
		f.emit(vm.OpField, f.b.sym(*b.field), r.Pos)
	case b.symbol != nil:
		f.emit(vm.OpSym, f.b.sym(*b.symbol), r.Pos)
	case b.alias != nil:
		f.emit(vm.OpLoad, b.alias.fieldLocal(b.aliasField), r.Pos)
	case b.typ.Kind == vocab.KEvent && len(fields) > 0:
		f.emit(vm.OpLoad, b.fieldLocal(fields[0]), r.Pos)
		fields = fields[1:]
	default:
		f.emit(vm.OpLoad, b.local, r.Pos)
	}
	for _, name := range fields {
		f.call(name, r.Pos) // a query of one object, read as a field
	}
}

// cond pushes a condition: `or` of `and`s, each evaluated left to right
// and stopping as soon as the result is known.
func (f *fnBuilder) cond(c *dsl.Cond, sc *scope) {
	or := f.shortCircuit(vm.OpJumpIfTrueOrPop)
	or.next(c.Pos)
	f.and(c.Left, sc)
	for _, r := range c.Right {
		or.next(r.Pos)
		f.and(r, sc)
	}
	or.end()
}

func (f *fnBuilder) and(a *dsl.AndCond, sc *scope) {
	and := f.shortCircuit(vm.OpJumpIfFalseOrPop)
	and.next(a.Pos)
	f.not(a.Left, sc)
	for _, r := range a.Right {
		and.next(r.Pos)
		f.not(r, sc)
	}
	and.end()
}

// chain is a short-circuit `and` or `or` being emitted: between two
// operands it emits a jump that leaves the result and skips the operands
// left once an operand decides (false for `and`, true for `or`), so that a
// host query on the right runs only when the left has not decided.
type chain struct {
	f     *fnBuilder
	op    vm.Opcode // OpJumpIfFalseOrPop (and), OpJumpIfTrueOrPop (or)
	n     int       // operands so far
	jumps []int     // to patch to the end
}

// shortCircuit starts a chain joined by op.
func (f *fnBuilder) shortCircuit(op vm.Opcode) *chain { return &chain{f: f, op: op} }

// next is called before each operand is pushed.
func (c *chain) next(p dsl.Pos) {
	if c.n > 0 {
		c.jumps = append(c.jumps, c.f.emit(c.op, 0, p))
	}
	c.n++
}

// end closes the chain, after its last operand: the jumps land here, with
// the deciding operand's value on the stack.
func (c *chain) end() {
	for _, j := range c.jumps {
		c.f.patch(j)
	}
}

var compareOps = map[string]vm.Opcode{
	"==": vm.OpEq, "!=": vm.OpNe, "<": vm.OpLt, "<=": vm.OpLe, ">": vm.OpGt, ">=": vm.OpGe,
}

func (f *fnBuilder) not(n *dsl.NotCond, sc *scope) {
	if n.Not != nil {
		f.not(n.Not, sc)
		f.emit(vm.OpNot, 0, n.Pos)
		return
	}
	f.sum(n.Cmp.Left, sc)
	if n.Cmp.Op != "" {
		f.sum(n.Cmp.Right, sc)
		f.emit(compareOps[n.Cmp.Op], 0, n.Cmp.Pos)
	}
}
