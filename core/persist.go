package core

import "github.com/cardc/cardc/vm"

// hReturnWithCounter puts a card onto the battlefield under its owner's
// control with a counter on it (CR 122.6, 614.1c): persist's "return it to
// the battlefield under its owner's control with a -1/-1 counter on it"
// (CR 702.79a). The ability that triggered on the object leaving the
// battlefield finds the object it became in a public zone (CR 400.7e, done
// by Call: find.go); one that has moved again since, or a token, which
// ceased to exist (CR 111.7), is not returned.
func (g *Game) hReturnWithCounter(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil || o.left || o.token || o.zone == ZoneBattlefield || o.zone == ZoneStack {
		return 0, nil
	}
	ev := Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneBattlefield, Player: o.owner}
	ev.enterWith = []counterCount{{CounterKind(a[1]), 1}}
	g.propose(ev)
	return 0, nil
}
