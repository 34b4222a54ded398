// Package parser turns card language source into a dsl.File: it lexes the
// whole file, splits it into top-level declarations, and parses each with
// the participle grammar carried by the dsl package's struct tags. A syntax
// error in one declaration does not stop the others from being parsed and
// checked.
//
// The grammar in the struct tags is the definition of the language, and
// participle reads any declaration and says what is wrong with one that
// does not parse. Cards and tests, all of a library, are first tried on a
// hand-written fast path (fast.go, fast_steps.go) that builds the same tree
// without participle's reflection; on anything it does not expect it hands
// the declaration to participle, so that what the fast path does not read
// is read, or reported, exactly as before.
package parser

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// Diagnostic codes of the parser.
const (
	// CodeSyntax is a syntax error.
	CodeSyntax = "P001"
	// CodeBadChar is a character the language does not use.
	CodeBadChar = "P002"
	// CodeUnterminated is a string with no closing quote, or a brace with no
	// closing brace.
	CodeUnterminated = "P003"
	// CodeInternal is a failure of the parser itself; please report it.
	CodeInternal = "P999"
)

// declRoot is the grammar's start symbol: one top-level declaration.
type declRoot struct {
	Decl dsl.Decl `parser:"Sep* @@ Sep*"`
}

// options are the options every parser of the grammar is built with.
func options() []participle.Option {
	return []participle.Option{
		participle.Lexer(Lexer()),
		participle.Elide("Comment", "Whitespace"),
		participle.Union[dsl.Decl](&dsl.Card{}, &dsl.Test{}, &dsl.EventDecl{}, &dsl.FuncDecl{},
			&dsl.RuleDecl{}, &dsl.NamesDecl{}, &dsl.SubtypesDecl{}, &dsl.KeywordDecl{}, &dsl.StepDecl{}, &dsl.VocabularyDecl{}),
		participle.Union[dsl.CardItem](&dsl.CostItem{}, &dsl.TypeItem{}, &dsl.PTItem{}, &dsl.OracleItem{},
			&dsl.KeywordsItem{}, &dsl.EnchantItem{}, &dsl.LoyaltyItem{}, &dsl.EntersAbility{}, &dsl.TriggerAbility{}, &dsl.ReplaceAbility{}, &dsl.StaticAbility{},
			&dsl.SpellAbility{}, &dsl.KeywordItem{}, &dsl.ActivatedAbility{}),
		participle.Union[dsl.Stmt](&dsl.IfStmt{}, &dsl.AtStmt{}, &dsl.WhenStmt{}, &dsl.ForEachStmt{}, &dsl.WhereStmt{}, &dsl.ChooseStmt{}, &dsl.ActionStmt{}),
		participle.Union[dsl.EventItem](&dsl.DocItem{}, &dsl.PhraseDecl{}, &dsl.OracleWording{}, &dsl.CalledItem{}, &dsl.TimingItem{}, &dsl.StaleItem{}, &dsl.MovesItem{}, &dsl.AliasItem{}, &dsl.FieldDecl{}),
		participle.Union[dsl.TestSection](&dsl.Given{}, &dsl.When{}, &dsl.Then{}),
		participle.Union[dsl.GivenStmt](dsl.GivenStmts()...),
		participle.Union[dsl.Action](dsl.Actions()...),
		participle.Union[dsl.Assertion](dsl.Assertions()...),
		participle.UseLookahead(8),
	}
}

// declParser parses any top-level declaration. It is built on first use,
// not at start-up: building a participle grammar takes milliseconds, and
// commands such as `cardc version` parse nothing.
var declParser = sync.OnceValue(func() *participle.Parser[declRoot] {
	grammarsBuilt.Add(1)
	return participle.MustBuild[declRoot](options()...)
})

// grammarsBuilt counts the grammars declParser built, for the test that
// proves a process builds none until it needs one.
var grammarsBuilt atomic.Int32

// Grammar returns the grammar in EBNF, for the language reference.
func Grammar() string { return declParser().String() }

// ParseString parses source text; see Parse.
func ParseString(filename, src string) (*dsl.File, dsl.Diagnostics) {
	return Parse(filename, []byte(src))
}

// Parse parses a whole file. It returns every declaration that parsed, all
// comments, and a diagnostic for each problem: at most one syntax error per
// declaration, since the parser resumes at the next declaration.
func Parse(filename string, src []byte) (*dsl.File, dsl.Diagnostics) {
	src = normalize(src)
	file := &dsl.File{Name: filename}
	if d := checkEncoding(filename, src); d != nil {
		return file, dsl.Diagnostics{*d}
	}
	buf := tokenBuffers.Get().(*[]lexer.Token)
	toks, diags := lexInto(*buf, filename, src)
	defer func() {
		// Nothing Parse returns holds on to the tokens: the syntax tree
		// and the diagnostics copy what they need of them.
		if cap(toks) <= maxPooledTokens {
			clear(toks) // let the source go
			*buf = toks[:0]
			tokenBuffers.Put(buf)
		}
	}()
	diags = append(diags, checkTokens(toks)...)
	diags.Sort()
	codeLine := 0 // the last line that holds code
	for _, t := range toks {
		switch t.Type {
		case tokComment:
			file.Comments = append(file.Comments, dsl.Comment{Pos: t.Pos, Text: strings.TrimRight(t.Value, " \t\r"),
				Trailing: codeLine == t.Pos.Line})
		case tokWhitespace:
		default:
			if t.Value != "\n" {
				codeLine = endOf(t).Line // a raw string may span lines
			}
		}
	}
	lexErrors := diags
	nodes := &fastNodes{}
	for _, ch := range splitDecls(toks) {
		// A declaration the lexer found a bad character in is left out:
		// what it means without that character is a guess, and one error
		// says what is wrong.
		if within(lexErrors, ch) {
			continue
		}
		if t, deep := tooDeep(ch); deep {
			diags = append(diags, nestingError(t))
			continue
		}
		decl, d := parseDecl(ch, nodes)
		if d != nil {
			diags = append(diags, *d)
			continue
		}
		file.Decls = append(file.Decls, decl)
	}
	diags.Sort()
	return file, diags.Limit()
}

// tokenBuffers hold the token slices of files parsed before, for Parse to
// reuse: the tokens of a file are ten times its size, and live only while
// it is parsed.
var tokenBuffers = sync.Pool{New: func() any { return new([]lexer.Token) }}

// maxPooledTokens is the capacity of the biggest token slice kept for
// reuse (about 4 MB): a huge file's is left to the garbage collector.
const maxPooledTokens = 1 << 16

// bom is the byte order mark some editors put at the start of UTF-8 files.
var bom = []byte("\ufeff")

// within reports whether any diagnostic lies in the span of tokens.
// The diagnostics are sorted by position.
func within(diags dsl.Diagnostics, toks []lexer.Token) bool {
	first, last := toks[0].Pos.Offset, endOf(toks[len(toks)-1]).Offset
	i := sort.Search(len(diags), func(i int) bool { return diags[i].Pos.Offset >= first })
	return i < len(diags) && diags[i].Pos.Offset <= last
}

// positionOf extracts the position of a lexer error.
func positionOf(err error) lexer.Position {
	if perr, ok := err.(participle.Error); ok {
		return perr.Position()
	}
	return lexer.Position{Line: 1, Column: 1}
}

// shift moves a position relative to the start of a piece of text to the
// whole file, given where the piece starts.
func shift(p, base lexer.Position) lexer.Position {
	if p.Line == 1 {
		p.Column += base.Column - 1
	}
	p.Line += base.Line - 1
	p.Offset += base.Offset
	p.Filename = base.Filename
	return p
}

// advance moves a position past some text.
func advance(p lexer.Position, text string) lexer.Position {
	for _, r := range text {
		p.Offset += utf8.RuneLen(r)
		if r == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
	}
	return p
}

func badChar(pos lexer.Position, rest string) dsl.Diagnostic {
	r, _ := utf8.DecodeRuneInString(rest)
	switch r {
	case '"':
		return dsl.Errorf(pos, CodeUnterminated, "string is not terminated before the end of the line").
			WithHint("close it with \", or use a `raw string` for text with quotes and line breaks")
	case '`':
		return dsl.Errorf(pos, CodeUnterminated, "raw string is not terminated").WithHint("close it with `")
	case '{':
		return dsl.Errorf(pos, CodeBadChar, "unexpected %q", firstWord(rest)).
			WithHint("mana symbols are written {2}, {G}, {X}, {G/U}, {T}; a block opens with { and a line break")
	}
	if r == utf8.RuneError {
		return dsl.Errorf(pos, CodeBadChar, "invalid UTF-8")
	}
	if name, ok := dashes[r]; ok {
		return dsl.Errorf(pos, CodeBadChar, "unexpected character %q (%s)", r, name).
			WithHint("the type line takes an em dash — (or --) before subtypes; a minus is -")
	}
	return dsl.Errorf(pos, CodeBadChar, "unexpected character %q", r)
}

func skipLen(rest string) int {
	if strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "`") {
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			return i
		}
		return len(rest)
	}
	_, n := utf8.DecodeRuneInString(rest)
	if n == 0 {
		n = 1
	}
	return n
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// topKeywords start top-level declarations; a line that starts with one in
// the first column ends an unterminated declaration before it.
var topKeywords = map[string]bool{
	"card": true, "test": true, "event": true, "action": true, "query": true, "effect": true, "rule": true,
	"types": true, "supertypes": true, "subtypes": true, "colors": true, "counters": true, "adjectives": true, "zones": true,
	"step": true,
}

// splitDecls splits a file's tokens into one slice per top-level
// declaration. A declaration ends where its braces close, or at the end of
// its line if it has none.
func splitDecls(toks []lexer.Token) [][]lexer.Token {
	var (
		out    [][]lexer.Token
		start  = -1
		depth  = 0
		braced = false
	)
	flush := func(end int) {
		if start >= 0 {
			out = append(out, toks[start:end])
		}
		start, depth, braced = -1, 0, false
	}
	for i, t := range toks {
		if t.EOF() {
			break
		}
		significant := t.Type != tokComment && t.Type != tokWhitespace && t.Type != tokSep
		if start < 0 {
			if significant {
				start = i
			}
			if t.Type != tokOp || t.Value != "{" {
				continue
			}
		} else if depth > 0 && t.Pos.Column == 1 && t.Type == tokIdent && topKeywords[t.Value] {
			flush(i)
			start = i
			continue
		}
		switch {
		case t.Type == tokOp && t.Value == "{":
			depth++
			braced = true
		case t.Type == tokOp && t.Value == "}":
			depth--
			if depth <= 0 {
				flush(i + 1)
			}
		case t.Type == tokSep && depth == 0 && !braced:
			flush(i)
		}
	}
	flush(len(toks))
	return out
}

// replay is a lexer.Lexer that replays tokens already lexed.
type replay struct {
	toks []lexer.Token
	eof  lexer.Position
}

// Next returns the next token, then EOF.
func (r *replay) Next() (lexer.Token, error) {
	if len(r.toks) == 0 {
		return lexer.EOFToken(r.eof), nil
	}
	t := r.toks[0]
	r.toks = r.toks[1:]
	return t, nil
}

// useFastPath turns the fast path on; tests and benchmarks turn it off to
// compare with participle alone.
var useFastPath = true

// parseDecl parses the tokens of one declaration: on the fast path if it
// reads it (fast.go), else with the participle grammar, which also says
// what is wrong with a declaration that does not parse. nodes are the fast
// path's, shared by the declarations of a file.
func parseDecl(toks []lexer.Token, nodes *fastNodes) (dsl.Decl, *dsl.Diagnostic) {
	if d, ok := sentenceBreak(toks); ok {
		return nil, &d
	}
	if useFastPath {
		if decl, ok := fastDecl(toks, nodes); ok {
			return unsupportedKeyword(decl)
		}
	}
	decl, d := participleDecl(toks)
	if d != nil {
		return nil, d
	}
	return unsupportedKeyword(decl)
}

// unsupportedKeyword reports a card line that reads as a keyword with its
// cost or its number but is no keyword: a construct the language does
// not have (P020: `kicker {4}`, `crew 1`, `manacost {1}{G}`), or the
// misspelled word of another card item (`cots {1}{G}`). Either is
// reported as a syntax error is, and the card left out.
func unsupportedKeyword(decl dsl.Decl) (dsl.Decl, *dsl.Diagnostic) {
	card, ok := decl.(*dsl.Card)
	if !ok {
		return decl, nil
	}
	for _, it := range card.Items {
		k, ok := it.(*dsl.KeywordItem)
		if !ok {
			continue
		}
		if c, ok := dsl.ConstructNamed(k.Words[0]); ok && !c.AfterBrace {
			d := dsl.Errorf(k.Pos, CodeUnsupported, "%s", c.Message).WithHint("%s", c.Hint)
			return nil, &d
		}
		if hint := dsl.DidYouMean(k.Words[0], cardItemWords); hint != "" {
			d := dsl.Errorf(k.Pos, CodeSyntax, "unexpected %q", k.Words[0])
			d.Hint = hint
			return nil, &d
		}
	}
	return decl, nil
}

// cardItemWords are the words that start the lines of a card other than
// its abilities written as COST: EFFECT and its keywords.
var cardItemWords = []string{"cost", "type", "pt", "oracle", "keywords", "enchant", "loyalty",
	"enters", "whenever", "when", "at", "replace", "static", "spell"}

// participleDecl parses the tokens of one declaration with the participle
// grammar.
func participleDecl(toks []lexer.Token) (decl dsl.Decl, diag *dsl.Diagnostic) {
	eof := endOf(toks[len(toks)-1])
	defer func() {
		if r := recover(); r != nil {
			d := dsl.Errorf(toks[0].Pos, CodeInternal, "parser failure: %v", r).
				WithHint("this is a bug in cardc; please report it with this file")
			decl, diag = nil, &d
		}
	}()
	peek, err := lexer.Upgrade(&replay{toks: toks, eof: eof}, elided...)
	if err == nil {
		var root *declRoot
		root, err = declParser().ParseFromLexer(peek)
		if err == nil {
			return root.Decl, nil
		}
	}
	if b, ok := unclosed(toks); ok && !b.closer.EOF() && positionOf(err).Offset > b.brace.Pos.Offset {
		// A block the indentation shows was left open: what follows it
		// was read as its lines, and whatever error that made is not
		// the mistake.
		d := unclosedError(b)
		return nil, &d
	}
	if d, ok := constructError(toks, positionOf(err)); ok {
		return nil, &d
	}
	// Look again, statement by statement, while the error moves further in
	// (a section holds statements, a statement may hold a block...).
	for tries := 0; tries < 8; tries++ {
		perr, ok := err.(participle.Error)
		if !ok {
			break
		}
		better, first := secondLook(toks, perr.Position())
		if better == nil {
			break
		}
		if hint := keywordHint(first.Value); first.Type == tokIdent && hint != "" {
			// A misspelled first word is the likeliest mistake of all.
			d := dsl.Errorf(first.Pos, CodeSyntax, "unexpected %q", first.Value)
			d.Hint = hint
			return nil, &d
		}
		err = better
	}
	d := syntaxError(err, toks)
	return nil, &d
}

// syntaxError turns a participle error into a diagnostic that says what was
// found and what was expected, with a hint for misspelled keywords.
func syntaxError(err error, toks []lexer.Token) dsl.Diagnostic {
	found, expected, ok := unexpected(err)
	if !ok {
		pos, msg := toks[0].Pos, err.Error()
		if perr, ok := err.(participle.Error); ok {
			pos, msg = perr.Position(), perr.Message()
		}
		return dsl.Errorf(pos, CodeSyntax, "%s", msg)
	}
	if b, ok := unclosed(toks); ok && (found.EOF() || !b.closer.EOF() && found.Pos.Offset > b.brace.Pos.Offset) {
		// At the end of the declaration, or after a block the
		// indentation shows was left open, what is missing is a }.
		return unclosedError(b)
	}
	if d, ok := constructError(toks, found.Pos); ok {
		return d
	}
	if d, ok := finalPeriod(toks, found); ok {
		return d
	}
	if d, ok := variablePT(toks, found); ok {
		return d
	}
	if d, ok := negatedComma(toks, found); ok {
		return d
	}
	if describeExpected(expected) == `":"` && found.Type == tokSep {
		// A line of a card read as the cost of an activated ability to
		// its end, with no colon: most likely a line that is no line of a
		// card at all, such as an action outside any ability.
		if first, ok := lineStart(toks, found); ok {
			return dsl.Errorf(first.Pos, CodeSyntax, "unexpected %s: this line is no line of a card", describeToken(first)).
				WithHint("a card has cost, type, pt, oracle and keywords lines, and abilities: whenever/when/at ... { }, replace ... { }, static ..., enters ..., spell { }, or an activated ability COST: EFFECT; actions go inside an ability")
		}
	}
	d := dsl.Errorf(found.Pos, CodeSyntax, "unexpected %s", describeToken(found))
	if found.Type != tokString && found.Type != tokRawString { // quoted text is no keyword
		if hint := keywordHint(found.Value); hint != "" {
			// A misspelled keyword: what the parser expected instead is
			// beside the point.
			d.Hint = hint
			return d
		}
	}
	if expected != "" {
		d.Message += ", expected " + describeExpected(expected)
	}
	return d
}

// finalPeriod reports a line that ends with a period, as Oracle's
// sentences do. The parser finds either the period itself where the line
// should end ("opponent has 18 life."), or the end of the line where a
// field name should follow the dot ("loses 2 life." reads "life.").
func finalPeriod(toks []lexer.Token, found lexer.Token) (dsl.Diagnostic, bool) {
	lineEnd := func(t lexer.Token) bool {
		return t.EOF() || t.Type == tokSep || t.Type == tokOp && t.Value == "}"
	}
	var prev, next lexer.Token
	next = lexer.EOFToken(lexer.Position{})
	for _, t := range toks {
		if t.Type == tokComment || t.Type == tokWhitespace {
			continue
		}
		if t.Pos.Offset < found.Pos.Offset {
			prev = t
		} else if t.Pos.Offset > found.Pos.Offset {
			next = t
			break
		}
	}
	period := func(t lexer.Token) bool { return t.Type == tokOp && t.Value == "." }
	var at lexer.Token
	switch {
	case lineEnd(found) && period(prev):
		at = prev
	case period(found) && lineEnd(next):
		at = found
	default:
		return dsl.Diagnostic{}, false
	}
	return dsl.Errorf(at.Pos, CodeSyntax, "a line has no final period").
		WithHint(`remove the "."; a line of the language is no sentence, and only the text of an oracle line is punctuated as Oracle's`), true
}

// sentenceBreak reports a period that ends a sentence in the middle of a
// line, as Oracle's sentences end ("destroy target creature. it can't be
// regenerated"): a word, a period, a space and a word. Without it the
// words would read as a field, `creature.it`, and the message would be
// about a name the card never meant. A line of the language is one
// statement; a field is written without a space (`this.toughness`).
func sentenceBreak(toks []lexer.Token) (dsl.Diagnostic, bool) {
	for i := 0; i+2 < len(toks); i++ {
		dot, next := toks[i+1], toks[i+2]
		if toks[i].Type != tokIdent || dot.Type != tokOp || dot.Value != "." || next.Type != tokIdent ||
			next.Pos.Line != dot.Pos.Line || next.Pos.Offset == dot.Pos.Offset+1 {
			continue
		}
		var rest strings.Builder
		end := next.Pos.Offset
		for _, t := range toks[i+2:] {
			if t.Type == tokSep || t.Type == tokComment || t.Pos.Line != dot.Pos.Line || t.Type == tokOp && (t.Value == "{" || t.Value == "}") {
				break
			}
			if t.Pos.Offset > end {
				rest.WriteByte(' ')
			}
			rest.WriteString(t.Value)
			end = t.Pos.Offset + len(t.Value)
		}
		return dsl.Errorf(dot.Pos, CodeSyntax, "a period ends a sentence here, and a line of the language is one statement").
			WithHint("write %q on a line of its own, or, where the vocabulary says the two sentences as one phrase, join them with \"and\" (dsl/VOCABULARY.md lists its phrases)", rest.String()), true
	}
	return dsl.Diagnostic{}, false
}

// variablePT reports a power/toughness change written with a variable
// other than X, "+Y/+0", which the language has not (a side is a number
// or X: "+1/+0", "+X/+0", which lex as one token): the parser finds a
// sign where a value should be, the first or the second.
func variablePT(toks []lexer.Token, found lexer.Token) (dsl.Diagnostic, bool) {
	if found.Type != tokOp || found.Value != "+" && found.Value != "-" {
		return dsl.Diagnostic{}, false
	}
	var line []lexer.Token
	at := -1
	for _, t := range toks {
		if t.Type == tokComment || t.Type == tokWhitespace {
			continue
		}
		if t.Type == tokSep {
			if at >= 0 {
				break
			}
			line = line[:0]
			continue
		}
		if t.Pos.Offset == found.Pos.Offset {
			at = len(line)
		}
		line = append(line, t)
	}
	value := func(i int) bool {
		return i < len(line) && (line[i].Type == tokIdent || line[i].Type == tokNumber)
	}
	sign := func(i int) bool { return i >= 0 && i < len(line) && (line[i].Value == "+" || line[i].Value == "-") }
	for _, start := range []int{at, at - 3} {
		// SIGN VALUE / SIGN VALUE, the second sign optional.
		if start < 0 || !sign(start) || !value(start+1) || start+2 >= len(line) || line[start+2].Value != "/" {
			continue
		}
		end := start + 3
		if sign(end) {
			end++
		}
		if !value(end) || line[start+1].Type != tokIdent && line[end].Type != tokIdent {
			continue
		}
		var text strings.Builder
		for _, t := range line[start : end+1] {
			text.WriteString(t.Value)
		}
		return dsl.Errorf(line[start].Pos, CodeUnsupported, "a power/toughness change by a variable other than X, %q, is not in the language yet", text.String()).
			WithHint(`each side of a power/toughness change is a number or X with its sign, as in "+1/+0" or "+X/+0" (X paid in a cost, or named by "where X is N"); SPEC's section "Not in the language yet" lists what the language lacks`), true
	}
	return dsl.Diagnostic{}, false
}

// negatedComma reports Oracle's comma between negated qualities of a
// filter, "target nonartifact, nonblack creature": the parser finds the
// second quality after a comma that ends the phrase. The card language
// writes such qualities side by side ("nonartifact nonblack creature"),
// each of which the object must have.
func negatedComma(toks []lexer.Token, found lexer.Token) (dsl.Diagnostic, bool) {
	non := func(t lexer.Token) bool {
		return t.Type == tokIdent && len(t.Value) > 3 && strings.EqualFold(t.Value[:3], "non")
	}
	if !non(found) {
		return dsl.Diagnostic{}, false
	}
	var before []lexer.Token // the two significant tokens before found
	for _, t := range toks {
		if t.Pos.Offset >= found.Pos.Offset {
			break
		}
		if t.Type != tokComment && t.Type != tokWhitespace {
			before = append(before, t)
		}
	}
	n := len(before)
	if n < 2 || before[n-1].Type != tokOp || before[n-1].Value != "," || !non(before[n-2]) {
		return dsl.Diagnostic{}, false
	}
	return dsl.Errorf(before[n-1].Pos, CodeSyntax, "a comma between the qualities %q and %q ends the phrase", before[n-2].Value, found.Value).
		WithHint("the card language writes the qualities of a filter side by side, without Oracle's comma: %q (an object that is both)", before[n-2].Value+" "+found.Value), true
}

// lineStart returns the first significant token of the line that ends
// with the token end.
func lineStart(toks []lexer.Token, end lexer.Token) (lexer.Token, bool) {
	var first lexer.Token
	found := false
	for _, t := range toks {
		if t.Pos.Offset >= end.Pos.Offset {
			break
		}
		switch {
		case t.Type == tokSep || (t.Type == tokOp && (t.Value == "{" || t.Value == "}")):
			found = false
		case t.Type == tokComment || t.Type == tokWhitespace:
		case !found:
			first, found = t, true
		}
	}
	return first, found
}

// unexpected returns the token a syntax error is about and, in grammar
// notation, what the parser expected there ("" when it does not say), or
// false if err is not about an unexpected token.
func unexpected(err error) (found lexer.Token, expected string, ok bool) {
	var uerr *participle.UnexpectedTokenError
	if !errors.As(err, &uerr) {
		return lexer.Token{}, "", false
	}
	expected = uerr.Expect
	if expected == "" {
		expected = expectedNode(uerr)
	}
	return uerr.Unexpected, expected, true
}

// expectedTexts holds, for each grammar node a syntax error has named, what
// the node expects, in grammar notation: a node stands for a part of the
// grammar, which the parsers built once keep for good.
var expectedTexts sync.Map // node address (uintptr) → string

// expectedNode returns what a syntax error says the parser expected. participle
// (v2.1.4) keeps it as an unexported grammar node, which only its message
// shows: `unexpected token "T" (expected E)`. Writing E walks the grammar from
// that node, often most of the grammar, so E is cut out of the message once
// per node and kept, the node found by its address.
func expectedNode(uerr *participle.UnexpectedTokenError) string {
	node := reflect.ValueOf(uerr).Elem().FieldByName("expectNode")
	key, keyed := uintptr(0), false
	if node.IsValid() && node.Kind() == reflect.Interface && !node.IsNil() && node.Elem().Kind() == reflect.Pointer {
		key, keyed = node.Elem().Pointer(), true
		if text, ok := expectedTexts.Load(key); ok {
			return text.(string)
		}
	}
	var expected string
	prefix := fmt.Sprintf("unexpected token %q (expected ", uerr.Unexpected)
	if rest, ok := strings.CutPrefix(uerr.Message(), prefix); ok {
		expected = strings.TrimSuffix(rest, ")")
	}
	if keyed {
		expectedTexts.Store(key, expected)
	}
	return expected
}

// describeToken says what a token is, as a syntax error shows it.
func describeToken(t lexer.Token) string {
	switch {
	case t.EOF():
		return "end of file"
	case t.Type == tokSep:
		return "end of line"
	case t.Type == tokString || t.Type == tokRawString:
		v := oneLine(t.Value) // a string shows its own quotes
		return fitQuoted(v[:1], v[1:len(v)-1], func(s string) string { return s })
	}
	return fitQuoted(`"`, t.Value, func(s string) string { q := strconv.Quote(s); return q[1 : len(q)-1] })
}

// fitQuoted quotes text between q and q, escaped by escape, cut with "…"
// so that the whole is at most dsl.MaxQuoted characters: a message quotes
// what the user wrote, which may be a 2 MB word.
func fitQuoted(q, text string, escape func(string) string) string {
	r := []rune(text)
	for keep := len(r); ; {
		v := escape(string(r[:keep]))
		if keep < len(r) {
			v += "…"
		}
		over := utf8.RuneCountInString(v) + 2 - dsl.MaxQuoted
		if over <= 0 || keep == 0 {
			return q + v + q
		}
		if keep == len(r) {
			over++ // room for "…"
		}
		keep = max(keep-over, 0)
	}
}

// oneLine returns text as written, except that line breaks, tabs and the
// other characters that do not print are escaped as Go escapes them
// ("\n", "\t", "\u200b"), so that a diagnostic stays on one line.
func oneLine(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case strconv.IsPrint(r):
			b.WriteRune(r)
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// tokenNames say what the grammar's token types and productions are, in
// the words of a card designer.
var tokenNames = map[string]string{
	"<string>":                 "text in quotes",
	"<rawstring>":              "text in quotes",
	"(<string> | <rawstring>)": "text in quotes",
	"<ident>":                  "a word",
	"<ident>+":                 "a word",
	"<number>":                 "a number",
	"<pt>":                     "power/toughness such as 2/2",
	"<mana>":                   "mana symbols such as {1}{G}",
	"<sep>":                    "end of line",
	"Decl":                     "a declaration (card, test...)",
	"CardItem":                 "a line of a card (cost, type, pt, oracle, keywords or an ability)",
	"Stmt":                     "a statement",
	"Phrase":                   "a phrase",
	"Cond":                     "a condition",
	"Sum":                      "a value",
	"CardRef":                  "a card name in quotes, or an alias",
	"Else":                     "{ or if",
	"Keyword":                  "a keyword ability such as flying",
	"Part":                     "a word of a phrase",
	"Product":                  "a value",
	"Unary":                    "a value",
	"Primary":                  "a value",
	"Compare":                  "a value",
	"AndCond":                  "a condition",
	"NotCond":                  "a condition",
	"Ref":                      "a name",
	"Block":                    "{ and a line break",
	"CostPart":                 "a cost such as {T} or {1}{G}",
	"TestSection":              "given, when or then",
	"GivenStmt":                "a line of given (you control ..., you have ... in hand, opponent has N life...)",
	"ControlStmt":              "a line of given (you control ..., you have ... in hand, opponent has N life...)",
	"CardSpec":                 "a card name in quotes",
	"WithClause":               "what the card comes with, such as 2 damage or 1 +1/+1 counter",
	"Action":                   "an action (cast, attack, resolve, activate...)",
	"Assertion":                "a line of then (... is on the battlefield, you have N life...)",
	"EventItem":                "doc, a phrase, its oracle wording, a field, or called from, takes effect, stale",
	"Default":                  "a name = value",
	"TargetRef":                "a card or a player",
}

// grammarName matches the name of a production of the grammar, which
// means nothing to a designer.
var grammarName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z][A-Za-z]*$`) })

// describeExpected says what the parser expected, from participle's
// grammar expression: its first element, in plain words.
func describeExpected(s string) string {
	first := strings.TrimRight(firstElement(s), "*+?")
	if name, ok := tokenNames[first]; ok {
		return name
	}
	if alts, ok := literals(first); ok {
		return strings.Join(alts, " or ")
	}
	if strings.HasPrefix(first, "(") || grammarName().MatchString(first) {
		return "something else"
	}
	return first
}

// literals reads a grammar alternation of literals, ("a" | "b"), as its
// literals.
func literals(s string) ([]string, bool) {
	inner, ok := strings.CutPrefix(s, "(")
	if !ok {
		return nil, false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return nil, false
	}
	alts := strings.Split(inner, " | ")
	for _, a := range alts {
		if len(a) < 2 || a[0] != '"' || a[len(a)-1] != '"' {
			return nil, false
		}
	}
	return alts, true
}

// firstElement returns the first element of a grammar expression: up to
// the first space outside parentheses.
func firstElement(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ' ':
			if depth == 0 {
				return s[:i]
			}
		}
	}
	return s
}

// openBlock is a "{" and the line that opens it.
type openBlock struct {
	brace lexer.Token
	// word is the first word of the line, before the brace ("spell",
	// "whenever", "else"...), or "" if it has none.
	word string
	// indent is the column of the line's first token.
	indent int
}

// unclosedBlock is a block whose "{" is never closed, and, when the
// indentation shows it, the "}" that was read as its end but, indented as
// it is, closes a block around it.
type unclosedBlock struct {
	openBlock
	// closer is that "}", and outer the block it closes by its
	// indentation; closer.EOF() when the indentation says nothing.
	closer lexer.Token
	outer  openBlock
	// end is the line the block must end before: the first line after
	// its opening line that starts no further right than it does.
	end int
}

// unclosed finds a block whose "{" is never closed. When braces do not
// pair up, the one left open is the innermost block that a "}" skips by
// its indentation: a "}" first on its line closes the open block whose
// line starts at the same column, so the blocks inside that one were left
// open ("spell {" at column 5 and a "}" at column 1 that closes the card);
// if no "}" says so, it is the innermost block still open at the end.
func unclosed(toks []lexer.Token) (unclosedBlock, bool) {
	var (
		open     []openBlock
		skipped  *unclosedBlock
		first    lexer.Token // the first token of the current line
		word     string      // the first word of the current line
		hasFirst bool
	)
	for _, t := range toks {
		switch {
		case t.Type == tokSep:
			// A ";" ends a statement, not a line: the line's indentation
			// is that of its first statement.
			hasFirst, word = hasFirst && t.Value == ";", ""
			continue
		case t.Type == tokComment || t.Type == tokWhitespace:
			continue
		}
		if !hasFirst {
			first, hasFirst = t, true
		}
		if word == "" && t.Type == tokIdent {
			word = t.Value
		}
		if t.Type != tokOp {
			continue
		}
		switch t.Value {
		case "{":
			open = append(open, openBlock{brace: t, word: word, indent: first.Pos.Column})
		case "}":
			if len(open) == 0 {
				continue
			}
			if skipped == nil && first.Pos.Offset == t.Pos.Offset {
				k := len(open) - 1
				for k > 0 && open[k].indent > t.Pos.Column {
					k--
				}
				if k < len(open)-1 && open[k].indent == t.Pos.Column {
					b := open[len(open)-1]
					skipped = &unclosedBlock{openBlock: b, closer: t, outer: open[k], end: blockEnd(toks, b)}
				}
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) == 0 {
		return unclosedBlock{}, false
	}
	if skipped != nil {
		return *skipped, true
	}
	return unclosedBlock{openBlock: open[len(open)-1], closer: lexer.EOFToken(lexer.Position{})}, true
}

// blockEnd returns the first line after the line of a block's "{" that
// starts no further right than the line of the "{": the block ends
// before it.
func blockEnd(toks []lexer.Token, b openBlock) int {
	line := b.brace.Pos.Line
	for _, t := range toks {
		if t.Pos.Line <= line || t.Type == tokComment || t.Type == tokWhitespace || t.Type == tokSep {
			continue
		}
		if t.Pos.Column <= b.indent {
			return t.Pos.Line
		}
		line = t.Pos.Line // the rest of this line says nothing
	}
	return line + 1
}

// unclosedError says which block is never closed, at its "{".
func unclosedError(b unclosedBlock) dsl.Diagnostic {
	what := "this {"
	if b.word != "" {
		what = fmt.Sprintf("the %q block opened here", b.word)
	}
	d := dsl.Errorf(b.brace.Pos, CodeUnterminated, "%s is never closed", what)
	d.Hint = "add the missing }"
	if !b.closer.EOF() {
		outer := "the block"
		if b.outer.word != "" {
			outer = fmt.Sprintf("the %q block", b.outer.word)
		}
		d.Hint = fmt.Sprintf("add its } before line %d; the } of line %d, indented like line %d, closes %s",
			b.end, b.closer.Pos.Line, b.outer.brace.Pos.Line, outer)
	}
	return d
}

// keywords are the words the grammar spells out, for "did you mean" hints;
// they are listed on the first syntax error.
//
// They are read from the grammar's text, where every literal is in double
// quotes: participle keeps its grammar nodes unexported, and walking the
// struct tags instead would need the members of each union type, which
// only the participle.Union options know.
var keywords = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range regexp.MustCompile(`"([a-z][a-z']*)"`).FindAllStringSubmatch(Grammar(), -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
})

// keywordHint suggests a keyword for a misspelled one.
func keywordHint(found string) string {
	for _, k := range keywords() {
		if k == found {
			return ""
		}
	}
	return dsl.DidYouMean(found, keywords())
}
