package vm

import (
	"errors"
	"fmt"
)

// Host is everything the machine needs from a game.
//
// Both methods get the Frame of the running function: what runs, its
// locals, and the Context the host passed to RunWith. A Host may call
// Machine.Run again from inside Call (see Machine.Run).
type Host interface {
	// Call runs host function fn (an id returned by the Linker for a
	// SymFunc) with args (first argument first). args aliases the machine's
	// stack, and f is the machine's: the host must keep neither. The result
	// is ignored for functions that don't return.
	Call(f *Frame, fn int32, args []Value) (Value, error)
	// Field reads a field (an id the Linker returned for a SymField) of the
	// event being matched or replaced.
	Field(f *Frame, field int32) (Value, error)
}

// Linker resolves the symbols of a program to the host's ids.
type Linker interface {
	// Link returns the host's id for sym, or an error if the host does not
	// know it. The machine trusts the arity and result of a SymFunc
	// (Symbol.Arity, Symbol.Returns), which the program says: a Linker
	// refuses a function the host has with another arity or result, as
	// package stdhost's binding does from the vocabulary's facts; the
	// machine has no way to know the host's.
	Link(sym Symbol) (int32, error)
}

// LinkerFunc adapts an ordinary function to the Linker interface.
type LinkerFunc func(sym Symbol) (int32, error)

// Link calls f(sym).
func (f LinkerFunc) Link(sym Symbol) (int32, error) { return f(sym) }

// Linked is a program whose symbols are resolved for one host. Neither a
// Linked nor its Program may be modified once it is linked; they are only
// read, so one Linked may be shared by any number of Machines, in any
// number of goroutines (each Machine belongs to one goroutine).
type Linked struct {
	// Program is the program that was linked.
	Program *Program
	ids     []int32 // ids[i] is the host's id for Program.Symbols[i]
	// funcs[i] is what the machine runs of Program.Funcs[i].
	funcs []linkedFunc
	// owners[i] is the ability Program.Funcs[i] belongs to.
	owners []Owner
	// unlinked are the cards LinkPartial left out.
	unlinked []UnlinkedCard
}

// linkedFunc is a function as the machine runs it.
type linkedFunc struct {
	f *Func
	// code is f.Code as the machine runs it, with superinstructions
	// (fuse.go).
	code      []op
	numLocals int
	// maxBase is the highest stack pointer a run of f may start at:
	// StackSize less f.MaxStack, or -1 for a function LinkPartial left
	// out, so that Run refuses it with no test of its own.
	maxBase int
	// unlinked are the symbols f uses that the host refused (LinkPartial).
	unlinked []int32
}

// Link resolves every symbol of p once, in order, through l. The error names
// the first symbol that failed and wraps the Linker's error. Call
// CheckVocabulary first: it refuses a bundle of another vocabulary or
// major version, and names every symbol the host lacks at once, with the
// cards that use it. To run the cards a host can and leave out the
// others, link with LinkPartial instead.
//
// Link does not verify p: Decode does, and a Program built in memory must
// pass Verify before it runs.
func Link(p *Program, l Linker) (*Linked, error) {
	if p == nil {
		return nil, errors.New("vm: link: nil program")
	}
	if l == nil {
		return nil, errors.New("vm: link: nil linker")
	}
	ids := make([]int32, len(p.Symbols))
	for i, sym := range p.Symbols {
		id, err := l.Link(sym)
		if err != nil {
			return nil, fmt.Errorf("vm: link symbol %d (%s %q): %w", i, sym.Kind, sym.Name, err)
		}
		ids[i] = id
	}
	return newLinked(p, ids), nil
}

// newLinked prepares p to run with the host's ids of its symbols.
func newLinked(p *Program, ids []int32) *Linked {
	funcs := make([]linkedFunc, len(p.Funcs))
	for i := range p.Funcs {
		f := &p.Funcs[i]
		funcs[i] = linkedFunc{f: f, code: ops(f.Code, p.Symbols, ids, true), numLocals: int(f.NumLocals), maxBase: StackSize - int(f.MaxStack)}
	}
	return &Linked{Program: p, ids: ids, funcs: funcs, owners: owners(p)}
}

// ID returns the host's id for Program.Symbols[sym], such as an ability's
// Event or Rule. It returns NoFunc when sym is not a symbol index (NoFunc
// included).
func (l *Linked) ID(sym int32) int32 {
	if sym < 0 || int(sym) >= len(l.ids) {
		return NoFunc
	}
	return l.ids[sym]
}
