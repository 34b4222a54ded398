package scenario

import (
	"slices"
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
)

// script is the Decider of a test: the decisions the test scripted, and
// core.DefaultDecider for the rest.
type script struct {
	core.DefaultDecider
	r *runner
	// attackers and blocks are used by the next declaration.
	attackers []int
	blocks    []blockDecl
	// triggerOrders and replacementOrders are used by the next decisions
	// of their kind, one each, in order: the cards whose triggers (or
	// effects) come first.
	triggerOrders     [][]int
	replacementOrders [][]int
	// targets are the next targets of triggered abilities, in order.
	targets []scriptedTarget
	// choices are the next choices among words or of what to copy, in
	// order.
	choices []scriptedChoice
	// pays are the next decisions of optional costs, in order.
	pays []scriptedPay
}

// scriptedChoice is a choice a test made, and where it says so: a word
// (`choose white`), a card to copy (`choose "Grizzly Bears"`), or nothing
// to copy (`choose nothing`).
type scriptedChoice struct {
	word    string
	card    int
	nothing bool
	pos     dsl.Pos
}

// scriptChoice scripts the next choice: a bare word that is no alias of
// the test is a word, anything else a card.
func (r *runner) scriptChoice(a *dsl.ChooseAction) error {
	c := scriptedChoice{nothing: a.Nothing, pos: a.Pos}
	switch {
	case a.Nothing:
	case a.Card.Alias != nil && !r.isAlias(*a.Card.Alias):
		c.word = *a.Card.Alias
	default:
		card, err := r.card(a.Card)
		if err != nil {
			return err
		}
		c.card = card
	}
	r.script.choices = append(r.script.choices, c)
	return nil
}

// nextChoice takes the next scripted choice, if there is one.
func (s *script) nextChoice() (scriptedChoice, bool) {
	if len(s.choices) == 0 {
		return scriptedChoice{}, false
	}
	c := s.choices[0]
	s.choices = s.choices[1:]
	return c, true
}

// Choose takes the next choice the test scripted; a word that is not one
// of the options, or a card, fails the test where it was written. Without
// one, the default decides.
func (s *script) Choose(g *core.Game, p core.PlayerID, source core.ObjectID, what string, options []string) int {
	c, ok := s.nextChoice()
	if !ok {
		return s.DefaultDecider.Choose(g, p, source, what, options)
	}
	for i, o := range options {
		if c.word != "" && strings.EqualFold(o, c.word) {
			return i
		}
	}
	s.r.failf(c.pos, "%s is not a choice %s can make here (%s): the options are %s", choiceString(c), playerWord(p), what, strings.Join(options, ", "))
	return 0
}

// ChooseCopy takes the next choice the test scripted; a card that can't
// be copied, or a word, fails the test where it was written. Without one,
// the default decides.
func (s *script) ChooseCopy(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) core.ObjectID {
	c, ok := s.nextChoice()
	if !ok {
		return s.DefaultDecider.ChooseCopy(g, p, source, options)
	}
	if c.nothing {
		return 0
	}
	for _, id := range options {
		if c.card != 0 && g.Object(id).Card() == c.card {
			return id
		}
	}
	s.r.failf(c.pos, "%s can't be copied by %s", choiceString(c), g.Object(source).Name())
	return 0
}

// choiceString is a scripted choice as the test wrote it.
func choiceString(c scriptedChoice) string {
	switch {
	case c.word != "":
		return c.word
	case c.nothing:
		return "nothing"
	}
	return "that permanent"
}

// scriptedPay is a decision of an optional cost a test scripted: who
// decides, whether they pay, and the card they sacrifice (0: any).
type scriptedPay struct {
	player core.PlayerID
	pay    bool
	card   int
	pos    dsl.Pos
}

// PayOptionalCost takes the next decision the test scripted; one scripted
// for the other player, or sacrificing a card that can't be, fails the
// test where it was written. Without one, the default declines.
func (s *script) PayOptionalCost(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) (bool, core.ObjectID) {
	if len(s.pays) == 0 {
		return s.DefaultDecider.PayOptionalCost(g, p, source, options)
	}
	d := s.pays[0]
	s.pays = s.pays[1:]
	if d.player != p {
		s.r.failf(d.pos, "the decision is %s's, for %s", playerWord(p), g.Object(source).Name())
		return false, 0
	}
	if !d.pay {
		return false, 0
	}
	if d.card == 0 {
		return true, options[0]
	}
	for _, id := range options {
		if g.Object(id).Card() == d.card {
			return true, id
		}
	}
	s.r.failf(d.pos, "that card can't be sacrificed to pay for %s", g.Object(source).Name())
	return false, 0
}

// scriptedTarget is a target a test chose, and where it says so.
type scriptedTarget struct {
	value vm.Value
	pos   dsl.Pos
}

// ChooseTarget takes the next target the test chose; an illegal one fails
// the test where it was written. Without one, the default decides.
func (s *script) ChooseTarget(g *core.Game, p core.PlayerID, item *core.StackItem, i int, legal []vm.Value) vm.Value {
	if len(s.targets) == 0 {
		return s.DefaultDecider.ChooseTarget(g, p, item, i, legal)
	}
	t := s.targets[0]
	s.targets = s.targets[1:]
	if !slices.Contains(legal, t.value) {
		s.r.failf(t.pos, "%s is not a legal target for %s", g.ValueName(t.value), item.Name())
	}
	return t.value
}

// involves reports whether an event involves any object of a card.
func (s *script) involves(ev *core.Event, card int) bool {
	for _, id := range s.objectsOf(card) {
		if ev.Involves(id) {
			return true
		}
	}
	return false
}

// objectsOf lists every object a physical card has been.
func (s *script) objectsOf(card int) []core.ObjectID {
	var out []core.ObjectID
	for id := core.ObjectID(1); ; id++ {
		o := s.r.g.Object(id)
		if o == nil {
			return out
		}
		if o.Card() == card {
			out = append(out, id)
		}
	}
}

// OrderTriggers puts first the triggers whose event involves the scripted
// cards, in the scripted order; the others follow in the default order.
func (s *script) OrderTriggers(g *core.Game, p core.PlayerID, ts []core.TriggerChoice) []int {
	if len(s.triggerOrders) == 0 {
		return s.DefaultDecider.OrderTriggers(g, p, ts)
	}
	cards := s.triggerOrders[0]
	s.triggerOrders = s.triggerOrders[1:]
	var order []int
	used := make([]bool, len(ts))
	for _, c := range cards {
		for i := range ts {
			if !used[i] && s.involves(&ts[i].Event, c) && !s.isSource(ts[i].Source, c, ts) {
				order = append(order, i)
				used[i] = true
				break
			}
		}
	}
	for i := range ts {
		if !used[i] {
			order = append(order, i)
		}
	}
	return order
}

// ordered reports whether triggers, in the order they resolve, begin with
// triggers involving the cards, in their order, as OrderTriggers reads a
// scripted order.
func (s *script) ordered(ts []core.TriggerChoice, cards []int) bool {
	if len(cards) > len(ts) {
		return false
	}
	for i, c := range cards {
		if !s.involves(&ts[i].Event, c) || s.isSource(ts[i].Source, c, ts) {
			return false
		}
	}
	return true
}

// isSource reports whether a card is the source of every trigger, in
// which case it distinguishes none of them (the triggers of Engulfing
// Slagwurm all involve the Slagwurm).
func (s *script) isSource(src core.ObjectID, card int, ts []core.TriggerChoice) bool {
	o := s.r.g.Object(src)
	if o == nil || o.Card() != card {
		return false
	}
	for _, t := range ts {
		if t.Source != src {
			return false
		}
	}
	return len(ts) > 1
}

// ChooseReplacement applies first the effect of the first scripted card
// that has one.
func (s *script) ChooseReplacement(g *core.Game, p core.PlayerID, ev core.Event, options []core.ReplacementChoice) int {
	if len(s.replacementOrders) == 0 {
		return s.DefaultDecider.ChooseReplacement(g, p, ev, options)
	}
	cards := s.replacementOrders[0]
	s.replacementOrders = s.replacementOrders[1:]
	for _, c := range cards {
		for i, o := range options {
			if obj := g.Object(o.Source); obj != nil && obj.Card() == c {
				return i
			}
		}
	}
	return 0
}

// DeclareAttackers declares the attackers the test named.
func (s *script) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	var out []core.ObjectID
	for _, c := range s.attackers {
		if o := g.CurrentObject(c); o != nil {
			out = append(out, o.ID())
		}
	}
	s.attackers = nil
	return out
}

// DeclareBlockers declares the blocks the test named.
func (s *script) DeclareBlockers(g *core.Game, p core.PlayerID) []core.Block {
	var out []core.Block
	for _, b := range s.blocks {
		bl, at := g.CurrentObject(b.blocker), g.CurrentObject(b.attacker)
		if bl != nil && at != nil {
			out = append(out, core.Block{Blocker: bl.ID(), Attacker: at.ID()})
		}
	}
	s.blocks = nil
	return out
}
