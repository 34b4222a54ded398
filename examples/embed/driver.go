package embed

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file connects the engine to the conformance kit: Driver starts a
// game for each scenario test, and kitGame is that game as the kit's
// scenario.Game. The kit names a card by a scenario.Card, which stays the
// same from zone to zone: here the card's id; the engine finds the object
// it is now (card.obj), whose handle is another number, and a new one
// each time the card moves. What the engine does not do returns an error
// wrapping scenario.ErrUnsupported, and the test that needs it is skipped.

// Driver is the scenario.Driver of this engine, with the cards of a
// library.
type Driver struct{ lib *Library }

// NewDriver returns the driver of games with the cards of lib.
func NewDriver(lib *Library) *Driver { return &Driver{lib: lib} }

var (
	_ scenario.Driver  = (*Driver)(nil)
	_ scenario.Effects = (*kitGame)(nil)
)

// NewGame starts a game whose players decide what s scripts.
func (d *Driver) NewGame(s *scenario.Script) (scenario.Game, error) {
	k := &kitGame{s: s}
	k.g = newGame(d.lib, k)
	return k, nil
}

// kitGame is a game as the kit sees it; it is also the game's decider,
// and records the decisions its players make.
type kitGame struct {
	g         *game
	s         *scenario.Script
	decisions []scenario.Decision
}

func unsupported(what string) error { return scenario.Unsupported(what) }

var errGameOver = fmt.Errorf("the game is over: %w", scenario.ErrGameOver)

// action runs an action of a test: it fails after the end of the game,
// settles the game after it, and returns the first error a card's code
// had, as a scenario.FailureError. Its runs share one budget of steps
// (vm.Machine.BeginBudget), so that vm.Machine.MaxSteps bounds the whole
// action, however many runs it takes.
func (k *kitGame) action(f func() error) error {
	g := k.g
	if g.over {
		return errGameOver
	}
	g.err = nil
	g.m.BeginBudget()
	defer g.m.EndBudget()
	err := f()
	if err == nil {
		g.settle()
		if err = g.err; err != nil {
			err = &scenario.FailureError{Err: err}
		}
	}
	if err == nil && g.over {
		return errGameOver
	}
	return err
}

// object returns the object a card is now.
func (k *kitGame) object(c scenario.Card) (*object, error) {
	if c <= 0 || int(c) >= len(k.g.cards) || k.g.cards[c].obj == nil {
		return nil, fmt.Errorf("card %d is not in the game", c)
	}
	return k.g.cards[c].obj, nil
}

func (k *kitGame) permanent(c scenario.Card) (*object, error) {
	o, err := k.object(c)
	if err == nil && o.zone != zoneBattlefield {
		err = fmt.Errorf("%s is not on the battlefield", o.def.Name)
	}
	return o, err
}

// kitCard is the card of an object, 0 for none.
func (k *kitGame) kitCard(h stdhost.Object) scenario.Card {
	if o := k.g.obj(h); o != nil {
		return scenario.Card(o.card.id)
	}
	return 0
}

func (k *kitGame) AddCard(name string, owner scenario.Player, zone scenario.Zone) (scenario.Card, error) {
	def, err := k.g.lib.card(name)
	if err != nil {
		return 0, err
	}
	if zone == scenario.Stack {
		return 0, errors.New("a test cannot put a card on the stack")
	}
	o := k.g.newCard(def, int(owner), string(zone), false)
	o.since = 0 // as if since the game began
	return scenario.Card(o.card.id), nil
}

func (k *kitGame) SetCounters(c scenario.Card, kind string, n int) error {
	o, err := k.permanent(c)
	if err == nil {
		o.counters[kind] = n
	}
	return err
}

func (k *kitGame) SetDamage(c scenario.Card, n int) error {
	o, err := k.permanent(c)
	if err == nil {
		o.damage = n
	}
	return err
}

func (k *kitGame) SetTapped(c scenario.Card, tapped bool) error {
	o, err := k.object(c)
	if err == nil {
		o.tapped = tapped
	}
	return err
}

func (k *kitGame) Attach(c, to scenario.Card) error {
	o, err := k.permanent(c)
	if err != nil {
		return err
	}
	t, err := k.permanent(to)
	if err != nil {
		return err
	}
	if o.enchant() < 0 {
		return unsupported("Equipment")
	}
	o.attachedTo = t.h
	return nil
}

func (k *kitGame) SetLife(p scenario.Player, life int) error {
	k.g.life[p] = life
	return nil
}

func (k *kitGame) SetPool(p scenario.Player, amount mana.Amount) error {
	k.g.pool[p] = amount
	return nil
}

func (k *kitGame) SetStep(active scenario.Player, step string) error {
	i := stepIndex(step)
	if i < 0 {
		return fmt.Errorf("no step is called %q", step)
	}
	k.g.active, k.g.step = int(active), i
	k.g.lastTurn[active] = k.g.turn
	return nil
}

// value is a target as a VM value: the handle of the object a card is
// now, or a player's.
func (k *kitGame) value(t scenario.Target) vm.Value {
	if t.Card == 0 {
		return vm.Value(stdhost.PlayerHandle(int(t.Player)))
	}
	if o, err := k.object(t.Card); err == nil {
		return vm.Value(o.h)
	}
	return 0
}

func (k *kitGame) values(ts []scenario.Target) []vm.Value {
	var out []vm.Value
	for _, t := range ts {
		out = append(out, k.value(t))
	}
	return out
}

func (k *kitGame) DealDamage(source scenario.Card, to scenario.Target, amount int, combat bool) error {
	src, err := k.object(source)
	if err != nil {
		return err
	}
	return k.action(func() error {
		k.g.propose(event{kind: "damage", source: src.h, target: stdhost.Target(k.value(to)), amount: amount, combat: combat})
		return nil
	})
}

// onPermanent proposes an event about a permanent, as a test's action.
func (k *kitGame) onPermanent(c scenario.Card, ev event) error {
	o, err := k.permanent(c)
	if err != nil {
		return err
	}
	ev.object = o.h
	return k.action(func() error {
		k.g.propose(ev)
		return nil
	})
}

func (k *kitGame) PutCounters(c scenario.Card, kind string, n int) error {
	return k.onPermanent(c, event{kind: "counter_put", counter: k.g.name(vm.NameCounter, kind), amount: n})
}

func (k *kitGame) RemoveCounters(c scenario.Card, kind string, n int) error {
	return k.onPermanent(c, event{kind: "counter_removed", counter: k.g.name(vm.NameCounter, kind), amount: n})
}

func (k *kitGame) Destroy(c scenario.Card) error { return k.onPermanent(c, event{kind: "destroy"}) }

// Effect performs the actions on one permanent that this engine does, as
// an effect does: a sacrifice is a zone change to its owner's graveyard,
// not a destruction, so a regeneration shield does not replace it
// (CR 701.17a); tapping and untapping turn it (CR 701.21). kitGame
// implements scenario.Effects.
func (k *kitGame) Effect(action string, c scenario.Card) error {
	o, err := k.permanent(c)
	if err != nil {
		return err
	}
	switch action {
	case "sacrifice":
		return k.action(func() error {
			k.g.move(o, zoneGraveyard)
			return nil
		})
	case "tap", "untap":
		return k.action(func() error {
			o.tapped = action == "tap"
			return nil
		})
	}
	return unsupported(action)
}

func (k *kitGame) Cast(p scenario.Player, c scenario.Card, x int, targets []scenario.Target) error {
	o, err := k.object(c)
	if err != nil {
		return err
	}
	return k.action(func() error { return k.g.cast(int(p), o, x, k.values(targets)) })
}

func (k *kitGame) ActivatedAbilities(c scenario.Card) ([]scenario.Ability, error) {
	o, err := k.permanent(c)
	if err != nil {
		return nil, err
	}
	var out []scenario.Ability
	for _, in := range k.g.activatedAbilities(o) {
		out = append(out, scenario.Ability{Mana: in.ability().Flags&vm.FlagMana != 0})
	}
	return out, nil
}

// Activate activates an ability. The abilities this engine activates have
// no X and no costs paid with chosen objects.
func (k *kitGame) Activate(a scenario.Activation) error {
	o, err := k.permanent(a.Source)
	if err != nil {
		return err
	}
	abs := k.g.activatedAbilities(o)
	switch {
	case a.Ability < 0 || a.Ability >= len(abs):
		return fmt.Errorf("%s has no activated ability %d", o.def.Name, a.Ability+1)
	case a.X != 0 || len(a.Choices) > 0:
		return fmt.Errorf("%s's ability has no X and no cost to choose objects for", o.def.Name)
	}
	return k.action(func() error { return k.g.activate(int(a.Player), o, abs[a.Ability], k.values(a.Targets)) })
}

// TapForMana activates the {T} mana ability of a permanent.
func (k *kitGame) TapForMana(p scenario.Player, c scenario.Card, t mana.Type) error {
	o, err := k.permanent(c)
	if err != nil {
		return err
	}
	abs := k.g.manaAbilities(o)
	if len(abs) == 0 {
		return fmt.Errorf("%s has no {T} mana ability", o.def.Name)
	}
	in := abs[0]
	if t >= 0 {
		// Learn what each ability would add, with no effect, as the
		// automatic payment does: one that can't make the type chosen is
		// no mana ability the permanent has for it (CR 605.1a).
		i := slices.IndexFunc(abs, func(in instance) bool { return k.g.wouldAdd(in, int(p))[t] > 0 })
		if i < 0 {
			return &scenario.RuleError{Rule: "605.1a", Err: fmt.Errorf("%s has no mana ability that adds %s (CR 605.1a)", o.def.Name, t)}
		}
		in = abs[i]
	}
	return k.action(func() error { return k.g.activate(int(p), o, in, nil) })
}

func (k *kitGame) ResolveTop() error { return k.action(k.g.resolveTop) }

func (k *kitGame) ResolveAll() error { return k.action(k.g.resolveAll) }

// advance passes priority, resolving the stack, until a step begins: the
// first one that is step, or the first of the next turn.
func (k *kitGame) advance(step string, attackers []*object, blocks [][2]*object) error {
	target := stepIndex(step)
	if target < 0 && step != "" {
		return fmt.Errorf("no step is called %q", step)
	}
	return k.action(func() error {
		g := k.g
		turn := g.turn
		for n := 0; n < 2*len(steps)+2; n++ {
			if err := g.resolveAll(); err != nil || g.over {
				return err
			}
			if err := g.nextStep(attackers, blocks); err != nil || g.over {
				return err
			}
			if g.step == target || (step == "" && g.turn != turn && steps[g.step] == "upkeep") {
				return nil
			}
		}
		return fmt.Errorf("the %s step never came: it was skipped (with no attackers, there are no declare blockers and combat damage steps, CR 508.8)", step)
	})
}

func (k *kitGame) AdvanceTo(step string) error { return k.advance(step, nil, nil) }

func (k *kitGame) AdvanceToNextTurn() error { return k.advance("", nil, nil) }

func (k *kitGame) DeclareAttackers(attackers []scenario.Card) error {
	var os []*object
	for _, c := range attackers {
		o, err := k.permanent(c)
		if err != nil {
			return err
		}
		os = append(os, o)
	}
	return k.failure(k.advance("declare_attackers", os, nil))
}

func (k *kitGame) DeclareBlockers(blocks []scenario.Block) error {
	var bs [][2]*object
	for _, b := range blocks {
		bl, err := k.permanent(b.Blocker)
		if err != nil {
			return err
		}
		at, err := k.permanent(b.Attacker)
		if err != nil {
			return err
		}
		bs = append(bs, [2]*object{bl, at})
	}
	return k.failure(k.advance("declare_blockers", nil, bs))
}

// failure makes an illegal declaration a failure while advancing.
func (k *kitGame) failure(err error) error {
	var f *scenario.FailureError
	if err == nil || errors.As(err, &f) || errors.Is(err, scenario.ErrGameOver) {
		return err
	}
	return &scenario.FailureError{Err: err}
}

func (k *kitGame) CheckAttack(c scenario.Card) error { return unsupported("checking attacks") }

func (k *kitGame) CheckBlock(blocker, attacker scenario.Card) error {
	return unsupported("checking blocks")
}

func (k *kitGame) CardsNamed(name string) []scenario.Card {
	var out []scenario.Card
	for _, c := range k.g.cards[1:] {
		if c.obj != nil && c.obj.def.Name == name {
			out = append(out, scenario.Card(c.id))
		}
	}
	return out
}

func (k *kitGame) Object(c scenario.Card) (scenario.Object, bool) {
	o, err := k.object(c)
	if err != nil {
		return scenario.Object{}, false
	}
	ch := k.g.chars(o)
	out := scenario.Object{Name: o.def.Name, Zone: scenario.Zone(o.zone), Owner: scenario.Player(o.card.owner),
		Controller: scenario.Player(o.controller), Token: o.card.token, Tapped: o.tapped, Attacking: o.attacking,
		Blocking: o.blocking != 0, Blocked: o.blocked, AttachedTo: k.kitCard(o.attachedTo), Damage: o.damage,
		Power: ch.power, Toughness: ch.toughness, Counters: map[string]int{}}
	for kind, n := range o.counters {
		if n != 0 {
			out.Counters[kind] = n
		}
	}
	return out, true
}

func (k *kitGame) HasKeyword(c scenario.Card, keyword string) (bool, error) {
	o, err := k.permanent(c)
	return err == nil && k.g.hasKeyword(o, keyword), err
}

func (k *kitGame) Player(p scenario.Player) scenario.PlayerState {
	st := scenario.PlayerState{Life: k.g.life[p], Pool: k.g.pool[p]}
	for _, o := range k.g.hand(int(p)) {
		st.Hand = append(st.Hand, scenario.Card(o.card.id))
	}
	return st
}

func (k *kitGame) Turn() scenario.TurnState {
	return scenario.TurnState{Turn: k.g.turn, Active: scenario.Player(k.g.active), Step: steps[k.g.step], CombatDamageStep: k.g.damageStep}
}

func (k *kitGame) Stack() []string {
	var out []string
	for _, in := range k.g.stack {
		if in.spell != nil {
			out = append(out, in.def.Name)
		} else {
			out = append(out, in.def.Name+"'s ability")
		}
	}
	return out
}

func (k *kitGame) Outcome() scenario.Outcome {
	g := k.g
	out := scenario.Outcome{Over: g.over, Winner: scenario.Player(g.winner), Lost: g.lost}
	if g.over && g.winner < 0 {
		out.Draw, out.AllLost, out.Reason = true, true, "every player lost at once (CR 104.4a)"
	}
	return out
}

// cards lists the cards an event involves.
func (k *kitGame) cards(ev *event) []scenario.Card {
	var out []scenario.Card
	for _, h := range []stdhost.Object{ev.object, ev.source, ev.attacker, ev.blocker, stdhost.Object(ev.target)} {
		if c := k.kitCard(h); c != 0 {
			out = append(out, c)
		}
	}
	return out
}

func (k *kitGame) Log() []scenario.Event {
	var out []scenario.Event
	for i := range k.g.log {
		out = append(out, scenario.Event{Kind: k.g.log[i].kind, Cards: k.cards(&k.g.log[i])})
	}
	return out
}

func (k *kitGame) Decisions() ([]scenario.Decision, error) { return k.decisions, nil }

func (k *kitGame) LogLines() []string {
	var out []string
	for i := range k.g.log {
		out = append(out, k.g.describe(&k.g.log[i]))
	}
	for _, d := range k.decisions {
		out = append(out, "decision: "+d.Text)
	}
	return out
}

// orderTriggers orders a player's triggers as the test scripts it, or in
// the order they triggered, and records the decision, which `you ordered
// triggers` checks.
func (k *kitGame) orderTriggers(p int, ts []instance) []int {
	kts := make([]scenario.Trigger, len(ts))
	for i, t := range ts {
		kts[i] = scenario.Trigger{Source: k.kitCard(t.src), Cards: k.cards(&t.ev)}
	}
	var order []int
	if cs, ok := k.s.NextTriggerOrder(); ok {
		order = scenario.TriggerOrder(kts, cs)
	} else {
		for i := range ts {
			order = append(order, i)
		}
	}
	d := scenario.Decision{Kind: scenario.DecisionTriggerOrder, Player: scenario.Player(p)}
	var texts []string
	for _, i := range order {
		d.Triggers = append(d.Triggers, kts[i])
		texts = append(texts, k.g.describe(&ts[i].ev))
	}
	d.Text = fmt.Sprintf("player %d ordered triggers: %s", p, strings.Join(texts, "; "))
	k.decisions = append(k.decisions, d)
	return order
}

// payOptional decides an optional cost as the test scripts it (`you pay
// sacrificing "Trollhide"`), or declines, and records the decision, which
// `you paid` and `you declined` check. A player who can't pay is not
// asked, and declines.
func (k *kitGame) payOptional(p int, src *object, options []*object, can bool) (bool, *object) {
	d := scenario.Decision{Kind: scenario.DecisionOptionalCost, Player: scenario.Player(p), Text: fmt.Sprintf("player %d declined to pay for %s", p, src.def.Name)}
	var victim *object
	pay, ok := scenario.ScriptedPay{}, false
	if can {
		pay, ok = k.s.NextPay()
	}
	if ok && pay.Pay {
		if pay.Player != scenario.Player(p) {
			k.s.Failf(pay.Pos, "the decision is %s's, for %s", scenario.PlayerWord(scenario.Player(p)), src.def.Name)
		}
		victim = options[0]
		for _, o := range options {
			if pay.Card != 0 && o.card.id == int(pay.Card) {
				victim = o
			}
		}
		if pay.Card != 0 && victim.card.id != int(pay.Card) {
			k.s.Failf(pay.Pos, "that card can't be sacrificed to pay for %s", src.def.Name)
			victim = nil
		}
	}
	if victim != nil {
		d.Paid, d.Card = true, scenario.Card(victim.card.id)
		d.Text = fmt.Sprintf("player %d paid for %s, sacrificing %s", p, src.def.Name, victim.def.Name)
	}
	k.decisions = append(k.decisions, d)
	return victim != nil, victim
}
