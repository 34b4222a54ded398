package vocab_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

func TestSplitOracleWord(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"creature", "creature"},
		{"creature's", "creature|'s"},
		{"Giant’s", "Giant|'s"},
		{"turn,", "turn|,"},
		{"it.", "it|."},
		{"{T}:", "{T}|:"},
		{"can't", "can't"},
		{`"{1}{G}:`, `"|{1}{G}|:`},
		{"that's", "that|'s"},
	} {
		t.Run(tc.word, func(t *testing.T) {
			require.Equal(t, tc.want, strings.Join(vocab.SplitOracleWord(tc.word), "|"))
		})
	}
}

// oracleParts are the words of Oracle text as parts, as the reader of
// Oracle text makes them (package oracle/read): names, and digits.
func oracleParts(text string) []*dsl.Part {
	var out []*dsl.Part
	for _, f := range strings.Fields(text) {
		for _, w := range vocab.SplitOracleWord(f) {
			w := w
			p := &dsl.Part{Expr: &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Ref: &dsl.Ref{Name: w}}}}}}
			if strings.Trim(w, "0123456789") == "" {
				p = &dsl.Part{Expr: &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Number: &w}}}}}
			}
			out = append(out, p)
		}
	}
	return out
}

// TestMatchOracle reads the first words of Oracle clauses with the
// vocabulary's Oracle wordings: every way a wording ends is a reading,
// the longest first, with the parts each slot read.
func TestMatchOracle(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	parts := oracleParts("you gain 4 life and draw a card.")
	ms := v.MatchOracle(parts, vocab.ModeAction, vocab.OracleOptions{Scope: newTestScope()})
	require.NotEmpty(t, ms)
	m := ms[0]
	require.Equal(t, 4, m.End, "the clause ends before \"and\"")
	require.Equal(t, "gain_life", m.Alts[0].Template.Func.Name)
	require.Equal(t, "you gain {amount} life", m.Alts[0].Template.Text, "the wording, not the phrase")
	require.Equal(t, "gain {amount} life", m.Phrases[0][0].Text, "the phrase whose wording it is")
	require.Equal(t, [2]int{2, 3}, m.Spans[0]["amount"])

	// The hook names what the card language writes as a name.
	parts = oracleParts("destroy that creature.")
	hook := func(tm *vocab.Template, slot string, want vocab.Type, pi int) []vocab.OracleArg {
		if parts[pi].Word() != "that" {
			return nil
		}
		e := &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Ref: &dsl.Ref{Name: "this"}}}}}
		return []vocab.OracleArg{{Arg: &vocab.Arg{Kind: vocab.ArgExpr, Type: vocab.Type{Kind: vocab.KObject}, Expr: e}, Next: pi + 2}}
	}
	ms = v.MatchOracle(parts, vocab.ModeAction, vocab.OracleOptions{Scope: newTestScope(), Hook: hook})
	require.NotEmpty(t, ms)
	require.Equal(t, "destroy", ms[0].Alts[0].Template.Func.Name)
	require.Equal(t, 3, ms[0].End)

	// What each wording wanted where it stopped.
	var expected []string
	parts = oracleParts("you gain")
	v.MatchOracle(parts, vocab.ModeAction, vocab.OracleOptions{Scope: newTestScope(), Expect: func(pi int, what string) {
		if pi == 2 {
			expected = append(expected, what)
		}
	}})
	require.Contains(t, expected, "a number")
	require.Contains(t, expected, `"life"`)
}
