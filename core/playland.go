package core

import "fmt"

// Playing lands (CR 305, 116.2a): a special action, not a spell. The
// rules core counts the lands each player played this turn, so that a
// land put onto the battlefield by an effect, which is not played
// (CR 305.4), leaves a player's land play for the turn.

// landPlays counts the lands a player played in a turn.
type landPlays struct {
	turn, n int
}

// LandsPlayable is how many lands a player can play each turn (CR 305.2).
const LandsPlayable = 1

// PlayLand has a player play a land card from their hand (CR 305.1): in
// a main phase of their turn, while the stack is empty, if they have not
// played as many lands this turn as they can (CR 305.2). The land is put
// onto the battlefield under their control, a zone change that does not
// use the stack (CR 116.2a); it is never cast. An action the rules forbid
// is a *RuleError, and nothing changes.
func (g *Game) PlayLand(p PlayerID, card ObjectID) error {
	g.begin()
	return g.done(g.playLand(p, card))
}

func (g *Game) playLand(p PlayerID, card ObjectID) error {
	if g.over {
		return g.overError()
	}
	if err := checkPlayer(p); err != nil {
		return err
	}
	o := g.Object(card)
	if o == nil || o.left || o.zone != ZoneHand || o.owner != p {
		return fmt.Errorf("%s is not in %s's hand", g.objectName(card), playerName(p))
	}
	if g.typesOf(o)&typeLand == 0 {
		return fmt.Errorf("%s is no land: a spell is cast, not played", o.Name())
	}
	switch {
	case g.active != p:
		return ruleErrorf("305.3", "%s can't play a land: it isn't their turn", playerName(p))
	case g.step != StepMain1 && g.step != StepMain2 || len(g.stack) > 0:
		return ruleErrorf("305.1", "a land is played in a main phase of its player's turn, while the stack is empty")
	case g.landsPlayed(p) >= LandsPlayable:
		return ruleErrorf("305.2", "%s has played %d land(s) this turn, as many as they can", playerName(p), g.landsPlayed(p))
	}
	g.lands[p] = landPlays{turn: g.turn, n: g.landsPlayed(p) + 1}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneHand, To: ZoneBattlefield, Player: p})
	g.settle()
	return nil
}

// landsPlayed is how many lands a player has played this turn.
func (g *Game) landsPlayed(p PlayerID) int {
	if l := g.lands[p]; l.turn == g.turn {
		return l.n
	}
	return 0
}
