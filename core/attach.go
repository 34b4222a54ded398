package core

import "github.com/cardc/cardc/vm"

// Equipment (CR 301.5) and attaching (CR 701.3). An Aura is attached as it
// enters (CR 303.4) and is put into its owner's graveyard when it can't
// enchant what it is attached to (sba.go, CR 704.5m); an Equipment enters
// unattached (CR 301.5b), is attached by its equip ability or by an effect
// that says so, and becomes unattached, staying on the battlefield, when
// it can't equip what it is attached to (CR 704.5n).

// equipsLegally reports whether an Equipment may equip a permanent: a
// creature on the battlefield other than itself, without protection from a
// quality of the Equipment (CR 702.16d). An Equipment that is also a
// creature can't equip (CR 301.5c).
func (g *Game) equipsLegally(equipment, t *Object) bool {
	return t != nil && t.zone == ZoneBattlefield && !t.left && t.id != equipment.id &&
		g.isCreature(t) && !g.isCreature(equipment) && !g.protectionRemoves(t, equipment)
}

// illegallyEquipping reports whether an Equipment is attached to a
// permanent it can't equip, or to one that has left the battlefield: it
// becomes unattached (CR 704.5n, 301.5c).
func (g *Game) illegallyEquipping(o *Object) bool {
	return o.def.equipment && o.attachedTo != 0 && !g.equipsLegally(o, g.onBattlefield(o.attachedTo))
}

// unattach moves an Equipment away from what it equips; it stays on the
// battlefield (CR 701.3d).
func (g *Game) unattach(o *Object) {
	o.attachedTo = 0
	g.invalidate()
}

// hShuffleIntoLibrary shuffles a card into its owner's library (CR 701.20).
// In the body of a replacement effect on that card's own move, the move
// goes to the library instead (CR 614.6); elsewhere, the card moves there
// from the zone it is in. A token, or an object that is gone, doesn't move.
func (g *Game) hShuffleIntoLibrary(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || o.left || o.token {
		return 0, nil
	}
	if fr := g.frame(); fr != nil && fr.mode == modeReplace && fr.event != nil &&
		fr.event.Kind == EvZoneChange && fr.event.Object == o.id {
		fr.event.To, fr.event.shuffle = ZoneLibrary, true
		return 0, nil
	}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneLibrary, Player: NoPlayer, shuffle: true})
	return 0, nil
}

// hAttach attaches an Aura or an Equipment to a permanent (CR 701.3a). If
// either is not on the battlefield, if the permanent is one it can't be
// attached to, or if the object is no Aura or Equipment, nothing moves; if
// it is already attached to that permanent, nothing happens (CR 701.3b).
// Otherwise it gets a new timestamp (CR 613.7e, 701.3c).
func (g *Game) hAttach(a []vm.Value) (vm.Value, error) {
	o, t := g.onBattlefield(ObjectID(a[0])), g.onBattlefield(ObjectID(a[1]))
	if o == nil || t == nil || o.attachedTo == t.id {
		return 0, nil
	}
	switch {
	case o.def.equipment:
		if !g.equipsLegally(o, t) {
			return 0, nil
		}
	case o.def.enchant >= 0:
		was := o.attachedTo
		if o.attachedTo = t.id; !g.enchantsLegally(o) {
			o.attachedTo = was
			return 0, nil
		}
	default:
		return 0, nil
	}
	o.attachedTo = t.id
	o.timestamp = g.nextTimestamp()
	g.invalidate()
	return 0, nil
}
