package dsl_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardc/cardc/dsl"
)

func TestSuggest(t *testing.T) {
	keywords := []string{"card", "cost", "type", "pt", "oracle", "given", "when", "then", "whenever", "attack", "events"}
	tests := []struct {
		name, word string
		candidates []string
		want       string
	}{
		{"one substitution", "cots", keywords, "cost"},
		{"one deletion", "atack", keywords, "attack"},
		{"one insertion", "gieven", keywords, "given"},
		{"a transposition is one edit", "gvien", keywords, "given"},
		{"two edits in a long word", "evnts", keywords, "events"},
		{"two edits in a long word", "whenevr", keywords, "whenever"},
		{"a transposition in four letters", "tpye", []string{"type"}, "type"},
		{"two edits are too many for four letters", "tupo", []string{"type"}, ""},
		{"three edits are too many", "atk", []string{"attack"}, ""},
		{"far", "banana", keywords, ""},
		{"short words only differ in case", "PT", keywords, "pt"},
		{"short words get no edit", "pr", keywords, ""},
		{"case is ignored", "ORACLE", keywords, "oracle"},
		{"case is ignored with an edit", "Oracel", keywords, "oracle"},
		{"the word itself is no suggestion", "card", []string{"card"}, ""},
		{"the closest wins", "whene", []string{"whenever", "when"}, "when"},
		{"ties go to the earlier candidate", "cart", []string{"card", "cast"}, "card"},
		{"ties go to the earlier candidate", "cart", []string{"cast", "card"}, "cast"},
		{"runes, not bytes", "vigilence", []string{"vigilance"}, "vigilance"},
		{"runes, not bytes", "näme", []string{"name"}, "name"},
		{"no candidates", "card", nil, ""},
		{"empty word", "", keywords, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.word, func(t *testing.T) {
			assert.Equal(t, tt.want, dsl.Suggest(tt.word, tt.candidates), "Suggest(%q, %q)", tt.word, tt.candidates)
		})
	}
}

func TestDidYouMean(t *testing.T) {
	assert.Equal(t, `did you mean "cost"?`, dsl.DidYouMean("cots", []string{"card", "cost"}), "DidYouMean")
	assert.Equal(t, `did you mean "say \"hi\""?`, dsl.DidYouMean("say \"ho\"", []string{`say "hi"`}), "DidYouMean")
	assert.Empty(t, dsl.DidYouMean("banana", []string{"card", "cost"}), "DidYouMean with nothing close")
}

// BenchmarkSuggestLongWord shows that a huge word costs linear work: no
// candidate is near it in length, so no edit distance is computed (issue
// 8: a 2 MB word took 4 s to lint).
func BenchmarkSuggestLongWord(b *testing.B) {
	word := strings.Repeat("x", 2<<20)
	candidates := []string{"card", "test", "cost", "type", "oracle", "keywords"}
	for i := 0; i < b.N; i++ {
		if s := dsl.Suggest(word, candidates); s != "" {
			b.Fatal(s)
		}
	}
}
