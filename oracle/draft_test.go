package oracle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/oracle/read"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// libraryCards reads the cards of cards/ (not those of test files).
func libraryCards(t *testing.T, v *vocab.Vocab) []*compiler.Explanation {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "cards", "*.card"))
	require.NoError(t, err)
	var out []*compiler.Explanation
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.card") {
			continue
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		f, diags := parser.Parse(path, src)
		require.False(t, diags.HasErrors())
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				e, diags := compiler.Explain(v, c)
				require.NotNil(t, e, "%v", diags)
				out = append(out, e)
			}
		}
	}
	return out
}

// draftCard is what Draft needs of a card of the library.
func draftCard(t *testing.T, e *compiler.Explanation) oracle.DraftCard {
	return oracle.DraftCard{Card: read.Card{Name: e.Name, Types: e.Types, Subtypes: e.Subtypes},
		PT: itemOf(t, e, "pt "), Cost: itemOf(t, e, "cost ")}
}

// itemOf is what follows a prefix ("pt ", "cost ") on a line of a card's
// source, or "".
func itemOf(t *testing.T, e *compiler.Explanation, prefix string) string {
	src, err := os.ReadFile(e.Pos.Filename)
	require.NoError(t, err)
	for _, line := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			return v
		}
	}
	return ""
}

// TestDraftTheLibrary drafts every card of cards/ from its Oracle text
// alone: every paragraph that reads, and needs nothing the language
// lacks, is drafted (Draft checks that the draft compiles and means what
// the paragraph means).
func TestDraftTheLibrary(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	drafted := 0
	for _, e := range libraryCards(t, v) {
		var paras []string
		for _, p := range e.Oracle {
			paras = append(paras, p.Text)
		}
		card := draftCard(t, e)
		for i, d := range oracle.Draft(v, card, paras) {
			text, mode := oracle.ModalText(paras, i)
			if mode {
				continue // drafted with its modal paragraph
			}
			rd := read.Paragraph(v, card.Card, text)
			if rd.Failure != nil || len(rd.Needs()) > 0 || rd.Reminder && intrinsicMana(e.Subtypes) {
				require.Nil(t, d.Lines, "%s: %q", e.Name, paras[i])
				require.NotEmpty(t, d.Why)
				continue
			}
			require.NotNil(t, d.Lines, "%s: %q is not drafted: %s", e.Name, paras[i], d.Why)
			drafted++
		}
	}
	require.Greater(t, drafted, 150)
}

// intrinsicMana reports whether subtypes hold a basic land type, whose
// mana ability the card has without a line (CR 305.6): the reminder text
// of that ability is not drafted.
func intrinsicMana(subtypes []string) bool {
	for _, s := range subtypes {
		switch s {
		case "Plains", "Island", "Swamp", "Mountain", "Forest":
			return true
		}
	}
	return false
}

// TestDraftGolden is what Draft writes for cards of every kind: keywords,
// triggers with names bound and delayed and reflexive triggers, a
// replacement effect, activated and mana abilities, statics with a
// granted ability, enters abilities, spells; a choice the body names
// (`as creature`) and `if you can't`.
func TestDraftGolden(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	want := map[string]bool{"Engulfing Slagwurm": true, "Protean Hydra": true, "Three Dog, Galaxy News DJ": true, "Flickerwisp": true,
		"Vigor": true, "Trollhide": true, "Blowfly Infestation": true, "Wall of Roots": true, "Birds of Paradise": true, "Act of Treason": true,
		"Kalonian Hydra": true, "Hangarback Walker": true, "Utopia Sprawl": true, "Chandra Nalaar": true, "Crusader of Odric": true,
		"Xathrid Demon": true}
	var b strings.Builder
	for _, e := range libraryCards(t, v) {
		if !want[e.Name] {
			continue
		}
		var paras []string
		for _, p := range e.Oracle {
			paras = append(paras, p.Text)
		}
		drafts := oracle.Draft(v, draftCard(t, e), paras)
		var kept []int
		for i, d := range drafts {
			if d.Lines != nil {
				kept = append(kept, i)
			} else {
				b.WriteString("// not drafted: " + paras[i] + ": " + d.Why + "\n")
			}
		}
		b.WriteString(oracle.Source(draftCard(t, e), paras, drafts, kept) + "\n")
	}
	golden.Check(t, filepath.Join("testdata", "draft", "library.golden"), []byte(b.String()))
}

// TestDraftChoices drafts the choices of issue 21 from Oracle text: a
// modal spell whose modes are paragraphs of their own (CR 700.2), drafted
// with its "Choose one —" paragraph; "you may" and "if you do", "that
// player may", several targets and a filter's comparison.
func TestDraftChoices(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	for _, tc := range []struct {
		card  read.Card
		paras []string
		want  []string // the lines of each paragraph, "" for none
	}{
		{read.Card{Name: "Twofold Choice", Types: []string{"instant"}},
			[]string{"Choose one —", "• Destroy target artifact.", "• Destroy target enchantment with mana value 3 or less."},
			[]string{"choose one {\n    mode {\n        destroy target artifact\n    }\n    mode {\n        destroy target enchantment with mana value 3 or less\n    }\n}", "", ""}},
		{read.Card{Name: "Blood Bargain", Types: []string{"artifact"}},
			[]string{"{T}: You may pay 2 life. If you do, draw a card. If you don't, you gain 1 life."},
			[]string{"{T}: {\n    you may pay 2 life\n    if you do {\n        draw a card\n    }\n    if you don't {\n        gain 1 life\n    }\n}"}},
		{read.Card{Name: "Generous Offer", Types: []string{"enchantment"}},
			[]string{"Whenever a player casts a spell, that player may draw a card. If they do, you gain 1 life."},
			[]string{"whenever a player as player casts a spell {\n    player may draw a card\n    if they do {\n        gain 1 life\n    }\n}"}},
		{read.Card{Name: "Gentle Nudge", Types: []string{"instant"}},
			[]string{"Tap up to two target creatures."},
			[]string{"tap up to two target creatures"}},
		{read.Card{Name: "Pack Surge", Types: []string{"instant"}},
			[]string{"Target creature gets +X/+X until end of turn, where X is the number of creatures you control."},
			[]string{"target creature gets +X/+X until end of turn where X is the number of creatures you control"}},
		{read.Card{Name: "Pack Mantle", Types: []string{"enchantment"}, Subtypes: []string{"Aura"}},
			[]string{"Enchant creature", "Enchanted creature gets -X/-X, where X is the number of Swamps you control."},
			[]string{"enchant creature", "static enchanted creature gets -X/-X where X is the number of Swamps you control"}},
		{read.Card{Name: "Goblin Barrage", Types: []string{"instant"}},
			[]string{"Goblin Barrage deals X damage to any target, where X is the number of Goblins you control."},
			[]string{"deal X damage to any target where X is the number of Goblins you control"}},
		{read.Card{Name: "Goblin Council", Types: []string{"sorcery"}},
			[]string{"Draw X cards, where X is the number of Goblins you control. You gain X life, where X is the number of creatures you control."},
			[]string{"draw X cards where X is the number of Goblins you control\ngain X life where X is the number of creatures you control"}},
		{read.Card{Name: "Ooze Swell", Types: []string{"sorcery"}},
			[]string{"Create an X/X green Ooze creature token, where X is the number of creatures you control."},
			[]string{"create an X/X green Ooze creature token where X is the number of creatures you control"}},
		{read.Card{Name: "Sudden Growth", Types: []string{"instant"}},
			[]string{"Target creature gets +X/+0 until end of turn."},
			[]string{"target creature gets +X/+0 until end of turn"}},
	} {
		t.Run(tc.card.Name, func(t *testing.T) {
			// A card whose X its cost pays has the cost (CR 107.3).
			card := oracle.DraftCard{Card: tc.card, Cost: map[string]string{"Sudden Growth": "{X}{G}"}[tc.card.Name]}
			drafts := oracle.Draft(v, card, tc.paras)
			require.Len(t, drafts, len(tc.want))
			for i, d := range drafts {
				require.NotNil(t, d.Lines, "%q: %s", tc.paras[i], d.Why)
				require.Equal(t, tc.want[i], strings.Join(d.Lines, "\n"), "%q", tc.paras[i])
			}
		})
	}
}

// TestDraftCombatLimitsAndTheGame drafts the restrictions on the number of
// blockers, a blocker of an additional creature, menace with its reminder
// text, and the two halves of Platinum Angel's ability, alone and joined.
func TestDraftCombatLimitsAndTheGame(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	creature := read.Card{Name: "Charging Beast", Types: []string{"creature"}}
	artifact := read.Card{Name: "Stubborn Idol", Types: []string{"artifact"}}
	for _, tc := range []struct {
		card       read.Card
		para, want string
	}{
		{creature, "Charging Beast can't be blocked by more than one creature.", "static this can't be blocked by more than one creature"},
		{creature, "This creature can't be blocked except by two or more creatures.", "static this can't be blocked except by two or more creatures"},
		{creature, "Menace (This creature can't be blocked except by two or more creatures.)", "keywords menace"},
		{creature, "Charging Beast can block an additional creature each combat.", "static this can block an additional creature each combat"},
		{creature, "This creature can't block more than one creature.", "static this can't block more than one creature"},
		{artifact, "You can't lose the game.", "static you can't lose the game"},
		{artifact, "Your opponents can't win the game.", "static your opponents can't win the game"},
		{artifact, "You can't lose the game and your opponents can't win the game.", "static you can't lose the game and your opponents can't win the game"},
	} {
		t.Run(tc.para, func(t *testing.T) {
			card := oracle.DraftCard{Card: tc.card}
			if tc.card.Types[0] == "creature" {
				card.PT = "4/4"
			}
			drafts := oracle.Draft(v, card, []string{tc.para})
			require.Len(t, drafts, 1)
			require.NotNil(t, drafts[0].Lines, "%q: %s", tc.para, drafts[0].Why)
			require.Equal(t, tc.want, strings.Join(drafts[0].Lines, "\n"))
		})
	}
}

// TestDraftRegenerationByAStaticAbility drafts Mossbridge Troll's
// “If Mossbridge Troll would be destroyed, regenerate it.”: a replacement
// effect whose body regenerates the permanent (CR 701.15b), the body
// naming it as the event did.
func TestDraftRegenerationByAStaticAbility(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	card := oracle.DraftCard{Card: read.Card{Name: "Mossbridge Troll", Types: []string{"creature"}}, PT: "5/5"}
	drafts := oracle.Draft(v, card, []string{"If Mossbridge Troll would be destroyed, regenerate it."})
	require.Len(t, drafts, 1)
	require.NotNil(t, drafts[0].Lines, drafts[0].Why)
	require.Equal(t, "replace this would be destroyed {\n    regenerate this\n}", strings.Join(drafts[0].Lines, "\n"))
}
