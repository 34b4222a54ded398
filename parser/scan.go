package parser

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// scanner is the hand-written lexer of the card language. It reads the
// same tokens as the rules of Lexer, tried in the same order (the
// conformance test holds it to that), but looks at each byte once instead
// of trying eleven regular expressions in turn at every token.
type scanner struct {
	src  string
	i    int            // offset of the next byte
	pos  lexer.Position // position of src[i]
	toks []lexer.Token
}

// lexAll lexes the whole source. A character no rule accepts becomes a
// diagnostic and is skipped (an unterminated string, to the end of its
// line), so that lexing goes on. Whitespace is dropped: no one reads it.
func lexAll(filename string, src []byte) ([]lexer.Token, dsl.Diagnostics) {
	return lexInto(nil, filename, src)
}

// lexInto is lexAll appending to buf[:0], which it reuses if it is big
// enough for the tokens a file of src's size usually has.
func lexInto(buf []lexer.Token, filename string, src []byte) ([]lexer.Token, dsl.Diagnostics) {
	if want := len(src)/6 + 1; cap(buf) < want { // about one token for six bytes of a card file
		buf = make([]lexer.Token, 0, want)
	}
	s := scanner{
		src:  string(src),
		pos:  lexer.Position{Filename: filename, Line: 1, Column: 1},
		toks: buf[:0],
	}
	var diags dsl.Diagnostics
	for s.i < len(s.src) {
		typ, n := s.match()
		if n == 0 {
			rest := s.src[s.i:]
			diags = append(diags, badChar(s.pos, rest))
			s.advance(skipLen(rest))
			continue
		}
		if typ != tokWhitespace {
			s.toks = append(s.toks, lexer.Token{Type: typ, Value: s.src[s.i : s.i+n], Pos: s.pos})
		}
		s.advance(n)
	}
	return append(s.toks, lexer.EOFToken(s.pos)), diags
}

// advance moves past n bytes.
func (s *scanner) advance(n int) {
	text := s.src[s.i : s.i+n]
	s.i += n
	s.pos.Offset += n
	if k := strings.LastIndexByte(text, '\n'); k >= 0 {
		s.pos.Line += strings.Count(text, "\n")
		s.pos.Column = 1 + utf8.RuneCountInString(text[k+1:])
	} else {
		s.pos.Column += utf8.RuneCountInString(text)
	}
}

// match returns the type and length of the token at s.i, or a length of 0
// if no rule accepts it. The rules are tried in Lexer's order.
func (s *scanner) match() (lexer.TokenType, int) {
	rest := s.src[s.i:]
	switch c := rest[0]; {
	case c == '/' && strings.HasPrefix(rest, "//"):
		if k := strings.IndexByte(rest, '\n'); k >= 0 {
			return tokComment, k
		}
		return tokComment, len(rest)
	case c == '"':
		return tokString, quoted(rest)
	case c == '`':
		if k := strings.IndexByte(rest[1:], '`'); k >= 0 {
			return tokRawString, k + 2
		}
		return 0, 0
	}
	if n := mana(rest); n > 0 {
		return tokMana, n
	}
	if n := pt(rest); n > 0 {
		return tokPT, n
	}
	if n := digits(rest); n > 0 {
		return tokNumber, n
	}
	if n := ident(rest); n > 0 {
		return tokIdent, n
	}
	if strings.HasPrefix(rest, "—") {
		return tokDash, len("—")
	}
	if strings.HasPrefix(rest, "--") {
		return tokDash, 2
	}
	if len(rest) >= 2 && rest[1] == '=' && strings.IndexByte("=!<>", rest[0]) >= 0 {
		return tokOp, 2
	}
	c := rest[0]
	switch {
	case strings.IndexByte("-+*/<>=(){}.,:", c) >= 0:
		return tokOp, 1
	case c == '\n' || c == ';':
		return tokSep, 1
	case c == ' ' || c == '\t' || c == '\r':
		n := 1
		for n < len(rest) && (rest[n] == ' ' || rest[n] == '\t' || rest[n] == '\r') {
			n++
		}
		return tokWhitespace, n
	}
	return 0, 0
}

// quoted is the length of the text in double quotes at the start of s,
// escapes included, or 0 if it is not closed on its line. A backslash
// escapes any character but a line break; which escapes mean something is
// checked later (checkTokens).
func quoted(s string) int {
	for i := 1; i < len(s); {
		switch s[i] {
		case '"':
			return i + 1
		case '\n':
			return 0
		case '\\':
			if i+1 >= len(s) || s[i+1] == '\n' {
				return 0
			}
			i++
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return 0
}

// mana is the length of the run of mana symbols at the start of s: each
// one to five letters, digits or slashes in braces.
func mana(s string) int {
	n := 0
	for {
		rest := s[n:]
		if len(rest) < 3 || rest[0] != '{' {
			return n
		}
		k := 1
		for k < len(rest) && k <= 6 && isManaChar(rest[k]) {
			k++
		}
		if k == 1 || k > 6 || k >= len(rest) || rest[k] != '}' {
			return n
		}
		n += k + 1
	}
}

func isManaChar(c byte) bool { return isAlnum(c) || c == '/' }

// pt is the length of a power/toughness such as 2/2, +1/+1, -1/-0 or */*
// at the start of s, a change by X such as +X/+0, or the base X/X of a
// token (CR 107.3), or 0.
func pt(s string) int {
	if n := pair(s, side); n > 0 {
		return n
	}
	if strings.HasPrefix(s, "X/X") {
		return 3
	}
	return pair(s, changeSide)
}

// pair is the length of two sides, each as long as side says, with a
// slash between them, or 0.
func pair(s string, side func(string) int) int {
	n := side(s)
	if n == 0 || n >= len(s) || s[n] != '/' {
		return 0
	}
	m := side(s[n+1:])
	if m == 0 {
		return 0
	}
	return n + 1 + m
}

// changeSide is the length of one side of a power/toughness change that
// may be a variable, "+X/+0", "-X/-X" (CR 107.3): a sign, which it must
// have, then digits or X.
func changeSide(s string) int {
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0
	}
	if s[1] == 'X' {
		return 2
	}
	if d := digits(s[1:]); d > 0 {
		return 1 + d
	}
	return 0
}

// side is the length of one side of a P/T: a sign, then digits or *.
func side(s string) int {
	n := 0
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		n = 1
	}
	if n < len(s) && s[n] == '*' {
		return n + 1
	}
	if d := digits(s[n:]); d > 0 {
		return n + d
	}
	return 0
}

// digits is the length of the run of ASCII digits at the start of s.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// ident is the length of the word at the start of s: a letter or _, then
// letters, digits and _, then perhaps an apostrophe (' or ’) and letters,
// as in don't.
func ident(s string) int {
	if len(s) == 0 || !(isLetter(s[0]) || s[0] == '_') {
		return 0
	}
	n := 1
	if strings.HasPrefix(s, "non-") && len(s) > 4 && isLetter(s[4]) {
		n = 5 // "non-Human", as Oracle text writes it
	}
	for n < len(s) && (isAlnum(s[n]) || s[n] == '_') {
		n++
	}
	for _, apostrophe := range []string{"'", "’"} {
		if strings.HasPrefix(s[n:], apostrophe) {
			k := n + len(apostrophe)
			m := k
			for m < len(s) && isLetter(s[m]) {
				m++
			}
			if m > k {
				return m
			}
		}
	}
	return n
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }
