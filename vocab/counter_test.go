package vocab_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardc/cardc/dsl"
)

// TestCounterKindsAreOpenEnded: a card may name any kind of counter (CR
// 122.1), but a word one typo from a kind the vocabulary declares is a
// typo (C016, naming the kind), and a word that can't be a kind's is no
// kind.
func TestCounterKindsAreOpenEnded(t *testing.T) {
	v := standard(t)
	for _, c := range []struct {
		name string
		ok   bool
		typo string // the declared kind it is a typo of
	}{
		{"+1/+1", true, ""},
		{"charge", true, ""},
		{"age", true, ""},
		{"wish", true, ""},  // Djinn of Wishes: a kind the stdlib does not declare
		{"oil", true, ""},   // three letters: no typo of anything
		{"+3/+3", true, ""}, // two edits from +1/+1 and from +2/+2
		{"+5/+5", true, ""},
		{"ice", true, ""}, // "age" has too few letters to have typos
		{"chrage", false, "charge"},
		{"loyality", false, "loyalty"},
		{"+1/+2", false, "+1/+1"},
		{"-1/-2", false, "-1/-1"},
		{"Wish", false, ""},
		{"shiny!", false, ""},
		{"two", false, ""},       // a number word
		{"1/1", false, ""},       // no signs
		{"+1/1", false, "+1/+1"}, // one edit from +1/+1
		{"", false, ""},
	} {
		ok, d := v.CounterKind(dsl.Pos{Line: 1, Column: 1}, c.name)
		assert.Equal(t, c.ok, ok, "%q", c.name)
		assert.Equal(t, c.typo, v.CounterTypo(c.name), "%q", c.name)
		if ok {
			assert.Nil(t, d, "%q", c.name)
			continue
		}
		if assert.NotNil(t, d, "%q", c.name) {
			assert.Equal(t, "C016", d.Code)
			if c.typo != "" {
				assert.Contains(t, d.Hint, `did you mean "`+c.typo+`"?`)
			}
		}
	}
}
