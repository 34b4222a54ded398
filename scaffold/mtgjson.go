// Package scaffold starts new cards: it finds a card in an MTGJSON file
// and writes the beginning of its .card file (name, cost, type line, P/T,
// Oracle text) and of its scenario tests (one per official ruling, named
// after it, asserting nothing yet), as `cardc new` does.
package scaffold

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Card is what a scaffold needs of a card of MTGJSON.
type Card struct {
	Name     string `json:"name"`
	FaceName string `json:"faceName"`
	ManaCost string `json:"manaCost"`
	Type     string `json:"type"`
	// Retired names the subtypes of the set file's type line that the
	// rules have retired, and what replaced each ("Hound → Dog"), which
	// Type has.
	Retired   []string `json:"-"`
	Power     string   `json:"power"`
	Toughness string   `json:"toughness"`
	// Loyalty is a number in MTGJSON v3 and text in v5.
	Loyalty json.RawMessage `json:"loyalty"`
	Text    string          `json:"text"`
	Rulings []Ruling        `json:"rulings"`
	// Set names the set the card was found in, when the file says it.
	Set string `json:"-"`
}

// Ruling is an official ruling of a card.
type Ruling struct {
	Date string `json:"date"`
	Text string `json:"text"`
}

// loyalty is the card's starting loyalty as text, or "".
func (c *Card) loyalty() string {
	if len(c.Loyalty) == 0 || string(c.Loyalty) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(c.Loyalty, &s) == nil {
		return s
	}
	return string(c.Loyalty)
}

// ErrNotFound is the error of Find when the file has no card of that name.
var ErrNotFound = errors.New("no card named")

// Find reads an MTGJSON file and returns the card named name (its first
// printing; case does not matter when no card has the name exactly; a
// face of a card of two faces is found by its own name too). It reads the
// shapes MTGJSON has had:
//
//   - a v5 set file: {"meta": ..., "data": {"name": ..., "cards": [...]}};
//   - a v5 AllPrintings file: {"data": {"SET": {"name": ..., "cards": [...]}, ...}};
//   - a flat set file, as MTGJSON v3 made: {"name": ..., "cards": [...]}.
//
// The file is read as a stream, one card at a time, so that an
// AllPrintings file of hundreds of megabytes needs no more memory than a
// card. When no card has the name, the error wraps ErrNotFound and
// suggests the closest name.
//
// The file may come from anywhere: JSON nested more than MaxNesting levels
// deep is refused (what is skipped is skipped without recursion), and the
// card found is checked with Validate before it is returned, so that what
// CardSource and TestSource write of it is one card that parses.
func Find(r io.Reader, name string) (*Card, error) {
	c, err := find(r, name)
	if err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%q: %w", c.Name, err)
	}
	c.UseCurrentTypes()
	return c, nil
}

// UseCurrentTypes gives the card's type line today's creature types, where
// the set file has retired ones, and notes which it replaced (Retired).
func (c *Card) UseCurrentTypes() { c.Type, c.Retired = currentTypeLine(c.Type) }

// retiredSubtypes are creature types the rules have retired since older
// set files were written, and the types that replaced them (CR 205.3m
// lists the current ones): a card printed as a Hound is a Dog now, a
// Viashino a Lizard.
var retiredSubtypes = map[string]string{"Hound": "Dog", "Viashino": "Lizard"}

// currentTypeLine writes a type line with today's subtypes, and names the
// retired ones it replaced ("Hound → Dog"), for the file's header.
func currentTypeLine(line string) (string, []string) {
	words := strings.Fields(line)
	var retired []string
	for i, w := range words {
		if now, ok := retiredSubtypes[w]; ok {
			words[i] = now
			retired = append(retired, w+" → "+now)
		}
	}
	if retired == nil {
		return line, nil
	}
	return strings.Join(words, " "), retired
}

// MaxNesting is how deep the JSON of an MTGJSON file may nest: its cards
// are five levels down, their fields a few more.
const MaxNesting = 100

// find is Find without the check of the card found.
func find(r io.Reader, name string) (*Card, error) {
	f := &finder{dec: json.NewDecoder(r), want: name, depth: 1}
	var setName string
	isObject, err := f.value(func(key string) error {
		switch key {
		case "data":
			return f.data()
		case "cards":
			return f.cards()
		case "name":
			return f.decode(&setName)
		}
		return f.skip()
	})
	if err != nil {
		return nil, err
	}
	if !isObject {
		return nil, errors.New("it is no JSON object: want an MTGJSON set or AllPrintings file")
	}
	f.named(setName)
	switch {
	case f.exact != nil:
		return f.exact, nil
	case f.folded != nil:
		return f.folded, nil
	case !f.sawCards:
		return nil, errors.New(`it holds no cards: want an MTGJSON set or AllPrintings file ({"data": ...} or {"cards": [...]})`)
	}
	msg := fmt.Sprintf("%q", name)
	if hint := dsl.DidYouMean(name, f.names); hint != "" {
		msg += "; " + hint
	}
	return nil, fmt.Errorf("%w %s", ErrNotFound, msg)
}

// finder walks an MTGJSON document.
type finder struct {
	dec           *json.Decoder
	want          string
	exact, folded *Card
	sawCards      bool
	// names are the names seen, for a suggestion.
	names []string
	// depth is how deep the value being read is nested: 1 at the top.
	depth int
}

// value reads a JSON value. For an object, it calls field with each key,
// the decoder at its value, which field must read whole, and reports true;
// any other value is skipped.
func (f *finder) value(field func(key string) error) (bool, error) {
	t, err := f.dec.Token()
	if err != nil {
		return false, syntaxError(err)
	}
	switch t {
	case json.Delim('{'):
	case json.Delim('['):
		return false, f.skipRest()
	default:
		return false, nil
	}
	if err := f.deeper(); err != nil {
		return false, err
	}
	for f.dec.More() {
		t, err := f.dec.Token()
		if err != nil {
			return false, syntaxError(err)
		}
		key, _ := t.(string)
		if err := field(key); err != nil {
			return false, err
		}
	}
	f.depth--
	_, err = f.dec.Token() // }
	return true, syntaxError(err)
}

// deeper counts one more level of nesting, refused past MaxNesting.
func (f *finder) deeper() error {
	f.depth++
	if f.depth > MaxNesting {
		return fmt.Errorf("not an MTGJSON file: at byte %d, the JSON is nested more than %d levels deep", f.dec.InputOffset(), MaxNesting)
	}
	return nil
}

// skipRest reads the rest of an object or array whose opening was read,
// in a loop: nesting costs a counter, not a call.
func (f *finder) skipRest() error {
	base := f.depth
	if err := f.deeper(); err != nil {
		return err
	}
	for f.depth > base {
		t, err := f.dec.Token()
		if err != nil {
			return syntaxError(err)
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			if err := f.deeper(); err != nil {
				return err
			}
		case json.Delim('}'), json.Delim(']'):
			f.depth--
		}
	}
	return nil
}

// skip reads a value and drops it, without recursion.
func (f *finder) skip() error {
	t, err := f.dec.Token()
	if err != nil {
		return syntaxError(err)
	}
	switch t {
	case json.Delim('{'), json.Delim('['):
		return f.skipRest()
	}
	return nil
}

// decode reads a value into v.
func (f *finder) decode(v any) error {
	return syntaxError(f.dec.Decode(v))
}

// named gives the set's name to the card found in it, once the set is
// read: MTGJSON writes "name" after "cards".
func (f *finder) named(set string) {
	for _, c := range []*Card{f.exact, f.folded} {
		if c != nil && c.Set == "" {
			c.Set = set
		}
	}
}

// data reads "data": a set (v5 set file), or sets by code (AllPrintings).
func (f *finder) data() error {
	var setName string
	_, err := f.value(func(key string) error {
		switch key {
		case "cards":
			return f.cards()
		case "name":
			return f.decode(&setName)
		}
		// In AllPrintings, each key is a set's code and its value the
		// set; in a set file, the other fields of the set (whose objects
		// hold no "cards" of their own).
		var name string
		isSet := false
		_, err := f.value(func(key string) error {
			switch key {
			case "cards":
				isSet = true
				return f.cards()
			case "name":
				return f.decode(&name)
			}
			return f.skip()
		})
		if isSet {
			if name == "" {
				name = key
			}
			f.named(name)
		}
		return err
	})
	f.named(setName)
	return err
}

// cards reads an array of cards, keeping the one wanted.
func (f *finder) cards() error {
	t, err := f.dec.Token()
	if err != nil {
		return syntaxError(err)
	}
	switch t {
	case json.Delim('['):
	case json.Delim('{'):
		return f.skipRest()
	default:
		return nil
	}
	f.sawCards = true
	for f.dec.More() {
		// A card is decoded whole: encoding/json bounds its nesting.
		var c Card
		if err := f.dec.Decode(&c); err != nil {
			return syntaxError(err)
		}
		for _, n := range []string{c.Name, c.FaceName} {
			switch {
			case n == "":
				continue
			case n == f.want && f.exact == nil:
				f.exact = &c
			case strings.EqualFold(n, f.want) && f.folded == nil:
				f.folded = &c
			}
			if len(f.names) < 200000 {
				f.names = append(f.names, n)
			}
		}
	}
	_, err = f.dec.Token() // ]
	return syntaxError(err)
}

// syntaxError says where a JSON error is, in bytes from the start.
func syntaxError(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON at byte %d: %v", se.Offset, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("not an MTGJSON file: at byte %d, %s is %s, want %s", te.Offset, te.Field, te.Value, te.Type)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the JSON ends too soon")
	}
	return err
}
