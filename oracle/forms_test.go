package oracle_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibraryFormsDiffer checks forms of Oracle text the reader learned
// to read on cards of the library (which TestMutationsAreFlagged skipped
// while they did not read): each card as written means what its
// paragraph means, and the card changed so that its abilities, or its
// paragraph, say something else is flagged with the difference. A
// reading that took any words for the card's would pass both.
func TestLibraryFormsDiffer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		card     string // a card of the library
		from, to string // a change of its source, abilities or Oracle text
		want     string // what the warning says
	}{
		// "Enchanted creature" of an action is the object the Aura is
		// attached to, `this.attached_to`, not the Aura.
		{"enchanted creature is not the Aura", "firebreathing",
			"{R}: this.attached_to gets", "{R}: this gets",
			`the paragraph's object is "what Firebreathing is attached to"; the ability's is "Firebreathing"`},
		// "artifact and enchantment cards" are the cards of either type,
		// `artifact or enchantment cards`: not the artifact cards alone,
		// nor the artifact and creature cards.
		{"artifact cards alone", "open_the_vaults",
			"Return all artifact and enchantment cards", "Return all artifact cards",
			`the paragraph's objects is "artifact cards from all graveyards"; the ability's is "artifact or enchantment cards from all graveyards"`},
		{"another card type", "open_the_vaults",
			"Return all artifact and enchantment cards", "Return all artifact and creature cards",
			`the paragraph's objects is "artifact or creature cards from all graveyards"; the ability's is "artifact or enchantment cards from all graveyards"`},
		{"the ability's filter narrowed", "open_the_vaults",
			"return all artifact or enchantment cards", "return all enchantment cards",
			`the paragraph's objects is "artifact or enchantment cards from all graveyards"; the ability's is "enchantment cards from all graveyards"`},
		// "If it's a creature card" of the card revealed, and
		// "Otherwise": its `if` and `else`.
		{"the paragraph's condition negated", "lurking_predators",
			"If it's a creature card", "If it's a noncreature card",
			`the paragraph's condition is "it's a noncreature card"; the ability's is "that card is creature"`},
		{"the ability's condition negated", "lurking_predators",
			"if card.is_creature {", "if not card.is_creature {",
			`the paragraph's condition is "it's a creature card"; the ability's is "not that card is creature"`},
		{"no otherwise", "lurking_predators",
			" Otherwise, you may put that card on the bottom of your library.", "",
			`the ability also says "you may put that card on the bottom of your library", which the paragraph does not`},
		{"the otherwise done always", "lurking_predators",
			"        } else {\n            you may put card on the bottom of your library\n        }", "        }\n        you may put card on the bottom of your library",
			`the paragraph also says "you may put that card on the bottom of your library", which the ability does not`},
		// "a noncreature, nonland card": a card that is neither.
		{"a quality left out of the ability", "duress",
			"you choose a noncreature nonland card from it", "you choose a nonland card from it",
			`the paragraph's objects is "a noncreature nonland card"; the ability's is "a nonland card"`},
		{"another quality in the paragraph", "duress",
			"You choose a noncreature, nonland card from it", "You choose a nonartifact, nonland card from it",
			`the paragraph's objects is "a nonartifact nonland card"; the ability's is "a noncreature nonland card"`},
		// "the sacrificed creature's power" is the power of what the
		// sacrifice chose (`creature.power`), not the Demon's; "If you
		// can't sacrifice a creature, ..." is `if you can't { ... }`,
		// whose block is compared.
		{"the Demon's power", "xathrid_demon",
			"equal to the sacrificed creature's power", "equal to Xathrid Demon's power",
			`the paragraph's number is "Xathrid Demon's power"; the ability's is "that creature's power"`},
		{"another life loss if you can't", "xathrid_demon",
			"you lose 7 life.", "you lose 6 life.",
			`the paragraph's number is "6"; the ability's is "7"`},
		{"the tap left out of the block", "xathrid_demon",
			"            tap this\n", "",
			`the paragraph also says "tap Xathrid Demon", which the ability does not`},
		{"the block done always", "xathrid_demon",
			"        if you can't {\n            tap this\n            lose 7 life\n        }", "        tap this\n        lose 7 life",
			`the paragraph says "if you can't, tap Xathrid Demon, then you lose 7 life"`},
		// "cards other than basic land cards" are the nonbasic cards:
		// not all of them, not the nonland ones.
		{"the exception left out of the ability", "haunting_echoes",
			"exile all nonbasic cards", "exile all cards",
			`the paragraph's objects is "cards other than basic land cards"; the ability's is "cards"`},
		{"another exception in the paragraph", "haunting_echoes",
			"graveyard other than basic land cards.", "graveyard other than land cards.",
			`the paragraph's objects is "cards other than land cards"; the ability's is "nonbasic cards"`},
		{"the search for each card exiled left out", "haunting_echoes",
			" For each card exiled this way, search that player's library for all cards with the same name as that card and exile them.", "",
			`this ability says "For each card exiled this way, search that player's library`},
		// "on top of it" is on top of the library named last, the
		// library searched and shuffled: the card's "its owner's
		// library".
		{"the bottom of it", "liliana_vess",
			"put that card on top of it.", "put that card on the bottom of it.",
			`the paragraph says "put that card on the bottom of your library"; the ability says "put that card on top of its owner's library"`},
		{"no shuffle in the ability", "liliana_vess",
			"        shuffle your library\n", "",
			`the paragraph also says "shuffle your library", which the ability does not`},
		// A rule whose Oracle wording names the fields of its event:
		// "Creatures you control can't have -1/-1 counters put on them",
		// "Melira's Keepers can't have counters put on it", "Counters
		// can't be put on artifacts, creatures, ..." are each `no
		// {event}`, the event's kind of counter and its objects compared.
		{"poison counters for -1/-1 counters", "melira_sylvok_outcast",
			"static you can't get poison counters", "static you can't get -1/-1 counters",
			`the paragraph's counter kind is "poison"; the ability's is "-1/-1"`},
		{"another kind of counter in the ability", "melira_sylvok_outcast",
			"static no -1/-1 counters put on a creature you control", "static no +1/+1 counters put on a creature you control",
			`the paragraph's event is "-1/-1 counters put on creatures you control"; the ability's is "+1/+1 counters put on a creature you control"`},
		{"the creatures of an opponent in the ability", "melira_sylvok_outcast",
			"static no -1/-1 counters put on a creature you control", "static no -1/-1 counters put on a creature an opponent controls",
			`the paragraph's event is "-1/-1 counters put on creatures you control"; the ability's is "-1/-1 counters put on a creature an opponent controls"`},
		{"every kind of counter in the paragraph", "melira_sylvok_outcast",
			"Creatures you control can't have -1/-1 counters put on them.", "Creatures you control can't have counters put on them.",
			`the paragraph's event is "counters put on creatures you control"; the ability's is "-1/-1 counters put on a creature you control"`},
		{"a kind of counter in the ability", "meliras_keepers",
			"static no counters put on this", "static no -1/-1 counters put on this",
			`the paragraph's event is "counters put on Melira's Keepers"; the ability's is "-1/-1 counters put on Melira's Keepers"`},
		{"creatures in the paragraph, not the card", "meliras_keepers",
			"Melira's Keepers can't have counters put on it.", "Creatures you control can't have counters put on them.",
			`the paragraph's event is "counters put on creatures you control"; the ability's is "counters put on Melira's Keepers"`},
		{"no artifacts in the paragraph", "solemnity",
			"Counters can't be put on artifacts, creatures, enchantments, or lands.", "Counters can't be put on creatures, enchantments, or lands.",
			`the paragraph's event is "counters put on creatures, enchantments, or lands"; the ability's is "counters put on an artifact or creature or enchantment or land"`},
		{"no artifacts in the ability", "solemnity",
			"static no counters put on an artifact or creature or enchantment or land", "static no counters put on a creature or enchantment or land",
			`the paragraph's event is "counters put on artifacts, creatures, enchantments, or lands"; the ability's is "counters put on a creature or enchantment or land"`},
		{"a kind of counter in the paragraph", "solemnity",
			"Counters can't be put on artifacts", "+1/+1 counters can't be put on artifacts",
			`the paragraph's event is "+1/+1 counters put on artifacts, creatures, enchantments, or lands"; the ability's is "counters put on an artifact or creature or enchantment or land"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := card(t, tc.card)
			covs := explainFile(t, tc.card+".card", []byte(src))
			require.Len(t, covs, 1)
			require.Empty(t, covs[0].Diagnostics(), "%s", report(covs))
			for _, m := range covs[0].Matches {
				require.False(t, m.Unread(), "%q does not read", m.Paragraph.Text)
			}

			require.Contains(t, src, tc.from)
			changed := strings.Replace(src, tc.from, tc.to, 1)
			covs = explainFile(t, tc.card+".card", []byte(changed))
			require.Len(t, covs, 1)
			var codes, msgs []string
			for _, d := range covs[0].Diagnostics() {
				codes, msgs = append(codes, d.Code), append(msgs, d.Message)
			}
			require.Subset(t, []string{"W020", "W021"}, codes, "%s", report(covs))
			require.NotEmpty(t, codes, "%s", report(covs))
			require.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}
