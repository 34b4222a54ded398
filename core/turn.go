package core

import (
	"fmt"
	"slices"

	"github.com/cardc/cardc/vm"
)

// MaxHandSize is the maximum hand size checked in the cleanup step
// (CR 402.2), unless an effect changes it (Game.MaximumHandSize).
const MaxHandSize = 7

// Settle does what the game does before a player would receive priority:
// state-based actions, then pending triggered abilities onto the stack
// (CR 117.5). A scenario calls it after acting directly on the game. It
// returns the first failure meanwhile (see FailureError); once the game is
// over, it does nothing.
func (g *Game) Settle() error {
	g.begin()
	g.settle()
	return g.done(nil)
}

// AdvanceTo lets every player pass priority until the stack is empty and
// then until the next time step s begins (later this turn, or in a later
// turn). It stops where the active player would receive priority in s, so
// abilities that triggered at the beginning of s are on the stack. A game
// that is over, or ends on the way, and a step that never comes are
// errors; otherwise AdvanceTo returns the first failure on the way (see
// FailureError), such as an illegal attack the Decider declared.
func (g *Game) AdvanceTo(s Step) error {
	g.begin()
	return g.done(g.advanceTo(s))
}

func (g *Game) advanceTo(s Step) error {
	// Two whole turns are enough to reach any step that is not skipped.
	for n := 0; n < 2*int(numSteps)+2; n++ {
		if g.over {
			return g.overError()
		}
		g.resolveAll()
		if g.over {
			return g.overError()
		}
		g.nextStep()
		if g.step == s && !g.over {
			return nil
		}
	}
	return fmt.Errorf("the %s step never came: it was skipped (with no attackers, there are no declare blockers and combat damage steps, CR 508.8)", s)
}

// AdvanceToNextTurn passes priority until the next turn's upkeep, the
// first step of a turn in which a player receives priority. Its errors are
// those of AdvanceTo.
func (g *Game) AdvanceToNextTurn() error {
	g.begin()
	return g.done(g.advanceToNextTurn())
}

func (g *Game) advanceToNextTurn() error {
	turn := g.turn
	for n := 0; n < 2*int(numSteps)+2; n++ {
		g.resolveAll()
		if g.over {
			return g.overError()
		}
		g.nextStep()
		if g.turn > turn && g.step == StepUpkeep {
			return nil
		}
	}
	return fmt.Errorf("the next turn never came")
}

// nextStep ends the current step and begins the next one (CR 500.2).
// Mana pools empty as a step ends (CR 106.4, 500.4).
func (g *Game) nextStep() {
	g.emptyPools()
	switch g.step {
	case StepCombatDamage:
		if g.damageStep == damageStepFirst {
			// The phase gets a second combat damage step (CR 510.4).
			g.damageStep = damageStepSecond
			g.beginStep(StepCombatDamage)
			return
		}
	case StepEndOfCombat:
		g.endCombat()
	case StepCleanup:
		if g.cleanupAgain {
			// Players got priority during the cleanup step, so there is
			// another cleanup step (CR 514.3a).
			g.beginStep(StepCleanup)
			return
		}
		g.turn++
		g.active = g.nextTurn()
		g.beginStep(StepUntap)
		return
	}
	next := g.step + 1
	if (next == StepDeclareBlockers || next == StepCombatDamage) && len(g.attackers) == 0 {
		next = StepEndOfCombat // CR 508.8
	}
	g.beginStep(next)
}

// beginStep begins a step: abilities that trigger at its beginning
// trigger (CR 603.2b), its turn-based actions happen, then the active
// player would receive priority.
func (g *Game) beginStep(s Step) {
	g.step = s
	switch s {
	case StepUntap:
		// CR 502.3: the active player untaps their permanents. No player
		// receives priority in the untap step.
		g.untapStep()
		g.nextStep()
		return
	case StepCleanup:
		g.cleanup()
		return
	}
	g.propose(Event{Kind: EvStepBegins, Step: s, Player: g.active})
	switch s {
	case StepDraw:
		// CR 103.8a: the player who plays first skips their first draw.
		if !(g.turn == 1 && g.active == 0) {
			g.draw(g.active)
		}
	case StepDeclareAttackers:
		g.declareAttackers()
	case StepDeclareBlockers:
		g.declareBlockers()
	case StepCombatDamage:
		g.combatDamageStep()
	}
	g.settle()
}

// cleanup is the cleanup step (CR 514): discard to the maximum hand size,
// then remove damage and end "until end of turn" effects, at once.
func (g *Game) cleanup() {
	g.cleanupAgain = false
	g.cleanupDiscard() // CR 514.1
	for _, id := range g.battlefield {
		o := g.objects[id]
		o.damage, o.deathtouchDamage = 0, false
	}
	// CR 514.2: "until end of turn" effects end, and so do the
	// regeneration shields not used this turn, and the prevention
	// effects that last this turn.
	// An effect with no duration lasts (CR 611.2a).
	kept := g.effects[:0]
	for _, e := range g.effects {
		if e.lasting {
			kept = append(kept, e)
		}
	}
	g.effects = kept
	g.endCopies()
	g.endShields()
	g.endPreventions()
	g.castBans = g.castBans[:0]
	g.invalidate()
	// CR 514.3: normally no player receives priority; if state-based
	// actions or triggers happen, they do, and another cleanup follows.
	before := len(g.stack)
	g.settle()
	g.cleanupAgain = len(g.stack) > before
}

// draw has a player draw a card (CR 121.1): a draw event, which
// replacement effects may modify and abilities trigger on (performDraw);
// drawing from an empty library loses the game at the next check of
// state-based actions (CR 704.5b).
func (g *Game) draw(p PlayerID) {
	g.propose(Event{Kind: EvDraw, Player: p})
}

// Extra turns (CR 500.7).

// hExtraTurn gives a player an extra turn directly after this one
// (CR 500.7): `target player takes an extra turn after this one`.
func (g *Game) hExtraTurn(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok && !g.players[p].Lost {
		g.extraTurns = append(g.extraTurns, p)
	}
	return 0, nil
}

// nextTurn is the player whose turn comes after the one ending: the extra
// turn created last, if any is waiting, since each was added directly
// after the turn it was created in and so before those created earlier
// (CR 500.7: "The most recently created turn will be taken first"; Time
// Warp's ruling); otherwise the next player in turn order after the
// player of the last turn that was no extra turn.
func (g *Game) nextTurn() PlayerID {
	if n := len(g.extraTurns); n > 0 {
		p := g.extraTurns[n-1]
		g.extraTurns = g.extraTurns[:n-1]
		return p
	}
	g.normalTurn = Opponent(g.normalTurn)
	return g.normalTurn
}

// ExtraTurns lists the players who will take the extra turns created and
// not yet taken, in the order they will take them.
func (g *Game) ExtraTurns() []PlayerID {
	out := slices.Clone(g.extraTurns)
	slices.Reverse(out)
	return out
}
