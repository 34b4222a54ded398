package core

import (
	"slices"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// This file holds what Three Dog, Galaxy News DJ needs of the rules:
// "whenever you attack" (CR 508.3a), optional costs paid as an ability
// resolves, reflexive triggered abilities (CR 603.12), "for each", and
// tokens that are copies of Auras, attached without targeting (CR 111,
// 707, 303.4f, 303.4i).

// declaredAttack is the event of a player declaring attackers (CR 508.1),
// once per combat, after the attacks events: "whenever you attack"
// (CR 508.3a) triggers on it once, however many creatures attack.
func (g *Game) declaredAttack(p PlayerID, n int) {
	if n > 0 {
		g.propose(Event{Kind: EvAttackDeclared, Player: p, Amount: n})
	}
}

// optionalCost is the last decision of an optional cost of the resolving
// ability: the reflexive event, if the player paid.
type optionalCost struct {
	paid  bool
	event Event
}

// hPayOptional asks the controller of the resolving ability whether they
// pay mana and sacrifice a permanent they control that the filter
// describes. They can only if they can pay all of it (CR 601.2h, 701.17a):
// enough mana in their pool and from their lands, and a permanent to
// sacrifice. The decision is recorded; if they pay, the reflexive event
// is what `when you do` triggers on.
func (g *Game) hPayOptional(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	g.optional = optionalCost{}
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil {
		return 0, nil
	}
	syms, _ := mana.Parse(g.manaText(a[1]))
	options := g.sacrificeOptions(fr, p, a[2])
	if len(options) == 0 || !g.canPayMana(p, syms, 0, 0, 0) {
		g.decided(Decision{Player: p, Kind: DecisionOptionalCost, Source: fr.source})
		return 0, nil // they can't pay, so they don't (CR 601.2h)
	}
	pay, choice := g.decider.PayOptionalCost(g, p, fr.source, options)
	if pay && !containsObject(options, choice) {
		choice = options[0]
	}
	d := Decision{Player: p, Kind: DecisionOptionalCost, Source: fr.source, Paid: pay}
	if pay {
		d.Target = ObjectValue(choice)
	}
	g.decided(d)
	if !pay {
		return 0, nil
	}
	if err := g.payMana(p, fr.source, syms, 0, 0, false); err != nil {
		return 0, nil
	}
	g.propose(Event{Kind: EvZoneChange, Object: choice, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	g.optional = optionalCost{paid: true, event: Event{Kind: EvReflexive, Player: p, Object: choice, Turn: g.turn}}
	return 0, nil
}

// hSacrificeUnless has a player choose, as the ability resolves, whether
// to sacrifice a permanent they control that the filter describes; if
// they don't, or can't, they sacrifice the first permanent instead, if
// they still control it (CR 118.12, 701.17a). The decision is recorded
// as an optional cost's, whoever controls the first permanent.
func (g *Game) hSacrificeUnless(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[1])
	if !ok || fr == nil {
		return 0, nil
	}
	d := Decision{Player: p, Kind: DecisionOptionalCost, Source: fr.source}
	if options := g.sacrificeOptions(fr, p, a[2]); len(options) > 0 {
		pay, choice := g.decider.PayOptionalCost(g, p, fr.source, options)
		if pay && !containsObject(options, choice) {
			choice = options[0]
		}
		d.Paid = pay
		if pay {
			d.Target = ObjectValue(choice)
		}
	}
	g.decided(d)
	victim := g.permanentArg(a[0])
	if id, ok := valueObject(d.Target); d.Paid && ok {
		victim = g.onBattlefield(id)
	}
	if victim != nil && victim.controller == p {
		g.propose(Event{Kind: EvZoneChange, Object: victim.id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	}
	return 0, nil
}

// hSacrificeUnlessPayPerCounter has a player pay mana for each counter of
// a kind on a permanent, or sacrifice it (cumulative upkeep, CR 702.24a):
// the counters are counted as it resolves; a player who can't pay all of
// it doesn't. The decision is recorded as an optional cost's.
func (g *Game) hSacrificeUnlessPayPerCounter(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	o := g.permanentArg(a[0])
	p, ok := valuePlayer(a[1])
	if !ok || fr == nil || o == nil {
		return 0, nil
	}
	each, _ := mana.Parse(g.manaText(a[2]))
	var syms []mana.Symbol
	for range min(o.Counters(CounterKind(a[3])), maxPerCounterPayments) {
		syms = append(syms, each...)
	}
	d := Decision{Player: p, Kind: DecisionOptionalCost, Source: fr.source}
	if g.canPayMana(p, syms, 0, 0, 0) {
		d.Paid, _ = g.decider.PayOptionalCost(g, p, fr.source, nil)
	}
	g.decided(d)
	if d.Paid && g.payMana(p, fr.source, syms, 0, 0, false) == nil {
		return 0, nil
	}
	if o.controller == p {
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: ZoneBattlefield, To: ZoneGraveyard, Player: NoPlayer})
	}
	return 0, nil
}

// maxPerCounterPayments bounds the symbols of a payment for each counter:
// more than this many counters can't be paid for.
const maxPerCounterPayments = 1000

// manaText is the text of the mana symbols a VM value names.
func (g *Game) manaText(v vm.Value) string {
	return g.lib.manaSymbols(v)
}

// sacrificeOptions lists the permanents a player controls that a filter of
// the running ability describes, oldest first.
func (g *Game) sacrificeOptions(fr *frame, p PlayerID, filter vm.Value) []ObjectID {
	ab := &fr.def.Card.Abilities[fr.ability]
	if filter < 0 || int(filter) >= len(ab.Filters) {
		return nil
	}
	var out []ObjectID
	for _, id := range g.battlefield {
		if g.objects[id].controller == p && g.inFilter(fr, ab.Filters[filter], ObjectValue(id)) {
			out = append(out, id)
		}
	}
	return out
}

// hTriggerReflexive makes a reflexive triggered ability of the running
// card trigger (CR 603.12) if its controller just paid the optional cost
// before it: the ability matches the reflexive event with the running
// locals, and waits to go on the stack like any triggered ability.
func (g *Game) hTriggerReflexive(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.def == nil || a[0] < 0 || int(a[0]) >= len(fr.def.Card.Abilities) || !g.optional.paid {
		return 0, nil
	}
	ev := g.optional.event
	d := delayedTrigger{instance: instance{source: fr.source, controller: fr.controller, def: fr.def, ability: int(a[0]), x: fr.x,
		finds: g.findingNow()}}
	ab := d.ab()
	d.locals.copyFrom(fr.locals, ab.NumLocals)
	g.matchLocals.copyFrom(d.locals.slice(), ab.NumLocals)
	m := d.frame(modeMatch, &ev)
	m.locals = g.matchLocals.slice()
	if n, err := g.run(m, ab.Match); err == nil && n > 0 {
		g.addPending(&d.instance, &ev, 1)
	}
	return 0, nil
}

// qEachBegin remembers the permanents a filter of the running ability
// describes now, for a `for each` loop, and returns a handle to them.
func (g *Game) qEachBegin(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	var set []ObjectID
	if fr != nil {
		ab := &fr.def.Card.Abilities[fr.ability]
		if a[0] >= 0 && int(a[0]) < len(ab.Filters) {
			for _, id := range g.battlefield {
				if g.inFilter(fr, ab.Filters[a[0]], ObjectValue(id)) {
					set = append(set, id)
				}
			}
		}
	}
	g.eachSets = append(g.eachSets, set)
	return vm.Value(len(g.eachSets) - 1), nil
}

// qEachObject is the index-th permanent of a `for each` set, or 0 after
// the last.
func (g *Game) qEachObject(a []vm.Value) (vm.Value, error) {
	h, i := a[0], a[1]
	if h < 0 || int(h) >= len(g.eachSets) || i < 0 || int(i) >= len(g.eachSets[h]) {
		return 0, nil
	}
	return ObjectValue(g.eachSets[h][i]), nil
}

// hCreateTokenCopyAttached creates a token that's a copy of an Aura,
// attached to a permanent (CR 111.1, 303.4f, 707.2). The token has the
// copiable values of the Aura as it is or last existed (its def, which is
// what it copies if it is itself a copy, CR 707.3) and nothing else; its
// X is 0 (CR 107.3: only a spell has a chosen X). If the Aura couldn't
// legally be attached to that permanent (enchantsLegally, which judges
// the state-based action of CR 704.5m), it isn't created (CR 303.4i).
func (g *Game) hCreateTokenCopyAttached(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	orig := g.valueObject(a[0])
	host := g.permanentArg(a[1])
	if fr == nil || orig == nil || host == nil || orig.copiable().enchant < 0 {
		return 0, nil
	}
	g.propose(Event{Kind: EvTokensCreated, Player: fr.controller, Amount: 1, token: orig.copiable(), attachTo: host.id})
	return 0, nil
}

// createTokens creates the tokens of a tokens_created event, as many as
// replacement effects left of it (CR 111.1, 614.1a): the player who
// creates a token owns it (CR 111.2), and they enter the battlefield
// under their control at the same time (see enterTogether), each an
// event of its own. A token that's a copy of an
// Aura, to be attached to a permanent it couldn't legally enchant, isn't
// created (CR 303.4i).
func (g *Game) createTokens(ev *Event) {
	p, def, host := ev.Player, ev.token, ev.attachTo
	var entering []Event
	for range ev.Amount { // as many as tokensFit let happen
		g.cards++
		t := &Object{id: ObjectID(len(g.objects)), def: def, printed: def, card: g.cards, owner: p,
			controller: p, zone: ZoneNone, token: true, defender: NoPlayer, attachedTo: host}
		g.objects = append(g.objects, t)
		if host != 0 && (g.onBattlefield(host) == nil || !g.enchantsLegally(t)) {
			t.left = true
			continue
		}
		entering = append(entering, Event{Kind: EvZoneChange, Object: t.id, From: ZoneNone, To: ZoneBattlefield, Player: p, attachTo: host})
	}
	// The tokens an effect creates enter the battlefield at the same time
	// (CR 111.1, 603.6a).
	g.enterTogether(entering)
}

// copyEffect is a copy effect of a resolved spell or ability that lasts
// until end of turn (layer 1, CR 707.2): object has the copiable values
// of another card; restore is the card it was before.
type copyEffect struct {
	object  ObjectID
	restore *CardDef
}

// hBecomeCopyUntilEndOfTurn makes a permanent a copy of another until end
// of turn (CR 707.2): its card becomes the other's copiable values, and
// its counters, damage and the effects on it stay.
func (g *Game) hBecomeCopyUntilEndOfTurn(a []vm.Value) (vm.Value, error) {
	o, orig := g.permanentArg(a[0]), g.permanentArg(a[1])
	if o == nil || orig == nil {
		return 0, nil
	}
	g.copies = append(g.copies, copyEffect{object: o.id, restore: o.def})
	g.setDef(o, orig.copiable())
	return 0, nil
}

// setDef gives a permanent other copiable values (layer 1): its abilities
// are those of def now, so the index of abilities follows.
func (g *Game) setDef(o *Object, def *CardDef) {
	if o.def == def {
		return
	}
	g.indexLeave(o)
	o.def = def
	g.indexEnter(o)
	g.invalidate()
}

// endCopies ends the copy effects that last until end of turn, the latest
// first (CR 514.2): each permanent still on the battlefield is the card it
// was before.
func (g *Game) endCopies() {
	for i := len(g.copies) - 1; i >= 0; i-- {
		if o := g.onBattlefield(g.copies[i].object); o != nil {
			g.setDef(o, g.copies[i].restore)
		}
	}
	g.copies = g.copies[:0]
}

// copiable is what a copy of the object copies (CR 707.2): the values
// printed on it, or, if it is copying something, the values it copies
// (CR 707.3). Counters, tapped status, attachments and effects other
// than copy effects are not part of them.
func (o *Object) copiable() *CardDef { return o.def }

// hEnterAsCopy lets the controller of a permanent entering the battlefield
// have it enter as a copy of a permanent there that the filter describes,
// or of none (CR 707.2): the entering event then carries the copiable
// values, which move gives the new permanent, and the copy's own "enters"
// abilities apply to it (CR 614.12). A permanent entering at the same time
// is not on the battlefield yet, so it can't be chosen.
func (g *Game) hEnterAsCopy(a []vm.Value) (vm.Value, error) {
	return 0, g.enterAsCopy(a[0], a[1], 0)
}

// hEnterAsCopyWithType is hEnterAsCopy with an exception of the copy
// effect (CR 707.9): the copy has a card type in addition to the types it
// copies ("except it's an artifact in addition to its other types",
// Phyrexian Metamorph). The exception is part of the copiable values of
// the new permanent (CR 707.9b), so what copies it has the type too.
func (g *Game) hEnterAsCopyWithType(a []vm.Value) (vm.Value, error) {
	return 0, g.enterAsCopy(a[0], a[1], uint16(a[2]))
}

// enterAsCopy asks the controller what the entering permanent copies
// among the permanents of the battlefield the filter (an index of the
// ability's filters) describes, and records the copiable values on the
// entering event, with the card types addTypes added to them.
func (g *Game) enterAsCopy(player, filter vm.Value, addTypes uint16) error {
	fr, err := g.entering()
	if err != nil {
		return err
	}
	p, ok := valuePlayer(player)
	if !ok {
		return nil
	}
	var options []ObjectID
	ab := &fr.def.Card.Abilities[fr.ability]
	if filter >= 0 && int(filter) < len(ab.Filters) {
		for _, id := range g.battlefield {
			if g.inFilter(fr, ab.Filters[filter], ObjectValue(id)) {
				options = append(options, id)
			}
		}
	}
	if len(options) == 0 {
		return nil
	}
	choice := g.decider.ChooseCopy(g, p, fr.event.Object, options)
	if choice != 0 && !containsObject(options, choice) {
		choice = options[0]
	}
	g.decided(Decision{Player: p, Kind: DecisionCopy, Source: fr.event.Object, Target: ObjectValue(choice)})
	if choice != 0 {
		fr.event.copyOf = g.withTypes(g.objects[choice].copiable(), addTypes)
	}
	return nil
}

// withTypes is the copiable values def with the card types types added
// (CR 707.9b): the same card, with more types, made once a game for each
// card and types.
func (g *Game) withTypes(def *CardDef, types uint16) *CardDef {
	if def.types|types == def.types {
		return def
	}
	key := typedCopyKey{def, types}
	if d, ok := g.typedCopies[key]; ok {
		return d
	}
	d := *def
	d.types |= types
	if g.typedCopies == nil {
		g.typedCopies = map[typedCopyKey]*CardDef{}
	}
	g.typedCopies[key] = &d
	return &d
}

// typedCopyKey identifies copiable values with added card types.
type typedCopyKey struct {
	def   *CardDef
	types uint16
}

// attachEntering decides what an Aura entering the battlefield other than
// by resolving as an Aura spell, with nothing said of what it enchants,
// is attached to (CR 303.4f): its controller chooses, without targeting,
// a permanent it could legally enchant. With none, it doesn't enter
// (CR 303.4g) and attachEntering reports false.
func (g *Game) attachEntering(o *Object, ev *Event) bool {
	def := o.printed
	if ev.copyOf != nil {
		def = ev.copyOf
	}
	if ev.To != ZoneBattlefield || ev.attachTo != 0 || def.enchant < 0 {
		return true
	}
	p := ev.Player
	if p == NoPlayer {
		p = o.owner
	}
	probe := &Object{id: o.id, def: def, printed: def, card: o.card, owner: o.owner, controller: p, zone: ZoneBattlefield, defender: NoPlayer}
	var options []ObjectID
	for _, id := range g.battlefield {
		if g.batch.entering != 0 && id >= g.batch.entering {
			// A permanent entering at the same time is not there yet to
			// be enchanted (CR 303.4f, 614.12: Open the Vaults' ruling),
			// whichever of them moved first.
			continue
		}
		if probe.attachedTo = id; g.enchantsLegally(probe) {
			options = append(options, id)
		}
	}
	if len(options) == 0 {
		return false
	}
	choice := g.decider.ChooseObject(g, p, "what "+def.Name+" enchants", slices.Clone(options))
	if !slices.Contains(options, choice) {
		choice = options[0]
	}
	g.decided(Decision{Player: p, Kind: DecisionAttach, Source: o.id, Target: ObjectValue(choice)})
	ev.attachTo = choice
	return true
}

// hCreateCreatureTokens has a player create creature tokens (CR 111.1):
// each has only the characteristics the effect says, and its name is its
// subtype and "Token" (CR 111.4). It enters the battlefield as a new
// permanent, which triggers what watches permanents entering.
func (g *Game) hCreateCreatureTokens(a []vm.Value) (vm.Value, error) {
	g.createCreatureTokens(a, noKeyword)
	return 0, nil
}

// hCreateCreatureTokensWithKeyword is hCreateCreatureTokens for tokens
// with a keyword ability (a[6]).
func (g *Game) hCreateCreatureTokensWithKeyword(a []vm.Value) (vm.Value, error) {
	g.createCreatureTokens(a[:6], a[6])
	return 0, nil
}

// createCreatureTokens has player a[0] create a[1] creature tokens of
// power and toughness a[2]/a[3], color a[4] and subtype a[5], with the
// keyword given (noKeyword for none).
func (g *Game) createCreatureTokens(a []vm.Value, keyword vm.Value) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil || a[1] <= 0 {
		return
	}
	def := g.tokenDef(fr.def.Prog, tokenKey{power: qty(a[2]), toughness: qty(a[3]), color: uint16(a[4]), subtype: int32(a[5]),
		keyword: keyword, types: typeCreature})
	g.propose(Event{Kind: EvTokensCreated, Player: p, Amount: qty(a[1]), token: def})
}

// hCreateArtifactCreatureTokens has a player create colorless artifact
// creature tokens of a subtype with a keyword (Gargoyle Castle, CR 111.1,
// 105.2c): player a[0], a[1] tokens of power and toughness a[2]/a[3],
// subtype a[4], keyword a[5].
func (g *Game) hCreateArtifactCreatureTokens(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil || a[1] <= 0 {
		return 0, nil
	}
	def := g.tokenDef(fr.def.Prog, tokenKey{power: qty(a[2]), toughness: qty(a[3]), subtype: int32(a[4]),
		keyword: a[5], types: typeArtifact | typeCreature})
	g.propose(Event{Kind: EvTokensCreated, Player: p, Amount: qty(a[1]), token: def})
	return 0, nil
}

// hCreateCreatureTokensWithAbility has a player create creature tokens
// whose one ability is ability a[6] of the running card (CR 111.1):
// written in the card as an ability an effect grants, it is the token's
// own, flagged so no longer; `this` in it is the token.
func (g *Game) hCreateCreatureTokensWithAbility(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	if !ok || fr == nil || a[1] <= 0 || a[6] < 0 || int(a[6]) >= len(fr.def.Card.Abilities) {
		return 0, nil
	}
	def := g.tokenDef(fr.def.Prog, tokenKey{power: qty(a[2]), toughness: qty(a[3]), color: uint16(a[4]), subtype: int32(a[5]),
		keyword: noKeyword, types: typeCreature, abilityOf: fr.def, ability: int(a[6])})
	if def == nil {
		return 0, nil
	}
	g.propose(Event{Kind: EvTokensCreated, Player: p, Amount: qty(a[1]), token: def})
	return 0, nil
}

// hCreateArtifactTokensForEachCounter has a player create a colorless
// artifact creature token with a keyword for each counter of a kind on a
// permanent (Hangarback Walker, CR 111.1): the counters are counted as the
// effect happens, on the permanent or, if it has left the battlefield, on
// its last-known information (CR 608.2h, 603.10a).
func (g *Game) hCreateArtifactTokensForEachCounter(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	o := g.valueObject(a[6])
	if !ok || fr == nil || o == nil {
		return 0, nil
	}
	n := o.Counters(CounterKind(a[5]))
	if n <= 0 {
		return 0, nil
	}
	def := g.tokenDef(fr.def.Prog, tokenKey{power: qty(a[1]), toughness: qty(a[2]), subtype: int32(a[3]),
		keyword: a[4], types: typeArtifact | typeCreature})
	g.propose(Event{Kind: EvTokensCreated, Player: p, Amount: n, token: def})
	return 0, nil
}

// tokenDef is the card a creature token is (CR 111.4): a creature (an
// artifact creature, for some) of the colors, subtype, power and
// toughness and keywords of its key, and no other abilities. One game
// makes each kind once.
func (g *Game) tokenDef(prog *vm.Linked, key tokenKey) *CardDef {
	if d, ok := g.tokenDefs[key]; ok {
		return d
	}
	name := g.lib.subtypeName(key.subtype)
	c := &vm.Card{Name: name + " Token", Subtypes: []string{name}, HasPT: true,
		Power: int32(key.power), Toughness: int32(key.toughness)}
	for i, n := range typeNames {
		if key.types&(1<<i) != 0 {
			c.Types = append(c.Types, n)
		}
	}
	for i, n := range colorNames {
		if key.color&(1<<i) != 0 {
			c.Colors = append(c.Colors, n)
		}
	}
	d := &CardDef{Name: c.Name, Card: c, Prog: prog, types: key.types, colors: key.color,
		subtypes: []int32{key.subtype}, enchant: -1}
	if k, ok := g.lib.keywordOf(key.keyword); ok {
		c.Keywords = append(c.Keywords, g.lib.keywordName(k))
		d.keywords.add(k)
	}
	if key.abilityOf != nil {
		// Its ability, the card's own: as the library defines a card, its
		// abilities indexed by the events they watch.
		ab := key.abilityOf.Card.Abilities[key.ability]
		ab.Flags &^= vm.FlagGranted
		c.Abilities = []vm.Ability{ab}
		withAbility, err := g.lib.define(c, key.abilityOf.Prog)
		if err != nil {
			g.fail(err)
			return nil
		}
		withAbility.subtypes, withAbility.types, withAbility.colors = d.subtypes, d.types, d.colors
		d = withAbility
	}
	if g.tokenDefs == nil {
		g.tokenDefs = map[tokenKey]*CardDef{}
	}
	g.tokenDefs[key] = d
	return d
}

// tokenKey identifies the kind of a creature token.
type tokenKey struct {
	power, toughness int
	color            uint16
	subtype          int32
	types            uint16
	// keyword is the value a program names its keyword by (see
	// Library.keywordValue), or noKeyword.
	keyword vm.Value
	// abilityOf, if not nil, is the card whose ability ability is the
	// token's one ability.
	abilityOf *CardDef
	ability   int
}

// noKeyword is the keyword of a token that has none.
const noKeyword vm.Value = -1
