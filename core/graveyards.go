package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Graveyards and exile as sources of cards: returning cards to hands,
// putting them onto the battlefield, exiling a graveyard or the cards of a
// name, and choosing exiled cards (CR 400.3, 404, 406).

// qIsPermanentCard reports whether an object is a permanent card: an
// artifact, battle, creature, enchantment, land or planeswalker card
// (CR 110.4a).
func qIsPermanentCard(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	const permanentTypes = typeArtifact | typeBattle | typeCreature | typeEnchantment | typeLand | typePlaneswalker
	return boolValue(o != nil && g.typesOf(o)&permanentTypes != 0), nil
}

// hReturnToHand puts a card or a permanent into its owner's hand from the
// zone it is in (CR 400.3). A spell stays on the stack (countering and
// moving spells is the stack's business).
func (g *Game) hReturnToHand(a []vm.Value) (vm.Value, error) {
	if o := g.valueObject(a[0]); o != nil && !o.left && o.zone != ZoneHand && o.zone != ZoneStack {
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneHand, Player: NoPlayer})
	}
	return 0, nil
}

// hReturnFromGraveyardToHand puts a card from its owner's graveyard into
// their hand; a card elsewhere stays.
func (g *Game) hReturnFromGraveyardToHand(a []vm.Value) (vm.Value, error) {
	if o := g.valueObject(a[0]); o != nil && !o.left && o.zone == ZoneGraveyard {
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneGraveyard, To: ZoneHand, Player: NoPlayer})
	}
	return 0, nil
}

// hPutOntoBattlefieldTapped puts a card onto the battlefield tapped under
// a player's control (CR 110.2a); it is not played (CR 305.4).
func (g *Game) hPutOntoBattlefieldTapped(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	p, ok := valuePlayer(a[1])
	if o == nil || !ok || o.left || o.zone == ZoneBattlefield || o.zone == ZoneStack {
		return 0, nil
	}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneBattlefield, Player: p, entersTapped: true})
	return 0, nil
}

// hPutAllOntoBattlefield puts every card in a graveyard that the filter
// describes onto the battlefield under a player's control (CR 110.2a), at
// the same time (see enterTogether); the active player's graveyard first.
func (g *Game) hPutAllOntoBattlefield(a []vm.Value) (vm.Value, error) {
	fr, filter, ok := g.runningFilter(a[0])
	p, okp := valuePlayer(a[1])
	if !ok || !okp {
		return 0, nil
	}
	var evs []Event
	for _, owner := range []PlayerID{g.active, Opponent(g.active)} {
		for _, id := range g.players[owner].Graveyard {
			if g.cardFits(fr, filter, id) {
				evs = append(evs, Event{Kind: EvZoneChange, Object: id, From: ZoneGraveyard, To: ZoneBattlefield, Player: p})
			}
		}
	}
	g.enterTogether(evs)
	return 0, nil
}

// hExileGraveyard exiles every card of a player's graveyard that the
// filter describes (CR 701.11), at once.
func (g *Game) hExileGraveyard(a []vm.Value) (vm.Value, error) {
	fr, filter, ok := g.runningFilter(a[0])
	p, okp := valuePlayer(a[1])
	if !ok || !okp {
		return 0, nil
	}
	var cards []ObjectID
	for _, id := range g.players[p].Graveyard {
		if g.cardFits(fr, filter, id) {
			cards = append(cards, id)
		}
	}
	g.exileAll(cards)
	return 0, nil
}

// exileAll exiles objects at the same time (CR 701.11): one batch.
func (g *Game) exileAll(ids []ObjectID) {
	if len(ids) == 0 {
		return
	}
	g.beginBatch()
	defer g.endBatch()
	for _, id := range ids {
		if o := g.Object(id); o != nil && !o.left {
			g.propose(Event{Kind: EvZoneChange, Object: id, From: o.zone, To: ZoneExile, Player: NoPlayer})
		}
	}
}

// exiledThisWay lists the cards the resolving spell or ability has exiled
// and that are still in exile, in the order it exiled them (CR 400.7j).
func (g *Game) exiledThisWay() []ObjectID {
	if g.finding == nil {
		return nil
	}
	var out []ObjectID
	for _, m := range *g.finding {
		if o := g.Object(m.to); o != nil && !o.left && o.zone == ZoneExile && !o.token {
			out = append(out, m.to)
		}
	}
	return out
}

// hExileSameNameFromLibrary has the controller of the resolving spell or
// ability search a player's library, for each card it exiled, for all
// cards with that card's name (CR 201.2), and exile those they find: a
// search for cards with a stated quality, which need not find all
// (CR 701.19b). Each name's cards are exiled at once.
func (g *Game) hExileSameNameFromLibrary(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil {
		return 0, nil
	}
	for _, id := range g.exiledThisWay() {
		name := g.objects[id].Name()
		fits := func(c ObjectID) bool { return g.objects[c].Name() == name }
		lib := g.players[p].Library
		// The searcher looks at the library of p; they choose among its
		// cards (CR 701.19a).
		found := g.chooseCardsOf(fr.controller, p, fr.source, "same name", ZoneLibrary, fits, 0, len(lib))
		g.exileAll(found)
	}
	return 0, nil
}

// hChooseExiledCards has a player choose up to N cards in exile that they
// own (all exiled cards are face up in the rules core, CR 406.3): the
// chosen cards of the resolving ability.
func (g *Game) hChooseExiledCards(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil {
		return 0, nil
	}
	all := func(ObjectID) bool { return true }
	g.work.chosen = append(g.work.chosen, g.chooseCards(p, fr.source, "exiled", ZoneExile, all, 0, qty(a[1]))...)
	return 0, nil
}

// hExileLibrary exiles all the cards of a player's library, at once.
func (g *Game) hExileLibrary(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok {
		g.exileAll(slices.Clone(g.players[p].Library))
	}
	return 0, nil
}

// hPutChosenOnTop puts the chosen cards still in exile on top of their
// owner's library, in the order the player chooses (CR 401.4): the first
// on top, so they move the last first.
func (g *Game) hPutChosenOnTop(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil {
		return 0, nil
	}
	var cards []ObjectID
	for _, id := range g.work.chosen {
		if o := g.Object(id); o != nil && !o.left && o.zone == ZoneExile {
			cards = append(cards, id)
		}
	}
	order := g.orderCards(p, fr.source, "library", cards)
	for i := len(order) - 1; i >= 0; i-- {
		g.propose(Event{Kind: EvZoneChange, Object: order[i], From: ZoneExile, To: ZoneLibrary, Player: NoPlayer})
	}
	return 0, nil
}

// hTopCardRevealed is the effect `play with the top card of your library
// revealed` as the layers apply it: it changes no characteristic
// (Revealed reads it).
func (g *Game) hTopCardRevealed([]vm.Value) (vm.Value, error) { return 0, nil }

// Revealed reports whether a card is revealed now by a continuous effect:
// the top card of a library whose owner plays with it revealed (CR 401.5).
func (g *Game) Revealed(id ObjectID) bool {
	o := g.Object(id)
	if o == nil || o.left || o.zone != ZoneLibrary {
		return false
	}
	lib := g.players[o.owner].Library
	return lib[len(lib)-1] == id && g.playerEffectApplies(fnTopCardRevealed, o.owner)
}
