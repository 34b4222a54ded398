package scaffold

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// FileName is the base name of a card's file, without the extension:
// the name in lower case, its letters and digits kept, apostrophes
// dropped and the rest one underscore ("Cho-Manno's Blessing" is
// cho_mannos_blessing), as the files of cards/ are named.
func FileName(name string) (string, error) {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r == '\'' || r == '’':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
		default:
			gap = true
		}
	}
	if b.Len() == 0 {
		return "", fmt.Errorf("%q has no letter or digit to name a file after", name)
	}
	return b.String(), nil
}

// CheckName checks that a name can be a card's name: one line of
// printable text (CR 201.2).
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a card's name is needed")
	case oneLine(name) != "":
		return errors.New("a card's name is one line of printable text")
	}
	return nil
}

// quote writes text as a string literal of the language: in double quotes
// with \", \\ and \n escaped, or, when it holds double quotes and no
// backquote or line break, as a raw string, which reads as Oracle text
// does. A carriage return, which the language cannot escape, is written
// as the line break it stands for.
func quote(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	if strings.Contains(s, `"`) && !strings.ContainsAny(s, "`\n") {
		return "`" + s + "`"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// comment writes text as // comment lines of at most width columns,
// indented by indent.
func comment(b *strings.Builder, indent, text string) {
	const width = 78
	line := indent + "//"
	for _, w := range strings.Fields(text) {
		if len(line) > len(indent)+2 && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent + "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

// isSpell reports whether a type line is an instant's or a sorcery's.
func isSpell(typeLine string) bool {
	for _, w := range strings.Fields(strings.SplitN(typeLine, "—", 2)[0]) {
		if strings.EqualFold(w, "Instant") || strings.EqualFold(w, "Sorcery") {
			return true
		}
	}
	return false
}

// number reports whether s is a whole number, as a printed power or
// toughness is when no ability defines it.
func number(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil && !strings.HasPrefix(s, "+")
}

// enchant returns what an Aura's first paragraph says it enchants
// ("Enchant creature"), in the words of the enchant ability.
func enchant(typeLine, first string) (string, bool) {
	parts := strings.SplitN(typeLine, "—", 2)
	if len(parts) < 2 || !strings.Contains(" "+parts[1]+" ", " Aura ") {
		return "", false
	}
	what, ok := strings.CutPrefix(first, "Enchant ")
	if !ok || strings.ContainsAny(what, "(.,;:\"`") {
		return "", false
	}
	return strings.ToLower(what), true
}

// paragraphs splits Oracle text into its paragraphs.
func paragraphs(text string) []string {
	var out []string
	// A line ends with \n, \r\n, or a lone \r.
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	for _, p := range strings.Split(text, "\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// CardSource is the .card file of a card found in an MTGJSON file (from
// names the file, for the header): its name, cost, type line, P/T and
// Oracle paragraphs, and a TODO where its abilities go. An instant or a
// sorcery gets an empty spell ability; a creature whose power or toughness
// an ability defines gets `pt */*`, which lint reports until that ability
// is written; a planeswalker gets its printed loyalty, `loyalty N` (one
// that is no number, X, is a comment, and lint reports C028 until it is
// written).
func CardSource(c *Card, from string) []byte { return cardSource(c, from, nil) }

// cardSource is CardSource, with the abilities drafted for its paragraphs
// if drafts is not nil (DraftedSource).
func cardSource(c *Card, from string, drafts []Ability) []byte {
	var b strings.Builder
	head := c.Name
	if c.Set != "" {
		head += " (" + c.Set + ")"
	}
	paras := paragraphs(c.Text)
	note := head + ", begun by cardc new from " + from + ": its characteristics and Oracle text."
	switch {
	case drafts != nil && len(paras) > 0 && todo(drafts) == 0:
		note = head + ", begun by cardc new from " + from + ": its characteristics and Oracle text, and the abilities drafted from it; check them, and prove them with its tests."
	case drafts != nil && len(paras) > 0:
		note += " The abilities of the paragraphs that read are drafted; check them. TODO: write the others (dsl/SPEC.md, Abilities)."
	case len(paras) > 0:
		note += " TODO: write its abilities as the Oracle text says them (dsl/SPEC.md, Abilities)."
	}
	if len(c.Retired) > 0 {
		note += " Its type line has today's creature types (" + strings.Join(c.Retired, ", ") + "; CR 205.3m)."
	}
	comment(&b, "", note)
	fmt.Fprintf(&b, "card %s {\n", quote(c.Name))
	if c.ManaCost != "" {
		fmt.Fprintf(&b, "    cost %s\n", c.ManaCost)
	}
	fmt.Fprintf(&b, "    type %s\n", strings.Join(strings.Fields(c.Type), " "))
	if c.Power != "" || c.Toughness != "" {
		if number(c.Power) && number(c.Toughness) {
			fmt.Fprintf(&b, "    pt %s/%s\n", c.Power, c.Toughness)
		} else {
			if !draftsCDA(drafts) {
				comment(&b, "    ", fmt.Sprintf("Printed %s/%s. TODO: the characteristic-defining ability that says what they are (dsl/SPEC.md, Continuous effects).", c.Power, c.Toughness))
			}
			b.WriteString("    pt */*\n")
		}
	}
	if l := c.loyalty(); l != "" {
		if number(l) {
			fmt.Fprintf(&b, "    loyalty %s\n", l)
		} else {
			comment(&b, "    ", "Printed loyalty "+l+". TODO: a loyalty the language can write, a number (dsl/SPEC.md, Loyalty abilities).")
		}
	}
	if len(paras) == 0 {
		b.WriteString("    oracle \"\"\n")
	}
	for _, p := range paras {
		fmt.Fprintf(&b, "    oracle %s\n", quote(p))
	}
	if drafts != nil {
		writeDrafts(&b, c, paras, drafts)
		b.WriteString("}\n")
		return []byte(b.String())
	}
	switch {
	case isSpell(c.Type):
		b.WriteString("\n    spell {\n")
		comment(&b, "        ", "TODO: what the spell does, as its Oracle text says it.")
		b.WriteString("    }\n")
	case len(paras) > 0:
		b.WriteString("\n")
		if what, ok := enchant(c.Type, paras[0]); ok {
			// An Aura cannot be without its enchant ability (CR 303.4a).
			fmt.Fprintf(&b, "    enchant %s\n", what)
		}
		comment(&b, "    ", "TODO: the abilities its Oracle text says, one for each paragraph.")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Skeleton is the .card file of a card known by its name alone: TODO
// comments say what to fill in. It does not lint until its type line is
// written.
func Skeleton(name string) []byte {
	var b strings.Builder
	comment(&b, "", name+", begun by cardc new. TODO: its characteristics and Oracle text, as the card has them, then its abilities (dsl/SPEC.md, Cards and Abilities).")
	fmt.Fprintf(&b, "card %s {\n", quote(name))
	b.WriteString("    // TODO: cost {1}{G} (the mana cost; lands have none)\n")
	b.WriteString("    // TODO: type Creature — Bear\n")
	b.WriteString("    // TODO: pt 2/2 (creatures only)\n")
	b.WriteString("    // TODO: oracle \"...\" (one line for each paragraph of its Oracle text)\n")
	b.WriteString("}\n")
	return []byte(b.String())
}

// maxTestName is how long a test name made of a ruling may be, in
// characters, before it is cut.
const maxTestName = 100

// testName makes the name of a test of a ruling: its first sentence, or its
// first maxTestName characters cut at a word and ended with "…".
func testName(ruling string) string {
	text := strings.Join(strings.Fields(ruling), " ")
	// The first sentence, if it says enough on its own.
	for i := 0; i+1 < len(text); i++ {
		if strings.IndexByte(".?!", text[i]) >= 0 && text[i+1] == ' ' && i >= 20 {
			text = text[:i+1]
			break
		}
	}
	text = strings.TrimSuffix(text, ".")
	runes := []rune(text)
	if len(runes) <= maxTestName {
		return text
	}
	cut := string(runes[:maxTestName])
	if i := strings.LastIndexByte(cut, ' '); i > maxTestName/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:—-") + "…"
}

// given is the set-up of a test of the card: an instant or a sorcery in
// your hand, a permanent under your control.
func given(c *Card) string {
	if c.Type == "" || isSpell(c.Type) {
		return fmt.Sprintf("you have %s in hand", quote(c.Name))
	}
	return fmt.Sprintf("you control %s", quote(c.Name))
}

// TestSource is the scenario test file of a card: one test for each of
// its official rulings, named after the ruling (its first sentence, cut
// when long), with the ruling and its date as a comment, setting up the
// card and asserting nothing yet, so that it fails until it is written.
// A card without rulings gets one test of what its Oracle text says. from
// names the MTGJSON file, or is "" for a card known by its name alone.
func TestSource(c *Card, from string) []byte {
	var b strings.Builder
	head := fmt.Sprintf("Scenario tests of %s, one for each official ruling (from %s), named after it.", c.Name, from)
	if from == "" {
		head = fmt.Sprintf("Scenario tests of %s. TODO: one for each official ruling, named after it.", c.Name)
	}
	comment(&b, "", head+" Each asserts nothing yet, so it fails until it is written: set up the game in given, act in when, and say in then what the ruling makes true (dsl/SPEC.md, Scenario tests).")
	test := func(name, note string) {
		b.WriteString("\n")
		comment(&b, "", note)
		fmt.Fprintf(&b, "test %s {\n    given {\n        %s\n    }\n}\n", quote(name), given(c))
	}
	if len(c.Rulings) == 0 {
		test(c.Name+" does what its Oracle text says", "TODO: no official ruling: test what each paragraph of its Oracle text says.")
		return []byte(b.String())
	}
	seen := map[string]int{}
	for _, r := range c.Rulings {
		name := testName(r.Text)
		seen[name]++
		if n := seen[name]; n > 1 {
			name += fmt.Sprintf(" (%d)", n)
		}
		note := strings.TrimSpace(r.Text)
		if r.Date != "" {
			note = r.Date + ": " + note
		}
		test(name, note)
	}
	return []byte(b.String())
}
