package oracle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		name, text, card, want string
	}{
		{"case and punctuation", "Destroy target creature.", "", "destroy target creature"},
		{"the card's name is this", "When Lone Missionary enters the battlefield, you gain 4 life.", "Lone Missionary", "when this enter you gain 4 life"},
		{"enters the battlefield is enters", "Endless One enters with X +1/+1 counters on it.", "Endless One", "this enter with x +1/+1 counter on it"},
		{"reminder text left out", "Flying (This creature can't be blocked except by creatures with flying or reach.)", "", "flying"},
		{"all reminder text is read inside", "({T}: Add {G}.)", "", "{t} add {g}"},
		{"number words are digits", "create two 1/1 red Goblin creature tokens", "", "create 2 1/1 red goblin creature token"},
		{"an is a", "sacrifice an Aura", "", "sacrifice a aura"},
		{"possessives", "Maro's power and toughness", "Maro", "this power and toughness"},
		{"plurals and verbs agree", "Creatures you control get +1/+1.", "", "creature you control get +1/+1"},
		{"mana symbols are words", "{1}{W}{W}, {Q}: Return", "", "{1} {w} {w} {q} return"},
		{"negative P/T", "Target creature gets -2/-2", "", "target creature get -2/-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, strings.Join(oracle.Normalize(tc.text, tc.card), " "))
		})
	}
}

func TestWordSimilarity(t *testing.T) {
	w := strings.Fields
	for _, tc := range []struct {
		name                    string
		a, b                    []string
		similarity, containment float64
	}{
		{"same", w("destroy target creature"), w("destroy target creature"), 1, 1},
		{"disjoint", w("gain 4 life"), w("deal 2 damage"), 0, 0},
		{"a part", w("draw a card"), w("draw a card scry 1"), 0.75, 1},
		{"repeated words count as often as both have them", w("1 1 life"), w("1 life"), 0.8, 2.0 / 3},
		{"empty", nil, nil, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.InDelta(t, tc.similarity, oracle.WordSimilarity(tc.a, tc.b), 1e-9)
			require.InDelta(t, tc.containment, oracle.Containment(tc.a, tc.b), 1e-9)
		})
	}
}

// explainFile renders and covers the cards of a source file.
func explainFile(t *testing.T, name string, src []byte) []*oracle.Coverage {
	t.Helper()
	v, err := vocab.Standard()
	require.NoError(t, err)
	f, diags := parser.Parse(name, src)
	require.False(t, diags.HasErrors(), "%v", diags)
	var out []*oracle.Coverage
	for _, d := range f.Decls {
		card, ok := d.(*dsl.Card)
		if !ok {
			continue
		}
		e, diags := compiler.Explain(v, card)
		require.NotNil(t, e, "%v", diags)
		out = append(out, oracle.Cover(e))
	}
	return out
}

// report is what explain prints for the coverages, then their warnings.
func report(covs []*oracle.Coverage) string {
	var b bytes.Buffer
	var diags dsl.Diagnostics
	for _, c := range covs {
		c.WriteText(&b, filepath.Base(c.Card.Pos.Filename))
		diags = append(diags, c.Diagnostics()...)
	}
	for _, d := range diags {
		d.Pos.Filename = filepath.Base(d.Pos.Filename)
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

// TestExplainGolden renders cards of the library of every kind: creatures
// with triggers, replacement effects, mana abilities, Auras, spells,
// keywords, and a paragraph marked unimplemented.
func TestExplainGolden(t *testing.T) {
	for _, name := range []string{
		"lone_missionary", "engulfing_slagwurm", "three_dog_galaxy_news_dj", // triggers
		"protean_hydra", "mana_reflection", // replacement effects
		"llanowar_elves", "birds_of_paradise", "wall_of_roots", "forest", "order_of_whiteclay", // activated, mana abilities
		"trollhide", "pacifism", "dragon_mantle", "cho_mannos_blessing", // Auras
		"gods_willing", "twisted_image", "shock", // spells
		"maro", "glorious_anthem", "excruciator", "clone", "torpor_orb", // statics, copies
		"hydroid_krasis", "hangarback_walker", // a cast trigger, half X; tokens for each counter
		"serra_angel", "white_knight", "darksteel_colossus", // keywords
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "cards", name+".card")
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			golden.Check(t, filepath.Join("testdata", "explain", name+".golden"), []byte(report(explainFile(t, path, src))))
		})
	}
}

// TestHalf checks that `N / 2` renders as Oracle text says it, "half N"
// (rounded down, as the division is), and other arithmetic in words.
func TestHalf(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"gain X / 2 life", "gain half X life"},
		{"draw X / 2 cards", "Draw half X cards"},
		{"gain X / 3 life", "gain X divided by 3 life"},
		{"gain X * 2 life", "gain X times 2 life"},
	} {
		t.Run(tc.body, func(t *testing.T) {
			src := "card \"Case\" {\n    cost {X}\n    type Sorcery\n    oracle \"\"\n\n    spell {\n        " + tc.body + "\n    }\n}\n"
			covs := explainFile(t, "case.card", []byte(src))
			require.Len(t, covs, 1)
			require.Contains(t, report(covs), tc.want)
		})
	}
}

// TestCardLibraryIsCovered checks that every card of the library (and of
// its test files) says its Oracle text: no W020, no W021.
func TestCardLibraryIsCovered(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	files, diags, err := cards.Files()
	require.NoError(t, err)
	require.False(t, diags.HasErrors())
	n := 0
	for _, f := range files {
		for _, d := range f.Decls {
			card, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			e, diags := compiler.Explain(v, card)
			require.NotNil(t, e, "%v", diags)
			require.Empty(t, oracle.Cover(e).Diagnostics(), "%s", e.Name)
			n++
		}
	}
	require.Greater(t, n, 50)
}

// TestSwappedAbilities checks that a card whose abilities are another
// card's is caught: each case puts the abilities of one card of the
// library under the name and Oracle text of another.
func TestSwappedAbilities(t *testing.T) {
	for _, tc := range []struct {
		name      string
		abilities string // the card whose abilities are taken
		oracleOf  string // the card whose name, characteristics and Oracle text are kept
		want      []string
	}{
		{name: "Lone Missionary under Shock", abilities: "lone_missionary", oracleOf: "shock_as_creature", want: []string{"W020", "W021"}},
		{name: "Lone Missionary under Hill Giant", abilities: "lone_missionary", oracleOf: "hill_giant", want: []string{"W021"}},
		{name: "Shock under Murder", abilities: "shock", oracleOf: "murder", want: []string{"W020"}},
		{name: "Giant Growth under Disfigure", abilities: "giant_growth", oracleOf: "disfigure", want: []string{"W020"}},
		{name: "Llanowar Elves under Birds of Paradise", abilities: "llanowar_elves", oracleOf: "birds_of_paradise", want: []string{"W020", "W020"}},
		{name: "Murder under Twisted Image", abilities: "murder", oracleOf: "twisted_image", want: []string{"W020", "W020"}},
		{name: "Pacifism under Glorious Anthem", abilities: "pacifism_without_aura", oracleOf: "glorious_anthem", want: []string{"W020"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := swap(t, card(t, tc.abilities), card(t, tc.oracleOf))
			covs := explainFile(t, "swapped.card", []byte(src))
			require.Len(t, covs, 1)
			var got []string
			for _, d := range covs[0].Diagnostics() {
				got = append(got, d.Code)
				// Each message holds both texts: the Oracle text and
				// the rendering.
				require.Contains(t, d.Message, "Oracle")
			}
			require.Equal(t, tc.want, got, "%s", report(covs))
		})
	}
}

// card reads a card of the library, or a variant the swap test needs.
func card(t *testing.T, name string) string {
	t.Helper()
	switch name {
	case "shock_as_creature":
		// Shock's name and Oracle text on a creature, which can have a
		// triggered ability.
		return strings.Replace(card(t, "shock"), "type Instant", "type Creature — Elemental\n    pt 1/1", 1)
	case "pacifism_without_aura":
		return strings.Replace(card(t, "pacifism"), "    enchant creature\n", "", 1)
	}
	src, err := os.ReadFile(filepath.Join("..", "cards", name+".card"))
	require.NoError(t, err)
	return string(src)
}

// swap keeps the characteristics and Oracle text of one card (the lines
// before its first blank line in the card) and the abilities of another
// (the lines after it).
func swap(t *testing.T, abilities, characteristics string) string {
	t.Helper()
	head, _, ok := strings.Cut(characteristics[strings.Index(characteristics, "card "):], "\n\n")
	if !ok {
		head = strings.TrimSuffix(strings.TrimSpace(characteristics[strings.Index(characteristics, "card "):]), "}")
	}
	_, body, ok := strings.Cut(abilities[strings.Index(abilities, "card "):], "\n\n")
	require.True(t, ok, "no abilities in %q", abilities)
	return head + "\n\n" + body
}

// testCard is the source of a card named Test Card: a creature (or, with
// a spell ability, a sorcery) with Oracle paragraphs and ability lines.
func testCard(oracle []string, abilities ...string) string {
	var b strings.Builder
	spell := len(abilities) > 0 && strings.HasPrefix(abilities[0], "spell {")
	b.WriteString("card \"Test Card\" {\n    cost {1}{G}\n")
	if spell {
		b.WriteString("    type Sorcery\n")
	} else {
		b.WriteString("    type Creature — Bear\n    pt 2/2\n")
	}
	for _, o := range oracle {
		b.WriteString("    oracle " + o + "\n")
	}
	if len(oracle) == 0 {
		b.WriteString("    oracle \"\"\n")
	}
	b.WriteString("\n")
	for _, a := range abilities {
		b.WriteString("    " + a + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// TestCover is a table of pairings of abilities with paragraphs, and
// the warnings each gets.
func TestCover(t *testing.T) {
	for _, tc := range []struct {
		name      string
		oracle    []string
		abilities []string
		want      []string // the codes of the warnings
	}{
		{"keywords in one paragraph", []string{`"Flying, vigilance"`}, []string{"keywords vigilance, flying"}, nil},
		{"keywords in two paragraphs", []string{`"Flying"`, `"Vigilance (Attacking doesn't cause this creature to tap.)"`}, []string{"keywords flying, vigilance"}, nil},
		{"one instruction per paragraph", []string{`"Switch target creature's power and toughness until end of turn."`, `"Draw a card."`},
			[]string{"spell {\n        switch the power and toughness of target creature until end of turn\n        draw a card\n    }"}, nil},
		{"two instructions in one paragraph", []string{`"Target creature gets +1/+1 until end of turn. Scry 1. (Look at the top card.)"`},
			[]string{"spell {\n        target creature gets +1/+1 until end of turn\n        scry 1\n    }"}, nil},
		{"reminder text alone needs no ability", []string{`"({W/P} can be paid with either {W} or 2 life.)"`, `"Flying"`}, []string{"keywords flying"}, nil},
		{"reminder text alone may be said", []string{`"({T}: Add {G}.)"`}, []string{"{T}: add {G}"}, nil},
		{"unimplemented", []string{`"Flying"`, `"If Test Card would die, exile it instead." unimplemented`}, []string{"keywords flying"}, nil},
		{"unimplemented takes no ability", []string{`"Draw a card." unimplemented`}, []string{"when this enters {\n        draw a card\n    }"}, []string{"W021"}},
		{"partly: the rest is compared", []string{`"When Test Card enters the battlefield, you gain 2 life and draw a card." partly "and draw a card"`},
			[]string{"when this enters {\n        gain 2 life\n    }"}, nil},
		{"partly: the rest must be said", []string{`"When Test Card enters the battlefield, you gain 2 life and draw a card." partly "and draw a card"`},
			[]string{"when this enters {\n        gain 3 life\n    }"}, []string{"W020"}},
		{"partly: words the paragraph does not have", []string{`"When Test Card enters the battlefield, you gain 2 life." partly "and draw two cards"`},
			[]string{"when this enters {\n        gain 2 life\n    }"}, []string{"W023"}},
		{"a paragraph unsaid", []string{`"Flying"`, `"Whenever Test Card attacks, draw a card."`}, []string{"keywords flying"}, []string{"W020"}},
		{"an ability unsaid", []string{`"Flying"`}, []string{"keywords flying", "whenever this attacks {\n        draw a card\n    }"}, []string{"W021"}},
		{"other values", []string{`"Test Card deals 3 damage to any target."`}, []string{"spell {\n        deal 2 damage to any target\n    }"}, []string{"W020"}},
		{"other mana", []string{`"{T}: Add {G}."`}, []string{"{T}: add {R}"}, []string{"W020"}},
		{"another event", []string{`"Whenever Test Card attacks, you gain 4 life and draw a card."`}, []string{"when this dies {\n        gain 4 life\n    }"}, []string{"W020"}},
		{"a paragraph that does not read, which an ability resembles", []string{`"Whenever Test Card attacks, you gain 4 life unless you control an Island."`},
			[]string{"whenever this attacks {\n        gain 4 life\n    }"}, nil},
		{"a paragraph that does not read, which nothing resembles", []string{`"Whenever Test Card attacks, each opponent phases out."`},
			[]string{"when this dies {\n        gain 4 life\n    }"}, []string{"W022", "W021"}},
		{"no Oracle text", nil, []string{"keywords flying"}, []string{"W021"}},
		{"+X/+X, where X is, after the phrase", []string{`"Target creature gets +X/+X until end of turn, where X is the number of creatures you control."`},
			[]string{"spell {\n        target creature gets +X/+X until end of turn where X is the number of creatures you control\n    }"}, nil},
		{"-X/-0, where X is, in a statement before", []string{`"Target creature gets -X/-0 until end of turn, where X is the number of creatures you control."`},
			[]string{"spell {\n        where X is the number of creatures you control\n        target creature gets -X/-0 until end of turn\n    }"}, nil},
		{"X: another count", []string{`"Target creature gets +X/+X until end of turn, where X is the number of creatures you control."`},
			[]string{"spell {\n        target creature gets +X/+X until end of turn where X is the number of lands you control\n    }"}, []string{"W020"}},
		{"X: the other sign", []string{`"Target creature gets -X/-X until end of turn, where X is the number of creatures you control."`},
			[]string{"spell {\n        target creature gets +X/+X until end of turn where X is the number of creatures you control\n    }"}, []string{"W020"}},
		{"X: a side without it", []string{`"Target creature gets +X/+0 until end of turn, where X is the number of creatures you control."`},
			[]string{"spell {\n        target creature gets +X/+X until end of turn where X is the number of creatures you control\n    }"}, []string{"W020"}},
		{"a static X, where X is", []string{`"Test Card gets +X/+X, where X is the number of Forests you control."`},
			[]string{"static this gets +X/+X where X is the number of Forests you control"}, nil},
		{"a static X: another count", []string{`"Test Card gets +X/+X, where X is the number of Forests you control."`},
			[]string{"static this gets +X/+X where X is the number of Islands you control"}, []string{"W020"}},
		{"X damage, where X is, after the phrase", []string{`"Test Card deals X damage to any target, where X is the number of Goblins you control."`},
			[]string{"spell {\n        deal X damage to any target where X is the number of Goblins you control\n    }"}, nil},
		{"X damage: another count", []string{`"Test Card deals X damage to any target, where X is the number of Goblins you control."`},
			[]string{"spell {\n        deal X damage to any target where X is the number of Elves you control\n    }"}, []string{"W020"}},
		{"X cards and X life, each with its where", []string{`"Draw X cards, where X is the number of Goblins you control. You gain X life, where X is the number of Elves you control."`},
			[]string{"spell {\n        draw X cards where X is the number of Goblins you control\n        gain X life where X is the number of Elves you control\n    }"}, nil},
		{"X cards and X life: the wheres swapped", []string{`"Draw X cards, where X is the number of Goblins you control. You gain X life, where X is the number of Elves you control."`},
			[]string{"spell {\n        draw X cards where X is the number of Elves you control\n        gain X life where X is the number of Goblins you control\n    }"}, []string{"W020"}},
		{"an X/X token, where X is", []string{`"Create an X/X green Ooze creature token, where X is the number of creatures you control."`},
			[]string{"spell {\n        create an X/X green Ooze creature token where X is the number of creatures you control\n    }"}, nil},
		{"an X/X token: another count", []string{`"Create an X/X green Ooze creature token, where X is the number of creatures you control."`},
			[]string{"spell {\n        create an X/X green Ooze creature token where X is the number of lands you control\n    }"}, []string{"W020"}},
		{"enters with X counters, where X is", []string{`"Test Card enters the battlefield with X +1/+1 counters on it, where X is the number of creatures you control."`},
			[]string{"enters with X +1/+1 counters where X is the number of creatures you control"}, nil},
		{"enters with X counters: another count", []string{`"Test Card enters the battlefield with X +1/+1 counters on it, where X is the number of creatures you control."`},
			[]string{"enters with X +1/+1 counters where X is the number of lands you control"}, []string{"W020"}},
		{"today's enters: when this enters", []string{`"When Test Card enters, draw a card."`}, []string{"when this enters {\n        draw a card\n    }"}, nil},
		{"today's enters: when this enters, another action", []string{`"When Test Card enters, draw a card."`}, []string{"when this enters {\n        gain 1 life\n    }"}, []string{"W020"}},
		{"today's enters: this creature", []string{`"When this creature enters, draw a card."`}, []string{"when this enters {\n        draw a card\n    }"}, nil},
		{"today's enters: whenever another creature enters", []string{`"Whenever another creature enters, you gain 1 life."`},
			[]string{"whenever another creature enters {\n        gain 1 life\n    }"}, nil},
		{"today's enters: whenever another creature enters, another amount", []string{`"Whenever another creature enters, you gain 1 life."`},
			[]string{"whenever another creature enters {\n        gain 2 life\n    }"}, []string{"W020"}},
		{"today's enters: enters with counters", []string{`"This creature enters with two +1/+1 counters on it."`}, []string{"enters with two +1/+1 counters"}, nil},
		{"today's enters: enters with counters, another number", []string{`"Test Card enters with X +1/+1 counters on it."`}, []string{"enters with two +1/+1 counters"}, []string{"W020"}},
		{"today's enters: enters with X counters, where X is", []string{`"Test Card enters with X +1/+1 counters on it, where X is the number of creatures you control."`},
			[]string{"enters with X +1/+1 counters where X is the number of creatures you control"}, nil},
		{"today's enters: enters with X counters, another count", []string{`"Test Card enters with X +1/+1 counters on it, where X is the number of creatures you control."`},
			[]string{"enters with X +1/+1 counters where X is the number of lands you control"}, []string{"W020"}},
		{"today's enters: enters tapped", []string{`"Test Card enters tapped."`}, []string{"enters tapped"}, nil},
		{"today's enters: enters tapped unless", []string{`"Test Card enters tapped."`}, []string{"enters tapped unless you control a Swamp or a Mountain"}, []string{"W020"}},
		{"today's enters: as this enters, choose", []string{`"As Test Card enters, choose a color."`}, []string{"enters choosing a color"}, nil},
		{"today's enters: as this enters, choose another", []string{`"As Test Card enters, choose a color."`}, []string{"enters choosing a basic land type"}, []string{"W020"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			covs := explainFile(t, "test.card", []byte(testCard(tc.oracle, tc.abilities...)))
			require.Len(t, covs, 1)
			var got []string
			for _, d := range covs[0].Diagnostics() {
				got = append(got, d.Code)
			}
			require.Equal(t, tc.want, got, "%s", report(covs))
		})
	}
}

// TestValuesAsWritten checks that the comparison by word similarity, for
// a paragraph the vocabulary does not read, speaks of the values a
// paragraph and its abilities do not share as a designer writes them
// (issue 27: "the paragraph does not say {w} {t} {w} {t}" read as a
// parser's tokens).
func TestValuesAsWritten(t *testing.T) {
	for _, tc := range []struct {
		name, oracle, ability, want string
	}{
		{"numbers", `"Whenever Test Card attacks, you gain 4 life unless you control an Island."`,
			"whenever this attacks {\n        gain 2 life\n    }", "the abilities do not say the number 4; the paragraph does not say the number 2"},
		{"mana symbols", `"{T}: Add {G} unless you control an Island."`, "{T}: add {R}",
			"the abilities do not say the mana symbol {G}; the paragraph does not say the mana symbol {R}"},
		{"P/T", `"Whenever Test Card attacks, it gets +2/+2 until end of turn unless you control an Island."`,
			"whenever this attacks {\n        this gets +1/+1 until end of turn\n    }",
			"the abilities do not say the power/toughness +2/+2; the paragraph does not say the power/toughness +1/+1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			covs := explainFile(t, "test.card", []byte(testCard([]string{tc.oracle}, tc.ability)))
			require.Len(t, covs, 1)
			var msgs []string
			for _, d := range covs[0].Diagnostics() {
				msgs = append(msgs, d.Message)
			}
			require.NotEmpty(t, msgs)
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}
