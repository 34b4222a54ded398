package core

import "github.com/cardc/cardc/vm"

// A move records that an object became a new object in another zone
// (CR 400.7): the spell or ability whose effect or cost moved it, or the
// ability that triggered on the move, may find the new object.
type move struct{ from, to ObjectID }

// maxFindSteps bounds how far find follows an object from zone to zone
// within one effect; each step is a move the effect itself made.
const maxFindSteps = 64

// publicZone reports whether a zone is public (CR 400.2): the battlefield,
// graveyards, the stack, exile and the command zone. Libraries and hands
// are hidden: nothing can find a card there (CR 400.7).
func publicZone(z Zone) bool { return z != ZoneLibrary && z != ZoneHand }

// recordMove notes, for the spell or ability that is being paid for or is
// resolving, that an object it moved became o's successor n (CR 400.7j):
// the rest of its effect can find n, if n is in a public zone.
func (g *Game) recordMove(o, n *Object) {
	if g.finding != nil && publicZone(n.zone) {
		*g.finding = append(*g.finding, move{o.id, n.id})
	}
}

// find follows an object that left its zone to the object it became, as
// far as the rules let a spell or ability find it (CR 400.7): an ability
// that triggered on the move finds the object in the zone it moved to
// (CR 400.7e), and the rest of an effect — or the effect of a spell or
// ability whose cost moved the object — finds what that effect or cost
// moved to a public zone (CR 400.7j). The moves it may follow are finds,
// the record of the resolving spell or ability. It returns o itself when
// there is nowhere to follow it; an action on an object that left then
// does nothing.
func (g *Game) find(o *Object, finds []move) *Object {
	for steps := 0; o != nil && o.left && o.next != 0 && steps < maxFindSteps; steps++ {
		found := false
		for _, m := range finds {
			if m.from == o.id && m.to == o.next {
				found = true
				break
			}
		}
		if !found {
			break
		}
		n := g.Object(o.next)
		if n == nil || !publicZone(n.zone) {
			break
		}
		o = n
	}
	return o
}

// findArgs replaces, in the arguments of an action that resolves, each
// object (a parameter the vocabulary types object or target, bit i of
// mask) that left its zone by the object it became, where the resolving
// spell or ability can find it (see find). It writes into buf and returns
// the arguments to use.
func (g *Game) findArgs(args []vm.Value, mask uint8, buf *[vm.MaxArity]vm.Value) []vm.Value {
	if g.finding == nil || len(*g.finding) == 0 {
		return args
	}
	out, copied := args, false
	for i, v := range args {
		if i >= 8 || mask&(1<<i) == 0 {
			continue
		}
		o := g.valueObject(v)
		if o == nil || !o.left {
			continue
		}
		n := g.find(o, *g.finding)
		if n == o {
			continue
		}
		if !copied {
			out, copied = buf[:copy(buf[:], args)], true
		}
		out[i] = ObjectValue(n.id)
	}
	return out
}

// withFinding runs f with the record of moves of a spell or ability (its
// finds) as the one the game adds to and follows, then restores the one
// before: a mana ability may resolve while another ability is paid for.
func (g *Game) withFinding(finds *[]move, f func()) {
	saved := g.finding
	g.finding = finds
	defer func() { g.finding = saved }()
	f()
}

// triggerFinds is what a triggered ability can find: what the ability that
// created it could (a delayed or reflexive trigger's creator), and, when it
// triggered on an object moving, the object it became (CR 400.7e).
func triggerFinds(inherited []move, ev *Event) []move {
	var out []move
	if len(inherited) > 0 {
		out = append(out, inherited...)
	}
	if ev.Kind == EvZoneChange && ev.moved != 0 {
		out = append(out, move{ev.Object, ev.moved})
	}
	return out
}

// findingNow is a copy of the moves the running spell or ability may
// follow, for a delayed or reflexive triggered ability it creates: "exile
// it, then return it at the beginning of the next end step" finds the card
// in exile (CR 400.7j, 603.7).
func (g *Game) findingNow() []move {
	if g.finding == nil || len(*g.finding) == 0 {
		return nil
	}
	return append([]move(nil), *g.finding...)
}
