// Package scenario runs the scenario tests of *_test.card files against the
// rules core: a test sets up a game (given), acts on it and scripts the
// players' decisions (when), and checks the result (then). See dsl/SPEC.md
// for the test language.
package scenario

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
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
}

// Passed reports whether the test found nothing wrong.
func (r *Result) Passed() bool { return len(r.Failures) == 0 }

// Run runs the tests of the files, in order, each in a new game with the
// cards of lib.
func Run(lib *core.Library, files []*dsl.File) []Result {
	var out []Result
	for _, f := range files {
		for _, d := range f.Decls {
			if t, ok := d.(*dsl.Test); ok {
				out = append(out, RunTest(lib, t))
			}
		}
	}
	return out
}

// errStop ends a test at its first failure of an action: what follows
// would only report its consequences.
var errStop = errors.New("stop")

// RunTest runs one test.
func RunTest(lib *core.Library, t *dsl.Test) (res Result) {
	res = Result{Name: dsl.Unquote(t.Name), Pos: t.Pos}
	v, err := vocab.Standard()
	if err != nil {
		res.Failures = append(res.Failures, Failure{t.Pos, err.Error()})
		return res
	}
	r := &runner{lib: lib, v: v, aliases: map[string]int{}, res: &res}
	r.script = &script{r: r}
	r.g = core.New(lib, r.script)
	defer func() {
		if p := recover(); p != nil {
			r.failf(t.Pos, "the test crashed the rules core: %v (please report this bug)", p)
		}
		for _, ev := range r.g.Log() {
			res.Log = append(res.Log, r.g.Describe(&ev))
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
	filled := false
	for _, s := range t.Sections {
		var err error
		switch s := s.(type) {
		case *dsl.Given:
			err = r.given(s)
		case *dsl.When:
			if !filled {
				r.fillLibraries()
				filled = true
			}
			err = r.when(s)
		case *dsl.Then:
			r.then(s)
		}
		if err != nil {
			break
		}
	}
	return res
}

// runner is the state of one running test.
type runner struct {
	lib     *core.Library
	v       *vocab.Vocab
	g       *core.Game
	script  *script
	aliases map[string]int
	res     *Result
	// attacks and blocks are declared by `attack` and `block` lines and
	// happen together when the next other action comes.
	attacks []int
	blocks  []blockDecl
	// combatPos is where the first of them was written, where a problem
	// declaring them is reported.
	combatPos dsl.Pos
}

type blockDecl struct {
	attacker, blocker int
	pos               dsl.Pos
}

func (r *runner) failf(p dsl.Pos, format string, args ...any) {
	r.res.Failures = append(r.res.Failures, Failure{p, fmt.Sprintf(format, args...)})
}

func playerID(s string) core.PlayerID {
	if s == "opponent" || s == "opponent's" {
		return 1
	}
	return 0
}

// fillLibraries gives each player whose library is empty a library, so
// that the draw step does not make them lose.
func (r *runner) fillLibraries() {
	for _, p := range []core.PlayerID{0, 1} {
		if len(r.g.Player(p).Library) > 0 {
			continue
		}
		for i := 0; i < DefaultLibrarySize; i++ {
			if _, err := r.g.Setup().AddCard(DefaultLibraryCard, p, core.ZoneLibrary); err != nil {
				return
			}
		}
	}
}

func (r *runner) given(s *dsl.Given) error {
	for _, st := range s.Stmts {
		switch st := st.(type) {
		case *dsl.ControlStmt:
			for _, c := range st.Cards {
				if err := r.addCard(c, playerID(st.Player), core.ZoneBattlefield); err != nil {
					return err
				}
			}
		case *dsl.ZoneStmt:
			zone := map[string]core.Zone{"hand": core.ZoneHand, "graveyard": core.ZoneGraveyard,
				"library": core.ZoneLibrary, "exile": core.ZoneExile}[st.Zone]
			for _, c := range st.Cards {
				if err := r.addCard(c, playerID(st.Player), zone); err != nil {
					return err
				}
			}
		case *dsl.LifeStmt:
			if err := r.g.Setup().SetLife(playerID(st.Player), st.Life); err != nil {
				r.failf(st.Pos, "%v", err)
				return errStop
			}
		case *dsl.StepStmt:
			step, ok := stepFromWords(r.v, st.Step)
			if !ok {
				r.failf(st.Pos, "no step is called %q", strings.Join(st.Step, " "))
				return errStop
			}
			if err := r.g.Setup().SetStep(playerID(st.Player), step); err != nil {
				r.failf(st.Pos, "%v", err)
				return errStop
			}
		}
	}
	return nil
}

func (r *runner) addCard(c *dsl.CardSpec, p core.PlayerID, zone core.Zone) error {
	name := dsl.Unquote(c.Name)
	setup := r.g.Setup()
	o, err := setup.AddCard(name, p, zone)
	if err != nil {
		r.failf(c.Pos, "%v", err)
		return errStop
	}
	for _, w := range c.With {
		if w.Damage {
			err = setup.SetDamage(o.ID(), w.Count)
		} else {
			k, ok := r.lib.Counter(dsl.Unquote(w.Counter))
			if !ok {
				r.failf(w.Pos, "unknown counter kind %q", w.Counter)
				return errStop
			}
			err = setup.SetCounters(o.ID(), k, o.Counters(k)+w.Count)
		}
		if err != nil {
			r.failf(w.Pos, "%v", err)
			return errStop
		}
	}
	if err := setup.SetTapped(o.ID(), c.Tapped); err != nil {
		r.failf(c.Pos, "%v", err)
		return errStop
	}
	if c.AttachedTo != nil {
		to, err := r.permanent(c.AttachedTo)
		if err != nil {
			return err
		}
		if err := setup.Attach(o.ID(), to.ID()); err != nil {
			r.failf(c.AttachedTo.Pos, "%v", err)
			return errStop
		}
	}
	if c.Alias != "" {
		r.aliases[c.Alias] = o.Card()
	}
	return nil
}

// card finds the physical card a reference names.
func (r *runner) card(ref *dsl.CardRef) (int, error) {
	if ref.Alias != nil {
		if c, ok := r.aliases[*ref.Alias]; ok {
			return c, nil
		}
		r.failf(ref.Pos, "%q is not an alias of this test", *ref.Alias)
		return 0, errStop
	}
	name := dsl.Unquote(*ref.Name)
	cards := r.g.CardsNamed(name)
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

// object finds the object a reference names now.
func (r *runner) object(ref *dsl.CardRef) (*core.Object, error) {
	c, err := r.card(ref)
	if err != nil {
		return nil, err
	}
	return r.g.CurrentObject(c), nil
}

// permanent finds the permanent a reference names.
func (r *runner) permanent(ref *dsl.CardRef) (*core.Object, error) {
	o, err := r.object(ref)
	if err != nil {
		return nil, err
	}
	if o == nil || o.Zone() != core.ZoneBattlefield {
		r.failf(ref.Pos, "%s is not on the battlefield", dsl.RefString(ref))
		return nil, errStop
	}
	return o, nil
}

func (r *runner) target(t *dsl.TargetRef) (vm.Value, error) {
	if t.Player != nil {
		return core.PlayerValue(playerID(*t.Player)), nil
	}
	o, err := r.object(t.Card)
	if err != nil {
		return 0, err
	}
	if o == nil {
		r.failf(t.Pos, "%s is not in the game", dsl.RefString(t.Card))
		return 0, errStop
	}
	return core.ObjectValue(o.ID()), nil
}

func (r *runner) counter(p dsl.Pos, name string) (core.CounterKind, error) {
	k, ok := r.lib.Counter(dsl.Unquote(name))
	if !ok {
		r.failf(p, "unknown counter kind %q", name)
		return 0, errStop
	}
	return k, nil
}

func (r *runner) when(s *dsl.When) error {
	for _, a := range s.Stmts {
		switch a.(type) {
		case *dsl.AttackAction, *dsl.BlockAction:
			if len(r.attacks) == 0 && len(r.blocks) == 0 {
				r.combatPos = a.Position()
			}
		default:
			if err := r.flushCombat(); err != nil {
				return err
			}
		}
		if err := r.act(a); err != nil {
			return err
		}
	}
	return r.flushCombat()
}

// failed reports the error of an action of the game, if there is one,
// where the test's action is written. prefix says what could not be done
// ("cannot cast"); it is left out for failures while the action was
// carried out (core.FailureError), which say what went wrong themselves.
func (r *runner) failed(p dsl.Pos, prefix string, err error) error {
	if err == nil {
		return nil
	}
	var failure *core.FailureError
	if prefix == "" || errors.As(err, &failure) {
		r.failf(p, "%v", err)
	} else {
		r.failf(p, "%s: %v", prefix, err)
	}
	return errStop
}

// settled lets the game settle after a test acted on it directly, and
// returns the first error of the two.
func (r *runner) settled(err error) error {
	if e := r.g.Settle(); err == nil {
		err = e
	}
	return err
}

func (r *runner) act(a dsl.Action) error {
	g := r.g
	switch a := a.(type) {
	case *dsl.DealAction:
		src, err := r.object(a.Source)
		if err != nil {
			return err
		}
		if src == nil {
			r.failf(a.Pos, "%s is not in the game", dsl.RefString(a.Source))
			return errStop
		}
		t, err := r.target(a.Target)
		if err != nil {
			return err
		}
		return r.failed(a.Pos, "", r.settled(g.DealDamage(src.ID(), t, a.Amount, a.Combat)))
	case *dsl.CounterAction:
		o, err := r.permanent(a.Card)
		if err != nil {
			return err
		}
		k, err := r.counter(a.Pos, a.Kind)
		if err != nil {
			return err
		}
		if a.Verb == "put" {
			err = g.PutCounters(o.ID(), k, a.Amount)
		} else {
			err = g.RemoveCounters(o.ID(), k, a.Amount)
		}
		return r.failed(a.Pos, "", r.settled(err))
	case *dsl.DestroyAction:
		o, err := r.permanent(a.Card)
		if err != nil {
			return err
		}
		return r.failed(a.Pos, "", r.settled(g.Destroy(o.ID())))
	case *dsl.CastAction:
		return r.cast(a)
	case *dsl.AttackAction:
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return err
			}
			r.attacks = append(r.attacks, c)
		}
	case *dsl.BlockAction:
		at, err := r.card(a.Attacker)
		if err != nil {
			return err
		}
		for _, ref := range a.Blockers {
			bl, err := r.card(ref)
			if err != nil {
				return err
			}
			r.blocks = append(r.blocks, blockDecl{attacker: at, blocker: bl, pos: ref.Pos})
		}
	case *dsl.ResolveAction:
		if a.All {
			return r.failed(a.Pos, "", g.ResolveAll())
		}
		return r.failed(a.Pos, "cannot resolve", g.ResolveTop())
	case *dsl.AdvanceAction:
		var err error
		if isNextTurn(a.Words) {
			err = g.AdvanceToNextTurn()
		} else {
			step, ok := stepFromWords(r.v, a.Words)
			if !ok {
				r.failf(a.Pos, "no step is called %q", strings.Join(a.Words, " "))
				return errStop
			}
			err = g.AdvanceTo(step)
		}
		return r.failed(a.Pos, "", err)
	case *dsl.OrderAction:
		var cards []int
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return err
			}
			cards = append(cards, c)
		}
		if a.What == "triggers" {
			r.script.triggerOrders = append(r.script.triggerOrders, cards)
		} else {
			r.script.replacementOrders = append(r.script.replacementOrders, cards)
		}
	}
	return nil
}

func (r *runner) cast(a *dsl.CastAction) error {
	p := playerID(a.Player)
	name := dsl.Unquote(a.Name)
	var card *core.Object
	for _, id := range r.g.Player(p).Hand {
		if o := r.g.Object(id); o.Name() == name {
			card = o
			break
		}
	}
	if card == nil {
		r.failf(a.Pos, "%q is not in %s hand; put it there with `%s %q in hand`", name,
			map[core.PlayerID]string{0: "your", 1: "the opponent's"}[p],
			map[core.PlayerID]string{0: "you have", 1: "opponent has"}[p], name)
		return errStop
	}
	var targets []vm.Value
	for _, t := range a.Targets {
		v, err := r.target(t)
		if err != nil {
			return err
		}
		targets = append(targets, v)
	}
	x := 0
	if a.X != nil {
		x = *a.X
	}
	return r.failed(a.Pos, "cannot cast", r.g.Cast(p, card.ID(), x, targets))
}

// flushCombat declares the attackers and blockers the test has named, by
// advancing to the declare attackers or declare blockers step. Problems
// are reported where the first of those lines is.
func (r *runner) flushCombat() error {
	if len(r.attacks) == 0 && len(r.blocks) == 0 {
		return nil
	}
	return r.declare(r.combatPos)
}

// declare advances to the declare attackers step, then to the declare
// blockers step, as the test's combat needs. An illegal declaration is a
// failure while advancing: the game goes on to the blockers' step before
// the first failure is reported at p.
func (r *runner) declare(p dsl.Pos) error {
	var first error
	advance := func(s core.Step) error {
		err := r.g.AdvanceTo(s)
		var failure *core.FailureError
		if errors.As(err, &failure) {
			if first == nil {
				first = err
			}
			return nil
		}
		return r.failed(p, "", err)
	}
	if len(r.attacks) > 0 {
		if r.g.Step() >= core.StepDeclareAttackers {
			r.failf(p, "attackers are declared in the declare attackers step, which is over this turn (it is the %s step)", r.g.Step())
			r.attacks = nil
			return errStop
		}
		r.script.attackers = r.attacks
		r.attacks = nil
		if err := advance(core.StepDeclareAttackers); err != nil {
			return err
		}
	}
	if len(r.blocks) > 0 {
		if r.g.Step() >= core.StepDeclareBlockers {
			r.failf(p, "blockers are declared in the declare blockers step, which is over this turn (it is the %s step)", r.g.Step())
			r.blocks = nil
			return errStop
		}
		r.script.blocks = r.blocks
		r.blocks = nil
		if err := advance(core.StepDeclareBlockers); err != nil {
			return err
		}
	}
	return r.failed(p, "", first)
}
