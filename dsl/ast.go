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

// Span is where a node is in its source file. Every node type embeds it,
// and the parser fills it in (participle sets the fields named Pos and
// EndPos, promoted ones included).
type Span struct {
	// Pos is where the node starts.
	Pos Pos
	// EndPos is where the token after the node starts: just after the
	// node's last token.
	EndPos Pos
}

// Position returns where the node starts.
func (s Span) Position() Pos { return s.Pos }

// Decl is a top-level declaration: *Card, *Test, or a vocabulary
// declaration of the standard library (*EventDecl, *FuncDecl, *RuleDecl,
// *NamesDecl, *SubtypesDecl, *KeywordDecl, *StepDecl, *VocabularyDecl).
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
	Span
	Stmts []Stmt `parser:"'{' Sep* ( @@ Sep* )* '}'"`
}

// In the grammar tags, Sep is the token that ends a statement: a newline or
// a ";". Dash is "—" or "--".

// ---- Cards ----------------------------------------------------------------

// Card declares one card: `card "Name" { ... }`.
type Card struct {
	Span
	Name  string     `parser:"'card' @(String | RawString) '{'"`
	Items []CardItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

func (*Card) decl() {}

// CardItem is a line of a card: a characteristic (*CostItem, *TypeItem,
// *PTItem, *OracleItem, *LoyaltyItem) or an ability (*KeywordsItem,
// *KeywordItem, *EnchantItem, *EntersAbility, *TriggerAbility,
// *ReplaceAbility, *StaticAbility, *SpellAbility, *ActivatedAbility).
type CardItem interface {
	Node
	cardItem()
}

// CostItem is the mana cost: `cost {X}{G}`.
type CostItem struct {
	Span
	Cost string `parser:"'cost' @Mana"`
}

func (*CostItem) cardItem() {}

// TypeItem is the type line: `type Legendary Creature — Human Bard`.
type TypeItem struct {
	Span
	Types    []string `parser:"'type' @Ident+"`
	Subtypes []string `parser:"( ( Dash | '-' ) @Ident+ )?"`
}

func (*TypeItem) cardItem() {}

// PTItem is the printed power and toughness: `pt 2/2`.
type PTItem struct {
	Span
	PT string `parser:"'pt' @PT"`
}

func (*PTItem) cardItem() {}

// OracleItem is one paragraph of the card's Oracle text. A paragraph the
// language cannot say yet is marked `unimplemented`: lint does not look
// for an ability that says it.
type OracleItem struct {
	Span
	Text          string `parser:"'oracle' @(String | RawString)"`
	Unimplemented bool   `parser:"( @'unimplemented'"`
	// Partly, quoted, is what of the paragraph the card leaves out (words
	// of it): `oracle "..." partly "and each creature ..."`; the rest is
	// compared with the card's abilities.
	Partly string `parser:"| 'partly' @(String | RawString) )?"`
}

func (*OracleItem) cardItem() {}

// KeywordsItem lists keyword abilities: `keywords flying, vigilance`.
type KeywordsItem struct {
	Span
	Keywords []*Keyword `parser:"'keywords' @@ ( ',' @@ )*"`
}

func (*KeywordsItem) cardItem() {}

// Keyword is one keyword ability, in one or more words, with its
// parameter if it has one: `first strike`, `protection from Demons`,
// `swampwalk`, `graft 4` (a word after the first may be a number).
type Keyword struct {
	Span
	Words []string `parser:"@Ident ( @Ident | @Number )*"`
}

// EnchantItem is the enchant keyword ability of an Aura: `enchant
// creature`, `enchant Forest` (CR 303.4, 702.5). The words are a filter
// without its determiner: what the Aura can be attached to.
type EnchantItem struct {
	Span
	Words []string `parser:"'enchant' @Ident+"`
}

func (*EnchantItem) cardItem() {}

// LoyaltyItem is the printed loyalty of a planeswalker: `loyalty 3`
// (CR 306.5a). The planeswalker enters with that many loyalty counters
// (CR 306.5b).
type LoyaltyItem struct {
	Span
	Loyalty string `parser:"'loyalty' @Number"`
}

func (*LoyaltyItem) cardItem() {}

// KeywordItem is a keyword ability written alone on its line with its
// cost or its number, as Oracle text writes such keywords: `equip {1}`,
// `cumulative upkeep {2}`, `tribute 1` (CR 702.6a, 702.24a, 702.104a).
// The parser reads the words; the vocabulary's `keyword` declarations say
// which keywords exist and what each means. A line that starts with the
// word of another card item is that item.
type KeywordItem struct {
	Span
	Words []string `parser:"(?! 'cost' | 'type' | 'pt' | 'oracle' | 'keywords' | 'enchant' | 'loyalty' | 'enters' | 'whenever' | 'when' | 'at' | 'replace' | 'static' | 'spell' ) (?= Ident+ ( Number | Mana ) ( Sep | '}' | EOF ) ) @Ident+ @( Number | Mana )"`
}

func (*KeywordItem) cardItem() {}

// EntersAbility modifies how the card's permanent enters the battlefield:
// `enters with X +1/+1 counters` (CR 614.1c).
type EntersAbility struct {
	Span
	Phrase *Phrase `parser:"'enters' @@"`
}

func (*EntersAbility) cardItem() {}

// TriggerAbility is a triggered ability: `whenever PATTERN { ... }`,
// `when PATTERN { ... }` or `at PATTERN { ... }` (CR 603), with an
// optional intervening "if" clause, `whenever PATTERN, if CONDITION
// { ... }` (CR 603.4).
type TriggerAbility struct {
	Span
	Word   string  `parser:"@('whenever' | 'when' | 'at')"`
	Phrase *Phrase `parser:"@@"`
	If     *Phrase `parser:"( ',' 'if' @@ )?"`
	Body   *Block  `parser:"@@"`
}

func (*TriggerAbility) cardItem() {}

// ReplaceAbility is a replacement or prevention effect of a static ability:
// `replace PATTERN { ... }` (CR 614, 615).
type ReplaceAbility struct {
	Span
	Phrase *Phrase `parser:"'replace' @@"`
	Body   *Block  `parser:"@@"`
}

func (*ReplaceAbility) cardItem() {}

// StaticAbility is a static ability stated as a rule or a continuous
// effect of the vocabulary: `static damage dealt by this can't be
// prevented`, `static enchanted creature gets +2/+2`. A continuous
// effect may hold only while a condition does: `static as long as the top
// card of your library is black, this gets +2/+1` (CR 611.3, 604.2).
type StaticAbility struct {
	Span
	// If is the condition of `as long as CONDITION,`, or nil.
	If     *Phrase `parser:"'static' ( 'as' 'long' 'as' @@ ',' )?"`
	Phrase *Phrase `parser:"@@"`
}

func (*StaticAbility) cardItem() {}

// SpellAbility is what an instant or sorcery does as it resolves:
// `spell { ... }`.
type SpellAbility struct {
	Span
	Body *Block `parser:"'spell' @@"`
}

func (*SpellAbility) cardItem() {}

// ActivatedAbility is an activated ability, written as Oracle text writes
// it, cost then effect (CR 602): `{1}{G}: regenerate this`,
// `{T}, sacrifice this: destroy target creature`, or with a block,
// `{2}{W}: { ... }`. A restriction may follow after a comma:
// `{1}: this gets +1/+0 until end of turn, activate only as a sorcery`.
// A loyalty ability's cost is its loyalty symbol alone (CR 606.4):
// `+1: gain 2 life`, `-3: destroy target creature`, `0: draw a card`,
// `-X: this deals X damage to target creature`.
type ActivatedAbility struct {
	Span
	// A cost never starts with the word of another card item, so that a
	// mistake in one ("pt" without its value) is reported as such.
	Loyalty *string     `parser:"(?! 'cost' | 'type' | 'pt' | 'oracle' | 'keywords' | 'enchant' | 'loyalty' | 'enters' | 'whenever' | 'when' | 'at' | 'replace' | 'static' | 'spell' ) ( @( '+' Number | '-' ( Number | 'X' ) | Number ) ':'"`
	Costs   []*CostPart `parser:"  | @@ ( ',' @@ )* ':' )"`
	Body    *Block      `parser:"(   @@"`
	Effect  *Phrase     `parser:"  | @@ )"`
	Only    *Phrase     `parser:"( ',' 'activate' 'only' @@ )?"`
}

func (*ActivatedAbility) cardItem() {}

// CostText renders the ability's cost: its loyalty symbol, or its parts
// separated by commas.
func (a *ActivatedAbility) CostText() string {
	if a.Loyalty != nil {
		return *a.Loyalty
	}
	return CostString(a.Costs)
}

// CostPart is one part of the cost of an activated ability: mana symbols,
// {T} and {Q} included (`{1}{G}`, `{T}`), or an action paid as a cost
// (`sacrifice this`, `pay 2 life`).
type CostPart struct {
	Span
	Mana   *string `parser:"  @Mana"`
	Phrase *Phrase `parser:"| @@"`
}

// ---- Statements -----------------------------------------------------------

// Stmt is a statement of an ability body: *IfStmt, *AtStmt, *WhenStmt,
// *ForEachStmt, *WhereStmt, *ChooseStmt or *ActionStmt.
type Stmt interface {
	Node
	stmt()
}

// IfStmt runs a block when a condition holds: an expression, `if X >= 5
// { ... } else { ... }`, or a phrase of the vocabulary's conditions, `if
// this ability has been activated four or more times this turn { ... }`
// (a Cond that the block's brace does not follow is read as a phrase);
// after a `you may` statement, when the player did what it offered (or
// didn't), with Did: `if you do { ... }`, `if they don't { ... }`; or,
// with Cant, when a player had nothing to choose in the action before
// it: `if you can't { ... }`. Exactly one of Did, Cant, Cond and Phrase
// is set.
type IfStmt struct {
	Span
	Did    *DidCond `parser:"'if' ( @@"`
	Cant   *Cant    `parser:"     | @@"`
	Cond   *Cond    `parser:"     | @@ (?= '{')"`
	Phrase *Phrase  `parser:"     | @@ )"`
	Then   *Block   `parser:"@@"`
	Else   *Else    `parser:"( 'else' @@ )?"`
}

// CondText is the condition as written: `you do`, `you can't`, the
// expression, or the phrase.
func (s *IfStmt) CondText() string {
	switch {
	case s.Did != nil:
		return s.Did.String()
	case s.Cant != nil:
		return s.Cant.Player + " can't"
	case s.Phrase != nil:
		return PhraseString(s.Phrase)
	}
	return CondString(s.Cond)
}

// Cant is `PLAYER can't`, the condition of `if you can't { ... }`: Oracle's
// "If you can't [sacrifice a creature], ...", which holds when the player
// had nothing to choose in the action before it.
type Cant struct {
	Span
	Player string `parser:"@Ident \"can't\""`
}

func (*IfStmt) stmt() {}

// DidCond is the condition of Oracle's "If you do" and "If you don't"
// (“If they do” when the player who decided is another): whether the
// player did what the last `may` statement before it offered (CR 608.2c,
// 608.2d).
type DidCond struct {
	Span
	Player string `parser:"@( 'you' | 'they' )"`
	Verb   string `parser:"@( 'do' | \"don't\" )"`
}

// String renders the condition: "you do", "they don't".
func (d *DidCond) String() string { return d.Player + " " + d.Verb }

// Yes reports whether the condition holds when the player did it: "do",
// not "don't".
func (d *DidCond) Yes() bool { return d.Verb == "do" }

// ChooseStmt is a modal choice (CR 700.2): `choose one { mode { ... }
// mode { ... } }`, “Choose one —” and its bulleted modes. Count is how
// many modes are chosen, a number word (`one`, `two`); Or, if set, lets
// the player choose up to all of them: `choose one or both`, `choose one
// or more`. The spell's or ability's controller chooses as they cast it
// or put it on the stack (CR 601.2b, 603.3c), and only the chosen modes'
// targets are chosen (CR 601.2c).
type ChooseStmt struct {
	Span
	Count string       `parser:"'choose' @( 'one' | 'two' | 'three' | 'four' | 'five' )"`
	Or    string       `parser:"( 'or' @( 'both' | 'more' ) )? '{' Sep*"`
	Modes []*ModeBlock `parser:"( @@ Sep* )* '}'"`
}

func (*ChooseStmt) stmt() {}

// ModeBlock is one mode of a ChooseStmt: `mode { ... }`, what Oracle text
// writes after a bullet.
type ModeBlock struct {
	Span
	Body *Block `parser:"'mode' @@"`
}

// Else is what follows `else`: another if, or a block.
type Else struct {
	If    *IfStmt `parser:"  @@"`
	Block *Block  `parser:"| @@"`
}

// AtStmt creates a delayed triggered ability (CR 603.7):
// `at the beginning of the next end step { ... }`.
type AtStmt struct {
	Span
	Phrase *Phrase `parser:"'at' @@"`
	Body   *Block  `parser:"@@"`
}

func (*AtStmt) stmt() {}

// WhenStmt is a reflexive triggered ability (CR 603.12), written after the
// decision it depends on: `when you do { ... }`, `when you sacrifice an
// Aura this way as aura { ... }`.
type WhenStmt struct {
	Span
	Phrase *Phrase `parser:"'when' @@"`
	Body   *Block  `parser:"@@"`
}

func (*WhenStmt) stmt() {}

// ForEachStmt runs its block once for each permanent a filter describes
// as the statement begins: `for each other attacking creature you control
// as creature { ... }`.
type ForEachStmt struct {
	Span
	Phrase *Phrase `parser:"'for' 'each' @@"`
	Body   *Block  `parser:"@@"`
}

func (*ForEachStmt) stmt() {}

// WhereStmt names a number for the statements after it, as Oracle's "...,
// where X is the number of Swamps you control" does (Tendrils of
// Corruption): `where X is the number of Swamps you control`. Its phrase
// is the name, the word is, and a number.
type WhereStmt struct {
	Span
	Phrase *Phrase `parser:"'where' @@"`
}

func (*WhereStmt) stmt() {}

// ActionStmt is one action, a phrase the compiler matches against the
// actions of the vocabulary: `put two +1/+1 counters on this`.
type ActionStmt struct {
	Span
	// An action never starts with else: `} else gain 2 life` is an else
	// without its braces, not an action.
	Phrase *Phrase `parser:"(?! 'else' ) @@"`
}

func (*ActionStmt) stmt() {}

// ---- Phrases and expressions ----------------------------------------------

// Phrase is a run of words and expressions, ended by the end of the line, a
// ";" or a "{". The compiler gives it meaning.
type Phrase struct {
	Span
	Parts []*Part `parser:"@@+"`
}

// Part is one element of a phrase. Exactly one field is set.
type Part struct {
	Span
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
	// Comma is a comma inside a list, as Oracle text writes one: between
	// words of a list that goes on (`Skeleton, Vampire, or Zombie`, `one,
	// two, or three`). Any other comma ends the phrase (`, if ...`,
	// `, activate only ...`, between the parts of a cost).
	Comma bool `parser:"| @',' (?= ( 'or' | 'and' | Ident ',' ) )"`
}

// Word returns the part as a bare word (an identifier with no field access
// and no operator), or "" if it is not one.
func (p *Part) Word() string {
	if p.Expr == nil {
		return ""
	}
	return p.Expr.Word()
}

// AndOr reports whether the part is Oracle's "and/or", which the grammar
// reads as the division `and / or`.
func (p *Part) AndOr() bool {
	return p.Expr != nil && p.Expr.AndOr()
}

// Cond is a condition: `a or b`.
type Cond struct {
	Span
	Left  *AndCond   `parser:"@@"`
	Right []*AndCond `parser:"( 'or' @@ )*"`
}

// AndCond is `a and b`.
type AndCond struct {
	Span
	Left  *NotCond   `parser:"@@"`
	Right []*NotCond `parser:"( 'and' @@ )*"`
}

// NotCond is `not a`, or a comparison.
type NotCond struct {
	Span
	Not *NotCond `parser:"  'not' @@"`
	Cmp *Compare `parser:"| @@"`
}

// Compare is `a >= b`, or a lone value.
type Compare struct {
	Span
	Left  *Sum   `parser:"@@"`
	Op    string `parser:"( @( '==' | '!=' | '<=' | '>=' | '<' | '>' )"`
	Right *Sum   `parser:"  @@ )?"`
}

// Sum is `a + b - c`.
type Sum struct {
	Span
	Left *Product `parser:"@@"`
	Rest []*SumOp `parser:"@@*"`
}

// SumOp is one `+ b` or `- b` of a Sum.
type SumOp struct {
	Span
	Op    string   `parser:"@( '+' | '-' )"`
	Right *Product `parser:"@@"`
}

// Product is `a * b / c`.
type Product struct {
	Span
	Left *Unary       `parser:"@@"`
	Rest []*ProductOp `parser:"@@*"`
}

// ProductOp is one `* b` or `/ b` of a Product.
type ProductOp struct {
	Span
	Op    string `parser:"@( '*' | '/' )"`
	Right *Unary `parser:"@@"`
}

// Unary is `-a`, or a primary.
type Unary struct {
	Span
	Neg     *Unary   `parser:"  '-' @@"`
	Primary *Primary `parser:"| @@"`
}

// Primary is a number, a parenthesized condition, or a reference.
type Primary struct {
	Span
	Number *string `parser:"  @Number"`
	Paren  *Cond   `parser:"| '(' @@ ')'"`
	Ref    *Ref    `parser:"| @@"`
}

// Ref is a name with optional field accesses: `d.amount`, `this.toughness`.
type Ref struct {
	Span
	Name   string   `parser:"@Ident"`
	Fields []string `parser:"( '.' @Ident )*"`
}

// Number returns the sum as a number literal, its digits, if it is one.
func (s *Sum) Number() (string, bool) {
	if s == nil || len(s.Rest) > 0 || len(s.Left.Rest) > 0 {
		return "", false
	}
	u := s.Left.Left
	if u.Primary == nil || u.Primary.Number == nil {
		return "", false
	}
	return *u.Primary.Number, true
}

// AndOr reports whether the sum is Oracle's "and/or", read as the
// division of the words `and` and `or`.
func (s *Sum) AndOr() bool {
	if s == nil || len(s.Rest) > 0 || len(s.Left.Rest) != 1 || s.Left.Rest[0].Op != "/" {
		return false
	}
	l, r := s.Left.Left.Primary, s.Left.Rest[0].Right.Primary
	return l != nil && r != nil && l.Ref != nil && r.Ref != nil && l.Ref.Name == "and" && r.Ref.Name == "or" &&
		len(l.Ref.Fields) == 0 && len(r.Ref.Fields) == 0 && s.Left.Left.Neg == nil && s.Left.Rest[0].Right.Neg == nil
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
