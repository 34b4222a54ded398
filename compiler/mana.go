package compiler

import (
	"regexp"
	"strconv"
	"strings"
)

// manaColors maps the colored mana letters to color names.
var manaColors = map[string]string{"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

// colorOrder is the order colors are listed in (CR 105.1).
var colorOrder = []string{"white", "blue", "black", "red", "green"}

var manaSymbolRE = regexp.MustCompile(`\{([^{}]*)\}`)

// parseManaCost checks a mana cost and returns the colors it gives the
// card (CR 202.2) and the symbols that do not exist, if any.
func parseManaCost(cost string) (colors []string, bad []string) {
	seen := map[string]bool{}
	for _, m := range manaSymbolRE.FindAllStringSubmatch(cost, -1) {
		sym := strings.ToUpper(m[1])
		if !validManaSymbol(sym) {
			bad = append(bad, "{"+m[1]+"}")
			continue
		}
		for _, part := range strings.Split(sym, "/") {
			if c, ok := manaColors[part]; ok {
				seen[c] = true
			}
		}
	}
	for _, c := range colorOrder {
		if seen[c] {
			colors = append(colors, c)
		}
	}
	return colors, bad
}

// validManaSymbol reports whether the inside of a {…} is a mana symbol of a
// mana cost: a number, X, a color, C, S, a hybrid (W/U, 2/W, C/W), or a
// Phyrexian symbol (W/P, W/U/P).
func validManaSymbol(s string) bool {
	if _, err := strconv.Atoi(s); err == nil {
		return true
	}
	switch s {
	case "X", "Y", "Z", "C", "S":
		return true
	}
	if _, ok := manaColors[s]; ok {
		return true
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	if parts[len(parts)-1] == "P" {
		parts = parts[:len(parts)-1]
		if len(parts) == 1 {
			_, ok := manaColors[parts[0]]
			return ok
		}
	}
	if len(parts) != 2 {
		return false
	}
	_, ok1 := manaColors[parts[0]]
	_, ok2 := manaColors[parts[1]]
	switch {
	case ok1 && ok2:
		return parts[0] != parts[1]
	case parts[0] == "2" || parts[0] == "C":
		return ok2
	}
	return false
}
