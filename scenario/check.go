package scenario

import (
	"fmt"
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
	CodeScripted     = "T012" // scripted: a decision no player can make (a mode chosen twice, a division of 0, a target named twice)
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
	{Code: CodeScripted, Name: "scripted", Summary: "a decision no player can make: a mode chosen twice or numbered 0 (CR 700.2d), a division that gives a target 0 or names it twice (CR 601.2d), a target named twice in one `target` (CR 115.3)"},
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
				c.statement(st)
			}
		case *dsl.When:
			for _, a := range s.Stmts {
				c.statement(a)
			}
		case *dsl.Then:
			asserts = asserts || len(s.Stmts) > 0
			for _, a := range s.Stmts {
				c.statement(a)
			}
		}
	}
	if !asserts {
		c.add(dsl.Errorf(t.Pos, CodeNoAssertion, "test %s asserts nothing", t.Name).
			WithHint("add a then { ... } block saying what the ruling makes true"))
	}
}

// statement checks a statement of a test with its step: an assertion
// about a card itself may name it `each "NAME"`.
func (c *checker) statement(n any) {
	step := stepOf(n)
	if step == nil {
		return // the runner reports it
	}
	if step.about != nil {
		c.refOrEach(step.about(n))
	}
	if step.check != nil {
		step.check(c, n)
	}
}

func (c *checker) cardName(p dsl.Pos, raw string) {
	name := dsl.Unquote(raw)
	// A creature token's name is its subtype and "Token" (CR 111.4).
	if c.known[name] || strings.HasSuffix(name, " Token") {
		return
	}
	d := dsl.Errorf(p, CodeUnknownCard, "no card named %q", name)
	if d.Hint = dsl.DidYouMean(name, c.cards); d.Hint == "" {
		d.Hint = "a test sees the standard cards and those of the files given to cardc (cardc test given a test file alone adds the card files of its directory): give the file that declares it"
	}
	c.add(d)
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
	// Any kind a card may name is one a test may (CR 122.1), but a typo
	// of a declared kind is a typo (vocab.Vocab.CounterKind).
	if ok, d := c.v.CounterKind(p, name); !ok {
		d.Code = CodeUnknownKind
		c.add(*d)
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

// distinctTargets reports a target named twice in a list where each is
// named once, saying why.
func (c *checker) distinctTargets(p dsl.Pos, ts []*dsl.TargetRef, why string) {
	seen := map[string]bool{}
	for _, t := range ts {
		s := dsl.TargetString(t)
		if seen[s] {
			c.add(dsl.Errorf(t.Pos, CodeScripted, "%s is named twice: %s", s, why))
		}
		seen[s] = true
	}
}

func (c *checker) targets(ts []*dsl.TargetRef) {
	for _, t := range ts {
		c.target(t)
	}
}

func (c *checker) refs(refs []*dsl.CardRef) {
	for _, r := range refs {
		c.ref(r)
	}
}

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
