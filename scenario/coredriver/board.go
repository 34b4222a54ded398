package coredriver

import (
	"strings"

	"github.com/cardc/cardc/scenario"
)

// Permanents lists the cards on the battlefield, the oldest first: the
// game implements scenario.Board.
func (g *game) Permanents() []scenario.Card {
	ids := g.g.Battlefield()
	out := make([]scenario.Card, 0, len(ids))
	for _, id := range ids {
		if c := g.card(id); c != 0 {
			out = append(out, c)
		}
	}
	return out
}

// CardTypes lists the card types its card gives a card, lower case
// ("creature"), for scenario.Board.
func (g *game) CardTypes(c scenario.Card) []string {
	o := g.g.CurrentObject(int(c))
	if o == nil || o.Def() == nil || o.Def().Card == nil {
		return nil
	}
	out := make([]string, len(o.Def().Card.Types))
	for i, t := range o.Def().Card.Types {
		out[i] = strings.ToLower(t)
	}
	return out
}

var _ scenario.Board = (*game)(nil)
