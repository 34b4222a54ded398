package embed

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// This file is the engine: objects, zones, events, replacement effects,
// triggers, the stack, state-based actions, steps and combat. It knows the
// cards only through their compiled abilities, which it runs on the VM.

// The zones a card can be in.
const (
	zoneBattlefield = "battlefield"
	zoneHand        = "hand"
	zoneGraveyard   = "graveyard"
	zoneLibrary     = "library"
	zoneExile       = "exile"
)

// steps are the steps of a turn, in order, by the vocabulary's names.
var steps = []string{"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
	"declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"}

func stepIndex(name string) int {
	for i, s := range steps {
		if s == name {
			return i
		}
	}
	return -1
}

// maxTriggers caps how many times one ability triggers on one event, what
// a match function returns being a count.
const maxTriggers = 1000

// object is a card in the game. This small engine keeps one object per
// card, whatever zone it moves to; what "this" refers to is its number.
type object struct {
	card              int
	def               *cardDef
	owner, controller int
	zone              string
	tapped            bool
	attacking         bool
	blocked           bool
	blocking          int // the attacker it blocks, or 0
	damage            int
	counters          map[string]int
	// x is the X the card was cast with.
	x int
	// boost is what effects until end of turn add to its power and
	// toughness.
	boost [2]int
	// lki is its power and toughness as it last existed on the
	// battlefield (CR 608.2h), once it has left.
	lki *[2]int
}

// counterAmount is counters of a kind (an interned name).
type counterAmount struct {
	kind vm.Value
	n    int
}

// event is an event of the game: what happens, proposed to replacement
// effects, then performed, logged and matched by triggers.
type event struct {
	id     int64
	kind   string
	object int // the object it is about
	source int // the source of damage
	// target is what damage is dealt to: an object or a player value.
	target   vm.Value
	player   int
	amount   int
	counter  vm.Value
	from, to vm.Value // zones, interned
	step     vm.Value // interned
	blocker  int
	attacker int
	combat   bool
	turn     int
	// unpreventable is set when a rule says the damage can't be
	// prevented; prevented once an effect prevented it.
	unpreventable, prevented bool
	// enterWith are the counters a permanent entering gets.
	enterWith []counterAmount
}

// cards lists the cards an event involves.
func (e *event) cards() []int {
	var out []int
	for _, c := range []int{e.object, e.source, e.blocker, e.attacker} {
		if c > 0 {
			out = append(out, c)
		}
	}
	if e.target > 0 {
		out = append(out, int(e.target))
	}
	return out
}

// ability is an ability of a card with the locals its match function
// bound: a trigger waiting to go on the stack, an ability on it, or a
// delayed trigger waiting for its event.
type ability struct {
	def     *cardDef
	ability int
	locals  []vm.Value
	// ev is the event that triggered it.
	ev event
	// spell is, for a spell on the stack, its card; ability is then its
	// spell ability, or -1 for a permanent spell.
	spell int
}

func (a *ability) ab() *vm.Ability { return &a.def.card.Abilities[a.ability] }

type delayed = ability

// The modes the VM runs a card's code in.
const (
	modeMatch = iota
	modeReplace
	modeResolve
)

// frame is a run of a card's code in progress: what mode, the event
// being matched or replaced, the card and the locals.
type frame struct {
	mode   int
	ev     *event
	def    *cardDef
	locals []vm.Value
}

// game is one game.
type game struct {
	lib     *Library
	m       *vm.Machine
	objects []*object // by card number; objects[0] is nil
	life    [2]int
	pool    [2]mana.Amount
	turn    int
	active  int
	step    int
	stack   []ability
	// pending are the triggered abilities waiting to go on the stack.
	pending []ability
	delayed []delayed
	// shields are the regeneration shields of this turn, each the card
	// it protects (regenerate.go).
	shields []int
	log     []event
	eventID int64
	frames  []frame
	// deferred are the actions of replacement bodies waiting for their
	// event to happen.
	deferred []func()
	// blockOrder lists the blocks of the combat, in declaration order.
	blockOrder [][2]int
	over       bool
	winner     int
	lost       [2]string
	// err is the first error of a card's code during the current action.
	err error
	// orderTriggers orders a player's triggers put on the stack at once:
	// it returns the order in which they resolve.
	orderTriggers func(player int, ts []ability) []int
}

func newGame(lib *Library) *game {
	g := &game{lib: lib, objects: []*object{nil}, life: [2]int{20, 20}, turn: 1, step: stepIndex("main1"), winner: -1}
	g.m = vm.NewMachine(host{g})
	return g
}

func (g *game) frame() *frame {
	if len(g.frames) == 0 {
		return nil
	}
	return &g.frames[len(g.frames)-1]
}

// fail records the first error of the current action.
func (g *game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// run runs a function of a card in a frame.
func (g *game) run(fr frame, fn int32) vm.Value {
	if fn == vm.NoFunc {
		return 0
	}
	g.frames = append(g.frames, fr)
	v, err := g.m.Run(fr.def.linked, fn, fr.locals)
	g.frames = g.frames[:len(g.frames)-1]
	if err != nil {
		g.fail(err)
		return 0
	}
	return v
}

// locals returns new locals for an ability of o: this and you set.
func (g *game) locals(o *object, ab *vm.Ability) []vm.Value {
	l := make([]vm.Value, max(int(ab.NumLocals), vm.FirstFreeLocal))
	l[vm.LocalThis] = vm.Value(o.card)
	l[vm.LocalYou] = playerValue(o.controller)
	return l
}

// eventOf is the kind of event an ability watches, or "".
func eventOf(def *cardDef, ab *vm.Ability) string {
	if ab.Event == vm.NoSymbol {
		return ""
	}
	_, name, _ := def.linked.Program.Symbols[ab.Event].SplitName()
	return name
}

// ruleOf is the rule a static ability applies, or "".
func ruleOf(def *cardDef, ab *vm.Ability) string {
	if ab.Rule == vm.NoSymbol {
		return ""
	}
	_, name, _ := def.linked.Program.Symbols[ab.Rule].SplitName()
	return name
}

// battlefield lists the permanents, oldest card first.
func (g *game) battlefield() []*object {
	var out []*object
	for _, o := range g.objects[1:] {
		if o.zone == zoneBattlefield {
			out = append(out, o)
		}
	}
	return out
}

// matches runs an ability's match function on an event and returns how
// many times it applies, with the locals it bound.
func (g *game) matches(o *object, def *cardDef, ai int, ev *event, locals []vm.Value) int {
	ab := &def.card.Abilities[ai]
	if locals == nil {
		locals = g.locals(o, ab)
	}
	n := g.run(frame{mode: modeMatch, ev: ev, def: def, locals: locals}, ab.Match)
	return int(min(max(n, 0), maxTriggers))
}

// ruleApplies reports whether a static ability of a permanent applies a
// rule to an event.
func (g *game) ruleApplies(rule string, ev *event) bool {
	for _, o := range g.battlefield() {
		for ai := range o.def.card.Abilities {
			ab := &o.def.card.Abilities[ai]
			if ab.Kind == vm.AbilityStatic && ruleOf(o.def, ab) == rule && eventOf(o.def, ab) == ev.kind && g.matches(o, o.def, ai, ev, nil) > 0 {
				return true
			}
		}
	}
	return false
}

// propose runs an event through the replacement effects that apply to
// it, each once, then performs it; the actions those effects deferred
// happen right after (CR 615.5). A regeneration shield applies first:
// the permanent regenerates instead of being destroyed.
func (g *game) propose(ev event) {
	if g.over {
		return
	}
	g.eventID++
	ev.id, ev.turn = g.eventID, g.turn
	if ev.kind == "damage" {
		ev.unpreventable = g.ruleApplies(ruleCantBePrevented, &ev)
	}
	start := len(g.deferred)
	applied := map[[2]int]bool{}
	for {
		if g.useShield(&ev) {
			continue
		}
		o, ai, locals := g.replacement(&ev, applied)
		if o == nil {
			break
		}
		applied[[2]int{o.card, ai}] = true
		g.run(frame{mode: modeReplace, ev: &ev, def: o.def, locals: locals}, o.def.card.Abilities[ai].Body)
	}
	g.perform(&ev)
	for i := start; i < len(g.deferred); i++ {
		g.deferred[i]()
	}
	g.deferred = g.deferred[:start]
}

// replacement finds the first replacement effect not yet applied that
// applies to an event: those of permanents, and the "enters with"
// effects of a permanent entering.
func (g *game) replacement(ev *event, applied map[[2]int]bool) (*object, int, []vm.Value) {
	cands := g.battlefield()
	entering := ev.kind == "zone_change" && ev.to == g.lib.names.of(vm.NameZone, zoneBattlefield)
	if entering {
		cands = append(cands, g.objects[ev.object])
	}
	for _, o := range cands {
		for ai := range o.def.card.Abilities {
			ab := &o.def.card.Abilities[ai]
			kindOK := ab.Kind == vm.AbilityReplacement || (entering && ab.Kind == vm.AbilityEnters && o.card == ev.object)
			if !kindOK || applied[[2]int{o.card, ai}] || eventOf(o.def, ab) != ev.kind {
				continue
			}
			locals := g.locals(o, ab)
			if g.matches(o, o.def, ai, ev, locals) > 0 {
				return o, ai, locals
			}
		}
	}
	return nil, 0, nil
}

// perform makes an event happen, logs it and finds what it triggers.
func (g *game) perform(ev *event) {
	switch ev.kind {
	case "damage":
		if ev.prevented || ev.amount <= 0 {
			ev.kind = "damage_prevented"
			break
		}
		if o := g.permanent(ev.target); o != nil {
			o.damage += ev.amount
		} else if p, ok := valuePlayer(ev.target); ok {
			g.life[p] -= ev.amount
		}
	case "counter_put":
		o := g.objects[ev.object]
		o.counters[g.lib.names.name(ev.counter)] += ev.amount
	case "counter_removed":
		o := g.objects[ev.object]
		o.counters[g.lib.names.name(ev.counter)] -= ev.amount
	case "life_gained":
		g.life[ev.player] += ev.amount
	case "destroy":
		g.logEvent(ev)
		g.move(g.objects[ev.object], zoneGraveyard)
		return
	case "regenerated":
		g.regenerate(g.objects[ev.object])
	case "zone_change":
		g.performMove(ev)
		return
	}
	g.logEvent(ev)
}

// logEvent logs an event and collects the triggered abilities it
// triggers: those of permanents, and delayed ones.
func (g *game) logEvent(ev *event) {
	g.log = append(g.log, *ev)
	g.log[len(g.log)-1].enterWith = nil
	for _, o := range g.battlefield() {
		g.trigger(o, ev)
	}
	// A creature leaving the battlefield looks back in time (CR 603.10a).
	if ev.kind == "zone_change" && ev.from == g.lib.names.of(vm.NameZone, zoneBattlefield) && g.objects[ev.object].zone != zoneBattlefield {
		g.trigger(g.objects[ev.object], ev)
	}
	kept := g.delayed[:0]
	for _, d := range g.delayed {
		ab := d.ab()
		if eventOf(d.def, ab) == ev.kind {
			locals := append([]vm.Value(nil), d.locals...)
			n := int(g.run(frame{mode: modeMatch, ev: ev, def: d.def, locals: locals}, ab.Match))
			if n > 0 && ab.Flags&vm.FlagOnce != 0 {
				// A "next time" trigger fires once, then is gone.
				g.pending = append(g.pending, ability{def: d.def, ability: d.ability, locals: locals, ev: *ev})
				continue
			}
			for range min(max(n, 0), maxTriggers) {
				g.pending = append(g.pending, ability{def: d.def, ability: d.ability, locals: append([]vm.Value(nil), locals...), ev: *ev})
			}
		}
		kept = append(kept, d)
	}
	g.delayed = kept
}

// trigger collects the triggered abilities of o that an event triggers,
// each as many times as its match function says.
func (g *game) trigger(o *object, ev *event) {
	for ai := range o.def.card.Abilities {
		ab := &o.def.card.Abilities[ai]
		if ab.Kind != vm.AbilityTriggered || eventOf(o.def, ab) != ev.kind {
			continue
		}
		locals := g.locals(o, ab)
		n := g.matches(o, o.def, ai, ev, locals)
		for range n {
			g.pending = append(g.pending, ability{def: o.def, ability: ai, locals: append([]vm.Value(nil), locals...), ev: *ev})
		}
	}
}

// move proposes a zone change.
func (g *game) move(o *object, to string) {
	g.propose(event{kind: "zone_change", object: o.card,
		from: g.lib.names.of(vm.NameZone, o.zone), to: g.lib.names.of(vm.NameZone, to)})
}

// performMove moves an object: leaving the battlefield it forgets its
// state (remembering its power and toughness); entering, it gets the
// counters it enters with.
func (g *game) performMove(ev *event) {
	o := g.objects[ev.object]
	if o.zone == zoneBattlefield {
		p, t := g.pt(o)
		o.lki = &[2]int{p, t}
		o.tapped, o.attacking, o.blocked, o.blocking, o.damage, o.boost = false, false, false, 0, 0, [2]int{}
		o.counters = map[string]int{}
		g.dropShields(o)
	}
	o.zone = g.lib.names.name(ev.to)
	o.controller = o.owner
	g.logEvent(ev)
	if o.zone == zoneBattlefield {
		for _, c := range ev.enterWith {
			o.counters[g.lib.names.name(c.kind)] += c.n
			put := event{kind: "counter_put", object: o.card, counter: c.kind, amount: c.n}
			g.eventID++
			put.id = g.eventID
			g.logEvent(&put)
		}
	}
}

// pt returns an object's power and toughness: printed, plus its +X/+Y
// counters; once it has left the battlefield, as it last was there.
func (g *game) pt(o *object) (int, int) {
	if o.zone != zoneBattlefield && o.lki != nil {
		return o.lki[0], o.lki[1]
	}
	p, t := int(o.def.card.Power)+o.boost[0], int(o.def.card.Toughness)+o.boost[1]
	for kind, n := range o.counters {
		if dp, dt, ok := ptCounter(kind); ok {
			p += dp * n
			t += dt * n
		}
	}
	return p, t
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

func (g *game) isCreature(o *object) bool {
	for _, t := range o.def.card.Types {
		if t == "creature" {
			return true
		}
	}
	return false
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
// whether any did.
func (g *game) stateBasedActions() bool {
	acted := false
	for p := range 2 {
		if g.life[p] <= 0 {
			g.lost[p] = "0 or less life (CR 704.5a)"
			acted = true
		}
	}
	if acted {
		g.over = true
		switch {
		case g.lost[0] != "" && g.lost[1] != "":
		case g.lost[0] != "":
			g.winner = 1
		default:
			g.winner = 0
		}
		return true
	}
	plus, minus := g.lib.names.of(vm.NameCounter, "+1/+1"), g.lib.names.of(vm.NameCounter, "-1/-1")
	for _, o := range g.battlefield() {
		// +1/+1 and -1/-1 counters annihilate (CR 704.5q).
		if n := min(o.counters["+1/+1"], o.counters["-1/-1"]); n > 0 {
			g.propose(event{kind: "counter_removed", object: o.card, counter: minus, amount: n})
			g.propose(event{kind: "counter_removed", object: o.card, counter: plus, amount: n})
			acted = true
		}
	}
	for _, o := range g.battlefield() {
		if !g.isCreature(o) {
			continue
		}
		switch _, t := g.pt(o); {
		case t <= 0: // CR 704.5f: not destroyed, put into the graveyard
			g.move(o, zoneGraveyard)
			acted = true
		case o.damage >= t: // CR 704.5g
			g.propose(event{kind: "destroy", object: o.card})
			acted = true
		}
	}
	return acted
}

// putTriggers puts the waiting triggered abilities on the stack: the
// active player's first, then the other's (CR 603.3b), each player's in
// the order they choose.
func (g *game) putTriggers() {
	pending := g.pending
	g.pending = nil
	for _, p := range []int{g.active, 1 - g.active} {
		var ts []ability
		for _, t := range pending {
			if int(-t.locals[vm.LocalYou]-1) == p {
				ts = append(ts, t)
			}
		}
		if len(ts) == 0 {
			continue
		}
		order := make([]int, len(ts))
		for i := range order {
			order[i] = i
		}
		if len(ts) > 1 && g.orderTriggers != nil {
			order = g.orderTriggers(p, ts)
		}
		// The first to resolve goes on the stack last.
		for i := len(order) - 1; i >= 0; i-- {
			g.stack = append(g.stack, ts[order[i]])
		}
	}
}

// resolveTop resolves the top object of the stack, then lets the game
// settle.
func (g *game) resolveTop() error {
	if len(g.stack) == 0 {
		return fmt.Errorf("the stack is empty")
	}
	top := g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	switch {
	case top.spell != 0:
		g.resolveSpell(top)
	case top.ab().Kind == vm.AbilityActivated && !g.anyTargetLegal(top):
		// Its targets are all illegal now: it does nothing (CR 608.2b).
	default:
		g.run(frame{mode: modeResolve, def: top.def, locals: top.locals}, top.ab().Body)
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

// nextStep ends the step and begins the next one, with its turn-based
// actions, then lets the game settle.
func (g *game) nextStep(attackers []int, blocks [][2]int) error {
	if steps[g.step] == "end_of_combat" {
		// Combat is over: creatures stop attacking and blocking (CR 506.4).
		for _, o := range g.battlefield() {
			o.attacking, o.blocked, o.blocking = false, false, 0
		}
		g.blockOrder = nil
	}
	g.step++
	if g.step == len(steps) {
		g.turn++
		g.active = 1 - g.active
		g.step = 0
	}
	anyAttacking := false
	for _, o := range g.battlefield() {
		anyAttacking = anyAttacking || o.attacking
	}
	switch steps[g.step] {
	case "untap":
		for _, o := range g.battlefield() {
			if o.controller == g.active {
				o.tapped = false
			}
		}
	case "draw":
		g.draw(g.active)
	case "declare_attackers":
		if err := g.declareAttackers(attackers); err != nil {
			return err
		}
	case "declare_blockers", "combat_damage":
		if !anyAttacking {
			// With no attackers, these steps are skipped (CR 508.8).
			return g.nextStep(nil, nil)
		}
		if steps[g.step] == "declare_blockers" {
			if err := g.declareBlockers(blocks); err != nil {
				return err
			}
		} else {
			g.combatDamage()
		}
	case "cleanup":
		// Damage wears off, and effects until end of turn end, unused
		// regeneration shields too (CR 514.2).
		for _, o := range g.battlefield() {
			o.damage, o.boost = 0, [2]int{}
		}
		g.shields = nil
	}
	g.propose(event{kind: "step_begins", player: g.active, step: g.lib.names.of(vm.NameStep, steps[g.step])})
	g.settle()
	return nil
}

// draw puts the top card of a player's library into their hand.
func (g *game) draw(p int) {
	for i := len(g.objects) - 1; i > 0; i-- {
		if o := g.objects[i]; o.owner == p && o.zone == zoneLibrary {
			g.move(o, zoneHand)
			return
		}
	}
}

func (g *game) declareAttackers(cards []int) error {
	for _, c := range cards {
		o := g.objects[c]
		switch {
		case o.zone != zoneBattlefield || !g.isCreature(o) || o.controller != g.active:
			return fmt.Errorf("%s can't attack: it is not a creature the active player controls", o.def.card.Name)
		case o.tapped:
			return fmt.Errorf("%s can't attack: it is tapped (CR 508.1a)", o.def.card.Name)
		}
	}
	for _, c := range cards {
		o := g.objects[c]
		o.attacking, o.tapped = true, true
		g.propose(event{kind: "attacks", object: c, player: o.controller})
	}
	return nil
}

func (g *game) declareBlockers(blocks [][2]int) error {
	for _, b := range blocks {
		bl, at := g.objects[b[0]], g.objects[b[1]]
		switch {
		case bl.zone != zoneBattlefield || !g.isCreature(bl) || bl.controller == g.active || bl.tapped:
			return fmt.Errorf("%s can't block", bl.def.card.Name)
		case !at.attacking:
			return fmt.Errorf("%s can't block %s: it is not attacking", bl.def.card.Name, at.def.card.Name)
		}
	}
	for _, b := range blocks {
		g.objects[b[0]].blocking = b[1]
		g.objects[b[1]].blocked = true
		g.blockOrder = append(g.blockOrder, b)
	}
	for _, b := range blocks {
		g.propose(event{kind: "block", blocker: b[0], attacker: b[1]})
	}
	return nil
}

// combatDamage deals the combat damage of every attacking and blocking
// creature at once (CR 510.2): assigned first, with the creatures' power
// then, and dealt after. A blocked creature whose blockers are gone deals
// none (CR 509.1h, 510.1c).
func (g *game) combatDamage() {
	type hit struct {
		source int
		target vm.Value
		amount int
	}
	var hits []hit
	for _, at := range g.battlefield() {
		if !at.attacking {
			continue
		}
		power, _ := g.pt(at)
		if !at.blocked {
			hits = append(hits, hit{at.card, playerValue(1 - at.controller), power})
			continue
		}
		var blockers []*object
		for _, b := range g.blockOrder {
			if bl := g.objects[b[0]]; b[1] == at.card && bl.zone == zoneBattlefield && bl.blocking == at.card {
				blockers = append(blockers, bl)
			}
		}
		for i, bl := range blockers {
			_, t := g.pt(bl)
			n := min(power, max(t-bl.damage, 0))
			if i == len(blockers)-1 {
				n = power
			}
			hits = append(hits, hit{at.card, vm.Value(bl.card), n})
			power -= n
		}
	}
	for _, bl := range g.battlefield() {
		if at := g.objects[bl.blocking]; bl.blocking != 0 && at.zone == zoneBattlefield {
			p, _ := g.pt(bl)
			hits = append(hits, hit{bl.card, vm.Value(at.card), p})
		}
	}
	for _, h := range hits {
		if h.amount > 0 {
			g.propose(event{kind: "damage", source: h.source, target: h.target, amount: h.amount, combat: true})
		}
	}
}

// describe renders an event for the log.
func (g *game) describe(ev *event) string {
	name := func(c int) string {
		if c <= 0 || c >= len(g.objects) {
			return "?"
		}
		return g.objects[c].def.card.Name
	}
	target := func(v vm.Value) string {
		if p, ok := valuePlayer(v); ok {
			return fmt.Sprintf("player %d", p)
		}
		return name(int(v))
	}
	switch ev.kind {
	case "damage", "damage_prevented":
		return fmt.Sprintf("%s: %s → %s, %d", ev.kind, name(ev.source), target(ev.target), ev.amount)
	case "counter_put", "counter_removed":
		return fmt.Sprintf("%s: %d %s on %s", ev.kind, ev.amount, g.lib.names.name(ev.counter), name(ev.object))
	case "zone_change":
		return fmt.Sprintf("zone_change: %s %s → %s", name(ev.object), g.lib.names.name(ev.from), g.lib.names.name(ev.to))
	case "destroy", "attacks", "regenerated":
		return fmt.Sprintf("%s: %s", ev.kind, name(ev.object))
	case "block":
		return fmt.Sprintf("block: %s blocks %s", name(ev.blocker), name(ev.attacker))
	case "life_gained":
		return fmt.Sprintf("life_gained: player %d, %d", ev.player, ev.amount)
	case "step_begins":
		return fmt.Sprintf("step_begins: turn %d, %s", ev.turn, g.lib.names.name(ev.step))
	}
	return ev.kind
}
