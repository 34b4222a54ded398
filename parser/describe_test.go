package parser

import (
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
)

// TestDescribeToken checks how a syntax error names the token it found:
// strings as written but on one line, other tokens quoted.
func TestDescribeToken(t *testing.T) {
	tests := []struct {
		typ         lexer.TokenType
		value, want string
	}{
		{lexer.EOF, "", "end of file"},
		{tokSep, "\n", "end of line"},
		{tokSep, ";", "end of line"},
		{tokIdent, "cots", `"cots"`},
		{tokIdent, "don’t", `"don’t"`},
		{tokOp, ")", `")"`},
		{tokPT, "+1/+1", `"+1/+1"`},
		{tokDash, "—", `"—"`},
		{tokString, `"Grizzly Bears"`, `"Grizzly Bears"`},
		{tokString, `"say \"hi\" \\ now"`, `"say \"hi\" \\ now"`},
		{tokString, "\"a\tb\u200bc\"", `"a\tb\u200bc"`},
		{tokRawString, "`two\nlines`", "`two\\nlines`"},
		{tokRawString, "`bad \xff byte`", "`bad \\xff byte`"},
		{tokRawString, "`\"quoted\"`", "`\"quoted\"`"},
	}
	for _, tt := range tests {
		tok := lexer.Token{Type: tt.typ, Value: tt.value}
		assert.Equal(t, tt.want, describeToken(tok), "describeToken(%q)", tt.value)
	}
}
