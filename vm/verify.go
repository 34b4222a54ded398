package vm

import (
	"fmt"
	"strings"
)

// Limits Verify enforces, besides MaxFuncStack.
const (
	// MaxLocals is the most locals a Func or an Ability may declare.
	MaxLocals = 256
	// MaxArity is the most arguments a SymFunc may take.
	MaxArity = 16
)

// VerifyError is why Verify rejected a program.
type VerifyError struct {
	// Func is the index in Program.Funcs of the function at fault, or -1
	// when the error is not about a function (a symbol, a card).
	Func int
	// PC is the index of the instruction at fault, or -1 when the error is
	// not about one instruction.
	PC int
	// Msg says what is wrong.
	Msg string
}

// Error reads like "vm: invalid program: func 3, pc 7: stack underflow: ...".
func (e *VerifyError) Error() string {
	var b strings.Builder
	b.WriteString("vm: invalid program: ")
	if e.Func >= 0 {
		fmt.Fprintf(&b, "func %d", e.Func)
		if e.PC >= 0 {
			fmt.Fprintf(&b, ", pc %d", e.PC)
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Verify checks everything Machine.Run trusts: that the vocabulary is well
// formed (Vocabulary.Check), that every instruction is known and its
// argument in range, that the stack never underflows, has the same depth
// wherever paths meet (OpJumpIfFalseOrPop and OpJumpIfTrueOrPop keep their
// condition for their target only) and never grows past the declared
// MaxStack, that no path runs off the end of the code without OpReturn (a
// loop that never returns is legal: Machine.MaxSteps or Machine.Cancel
// stops it), and that the symbols and the cards' references to functions
// and symbols are well formed. The error is a *VerifyError.
//
// Decode verifies what it decodes; a Program built in memory must be
// verified before it is run.
func Verify(p *Program) error {
	if p == nil {
		return &VerifyError{Func: -1, PC: -1, Msg: "nil program"}
	}
	if msg := p.Vocabulary.Check(); msg != "" {
		return &VerifyError{Func: -1, PC: -1, Msg: msg}
	}
	if e := verifySymbols(p.Symbols); e != nil {
		return e
	}
	for i := range p.Funcs {
		if e := verifyFunc(p, i); e != nil {
			return e
		}
	}
	for i := range p.Cards {
		if e := verifyCard(p, i); e != nil {
			return e
		}
	}
	return nil
}

// MaxStackDepth computes the deepest the stack gets when code runs, by the
// same analysis as Verify: it fails, with a *VerifyError whose Func is -1,
// on an unknown opcode, an OpCall that doesn't name a SymFunc of syms, a
// jump outside the code, a stack underflow, paths that meet with different
// depths, or a path that falls off the end without OpReturn. It checks
// neither constants nor locals, which code alone doesn't define.
func MaxStackDepth(code []Instr, syms []Symbol) (int32, error) {
	depth, e := maxStackDepth(code, syms)
	if e != nil {
		return 0, e
	}
	return int32(depth), nil
}

func verifySymbols(syms []Symbol) *VerifyError {
	for i, s := range syms {
		switch s.Kind {
		case SymFunc:
			if s.Arity > MaxArity {
				return &VerifyError{Func: -1, PC: -1, Msg: fmt.Sprintf(
					"symbol %d %q: arity %d exceeds the limit of %d", i, s.Name, s.Arity, MaxArity)}
			}
		case SymField, SymName:
		default:
			return &VerifyError{Func: -1, PC: -1, Msg: fmt.Sprintf(
				"symbol %d %q: unknown kind %d", i, s.Name, s.Kind)}
		}
	}
	return nil
}

func verifyFunc(p *Program, fi int) *VerifyError {
	f := &p.Funcs[fi]
	fail := func(pc int, format string, args ...any) *VerifyError {
		return &VerifyError{Func: fi, PC: pc, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case f.NumLocals < 0 || f.NumLocals > MaxLocals:
		return fail(-1, "NumLocals %d out of range [0, %d]", f.NumLocals, MaxLocals)
	case f.MaxStack < 0 || f.MaxStack > MaxFuncStack:
		return fail(-1, "MaxStack %d out of range [0, %d]", f.MaxStack, MaxFuncStack)
	case len(f.Code) == 0:
		return fail(-1, "empty code")
	case len(f.Pos) != 0 && len(f.Pos) != len(f.Code):
		return fail(-1, "len(Pos) is %d, len(Code) is %d", len(f.Pos), len(f.Code))
	case len(f.Locals) > int(f.NumLocals):
		return fail(-1, "%d local names for %d locals", len(f.Locals), f.NumLocals)
	}
	for pc, in := range f.Code {
		if msg := checkArg(p, f, in); msg != "" {
			return fail(pc, "%s", msg)
		}
	}
	depth, e := maxStackDepth(f.Code, p.Symbols)
	if e != nil {
		e.Func = fi
		return e
	}
	if depth > int(f.MaxStack) {
		return fail(-1, "stack reaches depth %d but MaxStack is %d", depth, f.MaxStack)
	}
	return nil
}

// checkArg checks that the argument of in is in range for f in p; it
// returns what is wrong, or "".
func checkArg(p *Program, f *Func, in Instr) string {
	switch in.Op {
	case OpConst:
		if in.Arg < 0 || int(in.Arg) >= len(p.Consts) {
			return fmt.Sprintf("%s %d: no such constant (program has %d)", in.Op, in.Arg, len(p.Consts))
		}
	case OpSym:
		return checkSymArg(p.Symbols, in, SymName)
	case OpField:
		return checkSymArg(p.Symbols, in, SymField)
	case OpCall:
		return checkSymArg(p.Symbols, in, SymFunc)
	case OpLoad, OpStore:
		if in.Arg < 0 || in.Arg >= f.NumLocals {
			return fmt.Sprintf("%s %d: no such local (NumLocals %d)", in.Op, in.Arg, f.NumLocals)
		}
	case OpJump, OpJumpIfFalse, OpJumpIfTrue, OpJumpIfFalseOrPop, OpJumpIfTrueOrPop:
		if in.Arg < 0 || int(in.Arg) >= len(f.Code) {
			return fmt.Sprintf("%s %d: target outside the code (%d instructions)", in.Op, in.Arg, len(f.Code))
		}
	default:
		if !in.Op.Valid() {
			return fmt.Sprintf("unknown opcode %d", in.Op)
		}
	}
	return ""
}

// checkSymArg checks that in names a symbol of kind want.
func checkSymArg(syms []Symbol, in Instr, want SymbolKind) string {
	if in.Arg < 0 || int(in.Arg) >= len(syms) {
		return fmt.Sprintf("%s %d: no such symbol (program has %d)", in.Op, in.Arg, len(syms))
	}
	if s := syms[in.Arg]; s.Kind != want {
		return fmt.Sprintf("%s %d: symbol %q is a %s, want a %s", in.Op, in.Arg, s.Name, s.Kind, want)
	}
	return ""
}

// isJump reports whether op's argument is an instruction index.
func isJump(op Opcode) bool {
	switch op {
	case OpJump, OpJumpIfFalse, OpJumpIfTrue, OpJumpIfFalseOrPop, OpJumpIfTrueOrPop:
		return true
	}
	return false
}

// keepsOnJump reports whether op, when it jumps, leaves its condition on
// the stack: its stack effect (stackEffects) is that of going on to the
// next instruction, and its target sees one value more.
func keepsOnJump(op Opcode) bool {
	return op == OpJumpIfFalseOrPop || op == OpJumpIfTrueOrPop
}

// stackEffects is how many values each opcode pops and then pushes. OpCall's
// depend on its symbol.
var stackEffects = [numOpcodes]struct{ pop, push int }{
	OpNop: {0, 0}, OpConst: {0, 1}, OpInt: {0, 1}, OpSym: {0, 1},
	OpLoad: {0, 1}, OpStore: {1, 0}, OpPop: {1, 0}, OpDup: {1, 2},
	OpAdd: {2, 1}, OpSub: {2, 1}, OpMul: {2, 1}, OpDiv: {2, 1},
	OpNeg: {1, 1}, OpMin: {2, 1}, OpMax: {2, 1},
	OpEq: {2, 1}, OpNe: {2, 1}, OpLt: {2, 1}, OpLe: {2, 1}, OpGt: {2, 1}, OpGe: {2, 1},
	OpNot: {1, 1}, OpAnd: {2, 1}, OpOr: {2, 1},
	OpJump: {0, 0}, OpJumpIfFalse: {1, 0}, OpJumpIfTrue: {1, 0},
	OpField: {0, 1}, OpReturn: {1, 0},
	OpJumpIfFalseOrPop: {1, 0}, OpJumpIfTrueOrPop: {1, 0}, // on going on; see keepsOnJump
}

// stackEffect returns how many values in pops and pushes, or what is wrong
// with it.
func stackEffect(in Instr, syms []Symbol) (pop, push int, msg string) {
	if !in.Op.Valid() {
		return 0, 0, fmt.Sprintf("unknown opcode %d", in.Op)
	}
	if in.Op != OpCall {
		e := stackEffects[in.Op]
		return e.pop, e.push, ""
	}
	if msg := checkSymArg(syms, in, SymFunc); msg != "" {
		return 0, 0, msg
	}
	s := syms[in.Arg]
	if s.Returns {
		push = 1
	}
	return int(s.Arity), push, ""
}

// successors appends to dst the instructions that may run after in, at pc:
// none after OpReturn, the target of a jump, the next instruction otherwise.
// A successor may be out of range; the caller reports it.
func successors(dst []int, in Instr, pc int) []int {
	switch in.Op {
	case OpReturn:
		return dst
	case OpJump:
		return append(dst, int(in.Arg))
	case OpJumpIfFalse, OpJumpIfTrue, OpJumpIfFalseOrPop, OpJumpIfTrueOrPop:
		return append(dst, pc+1, int(in.Arg)) // the target second: see keepsOnJump
	}
	return append(dst, pc+1)
}

// maxStackDepth interprets code abstractly: it follows every path from
// instruction 0, recording the stack depth before each instruction.
func maxStackDepth(code []Instr, syms []Symbol) (int, *VerifyError) {
	fail := func(pc int, format string, args ...any) (int, *VerifyError) {
		return 0, &VerifyError{Func: -1, PC: pc, Msg: fmt.Sprintf(format, args...)}
	}
	if len(code) == 0 {
		return fail(-1, "empty code")
	}
	depth := make([]int, len(code)) // before each instruction; -1: not reached
	for i := range depth {
		depth[i] = -1
	}
	depth[0] = 0
	work := []int{0}
	deepest := 0
	var next [2]int
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		in := code[pc]
		pop, push, msg := stackEffect(in, syms)
		if msg != "" {
			return fail(pc, "%s", msg)
		}
		d := depth[pc]
		if d < pop {
			return fail(pc, "stack underflow: %s pops %d but the stack holds %d", in.Op, pop, d)
		}
		d += push - pop
		deepest = max(deepest, d)
		if isJump(in.Op) && (in.Arg < 0 || int(in.Arg) >= len(code)) {
			return fail(pc, "%s %d: target outside the code (%d instructions)", in.Op, in.Arg, len(code))
		}
		for k, s := range successors(next[:0], in, pc) {
			ds := d
			if k == 1 && keepsOnJump(in.Op) {
				ds = d + 1 // the condition stays for the target
			}
			switch {
			case s >= len(code): // not a jump: checked above
				return fail(pc, "falls off the end of the code without %s", OpReturn)
			case depth[s] < 0:
				depth[s] = ds
				work = append(work, s)
			case depth[s] != ds:
				return fail(s, "inconsistent stack depth: %d on one path, %d on another", depth[s], ds)
			}
		}
	}
	return deepest, nil
}

func verifyCard(p *Program, ci int) *VerifyError {
	c := &p.Cards[ci]
	for ai := range c.Abilities {
		if msg := verifyAbility(p, &c.Abilities[ai]); msg != "" {
			return &VerifyError{Func: -1, PC: -1, Msg: fmt.Sprintf("card %d %q ability %d: %s", ci, c.Name, ai, msg)}
		}
	}
	return nil
}

// verifyAbility checks a's references; it returns what is wrong, or "".
func verifyAbility(p *Program, a *Ability) string {
	needMatch, needBody, needEvent, needRule := false, false, false, false
	noEvent := false
	switch a.Kind {
	case AbilitySpell:
		needBody = true
	case AbilityTriggered, AbilityDelayed, AbilityReplacement, AbilityEnters:
		needMatch, needBody, needEvent = true, true, true
	case AbilityStatic:
		needMatch, needEvent, needRule = true, true, true
	case AbilityActivated:
		needBody = true
	case AbilityEffect:
		needMatch, needBody, needRule, noEvent = true, true, true, true
	case AbilityEnchant:
		noEvent = true
		if len(a.Targets) != 1 || a.Match != NoFunc || a.Body != NoFunc {
			return "an enchant ability has one target, and no match or body"
		}
	default:
		return fmt.Sprintf("unknown kind %d", a.Kind)
	}
	switch {
	case needEvent && a.Event == NoSymbol:
		return fmt.Sprintf("event is required for a %s ability", a.Kind)
	case needRule && a.Rule == NoSymbol:
		return fmt.Sprintf("rule is required for a %s ability", a.Kind)
	case noEvent && a.Event != NoSymbol:
		return fmt.Sprintf("a %s ability watches no event", a.Kind)
	case a.Flags&FlagGranted != 0 && a.Kind != AbilityTriggered && a.Kind != AbilityReplacement && a.Kind != AbilityActivated && a.Kind != AbilityEffect:
		return fmt.Sprintf("flag granted is only for triggered, activated, replacement and effect abilities, not %s", a.Kind)
	case a.Flags&FlagOnce != 0 && a.Kind != AbilityDelayed:
		return fmt.Sprintf("flag once is only for delayed abilities, not %s", a.Kind)
	case a.Flags&(FlagTapCost|FlagUntapCost|FlagSorcery|FlagOncePerTurn|FlagLoyalty|FlagGraveyard) != 0 && a.Kind != AbilityActivated:
		return fmt.Sprintf("flags %s are only for activated abilities, not %s", flagsString(a.Flags&^(FlagOnce|FlagMana|FlagAnywhere)), a.Kind)
	case a.Flags&FlagAnywhere != 0 && a.Kind != AbilityReplacement && a.Kind != AbilityTriggered:
		return fmt.Sprintf("flag anywhere is only for replacement and triggered abilities, not %s", a.Kind)
	case a.Flags&FlagMana != 0 && a.Kind != AbilityActivated && a.Kind != AbilityTriggered:
		return fmt.Sprintf("flag mana is only for activated and triggered abilities, not %s", a.Kind)
	case a.Kind != AbilityActivated && (a.Cost != "" || a.Pay != NoFunc || len(a.Choices) > 0):
		return fmt.Sprintf("a cost is only for activated abilities, not %s", a.Kind)
	}
	if a.NumLocals < 0 || a.NumLocals > MaxLocals {
		return fmt.Sprintf("NumLocals %d out of range [0, %d]", a.NumLocals, MaxLocals)
	}
	if msg := checkFuncRef(p, a, "match", a.Match, needMatch); msg != "" {
		return msg
	}
	if msg := checkFuncRef(p, a, "body", a.Body, needBody); msg != "" {
		return msg
	}
	if msg := checkNameRef(p, "event", a.Event); msg != "" {
		return msg
	}
	for _, sym := range a.Anchors {
		if sym < 0 || int(sym) >= len(p.Symbols) || p.Symbols[sym].Kind != SymField {
			return fmt.Sprintf("anchor %d is not a field symbol", sym)
		}
	}
	if msg := checkNameRef(p, "rule", a.Rule); msg != "" {
		return msg
	}
	if msg := checkFuncRef(p, a, "pay", a.Pay, false); msg != "" {
		return msg
	}
	switch {
	case a.Modes < 0 || a.Modes > MaxList:
		return fmt.Sprintf("%d modes, want 0 to %d", a.Modes, MaxList)
	case a.Modes == 0 && (a.ModeMin != 0 || a.ModeMax != 0):
		return "mode counts of an ability that is not modal"
	case a.Modes > 0 && (a.ModeMin < 1 || a.ModeMax < a.ModeMin || a.ModeMax > a.Modes):
		// A mode can't be chosen twice (CR 700.2d).
		return fmt.Sprintf("choosing %d to %d of %d modes", a.ModeMin, a.ModeMax, a.Modes)
	}
	for ti, t := range a.Targets {
		if msg := checkTarget(p, a, fmt.Sprintf("target %d", ti), t); msg != "" {
			return msg
		}
		if msg := checkTargetCount(p, a, fmt.Sprintf("target %d", ti), t); msg != "" {
			return msg
		}
	}
	for ci, t := range a.Choices {
		if msg := checkTarget(p, a, fmt.Sprintf("choice %d", ci), t); msg != "" {
			return msg
		}
		if t.Max != 0 || t.Divide != NoFunc || t.Mode != 0 {
			return fmt.Sprintf("choice %d: a choice of a cost is one object, not divided, of no mode", ci)
		}
	}
	for fi, fn := range a.Filters {
		if msg := checkFuncRef(p, a, fmt.Sprintf("filter %d", fi), fn, true); msg != "" {
			return msg
		}
	}
	return ""
}

// checkTarget checks a target or a choice of a, which plays role.
func checkTarget(p *Program, a *Ability, role string, t Target) string {
	if msg := checkFuncRef(p, a, role+" filter", t.Filter, true); msg != "" {
		return msg
	}
	if t.Local < LocalCandidate || t.Local >= a.NumLocals {
		return fmt.Sprintf("%s: local %d out of range [%d, %d)", role, t.Local, LocalCandidate, a.NumLocals)
	}
	return checkNameRef(p, role+" zone", t.Zone)
}

// checkTargetCount checks how many objects a target of a chooses, what it
// divides, and its mode.
func checkTargetCount(p *Program, a *Ability, role string, t Target) string {
	switch {
	case t.Max == 0 && t.Min != 0:
		return fmt.Sprintf("%s: a minimum of %d for a target of one", role, t.Min)
	case t.Max != 0 && t.Max != AnyNumber && (t.Max < 1 || t.Min < 0 || t.Min > t.Max):
		return fmt.Sprintf("%s: from %d to %d objects", role, t.Min, t.Max)
	case t.Max == AnyNumber && t.Min < 0:
		return fmt.Sprintf("%s: a minimum of %d", role, t.Min)
	case t.Mode < 0 || t.Mode > a.Modes:
		return fmt.Sprintf("%s: mode %d of an ability of %d modes", role, t.Mode, a.Modes)
	}
	return checkFuncRef(p, a, role+" divide", t.Divide, false)
}

// checkFuncRef checks the entry point fn of a, which plays role.
func checkFuncRef(p *Program, a *Ability, role string, fn int32, required bool) string {
	switch {
	case fn == NoFunc && required:
		return fmt.Sprintf("%s is required for a %s ability", role, a.Kind)
	case fn == NoFunc:
		return ""
	case fn < 0 || int(fn) >= len(p.Funcs):
		return fmt.Sprintf("%s: no function %d (program has %d)", role, fn, len(p.Funcs))
	}
	if f := &p.Funcs[fn]; f.NumLocals > a.NumLocals {
		return fmt.Sprintf("%s: function %d %q uses %d locals, the ability has %d", role, fn, f.Name, f.NumLocals, a.NumLocals)
	}
	return ""
}

// checkNameRef checks that sym is NoFunc or the index of a SymName.
func checkNameRef(p *Program, role string, sym int32) string {
	switch {
	case sym == NoFunc:
		return ""
	case sym < 0 || int(sym) >= len(p.Symbols):
		return fmt.Sprintf("%s: no symbol %d (program has %d)", role, sym, len(p.Symbols))
	}
	if s := p.Symbols[sym]; s.Kind != SymName {
		return fmt.Sprintf("%s: symbol %d %q is a %s, want a %s", role, sym, s.Name, s.Kind, SymName)
	}
	return ""
}
