package compiler

import (
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// restrictions are the words that may follow `activate only`, and the
// flag each sets (CR 602.5).
var restrictions = map[string]uint32{
	"as a sorcery":   vm.FlagSorcery,
	"once each turn": vm.FlagOncePerTurn,
}

// activated checks an activated ability: `COST: EFFECT` (CR 602). The
// cost is mana symbols, {T}, {Q} and actions the vocabulary says can be
// paid (`is cost`); the effect is one action or a block.
func (c *checker) activated(it *dsl.ActivatedAbility) *checkedAbility {
	effect := "{ ... }"
	if it.Effect != nil {
		effect = dsl.PhraseString(it.Effect)
	}
	a := c.newAbility(vm.AbilityActivated, it.CostText()+": "+effect, it.Pos.Line, nil)
	sc := abilityScope(activationPaysX(it))
	if it.Loyalty != nil {
		c.loyaltyCost(a, it, sc)
	}
	for _, cp := range it.Costs {
		if cp.Mana != nil {
			c.manaCost(a, cp)
			a.costs = append(a.costs, costPart{mana: *cp.Mana})
			continue
		}
		if act := c.costAction(cp.Phrase, sc, a); act != nil {
			a.pay = append(a.pay, act)
			a.costs = append(a.costs, costPart{act: act})
		}
	}
	if it.Body != nil {
		c.bodyIn(a, it.Body, sc)
	} else {
		a.bodyPos, a.bodyEnd = it.Effect.Pos, it.Effect.EndPos
		a.bodyEnd.Column++ // as if a brace closed the phrase
		if m := c.mayStmt(it.Effect, sc, a); m != nil {
			a.body = []checkedStmt{m} // `{T}: you may gain 1 life`
		} else if act := c.action(it.Effect, sc, a); act != nil {
			a.body = []checkedStmt{act}
		}
	}
	if it.Only != nil {
		text := strings.ToLower(dsl.PhraseString(it.Only))
		a.only = text
		if f, ok := restrictions[text]; ok {
			a.flags |= f
		} else {
			c.errorf(it.Only.Pos, CodeRestriction, "%q is no restriction the rules know", "activate only "+text).Hint =
				"an ability may say `activate only as a sorcery` or `activate only once each turn`"
		}
	}
	if addsMana(a.body) && !targets(a.body) {
		a.flags |= vm.FlagMana // CR 605.1a
	}
	if movesThisOutOf("graveyard", a.body) || movesThisOutOf("graveyard", payStmts(a.pay)) {
		a.flags |= vm.FlagGraveyard // CR 113.6m
	}
	c.finish(a.tree)
	return a
}

// loyaltyCost reads the cost of a loyalty ability (CR 606.4): +N puts N
// loyalty counters on the permanent, -N removes N, which it must have
// (CR 606.6), 0 costs nothing; -X removes X, the X its controller chooses
// as they activate it (CR 107.3), which the effect reads too. Its controller may activate it only as a
// sorcery, and only if none of the permanent's loyalty abilities has been
// activated this turn (CR 606.3).
func (c *checker) loyaltyCost(a *checkedAbility, it *dsl.ActivatedAbility, sc *scope) {
	a.flags |= vm.FlagSorcery | vm.FlagLoyalty
	a.loyalty = *it.Loyalty
	n := strings.TrimLeft(*it.Loyalty, "+-")
	var words []string
	switch {
	case n == "X":
		words = []string{"remove", "X", "loyalty", "counters", "from", "this"}
	case strings.Trim(n, "0") == "":
		return // 0: no cost
	case strings.HasPrefix(*it.Loyalty, "-"):
		words = []string{"remove", n, "loyalty", "counters", "from", "this"}
	default:
		words = []string{"put", n, "loyalty", "counters", "on", "this"}
	}
	// The cost is said in the language, where `static` would put it.
	st := &dsl.StaticAbility{Phrase: dsl.PhraseOf(columnsAfter(it.Pos, len("static ")), words...)}
	if act := c.costAction(st.Phrase, sc, a); act != nil {
		a.pay = append(a.pay, act)
		a.costs = append(a.costs, costPart{act: act})
	}
}

// manaCost reads the mana symbols of a cost: {T} and {Q} become flags, the
// others the ability's mana cost.
func (c *checker) manaCost(a *checkedAbility, cp *dsl.CostPart) {
	var rest strings.Builder
	for _, sym := range strings.SplitAfter(*cp.Mana, "}") {
		flag := uint32(0)
		switch strings.ToUpper(sym) {
		case "":
			continue
		case "{T}":
			flag = vm.FlagTapCost
		case "{Q}":
			flag = vm.FlagUntapCost
		}
		if flag == 0 {
			rest.WriteString(sym)
			continue
		}
		if a.flags&flag != 0 {
			c.errorf(cp.Pos, CodeBadMana, "%s is in the cost twice", sym)
		}
		a.flags |= flag
	}
	_, bad := mana.Parse(rest.String())
	c.badMana(cp.Pos, bad)
	a.cost += rest.String()
}

// costAction checks one action of a cost: the vocabulary must say it can
// be paid (`is cost`), and a filter in it is an object the player chooses
// to pay with, not a target.
func (c *checker) costAction(ph *dsl.Phrase, sc *scope, a *checkedAbility) *checkedAction {
	alt := c.matchAction(ph, sc, true)
	if alt == nil {
		return nil
	}
	if fi := alt.Template.Func; !fi.Cost {
		c.errorf(ph.Pos, CodeContext, "%q can't be paid as a cost", dsl.PhraseString(ph)).Hint =
			"a cost is mana, {T}, {Q}, and actions such as `sacrifice this`, `pay 2 life`, `remove a +1/+1 counter from this`"
		return nil
	}
	return c.actionArgs(alt, ph, sc, a, true)
}

// addsMana reports whether statements could add mana: an action the
// vocabulary says adds mana (CR 605.1a).
func addsMana(stmts []checkedStmt) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *checkedAction:
			if s.fn.Mana {
				return true
			}
		case *checkedIf:
			if addsMana(s.then) || addsMana(s.els) {
				return true
			}
		case *checkedMay:
			if s.action.fn.Mana {
				return true
			}
		case *checkedChoose:
			for _, m := range s.modes {
				if addsMana(m) {
					return true
				}
			}
		}
	}
	return false
}

// actionTargets reports whether an action has a target (CR 115.6).
func actionTargets(act *checkedAction) bool {
	for _, arg := range act.args {
		if arg.arg != nil && (arg.arg.Kind == vocab.ArgTargets ||
			arg.arg.Kind == vocab.ArgFilter && (arg.arg.Filter.Det == "target" || arg.arg.Filter.Det == "any")) {
			return true
		}
	}
	return false
}

// movesThisOutOf reports whether statements move the ability's own card
// out of a zone with an action that says so (`moves object from graveyard
// to hand`): an ability whose cost or effect does functions only in that
// zone (CR 113.6m).
func movesThisOutOf(zone string, stmts []checkedStmt) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *checkedAction:
			if s.fn.MovesFrom != zone {
				continue
			}
			for _, arg := range s.args {
				if arg.param == s.fn.Moves && (objectName(arg) == "this" || arg.def != nil && arg.def.Word() == "this") {
					return true
				}
			}
		case *checkedIf:
			if movesThisOutOf(zone, s.then) || movesThisOutOf(zone, s.els) {
				return true
			}
		}
	}
	return false
}

// payStmts are the actions of a cost as statements.
func payStmts(pay []*checkedAction) []checkedStmt {
	out := make([]checkedStmt, len(pay))
	for i, act := range pay {
		out[i] = act
	}
	return out
}

// targets reports whether statements have a target (CR 115.6).
func targets(stmts []checkedStmt) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *checkedAction:
			if actionTargets(s) {
				return true
			}
		case *checkedMay:
			if actionTargets(s.action) {
				return true
			}
		case *checkedIf:
			if targets(s.then) || targets(s.els) {
				return true
			}
		case *checkedChoose:
			for _, m := range s.modes {
				if targets(m) {
					return true
				}
			}
		}
	}
	return false
}

// activationPaysX reports whether an activated ability's cost pays X: {X}
// in its mana, or a loyalty cost of -X (CR 107.3, 606.4).
func activationPaysX(it *dsl.ActivatedAbility) bool {
	if it.Loyalty != nil {
		return strings.TrimLeft(*it.Loyalty, "+-") == "X"
	}
	for _, cp := range it.Costs {
		if cp.Mana != nil && hasX(*cp.Mana) {
			return true
		}
	}
	return false
}
