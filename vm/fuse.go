package vm

// Superinstructions. Link rewrites a copy of each function's code for the
// interpreter, as ops that carry their operands as the machine uses them
// (the host's ids of the symbols, a call's arity): where a common sequence of instructions starts (a field
// compared with "this" and a conditional jump, a field stored into a
// local, a return of a constant...), it puts one instruction that does the
// whole sequence, and leaves the rest of the sequence in place after it. A
// jump into the middle of a sequence therefore finds the instructions of
// the program, and the program itself, its format, Verify and the
// disassembler know nothing of them: they are not opcodes of the binary
// format, and every bundle, old or new, runs with them.
//
// A superinstruction counts as the instructions it stands for, and
// behaves exactly as they would, step limit and cancellation included:
// when one of the instructions after the first would be a checkpoint (it
// would start with a multiple of checkInterval steps left, 0 included),
// it does what the first instruction does, alone, and the next ones run
// one by one (see Machine.Run). One that calls the host first (a field read)
// looks after the call, since nested runs may have spent the steps it
// needs.

// The superinstructions, numbered after the opcodes of the format so that
// a program can never contain one.
const (
	// opFieldEqLocalJumpF is FIELD f; LOAD l; EQ; JUMPF t: continue at t
	// unless field f holds local l. Arg is f.
	opFieldEqLocalJumpF Opcode = 128 + iota
	// opFieldEqSymJumpF is FIELD f; SYM s; EQ; JUMPF t: continue at t
	// unless field f holds the name s. Arg is f.
	opFieldEqSymJumpF
	// opFieldStoreCallReturn is FIELD f; STORE l; LOAD a; CALL fn; RET,
	// for a function that returns a value: the end of a match function
	// that binds a field and asks the host. Arg is f.
	opFieldStoreCallReturn
	// opFieldStore is FIELD f; STORE l. Arg is f.
	opFieldStore
	// opIntReturn is INT n; RET: return n. Arg is n.
	opIntReturn
	// opLoadCallReturn is LOAD l; CALL fn; RET, for a function that
	// returns a value: return what fn returns for local l. Arg is l.
	opLoadCallReturn
	// opLoadCall is LOAD l; CALL fn. Arg is l.
	opLoadCall
	// opCallJumpF is CALL fn; JUMPF t, for a function that returns a
	// value: continue at t if it returns false. Arg is fn.
	opCallJumpF
	// opLoadLoad is LOAD a; LOAD b. Arg is a.
	opLoadLoad
	// opLoadSym is LOAD a; SYM s. Arg is a.
	opLoadSym

	opLastFused // keep last
)

// fusedInfo gives, for each superinstruction, its name (for Opcode's
// String) and the sequence it stands for.
var fusedInfo = [opLastFused - opFieldEqLocalJumpF]struct {
	name    string
	pattern []Opcode
}{
	0:                                       {"FIELD=LOAD?", []Opcode{OpField, OpLoad, OpEq, OpJumpIfFalse}},
	opFieldEqSymJumpF - opFieldEqLocalJumpF: {"FIELD=SYM?", []Opcode{OpField, OpSym, OpEq, OpJumpIfFalse}},
	opFieldStoreCallReturn - opFieldEqLocalJumpF: {"FIELD>STORE+LOAD>CALL>RET", []Opcode{OpField, OpStore, OpLoad, OpCall, OpReturn}},
	opFieldStore - opFieldEqLocalJumpF:           {"FIELD>STORE", []Opcode{OpField, OpStore}},
	opIntReturn - opFieldEqLocalJumpF:            {"INT>RET", []Opcode{OpInt, OpReturn}},
	opLoadCallReturn - opFieldEqLocalJumpF:       {"LOAD>CALL>RET", []Opcode{OpLoad, OpCall, OpReturn}},
	opLoadCall - opFieldEqLocalJumpF:             {"LOAD>CALL", []Opcode{OpLoad, OpCall}},
	opCallJumpF - opFieldEqLocalJumpF:            {"CALL?", []Opcode{OpCall, OpJumpIfFalse}},
	opLoadLoad - opFieldEqLocalJumpF:             {"LOAD+LOAD", []Opcode{OpLoad, OpLoad}},
	opLoadSym - opFieldEqLocalJumpF:              {"LOAD+SYM", []Opcode{OpLoad, OpSym}},
}

// op is an instruction as the machine runs it: Link makes one of each
// instruction of a function's code, with the operands the machine needs
// read at link time, so that the interpreter looks nothing up in the
// symbol table. A superinstruction has the operands of every instruction
// it stands for.
type op struct {
	code Opcode
	// arity and returns are those of the function of the CALL the op is,
	// or of the one in the sequence a superinstruction stands for.
	arity   uint8
	returns bool
	// args[i] is the Arg of instruction i of the sequence the op starts
	// (args[0], the op's own, for an op that is one instruction), with a
	// symbol's index replaced by the host's id for it: FIELD, SYM and
	// CALL run with the id.
	args [4]int32
}

// ops returns the code the machine runs for code, linked with the host's
// ids of syms; with fused, each instruction that starts a sequence a
// superinstruction stands for is that superinstruction. It trusts nothing
// of the code (Link may be given a program that was not verified, which
// must then not run): it only fuses sequences it can read, and a symbol
// that is out of range gets the id NoFunc.
func ops(code []Instr, syms []Symbol, ids []int32, fused bool) []op {
	out := make([]op, len(code))
	for pc, in := range code {
		o := &out[pc]
		o.code = in.Op
		if fused {
			if fo, n := fuseAt(code[pc:], syms); n > 0 {
				o.code = fo
				for i := range min(n, len(o.args)) { // a fifth is a RET
					o.args[i] = operand(code[pc+i], ids)
				}
				for _, in := range code[pc : pc+n] {
					if in.Op == OpCall {
						o.arity, o.returns = symArity(in.Arg, syms)
					}
				}
				continue
			}
		}
		o.args[0] = operand(in, ids)
		if in.Op == OpCall {
			o.arity, o.returns = symArity(in.Arg, syms)
		}
	}
	return out
}

// fuseAt returns the superinstruction that starts code, and the number of
// instructions it stands for; 0 if none does.
func fuseAt(code []Instr, syms []Symbol) (Opcode, int) {
	for i, fi := range fusedInfo {
		if !startsWith(code, fi.pattern) {
			continue
		}
		op := opFieldEqLocalJumpF + Opcode(i)
		switch op {
		case opCallJumpF:
			// Only a function that returns a value leaves the
			// condition JUMPF pops.
			if !returns(code[0].Arg, syms) {
				continue
			}
		case opLoadCallReturn:
			// and the value RET returns.
			if !returns(code[1].Arg, syms) {
				continue
			}
		case opFieldStoreCallReturn:
			if !returns(code[3].Arg, syms) {
				continue
			}
		}
		return op, len(fi.pattern)
	}
	return 0, 0
}

// operand is the Arg of in as the machine uses it: the host's id of a
// symbol, or the Arg itself.
func operand(in Instr, ids []int32) int32 {
	switch in.Op {
	case OpField, OpSym, OpCall:
		if in.Arg < 0 || int(in.Arg) >= len(ids) {
			return NoFunc
		}
		return ids[in.Arg]
	}
	return in.Arg
}

// symArity returns the arity of symbol sym and whether it returns a value.
func symArity(sym int32, syms []Symbol) (uint8, bool) {
	if sym < 0 || int(sym) >= len(syms) {
		return 0, false
	}
	return syms[sym].Arity, syms[sym].Returns
}

// returns reports whether symbol sym is a function that returns a value.
func returns(sym int32, syms []Symbol) bool {
	return sym >= 0 && int(sym) < len(syms) && syms[sym].Kind == SymFunc && syms[sym].Returns
}

// startsWith reports whether code starts with the opcodes of pattern.
func startsWith(code []Instr, pattern []Opcode) bool {
	if len(code) < len(pattern) {
		return false
	}
	for i, op := range pattern {
		if code[i].Op != op {
			return false
		}
	}
	return true
}
