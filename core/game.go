// Package core is the reference rules engine: the host that runs compiled
// cards. It implements the parts of the Comprehensive Rules that replacement,
// prevention, triggered and mana events need: objects and zones, the turn,
// the event pipeline (replacement and prevention effects, CR 614-616;
// last-known information, CR 608.2h; triggered abilities, CR 603), state-
// based actions (CR 704), the stack and resolution (CR 608), combat
// (CR 506-511) and continuous effects (CR 613).
//
// Every player decision goes through a Decider; DefaultDecider makes each
// one in a documented, deterministic way, so the same inputs give the same
// event log, byte for byte.
package core

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/vm"
)

// StartingLife is each player's life total at the start (CR 103.4).
const StartingLife = 20

// Player is a player of the game.
type Player struct {
	ID        PlayerID
	Life      int
	Poison    int
	Hand      []ObjectID
	Library   []ObjectID // the top is the last element
	Graveyard []ObjectID
	Exile     []ObjectID
	// drewFromEmpty records an attempt to draw from an empty library
	// (CR 704.5b).
	drewFromEmpty bool
	Lost          bool
}

// Game is one game of two players.
type Game struct {
	lib     *Library
	decider Decider
	machine *vm.Machine
	players [2]*Player
	// objects holds every object ever, by ID; objects[0] is unused.
	objects     []*Object
	cards       int
	battlefield []ObjectID
	stack       []*StackItem
	turn        int
	active      PlayerID
	step        Step
	log         []Event
	pending     []pendingTrigger
	delayed     []delayedTrigger
	effects     []ptEffect
	timestamp   int64
	eventID     int64
	frames      []frame
	deferred    []deferredAction
	// events and scratch hold, for each depth of nested events, the event
	// being proposed and its replacement candidates, reused so that the
	// pipeline allocates nothing in steady state.
	depth       int
	events      []*Event
	scratch     [][]candidate
	prevention  Event
	matchLocals locals
	over        bool
	winner      PlayerID
	// err is the first failure during the action of the API being
	// carried out (see FailureError); the game goes on, and the action
	// returns it.
	err error
	// attackers are the creatures declared as attackers this combat, in
	// order.
	attackers []ObjectID
	// cleanupAgain is set when players received priority during a
	// cleanup step (CR 514.3a).
	cleanupAgain bool
}

// New starts a game between two players on turn 1, in the first player's
// precombat main phase, with empty zones and 20 life each.
func New(lib *Library, d Decider) *Game {
	if d == nil {
		d = DefaultDecider{}
	}
	g := &Game{lib: lib, decider: d, objects: []*Object{nil}, turn: 1, step: StepMain1, winner: NoPlayer}
	for i := range g.players {
		g.players[i] = &Player{ID: PlayerID(i), Life: StartingLife}
	}
	g.machine = vm.NewMachine(host{g})
	return g
}

// Library returns the game's card library.
func (g *Game) Library() *Library { return g.lib }

// Player returns a player.
func (g *Game) Player(p PlayerID) *Player { return g.players[p] }

// Object returns an object by ID, or nil.
func (g *Game) Object(id ObjectID) *Object {
	if id <= 0 || int(id) >= len(g.objects) {
		return nil
	}
	return g.objects[id]
}

// Turn, ActivePlayer and Step tell where the game is.
func (g *Game) Turn() int { return g.turn }

// ActivePlayer is the player whose turn it is.
func (g *Game) ActivePlayer() PlayerID { return g.active }

// Step is the current step.
func (g *Game) Step() Step { return g.step }

// Over reports whether the game has ended, and who won (NoPlayer for a
// draw).
func (g *Game) Over() (bool, PlayerID) { return g.over, g.winner }

// Log returns the events that happened, in order.
func (g *Game) Log() []Event { return g.log }

// Battlefield lists the permanents, oldest first.
func (g *Game) Battlefield() []ObjectID { return g.battlefield }

// Stack lists the stack, bottom first.
func (g *Game) Stack() []*StackItem { return g.stack }

// Opponent returns the other player.
func Opponent(p PlayerID) PlayerID { return 1 - p }

// fail records a failure while an action is carried out; the first one
// is what the action returns.
func (g *Game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// FailureError is a failure while an action of the API was carried out:
// the code of a card failed (a VM error), a decision of the Decider was
// illegal (a creature that cannot attack declared as an attacker), or a
// limit of the rules core stopped a loop. The game went on as the rules
// say it does, leaving out what failed. An action returns the first
// failure while it was carried out.
//
// Any other error of an action means the action itself was not carried
// out (or, for AdvanceTo, not finished): it was illegal or impossible at
// that moment, such as a sorcery cast in the end step, resolving an empty
// stack, or acting once the game is over.
type FailureError struct{ Err error }

// Error is the failure's message.
func (e *FailureError) Error() string { return e.Err.Error() }

// Unwrap returns the failure.
func (e *FailureError) Unwrap() error { return e.Err }

// begin starts an action of the API: the failures it will return are
// collected from now on. Actions of the API do not nest: the rules core
// calls its internal versions, and a Decider must not act on the game.
func (g *Game) begin() { g.err = nil }

// done ends an action of the API: it returns err, the action's own error,
// if there is one, and otherwise the first failure while it was carried
// out.
func (g *Game) done(err error) error {
	failure := g.err
	g.err = nil
	if err != nil {
		return err
	}
	if failure != nil {
		return &FailureError{failure}
	}
	return nil
}

func (g *Game) nextTimestamp() int64 {
	g.timestamp++
	return g.timestamp
}

// objectName names an object for the log.
func (g *Game) objectName(id ObjectID) string {
	if o := g.Object(id); o != nil {
		return fmt.Sprintf("%s#%d", o.Name(), o.ID)
	}
	return "nothing"
}

// newObject creates an object in a zone.
func (g *Game) newObject(def *CardDef, card int, owner PlayerID, zone Zone) *Object {
	o := &Object{ID: ObjectID(len(g.objects)), Def: def, Card: card, Owner: owner, Controller: owner, Zone: zone,
		Timestamp: g.nextTimestamp(), SinceTurn: g.turn, Defender: NoPlayer}
	g.objects = append(g.objects, o)
	g.addToZone(o)
	return o
}

// AddCard creates a card in a zone of a player, as a scenario's setup
// does: no event happens. A permanent put onto the battlefield this way
// has been under its controller's control since the turn began.
func (g *Game) AddCard(name string, owner PlayerID, zone Zone) (*Object, error) {
	def := g.lib.Card(name)
	if def == nil {
		return nil, fmt.Errorf("no card named %q", name)
	}
	g.cards++
	o := g.newObject(def, g.cards, owner, zone)
	o.SinceTurn = 0
	return o, nil
}

// SetCounters sets the counters of a kind on an object, as a scenario's
// setup does: no event happens.
func (o *Object) SetCounters(k CounterKind, n int) { o.addCounters(k, clamp(int64(n))-o.Counters(k)) }

// SetLife sets a player's life total, as a scenario's setup does.
func (g *Game) SetLife(p PlayerID, life int) { g.players[p].Life = clamp(int64(life)) }

// SetStep puts the game in a step of a player's turn, as a scenario's
// setup does: nothing happens on the way.
func (g *Game) SetStep(p PlayerID, s Step) {
	g.active, g.step = p, s
}

// zoneList returns the list of a player's zone, or nil for the
// battlefield and the stack.
func (g *Game) zoneList(p PlayerID, z Zone) *[]ObjectID {
	pl := g.players[p]
	switch z {
	case ZoneHand:
		return &pl.Hand
	case ZoneLibrary:
		return &pl.Library
	case ZoneGraveyard:
		return &pl.Graveyard
	case ZoneExile:
		return &pl.Exile
	}
	return nil
}

func (g *Game) addToZone(o *Object) {
	if o.Zone == ZoneBattlefield {
		g.battlefield = append(g.battlefield, o.ID)
		return
	}
	if l := g.zoneList(o.Owner, o.Zone); l != nil {
		*l = append(*l, o.ID)
	}
}

func (g *Game) removeFromZone(o *Object) {
	var l *[]ObjectID
	if o.Zone == ZoneBattlefield {
		l = &g.battlefield
	} else {
		l = g.zoneList(o.Owner, o.Zone)
	}
	if l == nil {
		return
	}
	for i, id := range *l {
		if id == o.ID {
			*l = append((*l)[:i], (*l)[i+1:]...)
			return
		}
	}
}

// onBattlefield returns the object if it is a permanent on the
// battlefield.
func (g *Game) onBattlefield(id ObjectID) *Object {
	o := g.Object(id)
	if o == nil || o.Left || o.Zone != ZoneBattlefield {
		return nil
	}
	return o
}

// Power is an object's power: printed, plus continuous effects of layer
// 7c and +X/+Y counters (CR 613.4c); for an object that left the
// battlefield, its last-known power.
func (g *Game) Power(id ObjectID) int {
	p, _ := g.pt(id)
	return p
}

// Toughness is an object's toughness, as Power.
func (g *Game) Toughness(id ObjectID) int {
	_, t := g.pt(id)
	return t
}

func (g *Game) pt(id ObjectID) (int, int) {
	o := g.Object(id)
	if o == nil {
		return 0, 0
	}
	if o.Left {
		return o.lki.power, o.lki.toughness
	}
	p, t := int(o.Def.Card.Power), int(o.Def.Card.Toughness)
	if o.Zone == ZoneBattlefield {
		for i := range g.effects {
			if e := &g.effects[i]; e.object == id {
				p, t = add(p, e.power), add(t, e.toughness)
			}
		}
	}
	for _, c := range o.counters {
		if uint32(c.kind) >= uint32(numCounters) {
			continue
		}
		if pt := counterPT[c.kind]; pt.ok {
			p, t = add(p, pt.power*c.n), add(t, pt.toughness*c.n)
		}
	}
	return p, t
}

// ptEffect is a continuous effect that changes power and toughness
// (layer 7c) until the end of the turn.
type ptEffect struct {
	object           ObjectID
	power, toughness int
	timestamp        int64
}

// errGameOver is returned by actions attempted after the game ended.
var errGameOver = errors.New("the game is over")

// CurrentObject returns the object a physical card is now (the newest
// object of that card that has not left its zone), or nil.
func (g *Game) CurrentObject(card int) *Object {
	for i := len(g.objects) - 1; i > 0; i-- {
		if o := g.objects[i]; o.Card == card && !o.Left {
			return o
		}
	}
	return nil
}

// CardsNamed returns the physical cards, by their Card numbers, whose
// current object has a name, in the order they were created.
func (g *Game) CardsNamed(name string) []int {
	var out []int
	for c := 1; c <= g.cards; c++ {
		if o := g.CurrentObject(c); o != nil && o.Name() == name {
			out = append(out, c)
		}
	}
	return out
}

// SetDamage marks damage on a permanent, as a scenario's setup does.
func (o *Object) SetDamage(n int) { o.Damage = clamp(int64(n)) }

// SetTapped taps or untaps a permanent, as a scenario's setup does.
func (o *Object) SetTapped(t bool) { o.Tapped = t }
