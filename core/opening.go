package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Opening hands (CR 103.6): once the players have kept their opening
// hands, and before the first turn begins, the starting player may take
// the actions cards of their opening hand allow, in any order, then each
// other player in turn order. Leyline of the Void's "If this is in your
// opening hand, you may begin the game with it on the battlefield" is
// such an action (CR 103.6a).

// BeginGame takes the actions of the players' opening hands, the cards in
// their hands now, before the first turn begins (CR 103.6): the active
// player, who starts the game, first, then the other; of each player's
// cards that may begin the game on the battlefield, in the order of the
// hand, the player chooses "battlefield" or "hand" (a DecisionChoice), and
// the card put onto the battlefield is a zone change that effects may
// replace and abilities trigger on (CR 103.6a). A game that has already
// begun its first turn's actions is no error: the players' hands are their
// opening hands as the game sets them up.
func (g *Game) BeginGame() error {
	if g.over {
		return g.overError()
	}
	g.begin()
	for _, p := range []PlayerID{g.active, Opponent(g.active)} {
		for _, id := range slices.Clone(g.players[p].Hand) {
			o := g.Object(id)
			if o == nil || o.left || o.zone != ZoneHand || !g.beginsOnBattlefield(o) {
				continue
			}
			if g.choose(p, o.id, "begin the game with it on the battlefield", beginOptions) != 0 {
				continue
			}
			g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneHand, To: ZoneBattlefield, Player: p})
		}
	}
	g.settle()
	return g.done(nil)
}

// beginOptions are the words of the choice an opening hand's card offers:
// to begin the game with it on the battlefield, or to keep it in hand.
var beginOptions = []string{"battlefield", "hand"}

// beginsOnBattlefield reports whether a card in its owner's hand has an
// ability that lets them begin the game with it on the battlefield.
func (g *Game) beginsOnBattlefield(o *Object) bool {
	if g.abilitiesLost(o) {
		return false
	}
	for _, ai := range o.def.effects {
		if _, ok := g.effectMatch(o, ai, fnBeginGameOnBattlefield, ObjectValue(o.id)); ok {
			return true
		}
	}
	return false
}

// hBeginGameOnBattlefield is the effect of "you may begin the game with
// it on the battlefield" as the layers apply it: it changes no
// characteristic (BeginGame is what reads it), so it does nothing there.
func (g *Game) hBeginGameOnBattlefield([]vm.Value) (vm.Value, error) { return 0, nil }
