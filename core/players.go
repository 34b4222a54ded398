package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// This file holds the rules of players as actors: an action done by each
// of a set of players (`each opponent sacrifices a land`, `each player
// draws a card`) in APNAP order (CR 101.4), and a player's choice as an
// effect (`sacrifice a creature other than this`, CR 608.2d).

// together gathers what the players of a loop over players
// (each_player_begin) chose to do at the same time: the cards they chose
// to discard, the permanents they chose to sacrifice. Each player chooses
// in APNAP order, then the actions happen simultaneously (CR 101.4): they
// wait in moves until the loop ends.
type together struct {
	// depth counts the loops begun and not ended; the outermost one's end
	// does what they gathered.
	depth int
	moves []togetherMove
}

// togetherMove is a card a player chose to discard, or a permanent they
// chose to sacrifice.
type togetherMove struct {
	player  PlayerID
	object  ObjectID
	discard bool
}

// apnap lists the players in APNAP order (CR 101.4): the active player,
// then each other player in turn order.
func (g *Game) apnap() []PlayerID {
	out := make([]PlayerID, 0, len(g.players))
	for i := range len(g.players) {
		out = append(out, PlayerID((int(g.active)+i)%len(g.players)))
	}
	return out
}

// qEachPlayerBegin remembers the players a filter of the running ability
// describes, in APNAP order, for a loop over them, and begins gathering
// what they do at the same time (see together). It returns a handle.
func (g *Game) qEachPlayerBegin(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	var set []PlayerID
	if fr != nil {
		ab := &fr.def.Card.Abilities[fr.ability]
		if a[0] >= 0 && int(a[0]) < len(ab.Filters) {
			for _, p := range g.apnap() {
				if g.inFilter(fr, ab.Filters[a[0]], PlayerValue(p)) {
					set = append(set, p)
				}
			}
		}
	}
	g.together.depth++
	g.eachPlayers = append(g.eachPlayers, set)
	return vm.Value(len(g.eachPlayers) - 1), nil
}

// qEachPlayer is the index-th player of a loop over players, or 0 after
// the last.
func (g *Game) qEachPlayer(a []vm.Value) (vm.Value, error) {
	h, i := a[0], a[1]
	if h < 0 || int(h) >= len(g.eachPlayers) || i < 0 || int(i) >= len(g.eachPlayers[h]) {
		return 0, nil
	}
	return PlayerValue(g.eachPlayers[h][i]), nil
}

// hEachPlayerEnd ends a loop over players: once the outermost ends, the
// discards and sacrifices its players chose happen, all at the same time
// (CR 101.4), in one batch (CR 603.10a).
func (g *Game) hEachPlayerEnd([]vm.Value) (vm.Value, error) {
	if g.together.depth > 0 {
		g.together.depth--
	}
	if g.together.depth == 0 {
		g.endTogether()
	}
	return 0, nil
}

// endTogether does what the players of the loops over players chose to
// do, in the order they chose it, at the same time: one batch.
func (g *Game) endTogether() {
	g.together.depth = 0
	moves := g.together.moves
	g.together.moves = nil
	if len(moves) == 0 {
		return
	}
	var leaving []ObjectID
	for _, m := range moves {
		if !m.discard {
			leaving = append(leaving, m.object)
		}
	}
	g.beginBatch()
	// Each sacrificed permanent leaves as it was just before all of them
	// did (CR 603.10a).
	g.snapshotBefore(leaving)
	for _, m := range moves {
		if m.discard {
			g.discardOne(m.player, m.object)
		} else {
			g.sacrificeBy(m.player, m.object)
		}
	}
	g.endBatch()
}

// hSacrificeChosen has a player choose a permanent they control that a
// filter of the running ability describes, and sacrifice it (CR 701.17a,
// 608.2d). The choice is recorded as theirs; it returns the permanent, or
// 0 when they control none (`if you can't`).
func (g *Game) hSacrificeChosen(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil {
		return 0, nil
	}
	options := g.sacrificeOptions(fr, p, a[1])
	if len(options) == 0 {
		return 0, nil
	}
	choice := g.decider.ChooseObject(g, p, "to sacrifice", slices.Clone(options))
	if !slices.Contains(options, choice) {
		choice = options[0]
	}
	g.decided(Decision{Player: p, Kind: DecisionObject, Source: fr.source, Target: ObjectValue(choice), What: "to sacrifice"})
	if g.together.depth > 0 {
		g.together.moves = append(g.together.moves, togetherMove{player: p, object: choice})
	} else {
		g.sacrificeBy(p, choice)
	}
	return ObjectValue(choice), nil
}

// sacrificeBy has a player sacrifice a permanent: it goes to its owner's
// graveyard, if the player still controls it (CR 701.17a).
func (g *Game) sacrificeBy(p PlayerID, id ObjectID) {
	if o := g.onBattlefield(id); o != nil && o.controller == p {
		g.propose(Event{Kind: EvZoneChange, Object: id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	}
}
