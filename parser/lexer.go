package parser

import (
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// Lexer is the lexical grammar of the card language. Rules are tried in
// order, so the longer forms come first: a counter kind such as "+1/+1"
// before the operator "+", mana symbols "{G}" before the brace "{".
//
// It is the grammar's definition of the tokens and their names; files are
// lexed by a hand-written scanner (scan.go) that reads the same tokens
// without trying each regular expression in turn, held to these rules by
// a conformance test. It is built on first use, by a grammar or a
// caller: compiling its regular expressions took a quarter of a
// millisecond of every run of cardc, which lexes with the scanner.
var Lexer = sync.OnceValue(func() *lexer.StatefulDefinition { return lexer.MustSimple(lexerRules) })

// lexerRules are the rules of Lexer.
var lexerRules = []lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "RawString", Pattern: "`[^`]*`"},
	{Name: "Mana", Pattern: `(\{[0-9A-Za-z/]{1,5}\})+`},
	{Name: "PT", Pattern: `[+-]?(\d+|\*)/[+-]?(\d+|\*)|X/X|[+-](\d+|X)/[+-](\d+|X)`},
	{Name: "Number", Pattern: `\d+`},
	{Name: "Ident", Pattern: `(non-[A-Za-z]|[A-Za-z_])[A-Za-z0-9_]*(['’][A-Za-z]+)?`},
	{Name: "Dash", Pattern: `—|--`},
	{Name: "Op", Pattern: `==|!=|<=|>=|[-+*/<>=(){}.,:]`},
	{Name: "Sep", Pattern: `[\n;]`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
}

// Token types of Lexer, for code that inspects tokens: as participle
// numbers them (lexer.EOF is -1, the rules -2, -3 and on, in order),
// without building Lexer. TestTokenTypesAreTheLexers holds them to
// Lexer().Symbols().
const (
	tokComment lexer.TokenType = -2 - iota
	tokString
	tokRawString
	tokMana
	tokPT
	tokNumber
	tokIdent
	tokDash
	tokOp
	tokSep
	tokWhitespace
)

// elided are the token types the grammar never sees.
var elided = []lexer.TokenType{tokComment, tokWhitespace}
