package scenario

import (
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// The steps of given: statements that set up the game before it is
// played (see step.go).

// you control "Grizzly Bears" with 1 damage tapped as bears
var _ = given(givenStep[*dsl.ControlStmt]{
	Check: func(c *checker, s *dsl.ControlStmt) { c.specs(s.Cards) },
	Setup: func(r *runner, s *dsl.ControlStmt) error {
		return r.addCards(s.Cards, playerID(s.Player), Battlefield)
	},
})

// opponent has 10 life
var _ = given(givenStep[*dsl.LifeStmt]{
	Setup: func(r *runner, s *dsl.LifeStmt) error {
		return r.setup(s.Pos, r.g.SetLife(playerID(s.Player), s.Life))
	},
})

// you have {G}{G} in your mana pool
var _ = given(givenStep[*dsl.PoolStmt]{
	Check: func(c *checker, s *dsl.PoolStmt) { c.pool(s.Pos, s.Mana) },
	Setup: func(r *runner, s *dsl.PoolStmt) error {
		amount, err := mana.Produced(s.Mana)
		if err == nil {
			err = r.g.SetPool(playerID(s.Player), amount)
		}
		return r.setup(s.Pos, err)
	},
})

// you have "Shock" in hand, in graveyard, in library, in exile; in opening
// hand, and the game begins with the actions of opening hands (CR 103.6).
var _ = given(givenStep[*dsl.ZoneStmt]{
	Check: func(c *checker, s *dsl.ZoneStmt) { c.specs(s.Cards) },
	Setup: func(r *runner, s *dsl.ZoneStmt) error {
		zone := zoneByName[s.Zone]
		if s.Opening {
			zone = Hand
		}
		if err := r.addCards(s.Cards, playerID(s.Player), zone); err != nil {
			return err
		}
		if s.Opening && r.opening == nil {
			// The first statement of an opening hand: the game begins
			// with it (beginGame).
			r.opening = s
		}
		return nil
	},
})

// it is opponent's end step
var _ = given(givenStep[*dsl.StepStmt]{
	Check: func(c *checker, s *dsl.StepStmt) { c.step(s.Pos, s.Step) },
	Setup: func(r *runner, s *dsl.StepStmt) error {
		step, nth, ok := stepFromWords(r.v, s.Step)
		if !ok {
			r.failf(s.Pos, "no step is called %q", strings.Join(s.Step, " "))
			return errStop
		}
		if nth != 0 {
			r.failf(s.Pos, "a test may start in the combat damage step, but not in the %s of two: those come from combat", ordinal(nth))
			return errStop
		}
		return r.setup(s.Pos, r.g.SetStep(playerID(s.Player), step))
	},
})

// your library is "Island", "Forest", 58 cards: the whole pile, from the
// top; the zone must hold nothing yet.
var _ = given(givenStep[*dsl.PileStmt]{
	Check: func(c *checker, s *dsl.PileStmt) { c.pileItems(s.Cards, true) },
	Setup: (*runner).setPile,
})

// specs checks the cards a statement of given puts into the game.
func (c *checker) specs(specs []*dsl.CardSpec) {
	for _, s := range specs {
		c.spec(s)
	}
}

// addCards puts the cards of a statement of given into a player's zone.
func (r *runner) addCards(specs []*dsl.CardSpec, p Player, zone Zone) error {
	for _, c := range specs {
		if err := r.addCard(c, p, zone); err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) addCard(c *dsl.CardSpec, p Player, zone Zone) error {
	name := dsl.Unquote(c.Name)
	card, err := r.g.AddCard(name, p, zone)
	if err := r.setup(c.Pos, err); err != nil {
		return err
	}
	if zone == Library {
		r.library[p] = true
	}
	for _, w := range c.With {
		if w.Damage {
			err = r.g.SetDamage(card, w.Count)
		} else {
			kind := dsl.Unquote(w.Counter)
			if ok, _ := r.v.CounterKind(w.Pos, kind); !ok {
				r.failf(w.Pos, "unknown counter kind %q", w.Counter)
				return errStop
			}
			o, _ := r.g.Object(card)
			err = r.g.SetCounters(card, kind, o.Counters[kind]+w.Count)
		}
		if err := r.setup(w.Pos, err); err != nil {
			return err
		}
	}
	if err := r.setup(c.Pos, r.g.SetTapped(card, c.Tapped)); err != nil {
		return err
	}
	if c.AttachedTo != nil {
		to, err := r.permanent(c.AttachedTo)
		if err != nil {
			return err
		}
		if err := r.setup(c.AttachedTo.Pos, r.g.Attach(card, to)); err != nil {
			return err
		}
	}
	if c.Alias != "" {
		r.aliases[c.Alias] = card
	}
	return nil
}
