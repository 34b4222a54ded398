// Package core is the reference rules engine: the host that runs compiled
// cards. It implements the parts of the Comprehensive Rules that the
// vocabulary of the stdlib needs: objects and zones, with last-known
// information (CR 400.7, 608.2h); the turn and its steps (CR 500-514); the
// event pipeline, with replacement and prevention effects (CR 614-616) and
// triggered abilities, delayed ones included (CR 603); state-based actions
// (CR 704); casting spells and the stack, with targets and resolution
// (CR 601, 608), countering spells (CR 701.5) and copying them
// (CR 707.10); extra turns (CR 500.7); combat (CR 506-511) with the keywords of the stdlib;
// continuous effects, from static abilities and from resolved spells,
// applied in layers (CR 611, 613); Auras and their attachments (CR 303.4);
// regeneration (CR 701.15); mana, mana abilities and the payment of every
// cost (CR 106, 118, 601.2f-h, 605).
//
// The names it knows (event kinds, fields, steps, zones, counter kinds,
// actions and queries...) are the stdlib's: vocab_gen.go is generated
// from stdlib/*.card by `go generate ./...` (internal/gen).
//
// An event costs the same on any board: the pipeline looks only at the
// permanents an ability index lists for its kind, and for an ability
// anchored to its own object ("damage to this"), at the object the event
// holds (index.go). Under `go test`, every action checks the index
// against one built from scratch.
//
// A Library is immutable once NewLibrary has returned it: it is safe to
// share between goroutines and between games. A Game, with its Setup, is
// for one goroutine at a time.
//
// Every player decision goes through a Decider; DefaultDecider makes each
// one in a documented, deterministic way, so the same inputs give the same
// event log, byte for byte. Every action of a Game returns an error: its
// own, or the first failure while it was carried out (FailureError).
package core

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// StartingLife is each player's life total at the start (CR 103.4).
const StartingLife = 20

// player is a player of the game.
type player struct {
	ID   PlayerID
	Life int
	// counters are the counters the player has, by kind (CR 122.1):
	// poison counters, say (CR 122.1f).
	counters  counterSet
	Hand      []ObjectID
	Library   []ObjectID // the top is the last element
	Graveyard []ObjectID
	Exile     []ObjectID
	// drewFromEmpty records an attempt to draw from an empty library
	// (CR 704.5b).
	drewFromEmpty bool
	Lost          bool
	// lost is why the player lost, once they have (CR 104.3).
	lost EndReason
	// pool is the player's mana pool (CR 106.4).
	pool mana.Amount
}

// Game is one game of two players.
type Game struct {
	lib     *Library
	decider Decider
	machine *vm.Machine
	// layerMachine runs the functions of continuous effects while the
	// characteristics are computed (see run); made on first use.
	layerMachine *vm.Machine
	players      [2]*player
	// deniedKind is the counter kind the body of a `can't get KIND
	// counters` effect named, as playerCantGetCounters runs it.
	deniedKind CounterKind
	// objects holds every object ever, by ID; objects[0] is unused.
	objects []*Object
	// slab is the block the next objects are allocated in.
	slab  []Object
	cards int
	// current is, by card number, the newest object of the card: the
	// only one that may not have left its zone, since a card becomes a
	// new object only once the old one left (CR 400.7).
	current []ObjectID
	// optional is the last optional cost decided by the resolving
	// ability, for its reflexive triggered abilities (CR 603.12).
	optional optionalCost
	// eachSets are the permanents of the `for each` loops of the
	// tokenDefs are the cards of the creature tokens of the game.
	tokenDefs map[tokenKey]*CardDef
	// typedCopies are the copiable values of copies made with an
	// exception that adds a card type (CR 707.9b), each made once.
	typedCopies map[typedCopyKey]*CardDef
	// resolving ability.
	eachSets    [][]ObjectID
	battlefield []ObjectID
	stack       []*StackItem
	turn        int
	active      PlayerID
	step        Step
	log         []Event
	pending     []pendingTrigger
	delayed     []delayedTrigger
	effects     []ptEffect
	// chars are the characteristics of the permanents, by object ID, as
	// continuous effects make them (layers.go); charsValid says whether
	// they are up to date, computing whether they are being computed.
	chars      []chars
	charsValid bool
	// computingOnly is the permanent refreshOne computes the
	// characteristics of, or 0.
	computingOnly ObjectID
	// charsEpoch changes with each invalidate and refresh; charsStamps
	// say, by object ID, in which epoch ownChars computed the object's
	// characteristics (they are valid in that epoch only).
	charsEpoch  uint64
	charsStamps []uint64
	computing   bool
	// layer is the layer refresh is applying, and counts the counts the
	// effects of that layer share (see countShared).
	layer        int
	counts       []sharedCount
	layerEffects []effectRef
	layerLocals  locals
	// cda is the object outside the battlefield whose characteristic-
	// defining abilities are being evaluated (CR 604.3), cdaChars what
	// they make its characteristics, cdaLocals their locals.
	cda       ObjectID
	cdaChars  chars
	cdaLocals locals
	// elsewhere is the object outside the battlefield whose colors the
	// effects of layer 5 that reach it are being applied to, or 0
	// (colorsElsewhere); elsewhereChars what they make them, and
	// elsewhereEffects those effects, in timestamp order.
	elsewhere        ObjectID
	elsewhereChars   chars
	elsewhereEffects []effectRef
	// shields are the regeneration shields of this turn (CR 701.15a).
	shields  []shield
	shieldID int64
	// unregenerable are the permanents that can't be regenerated this
	// turn (CR 701.15c), until the cleanup step (CR 514.2).
	unregenerable []ObjectID
	// preventions are the prevention effects of resolved spells and
	// abilities that last this turn (CR 615.1a, 514.2).
	preventions  []turnPrevention
	preventionID int64
	// simultaneous holds the replacement abilities applied to the
	// combat damage being dealt at once (CR 510.2).
	simultaneous simultaneous
	timestamp    int64
	eventID      int64
	frames       []frame
	// runs counts the functions of cards run, for tests of the work a
	// board costs.
	runs     int64
	deferred []deferredAction
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
	// endReason and endDetail say why the game ended without a winner.
	endReason EndReason
	endDetail string
	// actionEvents counts the events of the action being carried out,
	// gameEvents those of the game (MaxEventsPerAction, MaxEventsPerGame).
	actionEvents, gameEvents int
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
	// manaTriggers are triggered mana abilities waiting to resolve right
	// after the mana ability that triggered them (CR 605.4a).
	manaTriggers []pendingTrigger
	// finding is the record of moves of the spell or ability being paid
	// for or resolving (find.go), or nil.
	finding *[]move
	// sim, while set, records what mana abilities would produce instead of
	// producing it (CR 106.7); visiting are the permanents being looked at.
	sim      *simulation
	visiting []ObjectID
	// activations counts the activations of each ability of each
	// permanent in the turn it counts (activated_at_least).
	activations map[activation]turnCount
	// spendOnly is the type of mana a spell's X is paid with, as xColor
	// reads it (-1: any).
	spendOnly mana.Type
	// forcedMana, when not -1, is the type of mana an automatic payment
	// chose for the mana ability being activated.
	forcedMana mana.Type
	// forced, while an automatic payment activates a mana ability, are
	// the choices its resolution makes, in order (see manaplan.go).
	forced []int
	// collect, while set, receives the triggered mana abilities an event
	// would trigger instead of their waiting to resolve (see manaplan.go).
	collect *[]pendingTrigger
	// costLife and costSacrifices say, once a cost is checked, the life it
	// pays and whether it sacrifices the permanent whose ability it is.
	costLife       int
	costSacrifices bool
	// activated records, for abilities that may be activated only once each
	// turn, the turn they last were (CR 602.5b).
	activated map[activation]int
	// cantPay says why the cost being checked can't be paid.
	cantPay string
	// damageStep says which combat damage step of this combat it is
	// (CR 510.4): damageStepNone, Only, First or Second.
	damageStep int
	// decisions are the decisions players made, in order.
	decisions []Decision
	// batch holds the events that happen at the same time (see
	// beginBatch).
	batch batch
	// copies are the copy effects that last until end of turn.
	copies []copyEffect
	// controlled is set once an effect has changed who controls a
	// permanent (layer 2): from then on, syncControl looks at the board.
	controlled bool
	// index lists the permanents whose abilities watch each event kind
	// (index.go); checkIndex says whether every action checks it.
	index      abilityIndex
	checkIndex bool
	// shuffler shuffles libraries (CR 701.20): pseudo-random, from a
	// seed that Setup.Seed sets, so that a game plays the same every time.
	shuffler *rand.Rand

	// normalTurn is the player of the last turn that was no extra turn,
	// and extraTurns the extra turns waiting to be taken, the next last
	// (CR 500.7).
	normalTurn PlayerID
	extraTurns []PlayerID
	// Players and hands (players.go, hand.go).
	//
	// seed is the seed of shuffler, which the random choices of
	// DefaultDecider draw from too (CR 701.8b); seedStated says the log
	// has stated it (at the first random choice).
	seed       uint64
	seedStated bool
	// together gathers what the players of a loop over players chose to
	// do at the same time (CR 101.4); eachPlayers are the players of
	// those loops, in APNAP order.
	together    together
	eachPlayers [][]PlayerID
	// handSize is what the body of a `your maximum hand size is N`
	// effect said, as maxHandSize runs it.
	handSize int

	// Combat, untapping and the rules of the game for players (issue
	// 22A; requirements.go, untap.go, gamerules.go).
	//
	// untapSkips are the permanents that don't untap during an untap
	// step to come; castBans the players who can't cast spells this
	// turn (Silence), until the cleanup step (CR 514.2).
	untapSkips []untapSkip
	castBans   []castBan
	// ruleLocals are the locals of the filters of combat rules
	// (ruleFilterHolds).
	ruleLocals locals
	// forbidding is set while the body of an effect that forbids
	// activating abilities runs to say which (activationForbidden):
	// forbidMana is what it said of mana abilities.
	forbidding, forbidMana bool
	// work is what the resolving spell or ability has done to libraries
	// and exile so far (libraries.go).
	work libraryWork
	// lands counts the lands each player played this turn (playland.go).
	lands [2]landPlays
	// looking is set while the filter of an effect judges a card of a
	// zone it looks through, on lookMachine (see cardFits).
	looking     bool
	lookMachine *vm.Machine
	// Choices, filters and several targets (targets.go, choices.go).
	//
	// costCapture, while a spell's total cost is determined, collects the
	// mana of its "costs {1} more for each target beyond the first"
	// effects (extraTargetCost).
	costCapture *string
}

// New starts a game between two players on turn 1, in the first player's
// precombat main phase, with empty zones and 20 life each.
func New(lib *Library, d Decider) *Game {
	if d == nil {
		d = DefaultDecider{}
	}
	g := &Game{lib: lib, decider: d, objects: make([]*Object, 1, objectBlock*2), turn: 1, step: StepMain1, winner: NoPlayer, forcedMana: -1,
		charsEpoch: 1, checkIndex: indexChecksOn(),
		// Room for two libraries and a few more cards, in one allocation.
		current: make([]ObjectID, 0, 128)}
	for i := range g.players {
		g.players[i] = &player{ID: PlayerID(i), Life: StartingLife}
	}
	g.machine = vm.NewMachine(host{g})
	g.shuffler = rand.New(rand.NewPCG(DefaultSeed, DefaultSeed))
	g.seed = DefaultSeed
	return g
}

// DefaultSeed is the seed a game's libraries are shuffled from until
// Setup.Seed sets another.
const DefaultSeed = 1

// shuffleLibrary shuffles a player's library (CR 701.20a).
func (g *Game) shuffleLibrary(p PlayerID) {
	lib := g.players[p].Library
	g.shuffler.Shuffle(len(lib), func(i, j int) { lib[i], lib[j] = lib[j], lib[i] })
}

// Library returns the game's card library.
func (g *Game) Library() *Library { return g.lib }

// PlayerView is a player as seen from outside the game: a copy, which
// the game does not change afterwards, and which changes nothing in the
// game.
type PlayerView struct {
	ID     PlayerID
	Life   int
	Poison int
	// Hand, Library, Graveyard and Exile list the objects in the player's
	// zones; the top of the library is the last.
	Hand, Library, Graveyard, Exile []ObjectID
	// Lost is set once the player has lost the game (CR 104.3).
	Lost bool
	// Pool is the mana in the player's mana pool.
	Pool mana.Amount
	// Counters are the player's counters by kind (CR 122.1), Poison among
	// them; nil for none.
	Counters map[CounterKind]int
}

// Player returns a view of a player (0 or 1).
func (g *Game) Player(p PlayerID) PlayerView {
	pl := g.players[p]
	return PlayerView{ID: pl.ID, Life: pl.Life, Poison: pl.counter(CounterPoison), Hand: slices.Clone(pl.Hand),
		Library: slices.Clone(pl.Library), Graveyard: slices.Clone(pl.Graveyard), Exile: slices.Clone(pl.Exile),
		Lost: pl.Lost, Pool: pl.pool, Counters: playerCounters(pl)}
}

// playerCounters returns the kinds of counters a player has and how many.
func playerCounters(pl *player) map[CounterKind]int {
	var m map[CounterKind]int
	for _, c := range pl.counters {
		if c.n > 0 {
			if m == nil {
				m = map[CounterKind]int{}
			}
			m[c.kind] = c.n
		}
	}
	return m
}

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

// Log returns a copy of the events that happened, in order.
func (g *Game) Log() []Event { return slices.Clone(g.log) }

// LogLen is how many events happened.
func (g *Game) LogLen() int { return len(g.log) }

// LogEvent returns the i-th event that happened, from 0.
func (g *Game) LogEvent(i int) Event { return g.log[i] }

// Battlefield lists the permanents, oldest first (a copy).
func (g *Game) Battlefield() []ObjectID { return slices.Clone(g.battlefield) }

// Stack lists copies of the spells and abilities on the stack, bottom
// first.
func (g *Game) Stack() []StackItem {
	out := make([]StackItem, len(g.stack))
	for i, s := range g.stack {
		out[i] = s.clone()
	}
	return out
}

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
// stack, or acting once the game is over (a *GameOverError).
//
// A limit of the rules core that bounds its work (MaxStackObjects,
// MaxEventsPerAction, MaxEventsPerGame) also ends the game, with no
// winner (EndStopped): the failure says which limit.
type FailureError struct{ Err error }

// Error is the failure's message.
func (e *FailureError) Error() string { return e.Err.Error() }

// Unwrap returns the failure.
func (e *FailureError) Unwrap() error { return e.Err }

// begin starts an action of the API: the failures it will return are
// collected from now on. Actions of the API do not nest: the rules core
// calls its internal versions, and a Decider must not act on the game.
func (g *Game) begin() { g.err, g.actionEvents = nil, 0 }

// done ends an action of the API: it returns err, the action's own error,
// if there is one, and otherwise the first failure while it was carried
// out.
func (g *Game) done(err error) error {
	if g.checkIndex && g.err == nil {
		if e := g.verifyIndex(); e != nil {
			g.fail(e)
		}
	}
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
		return fmt.Sprintf("%s#%d", o.Name(), o.id)
	}
	return "nothing"
}

// objectBlock is how many objects newObject allocates at once.
const objectBlock = 32

// newObject creates an object in a zone.
func (g *Game) newObject(def *CardDef, card int, owner PlayerID, zone Zone) *Object {
	// Objects are allocated in blocks: a game creates many (every card
	// of the libraries, and a new one at each zone change).
	if len(g.slab) == cap(g.slab) {
		g.slab = make([]Object, 0, objectBlock)
	}
	g.slab = append(g.slab, Object{id: ObjectID(len(g.objects)), def: def, printed: def, card: card, owner: owner,
		controller: owner, baseController: owner, zone: zone, timestamp: g.nextTimestamp(), sinceTurn: g.turn, defender: NoPlayer})
	o := &g.slab[len(g.slab)-1]
	g.objects = append(g.objects, o)
	if len(g.current) <= card {
		g.current = append(g.current, make([]ObjectID, card+1-len(g.current))...)
	}
	g.current[card] = o.id
	g.addToZone(o)
	return o
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

// addToZone puts an object in its zone's list. What is in a zone is
// something characteristics may depend on (Maro counts the cards in a
// hand, which casting a spell leaves without a zone_change event,
// CR 601.2a): they are computed again.
func (g *Game) addToZone(o *Object) {
	g.invalidate()
	if o.zone == ZoneBattlefield {
		g.battlefield = append(g.battlefield, o.id)
		g.indexEnter(o)
		return
	}
	if l := g.zoneList(o.owner, o.zone); l != nil {
		*l = append(*l, o.id)
	}
}

// removeFromZone takes an object out of its zone's list; as addToZone,
// it makes the characteristics computed again.
func (g *Game) removeFromZone(o *Object) {
	g.invalidate()
	var l *[]ObjectID
	if o.zone == ZoneBattlefield {
		l = &g.battlefield
	} else {
		l = g.zoneList(o.owner, o.zone)
	}
	if l == nil {
		return
	}
	if l == &g.battlefield {
		// The battlefield is in ascending ID order (see verifyIndex): a
		// binary search finds the permanent, so that Planar Cleansing
		// destroying N permanents does not look at N² of them.
		if i, found := slices.BinarySearch(*l, o.id); found {
			*l = slices.Delete(*l, i, i+1)
			g.indexLeave(o)
		}
		return
	}
	// From the end: what leaves a zone has most often just come into it
	// (a copy of a spell or a token that ceases to exist there, CR
	// 704.5d-e), however long the zone; and the top of a library, the
	// last card of a hand or a graveyard are the ones most often taken,
	// so drawing from a library of any size looks at one card.
	for i := len(*l) - 1; i >= 0; i-- {
		if (*l)[i] == o.id {
			*l = append((*l)[:i], (*l)[i+1:]...)
			if o.zone == ZoneBattlefield {
				g.indexLeave(o)
			}
			return
		}
	}
}

// tap taps or untaps a permanent (CR 701.21). Whether it is tapped is
// something characteristics may depend on ("tapped creatures get ..."),
// and tapping is no event: they are computed again.
func (g *Game) tap(o *Object, tapped bool) {
	if o.tapped != tapped {
		o.tapped = tapped
		g.invalidate()
	}
}

// onBattlefield returns the object if it is a permanent on the
// battlefield.
func (g *Game) onBattlefield(id ObjectID) *Object {
	o := g.Object(id)
	if o == nil || o.left || o.zone != ZoneBattlefield {
		return nil
	}
	return o
}

// Power is an object's power: for a permanent, printed, then changed by
// continuous effects in layers and +X/+Y counters (CR 613); for an object
// that left the battlefield, its last-known power; for another object,
// printed, with its +X/+Y counters.
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
	if o.left {
		return o.lki.power, o.lki.toughness
	}
	if o.zone == ZoneBattlefield {
		c := g.charsOf(o)
		return c.power, c.toughness
	}
	p, t := g.definedPT(o, int(o.def.Card.Power), int(o.def.Card.Toughness))
	for _, c := range o.counters {
		if pt := c.kind.pt(); pt.ok {
			p, t = add(p, mul(pt.power, c.n)), add(t, mul(pt.toughness, c.n))
		}
	}
	return p, t
}

// CurrentObject returns the object a physical card is now (the newest
// object of that card that has not left its zone), or nil.
func (g *Game) CurrentObject(card int) *Object {
	if card <= 0 || card >= len(g.current) || g.current[card] == 0 {
		return nil
	}
	if o := g.objects[g.current[card]]; !o.left {
		return o
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
