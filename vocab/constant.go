package vocab

import (
	"math/big"

	"github.com/cardc/cardc/dsl"
)

// MaxConstant is the largest magnitude an expression of numbers alone may
// have: the bound at which every quantity of the game stops (2^40, as
// the largest number a card may write, and core.MaxQuantity).
const MaxConstant = 1 << 40

// constantRange reports an expression made of numbers alone whose value
// is beyond MaxConstant: the rules core would stop it at the bound, so the
// card would not mean what it says.
func constantRange(s *dsl.Sum) *Mismatch {
	v, ok := constSum(s)
	if !ok || v.CmpAbs(big.NewInt(MaxConstant)) <= 0 {
		return nil
	}
	d := dsl.Errorf(s.Pos, CodeConstantRange, "this expression is %s, beyond %d (2^40), where every quantity of the game stops", v, MaxConstant)
	d.Hint = "write a smaller number"
	return &Mismatch{Diagnostic: d}
}

// constSum is the exact value of an expression made of numbers alone, and
// whether it is one (a name, a comparison or a division by zero is not).
func constSum(s *dsl.Sum) (*big.Int, bool) {
	v, ok := constProduct(s.Left)
	for _, r := range s.Rest {
		if !ok {
			return nil, false
		}
		var w *big.Int
		if w, ok = constProduct(r.Right); ok {
			if r.Op == "+" {
				v.Add(v, w)
			} else {
				v.Sub(v, w)
			}
		}
	}
	return v, ok
}

func constProduct(p *dsl.Product) (*big.Int, bool) {
	v, ok := constUnary(p.Left)
	for _, r := range p.Rest {
		if !ok {
			return nil, false
		}
		var w *big.Int
		if w, ok = constUnary(r.Right); ok {
			if r.Op == "*" {
				v.Mul(v, w)
			} else if w.Sign() == 0 {
				return nil, false
			} else {
				v.Quo(v, w)
			}
		}
	}
	return v, ok
}

func constUnary(u *dsl.Unary) (*big.Int, bool) {
	if u.Neg != nil {
		v, ok := constUnary(u.Neg)
		if ok {
			v.Neg(v)
		}
		return v, ok
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		return new(big.Int).SetString(*pr.Number, 10)
	case pr.Paren != nil:
		c := pr.Paren
		if len(c.Right) > 0 || len(c.Left.Right) > 0 || c.Left.Left.Cmp == nil || c.Left.Left.Cmp.Right != nil {
			return nil, false
		}
		return constSum(c.Left.Left.Cmp.Left)
	}
	return nil, false
}
