package core

import (
	"errors"
	"fmt"
)

// EvGameOver is the event kind of the end of the game: the last events of
// the log say who lost and why, or why the game is a draw. It is the rules
// core's own, not the stdlib's: no card can trigger on it, and it is not in
// EventKindNames. Player is the player who lost (CR 104.3), or NoPlayer
// when nobody did; Reason says why.
const EvGameOver = numEventKinds

// EndReason says why a player lost the game, or why it ended without a
// winner.
type EndReason int8

const (
	// EndNone is no reason: the game goes on.
	EndNone EndReason = iota
	// EndLife: the player had 0 or less life (CR 704.5a).
	EndLife
	// EndEmptyLibrary: the player drew from an empty library (CR 704.5b).
	EndEmptyLibrary
	// EndPoison: the player had ten or more poison counters (CR 704.5c).
	EndPoison
	// EndAllLost: every player lost at once, so the game is a draw
	// (CR 104.4a).
	EndAllLost
	// EndLoop: the game entered a loop of mandatory actions, so it is a
	// draw (CR 104.4b). The rules core decides it is in one when the stack
	// has not emptied after MaxResolutions objects resolved in one action,
	// or when state-based actions and triggered abilities have kept
	// happening MaxResolutions times in a row with no player receiving
	// priority.
	EndLoop
	// EndStopped: a limit of the rules core stopped the game, which ended
	// with no winner: more than MaxStackObjects on the stack and waiting to
	// go on it, more than MaxEventsPerAction events in one action (tokens
	// created at once included) or MaxEventsPerGame in the game. The
	// action that hit the limit returns a FailureError saying which, and
	// the game_over event that ends the log says it too.
	EndStopped
)

// Limits of the rules core, which keep the work of a game and its memory
// bounded whatever its cards do.
const (
	// MaxResolutions bounds the objects resolved in one action, and the
	// rounds of state-based actions and triggers in a row: beyond, the
	// game is a draw (EndLoop).
	MaxResolutions = 10000
	// MaxStackObjects bounds the objects on the stack together with the
	// triggered abilities waiting to go on it: beyond, the game is stopped
	// (EndStopped).
	MaxStackObjects = 5000
	// MaxEventsPerAction bounds the events of one action of the API:
	// beyond, the game is stopped (EndStopped). Each token created enters
	// the battlefield as an event: an effect that would create more tokens
	// than the events left to the action stops the game before creating
	// any.
	MaxEventsPerAction = 100000
	// MaxEventsPerGame bounds the events of a whole game, and so its work
	// and its log, whatever the number of its actions: beyond, the game is
	// stopped (EndStopped). Tokens count as for MaxEventsPerAction.
	MaxEventsPerGame = 250000
)

var endReasons = [...]string{
	EndNone:         "the game goes on",
	EndLife:         "0 or less life (CR 704.5a)",
	EndEmptyLibrary: "drew a card from an empty library (CR 704.5b)",
	EndPoison:       "ten or more poison counters (CR 704.5c)",
	EndAllLost:      "every player lost at once (CR 104.4a)",
	EndLoop:         "a loop of mandatory actions (CR 104.4b)",
	EndStopped:      "a limit of the rules core stopped it",
}

// String says the reason in words, with its rule.
func (r EndReason) String() string {
	if r >= 0 && int(r) < len(endReasons) {
		return endReasons[r]
	}
	return fmt.Sprintf("reason(%d)", r)
}

// Outcome is how the game ended.
type Outcome struct {
	// Over is set once the game has ended.
	Over bool
	// Winner is the player who won, or NoPlayer when nobody did.
	Winner PlayerID
	// Lost says, for each player, why they lost, or EndNone.
	Lost [2]EndReason
	// Reason is why the game ended without a winner (EndAllLost, EndLoop
	// or EndStopped), or EndNone.
	Reason EndReason
	// Detail says more about an EndLoop or EndStopped: which limit.
	Detail string
}

// Draw reports whether the game is a draw (CR 104.4a-b). A game a limit of
// the rules core stopped is not.
func (o Outcome) Draw() bool { return o.Over && (o.Reason == EndAllLost || o.Reason == EndLoop) }

// String says how the game ended: who lost and why, or why nobody won.
func (o Outcome) String() string {
	if !o.Over {
		return "the game goes on"
	}
	var s string
	switch {
	case o.Winner != NoPlayer:
		loser := Opponent(o.Winner)
		s = fmt.Sprintf("%s lost the game: %s", playerName(loser), o.Lost[loser])
	case o.Reason == EndAllLost:
		s = fmt.Sprintf("the game is a draw: %s; %s: %s, %s: %s", o.Reason, playerName(0), o.Lost[0], playerName(1), o.Lost[1])
	case o.Reason == EndLoop:
		s = "the game is a draw: " + o.Reason.String()
	default:
		s = "the game was stopped: " + o.Reason.String()
	}
	if o.Detail != "" {
		s += ": " + o.Detail
	}
	return s
}

// Outcome says whether the game is over, who won, and why.
func (g *Game) Outcome() Outcome {
	o := Outcome{Over: g.over, Winner: g.winner, Reason: g.endReason, Detail: g.endDetail}
	for i, p := range g.players {
		o.Lost[i] = p.lost
	}
	return o
}

// ErrGameOver is what an action attempted after the end of the game
// returns, wrapped in a *GameOverError: errors.Is(err, ErrGameOver).
var ErrGameOver = errors.New("the game is over")

// GameOverError is the error of an action attempted after the game ended:
// it says how it ended.
type GameOverError struct{ Outcome Outcome }

// Error says that the game is over, who lost and why.
func (e *GameOverError) Error() string {
	return "the game is over (" + e.Outcome.String() + "): nothing can happen after the end of the game"
}

// Is makes errors.Is(err, ErrGameOver) hold.
func (e *GameOverError) Is(target error) bool { return target == ErrGameOver }

// overError is the error of an action attempted once the game is over.
func (g *Game) overError() error { return &GameOverError{g.Outcome()} }

// endGame ends the game (CR 104.1): with winner as the winner, or with
// nobody winning for reason. It logs one game_over event for each player
// who lost, then one for the game without a winner.
func (g *Game) endGame(winner PlayerID, reason EndReason, detail string) {
	if g.over {
		return
	}
	g.over, g.winner, g.endReason, g.endDetail = true, winner, reason, detail
	for _, p := range g.players {
		if p.lost != EndNone {
			g.logEnd(p.ID, p.lost)
		}
	}
	if winner == NoPlayer {
		g.logEnd(NoPlayer, reason)
	}
}

// logEnd logs a game_over event; no ability triggers on it.
func (g *Game) logEnd(p PlayerID, r EndReason) {
	g.eventID++
	g.log = append(g.log, Event{ID: g.eventID, Kind: EvGameOver, Player: p, Reason: r, Turn: g.turn})
}

// stop ends the game because a limit of the rules core was reached, and
// records the failure the action returns.
func (g *Game) stop(format string, args ...any) {
	g.stopWithHint("look for an ability that triggers on what it does itself", format, args...)
}

// stopWithHint is stop with what to look for in the cards or the test.
func (g *Game) stopWithHint(hint, format string, args ...any) {
	if g.over {
		return
	}
	detail := fmt.Sprintf(format, args...)
	g.fail(fmt.Errorf("the rules core stopped the game: %s; %s", detail, hint))
	g.endGame(NoPlayer, EndStopped, detail)
}

// eventsLeft is how many more events the limits of the rules core let
// happen: in the action being carried out, and in the game.
func (g *Game) eventsLeft() int {
	return max(0, min(MaxEventsPerAction-g.actionEvents, MaxEventsPerGame-g.gameEvents))
}

// tokensFit reports whether the tokens of a tokens_created event can all
// be created: each enters the battlefield as an event of its own
// (CR 111.1), within the events the limits leave. If they can't, the game
// stops before the event happens, so that the log never says that tokens
// were created that were not.
func (g *Game) tokensFit(ev *Event) bool {
	if left := g.eventsLeft(); ev.Amount > left {
		g.stopWithHint("look for an effect that creates tokens for a number that can be that large",
			"%s would create %d tokens (%s) at once, and each enters the battlefield as an event: only %d more events may happen (at most %d in one action, %d in a game)",
			playerName(ev.Player), ev.Amount, ev.token.Name, left, MaxEventsPerAction, MaxEventsPerGame)
		return false
	}
	return true
}

// drawByLoop ends the game in a draw, the game being in a loop of
// mandatory actions (CR 104.4b).
func (g *Game) drawByLoop(format string, args ...any) {
	g.endGame(NoPlayer, EndLoop, fmt.Sprintf(format, args...))
}
