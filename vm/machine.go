package vm

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
)

// Limits of the machine.
const (
	// StackSize is the number of Values of a Machine's stack, shared by a
	// run and every run nested in it.
	StackSize = 1024
	// MaxFuncStack is the most a single Func may declare as MaxStack
	// (Verify enforces it).
	MaxFuncStack = 256
	// DefaultMaxSteps is the MaxSteps of a new Machine.
	DefaultMaxSteps = 100_000
	// DefaultMaxDepth is the MaxDepth of a new Machine.
	DefaultMaxDepth = 64
)

// checkInterval is the most instructions a run executes between two looks
// at Machine.Cancel (and at what is left of MaxSteps): an instruction
// that starts with a multiple of it steps left, those of the top-level
// run and the runs nested in it, looks first. A run also looks before its
// first instruction.
const checkInterval = 256

// Runtime errors, wrapped in an *Error by Machine.Run.
var (
	// ErrStepLimit means a top-level run and the runs nested in it would
	// together execute more than Machine.MaxSteps instructions.
	ErrStepLimit = errors.New("step limit exceeded")
	// ErrCancelled means Machine.Cancel was called. The *Error's cause
	// wraps it and includes the reason given to Cancel.
	ErrCancelled = errors.New("cancelled")
	// ErrStackOverflow means a run needed more stack than was left above the
	// runs it is nested in.
	ErrStackOverflow = errors.New("stack overflow")
	// ErrDivideByZero is OpDiv with a zero divisor.
	ErrDivideByZero = errors.New("division by zero")
	// ErrDepth means a run was started while Machine.MaxDepth runs were
	// already in progress.
	ErrDepth = errors.New("runs nested too deep")
	// ErrLocals means the caller passed fewer locals than Func.NumLocals.
	ErrLocals = errors.New("not enough locals")
	// ErrNoFunc means Run was asked for a function the program doesn't have.
	ErrNoFunc = errors.New("no such function")
	// ErrPanic is matched (errors.Is) by the *PanicError of a run during
	// which a host function, or a run nested in it, panicked.
	ErrPanic = errors.New("panic during the run")
)

// PanicError is the cause of a top-level run during which something
// panicked: a host function, most likely, or the host code between nested
// runs. The machine recovers the panic in the top-level call of Run, puts
// itself back as it was before that call, and returns the panic as this
// error, wrapped in an *Error that names the top-level function; the
// machine stays usable, and the host decides what the error means for its
// game (as for any error of a host function: see HOST.md, "An error
// partway through a body").
type PanicError struct {
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine's stack where the panic was recovered, which
	// names the function that panicked.
	Stack []byte
}

// Error reads "panic during the run: VALUE".
func (e *PanicError) Error() string { return fmt.Sprintf("%v: %v", ErrPanic, e.Value) }

// Is makes errors.Is(err, ErrPanic) true.
func (e *PanicError) Is(target error) bool { return target == ErrPanic }

// Unwrap returns the panic's value if it is an error (a runtime error, say).
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Error is a runtime error of Machine.Run. It wraps the cause: one of the
// Err* sentinels, or the error a Host returned.
type Error struct {
	// Func is the Name of the function that failed.
	Func string
	// PC is the index of the instruction that failed, or -1 when the run
	// failed before its first instruction.
	PC int
	// Pos is the source position of that instruction, when Func.Pos has it.
	Pos Pos
	// Err is the cause.
	Err error
}

// Error reads like "Protean Hydra#1.body: pc 7 (line 12:5): division by zero".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Func)
	if e.PC >= 0 {
		b.WriteString(": pc ")
		b.WriteString(strconv.Itoa(e.PC))
	}
	if e.Pos.Line > 0 {
		fmt.Fprintf(&b, " (line %d:%d)", e.Pos.Line, e.Pos.Col)
	}
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("error")
	}
	return b.String()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// Machine runs linked programs against one Host. A Machine is not safe for
// concurrent use, but it is reentrant (see Run), and Cancel and Uncancel may
// be called from any goroutine. Create it with NewMachine.
type Machine struct {
	// MaxSteps is the most instructions a top-level call of Run (one not
	// nested in another run) executes, counting those of every run nested
	// in it: the budget starts when the top-level run starts, and nested
	// runs draw from what is left of it. When it is spent, the run
	// executing at that moment, the innermost, fails with ErrStepLimit.
	// Between BeginBudget and EndBudget, the top-level runs share one
	// budget of MaxSteps instead. Zero or less means DefaultMaxSteps.
	// Changing MaxSteps while a run is in progress takes effect at the
	// next top-level call (or BeginBudget).
	MaxSteps int
	// MaxDepth is the most runs that may be nested in one another (the
	// outermost run counts); one more fails with ErrDepth. Zero or less
	// means DefaultMaxDepth. Changing it while a run is in progress takes
	// effect at the next top-level call.
	MaxDepth int

	host  Host
	stack [StackSize]Value
	sp    int // first free slot: where the next (nested) run's frame starts
	depth int // number of runs in progress
	// maxDepth is how deep the runs of the top-level run in progress may
	// nest without a look at refuse: MaxDepth as it read it (its default
	// for 0 or less), but no more than frames holds, until refuse grows
	// the frames. A machine without a host has no frames, so that every
	// run goes to refuse, which says so.
	maxDepth int
	// frames[d] is the Frame of the run at depth d (0: the top-level
	// run), which the host gets.
	frames []Frame
	// steps is what is left of the top-level call's budget, as it was
	// when the innermost run last called the host or returned (a run
	// keeps its count to itself between).
	steps int
	// shared is set between BeginBudget and EndBudget: top-level runs
	// draw on steps instead of starting a budget of their own.
	shared bool
	// cancel is the reason given to Cancel, or nil.
	cancel atomic.Pointer[string]
}

// NewMachine returns a machine that calls h, with MaxSteps DefaultMaxSteps
// and MaxDepth DefaultMaxDepth.
func NewMachine(h Host) *Machine {
	m := &Machine{MaxSteps: DefaultMaxSteps, MaxDepth: DefaultMaxDepth, host: h}
	if h != nil {
		// Without frames, Run sends every run to refuse, which says the
		// machine has no host: Run itself does not test the host.
		m.maxDepth, m.frames = DefaultMaxDepth, make([]Frame, DefaultMaxDepth)
	}
	return m
}

// BeginBudget starts a budget of MaxSteps instructions that every
// top-level run shares, until EndBudget: so that MaxSteps bounds the work
// of one game event, which a host processes with many top-level runs
// (the match functions of the abilities that watch it, the bodies of the
// replacement effects that apply, the triggers it causes), and not only
// the work of each run. Once the budget is spent, every run fails with
// ErrStepLimit at once, until EndBudget or the next BeginBudget. A host
// that processes each game event inside one host call of a run needs
// neither: the runs nested in it share that run's budget. BeginBudget
// must not be called while a run is in progress.
func (m *Machine) BeginBudget() {
	m.shared = true
	m.steps = m.MaxSteps
	if m.steps <= 0 {
		m.steps = DefaultMaxSteps
	}
}

// EndBudget ends the budget BeginBudget started: each top-level run has
// a budget of its own again.
func (m *Machine) EndBudget() { m.shared = false }

// Reset puts the machine back as NewMachine made it, keeping its host,
// MaxSteps and MaxDepth: no run in progress, no shared budget, not
// cancelled, and no reference kept to the last runs' locals and contexts.
// The machine restores itself after every run, failed or panicking, so a
// host needs Reset only to reuse a machine for another game, or to drop
// what its frames still point to. It must not be called while a run is
// in progress.
func (m *Machine) Reset() {
	m.sp, m.depth, m.steps, m.shared = 0, 0, 0, false
	clear(m.frames)
	m.cancel.Store(nil)
}

// Run executes l.Program.Funcs[fn] with the caller's locals and returns the
// value of its OpReturn. It is RunWith with no context.
func (m *Machine) Run(l *Linked, fn int32, locals []Value) (Value, error) {
	return m.run(nil, l, fn, locals)
}

// RunWith executes l.Program.Funcs[fn] with the caller's locals and
// returns the value of its OpReturn. The host gets ctx in the Frame of
// every call this run and its instructions make (Frame.Context): its own
// context of the run, such as the event being matched, so that it keeps
// no side channel around the run. A ctx that is a pointer costs no
// allocation.
//
// locals must hold at least the function's NumLocals values; OpStore writes
// into it, so the caller sees what the function stored (a match function's
// bindings, for instance).
//
// RunWith is reentrant: a host function called by OpCall (or a field read
// by OpField) may call Run again on the same machine, for example to run
// the match functions of other cards against an event it proposes. The
// nested run uses the stack above the caller's; it fails with
// ErrStackOverflow if less than its function's MaxStack is left, and with
// ErrDepth if MaxDepth runs are already in progress.
//
// A top-level call starts a budget of MaxSteps instructions that the runs
// nested in it share; see MaxSteps and BeginBudget. Once Cancel has been
// called, and until Uncancel is, runs fail with ErrCancelled; see Cancel.
//
// Errors are *Error values. RunWith trusts that the program passed Verify
// (Decode verifies; a Program built in memory must be verified before it
// is linked and run) and does not check again what Verify checked. A
// function that LinkPartial left out fails with ErrUnlinked.
//
// If a host function panics, the top-level call recovers the panic, puts
// the machine back as it was before it, and fails with a *PanicError
// (errors.Is ErrPanic), wrapped in an *Error that names its function: the
// machine stays usable. (A host function that recovers a panic of a run
// nested in it leaves the machine consistent too: each run, as it
// returns, restores the stack and depth it started with.)
//
// RunWith executes the code Link prepared, with superinstructions where
// common sequences of instructions start (fuse.go); they behave exactly
// as the instructions they stand for, step counts included.
func (m *Machine) RunWith(ctx any, l *Linked, fn int32, locals []Value) (Value, error) {
	return m.run(ctx, l, fn, locals)
}

// recovered puts the machine back as it was before the top-level run
// during which something panicked, and returns the run's error.
//
//go:noinline
func (m *Machine) recovered(r any) error {
	m.sp, m.depth = 0, 0
	if m.shared {
		m.steps = 0 // the event's budget is lost with it
	}
	top := &m.frames[0] // the top-level run's
	name := top.Linked.Program.Funcs[top.Func].Name
	return &Error{Func: name, PC: -1, Err: &PanicError{Value: r, Stack: debug.Stack()}}
}

// run is RunWith. It is one function, the interpreter's loop included:
// a call would cost more than the whole of a typical match function.
func (m *Machine) run(ctx any, l *Linked, fn int32, locals []Value) (_ Value, err error) {
	base, depth, left := m.sp, m.depth, m.steps
	if depth == 0 {
		// A top-level run: it reads MaxDepth (refuse grows the frames
		// if there are fewer), starts its budget of MaxSteps unless it
		// draws on a shared one (BeginBudget), and is the one place a
		// panic that escapes the host is recovered, so that the runs
		// nested in it pay nothing for it. (The deferred call is
		// open-coded: run has few enough returns for the compiler to
		// call it inline at each of them, with no record of it kept.)
		maxDepth := m.MaxDepth
		if maxDepth <= 0 {
			maxDepth = DefaultMaxDepth
		}
		m.maxDepth = min(maxDepth, len(m.frames))
		if !m.shared {
			if left = m.MaxSteps; left <= 0 {
				left = DefaultMaxSteps
			}
		}
		defer func() {
			if m.depth != 0 { // the run did not return: every run puts the depth back
				err = m.recovered(recover())
			}
		}()
	}
	i := int(fn)
	if l == nil || uint(i) >= uint(len(l.funcs)) {
		m.steps = left
		return 0, m.refuse(l, fn, locals)
	}
	// A machine without a host has no frames (NewMachine), so that the
	// test of the depth sends it to refuse.
	lf := &l.funcs[i]
	if len(locals) < lf.numLocals || depth >= m.maxDepth || base > lf.maxBase {
		m.steps = left
		return m.refused(ctx, l, fn, locals)
	}
	fr := &m.frames[depth]
	fr.Linked, fr.Func, fr.Locals, fr.Context = l, fn, locals, ctx
	// The first checkpoint: a run that stops here stops before its first
	// instruction.
	if left <= 0 || m.cancel.Load() != nil {
		m.steps = left
		return 0, m.stoppedAt(lf, 0)
	}
	m.depth = depth + 1

	// The interpreter loop. The run's frame is m.stack[base:] up to
	// f.MaxStack values; sp indexes m.stack itself, from base. Every
	// return leaves the run (m.leave): it pops the frame and the nesting
	// level; see above for a host that panics.
	//
	// left is how many instructions the top-level run and the runs nested
	// in it may still execute, this one included; the run keeps it to
	// itself, and puts it in m.steps only when it calls the host (whose
	// nested runs draw on m.steps, and leave there what they did not
	// use) and when it returns. An instruction that starts with a
	// multiple of checkInterval steps left (0 included) is a checkpoint:
	// the run looks at Cancel and at the budget.
	//
	// code is f.Code with superinstructions (see fuse.go). One whose
	// later instructions would fall on a checkpoint runs the first
	// instruction of its sequence alone, so that checkpoints fall where
	// they fall without superinstructions (see clearOf).
	code := lf.code
	st := &m.stack // Verify proved the run needs no more than f.MaxStack
	sp, pc := base, 0
	var cause error // why the run failed, at instruction at (see failed)
	var at int
	for ; ; left-- {
		if uint(left)%checkInterval == 0 { // a checkpoint
			if m.stopping(left) {
				m.steps = left
				cause, at = m.stopped(), pc
				goto failed
			}
		}
		in := &code[pc]
		pc++
		switch in.code {
		case OpNop:
		case OpConst:
			st[sp] = l.Program.Consts[in.args[0]]
			sp++
		case OpInt, OpSym: // a SYM's operand is the host's id
			st[sp] = Value(in.args[0])
			sp++
		case OpLoad:
			st[sp] = locals[in.args[0]]
			sp++
		case OpStore:
			sp--
			locals[in.args[0]] = st[sp]
		case OpPop:
			sp--
		case OpDup:
			st[sp] = st[sp-1]
			sp++
		case OpAdd: // saturating at ±MaxNumber (arith.go)
			sp--
			st[sp-1] = addSat(st[sp-1], st[sp])
		case OpSub:
			sp--
			st[sp-1] = subSat(st[sp-1], st[sp])
		case OpMul:
			sp--
			st[sp-1] = mulSat(st[sp-1], st[sp])
		case OpDiv:
			sp--
			if st[sp] == 0 {
				m.steps = left - 1
				cause, at = ErrDivideByZero, pc-1
				goto failed
			}
			st[sp-1] = divSat(st[sp-1], st[sp])
		case OpNeg:
			st[sp-1] = negSat(st[sp-1])
		case OpMin:
			sp--
			st[sp-1] = min(st[sp-1], st[sp])
		case OpMax:
			sp--
			st[sp-1] = max(st[sp-1], st[sp])
		case OpEq:
			sp--
			st[sp-1] = boolValue(st[sp-1] == st[sp])
		case OpNe:
			sp--
			st[sp-1] = boolValue(st[sp-1] != st[sp])
		case OpLt:
			sp--
			st[sp-1] = boolValue(st[sp-1] < st[sp])
		case OpLe:
			sp--
			st[sp-1] = boolValue(st[sp-1] <= st[sp])
		case OpGt:
			sp--
			st[sp-1] = boolValue(st[sp-1] > st[sp])
		case OpGe:
			sp--
			st[sp-1] = boolValue(st[sp-1] >= st[sp])
		case OpNot:
			st[sp-1] = boolValue(st[sp-1] == 0)
		case OpAnd:
			sp--
			st[sp-1] = boolValue(st[sp-1] != 0 && st[sp] != 0)
		case OpOr:
			sp--
			st[sp-1] = boolValue(st[sp-1] != 0 || st[sp] != 0)
		case OpJump:
			pc = int(in.args[0])
		case OpJumpIfFalse:
			sp--
			if st[sp] == 0 {
				pc = int(in.args[0])
			}
		case OpJumpIfTrue:
			sp--
			if st[sp] != 0 {
				pc = int(in.args[0])
			}
		case OpJumpIfFalseOrPop:
			if st[sp-1] == 0 {
				pc = int(in.args[0])
			} else {
				sp--
			}
		case OpJumpIfTrueOrPop:
			if st[sp-1] != 0 {
				st[sp-1] = 1
				pc = int(in.args[0])
			} else {
				sp--
			}
		case OpCall:
			n := int(in.arity)
			m.sp = sp // a nested run starts above the arguments
			m.steps = left - 1
			r, err := m.host.Call(fr, in.args[0], st[sp-n:sp:sp])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			left = m.steps + 1
			sp -= n
			if in.returns {
				st[sp] = r
				sp++
			}
		case OpField:
			m.sp = sp
			m.steps = left - 1
			v, err := m.host.Field(fr, in.args[0])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			left = m.steps + 1
			st[sp] = v
			sp++
		case OpReturn:
			m.steps = left - 1
			m.leave(base, depth)
			return st[sp-1], nil

		// The superinstructions. pc is the index of the second instruction
		// of the sequence; in.args holds the operands of all of them.
		case opFieldEqLocalJumpF:
			m.sp = sp
			m.steps = left - 1
			v, err := m.host.Field(fr, in.args[0])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			if left = m.steps + 1; !clearOf(left-1, 3) {
				// A checkpoint falls among the rest, or nested runs
				// spent their steps: it runs one instruction at a
				// time, from the FIELD's result.
				st[sp] = v
				sp++
				continue
			}
			left -= 3
			if v != locals[in.args[1]] {
				pc = int(in.args[3])
				continue
			}
			pc += 3
			if next := &code[pc]; next.code == opFieldStoreCallReturn && clearOf(left-1, 1) {
				// The match goes on to bind a field and ask the host:
				// the next superinstruction, without a dispatch.
				left--
				in = next
				pc++
				goto fieldStoreCallReturn
			}
		case opFieldEqSymJumpF: // as opFieldEqLocalJumpF, with a name
			m.sp = sp
			m.steps = left - 1
			v, err := m.host.Field(fr, in.args[0])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			if left = m.steps + 1; !clearOf(left-1, 3) {
				st[sp] = v
				sp++
				continue
			}
			left -= 3
			if v != Value(in.args[1]) {
				pc = int(in.args[3])
				continue
			}
			pc += 3
			if next := &code[pc]; next.code == opFieldStoreCallReturn && clearOf(left-1, 1) {
				left--
				in = next
				pc++
				goto fieldStoreCallReturn
			}
		case opFieldStoreCallReturn: // after the switch
			goto fieldStoreCallReturn
		case opFieldStore:
			m.sp = sp
			m.steps = left - 1
			v, err := m.host.Field(fr, in.args[0])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			if left = m.steps + 1; !clearOf(left-1, 1) {
				st[sp] = v
				sp++
				continue
			}
			left--
			locals[in.args[1]] = v
			pc++
		case opIntReturn:
			if !clearOf(left-1, 1) { // the INT alone
				st[sp] = Value(in.args[0])
				sp++
				continue
			}
			m.steps = left - 2
			m.leave(base, depth)
			return Value(in.args[0]), nil
		case opLoadCallReturn:
			st[sp] = locals[in.args[0]]
			sp++
			if !clearOf(left-1, 1) { // the LOAD alone
				continue
			}
			left-- // the LOAD's step; the CALL's is the loop's
			pc++
			n := int(in.arity) // fuse checked that it returns
			m.sp = sp
			m.steps = left - 1
			r, err := m.host.Call(fr, in.args[1], st[sp-n:sp:sp])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			if s := m.steps; clearOf(s, 1) {
				// The RET is no checkpoint: it takes its step here.
				m.steps = s - 1
				m.leave(base, depth)
				return r, nil
			}
			// The RET runs alone, after a checkpoint.
			left = m.steps + 1
			sp -= n
			st[sp] = r
			sp++
		case opLoadCall:
			st[sp] = locals[in.args[0]]
			sp++
			if !clearOf(left-1, 1) { // the LOAD alone
				continue
			}
			left-- // the LOAD's step; the CALL's is the loop's
			pc++
			n := int(in.arity)
			m.sp = sp
			m.steps = left - 1
			r, err := m.host.Call(fr, in.args[1], st[sp-n:sp:sp])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			left = m.steps + 1
			sp -= n
			if in.returns {
				st[sp] = r
				sp++
			}
		case opCallJumpF:
			n := int(in.arity)
			m.sp = sp
			m.steps = left - 1
			r, err := m.host.Call(fr, in.args[0], st[sp-n:sp:sp])
			if err != nil {
				cause, at = err, pc-1
				goto failed
			}
			sp -= n
			if left = m.steps + 1; !clearOf(left-1, 1) {
				st[sp] = r
				sp++
				continue
			}
			left--
			if r == 0 {
				pc = int(in.args[1])
			} else {
				pc++
			}
		case opLoadLoad:
			st[sp] = locals[in.args[0]]
			sp++
			if !clearOf(left-1, 1) { // the first LOAD alone
				continue
			}
			st[sp] = locals[in.args[1]]
			sp++
			pc++
			left--
		case opLoadSym:
			st[sp] = locals[in.args[0]]
			sp++
			if !clearOf(left-1, 1) { // the LOAD alone
				continue
			}
			st[sp] = Value(in.args[1])
			sp++
			pc++
			left--
		default:
			m.steps = left - 1
			cause, at = fmt.Errorf("unknown opcode %d", in.code), pc-1
			goto failed
		}
		continue

		// opFieldStoreCallReturn, which the anchor check goes on to
		// without a dispatch when it holds. in is the superinstruction,
		// pc the index of the STORE.
	fieldStoreCallReturn:
		m.sp = sp
		m.steps = left - 1
		v, err := m.host.Field(fr, in.args[0])
		if err != nil {
			cause, at = err, pc-1
			goto failed
		}
		// The STORE, LOAD and CALL must come before the next checkpoint;
		// otherwise the FIELD's result goes on alone.
		if left = m.steps + 1; !clearOf(left-1, 3) {
			st[sp] = v
			sp++
			continue
		}
		left -= 3 // the CALL's step is left
		locals[in.args[1]] = v
		st[sp] = locals[in.args[2]]
		sp++
		pc += 3
		n := int(in.arity) // fuse checked that it returns
		m.sp = sp
		m.steps = left - 1
		r, err := m.host.Call(fr, in.args[3], st[sp-n:sp:sp])
		if err != nil {
			cause, at = err, pc-1
			goto failed
		}
		if s := m.steps; clearOf(s, 1) {
			m.steps = s - 1
			m.leave(base, depth)
			return r, nil
		}
		left = m.steps + 1
		sp -= n
		st[sp] = r
		sp++
	}

	// Every failure of a run that started: cause, at instruction at.
failed:
	m.leave(base, depth)
	return 0, fail(lf.f, at, cause)
}

// refused is a run that Run's tests sent to refuse: it fails with
// refuse's error, or starts again once refuse has grown the frames. It
// is out of Run so that Run keeps nothing on the stack for it.
//
//go:noinline
func (m *Machine) refused(ctx any, l *Linked, fn int32, locals []Value) (Value, error) {
	if err := m.refuse(l, fn, locals); err != nil {
		return 0, err
	}
	return m.run(ctx, l, fn, locals)
}

// stoppedAt is the error of a run that stops at a checkpoint before
// instruction pc of lf.
//
//go:noinline
func (m *Machine) stoppedAt(lf *linkedFunc, pc int) error {
	return fail(lf.f, pc, m.stopped())
}

// refuse returns the error of a Run that cannot start, or nil if it can
// after all: the first run nested that deep since MaxDepth was read, when
// MaxDepth is 0 or less (its default applies) or more than the machine
// had frames for (it grows them). It is out of Run, whose every call
// pays for what it holds.
//
//go:noinline
func (m *Machine) refuse(l *Linked, fn int32, locals []Value) error {
	if l == nil || l.Program == nil || fn < 0 || int(fn) >= len(l.Program.Funcs) || int(fn) >= len(l.funcs) {
		return &Error{Func: "func " + strconv.Itoa(int(fn)), PC: -1, Err: ErrNoFunc}
	}
	f := &l.Program.Funcs[fn]
	switch {
	case l.funcs[fn].unlinked != nil:
		return &Error{Func: f.Name, PC: -1, Err: unlinkedError(l.Program, l.funcs[fn].unlinked)}
	case m.host == nil:
		return &Error{Func: f.Name, PC: -1, Err: errors.New("machine has no host")}
	case len(locals) < int(f.NumLocals):
		err := fmt.Errorf("%w: has %d, needs %d", ErrLocals, len(locals), f.NumLocals)
		return &Error{Func: f.Name, PC: -1, Err: err}
	case m.depth >= m.maxDepth:
		limit := m.MaxDepth
		if limit <= 0 {
			limit = DefaultMaxDepth
		}
		if m.depth >= limit {
			return &Error{Func: f.Name, PC: -1, Err: ErrDepth}
		}
		if len(m.frames) < limit {
			m.growFrames(limit)
		}
		m.maxDepth = limit
		if m.sp <= l.funcs[fn].maxBase {
			return nil
		}
	}
	return &Error{Func: f.Name, PC: -1, Err: ErrStackOverflow}
}

// Cancel makes the run in progress, if any, and every run nested in it,
// fail with an error that wraps ErrCancelled and includes reason. A run
// notices within 256 of its instructions, and a nested run as it starts;
// the machine does not interrupt a host function. The machine stays
// cancelled: every later Run fails the
// same way before its first instruction, until Uncancel. Cancel may be
// called from any goroutine, for example by a timer that bounds the time of
// one game event; calling it again replaces the reason.
func (m *Machine) Cancel(reason string) { m.cancel.Store(&reason) }

// Uncancel undoes Cancel, so that the machine runs again. Like Cancel, it
// may be called from any goroutine; to stop a run in progress and then
// reuse the machine, call Uncancel after that run has returned.
func (m *Machine) Uncancel() { m.cancel.Store(nil) }

// stopping reports whether a run must stop at a checkpoint, where it has
// left steps: none is left, or Cancel was called. It is not inlined, so
// that the compiler lays it out of the interpreter's loop.
//
//go:noinline
func (m *Machine) stopping(left int) bool {
	return left <= 0 || m.cancel.Load() != nil
}

// clearOf reports whether the n instructions that follow, the first of
// which starts with after steps left, are all free of checkpoints (and
// so have their steps): a superinstruction does them at once only then.
func clearOf(after, n int) bool { return uint(after)%checkInterval >= uint(n) }

// stopped is why a run must stop at a checkpoint: Cancel was
// called, or the budget is spent.
func (m *Machine) stopped() error {
	if r := m.cancel.Load(); r != nil {
		return fmt.Errorf("%w: %s", ErrCancelled, *r)
	}
	return ErrStepLimit
}

// leave ends a run: it puts back the stack pointer and nesting level the
// run started with, whatever the runs nested in it left (a host may have
// recovered a panic of one).
func (m *Machine) leave(sp, depth int) {
	m.sp = sp
	m.depth = depth
}

// growFrames makes room for n frames.
func (m *Machine) growFrames(n int) {
	frames := make([]Frame, n)
	copy(frames, m.frames)
	m.frames = frames
}

// fail builds the *Error for instruction pc of f.
func fail(f *Func, pc int, err error) *Error {
	e := &Error{Func: f.Name, PC: pc, Err: err}
	if pc >= 0 && pc < len(f.Pos) {
		e.Pos = f.Pos[pc]
	}
	return e
}

// boolValue converts a Go bool to the machine's 0 or 1.
func boolValue(b bool) Value {
	if b {
		return 1
	}
	return 0
}
