package mana

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// TestBracedConformance checks braced against the regular expression
// Parse was first written with.
func TestBracedConformance(t *testing.T) {
	re := regexp.MustCompile(`\{([^{}]*)\}`)
	check := func(s string) {
		t.Helper()
		if got, want := braced(s), re.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Errorf("braced(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range []string{"", "{", "}", "{}", "{{}}", "{G}{G}", "{2/W}{X}", "{G", "G}", "{{G}", "{G}}", "a{b}c{d", "{\n}", "{é}"} {
		check(s)
	}
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []rune("{}{}GWUBR2X/é \n")
	for range 20000 {
		b := make([]rune, r.IntN(16))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in        string
		syms, bad int
	}{
		{"{X}{G}", 2, 0},
		{"{2/W}{W/P}{G/U}", 3, 0},
		{"{T}{Q}", 0, 2},
		{"{G}{", 1, 0},
		{"", 0, 0},
	} {
		syms, bad := Parse(tc.in)
		if len(syms) != tc.syms || len(bad) != tc.bad {
			t.Errorf("Parse(%q): %d symbols and %d bad, want %d and %d", tc.in, len(syms), len(bad), tc.syms, tc.bad)
		}
	}
}
