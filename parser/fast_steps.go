package parser

import (
	"reflect"
	"strconv"
	"sync"

	"github.com/cardc/cardc/dsl"
)

// The fast path for test declarations. A card's productions are told apart
// by their first word; a test's statements are not (`"X" is tapped` and
// `"X" is on the battlefield` start alike, and so do the many lines that
// start with you or opponent), so here the fast path does what participle
// does: it tries the alternatives of a union in the grammar's order and
// takes the first that matches, going back to where the statement started
// after each one that does not.
//
// An optional part, or one more time round a repetition, that starts to
// match and then fails is read as absent, from where it started, as
// participle reads it (attempt).
//
// participle gives up on the whole declaration, with an error, when an
// alternative, an optional part or a repetition fails after reading more
// than its lookahead (8 tokens) further; the fast path then gives up on the
// declaration too (abandon), judged by the furthest token the part read,
// which is never short of where participle stopped. So whenever the fast
// path reads a test, participle reads the same.

// lookahead is participle's (UseLookahead in options).
const lookahead = 8

// abandon gives up on the declaration: no alternative may take over.
func (p *fastParser) abandon() {
	p.abandoned = true
	p.failed = true
}

// attempt runs part, an optional part of the grammar, one alternative of a
// union, or one more time round a repetition. If it fails, participle
// reads it as absent and goes on from where it started: so does attempt,
// and it returns false; unless the part read more than lookahead tokens
// first, where participle gives up, and attempt abandons.
func (p *fastParser) attempt(part func()) bool {
	start, far := p.i, p.far
	p.far = start
	part()
	ok := !p.failed
	switch {
	case ok:
	case p.abandoned || p.significant(start, p.far) > lookahead:
		p.abandon()
	default:
		p.i, p.failed = start, false
	}
	p.far = max(p.far, far)
	return ok
}

// choose tries the alternatives of a union in order, each from the same
// token, and returns the first that reads, or fails if none does.
func choose[T comparable](p *fastParser, alts []func(*fastParser) T) T {
	var v, none T
	for _, alt := range alts {
		read := p.attempt(func() {
			if v = alt(p); v == none {
				p.fail()
			}
		})
		if read {
			return v
		}
		if p.abandoned {
			return none
		}
	}
	p.fail()
	return none
}

// significant counts the tokens participle counts between two indexes of
// the declaration's tokens: those it does not elide.
func (p *fastParser) significant(from, to int) int {
	n := 0
	for _, t := range p.toks[from:min(to, len(p.toks))] {
		if t.Type != tokComment && t.Type != tokWhitespace {
			n++
		}
	}
	return n
}

// optional reads an optional part that starts with the literal v, if the
// next token is v: it takes v and runs rest, as attempt does. It reports
// whether the part was read.
func (p *fastParser) optional(v string, rest func()) bool {
	if !p.is(v) {
		return false
	}
	return p.attempt(func() {
		p.take()
		rest()
	})
}

// flag reads an optional literal captured as a bool: `@'v'?`.
func (p *fastParser) flag(v string) bool {
	if !p.is(v) {
		return false
	}
	p.take()
	return true
}

// list reads `ITEM ( SEP ITEM )*`, SEP one of seps, each further ITEM
// read as attempt reads it.
func list[T any](p *fastParser, item func() T, seps ...string) []T {
	first := item()
	if p.failed {
		return nil
	}
	out := []T{first}
	for {
		more := p.attempt(func() {
			p.oneOf(seps...)
			if !p.failed {
				next := item()
				if !p.failed {
					out = append(out, next)
				}
			}
		})
		if !more {
			return out
		}
	}
}

// oneOf takes the next token if it is one of the literals vs, and returns
// its text; else it fails.
func (p *fastParser) oneOf(vs ...string) string {
	for _, v := range vs {
		if p.is(v) {
			return p.take().Value
		}
	}
	p.fail()
	return ""
}

// isPlayer reports whether the next token is you or opponent.
func (p *fastParser) isPlayer() bool { return p.is("you") || p.is("opponent") }

// number takes a Number and converts it as participle does (base prefixes
// read, as strconv.ParseInt with base 0 reads them); one it cannot convert
// abandons.
func (p *fastParser) number() int {
	v, ok := p.expectType(tokNumber)
	if !ok {
		return 0
	}
	return p.convert(v)
}

// convert reads captured text as an int field of the grammar.
func (p *fastParser) convert(v string) int {
	n, err := strconv.ParseInt(v, 0, strconv.IntSize)
	if err != nil {
		p.abandon()
		return 0
	}
	return int(n)
}

// text takes a String or a RawString and returns it as written.
func (p *fastParser) text() string {
	if !p.isText() {
		p.fail()
		return ""
	}
	return p.take().Value
}

// test reads `test "Name" { SECTIONS }`.
func (p *fastParser) test() *dsl.Test {
	t := &dsl.Test{}
	t.Pos = p.pos()
	p.take() // test
	if t.Name = p.text(); p.failed || !p.expect("{") {
		return nil
	}
	p.seps()
	for !p.failed && !p.is("}") {
		var s dsl.TestSection
		switch p.peek().Value {
		case "given":
			s = nilIfFailed[dsl.TestSection](p, p.given())
		case "when":
			s = nilIfFailed[dsl.TestSection](p, p.when())
		case "then":
			s = nilIfFailed[dsl.TestSection](p, p.then())
		}
		if s == nil {
			p.fail()
			return nil
		}
		t.Sections = append(t.Sections, s)
		p.seps()
	}
	if !p.expect("}") {
		return nil
	}
	t.EndPos = p.end()
	return t
}

// nilIfFailed returns v as an interface, nil if the parser failed or v is
// a nil pointer (which as an interface would not be nil).
func nilIfFailed[I any, T interface {
	*E
	dsl.Node
}, E any](p *fastParser, v T) I {
	var none I
	if p.failed || v == nil {
		return none
	}
	return any(v).(I)
}

// section reads `WORD { STATEMENT... }`, each statement read by stmt.
func section[T comparable](p *fastParser, stmt func() T) (dsl.Span, []T) {
	var span dsl.Span
	span.Pos = p.pos()
	p.take() // given, when or then
	if !p.expect("{") {
		return span, nil
	}
	p.seps()
	var none T
	var stmts []T
	for !p.failed && !p.is("}") {
		s := stmt()
		if p.failed || s == none {
			p.fail()
			return span, nil
		}
		stmts = append(stmts, s)
		p.seps()
	}
	p.expect("}")
	span.EndPos = p.end()
	return span, stmts
}

// given reads `given { ... }`.
func (p *fastParser) given() *dsl.Given {
	span, stmts := section(p, p.givenStmt)
	return &dsl.Given{Span: span, Stmts: stmts}
}

// when reads `when { ... }`.
func (p *fastParser) when() *dsl.When {
	span, stmts := section(p, p.action)
	return &dsl.When{Span: span, Stmts: stmts}
}

// then reads `then { ... }`.
func (p *fastParser) then() *dsl.Then {
	span, stmts := section(p, p.assertion)
	return &dsl.Then{Span: span, Stmts: stmts}
}

// node finishes a node that started at span.Pos: it returns v, or nil if
// the parser failed, and sets the node's span.
func node[T interface {
	*E
	dsl.Node
}, E any](p *fastParser, start dsl.Pos, v T, span *dsl.Span) T {
	if p.failed {
		return nil
	}
	span.Pos, span.EndPos = start, p.end()
	return v
}

// ---- the statements of tests ----

// A testReader reads one kind of statement of a test on the fast path: a
// node type of given, when or then (a step of the test language), and its
// reader, which returns the statement as its union's interface (one of
// given, action and assertion is set), or nil if it fails.
type testReader struct {
	typ       reflect.Type
	given     func(*fastParser) dsl.GivenStmt
	action    func(*fastParser) dsl.Action
	assertion func(*fastParser) dsl.Assertion
}

// givenReader, actionReader and assertionReader are the testReaders of
// the statements of node type N of given, when and then: read reads one,
// or fails.
func givenReader[N interface {
	*E
	dsl.GivenStmt
}, E any](read func(*fastParser) N) testReader {
	return testReader{typ: reflect.TypeFor[N](), given: func(p *fastParser) dsl.GivenStmt {
		if n := read(p); n != nil && !p.failed {
			return n
		}
		return nil
	}}
}

func actionReader[N interface {
	*E
	dsl.Action
}, E any](read func(*fastParser) N) testReader {
	return testReader{typ: reflect.TypeFor[N](), action: func(p *fastParser) dsl.Action {
		if n := read(p); n != nil && !p.failed {
			return n
		}
		return nil
	}}
}

func assertionReader[N interface {
	*E
	dsl.Assertion
}, E any](read func(*fastParser) N) testReader {
	return testReader{typ: reflect.TypeFor[N](), assertion: func(p *fastParser) dsl.Assertion {
		if n := read(p); n != nil && !p.failed {
			return n
		}
		return nil
	}}
}

// testReaders are the fast path's readers of the statements of tests, a
// row per node type. The order they are tried in is the grammar's, that of
// dsl.GivenStmts, dsl.Actions and dsl.Assertions. A statement with no
// reader here is read by participle: on reaching it, the fast path gives
// its declaration up (TestEveryStatementHasAFastReader finds it). They
// are made when a test is first read, not at every start of cardc (a
// function: as a variable's initializer, they would lead back to it
// through the readers of the statements, which Go forbids).
func testReaders() []testReader {
	return []testReader{
		givenReader((*fastParser).controlStmt),
		givenReader((*fastParser).lifeStmt),
		givenReader((*fastParser).poolStmt),
		givenReader((*fastParser).zoneStmt),
		givenReader((*fastParser).stepStmt),
		givenReader((*fastParser).pileStmt),

		actionReader((*fastParser).counterAction),
		actionReader((*fastParser).destroyAction),
		actionReader((*fastParser).castAction),
		actionReader((*fastParser).playAction),
		actionReader((*fastParser).attackAction),
		actionReader((*fastParser).blockAction),
		actionReader((*fastParser).resolveAction),
		actionReader((*fastParser).advanceAction),
		actionReader((*fastParser).orderAction),
		actionReader((*fastParser).tapAction),
		actionReader((*fastParser).tapEffectAction),
		actionReader((*fastParser).sacrificeAction),
		actionReader((*fastParser).activateAction),
		actionReader((*fastParser).illegalAction),
		actionReader((*fastParser).targetAction),
		actionReader((*fastParser).payAction),
		actionReader((*fastParser).newTargetsAction),
		actionReader((*fastParser).discardChoiceAction),
		actionReader((*fastParser).randomAction),
		actionReader((*fastParser).modeAction),
		actionReader((*fastParser).chooseAction),
		actionReader((*fastParser).dealAction),
		actionReader((*fastParser).divideAction),

		assertionReader((*fastParser).logAssert),
		assertionReader((*fastParser).logOrderAssert),
		assertionReader((*fastParser).stackAssert),
		assertionReader((*fastParser).turnAssert),
		assertionReader((*fastParser).poolAssert),
		assertionReader((*fastParser).gameAssert),
		assertionReader((*fastParser).lifeAssert),
		assertionReader((*fastParser).handSizeAssert),
		assertionReader((*fastParser).playerCountAssert),
		assertionReader((*fastParser).handRevealedAssert),
		assertionReader((*fastParser).zoneAssert),
		assertionReader((*fastParser).blockingAssert),
		assertionReader((*fastParser).stateAssert),
		assertionReader((*fastParser).ptAssert),
		assertionReader((*fastParser).countAssert),
		assertionReader((*fastParser).decisionAssert),
		assertionReader((*fastParser).paidAssert),
		assertionReader((*fastParser).modesAssert),
		assertionReader((*fastParser).choiceAssert),
		assertionReader((*fastParser).controlAssert),
		assertionReader((*fastParser).attachedAssert),
		assertionReader((*fastParser).requirementAssert),
		assertionReader((*fastParser).keywordAssert),
		assertionReader((*fastParser).pileAssert),
		assertionReader((*fastParser).dividedAssert),
	}
}

// stepReaders are the readers of the members of each union of
// statements, in the grammar's order: built when a test is first read,
// not at every start of cardc.
type stepReaders struct {
	given     []func(*fastParser) dsl.GivenStmt
	action    []func(*fastParser) dsl.Action
	assertion []func(*fastParser) dsl.Assertion
}

// readers returns the readers of each union, made once.
func readers() *stepReaders {
	readersOnce.Do(func() {
		rows := testReaders()
		byType := make(map[reflect.Type]testReader, len(rows))
		for _, r := range rows {
			byType[r.typ] = r
		}
		madeReaders = stepReaders{
			given:     unionReaders(byType, dsl.GivenStmts(), func(r testReader) func(*fastParser) dsl.GivenStmt { return r.given }),
			action:    unionReaders(byType, dsl.Actions(), func(r testReader) func(*fastParser) dsl.Action { return r.action }),
			assertion: unionReaders(byType, dsl.Assertions(), func(r testReader) func(*fastParser) dsl.Assertion { return r.assertion }),
		}
	})
	return &madeReaders
}

var (
	readersOnce sync.Once
	madeReaders stepReaders
)

// unionReaders returns the readers of the members of a union, in order:
// of each member, the reader pick takes from its row of testReaders. A
// member with no reader gives the declaration up when it is tried, for
// participle to read.
func unionReaders[I any](byType map[reflect.Type]testReader, members []I, pick func(testReader) func(*fastParser) I) []func(*fastParser) I {
	out := make([]func(*fastParser) I, len(members))
	for i, m := range members {
		read := pick(byType[reflect.TypeOf(m)])
		if read == nil {
			read = func(p *fastParser) I {
				p.abandon()
				var none I
				return none
			}
		}
		out[i] = read
	}
	return out
}

// ---- given ----

// givenStmt reads a line of given, in the union's order.
func (p *fastParser) givenStmt() dsl.GivenStmt { return choose(p, readers().given) }

// controlStmt reads `you control CARD, CARD...`.
func (p *fastParser) controlStmt() *dsl.ControlStmt {
	s, start := &dsl.ControlStmt{}, p.pos()
	s.Player = p.oneOf("you", "opponent")
	p.oneOf("control", "controls")
	if !p.failed {
		s.Cards = p.cardSpecs()
	}
	return node(p, start, s, &s.Span)
}

// lifeStmt reads `you have N life`.
func (p *fastParser) lifeStmt() *dsl.LifeStmt {
	s, start := &dsl.LifeStmt{}, p.pos()
	s.Player, s.Life = p.playerLife()
	return node(p, start, s, &s.Span)
}

// playerLife reads `you have N life`, in given and in then.
func (p *fastParser) playerLife() (player string, life int) {
	if player = p.oneOf("you", "opponent"); !p.failed {
		p.oneOf("have", "has")
	}
	if !p.failed {
		life = p.signedNumber()
	}
	if !p.failed {
		p.expect("life")
	}
	return player, life
}

// signedNumber reads `'-'? Number`, captured as one value.
func (p *fastParser) signedNumber() int {
	sign := ""
	if p.is("-") {
		sign = p.take().Value
	}
	v, ok := p.expectType(tokNumber)
	if !ok {
		return 0
	}
	return p.convert(sign + v)
}

// poolStmt reads `you have MANA in your mana pool`.
func (p *fastParser) poolStmt() *dsl.PoolStmt {
	s, start := &dsl.PoolStmt{}, p.pos()
	s.Player, s.Mana = p.playerMana()
	return node(p, start, s, &s.Span)
}

// playerMana reads `you have MANA in your mana pool`, in given and in then.
func (p *fastParser) playerMana() (player, mana string) {
	if player = p.oneOf("you", "opponent"); !p.failed {
		p.oneOf("have", "has")
	}
	if !p.failed {
		mana, _ = p.expectType(tokMana)
	}
	if !p.failed {
		p.expect("in")
	}
	if !p.failed {
		p.oneOf("your", "their")
	}
	if !p.failed && p.expect("mana") {
		p.expect("pool")
	}
	return player, mana
}

// zoneStmt reads `you have CARD, CARD... in ZONE`.
func (p *fastParser) zoneStmt() *dsl.ZoneStmt {
	s, start := &dsl.ZoneStmt{}, p.pos()
	s.Player = p.oneOf("you", "opponent")
	p.oneOf("have", "has")
	if !p.failed {
		s.Cards = p.cardSpecs()
	}
	if !p.failed && p.expect("in") {
		if p.is("opening") {
			p.take()
			s.Opening = p.expect("hand")
		} else {
			s.Zone = p.oneOf("hand", "graveyard", "library", "exile")
		}
	}
	return node(p, start, s, &s.Span)
}

// stepStmt reads `it is your STEP`.
func (p *fastParser) stepStmt() *dsl.StepStmt {
	s, start := &dsl.StepStmt{}, p.pos()
	if p.expect("it") && p.expect("is") {
		s.Player = p.oneOf("your", "opponent's")
	}
	if !p.failed {
		s.Step = p.idents()
	}
	return node(p, start, s, &s.Span)
}

// pileStmt reads `your library is ITEM, ITEM`.
func (p *fastParser) pileStmt() *dsl.PileStmt {
	s, start := &dsl.PileStmt{}, p.pos()
	s.Player = p.oneOf("your", "opponent's")
	if !p.failed {
		s.Zone = p.oneOf("library", "graveyard", "exile")
	}
	if !p.failed && p.expect("is") {
		if s.Empty = p.flag("empty"); !s.Empty {
			s.Cards = list(p, p.pileItem, ",", "and", "then")
		}
	}
	return node(p, start, s, &s.Span)
}

// pileItem reads `[N] "Name" [as ALIAS]` or `N cards`.
func (p *fastParser) pileItem() *dsl.PileItem {
	it, start := &dsl.PileItem{}, p.pos()
	if p.isType(tokNumber) {
		n := p.number()
		it.Count = &n
	}
	switch {
	case p.failed:
	case p.is("cards") || p.is("card"):
		p.take()
		it.Unnamed = true
	default:
		if it.Name = p.text(); !p.failed && !p.optional("as", func() { it.Alias, _ = p.expectType(tokIdent) }) {
			it.Alias = ""
		}
	}
	return node(p, start, it, &it.Span)
}

// cardSpecs reads `CARD ( (, | and) CARD )*`.
func (p *fastParser) cardSpecs() []*dsl.CardSpec { return list(p, p.cardSpec, ",", "and") }

// cardSpec reads `"Name" [with CLAUSE, CLAUSE] [tapped] [attached to REF]
// [as ALIAS]`.
func (p *fastParser) cardSpec() *dsl.CardSpec {
	c, start := &dsl.CardSpec{}, p.pos()
	if c.Name = p.text(); p.failed {
		return nil
	}
	if !p.optional("with", func() { c.With = p.withClauses() }) {
		c.With = nil
	}
	c.Tapped = p.flag("tapped")
	if !p.optional("attached", func() {
		if p.expect("to") {
			c.AttachedTo = p.cardRef()
		}
	}) {
		c.AttachedTo = nil
	}
	if !p.optional("as", func() { c.Alias, _ = p.expectType(tokIdent) }) {
		c.Alias = ""
	}
	return node(p, start, c, &c.Span)
}

// withClauses reads `CLAUSE ( (, | and) CLAUSE )*`.
func (p *fastParser) withClauses() []*dsl.WithClause { return list(p, p.withClause, ",", "and") }

// withClause reads `N damage` or `N KIND counters`.
func (p *fastParser) withClause() *dsl.WithClause {
	w, start := &dsl.WithClause{}, p.pos()
	w.Count = p.number()
	if !p.failed {
		w.Damage, w.Counter = p.damageOrCounters()
	}
	return node(p, start, w, &w.Span)
}

// damageOrCounters reads `damage` or `KIND counters`.
func (p *fastParser) damageOrCounters() (damage bool, kind string) {
	if p.flag("damage") {
		return true, ""
	}
	return false, p.counterKind()
}

// ---- references ----

// cardRef reads `"Name" [token on REF]` or an alias.
func (p *fastParser) cardRef() *dsl.CardRef {
	r, start := &dsl.CardRef{}, p.pos()
	r.Each = p.flag("each")
	switch {
	case p.isText():
		r.Name = p.str(p.take().Value)
		if !p.optional("token", func() {
			if p.expect("on") {
				r.On = p.cardRef()
			}
		}) {
			r.On = nil
		}
	case p.isType(tokIdent):
		r.Alias = p.str(p.take().Value)
	default:
		p.fail()
	}
	return node(p, start, r, &r.Span)
}

// cardRefs reads `REF ( SEP REF )*`, SEP one of seps.
func (p *fastParser) cardRefs(seps ...string) []*dsl.CardRef { return list(p, p.cardRef, seps...) }

// targetRef reads a player or a card.
func (p *fastParser) targetRef() *dsl.TargetRef {
	r, start := &dsl.TargetRef{}, p.pos()
	if p.isPlayer() {
		r.Player = p.str(p.take().Value)
	} else {
		r.Card = p.cardRef()
	}
	return node(p, start, r, &r.Span)
}

// targetRefs reads `TARGET ( (, | and) TARGET )*`.
func (p *fastParser) targetRefs() []*dsl.TargetRef { return list(p, p.targetRef, ",", "and") }

// ---- when ----

// action reads a line of when, in the union's order.
func (p *fastParser) action() dsl.Action { return choose(p, readers().action) }

// counterAction reads `put N KIND counters on REF`.
func (p *fastParser) counterAction() *dsl.CounterAction {
	a, start := &dsl.CounterAction{}, p.pos()
	a.Verb = p.oneOf("put", "remove")
	if !p.failed {
		a.Amount = p.number()
	}
	if !p.failed {
		a.Kind = p.counterKind()
	}
	if !p.failed {
		p.oneOf("on", "from")
	}
	if !p.failed {
		a.Card = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// counterKind reads `KIND counters`: `@( PT | Ident ) ( 'counters' |
// 'counter' )`.
func (p *fastParser) counterKind() string {
	if !p.isType(tokPT) && !p.isType(tokIdent) {
		p.fail()
		return ""
	}
	kind := p.take().Value
	p.oneOf("counters", "counter")
	return kind
}

// destroyAction reads `destroy REF`.
func (p *fastParser) destroyAction() *dsl.DestroyAction {
	a, start := &dsl.DestroyAction{}, p.pos()
	if p.expect("destroy") {
		a.Card = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// actor reads the optional `you` or `opponent` that starts some actions.
func (p *fastParser) actor() string {
	if p.isPlayer() {
		return p.take().Value
	}
	return ""
}

// castAction reads `[you] cast REF [with X = N] [targeting T, T]`.
func (p *fastParser) castAction() *dsl.CastAction {
	a, start := &dsl.CastAction{}, p.pos()
	a.Player = p.actor()
	p.oneOf("cast", "casts")
	if !p.failed {
		a.Card = p.cardRef()
	}
	if !p.failed && !p.optional("with", func() { a.X = p.xValue() }) {
		a.X = nil
	}
	if !p.failed && !p.optional("targeting", func() { a.Targets = p.targetRefs() }) {
		a.Targets = nil
	}
	return node(p, start, a, &a.Span)
}

// playAction reads `[you] play REF`.
func (p *fastParser) playAction() *dsl.PlayAction {
	a, start := &dsl.PlayAction{}, p.pos()
	a.Player = p.actor()
	p.oneOf("play", "plays")
	if !p.failed {
		a.Card = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// xValue reads `X = N`, after with.
func (p *fastParser) xValue() *int {
	if !p.expect("X") || !p.expect("=") {
		return nil
	}
	n := p.number()
	return &n
}

// attackAction reads `attack with REF, REF`.
func (p *fastParser) attackAction() *dsl.AttackAction {
	a, start := &dsl.AttackAction{}, p.pos()
	if p.expect("attack") && p.expect("with") {
		a.Cards = p.cardRefs(",", "and")
	}
	return node(p, start, a, &a.Span)
}

// blockAction reads `block REF with REF, REF`.
func (p *fastParser) blockAction() *dsl.BlockAction {
	a, start := &dsl.BlockAction{}, p.pos()
	if p.expect("block") {
		a.Attacker = p.cardRef()
	}
	if !p.failed && p.expect("with") {
		a.Blockers = p.cardRefs(",", "and")
	}
	return node(p, start, a, &a.Span)
}

// resolveAction reads `resolve [all]`.
func (p *fastParser) resolveAction() *dsl.ResolveAction {
	a, start := &dsl.ResolveAction{}, p.pos()
	if p.expect("resolve") {
		a.All = p.flag("all")
	}
	return node(p, start, a, &a.Span)
}

// advanceAction reads `advance to STEP`.
func (p *fastParser) advanceAction() *dsl.AdvanceAction {
	a, start := &dsl.AdvanceAction{}, p.pos()
	if p.expect("advance") && p.expect("to") {
		a.Words = p.idents()
	}
	return node(p, start, a, &a.Span)
}

// orderAction reads `order triggers REF then REF`.
func (p *fastParser) orderAction() *dsl.OrderAction {
	a, start := &dsl.OrderAction{}, p.pos()
	if p.expect("order") {
		a.What = p.oneOf("triggers", "replacements", "cards")
	}
	if !p.failed {
		a.Cards = p.cardRefs(",", "and", "then")
	}
	return node(p, start, a, &a.Span)
}

// tapAction reads `[you] tap REF for mana` or `... for MANA`.
func (p *fastParser) tapAction() *dsl.TapAction {
	a, start := &dsl.TapAction{}, p.pos()
	a.Player = p.actor()
	p.oneOf("tap", "taps")
	if !p.failed {
		a.Card = p.cardRef()
	}
	if !p.failed && p.expect("for") {
		if p.is("mana") {
			p.take()
		} else {
			a.Mana, _ = p.expectType(tokMana)
		}
	}
	return node(p, start, a, &a.Span)
}

// tapEffectAction reads `tap REF` or `untap REF`.
func (p *fastParser) tapEffectAction() *dsl.TapEffectAction {
	a, start := &dsl.TapEffectAction{}, p.pos()
	if a.Verb = p.oneOf("tap", "untap"); !p.failed {
		a.Card = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// sacrificeAction reads `sacrifice REF`.
func (p *fastParser) sacrificeAction() *dsl.SacrificeAction {
	a, start := &dsl.SacrificeAction{}, p.pos()
	if p.expect("sacrifice") {
		a.Card = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// activateAction reads `[you] activate REF [ability N] [with X = N]
// [targeting T, T] [sacrificing|choosing REF, REF] [for MANA]`.
func (p *fastParser) activateAction() *dsl.ActivateAction {
	a, start := &dsl.ActivateAction{}, p.pos()
	a.Player = p.actor()
	p.oneOf("activate", "activates")
	if !p.failed {
		a.Card = p.cardRef()
	}
	if !p.failed && !p.optional("ability", func() { n := p.number(); a.Ability = &n }) {
		a.Ability = nil
	}
	if !p.failed && !p.optional("with", func() { a.X = p.xValue() }) {
		a.X = nil
	}
	if !p.failed && !p.optional("targeting", func() { a.Targets = p.targetRefs() }) {
		a.Targets = nil
	}
	if !p.failed && (p.is("sacrificing") || p.is("choosing")) {
		if !p.attempt(func() {
			a.Choose = p.take().Value
			a.Choices = p.cardRefs(",", "and")
		}) {
			a.Choose, a.Choices = "", nil
		}
	}
	if !p.failed && !p.optional("for", func() { a.Mana, _ = p.expectType(tokMana) }) {
		a.Mana = ""
	}
	return node(p, start, a, &a.Span)
}

// illegalAction reads `illegal "RULE": ACTION`.
func (p *fastParser) illegalAction() *dsl.IllegalAction {
	a, start := &dsl.IllegalAction{}, p.pos()
	if p.expect("illegal") {
		a.Rule = p.text()
	}
	if !p.failed && p.expect(":") {
		a.Action = p.action()
	}
	return node(p, start, a, &a.Span)
}

// targetAction reads `target nothing` or `target T, T`.
func (p *fastParser) targetAction() *dsl.TargetAction {
	a, start := &dsl.TargetAction{}, p.pos()
	if p.expect("target") {
		if a.Nothing = p.flag("nothing"); !a.Nothing {
			ts := p.targetRefs()
			if !p.failed {
				a.Target, a.More = ts[0], ts[1:]
				if len(a.More) == 0 {
					a.More = nil
				}
			}
		}
	}
	return node(p, start, a, &a.Span)
}

// payAction reads `you pay [sacrificing REF]`, `you accept` or `you
// decline`.
func (p *fastParser) payAction() *dsl.PayAction {
	a, start := &dsl.PayAction{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed {
		a.Verb = p.oneOf("pay", "pays", "accept", "accepts", "decline", "declines")
	}
	if !p.failed && !p.optional("sacrificing", func() { a.Card = p.cardRef() }) {
		a.Card = nil
	}
	return node(p, start, a, &a.Span)
}

// modeAction reads `choose mode N` or `choose modes N, N`.
func (p *fastParser) modeAction() *dsl.ModeAction {
	a, start := &dsl.ModeAction{}, p.pos()
	if p.expect("choose") {
		a.Word = p.oneOf("mode", "modes")
	}
	if !p.failed {
		a.Modes = list(p, p.number, ",", "and")
	}
	return node(p, start, a, &a.Span)
}

// divideAction reads `divide N to T, N to T`.
func (p *fastParser) divideAction() *dsl.DivideAction {
	a, start := &dsl.DivideAction{}, p.pos()
	if p.expect("divide") {
		a.Parts = list(p, p.share, ",", "and")
	}
	return node(p, start, a, &a.Span)
}

// share reads `N to T`.
func (p *fastParser) share() *dsl.Share {
	sh, start := &dsl.Share{}, p.pos()
	sh.Amount = p.number()
	if !p.failed && p.expect("to") {
		sh.Target = p.targetRef()
	}
	return node(p, start, sh, &sh.Span)
}

// chooseAction reads `choose nothing`, `choose card name "Name"` or
// `choose REF`.
func (p *fastParser) chooseAction() *dsl.ChooseAction {
	a, start := &dsl.ChooseAction{}, p.pos()
	if p.expect("choose") {
		a.Nothing, a.CardName, a.Card = p.nothingNameOrRef()
	}
	return node(p, start, a, &a.Span)
}

// newTargetsAction reads `you keep the targets` or `you choose new
// targets T, T...`.
func (p *fastParser) newTargetsAction() *dsl.NewTargetsAction {
	a, start := &dsl.NewTargetsAction{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed {
		switch {
		case p.is("keep") || p.is("keeps"):
			p.take()
			a.Keep = p.expect("the") && p.expect("targets")
		default:
			p.oneOf("choose", "chooses")
			if !p.failed && p.expect("new") && p.expect("targets") {
				a.Targets = p.targetRefs()
			}
		}
	}
	return node(p, start, a, &a.Span)
}

// dealAction reads `REF deals N [combat] damage to T`.
func (p *fastParser) dealAction() *dsl.DealAction {
	a, start := &dsl.DealAction{}, p.pos()
	a.Source = p.cardRef()
	if !p.failed && p.expect("deals") {
		a.Amount = p.number()
	}
	if !p.failed {
		a.Combat = p.flag("combat")
		if p.expect("damage") && p.expect("to") {
			a.Target = p.targetRef()
		}
	}
	return node(p, start, a, &a.Span)
}

// ---- then ----

// assertion reads a line of then, in the union's order.
func (p *fastParser) assertion() dsl.Assertion { return choose(p, readers().assertion) }

// logAssert reads `log has N "KIND" events [involving REF]`.
func (p *fastParser) logAssert() *dsl.LogAssert {
	a, start := &dsl.LogAssert{}, p.pos()
	if p.expect("log") && p.expect("has") {
		a.Count = p.countOrNo()
	}
	if !p.failed {
		if p.isText() || p.isType(tokIdent) {
			a.Kind = p.take().Value
			p.oneOf("events", "event")
		} else {
			p.fail()
		}
	}
	if !p.failed && !p.optional("involving", func() { a.Involving = p.cardRef() }) {
		a.Involving = nil
	}
	if !p.failed && a.Involving == nil && !p.optional("to", func() { a.To = p.targetRef() }) {
		a.To = nil
	}
	return node(p, start, a, &a.Span)
}

// countOrNo reads `N` or `no` (0).
func (p *fastParser) countOrNo() int {
	if p.isType(tokNumber) {
		return p.number()
	}
	p.expect("no")
	return 0
}

// stackAssert reads `stack is empty` or `stack has N objects`.
func (p *fastParser) stackAssert() *dsl.StackAssert {
	a, start := &dsl.StackAssert{}, p.pos()
	if p.expect("stack") {
		switch {
		case p.is("is"):
			p.take()
			a.Empty = p.expect("empty")
		case p.is("has"):
			p.take()
			if a.Count = p.number(); !p.failed {
				p.oneOf("objects", "object")
			}
		default:
			p.fail()
		}
	}
	return node(p, start, a, &a.Span)
}

// turnAssert reads `it is turn N` or `it is your STEP`.
func (p *fastParser) turnAssert() *dsl.TurnAssert {
	a, start := &dsl.TurnAssert{}, p.pos()
	if p.expect("it") && p.expect("is") {
		if p.is("turn") {
			p.take()
			a.Turn = p.number()
		} else if a.Player = p.oneOf("your", "opponent's"); !p.failed {
			a.Step = p.idents()
		}
	}
	return node(p, start, a, &a.Span)
}

// poolAssert reads `you have MANA in your mana pool` or `your mana pool is
// empty`.
func (p *fastParser) poolAssert() *dsl.PoolAssert {
	a, start := &dsl.PoolAssert{}, p.pos()
	if p.isPlayer() {
		a.Player, a.Mana = p.playerMana()
	} else if a.Owner = p.oneOf("your", "opponent's"); !p.failed {
		_ = p.expect("mana") && p.expect("pool") && p.expect("is") && p.expect("empty")
	}
	return node(p, start, a, &a.Span)
}

// pileAssert reads `your library has N cards`, `your graveyard is empty`
// or `your library is ITEM, ITEM`.
func (p *fastParser) pileAssert() *dsl.PileAssert {
	a, start := &dsl.PileAssert{}, p.pos()
	a.Player = p.oneOf("your", "opponent's")
	if !p.failed {
		a.Zone = p.oneOf("library", "graveyard", "exile")
	}
	switch {
	case p.failed:
	case p.is("has"):
		p.take()
		n := p.number()
		a.Count = &n
		if !p.failed {
			p.oneOf("cards", "card")
		}
	case p.expect("is"):
		if p.flag("empty") {
			a.Empty = true
		} else {
			a.Cards = list(p, p.pileItem, ",", "and", "then")
		}
	}
	return node(p, start, a, &a.Span)
}

// gameAssert reads `you lost the game`, `the game is a draw` or `the game
// is not over`.
func (p *fastParser) gameAssert() *dsl.GameAssert {
	a, start := &dsl.GameAssert{}, p.pos()
	if p.isPlayer() {
		a.Player = p.take().Value
		_ = p.expect("lost") && p.expect("the") && p.expect("game")
	} else if p.expect("the") && p.expect("game") && p.expect("is") {
		switch {
		case p.is("a"):
			p.take()
			a.Draw = p.expect("draw")
		case p.is("not"):
			p.take()
			a.Going = p.expect("over")
		default:
			p.fail()
		}
	}
	return node(p, start, a, &a.Span)
}

// lifeAssert reads `you have N life`.
func (p *fastParser) lifeAssert() *dsl.LifeAssert {
	a, start := &dsl.LifeAssert{}, p.pos()
	a.Player, a.Life = p.playerLife()
	return node(p, start, a, &a.Span)
}

// playerCountAssert reads `you have N KIND counters`.
func (p *fastParser) playerCountAssert() *dsl.PlayerCountAssert {
	a, start := &dsl.PlayerCountAssert{}, p.pos()
	if a.Player = p.oneOf("you", "opponent"); !p.failed {
		p.oneOf("have", "has")
	}
	if !p.failed {
		a.Count = p.countOrNo()
	}
	if !p.failed {
		a.Counter = p.counterKind()
	}
	return node(p, start, a, &a.Span)
}

// refIs reads `REF is [not]`, the start of several assertions.
func (p *fastParser) refIs() (ref *dsl.CardRef, not bool) {
	ref = p.cardRef()
	if !p.failed && p.expect("is") {
		not = p.flag("not")
	}
	return ref, not
}

// zoneAssert reads `REF is [not] on the battlefield` or `... in [your]
// ZONE`.
func (p *fastParser) zoneAssert() *dsl.ZoneAssert {
	a, start := &dsl.ZoneAssert{}, p.pos()
	a.Card, a.Not = p.refIs()
	if !p.failed {
		switch {
		case p.is("on"):
			p.take()
			a.Battlefield = p.expect("the") && p.expect("battlefield")
		case p.is("in"):
			p.take()
			if p.is("your") || p.is("opponent's") {
				a.Owner = p.take().Value
			}
			a.Zone = p.oneOf("hand", "graveyard", "library", "exile")
		default:
			p.fail()
		}
	}
	return node(p, start, a, &a.Span)
}

// blockingAssert reads `REF is [not] blocking REF`.
func (p *fastParser) blockingAssert() *dsl.BlockingAssert {
	a, start := &dsl.BlockingAssert{}, p.pos()
	a.Card, a.Not = p.refIs()
	if !p.failed && p.expect("blocking") {
		a.Attacker = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// requirementAssert reads `REF must attack`, `REF does not have to block
// [REF]`.
func (p *fastParser) requirementAssert() *dsl.RequirementAssert {
	a, start := &dsl.RequirementAssert{}, p.pos()
	a.Card = p.cardRef()
	if !p.failed {
		if p.is("must") {
			p.take()
		} else {
			a.Not = p.expect("does") && p.expect("not") && p.expect("have") && p.expect("to")
		}
	}
	if !p.failed {
		a.Verb = p.oneOf("attack", "block")
	}
	if !p.failed && (p.isText() || p.isType(tokIdent) || p.is("each")) {
		a.Attacker = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// stateAssert reads `REF is [not] tapped` and the other states.
func (p *fastParser) stateAssert() *dsl.StateAssert {
	a, start := &dsl.StateAssert{}, p.pos()
	a.Card, a.Not = p.refIs()
	if !p.failed {
		a.State = p.oneOf("tapped", "untapped", "attacking", "blocking", "blocked", "revealed")
	}
	return node(p, start, a, &a.Span)
}

// ptAssert reads `REF is P/T`.
func (p *fastParser) ptAssert() *dsl.PTAssert {
	a, start := &dsl.PTAssert{}, p.pos()
	a.Card = p.cardRef()
	if !p.failed && p.expect("is") {
		a.PT, _ = p.expectType(tokPT)
	}
	return node(p, start, a, &a.Span)
}

// countAssert reads `REF has N damage`, `REF has N regeneration shields`
// or `REF has N KIND counters`.
func (p *fastParser) countAssert() *dsl.CountAssert {
	a, start := &dsl.CountAssert{}, p.pos()
	a.Card = p.cardRef()
	if !p.failed && p.expect("has") {
		a.Count = p.countOrNo()
	}
	if !p.failed {
		if a.Shields = p.flag("regeneration"); a.Shields {
			p.oneOf("shields", "shield")
		} else {
			a.Damage, a.Counter = p.damageOrCounters()
		}
	}
	return node(p, start, a, &a.Span)
}

// decisionAssert reads `you ordered triggers REF then REF`.
func (p *fastParser) decisionAssert() *dsl.DecisionAssert {
	a, start := &dsl.DecisionAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed && p.expect("ordered") {
		a.What = p.oneOf("triggers", "replacements", "cards")
	}
	if !p.failed {
		a.Cards = p.cardRefs(",", "and", "then")
	}
	return node(p, start, a, &a.Span)
}

// paidAssert reads `you paid [sacrificing REF]`, `you accepted` or `you
// declined`.
func (p *fastParser) paidAssert() *dsl.PaidAssert {
	a, start := &dsl.PaidAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed {
		a.Verb = p.oneOf("paid", "accepted", "declined")
	}
	if !p.failed && !p.optional("sacrificing", func() { a.Card = p.cardRef() }) {
		a.Card = nil
	}
	return node(p, start, a, &a.Span)
}

// modesAssert reads `you chose mode N` or `you chose modes N, N`.
func (p *fastParser) modesAssert() *dsl.ModesAssert {
	a, start := &dsl.ModesAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed && p.expect("chose") {
		a.Word = p.oneOf("mode", "modes")
	}
	if !p.failed {
		a.Modes = list(p, p.number, ",", "and")
	}
	return node(p, start, a, &a.Span)
}

// dividedAssert reads `you divided N to T, N to T`.
func (p *fastParser) dividedAssert() *dsl.DividedAssert {
	a, start := &dsl.DividedAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed && p.expect("divided") {
		a.Parts = list(p, p.share, ",", "and")
	}
	return node(p, start, a, &a.Span)
}

// choiceAssert reads `you chose REF`, `you did not choose REF`, or either
// with nothing.
func (p *fastParser) choiceAssert() *dsl.ChoiceAssert {
	a, start := &dsl.ChoiceAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed {
		if p.is("chose") {
			p.take()
		} else {
			a.Not = p.expect("did") && p.expect("not") && p.expect("choose")
		}
	}
	if !p.failed {
		if p.peek().Type == tokMana {
			m := p.take().Value
			a.Mana = &m
		} else {
			a.Nothing, a.CardName, a.Card = p.nothingNameOrRef()
		}
	}
	if !p.failed && p.is("at") {
		p.take()
		a.Random = p.expect("random")
	}
	return node(p, start, a, &a.Span)
}

// nothingNameOrRef reads `nothing`, a card name or a card: `( @'nothing'
// | 'card' 'name' @(String | RawString) | @@ )`.
func (p *fastParser) nothingNameOrRef() (nothing bool, name *string, ref *dsl.CardRef) {
	if p.flag("nothing") {
		return true, nil, nil
	}
	if p.optional("card", func() {
		if p.expect("name") {
			name = p.str(p.text())
		}
	}) {
		return false, name, nil
	}
	return false, nil, p.cardRef()
}

// controlAssert reads `you control N "Name"`.
func (p *fastParser) controlAssert() *dsl.ControlAssert {
	a, start := &dsl.ControlAssert{}, p.pos()
	a.Player = p.oneOf("you", "opponent")
	if !p.failed {
		p.oneOf("control", "controls")
	}
	if !p.failed {
		a.Count = p.number()
	}
	if !p.failed {
		a.Name = p.text()
	}
	return node(p, start, a, &a.Span)
}

// attachedAssert reads `REF is [not] attached to REF`.
func (p *fastParser) attachedAssert() *dsl.AttachedAssert {
	a, start := &dsl.AttachedAssert{}, p.pos()
	a.Card, a.Not = p.refIs()
	if !p.failed && p.expect("attached") && p.expect("to") {
		a.To = p.cardRef()
	}
	return node(p, start, a, &a.Span)
}

// keywordAssert reads `REF has KEYWORD` or `REF does not have KEYWORD`.
func (p *fastParser) keywordAssert() *dsl.KeywordAssert {
	a, start := &dsl.KeywordAssert{}, p.pos()
	a.Card = p.cardRef()
	if !p.failed {
		if p.is("has") {
			p.take()
		} else {
			a.Not = p.expect("does") && p.expect("not") && p.expect("have")
		}
	}
	if !p.failed {
		a.Keyword = p.idents()
	}
	return node(p, start, a, &a.Span)
}

// ---- Players and hands (issue 20A) ----

// discardChoiceAction reads `PLAYER chooses REF, REF to discard`.
func (p *fastParser) discardChoiceAction() *dsl.DiscardChoiceAction {
	a, start := &dsl.DiscardChoiceAction{}, p.pos()
	if a.Player = p.oneOf("you", "opponent"); !p.failed {
		p.oneOf("choose", "chooses")
	}
	if !p.failed {
		a.Cards = p.cardRefs(",", "and")
	}
	if !p.failed {
		p.expect("to")
		p.expect("discard")
	}
	return node(p, start, a, &a.Span)
}

// randomAction reads `choose at random REF, REF`.
func (p *fastParser) randomAction() *dsl.RandomAction {
	a, start := &dsl.RandomAction{}, p.pos()
	if p.expect("choose") && p.expect("at") && p.expect("random") {
		a.Cards = p.cardRefs(",", "and")
	}
	return node(p, start, a, &a.Span)
}

// handSizeAssert reads `PLAYER has N cards in hand`.
func (p *fastParser) handSizeAssert() *dsl.HandSizeAssert {
	a, start := &dsl.HandSizeAssert{}, p.pos()
	if a.Player = p.oneOf("you", "opponent"); !p.failed {
		p.oneOf("have", "has")
	}
	if !p.failed {
		a.Count = p.countOrNo()
	}
	if !p.failed {
		p.oneOf("cards", "card")
	}
	if !p.failed && p.expect("in") {
		p.expect("hand")
	}
	return node(p, start, a, &a.Span)
}

// handRevealedAssert reads `your hand is [not] revealed`.
func (p *fastParser) handRevealedAssert() *dsl.HandRevealedAssert {
	a, start := &dsl.HandRevealedAssert{}, p.pos()
	if a.Owner = p.oneOf("your", "opponent's"); !p.failed && p.expect("hand") && p.expect("is") {
		a.Not = p.flag("not")
		p.expect("revealed")
	}
	return node(p, start, a, &a.Span)
}

// logOrderAssert reads `log has KIND events in order involving REF, REF`.
func (p *fastParser) logOrderAssert() *dsl.LogOrderAssert {
	a, start := &dsl.LogOrderAssert{}, p.pos()
	if p.expect("log") && p.expect("has") {
		if p.isText() || p.isType(tokIdent) {
			a.Kind = p.take().Value
			p.oneOf("events", "event")
		} else {
			p.fail()
		}
	}
	if !p.failed && p.expect("in") && p.expect("order") && p.expect("involving") {
		a.Cards = p.cardRefs(",", "and", "then")
	}
	return node(p, start, a, &a.Span)
}
