package vm

// Superinstructions. Link rewrites a copy of each function's code for the
// interpreter: where a common sequence of instructions starts (a field
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
// when the run's current stretch of steps does not hold all of them, it
// does what the first instruction does, alone, and the next ones run one
// by one (see Machine.Run). One that calls the host first (a field read)
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

// fuse returns the code the interpreter runs for code: a copy in which
// each instruction that starts a sequence a superinstruction stands for
// is that superinstruction. It trusts nothing of the code (Link may be
// given a program that was not verified, which must then not run): it
// only fuses sequences it can read.
func fuse(code []Instr, syms []Symbol) []Instr {
	out := make([]Instr, len(code))
	copy(out, code)
	for pc := range code {
		for i, fi := range fusedInfo {
			if !startsWith(code[pc:], fi.pattern) {
				continue
			}
			op := opFieldEqLocalJumpF + Opcode(i)
			switch op {
			case opCallJumpF:
				// Only a function that returns a value leaves the
				// condition JUMPF pops.
				if !returns(code[pc].Arg, syms) {
					continue
				}
			case opLoadCallReturn:
				// and the value RET returns.
				if !returns(code[pc+1].Arg, syms) {
					continue
				}
			case opFieldStoreCallReturn:
				if !returns(code[pc+3].Arg, syms) {
					continue
				}
			}
			out[pc].Op = op
			break
		}
	}
	return out
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
