package compiler

import (
	"math"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
)

// builder assembles a vm.Program, sharing symbols and constants between
// all the cards it compiles.
type builder struct {
	prog   *vm.Program
	syms   map[vm.Symbol]int32
	consts map[vm.Value]int32
}

func newBuilder() *builder {
	return &builder{prog: &vm.Program{}, syms: map[vm.Symbol]int32{}, consts: map[vm.Value]int32{}}
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

func (b *builder) nameSym(kind vm.NameKind, name string) int32 {
	return b.sym(vm.NameSymbol(kind, name))
}

func (b *builder) funcSym(f *FuncInfo) int32 {
	return b.sym(vm.Symbol{Kind: vm.SymFunc, Name: f.Name, Arity: uint8(len(f.Params)), Returns: !f.Action})
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

// addFunc finishes a function and adds it to the program.
func (b *builder) addFunc(f *fnBuilder, numLocals int32) (int32, error) {
	depth, err := vm.MaxStackDepth(f.code, b.prog.Symbols)
	if err != nil {
		return vm.NoFunc, err
	}
	i := int32(len(b.prog.Funcs))
	b.prog.Funcs = append(b.prog.Funcs, vm.Func{
		Name: f.name, NumLocals: numLocals, MaxStack: depth, Code: f.code, Pos: f.pos,
	})
	return i, nil
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
func (f *fnBuilder) call(fi *FuncInfo, p dsl.Pos) {
	f.emit(vm.OpCall, f.b.funcSym(fi), p)
}
