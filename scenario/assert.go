package scenario

import (
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// then checks every assertion of a then block; a failed assertion does
// not stop the others.
func (r *runner) then(s *dsl.Then) {
	for _, a := range s.Stmts {
		r.check(a)
	}
}

var zoneByName = map[string]Zone{"hand": Hand, "graveyard": Graveyard,
	"library": Library, "exile": Exile}

// check checks an assertion. One about a card itself that names it `each
// "NAME"` holds for every card and token with the name, checked for each
// in turn.
func (r *runner) check(a dsl.Assertion) {
	step := stepOf(a)
	if step == nil {
		r.noStep(a)
		return
	}
	var ref *dsl.CardRef
	if step.about != nil {
		ref = step.about(a)
	}
	if ref == nil || !ref.Each || ref.Name == nil {
		step.run(r, a)
		return
	}
	name := dsl.Unquote(*ref.Name)
	var cards []Card
	for _, c := range r.g.CardsNamed(name) {
		if !r.filler[c] {
			cards = append(cards, c)
		}
	}
	if len(cards) == 0 {
		r.failf(ref.Pos, "no card named %q is in the game", name)
		return
	}
	for _, c := range cards {
		r.each[ref] = c
		step.run(r, a)
	}
	delete(r.each, ref)
}

// where says where an object is, for messages.
func (r *runner) where(o Object, in bool) string {
	if !in {
		return "no longer in the game"
	}
	if o.Zone == Battlefield {
		return "on the battlefield"
	}
	owner := "your"
	if o.Owner == Opponent {
		owner = "the opponent's"
	}
	return "in " + owner + " " + string(o.Zone)
}

func objects(n int) string {
	if n == 1 {
		return "object"
	}
	return "objects"
}

func (r *runner) possessive(p Player) string {
	if p == You {
		return "your"
	}
	return "the opponent's"
}

func (r *runner) stackText() string {
	var names []string
	stack := r.g.Stack()
	for i := len(stack) - 1; i >= 0; i-- {
		names = append(names, stack[i])
	}
	return strings.Join(names, "; ")
}

// poolText says what a player's mana pool holds.
func poolText(p Player, pool mana.Amount) string {
	whose := "your"
	if p == Opponent {
		whose = "the opponent's"
	}
	if pool.Total() == 0 {
		return whose + " mana pool is empty"
	}
	return whose + " mana pool holds " + pool.String()
}

// decisions returns the decisions the players made, or reports at p that
// the engine cannot say.
func (r *runner) decisions(p dsl.Pos) ([]Decision, bool) {
	ds, err := r.g.Decisions()
	if err != nil {
		if !r.unsupported(p, err) {
			r.failf(p, "%v", err)
		}
		return nil, false
	}
	return ds, true
}
