package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// text is a document's text with the start of each line, for converting
// between LSP positions (UTF-16 columns) and the language's (rune columns).
type text struct {
	src   string
	lines []int // byte offset of each line's start
	// toks are the tokens, lexed on first use.
	toks     []token
	toksDone bool
}

func newText(src string) *text {
	t := &text{src: src, lines: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// line returns the text of a 0-based line, without its line break.
func (t *text) line(n int) string {
	if n < 0 || n >= len(t.lines) {
		return ""
	}
	end := len(t.src)
	if n+1 < len(t.lines) {
		end = t.lines[n+1] - 1
	}
	return strings.TrimSuffix(t.src[t.lines[n]:end], "\r")
}

// position converts a source position of the language (1-based line,
// 1-based column in runes) to an LSP position. Line 0 (a diagnostic about
// a whole file) is the start of the file.
func (t *text) position(p dsl.Pos) Position {
	if p.Line <= 0 {
		return Position{}
	}
	line := t.line(p.Line - 1)
	return Position{Line: p.Line - 1, Character: utf16Len(runePrefix(line, p.Column-1))}
}

// loc converts an LSP position to the language's: 1-based line and rune
// column. A column beyond the line's end is its end.
func (t *text) loc(p Position) dsl.Pos {
	line := t.line(p.Line)
	units, col := 0, 1
	for _, r := range line {
		n := utf16.RuneLen(r)
		if n < 0 {
			n = 1
		}
		if units+n > p.Character {
			break
		}
		units += n
		col++
	}
	return dsl.Pos{Line: p.Line + 1, Column: col}
}

// clamp returns p within the text: a line before the first is the
// start, a line after the last the end; a character beyond its line is
// left to the conversions, which stop at the line's end.
func (t *text) clamp(p Position) Position {
	switch {
	case p.Line < 0:
		return Position{}
	case p.Line >= len(t.lines):
		return t.end()
	case p.Character < 0:
		return Position{Line: p.Line}
	}
	return p
}

// end is the LSP position of the end of the text.
func (t *text) end() Position {
	n := len(t.lines) - 1
	return Position{Line: n, Character: utf16Len(t.line(n))}
}

// runePrefix returns the first n runes of s (all of it if it has fewer).
func runePrefix(s string, n int) string {
	if n <= 0 {
		return ""
	}
	i := 0
	for i < len(s) && n > 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n--
	}
	return s[:i]
}

// utf16Len counts the UTF-16 code units of s.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if k := utf16.RuneLen(r); k > 0 {
			n += k
		} else {
			n++
		}
	}
	return n
}

// before reports whether a is strictly before b.
func before(a, b dsl.Pos) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Column < b.Column)
}

// within reports whether p is in the span [start, end).
func within(p, start, end dsl.Pos) bool {
	return !before(p, start) && before(p, end)
}

// spanRange is the LSP range of a span of the language: from its start
// to the end of its last token (a node's EndPos is where the next token
// starts, past spaces and comments).
func (t *text) spanRange(start, end dsl.Pos) Range {
	last := start
	for _, tok := range t.tokens() {
		if !before(tok.Pos, start) && before(tok.Pos, end) && !isType(tok, "Comment") {
			last = tok.End
		}
	}
	return Range{Start: t.position(start), End: t.position(last)}
}

// tokenEnd is where the token that starts at p ends: the run of
// characters up to the next space, for the range of a diagnostic.
func (t *text) tokenEnd(p dsl.Pos) Position {
	if p.Line <= 0 {
		return Position{}
	}
	line := t.line(p.Line - 1)
	start := runePrefix(line, p.Column-1)
	rest := line[len(start):]
	n := strings.IndexAny(rest, " \t")
	if n < 0 {
		n = len(rest)
	}
	return Position{Line: p.Line - 1, Character: utf16Len(start + rest[:n])}
}

// token is a token of the language and where it ends.
type token struct {
	lexer.Token
	End dsl.Pos
}

// tokens lexes the text, up to the first character the language does not
// have; comments are kept, spaces and line ends dropped.
func (t *text) tokens() []token {
	if !t.toksDone {
		t.toks, t.toksDone = lexTokens(t.src), true
	}
	return t.toks
}

func lexTokens(src string) []token {
	lx, err := parser.Lexer().LexString("", src)
	if err != nil {
		return nil
	}
	space, sep := parser.Lexer().Symbols()["Whitespace"], parser.Lexer().Symbols()["Sep"]
	var out []token
	for {
		tok, err := lx.Next()
		if err != nil || tok.EOF() {
			return out
		}
		if tok.Type == space || tok.Type == sep {
			continue
		}
		end := tok.Pos
		end.Column += utf8.RuneCountInString(tok.Value)
		out = append(out, token{Token: tok, End: end})
	}
}

// tokenAt returns the token at a position, or one that ends there (the
// cursor just after a word is on it).
func (t *text) tokenAt(p dsl.Pos) (token, bool) {
	var last token
	found := false
	for _, tok := range t.tokens() {
		if tok.Pos.Line != p.Line {
			continue
		}
		if within(p, tok.Pos, tok.End) {
			return tok, true
		}
		if tok.End.Line == p.Line && tok.End.Column == p.Column {
			last, found = tok, true
		}
	}
	return last, found
}

// isType reports whether a token is of one of the named types of the
// lexer.
func isType(tok token, names ...string) bool {
	syms := parser.Lexer().Symbols()
	for _, n := range names {
		if tok.Type == syms[n] {
			return true
		}
	}
	return false
}

// uriToPath converts a file URI to a path; another URI (or one net/url
// would not parse) is returned as it is, to serve as the document's name.
func uriToPath(uri string) string {
	scheme, rest, ok := strings.Cut(uri, ":")
	if !ok || !strings.EqualFold(scheme, "file") {
		return uri
	}
	rest, _, _ = strings.Cut(rest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		// The authority (a host, most often none) ends at the path.
		i := strings.IndexByte(after, '/')
		if i < 0 {
			i = len(after)
		}
		rest = after[i:]
	}
	p, ok := unescapePath(rest)
	if !ok {
		return uri
	}
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/cards is C:/cards
	}
	return filepath.FromSlash(p)
}

// pathToURI converts a path to a file URI.
func pathToURI(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/cards is file:///C:/cards
	}
	return "file://" + escapePath(p)
}

// escapePath escapes a URI's path as net/url does: every byte but the
// unreserved characters (RFC 3986, section 2.3) and those a path may hold,
// "$&+,/:;=@", as %XX. (URIs are made and read here, not with net/url, so
// that every run of cardc does not pay for that package's start-up.)
func escapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~$&+,/:;=@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString(fmt.Sprintf("%%%02X", c))
	}
	return b.String()
}

// unescapePath decodes the %XX escapes of a URI's path; it is false for a
// malformed escape.
func unescapePath(p string) (string, bool) {
	if !strings.Contains(p, "%") {
		return p, true
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '%' {
			b.WriteByte(p[i])
			continue
		}
		if i+2 >= len(p) {
			return "", false
		}
		hi, ok1 := unhex(p[i+1])
		lo, ok2 := unhex(p[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
}

// unhex is the value of a hexadecimal digit.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// offset converts an LSP position to a byte offset of the text.
func (t *text) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(t.lines) {
		return len(t.src)
	}
	line := t.line(p.Line)
	units, i := 0, 0
	for i < len(line) {
		r, size := utf8.DecodeRuneInString(line[i:])
		n := utf16.RuneLen(r)
		if n < 0 {
			n = 1
		}
		if units+n > p.Character {
			break
		}
		units += n
		i += size
	}
	return t.lines[p.Line] + i
}
