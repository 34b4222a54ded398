// Package dsl is the card language as data: the syntax tree (whose struct
// tags are the participle grammar), source positions, diagnostics, and the
// canonical printer used by `cardc fmt`. SPEC.md, beside this file, is the
// language reference.
//
// A file holds declarations: cards, scenario tests, and (in the standard
// library only) vocabulary declarations. Statements end at the end of a line
// or at ";". Ability bodies and the vocabulary of the language are phrases:
// runs of words and expressions that the compiler matches against the
// phrases the standard library declares.
package dsl

// Node is any syntax tree node.
type Node interface {
	// Position is where the node starts.
	Position() Pos
}

// Decl is a top-level declaration: *Card, *Test, or a vocabulary
// declaration of the standard library (*EventDecl, *FuncDecl, *RuleDecl,
// *NamesDecl, *StepDecl).
type Decl interface {
	Node
	decl()
}

// File is one parsed source file.
type File struct {
	// Name is the path the file was read from.
	Name string
	// Decls are the declarations that parsed; a declaration with a syntax
	// error is left out (its diagnostics say why).
	Decls []Decl
	// Comments are all the comments of the file, in order.
	Comments []Comment
}

// Comment is a `//` comment, kept so that `cardc fmt` never loses one.
type Comment struct {
	Pos  Pos
	Text string // including the leading "//"
	// Trailing is set for a comment that follows code on its line.
	Trailing bool
}

// Block is a braced list of statements.
type Block struct {
	Pos    Pos
	EndPos Pos
	Stmts  []Stmt `parser:"'{' Sep* ( @@ Sep* )* '}'"`
}

// In the grammar tags, Sep is the token that ends a statement: a newline or
// a ";". Dash is "—" or "--".

// ---- Cards ----------------------------------------------------------------

// Card declares one card: `card "Name" { ... }`.
type Card struct {
	Pos    Pos
	EndPos Pos
	Name   string     `parser:"'card' @(String | RawString) '{'"`
	Items  []CardItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

// CardItem is a line of a card: a characteristic (*CostItem, *TypeItem,
// *PTItem, *OracleItem) or an ability (*KeywordsItem, *EntersAbility,
// *TriggerAbility, *ReplaceAbility, *StaticAbility, *SpellAbility).
type CardItem interface {
	Node
	cardItem()
}

// CostItem is the mana cost: `cost {X}{G}`.
type CostItem struct {
	Pos  Pos
	Cost string `parser:"'cost' @Mana"`
}

// TypeItem is the type line: `type Legendary Creature — Human Bard`.
type TypeItem struct {
	Pos      Pos
	Types    []string `parser:"'type' @Ident+"`
	Subtypes []string `parser:"( ( Dash | '-' ) @Ident+ )?"`
}

// PTItem is the printed power and toughness: `pt 2/2`.
type PTItem struct {
	Pos Pos
	PT  string `parser:"'pt' @PT"`
}

// OracleItem is one paragraph of the card's Oracle text.
type OracleItem struct {
	Pos  Pos
	Text string `parser:"'oracle' @(String | RawString)"`
}

// KeywordsItem lists keyword abilities: `keywords flying, vigilance`.
type KeywordsItem struct {
	Pos      Pos
	Keywords []*Keyword `parser:"'keywords' @@ ( ',' @@ )*"`
}

// Keyword is one keyword ability, in one or more words.
type Keyword struct {
	Pos   Pos
	Words []string `parser:"@Ident+"`
}

// EntersAbility modifies how the card's permanent enters the battlefield:
// `enters with X +1/+1 counters` (CR 614.1c).
type EntersAbility struct {
	Pos    Pos
	EndPos Pos
	Phrase *Phrase `parser:"'enters' @@"`
}

// TriggerAbility is a triggered ability: `whenever PATTERN { ... }`,
// `when PATTERN { ... }` or `at PATTERN { ... }` (CR 603).
type TriggerAbility struct {
	Pos    Pos
	EndPos Pos
	Word   string  `parser:"@('whenever' | 'when' | 'at')"`
	Phrase *Phrase `parser:"@@"`
	Body   *Block  `parser:"@@"`
}

// ReplaceAbility is a replacement or prevention effect of a static ability:
// `replace PATTERN { ... }` (CR 614, 615).
type ReplaceAbility struct {
	Pos    Pos
	EndPos Pos
	Phrase *Phrase `parser:"'replace' @@"`
	Body   *Block  `parser:"@@"`
}

// StaticAbility is a static ability stated as a rule of the vocabulary:
// `static damage dealt by this can't be prevented`.
type StaticAbility struct {
	Pos    Pos
	EndPos Pos
	Phrase *Phrase `parser:"'static' @@"`
}

// SpellAbility is what an instant or sorcery does as it resolves:
// `spell { ... }`.
type SpellAbility struct {
	Pos    Pos
	EndPos Pos
	Body   *Block `parser:"'spell' @@"`
}

// ---- Statements -----------------------------------------------------------

// Stmt is a statement of an ability body: *IfStmt, *AtStmt or *ActionStmt.
type Stmt interface {
	Node
	stmt()
}

// IfStmt runs a block when a condition holds: `if X >= 5 { ... } else { ... }`.
type IfStmt struct {
	Pos    Pos
	EndPos Pos
	Cond   *Cond  `parser:"'if' @@"`
	Then   *Block `parser:"@@"`
	Else   *Else  `parser:"( 'else' @@ )?"`
}

// Else is what follows `else`: another if, or a block.
type Else struct {
	If    *IfStmt `parser:"  @@"`
	Block *Block  `parser:"| @@"`
}

// AtStmt creates a delayed triggered ability (CR 603.7):
// `at the beginning of the next end step { ... }`.
type AtStmt struct {
	Pos    Pos
	EndPos Pos
	Phrase *Phrase `parser:"'at' @@"`
	Body   *Block  `parser:"@@"`
}

// ActionStmt is one action, a phrase the compiler matches against the
// actions of the vocabulary: `put two +1/+1 counters on this`.
type ActionStmt struct {
	Pos    Pos
	EndPos Pos
	// An action never starts with else: `} else gain 2 life` is an else
	// without its braces, not an action.
	Phrase *Phrase `parser:"(?! 'else' ) @@"`
}

// ---- Phrases and expressions ----------------------------------------------

// Phrase is a run of words and expressions, ended by the end of the line, a
// ";" or a "{". The compiler gives it meaning.
type Phrase struct {
	Pos    Pos
	EndPos Pos
	Parts  []*Part `parser:"@@+"`
}

// Part is one element of a phrase. Exactly one field is set.
type Part struct {
	Pos Pos
	// Bind names what comes before it: `as d`.
	Bind *string `parser:"  'as' @Ident"`
	// PT is a counter kind or power/toughness: `+1/+1`.
	PT *string `parser:"| @PT"`
	// Mana is mana symbols: `{2}{G}`.
	Mana *string `parser:"| @Mana"`
	// Str is a quoted text, such as a card name.
	Str *string `parser:"| @(String | RawString)"`
	// Expr is a word (a bare identifier) or an arithmetic expression.
	Expr *Sum `parser:"| @@"`
}

// Word returns the part as a bare word (an identifier with no field access
// and no operator), or "" if it is not one.
func (p *Part) Word() string {
	if p.Expr == nil {
		return ""
	}
	return p.Expr.Word()
}

// Cond is a condition: `a or b`.
type Cond struct {
	Pos   Pos
	Left  *AndCond   `parser:"@@"`
	Right []*AndCond `parser:"( 'or' @@ )*"`
}

// AndCond is `a and b`.
type AndCond struct {
	Pos   Pos
	Left  *NotCond   `parser:"@@"`
	Right []*NotCond `parser:"( 'and' @@ )*"`
}

// NotCond is `not a`, or a comparison.
type NotCond struct {
	Pos Pos
	Not *NotCond `parser:"  'not' @@"`
	Cmp *Compare `parser:"| @@"`
}

// Compare is `a >= b`, or a lone value.
type Compare struct {
	Pos   Pos
	Left  *Sum   `parser:"@@"`
	Op    string `parser:"( @( '==' | '!=' | '<=' | '>=' | '<' | '>' )"`
	Right *Sum   `parser:"  @@ )?"`
}

// Sum is `a + b - c`.
type Sum struct {
	Pos  Pos
	Left *Product `parser:"@@"`
	Rest []*SumOp `parser:"@@*"`
}

// SumOp is one `+ b` or `- b` of a Sum.
type SumOp struct {
	Pos   Pos
	Op    string   `parser:"@( '+' | '-' )"`
	Right *Product `parser:"@@"`
}

// Product is `a * b / c`.
type Product struct {
	Pos  Pos
	Left *Unary       `parser:"@@"`
	Rest []*ProductOp `parser:"@@*"`
}

// ProductOp is one `* b` or `/ b` of a Product.
type ProductOp struct {
	Pos   Pos
	Op    string `parser:"@( '*' | '/' )"`
	Right *Unary `parser:"@@"`
}

// Unary is `-a`, or a primary.
type Unary struct {
	Pos     Pos
	Neg     *Unary   `parser:"  '-' @@"`
	Primary *Primary `parser:"| @@"`
}

// Primary is a number, a parenthesized condition, or a reference.
type Primary struct {
	Pos    Pos
	Number *string `parser:"  @Number"`
	Paren  *Cond   `parser:"| '(' @@ ')'"`
	Ref    *Ref    `parser:"| @@"`
}

// Ref is a name with optional field accesses: `d.amount`, `this.toughness`.
type Ref struct {
	Pos    Pos
	Name   string   `parser:"@Ident"`
	Fields []string `parser:"( '.' @Ident )*"`
}

// Word returns the sum as a bare word, or "" if it is not one.
func (s *Sum) Word() string {
	if s == nil || len(s.Rest) > 0 || len(s.Left.Rest) > 0 {
		return ""
	}
	u := s.Left.Left
	if u.Primary == nil || u.Primary.Ref == nil || len(u.Primary.Ref.Fields) > 0 {
		return ""
	}
	return u.Primary.Ref.Name
}

// ---- Vocabulary declarations (standard library) ----------------------------

// EventDecl declares an event kind, its fields and the phrases that
// describe it: `event damage { ... }`.
type EventDecl struct {
	Pos    Pos
	EndPos Pos
	Name   string      `parser:"'event' @Ident '{'"`
	Items  []EventItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

// EventItem is a line of an event declaration: *DocItem, *FieldDecl or
// *PhraseDecl.
type EventItem interface {
	Node
	eventItem()
}

// DocItem documents a declaration: `doc "..."`.
type DocItem struct {
	Pos  Pos
	Text string `parser:"'doc' @(String | RawString)"`
}

// FieldDecl declares a field and its type: `amount: number`.
type FieldDecl struct {
	Pos  Pos
	Name string `parser:"@Ident ':'"`
	Type string `parser:"@Ident"`
}

// PhraseDecl declares a phrase: a template of words and {slots}, with an
// optional condition, repetition and defaults:
// `phrase "a {kind} counter is removed from {object}" each amount`.
type PhraseDecl struct {
	Pos      Pos
	Text     string     `parser:"'phrase' @(String | RawString)"`
	Where    *Cond      `parser:"( 'where' @@ )?"`
	Each     string     `parser:"( 'each' @Ident )?"`
	Once     bool       `parser:"@'once'?"`
	Defaults []*Default `parser:"( 'with' @@ ( ',' @@ )* )?"`
}

// Default gives a parameter its value when a phrase does not mention it:
// `with player = you`.
type Default struct {
	Pos   Pos
	Name  string `parser:"@Ident '='"`
	Value *Sum   `parser:"@@"`
}

// FuncDecl declares an action or a query of the host:
// `action destroy(object: object) { ... }`,
// `query toughness(object: object): number`. An action marked
// `in replace` or `in enters` may only be used in the body of that kind of
// ability: `action prevent(event: damage) in replace { ... }`.
type FuncDecl struct {
	Pos     Pos
	EndPos  Pos
	Kind    string       `parser:"@( 'action' | 'query' )"`
	Name    string       `parser:"@Ident"`
	Params  []*FieldDecl `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result  string       `parser:"( ':' @Ident )?"`
	Context string       `parser:"( 'in' @( 'replace' | 'enters' ) )?"`
	Items   []EventItem  `parser:"( '{' Sep* ( @@ Sep* )* '}' )?"`
}

// RuleDecl declares a rule a static ability can state:
// `rule damage_cant_be_prevented { phrase "{event} can't be prevented" }`.
type RuleDecl struct {
	Pos    Pos
	EndPos Pos
	Name   string      `parser:"'rule' @Ident '{'"`
	Items  []EventItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

// NamesDecl declares a list of names of one kind:
// `types artifact creature ...`, `counters "+1/+1" charge ...`. An
// adjective names the query that tests it: `tapped` is `is_tapped`.
type NamesDecl struct {
	Pos   Pos
	Kind  string   `parser:"@( 'types' | 'supertypes' | 'colors' | 'counters' | 'adjectives' | 'zones' | 'keywords' )"`
	Names []string `parser:"@( Ident | PT | String )+"`
}

// StepDecl declares a step of the turn and the words that name it:
// `step end "end step" "end"`.
type StepDecl struct {
	Pos   Pos
	Name  string   `parser:"'step' @Ident"`
	Words []string `parser:"@String+"`
}

// ---- Scenario tests -------------------------------------------------------

// Test is a scenario test: `test "ruling" { given {...} when {...} then {...} }`.
type Test struct {
	Pos      Pos
	EndPos   Pos
	Name     string        `parser:"'test' @(String | RawString) '{'"`
	Sections []TestSection `parser:"Sep* ( @@ Sep* )* '}'"`
}

// TestSection is *Given, *When or *Then.
type TestSection interface {
	Node
	testSection()
}

// Given sets up the game.
type Given struct {
	Pos    Pos
	EndPos Pos
	Stmts  []GivenStmt `parser:"'given' '{' Sep* ( @@ Sep* )* '}'"`
}

// When performs actions and scripts decisions.
type When struct {
	Pos    Pos
	EndPos Pos
	Stmts  []Action `parser:"'when' '{' Sep* ( @@ Sep* )* '}'"`
}

// Then asserts on the game.
type Then struct {
	Pos    Pos
	EndPos Pos
	Stmts  []Assertion `parser:"'then' '{' Sep* ( @@ Sep* )* '}'"`
}

// GivenStmt is *ControlStmt, *LifeStmt, *ZoneStmt or *StepStmt.
type GivenStmt interface {
	Node
	givenStmt()
}

// ControlStmt puts permanents onto the battlefield:
// `you control "Protean Hydra" with 2 +1/+1 counters as hydra`.
type ControlStmt struct {
	Pos    Pos
	Player string      `parser:"@( 'you' | 'opponent' ) ( 'control' | 'controls' )"`
	Cards  []*CardSpec `parser:"@@ ( ( ',' | 'and' ) @@ )*"`
}

// CardSpec names a card to put somewhere, with its counters, damage and
// state, and an optional alias.
type CardSpec struct {
	Pos    Pos
	Name   string        `parser:"@(String | RawString)"`
	With   []*WithClause `parser:"( 'with' @@ ( ( ',' | 'and' ) @@ )* )?"`
	Tapped bool          `parser:"@'tapped'?"`
	Alias  string        `parser:"( 'as' @Ident )?"`
}

// WithClause is `2 +1/+1 counters` or `3 damage`.
type WithClause struct {
	Pos     Pos
	Count   int    `parser:"@Number"`
	Damage  bool   `parser:"( @'damage'"`
	Counter string `parser:"| @( PT | Ident ) ( 'counters' | 'counter' ) )"`
}

// LifeStmt sets a life total: `opponent has 10 life`.
type LifeStmt struct {
	Pos    Pos
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Life   int    `parser:"@Number 'life'"`
}

// ZoneStmt puts cards into a zone: `you have "Shock" in hand`.
type ZoneStmt struct {
	Pos    Pos
	Player string      `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Cards  []*CardSpec `parser:"@@ ( ( ',' | 'and' ) @@ )*"`
	Zone   string      `parser:"'in' @( 'hand' | 'graveyard' | 'library' | 'exile' )"`
}

// StepStmt sets the turn and step the test starts in:
// `it is your end step`.
type StepStmt struct {
	Pos    Pos
	Player string   `parser:"'it' 'is' @( 'your' | \"opponent's\" )"`
	Step   []string `parser:"@Ident+"`
}

// Action is a test action: *DealAction, *CounterAction, *DestroyAction,
// *CastAction, *AttackAction, *BlockAction, *ResolveAction, *AdvanceAction
// or *OrderAction.
type Action interface {
	Node
	action()
}

// CardRef refers to a card of the test by name or by alias.
type CardRef struct {
	Pos   Pos
	Name  *string `parser:"  @(String | RawString)"`
	Alias *string `parser:"| @Ident"`
}

// TargetRef is a player or a card.
type TargetRef struct {
	Pos    Pos
	Player *string  `parser:"  @( 'you' | 'opponent' )"`
	Card   *CardRef `parser:"| @@"`
}

// DealAction has a source deal damage directly:
// `"Hill Giant" deals 3 damage to "Protean Hydra"`.
type DealAction struct {
	Pos    Pos
	Source *CardRef   `parser:"@@ 'deals'"`
	Amount int        `parser:"@Number"`
	Combat bool       `parser:"@'combat'? 'damage' 'to'"`
	Target *TargetRef `parser:"@@"`
}

// CounterAction puts or removes counters directly:
// `put 1 -1/-1 counter on "Protean Hydra"`.
type CounterAction struct {
	Pos    Pos
	Verb   string   `parser:"@( 'put' | 'remove' )"`
	Amount int      `parser:"@Number"`
	Kind   string   `parser:"@( PT | Ident ) ( 'counters' | 'counter' ) ( 'on' | 'from' )"`
	Card   *CardRef `parser:"@@"`
}

// DestroyAction destroys a permanent directly: `destroy "Grizzly Bears"`.
type DestroyAction struct {
	Pos  Pos
	Card *CardRef `parser:"'destroy' @@"`
}

// CastAction casts a spell from its caster's hand:
// `cast "Protean Hydra" with X = 3`, `opponent casts "Shock" targeting you`.
type CastAction struct {
	Pos     Pos
	Player  string       `parser:"( @( 'you' | 'opponent' ) )? ( 'cast' | 'casts' )"`
	Name    string       `parser:"@(String | RawString)"`
	X       *int         `parser:"( 'with' 'X' '=' @Number )?"`
	Targets []*TargetRef `parser:"( 'targeting' @@ ( ( ',' | 'and' ) @@ )* )?"`
}

// AttackAction declares attackers: `attack with "Engulfing Slagwurm"`.
type AttackAction struct {
	Pos   Pos
	Cards []*CardRef `parser:"'attack' 'with' @@ ( ( ',' | 'and' ) @@ )*"`
}

// BlockAction declares blockers for one attacker:
// `block "Engulfing Slagwurm" with "Grizzly Bears", "Hill Giant"`.
type BlockAction struct {
	Pos      Pos
	Attacker *CardRef   `parser:"'block' @@"`
	Blockers []*CardRef `parser:"'with' @@ ( ( ',' | 'and' ) @@ )*"`
}

// ResolveAction lets players pass priority: `resolve` resolves the top
// object of the stack, `resolve all` resolves until the stack is empty.
type ResolveAction struct {
	Pos Pos
	All bool `parser:"'resolve' @'all'?"`
}

// AdvanceAction moves the game forward to the next time a step begins:
// `advance to end step`, `advance to next turn`.
type AdvanceAction struct {
	Pos   Pos
	Words []string `parser:"'advance' 'to' @Ident+"`
}

// OrderAction scripts a decision: the next time a player orders triggered
// abilities (or replacement effects), the ones involving these cards come
// first, in this order: `order triggers "Hill Giant", "Grizzly Bears"`.
type OrderAction struct {
	Pos   Pos
	What  string     `parser:"'order' @( 'triggers' | 'replacements' )"`
	Cards []*CardRef `parser:"@@ ( ( ',' | 'and' | 'then' ) @@ )*"`
}

// Assertion is a test assertion: *ZoneAssert, *StateAssert, *PTAssert,
// *CountAssert, *LifeAssert, *LogAssert, *StackAssert or *TurnAssert.
type Assertion interface {
	Node
	assertion()
}

// ZoneAssert checks where a card is: `"Protean Hydra" is in your graveyard`,
// `"Grizzly Bears" is on the battlefield`.
type ZoneAssert struct {
	Pos         Pos
	Card        *CardRef `parser:"@@ 'is'"`
	Not         bool     `parser:"@'not'?"`
	Battlefield bool     `parser:"( @( 'on' 'the' 'battlefield' )"`
	Owner       string   `parser:"| 'in' @( 'your' | \"opponent's\" )?"`
	Zone        string   `parser:"   @( 'hand' | 'graveyard' | 'library' | 'exile' ) )"`
}

// StateAssert checks a permanent's status: `"Grizzly Bears" is tapped`.
type StateAssert struct {
	Pos   Pos
	Card  *CardRef `parser:"@@ 'is'"`
	Not   bool     `parser:"@'not'?"`
	State string   `parser:"@( 'tapped' | 'untapped' | 'attacking' | 'blocking' | 'blocked' )"`
}

// PTAssert checks power and toughness: `"Protean Hydra" is 3/3`.
type PTAssert struct {
	Pos  Pos
	Card *CardRef `parser:"@@ 'is'"`
	PT   string   `parser:"@PT"`
}

// CountAssert checks counters or damage: `"Protean Hydra" has 2 +1/+1
// counters`, `"Hill Giant" has 0 damage`.
type CountAssert struct {
	Pos     Pos
	Card    *CardRef `parser:"@@ 'has'"`
	Count   int      `parser:"( @Number | 'no' )"`
	Damage  bool     `parser:"( @'damage'"`
	Counter string   `parser:"| @( PT | Ident ) ( 'counters' | 'counter' ) )"`
}

// LifeAssert checks a life total: `you have 23 life`.
type LifeAssert struct {
	Pos    Pos
	Player string `parser:"@( 'you' | 'opponent' ) ( 'have' | 'has' )"`
	Life   int    `parser:"@Number 'life'"`
}

// LogAssert counts events in the game's event log:
// `log has 2 "counter removed" events involving "Protean Hydra"`.
type LogAssert struct {
	Pos       Pos
	Count     int      `parser:"'log' 'has' ( @Number | 'no' )"`
	Kind      string   `parser:"@(String | RawString | Ident) ( 'events' | 'event' )"`
	Involving *CardRef `parser:"( 'involving' @@ )?"`
}

// StackAssert checks the stack: `stack is empty`, `stack has 2 objects`.
type StackAssert struct {
	Pos   Pos
	Empty bool `parser:"'stack' ( @( 'is' 'empty' )"`
	Count int  `parser:"| 'has' @Number ( 'objects' | 'object' ) )"`
}

// Position returns where the Card starts.
func (c *Card) Position() Pos { return c.Pos }

// Position returns where the CostItem starts.
func (c *CostItem) Position() Pos { return c.Pos }

// Position returns where the TypeItem starts.
func (c *TypeItem) Position() Pos { return c.Pos }

// Position returns where the PTItem starts.
func (c *PTItem) Position() Pos { return c.Pos }

// Position returns where the OracleItem starts.
func (c *OracleItem) Position() Pos { return c.Pos }

// Position returns where the KeywordsItem starts.
func (a *KeywordsItem) Position() Pos { return a.Pos }

// Position returns where the EntersAbility starts.
func (a *EntersAbility) Position() Pos { return a.Pos }

// Position returns where the TriggerAbility starts.
func (a *TriggerAbility) Position() Pos { return a.Pos }

// Position returns where the ReplaceAbility starts.
func (a *ReplaceAbility) Position() Pos { return a.Pos }

// Position returns where the StaticAbility starts.
func (a *StaticAbility) Position() Pos { return a.Pos }

// Position returns where the SpellAbility starts.
func (a *SpellAbility) Position() Pos { return a.Pos }

// Position returns where the IfStmt starts.
func (s *IfStmt) Position() Pos { return s.Pos }

// Position returns where the AtStmt starts.
func (s *AtStmt) Position() Pos { return s.Pos }

// Position returns where the ActionStmt starts.
func (s *ActionStmt) Position() Pos { return s.Pos }

// Position returns where the EventDecl starts.
func (d *EventDecl) Position() Pos { return d.Pos }

// Position returns where the DocItem starts.
func (d *DocItem) Position() Pos { return d.Pos }

// Position returns where the FieldDecl starts.
func (d *FieldDecl) Position() Pos { return d.Pos }

// Position returns where the PhraseDecl starts.
func (d *PhraseDecl) Position() Pos { return d.Pos }

// Position returns where the FuncDecl starts.
func (d *FuncDecl) Position() Pos { return d.Pos }

// Position returns where the RuleDecl starts.
func (d *RuleDecl) Position() Pos { return d.Pos }

// Position returns where the NamesDecl starts.
func (d *NamesDecl) Position() Pos { return d.Pos }

// Position returns where the StepDecl starts.
func (d *StepDecl) Position() Pos { return d.Pos }

// Position returns where the Test starts.
func (t *Test) Position() Pos { return t.Pos }

// Position returns where the Given starts.
func (s *Given) Position() Pos { return s.Pos }

// Position returns where the When starts.
func (s *When) Position() Pos { return s.Pos }

// Position returns where the Then starts.
func (s *Then) Position() Pos { return s.Pos }

// Position returns where the ControlStmt starts.
func (s *ControlStmt) Position() Pos { return s.Pos }

// Position returns where the LifeStmt starts.
func (s *LifeStmt) Position() Pos { return s.Pos }

// Position returns where the ZoneStmt starts.
func (s *ZoneStmt) Position() Pos { return s.Pos }

// Position returns where the StepStmt starts.
func (s *StepStmt) Position() Pos { return s.Pos }

// Position returns where the DealAction starts.
func (a *DealAction) Position() Pos { return a.Pos }

// Position returns where the CounterAction starts.
func (a *CounterAction) Position() Pos { return a.Pos }

// Position returns where the DestroyAction starts.
func (a *DestroyAction) Position() Pos { return a.Pos }

// Position returns where the CastAction starts.
func (a *CastAction) Position() Pos { return a.Pos }

// Position returns where the AttackAction starts.
func (a *AttackAction) Position() Pos { return a.Pos }

// Position returns where the BlockAction starts.
func (a *BlockAction) Position() Pos { return a.Pos }

// Position returns where the ResolveAction starts.
func (a *ResolveAction) Position() Pos { return a.Pos }

// Position returns where the AdvanceAction starts.
func (a *AdvanceAction) Position() Pos { return a.Pos }

// Position returns where the OrderAction starts.
func (a *OrderAction) Position() Pos { return a.Pos }

// Position returns where the ZoneAssert starts.
func (a *ZoneAssert) Position() Pos { return a.Pos }

// Position returns where the StateAssert starts.
func (a *StateAssert) Position() Pos { return a.Pos }

// Position returns where the PTAssert starts.
func (a *PTAssert) Position() Pos { return a.Pos }

// Position returns where the CountAssert starts.
func (a *CountAssert) Position() Pos { return a.Pos }

// Position returns where the LifeAssert starts.
func (a *LifeAssert) Position() Pos { return a.Pos }

// Position returns where the LogAssert starts.
func (a *LogAssert) Position() Pos { return a.Pos }

// Position returns where the StackAssert starts.
func (a *StackAssert) Position() Pos { return a.Pos }

func (*Card) decl()      {}
func (*Test) decl()      {}
func (*EventDecl) decl() {}
func (*FuncDecl) decl()  {}
func (*RuleDecl) decl()  {}
func (*NamesDecl) decl() {}
func (*StepDecl) decl()  {}

func (*CostItem) cardItem()       {}
func (*TypeItem) cardItem()       {}
func (*PTItem) cardItem()         {}
func (*OracleItem) cardItem()     {}
func (*KeywordsItem) cardItem()   {}
func (*EntersAbility) cardItem()  {}
func (*TriggerAbility) cardItem() {}
func (*ReplaceAbility) cardItem() {}
func (*StaticAbility) cardItem()  {}
func (*SpellAbility) cardItem()   {}

func (*IfStmt) stmt()     {}
func (*AtStmt) stmt()     {}
func (*ActionStmt) stmt() {}

func (*DocItem) eventItem()    {}
func (*FieldDecl) eventItem()  {}
func (*PhraseDecl) eventItem() {}

func (*Given) testSection() {}
func (*When) testSection()  {}
func (*Then) testSection()  {}

func (*ControlStmt) givenStmt() {}
func (*LifeStmt) givenStmt()    {}
func (*ZoneStmt) givenStmt()    {}
func (*StepStmt) givenStmt()    {}

func (*DealAction) action()    {}
func (*CounterAction) action() {}
func (*DestroyAction) action() {}
func (*CastAction) action()    {}
func (*AttackAction) action()  {}
func (*BlockAction) action()   {}
func (*ResolveAction) action() {}
func (*AdvanceAction) action() {}
func (*OrderAction) action()   {}

// TurnAssert checks where the game is: `it is your declare blockers step`,
// `it is turn 2`.
type TurnAssert struct {
	Pos    Pos
	Turn   int      `parser:"'it' 'is' ( 'turn' @Number"`
	Player string   `parser:"| @( 'your' | \"opponent's\" )"`
	Step   []string `parser:"  @Ident+ )"`
}

// Position returns where the TurnAssert starts.
func (a *TurnAssert) Position() Pos { return a.Pos }
func (*TurnAssert) assertion()      {}
func (*ZoneAssert) assertion()      {}
func (*StateAssert) assertion()     {}
func (*PTAssert) assertion()        {}
func (*CountAssert) assertion()     {}
func (*LifeAssert) assertion()      {}
func (*LogAssert) assertion()       {}
func (*StackAssert) assertion()     {}
