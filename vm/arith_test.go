package vm_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// TestArithmeticSaturates: OpAdd, OpSub, OpMul and OpNeg stop at
// ±vm.MaxNumber (2^40, where every quantity of the game stops) instead of
// wrapping around, at each boundary and for products beyond an int64; an
// operand beyond the bounds is read as the bound (so that a host's 2^50
// minus 1 is 2^40 - 1, not 2^40); OpDiv reads its operands so too. Every
// case runs as Link prepares the code (with superinstructions) and as
// written.
func TestArithmeticSaturates(t *testing.T) {
	const m = vm.MaxNumber
	ret := op(vm.OpReturn)
	// A function of constants alone: the constants keep any int64, as
	// a host's answers may.
	type fn0 struct {
		consts []vm.Value
		code   []vm.Instr
	}
	unary := func(a vm.Value, o vm.Opcode) fn0 {
		return fn0{[]vm.Value{a}, []vm.Instr{in(vm.OpConst, 0), op(o), ret}}
	}
	binary := func(a, b vm.Value, o vm.Opcode) fn0 {
		return fn0{[]vm.Value{a, b}, []vm.Instr{in(vm.OpConst, 0), in(vm.OpConst, 1), op(o), ret}}
	}
	type arith struct {
		name string
		fn   fn0
		want vm.Value
	}
	c := func(name string, want vm.Value, f fn0) arith { return arith{name, f, want} }
	tests := []arith{
		// OpAdd at the upper bound.
		c("ADD 2^40-2 + 1 is exact", m-1, binary(m-2, 1, vm.OpAdd)),
		c("ADD 2^40-1 + 1 reaches the bound", m, binary(m-1, 1, vm.OpAdd)),
		c("ADD 2^40 + 0 stays", m, binary(m, 0, vm.OpAdd)),
		c("ADD 2^40 + 1 saturates", m, binary(m, 1, vm.OpAdd)),
		c("ADD 2^40-1 + 2 saturates", m, binary(m-1, 2, vm.OpAdd)),
		c("ADD 2^40 + 2^40 saturates", m, binary(m, m, vm.OpAdd)),
		c("ADD an operand of 2^40+1 is read as 2^40", m-1, binary(m+1, -1, vm.OpAdd)),
		c("ADD an operand of 2^50 is read as 2^40", m-1, binary(1<<50, -1, vm.OpAdd)),
		c("ADD MaxInt64 + 1 saturates, never wraps", m, binary(math.MaxInt64, 1, vm.OpAdd)),
		c("ADD MaxInt64 + MaxInt64 saturates", m, binary(math.MaxInt64, math.MaxInt64, vm.OpAdd)),
		// and its negative mirror.
		c("ADD -2^40+2 - 1 is exact", -m+1, binary(-m+2, -1, vm.OpAdd)),
		c("ADD -2^40+1 - 1 reaches the bound", -m, binary(-m+1, -1, vm.OpAdd)),
		c("ADD -2^40 - 1 saturates", -m, binary(-m, -1, vm.OpAdd)),
		c("ADD an operand of -2^40-1 is read as -2^40", -m+1, binary(-m-1, 1, vm.OpAdd)),
		c("ADD MinInt64 - 1 saturates, never wraps", -m, binary(math.MinInt64, -1, vm.OpAdd)),
		c("ADD MinInt64 + MinInt64 saturates", -m, binary(math.MinInt64, math.MinInt64, vm.OpAdd)),
		c("ADD 2^40 + -2^40 is 0", 0, binary(m, -m, vm.OpAdd)),
		c("ADD MaxInt64 + MinInt64 is 0 of the bounds", 0, binary(math.MaxInt64, math.MinInt64, vm.OpAdd)),

		// OpSub.
		c("SUB 2^40-1 - -1 reaches the bound", m, binary(m-1, -1, vm.OpSub)),
		c("SUB 2^40 - -1 saturates", m, binary(m, -1, vm.OpSub)),
		c("SUB an operand of 2^40+1 is read as 2^40", m-1, binary(m+1, 1, vm.OpSub)),
		c("SUB -2^40+1 - 1 reaches the bound", -m, binary(-m+1, 1, vm.OpSub)),
		c("SUB -2^40 - 1 saturates", -m, binary(-m, 1, vm.OpSub)),
		c("SUB 0 - MinInt64 saturates, never wraps", m, binary(0, math.MinInt64, vm.OpSub)),
		c("SUB MinInt64 - MaxInt64 saturates", -m, binary(math.MinInt64, math.MaxInt64, vm.OpSub)),
		c("SUB -2^40 - -2^40 is 0", 0, binary(-m, -m, vm.OpSub)),

		// OpMul.
		c("MUL (2^20-1) * 2^20 is exact", m-1<<20, binary(1<<20-1, 1<<20, vm.OpMul)),
		c("MUL 2^20 * 2^20 is the bound", m, binary(1<<20, 1<<20, vm.OpMul)),
		c("MUL 2^20 * (2^20+1) saturates", m, binary(1<<20, 1<<20+1, vm.OpMul)),
		c("MUL 3 * 2^39 saturates", m, binary(3, 1<<39, vm.OpMul)),
		c("MUL (2^40+1) * 1 is read as 2^40", m, binary(m+1, 1, vm.OpMul)),
		c("MUL 2^31 * 2^31 (2^62, within int64) saturates", m, binary(1<<31, 1<<31, vm.OpMul)),
		c("MUL 2^32 * 2^32 (2^64 wraps to 0 in int64) saturates", m, binary(1<<32, 1<<32, vm.OpMul)),
		c("MUL 2^40 * 2^40 (2^80) saturates", m, binary(m, m, vm.OpMul)),
		c("MUL MaxInt64 * 2 saturates, never wraps", m, binary(math.MaxInt64, 2, vm.OpMul)),
		c("MUL MaxInt64 * MaxInt64 saturates", m, binary(math.MaxInt64, math.MaxInt64, vm.OpMul)),
		// and its negative mirror.
		c("MUL -(2^20-1) * 2^20 is exact", -m+1<<20, binary(-(1<<20-1), 1<<20, vm.OpMul)),
		c("MUL -2^20 * 2^20 is the bound", -m, binary(-(1<<20), 1<<20, vm.OpMul)),
		c("MUL 2^20 * -(2^20+1) saturates", -m, binary(1<<20, -(1<<20+1), vm.OpMul)),
		c("MUL -2^40 * 2^40 saturates", -m, binary(-m, m, vm.OpMul)),
		c("MUL -2^40 * -2^40 saturates positive", m, binary(-m, -m, vm.OpMul)),
		c("MUL MinInt64 * -1 saturates, never wraps", m, binary(math.MinInt64, -1, vm.OpMul)),
		c("MUL MinInt64 * 2 saturates", -m, binary(math.MinInt64, 2, vm.OpMul)),
		c("MUL -2^32 * 2^32 saturates", -m, binary(-(1<<32), 1<<32, vm.OpMul)),
		c("MUL MinInt64 * 0 is 0", 0, binary(math.MinInt64, 0, vm.OpMul)),
		c("MUL 0 * -2^40 is 0", 0, binary(0, -m, vm.OpMul)),
		// "this.power * this.power * this.power" with power 2^31: 2^93
		// is 0 modulo 2^64.
		c("MUL 2^31 cubed saturates", m, fn0{[]vm.Value{1 << 31}, []vm.Instr{in(vm.OpConst, 0), in(vm.OpConst, 0), op(vm.OpMul), in(vm.OpConst, 0), op(vm.OpMul), ret}}),

		// OpNeg.
		c("NEG 2^40-1", -m+1, unary(m-1, vm.OpNeg)),
		c("NEG 2^40", -m, unary(m, vm.OpNeg)),
		c("NEG 2^40+1 saturates", -m, unary(m+1, vm.OpNeg)),
		c("NEG -2^40", m, unary(-m, vm.OpNeg)),
		c("NEG -2^40-1 saturates", m, unary(-m-1, vm.OpNeg)),
		c("NEG MinInt64 saturates, never wraps", m, unary(math.MinInt64, vm.OpNeg)),
		c("NEG MaxInt64 saturates", -m, unary(math.MaxInt64, vm.OpNeg)),

		// OpDiv: never beyond its dividend, but its operands are read
		// within the bounds too.
		c("DIV 2^40 / 1", m, binary(m, 1, vm.OpDiv)),
		c("DIV (2^40+2) / 2 is read as 2^40 / 2", m/2, binary(m+2, 2, vm.OpDiv)),
		c("DIV MaxInt64 / 1 saturates", m, binary(math.MaxInt64, 1, vm.OpDiv)),
		c("DIV MinInt64 / -1 saturates, never overflows", m, binary(math.MinInt64, -1, vm.OpDiv)),
		c("DIV -2^40 / -1", m, binary(-m, -1, vm.OpDiv)),
		c("DIV 2^40 / MinInt64 is -1", -1, binary(m, math.MinInt64, vm.OpDiv)),
		c("DIV -7 / 2 truncates toward zero", -3, binary(-7, 2, vm.OpDiv)),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, fused := range []bool{true, false} {
				p := &vm.Program{Symbols: opSyms, Consts: tt.fn.consts, Funcs: []vm.Func{fn("test", 0, opSyms, tt.fn.code...)}}
				var notes []vm.Value
				h := opHost(&notes)
				l := link(t, p, h)
				if !fused {
					var err error
					l, err = vm.LinkUnfused(p, h)
					require.NoError(t, err)
				}
				got, err := vm.NewMachine(h).Run(l, 0, nil)
				require.NoError(t, err)
				require.Equal(t, tt.want, got, "fused=%v", fused)
			}
		})
	}
	t.Run("DIV by zero is still an error", func(t *testing.T) {
		var notes []vm.Value
		_, err := runCode(t, opHost(&notes), []vm.Value{math.MinInt64, 0}, nil, in(vm.OpConst, 0), in(vm.OpConst, 1), op(vm.OpDiv), ret)
		require.ErrorIs(t, err, vm.ErrDivideByZero)
	})
}

// TestSuperinstructionsDoNoArithmetic: no superinstruction stands for an
// arithmetic instruction, so every sum, difference, product, quotient and
// negation runs through the saturating cases of the interpreter. A
// superinstruction that fuses one must saturate as they do, and be added
// to TestArithmeticSaturates (which runs every case fused and unfused).
func TestSuperinstructionsDoNoArithmetic(t *testing.T) {
	arith := []vm.Opcode{vm.OpAdd, vm.OpSub, vm.OpMul, vm.OpDiv, vm.OpNeg}
	patterns := vm.FusedPatterns()
	require.NotEmpty(t, patterns)
	for _, p := range patterns {
		for _, o := range arith {
			require.False(t, slices.Contains(p, o), "superinstruction %v holds %v: make it saturate and test it", p, o)
		}
	}
}
