package dsl

import (
	"strconv"
	"strings"
)

// Unquote returns the text of a string literal as written in source
// ("..." with escapes, or `...` raw), or s itself if it is not quoted.
// Of the escapes (the parser accepts \", \\ and \n only), \n stands for
// a line break; a backslash before any other character stands for that
// character.
func Unquote(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return s[1 : len(s)-1]
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		var b strings.Builder
		for i := 1; i < len(s)-1; i++ {
			c := s[i]
			if c == '\\' && i+1 < len(s)-1 {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				default:
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(c)
		}
		return b.String()
	}
	return s
}

// ParsePT reads power and toughness, or what a counter or an effect adds to
// them: "3/3", "+1/+1", "-2/-0". Each side is a whole decimal number with
// an optional sign; anything else (a "*", trailing text) is not ok, and
// then the numbers mean nothing.
func ParsePT(s string) (power, toughness int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	var err1, err2 error
	power, err1 = strconv.Atoi(a)
	toughness, err2 = strconv.Atoi(b)
	return power, toughness, err1 == nil && err2 == nil
}
