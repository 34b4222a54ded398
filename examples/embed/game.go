package embed

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is the engine: cards and objects, events, replacement
// effects, triggers, state-based actions and the stack. It knows the
// cards only through their compiled abilities, which it runs on the VM.

// The zones, by the vocabulary's names.
const (
	zoneBattlefield = "battlefield"
	zoneHand        = "hand"
	zoneGraveyard   = "graveyard"
	zoneLibrary     = "library"
	zoneStack       = "stack"
)

// card is a physical card, or a token: what the kit's scenario.Card names.
// It stays the same card from zone to zone, while each zone it enters
// makes it a new object with a new handle (CR 400.7).
type card struct {
	id    int
	owner int
	token bool
	// printed is what the card is in every zone; a token's is what it was
	// created as.
	printed *vm.Card
	// obj is the object it is now; nil once it has ceased to exist (a
	// token that left the battlefield, CR 111.7).
	obj *object
}

// object is a game object: a card in one zone, from the moment it came
// there. The handle h is what the VM sees; a handle of an object that has
// left its zone (gone) is stale, and the object keeps what it was, its
// last-known information (CR 608.2h).
type object struct {
	h    stdhost.Object
	card *card
	// def is what the object is: its card's compiled card, or, for a
	// token that copies an Aura, the copiable values of that Aura.
	def        *vm.Card
	zone       string
	controller int
	// since is the turn it came under its controller's control (CR 302.6).
	since                      int
	tapped, attacking, blocked bool
	blocking                   stdhost.Object // the attacker it blocks
	attachedTo                 stdhost.Object
	damage                     int
	// deathtouch: damage from a source with deathtouch is marked on it
	// (CR 704.5h).
	deathtouch bool
	counters   map[string]int
	// x is the X of the spell it is or was.
	x int
	// boost is what effects until end of turn add to its power and
	// toughness.
	boost [2]int
	gone  bool
	// last is what it was as it left the battlefield.
	last *chars
}

// counterAmount is counters of a kind.
type counterAmount struct {
	kind stdhost.Name
	n    int
}

// event is an event of the game: what happens, proposed to replacement
// effects, then performed, logged and matched by triggers.
type event struct {
	id     stdhost.EventID
	kind   string
	object stdhost.Object
	// moved is the new object the object of a zone change to the
	// battlefield became.
	moved             stdhost.Object
	source            stdhost.Object
	target            stdhost.Target
	attacker, blocker stdhost.Object
	player            int
	amount            int
	counter, from, to stdhost.Name
	step              stdhost.Name
	mana              mana.Amount
	combat, prevented bool
	unpreventable     bool
	// protected: protection prevented the damage (CR 702.16e).
	protected bool
	// tapped: a mana_produced event's source was tapped for the mana.
	tapped        bool
	enterWith     []counterAmount
	attachTo      stdhost.Object
	controller, x int // of the object a zone change makes
}

// instance is an ability of an object with its locals: a trigger waiting
// for the stack, an ability or a spell on it, a delayed trigger waiting for
// its event, a replacement effect about to apply.
type instance struct {
	src    stdhost.Object // "this"
	ctrl   int            // "you"
	def    *vm.Card
	ab     int // index in def.Abilities; -1 for a permanent spell
	locals []vm.Value
	// ev is the event that triggered it.
	ev event
	// spell is the object of a spell on the stack.
	spell *object
}

func (in *instance) ability() *vm.Ability { return &in.def.Abilities[in.ab] }

// run is the context of a run of the VM (vm.Frame.Context): the game, the
// ability that runs, and what the host functions it calls need to know.
type run struct {
	g  *game
	in *instance
	// ev is the event being matched or replaced.
	ev *event
	// chars, while characteristics are computed, is what the effects of
	// an AbilityEffect's Body add to (layers.go).
	chars *chars
	// paid is the reflexive event of the optional cost the body just paid
	// (optional.go), nil if it was not paid.
	paid *event
	// loops are the objects of the body's `for each` loops.
	loops [][]stdhost.Object
	// tapped is set while a mana ability with {T} in its cost resolves:
	// its source is tapped for mana (CR 106.12).
	tapped bool
	// simulate, if set, runs a mana ability to learn what it would add:
	// add_mana adds to it, and nothing happens (CR 106.7).
	simulate *mana.Amount
}

// runOf is the run of a frame.
func runOf(f *vm.Frame) *run { return f.Context.(*run) }

// game is one game.
type game struct {
	lib     *Library
	m       *vm.Machine
	cards   []*card   // by card id; cards[0] is nil
	objects []*object // by handle; objects[0] is nil
	life    [2]int
	pool    [2]mana.Amount
	turn    int
	// lastTurn is the number of each player's most recent turn.
	lastTurn [2]int
	active   int
	step     int
	// damageStep is, in a combat damage step with first or double
	// strike, which of the two it is (1 or 2, CR 510.4); 0 otherwise.
	damageStep int
	stack      []instance
	pending    []instance
	delayed    []instance
	// shields are the regeneration shields of this turn (regenerate.go).
	shields  []stdhost.Object
	log      []event
	eventID  int64
	deferred []stdhost.Deferred
	over     bool
	winner   int
	lost     [2]string
	// err is the first error of a card's code during the current action.
	err error
	// computing guards the characteristics of an object being computed.
	computing map[*object]bool
	d         decider
}

// decider makes the decisions of the game's players: the kit's Script
// (driver.go).
type decider interface {
	// orderTriggers returns the order in which a player's triggers, put
	// on the stack at once, resolve.
	orderTriggers(p int, ts []instance) []int
	// payOptional decides whether a player pays an optional cost of the
	// ability of src, and which of the options they sacrifice; a player
	// who can't pay declines, unasked.
	payOptional(p int, src *object, options []*object, can bool) (bool, *object)
}

func newGame(lib *Library, d decider) *game {
	g := &game{lib: lib, cards: []*card{nil}, objects: []*object{nil}, life: [2]int{20, 20}, turn: 1,
		lastTurn: [2]int{1, 0}, step: stepIndex("main1"), winner: -1, computing: map[*object]bool{}, d: d}
	g.m = vm.NewMachine(lib.binding)
	return g
}

// name is the id of a name of the vocabulary.
func (g *game) name(kind vm.NameKind, word string) stdhost.Name {
	return g.lib.binding.Name(kind, word)
}

// word is the word of a name id.
func (g *game) word(n stdhost.Name) string {
	_, w, _ := g.lib.binding.Word(n)
	return w
}

// fail records the first error of the current action.
func (g *game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// exec runs a function with locals in a run context, and returns what it
// returns, or 0 after an error, which it records.
func (g *game) exec(r *run, fn int32, locals []vm.Value) vm.Value {
	if fn == vm.NoFunc {
		return 0
	}
	linked := g.lib.linked
	if r.in != nil {
		linked = g.lib.linkedOf(r.in.def)
	}
	v, err := g.m.RunWith(r, linked, fn, locals)
	if err != nil {
		g.fail(err)
		return 0
	}
	return v
}

// newObject makes a card a new object in a zone.
func (g *game) newObject(c *card, def *vm.Card, zone string, controller int) *object {
	o := &object{h: stdhost.ObjectHandle(len(g.objects)), card: c, def: def, zone: zone, controller: controller,
		since: g.turn, counters: map[string]int{}}
	g.objects = append(g.objects, o)
	c.obj = o
	return o
}

// newCard puts a new card (or token) in the game.
func (g *game) newCard(def *vm.Card, owner int, zone string, token bool) *object {
	c := &card{id: len(g.cards), owner: owner, token: token, printed: def}
	g.cards = append(g.cards, c)
	return g.newObject(c, def, zone, owner)
}

// obj returns the object a handle names, gone or not.
func (g *game) obj(h stdhost.Object) *object {
	if h <= 0 || int(h) >= len(g.objects) {
		return nil
	}
	return g.objects[h]
}

// live returns the object a handle names if it is still that object (the
// handle is not stale) and in zone.
func (g *game) live(h stdhost.Object, zone string) *object {
	if o := g.obj(h); o != nil && !o.gone && o.zone == zone {
		return o
	}
	return nil
}

// locals returns new locals for ability ab of def, this and you set.
func newLocals(ab *vm.Ability, this stdhost.Object, you int) []vm.Value {
	l := make([]vm.Value, max(int(ab.NumLocals), vm.FirstFreeLocal))
	l[vm.LocalThis] = vm.Value(this)
	l[vm.LocalYou] = vm.Value(stdhost.PlayerHandle(you))
	return l
}

// symbolName is the word of a name symbol of the program, "" for none.
func (g *game) symbolName(sym int32) string {
	if sym == vm.NoSymbol {
		return ""
	}
	_, w, _ := g.lib.prog.Symbols[sym].SplitName()
	return w
}

// battlefield lists the permanents, oldest first.
func (g *game) battlefield() []*object {
	var out []*object
	for _, o := range g.objects[1:] {
		if !o.gone && o.zone == zoneBattlefield {
			out = append(out, o)
		}
	}
	return out
}

// abilities lists the abilities of a permanent: the intrinsic mana
// abilities of its basic land types (CR 305.6), its own (not those its
// card grants others) and those effects grant it (layers.go). No effect
// of this engine changes land types or removes abilities, so its basic
// land types are its card's.
func (g *game) abilities(o *object) []instance {
	var out []instance
	for _, t := range o.def.Subtypes {
		if c := g.lib.intrinsicBy[t]; c != nil {
			out = append(out, instance{src: o.h, ctrl: o.controller, def: c, ab: 0})
		}
	}
	for i := range o.def.Abilities {
		if o.def.Abilities[i].Flags&vm.FlagGranted == 0 {
			out = append(out, instance{src: o.h, ctrl: o.controller, def: o.def, ab: i})
		}
	}
	if o.zone == zoneBattlefield {
		for _, gr := range g.chars(o).granted {
			out = append(out, instance{src: o.h, ctrl: o.controller, def: gr.def, ab: gr.ab})
		}
	}
	return out
}

// matches runs an instance's Match on an event, with fresh locals, and
// returns how many times it applies or triggers. More than
// vm.MaxTriggerCount is a mistake of a card or a test, not a game: the
// ability does not trigger, and the action fails (HOST.md).
func (g *game) matches(in *instance, ev *event) int {
	ab := in.ability()
	if in.locals == nil {
		in.locals = newLocals(ab, in.src, in.ctrl)
	}
	n := g.exec(&run{g: g, in: in, ev: ev}, ab.Match, in.locals)
	if n > vm.MaxTriggerCount {
		g.fail(fmt.Errorf("%s: its match says it triggers %d times, more than %d", in.def.Name, n, vm.MaxTriggerCount))
		return 0
	}
	return int(max(n, 0))
}

// ruleApplies reports whether a static ability of a permanent applies a
// rule to an event.
func (g *game) ruleApplies(rule string, ev *event) bool {
	for _, o := range g.battlefield() {
		for _, in := range g.abilities(o) {
			ab := in.ability()
			if ab.Kind == vm.AbilityStatic && g.symbolName(ab.Rule) == rule && g.symbolName(ab.Event) == ev.kind && g.matches(&in, ev) > 0 {
				return true
			}
		}
	}
	return false
}

// propose runs an event through the replacement effects that apply to
// it, each once, then performs it; the actions of those effects that take
// effect after the event (the binding hands them to Defer) happen right
// after it (CR 615.5). A regeneration shield applies first. Protection
// prevents damage from a source with its quality (CR 702.16e).
func (g *game) propose(ev event) {
	if g.over {
		return
	}
	g.eventID++
	ev.id = stdhost.EventHandle(g.eventID)
	if ev.kind == "damage" {
		ev.unpreventable = g.ruleApplies("damage_cant_be_prevented", &ev)
		if t, ok := ev.target.Object(); ok && !ev.unpreventable && g.protectedFrom(g.obj(t), g.obj(ev.source)) {
			ev.prevented, ev.protected = true, true
		}
	}
	start := len(g.deferred)
	applied := map[applied]bool{}
	for !g.over {
		if g.useShield(&ev) {
			continue
		}
		in := g.replacement(&ev, applied)
		if in == nil {
			break
		}
		g.exec(&run{g: g, in: in, ev: &ev}, in.ability().Body, in.locals)
	}
	g.perform(&ev)
	for i := start; i < len(g.deferred); i++ {
		d := &g.deferred[i]
		d.Frame.Context = &run{g: g, in: runOf(&d.Frame).in}
		if err := d.Do(); err != nil {
			g.fail(err)
		}
	}
	g.deferred = g.deferred[:start]
}

// applied is a replacement effect that applied to an event: each applies
// once (CR 614.5).
type applied struct {
	src stdhost.Object
	def *vm.Card
	ab  int
}

// replacement finds the first replacement effect not yet applied to an
// event, oldest permanent first: those of permanents, and the "enters
// with" effects of a permanent entering. It marks it applied.
func (g *game) replacement(ev *event, done map[applied]bool) *instance {
	var cands []instance
	for _, o := range g.battlefield() {
		cands = append(cands, g.abilities(o)...)
	}
	if o := g.obj(ev.object); ev.kind == "zone_change" && ev.to == g.name(vm.NameZone, zoneBattlefield) && o != nil {
		for i := range o.def.Abilities {
			if o.def.Abilities[i].Kind == vm.AbilityEnters {
				cands = append(cands, instance{src: o.h, ctrl: ev.controller, def: o.def, ab: i})
			}
		}
	}
	var apply []instance
	for _, in := range cands {
		ab := in.ability()
		enters := ab.Kind == vm.AbilityEnters && in.src == ev.object
		if (ab.Kind == vm.AbilityReplacement || enters) && !done[applied{in.src, in.def, in.ab}] &&
			g.symbolName(ab.Event) == ev.kind && g.matches(&in, ev) > 0 {
			apply = append(apply, in)
		}
	}
	if len(apply) == 0 {
		return nil
	}
	if len(apply) > 1 || ev.protected {
		// The affected player would choose the order (CR 616.1); this
		// engine applies the oldest first, and says it can't choose.
		g.fail(unsupported("choosing the order of replacement effects (CR 616.1)"))
	}
	in := apply[0]
	done[applied{in.src, in.def, in.ab}] = true
	return &in
}

// perform makes an event happen, logs it and finds what it triggers.
func (g *game) perform(ev *event) {
	switch ev.kind {
	case "damage":
		if ev.prevented || ev.amount <= 0 {
			ev.kind = "damage_prevented"
			break
		}
		if o := g.live(stdhost.Object(ev.target), zoneBattlefield); o != nil {
			o.damage += ev.amount
			o.deathtouch = o.deathtouch || g.hasKeyword(g.obj(ev.source), "deathtouch")
		} else if p, ok := stdhost.Player(ev.target).Index(); ok {
			g.life[p] -= ev.amount
		}
	case "counter_put", "counter_removed":
		o := g.live(ev.object, zoneBattlefield)
		if o == nil {
			return
		}
		if ev.kind == "counter_removed" {
			ev.amount = min(ev.amount, o.counters[g.word(ev.counter)])
			if ev.amount <= 0 {
				return
			}
			o.counters[g.word(ev.counter)] -= ev.amount
		} else {
			o.counters[g.word(ev.counter)] += ev.amount
		}
	case "life_gained":
		g.life[ev.player] += ev.amount
	case "mana_produced":
		for t, n := range ev.mana {
			g.pool[ev.player][t] += n
		}
	case "destroy":
		o := g.live(ev.object, zoneBattlefield)
		if o == nil {
			return
		}
		g.logEvent(ev)
		g.move(o, zoneGraveyard)
		return
	case "regenerated":
		g.regenerate(g.obj(ev.object))
	case "zone_change":
		g.performMove(ev)
		return
	}
	g.logEvent(ev)
}

// logEvent logs an event and collects the triggered abilities it
// triggers: those of permanents, of a permanent that left the battlefield
// (looking back in time, CR 603.10a), and delayed ones.
func (g *game) logEvent(ev *event) {
	g.log = append(g.log, *ev)
	for _, o := range g.battlefield() {
		g.trigger(o, ev)
	}
	if o := g.obj(ev.object); ev.kind == "zone_change" && ev.from == g.name(vm.NameZone, zoneBattlefield) && o != nil {
		g.trigger(o, ev)
	}
	kept := g.delayed[:0]
	for _, d := range g.delayed {
		ab := d.ability()
		if g.symbolName(ab.Event) == ev.kind {
			in := d
			in.locals = append([]vm.Value(nil), d.locals...)
			n := g.matches(&in, ev)
			if n > 0 && ab.Flags&vm.FlagOnce != 0 {
				// A "next time" trigger fires once, then is gone.
				in.ev = *ev
				g.pending = append(g.pending, in)
				continue
			}
			g.addPending(in, ev, n)
		}
		kept = append(kept, d)
	}
	g.delayed = kept
}

// trigger collects the triggered abilities of o that an event triggers,
// each as many times as its Match says.
func (g *game) trigger(o *object, ev *event) {
	for _, in := range g.abilities(o) {
		if ab := in.ability(); ab.Kind == vm.AbilityTriggered && g.symbolName(ab.Event) == ev.kind {
			g.addPending(in, ev, g.matches(&in, ev))
		}
	}
}

// addPending makes n triggers of an instance wait for the stack.
func (g *game) addPending(in instance, ev *event, n int) {
	for range n {
		t := in
		t.locals = append([]vm.Value(nil), in.locals...)
		t.ev = *ev
		g.pending = append(g.pending, t)
	}
}

// move proposes a zone change of an object.
func (g *game) move(o *object, to string) {
	g.propose(event{kind: "zone_change", object: o.h, from: g.name(vm.NameZone, o.zone), to: g.name(vm.NameZone, to),
		controller: o.card.owner})
}

// performMove moves an object: the card becomes a new object in the zone
// it enters (CR 400.7), and the old one is gone, keeping what it last was.
// A permanent enters with the counters its "enters with" effects gave it,
// each put in an event of its own (CR 122.6).
func (g *game) performMove(ev *event) {
	o := g.obj(ev.object)
	if o == nil || o.gone {
		return
	}
	to := g.word(ev.to)
	if o.zone == zoneBattlefield {
		c := g.chars(o)
		o.last = &c
		g.dropShields(o)
	}
	o.gone = true
	n := g.newObject(o.card, o.card.printed, to, ev.controller)
	if to == zoneBattlefield {
		n.x, n.attachedTo, ev.moved = ev.x, ev.attachTo, n.h
	}
	if to == zoneStack {
		n.x = ev.x
	}
	g.logEvent(ev)
	for _, c := range ev.enterWith {
		g.propose(event{kind: "counter_put", object: n.h, counter: c.kind, amount: c.n})
	}
}

// settle checks state-based actions and puts the triggered abilities
// waiting on the stack, until neither happens (CR 704.3, 117.5).
func (g *game) settle() {
	for n := 0; n < 1000 && !g.over; n++ {
		if g.stateBasedActions() {
			continue
		}
		if len(g.pending) == 0 {
			return
		}
		g.putTriggers()
	}
}

// stateBasedActions performs those that apply, all at once, and reports
// whether any did (CR 704.5).
func (g *game) stateBasedActions() bool {
	for p := range 2 {
		if g.life[p] <= 0 {
			g.lost[p] = "0 or less life (CR 704.5a)"
			g.over = true
		}
	}
	if g.over {
		switch {
		case g.lost[0] != "" && g.lost[1] != "":
		case g.lost[0] != "":
			g.winner = 1
		default:
			g.winner = 0
		}
		return true
	}
	acted := false
	for _, c := range g.cards[1:] {
		// A token that left the battlefield ceases to exist (CR 704.5d).
		if c.token && c.obj != nil && c.obj.zone != zoneBattlefield {
			c.obj.gone, c.obj = true, nil
			acted = true
		}
	}
	for _, o := range g.battlefield() {
		// +1/+1 and -1/-1 counters annihilate (CR 704.5q).
		if n := min(o.counters["+1/+1"], o.counters["-1/-1"]); n > 0 {
			g.propose(event{kind: "counter_removed", object: o.h, counter: g.name(vm.NameCounter, "-1/-1"), amount: n})
			g.propose(event{kind: "counter_removed", object: o.h, counter: g.name(vm.NameCounter, "+1/+1"), amount: n})
			acted = true
		}
	}
	var dead, destroyed []*object
	for _, o := range g.battlefield() {
		if o.is("creature") {
			switch c := g.chars(o); {
			case c.toughness <= 0: // CR 704.5f: not destroyed, put into the graveyard
				dead = append(dead, o)
			case o.damage >= c.toughness || (o.damage > 0 && o.deathtouch): // CR 704.5g, 704.5h
				destroyed = append(destroyed, o)
			}
		}
		// An Aura attached to nothing, or to what it can't enchant, is put
		// into its owner's graveyard (CR 704.5m).
		if o.enchant() >= 0 && !g.canEnchant(o, g.live(o.attachedTo, zoneBattlefield)) {
			dead = append(dead, o)
		}
	}
	for _, o := range dead {
		g.move(o, zoneGraveyard)
	}
	for _, o := range destroyed {
		g.propose(event{kind: "destroy", object: o.h})
	}
	return acted || len(dead) > 0 || len(destroyed) > 0
}

// putTriggers puts the waiting triggered abilities on the stack: the
// active player's first, then the other's (CR 603.3b), each player's in
// the order they choose.
func (g *game) putTriggers() {
	pending := g.pending
	g.pending = nil
	for _, p := range []int{g.active, 1 - g.active} {
		var ts []instance
		for _, t := range pending {
			if t.ctrl == p {
				ts = append(ts, t)
			}
		}
		order := make([]int, len(ts))
		for i := range order {
			order[i] = i
		}
		if len(ts) > 1 {
			order = g.d.orderTriggers(p, ts)
		}
		// The first to resolve goes on the stack last.
		for i := len(order) - 1; i >= 0; i-- {
			g.stack = append(g.stack, ts[order[i]])
		}
	}
}

// resolveTop resolves the top object of the stack, then lets the game
// settle. A spell or ability whose targets are all illegal now does
// nothing (CR 608.2b).
func (g *game) resolveTop() error {
	if len(g.stack) == 0 {
		return fmt.Errorf("the stack is empty")
	}
	top := g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	switch {
	case top.spell != nil:
		g.resolveSpell(&top)
	case g.targetsLegal(&top):
		g.exec(&run{g: g, in: &top}, top.ability().Body, top.locals)
	}
	g.settle()
	return nil
}

func (g *game) resolveAll() error {
	for n := 0; len(g.stack) > 0 && !g.over; n++ {
		if n == 10000 {
			return fmt.Errorf("the stack did not empty after %d objects resolved", n)
		}
		if err := g.resolveTop(); err != nil {
			return err
		}
	}
	return nil
}

// is reports whether an object has a card type.
func (o *object) is(t string) bool {
	for _, x := range o.def.Types {
		if strings.EqualFold(x, t) {
			return true
		}
	}
	return false
}

// enchant returns the index of an Aura's enchant ability, or -1.
func (o *object) enchant() int {
	return slices.IndexFunc(o.def.Abilities, func(a vm.Ability) bool { return a.Kind == vm.AbilityEnchant })
}

// ptCounter reads a counter kind that changes power and toughness:
// "+1/+1", "-1/-1", "+1/+0".
func ptCounter(kind string) (int, int, bool) {
	ps, ts, ok := strings.Cut(kind, "/")
	if !ok {
		return 0, 0, false
	}
	p, err1 := strconv.Atoi(ps)
	t, err2 := strconv.Atoi(ts)
	return p, t, err1 == nil && err2 == nil
}

// describe renders an event for the log.
func (g *game) describe(ev *event) string {
	name := func(h stdhost.Object) string {
		if o := g.obj(h); o != nil {
			return o.def.Name
		}
		return "?"
	}
	target := func(t stdhost.Target) string {
		if p, ok := stdhost.Player(t).Index(); ok {
			return fmt.Sprintf("player %d", p)
		}
		return name(stdhost.Object(t))
	}
	switch ev.kind {
	case "damage", "damage_prevented":
		return fmt.Sprintf("%s: %s → %s, %d", ev.kind, name(ev.source), target(ev.target), ev.amount)
	case "counter_put", "counter_removed":
		return fmt.Sprintf("%s: %d %s on %s", ev.kind, ev.amount, g.word(ev.counter), name(ev.object))
	case "zone_change":
		return fmt.Sprintf("zone_change: %s %s → %s", name(ev.object), g.word(ev.from), g.word(ev.to))
	case "destroy", "regenerated":
		return fmt.Sprintf("%s: %s", ev.kind, name(ev.object))
	case "attacks":
		return fmt.Sprintf("attacks: %s", name(ev.attacker))
	case "block":
		return fmt.Sprintf("block: %s blocks %s", name(ev.blocker), name(ev.attacker))
	case "life_gained", "attack_declared":
		return fmt.Sprintf("%s: player %d, %d", ev.kind, ev.player, ev.amount)
	case "step_begins":
		return fmt.Sprintf("step_begins: turn %d, %s", g.turn, g.word(ev.step))
	}
	return ev.kind
}
