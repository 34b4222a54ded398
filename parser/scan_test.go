package parser

import (
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/corpus"
)

// The hand-written scanner must read exactly the tokens, positions and
// diagnostics that the regular expressions of Lexer read, tried in order
// as participle tries them. regexpLexAll is that reference: the lexing the
// parser used before the scanner.

// conformanceCases are inputs that sit on the edges between the rules.
var conformanceCases = []string{
	"", "\n", ";;", " \t\r\n", "//", "// x\n//", "/", "/ /", "a//b",
	`"`, `""`, `"a"`, `"a\"b"`, `"a\\"b"`, "\"a\\\n\"", `"a\`, "\"a\n\"", `"\q \u00e9"`,
	"`", "``", "`a\nb`", "`a",
	"{", "{}", "{G}", "{G}{G}", "{2/G}", "{12345}", "{123456}", "{G}{", "{G}{}", "{G}{123456}", "{g/p}", "{+}",
	"1/1", "+1/+1", "-1/-0", "*/*", "+*/-*", "1/", "/1", "1//1", "12/34/56", "+1", "-", "--", "---", "-1", "+-1/1",
	"+X/+0", "-X/-X", "+0/+X", "-X/-0", "X/X", "+X/X", "X/+X", "+X/+Xs", "+X/", "+x/+x", "-X/-Y", "X/2", "+X/+*", "+1/+X",
	"non-Human", "non-human creature", "non-", "non-5", "non--x", "nonce", "non-Human's", "x-y", "Non-Human",
	"123", "0012", "1a", "a1", "_x", "x_y", "don't", "don’t", "a'", "a'1", "a'b'c", "a’", "it's'", "’",
	"—", "——", "– en dash", "==", "=", "!=", "!", "<=", ">=", "<", ">", "(", ")", ".", ",", ":", "*", "+",
	"é", "\xff", "a\xffb", "\"\xff\"", "`\xff`", "#", "@", "\u00a0", "\u200b",
	"card \"X\" {\n    pt 2/2\n}\n",
}

// TestNonHyphenWord: "non-" starts a word as Oracle text writes it
// ("non-Human"), and nothing else joins words with a hyphen.
func TestNonHyphenWord(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"non-Human", []string{"non-Human"}},
		{"other non-Human creatures", []string{"other", "non-Human", "creatures"}},
		{"non-5", []string{"non", "-", "5"}},
		{"x-y", []string{"x", "-", "y"}},
		{"Non-Human", []string{"Non", "-", "Human"}},
	} {
		toks, diags := lexAll("x.card", []byte(c.src))
		require.Empty(t, diags, "%q", c.src)
		var got []string
		for _, tk := range toks {
			if !tk.EOF() {
				got = append(got, tk.Value)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.src, diff)
		}
	}
}

func TestScannerMatchesRegexpLexer(t *testing.T) {
	inputs := append([]string(nil), conformanceCases...)
	inputs = append(inputs, corpus.Seeds(t, corpus.CardFiles...)...)
	for _, src := range inputs {
		checkScanner(t, src)
	}
}

// FuzzScanner holds the scanner to the regular expressions on any input.
// Its seeds are the conformance cases and, when fuzzing, the project's
// .card files, whole and cut into declarations; under go test,
// TestScannerMatchesRegexpLexer checks those.
func FuzzScanner(f *testing.F) {
	for _, s := range conformanceCases {
		f.Add(s)
	}
	if corpus.Fuzzing() {
		for _, s := range corpus.Seeds(f, corpus.CardFiles...) {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, src string) { checkScanner(t, src) })
}

func checkScanner(t *testing.T, src string) {
	t.Helper()
	if !utf8.ValidString(src) {
		return // Parse refuses a file that is not UTF-8 before lexing it (P011)
	}
	wantToks, wantDiags := regexpLexAll("x.card", []byte(src))
	gotToks, gotDiags := lexAll("x.card", []byte(src))
	if slices.Equal(wantToks, gotToks) && reflect.DeepEqual(wantDiags, gotDiags) {
		return // cmp.Diff, which would find no difference, costs more than the lexing
	}
	if diff := cmp.Diff(wantToks, gotToks); diff != "" {
		t.Fatalf("tokens of %q differ (-regexp +scanner):\n%s", src, diff)
	}
	if diff := cmp.Diff(wantDiags, gotDiags); diff != "" {
		t.Fatalf("diagnostics of %q differ (-regexp +scanner):\n%s", src, diff)
	}
}

// BenchmarkLex compares the scanner with the regular expressions on the
// card library, all files together.
func BenchmarkLex(b *testing.B) {
	var all []byte
	for _, s := range corpus.Seeds(b, "../cards/*.card") {
		all = append(all, s...)
	}
	for _, c := range []struct {
		name string
		lex  func(string, []byte) ([]lexer.Token, dsl.Diagnostics)
	}{{"scanner", lexAll}, {"regexp", regexpLexAll}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(all)))
			b.ReportAllocs()
			for b.Loop() {
				c.lex("cards.card", all)
			}
		})
	}
}

// regexpLexAll lexes the whole source. A character the lexer rejects becomes a
// diagnostic and is skipped, so that lexing goes on.
func regexpLexAll(filename string, src []byte) ([]lexer.Token, dsl.Diagnostics) {
	var (
		toks  []lexer.Token
		diags dsl.Diagnostics
		base  = lexer.Position{Filename: filename, Line: 1, Column: 1}
		rest  = string(src)
	)
	toks = make([]lexer.Token, 0, len(src)/6+1) // about one token for six bytes of a card file
	for {
		lx, err := Lexer().LexString(filename, rest)
		if err != nil { // cannot happen with a string input; be safe
			diags = append(diags, dsl.Errorf(base, CodeInternal, "lexer: %v", err))
			return toks, diags
		}
		for {
			t, err := lx.Next()
			if err != nil {
				pos := shift(positionOf(err), base)
				diags = append(diags, badChar(pos, rest[pos.Offset-base.Offset:]))
				// Resume after the offending rune (or the rest of the line
				// for an unterminated string).
				skip := skipLen(rest[pos.Offset-base.Offset:])
				consumed := rest[:pos.Offset-base.Offset+skip]
				base = advance(base, consumed)
				rest = rest[len(consumed):]
				break
			}
			t.Pos = shift(t.Pos, base)
			if t.EOF() {
				toks = append(toks, t)
				return toks, diags
			}
			if t.Type != tokWhitespace { // no one reads it: keep memory down
				toks = append(toks, t)
			}
		}
	}
}

// TestVariablePT: a power/toughness change with X lexes as one P/T token
// when each side has its sign ("+X/+0", "-X/-X", CR 107.3), a token's base
// X/X is one P/T token, and X/2 stays a division.
func TestVariablePT(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"gets +X/+0", []string{"gets", "+X/+0"}},
		{"gets -X/-X", []string{"gets", "-X/-X"}},
		{"gets +0/+X", []string{"gets", "+0/+X"}},
		{"gets -X/-0", []string{"gets", "-X/-0"}},
		{"X/2", []string{"X", "/", "2"}},
		{"create an X/X token", []string{"create", "an", "X/X", "token"}},
		{"+X/X", []string{"+", "X/X"}},
		{"X/Y", []string{"X", "/", "Y"}},
		{"-X/-Y", []string{"-", "X", "/", "-", "Y"}},
	} {
		toks, diags := lexAll("x.card", []byte(c.src))
		require.Empty(t, diags, "%q", c.src)
		var got []string
		for _, tk := range toks {
			if !tk.EOF() {
				got = append(got, tk.Value)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.src, diff)
		}
	}
}
