package scenario

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vocab"
)

// Diagnostic codes of test files.
const (
	CodeUnknownCard  = "T001" // unknown-card: a test names a card the library does not have
	CodeUnknownAlias = "T002" // unknown-alias: a name that no `as` of the test defined before
	CodeUnknownStep  = "T003" // unknown-step: words that name no step
	CodeUnknownKind  = "T004" // unknown-counter: a counter kind the vocabulary does not know
	CodeUnknownEvent = "T005" // unknown-event: an event kind the log never holds
	CodeDuplicate    = "T006" // duplicate: two tests of a file, or two aliases of a test, with one name
	CodeNoAssertion  = "T007" // no-assertion: a test with no `then`, which proves nothing
	CodeTestName     = "T008" // test-name: a test name that is not one line of text
	CodeRule         = "T009" // rule: `illegal "..."` whose text is no rule number
	CodeMana         = "T010" // mana: mana symbols a mana pool can't hold or a choice can't name
	CodeEach         = "T011" // each: `each` where one card is needed, or before an alias
)

// Codes lists the diagnostic codes of test files.
var Codes = []dsl.CodeInfo{
	{Code: CodeUnknownCard, Name: "unknown-card", Summary: "a test names a card the library does not have"},
	{Code: CodeUnknownAlias, Name: "unknown-alias", Summary: "a name that no `as` of the test defined before"},
	{Code: CodeUnknownStep, Name: "unknown-step", Summary: "words that name no step"},
	{Code: CodeUnknownKind, Name: "unknown-counter", Summary: "a counter kind the vocabulary does not know"},
	{Code: CodeUnknownEvent, Name: "unknown-event", Summary: "an event kind the log never holds"},
	{Code: CodeDuplicate, Name: "duplicate", Summary: "two tests of a file, or two aliases of a test, with one name"},
	{Code: CodeNoAssertion, Name: "no-assertion", Summary: "a test with no `then`, which proves nothing"},
	{Code: CodeTestName, Name: "test-name", Summary: "a test name that is not one line of text"},
	{Code: CodeRule, Name: "rule", Summary: "`illegal \"...\"` whose text is no rule number"},
	{Code: CodeMana, Name: "mana", Summary: "mana symbols a mana pool can't hold or a choice can't name"},
	{Code: CodeEach, Name: "each", Summary: "`each` where one card is needed, or before an alias"},
}

// Check finds the mistakes of the tests of the files that show without
// running them. cards lists the names of the cards the tests may use.
func Check(files []*dsl.File, cards []string) dsl.Diagnostics {
	v, err := vocab.Standard()
	if err != nil {
		return dsl.Diagnostics{dsl.Errorf(dsl.Pos{Filename: "stdlib"}, compiler.CodeStdlib, "%v", err)}
	}
	known := map[string]bool{}
	for _, c := range cards {
		known[c] = true
	}
	c := &checker{v: v, known: known, cards: cards}
	for _, f := range files {
		names := map[string]dsl.Pos{}
		for _, d := range f.Decls {
			t, ok := d.(*dsl.Test)
			if !ok {
				continue
			}
			name := dsl.Unquote(t.Name)
			if strings.TrimSpace(name) == "" || strings.ContainsAny(name, "\n\r\t") {
				c.add(dsl.Errorf(t.Pos, CodeTestName, "a test's name is one line of text, the ruling it proves").
					WithHint("write it on one line"))
			}
			if prev, dup := names[name]; dup {
				c.add(dsl.Errorf(t.Pos, CodeDuplicate, "test %q is already defined at line %d", name, prev.Line))
			}
			names[name] = t.Pos
			c.test(t)
		}
	}
	c.diags.Sort()
	return c.diags
}

type checker struct {
	v       *vocab.Vocab
	known   map[string]bool
	cards   []string
	aliases map[string]bool
	diags   dsl.Diagnostics
}

func (c *checker) add(d dsl.Diagnostic) { c.diags = append(c.diags, d) }

// unknown reports a name that names nothing, with the closest of the
// names it could be as a hint.
func (c *checker) unknown(p dsl.Pos, code, msg, name string, names []string) {
	d := dsl.Errorf(p, code, "%s", msg)
	d.Hint = dsl.DidYouMean(name, names)
	c.add(d)
}

func (c *checker) test(t *dsl.Test) {
	c.aliases = map[string]bool{}
	asserts := false
	for _, s := range t.Sections {
		switch s := s.(type) {
		case *dsl.Given:
			for _, st := range s.Stmts {
				c.given(st)
			}
		case *dsl.When:
			for _, a := range s.Stmts {
				c.action(a)
			}
		case *dsl.Then:
			asserts = asserts || len(s.Stmts) > 0
			for _, a := range s.Stmts {
				c.assertion(a)
			}
		}
	}
	if !asserts {
		c.add(dsl.Errorf(t.Pos, CodeNoAssertion, "test %s asserts nothing", t.Name).
			WithHint("add a then { ... } block saying what the ruling makes true"))
	}
}

func (c *checker) cardName(p dsl.Pos, raw string) {
	name := dsl.Unquote(raw)
	// A creature token's name is its subtype and "Token" (CR 111.4).
	if c.known[name] || strings.HasSuffix(name, " Token") {
		return
	}
	c.unknown(p, CodeUnknownCard, fmt.Sprintf("no card named %q", name), name, c.cards)
}

func (c *checker) spec(s *dsl.CardSpec) {
	c.cardName(s.Pos, s.Name)
	for _, w := range s.With {
		if !w.Damage {
			c.counter(w.Pos, w.Counter)
		}
	}
	if s.AttachedTo != nil {
		c.ref(s.AttachedTo)
	}
	if s.Alias != "" {
		if c.aliases[s.Alias] {
			c.add(dsl.Errorf(s.Pos, CodeDuplicate, "alias %q is already defined", s.Alias))
		}
		c.aliases[s.Alias] = true
	}
}

// choiceRef checks what a choice names: a card, or a bare word, which is
// a word to choose ("white") unless the test defined it as an alias.
func (c *checker) choiceRef(r *dsl.CardRef) {
	if r != nil && (r.Alias == nil || c.aliases[*r.Alias]) {
		c.ref(r)
	}
}

func (c *checker) ref(r *dsl.CardRef) {
	if r.Each {
		c.one(r)
		return
	}
	c.refOrEach(r)
}

// one reports `each` where a statement needs one card.
func (c *checker) one(r *dsl.CardRef) {
	if r.Each {
		c.add(dsl.Errorf(r.Pos, CodeEach, "`each` names every card with a name, and this needs one").
			WithHint("`each` may start the card of an assertion about a card itself: is, has, does not have"))
	}
}

// refOrEach checks a reference that may be `each "NAME"`: every card or
// token with the name, in an assertion about a card itself.
func (c *checker) refOrEach(r *dsl.CardRef) {
	if r.Each && r.Name == nil {
		c.add(dsl.Errorf(r.Pos, CodeEach, "`each` names every card with a name, not an alias").
			WithHint(`write each "Spirit Token"`))
		return
	}
	if r.Name != nil {
		c.cardName(r.Pos, *r.Name)
		if r.On != nil {
			c.ref(r.On)
		}
		return
	}
	if !c.aliases[*r.Alias] {
		var names []string
		for a := range c.aliases {
			names = append(names, a)
		}
		sort.Strings(names)
		d := dsl.Errorf(r.Pos, CodeUnknownAlias, "%q is not an alias defined before this line", *r.Alias)
		d.Hint = dsl.DidYouMean(*r.Alias, names)
		if d.Hint == "" {
			d.Hint = `name a card with quotes, "Grizzly Bears", or give it an alias in given: ... as bears`
		}
		c.add(d)
	}
}

// replacementRef checks a card of an order of triggers or replacement
// effects; among replacement effects, the bare word `protection` that is
// no alias is the prevention of protection.
func (c *checker) replacementRef(what string, r *dsl.CardRef) {
	if what == "replacements" && isProtectionWord(r, c.aliases) {
		return
	}
	c.ref(r)
}

// isProtectionWord reports whether a card reference is the bare word
// `protection` and no alias.
func isProtectionWord[V any](r *dsl.CardRef, aliases map[string]V) bool {
	if r.Alias == nil || *r.Alias != "protection" {
		return false
	}
	_, alias := aliases[*r.Alias]
	return !alias
}

func (c *checker) counter(p dsl.Pos, raw string) {
	name := dsl.Unquote(raw)
	if !c.v.IsName(vocab.KCounter, name) {
		c.unknown(p, CodeUnknownKind, fmt.Sprintf("unknown counter kind %q", name), name, c.v.Names(vocab.KCounter))
	}
}

func (c *checker) step(p dsl.Pos, words []string) {
	if _, _, ok := stepFromWords(c.v, words); ok {
		return
	}
	text := strings.Join(words, " ")
	c.unknown(p, CodeUnknownStep, fmt.Sprintf("no step is called %q", text), text, c.v.StepNames())
}

func (c *checker) target(t *dsl.TargetRef) {
	if t.Card != nil {
		c.ref(t.Card)
	}
}

func (c *checker) given(s dsl.GivenStmt) {
	switch s := s.(type) {
	case *dsl.ControlStmt:
		for _, cs := range s.Cards {
			c.spec(cs)
		}
	case *dsl.ZoneStmt:
		for _, cs := range s.Cards {
			c.spec(cs)
		}
	case *dsl.StepStmt:
		c.step(s.Pos, s.Step)
	case *dsl.PoolStmt:
		c.pool(s.Pos, s.Mana)
	}
}

func (c *checker) action(a dsl.Action) {
	switch a := a.(type) {
	case *dsl.DealAction:
		c.ref(a.Source)
		c.target(a.Target)
	case *dsl.CounterAction:
		c.counter(a.Pos, a.Kind)
		c.ref(a.Card)
	case *dsl.DestroyAction:
		c.ref(a.Card)
	case *dsl.CastAction:
		c.cardName(a.Pos, a.Name)
		for _, t := range a.Targets {
			c.target(t)
		}
	case *dsl.AttackAction:
		for _, r := range a.Cards {
			c.ref(r)
		}
	case *dsl.BlockAction:
		c.ref(a.Attacker)
		for _, r := range a.Blockers {
			c.ref(r)
		}
	case *dsl.AdvanceAction:
		if !isNextTurn(a.Words) {
			c.step(a.Pos, a.Words)
		}
	case *dsl.OrderAction:
		for _, r := range a.Cards {
			c.replacementRef(a.What, r)
		}
	case *dsl.TargetAction:
		c.target(a.Target)
	case *dsl.PayAction:
		if a.Card != nil {
			c.ref(a.Card)
		}
	case *dsl.ChooseAction:
		c.choiceRef(a.Card)
	case *dsl.TapAction:
		c.ref(a.Card)
		c.manaChoice(a.Pos, a.Mana)
	case *dsl.ActivateAction:
		c.ref(a.Card)
		for _, t := range a.Targets {
			c.target(t)
		}
		for _, r := range a.Choices {
			c.ref(r)
		}
		c.manaChoice(a.Pos, a.Mana)
	case *dsl.IllegalAction:
		if !ruleNumberRE.MatchString(dsl.Unquote(a.Rule)) {
			c.add(dsl.Errorf(a.Pos, CodeRule, "%s is not the number of a rule of the Comprehensive Rules", a.Rule).
				WithHint(`write the number of the rule that forbids the action, such as "302.6" or "601.2h"`))
		}
		c.action(a.Action)
	}
}

// ruleNumberRE matches the number of a rule of the Comprehensive Rules:
// "302", "302.6", "601.2h".
var ruleNumberRE = regexp.MustCompile(`^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$`)

// manaChoice checks the mana a test chooses: one symbol of one type.
func (c *checker) manaChoice(p dsl.Pos, symbols string) {
	if symbols == "" {
		return
	}
	if amount, err := mana.Produced(symbols); err != nil || amount.Total() != 1 {
		c.add(dsl.Errorf(p, CodeMana, "%s is not one mana of one type", symbols).
			WithHint("choose one of {W}, {U}, {B}, {R}, {G} and {C}"))
	}
}

// pool checks mana a test puts in or expects in a mana pool.
func (c *checker) pool(p dsl.Pos, symbols string) {
	if _, err := mana.Produced(symbols); err != nil {
		c.add(dsl.Errorf(p, CodeMana, "%v: a mana pool holds mana of the five colors and colorless", err).
			WithHint("write it as {W}, {U}, {B}, {R}, {G}, {C} or a number of colorless mana such as {2}"))
	}
}

func (c *checker) assertion(a dsl.Assertion) {
	switch a := a.(type) {
	case *dsl.ZoneAssert:
		c.refOrEach(a.Card)
	case *dsl.StateAssert:
		c.refOrEach(a.Card)
	case *dsl.PTAssert:
		c.refOrEach(a.Card)
	case *dsl.AttachedAssert:
		c.refOrEach(a.Card)
		c.ref(a.To)
	case *dsl.KeywordAssert:
		c.refOrEach(a.Card)
	case *dsl.CountAssert:
		c.refOrEach(a.Card)
		if !a.Damage {
			c.counter(a.Pos, a.Counter)
		}
	case *dsl.PlayerCountAssert:
		c.counter(a.Pos, a.Counter)
	case *dsl.TurnAssert:
		if a.Player != "" {
			c.step(a.Pos, a.Step)
		}
	case *dsl.PoolAssert:
		if a.Mana != "" {
			c.pool(a.Pos, a.Mana)
		}
	case *dsl.DecisionAssert:
		for _, r := range a.Cards {
			c.replacementRef(a.What, r)
		}
	case *dsl.PaidAssert:
		if a.Card != nil {
			c.ref(a.Card)
		}
	case *dsl.ControlAssert:
		c.cardName(a.Pos, a.Name)
	case *dsl.ChoiceAssert:
		c.choiceRef(a.Card)
	case *dsl.LogAssert:
		if _, ok := eventKind(c.v, dsl.Unquote(a.Kind)); !ok {
			d := dsl.Errorf(a.Pos, CodeUnknownEvent, "no event kind is called %s", a.Kind)
			// Event kinds are written with spaces in tests, with
			// underscores in the vocabulary.
			var kinds []string
			for _, k := range c.v.Events() {
				kinds = append(kinds, strings.ReplaceAll(k.Name, "_", " "))
			}
			d.Hint = dsl.DidYouMean(strings.ReplaceAll(dsl.Unquote(a.Kind), "_", " "), kinds)
			c.add(d)
		}
		if a.Involving != nil {
			c.ref(a.Involving)
		}
	}
}
