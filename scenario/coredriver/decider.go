package coredriver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// decider is the core.Decider of a test: the decisions the test scripted,
// and core.DefaultDecider for the rest.
type decider struct {
	core.DefaultDecider
	g *game
	s *scenario.Script
	// attackers and blocks are used by the next declaration, if the test
	// declared it (attacking, blocking); otherwise the rules core's
	// default declares what the requirements of combat make (CR 508.1d,
	// 509.1c).
	attackers           []scenario.Card
	blocks              []scenario.Block
	attacking, blocking bool
}

// Choose takes the next choice the test scripted; a word that is not one
// of the options, or a card, fails the test where it was written. Without
// one, the default decides.
func (d *decider) Choose(g *core.Game, p core.PlayerID, source core.ObjectID, what string, options []string) int {
	c, ok := d.s.NextChoice()
	if !ok {
		return d.DefaultDecider.Choose(g, p, source, what, options)
	}
	for i, o := range options {
		if c.Word != "" && strings.EqualFold(o, c.Word) {
			return i
		}
	}
	if what == core.CardNameChoice {
		// The options are the names of every card of the library.
		d.s.Failf(c.Pos, "%q is not the name of a card of the library, and a card name is chosen here (CR 201.4)", c.Word)
		return 0
	}
	d.s.Failf(c.Pos, "%s is not a choice %s can make here (%s): the options are %s", c, scenario.PlayerWord(scenario.Player(p)), what, strings.Join(options, ", "))
	return 0
}

// ChooseNewTargets takes the next decision of new targets the test
// scripted for a copy of a spell: one scripted for the other player, a
// number of targets other than the copy's, or a target that is neither
// the one it has nor another legal one, fails the test where it was
// written (and the copy keeps its targets). Without one, the default
// keeps them.
func (d *decider) ChooseNewTargets(g *core.Game, p core.PlayerID, item *core.StackItem, current []vm.Value, others [][]vm.Value) []vm.Value {
	nt, ok := d.s.NextNewTargets()
	if !ok {
		return d.DefaultDecider.ChooseNewTargets(g, p, item, current, others)
	}
	if nt.Player != scenario.Player(p) {
		d.s.Failf(nt.Pos, "the decision is %s's, for the copy of %s", scenario.PlayerWord(scenario.Player(p)), item.Name())
		return current
	}
	if nt.Keep {
		return current
	}
	if len(nt.Targets) != len(current) {
		d.s.Failf(nt.Pos, "the copy of %s has %d target(s), not %d", item.Name(), len(current), len(nt.Targets))
		return current
	}
	out := make([]vm.Value, len(current))
	for i, t := range nt.Targets {
		v := d.g.value(t)
		if v != current[i] && !slices.Contains(others[i], v) {
			d.s.Failf(nt.Pos, "%s is not a legal new target for the copy of %s", g.ValueName(v), item.Name())
			return current
		}
		out[i] = v
	}
	return out
}

// ChooseCopy takes the next choice the test scripted; a card that can't
// be copied, or a word, fails the test where it was written. Without one,
// the default decides.
func (d *decider) ChooseCopy(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) core.ObjectID {
	c, ok := d.s.NextChoice()
	if !ok {
		return d.DefaultDecider.ChooseCopy(g, p, source, options)
	}
	if c.Nothing {
		return 0
	}
	if id, ok := scriptedOption(g, c.Card, options); ok {
		return id
	}
	d.s.Failf(c.Pos, "%s can't be copied by %s", c, g.Object(source).Name())
	return 0
}

// ChooseSource takes the next choice the test scripted; a card that is
// not a source the ability lets its controller choose, or a word, fails
// the test where it was written. Without one, the default decides.
func (d *decider) ChooseSource(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) core.ObjectID {
	c, ok := d.s.NextChoice()
	if !ok {
		return d.DefaultDecider.ChooseSource(g, p, source, options)
	}
	if id, ok := scriptedOption(g, c.Card, options); ok {
		return id
	}
	d.s.Failf(c.Pos, "%s is not a source %s can choose for %s", c, scenario.PlayerWord(scenario.Player(p)), g.Object(source).Name())
	return options[0]
}

// RemoveCounterFrom takes the next choice the test scripted (`choose
// "Grizzly Bears"`); a permanent that can't pay for the counter, or a
// word, fails the test where it was written. Without one, the default
// decides.
func (d *decider) RemoveCounterFrom(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) core.ObjectID {
	c, ok := d.s.NextChoice()
	if !ok {
		return d.DefaultDecider.RemoveCounterFrom(g, p, source, options)
	}
	if id, ok := scriptedOption(g, c.Card, options); ok {
		return id
	}
	d.s.Failf(c.Pos, "%s can't have a counter removed from it to pay for %s", c, g.Object(source).Name())
	return options[0]
}

// PayOptionalCost takes the next decision the test scripted; one scripted
// for the other player, or sacrificing a card that can't be, fails the
// test where it was written. Without one, the default declines.
func (d *decider) PayOptionalCost(g *core.Game, p core.PlayerID, source core.ObjectID, options []core.ObjectID) (bool, core.ObjectID) {
	pay, ok := d.s.NextPay()
	if !ok {
		return d.DefaultDecider.PayOptionalCost(g, p, source, options)
	}
	if pay.Player != scenario.Player(p) {
		d.s.Failf(pay.Pos, "the decision is %s's, for %s", scenario.PlayerWord(scenario.Player(p)), g.Object(source).Name())
		return false, 0
	}
	if !pay.Pay {
		return false, 0
	}
	if pay.Card == 0 {
		if len(options) == 0 {
			return true, 0 // a payment of mana alone
		}
		return true, options[0]
	}
	if id, ok := scriptedOption(g, pay.Card, options); ok {
		return true, id
	}
	d.s.Failf(pay.Pos, "that card can't be sacrificed to pay for %s", g.Object(source).Name())
	return false, 0
}

// ChooseTarget takes the next target the test chose; an illegal one, or
// several, fails the test where it was written. Without one, the default
// decides.
func (d *decider) ChooseTarget(g *core.Game, p core.PlayerID, item *core.StackItem, i int, legal []vm.Value) vm.Value {
	t, ok := d.s.NextTarget()
	if !ok {
		return d.DefaultDecider.ChooseTarget(g, p, item, i, legal)
	}
	if len(t.Targets) != 1 {
		d.s.Failf(t.Pos, "%s has one target here, and the test names %d", item.Name(), len(t.Targets))
		return d.DefaultDecider.ChooseTarget(g, p, item, i, legal)
	}
	v := d.g.value(t.Target)
	if !slices.Contains(legal, v) {
		d.s.Failf(t.Pos, "%s is not a legal target for %s", g.ValueName(v), item.Name())
	}
	return v
}

// ChooseTargets takes the next targets the test chose (`target "A",
// "B"`, `target nothing`): one that is not legal, or too few or too many,
// fails the test where it was written. Without them, the default
// decides.
func (d *decider) ChooseTargets(g *core.Game, p core.PlayerID, item *core.StackItem, i int, legal []vm.Value, lo, hi int) []vm.Value {
	t, ok := d.s.NextTarget()
	if !ok {
		return d.DefaultDecider.ChooseTargets(g, p, item, i, legal, lo, hi)
	}
	var out []vm.Value
	for _, tt := range t.Targets {
		v := d.g.value(tt)
		if !slices.Contains(legal, v) {
			d.s.Failf(t.Pos, "%s is not a legal target for %s", g.ValueName(v), item.Name())
			return d.DefaultDecider.ChooseTargets(g, p, item, i, legal, lo, hi)
		}
		out = append(out, v)
	}
	if len(out) < lo || hi != int(vm.AnyNumber) && len(out) > hi {
		most := "any number"
		if hi != int(vm.AnyNumber) {
			most = fmt.Sprint(hi)
		}
		d.s.Failf(t.Pos, "%s chooses %d to %s targets here, and the test names %d", item.Name(), lo, most, len(out))
		return d.DefaultDecider.ChooseTargets(g, p, item, i, legal, lo, hi)
	}
	return out
}

// Divide takes the next division the test scripted (`divide 4 to "A", 1
// to opponent`): one that names other targets than those chosen, or that
// does not add up to the amount, fails the test where it was written.
// Without one, the default decides.
func (d *decider) Divide(g *core.Game, p core.PlayerID, item *core.StackItem, i int, chosen []vm.Value, amount int) []int {
	div, ok := d.s.NextDivision()
	if !ok {
		return d.DefaultDecider.Divide(g, p, item, i, chosen, amount)
	}
	out := make([]int, len(chosen))
	sum := 0
	for j, t := range div.Targets {
		k := slices.Index(chosen, d.g.value(t))
		if k < 0 {
			d.s.Failf(div.Pos, "%s is not a target %s divides among", g.ValueName(d.g.value(t)), item.Def.Name)
			return d.DefaultDecider.Divide(g, p, item, i, chosen, amount)
		}
		out[k] = div.Amounts[j]
		sum += div.Amounts[j]
	}
	for k, n := range out {
		if n == 0 {
			d.s.Failf(div.Pos, "the division gives %s nothing: each target is assigned at least 1 (CR 601.2d)", g.ValueName(chosen[k]))
			return d.DefaultDecider.Divide(g, p, item, i, chosen, amount)
		}
	}
	if sum != amount {
		d.s.Failf(div.Pos, "the division adds up to %d, and %s divides %d (CR 601.2d)", sum, item.Def.Name, amount)
		return d.DefaultDecider.Divide(g, p, item, i, chosen, amount)
	}
	return out
}

// DivideAmong takes the next division the test scripted (`divide 2 to
// "A", 1 to "B"`) for an amount divided as an ability resolves among
// objects that are not its targets (Master of the Wild Hunt's Wolves):
// one that names an object that is not among the options, or that does
// not add up to the amount, fails the test where it was written. The
// options it does not name get nothing. Without one, the default
// decides.
func (d *decider) DivideAmong(g *core.Game, p core.PlayerID, source, damager core.ObjectID, amount int, options []core.ObjectID) []int {
	div, ok := d.s.NextDivision()
	if !ok {
		return d.DefaultDecider.DivideAmong(g, p, source, damager, amount, options)
	}
	out := make([]int, len(options))
	sum := 0
	for j, t := range div.Targets {
		v := d.g.value(t)
		id, isObject := core.ValueObject(v)
		k := slices.Index(options, id)
		if !isObject || k < 0 {
			names := make([]string, len(options))
			for i, o := range options {
				names[i] = g.ValueName(core.ObjectValue(o))
			}
			d.s.Failf(div.Pos, "%s is not one of those %s's damage is divided among: %s", g.ValueName(v), g.ValueName(core.ObjectValue(damager)), strings.Join(names, ", "))
			return d.DefaultDecider.DivideAmong(g, p, source, damager, amount, options)
		}
		out[k] = div.Amounts[j]
		sum += div.Amounts[j]
	}
	if sum != amount {
		d.s.Failf(div.Pos, "the division adds up to %d, and %s divides %d", sum, g.ValueName(core.ObjectValue(damager)), amount)
		return d.DefaultDecider.DivideAmong(g, p, source, damager, amount, options)
	}
	return out
}

// ChooseModes takes the next modes the test chose (`choose mode 2`): a
// mode the spell or ability lacks, or a number of modes it can't choose,
// fails the test where it was written. Without them, the default
// decides.
func (d *decider) ChooseModes(g *core.Game, p core.PlayerID, item *core.StackItem, lo, hi, n int) []int {
	m, ok := d.s.NextModes()
	if !ok {
		return d.DefaultDecider.ChooseModes(g, p, item, lo, hi, n)
	}
	for _, k := range m.Modes {
		if k < 1 || k > n {
			d.s.Failf(m.Pos, "%s has no mode %d (its modes are 1 to %d)", item.Def.Name, k, n)
			return d.DefaultDecider.ChooseModes(g, p, item, lo, hi, n)
		}
	}
	if len(m.Modes) < lo || len(m.Modes) > hi {
		d.s.Failf(m.Pos, "%s chooses %d to %d modes, and the test names %d", item.Def.Name, lo, hi, len(m.Modes))
		return d.DefaultDecider.ChooseModes(g, p, item, lo, hi, n)
	}
	return m.Modes
}

// OrderTriggers puts first the triggers whose event involves the scripted
// cards, in the scripted order (see scenario.TriggerOrder); the others
// follow in the default order.
func (d *decider) OrderTriggers(g *core.Game, p core.PlayerID, ts []core.TriggerChoice) []int {
	cards, ok := d.s.NextTriggerOrder()
	if !ok {
		return d.DefaultDecider.OrderTriggers(g, p, ts)
	}
	return scenario.TriggerOrder(d.g.triggers(ts), cards)
}

// ChooseReplacement applies first the effect of the first scripted card
// that has one.
func (d *decider) ChooseReplacement(g *core.Game, p core.PlayerID, ev core.Event, options []core.ReplacementChoice) int {
	cards, ok := d.s.NextReplacementOrder()
	if !ok {
		return d.DefaultDecider.ChooseReplacement(g, p, ev, options)
	}
	for _, c := range cards {
		for i, o := range options {
			if c == scenario.Protection && o.Text == core.ProtectionText {
				return i
			}
			if obj := g.Object(o.Source); obj != nil && obj.Card() == int(c) {
				return i
			}
		}
	}
	return 0
}

// DeclareAttackers declares the attackers the test named; if it named
// none for this combat, the default.
func (d *decider) DeclareAttackers(g *core.Game, p core.PlayerID) []core.ObjectID {
	if !d.attacking {
		return d.DefaultDecider.DeclareAttackers(g, p)
	}
	d.attacking = false
	var out []core.ObjectID
	for _, c := range d.attackers {
		if o := g.CurrentObject(int(c)); o != nil {
			out = append(out, o.ID())
		}
	}
	d.attackers = nil
	return out
}

// DeclareBlockers declares the blocks the test named; if it named none
// for this combat, the default.
func (d *decider) DeclareBlockers(g *core.Game, p core.PlayerID) []core.Block {
	if !d.blocking {
		return d.DefaultDecider.DeclareBlockers(g, p)
	}
	d.blocking = false
	var out []core.Block
	for _, b := range d.blocks {
		bl, at := g.CurrentObject(int(b.Blocker)), g.CurrentObject(int(b.Attacker))
		if bl != nil && at != nil {
			out = append(out, core.Block{Blocker: bl.ID(), Attacker: at.ID()})
		}
	}
	d.blocks = nil
	return out
}

// scriptedOption finds, among the options of a decision, the object of the
// card a test named in its script (0: none named).
func scriptedOption(g *core.Game, card scenario.Card, options []core.ObjectID) (core.ObjectID, bool) {
	for _, id := range options {
		if card != 0 && g.Object(id).Card() == int(card) {
			return id, true
		}
	}
	return 0, false
}

// ChooseObject takes the next choice the test scripted (`choose "Grizzly
// Bears"`): the permanent a player sacrifices, the card they have another
// player discard, the legendary permanent they keep, what an Aura
// enchants. A card that is not one of the options, or a word, fails the
// test where it was written. Without one, the default decides.
func (d *decider) ChooseObject(g *core.Game, p core.PlayerID, what string, options []core.ObjectID) core.ObjectID {
	c, ok := d.s.NextChoice()
	if !ok {
		return d.DefaultDecider.ChooseObject(g, p, what, options)
	}
	if id, ok := scriptedOption(g, c.Card, options); ok {
		return id
	}
	d.s.Failf(c.Pos, "%s is not what %s can choose %s here", choiceName(g, c), scenario.PlayerWord(scenario.Player(p)), what)
	return options[0]
}

// Discard takes the next choice of cards to discard the test scripted
// (`opponent chooses "Shock" to discard`); one scripted for the other
// player, of another number of cards, or of a card not in the hand, fails
// the test where it was written. Without one, the default decides.
func (d *decider) Discard(g *core.Game, p core.PlayerID, n int) []core.ObjectID {
	s, ok := d.s.NextDiscard()
	if !ok {
		return d.DefaultDecider.Discard(g, p, n)
	}
	if s.Player != scenario.Player(p) {
		d.s.Failf(s.Pos, "the choice of what to discard is %s's", scenario.PlayerWord(scenario.Player(p)))
		return d.DefaultDecider.Discard(g, p, n)
	}
	if len(s.Cards) != n {
		d.s.Failf(s.Pos, "%s discards %d %s here, not %d", scenario.PlayerWord(scenario.Player(p)), n, plural(n, "card", "cards"), len(s.Cards))
		return d.DefaultDecider.Discard(g, p, n)
	}
	hand := g.Player(p).Hand
	var out []core.ObjectID
	for _, c := range s.Cards {
		id, ok := scriptedOption(g, c, hand)
		if !ok || slices.Contains(out, id) {
			d.s.Failf(s.Pos, "a card chosen to discard is not in %s hand", scenario.PlayerWord(scenario.Player(p))+"'s")
			return d.DefaultDecider.Discard(g, p, n)
		}
		out = append(out, id)
	}
	return out
}

// ChooseCards takes the next choices the test scripted, one card each
// (`choose "Forest"`), until `choose nothing` or as many as the effect
// may choose; a card that is not one of the cards of the zone that fit,
// or a word, fails the test where it was written. When the script runs
// out before, the default makes the rest of the choice; without a script,
// all of it.
func (d *decider) ChooseCards(g *core.Game, p core.PlayerID, source core.ObjectID, what string, zone []core.ObjectID, fits func(core.ObjectID) bool, min, max int) []core.ObjectID {
	var out []core.ObjectID
	for len(out) < max {
		c, ok := d.s.NextChoice()
		if !ok {
			rest := func(id core.ObjectID) bool { return fits(id) && !slices.Contains(out, id) }
			return append(out, d.DefaultDecider.ChooseCards(g, p, source, what, zone, rest, 0, max-len(out))...)
		}
		if c.Nothing {
			return out
		}
		o := g.CurrentObject(int(c.Card))
		if c.Word != "" || o == nil || !slices.Contains(zone, o.ID()) || !fits(o.ID()) || slices.Contains(out, o.ID()) {
			name := c.String()
			if o != nil {
				name = fmt.Sprintf("%q (in %s)", o.Name(), o.Zone())
			}
			d.s.Failf(c.Pos, "%s is not a card %s can choose (%s, for %s)", name, scenario.PlayerWord(scenario.Player(p)), what, g.Object(source).Name())
			return out
		}
		out = append(out, o.ID())
	}
	return out
}

// ChooseAtRandom is chance as the test scripted it (`choose at random
// "Shock"`): those cards, which must be as many as chance picks and among
// those it picks from, or the test fails where it was written. Without
// one, the default draws from the game's seed.
func (d *decider) ChooseAtRandom(g *core.Game, p core.PlayerID, what string, options []core.ObjectID, n int) []core.ObjectID {
	s, ok := d.s.NextRandom()
	if !ok {
		return d.DefaultDecider.ChooseAtRandom(g, p, what, options, n)
	}
	if len(s.Cards) != n {
		d.s.Failf(s.Pos, "chance picks %d %s here (%s), not %d", n, plural(n, "card", "cards"), what, len(s.Cards))
		return d.DefaultDecider.ChooseAtRandom(g, p, what, options, n)
	}
	var out []core.ObjectID
	for _, c := range s.Cards {
		id, ok := scriptedOption(g, c, options)
		if !ok || slices.Contains(out, id) {
			d.s.Failf(s.Pos, "chance picks %s's cards %s here, and %s is not one of them", scenario.PlayerWord(scenario.Player(p)), what, cardName(g, c))
			return d.DefaultDecider.ChooseAtRandom(g, p, what, options, n)
		}
		out = append(out, id)
	}
	return out
}

// plural is one or many as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cardName names the card a test scripted, for messages.
func cardName(g *core.Game, c scenario.Card) string {
	if o := g.CurrentObject(int(c)); o != nil {
		return fmt.Sprintf("%q", o.Name())
	}
	return "that card"
}

// choiceName names what a test scripted as a choice, for messages: the
// card's name, or the word.
func choiceName(g *core.Game, c scenario.ScriptedChoice) string {
	if c.Card != 0 {
		return cardName(g, c.Card)
	}
	return c.String()
}

// OrderCards puts first the cards the test scripted (`order cards
// "Island", "Forest"`), in that order, the first on top; the others follow
// in the default order. A card that is not one of those to order fails the
// test where it was written.
func (d *decider) OrderCards(g *core.Game, p core.PlayerID, source core.ObjectID, what string, cards []core.ObjectID) []core.ObjectID {
	order, ok := d.s.NextCardOrder()
	if !ok {
		return d.DefaultDecider.OrderCards(g, p, source, what, cards)
	}
	var out []core.ObjectID
	for _, c := range order.Cards {
		o := g.CurrentObject(int(c))
		if o == nil || !slices.Contains(cards, o.ID()) || slices.Contains(out, o.ID()) {
			name := "that card"
			if o != nil {
				name = fmt.Sprintf("%q", o.Name())
			}
			d.s.Failf(order.Pos, "%s is not one of the cards %s orders (%s, for %s)", name, scenario.PlayerWord(scenario.Player(p)), what, g.Object(source).Name())
			return d.DefaultDecider.OrderCards(g, p, source, what, cards)
		}
		out = append(out, o.ID())
	}
	for _, id := range cards {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
