package core

import "github.com/cardc/cardc/vm"

// lifeCantChange reports whether a player's life total can't change
// (CR 119.7): whether a static ability of a permanent on the battlefield
// says so of them (`your life total can't change`, Platinum Emperion).
func (g *Game) lifeCantChange(p PlayerID) bool {
	return g.playerEffectApplies(fnLifeTotalCantChange, p)
}

// lifeCantBeGained reports whether a player can't gain life (CR 119.7):
// whether a static ability of a permanent on the battlefield says so of
// them (`players can't gain life`, Everlasting Torment), or their life
// total can't change.
func (g *Game) lifeCantBeGained(p PlayerID) bool {
	return g.lifeCantChange(p) || g.playerEffectApplies(fnCantGainLife, p)
}

// playerEffectApplies reports whether a static ability of a permanent on
// the battlefield with an effect keyed on a player (fn) applies to a
// player: its effect's affected function is asked with the player as
// candidate.
func (g *Game) playerEffectApplies(fn funcID, p PlayerID) bool {
	if p < 0 || int(p) >= len(g.players) {
		return false
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		for _, ai := range o.def.effects {
			ab := o.ability(ai)
			if funcID(o.def.Prog.ID(ab.Rule)) != fn {
				continue
			}
			var l locals
			ls := l.reset(ab.NumLocals, o.id, o.controller)
			ls[vm.LocalCandidate] = PlayerValue(p)
			fr := frame{mode: modeMatch, source: o.id, controller: o.controller, def: o.def, ability: ai, locals: ls}
			if n, err := g.run(fr, ab.Match); err == nil && n > 0 {
				return true
			}
		}
	}
	return false
}

// lifeToPay is how much life a player can pay (CR 119.4): their life
// total, or none while it can't change (CR 119.8: they can pay only 0).
func (g *Game) lifeToPay(p PlayerID) int {
	if g.lifeCantChange(p) {
		return 0
	}
	return g.players[p].Life
}

// lifeChangeImpossible reports whether an event is a player gaining life
// while they can't, or losing life while their life total can't change
// (CR 119.7): such an event doesn't happen, so no replacement effect
// applies to it and nothing triggers on it.
func (g *Game) lifeChangeImpossible(ev *Event) bool {
	switch ev.Kind {
	case EvLifeGained:
		return g.lifeCantBeGained(ev.Player)
	case EvLifeLost:
		return g.lifeCantChange(ev.Player)
	}
	return false
}

// hLifeTotalCantChange is the effect `your life total can't change` as
// the layers apply it: it changes no characteristic of any object
// (lifeCantChange is what reads it), so it does nothing there.
func (g *Game) hLifeTotalCantChange([]vm.Value) (vm.Value, error) { return 0, nil }

// hCantGainLife is the effect `players can't gain life` as the layers
// apply it: it changes no characteristic of any object
// (lifeCantBeGained is what reads it), so it does nothing there.
func (g *Game) hCantGainLife([]vm.Value) (vm.Value, error) { return 0, nil }

// givePoison gives a player poison counters (CR 122.1f), as damage from a
// source with infect does (CR 120.3b, 702.90b); ten or more lose the game
// (CR 704.5c).
func (g *Game) givePoison(p PlayerID, n int) {
	if int(p) < 0 || int(p) >= len(g.players) || n <= 0 {
		return
	}
	pl := g.players[p]
	pl.Poison = add(pl.Poison, n)
}
