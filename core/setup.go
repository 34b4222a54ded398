package core

import (
	"fmt"
	"math/rand/v2"

	"github.com/cardc/cardc/mana"
)

// Setup arranges a game before it is played, as the given block of a
// scenario test does: it creates cards in zones, and sets life totals,
// counters, damage, whether permanents are tapped, and the step. Nothing
// it does is an event: no triggered ability, replacement effect or
// state-based action sees it (the next action of the game checks
// state-based actions, CR 704.3). Like its Game, a Setup is for one
// goroutine.
type Setup struct{ g *Game }

// Setup returns the set-up API of the game.
func (g *Game) Setup() Setup { return Setup{g} }

// AddCard creates a card of the library in a zone of its owner: no event
// happens. A permanent put onto the battlefield this way has been under
// its controller's control since the turn began (CR 302.6).
func (s Setup) AddCard(name string, owner PlayerID, zone Zone) (*Object, error) {
	g := s.g
	def := g.lib.Card(name)
	if def == nil {
		return nil, fmt.Errorf("no card named %q", name)
	}
	if err := checkPlayer(owner); err != nil {
		return nil, err
	}
	if zone <= ZoneNone || zone >= numZones {
		return nil, fmt.Errorf("no zone %d", zone)
	}
	g.cards++
	o := g.newObject(def, g.cards, owner, zone)
	o.sinceTurn = 0
	g.invalidate()
	return o, nil
}

// SetCounters sets how many counters of a kind are on an object: no event
// happens.
func (s Setup) SetCounters(id ObjectID, k CounterKind, n int) error {
	o, err := s.object(id)
	if err != nil {
		return err
	}
	if !k.valid() {
		return fmt.Errorf("no counter kind %d", k)
	}
	o.addCounters(k, clamp(int64(n))-o.Counters(k))
	s.g.invalidate()
	return nil
}

// SetDamage sets the damage marked on a permanent: no event happens.
func (s Setup) SetDamage(id ObjectID, n int) error {
	o, err := s.object(id)
	if err != nil {
		return err
	}
	o.damage = clamp(int64(n))
	return nil
}

// SetTapped taps or untaps a permanent: no event happens.
func (s Setup) SetTapped(id ObjectID, tapped bool) error {
	o, err := s.object(id)
	if err != nil {
		return err
	}
	o.tapped = tapped
	s.g.invalidate()
	return nil
}

// Attach attaches an Aura or an Equipment on the battlefield to a permanent
// (CR 303.4b, 301.5a): no event happens. Whether the Aura may enchant it,
// or the Equipment equip it, is a state-based action, checked by the next
// action of the game (CR 704.5m, 704.5n). It gets a new timestamp
// (CR 613.7e).
func (s Setup) Attach(aura, to ObjectID) error {
	a, err := s.object(aura)
	if err != nil {
		return err
	}
	t, err := s.object(to)
	if err != nil {
		return err
	}
	if a.zone != ZoneBattlefield || t.zone != ZoneBattlefield {
		return fmt.Errorf("%s and %s must both be on the battlefield", a.Name(), t.Name())
	}
	if a.def.enchant < 0 && !a.def.equipment {
		return fmt.Errorf("%s is neither an Aura with an enchant ability nor an Equipment", a.Name())
	}
	a.attachedTo = t.id
	a.timestamp = s.g.nextTimestamp()
	s.g.invalidate()
	return nil
}

// Seed sets the seed the game's libraries are shuffled from (CR 701.20),
// and the random choices of DefaultDecider are made from (CR 701.8b): the
// same seed shuffles and chooses the same way.
func (s Setup) Seed(seed uint64) {
	s.g.shuffler = rand.New(rand.NewPCG(seed, seed))
	s.g.seed = seed
}

// SetLife sets a player's life total: no event happens.
func (s Setup) SetLife(p PlayerID, life int) error {
	if err := checkPlayer(p); err != nil {
		return err
	}
	s.g.players[p].Life = clamp(int64(life))
	return nil
}

// SetStep puts the game in a step of a player's turn: nothing happens on
// the way, and no step begins.
func (s Setup) SetStep(p PlayerID, st Step) error {
	if err := checkPlayer(p); err != nil {
		return err
	}
	if st < 0 || st >= numSteps {
		return fmt.Errorf("no step %d", st)
	}
	s.g.active, s.g.step, s.g.normalTurn = p, st, p
	return nil
}

// object returns an object that has not left its zone.
func (s Setup) object(id ObjectID) (*Object, error) {
	o := s.g.Object(id)
	if o == nil || o.left {
		return nil, fmt.Errorf("no object %d is in the game", id)
	}
	return o, nil
}

func checkPlayer(p PlayerID) error {
	if p != 0 && p != 1 {
		return fmt.Errorf("no player %d", p)
	}
	return nil
}

// SetPool sets the mana in a player's mana pool: no event happens. The
// pool empties as the step ends (CR 106.4).
func (s Setup) SetPool(p PlayerID, amount mana.Amount) error {
	if err := checkPlayer(p); err != nil {
		return err
	}
	for t, n := range amount {
		amount[t] = clampInt(n) // a quantity: it stops at MaxQuantity
	}
	s.g.players[p].pool = amount
	return nil
}
