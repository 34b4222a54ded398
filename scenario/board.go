package scenario

import "github.com/cardc/cardc/dsl"

// What a tool that draws a test's game needs (cardc playground draws the
// board each test ends on): which test a game is played for, and the
// permanents on the battlefield. Nothing of the runner depends on it.

// Test says which test the script's decisions are those of: its name and
// where it is written. A Driver that keeps something of each test's game
// reads it in NewGame, where the game is made for that test; the runner
// calls NewGame once per test at most, and the game stays as the test
// left it once RunTest has returned.
func (s *Script) Test() (name string, pos dsl.Pos) {
	return s.r.res.Name, s.r.res.Pos
}

// Board is a Game that lists its permanents and their card types,
// for a tool that draws the board (none of the test language's steps
// needs it). An engine whose Game does not implement it has its boards
// drawn without permanents.
type Board interface {
	// Permanents lists the cards on the battlefield, in the order they
	// entered it (the oldest first).
	Permanents() []Card
	// CardTypes lists the card types of a card by their vocabulary names
	// ("artifact", "creature"), as its card gives them.
	CardTypes(c Card) []string
}
