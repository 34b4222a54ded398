package compiler

import (
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// An object a statement names is found or not as the rules say (CR
// 400.7): an object that moves becomes a new object, which a spell or
// ability can find only if it triggered on that move (400.7e) or if its
// own effect or cost moved it to a public zone (400.7j). checkFinds
// follows the objects each body names — `this` and the names `as` gives —
// through the actions that move them (`moves object to ZONE` in the
// stdlib), and warns where a statement can't reach its object: a
// permanent returned to the battlefield it is on, or a card the body put
// into a library or a hand, hidden zones where nothing finds it. The core
// would do nothing there; lint says so instead of compiling a no-op.

// whereabouts is where a body knows an object to be.
type whereabouts struct {
	zone string // "battlefield", "public" (a graveyard, exile), "hidden" (a library, a hand), or "" unknown
	line int    // the line of the statement that moved it there, or 0
	to   string // the zone it moved to, for messages
}

// objectState maps the names a body uses for objects ("this" and bound
// names) to where they are.
type objectState map[string]whereabouts

func (s objectState) clone() objectState {
	out := make(objectState, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// merge forgets what two branches disagree on.
func (s objectState) merge(other objectState) {
	for k, v := range s {
		if other[k] != v {
			delete(s, k)
		}
	}
}

// checkFinds runs the check over every ability of the card.
func (c *checker) checkFinds() {
	for _, a := range c.out.abilities {
		c.findsIn(a, objectState{})
	}
}

// findsIn checks one ability, its cost, its body, and the delayed and
// reflexive abilities the body creates, which find what it could.
func (c *checker) findsIn(a *checkedAbility, inherited objectState) {
	st := inherited.clone()
	if _, known := st["this"]; !known && thisOnBattlefield(a) {
		st["this"] = whereabouts{zone: "battlefield"}
	}
	for _, act := range a.pay {
		c.findsAction(act, st)
	}
	c.findsBlock(a.body, st)
}

// thisOnBattlefield reports whether `this` names a permanent on the
// battlefield as the ability resolves: an activated ability (but one that
// functions from the graveyard), or a
// triggered ability of a permanent that functions only there and did not
// trigger on `this` moving.
func thisOnBattlefield(a *checkedAbility) bool {
	switch a.kind {
	case vm.AbilityActivated:
		return a.flags&vm.FlagGraveyard == 0 // CR 113.6m: else it is in the graveyard
	case vm.AbilityTriggered:
		return a.flags&vm.FlagAnywhere == 0 && a.pattern != nil && a.pattern.Event.Name != "zone_change"
	}
	return false
}

func (c *checker) findsBlock(stmts []checkedStmt, st objectState) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *checkedAction:
			c.findsAction(s, st)
		case *checkedIf:
			then, els := st.clone(), st.clone()
			c.findsBlock(s.then, then)
			c.findsBlock(s.els, els)
			then.merge(els)
			for k := range st {
				delete(st, k)
			}
			for k, v := range then {
				st[k] = v
			}
		case *checkedEach:
			body := st.clone()
			c.findsBlock(s.body, body)
			st.merge(body)
		case *checkedMay:
			// The action may happen, or not.
			done := st.clone()
			c.findsAction(s.action, done)
			st.merge(done)
		case *checkedChoose:
			for _, m := range s.modes {
				mode := st.clone()
				c.findsBlock(m, mode)
				st.merge(mode)
			}
		case *checkedDelayed:
			c.findsIn(s.ability, st)
		case *checkedReflexive:
			c.findsIn(s.ability, st)
		}
	}
}

// findsAction checks one action against what the body knows, then notes
// what it moves.
func (c *checker) findsAction(act *checkedAction, st objectState) {
	if act.fn == nil {
		return
	}
	for i, arg := range act.args {
		if i >= len(act.fn.Params) || arg.arg == nil {
			continue
		}
		p := act.fn.Params[i]
		if p.Type.Kind != vocab.KObject && p.Type.Kind != vocab.KTarget && p.Type.Kind != vocab.KSpell {
			continue
		}
		name, w, known := objectName(arg), whereabouts{}, false
		if arg.arg.Kind == vocab.ArgFilter {
			// A target: a permanent, unless the filter names cards in a
			// zone or spells.
			if f := arg.arg.Filter; f.Zone == "" && !filterNames(f, "spell") && !filterNames(f, "card") {
				w, known = whereabouts{zone: "battlefield"}, true
			}
			if name == "" {
				name = arg.arg.Filter.Text
			} else if known {
				st[name] = w
			} else {
				delete(st, name)
			}
		} else {
			w, known = st[name]
		}
		if name == "" || !known {
			continue
		}
		switch {
		case w.zone == "hidden" && act.fn.Stale == vocab.StaleIgnored:
			c.findsWarning(act.pos,
				"%q was put into a %s on line %d, a hidden zone where this ability can't find it (CR 400.7j): this statement does nothing",
				name, w.to, w.line)
		case w.zone == "battlefield" && act.fn.Moves == p.Name && act.fn.MovesTo == "battlefield":
			c.findsWarning(act.pos,
				"%q is on the battlefield as this ability resolves: putting it onto the battlefield does nothing (CR 400.7)", name)
		}
	}
	if act.fn.Moves == "" {
		return
	}
	for i, p := range act.fn.Params {
		if p.Name != act.fn.Moves || i >= len(act.args) {
			continue
		}
		name := objectName(act.args[i])
		if name == "" {
			continue
		}
		w := whereabouts{zone: "public", line: act.pos.Line, to: act.fn.MovesTo}
		switch act.fn.MovesTo {
		case "battlefield":
			w.zone = "battlefield"
		case "library", "hand":
			w.zone = "hidden"
		}
		st[name] = w
	}
}

// objectName is the name an argument refers to an object by: `this`, a
// bound name, or the name a target filter gives it; "" for anything else.
func objectName(arg checkedArg) string {
	if arg.arg == nil {
		return ""
	}
	switch arg.arg.Kind {
	case vocab.ArgExpr:
		return arg.arg.Expr.Word()
	case vocab.ArgFilter:
		return arg.arg.Filter.Bind
	}
	return ""
}

// filterNames reports whether a filter's noun is the word.
func filterNames(f *vocab.Filter, noun string) bool {
	for _, w := range f.Words {
		if w.Noun && w.Name == noun {
			return true
		}
	}
	return false
}

// findsWarning reports a statement that can't reach its object.
func (c *checker) findsWarning(pos dsl.Pos, format string, args ...any) {
	c.diags = append(c.diags, dsl.Warningf(pos, CodeFindsNothing, format, args...).
		WithHint("an ability that triggers on an object moving finds it in its new zone (`when this dies`), and the rest of an effect finds what the effect or its cost moved to a graveyard, exile or the battlefield (CR 400.7e, 400.7j)"))
}
