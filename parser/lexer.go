package parser

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Lexer is the lexical grammar of the card language. Rules are tried in
// order, so the longer forms come first: a counter kind such as "+1/+1"
// before the operator "+", mana symbols "{G}" before the brace "{".
//
// It is the grammar's definition of the tokens and their names; files are
// lexed by a hand-written scanner (scan.go) that reads the same tokens
// without trying each regular expression in turn, held to these rules by
// a conformance test.
var Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "RawString", Pattern: "`[^`]*`"},
	{Name: "Mana", Pattern: `(\{[0-9A-Za-z/]{1,5}\})+`},
	{Name: "PT", Pattern: `[+-]?(\d+|\*)/[+-]?(\d+|\*)`},
	{Name: "Number", Pattern: `\d+`},
	{Name: "Ident", Pattern: `(non-[A-Za-z]|[A-Za-z_])[A-Za-z0-9_]*(['’][A-Za-z]+)?`},
	{Name: "Dash", Pattern: `—|--`},
	{Name: "Op", Pattern: `==|!=|<=|>=|[-+*/<>=(){}.,:]`},
	{Name: "Sep", Pattern: `[\n;]`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
})

// Token types of Lexer, for code that inspects tokens.
var (
	symbols       = Lexer.Symbols()
	tokComment    = symbols["Comment"]
	tokString     = symbols["String"]
	tokRawString  = symbols["RawString"]
	tokWhitespace = symbols["Whitespace"]
	tokSep        = symbols["Sep"]
	tokOp         = symbols["Op"]
	tokIdent      = symbols["Ident"]
	tokNumber     = symbols["Number"]
	tokPT         = symbols["PT"]
	tokMana       = symbols["Mana"]
	tokDash       = symbols["Dash"]
)

// elided are the token types the grammar never sees.
var elided = []lexer.TokenType{tokComment, tokWhitespace}
