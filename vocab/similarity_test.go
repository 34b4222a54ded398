package vocab_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vocab"
)

// TestSimilarity checks the measure behind "did you mean": the share of a
// template's words the phrase spells, and the threshold a suggestion must
// pass.
func TestTemplateSimilarity(t *testing.T) {
	tmpl := func(text string) *vocab.Template {
		var items []vocab.TemplateItem
		for _, w := range strings.Fields(text) {
			if strings.HasPrefix(w, "{") {
				items = append(items, vocab.TemplateItem{Slot: strings.Trim(w, "{}")})
			} else {
				items = append(items, vocab.TemplateItem{Word: w})
			}
		}
		return &vocab.Template{Text: text, Items: items}
	}
	cases := []struct {
		template, phrase string
		want             float64
		offered          bool
	}{
		{"gain {amount} life", "gian 4 life", 1, true}, // a swap of neighbours
		{"gain {amount} life", "gain 2 lfe", 1, true},  // a letter left out
		{"{object} dies", "this dise", 1, true},        //
		{"{event} can't be prevented", "damage cant be prevented", 1, true},
		{"{player} gains {amount} life", "target player discards two cards", 0, false},
		{"{player} adds {mana}", "target player discards two cards", 0, false}, // "cards" is two edits from "adds"
		{"deal {amount} damage to {target}", "target player discards two cards", 0, false},
		{"draw {amount} cards", "target player discards two cards", 0.5, false}, // half is not enough
		{"{object} gets {power/toughness}", "this is huge", 0, false},
		{"{player} loses {amount} life", "target player loses 2 life", 1, true},
		{"{object}", "this", 0, false},                  // a template of slots alone is like nothing
		{"gain {amount} life", "life life", 0.5, false}, // a word of the phrase counts once
	}
	for _, c := range cases {
		got := vocab.TemplateSimilarity(tmpl(c.template), strings.Fields(c.phrase))
		require.InDelta(t, c.want, got, 1e-9, "%q against %q", c.phrase, c.template)
		require.Equal(t, c.offered, got > vocab.Trusted, "%q against %q", c.phrase, c.template)
	}
}
