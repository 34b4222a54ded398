package oracle

import (
	"regexp"
	"strings"
	"sync"
)

// The steps of Normalize, each what one regular expression did, by hand:
// the conformance test (normalize_test.go) holds the expressions and
// checks that the two agree.

// stripReminders replaces each reminder text, an innermost pair of
// parentheses and what it holds (`\([^()]*\)`), with a space.
func stripReminders(s string) string {
	if strings.IndexByte(s, '(') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '(' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] != '(' && s[j] != ')' {
			j++
		}
		if j < len(s) && s[j] == ')' {
			b.WriteString(s[last:i])
			b.WriteByte(' ')
			last = j + 1
			i = j
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// battlefield is "enters the battlefield" and its forms.
var battlefield = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(enters?|entering) the battlefield\b`) })

// stripBattlefield reads "enters the battlefield" as "enters". The words
// are rare in today's Oracle text ("onto the battlefield" is not), so the
// expression runs only where a form of "enter" comes before them.
func stripBattlefield(s string) string {
	for i := 0; ; {
		j := strings.Index(s[i:], " the battlefield")
		if j < 0 {
			return s
		}
		before := s[:i+j]
		if strings.HasSuffix(before, "enter") || strings.HasSuffix(before, "enters") || strings.HasSuffix(before, "entering") {
			return battlefield().ReplaceAllString(s, "$1")
		}
		i += j + 1
	}
}

// stripApostrophes drops possessives ("'s" ending a word, as the
// expression `['’]s\b` finds them), then every other apostrophe,
// straight or curly: in one pass, since what is dropped depends only on
// the characters after each apostrophe.
func stripApostrophes(s string) string {
	if strings.IndexByte(s, '\'') < 0 && !strings.Contains(s, "’") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		n := apostrophe(s, i)
		if n == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		i += n
		if i < len(s) && s[i] == 's' && (i+1 == len(s) || !asciiWordChar(s[i+1])) {
			i++ // the s of a possessive
		}
	}
	return b.String()
}

// apostrophe is the length of the apostrophe at s[i:], straight or curly,
// or 0 if there is none.
func apostrophe(s string, i int) int {
	switch {
	case s[i] == '\'':
		return 1
	case strings.HasPrefix(s[i:], "’"):
		return len("’")
	}
	return 0
}

// asciiWordChar is a character of a word for `\b`: an ASCII letter, digit
// or underscore.
func asciiWordChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// tokens splits a lowercased text into its words, as the expression
// `\{[^{}]+\}|[+\-]?[a-z0-9*]+/[+\-]?[a-z0-9*]+|[+\-]?[a-z0-9]+` finds
// them, leftmost first: a mana symbol, a P/T, or a word or number with
// its sign.
func tokens(s string) []string {
	words := make([]string, 0, len(s)/4)
	for i := 0; i < len(s); {
		if n := tokenAt(s, i); n > 0 {
			words = append(words, s[i:i+n])
			i += n
			continue
		}
		i++
	}
	return words
}

// tokenAt is the length of the token at s[i:], or 0 if none starts there:
// the first of the three alternatives that matches.
func tokenAt(s string, i int) int {
	// \{[^{}]+\}
	if s[i] == '{' {
		j := i + 1
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		if j < len(s) && s[j] == '}' && j > i+1 {
			return j + 1 - i
		}
	}
	// [+\-]?[a-z0-9*]+/[+\-]?[a-z0-9*]+
	if j := signed(s, i, ptChar); j > 0 && j < len(s) && s[j] == '/' {
		if k := signed(s, j+1, ptChar); k > 0 {
			return k - i
		}
	}
	// [+\-]?[a-z0-9]+
	if j := signed(s, i, wordChar); j > 0 {
		return j - i
	}
	return 0
}

// signed matches `[+\-]?C+` at s[i:], for the class C, and returns where
// the match ends, or 0 if there is none.
func signed(s string, i int, class func(byte) bool) int {
	j := i
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	k := j
	for k < len(s) && class(s[k]) {
		k++
	}
	if k == j {
		return 0
	}
	return k
}

func wordChar(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

func ptChar(c byte) bool { return wordChar(c) || c == '*' }

// valueChar is a character of a number, X or a star.
func valueChar(c byte) bool { return '0' <= c && c <= '9' || c == 'x' || c == '*' }

// isValue reports whether a word is a value, as the expression
// `^(\{.*\}|[+\-]?[0-9x*]+(/[+\-]?[0-9x*]+)?)$` says: a mana symbol (braces
// around anything but a line break), or a number, X or star with its
// sign, alone or as P/T.
func isValue(w string) bool {
	if len(w) >= 2 && w[0] == '{' && w[len(w)-1] == '}' && !strings.Contains(w, "\n") {
		return true
	}
	j := signed(w, 0, valueChar)
	if j == 0 {
		return false
	}
	if j == len(w) {
		return true
	}
	if w[j] != '/' {
		return false
	}
	return signed(w, j+1, valueChar) == len(w)
}
