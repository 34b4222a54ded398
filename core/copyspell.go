package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Copies of spells (CR 707.10).

// onStack reports whether an object is a spell on the stack.
func (g *Game) onStack(id ObjectID) bool {
	o := g.Object(id)
	return o != nil && !o.left && o.zone == ZoneStack && g.stackIndex(id) >= 0
}

// hCopySpell has a player copy a spell (CR 707.10), and, with a[2] not 0,
// choose new targets for the copy (CR 707.10c).
func (g *Game) hCopySpell(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok {
		g.copySpell(p, g.valueObject(a[1]), a[2] != 0)
	}
	return 0, nil
}

// hCopySpellForEachOtherPlayer has each player other than the spell's
// controller copy it and choose new targets for their copy (Hive Mind):
// in turn order from the active player (CR 101.4), so the last copy put on
// the stack, the first to resolve, is that of the last player in that
// order.
func (g *Game) hCopySpellForEachOtherPlayer(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || o.item == nil {
		return 0, nil
	}
	caster := o.item.Controller
	for i := range g.players {
		p := PlayerID((int(g.active) + i) % len(g.players))
		if p != caster && !g.players[p].Lost {
			g.copySpell(p, o, true)
		}
	}
	return 0, nil
}

// copySpell puts a copy of a spell onto the stack under a player's
// control (CR 707.10): not cast, so nothing that triggers on casting
// triggers. The copy has the spell's copiable values — its card, or, for a
// copy, the card that copy copies (CR 707.3) — and the decisions made for
// it as it was cast: its targets and X. Its owner and controller is the
// player, whom its `you` names. A spell that left the stack is copied as it
// last existed there (CR 608.2h). With newTargets, the player may choose
// new targets before the copy is put on the stack (CR 707.10c). The work
// is the same for a copy of a copy of a copy: what is copied is one stack
// item, never a chain.
func (g *Game) copySpell(p PlayerID, spell *Object, newTargets bool) {
	if spell == nil || spell.item == nil || g.over {
		return
	}
	if waiting := len(g.stack) + len(g.pending) + len(g.manaTriggers); waiting+1 > MaxStackObjects {
		g.stop("%s would be copied with %d objects on the stack and waiting to go on it, more than %d", spell.Name(), waiting, MaxStackObjects)
		return
	}
	src := spell.item
	c := src.clone()
	g.cards++
	o := g.newObject(src.Def, g.cards, p, ZoneStack)
	o.spellCopy, o.x, o.item = true, src.X, &c
	c.Spell, c.Source, c.Controller = o.id, o.id, p
	c.finds, c.Event = nil, Event{}
	if c.Locals != nil {
		c.Locals[vm.LocalThis], c.Locals[vm.LocalYou] = ObjectValue(o.id), PlayerValue(p)
	}
	if newTargets {
		g.chooseNewTargets(p, &c)
	}
	g.stack = append(g.stack, &c)
	g.propose(Event{Kind: EvSpellCopied, Object: o.id, Source: spell.id, Player: p})
	g.becameTargets(&c)
}

// chooseNewTargets lets the controller of a copy choose new targets for
// it (CR 707.10c, 115.7d): each target may stay as it is, even if it is
// illegal, or change to another legal target; a target with no other
// legal choice stays (Hive Mind's ruling), and the player is asked only if
// some target has one. Each target asked about is a decision, recorded
// with who made it.
func (g *Game) chooseNewTargets(p PlayerID, c *StackItem) {
	if c.Ability < 0 {
		return
	}
	ts := c.Def.Card.Abilities[c.Ability].Targets
	if len(ts) == 0 {
		return
	}
	current := make([]vm.Value, len(ts))
	others := make([][]vm.Value, len(ts))
	some := false
	for i, t := range ts {
		current[i] = c.Locals[t.Local]
		for _, v := range g.legalTargets(c, i) {
			if v != current[i] {
				others[i] = append(others[i], v)
			}
		}
		some = some || len(others[i]) > 0
	}
	if !some {
		return
	}
	chosen := g.decider.ChooseNewTargets(g, p, c, current, others)
	for i, t := range ts {
		v := current[i]
		if i < len(chosen) && slices.Contains(others[i], chosen[i]) {
			v = chosen[i] // an answer that is no other legal target keeps it
		}
		c.Locals[t.Local] = v
		if len(others[i]) > 0 {
			g.decided(Decision{Player: p, Kind: DecisionNewTarget, Source: c.Spell, Target: v, Changed: v != current[i]})
		}
	}
}
