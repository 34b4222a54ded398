package dsl

import (
	"fmt"
	"strconv"
	"strings"
)

// PhraseString renders a phrase in canonical form: its parts separated by
// single spaces.
func PhraseString(ph *Phrase) string {
	return PartsString(ph.Parts)
}

// PartsString renders parts of a phrase in canonical form, separated by
// single spaces.
func PartsString(parts []*Part) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return PartString(parts[0])
	}
	var b strings.Builder
	for i, pt := range parts {
		if i > 0 {
			b.WriteByte(' ')
		}
		writePart(&b, pt)
	}
	return b.String()
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

// GivenString renders a given statement of a test in canonical form.
func GivenString(s GivenStmt) string {
	switch s := s.(type) {
	case *ControlStmt:
		return verb(s.Player, "control", "controls") + " " + cardSpecsString(s.Cards)
	case *LifeStmt:
		return verb(s.Player, "have", "has") + fmt.Sprintf(" %d life", s.Life)
	case *ZoneStmt:
		if s.Opening {
			return verb(s.Player, "have", "has") + " " + cardSpecsString(s.Cards) + " in opening hand"
		}
		return verb(s.Player, "have", "has") + " " + cardSpecsString(s.Cards) + " in " + s.Zone
	case *StepStmt:
		return "it is " + s.Player + " " + strings.Join(s.Step, " ")
	case *PoolStmt:
		return poolString(s.Player, s.Mana)
	}
	return ""
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

// ActionString renders an action of a test in canonical form.
func ActionString(a Action) string {
	switch a := a.(type) {
	case *DealAction:
		combat := ""
		if a.Combat {
			combat = "combat "
		}
		return fmt.Sprintf("%s deals %d %sdamage to %s", RefString(a.Source), a.Amount, combat, targetString(a.Target))
	case *CounterAction:
		prep := "on"
		if a.Verb == "remove" {
			prep = "from"
		}
		return fmt.Sprintf("%s %d %s %s %s %s", a.Verb, a.Amount, a.Kind, plural(a.Amount, "counter", "counters"), prep, RefString(a.Card))
	case *DestroyAction:
		return "destroy " + RefString(a.Card)
	case *CastAction:
		s := actor(a.Player, "cast", "casts") + " " + a.Name
		if a.X != nil {
			s += fmt.Sprintf(" with X = %d", *a.X)
		}
		if len(a.Targets) > 0 {
			s += " targeting " + targetsString(a.Targets)
		}
		return s
	case *AttackAction:
		return "attack with " + refsString(a.Cards, ", ")
	case *BlockAction:
		return "block " + RefString(a.Attacker) + " with " + refsString(a.Blockers, ", ")
	case *ResolveAction:
		if a.All {
			return "resolve all"
		}
		return "resolve"
	case *AdvanceAction:
		return "advance to " + strings.Join(a.Words, " ")
	case *OrderAction:
		return "order " + a.What + " " + refsString(a.Cards, ", ")
	case *TapAction:
		s := actor(a.Player, "tap", "taps") + " " + RefString(a.Card) + " for "
		if a.Mana == "" {
			return s + "mana"
		}
		return s + a.Mana
	case *ActivateAction:
		s := actor(a.Player, "activate", "activates") + " " + RefString(a.Card)
		if a.Ability != nil {
			s += fmt.Sprintf(" ability %d", *a.Ability)
		}
		if a.X != nil {
			s += fmt.Sprintf(" with X = %d", *a.X)
		}
		if len(a.Targets) > 0 {
			s += " targeting " + targetsString(a.Targets)
		}
		if len(a.Choices) > 0 {
			s += " " + a.Choose + " " + refsString(a.Choices, ", ")
		}
		if a.Mana != "" {
			s += " for " + a.Mana
		}
		return s
	case *IllegalAction:
		return "illegal " + a.Rule + ": " + ActionString(a.Action)
	case *TargetAction:
		return "target " + targetString(a.Target)
	case *PayAction:
		return paidString(a.Player, a.Verb, a.Card)
	case *ChooseAction:
		if a.Nothing {
			return "choose nothing"
		}
		return "choose " + RefString(a.Card)
	}
	return ""
}

// AssertionString renders an assertion of a test in canonical form.
func AssertionString(a Assertion) string {
	not := func(b bool) string {
		if b {
			return "not "
		}
		return ""
	}
	switch a := a.(type) {
	case *ZoneAssert:
		s := RefString(a.Card) + " is " + not(a.Not)
		if a.Battlefield {
			return s + "on the battlefield"
		}
		if a.Owner != "" {
			return s + "in " + a.Owner + " " + a.Zone
		}
		return s + "in " + a.Zone
	case *StateAssert:
		return RefString(a.Card) + " is " + not(a.Not) + a.State
	case *PTAssert:
		return RefString(a.Card) + " is " + a.PT
	case *AttachedAssert:
		return RefString(a.Card) + " is " + not(a.Not) + "attached to " + RefString(a.To)
	case *KeywordAssert:
		if a.Not {
			return RefString(a.Card) + " does not have " + strings.Join(a.Keyword, " ")
		}
		return RefString(a.Card) + " has " + strings.Join(a.Keyword, " ")
	case *CountAssert:
		if a.Damage {
			return RefString(a.Card) + " has " + count(a.Count) + " damage"
		}
		return RefString(a.Card) + " has " + count(a.Count) + " " + a.Counter + " " + plural(a.Count, "counter", "counters")
	case *LifeAssert:
		return verb(a.Player, "have", "has") + fmt.Sprintf(" %d life", a.Life)
	case *PlayerCountAssert:
		return verb(a.Player, "have", "has") + " " + count(a.Count) + " " + a.Counter + " " + plural(a.Count, "counter", "counters")
	case *GameAssert:
		switch {
		case a.Player != "":
			return a.Player + " lost the game"
		case a.Draw:
			return "the game is a draw"
		}
		return "the game is not over"
	case *PoolAssert:
		if a.Owner != "" {
			return a.Owner + " mana pool is empty"
		}
		return poolString(a.Player, a.Mana)
	case *LogAssert:
		s := "log has " + count(a.Count) + " " + a.Kind + " " + plural(a.Count, "event", "events")
		if a.Involving != nil {
			s += " involving " + RefString(a.Involving)
		}
		return s
	case *TurnAssert:
		if a.Player == "" {
			return fmt.Sprintf("it is turn %d", a.Turn)
		}
		return "it is " + a.Player + " " + strings.Join(a.Step, " ")
	case *StackAssert:
		if a.Empty {
			return "stack is empty"
		}
		return fmt.Sprintf("stack has %d %s", a.Count, plural(a.Count, "object", "objects"))
	case *PaidAssert:
		return paidString(a.Player, a.Verb, a.Card)
	case *ControlAssert:
		verb := "control"
		if a.Player == "opponent" {
			verb = "controls"
		}
		return fmt.Sprintf("%s %s %d %s", a.Player, verb, a.Count, a.Name)
	case *DecisionAssert:
		return a.Player + " ordered " + a.What + " " + refsString(a.Cards, ", ")
	case *ChoiceAssert:
		verb := " chose "
		if a.Not {
			verb = " did not choose "
		}
		if a.Nothing {
			return a.Player + verb + "nothing"
		}
		return a.Player + verb + RefString(a.Card)
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
