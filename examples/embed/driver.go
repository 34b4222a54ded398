package embed

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// This file connects the engine to the conformance kit: Driver starts a
// game for each scenario test, and kitGame is that game as the kit's
// scenario.Game. What the engine does not do returns an error wrapping
// scenario.ErrUnsupported, and the test that needs it is skipped.

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
	k := &kitGame{g: newGame(d.lib), s: s}
	k.g.orderTriggers = k.orderTriggers
	return k, nil
}

// kitGame is a game as the kit sees it.
type kitGame struct {
	g         *game
	s         *scenario.Script
	decisions []scenario.Decision
}

func unsupported(what string) error { return scenario.Unsupported(what) }

// action runs an action of a test: it fails after the end of the game,
// settles the game after it, and returns the first error a card's code
// had, as a scenario.FailureError.
func (k *kitGame) action(f func() error) error {
	g := k.g
	if g.over {
		return errGameOver
	}
	g.err = nil
	err := f()
	if err == nil {
		g.settle()
		err = g.err
		if err != nil {
			err = &scenario.FailureError{Err: err}
		}
	}
	if err == nil && g.over {
		return errGameOver
	}
	return err
}

var errGameOver = fmt.Errorf("the game is over: %w", scenario.ErrGameOver)

// object returns the object of a card, or an error.
func (k *kitGame) object(c scenario.Card) (*object, error) {
	if c <= 0 || int(c) >= len(k.g.objects) {
		return nil, fmt.Errorf("no card %d is in the game", c)
	}
	return k.g.objects[c], nil
}

func (k *kitGame) permanent(c scenario.Card) (*object, error) {
	o, err := k.object(c)
	if err == nil && o.zone != zoneBattlefield {
		err = fmt.Errorf("%s is not on the battlefield", o.def.card.Name)
	}
	return o, err
}

func (k *kitGame) AddCard(name string, owner scenario.Player, zone scenario.Zone) (scenario.Card, error) {
	def, err := k.g.lib.card(name)
	if err != nil {
		return 0, err
	}
	if zone == scenario.Stack {
		return 0, errors.New("a test cannot put a card on the stack")
	}
	o := &object{card: len(k.g.objects), def: def, owner: int(owner), controller: int(owner), zone: string(zone), counters: map[string]int{}}
	k.g.objects = append(k.g.objects, o)
	return scenario.Card(o.card), nil
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

func (k *kitGame) Attach(c, to scenario.Card) error { return unsupported("Auras and Equipment") }

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
	return nil
}

// value is a target as a VM value.
func value(t scenario.Target) vm.Value {
	if t.Card == 0 {
		return playerValue(int(t.Player))
	}
	return vm.Value(t.Card)
}

func (k *kitGame) DealDamage(source scenario.Card, to scenario.Target, amount int, combat bool) error {
	return k.action(func() error {
		k.g.propose(event{kind: "damage", source: int(source), target: value(to), amount: amount, combat: combat})
		return nil
	})
}

func (k *kitGame) PutCounters(c scenario.Card, kind string, n int) error {
	return k.action(func() error {
		_, err := k.g.hPutCounters([]vm.Value{vm.Value(c), k.g.lib.names.of(vm.NameCounter, kind), vm.Value(n)})
		return err
	})
}

func (k *kitGame) RemoveCounters(c scenario.Card, kind string, n int) error {
	return k.action(func() error {
		_, err := k.g.hRemoveCounters([]vm.Value{vm.Value(c), k.g.lib.names.of(vm.NameCounter, kind), vm.Value(n)})
		return err
	})
}

func (k *kitGame) Destroy(c scenario.Card) error {
	return k.action(func() error {
		_, err := k.g.hDestroy([]vm.Value{vm.Value(c)})
		return err
	})
}

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
	var vs []vm.Value
	for _, t := range targets {
		vs = append(vs, value(t))
	}
	return k.action(func() error { return k.g.cast(int(p), o, x, vs) })
}

func (k *kitGame) ActivatedAbilities(c scenario.Card) ([]scenario.Ability, error) {
	o, err := k.permanent(c)
	if err != nil {
		return nil, err
	}
	var out []scenario.Ability
	for _, ai := range activatedAbilities(o.def.card) {
		out = append(out, scenario.Ability{Mana: o.def.card.Abilities[ai].Flags&vm.FlagMana != 0})
	}
	return out, nil
}

// Activate activates an ability. The abilities this engine activates have
// no X and no costs paid with chosen objects.
func (k *kitGame) Activate(a scenario.Activation) error {
	o, err := k.object(a.Source)
	if err != nil {
		return err
	}
	if a.X != 0 || len(a.Choices) > 0 {
		return fmt.Errorf("%s's ability has no X and no cost to choose objects for", o.def.card.Name)
	}
	var vs []vm.Value
	for _, t := range a.Targets {
		vs = append(vs, value(t))
	}
	return k.action(func() error { return k.g.activate(int(a.Player), o, a.Ability, vs) })
}

func (k *kitGame) TapForMana(p scenario.Player, c scenario.Card, t mana.Type) error {
	return unsupported("mana abilities")
}

func (k *kitGame) ResolveTop() error { return k.action(k.g.resolveTop) }

func (k *kitGame) ResolveAll() error { return k.action(k.g.resolveAll) }

// advance passes priority, resolving the stack, until a step begins: the
// first one that is step, or the first of the next turn.
func (k *kitGame) advance(step string, attackers []int, blocks [][2]int) error {
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
	var cs []int
	for _, c := range attackers {
		cs = append(cs, int(c))
	}
	return k.failure(k.advance("declare_attackers", cs, nil))
}

func (k *kitGame) DeclareBlockers(blocks []scenario.Block) error {
	var bs [][2]int
	for _, b := range blocks {
		bs = append(bs, [2]int{int(b.Blocker), int(b.Attacker)})
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
	for _, o := range k.g.objects[1:] {
		if o.def.card.Name == name {
			out = append(out, scenario.Card(o.card))
		}
	}
	return out
}

func (k *kitGame) Object(c scenario.Card) (scenario.Object, bool) {
	o, err := k.object(c)
	if err != nil {
		return scenario.Object{}, false
	}
	p, t := k.g.pt(o)
	out := scenario.Object{Name: o.def.card.Name, Zone: scenario.Zone(o.zone),
		Owner: scenario.Player(o.owner), Controller: scenario.Player(o.controller),
		Tapped: o.tapped, Attacking: o.attacking, Blocking: o.blocking != 0, Blocked: o.blocked,
		Damage: o.damage, Power: p, Toughness: t, Counters: map[string]int{}}
	for kind, n := range o.counters {
		if n != 0 {
			out.Counters[kind] = n
		}
	}
	return out, true
}

func (k *kitGame) HasKeyword(c scenario.Card, keyword string) (bool, error) {
	return false, unsupported("keyword abilities")
}

func (k *kitGame) Player(p scenario.Player) scenario.PlayerState {
	return scenario.PlayerState{Life: k.g.life[p], Pool: k.g.pool[p]}
}

func (k *kitGame) Turn() scenario.TurnState {
	return scenario.TurnState{Turn: k.g.turn, Active: scenario.Player(k.g.active), Step: steps[k.g.step]}
}

func (k *kitGame) Stack() []string {
	var out []string
	for _, a := range k.g.stack {
		if a.spell != 0 {
			out = append(out, a.def.card.Name)
		} else {
			out = append(out, a.def.card.Name+"'s ability")
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

func cards(cs []int) []scenario.Card {
	var out []scenario.Card
	for _, c := range cs {
		out = append(out, scenario.Card(c))
	}
	return out
}

func (k *kitGame) Log() []scenario.Event {
	var out []scenario.Event
	for i := range k.g.log {
		ev := &k.g.log[i]
		out = append(out, scenario.Event{Kind: ev.kind, Cards: cards(ev.cards())})
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
// the order they triggered, and records the decision.
func (k *kitGame) orderTriggers(p int, ts []ability) []int {
	kts := make([]scenario.Trigger, len(ts))
	for i, t := range ts {
		kts[i] = scenario.Trigger{Source: scenario.Card(t.locals[vm.LocalThis]), Cards: cards(t.ev.cards())}
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
