package dsl

import (
	"fmt"
	"strings"
)

// Scenario tests: `test "..." { given {...} when {...} then {...} }`.
//
// Each statement of given, when and then (a step of the test language) is
// one node type of this file: its grammar is in its struct tags, its
// canonical form is its String method, and its place among the statements
// of its block is its place in GivenStmts, Actions or Assertions, the
// order the parser tries them in. Package parser reads it (its fast path
// has a reader of each node type, parser/fast_steps.go), and package
// scenario checks and runs it (one declaration of scenario/given.go,
// when.go or then.go). SPEC.md, "Extending the language", lists the files
// a new step touches.

// Test is a scenario test: `test "ruling" { given {...} when {...} then {...} }`.
type Test struct {
	Span
	Name     string        `parser:"'test' @(String | RawString) '{'"`
	Sections []TestSection `parser:"Sep* ( @@ Sep* )* '}'"`
}

func (*Test) decl() {}

// TestSection is *Given, *When or *Then.
type TestSection interface {
	Node
	testSection()
}

// Given sets up the game.
type Given struct {
	Span
	Stmts []GivenStmt `parser:"'given' '{' Sep* ( @@ Sep* )* '}'"`
}

func (*Given) testSection() {}

// When performs actions and scripts decisions.
type When struct {
	Span
	Stmts []Action `parser:"'when' '{' Sep* ( @@ Sep* )* '}'"`
}

func (*When) testSection() {}

// Then asserts on the game.
type Then struct {
	Span
	Stmts []Assertion `parser:"'then' '{' Sep* ( @@ Sep* )* '}'"`
}

func (*Then) testSection() {}

// GivenStmt is a statement of given, one of GivenStmts.
type GivenStmt interface {
	Node
	// String is the statement in canonical form, as `cardc fmt` prints it.
	String() string
	givenStmt()
}

// GivenStmts returns a zero value of each statement of given, in the
// order the grammar tries them: the first that reads a line is the
// line's statement.
func GivenStmts() []GivenStmt {
	return []GivenStmt{&ControlStmt{}, &LifeStmt{}, &PoolStmt{}, &ZoneStmt{}, &StepStmt{}, &PileStmt{}}
}

// ControlStmt puts permanents onto the battlefield:
// `you control "Protean Hydra" with 2 +1/+1 counters as hydra`.
type ControlStmt struct {
	Span
	Player string      `parser:"@( 'you' | 'opponent' ) ( 'control' | 'controls' )"`
	Cards  []*CardSpec `parser:"@@ ( ( ',' | 'and' ) @@ )*"`
}

func (*ControlStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *ControlStmt) String() string {
	return verb(s.Player, "control", "controls") + " " + cardSpecsString(s.Cards)
}

// CardSpec names a card to put somewhere, with its counters, damage and
// state, what it is attached to, and an optional alias.
type CardSpec struct {
	Span
	Name   string        `parser:"@(String | RawString)"`
	With   []*WithClause `parser:"( 'with' @@ ( ( ',' | 'and' ) @@ )* )?"`
	Tapped bool          `parser:"@'tapped'?"`
	// AttachedTo is the permanent an Aura is attached to:
	// `you control "Trollhide" attached to "Grizzly Bears"`.
	AttachedTo *CardRef `parser:"( 'attached' 'to' @@ )?"`
	Alias      string   `parser:"( 'as' @Ident )?"`
}

// WithClause is `2 +1/+1 counters` or `3 damage`.
type WithClause struct {
	Span
	Count   int    `parser:"@Number"`
	Damage  bool   `parser:"( @'damage'"`
	Counter string `parser:"| @( PT | Ident ) ( 'counters' | 'counter' ) )"`
}

// LifeStmt sets a life total: `opponent has 10 life`, or `-2 life`.
type LifeStmt struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Life   int    `parser:"@( '-'? Number ) 'life'"`
}

func (*LifeStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *LifeStmt) String() string {
	return verb(s.Player, "have", "has") + fmt.Sprintf(" %d life", s.Life)
}

// ZoneStmt puts cards into a zone: `you have "Shock" in hand`. In the
// opening hand (`in opening hand`, Opening set and Zone ""), they are in
// the hand, and the game begins with the actions of opening hands
// (CR 103.6).
type ZoneStmt struct {
	Span
	Player  string      `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Cards   []*CardSpec `parser:"@@ ( ( ',' | 'and' ) @@ )*"`
	Opening bool        `parser:"'in' ( @'opening' 'hand'"`
	Zone    string      `parser:"     | @( 'hand' | 'graveyard' | 'library' | 'exile' ) )"`
}

func (*ZoneStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *ZoneStmt) String() string {
	if s.Opening {
		return verb(s.Player, "have", "has") + " " + cardSpecsString(s.Cards) + " in opening hand"
	}
	return verb(s.Player, "have", "has") + " " + cardSpecsString(s.Cards) + " in " + s.Zone
}

// StepStmt sets the turn and step the test starts in:
// `it is your end step`.
type StepStmt struct {
	Span
	Player string   `parser:"'it' 'is' @( 'your' | \"opponent's\" )"`
	Step   []string `parser:"@Ident+"`
}

func (*StepStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *StepStmt) String() string { return "it is " + s.Player + " " + strings.Join(s.Step, " ") }

// PoolStmt puts mana in a player's mana pool:
// `you have {G}{G} in your mana pool`. The pool empties as the step ends
// (CR 106.4).
type PoolStmt struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Mana   string `parser:"@Mana 'in' ( 'your' | 'their' ) 'mana' 'pool'"`
}

func (*PoolStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *PoolStmt) String() string { return poolString(s.Player, s.Mana) }

// Action is a statement of when, one of Actions: an action on the game,
// or a decision it scripts.
type Action interface {
	Node
	// String is the action in canonical form, as `cardc fmt` prints it.
	String() string
	action()
}

// Actions returns a zero value of each statement of when, in the order
// the grammar tries them: the first that reads a line is the line's
// statement. `tap "Forest" for mana` is a *TapAction, not a
// *TapEffectAction, because TapAction comes first.
func Actions() []Action {
	return []Action{&CounterAction{}, &DestroyAction{}, &CastAction{}, &PlayAction{},
		&AttackAction{}, &BlockAction{}, &ResolveAction{}, &AdvanceAction{},
		&OrderAction{}, &TapAction{}, &TapEffectAction{}, &SacrificeAction{}, &ActivateAction{},
		&IllegalAction{}, &TargetAction{}, &PayAction{}, &NewTargetsAction{}, &DiscardChoiceAction{}, &RandomAction{}, &ModeAction{}, &ChooseAction{}, &DealAction{},
		&DivideAction{}}
}

// CardRef refers to a card of the test by name or by alias, or to a
// token by its name and the permanent it is attached to: `"Trollhide"
// token on "Grizzly Bears"`.
type CardRef struct {
	Span
	// Each, in an assertion, names every card or token with the name:
	// `each "Spirit Token" has flying`.
	Each bool    `parser:"@'each'?"`
	Name *string `parser:"(  @(String | RawString)"`
	// On is the permanent the token named Name is attached to.
	On    *CardRef `parser:"   ( 'token' 'on' @@ )?"`
	Alias *string  `parser:" | @Ident )"`
}

// TargetRef is a player or a card.
type TargetRef struct {
	Span
	Player *string  `parser:"  @( 'you' | 'opponent' )"`
	Card   *CardRef `parser:"| @@"`
}

// DealAction has a source deal damage directly:
// `"Hill Giant" deals 3 damage to "Protean Hydra"`.
type DealAction struct {
	Span
	Source *CardRef   `parser:"@@ 'deals'"`
	Amount int        `parser:"@Number"`
	Combat bool       `parser:"@'combat'? 'damage' 'to'"`
	Target *TargetRef `parser:"@@"`
}

func (*DealAction) action() {}

// String is the action in canonical form.
func (a *DealAction) String() string {
	combat := ""
	if a.Combat {
		combat = "combat "
	}
	return fmt.Sprintf("%s deals %d %sdamage to %s", RefString(a.Source), a.Amount, combat, targetString(a.Target))
}

// CounterAction puts or removes counters directly:
// `put 1 -1/-1 counter on "Protean Hydra"`.
type CounterAction struct {
	Span
	Verb   string   `parser:"@( 'put' | 'remove' )"`
	Amount int      `parser:"@Number"`
	Kind   string   `parser:"@( PT | Ident ) ( 'counters' | 'counter' ) ( 'on' | 'from' )"`
	Card   *CardRef `parser:"@@"`
}

func (*CounterAction) action() {}

// String is the action in canonical form.
func (a *CounterAction) String() string {
	prep := "on"
	if a.Verb == "remove" {
		prep = "from"
	}
	return fmt.Sprintf("%s %d %s %s %s %s", a.Verb, a.Amount, a.Kind, plural(a.Amount, "counter", "counters"), prep, RefString(a.Card))
}

// DestroyAction destroys a permanent directly: `destroy "Grizzly Bears"`.
type DestroyAction struct {
	Span
	Card *CardRef `parser:"'destroy' @@"`
}

func (*DestroyAction) action() {}

// String is the action in canonical form.
func (a *DestroyAction) String() string { return "destroy " + RefString(a.Card) }

// PlayAction plays a land from its player's hand (CR 305.1):
// `play "Forest"`, `opponent plays "Island"`.
type PlayAction struct {
	Span
	Player string   `parser:"( @( 'you' | 'opponent' ) )? ( 'play' | 'plays' )"`
	Card   *CardRef `parser:"@@"`
}

func (*PlayAction) action() {}

// String is the action in canonical form.
func (a *PlayAction) String() string {
	return actor(a.Player, "play", "plays") + " " + RefString(a.Card)
}

// CastAction casts a spell from its caster's hand:
// `cast "Protean Hydra" with X = 3`, `opponent casts "Shock" targeting you`,
// `cast m1` (an alias: which of two copies in hand).
type CastAction struct {
	Span
	Player  string       `parser:"( @( 'you' | 'opponent' ) )? ( 'cast' | 'casts' )"`
	Card    *CardRef     `parser:"@@"`
	X       *int         `parser:"( 'with' 'X' '=' @Number )?"`
	Targets []*TargetRef `parser:"( 'targeting' @@ ( ( ',' | 'and' ) @@ )* )?"`
}

func (*CastAction) action() {}

// String is the action in canonical form.
func (a *CastAction) String() string {
	s := actor(a.Player, "cast", "casts") + " " + RefString(a.Card)
	if a.X != nil {
		s += fmt.Sprintf(" with X = %d", *a.X)
	}
	if len(a.Targets) > 0 {
		s += " targeting " + targetsString(a.Targets)
	}
	return s
}

// AttackAction declares attackers: `attack with "Engulfing Slagwurm"`.
type AttackAction struct {
	Span
	Cards []*CardRef `parser:"'attack' 'with' @@ ( ( ',' | 'and' ) @@ )*"`
}

func (*AttackAction) action() {}

// String is the action in canonical form.
func (a *AttackAction) String() string { return "attack with " + refsString(a.Cards, ", ") }

// BlockAction declares blockers for one attacker:
// `block "Engulfing Slagwurm" with "Grizzly Bears", "Hill Giant"`.
type BlockAction struct {
	Span
	Attacker *CardRef   `parser:"'block' @@"`
	Blockers []*CardRef `parser:"'with' @@ ( ( ',' | 'and' ) @@ )*"`
}

func (*BlockAction) action() {}

// String is the action in canonical form.
func (a *BlockAction) String() string {
	return "block " + RefString(a.Attacker) + " with " + refsString(a.Blockers, ", ")
}

// ResolveAction lets players pass priority: `resolve` resolves the top
// object of the stack, `resolve all` resolves until the stack is empty.
type ResolveAction struct {
	Span
	All bool `parser:"'resolve' @'all'?"`
}

func (*ResolveAction) action() {}

// String is the action in canonical form.
func (a *ResolveAction) String() string {
	if a.All {
		return "resolve all"
	}
	return "resolve"
}

// AdvanceAction moves the game forward to the next time a step begins:
// `advance to end step`, `advance to next turn`.
type AdvanceAction struct {
	Span
	Words []string `parser:"'advance' 'to' @Ident+"`
}

func (*AdvanceAction) action() {}

// String is the action in canonical form.
func (a *AdvanceAction) String() string { return "advance to " + strings.Join(a.Words, " ") }

// OrderAction scripts a decision: the next time a player orders triggered
// abilities (or replacement effects), the ones involving these cards come
// first, in this order: `order triggers "Hill Giant", "Grizzly Bears"`.
type OrderAction struct {
	Span
	What  string     `parser:"'order' @( 'triggers' | 'replacements' | 'cards' )"`
	Cards []*CardRef `parser:"@@ ( ( ',' | 'and' | 'then' ) @@ )*"`
}

func (*OrderAction) action() {}

// String is the action in canonical form.
func (a *OrderAction) String() string { return "order " + a.What + " " + refsString(a.Cards, ", ") }

// Assertion is a statement of then, one of Assertions.
type Assertion interface {
	Node
	// String is the assertion in canonical form, as `cardc fmt` prints it.
	String() string
	assertion()
}

// Assertions returns a zero value of each statement of then, in the
// order the grammar tries them: the first that reads a line is the
// line's statement.
func Assertions() []Assertion {
	return []Assertion{&LogAssert{}, &LogOrderAssert{}, &StackAssert{}, &TurnAssert{}, &PoolAssert{},
		&GameAssert{}, &LifeAssert{}, &HandSizeAssert{}, &PlayerCountAssert{}, &HandRevealedAssert{}, &ZoneAssert{}, &StateAssert{},
		&PTAssert{}, &CountAssert{}, &DecisionAssert{}, &PaidAssert{}, &ModesAssert{}, &ChoiceAssert{},
		&ControlAssert{}, &AttachedAssert{}, &KeywordAssert{}, &PileAssert{}, &DividedAssert{}}
}

// ZoneAssert checks where a card is: `"Protean Hydra" is in your graveyard`,
// `"Grizzly Bears" is on the battlefield`.
type ZoneAssert struct {
	Span
	Card        *CardRef `parser:"@@ 'is'"`
	Not         bool     `parser:"@'not'?"`
	Battlefield bool     `parser:"( @( 'on' 'the' 'battlefield' )"`
	Owner       string   `parser:"| 'in' @( 'your' | \"opponent's\" )?"`
	Zone        string   `parser:"   @( 'hand' | 'graveyard' | 'library' | 'exile' ) )"`
}

func (*ZoneAssert) assertion() {}

// String is the assertion in canonical form.
func (a *ZoneAssert) String() string {
	s := RefString(a.Card) + " is " + notWord(a.Not)
	if a.Battlefield {
		return s + "on the battlefield"
	}
	if a.Owner != "" {
		return s + "in " + a.Owner + " " + a.Zone
	}
	return s + "in " + a.Zone
}

// StateAssert checks a permanent's status: `"Grizzly Bears" is tapped`.
type StateAssert struct {
	Span
	Card  *CardRef `parser:"@@ 'is'"`
	Not   bool     `parser:"@'not'?"`
	State string   `parser:"@( 'tapped' | 'untapped' | 'attacking' | 'blocking' | 'blocked' | 'revealed' )"`
}

func (*StateAssert) assertion() {}

// String is the assertion in canonical form.
func (a *StateAssert) String() string { return RefString(a.Card) + " is " + notWord(a.Not) + a.State }

// AttachedAssert checks what an Aura is attached to:
// `"Trollhide" is attached to "Grizzly Bears"`.
type AttachedAssert struct {
	Span
	Card *CardRef `parser:"@@ 'is'"`
	Not  bool     `parser:"@'not'? 'attached' 'to'"`
	To   *CardRef `parser:"@@"`
}

func (*AttachedAssert) assertion() {}

// String is the assertion in canonical form.
func (a *AttachedAssert) String() string {
	return RefString(a.Card) + " is " + notWord(a.Not) + "attached to " + RefString(a.To)
}

// KeywordAssert checks that a permanent has a keyword ability now, as
// continuous effects make it: `"Grizzly Bears" has flying`,
// `"Grizzly Bears" does not have flying`.
type KeywordAssert struct {
	Span
	Card    *CardRef `parser:"@@"`
	Not     bool     `parser:"( 'has' | @( 'does' 'not' 'have' ) )"`
	Keyword []string `parser:"@Ident+"`
}

func (*KeywordAssert) assertion() {}

// String is the assertion in canonical form.
func (a *KeywordAssert) String() string {
	if a.Not {
		return RefString(a.Card) + " does not have " + strings.Join(a.Keyword, " ")
	}
	return RefString(a.Card) + " has " + strings.Join(a.Keyword, " ")
}

// PTAssert checks power and toughness: `"Protean Hydra" is 3/3`.
type PTAssert struct {
	Span
	Card *CardRef `parser:"@@ 'is'"`
	PT   string   `parser:"@PT"`
}

func (*PTAssert) assertion() {}

// String is the assertion in canonical form.
func (a *PTAssert) String() string { return RefString(a.Card) + " is " + a.PT }

// CountAssert checks counters, damage or regeneration shields:
// `"Protean Hydra" has 2 +1/+1 counters`, `"Hill Giant" has 0 damage`,
// `"Drudge Skeletons" has 1 regeneration shield`.
type CountAssert struct {
	Span
	Card    *CardRef `parser:"@@ 'has'"`
	Count   int      `parser:"( @Number | 'no' )"`
	Damage  bool     `parser:"( @'damage'"`
	Shields bool     `parser:"| @'regeneration' ( 'shields' | 'shield' )"`
	Counter string   `parser:"| @( PT | Ident ) ( 'counters' | 'counter' ) )"`
}

func (*CountAssert) assertion() {}

// String is the assertion in canonical form.
func (a *CountAssert) String() string {
	if a.Damage {
		return RefString(a.Card) + " has " + count(a.Count) + " damage"
	}
	if a.Shields {
		return RefString(a.Card) + " has " + count(a.Count) + " regeneration " + plural(a.Count, "shield", "shields")
	}
	return RefString(a.Card) + " has " + count(a.Count) + " " + a.Counter + " " + plural(a.Count, "counter", "counters")
}

// LifeAssert checks a life total: `you have 23 life`, or `-2 life`.
type LifeAssert struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Life   int    `parser:"@( '-'? Number ) 'life'"`
}

func (*LifeAssert) assertion() {}

// String is the assertion in canonical form.
func (a *LifeAssert) String() string {
	return verb(a.Player, "have", "has") + fmt.Sprintf(" %d life", a.Life)
}

// PlayerCountAssert checks a player's counters of a kind (CR 122.1):
// `you have 9 poison counters`, `opponent has no poison counters`.
type PlayerCountAssert struct {
	Span
	Player  string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Count   int    `parser:"( @Number | 'no' )"`
	Counter string `parser:"@( PT | Ident ) ( 'counters' | 'counter' )"`
}

func (*PlayerCountAssert) assertion() {}

// String is the assertion in canonical form.
func (a *PlayerCountAssert) String() string {
	return verb(a.Player, "have", "has") + " " + count(a.Count) + " " + a.Counter + " " + plural(a.Count, "counter", "counters")
}

// GameAssert checks how the game ended: `opponent lost the game`,
// `you lost the game`, `the game is a draw`, `the game is not over`.
type GameAssert struct {
	Span
	Player string `parser:"( @( 'you' | 'opponent' ) 'lost' 'the' 'game'"`
	Draw   bool   `parser:"| 'the' 'game' 'is' ( @( 'a' 'draw' )"`
	Going  bool   `parser:"                    | @( 'not' 'over' ) ) )"`
}

func (*GameAssert) assertion() {}

// String is the assertion in canonical form.
func (a *GameAssert) String() string {
	switch {
	case a.Player != "":
		return a.Player + " lost the game"
	case a.Draw:
		return "the game is a draw"
	}
	return "the game is not over"
}

// LogAssert counts events in the game's event log:
// `log has 2 "counter removed" events involving "Protean Hydra"` (as any
// of the cards the event involves), `log has 1 "damage" event to "Hill
// Giant"` (what the event happens to: what damage is dealt to, the
// permanent counters are put on, the player who gains life).
type LogAssert struct {
	Span
	Count     int        `parser:"'log' 'has' ( @Number | 'no' )"`
	Kind      string     `parser:"@(String | RawString | Ident) ( 'events' | 'event' )"`
	Involving *CardRef   `parser:"( 'involving' @@"`
	To        *TargetRef `parser:"| 'to' @@ )?"`
}

func (*LogAssert) assertion() {}

// String is the assertion in canonical form.
func (a *LogAssert) String() string {
	s := "log has " + count(a.Count) + " " + a.Kind + " " + plural(a.Count, "event", "events")
	if a.Involving != nil {
		s += " involving " + RefString(a.Involving)
	}
	if a.To != nil {
		s += " to " + targetsString([]*TargetRef{a.To})
	}
	return s
}

// StackAssert checks the stack: `stack is empty`, `stack has 2 objects`.
type StackAssert struct {
	Span
	Empty bool `parser:"'stack' ( @( 'is' 'empty' )"`
	Count int  `parser:"| 'has' @Number ( 'objects' | 'object' ) )"`
}

func (*StackAssert) assertion() {}

// String is the assertion in canonical form.
func (a *StackAssert) String() string {
	if a.Empty {
		return "stack is empty"
	}
	return fmt.Sprintf("stack has %d %s", a.Count, plural(a.Count, "object", "objects"))
}

// TurnAssert checks where the game is: `it is your declare blockers step`,
// `it is turn 2`.
type TurnAssert struct {
	Span
	Turn   int      `parser:"'it' 'is' ( 'turn' @Number"`
	Player string   `parser:"| @( 'your' | \"opponent's\" )"`
	Step   []string `parser:"  @Ident+ )"`
}

func (*TurnAssert) assertion() {}

// String is the assertion in canonical form.
func (a *TurnAssert) String() string {
	if a.Player == "" {
		return fmt.Sprintf("it is turn %d", a.Turn)
	}
	return "it is " + a.Player + " " + strings.Join(a.Step, " ")
}

// TargetAction scripts the next choice of a target of a triggered
// ability (CR 603.3d): `target "Grizzly Bears"`, `target opponent`; for a
// target of several objects ("up to two target creatures"), all of them,
// `target "Grizzly Bears", "Hill Giant"`, or none, `target nothing`. The
// targets must be legal when the ability is put on the stack.
type TargetAction struct {
	Span
	Nothing bool         `parser:"'target' ( @'nothing'"`
	Target  *TargetRef   `parser:"  | @@"`
	More    []*TargetRef `parser:"    ( ( ',' | 'and' ) @@ )* )"`
}

func (*TargetAction) action() {}

// Targets are the targets the action scripts, none for `target nothing`.
func (a *TargetAction) Targets() []*TargetRef {
	if a.Nothing {
		return nil
	}
	return append([]*TargetRef{a.Target}, a.More...)
}

// String is the action in canonical form.
func (a *TargetAction) String() string {
	if a.Nothing {
		return "target nothing"
	}
	return "target " + targetsString(a.Targets())
}

// PayAction scripts the next decision of an optional cost (“you may pay
// {2} and sacrifice an Aura ...”): `you pay sacrificing "Trollhide"`,
// `you decline`; or of an optional action (“you may draw a card”): `you
// accept`, `opponent declines`. Only the player who decides may be named.
type PayAction struct {
	Span
	Player string   `parser:"@( 'you' | 'opponent' )"`
	Verb   string   `parser:"@( 'pay' | 'pays' | 'accept' | 'accepts' | 'decline' | 'declines' )"`
	Card   *CardRef `parser:"( 'sacrificing' @@ )?"`
}

// Yes reports whether the decision scripted is to pay or to take the
// action.
func (a *PayAction) Yes() bool {
	return a.Verb != "decline" && a.Verb != "declines"
}

// ModeAction scripts the next choice of modes of a modal spell or ability
// (CR 700.2), as it is cast, activated or put on the stack: `choose mode
// 2`, `choose modes 1, 3` (counting its modes from 1, in the card's
// order).
type ModeAction struct {
	Span
	Word  string `parser:"'choose' @( 'mode' | 'modes' )"`
	Modes []int  `parser:"@Number ( ( ',' | 'and' ) @Number )*"`
}

func (*ModeAction) action() {}

// String is the action in canonical form.
func (a *ModeAction) String() string { return "choose " + modesString(a.Modes) }

// modesString renders modes: "mode 2", "modes 1, 3".
func modesString(modes []int) string {
	s := make([]string, len(modes))
	for i, m := range modes {
		s[i] = fmt.Sprint(m)
	}
	if len(modes) == 1 {
		return "mode " + s[0]
	}
	return "modes " + strings.Join(s, ", ")
}

// DivideAction scripts the next division of an amount among the targets
// of a spell or ability (CR 601.2d), as it is cast or put on the stack:
// `divide 4 to "Grizzly Bears", 1 to opponent`: each target chosen, and
// what it is assigned.
type DivideAction struct {
	Span
	Parts []*Share `parser:"'divide' @@ ( ( ',' | 'and' ) @@ )*"`
}

func (*DivideAction) action() {}

// String is the action in canonical form.
func (a *DivideAction) String() string { return "divide " + sharesString(a.Parts) }

// Share is a part of a division: `4 to "Grizzly Bears"`.
type Share struct {
	Span
	Amount int        `parser:"@Number 'to'"`
	Target *TargetRef `parser:"@@"`
}

// sharesString renders the parts of a division: `4 to "Grizzly Bears",
// 1 to opponent`.
func sharesString(parts []*Share) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = fmt.Sprintf("%d to %s", p.Amount, targetString(p.Target))
	}
	return strings.Join(s, ", ")
}

func (*PayAction) action() {}

// String is the action in canonical form.
func (a *PayAction) String() string { return paidString(a.Player, a.Verb, a.Card) }

// ChooseAction scripts the next choice a player makes as a spell or
// ability resolves or a permanent enters. A bare word is a choice among
// words (core.DecisionChoice): `choose white` (the color of "protection
// from the color of your choice"), `choose artifacts`, `choose bottom` (a
// card scried); a card is the permanent to copy (core.DecisionCopy):
// `choose "Grizzly Bears"`, or `choose nothing`. A bare word that is an
// alias of the test names that card. `choose card name "Shock"` is the
// name chosen as a permanent enters (CR 201.4), which no card of the test
// need have.
type ChooseAction struct {
	Span
	Nothing  bool     `parser:"'choose' ( @'nothing'"`
	CardName *string  `parser:"| 'card' 'name' @(String | RawString)"`
	Card     *CardRef `parser:"| @@ )"`
}

func (*ChooseAction) action() {}

// String is the action in canonical form.
func (a *ChooseAction) String() string {
	switch {
	case a.Nothing:
		return "choose nothing"
	case a.CardName != nil:
		return "choose card name " + *a.CardName
	}
	return "choose " + RefString(a.Card)
}

// NewTargetsAction scripts the next decision of a player who may choose
// new targets for a copy of a spell (CR 707.10c): `opponent chooses new
// targets "Hill Giant"` (the copy's targets in the order the spell names
// them; one written as it was stays), or `opponent keeps the targets`.
// Only the player who decides may be named.
type NewTargetsAction struct {
	Span
	Player  string       `parser:"@( 'you' | 'opponent' )"`
	Keep    bool         `parser:"( @( 'keep' | 'keeps' ) 'the' 'targets'"`
	Targets []*TargetRef `parser:"| ( 'choose' | 'chooses' ) 'new' 'targets' @@ ( ( ',' | 'and' ) @@ )* )"`
}

func (*NewTargetsAction) action() {}

// String is the action in canonical form.
func (a *NewTargetsAction) String() string {
	if a.Keep {
		return verb(a.Player, "keep", "keeps") + " the targets"
	}
	return verb(a.Player, "choose", "chooses") + " new targets " + targetsString(a.Targets)
}

// TapAction taps a permanent for mana: its controller activates its mana
// ability with {T} in its cost (CR 106.12), which resolves at once:
// `tap "Forest" for mana`; `tap "Birds of Paradise" for {G}` chooses the
// mana it adds.
type TapAction struct {
	Span
	Player string   `parser:"( @( 'you' | 'opponent' ) )? ( 'tap' | 'taps' )"`
	Card   *CardRef `parser:"@@ 'for'"`
	Mana   string   `parser:"( 'mana' | @Mana )"`
}

func (*TapAction) action() {}

// String is the action in canonical form.
func (a *TapAction) String() string {
	s := actor(a.Player, "tap", "taps") + " " + RefString(a.Card) + " for "
	if a.Mana == "" {
		return s + "mana"
	}
	return s + a.Mana
}

// TapEffectAction taps or untaps a permanent as an effect does (CR
// 701.21), not for mana: `tap "Serra Angel"`, `untap "Forest"`. A
// permanent that is tapped already stays tapped, one that is untapped
// stays untapped.
type TapEffectAction struct {
	Span
	Verb string   `parser:"@( 'tap' | 'untap' )"`
	Card *CardRef `parser:"@@"`
}

func (*TapEffectAction) action() {}

// String is the action in canonical form.
func (a *TapEffectAction) String() string { return a.Verb + " " + RefString(a.Card) }

// SacrificeAction has the controller of a permanent sacrifice it, as an
// effect does (CR 701.17a): `sacrifice "Grizzly Bears"`. It goes to its
// owner's graveyard; it is not destroyed, so regeneration and
// indestructible don't stop it.
type SacrificeAction struct {
	Span
	Card *CardRef `parser:"'sacrifice' @@"`
}

func (*SacrificeAction) action() {}

// String is the action in canonical form.
func (a *SacrificeAction) String() string { return "sacrifice " + RefString(a.Card) }

// ActivateAction activates an activated ability (CR 602):
// `activate "Drudge Skeletons"`, `activate "Prodigal Pyromancer" targeting
// opponent`, `activate "Blood Bairn" sacrificing "Grizzly Bears"`,
// `activate "Sage" ability 2 with X = 3`. Without `ability N` (counting
// the card's activated abilities from 1), the card's one ability that is
// not a mana ability.
type ActivateAction struct {
	Span
	Player  string       `parser:"( @( 'you' | 'opponent' ) )? ( 'activate' | 'activates' )"`
	Card    *CardRef     `parser:"@@"`
	Ability *int         `parser:"( 'ability' @Number )?"`
	X       *int         `parser:"( 'with' 'X' '=' @Number )?"`
	Targets []*TargetRef `parser:"( 'targeting' @@ ( ( ',' | 'and' ) @@ )* )?"`
	Choose  string       `parser:"( @( 'sacrificing' | 'choosing' )"`
	Choices []*CardRef   `parser:"  @@ ( ( ',' | 'and' ) @@ )* )?"`
	Mana    string       `parser:"( 'for' @Mana )?"`
}

func (*ActivateAction) action() {}

// String is the action in canonical form.
func (a *ActivateAction) String() string {
	s := actor(a.Player, "activate", "activates") + " " + RefString(a.Card)
	if a.Ability != nil {
		s += fmt.Sprintf(" ability %d", *a.Ability)
	}
	if a.X != nil {
		s += fmt.Sprintf(" with X = %d", *a.X)
	}
	if len(a.Targets) > 0 {
		s += " targeting " + targetsString(a.Targets)
	}
	if len(a.Choices) > 0 {
		s += " " + a.Choose + " " + refsString(a.Choices, ", ")
	}
	if a.Mana != "" {
		s += " for " + a.Mana
	}
	return s
}

// IllegalAction tries an action the rules must forbid, and says which
// rule forbids it: `illegal "302.6": activate "Llanowar Elves"`. The
// action must fail with that rule (or one of its subrules), change
// nothing, and the test goes on.
type IllegalAction struct {
	Span
	Rule   string `parser:"'illegal' @(String | RawString) ':'"`
	Action Action `parser:"@@"`
}

func (*IllegalAction) action() {}

// String is the action in canonical form.
func (a *IllegalAction) String() string { return "illegal " + a.Rule + ": " + a.Action.String() }

// PoolAssert checks a mana pool: `you have {G}{G} in your mana pool`,
// `opponent's mana pool is empty`.
type PoolAssert struct {
	Span
	Player string `parser:"(   @( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Mana   string `parser:"    @Mana 'in' ( 'your' | 'their' ) 'mana' 'pool'"`
	Owner  string `parser:"  | @( 'your' | \"opponent's\" ) 'mana' 'pool' 'is' 'empty' )"`
}

func (*PoolAssert) assertion() {}

// String is the assertion in canonical form.
func (a *PoolAssert) String() string {
	if a.Owner != "" {
		return a.Owner + " mana pool is empty"
	}
	return poolString(a.Player, a.Mana)
}

// DecisionAssert checks that a player made a decision, and what they
// chose: `you ordered triggers "Hill Giant", "Grizzly Bears"` (the
// triggers involving these cards resolve first, in this order, as `order
// triggers` scripts it), `opponent ordered replacements "Protean Hydra"`
// (the effect of this card applied first).
type DecisionAssert struct {
	Span
	Player string     `parser:"@( 'you' | 'opponent' ) 'ordered'"`
	What   string     `parser:"@( 'triggers' | 'replacements' | 'cards' )"`
	Cards  []*CardRef `parser:"@@ ( ( ',' | 'and' | 'then' ) @@ )*"`
}

func (*DecisionAssert) assertion() {}

// String is the assertion in canonical form.
func (a *DecisionAssert) String() string {
	return a.Player + " ordered " + a.What + " " + refsString(a.Cards, ", ")
}

// ChoiceAssert checks a choice a player made: among words, as a spell or
// ability resolved (`you chose white`, `opponent chose bottom`), of a
// permanent to copy (`you chose "Grizzly Bears"`, `you chose nothing`),
// of a card name (`you chose card name "Shock"`), or of the type of mana
// an ability adds (`you chose {R}`); with Not, that they never made it:
// `you did not choose top`.
type ChoiceAssert struct {
	Span
	Player   string   `parser:"@( 'you' | 'opponent' )"`
	Not      bool     `parser:"( 'chose' | @( 'did' 'not' 'choose' ) )"`
	Nothing  bool     `parser:"( @'nothing'"`
	CardName *string  `parser:"| 'card' 'name' @(String | RawString)"`
	Mana     *string  `parser:"| @Mana"`
	Card     *CardRef `parser:"| @@ )"`
	// Random, `opponent chose "Shock" at random`, checks a choice chance
	// made for the player (a random discard, CR 701.8b).
	Random bool `parser:"@( 'at' 'random' )?"`
}

func (*ChoiceAssert) assertion() {}

// String is the assertion in canonical form.
func (a *ChoiceAssert) String() string {
	verb := " chose "
	if a.Not {
		verb = " did not choose "
	}
	switch {
	case a.Nothing:
		return a.Player + verb + "nothing"
	case a.CardName != nil:
		return a.Player + verb + "card name " + *a.CardName
	case a.Mana != nil:
		return a.Player + verb + *a.Mana
	}
	s := a.Player + verb + RefString(a.Card)
	if a.Random {
		s += " at random"
	}
	return s
}

// PaidAssert checks a decision of an optional cost: `you paid sacrificing
// "Trollhide"`, `opponent declined`, or of an optional action: `you
// accepted`, `opponent declined`. A player who could not pay did not.
type PaidAssert struct {
	Span
	Player string   `parser:"@( 'you' | 'opponent' )"`
	Verb   string   `parser:"@( 'paid' | 'accepted' | 'declined' )"`
	Card   *CardRef `parser:"( 'sacrificing' @@ )?"`
}

func (*PaidAssert) assertion() {}

// String is the assertion in canonical form.
func (a *PaidAssert) String() string { return paidString(a.Player, a.Verb, a.Card) }

// ModesAssert checks the modes a player chose for a modal spell or
// ability (CR 700.2): `you chose mode 2`, `opponent chose modes 1, 3`.
type ModesAssert struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) 'chose'"`
	Word   string `parser:"@( 'mode' | 'modes' )"`
	Modes  []int  `parser:"@Number ( ( ',' | 'and' ) @Number )*"`
}

func (*ModesAssert) assertion() {}

// String is the assertion in canonical form.
func (a *ModesAssert) String() string { return a.Player + " chose " + modesString(a.Modes) }

// DividedAssert checks how a player divided an amount among the targets
// of a spell or ability (CR 601.2d): `you divided 4 to "Grizzly Bears",
// 1 to opponent` — exactly those targets, those amounts.
type DividedAssert struct {
	Span
	Player string   `parser:"@( 'you' | 'opponent' ) 'divided'"`
	Parts  []*Share `parser:"@@ ( ( ',' | 'and' ) @@ )*"`
}

func (*DividedAssert) assertion() {}

// String is the assertion in canonical form.
func (a *DividedAssert) String() string { return a.Player + " divided " + sharesString(a.Parts) }

// ControlAssert counts the permanents with a name a player controls, cards
// and tokens alike: `you control 2 "Goblin Token"`.
type ControlAssert struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) ( 'control' | 'controls' )"`
	Count  int    `parser:"@Number"`
	Name   string `parser:"@(String | RawString)"`
}

func (*ControlAssert) assertion() {}

// String is the assertion in canonical form.
func (a *ControlAssert) String() string {
	verb := "control"
	if a.Player == "opponent" {
		verb = "controls"
	}
	return fmt.Sprintf("%s %s %d %s", a.Player, verb, a.Count, a.Name)
}

// ---- Players and hands (issue 20A) ----

// DiscardChoiceAction scripts the next choice of cards to discard a player
// makes (CR 701.8b; the cleanup step's discard, CR 514.1): `opponent
// chooses "Shock", "Forest" to discard`. The decision must be that
// player's, and the cards in their hand.
type DiscardChoiceAction struct {
	Span
	Player string     `parser:"@( 'you' | 'opponent' ) ( 'choose' | 'chooses' )"`
	Cards  []*CardRef `parser:"@@ ( ( ',' | 'and' ) @@ )* 'to' 'discard'"`
}

func (*DiscardChoiceAction) action() {}

// String is the action in canonical form.
func (a *DiscardChoiceAction) String() string {
	return verb(a.Player, "choose", "chooses") + " " + refsString(a.Cards, ", ") + " to discard"
}

// RandomAction scripts the outcome of the next random choice (a random
// discard, CR 701.8b): `choose at random "Shock", "Forest"` — the cards
// chance picks, among those it picks from.
type RandomAction struct {
	Span
	Cards []*CardRef `parser:"'choose' 'at' 'random' @@ ( ( ',' | 'and' ) @@ )*"`
}

func (*RandomAction) action() {}

// String is the action in canonical form.
func (a *RandomAction) String() string { return "choose at random " + refsString(a.Cards, ", ") }

// HandSizeAssert checks how many cards are in a player's hand (CR 402):
// `opponent has 3 cards in hand`, `you have no cards in hand`.
type HandSizeAssert struct {
	Span
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Count  int    `parser:"( @Number | 'no' ) ( 'cards' | 'card' ) 'in' 'hand'"`
}

func (*HandSizeAssert) assertion() {}

// String is the assertion in canonical form.
func (a *HandSizeAssert) String() string {
	return verb(a.Player, "have", "has") + " " + count(a.Count) + " " + plural(a.Count, "card", "cards") + " in hand"
}

// HandRevealedAssert checks whether a player plays with their hand
// revealed (CR 701.16; Telepathy): `opponent's hand is revealed`, `your
// hand is not revealed`.
type HandRevealedAssert struct {
	Span
	Owner string `parser:"@( 'your' | \"opponent's\" ) 'hand' 'is'"`
	Not   bool   `parser:"@'not'? 'revealed'"`
}

func (*HandRevealedAssert) assertion() {}

// String is the assertion in canonical form.
func (a *HandRevealedAssert) String() string {
	return a.Owner + " hand is " + notWord(a.Not) + "revealed"
}

// LogOrderAssert checks the order of events of a kind: `log has draw
// events in order involving "C", "B", "A", "F"` holds if an event of that
// kind involves each card, each after the one before (other events may
// come between): the active player's draws before the other player's
// (CR 121.2c).
type LogOrderAssert struct {
	Span
	Kind  string     `parser:"'log' 'has' @(String | RawString | Ident) ( 'events' | 'event' ) 'in' 'order'"`
	Cards []*CardRef `parser:"'involving' @@ ( ( ',' | 'and' | 'then' ) @@ )*"`
}

func (*LogOrderAssert) assertion() {}

// String is the assertion in canonical form.
func (a *LogOrderAssert) String() string {
	return "log has " + a.Kind + " events in order involving " + refsString(a.Cards, ", ")
}

// PileStmt sets the cards of a player's library, graveyard or exile, from
// the top: `your library is "Island", "Forest", 58 cards`. `N cards` are
// unnamed cards (scenario.DefaultLibraryCard); `2 "Forest"` is two cards
// of that name. `is empty` leaves it empty: a library so is not filled
// with the default library.
type PileStmt struct {
	Span
	Player string      `parser:"@( 'your' | \"opponent's\" )"`
	Zone   string      `parser:"@( 'library' | 'graveyard' | 'exile' ) 'is'"`
	Empty  bool        `parser:"( @'empty'"`
	Cards  []*PileItem `parser:"| @@ ( ( ',' | 'and' | 'then' ) @@ )* )"`
}

func (*PileStmt) givenStmt() {}

// String is the statement in canonical form.
func (s *PileStmt) String() string {
	if s.Empty {
		return s.Player + " " + s.Zone + " is empty"
	}
	return s.Player + " " + s.Zone + " is " + pileString(s.Cards)
}

// PileItem is one entry of a pile, from the top: a card by name, with an
// optional count (`2 "Forest"`) and alias, or `N cards`, unnamed.
type PileItem struct {
	Span
	Count   *int   `parser:"@Number?"`
	Unnamed bool   `parser:"( @( 'cards' | 'card' )"`
	Name    string `parser:"| @( String | RawString )"`
	Alias   string `parser:"  ( 'as' @Ident )? )"`
}

// N is how many cards the item stands for.
func (it *PileItem) N() int {
	if it.Count == nil {
		return 1
	}
	return *it.Count
}

// String is the item in canonical form.
func (it *PileItem) String() string {
	switch {
	case it.Unnamed:
		return fmt.Sprintf("%d %s", it.N(), plural(it.N(), "card", "cards"))
	case it.Count != nil && it.Alias != "":
		return fmt.Sprintf("%d %s as %s", *it.Count, it.Name, it.Alias)
	case it.Count != nil:
		return fmt.Sprintf("%d %s", *it.Count, it.Name)
	case it.Alias != "":
		return it.Name + " as " + it.Alias
	}
	return it.Name
}

func pileString(items []*PileItem) string {
	s := make([]string, len(items))
	for i, it := range items {
		s[i] = it.String()
	}
	return strings.Join(s, ", ")
}

// PileAssert checks the cards of a player's library, graveyard or exile,
// from the top: `your library is "Island", "Forest", 3 cards` (exactly
// these, in this order; `N cards` are any N cards), `opponent's graveyard
// has 5 cards`, `your exile is empty`.
type PileAssert struct {
	Span
	Player string      `parser:"@( 'your' | \"opponent's\" )"`
	Zone   string      `parser:"@( 'library' | 'graveyard' | 'exile' )"`
	Count  *int        `parser:"( 'has' @Number ( 'cards' | 'card' )"`
	Empty  bool        `parser:"| 'is' ( @'empty'"`
	Cards  []*PileItem `parser:"       | @@ ( ( ',' | 'and' | 'then' ) @@ )* ) )"`
}

func (*PileAssert) assertion() {}

// String is the assertion in canonical form.
func (a *PileAssert) String() string {
	s := a.Player + " " + a.Zone
	switch {
	case a.Count != nil:
		return s + fmt.Sprintf(" has %d %s", *a.Count, plural(*a.Count, "card", "cards"))
	case a.Empty:
		return s + " is empty"
	}
	return s + " is " + pileString(a.Cards)
}
