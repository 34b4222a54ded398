package parser

import (
	"os"
	"os/exec"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// TestGrammarIsBuiltOnFirstUse proves that a process builds no grammar
// until it needs one (cardc version parses nothing): a card or a test the
// fast path reads needs none, and a card the fast path hands over (one with
// a syntax error) the grammar, which says what is wrong. It runs in a process of its own, where no other test has parsed
// yet.
func TestGrammarIsBuiltOnFirstUse(t *testing.T) {
	if os.Getenv("CARDC_PARSER_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGrammarIsBuiltOnFirstUse$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CARDC_PARSER_CHILD=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return
	}
	require.Zero(t, grammarsBuilt.Load(), "grammars built before anything was parsed")
	_, diags := ParseString("a.card", "card \"A\" {\n    cost {G}\n}\n")
	require.Empty(t, diags)
	require.Zero(t, grammarsBuilt.Load(), "grammars built for a card the fast path reads")
	_, diags = ParseString("a_test.card", "test \"t\" {\n    given {\n        you have 3 life\n    }\n}\n")
	require.Empty(t, diags)
	require.Zero(t, grammarsBuilt.Load(), "grammars built for a card and a test the fast path reads")
	_, diags = ParseString("b.card", "card \"B\" {\n    cost {G} {\n}\n")
	require.NotEmpty(t, diags, "a card with a syntax error parses")
	require.EqualValues(t, 1, grammarsBuilt.Load(), "grammars built after a card with a syntax error")
}

// BenchmarkBuildGrammar measures what the first syntax error of a process
// pays for the grammar.
func BenchmarkBuildGrammar(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		participle.MustBuild[declRoot](options()...)
	}
}

// TestTokenTypesAreTheLexers holds the token types the scanner and the
// fast path use, constants so that no run builds Lexer to learn them, to
// the numbers participle gives Lexer's rules.
func TestTokenTypesAreTheLexers(t *testing.T) {
	syms := Lexer().Symbols()
	for name, typ := range map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Comment": tokComment, "String": tokString, "RawString": tokRawString, "Mana": tokMana,
		"PT": tokPT, "Number": tokNumber, "Ident": tokIdent, "Dash": tokDash, "Op": tokOp, "Sep": tokSep, "Whitespace": tokWhitespace,
	} {
		require.Equal(t, syms[name], typ, "token type %s", name)
	}
	require.Len(t, syms, 12, "a rule of Lexer without its constant")
}
