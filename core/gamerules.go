package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// The rules of the game for players that effects change: who can cast
// spells (Silence), who can lose the game (Platinum Angel), which
// abilities can be activated (Pithing Needle, Ice Cage).

// castBan is a player who can't cast spells this turn, and the spell or
// ability whose effect says so (CR 601.3, 101.2).
type castBan struct {
	player PlayerID
	source ObjectID
}

// hOpponentsCantCastSpellsThisTurn makes the opponents of a player unable
// to cast spells from now to the cleanup step (Silence, CR 611.2c): the
// spells they cast before are on the stack already, and stay.
func (g *Game) hOpponentsCantCastSpellsThisTurn(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	source := ObjectID(0)
	if fr := g.frame(); fr != nil {
		source = fr.source
	}
	for q := range g.players {
		if PlayerID(q) != p {
			g.castBans = append(g.castBans, castBan{player: PlayerID(q), source: source})
		}
	}
	return 0, nil
}

// castForbidden returns the rule that forbids a player to cast a spell
// now, and why, or nil (CR 601.3: a player can begin to cast a spell only
// if no rule or effect prohibits it).
func (g *Game) castForbidden(p PlayerID) *RuleError {
	for _, b := range g.castBans {
		if b.player == p {
			return ruleErrorf("601.3", "%s can't cast spells this turn: %s says so", playerName(p), g.objectName(b.source))
		}
	}
	return nil
}

// hCantLoseGame is the effect `you can't lose the game`, `your opponents
// can't win the game`, and their conjunction (Platinum Angel), as the
// layers apply it: it changes no characteristic of any object (cantLose
// reads it), so it does nothing there.
func (g *Game) hCantLoseGame([]vm.Value) (vm.Value, error) { return 0, nil }

// cantLose reports whether a player can't lose the game (CR 104.3): a
// static ability of a permanent on the battlefield says so of them, alone
// (`you can't lose the game`) or with its other half (Platinum Angel).
//
// No function reads `your opponents can't win the game`: the rules core
// has no effect that says a player wins (CR 104.2b), and the way a player
// wins that it has — every opponent has left the game — overrides every
// effect that would preclude it (CR 104.2a). In a game of two, a player
// whose opponents can't win still loses, and the opponent wins.
func (g *Game) cantLose(p PlayerID) bool {
	return g.playerEffectApplies(fnCantLose, p) || g.playerEffectApplies(fnCantLoseGame, p)
}

// hActivatedAbilitiesCantBeActivated is the effect of `activated
// abilities of OBJECTS can't be activated` (Ice Cage) and of `... unless
// they're mana abilities` (Pithing Needle), as the layers apply it: it
// changes no characteristic; activationForbidden runs it to know which
// abilities it forbids.
func (g *Game) hActivatedAbilitiesCantBeActivated(a []vm.Value) (vm.Value, error) {
	if g.forbidding {
		g.forbidMana = a[1] == 0
	}
	return 0, nil
}

// activationForbidden returns the permanent whose effect forbids
// activating an ability of an object (CR 602.5: a player can't begin to
// activate an ability that's prohibited from being activated), or 0. The
// effect's set of objects is asked about the object wherever it is
// (Pithing Needle's ruling: cards in a graveyard too); an effect that
// spares mana abilities (`unless they're mana abilities`, CR 605.1a)
// forbids the others only.
func (g *Game) activationForbidden(o *Object, ab *vm.Ability) ObjectID {
	if g.index.activationStoppers == 0 {
		return 0 // no effect forbids activating: the usual case, at no cost
	}
	isMana := ab.Flags&vm.FlagMana != 0
	for _, id := range g.battlefield {
		src := g.objects[id]
		if !src.def.stopsActivation || g.abilitiesLost(src) {
			continue
		}
		for _, ai := range src.def.effects {
			fr, ok := g.effectMatch(src, ai, fnActivatedAbilitiesCantBeActivated, ObjectValue(o.id))
			if !ok {
				continue
			}
			g.forbidding, g.forbidMana = true, true
			_, err := g.run(fr, src.ability(ai).Body)
			forbidsMana := g.forbidMana
			g.forbidding = false
			if err == nil && (!isMana || forbidsMana) {
				return id
			}
		}
	}
	return 0
}

// becameTargets proposes that each object or player a spell or ability
// put on the stack targets becomes its target (CR 115.1, 603.2): once for
// each, however many of its instances of "target" chose it. A spell
// becomes cast (CR 601.2i), an ability activated (602.2), a triggered
// ability put on the stack (603.3d) or a copy of a spell put on the stack
// (707.10c) before this, so the abilities that trigger go on the stack
// above it.
func (g *Game) becameTargets(item *StackItem) {
	if item.Ability < 0 || item.Locals == nil {
		return
	}
	ab := &item.Def.Card.Abilities[item.Ability]
	var seen []vm.Value
	for i := range ab.Targets {
		if !item.targetActive(ab, i) {
			continue
		}
		// A target of several objects keeps them itself; its local
		// holds how many (vm.Target.Local).
		for _, v := range item.chosenFor(ab, i) {
			if v == 0 || slices.Contains(seen, v) {
				continue
			}
			seen = append(seen, v)
			g.propose(Event{Kind: EvBecomesTarget, Target: v, Source: item.Source, Spell: item.Spell != 0, Player: NoPlayer})
		}
	}
}
