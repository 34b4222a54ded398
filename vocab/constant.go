package vocab

import (
	"math/big"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/bound"
)

// MaxConstant is the largest magnitude an expression of numbers alone may
// have: the bound at which every quantity of the game stops and the VM's
// arithmetic saturates, bound.MaxNumber (2^40), the one home of that bound.
const MaxConstant = bound.MaxNumber

// constantRange reports an expression made of numbers alone whose value
// is beyond MaxConstant, or that goes beyond it on the way (2^40 * 2 / 2):
// the rules core would stop the value at the bound, and the machine stops
// each step of the arithmetic there (vm.MaxNumber), so the card would not
// mean what it says.
func constantRange(s *dsl.Sum) *Mismatch {
	var c constEval
	v, ok := c.sum(s)
	switch {
	case !ok:
		return nil
	case v.CmpAbs(big.NewInt(MaxConstant)) > 0:
		d := dsl.Errorf(s.Pos, CodeConstantRange, "this expression is %s, beyond %d (2^40), where every quantity of the game stops", v, MaxConstant)
		d.Hint = "write a smaller number"
		return &Mismatch{Diagnostic: d}
	case c.beyond != nil:
		d := dsl.Errorf(s.Pos, CodeConstantRange, "this expression is %s, but it reaches %s on the way, beyond %d (2^40), where every quantity of the game stops and the arithmetic with it", v, c.beyond, MaxConstant)
		d.Hint = "write it so that no step goes beyond 2^40, such as by dividing before multiplying"
		return &Mismatch{Diagnostic: d}
	}
	return nil
}

// constEval computes the exact value of an expression made of numbers
// alone, and records the first value of a step beyond MaxConstant.
type constEval struct {
	beyond *big.Int
}

// step records v if it is the first step beyond MaxConstant.
func (c *constEval) step(v *big.Int) {
	if c.beyond == nil && v.CmpAbs(big.NewInt(MaxConstant)) > 0 {
		c.beyond = new(big.Int).Set(v)
	}
}

// sum is the exact value of an expression made of numbers alone, and
// whether it is one (a name, a comparison or a division by zero is not).
func (c *constEval) sum(s *dsl.Sum) (*big.Int, bool) {
	v, ok := c.product(s.Left)
	for _, r := range s.Rest {
		if !ok {
			return nil, false
		}
		var w *big.Int
		if w, ok = c.product(r.Right); ok {
			if r.Op == "+" {
				v.Add(v, w)
			} else {
				v.Sub(v, w)
			}
			c.step(v)
		}
	}
	return v, ok
}

func (c *constEval) product(p *dsl.Product) (*big.Int, bool) {
	v, ok := c.unary(p.Left)
	for _, r := range p.Rest {
		if !ok {
			return nil, false
		}
		var w *big.Int
		if w, ok = c.unary(r.Right); ok {
			if r.Op == "*" {
				v.Mul(v, w)
			} else if w.Sign() == 0 {
				return nil, false
			} else {
				v.Quo(v, w)
			}
			c.step(v)
		}
	}
	return v, ok
}

func (c *constEval) unary(u *dsl.Unary) (*big.Int, bool) {
	if u.Neg != nil {
		v, ok := c.unary(u.Neg)
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
		p := pr.Paren
		if len(p.Right) > 0 || len(p.Left.Right) > 0 || p.Left.Left.Cmp == nil || p.Left.Left.Cmp.Right != nil {
			return nil, false
		}
		return c.sum(p.Left.Left.Cmp.Left)
	}
	return nil, false
}
