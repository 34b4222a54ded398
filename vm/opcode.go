package vm

// Opcode is one instruction of the machine. Each instruction is an Opcode and
// one int32 argument (Instr.Arg); opcodes that take no argument ignore it.
//
// The stack pictures below read "before → after", top of stack on the right.
// Booleans are the Values 0 (false) and 1 (true); any non-zero Value is true
// where a condition is read.
type Opcode uint8

// The opcodes. The numbering is part of the binary format: append, never
// renumber.
const (
	// OpNop does nothing.   — → —
	OpNop Opcode = iota
	// OpConst pushes Program.Consts[Arg].   — → c
	OpConst
	// OpInt pushes Arg itself, for small numbers.   — → n
	OpInt
	// OpSym pushes the host's value for the name Program.Symbols[Arg]
	// (a SymName: counter kind, card type, color, step...).   — → id
	OpSym
	// OpLoad pushes local Arg.   — → locals[Arg]
	OpLoad
	// OpStore pops into local Arg.   x → —
	OpStore
	// OpPop discards the top of the stack.   x → —
	OpPop
	// OpDup duplicates the top of the stack.   x → x x
	OpDup
	// OpAdd adds, saturating at ±MaxNumber (as OpSub, OpMul and OpNeg do:
	// an operand beyond the bounds is read as the bound, and a result
	// beyond them is the bound).   a b → a+b
	OpAdd
	// OpSub subtracts, saturating at ±MaxNumber.   a b → a-b
	OpSub
	// OpMul multiplies, saturating at ±MaxNumber.   a b → a*b
	OpMul
	// OpDiv divides, truncating toward zero: rounding down, for the
	// non-negative numbers of the game. A card that needs another rounding
	// says so (CR 107.1a), and its code must compute it; the machine has
	// no other division. Its operands are read within ±MaxNumber, as
	// OpAdd's are. Division by zero is a runtime error,
	// ErrDivideByZero.   a b → a/b
	OpDiv
	// OpNeg negates, saturating at ±MaxNumber.   a → -a
	OpNeg
	// OpMin keeps the smaller.   a b → min(a,b)
	OpMin
	// OpMax keeps the larger.   a b → max(a,b)
	OpMax
	// OpEq compares for equality.   a b → a==b
	OpEq
	// OpNe compares for inequality.   a b → a!=b
	OpNe
	// OpLt compares.   a b → a<b
	OpLt
	// OpLe compares.   a b → a<=b
	OpLe
	// OpGt compares.   a b → a>b
	OpGt
	// OpGe compares.   a b → a>=b
	OpGe
	// OpNot negates a boolean.   a → !a
	OpNot
	// OpAnd is boolean and of two values already computed (both operands
	// are evaluated). The compiler emits OpJumpIfFalseOrPop instead, so
	// that `and` stops at its first false operand.   a b → a&&b
	OpAnd
	// OpOr is boolean or of two values already computed (both operands are
	// evaluated). The compiler emits OpJumpIfTrueOrPop instead, so that
	// `or` stops at its first true operand.   a b → a||b
	OpOr
	// OpJump continues at instruction Arg.   — → —
	OpJump
	// OpJumpIfFalse pops a condition and continues at Arg if it is false.   c → —
	OpJumpIfFalse
	// OpJumpIfTrue pops a condition and continues at Arg if it is true.   c → —
	OpJumpIfTrue
	// OpCall calls the host function Program.Symbols[Arg] (a SymFunc) with
	// its Arity arguments, the first argument deepest; it pushes the result
	// only if the symbol Returns.   a1 … an → [r]
	OpCall
	// OpField pushes a field of the event being matched or replaced,
	// Program.Symbols[Arg] (a SymField).   — → v
	OpField
	// OpReturn ends the function with the top of the stack as its result.   x → —
	OpReturn
	// OpJumpIfFalseOrPop is the step of a short-circuit `and`: if the
	// condition on top of the stack is false it leaves it there (as 0) and
	// continues at Arg, where the whole `and` is false; otherwise it pops
	// it and continues with the next operand, whose value is then the
	// result.   c → c (false, jumps) | c → — (true)
	OpJumpIfFalseOrPop
	// OpJumpIfTrueOrPop is the step of a short-circuit `or`: if the
	// condition on top of the stack is true it replaces it with 1 and
	// continues at Arg, where the whole `or` is true; otherwise it pops it
	// and continues with the next operand.   c → 1 (true, jumps) | c → — (false)
	OpJumpIfTrueOrPop

	numOpcodes // keep last
)

var opcodeNames = [numOpcodes]string{
	OpNop:         "NOP",
	OpConst:       "CONST",
	OpInt:         "INT",
	OpSym:         "SYM",
	OpLoad:        "LOAD",
	OpStore:       "STORE",
	OpPop:         "POP",
	OpDup:         "DUP",
	OpAdd:         "ADD",
	OpSub:         "SUB",
	OpMul:         "MUL",
	OpDiv:         "DIV",
	OpNeg:         "NEG",
	OpMin:         "MIN",
	OpMax:         "MAX",
	OpEq:          "EQ",
	OpNe:          "NE",
	OpLt:          "LT",
	OpLe:          "LE",
	OpGt:          "GT",
	OpGe:          "GE",
	OpNot:         "NOT",
	OpAnd:         "AND",
	OpOr:          "OR",
	OpJump:        "JUMP",
	OpJumpIfFalse: "JUMPF",
	OpJumpIfTrue:  "JUMPT",
	OpCall:        "CALL",
	OpField:       "FIELD",
	OpReturn:      "RET",

	OpJumpIfFalseOrPop: "JUMPFK",
	OpJumpIfTrueOrPop:  "JUMPTK",
}

// String returns the opcode's mnemonic, as the disassembler prints it.
func (op Opcode) String() string {
	if op < numOpcodes {
		return opcodeNames[op]
	}
	if op >= opFieldEqLocalJumpF && op < opLastFused {
		return fusedInfo[op-opFieldEqLocalJumpF].name
	}
	return "OP?"
}

// Valid reports whether op is a known opcode.
func (op Opcode) Valid() bool { return op < numOpcodes }
