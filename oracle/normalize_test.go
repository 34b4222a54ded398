package oracle

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// The regular expressions Normalize was first written with: the
// hand-written steps must find what they find.
var (
	refReminder    = regexp.MustCompile(`\([^()]*\)`)
	refBattlefield = regexp.MustCompile(`\b(enters?|entering) the battlefield\b`)
	refPossessive  = regexp.MustCompile(`['’]s\b`)
	refToken       = regexp.MustCompile(`\{[^{}]+\}|[+\-]?[a-z0-9*]+/[+\-]?[a-z0-9*]+|[+\-]?[a-z0-9]+`)
	refValue       = regexp.MustCompile(`^(\{.*\}|[+\-]?[0-9x*]+(/[+\-]?[0-9x*]+)?)$`)
)

// refNormalize is Normalize with the regular expressions.
func refNormalize(text, name string) []string {
	s := strings.ToLower(strings.ReplaceAll(text, "−", "-"))
	if stripped := refReminder.ReplaceAllString(s, " "); strings.TrimSpace(stripped) != "" {
		s = stripped
	}
	if name != "" {
		s = strings.ReplaceAll(s, strings.ToLower(name), "this")
	}
	s = refBattlefield.ReplaceAllString(s, "$1")
	s = refPossessive.ReplaceAllString(s, "")
	s = strings.NewReplacer("'", "", "’", "").Replace(s)
	words := refToken.FindAllString(s, -1)
	for i, w := range words {
		words[i] = normalWord(w)
	}
	return words
}

// conforms checks every hand-written step against its expression on s.
func conforms(t *testing.T, s, name string) {
	t.Helper()
	assert.Equal(t, refReminder.ReplaceAllString(s, " "), stripReminders(s), "stripReminders(%q)", s)
	assert.Equal(t, refBattlefield.ReplaceAllString(s, "$1"), stripBattlefield(s), "stripBattlefield(%q)", s)
	want := strings.NewReplacer("'", "", "’", "").Replace(refPossessive.ReplaceAllString(s, ""))
	assert.Equal(t, want, stripApostrophes(s), "stripApostrophes(%q)", s)
	// slices.Equal first: it is cheap, and when it holds, so does cmp with
	// EquateEmpty (a nil list and an empty one are the same words), which
	// only explains a difference; conforms runs 40,000 times.
	toks := refToken.FindAllString(s, -1)
	if got := tokens(s); !slices.Equal(toks, got) {
		if diff := cmp.Diff(toks, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("tokens(%q) (-regexp +hand-written):\n%s", s, diff)
		}
	}
	for _, w := range append(toks, s) {
		assert.Equal(t, refValue.MatchString(w), isValue(w), "isValue(%q)", w)
	}
	if got, want := Normalize(s, name), refNormalize(s, name); !slices.Equal(want, got) {
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Normalize(%q, %q) (-regexp +hand-written):\n%s", s, name, diff)
		}
	}
}

// TestNormalizeConformance checks the hand-written Normalize against the
// regular expressions: on tricky texts, on every Oracle paragraph and
// rendered ability of the card library, and on random texts made of the
// characters the expressions care about.
func TestNormalizeConformance(t *testing.T) {
	for _, s := range []string{
		"", "(", ")", "()", "(()", "(a(b)c)", "a (b) c (d) e", "((x))", "(x", "x)",
		"{", "}", "{}", "{{}}", "{t}", "{2}{g}", "{a\nb}", "{2/w}", "{x", "x}",
		"+", "-", "+1/+1", "-2/-2", "*/*", "+x/+0", "1/", "/1", "+/+", "a/b/c", "1//2", "+-1", "--1",
		"x", "xx", "*", "**", "+*", "2*", "x/*",
		"enters the battlefield", "entering the battlefield.", "enter the battlefield", "reenters the battlefield", "enters the battlefields",
		"maro's", "maro’s", "its'", "'s", "rock'n'roll", "o'ks", "é's", "naïve creature",
		"can't", "it's", "’s’s", "x's_", "'s1", "''s", "'s's", "onto the battlefield", "reenter the battlefield",
		"enter the battlefield and enters the battlefield", "entering the battlefieldx",
		"when lone missionary enters the battlefield, you gain 4 life.",
		"flying (this creature can't be blocked except by creatures with flying or reach.)",
	} {
		conforms(t, s, "")
		conforms(t, strings.ToUpper(s), "Maro")
	}
	v, err := vocab.Standard()
	require.NoError(t, err)
	files, _, err := cards.Files()
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		for _, d := range f.Decls {
			card, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			e, _ := compiler.Explain(v, card)
			if e == nil {
				continue
			}
			for _, p := range e.Oracle {
				conforms(t, strings.ToLower(p.Text), e.Name)
				n++
			}
			for _, a := range e.Abilities {
				conforms(t, strings.ToLower(a.Text), e.Name)
				n++
			}
		}
	}
	require.GreaterOrEqual(t, n, 100, "too few texts of the card library")
	pieces := []string{"enter", "enters", "entering", "reenter", " the battlefield", " ", "s", "'", "’", "_", "1", "onto", "x", "é", "(", ")", "{g}", "+1/+1", "can't", "it's"}
	pr := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		var b strings.Builder
		for range pr.IntN(8) {
			b.WriteString(pieces[pr.IntN(len(pieces))])
		}
		conforms(t, b.String(), "")
	}
	const alphabet = "ab sx*0123456789+-/{}()'’\n.,éte battlefieldnr_"
	r := rand.New(rand.NewPCG(1, 2))
	runes := []rune(alphabet)
	for range 20000 {
		b := make([]rune, r.IntN(24))
		for i := range b {
			b[i] = runes[r.IntN(len(runes))]
		}
		conforms(t, string(b), "")
	}
}

// FuzzNormalize checks the hand-written Normalize against the regular
// expressions on any text.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Flying (reminder)", "{2}{G}, {T}: Add +1/+1", "Maro's power enters the battlefield"} {
		f.Add(s, "Maro")
	}
	f.Fuzz(func(t *testing.T, s, name string) {
		conforms(t, s, name)
	})
}

// TestCommon checks the two ways of counting shared words against each
// other.
func TestCommon(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"a", "b", "c", "d", "this", "1"}
	for range 2000 {
		a := make([]string, r.IntN(90))
		b := make([]string, r.IntN(90))
		for i := range a {
			a[i] = words[r.IntN(len(words))]
		}
		for i := range b {
			b[i] = words[r.IntN(len(words))]
		}
		require.Equal(t, commonLong(a, b), common(a, b), "common(%q, %q)", a, b)
	}
}
