package compiler

import (
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// Reading is what one phrase of a card read as: an event pattern, an
// action, a cost, a rule or a continuous effect of the vocabulary. Editor
// tooling (package lsp) uses it to say what the phrase under the cursor
// means.
type Reading struct {
	// Phrase is the phrase as written; its Span says where it is.
	Phrase *dsl.Phrase
	// Match is what it read as: Match.Alts[0].Template is the phrase of
	// the vocabulary taken, and its Event, Func or Rule what it describes.
	Match *vocab.Match
}

// Readings checks a card against a vocabulary and returns what each of
// its phrases that read read as, in the order the checker met them (a
// phrase that did not read is left out; its diagnostic says why).
func Readings(v *vocab.Vocab, card *dsl.Card) []Reading {
	var out []Reading
	func() {
		defer func() { recover() }() // a checker failure leaves the readings found so far
		checkCardReading(v, card, &out)
	}()
	return out
}

// read records what a phrase read as, when readings are collected.
func (c *checker) read(ph *dsl.Phrase, m *vocab.Match) {
	c.noteFilterChoices(m)
	if c.readings != nil && ph != nil && m != nil && len(m.Alts) > 0 {
		*c.readings = append(*c.readings, Reading{Phrase: ph, Match: m})
	}
}

// noteFilterChoices records, for checkChoices, the filters of a phrase
// that read a choice made as the card enters: "with the chosen name"
// (C042), in the phrase and in the event patterns of its slots.
func (c *checker) noteFilterChoices(m *vocab.Match) {
	if m == nil || len(m.Alts) == 0 {
		return
	}
	for _, arg := range m.Alts[0].Args {
		switch {
		case arg == nil:
		case arg.Filter != nil && arg.Filter.ChosenName:
			c.reads = append(c.reads, choiceUse{kind: "card_name", pos: arg.Pos})
		case arg.Pattern != nil:
			c.noteFilterChoices(arg.Pattern)
		}
	}
}
