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
	return g.playerEffectWhere(fn, p, nil)
}

// playerEffectWhere is playerEffectApplies for the effects whose body
// holds tells apart, given the frame that matched and the body.
func (g *Game) playerEffectWhere(fn funcID, p PlayerID, holds func(fr frame, body int32) bool) bool {
	if p < 0 || int(p) >= len(g.players) {
		return false
	}
	for _, id := range g.battlefield {
		o := g.objects[id]
		for _, ai := range o.def.effects {
			fr, ok := g.effectMatch(o, ai, fn, PlayerValue(p))
			if ok && !g.abilitiesLost(o) && (holds == nil || holds(fr, o.ability(ai).Body)) {
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

// hCantGetCounters is the effect of `players can't get counters` and
// `you can't get poison counters` (CR 101.2, 122.1): it changes no
// characteristic; givePlayerCounters asks it (playerCantGetCounters).
func (g *Game) hCantGetCounters(a []vm.Value) (vm.Value, error) {
	if len(a) > 1 {
		g.deniedKind = CounterKind(a[1])
	}
	return 0, nil
}

// hGiveCounters gives a player counters of a kind (CR 122.1), at once.
func (g *Game) hGiveCounters(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok && a[2] > 0 {
		g.givePlayerCounters(p, CounterKind(a[1]), qty(a[2]))
	}
	return 0, nil
}

// givePlayerCounters proposes that a player get counters of a kind
// (CR 122.1), as an action does, or poison counters as damage from a
// source with infect does (CR 120.3b, 702.90b): an event replacement
// effects can change (Winding Constrictor, CR 614.1a), which gives none
// to a player who can't get them (CR 101.2). Ten or more poison counters
// lose the game (CR 704.5c).
func (g *Game) givePlayerCounters(p PlayerID, k CounterKind, n int) {
	if p < 0 || int(p) >= len(g.players) || !k.valid() || n <= 0 {
		return
	}
	g.propose(Event{Kind: EvCountersGiven, Player: p, Counter: k, Amount: n})
}

// playerCantGetCounters reports whether a player can't get counters of a
// kind (CR 101.2): whether a static ability says they can't get counters
// (Solemnity), or counters of that kind (Melira, Sylvok Outcast).
func (g *Game) playerCantGetCounters(p PlayerID, k CounterKind) bool {
	if g.playerEffectApplies(fnCantGetCounters, p) {
		return true
	}
	return g.playerEffectWhere(fnCantGetCountersOfKind, p, func(fr frame, body int32) bool {
		g.deniedKind = -1
		_, err := g.run(fr, body)
		return err == nil && g.deniedKind == k
	})
}
