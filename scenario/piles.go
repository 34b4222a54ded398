package scenario

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Piles: a player's library, graveyard or exile, in order, from the top
// (see Piles), as the steps `your library is ...` (given.go) and `your
// library is ...`, `has N cards`, `is empty` (then.go) name them. `N
// cards` are unnamed cards: DefaultLibraryCard cards that no name of the
// test names.

// MaxPileCards is how many cards one `is` statement of given may put into
// a pile: enough for a library of 100,000 cards, bounded so that a typo
// of a few more digits is an error, not the machine's memory.
const MaxPileCards = 200_000

// pileItems checks the items of a pile: cards the library has, aliases
// not defined twice, and (in given only) aliases of one card each.
func (c *checker) pileItems(items []*dsl.PileItem, given bool) {
	for _, it := range items {
		if it.Unnamed {
			continue
		}
		c.cardName(it.Pos, it.Name)
		if it.Alias == "" {
			continue
		}
		if !given {
			c.add(dsl.Errorf(it.Pos, CodeUnknownAlias, "an assertion names cards by name; `as` gives an alias in given").
				WithHint("write %s", it.Name))
			continue
		}
		if c.aliases[it.Alias] {
			c.add(dsl.Errorf(it.Pos, CodeDuplicate, "alias %q is already defined", it.Alias))
		}
		c.aliases[it.Alias] = true
	}
}

// piles returns the game as Piles, or skips the test.
func (r *runner) piles(p dsl.Pos) (Piles, bool) {
	piles, ok := r.g.(Piles)
	if !ok {
		r.unsupported(p, Unsupported("listing a library, a graveyard or exile in order"))
	}
	return piles, ok
}

// pile lists a player's library, graveyard or exile, the top first.
func (r *runner) pile(p dsl.Pos, player Player, z Zone) ([]Card, bool) {
	piles, ok := r.piles(p)
	if !ok {
		return nil, false
	}
	return piles.Pile(player, z), true
}

// setPile puts the cards of a pile into a player's zone, from the bottom
// up, so that the first named is on top.
func (r *runner) setPile(s *dsl.PileStmt) error {
	p, zone := playerID(s.Player), zoneByName[s.Zone]
	pile, ok := r.pile(s.Pos, p, zone)
	if !ok {
		return errStop
	}
	if len(pile) > 0 {
		r.failf(s.Pos, "%s %s already holds %s: `%s %s is ...` gives all of them, from the top", s.Player, s.Zone, countCards(len(pile)), s.Player, s.Zone)
		return errStop
	}
	total := 0
	for _, it := range s.Cards {
		switch {
		case it.N() < 1:
			r.failf(it.Pos, "%s: a pile holds at least one card of each item", it)
			return errStop
		case it.Alias != "" && it.N() != 1:
			r.failf(it.Pos, "%s: an alias names one card", it)
			return errStop
		}
		if total += it.N(); total > MaxPileCards {
			r.failf(s.Pos, "%s puts more than %d cards into one pile (MaxPileCards)", s.Player+" "+s.Zone, MaxPileCards)
			return errStop
		}
	}
	for i := len(s.Cards) - 1; i >= 0; i-- {
		it := s.Cards[i]
		name := DefaultLibraryCard
		if !it.Unnamed {
			name = dsl.Unquote(it.Name)
		}
		var c Card
		for range it.N() {
			var err error
			if c, err = r.g.AddCard(name, p, zone); r.setup(it.Pos, err) != nil {
				return errStop
			}
			if it.Unnamed {
				r.filler[c] = true
			}
		}
		if it.Alias != "" {
			r.aliases[it.Alias] = c
		}
	}
	if zone == Library {
		r.library[p] = true
	}
	return nil
}

// pileIs reports whether a pile, the top first, is exactly the items:
// each named item that many cards with its name, each `N cards` any N
// cards.
func (r *runner) pileIs(pile []Card, items []*dsl.PileItem) bool {
	i := 0
	for _, it := range items {
		for range it.N() {
			if i == len(pile) {
				return false
			}
			if !it.Unnamed {
				o, ok := r.g.Object(pile[i])
				if !ok || o.Name != dsl.Unquote(it.Name) {
					return false
				}
			}
			i++
		}
	}
	return i == len(pile)
}

// pileNames renders a pile for a message: its first cards' names, the top
// first, and how many it holds.
func (r *runner) pileNames(pile []Card) string {
	if len(pile) == 0 {
		return "empty"
	}
	const shown = 12
	var names []string
	for i, c := range pile {
		if i == shown {
			names = append(names, fmt.Sprintf("and %d more", len(pile)-shown))
			break
		}
		if o, ok := r.g.Object(c); ok {
			names = append(names, fmt.Sprintf("%q", o.Name))
		}
	}
	return strings.Join(names, ", ") + fmt.Sprintf(" (%s, from the top)", countCards(len(pile)))
}

// countCards says how many cards: "1 card", "3 cards".
func countCards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}
