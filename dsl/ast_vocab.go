package dsl

// Vocabulary declarations: the events, actions, queries, rules and names
// that the standard library declares.

// EventDecl declares an event kind, its fields and the phrases that
// describe it: `event damage { ... }`.
type EventDecl struct {
	Span
	Name  string      `parser:"'event' @Ident '{'"`
	Items []EventItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

func (*EventDecl) decl() {}

// EventItem is a line of an event, rule or function declaration: *DocItem,
// *FieldDecl, *PhraseDecl, *OracleWording, *AliasItem, or one of the host
// properties of an action or a query (*CalledItem, *TimingItem,
// *StaleItem, *MovesItem).
type EventItem interface {
	Node
	eventItem()
}

// DocItem documents a declaration: `doc "..."`.
type DocItem struct {
	Span
	Text string `parser:"'doc' @(String | RawString)"`
}

func (*DocItem) eventItem() {}

// FieldDecl declares a field and its type: `amount: number`.
type FieldDecl struct {
	Span
	Name string `parser:"@Ident ':'"`
	Type string `parser:"@Ident"`
}

func (*FieldDecl) eventItem() {}

// PhraseDecl declares a phrase: a template of words and {slots}, with an
// optional condition, repetition and defaults:
// `phrase "a {kind} counter is removed from {object}" each amount`.
type PhraseDecl struct {
	Span
	Text     string     `parser:"'phrase' @(String | RawString)"`
	Where    *Cond      `parser:"( 'where' @@ )?"`
	Each     string     `parser:"( 'each' @Ident )?"`
	Once     bool       `parser:"@'once'?"`
	Anywhere bool       `parser:"@'anywhere'?"`
	Defaults []*Default `parser:"( 'with' @@ ( ',' @@ )* )?"`
}

func (*PhraseDecl) eventItem() {}

// CalledItem says where a host may be asked to run an action or a query,
// on the lines right after its doc: `called from body, replace`. The
// contexts are match (a match function, a target's or a loop's filter, a
// static ability's effect), body (a resolving spell or ability, a cost
// being paid), replace (the body of a replacement effect) and enters (the
// body of an `enters with` effect).
type CalledItem struct {
	Span
	Contexts []string `parser:"'called' 'from' @Ident ( ',' @Ident )*"`
}

func (*CalledItem) eventItem() {}

// TimingItem says when an action called from a replacement body takes
// effect: `takes effect at once` (it changes the event being replaced, or
// must see the running locals as they are) or `takes effect after the
// event` (CR 615.5).
type TimingItem struct {
	Span
	AtOnce bool `parser:"'takes' 'effect' ( @( 'at' 'once' ) | 'after' 'the' 'event' )"`
}

func (*TimingItem) eventItem() {}

// StaleItem says what an action or a query does with a handle that names
// no object or player it can act on (one that left its zone, a player
// where an object is due): `stale ignored` (an action does nothing, a
// query answers 0, false or nothing), `stale last_known` (a query answers
// from the object's last-known information, CR 608.2h) or `stale error`
// (the call fails).
type StaleItem struct {
	Span
	Stale string `parser:"'stale' @Ident"`
}

func (*StaleItem) eventItem() {}

// MovesItem says that an action moves the object of one of its parameters
// to a zone: `moves object to exile`. The compiler follows an object a
// body moves, to tell a designer when a later statement can't find it
// (CR 400.7j), and the host specification states it. An action that moves
// the object only out of one zone says which: `moves object from
// graveyard to hand`; an activated ability that moves its own card out of
// that zone functions only there (CR 113.6m).
type MovesItem struct {
	Span
	Param string `parser:"'moves' @Ident"`
	From  string `parser:"( 'from' @Ident )?"`
	Zone  string `parser:"'to' @Ident"`
}

func (*MovesItem) eventItem() {}

// AliasItem gives a field of an event a name of the rules, by which the
// abilities that watch the event refer to it: `alias "defending player"
// player` (CR 506.2).
type AliasItem struct {
	Span
	Name  string `parser:"'alias' @(String | RawString)"`
	Field string `parser:"@Ident"`
}

func (*AliasItem) eventItem() {}

// OracleWording is how Oracle text says the phrase declared just before
// it: `oracle "{source} deals {amount} damage to {target}"`. Its slots
// name fields or parameters of the declaration (a parameter a `with`
// default fills included), or the card itself, `{this}`. cardc
// explain renders abilities with it, and lint compares the rendering with
// the card's Oracle text.
type OracleWording struct {
	Span
	Text string `parser:"'oracle' @(String | RawString)"`
}

func (*OracleWording) eventItem() {}

// Default gives a parameter its value when a phrase does not mention it:
// `with player = you`.
type Default struct {
	Span
	Name  string `parser:"@Ident '='"`
	Value *Sum   `parser:"@@"`
}

// FuncDecl declares an action, a query or a continuous effect of the host:
// `action destroy(object: object) { ... }`,
// `query toughness(object: object): number`. An action marked
// `in replace` or `in enters` may only be used in the body of that kind of
// ability: `action prevent(event: damage) in replace { ... }`. An effect
// is what a static ability does to the objects it affects, and names the
// layer it applies in (CR 613.1), if any:
// `effect modify_pt(object: object, power: number, toughness: number) layer 7c { ... }`.
type FuncDecl struct {
	Span
	Kind    string       `parser:"@( 'action' | 'query' | 'effect' )"`
	Name    string       `parser:"@Ident"`
	Params  []*FieldDecl `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result  string       `parser:"( ':' @Ident )?"`
	Context string       `parser:"( 'in' @( 'replace' | 'enters' ) )?"`
	// Traits are what else the vocabulary says of an action: `is cost`
	// (it can be paid as part of a cost), `is mana` (it adds mana).
	Traits []string `parser:"( 'is' @Ident ( ',' @Ident )* )?"`
	// Layer is the layer of an effect: "6", "7c" (written `layer 7c`).
	Layer string      `parser:"( 'layer' @Number @Ident? )?"`
	Items []EventItem `parser:"( '{' Sep* ( @@ Sep* )* '}' )?"`
}

func (*FuncDecl) decl() {}

// RuleDecl declares a rule a static ability can state:
// `rule damage_cant_be_prevented { phrase "{event} can't be prevented" }`.
type RuleDecl struct {
	Span
	Name  string      `parser:"'rule' @Ident '{'"`
	Items []EventItem `parser:"Sep* ( @@ Sep* )* '}'"`
}

func (*RuleDecl) decl() {}

// NamesDecl declares a list of names of one kind:
// `types artifact creature ...`, `counters "+1/+1" charge ...`. An
// adjective names the query that tests it: `tapped` is `is_tapped`.
type NamesDecl struct {
	Span
	Kind  string   `parser:"@( 'types' | 'supertypes' | 'colors' | 'counters' | 'adjectives' | 'zones' | 'keywords' )"`
	Names []string `parser:"@( Ident | PT | String )+"`
}

func (*NamesDecl) decl() {}

// SubtypesDecl declares subtypes (CR 205.3) and the card types they
// belong to, as a type line writes them: the card types, a dash, then the
// subtypes, `subtypes land — Forest Island Mountain Plains (Plains) Swamp`.
// Card types that share their subtypes are named together (`subtypes
// creature kindred — ...`, CR 205.3m). A subtype's plural, as Oracle text
// writes it, is the English one unless it follows in parentheses:
// `Elf (Elves)`, `Merfolk (Merfolk)`. A subtype of several words or with a
// hyphen is quoted: `"Time Lord"`, `"Power-Plant"`.
type SubtypesDecl struct {
	Span
	Types    []string       `parser:"'subtypes' @Ident+ ( Dash | '-' )"`
	Subtypes []*SubtypeName `parser:"@@+"`
}

func (*SubtypesDecl) decl() {}

// SubtypeName is one subtype of a SubtypesDecl, with the plural Oracle text
// writes for it if that is not the English one: `Elf (Elves)`.
type SubtypeName struct {
	Span
	Name   string `parser:"@( Ident | String )"`
	Plural string `parser:"( '(' @( Ident | String ) ')' )?"`
}

// StepDecl declares a step of the turn and the words that name it:
// `step end "end step" "end"`.
type StepDecl struct {
	Span
	Name  string   `parser:"'step' @Ident"`
	Words []string `parser:"@String+"`
}

func (*StepDecl) decl() {}

// KeywordDecl declares a keyword ability (CR 702) that takes a parameter,
// stands for abilities of the language, or both: its name, its parameter
// and the parameter's type, its doc, the phrase a card writes it with
// (its name's words if there is none), and the abilities it abbreviates,
// written as a card writes them, the parameter a name in them:
//
//	keyword graft(amount: number) {
//	    doc "Graft N (CR 702.58a) ..."
//	    phrase "graft {amount}"
//	    enters with amount +1/+1 counters
//	    whenever another creature as creature enters, if this has a +1/+1 counter on it {
//	        you may move a +1/+1 counter from this onto creature
//	    }
//	}
//
// A keyword without abilities is one the rules core implements
// (`keyword landwalk(land: subtype)`, `phrase "{land}walk"`).
type KeywordDecl struct {
	Span
	Name      string      `parser:"'keyword' @Ident"`
	Param     *FieldDecl  `parser:"( '(' @@ ')' )? '{' Sep*"`
	Doc       *DocItem    `parser:"@@ Sep*"`
	Phrase    *PhraseDecl `parser:"( @@ Sep* )?"`
	Abilities []CardItem  `parser:"( @@ Sep* )* '}'"`
}

func (*KeywordDecl) decl() {}

// VocabularyDecl declares which vocabulary the stdlib files are, and its
// version: `vocabulary "cardc.std" version 1.0`. A bundle records both,
// with a hash of the declarations, so that a host can tell the vocabulary
// a program was compiled against from the one it implements.
type VocabularyDecl struct {
	Span
	Name  string `parser:"'vocabulary' @String"`
	Major int    `parser:"'version' @Number '.'"`
	Minor int    `parser:"@Number"`
}

func (*VocabularyDecl) decl() {}
