// Package scenario runs the scenario tests of *_test.card files against a
// game engine: a test sets up a game (given), acts on it and scripts the
// players' decisions (when), and checks the result (then). See dsl/SPEC.md
// for the test language.
//
// It is the conformance kit of engines that embed the VM. The runner
// drives the game through the Driver and Game interfaces (set up a board,
// act, observe zones, counters, life, the stack and the event log) and
// hands the decisions a test scripts to the engine in a Script. Package
// scenario/coredriver implements them with this repository's rules core;
// an engine author implements them for their own engine (examples/embed is
// a small engine that does), and runs the library's tests against it:
//
//	files := ... // the parsed cards/*_test.card files
//	for _, res := range scenario.Run(myDriver, files) {
//		switch {
//		case res.Skipped != "":
//			// the engine lacks what the test needs: res.Skipped names it
//		case !res.Passed():
//			// res.Failures say where the engine differs from the rules
//		}
//	}
//
// A method of Game that returns an error wrapping ErrUnsupported (see
// Unsupported) makes the test that needed it skipped, not failed: an
// engine may start with the few actions its cards need. So does a Game
// that does not implement an optional interface a test needs (Pregame,
// Effects). Errors of actions a rule forbids are *RuleError (tests of
// `illegal` check the rule's number), and errors found while an action was
// carried out are *FailureError. The messages of failures are the
// runner's, so that an engine's results read like core's; the engine
// renders its own log (LogLines) and says what it decided (Decisions).
//
// Each statement of the test language is a step: its checks and how it
// runs are one declaration of given.go, when.go or then.go (see step.go).
package scenario

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// DefaultLibrarySize is how many cards each player's library holds when a
// test puts none there, so that draws do not lose the game (CR 704.5b).
const DefaultLibrarySize = 30

// DefaultLibraryCard fills the libraries of players whose library a test
// leaves empty.
const DefaultLibraryCard = "Forest"

// Failure is one thing a test found wrong, where the test says it.
type Failure struct {
	Pos     dsl.Pos
	Message string
}

// String renders the failure as path:line:col: message.
func (f Failure) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.Pos.Filename, f.Pos.Line, f.Pos.Column, f.Message)
}

// Result is the outcome of one test.
type Result struct {
	Name     string
	Pos      dsl.Pos
	Failures []Failure
	// Log is the game's event log, one line per event.
	Log []string
	// Skipped, when set, says what the engine lacks that the test needs,
	// and where the test needs it: the test neither passed nor failed.
	Skipped string
}

// Passed reports whether the test ran and found nothing wrong.
func (r *Result) Passed() bool { return len(r.Failures) == 0 && r.Skipped == "" }

// Run runs the tests of the files, in order, each in a new game of the
// driver's engine.
func Run(d Driver, files []*dsl.File) []Result {
	var out []Result
	for _, f := range files {
		for _, decl := range f.Decls {
			if t, ok := decl.(*dsl.Test); ok {
				out = append(out, RunTest(d, t))
			}
		}
	}
	return out
}

// errStop ends a test at its first failure of an action: what follows
// would only report its consequences.
var errStop = errors.New("stop")

// RunTest runs one test in a new game of the driver's engine.
func RunTest(d Driver, t *dsl.Test) (res Result) {
	res = Result{Name: dsl.Unquote(t.Name), Pos: t.Pos}
	v, err := vocab.Standard()
	if err != nil {
		res.Failures = append(res.Failures, Failure{t.Pos, err.Error()})
		return res
	}
	r := &runner{v: v, aliases: map[string]Card{}, filler: make(map[Card]bool, 2*DefaultLibrarySize), each: map[*dsl.CardRef]Card{}, res: &res}
	r.script = &Script{r: r}
	defer func() {
		if p := recover(); p != nil {
			r.failf(t.Pos, "the test crashed the rules core: %v (please report this bug)", p)
		}
		if r.g != nil {
			res.Log = r.g.LogLines()
		}
		if res.Skipped != "" {
			// What failed before the engine lacked something is no
			// verdict on it either.
			res.Failures = nil
		}
	}()
	asserts := false
	for _, s := range t.Sections {
		if th, ok := s.(*dsl.Then); ok && len(th.Stmts) > 0 {
			asserts = true
		}
	}
	if !asserts {
		// A test that asserts nothing proves nothing: it must not pass.
		r.failf(t.Pos, "the test asserts nothing; add a then { ... } block saying what the ruling makes true")
		return res
	}
	if r.g, err = d.NewGame(r.script); err != nil {
		r.unsupported(t.Pos, err)
		if res.Skipped == "" {
			r.failf(t.Pos, "cannot start a game: %v", err)
		}
		return res
	}
	for _, s := range t.Sections {
		var err error
		switch s := s.(type) {
		case *dsl.Given:
			err = r.given(s)
		case *dsl.When:
			r.fillLibraries()
			err = r.when(s)
		case *dsl.Then:
			if err = r.beginGame(); err == nil {
				r.then(s)
			}
		}
		if err != nil || res.Skipped != "" {
			break
		}
	}
	return res
}

// unsupported marks the test skipped if err says the engine lacks
// something, and reports whether it did.
func (r *runner) unsupported(p dsl.Pos, err error) bool {
	if err == nil || !errors.Is(err, ErrUnsupported) {
		return false
	}
	if r.res.Skipped == "" {
		r.res.Skipped = fmt.Sprintf("%s:%d:%d: %v", p.Filename, p.Line, p.Column, err)
	}
	return true
}

// runner is the state of one running test.
type runner struct {
	// opening is the first statement of an opening hand the test gave,
	// while the game has not begun with it (beginGame).
	opening *dsl.ZoneStmt
	// filled is set once the libraries are filled (fillLibraries).
	filled  bool
	v       *vocab.Vocab
	g       Game
	script  *Script
	aliases map[string]Card
	// each holds, while an assertion of `each "NAME"` is checked for one
	// of the cards, the card its reference names (see check).
	each map[*dsl.CardRef]Card
	// filler are the cards that fill empty libraries: a test never names
	// them. library says whose library a test filled.
	filler  map[Card]bool
	library [2]bool
	res     *Result
	// attacks and blocks are declared by `attack` and `block` lines and
	// happen together when the next other action comes.
	attacks []Card
	blocks  []Block
	// combatPos is where the first of them was written, where a problem
	// declaring them is reported.
	combatPos dsl.Pos
	// expecting is set while an action that must be illegal is tried;
	// caught is its error.
	expecting bool
	caught    error
}

func (r *runner) failf(p dsl.Pos, format string, args ...any) {
	r.res.Failures = append(r.res.Failures, Failure{p, fmt.Sprintf(format, args...)})
}

// isAlias reports whether a test defined an alias.
func (r *runner) isAlias(name string) bool {
	_, ok := r.aliases[name]
	return ok
}

// PlayerWord is how a test names a player: "you" or "opponent".
func PlayerWord(p Player) string {
	if p == Opponent {
		return "opponent"
	}
	return "you"
}

func playerID(s string) Player {
	if s == "opponent" || s == "opponent's" {
		return Opponent
	}
	return You
}

// fillLibraries gives each player whose library is empty a library, so
// that the draw step does not make them lose.
func (r *runner) fillLibraries() {
	if r.filled {
		return
	}
	r.filled = true
	for _, p := range []Player{You, Opponent} {
		if r.library[p] {
			continue
		}
		for i := 0; i < DefaultLibrarySize; i++ {
			c, err := r.g.AddCard(DefaultLibraryCard, p, Library)
			if err != nil {
				return
			}
			r.filler[c] = true
		}
	}
}

// beginGame begins the game with the opening hands the test gave
// (CR 103.6), if it gave one and the game has not begun: before the
// test's first action other than `choose` (the choices written first are
// those of the opening hands' actions), or before its first assertion.
// The libraries are filled first, as a game has them before its players
// draw their opening hands.
func (r *runner) beginGame() error {
	if r.opening == nil {
		return nil
	}
	p := r.opening.Pos
	r.opening = nil
	r.fillLibraries()
	pre, ok := r.g.(Pregame)
	if !ok {
		r.unsupported(p, fmt.Errorf("opening hands: %w", ErrUnsupported))
		return errStop
	}
	return r.failed(p, "cannot begin the game", pre.BeginGame())
}

// setup reports the error of setting up the game at p.
func (r *runner) setup(p dsl.Pos, err error) error {
	if err == nil {
		return nil
	}
	if !r.unsupported(p, err) {
		r.failf(p, "%v", err)
	}
	return errStop
}

// replacementCard is a card of an order of triggers or replacement
// effects, or Protection for the bare word `protection` among replacement
// effects.
func (r *runner) replacementCard(what string, ref *dsl.CardRef) (Card, error) {
	if what == "replacements" && isProtectionWord(ref, r.aliases) {
		return Protection, nil
	}
	return r.card(ref)
}

// card finds the physical card a reference names.
func (r *runner) card(ref *dsl.CardRef) (Card, error) {
	if c, ok := r.each[ref]; ok {
		return c, nil
	}
	if ref.Alias != nil {
		if c, ok := r.aliases[*ref.Alias]; ok {
			return c, nil
		}
		r.failf(ref.Pos, "%q is not an alias of this test", *ref.Alias)
		return 0, errStop
	}
	name := dsl.Unquote(*ref.Name)
	if ref.On != nil {
		return r.token(ref, name)
	}
	// A name names a card; a token is named by what it is attached to,
	// or, if no card has its name ("Goblin Token"), by its name.
	var cards, tokens []Card
	for _, c := range r.g.CardsNamed(name) {
		o, _ := r.g.Object(c)
		switch {
		case r.filler[c]:
		case o.Token:
			tokens = append(tokens, c)
		default:
			cards = append(cards, c)
		}
	}
	if len(cards) == 0 {
		cards = tokens
	}
	switch len(cards) {
	case 0:
		r.failf(ref.Pos, "no card named %q is in the game", name)
		return 0, errStop
	case 1:
		return cards[0], nil
	}
	r.failf(ref.Pos, "%d cards are named %q: give each an alias with `as`", len(cards), name)
	return 0, errStop
}

// token finds the token named name attached to the permanent ref.On
// names.
func (r *runner) token(ref *dsl.CardRef, name string) (Card, error) {
	host, err := r.permanent(ref.On)
	if err != nil {
		return 0, err
	}
	var cards []Card
	for _, c := range r.g.CardsNamed(name) {
		if o, ok := r.g.Object(c); ok && o.Token && o.Zone == Battlefield && o.AttachedTo == host {
			cards = append(cards, c)
		}
	}
	switch len(cards) {
	case 0:
		r.failf(ref.Pos, "no %s token is attached to %s", *ref.Name, dsl.RefString(ref.On))
		return 0, errStop
	case 1:
		return cards[0], nil
	}
	r.failf(ref.Pos, "%d %s tokens are attached to %s", len(cards), *ref.Name, dsl.RefString(ref.On))
	return 0, errStop
}

// object finds the card a reference names, and what it is now; ok is
// false if it is no longer in the game.
func (r *runner) object(ref *dsl.CardRef) (Card, Object, bool, error) {
	c, err := r.card(ref)
	if err != nil {
		return 0, Object{}, false, err
	}
	o, ok := r.g.Object(c)
	return c, o, ok, nil
}

// permanent finds the permanent a reference names.
func (r *runner) permanent(ref *dsl.CardRef) (Card, error) {
	c, o, ok, err := r.object(ref)
	if err != nil {
		return 0, err
	}
	if !ok || o.Zone != Battlefield {
		r.failf(ref.Pos, "%s is not on the battlefield", dsl.RefString(ref))
		return 0, errStop
	}
	return c, nil
}

// permanentObject finds the permanent a reference names, and what it is.
func (r *runner) permanentObject(ref *dsl.CardRef) (Card, Object, error) {
	c, err := r.permanent(ref)
	if err != nil {
		return 0, Object{}, err
	}
	o, _ := r.g.Object(c)
	return c, o, nil
}

func (r *runner) target(t *dsl.TargetRef) (Target, error) {
	if t.Player != nil {
		return Target{Player: playerID(*t.Player)}, nil
	}
	c, _, ok, err := r.object(t.Card)
	if err != nil {
		return Target{}, err
	}
	if !ok {
		r.failf(t.Pos, "%s is not in the game", dsl.RefString(t.Card))
		return Target{}, errStop
	}
	return Target{Card: c}, nil
}

func (r *runner) counter(p dsl.Pos, name string) (string, error) {
	kind := dsl.Unquote(name)
	if ok, _ := r.v.CounterKind(p, kind); !ok {
		r.failf(p, "unknown counter kind %q", name)
		return "", errStop
	}
	return kind, nil
}

// given sets the game up as the statements of a given block say.
func (r *runner) given(s *dsl.Given) error {
	for _, st := range s.Stmts {
		step := stepOf(st)
		if step == nil {
			return r.noStep(st)
		}
		if err := step.run(r, st); err != nil {
			return err
		}
	}
	return nil
}

// when takes the actions of a when block, and scripts its decisions.
func (r *runner) when(s *dsl.When) error {
	for _, a := range s.Stmts {
		step := stepOf(a)
		if step == nil {
			return r.noStep(a)
		}
		if err := r.afterEnd(a.Position()); err != nil {
			return err
		}
		if !step.beforeGame {
			if err := r.beginGame(); err != nil {
				return err
			}
		}
		if step.combat || illegalInCombat(a) {
			if len(r.attacks) == 0 && len(r.blocks) == 0 {
				r.combatPos = a.Position()
			}
		} else if err := r.flushCombat(); err != nil {
			return err
		}
		if err := step.run(r, a); err != nil {
			return err
		}
	}
	return r.flushCombat()
}

// illegalInCombat reports whether a statement is `illegal` with an
// attack or a block: it checks the attacks and blocks written before it in
// the same combat together with its own, so it doesn't declare them.
func illegalInCombat(a dsl.Node) bool {
	il, ok := a.(*dsl.IllegalAction)
	if !ok {
		return false
	}
	st := stepOf(il.Action)
	return st != nil && st.combat
}

// afterEnd fails the test at p if the game is over: no action can come
// after the end of the game (CR 104.1), and one that did would change
// nothing, silently.
func (r *runner) afterEnd(p dsl.Pos) error {
	out := r.g.Outcome()
	if !out.Over {
		return nil
	}
	hint := ""
	switch {
	case out.Winner != NoPlayer:
		hint = fmt.Sprintf("; to test the end of the game, assert `%s lost the game` in then", PlayerWord(1-out.Winner))
	case out.Draw:
		hint = "; to test the end of the game, assert `the game is a draw` in then"
	}
	r.failf(p, "the game is over before this action: %s; nothing can happen after the end of the game: end the when block before this line%s",
		out, hint)
	return errStop
}

// String says how the game ended, in the words of tests ("opponent lost
// the game: 0 or less life (CR 704.5a)").
func (out Outcome) String() string {
	if !out.Over {
		return "the game is not over"
	}
	var s string
	switch {
	case out.Winner != NoPlayer:
		loser := 1 - out.Winner
		s = fmt.Sprintf("%s lost the game: %s", PlayerWord(loser), out.Lost[loser])
	case out.AllLost:
		s = fmt.Sprintf("the game is a draw: %s; you: %s, opponent: %s", out.Reason, out.Lost[0], out.Lost[1])
	case out.Draw:
		s = "the game is a draw: " + out.Reason
	default:
		s = "the rules core stopped the game"
	}
	if out.Detail != "" {
		s += ": " + out.Detail
	}
	return s
}

// failed reports the error of an action of the game, if there is one,
// where the test's action is written. prefix says what could not be done
// ("cannot cast"); it is left out for failures while the action was
// carried out (FailureError), which say what went wrong themselves.
func (r *runner) failed(p dsl.Pos, prefix string, err error) error {
	if err == nil {
		return nil
	}
	if r.unsupported(p, err) {
		return errStop
	}
	if r.expecting {
		// An illegal action was expected: its error is the result.
		r.caught = err
		return errCaught
	}
	if errors.Is(err, ErrGameOver) {
		// The game ended while the action was carried out (an action
		// after its end fails before it starts, see afterEnd): what it
		// had left to do does not happen.
		return nil
	}
	var failure *FailureError
	if prefix == "" || errors.As(err, &failure) {
		r.failf(p, "%v", err)
	} else {
		r.failf(p, "%s: %v", prefix, err)
	}
	return errStop
}
