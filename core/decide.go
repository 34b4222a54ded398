package core

import "github.com/cardc/cardc/vm"

// Decider makes the decisions of the players. Every choice the rules give
// a player goes through it; DefaultDecider makes each one the same way
// every time, so games are deterministic. A Decider may look at the game,
// but must not act on it (call its actions or its Setup): it is called in
// the middle of one.
type Decider interface {
	// OrderTriggers returns the order in which a player's triggered
	// abilities, put on the stack at the same time, will resolve: indexes
	// into ts, the first resolving first (CR 603.3b).
	OrderTriggers(g *Game, p PlayerID, ts []TriggerChoice) []int
	// ChooseReplacement returns which of several replacement or
	// prevention effects applies first to an event (CR 616.1).
	ChooseReplacement(g *Game, p PlayerID, ev Event, options []ReplacementChoice) int
	// DeclareAttackers returns the creatures the active player attacks
	// with (CR 508.1).
	DeclareAttackers(g *Game, p PlayerID) []ObjectID
	// DeclareBlockers returns the blocks of the defending player
	// (CR 509.1).
	DeclareBlockers(g *Game, p PlayerID) []Block
	// AssignCombatDamage divides an attacking or blocking creature's
	// combat damage among the creatures it fights (CR 510.1c-d): one
	// amount per creature, adding up to power.
	AssignCombatDamage(g *Game, creature ObjectID, fights []ObjectID, power int) []int
	// ChooseTarget chooses target i of a triggered ability among the legal
	// choices (CR 603.3d). item is a copy of the ability as it will go on
	// the stack.
	ChooseTarget(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value) vm.Value
	// Discard chooses n cards of a player's hand to discard (CR 514.1).
	Discard(g *Game, p PlayerID, n int) []ObjectID
}

// Block is one blocker declared for one attacker.
type Block struct {
	Blocker, Attacker ObjectID
}

// DefaultDecider makes every decision in a fixed, documented way:
//   - triggered abilities resolve in the order they triggered;
//   - of several replacement effects, the one whose source entered the
//     battlefield first applies first (a permanent's own "enters with"
//     effects before all others);
//   - no creature attacks or blocks;
//   - combat damage is assigned in order: lethal damage to each creature,
//     the rest to the last;
//   - the first legal target (players first, then permanents, oldest
//     first);
//   - the cards drawn last are discarded.
type DefaultDecider struct{}

// OrderTriggers keeps the order they triggered in.
func (DefaultDecider) OrderTriggers(g *Game, p PlayerID, ts []TriggerChoice) []int {
	return identity(len(ts))
}

// ChooseReplacement takes the first.
func (DefaultDecider) ChooseReplacement(g *Game, p PlayerID, ev Event, options []ReplacementChoice) int {
	return 0
}

// DeclareAttackers declares none.
func (DefaultDecider) DeclareAttackers(g *Game, p PlayerID) []ObjectID { return nil }

// DeclareBlockers declares none.
func (DefaultDecider) DeclareBlockers(g *Game, p PlayerID) []Block { return nil }

// AssignCombatDamage assigns lethal damage to each creature in order and
// the rest to the last.
func (DefaultDecider) AssignCombatDamage(g *Game, creature ObjectID, fights []ObjectID, power int) []int {
	return LethalFirst(g, creature, fights, power)
}

// LethalFirst assigns lethal damage to each creature in order, and what is
// left to the last. From a source with deathtouch, 1 damage is lethal
// (CR 702.2c).
func LethalFirst(g *Game, source ObjectID, fights []ObjectID, power int) []int {
	deathtouch := g.hasKeyword(g.objects[source], keywordDeathtouch)
	out := make([]int, len(fights))
	for i, id := range fights {
		if i == len(fights)-1 {
			out[i] = power
			break
		}
		lethal := max(g.Toughness(id)-g.objects[id].damage, 0)
		if deathtouch {
			lethal = min(lethal, 1)
		}
		n := min(lethal, power)
		out[i], power = n, power-n
	}
	return out
}

// ChooseTarget takes the first legal choice.
func (DefaultDecider) ChooseTarget(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value) vm.Value {
	return legal[0]
}

// Discard discards the last cards of the hand.
func (DefaultDecider) Discard(g *Game, p PlayerID, n int) []ObjectID {
	hand := g.players[p].Hand
	return append([]ObjectID(nil), hand[len(hand)-n:]...)
}
