package core

import (
	"fmt"
	"slices"
	"sort"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// Library is a set of compiled cards linked against the rules core, ready
// for games. Nothing changes it once NewLibrary has returned it (linking
// interns subtypes and the keywords with a quality its programs name, and
// only then), so any number of games, in any goroutines, can share it.
// The CardDefs it holds, and the compiled cards and programs they point
// to, are shared too: they must not be modified.
type Library struct {
	cards map[string]*CardDef
	// subtypes are interned while the library is built, and only read
	// afterwards.
	subtypes map[string]int32
	// manas are the amounts of mana the cards add ("mana:{G}{G}"),
	// interned like subtypes; manaIDs finds them by their symbols.
	manas   []mana.Amount
	manaIDs map[string]int32
	// manaTexts are the symbols each of manas was written as, for a cost
	// paid with them.
	manaTexts []string
	// keywordArgs are the instances of keywords with a quality the
	// programs name (keywordValue), interned like subtypes, and
	// keywordArgNames the names they were linked by.
	keywordArgs     []keywordArg
	keywordArgNames []string
	// anchorFields are, for each event kind, the fields of its events
	// that abilities of the cards are anchored to (see eachWatcher).
	anchorFields [numEventKinds][]fieldID
	// names are the names of cards the programs name ("card:Relentless
	// Rats", is_named), interned like subtypes, any name a program
	// writes; nameIDs finds them.
	names   []string
	nameIDs map[string]int32
	// creature says, for each subtype interned, whether it is a creature
	// type (CR 205.3m).
	creature []bool
	// land says, of each interned subtype, whether it is a land type
	// (CR 205.3i).
	land []bool
	// intrinsic are the intrinsic mana abilities of the basic land types
	// (CR 305.6), in the order of basicLandTypes, each the one ability of
	// a CardDef of its own (intrinsic.go); intrinsicTypes are those
	// types, interned.
	intrinsic      [len(basicLandTypes)]*CardDef
	intrinsicTypes [len(basicLandTypes)]int32
}

// CardDef is a card of a library: its compiled characteristics and
// abilities, linked to the rules core.
type CardDef struct {
	Name string
	// Card is the compiled card.
	Card *vm.Card
	// Prog is the program the card belongs to, linked.
	Prog       *vm.Linked
	types      uint16
	supertypes uint16
	colors     uint16
	// keywords are the keyword abilities printed on the card.
	keywords keywords
	subtypes []int32
	// byEvent lists, for each event kind, the abilities watching it.
	byEvent [numEventKinds][]int
	// effects lists the abilities that create continuous effects
	// (vm.AbilityEffect); enchant is the enchant ability of an Aura, or -1.
	effects []int
	enchant int
	// equipment says whether the card is an Equipment (CR 301.5).
	equipment bool
	// counterBlind says whether the continuous effects of the card's
	// abilities read nothing that counters change: their functions call
	// only the host functions of counterBlindFuncs (see countersChanged).
	counterBlind bool
	// definesPT says whether a characteristic-defining ability defines
	// the card's power and toughness (CR 604.3).
	definesPT bool
	// controls says whether an effect of the card's abilities changes who
	// controls a permanent (layer 2).
	controls bool
	// removesAbilities says whether an effect of the card's abilities makes
	// objects lose all abilities (layer 6).
	removesAbilities bool
	// stopsActivation says whether an effect of the card's abilities
	// forbids activating abilities (CR 602.5; Pithing Needle, Ice Cage).
	stopsActivation bool
	// changesColors says whether an effect of the card's abilities changes
	// the colors of objects (layer 5).
	changesColors bool
	// changesTypes says whether an effect of the card's abilities changes
	// the card types of objects (layer 4).
	changesTypes bool
	// colorsElsewhere says, for each ability, whether it is an effect of
	// layer 5 whose affected set may hold objects outside the battlefield
	// (reachesElsewhere); colorsAnywhere whether the card has one.
	colorsElsewhere []bool
	colorsAnywhere  bool
	// volatile says whether an effect of the card's abilities reads
	// something that changes with events after which the characteristics
	// are kept (a life total, which damage and life events change): while
	// such a card is on the battlefield, every event makes them computed
	// again (see record).
	volatile bool
	// selfOnly says, for each ability, whether it is an effect that
	// affects only its own permanent ("power and toughness of this are
	// ..."): it is applied to that permanent without asking every other
	// (see applyEffect).
	selfOnly []bool
	// filterLayers says, for each ability and each of its filters,
	// whether a count through the filter may be shared by the effects
	// that count it in one computation of the characteristics, and from
	// which layer on (see sharedCount): -1 for a filter whose answer
	// depends on more than the candidate and "you"; otherwise the layer
	// that computes the last characteristic it reads (0 if none does).
	filterLayers [][]int8
	// anchors are, for each ability, its anchors as indexes of fields (see
	// vm.Ability.Anchors).
	anchors [][]fieldID
	// watches are the event kinds the card's abilities watch, and
	// abilityWatches those each one watches, for the ability index.
	watches        watch
	abilityWatches []watch
}

// abilityWatch is what ability ai of the card watches.
func (d *CardDef) abilityWatch(ai int) watch {
	if ai < 0 || ai >= len(d.abilityWatches) {
		return watch{}
	}
	return d.abilityWatches[ai]
}

// anchored reports whether an event may match ability ai of an object:
// true unless the ability has anchors and none of those fields of the
// event holds the object. It spares running match functions that would
// return 0.
func (d *CardDef) anchored(ai int, ev *Event, id ObjectID) bool {
	as := d.anchors[ai]
	if len(as) == 0 {
		return true
	}
	for _, f := range as {
		if fields[f].kind == ev.Kind && ev.field(f) == ObjectValue(id) {
			return true
		}
	}
	return false
}

// Is reports whether the card has a card type ("creature").
func (d *CardDef) Is(t string) bool {
	bit, _ := bitOf(typeNames[:], t)
	return uint32(d.types)&bit != 0
}

// NewLibrary links programs into a library. A card name defined twice is
// an error, as is a program compiled against another vocabulary than the
// core's (Vocabulary) or another major version of it, and a program that
// uses names the core does not implement: the *vm.VocabularyError names
// them all.
func NewLibrary(progs ...*vm.Program) (*Library, error) {
	lib := &Library{cards: map[string]*CardDef{}, subtypes: map[string]int32{}, manaIDs: map[string]int32{}}
	if err := lib.linkIntrinsic(); err != nil {
		return nil, err
	}
	for _, p := range progs {
		if err := vm.Verify(p); err != nil {
			return nil, err
		}
		if err := vm.CheckVocabulary(p, Vocabulary(), linker{lib}); err != nil {
			return nil, err
		}
		linked, err := vm.Link(p, linker{lib})
		if err != nil {
			return nil, err
		}
		for i := range p.Cards {
			c := &p.Cards[i]
			if _, dup := lib.cards[c.Name]; dup {
				return nil, fmt.Errorf("card %q is defined twice", c.Name)
			}
			d, err := lib.define(c, linked)
			if err != nil {
				return nil, err
			}
			lib.cards[c.Name] = d
			for _, as := range d.anchors {
				for _, f := range as {
					k := fields[f].kind
					if !slices.Contains(lib.anchorFields[k], f) {
						lib.anchorFields[k] = append(lib.anchorFields[k], f)
					}
				}
			}
		}
	}
	return lib, nil
}

func (lib *Library) define(c *vm.Card, linked *vm.Linked) (*CardDef, error) {
	d := &CardDef{Name: c.Name, Card: c, Prog: linked, enchant: -1, counterBlind: true}
	for _, t := range c.Types {
		bit, _ := bitOf(typeNames[:], t)
		d.types |= uint16(bit)
	}
	for _, t := range c.Supertypes {
		bit, _ := bitOf(supertypeNames[:], t)
		d.supertypes |= uint16(bit)
	}
	for _, col := range c.Colors {
		bit, _ := bitOf(colorNames[:], col)
		d.colors |= uint16(bit)
	}
	for _, s := range c.Subtypes {
		d.subtypes = append(d.subtypes, lib.subtype(s))
		d.equipment = d.equipment || s == "Equipment" && d.types&typeArtifact != 0
	}
	for _, k := range c.Keywords {
		a, ok := lib.readKeyword(k, true)
		if !ok {
			return nil, fmt.Errorf("card %q: the rules core knows no keyword %q", c.Name, k)
		}
		d.keywords.add(a)
	}
	d.anchors = make([][]fieldID, len(c.Abilities))
	d.abilityWatches = make([]watch, len(c.Abilities))
	d.selfOnly = make([]bool, len(c.Abilities))
	d.filterLayers = make([][]int8, len(c.Abilities))
	for i, a := range c.Abilities {
		for _, f := range a.Filters {
			d.filterLayers[i] = append(d.filterLayers[i], filterLayer(linked, f))
		}
		switch {
		case a.Kind == vm.AbilityEffect && a.Flags&vm.FlagGranted != 0:
			// A static ability the card's text gives another object as
			// that object's own (a token's characteristic-defining
			// ability, CR 604.3; see tokenDef): no effect of the card.
		case a.Kind == vm.AbilityEffect:
			if kind, _, _ := linked.Program.Symbols[a.Rule].SplitName(); kind != vm.NameEffect {
				return nil, fmt.Errorf("card %q: ability %d creates %q, which is no effect", c.Name, i, linked.Program.Symbols[a.Rule].Name)
			}
			d.effects = append(d.effects, i)
			d.counterBlind = d.counterBlind && counterBlindFunc(linked, a.Match) && counterBlindFunc(linked, a.Body)
			d.volatile = d.volatile || !announcedFunc(linked, a.Match) || !announcedFunc(linked, a.Body)
			for _, f := range a.Filters {
				d.volatile = d.volatile || !announcedFunc(linked, f)
			}
			d.selfOnly[i] = selfMatch(linked, a.Match)
			switch effectLayer(funcID(linked.ID(a.Rule))) {
			case layerCDA:
				d.definesPT = true
			case layerControl:
				d.controls = true
			case layerColor:
				d.changesColors = true
				if reachesElsewhere(linked, a.Match) {
					if d.colorsElsewhere == nil {
						d.colorsElsewhere = make([]bool, len(c.Abilities))
					}
					d.colorsElsewhere[i], d.colorsAnywhere = true, true
				}
			case layerType:
				d.changesTypes = true
			}
			fn := funcID(linked.ID(a.Rule))
			d.removesAbilities = d.removesAbilities || fn == fnLoseAllAbilities || fn == fnSetChosenLandType
			d.stopsActivation = d.stopsActivation || funcID(linked.ID(a.Rule)) == fnActivatedAbilitiesCantBeActivated
		case a.Kind == vm.AbilityEnchant:
			d.enchant = i
		}
		for _, sym := range a.Anchors { // vm.Verify checked they are fields
			d.anchors[i] = append(d.anchors[i], fieldID(linked.ID(sym)))
		}
		if a.Event == vm.NoFunc {
			continue
		}
		if kind, _, _ := linked.Program.Symbols[a.Event].SplitName(); kind != vm.NameEvent {
			return nil, fmt.Errorf("card %q: ability %d watches %q, which is no event kind", c.Name, i, linked.Program.Symbols[a.Event].Name)
		}
		kind := abilityEvent(linked, &c.Abilities[i])
		d.byEvent[kind] = append(d.byEvent[kind], i)
		if len(d.anchors[i]) > 0 {
			d.abilityWatches[i].anchored = kindBit(kind)
		} else {
			d.abilityWatches[i].free = kindBit(kind)
		}
		// An ability an effect of the card grants is not the card's own
		// (CR 613.1f): its triggers and replacement effects are looked at
		// as granted only.
		if a.Flags&vm.FlagGranted == 0 || (a.Kind != vm.AbilityTriggered && a.Kind != vm.AbilityReplacement) {
			d.watches = d.watches.or(d.abilityWatches[i])
		}
	}
	return d, nil
}

// Card returns the card with a name, or nil.
func (lib *Library) Card(name string) *CardDef { return lib.cards[name] }

// Names lists the cards of the library, sorted.
func (lib *Library) Names() []string {
	out := make([]string, 0, len(lib.cards))
	for n := range lib.cards {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Counter returns the counter kind with a stdlib name, if there is one.
func (lib *Library) Counter(name string) (CounterKind, bool) { return CounterNamed(name) }

// CounterName returns the stdlib's name of a counter kind.
func (lib *Library) CounterName(k CounterKind) string { return k.String() }

// subtypeName returns the name of an interned subtype.
func (lib *Library) subtypeName(id int32) string {
	for n, i := range lib.subtypes {
		if i == id {
			return n
		}
	}
	return ""
}

// manaSymbols returns the mana symbols an interned amount of mana was
// written as ("{2}"), or "".
func (lib *Library) manaSymbols(id vm.Value) string {
	if id < 0 || int(id) >= len(lib.manaTexts) {
		return ""
	}
	return lib.manaTexts[id]
}

// mana interns an amount of mana written as mana symbols (only while the
// library is built).
func (lib *Library) mana(symbols string) (int32, error) {
	if id, ok := lib.manaIDs[symbols]; ok {
		return id, nil
	}
	amount, err := mana.Produced(symbols)
	if err != nil {
		return 0, err
	}
	id := int32(len(lib.manas))
	lib.manas = append(lib.manas, amount)
	lib.manaTexts = append(lib.manaTexts, symbols)
	lib.manaIDs[symbols] = id
	return id, nil
}

func (lib *Library) subtype(name string) int32 {
	if id, ok := lib.subtypes[name]; ok {
		return id
	}
	id := int32(len(lib.subtypes))
	lib.subtypes[name] = id
	_, creature := slices.BinarySearch(creatureTypes[:], name)
	lib.creature = append(lib.creature, creature)
	_, land := slices.BinarySearch(landTypes[:], name)
	lib.land = append(lib.land, land)
	return id
}

// isLandType reports whether an interned subtype is a land type
// (CR 205.3i).
func (lib *Library) isLandType(id int32) bool {
	return id >= 0 && int(id) < len(lib.land) && lib.land[id]
}

// isCreatureType reports whether an interned subtype is a creature type
// (CR 205.3m).
func (lib *Library) isCreatureType(id int32) bool {
	return id >= 0 && int(id) < len(lib.creature) && lib.creature[id]
}

// cardName interns the name of a card a program names (only while the
// library is built): any name, of a card of the library or not.
func (lib *Library) cardName(name string) int32 {
	if id, ok := lib.nameIDs[name]; ok {
		return id
	}
	if lib.nameIDs == nil {
		lib.nameIDs = map[string]int32{}
	}
	id := int32(len(lib.names))
	lib.names = append(lib.names, name)
	lib.nameIDs[name] = id
	return id
}

// counterBlindFuncs are the host functions that read nothing counters
// change, neither counters nor what the layers compute (power,
// toughness, keywords), and that change, of the characteristics being
// computed, only those of the object they are given.
var counterBlindFuncs = [numFuncs]bool{
	fnAttachedTo: true, fnController: true, fnOwner: true, fnPlayerOrController: true,
	fnIsType: true, fnIsSupertype: true, fnIsSubtype: true, fnHasColor: true,
	fnIsPlayer: true, fnIsPermanent: true, fnIsSpell: true, fnIsToken: true,
	fnIsTapped: true, fnIsUntapped: true, fnIsAttacking: true, fnIsBlocking: true, fnIsBlocked: true,
	fnModifyPt: true, fnAddKeyword: true, fnGrantAbility: true, fnCantAttackOrBlock: true,
	fnSetBasePt: true, fnAddProtectionFromChosenColor: true, fnLifeTotalCantChange: true,
	fnCantGainLife: true, fnCantGetCounters: true, fnCantGetCountersOfKind: true, fnLoseKeyword: true,
	fnLoseAllAbilities: true, fnInZone: true, fnBeginGameOnBattlefield: true, fnSetChosenColor: true, fnAddCardType: true,
	fnSetChosenLandType: true,
	fnCantBeCountered:   true, fnHasChosenName: true,
	fnTopCardIsColor: true, // issue 22B, as long as: a card in a library
	// Combat, untapping and the rules of the game for players (issue 22A).
	fnCantBlock: true, fnCantAttackOrBlockAlone: true, fnCantBeBlocked: true, fnCantBeBlockedExceptBy: true,
	fnCantAttackUnlessDefenderControls: true, fnAttacksEachCombat: true, fnBlocksEachCombat: true,
	fnMustBeBlockedByAll: true, fnBlockAnyNumber: true, fnDoesntUntap: true,
	fnActivatedAbilitiesCantBeActivated: true, fnCantLoseGame: true,
	fnCantBeBlockedByMoreThanOne: true, fnCantBlockMoreThanOne: true, fnCantBeBlockedExceptByTwoOrMore: true, fnBlockAdditional: true,
	fnCantLose: true, fnOpponentsCantWin: true,
	fnIsNamed: true, fnSharesCreatureType: true, fnCostsMorePerExtraTarget: true, fnDeckAnyNumber: true,
}

// counterBlindFunc reports whether a function of a program calls only
// counterBlindFuncs.
func counterBlindFunc(linked *vm.Linked, fn int32) bool {
	if fn == vm.NoFunc {
		return true
	}
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return false
	}
	for _, in := range linked.Program.Funcs[fn].Code {
		if in.Op != vm.OpCall {
			continue
		}
		if id := funcID(linked.ID(in.Arg)); id < 0 || id >= numFuncs || !counterBlindFuncs[id] {
			return false
		}
	}
	return true
}

// unannouncedFuncs are the queries whose answers change with events after
// which the characteristics are kept (record lists them): a life total
// changes with damage and life gained or lost. tribute_not_paid and the
// `for each` loops read what a resolving ability did.
var unannouncedFuncs = [numFuncs]bool{
	fnLife: true, fnTributeNotPaid: true, fnEachBegin: true, fnEachObject: true,
}

// announcedFunc reports whether a function of a program calls only the
// queries and effects whose answers change only with what makes the
// characteristics computed again: an event that record does not exempt,
// counters put or removed, a permanent tapped or untapped, an attachment,
// a change of combat, control or copy effect (see invalidate). Anything
// else it calls (an action, which an effect never calls, or an
// unannouncedFuncs query) makes the card volatile.
func announcedFunc(linked *vm.Linked, fn int32) bool {
	if fn == vm.NoFunc {
		return true
	}
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return false
	}
	for _, in := range linked.Program.Funcs[fn].Code {
		if in.Op != vm.OpCall {
			continue
		}
		id := funcID(linked.ID(in.Arg))
		if id < 0 || id >= numFuncs || unannouncedFuncs[id] || funcs[id].action {
			return false
		}
	}
	return true
}

// reachesElsewhere reports whether the affected set of an effect may hold
// objects outside the battlefield: its filter names a zone or spells
// (it asks in_zone or is_spell), as Yixlid Jailer's `cards in graveyards`
// and Mycosynth Lattice's `cards that aren't on the battlefield, spells,
// and permanents` do. A description of objects that names neither means
// permanents (CR 109.2): `green creatures` are no cards in hands.
func reachesElsewhere(linked *vm.Linked, fn int32) bool {
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return false
	}
	for _, in := range linked.Program.Funcs[fn].Code {
		if in.Op == vm.OpCall {
			if id := funcID(linked.ID(in.Arg)); id == fnInZone || id == fnIsSpell {
				return true
			}
		}
	}
	return false
}

// selfMatch reports whether an effect's affected set is its own
// permanent and nothing else: its function is `candidate == this`, as the
// compiler emits it for "this" (LOAD candidate, LOAD this, EQ, RET).
func selfMatch(linked *vm.Linked, fn int32) bool {
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return false
	}
	code := linked.Program.Funcs[fn].Code
	load := func(in vm.Instr, local int32) bool { return in.Op == vm.OpLoad && in.Arg == local }
	return len(code) == 4 && code[2].Op == vm.OpEq && code[3].Op == vm.OpReturn &&
		(load(code[0], vm.LocalCandidate) && load(code[1], vm.LocalThis) ||
			load(code[0], vm.LocalThis) && load(code[1], vm.LocalCandidate))
}

// filterQueryLayers says, for each query a filter may call and still be
// shared (see filterLayer), the layer that computes what it reads while
// the characteristics are computed (0: none, it reads what no layer
// changes); -1 for the others: power, toughness and keywords, which the
// layers compute to the last, and what reads the running ability (its X,
// its chosen values) rather than its arguments.
var filterQueryLayers = func() (t [numFuncs]int8) {
	for i := range t {
		t[i] = -1
	}
	for _, f := range []funcID{fnController, fnOwner, fnPlayerOrController, fnAttachedTo, fnIsSupertype, fnIsSubtype,
		fnIsCreature, fnIsPlayer, fnIsPermanent, fnIsSpell, fnIsToken, fnIsTapped, fnIsUntapped, fnIsAttacking,
		fnIsBlocking, fnIsBlocked, fnInZone, fnCounters, fnHadCounter, fnHadNoCounters, fnManaValue, fnCardsInHand, fnLife,
		fnIsNamed} {
		t[f] = 0
	}
	t[fnIsType] = layerType    // layer 4 adds card types (typesOf)
	t[fnHasColor] = layerColor // layer 5 changes colors (colorsOf)
	return t
}()

// filterLayer says whether the answer of a filter function depends only
// on its candidate, "you" and the characteristics of the game: it reads
// no other local (not "this", not a target), no event field, and calls
// only the queries of filterQueryLayers. It returns the last layer those
// queries read, or -1 if it depends on more. While the characteristics
// are computed, effects of layers after that one that count through the
// same filter for the same player count the same permanents: sharedCount
// counts them once (Crusader of Odric's "the number of creatures you
// control", once for any number of Crusaders).
func filterLayer(linked *vm.Linked, fn int32) int8 {
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return -1
	}
	layer := int8(0)
	for _, in := range linked.Program.Funcs[fn].Code {
		switch in.Op {
		case vm.OpLoad:
			if in.Arg != vm.LocalYou && in.Arg != vm.LocalCandidate {
				return -1
			}
		case vm.OpStore, vm.OpField:
			return -1
		case vm.OpCall:
			id := funcID(linked.ID(in.Arg))
			if id < 0 || id >= numFuncs || filterQueryLayers[id] < 0 {
				return -1
			}
			layer = max(layer, filterQueryLayers[id])
		}
	}
	return layer
}
