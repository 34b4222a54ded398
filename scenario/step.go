package scenario

import (
	"reflect"
	"sync"

	"github.com/cardc/cardc/dsl"
)

// A step of the test language is one statement of given, when or then: a
// node type of package dsl, where its grammar (struct tags) and its
// canonical form (String) are. Here it is one declaration that says, for
// that node type, how Check finds its mistakes without running it and how
// the runner runs it against a Game:
//
//	// destroy "Grizzly Bears"
//	var _ = when(whenStep[*dsl.DestroyAction]{
//		Check: func(c *checker, a *dsl.DestroyAction) { c.ref(a.Card) },
//		Run:   func(r *runner, a *dsl.DestroyAction) error { ... },
//	})
//
// given.go, when.go and then.go hold the steps of each block. Adding a step
// touches its node type in dsl (and its place in dsl.Actions...), its
// reader on the parser's fast path, and its declaration here; SPEC.md,
// "Extending the language", lists the files.

// givenStep is a statement of given.
type givenStep[N dsl.GivenStmt] struct {
	// Check reports the statement's mistakes that show without running
	// it (nil: none can).
	Check func(c *checker, s N)
	// Setup sets the game up as the statement says.
	Setup func(r *runner, s N) error
}

// whenStep is a statement of when: an action on the game, or a decision
// it scripts for the players.
type whenStep[N dsl.Action] struct {
	// Check reports the action's mistakes that show without running it
	// (nil: none can).
	Check func(c *checker, a N)
	// Run takes the action, or scripts the decision. An error ends the
	// test: Run has reported it (see runner.failed), or the test is
	// skipped.
	Run func(r *runner, a N) error
	// Try, if set, is how `illegal` tries the action without taking it:
	// attacks and blocks are checked, not declared. Otherwise `illegal`
	// runs it.
	Try func(r *runner, a N) error
	// NoAction is set for a statement that takes no action on the game
	// itself (it scripts a decision, or tries another action): `illegal`
	// refuses it.
	NoAction bool
	// BeforeGame is set for a statement that may come before the game
	// begins with its opening hands (CR 103.6): it does not begin it. The
	// choices written first are those of the opening hands' actions.
	BeforeGame bool
	// Combat is set for the declarations of a combat (attack, block):
	// they are gathered, and declared together as the next other action
	// comes or the when block ends (see flushCombat).
	Combat bool
}

// thenStep is a statement of then: an assertion.
type thenStep[N dsl.Assertion] struct {
	// About, for an assertion about a card itself, returns the card:
	// `each "NAME"` may name it, and the assertion is then checked for
	// each card with the name (nil: the assertion is not about one card,
	// and `each` is a mistake anywhere in it).
	About func(a N) *dsl.CardRef
	// Check reports the assertion's mistakes that show without running
	// it, but for About's card, which the checker checks itself (nil:
	// none can).
	Check func(c *checker, a N)
	// Assert checks that the assertion holds, and reports where it does
	// not (runner.failf): a failed assertion does not stop the others.
	Assert func(r *runner, a N)
}

// section is the block of a test a step belongs to.
type section int

const (
	sectionGiven section = iota
	sectionWhen
	sectionThen
)

// step is a step with its node type erased, as the checker and the runner
// look it up. Its functions take the node as an any, which a statement
// (a dsl.Action...) converts to for free, where a dsl.Node would cost a
// look-up of the interface's method table for every statement run.
type step struct {
	section section
	check   func(c *checker, n any)
	run     func(r *runner, n any) error
	try     func(r *runner, n any) error
	about   func(n any) *dsl.CardRef
	// noAction, beforeGame and combat are those of whenStep.
	noAction, beforeGame, combat bool
}

var (
	// declared are the steps' declarations (given, when, then), each
	// made into a step when the steps are first asked for (allSteps): a
	// run of cardc that tests nothing does not build them.
	declared []func()
	// steps are the steps of the test language by node type, made once.
	steps     map[reflect.Type]*step
	stepsOnce sync.Once
	// duplicated lists the node types declared as two steps, for the
	// test that finds them.
	duplicated []reflect.Type
)

// allSteps returns the steps by node type, made from their declarations
// the first time.
func allSteps() map[reflect.Type]*step {
	stepsOnce.Do(func() {
		steps = make(map[reflect.Type]*step, len(declared))
		for _, d := range declared {
			d()
		}
	})
	return steps
}

// register records the step of the node type N.
func register[N dsl.Node](s *step) {
	typ := reflect.TypeFor[N]()
	if _, dup := steps[typ]; dup {
		duplicated = append(duplicated, typ)
		return
	}
	steps[typ] = s
}

// given declares the step of a statement of given.
func given[N dsl.GivenStmt](s givenStep[N]) struct{} {
	declared = append(declared, func() {
		register[N](&step{section: sectionGiven, check: checkOf(s.Check), run: runOf(s.Setup)})
	})
	return struct{}{}
}

// when declares the step of a statement of when.
func when[N dsl.Action](s whenStep[N]) struct{} {
	declared = append(declared, func() {
		register[N](&step{section: sectionWhen, check: checkOf(s.Check), run: runOf(s.Run), try: runOf(s.Try),
			noAction: s.NoAction, beforeGame: s.BeforeGame, combat: s.Combat})
	})
	return struct{}{}
}

// then declares the step of a statement of then.
func then[N dsl.Assertion](s thenStep[N]) struct{} {
	declared = append(declared, func() {
		st := &step{section: sectionThen, check: checkOf(s.Check)}
		if s.About != nil {
			st.about = func(n any) *dsl.CardRef { return s.About(n.(N)) }
		}
		if s.Assert != nil {
			st.run = func(r *runner, n any) error {
				s.Assert(r, n.(N))
				return nil
			}
		}
		register[N](st)
	})
	return struct{}{}
}

// checkOf returns the Check of a step as a function of any node, nil for
// nil.
func checkOf[N dsl.Node](f func(*checker, N)) func(*checker, any) {
	if f == nil {
		return nil
	}
	return func(c *checker, n any) { f(c, n.(N)) }
}

// runOf returns the Setup, Run or Try of a step as a function of any
// node, nil for nil.
func runOf[N dsl.Node](f func(*runner, N) error) func(*runner, any) error {
	if f == nil {
		return nil
	}
	return func(r *runner, n any) error { return f(r, n.(N)) }
}

// stepOf returns the step of a statement, or nil if the test language
// has none (a node type of dsl no step declares: a bug the tests of this
// package find).
func stepOf(n any) *step {
	return allSteps()[reflect.TypeOf(n)]
}
