package dsl

import (
	"fmt"
	"strings"
)

// Unquote returns the text of a string literal as written in source
// ("..." with escapes, or `...` raw), or s itself if it is not quoted.
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
				case 't':
					b.WriteByte('\t')
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


// ParsePT reads "+1/+1", "-2/-0" or "3/3" as two numbers.
func ParsePT(s string) (power, toughness int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	var err1, err2 error
	power, err1 = atoiSigned(a)
	toughness, err2 = atoiSigned(b)
	return power, toughness, err1 == nil && err2 == nil
}

func atoiSigned(s string) (int, error) {
	var n int
	_, err := fmt.Sscanf(s, "%d", &n)
	return n, err
}

// DidYouMean is a hint for a word close to one of the candidates.
func DidYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}
