package scaffold_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/scaffold"
)

// TestDraftedSource checks where DraftedSource puts what a drafter
// writes: each paragraph's lines in order, a spell's instructions in its
// block, a TODO saying why for a paragraph not drafted, and no TODO in the
// note of a card drafted whole.
func TestDraftedSource(t *testing.T) {
	for _, tc := range []struct {
		name   string
		card   scaffold.Card
		drafts []scaffold.Ability
		want   string
	}{
		{"whole", scaffold.Card{Name: "Bears", ManaCost: "{1}{G}", Type: "Creature — Bear", Power: "2", Toughness: "2", Text: "Flying\nWhen Bears enters the battlefield, draw a card."},
			[]scaffold.Ability{{Lines: []string{"keywords flying"}}, {Lines: []string{"when this enters {", "    draw a card", "}"}}},
			`// Bears, begun by cardc new from set.json: its characteristics and Oracle
// text, and the abilities drafted from it; check them, and prove them with
// its tests.
card "Bears" {
    cost {1}{G}
    type Creature — Bear
    pt 2/2
    oracle "Flying"
    oracle "When Bears enters the battlefield, draw a card."

    keywords flying
    when this enters {
        draw a card
    }
}
`},
		{"a paragraph not drafted", scaffold.Card{Name: "Bears", Type: "Creature — Bear", Power: "2", Toughness: "2", Text: "Flying\nBears can't block."},
			[]scaffold.Ability{{Lines: []string{"keywords flying"}}, {Why: "it does not read"}},
			`// Bears, begun by cardc new from set.json: its characteristics and Oracle
// text. The abilities of the paragraphs that read are drafted; check them.
// TODO: write the others (dsl/SPEC.md, Abilities).
card "Bears" {
    type Creature — Bear
    pt 2/2
    oracle "Flying"
    oracle "Bears can't block."

    keywords flying
    // TODO: "Bears can't block." — it does not read
}
`},
		{"a spell", scaffold.Card{Name: "Bolt", ManaCost: "{R}", Type: "Instant", Text: "Bolt deals 3 damage to any target.\nCounter target spell."},
			[]scaffold.Ability{{Lines: []string{"deal 3 damage to any target"}, Spell: true}, {Why: "the language lacks countering"}},
			`// Bolt, begun by cardc new from set.json: its characteristics and Oracle
// text. The abilities of the paragraphs that read are drafted; check them.
// TODO: write the others (dsl/SPEC.md, Abilities).
card "Bolt" {
    cost {R}
    type Instant
    oracle "Bolt deals 3 damage to any target."
    oracle "Counter target spell."

    spell {
        deal 3 damage to any target
        // TODO: "Counter target spell." — the language lacks countering
    }
}
`},
		{"an Aura's enchant ability, drafted or not", scaffold.Card{Name: "Hide", Type: "Enchantment — Aura", Text: "Enchant creature\nEnchanted creature gets +2/+2."},
			[]scaffold.Ability{{Lines: []string{"enchant creature"}}, {Lines: []string{"static enchanted creature gets +2/+2"}}},
			`// Hide, begun by cardc new from set.json: its characteristics and Oracle
// text, and the abilities drafted from it; check them, and prove them with
// its tests.
card "Hide" {
    type Enchantment — Aura
    oracle "Enchant creature"
    oracle "Enchanted creature gets +2/+2."

    enchant creature
    static enchanted creature gets +2/+2
}
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var gotParas []string
			src := scaffold.DraftedSource(&tc.card, "set.json", func(c *scaffold.Card, paras []string) []scaffold.Ability {
				gotParas = paras
				return tc.drafts
			})
			require.Equal(t, strings.Split(tc.card.Text, "\n"), gotParas)
			require.Equal(t, tc.want, string(src))
		})
	}
}
