package scaffold

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// An MTGJSON file is downloaded from anywhere: what `cardc new` writes of
// it is checked, field by field, against what the field may hold, so that
// no field can end the line, the string or the card it is written in (a
// manaCost of `{G}\n}\ncard "Injected" {...` would write a second card).

// manaCost is a mana cost: mana symbols, each in braces ({1}{G}, {X},
// {W/U}, {2/B}, {G/P}, {C}, {S}, {100}), as the language's lexer reads
// them (the half and infinite mana of the un-sets, {½} and {∞}, it does
// not).
var manaCost = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\{[0-9A-Z/]{1,5}\})*$`) })

// printedPT is a printed power, toughness or loyalty: a number (with a
// sign, or a half), a star or X, or a star with a number added or taken
// away (1+*, *+1, 7-*, *²), or ? and ∞ of the un-sets.
var printedPT = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([+-]?[0-9]{1,4}(\.5)?|[0-9]{0,4}[+-]?[*X?∞²]{1,2}|[*X][+-][0-9]{1,4}|½)$`)
})

// Validate checks every field of the card that a scaffold writes against
// what it may hold: the name, face name, set name and ruling dates one line
// of printable text; the mana cost mana symbols; the type line words,
// spaces and dashes; power, toughness and loyalty what a card prints; the
// Oracle text and rulings printable text in lines. Its error names the
// field and quotes it (escaped).
func (c *Card) Validate() error {
	for _, f := range []struct{ field, value string }{{"name", c.Name}, {"faceName", c.FaceName}, {"set name", c.Set}} {
		if err := oneLine(f.value); err != "" {
			return fieldError(f.field, f.value, err)
		}
	}
	if strings.TrimSpace(c.Name) == "" {
		return fieldError("name", c.Name, "a card's name is needed")
	}
	if !manaCost().MatchString(c.ManaCost) {
		return fieldError("manaCost", c.ManaCost, "a mana cost is mana symbols in braces, like {1}{G}")
	}
	if err := typeLine(c.Type); err != "" {
		return fieldError("type", c.Type, err)
	}
	for _, f := range []struct{ field, value string }{{"power", c.Power}, {"toughness", c.Toughness}, {"loyalty", c.loyalty()}} {
		if f.value != "" && !printedPT().MatchString(f.value) {
			return fieldError(f.field, f.value, "it is a number, * or X, or a sum of them (1+*)")
		}
	}
	if err := lines(c.Text); err != "" {
		return fieldError("text", c.Text, err)
	}
	for i, r := range c.Rulings {
		if err := oneLine(r.Date); err != "" {
			return fieldError(fmt.Sprintf("rulings[%d].date", i), r.Date, err)
		}
		if err := lines(r.Text); err != "" {
			return fieldError(fmt.Sprintf("rulings[%d].text", i), r.Text, err)
		}
	}
	return nil
}

// fieldError is the error of a field that does not hold what it may.
func fieldError(field, value, why string) error {
	const max = 60
	if r := []rune(value); len(r) > max {
		value = string(r[:max]) + "…"
	}
	return fmt.Errorf("the card's %s %s is refused: %s", field, strconv.QuoteToGraphic(value), why)
}

// oneLine says what keeps s from being one line of printable text, or "".
func oneLine(s string) string {
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return fmt.Sprintf("it must be one line of printable text, and it holds %U", r)
		}
	}
	return ""
}

// lines says what keeps s from being printable text in lines (line breaks
// \n, \r\n or \r, and tabs, allowed), or "".
func lines(s string) string {
	for _, r := range s {
		if r != '\n' && r != '\r' && r != '\t' && !strconv.IsPrint(r) {
			return fmt.Sprintf("it must be printable text, and it holds %U", r)
		}
	}
	return ""
}

// typeLine says what keeps s from being a type line, words of letters
// separated by spaces and dashes, or "".
func typeLine(s string) string {
	for _, r := range s {
		switch {
		case unicode.IsLetter(r), unicode.IsMark(r), unicode.IsDigit(r), r == ' ', strings.ContainsRune("—–-'’", r):
		default:
			return fmt.Sprintf("a type line is words, spaces and dashes, and it holds %s", strconv.QuoteRuneToGraphic(r))
		}
	}
	return ""
}
