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
		inner := s[1 : len(s)-1]
		if strings.IndexByte(inner, '\\') < 0 {
			// No escape: the text is the literal's inside, shared rather
			// than copied (the checker unquotes a card's name and Oracle
			// text several times). What keeps it, keeps the text it is
			// part of (a file's): a cache copies it.
			return inner
		}
		var b strings.Builder
		b.Grow(len(inner))
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

// PTChange is what an effect adds to power and toughness, each side a
// number or X with its sign: "+1/+0", "+X/+0", "-X/-X" (CR 107.3). The
// power added is Power + PowerX × X, the toughness Toughness +
// ToughnessX × X: a side written X has the number 0 and the coefficient
// 1 or -1, a side written as a number the coefficient 0.
type PTChange struct {
	Power, Toughness   int
	PowerX, ToughnessX int
}

// HasX reports whether a side of the change is X.
func (c PTChange) HasX() bool { return c.PowerX != 0 || c.ToughnessX != 0 }

// ParsePTChange reads a power/toughness change: a P/T of numbers, as
// ParsePT reads it, or one with X on a side and a sign on each ("+X/+0",
// "+0/+X", "-X/-X", "-X/-0"), or X/X, a token's base power and toughness
// X each.
func ParsePTChange(s string) (PTChange, bool) {
	if p, t, ok := ParsePT(s); ok {
		return PTChange{Power: p, Toughness: t}, true
	}
	if s == "X/X" {
		// The base power and toughness of a token, "create an X/X green
		// Ooze creature token": X on each side.
		return PTChange{PowerX: 1, ToughnessX: 1}, true
	}
	a, b, found := strings.Cut(s, "/")
	if !found {
		return PTChange{}, false
	}
	pn, px, ok1 := changeSide(a)
	tn, tx, ok2 := changeSide(b)
	return PTChange{Power: pn, Toughness: tn, PowerX: px, ToughnessX: tx}, ok1 && ok2
}

// changeSide reads one side of a change with its sign: a number, or X
// (its coefficient, 1 or -1).
func changeSide(s string) (n, x int, ok bool) {
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, 0, false
	}
	sign := 1
	if s[0] == '-' {
		sign = -1
	}
	if s[1:] == "X" {
		return 0, sign, true
	}
	n, err := strconv.Atoi(s)
	return n, 0, err == nil
}
