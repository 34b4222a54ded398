package parser

import (
	"bytes"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/bound"
)

// Diagnostic codes of the parser's limits: what any input is checked
// against before it is parsed, so that the work stays bounded and no
// number or text silently means something else.
const (
	// CodeNesting is a declaration nested deeper than MaxNesting.
	CodeNesting = "P010"
	// CodeEncoding is a file that is not valid UTF-8.
	CodeEncoding = "P011"
	// CodeEscape is a backslash escape that text in quotes does not have.
	CodeEscape = "P012"
	// CodeTooMany ends the diagnostics of a file that has too many.
	CodeTooMany = dsl.CodeTooMany
	// CodeRange is a number, or a power/toughness, beyond what the game
	// holds.
	CodeRange = "P014"
)

// MaxNesting is how deep blocks and parentheses may nest in one
// declaration, counted together: Go's parser has such a limit too. Real
// cards nest three or four levels.
const MaxNesting = 100

// MaxNumber is the largest number a card or a test may write: every
// quantity of the game stops there, and the VM's arithmetic with it. It
// is bound.MaxNumber (2^40), the one home of that bound.
const MaxNumber = bound.MaxNumber

// MaxPT is the largest power or toughness a card or a test may write, and
// the largest side of a counter kind such as +1/+1: what a bundle holds
// (32 bits).
const MaxPT = 1<<31 - 1

// normalize returns the source without its byte order mark and with
// every lone carriage return (the line ending of old Mac files) read as a
// line feed. Offsets are unchanged but for the byte order mark.
func normalize(src []byte) []byte {
	src = bytes.TrimPrefix(src, bom)
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	out := append([]byte(nil), src...)
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}

// checkEncoding returns a diagnostic at the first byte that is not UTF-8,
// if any: such a file is not read at all, since what it means is a guess.
func checkEncoding(filename string, src []byte) *dsl.Diagnostic {
	if utf8.Valid(src) {
		return nil
	}
	i := 0
	for i < len(src) {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	pos := advance(lexer.Position{Filename: filename, Line: 1, Column: 1}, string(src[:i]))
	d := dsl.Errorf(pos, CodeEncoding, "the file is not valid UTF-8 (byte 0x%02x)", src[i]).
		WithHint("save the file as UTF-8 text; card files hold text, nothing else")
	return &d
}

// checkTokens checks what the lexer cannot: the escapes of text in quotes,
// the range of numbers and of P/T, and dash look-alikes are reported by
// badChar. Each problem is one diagnostic at its position.
func checkTokens(toks []lexer.Token) dsl.Diagnostics {
	var diags dsl.Diagnostics
	for _, t := range toks {
		switch t.Type {
		case tokString:
			if d := checkEscapes(t); d != nil {
				diags = append(diags, *d)
			}
		case tokNumber:
			if tooLarge(t.Value, MaxNumber) {
				diags = append(diags, dsl.Errorf(t.Pos, CodeRange, "the number %s is too large", dsl.Cut(t.Value)).
					WithHint("numbers go up to %d (2^40), where every quantity of the game stops", MaxNumber))
			}
		case tokPT:
			a, b, _ := strings.Cut(t.Value, "/")
			if tooLarge(strings.TrimLeft(a, "+-"), MaxPT) || tooLarge(strings.TrimLeft(b, "+-"), MaxPT) {
				diags = append(diags, dsl.Errorf(t.Pos, CodeRange, "%s is too large for a power/toughness", dsl.Cut(t.Value)).
					WithHint("power and toughness go up to %d on each side", MaxPT))
			}
		}
	}
	return diags
}

// tooLarge reports whether the digits s (or "*") stand for more than max.
func tooLarge(s string, max int64) bool {
	if s == "*" {
		return false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return ok && n.Cmp(big.NewInt(max)) > 0
}

// checkEscapes reports the first escape of a "..." string that SPEC does
// not list: \" \\ and \n.
func checkEscapes(t lexer.Token) *dsl.Diagnostic {
	s := t.Value
	pos := t.Pos
	for i := 1; i < len(s)-1; {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '\\' && i+1 < len(s)-1 {
			e, m := utf8.DecodeRuneInString(s[i+1:])
			switch e {
			case '"', '\\', 'n':
				pos = advance(pos, s[i:i+1+m])
				i += 1 + m
				continue
			}
			at := advance(t.Pos, s[:i])
			d := dsl.Errorf(at, CodeEscape, "unknown escape \\%c in text", e).
				WithHint(`text in quotes has the escapes \" \\ and \n only; write a backslash as \\, or use a ` + "`raw string`")
			return &d
		}
		i += n
	}
	return nil
}

// tooDeep returns the first brace or parenthesis of a declaration that
// opens a level deeper than MaxNesting.
func tooDeep(toks []lexer.Token) (lexer.Token, bool) {
	depth := 0
	for _, t := range toks {
		if t.Type != tokOp {
			continue
		}
		switch t.Value {
		case "{", "(":
			depth++
			if depth > MaxNesting {
				return t, true
			}
		case "}", ")":
			depth--
		}
	}
	return lexer.Token{}, false
}

// nestingError is the diagnostic of a declaration nested too deep.
func nestingError(t lexer.Token) dsl.Diagnostic {
	return dsl.Errorf(t.Pos, CodeNesting, "blocks and parentheses nest more than %d levels deep here", MaxNesting).
		WithHint("split the ability, or write the condition with and/or instead of nested ifs")
}

// dashes are characters that look like a dash but are none the language
// reads.
var dashes = map[rune]string{
	'–': "en dash", '‒': "figure dash", '―': "horizontal bar", '−': "minus sign", '‐': "hyphen", '‑': "non-breaking hyphen", '﹘': "small em dash", '－': "fullwidth hyphen-minus",
}
