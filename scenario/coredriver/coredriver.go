// Package coredriver is the scenario.Driver of this repository's rules
// core: it runs the scenario tests of package scenario against package
// core, translating the kit's cards, players and targets to the core's
// objects and values, and taking the decisions a test scripts as the
// core's Decider.
package coredriver

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
)

// Driver starts games of the rules core with the cards of a library.
// It implements scenario.Driver.
type Driver struct {
	lib *core.Library
}

// New returns the driver of games with the cards of lib.
func New(lib *core.Library) *Driver { return &Driver{lib: lib} }

// Engine is the rules core as the engine of a workspace's tests
// (workspace.Engine): it links programs to the core.
type Engine struct{}

// Link links prog to the rules core.
func (Engine) Link(prog *vm.Program) (scenario.Driver, error) {
	lib, err := core.NewLibrary(prog)
	if err != nil {
		return nil, err
	}
	return New(lib), nil
}

// Standard returns the driver of the standard card library (package
// cards), compiled and linked once per process.
func (Engine) Standard() (scenario.Driver, error) {
	lib, err := compiled.Library()
	if err != nil {
		return nil, err
	}
	return New(lib), nil
}

// NewGame starts a game whose players decide what s scripts, and the
// rest as core.DefaultDecider does.
func (d *Driver) NewGame(s *scenario.Script) (scenario.Game, error) {
	g := &game{lib: d.lib}
	g.decider = &decider{g: g, s: s}
	g.g = core.New(d.lib, g.decider)
	return g, nil
}

// game is one game of the core, as the kit sees it.
type game struct {
	lib     *core.Library
	g       *core.Game
	decider *decider
}

// convert turns the core's errors into the kit's, keeping their
// messages: a core.RuleError is a scenario.RuleError, a
// core.FailureError a scenario.FailureError, and core.ErrGameOver
// matches scenario.ErrGameOver.
func convert(err error) error {
	if err == nil {
		return nil
	}
	var rule *core.RuleError
	if errors.As(err, &rule) {
		err = &scenario.RuleError{Rule: rule.Rule, Err: err}
	}
	var failure *core.FailureError
	if errors.As(err, &failure) {
		err = &scenario.FailureError{Err: err}
	}
	if errors.Is(err, core.ErrGameOver) {
		err = gameOver{err}
	}
	return err
}

// gameOver is an error of the core that ended the game.
type gameOver struct{ error }

func (e gameOver) Unwrap() error { return e.error }

func (e gameOver) Is(target error) bool { return target == scenario.ErrGameOver }

// object returns the object a card is now.
func (g *game) object(c scenario.Card) (*core.Object, error) {
	if o := g.g.CurrentObject(int(c)); o != nil {
		return o, nil
	}
	return nil, fmt.Errorf("card %d is no longer in the game", c)
}

// id returns the object ID of a card now, 0 if it is gone.
func (g *game) id(c scenario.Card) core.ObjectID {
	if o := g.g.CurrentObject(int(c)); o != nil {
		return o.ID()
	}
	return 0
}

// card returns the card an object is, 0 for none.
func (g *game) card(id core.ObjectID) scenario.Card {
	if o := g.g.Object(id); id != 0 && o != nil {
		return scenario.Card(o.Card())
	}
	return 0
}

// value is a target as a VM value.
func (g *game) value(t scenario.Target) vm.Value {
	if t.Card == 0 {
		return core.PlayerValue(core.PlayerID(t.Player))
	}
	return core.ObjectValue(g.id(t.Card))
}

var zones = map[scenario.Zone]core.Zone{
	scenario.Battlefield: core.ZoneBattlefield, scenario.Hand: core.ZoneHand,
	scenario.Graveyard: core.ZoneGraveyard, scenario.Library: core.ZoneLibrary,
	scenario.Exile: core.ZoneExile, scenario.Stack: core.ZoneStack,
}

func counter(kind string) (core.CounterKind, error) {
	if k, ok := core.CounterNamed(kind); ok {
		return k, nil
	}
	return 0, fmt.Errorf("unknown counter kind %q", kind)
}

func step(name string) (core.Step, error) {
	if s, ok := core.StepNamed(name); ok {
		return s, nil
	}
	return 0, fmt.Errorf("no step is called %q", name)
}

func (g *game) AddCard(name string, owner scenario.Player, zone scenario.Zone) (scenario.Card, error) {
	z, ok := zones[zone]
	if !ok {
		return 0, fmt.Errorf("a test cannot put a card in the %s", zone)
	}
	o, err := g.g.Setup().AddCard(name, core.PlayerID(owner), z)
	if err != nil {
		return 0, err
	}
	return scenario.Card(o.Card()), nil
}

func (g *game) SetCounters(c scenario.Card, kind string, n int) error {
	o, err := g.object(c)
	if err != nil {
		return err
	}
	k, err := counter(kind)
	if err != nil {
		return err
	}
	return g.g.Setup().SetCounters(o.ID(), k, n)
}

func (g *game) SetDamage(c scenario.Card, n int) error {
	o, err := g.object(c)
	if err != nil {
		return err
	}
	return g.g.Setup().SetDamage(o.ID(), n)
}

func (g *game) SetTapped(c scenario.Card, tapped bool) error {
	o, err := g.object(c)
	if err != nil {
		return err
	}
	return g.g.Setup().SetTapped(o.ID(), tapped)
}

func (g *game) Attach(c, to scenario.Card) error {
	o, err := g.object(c)
	if err != nil {
		return err
	}
	t, err := g.object(to)
	if err != nil {
		return err
	}
	return g.g.Setup().Attach(o.ID(), t.ID())
}

func (g *game) SetLife(p scenario.Player, life int) error {
	return g.g.Setup().SetLife(core.PlayerID(p), life)
}

func (g *game) SetPool(p scenario.Player, amount mana.Amount) error {
	return g.g.Setup().SetPool(core.PlayerID(p), amount)
}

func (g *game) SetStep(active scenario.Player, name string) error {
	s, err := step(name)
	if err != nil {
		return err
	}
	return g.g.Setup().SetStep(core.PlayerID(active), s)
}

// BeginGame takes the actions of the players' opening hands (CR 103.6):
// the game implements scenario.Pregame.
func (g *game) BeginGame() error { return convert(g.g.BeginGame()) }

// settled lets the game settle after a test acted on it directly, and
// returns the first error of the two.
func (g *game) settled(err error) error {
	if e := g.g.Settle(); err == nil {
		err = e
	}
	return convert(err)
}

func (g *game) DealDamage(source scenario.Card, to scenario.Target, amount int, combat bool) error {
	return g.settled(g.g.DealDamage(g.id(source), g.value(to), amount, combat))
}

func (g *game) PutCounters(c scenario.Card, kind string, n int) error {
	k, err := counter(kind)
	if err != nil {
		return err
	}
	return g.settled(g.g.PutCounters(g.id(c), k, n))
}

func (g *game) RemoveCounters(c scenario.Card, kind string, n int) error {
	k, err := counter(kind)
	if err != nil {
		return err
	}
	return g.settled(g.g.RemoveCounters(g.id(c), k, n))
}

func (g *game) Destroy(c scenario.Card) error {
	return g.settled(g.g.Destroy(g.id(c)))
}

// Effect performs an action of the standard vocabulary on a permanent,
// as an effect does (core.Game.Effect): the game implements
// scenario.Effects.
func (g *game) Effect(action string, c scenario.Card) error {
	return g.settled(g.g.Effect(action, g.id(c)))
}

func (g *game) Cast(p scenario.Player, c scenario.Card, x int, targets []scenario.Target) error {
	var vs []vm.Value
	for _, t := range targets {
		vs = append(vs, g.value(t))
	}
	return convert(g.g.Cast(core.PlayerID(p), g.id(c), x, vs))
}

func (g *game) ActivatedAbilities(c scenario.Card) ([]scenario.Ability, error) {
	var out []scenario.Ability
	for _, ab := range g.g.ActivatedAbilities(g.id(c)) {
		out = append(out, scenario.Ability{Mana: ab.IsMana()})
	}
	return out, nil
}

func (g *game) Activate(a scenario.Activation) error {
	id := g.id(a.Source)
	all := g.g.ActivatedAbilities(id)
	if a.Ability < 0 || a.Ability >= len(all) {
		return fmt.Errorf("the permanent has no activated ability %d", a.Ability+1)
	}
	act := core.Activation{Player: core.PlayerID(a.Player), Source: id, Ability: all[a.Ability], X: a.X, Mana: a.Mana}
	for _, t := range a.Targets {
		act.Targets = append(act.Targets, g.value(t))
	}
	for _, c := range a.Choices {
		act.Choices = append(act.Choices, g.id(c))
	}
	return convert(g.g.Activate(act))
}

func (g *game) TapForMana(p scenario.Player, c scenario.Card, t mana.Type) error {
	return convert(g.g.TapForMana(core.PlayerID(p), g.id(c), t))
}

func (g *game) ResolveTop() error { return convert(g.g.ResolveTop()) }

func (g *game) ResolveAll() error { return convert(g.g.ResolveAll()) }

func (g *game) AdvanceTo(name string) error {
	s, err := step(name)
	if err != nil {
		return err
	}
	return convert(g.g.AdvanceTo(s))
}

func (g *game) AdvanceToNextTurn() error { return convert(g.g.AdvanceToNextTurn()) }

func (g *game) DeclareAttackers(attackers []scenario.Card) error {
	g.decider.attackers, g.decider.attacking = attackers, true
	return convert(g.g.AdvanceTo(core.StepDeclareAttackers))
}

func (g *game) DeclareBlockers(blocks []scenario.Block) error {
	g.decider.blocks, g.decider.blocking = blocks, true
	return convert(g.g.AdvanceTo(core.StepDeclareBlockers))
}

// CheckAttackers implements scenario.Declarations.
func (g *game) CheckAttackers(attackers []scenario.Card) error {
	ids := make([]core.ObjectID, len(attackers))
	for i, c := range attackers {
		ids[i] = g.id(c)
	}
	return convert(g.g.CheckAttackers(ids))
}

// CheckBlockers implements scenario.Declarations.
func (g *game) CheckBlockers(blocks []scenario.Block) error {
	bs := make([]core.Block, len(blocks))
	for i, b := range blocks {
		bs[i] = core.Block{Blocker: g.id(b.Blocker), Attacker: g.id(b.Attacker)}
	}
	return convert(g.g.CheckBlockers(bs))
}

// MustAttack implements scenario.Declarations.
func (g *game) MustAttack(c scenario.Card) (bool, error) {
	return g.g.MustAttack(g.id(c)), nil
}

// MustBlock implements scenario.Declarations.
func (g *game) MustBlock(blocker, attacker scenario.Card) (bool, error) {
	var at core.ObjectID
	if attacker != 0 {
		at = g.id(attacker)
	}
	return g.g.MustBlock(g.id(blocker), at), nil
}

func (g *game) CheckAttack(c scenario.Card) error {
	return convert(g.g.CheckAttack(g.id(c)))
}

func (g *game) CheckBlock(blocker, attacker scenario.Card) error {
	return convert(g.g.CheckBlock(g.id(blocker), g.id(attacker)))
}

func (g *game) CardsNamed(name string) []scenario.Card {
	var out []scenario.Card
	for _, c := range g.g.CardsNamed(name) {
		out = append(out, scenario.Card(c))
	}
	return out
}

func (g *game) Object(c scenario.Card) (scenario.Object, bool) {
	o := g.g.CurrentObject(int(c))
	if o == nil {
		return scenario.Object{}, false
	}
	out := scenario.Object{
		Name: o.Name(), Zone: scenario.Zone(o.Zone().String()),
		Owner: scenario.Player(o.Owner()), Controller: scenario.Player(g.g.Controller(o.ID())),
		Token: o.Token() || o.Copy(), Tapped: o.Tapped(), Attacking: o.Attacking(), Blocking: o.Blocking() != 0, Blocked: o.Blocked(),
		AttachedTo: g.card(o.AttachedTo()), Damage: o.Damage(),
		Power: g.g.Power(o.ID()), Toughness: g.g.Toughness(o.ID()), Revealed: g.g.Revealed(o.ID()),
		Counters: map[string]int{},
	}
	for _, at := range o.Blocks() {
		// It blocks those still attacking (CR 510.1d).
		if a := g.g.Object(at); a != nil && !a.Left() && a.Attacking() {
			out.Blocks = append(out.Blocks, g.card(at))
		}
	}
	for k, n := range o.CounterKinds() {
		out.Counters[k.String()] = n
	}
	return out, true
}

func (g *game) HasKeyword(c scenario.Card, keyword string) (bool, error) {
	return g.g.HasKeyword(g.id(c), keyword), nil
}

func (g *game) Player(p scenario.Player) scenario.PlayerState {
	v := g.g.Player(core.PlayerID(p))
	out := scenario.PlayerState{Life: v.Life, Pool: v.Pool, HandRevealed: g.g.HandRevealed(core.PlayerID(p))}
	for _, id := range v.Hand {
		out.Hand = append(out.Hand, g.card(id))
	}
	for k, n := range v.Counters {
		if out.Counters == nil {
			out.Counters = map[string]int{}
		}
		out.Counters[k.String()] = n
	}
	return out
}

func (g *game) Turn() scenario.TurnState {
	return scenario.TurnState{Turn: g.g.Turn(), Active: scenario.Player(g.g.ActivePlayer()),
		Step: g.g.Step().String(), CombatDamageStep: g.g.CombatDamageStep()}
}

func (g *game) Stack() []string {
	var out []string
	for _, it := range g.g.Stack() {
		out = append(out, it.Name())
	}
	return out
}

func (g *game) Outcome() scenario.Outcome {
	out := g.g.Outcome()
	res := scenario.Outcome{Over: out.Over, Winner: scenario.Player(out.Winner), Draw: out.Draw(),
		AllLost: out.Reason == core.EndAllLost, Reason: out.Reason.String(), Detail: out.Detail}
	if out.Winner == core.NoPlayer {
		res.Winner = scenario.NoPlayer
	}
	for p, r := range out.Lost {
		if r != core.EndNone {
			res.Lost[p] = r.String()
		}
	}
	return res
}

// cards lists the cards an event involves.
// cards are the cards of the objects an event involves, in the order of
// the objects: found from the event's own fields, so that reading a log
// costs the same on any board.
func (g *game) cards(ev *core.Event) []scenario.Card {
	var buf [4]core.ObjectID
	var out []scenario.Card
	for _, id := range ev.Involved(buf[:0]) {
		if o := g.g.Object(id); o != nil {
			out = append(out, scenario.Card(o.Card()))
		}
	}
	return out
}

func (g *game) Log() []scenario.Event {
	n := g.g.LogLen()
	out := make([]scenario.Event, 0, n)
	for i := range n {
		ev := g.g.LogEvent(i)
		out = append(out, scenario.Event{Kind: ev.Kind.String(), Cards: g.cards(&ev), To: g.to(&ev)})
	}
	return out
}

// to is what an event happens to: what damage is dealt to, else its
// object, else its player (CR 120.3 for damage; the object or player an
// event is about for the rest).
func (g *game) to(ev *core.Event) *scenario.Target {
	if ev.Target != 0 {
		if p, ok := core.ValuePlayer(ev.Target); ok {
			return &scenario.Target{Player: scenario.Player(p)}
		}
		if id, ok := core.ValueObject(ev.Target); ok {
			if o := g.g.Object(id); o != nil {
				return &scenario.Target{Card: scenario.Card(o.Card())}
			}
		}
	}
	if ev.Object != 0 {
		if o := g.g.Object(ev.Object); o != nil {
			return &scenario.Target{Card: scenario.Card(o.Card())}
		}
	}
	if ev.Player != core.NoPlayer {
		return &scenario.Target{Player: scenario.Player(ev.Player)}
	}
	return &scenario.Target{Player: -1} // no one
}

// RegenerationShields implements scenario.Shields.
func (g *game) RegenerationShields(c scenario.Card) (int, error) {
	return g.g.RegenerationShields(g.id(c)), nil
}

// triggers are the kit's view of triggers waiting to go on the stack.
func (g *game) triggers(ts []core.TriggerChoice) []scenario.Trigger {
	out := make([]scenario.Trigger, len(ts))
	for i := range ts {
		out[i] = scenario.Trigger{Source: g.card(ts[i].Source), Cards: g.cards(&ts[i].Event)}
	}
	return out
}

var decisionKinds = map[core.DecisionKind]scenario.DecisionKind{
	core.DecisionTriggerOrder: scenario.DecisionTriggerOrder,
	core.DecisionReplacement:  scenario.DecisionReplacement,
	core.DecisionChoice:       scenario.DecisionChoice,
	core.DecisionCopy:         scenario.DecisionCopy,
	core.DecisionOptionalCost: scenario.DecisionOptionalCost,
	core.DecisionSource:       scenario.DecisionSource,
	core.DecisionCostObject:   scenario.DecisionCostObject,
	core.DecisionNewTarget:    scenario.DecisionNewTarget,
	core.DecisionObject:       scenario.DecisionObject,
	core.DecisionDiscard:      scenario.DecisionDiscard,
	core.DecisionRandom:       scenario.DecisionRandom,
	core.DecisionCards:        scenario.DecisionCards,
	core.DecisionOrder:        scenario.DecisionOrder,
	core.DecisionMana:         scenario.DecisionMana,
	core.DecisionOptional:     scenario.DecisionOptional,
	core.DecisionDivide:       scenario.DecisionDivide,
	core.DecisionModes:        scenario.DecisionModes,
}

// target is the target of a test a VM value names: a player (negative
// values) or a card.
func (g *game) target(v vm.Value) scenario.Target {
	if v < 0 {
		return scenario.Target{Player: scenario.Player(-v - 1)}
	}
	return scenario.Target{Card: g.card(core.ObjectID(v))}
}

func (g *game) Decisions() ([]scenario.Decision, error) {
	var out []scenario.Decision
	for _, d := range g.g.Decisions() {
		sd := scenario.Decision{Kind: decisionKinds[d.Kind], Player: scenario.Player(d.Player),
			Word: d.Choice, Paid: d.Paid, Text: g.g.DescribeDecision(&d)}
		switch d.Kind {
		case core.DecisionTriggerOrder:
			sd.Triggers = g.triggers(d.Triggers)
		case core.DecisionReplacement:
			sd.Source = g.card(d.Replacement.Source)
			sd.Protection = d.Replacement.Text == core.ProtectionText
		case core.DecisionMana:
			sd.Word = d.Mana.String()
		case core.DecisionCopy, core.DecisionOptionalCost, core.DecisionSource, core.DecisionCostObject, core.DecisionObject:
			if d.Target > 0 {
				sd.Card = g.card(core.ObjectID(d.Target))
			}
		case core.DecisionNewTarget:
			if d.Changed && d.Target > 0 {
				sd.Card = g.card(core.ObjectID(d.Target))
			}
		case core.DecisionDiscard, core.DecisionRandom:
			for _, id := range d.Objects {
				sd.Cards = append(sd.Cards, g.card(id))
			}
		case core.DecisionCards, core.DecisionOrder:
			for _, id := range d.Cards {
				sd.Cards = append(sd.Cards, g.card(id))
			}
		case core.DecisionDivide:
			for _, v := range d.Chosen {
				sd.Targets = append(sd.Targets, g.target(v))
			}
			sd.Amounts = d.Amounts
		case core.DecisionModes:
			sd.Modes = d.Modes
		}
		out = append(out, sd)
	}
	return out, nil
}

// LogLines renders the game's event log, one line per event, with the
// decisions players made between the events where they made them.
func (g *game) LogLines() []string {
	var out []string
	decisions := g.g.Decisions()
	d := 0
	n := g.g.LogLen()
	out = make([]string, 0, n+len(decisions))
	for i := range n {
		for ; d < len(decisions) && decisions[d].At <= i; d++ {
			out = append(out, "decision: "+g.g.DescribeDecision(&decisions[d]))
		}
		ev := g.g.LogEvent(i)
		out = append(out, g.g.Describe(&ev))
	}
	for ; d < len(decisions); d++ {
		out = append(out, "decision: "+g.g.DescribeDecision(&decisions[d]))
	}
	return out
}

// PlayLand has a player play a land (core.Game.PlayLand): the game
// implements scenario.LandPlays.
func (g *game) PlayLand(p scenario.Player, c scenario.Card) error {
	return convert(g.g.PlayLand(core.PlayerID(p), g.id(c)))
}

// Pile lists a player's library, graveyard or exile, the top first: the
// game implements scenario.Piles.
func (g *game) Pile(p scenario.Player, z scenario.Zone) []scenario.Card {
	v := g.g.Player(core.PlayerID(p))
	var ids []core.ObjectID
	switch z {
	case scenario.Library:
		ids = v.Library
	case scenario.Graveyard:
		ids = v.Graveyard
	case scenario.Exile:
		ids = v.Exile
	}
	out := make([]scenario.Card, len(ids))
	for i, id := range ids {
		out[len(ids)-1-i] = g.card(id)
	}
	return out
}

var (
	_ scenario.Piles     = (*game)(nil)
	_ scenario.LandPlays = (*game)(nil)
	_ scenario.Driver    = (*Driver)(nil)
	_ scenario.Effects   = (*game)(nil)
	_ scenario.Pregame   = (*game)(nil)
)
