package parser

import (
	"reflect"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// The fast path is a hand-written recursive-descent parser for the
// declarations a library is mostly made of: cards. It reads the scanner's
// tokens and builds exactly the syntax tree the participle grammar builds
// (same nodes, same fields, same Pos and EndPos), one function per
// production of the grammar, named after the node it builds.
//
// It never reports an error. When it meets anything it does not expect,
// or anything participle might read some other way (a production that
// starts to match and then fails, where participle would backtrack and
// try another), it gives up on the declaration, and parseDecl hands the
// declaration to participle, which then reads it or reports today's
// diagnostic. So correctness never depends on the fast path being
// complete: where it succeeds its tree is participle's (the conformance
// test and FuzzFastParse hold it to that), and where it does not,
// participle decides.
//
// The rule that makes this sound: each choice is made on the first token
// (every alternative of a union of the grammar starts with a keyword of
// its own but the last, which takes the rest), and once a production has
// taken a token, any failure inside it abandons the whole declaration.
// One choice looks further: a card line of words and then one number or
// mana symbols, to its end, is a keyword alone on its line (KeywordItem,
// whose grammar checks the same with a lookahead), any other line that
// starts with no keyword of its own an activated ability.
// Where nothing has been taken, "no match" is what participle finds too.
//
// Positions follow participle's: a node's Pos is that of its first token
// (comments skipped), its EndPos that of the token just after its last
// one, comments included, or the end of the declaration.

// fastParser is the state of the fast path over one declaration's tokens.
type fastParser struct {
	toks []lexer.Token
	// i is the index of the next token not yet taken, comments included
	// (participle's raw cursor).
	i int
	// eof is where the declaration ends: the position of the end token.
	eof lexer.Position
	// failed is set when the fast path gives up, or, in a test, when
	// the alternative or the optional part being tried does not match.
	failed bool
	// abandoned is set when the fast path gives up on a test, where
	// failed alone may be tried again (fast_steps.go).
	abandoned bool
	// far is the furthest token taken since the part being tried
	// started (fast_steps.go).
	far int
	// nodes hands out the nodes of the tree.
	nodes *fastNodes
}

// fastNodes hands out the nodes the fast path builds most of, from chunks
// shared by the declarations of a file: a phrase's word is six nodes
// (Part, Sum, Product, Unary, Primary, Ref), and one allocation for each
// would be most of the parser's time.
type fastNodes struct {
	parts     arena[dsl.Part]
	sums      arena[dsl.Sum]
	products  arena[dsl.Product]
	unaries   arena[dsl.Unary]
	primaries arena[dsl.Primary]
	refs      arena[dsl.Ref]
	phrases   arena[dsl.Phrase]
	actions   arena[dsl.ActionStmt]
	blocks    arena[dsl.Block]
	strings   arena[string]
	partLists slab[*dsl.Part]
	stmtLists slab[dsl.Stmt]
	// partStack and stmtStack hold the parts of the phrases and the
	// statements of the blocks being read.
	partStack []*dsl.Part
	stmtStack []dsl.Stmt
	// parser is the parser of the declaration being read, made once for
	// the file: it escapes to the heap (the readers of tests' statements
	// are function values), and one allocation a declaration is wasted.
	parser fastParser
}

// Arenas and slabs allocate chunks that start small, for a file of one
// card, and double up to maxChunk bytes, for a file of a hundred: a bigger
// chunk saves little time, and its unused tail is wasted memory for as
// long as the file's tree lives. Both sizes are size classes of Go's
// allocator, so that a chunk wastes no more than part of one element.
const (
	minChunk = 256
	maxChunk = 8 << 10
)

// chunkLen returns how many values of type T the next chunk holds, given
// the size in bytes of the last one, and the size of that next one.
func chunkLen[T any](last int) (n, size int) {
	size = min(max(2*last, minChunk), maxChunk)
	return max(size/int(reflect.TypeFor[T]().Size()), 1), size
}

// arena hands out zeroed values of one type, allocated a chunk at a time.
type arena[T any] struct {
	free  []T
	chunk int // size of the last chunk, in bytes
}

// new returns a pointer to a new zero T.
func (a *arena[T]) new() *T {
	if len(a.free) == 0 {
		var n int
		n, a.chunk = chunkLen[T](a.chunk)
		a.free = make([]T, n)
	}
	v := &a.free[0]
	a.free = a.free[1:]
	return v
}

// slab hands out slices of exact length, carved from shared chunks.
type slab[T any] struct {
	free  []T
	chunk int // size of the last chunk, in bytes
}

// copyOf returns a copy of xs, nil if xs is empty.
func (s *slab[T]) copyOf(xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	if len(s.free) < len(xs) {
		var n int
		n, s.chunk = chunkLen[T](s.chunk)
		s.free = make([]T, max(len(xs), n))
	}
	out := s.free[:len(xs):len(xs)]
	s.free = s.free[len(xs):]
	copy(out, xs)
	return out
}

// str returns a pointer to a copy of v.
func (p *fastParser) str(v string) *string {
	sp := p.nodes.strings.new()
	*sp = v
	return sp
}

// fastDecl parses a declaration on the fast path. It returns false when it
// gives up: the declaration is not one it reads, or it met something
// participle should judge.
//
// nodes are shared by the declarations of a file; nil allocates new
// ones.
func fastDecl(toks []lexer.Token, nodes *fastNodes) (decl dsl.Decl, ok bool) {
	if len(toks) == 0 {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			// A bug of the fast path: participle reads the declaration
			// instead.
			decl, ok = nil, false
		}
	}()
	if nodes == nil {
		nodes = &fastNodes{}
	}
	p := &nodes.parser
	*p = fastParser{toks: toks, eof: endOf(toks[len(toks)-1]), nodes: nodes}
	p.seps()
	switch p.peek().Value {
	case "card":
		if c := p.card(); c != nil {
			decl = c
		}
	case "test":
		if t := p.test(); t != nil {
			decl = t
		}
	default:
		return nil, false
	}
	p.seps()
	if p.failed || decl == nil || p.next() < len(p.toks) {
		return nil, false
	}
	return decl, true
}

// fastCardItem parses one line of a card on the fast path, as
// ParseCardItem reads it: the tokens of the line and perhaps line ends
// after it. It returns false when it gives up.
func fastCardItem(toks []lexer.Token) (item dsl.CardItem, ok bool) {
	if len(toks) == 0 {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			item, ok = nil, false // participle reads the line instead
		}
	}()
	p := &fastParser{toks: toks, eof: endOf(toks[len(toks)-1]), nodes: &fastNodes{}}
	item = p.cardItem()
	p.seps()
	if p.failed || item == nil || p.next() < len(p.toks) {
		return nil, false
	}
	return item, true
}

// next returns the index of the next token that is not a comment, or
// len(p.toks) at the end.
func (p *fastParser) next() int {
	j := p.i
	for j < len(p.toks) && p.toks[j].Type == tokComment {
		j++
	}
	return j
}

// eofToken stands for the end of the declaration.
var eofToken = lexer.Token{Type: lexer.EOF}

// peek returns the next token that is not a comment, or an EOF token.
func (p *fastParser) peek() *lexer.Token {
	if j := p.next(); j < len(p.toks) {
		return &p.toks[j]
	}
	t := eofToken
	t.Pos = p.eof
	return &t
}

// peekAt returns the token n tokens after the next one, comments left
// out (peekAt(0) is peek()), or an EOF token.
func (p *fastParser) peekAt(n int) *lexer.Token {
	j := p.next()
	for ; n > 0 && j < len(p.toks); n-- {
		j++
		for j < len(p.toks) && p.toks[j].Type == tokComment {
			j++
		}
	}
	if j < len(p.toks) {
		return &p.toks[j]
	}
	t := eofToken
	t.Pos = p.eof
	return &t
}

// take consumes the next token that is not a comment and returns it.
func (p *fastParser) take() *lexer.Token {
	j := p.next()
	if j >= len(p.toks) {
		p.fail()
		return p.peek()
	}
	p.i = j + 1
	p.far = max(p.far, p.i)
	return &p.toks[j]
}

// pos is where a node that starts now starts.
func (p *fastParser) pos() lexer.Position { return p.peek().Pos }

// end is where a node that ends now ends: the position of the next token,
// comments included.
func (p *fastParser) end() lexer.Position {
	if p.i < len(p.toks) {
		return p.toks[p.i].Pos
	}
	return p.eof
}

// fail gives up on the declaration.
func (p *fastParser) fail() { p.failed = true }

// is reports whether the next token is the keyword or operator v: a
// literal of the grammar matches any token with that text.
func (p *fastParser) is(v string) bool {
	t := p.peek()
	return t.Type != lexer.EOF && t.Value == v
}

// isType reports whether the next token is of type typ.
func (p *fastParser) isType(typ lexer.TokenType) bool { return p.peek().Type == typ }

// expect takes the literal v, or gives up.
func (p *fastParser) expect(v string) bool {
	if !p.is(v) {
		p.fail()
		return false
	}
	p.take()
	return true
}

// expectType takes a token of type typ and returns its text, or gives up.
func (p *fastParser) expectType(typ lexer.TokenType) (string, bool) {
	if !p.isType(typ) {
		p.fail()
		return "", false
	}
	return p.take().Value, true
}

// isText reports whether the next token is a string, quoted or raw.
func (p *fastParser) isText() bool {
	t := p.peek().Type
	return t == tokString || t == tokRawString
}

// seps skips the line ends and ";" of Sep*.
func (p *fastParser) seps() {
	for p.isType(tokSep) {
		p.take()
	}
}

// idents takes Ident+, or gives up if there is none.
func (p *fastParser) idents() []string {
	if !p.isType(tokIdent) {
		p.fail()
		return nil
	}
	var out []string
	for p.isType(tokIdent) {
		out = append(out, p.take().Value)
	}
	return out
}

// keywordWords reads the words of a keyword: an identifier, then
// identifiers and numbers (`graft 4`).
func (p *fastParser) keywordWords() []string {
	out := p.idents()
	for !p.failed && (p.isType(tokIdent) || p.isType(tokNumber)) {
		out = append(out, p.take().Value)
	}
	return out
}

// card reads `card "Name" { ITEMS }`.
func (p *fastParser) card() *dsl.Card {
	c := &dsl.Card{}
	c.Pos = p.pos()
	p.take() // card
	if !p.isText() {
		p.fail()
		return nil
	}
	c.Name = p.take().Value
	if !p.expect("{") {
		return nil
	}
	p.seps()
	for !p.failed && !p.is("}") {
		item := p.cardItem()
		if item == nil {
			p.fail()
			return nil
		}
		c.Items = append(c.Items, item)
		p.seps()
	}
	if !p.expect("}") {
		return nil
	}
	c.EndPos = p.end()
	return c
}

// cardItem reads a line of a card, chosen by its first word; a line that
// starts with none of the card items' keywords is an activated ability.
func (p *fastParser) cardItem() dsl.CardItem {
	start := p.pos()
	span := func() dsl.Span { return dsl.Span{Pos: start, EndPos: p.end()} }
	switch p.peek().Value {
	case "cost":
		p.take()
		cost, ok := p.expectType(tokMana)
		if !ok {
			return nil
		}
		return &dsl.CostItem{Cost: cost, Span: span()}
	case "type":
		return p.typeItem()
	case "pt":
		p.take()
		v, ok := p.expectType(tokPT)
		if !ok {
			return nil
		}
		return &dsl.PTItem{PT: v, Span: span()}
	case "oracle":
		p.take()
		if !p.isText() {
			p.fail()
			return nil
		}
		it := &dsl.OracleItem{Text: p.take().Value}
		switch {
		case p.is("unimplemented"):
			p.take()
			it.Unimplemented = true
		case p.is("partly"):
			p.take()
			if !p.isText() {
				p.fail()
				return nil
			}
			it.Partly = p.take().Value
		}
		it.Span = span()
		return it
	case "keywords":
		return p.keywordsItem()
	case "enchant":
		p.take()
		words := p.idents()
		if p.failed {
			return nil
		}
		return &dsl.EnchantItem{Words: words, Span: span()}
	case "loyalty":
		p.take()
		n, ok := p.expectType(tokNumber)
		if !ok {
			return nil
		}
		return &dsl.LoyaltyItem{Loyalty: n, Span: span()}
	case "enters":
		p.take()
		ph := p.phrase()
		if ph == nil {
			return nil
		}
		return &dsl.EntersAbility{Phrase: ph, Span: span()}
	case "whenever", "when", "at":
		word := p.take().Value
		ph := p.phrase()
		if ph == nil {
			return nil
		}
		cond, ok := p.interveningIf()
		if !ok {
			return nil
		}
		body := p.block()
		if body == nil {
			return nil
		}
		return &dsl.TriggerAbility{Word: word, Phrase: ph, If: cond, Body: body, Span: span()}
	case "replace":
		p.take()
		ph := p.phrase()
		if ph == nil {
			return nil
		}
		body := p.block()
		if body == nil {
			return nil
		}
		return &dsl.ReplaceAbility{Phrase: ph, Body: body, Span: span()}
	case "static":
		p.take()
		cond, ok := p.asLongAs()
		if !ok {
			return nil
		}
		ph := p.phrase()
		if ph == nil {
			return nil
		}
		return &dsl.StaticAbility{If: cond, Phrase: ph, Span: span()}
	case "spell":
		p.take()
		body := p.block()
		if body == nil {
			return nil
		}
		return &dsl.SpellAbility{Body: body, Span: span()}
	}
	if p.isKeywordLine() {
		words := p.idents()
		words = append(words, p.take().Value) // the number or the mana symbols
		return &dsl.KeywordItem{Words: words, Span: span()}
	}
	return p.activatedAbility()
}

// isKeywordLine reports whether the line ahead is a keyword alone with its
// cost or its number (KeywordItem): words, then one number or mana
// symbols, then the end of the line, of the card or of the text. No activated ability
// reads so: it has a colon.
func (p *fastParser) isKeywordLine() bool {
	j, words := p.next(), 0
	skip := func() {
		for j < len(p.toks) && p.toks[j].Type == tokComment {
			j++
		}
	}
	for ; j < len(p.toks) && p.toks[j].Type == tokIdent; skip() {
		j++
		words++
	}
	if words == 0 || j >= len(p.toks) || p.toks[j].Type != tokNumber && p.toks[j].Type != tokMana {
		return false
	}
	j++
	skip()
	return j == len(p.toks) || p.toks[j].Type == tokSep || p.toks[j].Value == "}"
}

// typeItem reads `type TYPES [— SUBTYPES]`.
func (p *fastParser) typeItem() *dsl.TypeItem {
	it := &dsl.TypeItem{}
	it.Pos = p.pos()
	p.take() // type
	it.Types = p.idents()
	if p.isType(tokDash) || p.is("-") {
		p.take()
		it.Subtypes = p.idents()
	}
	if p.failed {
		return nil
	}
	it.EndPos = p.end()
	return it
}

// keywordsItem reads `keywords KEYWORD, KEYWORD...`.
func (p *fastParser) keywordsItem() *dsl.KeywordsItem {
	it := &dsl.KeywordsItem{}
	it.Pos = p.pos()
	p.take() // keywords
	for {
		k := &dsl.Keyword{}
		k.Pos = p.pos()
		k.Words = p.keywordWords()
		if p.failed {
			return nil
		}
		k.EndPos = p.end()
		it.Keywords = append(it.Keywords, k)
		if !p.is(",") {
			break
		}
		p.take()
	}
	it.EndPos = p.end()
	return it
}

// activatedAbility reads `COST, COST: EFFECT [, activate only PHRASE]`,
// the effect a phrase or a block.
func (p *fastParser) activatedAbility() *dsl.ActivatedAbility {
	a := &dsl.ActivatedAbility{}
	a.Pos = p.pos()
	if p.is("+") || p.is("-") || p.isType(tokNumber) {
		// A loyalty symbol, `+1:`, `-2:` or `0:`; anything else that
		// starts so is participle's to read.
		sign := ""
		if !p.isType(tokNumber) {
			sign = p.take().Value
		}
		n, ok := "X", sign == "-" && p.is("X")
		if ok {
			p.take()
		} else {
			n, ok = p.expectType(tokNumber)
		}
		if !ok || !p.expect(":") {
			p.fail()
			return nil
		}
		loyalty := sign + n
		a.Loyalty = &loyalty
		return p.activatedEffect(a)
	}
	for {
		c := p.costPart()
		if c == nil {
			p.fail()
			return nil
		}
		a.Costs = append(a.Costs, c)
		if !p.is(",") {
			break
		}
		p.take()
	}
	if !p.expect(":") {
		return nil
	}
	return p.activatedEffect(a)
}

// activatedEffect reads what follows an activated ability's colon: the
// effect, a phrase or a block, then `, activate only PHRASE`.
func (p *fastParser) activatedEffect(a *dsl.ActivatedAbility) *dsl.ActivatedAbility {
	if p.is("{") {
		a.Body = p.block()
		if a.Body == nil {
			return nil
		}
	} else if a.Effect = p.phrase(); a.Effect == nil {
		p.fail()
		return nil
	}
	if p.is(",") {
		p.take()
		if !p.expect("activate") || !p.expect("only") {
			return nil
		}
		if a.Only = p.phrase(); a.Only == nil {
			p.fail()
			return nil
		}
	}
	a.EndPos = p.end()
	return a
}

// interveningIf reads the optional `, if PHRASE` of a triggered ability
// (CR 603.4): the phrase, or nil if there is none; false if it gave up.
func (p *fastParser) interveningIf() (*dsl.Phrase, bool) {
	if !p.is(",") {
		return nil, true
	}
	p.take()
	if !p.expect("if") {
		return nil, false
	}
	cond := p.phrase()
	if cond == nil {
		p.fail()
		return nil, false
	}
	return cond, true
}

// asLongAs reads the condition of a static ability, `as long as
// CONDITION,` (CR 611.3), if the line goes on so: nil and true if it
// doesn't.
func (p *fastParser) asLongAs() (*dsl.Phrase, bool) {
	j := p.next()
	for i, w := range [...]string{"as", "long", "as"} {
		if j+i >= len(p.toks) || p.toks[j+i].Type != tokIdent || p.toks[j+i].Value != w {
			return nil, true
		}
	}
	p.take()
	p.take()
	p.take()
	cond := p.phrase()
	if cond == nil {
		p.fail()
		return nil, false
	}
	if !p.expect(",") {
		return nil, false
	}
	return cond, true
}

// costPart reads one part of an activated ability's cost: mana symbols or
// a phrase. It returns nil, taking nothing, if there is neither.
func (p *fastParser) costPart() *dsl.CostPart {
	c := &dsl.CostPart{}
	c.Pos = p.pos()
	if p.isType(tokMana) {
		c.Mana = p.str(p.take().Value)
	} else if c.Phrase = p.phrase(); c.Phrase == nil {
		return nil
	}
	c.EndPos = p.end()
	return c
}

// block reads `{ STATEMENTS }`, or gives up.
func (p *fastParser) block() *dsl.Block {
	b := p.nodes.blocks.new()
	b.Pos = p.pos()
	if !p.expect("{") {
		return nil
	}
	p.seps()
	base := len(p.nodes.stmtStack)
	defer func() { p.nodes.stmtStack = p.nodes.stmtStack[:base] }()
	for !p.failed && !p.is("}") {
		s := p.stmt()
		if s == nil {
			p.fail()
			return nil
		}
		p.nodes.stmtStack = append(p.nodes.stmtStack, s)
		p.seps()
	}
	if !p.expect("}") {
		return nil
	}
	b.Stmts = p.nodes.stmtLists.copyOf(p.nodes.stmtStack[base:])
	b.EndPos = p.end()
	return b
}

// stmt reads a statement, chosen by its first word; one that starts with
// none of the statements' keywords is an action.
func (p *fastParser) stmt() dsl.Stmt {
	start := p.pos()
	span := func() dsl.Span { return dsl.Span{Pos: start, EndPos: p.end()} }
	switch p.peek().Value {
	case "if":
		return p.ifStmt()
	case "at", "when":
		word := p.take().Value
		ph := p.phrase()
		if ph == nil {
			p.fail()
			return nil
		}
		body := p.block()
		if body == nil {
			return nil
		}
		if word == "at" {
			return &dsl.AtStmt{Phrase: ph, Body: body, Span: span()}
		}
		return &dsl.WhenStmt{Phrase: ph, Body: body, Span: span()}
	case "for":
		p.take()
		if !p.expect("each") {
			return nil
		}
		ph := p.phrase()
		if ph == nil {
			p.fail()
			return nil
		}
		body := p.block()
		if body == nil {
			return nil
		}
		return &dsl.ForEachStmt{Phrase: ph, Body: body, Span: span()}
	case "where":
		p.take()
		ph := p.phrase()
		if ph == nil {
			p.fail()
			return nil
		}
		return &dsl.WhereStmt{Phrase: ph, Span: span()}
	case "else":
		p.fail() // an else without its if: participle says what is wrong
		return nil
	case "choose":
		if t := p.peekAt(1); t.Type == tokIdent && modeCounts[t.Value] {
			return p.chooseStmt()
		}
	}
	ph := p.phrase()
	if ph == nil {
		p.fail()
		return nil
	}
	a := p.nodes.actions.new()
	a.Phrase, a.Span = ph, span()
	return a
}

// modeCounts are the words after `choose` that begin a modal choice
// (dsl.ChooseStmt); any other word begins an action ("choose target ...").
var modeCounts = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true}

// chooseStmt reads `choose COUNT [or both|more] { mode { ... } ... }`.
func (p *fastParser) chooseStmt() *dsl.ChooseStmt {
	s := &dsl.ChooseStmt{}
	s.Pos = p.pos()
	p.take() // choose
	s.Count = p.take().Value
	if p.is("or") {
		p.take()
		if !p.is("both") && !p.is("more") {
			p.fail()
			return nil
		}
		s.Or = p.take().Value
	}
	if !p.expect("{") {
		return nil
	}
	p.seps()
	for !p.failed && p.is("mode") {
		m := &dsl.ModeBlock{}
		m.Pos = p.pos()
		p.take()
		if m.Body = p.block(); m.Body == nil {
			return nil
		}
		m.EndPos = p.end()
		s.Modes = append(s.Modes, m)
		p.seps()
	}
	if !p.expect("}") {
		return nil
	}
	s.EndPos = p.end()
	return s
}

// ifStmt reads `if COND { ... } [else ...]`, or `if you do { ... }`.
func (p *fastParser) ifStmt() *dsl.IfStmt {
	s := &dsl.IfStmt{}
	s.Pos = p.pos()
	p.take() // if
	// `if you do`: the player did what a `you may` offered. `if you
	// can't`: the player had nothing to choose. Otherwise a condition: an
	// expression the block's brace follows, or else a phrase
	// (participle's `( @@ (?= '{') | @@ )`). Beyond participle's
	// lookahead, the fast path gives up rather than guess.
	start := p.i
	if t, v := p.peek(), p.peekAt(1).Value; (t.Value == "you" || t.Value == "they") && (v == "do" || v == "don't") {
		d := &dsl.DidCond{}
		d.Pos = p.pos()
		d.Player = p.take().Value
		d.Verb = p.take().Value
		d.EndPos = p.end()
		s.Did = d
	} else if p.isType(tokIdent) && p.peekAt(1).Value == "can't" {
		c := &dsl.Cant{}
		c.Pos = p.pos()
		c.Player = p.take().Value
		p.take() // can't
		c.EndPos = p.end()
		s.Cant = c
	} else if s.Cond = p.cond(); s.Cond == nil || !p.is("{") {
		if p.significant(start, p.i)+1 >= lookahead {
			p.fail()
			return nil
		}
		p.i, p.failed, s.Cond = start, false, nil
		if s.Phrase = p.phrase(); s.Phrase == nil {
			p.fail()
			return nil
		}
	}
	if s.Then = p.block(); s.Then == nil {
		return nil
	}
	if p.is("else") {
		p.take()
		s.Else = &dsl.Else{}
		switch {
		case p.is("if"):
			if s.Else.If = p.ifStmt(); s.Else.If == nil {
				return nil
			}
		case p.is("{"):
			if s.Else.Block = p.block(); s.Else.Block == nil {
				return nil
			}
		default:
			p.fail()
			return nil
		}
	}
	s.EndPos = p.end()
	return s
}

// phrase reads a run of parts; it returns nil, taking nothing, if there
// is none.
func (p *fastParser) phrase() *dsl.Phrase {
	ph := p.nodes.phrases.new()
	ph.Pos = p.pos()
	base := len(p.nodes.partStack)
	defer func() { p.nodes.partStack = p.nodes.partStack[:base] }()
	for !p.failed && p.startsPart() {
		part := p.part()
		if part == nil {
			p.fail()
			return nil
		}
		p.nodes.partStack = append(p.nodes.partStack, part)
	}
	if p.failed || len(p.nodes.partStack) == base {
		return nil
	}
	ph.Parts = p.nodes.partLists.copyOf(p.nodes.partStack[base:])
	ph.EndPos = p.end()
	return ph
}

// startsPart reports whether the next token can start a part of a phrase.
func (p *fastParser) startsPart() bool {
	t := p.peek()
	switch t.Type {
	case tokIdent, tokPT, tokMana, tokString, tokRawString, tokNumber:
		return true
	case tokOp:
		return t.Value == "(" || t.Value == "-" || t.Value == "," && p.listComma()
	}
	return false
}

// listComma reports whether the next token, a comma, is a comma of a list
// inside a phrase (dsl.Part's Comma): one followed by `or`, `and`, or a
// word and another comma.
func (p *fastParser) listComma() bool {
	j := p.next()
	if j >= len(p.toks) || p.toks[j].Value != "," || p.toks[j].Type != tokOp {
		return false
	}
	var after []*lexer.Token
	for k := j + 1; k < len(p.toks) && len(after) < 2; k++ {
		if p.toks[k].Type != tokComment {
			after = append(after, &p.toks[k])
		}
	}
	if len(after) == 0 || after[0].Type != tokIdent {
		return false
	}
	if after[0].Value == "or" || after[0].Value == "and" {
		return true
	}
	return len(after) == 2 && after[1].Value == "," && after[1].Type == tokOp
}

// part reads one part of a phrase: `as NAME`, a P/T, mana, a string, or an
// expression.
func (p *fastParser) part() *dsl.Part {
	pt := p.nodes.parts.new()
	pt.Pos = p.pos()
	t := p.peek()
	switch {
	case t.Value == "as":
		p.take()
		if !p.isType(tokIdent) {
			p.fail() // participle would read "as" as a word instead
			return nil
		}
		pt.Bind = p.str(p.take().Value)
	case t.Type == tokPT:
		pt.PT = p.str(p.take().Value)
	case t.Type == tokMana:
		pt.Mana = p.str(p.take().Value)
	case t.Type == tokString || t.Type == tokRawString:
		pt.Str = p.str(p.take().Value)
	case t.Type == tokOp && t.Value == ",":
		p.take()
		pt.Comma = true
	default:
		if pt.Expr = p.sum(); pt.Expr == nil {
			return nil
		}
	}
	pt.EndPos = p.end()
	return pt
}

// cond reads `A or B ...`.
func (p *fastParser) cond() *dsl.Cond {
	c := &dsl.Cond{}
	c.Pos = p.pos()
	if c.Left = p.andCond(); c.Left == nil {
		return nil
	}
	for p.is("or") {
		p.take()
		r := p.andCond()
		if r == nil {
			p.fail()
			return nil
		}
		c.Right = append(c.Right, r)
	}
	c.EndPos = p.end()
	return c
}

// andCond reads `A and B ...`.
func (p *fastParser) andCond() *dsl.AndCond {
	c := &dsl.AndCond{}
	c.Pos = p.pos()
	if c.Left = p.notCond(); c.Left == nil {
		return nil
	}
	for p.is("and") {
		p.take()
		r := p.notCond()
		if r == nil {
			p.fail()
			return nil
		}
		c.Right = append(c.Right, r)
	}
	c.EndPos = p.end()
	return c
}

// notCond reads `not A`, or a comparison.
func (p *fastParser) notCond() *dsl.NotCond {
	c := &dsl.NotCond{}
	c.Pos = p.pos()
	if p.is("not") {
		p.take()
		if c.Not = p.notCond(); c.Not == nil {
			p.fail()
			return nil
		}
	} else if c.Cmp = p.compare(); c.Cmp == nil {
		return nil
	}
	c.EndPos = p.end()
	return c
}

// compareOps are the operators of a comparison.
var compareOps = map[string]bool{"==": true, "!=": true, "<=": true, ">=": true, "<": true, ">": true}

// compare reads `A OP B`, or a lone value.
func (p *fastParser) compare() *dsl.Compare {
	c := &dsl.Compare{}
	c.Pos = p.pos()
	if c.Left = p.sum(); c.Left == nil {
		return nil
	}
	if t := p.peek(); t.Type == tokOp && compareOps[t.Value] {
		c.Op = p.take().Value
		if c.Right = p.sum(); c.Right == nil {
			p.fail()
			return nil
		}
	}
	c.EndPos = p.end()
	return c
}

// isOp reports whether the next token is the operator a or b.
func (p *fastParser) isOp(a, b string) bool {
	t := p.peek()
	return t.Type == tokOp && (t.Value == a || t.Value == b)
}

// sum reads `A + B - C`.
func (p *fastParser) sum() *dsl.Sum {
	s := p.nodes.sums.new()
	s.Pos = p.pos()
	if s.Left = p.product(); s.Left == nil {
		return nil
	}
	for p.isOp("+", "-") {
		op := &dsl.SumOp{}
		op.Pos = p.pos()
		op.Op = p.take().Value
		if op.Right = p.product(); op.Right == nil {
			p.fail()
			return nil
		}
		op.EndPos = p.end()
		s.Rest = append(s.Rest, op)
	}
	s.EndPos = p.end()
	return s
}

// product reads `A * B / C`.
func (p *fastParser) product() *dsl.Product {
	s := p.nodes.products.new()
	s.Pos = p.pos()
	if s.Left = p.unary(); s.Left == nil {
		return nil
	}
	for p.isOp("*", "/") {
		op := &dsl.ProductOp{}
		op.Pos = p.pos()
		op.Op = p.take().Value
		if op.Right = p.unary(); op.Right == nil {
			p.fail()
			return nil
		}
		op.EndPos = p.end()
		s.Rest = append(s.Rest, op)
	}
	s.EndPos = p.end()
	return s
}

// unary reads `-A`, or a primary.
func (p *fastParser) unary() *dsl.Unary {
	u := p.nodes.unaries.new()
	u.Pos = p.pos()
	if p.isOp("-", "-") {
		p.take()
		if u.Neg = p.unary(); u.Neg == nil {
			p.fail()
			return nil
		}
	} else if u.Primary = p.primary(); u.Primary == nil {
		return nil
	}
	u.EndPos = p.end()
	return u
}

// primary reads a number, a condition in parentheses, or a reference; it
// returns nil, taking nothing, if there is none.
func (p *fastParser) primary() *dsl.Primary {
	pr := p.nodes.primaries.new()
	pr.Pos = p.pos()
	switch {
	case p.isType(tokNumber):
		pr.Number = p.str(p.take().Value)
	case p.isOp("(", "("):
		p.take()
		if pr.Paren = p.cond(); pr.Paren == nil {
			p.fail()
			return nil
		}
		if !p.isOp(")", ")") {
			p.fail()
			return nil
		}
		p.take()
	case p.isType(tokIdent):
		pr.Ref = p.ref()
		if pr.Ref == nil {
			return nil
		}
	default:
		return nil
	}
	pr.EndPos = p.end()
	return pr
}

// ref reads `NAME.FIELD.FIELD`.
func (p *fastParser) ref() *dsl.Ref {
	r := p.nodes.refs.new()
	r.Pos = p.pos()
	r.Name = p.take().Value
	for p.is(".") {
		p.take()
		f, ok := p.expectType(tokIdent)
		if !ok {
			return nil
		}
		r.Fields = append(r.Fields, f)
	}
	r.EndPos = p.end()
	return r
}
