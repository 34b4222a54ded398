package compiler_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// explainCards explains every card of a source file.
func explainCards(t *testing.T, v *vocab.Vocab, name string, src []byte) []*compiler.Explanation {
	t.Helper()
	file, diags := parser.Parse(name, src)
	require.False(t, diags.HasErrors(), "%s: %v", name, diags)
	var out []*compiler.Explanation
	for _, d := range file.Decls {
		card, ok := d.(*dsl.Card)
		if !ok {
			continue
		}
		e, cdiags := compiler.Explain(v, card)
		require.False(t, cdiags.HasErrors(), "%s: %v", name, cdiags)
		out = append(out, e)
	}
	return out
}

// TestExplainEnglish renders what the designer of issue 27 found rendered
// as no English: a field of the event ("that life gained's amount", "that
// step begins's player"), a verb that does not agree with its subject
// ("Equipped creature lose flying", "draws 1 cards"), a query
// ("if this.is_untapped"), what an Aura is attached to ("Firebreathing's
// attached to"), a name bound as `c` ("that c").
func TestExplainEnglish(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	for _, tc := range []struct {
		name, card, want string
	}{
		{"a field of the event", `card "Case" {
    cost {B}
    type Enchantment
    oracle "Whenever you gain life, target opponent loses that much life."

    whenever you gain life {
        target opponent loses life_gained.amount life
    }
}`, "Whenever you gain life, target opponent loses that much life."},
		{"the amount of damage", `card "Case" {
    cost {B}
    type Enchantment
    oracle "If damage would be dealt to Case, prevent that damage and remove that many +1/+1 counters from it."

    replace damage to this {
        prevent damage
        remove damage.amount +1/+1 counters from this
    }
}`, "If damage would be dealt to Case, prevent that damage. Remove that many +1/+1 counters from Case."},
		{"a query that names a kind of thing takes an article, one of a state none", `card "Case" {
    cost {B}
    type Enchantment
    oracle "Whenever a creature dies, if it's a token and it isn't tapped, you gain 1 life."

    whenever a creature as creature dies {
        if creature.is_token and not creature.is_tapped {
            gain 1 life
        }
    }
}`, "Whenever a creature dies, if that creature is a token and that creature is not tapped, you gain 1 life."},
		{"the player of a step", `card "Case" {
    cost {B}
    type Enchantment
    oracle "At the beginning of each upkeep, that player loses 1 life."

    at the beginning of each upkeep {
        step_begins.player loses 1 life
    }
}`, "At the beginning of each upkeep, that player loses 1 life."},
		{"a verb after one object", `card "Case" {
    cost {1}
    type Artifact — Equipment
    oracle "Equipped creature loses flying."
    oracle "Equip {1}"

    static equipped creature loses flying
    equip {1}
}`, "Equipped creature loses flying."},
		{"one card", `card "Case" {
    cost {U}
    type Sorcery
    oracle "Target player draws a card."

    spell {
        target player draws 1 card
    }
}`, "Target player draws a card."},
		{"a query", `card "Case" {
    cost {R}
    type Creature — Elf
    pt 1/1
    oracle "Whenever Case attacks, if it's untapped, draw a card."

    whenever this attacks {
        if this.is_untapped {
            draw 1 card
        }
    }
}`, "Whenever Case attacks, if Case is untapped, draw a card."},
		{"a comparison", `card "Case" {
    cost {R}
    type Creature — Elf
    pt 1/1
    oracle "Whenever Case attacks, if its power is 3 or greater, draw a card."

    whenever this attacks {
        if not this.power < 3 {
            draw 1 card
        }
    }
}`, "Whenever Case attacks, if Case's power is not less than 3, draw a card."},
		{"what an Aura enchants", `card "Firebreathing" {
    cost {R}
    type Enchantment — Aura
    oracle "Enchant creature"
    oracle "{R}: Enchanted creature gets +1/+0 until end of turn."

    enchant creature
    {R}: this.attached_to gets +1/+0 until end of turn
}`, "{R}: Enchanted creature gets +1/+0 until end of turn."},
		{"a bound name", `card "Case" {
    cost {R}
    type Creature — Elf
    pt 1/1
    oracle "Whenever Case blocks or becomes blocked by a creature, destroy that creature."

    whenever this blocks or becomes blocked by a creature as c {
        destroy c
    }
}`, "Whenever Case blocks or becomes blocked by a creature, destroy that creature."},
		{"arithmetic", `card "Case" {
    cost {0}
    type Artifact Creature — Golem
    pt 3/3
    oracle "{1}: You gain life equal to Case's power times its power."

    {1}: gain this.power * this.power life
}`, "{1}: You gain Case's power times its power life."},
		{"+X/+X and what X is", `card "Case" {
    cost {2}{G}
    type Enchantment — Aura
    oracle "Enchant creature"
    oracle "Enchanted creature gets +X/+X, where X is the number of creatures you control."

    enchant creature
    static enchanted creature gets +X/+X where X is the number of creatures you control
}`, "Enchanted creature gets +X/+X, where X is the number of creatures you control."},
		{"X damage and what X is", `card "Case" {
    cost {2}{R}
    type Instant
    oracle "Case deals X damage to any target, where X is the number of Goblins you control."

    spell {
        deal X damage to any target where X is the number of Goblins you control
    }
}`, "Case deals X damage to any target, where X is the number of Goblins you control."},
		{"an X/X token and what X is", `card "Case" {
    cost {1}{G}
    type Sorcery
    oracle "Create an X/X green Ooze creature token, where X is the number of creatures you control."

    spell {
        create an X/X green Ooze creature token where X is the number of creatures you control
    }
}`, "Create an X/X green Ooze creature token, where X is the number of creatures you control."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := explainCards(t, v, "case.card", []byte(tc.card))
			require.Len(t, es, 1)
			var got []string
			for _, a := range es[0].Abilities {
				got = append(got, a.Text)
			}
			assert.Contains(t, got, tc.want)
			for _, text := range got {
				assert.Empty(t, notEnglish(text, es[0].Name), text)
			}
		})
	}
}

// TestLibraryExplainReadsAsEnglish renders every card of the library and
// fails on what is no English (notEnglish): what `cardc explain` prints
// and Oracle coverage compares must read as Oracle text does.
func TestLibraryExplainReadsAsEnglish(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	paths, err := filepath.Glob(filepath.Join("..", "cards", "*.card"))
	require.NoError(t, err)
	n := 0
	for _, path := range paths {
		// Test files too: a test may declare cards of its own.
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, e := range explainCards(t, v, filepath.Base(path), src) {
			for _, a := range e.Abilities {
				n++
				assert.Empty(t, notEnglish(a.Text, e.Name), "%s:%d: %q", filepath.Base(path), a.Pos.Line, a.Text)
			}
		}
	}
	require.Greater(t, n, 100, "the library renders abilities")
}

// TestNotEnglish holds the test above to what it must find.
func TestNotEnglish(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Whenever Case attacks, if this.is_untapped, draw a card.", "an identifier"},
		{"Target player's life_total becomes 20.", "an identifier"},
		{"You lose that life gained's amount life.", "an identifier"},
		{"At the beginning of each upkeep, that step begins's player loses 1 life.", "a possessive of a phrase"},
		{"Target player draws 1 cards.", "a number that disagrees with its noun"},
		{"Put two +1/+1 counter on Case.", "a number that disagrees with its noun"},
		{"Put a +1/+1 counters on Case.", "a number that disagrees with its noun"},
		{"You gain that damage's amount life.", "an identifier"},
		{"Equipped creature lose flying.", "a verb that disagrees with its subject"},
		{"Whenever Case attacks, draw a card.", ""},
		{"Case's power and toughness are each equal to the number of cards in your hand.", ""},
		{"If one or more +1/+1 counters would be put on a creature you control, that many plus 1 +1/+1 counters are put on it instead.", ""},
		{"Return target creature card from your graveyard to the battlefield under its owner's control.", ""},
		{`Enchanted creature has "{R}: This creature gets +1/+0 until end of turn."`, ""},
		{"Three Dog, Galaxy News DJ's ability.", ""},
	} {
		got := notEnglish(tc.text, "Case")
		if tc.text == "Three Dog, Galaxy News DJ's ability." {
			got = notEnglish(tc.text, "Three Dog, Galaxy News DJ")
		}
		if tc.want == "" {
			assert.Empty(t, got, tc.text)
		} else {
			assert.Contains(t, got, tc.want, tc.text)
		}
	}
}

var (
	// identifierRE is an identifier of the implementation: a word with
	// an underscore, or two words joined by a dot.
	identifierRE = regexp.MustCompile(`[A-Za-z]_[A-Za-z]|[a-z]\.[a-z]`)
	// possessiveRE is a possessive and the two words before it.
	possessiveRE = regexp.MustCompile(`(\S+) (\S+)'s\b`)
	// oneManyRE is one of a countable noun in the plural; manyOneRE
	// several of one in the singular. A counter kind may come between.
	oneManyRE = regexp.MustCompile(`(?:^|\s)(1|a|an|one) ([+-]\d+/[+-]\d+ )?(cards|counters|creatures|tokens|permanents|lands|players|spells)\b`)
	// agreeRE is one object with the verb of several.
	agreeRE   = regexp.MustCompile(`(?i)\b(enchanted|equipped|target|that) (creature|permanent|player|opponent|land|artifact) (lose|get|gain|have|are|deal|draw|lose)\b`)
	manyOneRE = regexp.MustCompile(`(?:^|\s)([2-9]|\d\d+|two|three|four|five|six|seven|eight|nine|ten|X) ([+-]\d+/[+-]\d+ )?(card|counter|creature|token|permanent|land|player|spell)\b`)
)

// determiners are the words before a noun whose possessive is English:
// "that creature's", "its owner's".
var determiners = map[string]bool{
	"that": true, "target": true, "this": true, "its": true, "their": true, "your": true, "each": true,
	"a": true, "an": true, "the": true, "another": true, "enchanted": true, "equipped": true,
}

// contractions are the words whose "'s" is "is": "it's", "that's".
var contractions = map[string]bool{"it": true, "that": true, "there": true, "what": true}

// notEnglish says why a rendering of a card named name is no English, or
// "" if it reads as English: an identifier of the implementation, a
// possessive of a phrase ("that step begins's player"), or a number that
// disagrees with its noun ("1 cards"). Text in quotes, an ability an
// effect grants, is read as its own.
func notEnglish(text, name string) string {
	if m := identifierRE.FindString(text); m != "" {
		return "an identifier of the implementation (" + m + ")"
	}
	if strings.Contains(text, "'s amount") {
		return "an identifier of the implementation ('s amount)"
	}
	if m := agreeRE.FindString(text); m != "" {
		return "a verb that disagrees with its subject (" + m + ")"
	}
	plain := strings.ReplaceAll(text, name, "NAME")
	for _, m := range possessiveRE.FindAllStringSubmatch(plain, -1) {
		before, word := strings.ToLower(strings.Trim(m[1], `",.`)), strings.ToLower(m[2])
		if word == "name" || contractions[word] || determiners[before] {
			continue
		}
		return "a possessive of a phrase (" + m[0] + "'s)"
	}
	if m := oneManyRE.FindString(text); m != "" && !strings.Contains(text, "one or more") {
		return "a number that disagrees with its noun (" + strings.TrimSpace(m) + ")"
	}
	if m := manyOneRE.FindString(text); m != "" {
		return "a number that disagrees with its noun (" + strings.TrimSpace(m) + ")"
	}
	return ""
}
