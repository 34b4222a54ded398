// Package meaning is what an ability means, as a structure that both
// sides of Oracle coverage turn into: a card's checked abilities (OfCard,
// from compiler.Explanation.Structure) and the reading of its Oracle text
// (package oracle/read). Each phrase is the phrase of the vocabulary it
// read as and the values of its parameters, defaults filled in; values
// are canonical (Value.Key): a name bound with `as` and Oracle's "that
// creature" are the same reference ("event.attacker", "target.1"), `gain
// life equal to the number of lands you control` and "gain 1 life for
// each land you control" the same number. Two abilities mean the same
// when their keys are equal (Ability.Key); where they differ, Diff says
// how, in a designer's words.
package meaning

import (
	"sort"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// Kind is the kind of an ability.
type Kind int

// The kinds of abilities, as Oracle text and the card language have them.
const (
	Keyword     Kind = iota + 1 // a keyword ability: "Flying", "Equip {1}", "Enchant creature"
	Triggered                   // "When/Whenever/At PATTERN, BODY."
	Replacement                 // "If PATTERN, BODY instead."
	Static                      // a rule or a continuous effect
	Enters                      // how the permanent enters ("enters the battlefield with ...")
	Activated                   // "COST: BODY."
	Spell                       // what an instant or sorcery does
)

var kindWords = map[Kind]string{
	Keyword: "a keyword ability", Triggered: "a triggered ability", Replacement: "a replacement effect",
	Static: "a static ability", Enters: "a replacement effect on how it enters", Activated: "an activated ability", Spell: "a spell's instruction",
}

// String says the kind in words: "a triggered ability".
func (k Kind) String() string { return kindWords[k] }

// Ability is what one ability means.
type Ability struct {
	Kind Kind
	// Keyword is a keyword ability in lower case, with its number or
	// cost ("flying", "graft 4", "equip {1}"); "enchant" with Enchant.
	Keyword string
	// Written is how the card language writes the keyword, its case
	// kept where it matters ("protection from Demons"); "" if it is
	// Keyword. It is not compared: only a draft writes it.
	Written string
	// Enchant is what an Aura's enchant ability allows (a filter).
	Enchant *Value
	// Word is the word a triggered ability begins with (when, whenever,
	// at); it is not compared: CR 603.1 gives them one meaning.
	Word string
	// Trigger is the event pattern of a triggered or replacement ability.
	Trigger *Phrase
	// If is the condition of a triggered ability's intervening "if"
	// clause (CR 603.4), or of a static ability's "as long as" (CR 611.3).
	If *Cond
	// Costs is the cost of an activated ability; Loyalty that of a
	// loyalty ability ("+1", "-X"); Only its restriction ("as a
	// sorcery").
	Costs   *Costs
	Loyalty string
	Only    string
	// Body is what the ability does, statement by statement.
	Body []Stmt
	// Effect is the rule or continuous effect of a static ability, or the
	// action of an enters ability.
	Effect *Phrase
	// Needs are the constructs of Oracle text that the ability needs and
	// the card language does not have (the restriction "activate only
	// during your upkeep", "for each" over players), each once; a card
	// cannot say an ability that needs one.
	Needs []string
	// Pos is where a card writes the ability; Text how it reads (the
	// card's rendering, or the paragraph's words).
	Pos  dsl.Pos
	Text string
	// key, once Seal computes it, is Key.
	key string
}

// Seal computes the ability's key once, for Key: an ability that no
// longer changes (a remembered reading, shared between goroutines) is
// sealed before it is shared.
func (a *Ability) Seal() *Ability {
	a.key = ""
	a.key = a.Key()
	return a
}

// Costs is the cost of an activated ability: mana symbols, {T}, {Q}, and
// actions.
type Costs struct {
	Mana       string
	Tap, Untap bool
	Actions    []*Phrase
}

// StmtKind is the kind of a statement.
type StmtKind int

// The kinds of statements.
const (
	Do        StmtKind = iota + 1 // an action
	May                           // "you may" and an action (CR 608.2d)
	Delayed                       // a delayed triggered ability the body creates (CR 603.7)
	Reflexive                     // a reflexive triggered ability (CR 603.12)
	Each                          // the body once for each object a filter describes
	If                            // the body if a condition holds
	Choose                        // a modal choice: the modes chosen happen (CR 700.2)
	Cant                          // the body if a player had nothing to choose in the action before ("If you can't sacrifice a creature, ...")
)

// Stmt is one statement of a body.
type Stmt struct {
	Kind StmtKind
	// Phrase is the action of Do and May, or the event pattern of Delayed
	// and Reflexive.
	Phrase *Phrase
	// Who is the player who decides whether May's action happens: "you",
	// or the player the text names ("that player", event.player); for
	// Cant, the player who could not choose.
	Who *Value
	// Each is the filter of Each.
	Each *Value
	// Cond is the condition of If.
	Cond *Cond
	// Body is the block of Delayed, Reflexive, Each, If and Cant; Else
	// that of their else.
	Body, Else []Stmt
	// Modes are the modes of Choose, each its statements, of which from
	// Min to Max are chosen; Count says how many as Oracle text does
	// ("one", "one or both").
	Modes    [][]Stmt
	Min, Max int
	Count    string
	Pos      dsl.Pos
}

// Cond is a condition: a phrase of the vocabulary's queries ("it had a
// -1/-1 counter on it"), an expression (`this.is_untapped`, Oracle's
// "if Howling Mine is untapped"), or the decision before it ("if you
// do").
type Cond struct {
	Phrase *Phrase
	// Expr is the condition as a canonical expression, when it is one.
	Expr string
	// Did is the decision the condition reads, as Oracle text and the
	// card language say it: "you do", "you don't", "they do", "they
	// don't" (CR 608.2c).
	Did string
	// Say is the condition in words.
	Say string
}

// Phrase is a phrase of the vocabulary and the values of its parameters
// (or, for an event pattern, of the fields it names).
type Phrase struct {
	// Kind is "action", "event", "rule", "effect" or "query"; Name the
	// name of what the phrase describes.
	Kind, Name string
	// Where is what an event pattern's phrase adds to its event: its
	// `where` condition, and `each`, `once`, `anywhere`.
	Where string
	// Args are the values, sorted by name.
	Args []Arg
	// Template is the phrase as read (a card's phrase, or the Oracle
	// wording), for saying it.
	Template *vocab.Template
	// Alt is what the phrase read as.
	Alt *vocab.Alt
	// Say is the phrase in Oracle's words.
	Say string
}

// Arg is the value of one parameter or field.
type Arg struct {
	Name  string
	Value *Value
}

// Value is the value of a parameter: a number, a reference to an object
// or a player, a filter, a name of the vocabulary, mana, a granted
// ability or an event pattern.
type Value struct {
	// Key is the value, canonical: what is compared.
	Key string
	// Say is the value in words, as Oracle text or the card says it.
	Say string
	// Filter is set for a filter; Target says it is a target of the
	// ability (CR 115.1), or, with Targets, several: the instances of
	// the word "target" of a slot of targets, in order.
	Filter  *vocab.Filter
	Target  bool
	Targets []*vocab.Filter
	// Ability is a granted ability.
	Ability *Ability
	// Pattern is the event pattern of a rule.
	Pattern *Phrase
	// Arg is what filled the slot, or nil for a default.
	Arg *vocab.Arg
	// Count is the filter of a number that counts objects ("the number of
	// lands you control", "1 ... for each land you control").
	Count *vocab.Filter
	// X, for a side of a power/toughness change by X ("+X/+X") or
	// another number written X, is what X is when "where X is N" says it
	// (CR 107.3c), or nil.
	X *Value
}

// Arg returns the value of a parameter, or nil.
func (p *Phrase) Arg(name string) *Value {
	for _, a := range p.Args {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// Key is the phrase, canonical.
func (p *Phrase) Key() string {
	if p == nil {
		return ""
	}
	// Written piece by piece into a buffer of the key's length: a card's
	// abilities are keyed for each card linted (KeysOfCard).
	n := len(p.Kind) + len(p.Name) + 3
	if p.Where != "" {
		n += len(p.Where) + 2
	}
	for _, a := range p.Args {
		n += len(a.Name) + len(a.Value.Key) + 2
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(p.Kind)
	b.WriteByte(':')
	b.WriteString(p.Name)
	if p.Where != "" {
		b.WriteByte('[')
		b.WriteString(p.Where)
		b.WriteByte(']')
	}
	b.WriteByte('(')
	for i, a := range p.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a.Name)
		b.WriteByte('=')
		b.WriteString(a.Value.Key)
	}
	b.WriteByte(')')
	return b.String()
}

// Key is the condition, canonical.
func (c *Cond) Key() string {
	switch {
	case c == nil:
		return ""
	case c.Phrase != nil:
		return c.Phrase.Key()
	case c.Did != "":
		return "did:" + c.Did
	}
	return "expr:" + c.Expr
}

// Key is the cost, canonical.
func (c *Costs) Key() string {
	if c == nil {
		return ""
	}
	var acts []string
	for _, a := range c.Actions {
		acts = append(acts, a.Key())
	}
	sort.Strings(acts)
	s := c.Mana
	if c.Tap {
		s += "{T}"
	}
	if c.Untap {
		s += "{Q}"
	}
	return s + "+" + strings.Join(acts, "+")
}

// Key is the statement, canonical.
func (s *Stmt) Key() string {
	switch s.Kind {
	case Do:
		return s.Phrase.Key()
	case May:
		return "may(" + valueKey(s.Who) + ") " + s.Phrase.Key()
	case Delayed:
		return "at " + s.Phrase.Key() + "{" + stmtsKey(s.Body) + "}"
	case Reflexive:
		return "when " + s.Phrase.Key() + "{" + stmtsKey(s.Body) + "}"
	case Each:
		return "each " + s.Each.Key + "{" + stmtsKey(s.Body) + "}"
	case If:
		return "if " + s.Cond.Key() + "{" + stmtsKey(s.Body) + "}else{" + stmtsKey(s.Else) + "}"
	case Cant:
		return "if can't(" + valueKey(s.Who) + "){" + stmtsKey(s.Body) + "}else{" + stmtsKey(s.Else) + "}"
	case Choose:
		modes := make([]string, len(s.Modes))
		for i, m := range s.Modes {
			modes[i] = "{" + stmtsKey(m) + "}"
		}
		return "choose " + strconv.Itoa(s.Min) + ".." + strconv.Itoa(s.Max) + strings.Join(modes, "")
	}
	return ""
}

func stmtsKey(stmts []Stmt) string {
	keys := make([]string, len(stmts))
	for i := range stmts {
		keys[i] = stmts[i].Key()
	}
	return strings.Join(keys, ";")
}

// Key is the ability, canonical: two abilities with one key mean the
// same.
func (a *Ability) Key() string {
	if a.key != "" {
		return a.key
	}
	var b strings.Builder
	b.WriteString(kindKey[a.Kind])
	if a.Keyword != "" {
		b.WriteString(" " + a.Keyword)
	}
	if a.Enchant != nil {
		b.WriteString(" " + a.Enchant.Key)
	}
	if a.Trigger != nil {
		b.WriteString(" on " + a.Trigger.Key())
	}
	if a.If != nil {
		b.WriteString(" if " + a.If.Key())
	}
	if a.Costs != nil {
		b.WriteString(" cost " + a.Costs.Key())
	}
	if a.Loyalty != "" {
		b.WriteString(" loyalty " + a.Loyalty)
	}
	if a.Only != "" {
		b.WriteString(" only " + a.Only)
	}
	if a.Effect != nil {
		b.WriteString(" " + a.Effect.Key())
	}
	if len(a.Body) > 0 {
		b.WriteString(" {" + stmtsKey(a.Body) + "}")
	}
	return b.String()
}

var kindKey = map[Kind]string{Keyword: "keyword", Triggered: "triggered", Replacement: "replacement", Static: "static",
	Enters: "enters", Activated: "activated", Spell: "spell"}

// Need records a construct the ability needs that the language does not
// have, once.
func (a *Ability) Need(what string) {
	for _, n := range a.Needs {
		if n == what {
			return
		}
	}
	a.Needs = append(a.Needs, what)
}

// Equal reports whether two abilities mean the same.
func Equal(a, b *Ability) bool { return a.Key() == b.Key() }
