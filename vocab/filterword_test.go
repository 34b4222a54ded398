package vocab_test

import "testing"

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
		if ok != c.ok || ok && (fw.Name != c.name || fw.Neg != c.neg || fw.Noun == c.neg) {
			t.Errorf("FilterWord(%q) = %+v, %v; want %q negated=%v, %v", c.word, fw, ok, c.name, c.neg, c.ok)
		}
	}
}
