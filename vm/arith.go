package vm

import (
	"math/bits"

	"github.com/cardc/cardc/internal/bound"
)

// MaxNumber bounds the machine's arithmetic: OpAdd, OpSub, OpMul and OpNeg
// saturate at -MaxNumber and MaxNumber instead of wrapping around, and
// read an operand beyond the bounds as the bound. It is the bound at which
// every quantity of the game stops (2^40: life, counters, damage, power
// and toughness, X), the largest number a card may write and the largest
// magnitude of a constant expression the compiler accepts, so that an
// expression means at run time what it means when the compiler checks it
// (the language's SPEC, "Expressions"). Its one home is bound.MaxNumber,
// which the front end names too without linking the machine.
//
// Within the bounds, arithmetic is exact: a sum, difference or product of
// two numbers in [-MaxNumber, MaxNumber] never overflows an int64 before
// it saturates (|a*b| <= 2^80 is computed in 128 bits).
const MaxNumber = bound.MaxNumber

// saturate brings v within [-MaxNumber, MaxNumber].
func saturate(v Value) Value { return min(max(v, -MaxNumber), MaxNumber) }

// addSat is a+b, saturated; its operands are saturated first, so that the
// sum never overflows whatever they are.
func addSat(a, b Value) Value { return saturate(saturate(a) + saturate(b)) }

// subSat is a-b, saturated, as addSat.
func subSat(a, b Value) Value { return saturate(saturate(a) - saturate(b)) }

// mulSat is a*b, saturated: the product of the saturated operands, whose
// magnitude may reach 2^80, is computed in 128 bits and brought within the
// bounds with its sign.
func mulSat(a, b Value) Value {
	a, b = saturate(a), saturate(b)
	hi, lo := bits.Mul64(abs(a), abs(b))
	if hi != 0 || lo > MaxNumber {
		if (a < 0) != (b < 0) {
			return -MaxNumber
		}
		return MaxNumber
	}
	return a * b // |a*b| <= MaxNumber: exact
}

// negSat is -a, saturated.
func negSat(a Value) Value { return -saturate(a) }

// divSat is a/b for b != 0, truncated toward zero, of the saturated
// operands: its magnitude never exceeds that of the saturated a, so it
// needs no bound of its own (and math.MinInt64 / -1, which would overflow,
// is -MaxNumber / -1).
func divSat(a, b Value) Value { return saturate(a) / saturate(b) }

// abs is the magnitude of a saturated value.
func abs(v Value) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}
