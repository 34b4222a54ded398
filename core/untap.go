package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Untapping (CR 502.3) and tapping many permanents at once (CR 701.21).

// untapSkip says that a permanent doesn't untap during an untap step to
// come (Wall of Frost, Sleep): the next untap step of player, or, if
// player is NoPlayer, the next untap step of whoever controls the
// permanent then. It is used up by that untap step, whether or not the
// permanent was tapped (Wall of Frost's rulings).
type untapSkip struct {
	object ObjectID
	player PlayerID
}

// untapStep is the turn-based action of the untap step (CR 502.3): the
// active player untaps their permanents, all at once, except those an
// effect keeps tapped — "doesn't untap during its controller's untap
// step" (Entangling Vines), and "doesn't untap during its controller's
// next untap step" (Wall of Frost) or "during that player's next untap
// step" (Sleep), which this untap step uses up.
func (g *Game) untapStep() {
	// Which permanents untap is decided first (502.3), reading the
	// effects as they are before any untaps: untapping may change what
	// effects apply ("enchant tapped creature").
	var untap []*Object
	for _, id := range g.battlefield {
		o := g.objects[id]
		if o.controller != g.active || g.keptTapped(o) {
			continue
		}
		untap = append(untap, o)
	}
	g.untapSkips = slices.DeleteFunc(g.untapSkips, func(s untapSkip) bool {
		o := g.onBattlefield(s.object)
		return o == nil || s.player == g.active || s.player == NoPlayer && o.controller == g.active
	})
	for _, o := range untap {
		g.tap(o, false)
	}
	g.invalidate()
}

// keptTapped reports whether an effect keeps a permanent of the active
// player from untapping in this untap step.
func (g *Game) keptTapped(o *Object) bool {
	if g.rulesOf(o).noUntap {
		return true
	}
	for _, s := range g.untapSkips {
		if s.object == o.id && (s.player == NoPlayer || s.player == g.active) {
			return true
		}
	}
	return false
}

// hDoesntUntapNext keeps a permanent from untapping during its
// controller's next untap step (Wall of Frost): the effect tracks the
// permanent, whoever controls it then.
func (g *Game) hDoesntUntapNext(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.untapSkips = append(g.untapSkips, untapSkip{object: o.id, player: NoPlayer})
	}
	return 0, nil
}

// tapAll taps permanents at once (CR 701.21a): tapping is no event, so
// they are all tapped before anything looks at them.
func (g *Game) tapAll(ids []ObjectID) {
	for _, id := range ids {
		if o := g.onBattlefield(id); o != nil {
			g.tap(o, true)
		}
	}
}

// hTapAll taps every permanent the filter of the running ability
// describes as the action begins, at once (`tap all FILTER`). Those it
// turned from untapped to tapped are "tapped this way" for the rest of
// the effect (tappedThisWay); one tapped already is not (CR 701.21a).
func (g *Game) hTapAll(a []vm.Value) (vm.Value, error) {
	ids := g.permanentsInFilter(a[0])
	for _, id := range ids {
		if o := g.onBattlefield(id); o != nil && !o.tapped {
			g.work.tapped = append(g.work.tapped, id)
		}
	}
	g.tapAll(ids)
	return 0, nil
}

// hTapAllDontUntapNext taps all creatures a player controls, at once, and
// keeps every creature they control as it begins — tapped by it or
// already — from untapping during that player's next untap step (Sleep
// and its ruling).
func (g *Game) hTapAllDontUntapNext(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	var ids []ObjectID
	for _, id := range g.battlefield {
		if o := g.objects[id]; o.controller == p && g.typesOf(o)&typeCreature != 0 {
			ids = append(ids, id)
		}
	}
	g.tapAll(ids)
	for _, id := range ids {
		g.untapSkips = append(g.untapSkips, untapSkip{object: id, player: p})
	}
	return 0, nil
}

// hDestroyNoRegeneration destroys a permanent that can't be regenerated
// (CR 701.15c): its regeneration shields are not applied to the
// destruction, and stay.
func (g *Game) hDestroyNoRegeneration(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.propose(Event{Kind: EvDestroy, Object: o.id, noRegeneration: true})
	}
	return 0, nil
}
