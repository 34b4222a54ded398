package dsl_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// TestInstantiateIsTheAbilityWrittenThere checks that an ability of a
// keyword declaration, instantiated where a card writes the keyword, is
// the tree the parser reads from the ability written there, its
// parameter's value in place, positions included: a number in a phrase
// and in an expression, mana symbols in a phrase and as a cost, on the
// first line and below it.
func TestInstantiateIsTheAbilityWrittenThere(t *testing.T) {
	const decls = `
keyword graft(amount: number) {
    doc "..."
    phrase "graft {amount}"
    enters with amount +1/+1 counters
    whenever another creature as creature enters, if this has amount +1/+1 counters on it {
        if amount + 1 > 2 {
            you may move a +1/+1 counter from this onto creature
        }
    }
}

keyword cumulative_upkeep(price: mana) {
    doc "..."
    phrase "cumulative upkeep {price}"
    at the beginning of your upkeep {
        put an age counter on this
        sacrifice this unless you pay price for each age counter on it
    }
}

keyword equip(price: mana) {
    doc "..."
    phrase "equip {price}"
    price: attach this to target creature you control, activate only as a sorcery
}

keyword persist {
    doc "..."
    when this is put into a graveyard from the battlefield, if this had no -1/-1 counters on it {
        return this to the battlefield under its owner's control with a -1/-1 counter on it
    }
}
`
	read := func() map[string]*dsl.KeywordDecl {
		f, diags := parser.ParseString("stdlib/keywords.card", decls)
		require.Empty(t, diags)
		out := map[string]*dsl.KeywordDecl{}
		for _, d := range f.Decls {
			k := d.(*dsl.KeywordDecl)
			out[k.Name] = k
		}
		return out
	}
	keywords, pristine := read(), read()
	at := dsl.Pos{Filename: "cards/x.card", Offset: 120, Line: 7, Column: 14}
	for _, tt := range []struct {
		keyword string
		ability int
		value   string
		want    string
	}{
		{"graft", 0, "4", "enters with 4 +1/+1 counters"},
		{"graft", 1, "12", "whenever another creature as creature enters, if this has 12 +1/+1 counters on it {\n" +
			"    if 12 + 1 > 2 {\n        you may move a +1/+1 counter from this onto creature\n    }\n}"},
		{"cumulative_upkeep", 0, "{2}{U}", "at the beginning of your upkeep {\n    put an age counter on this\n" +
			"    sacrifice this unless you pay {2}{U} for each age counter on it\n}"},
		{"equip", 0, "{1}", "{1}: attach this to target creature you control, activate only as a sorcery"},
		{"persist", 0, "", "when this is put into a graveyard from the battlefield, if this had no -1/-1 counters on it {\n" +
			"    return this to the battlefield under its owner's control with a -1/-1 counter on it\n}"},
	} {
		t.Run(tt.keyword, func(t *testing.T) {
			k := keywords[tt.keyword]
			param := ""
			if k.Param != nil {
				param = k.Param.Name
			}
			got := dsl.Instantiate(k.Abilities[tt.ability], at, param, tt.value)
			want, diags := parser.ParseCardItem(at, tt.want)
			require.Empty(t, diags)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("(-parsed +instantiated):\n%s", d)
			}
			// The declaration is left as it was, and shares nothing
			// with the copy.
			if d := cmp.Diff(pristine[tt.keyword], k); d != "" {
				t.Errorf("the declaration changed (-before +after):\n%s", d)
			}
		})
	}
}

// TestPhraseOfIsThePhraseWrittenThere checks that a phrase made of words
// is the one the parser reads from them written at the same place: a
// number, a word, a counter kind, mana symbols.
func TestPhraseOfIsThePhraseWrittenThere(t *testing.T) {
	at := dsl.Pos{Filename: "cards/x.card", Offset: 40, Line: 3, Column: 12}
	words := []string{"put", "3", "loyalty", "counters", "and", "+1/+1", "for", "{2}{G}", "X"}
	item, diags := parser.ParseCardItem(at, "static "+strings.Join(words, " "))
	require.Empty(t, diags)
	want := item.(*dsl.StaticAbility).Phrase
	start := at
	start.Column += len("static ")
	start.Offset += len("static ")
	got := dsl.PhraseOf(start, words...)
	// The parser ends a phrase where the text ends; both end after the
	// last word.
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-parsed +made):\n%s", d)
	}
}
