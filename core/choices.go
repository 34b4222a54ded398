package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// This file holds the choices made as a spell or ability resolves (“you
// may”, CR 608.2d; "if you do", 608.2c), the queries of the filters that
// test keywords, names and creature types, damage to each permanent a
// filter describes, and the deck-construction rule of a card that a deck
// can have any number of (CR 100.2a).

// qMay asks a player whether they take the action a resolving spell or
// ability offers them ("you may draw a card", CR 608.2d): the controller
// of the ability for "you may", another player where the text names one.
// A triggered ability with "may" went on the stack all the same (CR
// 603.5). The decision is recorded with who made it, and it is the last
// optional decision of the ability: `if you do` (did) and a reflexive
// `when you do` read it (CR 603.12).
func (g *Game) qMay(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	g.optional = optionalCost{}
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil || g.players[p].Lost {
		return 0, nil
	}
	yes, _ := g.decider.PayOptionalCost(g, p, fr.source, nil)
	g.decided(Decision{Player: p, Kind: DecisionOptional, Source: fr.source, Paid: yes})
	if !yes {
		return 0, nil
	}
	g.optional = optionalCost{paid: true, event: Event{Kind: EvReflexive, Player: p, Turn: g.turn}}
	return 1, nil
}

// qDid reports whether the player did what the last optional decision of
// the resolving spell or ability offered: a `may`, or an optional cost
// (`if you do`, CR 608.2c).
func (g *Game) qDid([]vm.Value) (vm.Value, error) {
	if g.optional.paid {
		return 1, nil
	}
	return 0, nil
}

// qHasKeyword reports whether an object has a keyword ability (has_keyword),
// as the layers make its abilities.
func (g *Game) qHasKeyword(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	k, ok := g.lib.keywordOf(a[1])
	if o == nil || !ok || !g.keywordsOf(o).has(k) {
		return 0, nil
	}
	return 1, nil
}

// qIsNamed reports whether an object has a name (is_named, CR 201.2): the
// name of its card, of what it copies (CR 707.2), or a token's.
func (g *Game) qIsNamed(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || a[1] < 0 || int(a[1]) >= len(g.lib.names) || g.lib.names[a[1]] != o.def.Name {
		return 0, nil
	}
	return 1, nil
}

// qSharesCreatureType reports whether two objects have a creature type in
// common (shares_creature_type, CR 205.3m).
func (g *Game) qSharesCreatureType(a []vm.Value) (vm.Value, error) {
	x, y := g.valueObject(a[0]), g.valueObject(a[1])
	if x == nil || y == nil {
		return 0, nil
	}
	ys := g.subtypesOf(y)
	for _, s := range g.subtypesOf(x) {
		if g.lib.isCreatureType(s) && slices.Contains(ys, s) {
			return 1, nil
		}
	}
	return 0, nil
}

// hDeckAnyNumber is the effect of "a deck can have any number of cards
// named this": a rule of deck construction, which no game reads; it
// changes no characteristic (Library.DeckLimit reads it).
func (g *Game) hDeckAnyNumber([]vm.Value) (vm.Value, error) { return 0, nil }

// DefaultDeckLimit is how many cards with one name a deck may have
// (CR 100.2a), basic lands excepted.
const DefaultDeckLimit = 4

// DeckLimit says how many cards named name a deck may have (CR 100.2a):
// DefaultDeckLimit, or no limit (unlimited true) for a basic land and for
// a card whose ability says "a deck can have any number of cards named
// ..." (Relentless Rats). ok is false for a card the library lacks.
func (lib *Library) DeckLimit(name string) (limit int, unlimited, ok bool) {
	d, found := lib.cards[name]
	if !found {
		return 0, false, false
	}
	if d.types&typeLand != 0 && d.supertypes&supertypeBasic != 0 {
		return 0, true, true
	}
	for _, ai := range d.effects {
		ab := &d.Card.Abilities[ai]
		if funcID(d.Prog.ID(ab.Rule)) == fnDeckAnyNumber {
			return 0, true, true
		}
	}
	return DefaultDeckLimit, false, true
}
