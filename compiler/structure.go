package compiler

import (
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// Ability is the structure of one checked ability of a card: what each
// of its phrases read as (the phrase of the vocabulary and what fills its
// slots, a vocab.Alt), and how its statements nest. Tools that compare
// what a card means with what its Oracle text means read it (package
// oracle/meaning); Explain builds it beside the rendering.
type Ability struct {
	Kind vm.AbilityKind
	// Pos is where the ability is written.
	Pos dsl.Pos
	// Keyword is set for a keyword ability, in lower case, with its
	// number or cost: "flying", "first strike", "graft 4", "equip {1}",
	// "cumulative upkeep {2}", "tribute 1".
	Keyword string
	// Enchant is what the enchant ability of an Aura allows it to enchant
	// (Kind vm.AbilityEnchant).
	Enchant *vocab.Filter
	// Word is the word a triggered ability begins with: when, whenever
	// or at.
	Word string
	// Pattern is the event pattern of a triggered, delayed or
	// replacement ability.
	Pattern *vocab.Match
	// Intervening is the condition of a triggered ability's intervening
	// "if" clause (CR 603.4), or of a static ability's `as long as`
	// (CR 611.3), or nil.
	Intervening *vocab.Alt
	// Phrase is the rule or continuous effect a static ability states, or
	// the action of an `enters` ability.
	Phrase *vocab.Alt
	// PhraseWhere is what X is in how the permanent enters, a `where X
	// is N` written after its phrase (CR 107.3c).
	PhraseWhere *vocab.Arg
	// Granted is the ability a static ability's effect grants, if any.
	Granted *Ability
	// Costs are the parts of an activated ability's cost, in the order
	// the card writes them; a loyalty ability has Loyalty instead
	// ("+1", "-X").
	Costs   []Cost
	Loyalty string
	// Only is the restriction after `activate only`, in lower case.
	Only string
	// Body is what a triggered, delayed, replacement, activated or spell
	// ability does.
	Body []Stmt
}

// Cost is one part of the cost of an activated ability: mana symbols
// (with {T} and {Q}), or an action.
type Cost struct {
	Mana   string
	Action *vocab.Alt
}

// Stmt is one statement of a body: an action, `PLAYER may ACTION`, a
// delayed or reflexive triggered ability the body creates, a `for each`,
// an `if`, or a modal choice.
type Stmt struct {
	Pos dsl.Pos
	// Action is an action statement; Result, for an action that returns
	// what it chose, the name a card gave that (`as card`), or "".
	Action *vocab.Alt
	Result string
	// Granted is the ability an action's text gives an object as its own
	// (a token's: `create ... token with `...``), or nil.
	Granted *Ability
	// May is the player who decides whether Action happens, for `PLAYER
	// may ACTION` (CR 608.2d): `you`, or the expression the card wrote
	// (`that_player`); nil for an action that always happens.
	May *dsl.Sum
	// Delayed is an `at ... { }` statement, Reflexive a `when ... { }`:
	// the triggered ability it creates (its Pattern and Body).
	Delayed, Reflexive *Ability
	// Each is the filter of a `for each FILTER as NAME { }` statement
	// (its Bind the name), and Body its block.
	Each *vocab.Filter
	Body []Stmt
	// Cond is the condition of an `if` statement, or Condition its
	// phrase of the vocabulary's conditions (`if this ability has been
	// activated four or more times this turn`), or Cant its `you can't`,
	// or Did its `you do`, `you don't`, `they do` or `they don't` (the
	// decision before it, CR 608.2c); Then and Else its blocks.
	Cond       *dsl.Cond
	Condition  *vocab.Alt
	Cant       string
	Did        *dsl.DidCond
	Then, Else []Stmt
	// Choose is a modal choice, `choose one { mode { ... } ... }` (CR
	// 700.2).
	Choose *Choose
	// Where is a `where NAME is N` statement (CR 107.3c): the name, and
	// WhereArg what it is.
	Where    string
	WhereArg *vocab.Arg
	// ActionWhere is what X is in the Action alone, a `where X is N`
	// written after its phrase (CR 107.3c).
	ActionWhere *vocab.Arg
}

// Choose is the structure of a modal choice: from Min to Max of its
// Modes are chosen (CR 700.2), each mode the statements of its block.
// Text is how the card writes the choice: "choose one", "choose one or
// both".
type Choose struct {
	Min, Max int
	Text     string
	Modes    [][]Stmt
}

// structure builds the structure of the abilities of a checked card, in
// the order the card writes them; keywords are one ability each, and the
// abilities the compiler gives a keyword (persist's, graft's) are left
// out, as the keyword says them.
func structure(card *dsl.Card, checked *checkedCard) []*Ability {
	byItem := map[dsl.CardItem]*checkedAbility{}
	for _, a := range checked.abilities {
		if a.item != nil {
			byItem[a.item] = a
		}
	}
	var out []*Ability
	for _, it := range card.Items {
		switch it := it.(type) {
		case *dsl.KeywordsItem:
			for _, k := range it.Keywords {
				out = append(out, &Ability{Kind: vm.AbilityStatic, Pos: k.Pos, Keyword: strings.ToLower(strings.Join(k.Words, " "))})
			}
		case *dsl.KeywordItem:
			// A keyword with its cost or its number (`equip {1}`,
			// `tribute 2`): the keyword says its abilities.
			out = append(out, &Ability{Kind: vm.AbilityStatic, Pos: it.Pos, Keyword: strings.ToLower(strings.Join(it.Words, " "))})
		case *dsl.LoyaltyItem, *dsl.OracleItem:
		default:
			if a := byItem[it]; a != nil {
				out = append(out, abilityOf(a, it.Position()))
			}
		}
	}
	return out
}

// abilityOf is the structure of one checked ability.
func abilityOf(a *checkedAbility, pos dsl.Pos) *Ability {
	s := &Ability{Kind: a.kind, Pos: pos, Pattern: a.pattern, Only: a.only, Loyalty: a.loyalty, Body: stmtsOf(a.body)}
	switch a.kind {
	case vm.AbilityTriggered, vm.AbilityDelayed:
		s.Word, _, _ = strings.Cut(a.text, " ")
		if a.intervening != nil {
			s.Intervening = a.intervening.reading
		}
	case vm.AbilityEnters:
		if a.enters != nil {
			s.Phrase, s.PhraseWhere = a.enters.reading, actionWhere(a.enters)
		}
	case vm.AbilityStatic, vm.AbilityEffect:
		s.Phrase = a.reading
		if a.intervening != nil {
			s.Intervening = a.intervening.reading
		}
		if a.granted != nil {
			s.Granted = abilityOf(a.granted, pos)
		}
	case vm.AbilityEnchant:
		s.Enchant = a.enchant
	case vm.AbilityActivated:
		if a.loyalty == "" {
			for _, c := range a.costs {
				if c.act != nil {
					s.Costs = append(s.Costs, Cost{Action: c.act.reading})
				} else {
					s.Costs = append(s.Costs, Cost{Mana: c.mana})
				}
			}
		}
	}
	return s
}

// actionWhere is what X is in an action alone, or nil.
func actionWhere(act *checkedAction) *vocab.Arg {
	if act.where == nil {
		return nil
	}
	return act.where.arg
}

// stmtsOf is the structure of checked statements.
func stmtsOf(stmts []checkedStmt) []Stmt {
	var out []Stmt
	for _, st := range stmts {
		switch st := st.(type) {
		case *checkedAction:
			s := Stmt{Pos: st.pos, Action: st.reading, ActionWhere: actionWhere(st)}
			if st.result != nil {
				s.Result = st.result.name
			}
			for _, ca := range st.args {
				if ca.granted != nil {
					s.Granted = abilityOf(ca.granted, st.pos)
				}
			}
			out = append(out, s)
		case *checkedDelayed:
			out = append(out, Stmt{Pos: st.pos, Delayed: abilityOf(st.ability, st.pos)})
		case *checkedReflexive:
			out = append(out, Stmt{Pos: st.pos, Reflexive: abilityOf(st.ability, st.pos)})
		case *checkedEach:
			out = append(out, Stmt{Pos: st.pos, Each: st.filter, Body: stmtsOf(st.body)})
		case *checkedIf:
			s := Stmt{Pos: st.pos, Cond: st.cond, Then: stmtsOf(st.then), Else: stmtsOf(st.els)}
			switch {
			case st.condition != nil:
				s.Condition = st.condition.reading
			case st.cant != nil:
				s.Cant = st.who
			case st.did != nil:
				s.Did = st.did
			}
			out = append(out, s)
		case *checkedMay:
			s := Stmt{Pos: st.pos, May: st.player}
			if st.action != nil {
				s.Action, s.ActionWhere = st.action.reading, actionWhere(st.action)
				if st.action.result != nil {
					s.Result = st.action.result.name
				}
			}
			out = append(out, s)
		case *checkedChoose:
			ch := &Choose{Min: st.min, Max: st.max, Text: st.text}
			for _, m := range st.modes {
				ch.Modes = append(ch.Modes, stmtsOf(m))
			}
			out = append(out, Stmt{Pos: st.pos, Choose: ch})
		case *checkedWhere:
			out = append(out, Stmt{Pos: st.pos, Where: st.bind.name, WhereArg: st.arg})
		}
	}
	return out
}
