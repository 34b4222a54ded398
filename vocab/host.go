package vocab

import (
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// The contexts a host may be asked to run an action or a query from, as a
// `called from` line of its declaration names them, in this order.
const (
	// ContextMatch is a match function (does this event match?), a
	// target's, a choice's or a loop's filter, and the body of a static
	// ability's continuous effect: code that only asks.
	ContextMatch = "match"
	// ContextBody is the body of a resolving spell or ability (triggered,
	// activated, delayed, reflexive) and the payment of a cost.
	ContextBody = "body"
	// ContextReplace is the body of a replacement effect (`replace ...`),
	// run before the event it replaces happens.
	ContextReplace = "replace"
	// ContextEnters is the body of an `enters ...` effect, a replacement
	// effect on how a permanent enters the battlefield (CR 614.1c, 614.12).
	ContextEnters = "enters"
)

// Contexts are the contexts of `called from`, in the order the host
// specification lists them.
var Contexts = []string{ContextMatch, ContextBody, ContextReplace, ContextEnters}

// What an action or a query does with a handle that names nothing it can
// act on, as a `stale` line of its declaration says: an object that left
// its zone or the game, or a player where an object is due (and the
// reverse).
const (
	// StaleIgnored: an action does nothing, a query answers 0, false or
	// nothing (the handle 0). An action that resolves first finds an
	// object that moved where the rules let the spell or ability find it
	// (CR 400.7e, 400.7j): it acts on the new object.
	StaleIgnored = "ignored"
	// StaleLastKnown: a query answers from the object's last-known
	// information, as it last existed in its zone (CR 608.2h); an action
	// reads the object's last-known information (the counters it had, the
	// copiable values it had) and acts on nothing of it; a handle that
	// names no object at all gets 0.
	StaleLastKnown = "last_known"
	// StaleError: the call fails, and with it the run (see the host
	// specification on errors).
	StaleError = "error"
)

// StaleBehaviours are the words of `stale`, in the order the host
// specification explains them.
var StaleBehaviours = []string{StaleIgnored, StaleLastKnown, StaleError}

// CalledFrom reports whether a host may run the function from context c
// (one of Contexts). Effects are called from a static ability's body,
// which runs as a match: ContextMatch only.
func (f *FuncInfo) CalledFrom(c string) bool {
	if f.Effect {
		return c == ContextMatch
	}
	return slices.Contains(f.Called, c)
}

// hostItems reads the host properties of an action or a query: the lines
// `called from`, `takes effect` and `stale`, right after its doc line.
// Every action and query states all that applies to it, so that the host
// specification (and every host) reads the same facts as the core.
func (f *FuncInfo) hostItems(d *dsl.FuncDecl) dsl.Diagnostics {
	var diags dsl.Diagnostics
	errorf := func(pos dsl.Pos, format string, args ...any) {
		diags = append(diags, dsl.Errorf(pos, CodeStdlib, "%s: "+format, append([]any{f.Name}, args...)...))
	}
	var called, timing, stale bool
	pastHead := false // a phrase or a field came: host properties are over
	for _, it := range d.Items {
		switch it := it.(type) {
		case *dsl.DocItem:
			continue
		case *dsl.CalledItem, *dsl.TimingItem, *dsl.StaleItem, *dsl.MovesItem:
			if f.Effect {
				errorf(it.Position(), "an effect is called from a static ability's body only; it takes no `called from`, `takes effect` or `stale` line")
				continue
			}
			if pastHead {
				errorf(it.Position(), "put `called from`, `takes effect` and `stale` on the lines right after the doc line, before the phrases")
			}
		default:
			pastHead = true
			continue
		}
		switch it := it.(type) {
		case *dsl.CalledItem:
			if called {
				errorf(it.Pos, "`called from` twice")
			}
			called = true
			f.called(it, errorf)
		case *dsl.TimingItem:
			if timing {
				errorf(it.Pos, "`takes effect` twice")
			}
			timing = true
			if !f.Action {
				errorf(it.Pos, "a query does nothing, so it takes no `takes effect` line")
			}
			f.AtOnce = it.AtOnce
		case *dsl.StaleItem:
			if stale {
				errorf(it.Pos, "`stale` twice")
			}
			stale = true
			switch {
			case !slices.Contains(StaleBehaviours, it.Stale):
				errorf(it.Pos, "stale %s: say `stale ignored`, `stale last_known` or `stale error`", it.Stale)
			}
			f.Stale = it.Stale
		case *dsl.MovesItem:
			switch {
			case f.Moves != "":
				errorf(it.Pos, "`moves` twice")
			case !f.Action:
				errorf(it.Pos, "a query moves nothing")
			case !slices.ContainsFunc(f.Params, func(p Field) bool {
				return p.Name == it.Param && (p.Type.Kind == KObject || p.Type.Kind == KSpell)
			}):
				errorf(it.Pos, "moves %s: no parameter %s of type object or spell", it.Param, it.Param)
			}
			f.Moves, f.MovesFrom, f.MovesTo = it.Param, it.From, it.Zone
		}
	}
	if f.Effect {
		return diags
	}
	if !called {
		errorf(d.Pos, "say where a host may run it, after the doc line: `called from %s`", strings.Join(Contexts, ", "))
	}
	if f.Action && !timing {
		errorf(d.Pos, "say when it takes effect in a replacement body, after the doc line: `takes effect at once` or `takes effect after the event`")
	}
	if !stale {
		errorf(d.Pos, "say what a gone object or a wrong handle gets, after the doc line: `stale ignored`, `stale last_known` or `stale error`")
	}
	return diags
}

// called reads a `called from` line and checks it against the rest of the
// declaration: an action is never called from a match function, and one
// marked `in replace` or `in enters` only from that context.
func (f *FuncInfo) called(it *dsl.CalledItem, errorf func(dsl.Pos, string, ...any)) {
	for _, c := range it.Contexts {
		switch {
		case !slices.Contains(Contexts, c):
			errorf(it.Pos, "called from %s: the contexts are %s", c, strings.Join(Contexts, ", "))
		case slices.Contains(f.Called, c):
			errorf(it.Pos, "called from %s twice", c)
		case c == ContextMatch && f.Action:
			errorf(it.Pos, "an action is never called from a match function, which only asks; drop `match`")
		default:
			f.Called = append(f.Called, c)
		}
	}
	// Keep the order of Contexts, whatever the order written.
	slices.SortFunc(f.Called, func(a, b string) int { return slices.Index(Contexts, a) - slices.Index(Contexts, b) })
	if f.Context != "" && !slices.Equal(f.Called, []string{f.Context}) {
		errorf(it.Pos, "it is `in %s`: say `called from %s`", f.Context, f.Context)
	}
}
