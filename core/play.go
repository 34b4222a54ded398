package core

import "github.com/cardc/cardc/vm"

// Playing a card by an effect (Djinn of Wishes' "you may play that card
// without paying its mana cost"): a land is played, a land play of its
// player's turn; any other card is cast as the effect resolves (CR
// 608.2g), without paying its mana cost (CR 118.9).

// hPlayWithoutPaying has a player play a card from the zone it is in
// without paying its mana cost (play_without_paying). A card that can't
// be played so is not, and the `may` before it reads as declined: the
// `if you don't` after it holds (CR 608.2c).
func (g *Game) hPlayWithoutPaying(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	o := g.valueObject(a[1])
	if !ok || o == nil || g.players[p].Lost || g.playByEffect(p, o) != nil {
		g.optional.paid = false
	}
	return 0, nil
}

// playByEffect plays a card by an effect: a land from where it is, only
// in its player's turn and while they can play another land this turn
// (CR 305.2b, 305.3: the rest of the effect is ignored), but in any step
// and whatever is on the stack; another card cast (castOptions.byEffect).
// The error says why it could not be played.
func (g *Game) playByEffect(p PlayerID, o *Object) error {
	if o.left || o.zone == ZoneBattlefield || o.zone == ZoneStack {
		return ruleErrorf("608.2g", "%s is not a card the effect can play", o.Name())
	}
	if g.typesOf(o)&typeLand == 0 {
		return g.cast(p, o.id, castOptions{byEffect: true})
	}
	switch {
	case g.active != p:
		return ruleErrorf("305.3", "%s can't play a land: it isn't their turn", playerName(p))
	case g.landsPlayed(p) >= LandsPlayable:
		return ruleErrorf("305.2b", "%s has played %d land(s) this turn, as many as they can", playerName(p), g.landsPlayed(p))
	}
	g.lands[p] = landPlays{turn: g.turn, n: g.landsPlayed(p) + 1}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneBattlefield, Player: p})
	return nil
}
