package mana

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
)

// TestBracedConformance checks braced against the regular expression
// Parse was first written with.
func TestBracedConformance(t *testing.T) {
	re := regexp.MustCompile(`\{([^{}]*)\}`)
	check := func(s string) {
		t.Helper()
		// slices.Equal first: cheap, and it holds where cmp with
		// EquateEmpty (nil and empty are the same) would find no
		// difference; check runs 20,000 times.
		if got, want := braced(s), re.FindAllString(s, -1); !slices.Equal(got, want) {
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("braced(%q) (-regexp +braced):\n%s", s, diff)
			}
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
		assert.Len(t, syms, tc.syms, "Parse(%q): symbols", tc.in)
		assert.Len(t, bad, tc.bad, "Parse(%q): bad symbols", tc.in)
	}
}
