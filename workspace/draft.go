package workspace

import (
	"strings"

	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/scaffold"
	"github.com/cardc/cardc/vocab"
)

// Drafter drafts the abilities of a card of MTGJSON from its Oracle text
// with a vocabulary (oracle.Draft), for scaffold.DraftedSource: `cardc new
// --from` writes them in the card it starts.
func Drafter(v *vocab.Vocab) scaffold.Drafter {
	return func(c *scaffold.Card, paragraphs []string) []scaffold.Ability {
		card := oracle.DraftCard{Card: CardOf(c), Cost: c.ManaCost}
		if c.Power != "" || c.Toughness != "" {
			card.PT = c.Power + "/" + c.Toughness
			if !number(c.Power) || !number(c.Toughness) {
				card.PT = "*/*"
			}
		}
		var out []scaffold.Ability
		for _, d := range oracle.Draft(v, card, paragraphs) {
			out = append(out, scaffold.Ability{Lines: d.Lines, Spell: d.Spell, Why: d.Why})
		}
		return out
	}
}

// number reports whether s is digits.
func number(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
