// Package mana reads mana symbols (CR 107.4) and holds amounts of mana:
// what a mana cost asks for, what an ability adds, what a mana pool holds.
// The compiler checks the symbols a card writes with it; the rules core
// adds and spends mana with it. It imports nothing of the project.
package mana

import (
	"fmt"
	"strconv"
	"strings"
)

// Type is a type of mana (CR 106.1): the five colors and colorless.
type Type int8

// The types of mana, in the order of CR 105.1 (W, U, B, R, G), then
// colorless.
const (
	White Type = iota
	Blue
	Black
	Red
	Green
	Colorless
	// NumTypes is the number of types of mana.
	NumTypes
)

// letters are the symbols of the types of mana.
const letters = "WUBRGC"

// colorNames are the colors of the five colored types, as the vocabulary
// names them.
var colorNames = [...]string{"white", "blue", "black", "red", "green"}

// String is the type's symbol: "{G}", "{C}".
func (t Type) String() string {
	if t >= 0 && t < NumTypes {
		return "{" + letters[t:t+1] + "}"
	}
	return "{?}"
}

// Color is the name of the type's color ("green"), or "" for colorless.
func (t Type) Color() string {
	if t >= 0 && t < Colorless {
		return colorNames[t]
	}
	return ""
}

// TypeOf reads a letter (W, U, B, R, G or C) as a type of mana.
func TypeOf(letter string) (Type, bool) {
	if len(letter) != 1 {
		return 0, false
	}
	i := strings.IndexByte(letters, strings.ToUpper(letter)[0])
	return Type(i), i >= 0
}

// Amount is an amount of mana of each type: what an ability adds, or what
// a mana pool holds.
type Amount [NumTypes]int

// Total is how much mana there is, of all types.
func (a Amount) Total() int {
	n := 0
	for _, x := range a {
		n += x
	}
	return n
}

// Types lists the types of which there is some, in order.
func (a Amount) Types() []Type {
	var out []Type
	for t, n := range a {
		if n > 0 {
			out = append(out, Type(t))
		}
	}
	return out
}

// String renders the amount as mana symbols, colors in order then
// colorless: "{G}{G}", "{C}{C}"; "" for none.
func (a Amount) String() string {
	var b strings.Builder
	for t, n := range a {
		for range n {
			b.WriteString(Type(t).String())
		}
	}
	return b.String()
}

// Kind is the kind of a mana symbol (CR 107.4).
type Kind int8

// The kinds of mana symbols.
const (
	// Generic is {0}, {1}, {2}...: that much mana of any type.
	Generic Kind = iota + 1
	// Colored is {W}, {U}, {B}, {R} or {G}: one mana of that color.
	Colored
	// ColorlessOnly is {C}: one colorless mana.
	ColorlessOnly
	// Variable is {X} (or {Y}, {Z}): an amount chosen as the cost is
	// determined (CR 107.3).
	Variable
	// Hybrid is {W/U}: one mana of either color (CR 107.4e).
	Hybrid
	// TwoHybrid is {2/W}: one mana of the color, or two of any type.
	TwoHybrid
	// ColorlessHybrid is {C/W}: one colorless mana, or one of the color.
	ColorlessHybrid
	// Phyrexian is {W/P} (or {W/U/P}): one mana of the color (or either),
	// or 2 life (CR 107.4f).
	Phyrexian
	// Snow is {S}: one mana from a snow source (CR 107.4h).
	Snow
)

// Symbol is one mana symbol.
type Symbol struct {
	Kind Kind
	// N is the amount of a Generic symbol.
	N int
	// A is the color of a Colored, Hybrid, TwoHybrid, ColorlessHybrid or
	// Phyrexian symbol; B the second color of a Hybrid or of a two-color
	// Phyrexian symbol (B == A for one color).
	A, B Type
	// Text is the symbol as written, braces included.
	Text string
}

// Parse reads a run of mana symbols, such as a mana cost ("{X}{G}") or
// the mana an ability adds ("{G}{G}"). It returns the symbols it read and
// those that are no mana symbol ({T} and {Q} included: they are costs,
// not mana).
func Parse(s string) (syms []Symbol, bad []string) {
	for _, text := range braced(s) {
		sym, ok := parseSymbol(strings.ToUpper(text[1 : len(text)-1]))
		if !ok {
			bad = append(bad, text)
			continue
		}
		sym.Text = text
		syms = append(syms, sym)
	}
	return syms, bad
}

// braced finds the texts in braces, braces included, left to right, as
// the expression `\{[^{}]*\}` does: a brace opened again before it is
// closed starts the text anew.
func braced(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		if j < len(s) && s[j] == '}' {
			out = append(out, s[i:j+1])
			i = j
		}
	}
	return out
}

func parseSymbol(s string) (Symbol, bool) {
	if s != "" && strings.IndexByte("0123456789+-", s[0]) >= 0 { // no error to make for a letter
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 1000 {
			return Symbol{Kind: Generic, N: n}, true
		}
	}
	switch s {
	case "X", "Y", "Z":
		return Symbol{Kind: Variable}, true
	case "C":
		return Symbol{Kind: ColorlessOnly, A: Colorless}, true
	case "S":
		return Symbol{Kind: Snow}, true
	}
	if t, ok := colorOf(s); ok {
		return Symbol{Kind: Colored, A: t, B: t}, true
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return Symbol{}, false
	}
	if parts[len(parts)-1] == "P" {
		parts = parts[:len(parts)-1]
		a, okA := colorOf(parts[0])
		b, okB := a, okA
		if len(parts) == 2 {
			b, okB = colorOf(parts[1])
			okB = okB && a != b
		}
		return Symbol{Kind: Phyrexian, A: a, B: b}, okA && okB
	}
	if len(parts) != 2 {
		return Symbol{}, false
	}
	b, okB := colorOf(parts[1])
	if !okB {
		return Symbol{}, false
	}
	if a, ok := colorOf(parts[0]); ok && a != b {
		return Symbol{Kind: Hybrid, A: a, B: b}, true
	}
	switch parts[0] {
	case "2":
		return Symbol{Kind: TwoHybrid, A: b, B: b}, true
	case "C":
		return Symbol{Kind: ColorlessHybrid, A: b, B: b}, true
	}
	return Symbol{}, false
}

// colorOf reads a colored letter.
func colorOf(s string) (Type, bool) {
	t, ok := TypeOf(s)
	return t, ok && t != Colorless
}

// Colors are the colors of a mana cost (CR 202.2), in order, as the
// vocabulary names them: a card's colors.
func Colors(syms []Symbol) []string {
	var seen [Colorless]bool
	for _, s := range syms {
		switch s.Kind {
		case Colored, Hybrid, TwoHybrid, ColorlessHybrid, Phyrexian:
			seen[s.A], seen[s.B] = true, true
		}
	}
	var out []string
	for t, ok := range seen {
		if ok {
			out = append(out, colorNames[t])
		}
	}
	return out
}

// Produced reads the mana an effect adds, written as mana symbols (CR
// 106.4): colored and {C} symbols add one mana of their type, generic
// symbols that much colorless mana (CR 106.10), snow symbols colorless
// mana (CR 106.11). Hybrid, Phyrexian and X symbols need a choice or a
// value and are not read here.
func Produced(s string) (Amount, error) {
	syms, bad := Parse(s)
	if len(bad) > 0 {
		return Amount{}, fmt.Errorf("%s is not a mana symbol", bad[0])
	}
	var a Amount
	for _, sym := range syms {
		switch sym.Kind {
		case Colored, ColorlessOnly:
			a[sym.A]++
		case Generic:
			a[Colorless] += sym.N
		case Snow:
			a[Colorless]++
		default:
			return Amount{}, fmt.Errorf("%s needs a choice: an effect adds one kind of mana", sym.Text)
		}
	}
	return a, nil
}
