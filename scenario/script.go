package scenario

import "github.com/cardc/cardc/dsl"

// scriptChoice scripts the next choice: a bare word that is no alias of
// the test is a word, anything else a card.
func (r *runner) scriptChoice(a *dsl.ChooseAction) error {
	c := ScriptedChoice{Nothing: a.Nothing, Pos: a.Pos}
	switch {
	case a.Nothing:
	case a.Card.Alias != nil && !r.isAlias(*a.Card.Alias):
		c.Word = *a.Card.Alias
	default:
		card, err := r.card(a.Card)
		if err != nil {
			return err
		}
		c.Card = card
	}
	r.script.choices = append(r.script.choices, c)
	return nil
}
