package oracle

import (
	"regexp"
	"strings"
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

// battlefield is "enters the battlefield" and its forms; rare in today's
// Oracle text, so it is looked for only where the words are.
var battlefield = regexp.MustCompile(`\b(enters?|entering) the battlefield\b`)

// stripBattlefield reads "enters the battlefield" as "enters".
func stripBattlefield(s string) string {
	if !strings.Contains(s, " the battlefield") {
		return s
	}
	return battlefield.ReplaceAllString(s, "$1")
}

// possessive is "'s" at the end of a word.
var possessive = regexp.MustCompile(`['’]s\b`)

// stripApostrophes drops possessives ("'s" ending a word), then every
// other apostrophe, straight or curly.
func stripApostrophes(s string) string {
	if !strings.ContainsAny(s, "'’") {
		return s
	}
	s = possessive.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "'", "")
	return strings.ReplaceAll(s, "’", "")
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
