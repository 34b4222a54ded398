package core

import "github.com/cardc/cardc/vm"

// Mass effects (issue 22B): an effect that does the same thing to many
// objects and players does it to all of them at the same time, as one
// event (CR 101.4, 608.2): Planar Cleansing's "destroy all nonland
// permanents", Earthquake's "deals X damage to each creature without
// flying and each player". Each object is still an event of its own, to
// which replacement and prevention effects apply one by one (CR 614,
// 615), but the events form one batch (see batch): the permanents that
// leave the battlefield leave as they existed just before any of them
// did, and the leaves-the-battlefield abilities of every permanent that
// was there just before see each of them (CR 603.10a). Triggered abilities
// wait for the end of the batch and go on the stack the next time a
// player would receive priority, after state-based actions, which are
// checked once the whole spell or ability has resolved (CR 603.3, 704.3).
// So Blood Artist destroyed by Planar Cleansing with two other creatures
// triggers three times: once for each.

// hDestroyAll destroys every permanent a filter of the running ability
// describes as it resolves, at the same time (CR 701.7a, 603.10a).
func (g *Game) hDestroyAll(a []vm.Value) (vm.Value, error) {
	g.destroyAll(g.permanentsInFilter(a[0]), false)
	return 0, nil
}

// hDestroyAllNoRegeneration destroys them all at the same time, and they
// can't be regenerated (CR 701.15c: Wrath of God).
func (g *Game) hDestroyAllNoRegeneration(a []vm.Value) (vm.Value, error) {
	g.destroyAll(g.permanentsInFilter(a[0]), true)
	return 0, nil
}

// destroyAll destroys permanents at the same time, in one batch: a
// destroy event for each, which no regeneration replaces if
// noRegeneration (CR 701.15c).
func (g *Game) destroyAll(ids []ObjectID, noRegeneration bool) {
	if len(ids) == 0 {
		return
	}
	g.beginBatch()
	defer g.endBatch()
	// Each leaves as it was just before all of them did (CR 603.10a).
	g.snapshotBefore(ids)
	for _, id := range ids {
		g.propose(Event{Kind: EvDestroy, Object: id, noRegeneration: noRegeneration})
	}
}

// hDealDamageToEach has a source deal an amount of damage to each
// permanent a filter of the running ability describes as it resolves
// (Windstorm, Pyroclasm), at the same time (see dealDamageToAll).
func (g *Game) hDealDamageToEach(a []vm.Value) (vm.Value, error) {
	if src, ok := valueObject(a[0]); ok && g.Object(src) != nil {
		g.dealDamageToAll(src, qty(a[1]), g.permanentsInFilter(a[2]), false)
	}
	return 0, nil
}

// hDealDamageToEachAndEachPlayer has a source deal an amount of damage
// to each permanent a filter describes and to each player, at the same
// time (Earthquake, Magma Phoenix; see dealDamageToAll).
//
// A source that has left its zone since (Magma Phoenix, which dies) deals
// the damage as it last existed (CR 608.2h, 702.2b, 702.15b); a handle
// that names no object deals none.
func (g *Game) hDealDamageToEachAndEachPlayer(a []vm.Value) (vm.Value, error) {
	if src, ok := valueObject(a[0]); ok && g.Object(src) != nil {
		g.dealDamageToAll(src, qty(a[1]), g.permanentsInFilter(a[2]), true)
	}
	return 0, nil
}

// dealDamageToAll has a source deal an amount of damage to permanents
// and, if players is true, to each player still in the game (in turn
// order from the active player), all at the same time (CR 120.3, 101.4):
// one damage event for each recipient, which replacement and prevention
// effects modify separately (CR 615), in one batch of simultaneous
// damage. A replacement ability's actions that change an event happen as
// each event is dealt, the rest of its effect once after all of them
// (CR 615.5, see simultaneous), and the permanents that leave the
// battlefield meanwhile leave in one batch (CR 603.10a).
func (g *Game) dealDamageToAll(src ObjectID, amount int, ids []ObjectID, players bool) {
	recipients := make([]vm.Value, 0, len(ids)+2)
	for _, id := range ids {
		recipients = append(recipients, ObjectValue(id))
	}
	if players {
		for _, p := range []PlayerID{g.active, Opponent(g.active)} {
			if !g.players[p].Lost {
				recipients = append(recipients, PlayerValue(p))
			}
		}
	}
	g.dealDamageToRecipients(src, amount, recipients)
}

// dealDamageToRecipients has a source deal an amount of damage to each
// of the recipients, players and permanents, at the same time (CR 120.3,
// 101.4): one damage event for each, in the order given, in one batch of
// simultaneous damage (see dealDamageToAll).
func (g *Game) dealDamageToRecipients(src ObjectID, amount int, recipients []vm.Value) {
	if amount <= 0 || len(recipients) == 0 {
		return
	}
	g.dealAtOnce(func() {
		for _, r := range recipients {
			g.dealDamage(src, r, amount, false)
		}
	})
}

// dealAtOnce runs deal, whose damage events are dealt at the same time
// (CR 120.3): one batch (the permanents that leave meanwhile leave
// together, CR 603.10a) and one piece of simultaneous damage, unless the
// damage is already part of one (a mass effect inside another).
func (g *Game) dealAtOnce(deal func()) {
	g.beginBatch()
	defer g.endBatch()
	nested := g.simultaneous.active
	if !nested {
		g.beginSimultaneousDamage()
	}
	deal()
	if !nested {
		g.endSimultaneousDamage()
	}
}

// hDealDamageToTargetAndEachCreature has a source deal an amount of
// damage to a target player or planeswalker and to each creature that
// player, or that planeswalker's controller, controls as it resolves, all
// at the same time (Chandra Nalaar's −8; CR 120.3, 101.4): the target
// first, then the creatures in battlefield order, one batch of
// simultaneous damage (see dealDamageToRecipients). A target that is
// neither a player nor a permanent on the battlefield deals none (the
// ability is countered on resolution then anyway, CR 608.2b).
func (g *Game) hDealDamageToTargetAndEachCreature(a []vm.Value) (vm.Value, error) {
	src, ok := valueObject(a[0])
	if !ok || g.Object(src) == nil {
		return 0, nil
	}
	target := a[1]
	p, ok := valuePlayer(target)
	if !ok {
		o := g.permanentArg(target)
		if o == nil {
			return 0, nil
		}
		p = o.controller // that planeswalker's controller, as it resolves
	}
	recipients := []vm.Value{target}
	for _, id := range g.battlefield {
		if o := g.objects[id]; o.controller == p && g.typesOf(o)&typeCreature != 0 {
			recipients = append(recipients, ObjectValue(id))
		}
	}
	g.dealDamageToRecipients(src, qty(a[2]), recipients)
	return 0, nil
}

// hBoostAndGainEach gives each permanent a filter describes as the
// resolving spell or ability resolves +N/+M (layer 7c) and a keyword
// ability (layer 6) until the end of the turn (Overrun); see
// modifyEachUntilEndOfTurn.
func (g *Game) hBoostAndGainEach(a []vm.Value) (vm.Value, error) {
	k, ok := g.lib.keywordOf(a[3])
	if !ok {
		return 0, nil
	}
	g.modifyEachUntilEndOfTurn(g.permanentsInFilter(a[0]), qty(a[1]), qty(a[2]), k, true)
	return 0, nil
}

// hBoostEach gives each permanent a filter describes as the resolving
// spell or ability resolves +N/+M (layer 7c) until the end of the turn
// (Glorious Charge, Trumpet Blast); see modifyEachUntilEndOfTurn.
func (g *Game) hBoostEach(a []vm.Value) (vm.Value, error) {
	g.modifyEachUntilEndOfTurn(g.permanentsInFilter(a[0]), qty(a[1]), qty(a[2]), keywordArg{}, false)
	return 0, nil
}

// hGainEach gives each permanent a filter describes as the resolving
// spell or ability resolves a keyword ability (layer 6) until the end of
// the turn (Burst of Speed); see modifyEachUntilEndOfTurn.
func (g *Game) hGainEach(a []vm.Value) (vm.Value, error) {
	k, ok := g.lib.keywordOf(a[1])
	if !ok {
		return 0, nil
	}
	g.modifyEachUntilEndOfTurn(g.permanentsInFilter(a[0]), 0, 0, k, true)
	return 0, nil
}

// modifyEachUntilEndOfTurn gives each of the permanents +power/+toughness
// (layer 7c) and, if gain is set, the keyword (layer 6) until the end of
// the turn, when the cleanup step ends the effects (CR 514.2). The set of
// objects is the one the caller found as the spell or ability resolves,
// locked in then (CR 611.2c): a creature that comes under its
// controller's control later, or a permanent that becomes a creature
// later, is not affected, and one that stops matching keeps the effect.
// The effects are one effect of one spell, with one timestamp (CR 613.7a).
func (g *Game) modifyEachUntilEndOfTurn(ids []ObjectID, power, toughness int, k keywordArg, gain bool) {
	if len(ids) == 0 {
		return
	}
	ts := g.nextTimestamp()
	for _, id := range ids {
		if power != 0 || toughness != 0 {
			g.effects = append(g.effects,
				ptEffect{object: id, layer: layerModifyPT, power: power, toughness: toughness, timestamp: ts})
		}
		if gain {
			g.effects = append(g.effects, ptEffect{object: id, layer: layerAbility, keyword: k, timestamp: ts})
		}
	}
	g.invalidate()
}

// hPutCountersOnEachAndGain puts counters of a kind on each permanent a
// filter describes, an event for each (CR 122.6), then gives those
// permanents — the set found before any got its counters, locked in
// (CR 611.2c) — a keyword until the end of the turn (Ajani Goldmane's
// "Those creatures gain vigilance until end of turn"). The keyword does
// not depend on the counters: it stays when they are removed.
func (g *Game) hPutCountersOnEachAndGain(a []vm.Value) (vm.Value, error) {
	n, kind := a[0], CounterKind(a[1])
	ids := g.permanentsInFilter(a[2])
	if n > 0 && kind.valid() {
		for _, id := range ids {
			if g.onBattlefield(id) != nil {
				g.propose(Event{Kind: EvCounterPut, Object: id, Counter: kind, Amount: clampInt(int(n))})
			}
		}
	}
	k, ok := g.lib.keywordOf(a[3])
	if !ok {
		return 0, nil
	}
	var still []ObjectID
	for _, id := range ids {
		if g.onBattlefield(id) != nil {
			still = append(still, id)
		}
	}
	g.modifyEachUntilEndOfTurn(still, 0, 0, k, true)
	return 0, nil
}
