package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// hExile exiles a card or token (CR 701.11, 406.2). In the body of a
// replacement effect on that object's move, the move goes to exile
// instead (CR 614.1a, 614.6): Rest in Peace's "If a card or token would be
// put into a graveyard from anywhere, exile it instead." Elsewhere, the
// object moves to exile from the zone it is in. An object that is gone
// doesn't move.
func (g *Game) hExile(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || o.left {
		return 0, nil
	}
	if fr := g.frame(); fr != nil && fr.mode == modeReplace && fr.event != nil &&
		fr.event.Kind == EvZoneChange && fr.event.Object == o.id {
		fr.event.To, fr.event.shuffle = ZoneExile, false
		return 0, nil
	}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneExile, Player: NoPlayer})
	return 0, nil
}

// hReturnAllToBattlefield puts every card in a graveyard that the
// filter describes onto the battlefield under its owner's control, at the
// same time (see enterTogether); the active player's cards first.
func (g *Game) hReturnAllToBattlefield(a []vm.Value) (vm.Value, error) {
	fr, filter, ok := g.runningFilter(a[0])
	if !ok {
		return 0, nil
	}
	var evs []Event
	for _, p := range []PlayerID{g.active, Opponent(g.active)} {
		for _, id := range g.players[p].Graveyard {
			if g.inFilter(fr, filter, ObjectValue(id)) {
				evs = append(evs, Event{Kind: EvZoneChange, Object: id, From: ZoneGraveyard, To: ZoneBattlefield, Player: p})
			}
		}
	}
	g.enterTogether(evs)
	return 0, nil
}

// hExileAllGraveyards exiles every card in every graveyard (CR 701.11):
// the cards move at the same time, in one batch, each player's graveyard
// in turn order.
func (g *Game) hExileAllGraveyards([]vm.Value) (vm.Value, error) {
	g.beginBatch()
	defer g.endBatch()
	for _, p := range []PlayerID{g.active, Opponent(g.active)} {
		for _, id := range slices.Clone(g.players[p].Graveyard) {
			g.propose(Event{Kind: EvZoneChange, Object: id, From: ZoneGraveyard, To: ZoneExile, Player: NoPlayer})
		}
	}
	return 0, nil
}
