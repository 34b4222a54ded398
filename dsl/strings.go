package dsl

import (
	"fmt"
	"strconv"
	"strings"
)

// PhraseString renders a phrase in canonical form: its parts separated by
// single spaces, a comma right after the word before it.
func PhraseString(ph *Phrase) string {
	return PartsString(ph.Parts)
}

// PartsString renders parts of a phrase in canonical form, separated by
// single spaces, a comma right after the word before it.
func PartsString(parts []*Part) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return PartString(parts[0])
	}
	var b strings.Builder
	b.Grow(partsLen(parts))
	for i, pt := range parts {
		if i > 0 && !pt.Comma {
			b.WriteByte(' ')
		}
		writePart(&b, pt)
	}
	return b.String()
}

// partsLen is about how long PartsString's text of the parts is: exact
// for bare words, a guess for the rest, so that the text is written into
// one buffer most times.
func partsLen(parts []*Part) int {
	n := 0
	for _, pt := range parts {
		if w := pt.Word(); w != "" {
			n += len(w) + 1
		} else {
			n += 8
		}
	}
	return n
}

// CostString renders the cost of an activated ability: its parts
// separated by ", ".
func CostString(costs []*CostPart) string {
	parts := make([]string, len(costs))
	for i, c := range costs {
		if c.Mana != nil {
			parts[i] = *c.Mana
		} else {
			parts[i] = PhraseString(c.Phrase)
		}
	}
	return strings.Join(parts, ", ")
}

// PartString renders one part of a phrase.
func PartString(pt *Part) string {
	if pt.Bind == nil && pt.PT == nil && pt.Mana == nil && pt.Str == nil && pt.Expr != nil {
		return SumString(pt.Expr)
	}
	var b strings.Builder
	writePart(&b, pt)
	return b.String()
}

// writePart renders one part of a phrase into b.
func writePart(b *strings.Builder, pt *Part) {
	switch {
	case pt.Bind != nil:
		b.WriteString("as ")
		b.WriteString(*pt.Bind)
	case pt.PT != nil:
		b.WriteString(*pt.PT)
	case pt.Mana != nil:
		b.WriteString(*pt.Mana)
	case pt.Str != nil:
		b.WriteString(*pt.Str)
	case pt.Comma:
		b.WriteByte(',')
	case pt.Expr != nil:
		if w := pt.Expr.Word(); w != "" {
			b.WriteString(w)
			return
		}
		writeSum(b, pt.Expr)
	}
}

// CondString renders a condition. Expressions are rendered into one
// builder, so that the work is linear in their length (issue 8: a chain
// of 8,000 terms once took minutes).
func CondString(c *Cond) string {
	var b strings.Builder
	writeCond(&b, c)
	return b.String()
}

// SumString renders an arithmetic expression.
func SumString(s *Sum) string {
	if w := s.Word(); w != "" {
		return w // a word: nothing to build
	}
	var b strings.Builder
	writeSum(&b, s)
	return b.String()
}

func writeCond(b *strings.Builder, c *Cond) {
	writeAnd(b, c.Left)
	for _, r := range c.Right {
		b.WriteString(" or ")
		writeAnd(b, r)
	}
}

func writeAnd(b *strings.Builder, a *AndCond) {
	writeNot(b, a.Left)
	for _, r := range a.Right {
		b.WriteString(" and ")
		writeNot(b, r)
	}
}

func writeNot(b *strings.Builder, n *NotCond) {
	for n.Not != nil {
		b.WriteString("not ")
		n = n.Not
	}
	writeSum(b, n.Cmp.Left)
	if n.Cmp.Op != "" {
		b.WriteString(" " + n.Cmp.Op + " ")
		writeSum(b, n.Cmp.Right)
	}
}

func writeSum(b *strings.Builder, s *Sum) {
	writeProduct(b, s.Left)
	for _, r := range s.Rest {
		b.WriteString(" " + r.Op + " ")
		writeProduct(b, r.Right)
	}
}

func writeProduct(b *strings.Builder, p *Product) {
	if (&Sum{Left: p}).AndOr() {
		b.WriteString("and/or") // Oracle's word, which reads as a division
		return
	}
	writeUnary(b, p.Left)
	for _, r := range p.Rest {
		b.WriteString(" " + r.Op + " ")
		writeUnary(b, r.Right)
	}
}

func writeUnary(b *strings.Builder, u *Unary) {
	for u.Neg != nil {
		b.WriteString("-")
		if u.Neg.Neg != nil {
			b.WriteString(" ") // "--" would read as a dash
		}
		u = u.Neg
	}
	pr := u.Primary
	switch {
	case pr.Number != nil:
		b.WriteString(*pr.Number)
	case pr.Paren != nil:
		b.WriteString("(")
		writeCond(b, pr.Paren)
		b.WriteString(")")
	case pr.Ref != nil:
		b.WriteString(pr.Ref.Name)
		for _, f := range pr.Ref.Fields {
			b.WriteString("." + f)
		}
	}
}

// RefString renders a card reference of a test.
func RefString(r *CardRef) string {
	if r.Each {
		c := *r
		c.Each = false
		return "each " + RefString(&c)
	}
	if r.Name != nil && r.On != nil {
		return *r.Name + " token on " + RefString(r.On)
	}
	if r.Name != nil {
		return *r.Name
	}
	if r.Alias != nil {
		return *r.Alias
	}
	return ""
}

// TargetString is a player or a card of a test, as written: `you`,
// `"Grizzly Bears"`.
func TargetString(t *TargetRef) string { return targetString(t) }

func targetString(t *TargetRef) string {
	if t.Player != nil {
		return *t.Player
	}
	return RefString(t.Card)
}

func refsString(refs []*CardRef, sep string) string {
	s := make([]string, len(refs))
	for i, r := range refs {
		s[i] = RefString(r)
	}
	return strings.Join(s, sep)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func count(n int) string {
	if n == 0 {
		return "no"
	}
	return strconv.Itoa(n)
}

func cardSpecString(c *CardSpec) string {
	s := c.Name
	if len(c.With) > 0 {
		w := make([]string, len(c.With))
		for i, wc := range c.With {
			if wc.Damage {
				w[i] = fmt.Sprintf("%d damage", wc.Count)
			} else {
				w[i] = fmt.Sprintf("%d %s %s", wc.Count, wc.Counter, plural(wc.Count, "counter", "counters"))
			}
		}
		s += " with " + strings.Join(w, ", ")
	}
	if c.Tapped {
		s += " tapped"
	}
	if c.AttachedTo != nil {
		s += " attached to " + RefString(c.AttachedTo)
	}
	if c.Alias != "" {
		s += " as " + c.Alias
	}
	return s
}

func cardSpecsString(cs []*CardSpec) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = cardSpecString(c)
	}
	return strings.Join(s, ", ")
}

func verb(player, you, they string) string {
	if player == "you" {
		return "you " + you
	}
	return player + " " + they
}

// poolString renders mana in a player's mana pool.
func poolString(player, mana string) string {
	if player == "you" {
		return "you have " + mana + " in your mana pool"
	}
	return player + " has " + mana + " in their mana pool"
}

// actor renders the player before a test action's verb as it was written:
// nothing when none was (you act by default), "you cast" when it was.
func actor(player, you, they string) string {
	switch player {
	case "opponent":
		return "opponent " + they
	case "you":
		return "you " + you
	}
	return you
}

func targetsString(ts []*TargetRef) string {
	t := make([]string, len(ts))
	for i, tr := range ts {
		t[i] = targetString(tr)
	}
	return strings.Join(t, ", ")
}

// notWord renders the negation of an assertion that may be negated.
func notWord(b bool) string {
	if b {
		return "not "
	}
	return ""
}

// paidString renders a decision of an optional cost: `you pay sacrificing
// "Trollhide"`.
func paidString(player, verb string, card *CardRef) string {
	s := player + " " + verb
	if card != nil {
		s += " sacrificing " + RefString(card)
	}
	return s
}
