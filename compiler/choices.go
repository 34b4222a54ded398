package compiler

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// This file checks the statements of choices made as a spell or ability
// resolves or is put on the stack: `PLAYER may ACTION` and `if you do`
// (CR 603.5, 608.2d), modal choices (`choose one { mode { ... } }`, CR
// 700.2), and the targets of several objects (CR 115.3, 601.2c-d).

// checkedMay is `PLAYER may ACTION`: as the ability resolves, the player
// decides whether the action happens (CR 608.2d).
type checkedMay struct {
	// player is who decides, read in sc: `you`, or a player the ability
	// names (`that_player`).
	player *dsl.Sum
	sc     *scope
	action *checkedAction
	pos    dsl.Pos
}

// checkedChoose is a modal choice: the modes chosen, from min to max of
// them, happen in order (CR 700.2).
type checkedChoose struct {
	min, max int
	modes    [][]checkedStmt
	text     string
	pos      dsl.Pos
}

func (*checkedMay) stmt()    {}
func (*checkedChoose) stmt() {}

// mayStmt reads an action statement `PLAYER may ACTION` whose whole
// phrase is no action of the vocabulary ("you may move a +1/+1 counter
// ..." is one): the player, one part of type player, decides as the
// ability resolves whether ACTION happens. An action whose player the
// vocabulary defaults to `you` is the deciding player's (“that player may
// draw a card”: that player draws). It returns nil, reporting nothing,
// when the phrase is no such statement.
func (c *checker) mayStmt(ph *dsl.Phrase, sc *scope, a *checkedAbility) *checkedMay {
	parts := ph.Parts
	if len(parts) < 3 || !strings.EqualFold(parts[1].Word(), "may") || parts[0].Expr == nil {
		return nil
	}
	if c.v.Reads(parts, vocab.ModeAction, sc, c.bound) {
		return nil // the vocabulary reads the whole phrase
	}
	subject := parts[0].Expr
	t, mis := c.v.TypeOf(subject, sc)
	if mis != nil || t.Kind != vocab.KPlayer && t != vocab.Poisoned {
		return nil // reported as the action it is not
	}
	rest := &dsl.Phrase{Span: dsl.Span{Pos: parts[2].Pos, EndPos: ph.EndPos}, Parts: parts[2:]}
	act := c.action(rest, sc, a)
	if act == nil {
		return nil
	}
	for i, p := range act.fn.Params {
		if ca := &act.args[i]; p.Name == "player" && ca.def != nil && ca.def.Word() == "you" {
			ca.def, ca.sc = subject, sc // "that player may draw a card": that player draws
		}
	}
	a.decision = "they"
	if subject.Word() == "you" {
		a.decision = "you"
	}
	return &checkedMay{player: subject, sc: sc, action: act, pos: ph.Pos}
}

// didCond checks `if you do` and `if you don't` (`if they do` after
// another player's `may`): a decision must come before it in the
// ability, made by the player it names.
func (c *checker) didCond(d *dsl.DidCond, a *checkedAbility) {
	switch {
	case a.decision == "":
		c.errorf(d.Pos, CodeDid, "`if %s` follows no decision: nothing before it in the ability says `you may`", d).Hint =
			"write `you may ACTION` before it, as Oracle text writes \"You may ... If you do, ...\""
	case d.Player != a.decision:
		want := "they"
		if a.decision == "you" {
			want = "you"
		}
		c.errorf(d.Pos, CodeDid, "`if %s`: the decision before it is %s", d, map[string]string{"you": "yours", "they": "another player's"}[a.decision]).Hint =
			fmt.Sprintf("write `if %s %s`", want, d.Verb)
	}
}

// modeWords are the counts of modes a modal choice writes.
var modeWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

// chooseStmt checks a modal choice (CR 700.2): `choose one`, `choose
// two`, `choose one or both` (of two modes), `choose one or more`. It is
// one statement of the body of a spell or an ability that goes on the
// stack, at most one of an ability, not inside another statement.
func (c *checker) chooseStmt(s *dsl.ChooseStmt, sc *scope, a *checkedAbility, top bool) *checkedChoose {
	n := modeWords[s.Count]
	out := &checkedChoose{min: n, max: n, text: dsl.ChooseString(s), pos: s.Pos}
	switch s.Or {
	case "both":
		out.max = 2
	case "more":
		out.max = len(s.Modes)
	}
	switch {
	case a.kind != vm.AbilitySpell && a.kind != vm.AbilityActivated && a.kind != vm.AbilityTriggered && a.kind != vm.AbilityDelayed:
		c.errorf(s.Pos, CodeModes, "only a spell or an ability that goes on the stack is modal (CR 700.2)").Hint =
			"a replacement effect or a static ability has no modes"
	case !top:
		c.errorf(s.Pos, CodeModes, "`%s` goes in the body itself, not inside another statement", out.text).Hint =
			"the modes are chosen as the spell is cast or the ability put on the stack (CR 700.2a), before anything happens"
	case a.modal:
		c.errorf(s.Pos, CodeModes, "an ability has one modal choice (CR 700.2)").Hint = "put every mode in one `choose` statement"
	case len(s.Modes) < 2:
		c.errorf(s.Pos, CodeModes, "`%s` with %d mode: a modal choice has two or more (CR 700.2)", out.text, len(s.Modes)).Hint =
			"write a `mode { ... }` block for each bullet of the Oracle text"
	case s.Or == "both" && len(s.Modes) != 2:
		c.errorf(s.Pos, CodeModes, "`choose one or both` of %d modes: it chooses between two", len(s.Modes))
	case out.max > len(s.Modes) || out.min > len(s.Modes):
		c.errorf(s.Pos, CodeModes, "`%s` of %d modes: a mode can't be chosen twice (CR 700.2d)", out.text, len(s.Modes))
	}
	a.modal = true
	for _, m := range s.Modes {
		out.modes = append(out.modes, c.block(m.Body, newScope(sc), a))
	}
	return out
}

// checkTargetFilter checks the filter of a target: the names its
// expressions read (`with toughness less than this.power`, `that_player
// controls`) must be known as the targets are chosen, before the ability
// resolves: this, you, X and the names its trigger's event binds, not
// those its body binds.
func (c *checker) checkTargetFilter(f *vocab.Filter, a *checkedAbility, pos dsl.Pos) bool {
	var exprs []*dsl.Sum
	for _, cmp := range f.Compares {
		if cmp.Expr != nil {
			exprs = append(exprs, cmp.Expr)
		}
	}
	if f.Shares != nil {
		exprs = append(exprs, f.Shares)
	}
	if f.ControlledBy != nil {
		exprs = append(exprs, f.ControlledBy)
	}
	ok := true
	for _, e := range exprs {
		for _, name := range refNames(e) {
			if a.scope().lookup(name) == nil {
				c.errorf(pos, CodeSeveralTargets, "%q reads %s, which the ability learns as it resolves, after its targets are chosen (CR 601.2c)", f.Text, name).Hint =
					"a target's filter reads this, you, X, and the names its trigger's event binds"
				ok = false
			}
		}
	}
	return ok
}

// refNames lists the names an expression reads.
func refNames(s *dsl.Sum) []string {
	var out []string
	var sum func(*dsl.Sum)
	var unary func(*dsl.Unary)
	var cond func(*dsl.Cond)
	product := func(p *dsl.Product) {
		unary(p.Left)
		for _, r := range p.Rest {
			unary(r.Right)
		}
	}
	sum = func(s *dsl.Sum) {
		product(s.Left)
		for _, r := range s.Rest {
			product(r.Right)
		}
	}
	unary = func(u *dsl.Unary) {
		for u.Neg != nil {
			u = u.Neg
		}
		switch pr := u.Primary; {
		case pr.Ref != nil:
			out = append(out, pr.Ref.Name)
		case pr.Paren != nil:
			cond(pr.Paren)
		}
	}
	cond = func(c *dsl.Cond) {
		for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
			for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
				for n.Not != nil {
					n = n.Not
				}
				sum(n.Cmp.Left)
				if n.Cmp.Right != nil {
					sum(n.Cmp.Right)
				}
			}
		}
	}
	sum(s)
	return out
}
