package scaffold

import (
	"strings"
)

// Ability is what was drafted for one paragraph of a card's Oracle text:
// the lines of the card that say it (package oracle's Draft), or why
// there are none.
type Ability struct {
	// Lines are the lines, without their indentation in the card.
	Lines []string
	// Spell says they are instructions of the spell ability, which go
	// inside its `spell { }` block.
	Spell bool
	// Why says why the paragraph is not drafted.
	Why string
}

// Drafter drafts the abilities of a card's Oracle paragraphs, one entry
// for each.
type Drafter func(c *Card, paragraphs []string) []Ability

// DraftedSource is CardSource with the abilities a drafter writes for
// the card's paragraphs, in their order, where its TODO would be: a
// paragraph it does not draft keeps a TODO that says why.
func DraftedSource(c *Card, from string, draft Drafter) []byte {
	paras := paragraphs(c.Text)
	drafts := draft(c, paras)
	if drafts == nil {
		drafts = []Ability{}
	}
	return cardSource(c, from, drafts)
}

// todo counts the paragraphs not drafted (reminder text alone left out).
func todo(drafts []Ability) int {
	n := 0
	for _, d := range drafts {
		if d.Lines == nil && !strings.HasPrefix(d.Why, "reminder text") {
			n++
		}
	}
	return n
}

// draftsCDA reports whether the drafts say a characteristic-defining
// ability (which a `pt */*` needs).
func draftsCDA(drafts []Ability) bool {
	for _, d := range drafts {
		if len(d.Lines) > 0 && strings.HasPrefix(d.Lines[0], "static power and toughness") {
			return true
		}
	}
	return false
}

// writeDrafts writes the drafted abilities after the Oracle lines: each
// paragraph's lines in its order, a spell's instructions in its `spell {
// }` block, a TODO for a paragraph not drafted.
func writeDrafts(b *strings.Builder, c *Card, paras []string, drafts []Ability) {
	spell := isSpell(c.Type)
	enchanted := false
	for _, d := range drafts {
		for _, l := range d.Lines {
			enchanted = enchanted || strings.HasPrefix(l, "enchant ")
		}
	}
	b.WriteString("\n")
	if what, ok := enchant(c.Type, firstOf(paras)); ok && !enchanted {
		// An Aura cannot be without its enchant ability (CR 303.4a).
		b.WriteString("    enchant " + what + "\n")
	}
	// The paragraphs not drafted: in the spell's block for an instant or
	// a sorcery, whose paragraphs are mostly its instructions.
	todos := func(indent string) {
		for i, d := range drafts {
			if i >= len(paras) || d.Lines != nil || strings.HasPrefix(d.Why, "reminder text") {
				continue
			}
			comment(b, indent, "TODO: "+quote(paras[i])+" — "+d.Why)
		}
	}
	for _, d := range drafts {
		if d.Spell {
			continue
		}
		for _, l := range d.Lines {
			b.WriteString("    " + l + "\n")
		}
	}
	if !spell {
		todos("    ")
		return
	}
	b.WriteString("    spell {\n")
	for _, d := range drafts {
		if !d.Spell {
			continue
		}
		for _, l := range d.Lines {
			b.WriteString("        " + l + "\n")
		}
	}
	todos("        ")
	b.WriteString("    }\n")
}

// firstOf is the first paragraph, or "".
func firstOf(paras []string) string {
	if len(paras) == 0 {
		return ""
	}
	return paras[0]
}
