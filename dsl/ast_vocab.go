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

// EventItem is a line of an event declaration: *DocItem, *FieldDecl or
// *PhraseDecl.
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
	Defaults []*Default `parser:"( 'with' @@ ( ',' @@ )* )?"`
}

func (*PhraseDecl) eventItem() {}

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

// StepDecl declares a step of the turn and the words that name it:
// `step end "end step" "end"`.
type StepDecl struct {
	Span
	Name  string   `parser:"'step' @Ident"`
	Words []string `parser:"@String+"`
}

func (*StepDecl) decl() {}

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
