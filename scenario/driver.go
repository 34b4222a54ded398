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
// the card changes zones — unlike the handles an engine gives the VM,
// which name objects: a card that moves from one zone to another becomes
// a new object with a new handle, and the old handle is stale (CR 400.7;
// vm/HOST.md, "Handles across a move"). An engine keeps, for each Card,
// the object it is now (examples/embed: card.obj), and names a Card in
// what it reports (Object, Log, Decisions) for any of its objects.
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
	// Decisions lists the decisions players made, in order. The
	// assertions of tests read them, so an engine records each decision
	// of a kind a test may check, scripted or not, with the player who
	// made it (see DecisionKind): the order of triggers each time a player
	// puts two or more on the stack at once, which `you ordered triggers`
	// checks; the replacement effect applied first each time a player
	// chooses among several (`you ordered replacements`); each optional
	// cost, paid or declined — declined too when the player could not
	// pay (`you paid`, `you declined`); and the choices of words, copies,
	// sources and cost objects (`you chose`). An engine that makes none of
	// a kind need record none; one that can't say returns an error
	// wrapping ErrUnsupported, and the tests that check are skipped.
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
	Command     Zone = "command"
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
	// Token is set for an object no card represents: a token (CR 111),
	// or a copy of a spell (CR 707.10). A name in quotes names such an
	// object only when no card of the game has the name.
	Token bool
	// Tapped, Attacking, Blocking, Blocked, AttachedTo (0: nothing) and
	// Damage (marked) are those of a permanent.
	Tapped, Attacking, Blocking, Blocked bool
	AttachedTo                           Card
	Damage                               int
	// Power and toughness, in any zone (CR 604.3).
	Power, Toughness int
	// Revealed says a card is revealed by a continuous effect: the top
	// card of a library played with its top card revealed (CR 401.5).
	Revealed bool
	// Counters by kind ("+1/+1").
	Counters map[string]int
}

// PlayerState is what a player has.
type PlayerState struct {
	Life int
	Pool mana.Amount
	// Counters by kind ("poison", CR 122.1); nil for none.
	Counters map[string]int
	// Hand lists the cards in the player's hand (CR 402).
	Hand []Card
	// HandRevealed says the player plays with their hand revealed
	// (CR 701.16; Telepathy).
	HandRevealed bool
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
	// To is what the event happens to, for `log has ... to X`: what
	// damage is dealt to (a card or a player), the permanent counters are
	// put on or that is destroyed, the player who gains or loses life.
	// nil if the engine does not say: a test that asks is skipped.
	To *Target
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
	// stack at once (CR 603.3b), Triggers, in the order they resolve:
	// `you ordered triggers "A", "B"` checks it.
	DecisionTriggerOrder
	// DecisionReplacement: which replacement effect applied first
	// (CR 616.1), that of Source: `you ordered replacements "A"`.
	DecisionReplacement
	// DecisionChoice: a word chosen as a spell or ability resolved, Word.
	DecisionChoice
	// DecisionCopy: the permanent a permanent entering as a copy copies,
	// Card (0: none).
	DecisionCopy
	// DecisionOptionalCost: whether an optional cost was Paid, and the
	// Card sacrificed: `you paid sacrificing "A"`, `you declined`.
	DecisionOptionalCost
	// DecisionSource: the source of damage chosen for a prevention
	// shield (CR 609.7), Card.
	DecisionSource
	// DecisionCostObject: a permanent chosen to pay a cost, such as the
	// one a counter is removed from (CR 601.2h), Card.
	DecisionCostObject
	// DecisionNewTarget: a target of a copy of a spell whose controller
	// may choose new targets for it (CR 707.10c): Card, the new target,
	// or 0 if they kept the one it had (or chose a player).
	DecisionNewTarget
	// DecisionObject: an object a player chose as an effect happened
	// (CR 608.2d): the permanent they sacrifice, the card they have
	// another player discard; Card.
	DecisionObject
	// DecisionDiscard: the cards a player chose to discard (CR 701.8b,
	// 514.1), Cards.
	DecisionDiscard
	// DecisionRandom: the cards chance chose for a player (a random
	// discard, CR 701.8b), Cards.
	DecisionRandom
	// DecisionCards: the cards of a zone a player chose (Cards, maybe
	// none), such as the card a search found (CR 701.19).
	DecisionCards
	// DecisionOrder: the order a player put cards in (Cards, the first on
	// top): back on top of a library, into a graveyard at the same time.
	DecisionOrder
	// DecisionMana: the type of mana an ability adds where its controller
	// chooses (`add {B} or {R}`, `one mana of any color`), Word: its
	// symbol, "{R}".
	DecisionMana
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
	// Cards are the cards of DecisionDiscard and DecisionRandom.
	Cards []Card
	Paid  bool
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

// Shields is a Game that tells how many regeneration shields a permanent
// has (CR 701.15a), for `"Drudge Skeletons" has 1 regeneration shield`. An
// engine whose Game does not implement it skips the tests that ask.
type Shields interface {
	// RegenerationShields is the number of regeneration shields of the
	// permanent c that can still be used this turn.
	RegenerationShields(c Card) (int, error)
}

// LandPlays is a Game whose players play lands (CR 305.1), for the step
// `play "Forest"`. An engine whose Game does not implement it skips those
// tests.
type LandPlays interface {
	// PlayLand has a player play a land card from their hand, a special
	// action (CR 116.2a): in a main phase of their turn with the stack
	// empty, if they have not played as many lands this turn as they can
	// (CR 305.2); a land an effect put onto the battlefield was not played
	// (CR 305.4). It lets the game settle after it, as the actions of Game
	// do; one the rules forbid is a *RuleError.
	PlayLand(p Player, c Card) error
}

// Piles is a Game that lists, in order, the cards of a player's library,
// graveyard or exile, for the steps that name one of them as a pile
// (`your library is "Island", 58 cards`, `opponent's graveyard has 5
// cards`). An engine whose Game does not implement it skips those tests.
type Piles interface {
	// Pile lists the cards of player p's library, graveyard or exile, the
	// top first: the top card of the library, the card put last into the
	// graveyard or exile.
	Pile(p Player, z Zone) []Card
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
	newTargets        []ScriptedNewTargets
	discards          []ScriptedDiscard
	randoms           []ScriptedRandom
	cardOrders        []ScriptedOrder
	modes             []ScriptedModes
	divisions         []ScriptedDivision
}

// ScriptedOrder is an order of cards a test scripted (`order cards
// "Island", "Forest"`): the cards that go first, the first on top, and
// where the test says so.
type ScriptedOrder struct {
	Cards []Card
	Pos   dsl.Pos
}

// ScriptedNewTargets is a decision of a player who may choose new targets
// for a copy of a spell (CR 707.10c): who decides, and the copy's targets
// in order, or Keep for the targets it has.
type ScriptedNewTargets struct {
	Player  Player
	Keep    bool
	Targets []Target
	Pos     dsl.Pos
}

// NextNewTargets takes the next scripted decision of new targets for a
// copy, if there is one.
func (s *Script) NextNewTargets() (ScriptedNewTargets, bool) { return next(&s.newTargets) }

// ScriptedDiscard is a choice of cards to discard a test made for a
// player: `opponent chooses "Shock" to discard`.
type ScriptedDiscard struct {
	Player Player
	Cards  []Card
	Pos    dsl.Pos
}

// ScriptedRandom is what chance chooses next, as a test says: `choose at
// random "Shock", "Forest"`.
type ScriptedRandom struct {
	Cards []Card
	Pos   dsl.Pos
}

// NextDiscard takes the next scripted choice of cards to discard, if
// there is one.
func (s *Script) NextDiscard() (ScriptedDiscard, bool) { return next(&s.discards) }

// NextRandom takes the next scripted outcome of chance, if there is one.
func (s *Script) NextRandom() (ScriptedRandom, bool) { return next(&s.randoms) }

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

// ScriptedChoice is a choice a test made: a word (`choose white`, or the
// name of `choose card name "Shock"`), a card to copy (`choose "Grizzly
// Bears"`), or nothing to copy (`choose nothing`).
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

// NextCardOrder takes the next scripted order of cards (`order cards
// "Island", "Forest"`): the cards that go first, the first on top.
func (s *Script) NextCardOrder() (ScriptedOrder, bool) { return next(&s.cardOrders) }

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
