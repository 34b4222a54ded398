package compiler

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// The checker reads every phrase of a card against the vocabulary, types
// every expression and scopes every name, and reports every diagnostic. What
// it produces, a checkedCard, is what the emitter lowers to bytecode; the
// emitter reports nothing, so a card the checker passes always compiles.

// checkedCard is a card whose characteristics and abilities were checked.
type checkedCard struct {
	// card holds the characteristics; the emitter adds the abilities.
	card vm.Card
	// abilities are the card's abilities in the order they were written.
	// The delayed abilities they create hang off their statements.
	abilities []*checkedAbility
	// count is how many abilities there are, delayed ones included.
	count int
}

// checkedAbility is one ability of a card.
type checkedAbility struct {
	kind vm.AbilityKind
	// item is the line of the card the ability was written on (nil for
	// one an effect grants, and for delayed and reflexive ones).
	item dsl.CardItem
	// index is the ability's place in the card (vm.Card.Abilities): the
	// order the checker met them in, each delayed ability right after the
	// abilities that come before the statement that creates it.
	index int
	text  string
	line  int
	flags uint32
	// loyalty is the loyalty symbol of a loyalty ability (CR 606): "+1",
	// "-2", "0"; how its cost is rendered.
	loyalty string
	// intervening is the condition of a triggered ability's intervening
	// "if" clause (CR 603.4), checked by its match and again as it
	// resolves; or of a continuous effect's `as long as` (CR 611.3),
	// checked by the test of its affected set; nil if it has none.
	intervening *checkedAction
	// tree is shared by an ability and the delayed abilities it creates.
	tree *abilityTree
	// pattern is the event pattern a triggered, delayed, replacement or
	// static ability watches, and sc the scope of the names it binds (in
	// the order they get their locals, binds).
	pattern *vocab.Match
	sc      *scope
	binds   []*binding
	// that are the names "that player", "that creature", "that card" the
	// pattern binds to the objects and players its filters name without
	// `as` (Oracle's "deals 2 damage to that player"), by the argument
	// that names each; binds holds them too.
	that map[*vocab.Arg]*binding
	// rule is the rule a static ability states; reading is how its
	// phrase read, a rule or an effect.
	rule    string
	reading *vocab.Alt
	// effect is the continuous effect an AbilityEffect creates, with its
	// arguments in the order of the effect's parameters (the first is the
	// set of objects it affects); granted is the ability it grants, if
	// it grants one.
	effect     *vocab.FuncInfo
	effectArgs []checkedArg
	// affected is vocab.Affected, the object the effect is being applied
	// to, when a quantity of the effect is counted for each object it
	// affects (`for each`); nil otherwise.
	affected *binding
	granted  *checkedAbility
	// enchant is what the enchant ability of an Aura allows it to enchant.
	enchant *vocab.Filter
	// enters is the action of an `enters` ability.
	enters *checkedAction
	// cost is the mana part of an activated ability's cost; pay are the
	// actions that pay the rest of it; costs are both in the order the
	// card writes them, and only is the restriction after `activate only`.
	cost  string
	pay   []*checkedAction
	costs []costPart
	only  string
	// decision is who made the last decision of the body checked so far
	// that `if you do` reads: "you" after `you may ...` or an optional
	// cost, "they" after another player's `may`, "" before any. modal is
	// set once the body has a modal choice.
	decision string
	modal    bool
	// body is the block of a triggered, delayed, replacement, spell or
	// activated ability; bodyPos and bodyEnd are where it starts and ends.
	body             []checkedStmt
	bodyPos, bodyEnd dsl.Pos
	// bodyBlock is the block of the body, whose statements are its top
	// level.
	bodyBlock *dsl.Block
}

// checkedStmt is *checkedAction, *checkedIf or *checkedDelayed.
type checkedStmt interface{ stmt() }

// costPart is one part of the cost of an activated ability: mana
// symbols, or an action.
type costPart struct {
	mana string
	act  *checkedAction
}

// checkedAction is one action, with its arguments in the order of the
// action's parameters, and how its phrase read.
type checkedAction struct {
	fn      *vocab.FuncInfo
	args    []checkedArg
	pos     dsl.Pos
	reading *vocab.Alt
	// loop, when set, is the filter of players a slot names with `each`
	// (`each opponent sacrifices a land`): the action is done once for
	// each of them, in APNAP order (CR 101.4), with its argument player
	// bound to the player of the turn of the loop.
	loop   *vocab.Filter
	player *binding
	// result, for an action that returns what a player chose (the
	// permanent of `sacrifice a creature as creature`, the card of
	// `search your library for a card as card` or of `reveal the top card
	// of your library as card`), is the binding it is stored in: the name
	// `as` gives it, or one without a name, which `if you can't` reads.
	result *binding
	// where, if set, is the `where X is N` written after the phrase: X
	// for this action alone, computed as it happens (phraseWhere).
	where *checkedWhere
}

// checkedArg is the value of one parameter of an action: an argument of
// the phrase, one half of a +N/+M, or the phrase's default.
type checkedArg struct {
	// param is the name of the parameter it is the value of.
	param string
	arg   *vocab.Arg
	sc    *scope
	// half is 1 for the power of a +N/+M argument, 2 for its toughness.
	half int
	// choice marks a filter of a cost: an object the player chooses to pay
	// with ("sacrifice a creature"), not a target.
	choice bool
	// def is the default the phrase gives the parameter, at pos.
	def *dsl.Sum
	pos dsl.Pos
	// bind is the name a target is given (`target creature as creature`),
	// which the emitter points at the target's local.
	bind *binding
	// player is the player of a loop over players (`each opponent`):
	// the argument is that player, in each turn of the loop.
	player *binding
	// granted is the ability an action's ability argument says (a token's
	// ability), an ability of the card flagged vm.FlagGranted whose index
	// the action gets.
	granted *checkedAbility
	// group marks a target of several objects in a slot of one
	// (`destroy two target creatures`): the action happens for each.
	group bool
}

// checkedIf is an if statement: on an expression, cond; on a phrase of
// the vocabulary's conditions, condition; for `if you do` (did set), on
// the decision before it; for `if you can't`, on the choice before it.
type checkedIf struct {
	cond      *dsl.Cond
	condition *checkedAction
	did       *dsl.DidCond
	sc        *scope
	then, els []checkedStmt
	pos       dsl.Pos
	// cant, for `if you can't { ... }`, is the result of the choice
	// before it, which it tests: the then-block runs when the player had
	// nothing to choose; who is the player as written.
	cant *binding
	who  string
}

// checkedDelayed is an `at ... { }` statement: it creates a delayed
// triggered ability.
type checkedDelayed struct {
	ability *checkedAbility
	pos     dsl.Pos
}

// checkedReflexive is `when ... { }` inside a body: a reflexive triggered
// ability (CR 603.12).
type checkedReflexive struct {
	ability *checkedAbility
	pos     dsl.Pos
}

// checkedWhere is `where X is N`: the number, stored in the local of the
// name it binds for the statements after it.
type checkedWhere struct {
	bind *binding
	arg  *vocab.Arg
	sc   *scope
	pos  dsl.Pos
	// text is the words of a `where X is N` written after a phrase.
	text string
}

// checkedEach is `for each FILTER as NAME { ... }`, its filter read in
// sc.
type checkedEach struct {
	filter *vocab.Filter
	sc     *scope
	bind   *binding
	body   []checkedStmt
	pos    dsl.Pos
}

func (*checkedReflexive) stmt() {}
func (*checkedWhere) stmt()     {}
func (*checkedEach) stmt()      {}
func (*checkedAction) stmt()    {}
func (*checkedIf) stmt()        {}
func (*checkedDelayed) stmt()   {}

// scope is the scope of the ability's pattern, or the root scope for an
// ability without one: where its filters' expressions are read.
func (a *checkedAbility) scope() *scope {
	if a.sc != nil {
		return a.sc
	}
	return rootScope()
}

// checker checks one card.
type checker struct {
	v     *vocab.Vocab
	out   *checkedCard
	diags dsl.Diagnostics
	// bound records where each name bound with `as` in the card was bound,
	// to explain a name used outside its ability.
	bound map[string]int
	// undefined are the diagnostics (by index) about a name that is not
	// bound where it is used, with the name.
	undefined map[int]string
	// badTypeLine is set when the type line has an unknown word.
	badTypeLine bool
	// starPT is where the card's P/T is `*/*`; cda where its first
	// characteristic-defining ability is (CR 604.3).
	starPT, cda *dsl.Pos
	// chooses are the kinds of choice the card makes as it enters; reads
	// where it reads one (CR 614.12).
	chooses map[string]bool
	reads   []choiceUse
	// readings, when not nil, collects what each phrase read as (Readings).
	readings *[]Reading
	// granted are the abilities the actions of the ability being checked
	// give (a token's ability), added to the card after it.
	granted []*checkedAbility
}

func (c *checker) errorf(p dsl.Pos, code, format string, args ...any) *dsl.Diagnostic {
	c.diags = append(c.diags, dsl.Errorf(p, code, format, args...))
	return &c.diags[len(c.diags)-1]
}

// mismatch reports why a phrase or an expression did not check.
func (c *checker) mismatch(m *vocab.Mismatch) {
	if m.Undefined != "" {
		c.undefined[len(c.diags)] = m.Undefined
	}
	c.diags = append(c.diags, m.Diagnostic)
}

// phraseMismatch reports why a phrase did not read: as the card's own name
// where the card means itself, if the phrase holds it (Oracle says
// "Whenever Bramble Creeper attacks", the language `whenever this
// attacks`), or else as m says.
func (c *checker) phraseMismatch(parts []*dsl.Part, m *vocab.Mismatch) {
	if pos, this, ok := selfName(c.out.card.Name, parts); ok {
		c.errorf(pos, CodeSelfName, "a card calls itself `this`, not by its name %q", c.out.card.Name).Hint =
			fmt.Sprintf("write %q", this)
		return
	}
	c.mismatch(m)
}

// selfName finds the card's name in the parts of a phrase, quoted or as
// bare words; it returns where, and the phrase with `this` in its place.
func selfName(name string, parts []*dsl.Part) (dsl.Pos, string, bool) {
	words := strings.Fields(strings.ToLower(name))
	if len(words) == 0 {
		return dsl.Pos{}, "", false
	}
	for i, p := range parts {
		n := 0
		switch {
		case p.Str != nil && strings.EqualFold(dsl.Unquote(*p.Str), name):
			n = 1
		case i+len(words) <= len(parts):
			n = len(words)
			for j, w := range words {
				if !strings.EqualFold(parts[i+j].Word(), w) {
					n = 0
					break
				}
			}
		}
		if n == 0 {
			continue
		}
		this := []string{}
		for _, q := range parts[:i] {
			this = append(this, dsl.PartString(q))
		}
		this = append(this, "this")
		for _, q := range parts[i+n:] {
			this = append(this, dsl.PartString(q))
		}
		return p.Pos, strings.Join(this, " "), true
	}
	return dsl.Pos{}, "", false
}

func (c *checker) warn(d *dsl.Diagnostic) {
	if d != nil {
		c.diags = append(c.diags, *d)
	}
}

// choiceUse is where a card reads a choice made as it entered.
type choiceUse struct {
	kind string
	pos  dsl.Pos
}

// checkCard checks a card: its characteristics, then its abilities.
func checkCard(v *vocab.Vocab, card *dsl.Card) (*checkedCard, dsl.Diagnostics) {
	return checkCardReading(v, card, nil)
}

// checkCardReading is checkCard, collecting what each phrase read as into
// readings if it is not nil.
func checkCardReading(v *vocab.Vocab, card *dsl.Card, readings *[]Reading) (*checkedCard, dsl.Diagnostics) {
	c := &checker{v: v, out: &checkedCard{}, bound: map[string]int{}, undefined: map[int]string{}, readings: readings}
	c.out.card = vm.Card{Name: dsl.Unquote(card.Name), File: card.Pos.Filename, Line: int32(card.Pos.Line)}
	c.header(card)
	for _, it := range card.Items {
		var a *checkedAbility
		switch it := it.(type) {
		case *dsl.TriggerAbility:
			a = c.trigger(it)
		case *dsl.ReplaceAbility:
			a = c.replacement(it)
		case *dsl.EntersAbility:
			a = c.enters(it)
		case *dsl.StaticAbility:
			a = c.static(it)
		case *dsl.SpellAbility:
			a = c.spell(it)
		case *dsl.ActivatedAbility:
			a = c.activated(it)
		case *dsl.EnchantItem:
			a = c.enchantItem(it, card)
			if a == nil {
				continue
			}
		case *dsl.LoyaltyItem:
			// A planeswalker enters with loyalty counters equal to its
			// printed loyalty (CR 306.5b), an ability of the language.
			a = c.enters(&dsl.EntersAbility{Span: dsl.Span{Pos: it.Pos, EndPos: it.EndPos},
				Phrase: dsl.PhraseOf(columnsAfter(it.Pos, len("enters ")), "with", it.Loyalty, "loyalty", "counters")})
		case *dsl.KeywordsItem:
			for _, k := range it.Keywords {
				c.addKeywordAbilities(it, k.Pos, k.Words)
			}
			continue
		case *dsl.KeywordItem:
			c.addKeywordAbilities(it, it.Pos, it.Words)
			continue
		default:
			continue
		}
		a.item = it
		c.out.abilities = append(c.out.abilities, a)
		if a.granted != nil {
			c.out.abilities = append(c.out.abilities, a.granted)
		}
		c.out.abilities = append(c.out.abilities, c.granted...)
		c.granted = c.granted[:0]
	}
	c.out.abilities = append(c.out.abilities, c.granted...)
	c.granted = nil
	c.checkAura(card)
	c.checkEquipment(card)
	c.checkIntrinsicMana(card)
	c.checkSpellAbility(card)
	c.checkCDA()
	c.checkChoices()
	c.checkFinds()
	c.hintScopes()
	return c.out, c.diags
}

// checkCDA checks that a card's P/T is */* exactly when an ability
// defines it (CR 208.2a, 604.3).
func (c *checker) checkCDA() {
	switch {
	case c.starPT != nil && c.cda == nil:
		c.errorf(*c.starPT, CodeCDA, "power/toughness */* needs a characteristic-defining ability").Hint =
			"add `static power and toughness of this are each equal to ...`, or print numbers such as 2/2"
	case c.cda != nil && c.starPT == nil && !c.badTypeLine:
		c.errorf(*c.cda, CodeCDA, "a characteristic-defining ability defines a P/T printed as */*").Hint =
			"print the card's power/toughness as `pt */*` (CR 208.2a)"
	}
}

// noteChoice records a choice an action makes as the card enters, or one
// a function reads, for checkChoices.
func (c *checker) noteChoice(fi *vocab.FuncInfo, p dsl.Pos) {
	if fi == nil {
		return
	}
	if fi.Chooses != "" {
		if c.chooses == nil {
			c.chooses = map[string]bool{}
		}
		c.chooses[fi.Chooses] = true
	}
	if fi.Reads != "" {
		c.reads = append(c.reads, choiceUse{kind: fi.Reads, pos: p})
	}
}

// checkChoices checks that a card reads only choices it makes as it
// enters (CR 614.12): "the chosen color" needs "choose a color".
func (c *checker) checkChoices() {
	for _, u := range c.reads {
		if !c.chooses[u.kind] {
			kind := strings.ReplaceAll(u.kind, "_", " ") // "card_name" is a card name
			c.errorf(u.pos, CodeChosen, "the chosen %s: this card chooses no %s", kind, kind).Hint =
				"add `enters choosing a " + kind + "` (\"As this enters, choose a " + kind + ".\", CR 614.12)"
		}
	}
}

// hintScopes explains names used outside the ability that binds them.
func (c *checker) hintScopes() {
	for i, name := range c.undefined {
		if line, found := c.bound[name]; found && c.diags[i].Hint == "" {
			c.diags[i].Hint = fmt.Sprintf("%q is bound at line %d, and a name is seen only inside the ability (or block) that binds it", name, line)
		}
	}
}

// ---- abilities -------------------------------------------------------------

// abilityTree is shared by an ability and the delayed abilities it
// creates: they share their locals, so a delayed ability sees the names of
// the ability that created it. The emitter numbers the locals.
type abilityTree struct {
	locals int32
	// names are the names of the locals, for the disassembler.
	names     []string
	abilities []*checkedAbility
	funcs     []int32
	bindings  []*binding
}

func newTree() *abilityTree {
	return &abilityTree{locals: vm.FirstFreeLocal, names: []string{"this", "you", "candidate"}}
}

// alloc gives a new local, with a name for the disassembler.
func (t *abilityTree) alloc(name string) int32 {
	l := t.locals
	t.locals++
	t.names = append(t.names, name)
	return l
}

// newAbility adds an ability to the card.
func (c *checker) newAbility(kind vm.AbilityKind, text string, line int, tree *abilityTree) *checkedAbility {
	if tree == nil {
		tree = newTree()
	}
	a := &checkedAbility{kind: kind, index: c.out.count, text: text, line: line, tree: tree}
	c.out.count++
	tree.abilities = append(tree.abilities, a)
	return a
}

// finish warns about names bound in a tree and never used.
func (c *checker) finish(tree *abilityTree) {
	for _, b := range tree.bindings {
		if !b.used {
			c.diags = append(c.diags, dsl.Warningf(b.pos, CodeUnusedBinding, "%q is bound but never used", b.name).
				WithHint("remove `as %s`", b.name))
		}
	}
}

func (c *checker) trigger(t *dsl.TriggerAbility) *checkedAbility {
	text := t.Word + " " + dsl.PhraseString(t.Phrase)
	if t.If != nil {
		text += ", if " + dsl.PhraseString(t.If)
	}
	a := c.newAbility(vm.AbilityTriggered, text, t.Pos.Line, nil)
	c.eventAbility(a, t.Phrase, abilityScope(c.cardPaysX()))
	if a.pattern != nil && a.pattern.Once {
		c.errorf(t.Phrase.Pos, CodeContext, "%q describes a delayed trigger, which an ability creates", text).Hint =
			"put it inside the ability that creates it, or say `the beginning of each ...`"
	}
	if a.pattern != nil && a.pattern.Event.Name == vocab.ReflexiveEvent {
		c.errorf(t.Phrase.Pos, CodeReflexive, "%q is a reflexive trigger, which goes inside the ability whose decision it follows (CR 603.12)", text).Hint =
			"put `when you do { ... }` in the body, after `you may pay ...`"
	}
	if a.pattern != nil && a.pattern.Anywhere {
		// "When this is put into a graveyard from anywhere" triggers from
		// its new zone, never a leaves-the-battlefield ability (CR
		// 603.6c); "when you cast this spell" triggers from the stack (CR
		// 113.6b, 601.2i).
		a.flags |= vm.FlagAnywhere
	}
	if t.If != nil {
		a.intervening = c.condition(t.If, a)
	}
	c.body(a, t.Body)
	if a.pattern != nil && a.pattern.Event.Name == vocab.ManaEvent && addsMana(a.body) && !targets(a.body) {
		a.flags |= vm.FlagMana // CR 605.1b
	}
	c.finish(a.tree)
	return a
}

func (c *checker) replacement(r *dsl.ReplaceAbility) *checkedAbility {
	text := "replace " + dsl.PhraseString(r.Phrase)
	a := c.newAbility(vm.AbilityReplacement, text, r.Pos.Line, nil)
	c.eventAbility(a, r.Phrase, abilityScope(c.cardPaysX()))
	if a.pattern != nil && a.pattern.Once {
		c.errorf(r.Phrase.Pos, CodeContext, "a replacement effect cannot wait for the next time; say what it replaces")
	}
	if a.pattern != nil && a.pattern.Anywhere {
		a.flags |= vm.FlagAnywhere // CR 113.6b
	}
	c.body(a, r.Body)
	c.finish(a.tree)
	return a
}

// enters checks `enters with ...`: a replacement effect on the event of
// this permanent entering the battlefield.
func (c *checker) enters(e *dsl.EntersAbility) *checkedAbility {
	a := c.newAbility(vm.AbilityEnters, "enters "+dsl.PhraseString(e.Phrase), e.Pos.Line, nil)
	a.bodyPos = e.Pos
	a.enters = c.action(e.Phrase, abilityScope(c.cardPaysX()), a)
	c.finish(a.tree)
	return a
}

// static checks `static RULE`: a rule of the vocabulary applied to the
// events a pattern describes.
func (c *checker) static(s *dsl.StaticAbility) *checkedAbility {
	text := "static " + dsl.PhraseString(s.Phrase)
	if s.If != nil {
		text = "static as long as " + dsl.PhraseString(s.If) + ", " + dsl.PhraseString(s.Phrase)
	}
	a := c.newAbility(vm.AbilityStatic, text, s.Pos.Line, nil)
	a.sc = abilityScope(false) // no cost pays for a static ability
	if s.If != nil {
		defer c.asLongAs(a, s)
	}
	rule, m := c.v.Match(s.Phrase.Parts, vocab.ModeRule, a.sc, nil)
	if m != nil {
		c.phraseMismatch(s.Phrase.Parts, m)
		c.finish(a.tree)
		return a
	}
	c.warn(rule.Warning)
	c.read(s.Phrase, rule)
	alt := rule.Alts[0]
	a.reading = alt
	if alt.Template.Func != nil {
		c.effectAbility(a, alt, s)
		c.finish(a.tree)
		return a
	}
	a.rule = alt.Template.Rule.Name
	for _, it := range alt.Template.Items {
		if it.Slot != "" && alt.Args[it.Slot].Kind == vocab.ArgPattern {
			a.pattern = alt.Args[it.Slot].Pattern
		}
	}
	if a.pattern != nil {
		for _, palt := range a.pattern.Alts {
			for _, it := range palt.Template.Items {
				if arg := palt.Args[it.Slot]; arg != nil && arg.Kind == vocab.ArgFilter && arg.Filter.Bind != "" {
					c.errorf(arg.Pos, CodeBinding, "`as %s` in a static ability names nothing", arg.Filter.Bind).Hint =
						"a static ability has no body that could use the name"
				}
			}
		}
		c.checkPattern(a.pattern)
	}
	c.finish(a.tree)
	return a
}

// asLongAs checks the condition of a static ability's `as long as
// CONDITION,` (CR 611.3): a condition of the vocabulary, as an
// intervening "if" states (condition), on a continuous effect, which
// applies only while it holds. A rule can't have one.
func (c *checker) asLongAs(a *checkedAbility, s *dsl.StaticAbility) {
	if a.kind != vm.AbilityEffect || a.effect == nil {
		if a.rule != "" { // a rule; any other mistake is reported already
			c.errorf(s.If.Pos, CodeContext, "`as long as` states when a continuous effect applies, and %q is no continuous effect", dsl.PhraseString(s.Phrase)).Hint =
				"write the condition on an effect such as `this gets +2/+1` or `this has flying`"
		}
		return
	}
	a.intervening = c.condition(s.If, a)
}

func (c *checker) spell(s *dsl.SpellAbility) *checkedAbility {
	a := c.newAbility(vm.AbilitySpell, "spell", s.Pos.Line, nil)
	c.bodyIn(a, s.Body, abilityScope(c.cardPaysX()))
	c.finish(a.tree)
	return a
}

// cardPaysX reports whether the card's mana cost has {X}: X is then the
// value chosen as it was cast, in its spell ability and, for a permanent,
// in the abilities that read it as it enters (CR 107.3, 107.3m).
func (c *checker) cardPaysX() bool { return hasX(c.out.card.ManaCost) }

// body checks the block of an ability in the scope of its pattern.
func (c *checker) body(a *checkedAbility, b *dsl.Block) { c.bodyIn(a, b, a.sc) }

func (c *checker) bodyIn(a *checkedAbility, b *dsl.Block, sc *scope) {
	a.bodyPos, a.bodyEnd, a.bodyBlock = b.Pos, b.EndPos, b
	a.body = c.block(b, sc, a)
}

// eventAbility reads the event pattern of a triggered, delayed or
// replacement ability and binds the names it introduces, in a scope of its
// own (a.sc). A pattern that does not read is reported; the names it would
// bind are bound anyway, with a type that fits anywhere, so the body is
// still checked without reporting the same mistake twice.
func (c *checker) eventAbility(a *checkedAbility, ph *dsl.Phrase, sc *scope) {
	a.sc = sc
	pat, m := c.v.Match(ph.Parts, vocab.ModePattern, sc, c.bound)
	if m != nil {
		c.phraseMismatch(ph.Parts, m)
		for _, p := range ph.Parts {
			if p.Bind != nil {
				sc.names[*p.Bind] = &binding{name: *p.Bind, typ: vocab.Poisoned, used: true}
			}
		}
		// A stray `as` at the end is the only mistake? Then the rest of
		// the pattern stands, and so does the event's name.
		last := len(ph.Parts) - 1
		if m.Code != CodeBinding || last < 1 || ph.Parts[last].Bind == nil {
			return
		}
		if pat, m = c.v.Match(ph.Parts[:last], vocab.ModePattern, sc, c.bound); m != nil {
			return
		}
	}
	c.warn(pat.Warning)
	c.read(ph, pat)
	a.pattern = pat
	c.bind(a, pat, sc)
	c.checkPattern(pat)
}

// checkPattern checks that what fills each slot of a pattern can describe
// an event's field.
func (c *checker) checkPattern(pat *vocab.Match) {
	for _, alt := range pat.Alts {
		for _, it := range alt.Template.Items {
			if it.Slot == "" {
				continue
			}
			switch arg := alt.Args[it.Slot]; arg.Kind {
			case vocab.ArgExpr, vocab.ArgConst, vocab.ArgName, vocab.ArgFilter:
			default:
				c.errorf(arg.Pos, CodeType, "this cannot describe an event's %s", it.Slot)
			}
		}
	}
}

// bind binds each name a pattern introduces: the objects named with `as`
// after a filter, and the event itself, called by its kind's name
// ("damage"), with all its fields.
func (c *checker) bind(a *checkedAbility, pat *vocab.Match, sc *scope) {
	for _, alt := range pat.Alts {
		once := map[string]bool{}
		for _, it := range alt.Template.Items { // in order, so locals are numbered the same every time
			arg := alt.Args[it.Slot]
			if it.Slot == "" || arg == nil || arg.Kind != vocab.ArgFilter || arg.Filter.Bind == "" {
				continue
			}
			name := arg.Filter.Bind
			if once[name] {
				c.errorf(arg.Pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
				continue
			}
			once[name] = true
			if _, mine := sc.names[name]; mine {
				continue // the same name in another alternative
			}
			if prev := sc.lookup(name); prev != nil && !prev.implicit {
				c.errorf(arg.Pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
				continue
			}
			b := &binding{name: name, typ: arg.Filter.Yields, pos: arg.Pos, filter: arg.Filter}
			sc.names[name] = b
			c.bound[name] = arg.Pos.Line
			a.binds = append(a.binds, b)
			a.tree.bindings = append(a.tree.bindings, b)
		}
	}
	c.bindThat(a, pat, sc)
	e := pat.Event
	if _, taken := sc.names[e.Name]; taken {
		return // a filter was named like the event: the filter wins
	}
	event := &binding{name: e.Name, typ: vocab.Type{Kind: vocab.KEvent, Event: e.Name},
		fields: map[string]int32{}, tree: a.tree, pos: pat.Pos, implicit: true}
	sc.names[e.Name] = event
	// The names of the rules of the event's fields: "defending player"
	// (CR 506.2) reads attacks.player.
	for _, al := range e.Aliases {
		if _, taken := sc.names[al.Name]; !taken {
			sc.names[al.Name] = &binding{name: al.Name, typ: e.Field(al.Field).Type, pos: pat.Pos, used: true,
				alias: event, aliasField: al.Field}
		}
	}
}

// bindThat binds the names by which Oracle text refers back to what an
// event pattern names with a filter: "that player" (a player or an
// opponent), "that creature", "that card", "that land"... — the filter's
// noun. A name two filters of one reading would both give is given to
// neither (`whenever a creature blocks a creature`: say which with `as`).
func (c *checker) bindThat(a *checkedAbility, pat *vocab.Match, sc *scope) {
	var order []string
	byName := map[string][]*vocab.Arg{}
	twice := map[string]bool{}
	for _, alt := range pat.Alts {
		seen := map[string]bool{}
		for _, it := range alt.Template.Items { // in order, so locals are numbered the same every time
			arg := alt.Args[it.Slot]
			if it.Slot == "" || arg == nil || arg.Kind != vocab.ArgFilter || arg.Filter.Bind != "" {
				continue
			}
			name := thatName(arg.Filter)
			if name == "" {
				continue
			}
			if seen[name] {
				twice[name] = true
			}
			seen[name] = true
			if _, ok := byName[name]; !ok {
				order = append(order, name)
			}
			byName[name] = append(byName[name], arg)
		}
	}
	for _, name := range order {
		if twice[name] {
			continue
		}
		if _, taken := sc.names[name]; taken {
			continue
		}
		args := byName[name]
		b := &binding{name: name, typ: args[0].Filter.Yields, pos: args[0].Pos, that: true}
		sc.names[name] = b
		a.binds = append(a.binds, b)
		if a.that == nil {
			a.that = map[*vocab.Arg]*binding{}
		}
		for _, arg := range args {
			a.that[arg] = b
		}
	}
}

// thatName is the name "that NOUN" a filter's object or player is
// referred to by: its noun, a player for an opponent; "" for a filter
// without a noun of its own (a subtype, "any target").
func thatName(f *vocab.Filter) string {
	if len(f.Words) == 0 {
		return ""
	}
	w := f.Words[len(f.Words)-1]
	switch {
	case !w.Noun || w.Or || w.Kind == vocab.KSubtype:
		return ""
	case w.Name == "opponent":
		return vocab.ThatName("player")
	}
	return vocab.ThatName(w.Name)
}

// ---- statements ------------------------------------------------------------

func (c *checker) block(b *dsl.Block, sc *scope, a *checkedAbility) []checkedStmt {
	var out []checkedStmt
	top := b == a.bodyBlock
	// choice is the last action of the block that returned what a player
	// chose, for `if you can't`.
	var choice *checkedAction
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *dsl.ActionStmt:
			if m := c.mayStmt(s.Phrase, sc, a); m != nil {
				out = append(out, m)
				continue
			}
			if act := c.action(s.Phrase, sc, a); act != nil {
				out = append(out, act)
				if act.result != nil {
					choice = act
				}
			}
		case *dsl.ChooseStmt:
			out = append(out, c.chooseStmt(s, sc, a, top))
		case *dsl.AtStmt:
			out = append(out, c.delayed(s, sc, a))
		case *dsl.IfStmt:
			if s.Cant != nil {
				out = append(out, c.cantStmt(s, sc, a, choice))
				continue
			}
			out = append(out, c.ifStmt(s, sc, a))
		case *dsl.WhenStmt:
			out = append(out, c.reflexive(s, sc, a))
		case *dsl.ForEachStmt:
			if each := c.forEach(s, sc, a); each != nil {
				out = append(out, each)
			}
		case *dsl.WhereStmt:
			if w := c.where(s, sc, a); w != nil {
				out = append(out, w)
			}
		}
	}
	return out
}

func (c *checker) ifStmt(s *dsl.IfStmt, sc *scope, a *checkedAbility) *checkedIf {
	out := &checkedIf{cond: s.Cond, did: s.Did, sc: sc, pos: s.Pos}
	switch {
	case s.Did != nil:
		c.didCond(s.Did, a)
	case s.Phrase != nil:
		// A condition of the vocabulary, as an intervening "if" states
		// one: `if this ability has been activated four or more times
		// this turn`.
		m, mis := c.v.Match(s.Phrase.Parts, vocab.ModeCondition, sc, c.bound)
		if mis != nil {
			c.phraseMismatch(s.Phrase.Parts, mis)
		} else {
			c.warn(m.Warning)
			c.read(s.Phrase, m)
			out.condition = c.actionArgs(m.Alts[0], s.Phrase, sc, a, false)
		}
	default:
		t, m := c.v.CondType(s.Cond, sc)
		if t == vocab.Poisoned {
			t = vocab.Type{Kind: vocab.KBool}
		}
		switch {
		case m != nil:
			c.mismatch(m)
		case t.Kind != vocab.KBool:
			c.errorf(s.Cond.Pos, CodeType, "`if` needs a condition, but this is %s", vocab.Article(t.String()))
		}
	}
	out.then = c.block(s.Then, newScope(sc), a)
	switch {
	case s.Else == nil:
	case s.Else.If != nil:
		out.els = []checkedStmt{c.ifStmt(s.Else.If, sc, a)}
	default:
		out.els = c.block(s.Else.Block, newScope(sc), a)
	}
	return out
}

// cantStmt checks `if you can't { ... } else { ... }`: after an action by
// which a player chooses something (`sacrifice a creature other than this
// as creature`), the then-block runs if they had nothing to choose, and
// the else-block if they chose (Oracle's "If you can't sacrifice a
// creature, ..."). The player is the one who chose.
func (c *checker) cantStmt(s *dsl.IfStmt, sc *scope, a *checkedAbility, choice *checkedAction) *checkedIf {
	out := &checkedIf{sc: sc, pos: s.Pos, who: s.Cant.Player}
	switch {
	case choice == nil:
		c.errorf(s.Cant.Pos, CodeCant, "`if %s can't` follows no choice of this block", s.Cant.Player).Hint =
			"it comes after an action by which a player chooses, such as `sacrifice a creature other than this as creature`"
	case choice.loop != nil:
		c.errorf(s.Cant.Pos, CodeCant, "`if %s can't` after an action each of several players does: whose choice is it?", s.Cant.Player).Hint =
			"an action of `each player` is done by each of them; `if you can't` follows a choice of one player"
	case !choosesPlayer(choice, s.Cant.Player):
		c.errorf(s.Cant.Pos, CodeCant, "`if %s can't`: the player who chooses in the action before it is not %s", s.Cant.Player, s.Cant.Player).Hint =
			"name the player who chooses: `if you can't` after `sacrifice a creature`"
	default:
		out.cant = choice.result
	}
	out.then = c.block(s.Then, newScope(sc), a)
	switch {
	case s.Else == nil:
	case s.Else.If != nil:
		out.els = []checkedStmt{c.ifStmt(s.Else.If, sc, a)}
	default:
		out.els = c.block(s.Else.Block, newScope(sc), a)
	}
	return out
}

// choosesPlayer reports whether the player who makes the choice of an
// action is the one a word names: `you` for an action whose player is
// you, written or by default, or a bound name written as its player.
func choosesPlayer(act *checkedAction, who string) bool {
	for i, p := range act.fn.Params {
		if p.Name != "player" || i >= len(act.args) {
			continue
		}
		ca := act.args[i]
		switch {
		case ca.def != nil:
			return ca.def.Word() == who
		case ca.arg != nil && ca.arg.Kind == vocab.ArgExpr:
			return ca.arg.Expr.Word() == who
		}
		return false
	}
	return who == "you"
}

// delayed checks `at PATTERN { ... }` inside a body: a delayed triggered
// ability of the card, created when the statement runs (CR 603.7). It
// triggers only the next time its event happens (CR 603.7b).
func (c *checker) delayed(s *dsl.AtStmt, sc *scope, parent *checkedAbility) *checkedDelayed {
	d := c.newAbility(vm.AbilityDelayed, "at "+dsl.PhraseString(s.Phrase), s.Pos.Line, parent.tree)
	d.flags |= vm.FlagOnce
	c.eventAbility(d, s.Phrase, newScope(sc))
	c.body(d, s.Body)
	return &checkedDelayed{ability: d, pos: s.Pos}
}

// reflexive checks `when PATTERN { ... }` inside a body: a reflexive
// triggered ability (CR 603.12) of the card, which triggers if the
// decision before it was taken — its pattern is an event of the kind
// vocab.ReflexiveEvent, "you do" or "you sacrifice an Aura this way".
func (c *checker) reflexive(s *dsl.WhenStmt, sc *scope, parent *checkedAbility) *checkedReflexive {
	d := c.newAbility(vm.AbilityDelayed, "when "+dsl.PhraseString(s.Phrase), s.Pos.Line, parent.tree)
	c.eventAbility(d, s.Phrase, newScope(sc))
	if d.pattern != nil && d.pattern.Event.Name != vocab.ReflexiveEvent {
		c.errorf(s.Phrase.Pos, CodeReflexive, "`when` inside an ability is a reflexive trigger (CR 603.12), but %q is not what a player does this way", dsl.PhraseString(s.Phrase)).Hint =
			"write `when you do { ... }` or `when you sacrifice an Aura as aura this way { ... }` after `you may pay ...`; a delayed trigger is `at ... { }`"
	}
	c.body(d, s.Body)
	return &checkedReflexive{ability: d, pos: s.Pos}
}

// forEach checks `for each FILTER as NAME { ... }`: the block runs once
// for each permanent the filter describes as the statement begins, with
// NAME bound to it.
func (c *checker) forEach(s *dsl.ForEachStmt, sc *scope, a *checkedAbility) *checkedEach {
	parts := s.Phrase.Parts
	f, ok := c.v.MatchEach(parts, sc, c.bound)
	if !ok {
		c.errorf(s.Phrase.Pos, CodeForEach, "%q describes no permanents to go through", "for each "+dsl.PhraseString(s.Phrase)).Hint =
			"write a singular filter and name it: `for each other attacking creature you control as creature { ... }`"
		return nil
	}
	if f.Bind == "" {
		c.errorf(s.Phrase.Pos, CodeForEach, "`for each` needs a name for the permanent: add `as NAME`").Hint =
			"`for each other attacking creature you control as creature { ... }`"
		return nil
	}
	inner := newScope(sc)
	if prev := sc.lookup(f.Bind); prev != nil && !prev.implicit {
		c.errorf(f.Pos, CodeBinding, "%q is already bound", f.Bind).Hint = "choose another name"
	}
	b := &binding{name: f.Bind, typ: vocab.Type{Kind: vocab.KObject}, pos: f.Pos, filter: f}
	inner.names[f.Bind] = b
	c.bound[f.Bind] = f.Pos.Line
	a.tree.bindings = append(a.tree.bindings, b)
	return &checkedEach{filter: f, sc: sc, bind: b, body: c.block(s.Body, inner, a), pos: s.Pos}
}

// where checks `where X is N` (Oracle's "..., where X is the number of
// Swamps you control", CR 107.3c: X defined by the text): NAME is N for
// the statements after it in its block, and the blocks inside them; N is
// computed once, as the statement runs (CR 608.2h).
func (c *checker) where(s *dsl.WhereStmt, sc *scope, a *checkedAbility) *checkedWhere {
	parts := s.Phrase.Parts
	name := ""
	if len(parts) > 0 {
		name = parts[0].Word()
	}
	if name == "" || len(parts) < 3 || parts[1].Word() != "is" {
		c.errorf(s.Phrase.Pos, CodeType, "`where` names a number: `where X is N`").Hint =
			"write `where X is the number of Swamps you control`, then use X"
		return nil
	}
	arg, m := c.v.MatchNumber(parts[2:], sc, c.bound)
	if m != nil {
		c.mismatch(m)
		return nil
	}
	if prev := sc.names[name]; prev != nil && !prev.implicit {
		c.errorf(parts[0].Pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
		return nil
	}
	b := &binding{name: name, typ: vocab.Type{Kind: vocab.KNumber}, pos: parts[0].Pos}
	sc.names[name] = b
	c.bound[name] = parts[0].Pos.Line
	a.tree.bindings = append(a.tree.bindings, b)
	return &checkedWhere{bind: b, arg: arg, sc: sc, pos: s.Pos}
}

// condition checks the condition of an intervening "if" clause
// (CR 603.4): a phrase of the vocabulary's queries, read in the scope of
// the trigger's pattern; nil when it has an error.
func (c *checker) condition(ph *dsl.Phrase, a *checkedAbility) *checkedAction {
	if a.sc == nil {
		return nil
	}
	m, mis := c.v.Match(ph.Parts, vocab.ModeCondition, a.sc, c.bound)
	if mis != nil {
		c.phraseMismatch(ph.Parts, mis)
		return nil
	}
	c.warn(m.Warning)
	c.read(ph, m)
	c.noteChoice(m.Alts[0].Template.Func, ph.Pos) // "if it has the chosen name"
	return c.actionArgs(m.Alts[0], ph, a.sc, a, false)
}

// matchAction reads a phrase as an action of the vocabulary, in a cost or
// in a body, reporting why it doesn't read as one; it returns nil then.
func (c *checker) matchAction(ph *dsl.Phrase, sc *scope, cost bool) *vocab.Alt {
	alt, _ := c.matchActionNamed(ph, sc, cost)
	return alt
}

// matchActionNamed reads a phrase as matchAction does, and also as an
// action with a result followed by `as NAME`, which names what the action
// chose: `reveal the top card of your library as card`. It returns the
// name, or "" when the phrase names no result that way.
func (c *checker) matchActionNamed(ph *dsl.Phrase, sc *scope, cost bool) (*vocab.Alt, string) {
	pat, m := c.v.Match(ph.Parts, vocab.ModeAction, sc, c.bound)
	name := ""
	if last := len(ph.Parts) - 1; m != nil && last > 0 && ph.Parts[last].Bind != nil {
		if p, m2 := c.v.Match(ph.Parts[:last], vocab.ModeAction, sc, c.bound); m2 == nil && p.Alts[0].Template.Func.Returns() {
			pat, m, name = p, nil, *ph.Parts[last].Bind
		}
	}
	if m != nil {
		c.phraseMismatch(ph.Parts, m)
		return nil, ""
	}
	if alt := fitting(pat, cost); alt != nil && alt != pat.Alts[0] {
		// The one reading that fits where the phrase is: a cost's
		// `sacrifice a creature`, or a body's, which a player chooses.
		pat = &vocab.Match{Alts: []*vocab.Alt{alt}, Pos: pat.Pos}
	} else if alt == nil {
		c.warn(pat.Warning)
	}
	c.read(ph, pat)
	c.givesKeywordUntilEndOfTurn(pat)
	return pat.Alts[0], name
}

// fitting is the one reading of an action phrase that fits where it is,
// among its readings of several owners, or nil if there is not exactly
// one: in a cost, an action that can be paid (`is cost`); in a body, one
// whose slots of an object or a player hold no filter a player would
// choose from (only a cost chooses so: `sacrifice a creature`), except
// in a slot of objects, of which the action itself chooses.
func fitting(pat *vocab.Match, cost bool) *vocab.Alt {
	if len(pat.Others) == 0 {
		return nil
	}
	var found *vocab.Alt
	for _, alt := range append([]*vocab.Alt{pat.Alts[0]}, pat.Others...) {
		fits := alt.Template.Func != nil && alt.Template.Func.Cost
		if !cost {
			fits = !alt.ChoosesInSlot()
		}
		if fits {
			if found != nil {
				return nil
			}
			found = alt
		}
	}
	return found
}

// action checks one action statement; it returns nil when the statement
// has an error.
func (c *checker) action(ph *dsl.Phrase, sc *scope, a *checkedAbility) *checkedAction {
	outer := sc
	ph, sc, where, ok := c.phraseWhere(ph, sc)
	if !ok {
		return nil
	}
	alt, named := c.matchActionNamed(ph, sc, false)
	if alt == nil {
		return nil
	}
	if where != nil && !where.bind.used {
		c.errorf(where.pos, CodeType, "%q names X, and the phrase %q has no X", where.text, alt.Template.Text).Hint =
			"`where X is N` after a phrase says what X is in that phrase, as Oracle's \"..., where X is N\" does: `deal X damage to any target where X is the number of Goblins you control`"
		return nil
	}
	fi := alt.Template.Func
	switch {
	case fi.Context == "replace" && a.kind != vm.AbilityReplacement:
		c.errorf(ph.Pos, CodeContext, "%q only means something in a replacement effect", dsl.PhraseString(ph)).Hint =
			"a trigger happens after its event; to change the event, use `replace ... { }`"
		return nil
	case fi.Context == "enters" && a.kind != vm.AbilityEnters:
		c.errorf(ph.Pos, CodeContext, "%q only means something after `enters`", dsl.PhraseString(ph))
		return nil
	case a.kind == vm.AbilityEnters && fi.Context != "enters":
		c.errorf(ph.Pos, CodeContext, "`enters` says how this permanent enters, such as `enters with X +1/+1 counters`").Hint =
			"to do something after it enters, use `when this enters { ... }`"
		return nil
	}
	c.noteChoice(fi, ph.Pos)
	if fi.Optional {
		a.decision = "you" // `you may pay {2} and sacrifice ...`: `if you do` reads it
	}
	act := c.actionArgs(alt, ph, sc, a, false)
	if act != nil && !c.manaChoice(act) {
		return nil
	}
	if act != nil && named != "" {
		c.nameResult(act, named, ph.Parts[len(ph.Parts)-1].Pos, outer, a)
	}
	if act != nil {
		act.where = where
	}
	return act
}

// phraseWhere splits `where X is N` off the end of an action's phrase
// (Oracle's "deals X damage to any target, where X is the number of
// Goblins you control", CR 107.3c): X is N in that phrase alone, in a
// scope of its own under sc, computed once, as the action happens (CR
// 608.2h). It returns the phrase without it, the scope to read the
// phrase in and the where, or the phrase and sc as they are when it
// has none; ok is false when N has an error, reported.
func (c *checker) phraseWhere(ph *dsl.Phrase, sc *scope) (*dsl.Phrase, *scope, *checkedWhere, bool) {
	at := whereAt(ph.Parts)
	if at < 0 {
		return ph, sc, nil, true
	}
	words := ph.Parts[at:]
	arg, m := c.v.MatchNumber(words[3:], sc, c.bound)
	if m != nil {
		c.mismatch(m)
		return ph, sc, nil, false
	}
	inner := newScope(sc)
	b := &binding{name: "X", typ: vocab.Type{Kind: vocab.KNumber}, pos: words[1].Pos}
	inner.names["X"] = b
	rest := &dsl.Phrase{Span: dsl.Span{Pos: ph.Pos, EndPos: words[0].Pos}, Parts: ph.Parts[:at]}
	w := &checkedWhere{bind: b, arg: arg, sc: sc, pos: words[0].Pos, text: dsl.PartsString(words)}
	return rest, inner, w, true
}

// whereAt is where "where X is N" begins in the parts of a phrase, after
// at least one part and with at least one part of N, or -1.
func whereAt(parts []*dsl.Part) int {
	for i := 1; i+3 < len(parts); i++ {
		if strings.EqualFold(parts[i].Word(), "where") && parts[i+1].Word() == "X" && strings.EqualFold(parts[i+2].Word(), "is") {
			return i
		}
	}
	return -1
}

// nameResult names what an action with a result chose, `as NAME` at the
// end of its phrase, for the statements after it: the card a search
// found, the card revealed from the top of a library. The name reads the
// object as it was chosen; once the rest of the effect has moved it to a
// public zone, it finds it there (CR 400.7j).
func (c *checker) nameResult(act *checkedAction, name string, pos dsl.Pos, sc *scope, a *checkedAbility) {
	if prev := sc.lookup(name); prev != nil && !prev.implicit {
		c.errorf(pos, CodeBinding, "%q is already bound", name).Hint = "choose another name"
		return
	}
	b := act.result
	if b == nil {
		b = &binding{typ: act.fn.Result}
		act.result = b
	}
	b.name, b.pos, b.used = name, pos, false
	sc.names[name] = b
	c.bound[name] = pos.Line
	a.tree.bindings = append(a.tree.bindings, b) // warned about if unused
}

// manaChoice checks an action that adds one of several amounts of mana,
// its player's choice (`add {B} or {R}`; an action with more than one
// mana parameter is such a choice): each amount is mana of one type, and
// no two of one type, so that the choice is of a type (CR 106.1b).
func (c *checker) manaChoice(act *checkedAction) bool {
	var args []*vocab.Arg
	for _, ca := range act.args {
		if ca.arg != nil && ca.arg.Kind == vocab.ArgMana {
			args = append(args, ca.arg)
		}
	}
	if len(args) < 2 {
		return true
	}
	seen := map[mana.Type]bool{}
	for _, arg := range args {
		amount, err := mana.Produced(arg.Name)
		if err != nil {
			return false // argument reported it
		}
		types := amount.Types()
		switch {
		case len(types) != 1:
			c.errorf(arg.Pos, CodeBadMana, "%s is not mana of one type: a choice is among types of mana", arg.Name).Hint =
				"write each choice as mana of one type, such as {B} or {R}{R}"
			return false
		case seen[types[0]]:
			c.errorf(arg.Pos, CodeBadMana, "%s is of a type another choice is of: a choice is among types of mana", arg.Name)
			return false
		}
		seen[types[0]] = true
	}
	return true
}

// actionArgs gives each parameter of a matched action its value, in the
// order of the parameters; cost says the action is part of a cost.
func (c *checker) actionArgs(alt *vocab.Alt, ph *dsl.Phrase, sc *scope, a *checkedAbility, cost bool) *checkedAction {
	fi := alt.Template.Func
	act := &checkedAction{fn: fi, pos: ph.Pos, reading: alt}
	ok := true
	groups := 0
	for _, p := range fi.Params {
		arg := alt.Args[p.Name]
		switch {
		case arg != nil && arg.Kind == vocab.ArgFilter && arg.Filter.Det == "each":
			// `each opponent`: the action is done for each of them.
			ok = c.eachPlayer(arg, ph, a, cost, act) && ok
			act.args = append(act.args, checkedArg{param: p.Name, arg: arg, sc: sc, player: act.player})
		case arg != nil && arg.Kind == vocab.ArgTargets:
			ok = c.targetsArgument(arg, a, cost) && ok
			act.args = append(act.args, checkedArg{param: p.Name, arg: arg, sc: sc, bind: c.bindTargets(arg, sc, a)})
		case arg != nil:
			ok = c.spellSlot(alt.Template, p, arg) && c.argument(arg, a, cost, fi) && ok
			ca := checkedArg{param: p.Name, arg: arg, sc: sc, choice: cost && arg.Kind == vocab.ArgFilter,
				bind: c.bindTarget(arg, sc, a, cost)}
			if arg.Kind == vocab.ArgText {
				ca.granted = c.actionAbility(arg)
				ok = ca.granted != nil && c.tokenPT(alt, ph, ca.granted) && ok
			}
			if arg.Kind == vocab.ArgFilter && arg.Type.Kind != vocab.KObjects && arg.Filter.Count != nil && arg.Filter.Count.Max != 1 {
				// "destroy two target creatures": the action happens
				// for each of them.
				ca.group = true
				if groups++; groups == 2 {
					c.errorf(arg.Pos, CodeSeveralTargets, "%q: an action takes one number of targets; this one has two", dsl.PhraseString(ph)).Hint =
						"say what happens to each in a statement of its own"
					ok = false
				}
			}
			act.args = append(act.args, ca)
		case (p.Name == "power" || p.Name == "toughness") && alt.Args["power/toughness"] != nil:
			pt := alt.Args["power/toughness"]
			half := 1
			if p.Name == "toughness" {
				half = 2
			}
			act.args = append(act.args, checkedArg{param: p.Name, arg: pt, half: half, sc: sc})
		default:
			// The vocabulary guarantees a default for every parameter no
			// slot fills (vocab.Load checks it).
			act.args = append(act.args, checkedArg{param: p.Name, def: alt.Template.Defaults.Of(p.Name), pos: ph.Pos})
		}
	}
	if !ok {
		return nil
	}
	if fi.Action && fi.Returns() && !cost {
		act.result = c.bindResult(act, sc, a)
	}
	return act
}

// eachPlayer checks a slot filled with `each player`, `each opponent` or
// `each other player`: the action is done once for each of them (one such
// slot an action), in a resolving spell or ability's body — not in a
// cost, a replacement effect or an `enters` ability, which do what they
// do at once.
func (c *checker) eachPlayer(arg *vocab.Arg, ph *dsl.Phrase, a *checkedAbility, cost bool, act *checkedAction) bool {
	switch {
	case cost:
		c.errorf(arg.Pos, CodeContext, "a cost is paid by the player who activates the ability, not by %q", arg.Filter.Text)
		return false
	case a.kind == vm.AbilityReplacement || a.kind == vm.AbilityEnters:
		c.errorf(arg.Pos, CodeContext, "%q in a replacement effect: only a resolving spell or ability has each player act", arg.Filter.Text).Hint =
			"a replacement effect changes one event; have a triggered ability do it"
		return false
	case act.loop != nil:
		c.errorf(arg.Pos, CodeContext, "%q: an action does something for each of one set of players, and %q is already one", dsl.PhraseString(ph), act.loop.Text)
		return false
	}
	act.loop = arg.Filter
	act.player = &binding{name: "each player", typ: vocab.Type{Kind: vocab.KPlayer}, pos: arg.Pos, used: true}
	return true
}

// bindResult gives an action that returns what a player chose the
// binding its result is stored in: the name its filter's `as` gives (seen
// by the statements after it, read as the object last existed, CR
// 608.2h), or one without a name.
func (c *checker) bindResult(act *checkedAction, sc *scope, a *checkedAbility) *binding {
	b := &binding{typ: act.fn.Result, pos: act.pos, used: true}
	for _, ca := range act.args {
		if ca.arg == nil || ca.arg.Kind != vocab.ArgFilter || ca.arg.Type.Kind != vocab.KObjects || ca.arg.Filter.Bind == "" {
			continue
		}
		f := ca.arg.Filter
		if prev := sc.lookup(f.Bind); prev != nil && !prev.implicit {
			c.errorf(ca.arg.Pos, CodeBinding, "%q is already bound", f.Bind).Hint = "choose another name"
			return b
		}
		b.name, b.pos, b.used = f.Bind, ca.arg.Pos, false
		sc.names[f.Bind] = b
		c.bound[f.Bind] = ca.arg.Pos.Line
		a.tree.bindings = append(a.tree.bindings, b) // warned about if unused
	}
	return b
}

// argument checks what fills a parameter of an action, in the ability it
// is used in; cost says the action is part of a cost.
func (c *checker) argument(arg *vocab.Arg, a *checkedAbility, cost bool, fi *vocab.FuncInfo) bool {
	if arg.Kind == vocab.ArgMana {
		// Mana an effect adds: colored, {C} and generic symbols (CR 106.4,
		// 106.10); a hybrid, Phyrexian or X symbol would need a choice.
		if _, err := mana.Produced(arg.Name); err != nil {
			c.errorf(arg.Pos, CodeBadMana, "%v", err).Hint = "an effect adds mana such as {G}, {G}{G}, {C} or {2}; for a choice of color, say `add one mana of any color`"
			return false
		}
		return true
	}
	if arg.Kind != vocab.ArgFilter {
		return true
	}
	f := arg.Filter
	targets := f.Det == "target" || f.Det == "any"
	if targets && !cost && !c.checkTargetFilter(f, a, arg.Pos) {
		return false
	}
	if f.Bind != "" && targets && f.Count != nil && f.Count.Max != 1 && !cost {
		c.errorf(arg.Pos, CodeSeveralTargets, "`as %s` names one object, and %q may be several", f.Bind, f.Text).Hint =
			"an action on several targets happens to each; to name them all, use an action that takes targets (`choose ... as them`)"
		return false
	}
	// What an action chooses from a set of objects it returns, and `as`
	// names it (`sacrifice a creature as creature`).
	named := arg.Type.Kind == vocab.KObjects && fi.Action && fi.Returns() && !cost
	if f.Bind != "" && (!targets || cost) && !named {
		c.errorf(arg.Pos, CodeBinding, "`as %s` in an action names nothing", f.Bind).Hint =
			"`as` names the objects of an event pattern, in a trigger or a replacement effect, or a target: `target creature as creature`"
	}
	if arg.Type.Kind == vocab.KObjects {
		return f.Bind == "" || named // a set of objects the action looks at
	}
	switch {
	case cost && targets:
		c.errorf(arg.Pos, CodeContext, "a cost has no targets (CR 601.2c)").Hint =
			"say which object pays it: `sacrifice this`, or `sacrifice a creature` for one its controller chooses"
		return false
	case cost:
		return f.Bind == "" // an object chosen to pay the cost
	case targets && (a.kind == vm.AbilityReplacement || a.kind == vm.AbilityEnters):
		c.errorf(arg.Pos, CodeContext, "a replacement effect has no targets (CR 115.1)").Hint =
			"only spells and abilities that go on the stack target; say which object it affects with a name bound in the pattern"
		return false
	case !targets:
		c.errorf(arg.Pos, CodeChoice, "%q does not say which one", f.Text).Hint =
			"say `target " + strings.TrimPrefix(f.Text, f.Det+" ") + "`, or name it with `as` in the trigger"
		return false
	}
	return true
}

// targetsArgument checks the targets of a slot of type targets: each a
// target, in an ability that targets (not a cost, not a replacement
// effect), its filter reading only what is known as targets are chosen.
func (c *checker) targetsArgument(arg *vocab.Arg, a *checkedAbility, cost bool) bool {
	switch {
	case cost:
		c.errorf(arg.Pos, CodeContext, "a cost has no targets (CR 601.2c)")
		return false
	case a.kind == vm.AbilityReplacement || a.kind == vm.AbilityEnters:
		c.errorf(arg.Pos, CodeContext, "a replacement effect has no targets (CR 115.1)")
		return false
	}
	ok := true
	for _, f := range arg.Targets {
		ok = c.checkTargetFilter(f, a, arg.Pos) && ok
	}
	return ok
}

// bindTargets names the targets of a slot of type targets, `choose
// target ... and up to two target ... as them`, for the statements after
// it: the name's value is the set of those targets.
func (c *checker) bindTargets(arg *vocab.Arg, sc *scope, a *checkedAbility) *binding {
	if arg.Bind == "" {
		return nil
	}
	if prev := sc.lookup(arg.Bind); prev != nil && !prev.implicit {
		c.errorf(arg.Pos, CodeBinding, "%q is already bound", arg.Bind).Hint = "choose another name"
		return nil
	}
	b := &binding{name: arg.Bind, typ: vocab.Type{Kind: vocab.KTargets}, pos: arg.Pos}
	sc.names[arg.Bind] = b
	c.bound[arg.Bind] = arg.Pos.Line
	a.tree.bindings = append(a.tree.bindings, b)
	return b
}

// bindTarget names a target of an action, `target creature as creature`,
// for the statements after it (Act of Treason's "Untap that creature"):
// the name reads the target, as the spell or ability resolves. It
// returns the binding, or nil when the argument binds no target.
func (c *checker) bindTarget(arg *vocab.Arg, sc *scope, a *checkedAbility, cost bool) *binding {
	if arg.Kind != vocab.ArgFilter || arg.Filter.Bind == "" || cost || arg.Type.Kind == vocab.KObjects {
		return nil
	}
	f := arg.Filter
	if f.Det != "target" && f.Det != "any" || f.Count != nil && f.Count.Max != 1 {
		return nil // several targets have no one name (argument says so)
	}
	if prev := sc.lookup(f.Bind); prev != nil && !prev.implicit {
		c.errorf(arg.Pos, CodeBinding, "%q is already bound", f.Bind).Hint = "choose another name"
		return nil
	}
	b := &binding{name: f.Bind, typ: f.Yields, pos: arg.Pos, filter: f}
	sc.names[f.Bind] = b
	c.bound[f.Bind] = arg.Pos.Line
	a.tree.bindings = append(a.tree.bindings, b) // warned about if unused
	return b
}
