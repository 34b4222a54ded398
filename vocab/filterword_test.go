package vocab_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFilterWordNegation: "non" before a quality, type or subtype negates
// it, written as one word or, as Oracle text writes it, with a hyphen.
func TestFilterWordNegation(t *testing.T) {
	v := standard(t)
	for _, c := range []struct {
		word string
		name string
		neg  bool
		ok   bool
	}{
		{"Human", "Human", false, true},
		{"nonHuman", "Human", true, true},
		{"non-Human", "Human", true, true},
		{"noncreature", "creature", true, true},
		{"non-creature", "creature", true, true},
		{"nontoken", "token", true, true},
		{"non-", "", false, false},
		{"non-permanent", "", false, false},
	} {
		fw, ok := v.FilterWord(c.word)
		// A negated word is no noun: "non-Human creatures".
		assert.Equal(t, c.ok, ok, "FilterWord(%q): ok", c.word)
		if ok {
			assert.Equal(t, c.name, fw.Name, "FilterWord(%q): name", c.word)
			assert.Equal(t, c.neg, fw.Neg, "FilterWord(%q): negated", c.word)
			assert.Equal(t, !c.neg, fw.Noun, "FilterWord(%q): a noun unless negated", c.word)
		}
	}
}
