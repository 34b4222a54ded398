package scenario

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// Driver is a game engine under test: it starts a new game for each test.
// Package scenario/coredriver is the driver of this repository's rules
// core; another engine implements Driver (and Game) to run the library's
// scenario tests against itself.
type Driver interface {
	// NewGame starts a game with no card in any zone, each player at 20
	// life, in your first precombat main phase. s holds the decisions the
	// test scripts: the game takes them from it as its players decide.
	// Before a test's first action, the runner fills each library the
	// test left empty with DefaultLibrarySize cards named
	// DefaultLibraryCard, so that drawing does not lose the game.
	NewGame(s *Script) (Game, error)
}

// Game is one game of a test, as the runner sets it up, acts on it and
// observes it. A card is named by a Card handle that stays the same as
// the card changes zones.
//
// Any method that returns an error may return one wrapping
// ErrUnsupported, naming what the engine lacks ("cast: not supported", a
// host function its linker lacks): the test is then reported as skipped,
// not failed. Errors of actions a rule forbids are *RuleError; an error
// found while an action was carried out (after it began) is
// *FailureError; an action that ended the game, or came after its end,
// returns an error matching ErrGameOver.
type Game interface {
	// AddCard puts a new card with this name into a player's zone (not
	// the stack), as a test's given block does.
	AddCard(name string, owner Player, zone Zone) (Card, error)
	// SetCounters, SetDamage, SetTapped and Attach set up a permanent.
	SetCounters(c Card, kind string, n int) error
	SetDamage(c Card, n int) error
	SetTapped(c Card, tapped bool) error
	Attach(c, to Card) error
	// SetLife, SetPool and SetStep set up the players and the turn: step
	// is a step's vocabulary name ("main1", "end"), active the player
	// whose turn it is.
	SetLife(p Player, life int) error
	SetPool(p Player, amount mana.Amount) error
	SetStep(active Player, step string) error

	// The actions of tests. Each lets the game settle after it (state-
	// based actions are checked and triggered abilities put on the stack)
	// before it returns.
	DealDamage(source Card, to Target, amount int, combat bool) error
	PutCounters(c Card, kind string, n int) error
	RemoveCounters(c Card, kind string, n int) error
	Destroy(c Card) error
	// Cast casts a card from its owner's hand, paying its cost.
	Cast(p Player, c Card, x int, targets []Target) error
	// ActivatedAbilities lists the activated abilities of a permanent; an
	// Activation names one by its index.
	ActivatedAbilities(c Card) ([]Ability, error)
	Activate(a Activation) error
	// TapForMana activates a mana ability of a permanent whose cost is
	// {T}; t is the type of mana chosen, or -1 for the engine's choice.
	TapForMana(p Player, c Card, t mana.Type) error
	// ResolveTop resolves the top object of the stack; ResolveAll
	// resolves until the stack is empty.
	ResolveTop() error
	ResolveAll() error
	// AdvanceTo passes priority with an empty stack until the step named
	// begins (in this turn or the next); AdvanceToNextTurn until the next
	// turn begins.
	AdvanceTo(step string) error
	AdvanceToNextTurn() error
	// DeclareAttackers advances to the declare attackers step with these
	// attackers declared (by the active player); DeclareBlockers to the
	// declare blockers step with these blocks.
	DeclareAttackers(attackers []Card) error
	DeclareBlockers(blocks []Block) error
	// CheckAttack and CheckBlock report, without declaring it, whether a
	// creature could attack, or block an attacker: nil or a *RuleError.
	CheckAttack(c Card) error
	CheckBlock(blocker, attacker Card) error

	// CardsNamed lists the cards in the game with this name, oldest
	// first.
	CardsNamed(name string) []Card
	// Object says what a card is now, wherever it is; ok is false for a
	// card that is no longer in the game (a token that left the
	// battlefield).
	Object(c Card) (o Object, ok bool)
	// HasKeyword reports whether a permanent has a keyword ability (the
	// vocabulary's name: "flying").
	HasKeyword(c Card, keyword string) (bool, error)
	// Player says what a player has.
	Player(p Player) PlayerState
	// Turn says whose turn and which step it is.
	Turn() TurnState
	// Stack lists the names of the objects on the stack, the bottom first.
	Stack() []string
	// Outcome says whether and how the game ended.
	Outcome() Outcome
	// Log lists the events of the game, in order.
	Log() []Event
	// Decisions lists the decisions players made, in order.
	Decisions() ([]Decision, error)
	// LogLines renders the game's log for people, one line per event or
	// decision, as `cardc test -v` prints it.
	LogLines() []string
}

// Player is a player of a test's game: You (0) or Opponent (1).
type Player int

// The players of a test, and NoPlayer (who won a game nobody won).
const (
	You      Player = 0
	Opponent Player = 1
	NoPlayer Player = -1
)

// Card is a physical card of a game (or a token), the same whatever zone
// it is in. 0 is no card.
type Card int

// Protection stands, in an order of replacement effects, for the
// prevention effect of the protection of the permanent that would be
// dealt damage (CR 702.16e): the bare word `protection` in `order
// replacements protection` and `you ordered replacements protection`.
const Protection Card = -1

// Zone is a zone of the game, by its vocabulary name.
type Zone string

// The zones of tests.
const (
	Battlefield Zone = "battlefield"
	Hand        Zone = "hand"
	Graveyard   Zone = "graveyard"
	Library     Zone = "library"
	Exile       Zone = "exile"
	Stack       Zone = "stack"
)

// Target is what a spell, an ability or damage is aimed at: a card (a
// permanent, or a spell), or a player when Card is 0.
type Target struct {
	Player Player
	Card   Card
}

// Ability is an activated ability of a permanent.
type Ability struct {
	// Mana is set for a mana ability (CR 605.1a).
	Mana bool
}

// Activation is the activation of an ability: its player, the
// permanent, which of its ActivatedAbilities, X, its targets, the
// permanents chosen to pay its cost (nil: the engine chooses), and the
// type of mana of a mana ability that lets its player choose (-1: the
// engine chooses).
type Activation struct {
	Player  Player
	Source  Card
	Ability int
	X       int
	Targets []Target
	Choices []Card
	Mana    mana.Type
}

// Block is one blocker declared for one attacker.
type Block struct {
	Blocker, Attacker Card
}

// Object is what a card is now.
type Object struct {
	Name              string
	Zone              Zone
	Owner, Controller Player
	Token             bool
	// Tapped, Attacking, Blocking, Blocked, AttachedTo (0: nothing) and
	// Damage (marked) are those of a permanent.
	Tapped, Attacking, Blocking, Blocked bool
	AttachedTo                           Card
	Damage                               int
	// Power and toughness, in any zone (CR 604.3).
	Power, Toughness int
	// Counters by kind ("+1/+1").
	Counters map[string]int
}

// PlayerState is what a player has.
type PlayerState struct {
	Life int
	Pool mana.Amount
	// Counters by kind ("poison", CR 122.1); nil for none.
	Counters map[string]int
}

// TurnState is the turn: its number (the first is 1), whose it is, the
// step by its vocabulary name, and in a combat damage step with first or
// double strike, which of the two it is (1 or 2; 0 otherwise, CR 510.4).
type TurnState struct {
	Turn             int
	Active           Player
	Step             string
	CombatDamageStep int
}

// Outcome is how a game ended.
type Outcome struct {
	Over bool
	// Winner is the player who won, or NoPlayer.
	Winner Player
	// Lost says for each player why they lost ("0 or less life (CR
	// 704.5a)"), or "" if they did not.
	Lost [2]string
	// Draw is set for a draw; AllLost when it is one because every
	// player lost at once (CR 104.4a).
	Draw, AllLost bool
	// Reason is why the game ended without a winner, and Detail more
	// about it.
	Reason, Detail string
}

// Event is an event of the log: its kind, by its vocabulary name
// ("counter_removed"), and the cards it involves (its object, source,
// target...).
type Event struct {
	Kind  string
	Cards []Card
}

// involves reports whether an event involves a card.
func (e *Event) involves(c Card) bool {
	for _, x := range e.Cards {
		if x == c {
			return true
		}
	}
	return false
}

// DecisionKind is a kind of decision tests script and check.
type DecisionKind int

// The kinds of decisions tests check; DecisionOther is any other.
const (
	DecisionOther DecisionKind = iota
	// DecisionTriggerOrder: the order of triggered abilities put on the
	// stack at once (CR 603.3b), Triggers.
	DecisionTriggerOrder
	// DecisionReplacement: which replacement effect applied first
	// (CR 616.1), that of Source.
	DecisionReplacement
	// DecisionChoice: a word chosen as a spell or ability resolved, Word.
	DecisionChoice
	// DecisionCopy: the permanent a permanent entering as a copy copies,
	// Card (0: none).
	DecisionCopy
	// DecisionOptionalCost: whether an optional cost was Paid, and the
	// Card sacrificed.
	DecisionOptionalCost
	// DecisionSource: the source of damage chosen for a prevention
	// shield (CR 609.7), Card.
	DecisionSource
	// DecisionCostObject: a permanent chosen to pay a cost, such as the
	// one a counter is removed from (CR 601.2h), Card.
	DecisionCostObject
	// DecisionOptional: whether a player took an action a spell or
	// ability offered them ("you may draw a card", CR 608.2d), Paid.
	DecisionOptional
	// DecisionDivide: how a player divided an amount among targets
	// (CR 601.2d): Targets and Amounts, one each.
	DecisionDivide
	// DecisionModes: the modes a player chose (CR 700.2), Modes.
	DecisionModes
)

// Decision is a decision a player made.
type Decision struct {
	Kind     DecisionKind
	Player   Player
	Triggers []Trigger
	Source   Card
	// Protection says the replacement effect chosen (Source's) was the
	// prevention of its protection (CR 702.16e).
	Protection bool
	Word       string
	Card       Card
	Paid       bool
	// Targets and Amounts are a division (DecisionDivide).
	Targets []Target
	Amounts []int
	// Modes are the modes chosen (DecisionModes), from 1.
	Modes []int
	// Text says what was decided, for messages.
	Text string
}

// Trigger is a triggered ability waiting to go on the stack: its
// source, and the cards the event that triggered it involves.
type Trigger struct {
	Source Card
	Cards  []Card
}

// Pregame is a Game that can begin with the actions of the players'
// opening hands (CR 103.6), for a test that gives one (`you have "Leyline
// of the Void" in opening hand`). An engine whose Game does not implement
// it skips those tests.
type Pregame interface {
	// BeginGame takes the actions players may take with the cards in
	// their hands, their opening hands, before the first turn begins: the
	// starting player's first, then each other player's (CR 103.6). The
	// runner calls it once the test's given block has set the game up;
	// the game then goes on where the test starts.
	BeginGame() error
}

// Effects is a Game that performs on a permanent the actions of the
// standard vocabulary whose one parameter is an object, as the effect of
// a resolving spell or ability does, for the test steps that name them:
// `sacrifice "Grizzly Bears"` is Effect("sacrifice", bears), `tap "Serra
// Angel"` and `untap "Forest"` are Effect("tap", ...) and
// Effect("untap", ...). A new step of that kind needs no new method. An
// engine whose Game does not implement it skips the tests that use those
// steps; one that does returns an error wrapping ErrUnsupported for an
// action it does not perform, and the test is skipped too.
type Effects interface {
	// Effect performs the action, by its vocabulary name ("sacrifice",
	// "tap", "untap"), on the permanent c, and lets the game settle after
	// it, as the actions of Game do: "sacrifice" puts it into its
	// owner's graveyard, which is neither destruction nor damage
	// (CR 701.17a); "tap" and "untap" tap or untap it (CR 701.21), not
	// for mana.
	Effect(action string, c Card) error
}

// ErrUnsupported is wrapped by the errors of what an engine does not
// do: a test that needs it is skipped.
var ErrUnsupported = errors.New("not supported by this engine")

// ErrGameOver is matched by the error of an action that ended the game.
var ErrGameOver = errors.New("the game is over")

// RuleError is the error of an action a rule forbids: Rule is its number
// ("601.2c").
type RuleError struct {
	Rule string
	Err  error
}

// Error is the engine's message.
func (e *RuleError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *RuleError) Unwrap() error { return e.Err }

// FailureError is an error found while an action was carried out: it
// says what went wrong itself.
type FailureError struct{ Err error }

// Error is the engine's message.
func (e *FailureError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *FailureError) Unwrap() error { return e.Err }

// Unsupported returns an error wrapping ErrUnsupported that names what is
// missing: "cast", "host function add_mana".
func Unsupported(what string) error {
	return fmt.Errorf("%s: %w", what, ErrUnsupported)
}

// Script is what a test scripts its players to decide, in order of each
// kind, for the engine to take as its players decide; what is not
// scripted the engine decides its own way.
type Script struct {
	r                 *runner
	triggerOrders     [][]Card
	replacementOrders [][]Card
	targets           []ScriptedTarget
	choices           []ScriptedChoice
	pays              []ScriptedPay
	modes             []ScriptedModes
	divisions         []ScriptedDivision
}

// ScriptedTarget is a target a test chose for the next triggered ability
// that targets, and where the test says so: Target, or, for a target of
// several objects, Targets (Target is the first of them), none with
// Nothing.
type ScriptedTarget struct {
	Target  Target
	Targets []Target
	Nothing bool
	Pos     dsl.Pos
}

// ScriptedModes are the modes (from 1) a test chose for the next modal
// spell or ability.
type ScriptedModes struct {
	Modes []int
	Pos   dsl.Pos
}

// ScriptedDivision is how a test divides the next amount a spell or
// ability divides among its targets: each target and its amount.
type ScriptedDivision struct {
	Targets []Target
	Amounts []int
	Pos     dsl.Pos
}

// ScriptedChoice is a choice a test made: a word (`choose white`), a
// card to copy (`choose "Grizzly Bears"`), or nothing to copy (`choose
// nothing`).
type ScriptedChoice struct {
	Word    string
	Card    Card
	Nothing bool
	Pos     dsl.Pos
}

// String is the choice as the test wrote it.
func (c ScriptedChoice) String() string {
	switch {
	case c.Word != "":
		return c.Word
	case c.Nothing:
		return "nothing"
	}
	return "that permanent"
}

// ScriptedPay is a decision of an optional cost: who decides, whether
// they pay, and the card they sacrifice (0: any).
type ScriptedPay struct {
	Player Player
	Pay    bool
	Card   Card
	Pos    dsl.Pos
}

// NextTarget takes the next scripted target, if there is one.
func (s *Script) NextTarget() (ScriptedTarget, bool) { return next(&s.targets) }

// NextModes takes the next scripted choice of modes, if there is one.
func (s *Script) NextModes() (ScriptedModes, bool) { return next(&s.modes) }

// NextDivision takes the next scripted division, if there is one.
func (s *Script) NextDivision() (ScriptedDivision, bool) { return next(&s.divisions) }

// NextChoice takes the next scripted choice, if there is one.
func (s *Script) NextChoice() (ScriptedChoice, bool) { return next(&s.choices) }

// NextPay takes the next scripted decision of an optional cost, if there
// is one.
func (s *Script) NextPay() (ScriptedPay, bool) { return next(&s.pays) }

// NextTriggerOrder takes the next scripted order of triggers: the cards
// whose triggers come first (see TriggerOrder).
func (s *Script) NextTriggerOrder() ([]Card, bool) { return next(&s.triggerOrders) }

// NextReplacementOrder takes the next scripted order of replacement
// effects: the cards whose effect applies first, the first that has one.
func (s *Script) NextReplacementOrder() ([]Card, bool) { return next(&s.replacementOrders) }

// Failf fails the test at p: a scripted decision the game could not take
// (an illegal target, a choice that is not an option).
func (s *Script) Failf(p dsl.Pos, format string, args ...any) {
	s.r.failf(p, format, args...)
}

func next[T any](q *[]T) (T, bool) {
	var zero T
	if len(*q) == 0 {
		return zero, false
	}
	x := (*q)[0]
	*q = (*q)[1:]
	return x, true
}

// TriggerOrder orders triggers as a test scripts it: first the triggers
// whose event involves the cards, in their order, then the others in
// their order. A card that is the source of every trigger distinguishes
// none of them (the triggers of Engulfing Slagwurm all involve the
// Slagwurm). It returns the indexes of ts in the order they resolve.
func TriggerOrder(ts []Trigger, cards []Card) []int {
	var order []int
	used := make([]bool, len(ts))
	for _, c := range cards {
		for i := range ts {
			if !used[i] && triggerInvolves(ts, i, c) {
				order = append(order, i)
				used[i] = true
				break
			}
		}
	}
	for i := range ts {
		if !used[i] {
			order = append(order, i)
		}
	}
	return order
}

// ordered reports whether triggers, in the order they resolve, begin
// with triggers involving the cards, in their order, as TriggerOrder
// reads a scripted order.
func ordered(ts []Trigger, cards []Card) bool {
	if len(cards) > len(ts) {
		return false
	}
	for i, c := range cards {
		if !triggerInvolves(ts, i, c) {
			return false
		}
	}
	return true
}

// triggerInvolves reports whether trigger i of ts is told apart by card
// c: its event involves c, and c is not the source of every trigger.
func triggerInvolves(ts []Trigger, i int, c Card) bool {
	ev := Event{Cards: ts[i].Cards}
	if !ev.involves(c) {
		return false
	}
	if ts[i].Source != c || len(ts) < 2 {
		return true
	}
	for _, t := range ts {
		if t.Source != c {
			return true
		}
	}
	return false
}
