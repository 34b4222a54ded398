package meaning

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/vocab"
)

// Diff says how what a paragraph means (para) differs from what an
// ability means (card), in a designer's words, one clause for each
// difference: `the paragraph says "you may" (you may gain 1 life); the
// ability does it always`. It is empty when they mean the same.
func Diff(para, card *Ability) []string {
	if para.Key() == card.Key() {
		return nil
	}
	if para.Kind != card.Kind {
		return []string{fmt.Sprintf("the paragraph is %s; the ability is %s", para.Kind, card.Kind)}
	}
	var out []string
	if para.Keyword != card.Keyword || valueKey(para.Enchant) != valueKey(card.Enchant) {
		out = append(out, fmt.Sprintf("the paragraph says %q; the ability says %q", keywordSay(para), keywordSay(card)))
	}
	if para.Trigger.Key() != card.Trigger.Key() {
		verb := "triggers on"
		if para.Kind == Replacement {
			verb = "replaces"
		}
		out = append(out, phraseDiff(para.Trigger, card.Trigger, verb)...)
	}
	pBody, cBody := para.Body, card.Body
	switch {
	case para.If.Key() == card.If.Key():
	case para.Kind == Static || card.Kind == Static:
		out = append(out, asLongAsDiff(para.If, card.If))
	case para.If != nil && card.If == nil && len(cBody) == 1 && cBody[0].Kind == If && cBody[0].Cond.Key() == para.If.Key() && len(cBody[0].Else) == 0:
		out = append(out, fmt.Sprintf("the paragraph's \"if %s\" is an intervening \"if\", checked as the ability triggers and again as it resolves (CR 603.4); the ability's `if` is checked only as it resolves, so it triggers, and goes on the stack, when the condition is false", para.If.Say))
		cBody = cBody[0].Body
	case para.If != nil && card.If == nil:
		out = append(out, fmt.Sprintf("the paragraph triggers only \"if %s\" (an intervening \"if\", CR 603.4); the ability always triggers", para.If.Say))
	case para.If == nil && card.If != nil:
		out = append(out, fmt.Sprintf("the ability triggers only \"if %s\"; the paragraph always triggers", card.If.Say))
	default:
		out = append(out, fmt.Sprintf("the paragraph triggers if %q; the ability if %q", para.If.Say, card.If.Say))
	}
	if para.Costs.Key() != card.Costs.Key() {
		out = append(out, fmt.Sprintf("the paragraph's cost is %q; the ability's is %q", costSay(para.Costs), costSay(card.Costs)))
	}
	if para.Loyalty != card.Loyalty {
		out = append(out, fmt.Sprintf("the paragraph's loyalty cost is %s; the ability's is %s", para.Loyalty, card.Loyalty))
	}
	if para.Only != card.Only {
		out = append(out, fmt.Sprintf("the paragraph says %q; the ability says %q", onlySay(para.Only), onlySay(card.Only)))
	}
	if para.Effect.Key() != card.Effect.Key() {
		out = append(out, phraseDiff(para.Effect, card.Effect, "says")...)
	}
	out = append(out, StmtsDiff(pBody, cBody)...)
	if len(out) == 0 {
		out = append(out, fmt.Sprintf("the paragraph says %q; the ability says %q", para.Text, card.Text))
	}
	return out
}

// valueKey is a value's key, or "" for none.
func valueKey(v *Value) string {
	if v == nil {
		return ""
	}
	return v.Key
}

func keywordSay(a *Ability) string {
	if a.Enchant != nil {
		return a.Keyword + " " + a.Enchant.Say
	}
	return a.Keyword
}

func costSay(c *Costs) string {
	if c == nil {
		return "none"
	}
	var parts []string
	if c.Mana != "" {
		parts = append(parts, c.Mana)
	}
	if c.Tap {
		parts = append(parts, "{T}")
	}
	if c.Untap {
		parts = append(parts, "{Q}")
	}
	for _, a := range c.Actions {
		parts = append(parts, a.Say)
	}
	return strings.Join(parts, ", ")
}

func onlySay(s string) string {
	if s == "" {
		return "no restriction"
	}
	return "activate only " + s
}

// phraseDiff says how two phrases differ: another phrase altogether, or
// which of their values.
func phraseDiff(p, c *Phrase, verb string) []string {
	switch {
	case p == nil && c == nil:
		return nil
	case p == nil:
		return []string{fmt.Sprintf("the ability %s %q, which the paragraph does not", verb, c.Say)}
	case c == nil:
		return []string{fmt.Sprintf("the paragraph %s %q, which the ability does not", verb, p.Say)}
	case p.Kind != c.Kind || p.Name != c.Name || p.Where != c.Where:
		if verb == "says" {
			return []string{fmt.Sprintf("the paragraph says %q; the ability says %q", p.Say, c.Say)}
		}
		return []string{fmt.Sprintf("the paragraph %s %q; the ability %s %q", verb, p.Say, verb, c.Say)}
	}
	var out []string
	for _, a := range p.Args {
		cv := c.Arg(a.Name)
		if cv != nil && cv.Key == a.Value.Key {
			continue
		}
		out = append(out, argDiff(a.Name, a.Value, cv, p, c))
	}
	return out
}

// argDiff says how a value of two phrases of one kind differs.
func argDiff(name string, p, c *Value, pp, cp *Phrase) string {
	cs := "nothing"
	if c != nil {
		cs = fmt.Sprintf("%q", c.Say)
	}
	if p.Target || c != nil && c.Target {
		ps := strings.TrimPrefix(p.Say, "target ")
		if c != nil {
			cs = fmt.Sprintf("%q", strings.TrimPrefix(c.Say, "target "))
		}
		if p.Target && c != nil && !c.Target {
			return fmt.Sprintf("the paragraph's %s is a target, %q; the ability's is %s, no target (in %q)", roleOf(name), ps, cs, cp.Say)
		}
		return fmt.Sprintf("the paragraph's target is %q; the ability's is %s (in %q)", ps, cs, cp.Say)
	}
	return fmt.Sprintf("the paragraph's %s is %q; the ability's is %s (%q against %q)", roleOf(name), p.Say, cs, pp.Say, cp.Say)
}

// roleOf says a parameter's name in words.
func roleOf(name string) string {
	switch name {
	case "kind":
		return "counter kind"
	case "amount":
		return "number"
	}
	return strings.ReplaceAll(name, "_", " ")
}

// StmtsDiff says how two bodies differ, statement by statement: those
// they share are aligned (in order), and each other statement of one is
// compared with the one of the other in its place, or said to be there
// alone.
func StmtsDiff(para, card []Stmt) []string {
	pk, ck := make([]string, len(para)), make([]string, len(card))
	for i := range para {
		pk[i] = para[i].Key()
	}
	for i := range card {
		ck[i] = card[i].Key()
	}
	pairs := Align(pk, ck)
	var out []string
	pi, ci := 0, 0
	for _, pr := range append(pairs, [2]int{len(para), len(card)}) {
		ps, cs := para[pi:pr[0]], card[ci:pr[1]]
		n := min(len(ps), len(cs))
		for i := range n {
			out = append(out, stmtDiff(&ps[i], &cs[i])...)
		}
		for i := n; i < len(ps); i++ {
			out = append(out, fmt.Sprintf("the paragraph also says %q, which the ability does not", ps[i].Say()))
		}
		for i := n; i < len(cs); i++ {
			out = append(out, fmt.Sprintf("the ability also says %q, which the paragraph does not", cs[i].Say()))
		}
		pi, ci = pr[0]+1, pr[1]+1
	}
	return out
}

// Align aligns two lists of keys: the pairs of indexes of a longest
// common subsequence, in order.
func Align(a, b []string) [][2]int {
	n, m := len(a), len(b)
	t := make([][]int, n+1)
	for i := range t {
		t[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			out = append(out, [2]int{i, j})
			i++
			j++
		case t[i+1][j] >= t[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

// stmtDiff says how two statements in the same place differ.
func stmtDiff(p, c *Stmt) []string {
	switch {
	case p.Kind == May && c.Kind == Do && p.Phrase.Key() == c.Phrase.Key():
		return []string{fmt.Sprintf("the paragraph says \"%s may\" (%q); the ability does it always", sayWho(p.Who), p.Say())}
	case p.Kind == Do && c.Kind == May && p.Phrase.Key() == c.Phrase.Key():
		return []string{fmt.Sprintf("the ability says \"%s may\" (%q); the paragraph does it always", sayWho(c.Who), c.Say())}
	case p.Kind == May && c.Kind == May && valueKey(p.Who) != valueKey(c.Who):
		out := []string{fmt.Sprintf("the paragraph says %s decides (%q); the ability says %s does (%q)", sayWho(p.Who), p.Say(), sayWho(c.Who), c.Say())}
		if p.Phrase.Key() != c.Phrase.Key() {
			out = append(out, phraseDiff(p.Phrase, c.Phrase, "says")...)
		}
		return out
	case (p.Kind == Do || p.Kind == May) && p.Kind == c.Kind:
		return phraseDiff(p.Phrase, c.Phrase, "says")
	case p.Kind == Choose && c.Kind == Choose:
		var out []string
		if p.Min != c.Min || p.Max != c.Max {
			out = append(out, fmt.Sprintf("the paragraph says %q; the ability says %q", "choose "+p.Count, "choose "+c.Count))
		}
		for i := range max(len(p.Modes), len(c.Modes)) {
			switch {
			case i >= len(c.Modes):
				out = append(out, fmt.Sprintf("the paragraph has a mode %q, which the ability does not", sayStmts(p.Modes[i])))
			case i >= len(p.Modes):
				out = append(out, fmt.Sprintf("the ability has a mode %q, which the paragraph does not", sayStmts(c.Modes[i])))
			default:
				for _, d := range StmtsDiff(p.Modes[i], c.Modes[i]) {
					out = append(out, fmt.Sprintf("in mode %d, %s", i+1, d))
				}
			}
		}
		return out
	case p.Kind == Delayed && c.Kind != Delayed && len(p.Body) > 0:
		return []string{fmt.Sprintf("the paragraph waits for %q (a delayed triggered ability, CR 603.7); the ability says %q at once", p.Phrase.Say, c.Say())}
	case c.Kind == Delayed && p.Kind != Delayed:
		return []string{fmt.Sprintf("the ability waits for %q; the paragraph says %q at once", c.Phrase.Say, p.Say())}
	case p.Kind == c.Kind && (p.Kind == Delayed || p.Kind == Reflexive):
		var out []string
		if p.Phrase.Key() != c.Phrase.Key() {
			out = append(out, phraseDiff(p.Phrase, c.Phrase, "waits for")...)
		}
		return append(out, StmtsDiff(p.Body, c.Body)...)
	case p.Kind == Each && c.Kind == Each:
		var out []string
		if p.Each.Key != c.Each.Key {
			out = append(out, fmt.Sprintf("the paragraph goes through each %q; the ability through each %q", p.Each.Say, c.Each.Say))
		}
		return append(out, StmtsDiff(p.Body, c.Body)...)
	case p.Kind == If && c.Kind == If:
		var out []string
		if p.Cond.Key() != c.Cond.Key() {
			out = append(out, fmt.Sprintf("the paragraph's condition is %q; the ability's is %q", p.Cond.Say, c.Cond.Say))
		}
		out = append(out, StmtsDiff(p.Body, c.Body)...)
		return append(out, StmtsDiff(p.Else, c.Else)...)
	case p.Kind == Cant && c.Kind == Cant:
		var out []string
		if valueKey(p.Who) != valueKey(c.Who) {
			out = append(out, fmt.Sprintf("the paragraph says what happens if %s can't; the ability if %s can't", sayWho(p.Who), sayWho(c.Who)))
		}
		out = append(out, StmtsDiff(p.Body, c.Body)...)
		return append(out, StmtsDiff(p.Else, c.Else)...)
	}
	return []string{fmt.Sprintf("the paragraph says %q; the ability says %q", p.Say(), c.Say())}
}

// Say is a statement in Oracle's words.
func (s *Stmt) Say() string {
	switch s.Kind {
	case Do:
		return s.Phrase.Say
	case May:
		return sayMay(s.Who, s.Phrase)
	case Delayed:
		return sayStmts(s.Body) + " at " + s.Phrase.Say
	case Reflexive:
		return "when " + s.Phrase.Say + ", " + sayStmts(s.Body)
	case Each:
		return "for each " + s.Each.Say + ", " + sayStmts(s.Body)
	case If:
		out := "if " + s.Cond.Say + ", " + sayStmts(s.Body)
		if len(s.Else) > 0 {
			out += "; otherwise, " + sayStmts(s.Else)
		}
		return out
	case Cant:
		out := "if " + sayWho(s.Who) + " can't, " + sayStmts(s.Body)
		if len(s.Else) > 0 {
			out += "; otherwise, " + sayStmts(s.Else)
		}
		return out
	case Choose:
		out := "choose " + s.Count + " —"
		for _, m := range s.Modes {
			out += " • " + sayStmts(m)
		}
		return out
	}
	return ""
}

// sayMay says `PLAYER may ACTION` as Oracle text does: "you may gain 1
// life", "that player may draw a card" (the action's own subject, if it
// is the player's, left out, and its verb in the base form).
func sayMay(who *Value, p *Phrase) string {
	subject := sayWho(who)
	act := p.Say
	for _, s := range []string{subject, "you"} {
		if rest, ok := strings.CutPrefix(act, s+" "); ok {
			verb, tail, _ := strings.Cut(rest, " ")
			act = strings.TrimSuffix(vocab.BaseVerb(verb)+" "+tail, " ")
			break
		}
	}
	return subject + " may " + act
}

func sayStmts(ss []Stmt) string {
	var out []string
	for i := range ss {
		out = append(out, ss[i].Say())
	}
	return strings.Join(out, ", then ")
}

// sayWho says the player who decides: "you", "that player".
func sayWho(who *Value) string {
	if who == nil || who.Say == "" {
		return "you"
	}
	return who.Say
}

// asLongAsDiff says how the conditions of two static abilities' effects
// differ: "as long as CONDITION" (CR 611.3), or none.
func asLongAsDiff(para, card *Cond) string {
	switch {
	case card == nil:
		return fmt.Sprintf("the paragraph's effect applies only as long as %s (CR 611.3); the ability's always applies", para.Say)
	case para == nil:
		return fmt.Sprintf("the ability's effect applies only as long as %s; the paragraph's always applies", card.Say)
	}
	return fmt.Sprintf("the paragraph's effect applies as long as %s; the ability's as long as %s", para.Say, card.Say)
}
