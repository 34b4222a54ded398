package core

import (
	"errors"
	"fmt"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// frameMode says what the code being run may do.
type frameMode int8

const (
	// modeMatch runs match and target functions: queries only.
	modeMatch frameMode = iota
	// modeReplace runs the body of a replacement effect: its actions that
	// run at once (funcDecl.atOnce) happen now, modifying the event being
	// replaced; its other actions happen right after the event (CR 615.5).
	modeReplace
	// modeResolve runs a resolving spell or ability: actions happen.
	modeResolve
	// modeSimulate runs a mana ability to learn what mana it would
	// produce (CR 106.7): actions that add mana are recorded, others do
	// nothing.
	modeSimulate
	// modeCheckCost runs the payment of an activated ability's cost to
	// learn whether it can be paid: each action only checks it could.
	modeCheckCost
)

// frame is the context of code being run: the event it reads, the object
// and player that "this" and "you" are, and its locals.
type frame struct {
	mode       frameMode
	event      *Event
	source     ObjectID
	controller PlayerID
	def        *CardDef
	ability    int
	locals     []vm.Value
	x          int
	// part says which actions of a replacement body run, when it
	// applies to simultaneous damage (see simultaneous.go), and group
	// is then its simultaneousGroup's index + 1.
	part  part
	group int
	// prevented is the damage the replacement body has prevented so far
	// ("prevented this way", CR 615.5); its deferred actions keep it.
	prevented int
	// tapped is set while a mana ability with {T} in its cost resolves:
	// its source is being tapped for mana (CR 106.12).
	tapped bool
	// paying is set while the cost of an activated ability is paid
	// (CR 602.2b): counters it puts are put as a cost, not by an effect.
	paying bool
	// item is the spell or ability that resolves, whose targets of
	// several objects, divisions and modes its body reads; nil when no
	// stack item runs.
	item *StackItem
}

// maxInlineLocals is how many locals are kept without allocating.
const maxInlineLocals = 16

// locals is a fixed set of locals, kept by value in pending triggers and
// replacement candidates so that matching allocates nothing.
type locals struct {
	v [maxInlineLocals]vm.Value
	// more holds the locals of abilities that need more than
	// maxInlineLocals.
	more []vm.Value
	n    int32
}

// slice returns the locals as a slice of length n.
func (l *locals) slice() []vm.Value {
	if l.more != nil {
		return l.more
	}
	return l.v[:l.n]
}

// reset prepares n locals with this and you set.
func (l *locals) reset(n int32, this ObjectID, you PlayerID) []vm.Value {
	s := l.sized(max(n, vm.FirstFreeLocal))
	s[vm.LocalThis], s[vm.LocalYou] = ObjectValue(this), PlayerValue(you)
	return s
}

// copyFrom copies locals, growing to n.
func (l *locals) copyFrom(src []vm.Value, n int32) {
	copy(l.sized(max(n, int32(len(src)))), src)
}

// sized makes the locals n zeros, in place when they fit.
func (l *locals) sized(n int32) []vm.Value {
	l.n = n
	if n > maxInlineLocals {
		l.more = make([]vm.Value, n)
		return l.more
	}
	l.more = nil
	clear(l.v[:n])
	return l.v[:n]
}

// instance is an ability of an object as it applies to one event: the
// object, its controller, and the locals the ability's match bound. A
// replacement effect about to apply, a triggered ability waiting for the
// stack, and a delayed trigger waiting for its event are instances.
type instance struct {
	// shield, if not 0, makes a replacement candidate the regeneration
	// shield with that id (CR 701.15a), which has no ability.
	shield int64
	// prevention, if not 0, makes a replacement candidate the turn-long
	// prevention effect with that id (CR 615.1a), which has no ability.
	prevention int64
	// protection makes a replacement candidate the prevention effect of
	// the protection of the permanent source (CR 702.16e), which has no
	// ability.
	protection bool
	source     ObjectID
	controller PlayerID
	def        *CardDef
	ability    int
	locals     locals
	x          int
	// finds are the moves a delayed or reflexive triggered ability can
	// follow: those its creator could (CR 400.7e, 400.7j; find.go).
	finds []move
}

// ab returns the instance's compiled ability.
func (in *instance) ab() *vm.Ability { return &in.def.Card.Abilities[in.ability] }

// frame is the frame to run the instance's code in.
func (in *instance) frame(mode frameMode, ev *Event) frame {
	return frame{mode: mode, event: ev, source: in.source, controller: in.controller, def: in.def,
		ability: in.ability, locals: in.locals.slice(), x: in.x}
}

// run runs a function of a card in a frame. The functions of continuous
// effects, while the characteristics are computed (CR 613), run on a
// machine of their own: each effect applied to each permanent is a
// top-level run there, with a budget of its own (vm.Machine.MaxSteps), so
// that computing a large board is not charged to the ability whose code
// happened to read a power when they had to be computed again, and the
// characteristics are the same whoever asks.
func (g *Game) run(fr frame, fn int32) (vm.Value, error) {
	g.runs++
	m := g.machine
	switch {
	case g.computing || g.cda != 0:
		if g.layerMachine == nil {
			g.layerMachine = vm.NewMachine(host{g})
		}
		m = g.layerMachine
	case g.looking:
		// A card of a zone looked at (a search, CR 701.19a): each is a
		// top-level run with a budget of its own (libraries.go).
		if g.lookMachine == nil {
			g.lookMachine = vm.NewMachine(host{g})
		}
		m = g.lookMachine
	}
	g.frames = append(g.frames, fr)
	v, err := m.Run(fr.def.Prog, fn, fr.locals)
	g.frames = g.frames[:len(g.frames)-1]
	if err != nil {
		g.fail(fmt.Errorf("%s: %w", fr.def.Name, err))
		if fr.mode == modeResolve && g.together.depth > 0 {
			// A body that failed in a loop over players never ends it:
			// what its players chose happens now.
			g.endTogether()
		}
	}
	return v, err
}

func (g *Game) frame() *frame {
	if len(g.frames) == 0 {
		return nil
	}
	return &g.frames[len(g.frames)-1]
}

// host is the core as the VM's host.
type host struct{ g *Game }

var (
	errNoEvent  = errors.New("no event is being matched or replaced")
	errNotEvent = errors.New("this is not the event being replaced")
)

// Call runs a host function for the machine. A function called from a
// context the stdlib does not list for it (`called from`: an action from a
// match function) is an error. In a replacement effect's body, an action
// that takes effect at once (it changes the event being replaced, or it is
// schedule_delayed, which must see the running locals) runs now; the
// others are deferred until the event has happened (CR 615.5).
func (h host) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	f := &funcs[fn]
	impl := hostImpls[fn]
	fr := h.g.frame()
	if fr != nil {
		if c := fr.context(); c != 0 && f.called&c == 0 {
			return 0, fmt.Errorf("%s cannot be called from %s", f.name, contextNames[c])
		}
	}
	if f.action && fr != nil {
		switch fr.mode {
		case modeSimulate:
			if !f.mana {
				return 0, nil
			}
		case modeCheckCost:
			return 0, h.g.checkCost(funcID(fn), args)
		case modeReplace:
			if fr.skipsAction(funcID(fn)) {
				return 0, nil
			}
			if !f.atOnce {
				h.g.deferAction(impl, args, fr)
				return 0, nil
			}
		case modeResolve:
			if f.finds != 0 {
				var buf [vm.MaxArity]vm.Value
				return impl(h.g, h.g.findArgs(args, f.finds, &buf))
			}
		}
	}
	return impl(h.g, args)
}

// Field reads a field of the event the running code matches or replaces.
func (h host) Field(_ *vm.Frame, f int32) (vm.Value, error) {
	fr := h.g.frame()
	if fr == nil || fr.event == nil {
		return 0, errNoEvent
	}
	fd := &fields[f]
	if fd.kind != fr.event.Kind {
		return 0, fmt.Errorf("field %s read on a %s event", fd.name, fr.event.Kind)
	}
	return fr.event.field(fieldID(f)), nil
}

// deferredAction is an action of a replacement effect's body, done right
// after the event it replaced (CR 615.5).
type deferredAction struct {
	impl hostImpl
	// args holds the arguments: a host function takes at most
	// vm.MaxArity.
	args       [vm.MaxArity]vm.Value
	nargs      int
	source     ObjectID
	controller PlayerID
	def        *CardDef
	// prevented is the damage the body that deferred it had prevented.
	prevented int
}

func (g *Game) deferAction(impl hostImpl, args []vm.Value, fr *frame) {
	// Fill the new entry in place: it is large, and copying it would cost
	// more than the action it records.
	g.deferred = append(g.deferred, deferredAction{})
	d := &g.deferred[len(g.deferred)-1]
	d.impl, d.nargs, d.source, d.controller, d.def = impl, copy(d.args[:], args), fr.source, fr.controller, fr.def
	d.prevented = fr.prevented
}

// runDeferred does the deferred actions from index start on, then forgets
// them.
func (g *Game) runDeferred(start int) {
	for i := start; i < len(g.deferred); i++ {
		// The arguments stay where they are: nested actions may append to
		// g.deferred, but never change an action already recorded.
		d := &g.deferred[i]
		g.frames = append(g.frames, frame{mode: modeResolve, source: d.source, controller: d.controller, def: d.def,
			prevented: d.prevented})
		_, err := d.impl(g, d.args[:d.nargs])
		g.frames = g.frames[:len(g.frames)-1]
		if err != nil {
			g.fail(err)
		}
	}
	g.deferred = g.deferred[:start]
}

// context is a set of the contexts a host may be asked to run a function
// from, as the stdlib's `called from` lines name them (vocab.Contexts).
type context uint8

// The contexts.
const (
	// ctxMatch is a match or filter function, or a static ability's
	// effect: code that only asks (modeMatch).
	ctxMatch context = 1 << iota
	// ctxBody is a resolving spell or ability, or a cost paid
	// (modeResolve).
	ctxBody
	// ctxReplace is the body of a replacement effect (modeReplace).
	ctxReplace
	// ctxEnters is the body of an "enters" effect (modeReplace, of an
	// AbilityEnters).
	ctxEnters
)

// contextNames name the contexts in errors, as the stdlib does.
var contextNames = map[context]string{ctxMatch: "a match function", ctxBody: "a resolving body",
	ctxReplace: "a replacement effect", ctxEnters: "an enters effect"}

// context is the context the frame's code runs in, or 0 for the modes
// that only look at an ability (simulating a mana ability, checking a
// cost), which check what they call themselves.
func (fr *frame) context() context {
	switch fr.mode {
	case modeMatch:
		return ctxMatch
	case modeResolve:
		return ctxBody
	case modeReplace:
		if fr.def != nil && fr.ability >= 0 && fr.ability < len(fr.def.Card.Abilities) &&
			fr.def.Card.Abilities[fr.ability].Kind == vm.AbilityEnters {
			return ctxEnters
		}
		return ctxReplace
	}
	return 0
}

// funcID is an action or a query of the vocabulary; a linked SymFunc is
// one.
type funcID int32

// funcDecl is an action or a query as the stdlib declares it.
type funcDecl struct {
	name    string
	arity   int
	returns bool
	action  bool
	// called are the contexts the vocabulary lets a host run it from
	// (`called from`); Call refuses the others.
	called context
	// effect marks a continuous effect, which applies in layer (layers.go;
	// 0 for an effect that changes no characteristic).
	effect bool
	layer  int
	// atOnce marks the actions that run at once inside a replacement
	// body, instead of right after the event (CR 615.5), as the stdlib
	// says (`takes effect at once`): those that change the event being
	// replaced (prevent, prevent_amount, enter_with_counters, regenerate
	// on the destruction it replaces: CR 701.15b), and
	// schedule_delayed, the compiler's own action, which copies the
	// running ability's locals as they are now.
	atOnce bool
	// cost marks the actions that can be paid as part of a cost (`is
	// cost`); mana those that add mana (`is mana`).
	cost, mana bool
	// finds has bit i set when parameter i of an action is an object or
	// a target: an object that moved is found where the rules let the
	// resolving spell or ability find it (find.go; CR 400.7e, 400.7j).
	finds uint8
}

// hostImpl implements an action or a query. An action returns 0, but one
// with a result (a search), which returns the object it chose, or 0.
type hostImpl func(g *Game, args []vm.Value) (vm.Value, error)

// hostImpls implement the actions and queries of the stdlib
// (actions.card), by the generated ids. Their names say which is which:
// an action's implementation is a method named h and the function's name
// in Go case (hDestroy for destroy), a query's q and its name (qInZone,
// qIsPermanent), a method where it needs the game's state beyond its
// arguments; objectQuery and objectNameQuery make the queries that only
// read one object.
var hostImpls = [numFuncs]hostImpl{
	fnDestroy:                           (*Game).hDestroy,
	fnGainLife:                          (*Game).hGainLife,
	fnLoseLife:                          (*Game).hLoseLife,
	fnPutCounters:                       (*Game).hPutCounters,
	fnRemoveCounters:                    (*Game).hRemoveCounters,
	fnDealDamage:                        (*Game).hDealDamage,
	fnBoostUntilEndOfTurn:               (*Game).hBoost,
	fnGainKeywordUntilEndOfTurn:         (*Game).hGainKeyword,
	fnGainProtectionOfChoice:            (*Game).hGainProtectionOfChoice,
	fnScry:                              (*Game).hScry,
	fnPrevent:                           (*Game).hPrevent,
	fnPreventAmount:                     (*Game).hPreventAmount,
	fnPreventCombatDamageThisTurn:       (*Game).hPreventCombatDamageThisTurn,
	fnPutCountersPerPrevented:           (*Game).hPutCountersPerPrevented,
	fnPreventNextDamageFromChosenSource: (*Game).hPreventNextDamageFromChosenSource,
	fnEnterWithCounters:                 (*Game).hEnterWithCounters,
	fnEnterWithTribute:                  (*Game).hEnterWithTribute,
	fnScheduleDelayed:                   (*Game).hScheduleDelayed,
	fnRegenerate:                        (*Game).hRegenerate,
	fnModifyPt:                          (*Game).hModifyPT,
	fnAddKeyword:                        (*Game).hAddKeyword,
	fnGrantAbility:                      (*Game).hGrantAbility,
	fnCantAttackOrBlock:                 (*Game).hCantAttackOrBlock,
	fnDefinePt:                          (*Game).hDefinePT,
	fnSetBasePt:                         (*Game).hSetBasePT,
	fnAttachedTo: func(g *Game, a []vm.Value) (vm.Value, error) {
		if o := g.valueObject(a[0]); o != nil {
			return ObjectValue(o.attachedTo), nil
		}
		return 0, nil
	},
	fnPower:          func(g *Game, a []vm.Value) (vm.Value, error) { return vm.Value(g.Power(ObjectID(a[0]))), nil },
	fnToughness:      func(g *Game, a []vm.Value) (vm.Value, error) { return vm.Value(g.Toughness(ObjectID(a[0]))), nil },
	fnController:     func(g *Game, a []vm.Value) (vm.Value, error) { return g.objectPlayer(a[0], false), nil },
	fnOwner:          func(g *Game, a []vm.Value) (vm.Value, error) { return g.objectPlayer(a[0], true), nil },
	fnCounters:       qCounters,
	fnX:              func(g *Game, a []vm.Value) (vm.Value, error) { return vm.Value(g.frame().x), nil },
	fnIsType:         qIsType,
	fnIsSupertype:    objectNameQuery(func(o *Object, v vm.Value) bool { return o.def.supertypes&uint16(v) != 0 }),
	fnIsSubtype:      (*Game).qIsSubtype,
	fnHasColor:       qHasColor,
	fnIsPlayer:       qIsPlayer,
	fnIsPermanent:    qIsPermanent,
	fnCount:          qCount,
	fnTributeNotPaid: qTributeNotPaid,
	fnInZone:         qInZone,
	fnIsSpell:        qIsSpell,
	fnIsTapped:       objectQuery(func(o *Object) bool { return o.tapped }),
	fnIsUntapped:     objectQuery(func(o *Object) bool { return !o.tapped }),
	fnIsAttacking:    objectQuery(func(o *Object) bool { return o.attacking }),
	fnIsBlocking:     objectQuery(func(o *Object) bool { return len(o.blocking) > 0 }),
	fnIsBlocked:      objectQuery(func(o *Object) bool { return o.blocked }),
	fnIsToken:        objectQuery(func(o *Object) bool { return o.token }),
	fnIsCreature:     qIsCreature,
	fnHadCounter:     qHadCounter,
	fnHadNoCounters:  qHadNoCounters,

	fnAddMana:               (*Game).hAddMana,
	fnAddManaOfAnyColor:     (*Game).hAddManaOfAnyColor,
	fnAddManaOfChoice:       (*Game).hAddManaOfChoice,
	fnAddManaForEach:        (*Game).hAddManaForEach,
	fnAddManaCouldProduce:   (*Game).hAddManaCouldProduce,
	fnAddManaProduced:       (*Game).hAddManaProduced,
	fnDoubleMana:            (*Game).hDoubleMana,
	fnDoubleLife:            doubler(EvLifeGained),
	fnDoubleDamage:          doubler(EvDamage),
	fnRedirectDamage:        (*Game).hRedirectDamage,
	fnSetLife:               (*Game).hSetLife,
	fnPlayerOrController:    qPlayerOrController,
	fnSacrifice:             (*Game).hSacrifice,
	fnPayLife:               (*Game).hPayLife,
	fnReturnToBattlefield:   (*Game).hReturnToBattlefield,
	fnPutOntoBattlefield:    (*Game).hPutOntoBattlefield,
	fnManaValue:             qManaValue,
	fnTap:                   func(g *Game, a []vm.Value) (vm.Value, error) { g.setTapped(a[0], true); return 0, nil },
	fnUntap:                 func(g *Game, a []vm.Value) (vm.Value, error) { g.setTapped(a[0], false); return 0, nil },
	fnDoubleCounters:        doubler(EvCounterPut),
	fnAddCountersToEvent:    (*Game).hAddCountersToEvent,
	fnDoubleCountersOfKind:  (*Game).hDoubleCountersOfKind,
	fnDoubleTokens:          doubler(EvTokensCreated),
	fnAddCountersOfEachKind: adder(EvCounterPut),
	fnDoubleCountersOnEach:  (*Game).hDoubleCountersOnEach,
	fnAddManaOfChosenColor:  (*Game).hAddManaOfChosenColor,

	fnSetBasePtUntilEndOfTurn: func(g *Game, a []vm.Value) (vm.Value, error) {
		g.addPTEffect(a[0], layerSetPT, qty(a[1]), qty(a[2]))
		return 0, nil
	},
	fnSwitchPtUntilEndOfTurn: func(g *Game, a []vm.Value) (vm.Value, error) {
		g.addPTEffect(a[0], layerSwitchPT, 0, 0)
		return 0, nil
	},
	fnDraw:                   (*Game).hDraw,
	fnAttach:                 (*Game).hAttach,
	fnShuffleIntoLibrary:     (*Game).hShuffleIntoLibrary,
	fnExile:                  (*Game).hExile,
	fnReturnWithCounter:      (*Game).hReturnWithCounter,
	fnExileAllGraveyards:     (*Game).hExileAllGraveyards,
	fnReturnAllToBattlefield: (*Game).hReturnAllToBattlefield,
	fnPutCountersOnEach:      (*Game).hPutCountersOnEach,

	fnPayOptional:                        (*Game).hPayOptional,
	fnSacrificeUnless:                    (*Game).hSacrificeUnless,
	fnMoveCounter:                        (*Game).hMoveCounter,
	fnRemoveCountersAmong:                (*Game).hRemoveCountersAmong,
	fnReplaceMana:                        (*Game).hReplaceMana,
	fnTriggerReflexive:                   (*Game).hTriggerReflexive,
	fnCreateTokenCopyAttached:            (*Game).hCreateTokenCopyAttached,
	fnEachBegin:                          (*Game).qEachBegin,
	fnEachObject:                         (*Game).qEachObject,
	fnEnterAsCopy:                        (*Game).hEnterAsCopy,
	fnEnterChoosingColor:                 (*Game).hEnterChoosingColor,
	fnAddProtectionFromChosenColor:       (*Game).hAddProtectionFromChosenColor,
	fnCreateCreatureTokens:               (*Game).hCreateCreatureTokens,
	fnCreateCreatureTokensWithKeyword:    (*Game).hCreateCreatureTokensWithKeyword,
	fnCreateArtifactTokensForEachCounter: (*Game).hCreateArtifactTokensForEachCounter,
	fnCardsInHand:                        withPlayer(func(p *player) int { return len(p.Hand) }),
	fnLife:                               withPlayer(func(p *player) int { return p.Life }),
	fnEnterAsCopyWithType:                (*Game).hEnterAsCopyWithType,
	fnLifeTotalCantChange:                (*Game).hLifeTotalCantChange,
	fnCantGainLife:                       (*Game).hCantGainLife,
	fnSacrificeUnlessPayPerCounter:       (*Game).hSacrificeUnlessPayPerCounter,
	fnBecomeCopyUntilEndOfTurn:           (*Game).hBecomeCopyUntilEndOfTurn,
	fnAddCardType:                        (*Game).hAddCardType,
	fnSetChosenColor:                     (*Game).hSetChosenColor,
	fnSetChosenLandType:                  (*Game).hSetChosenLandType,
	fnControl:                            (*Game).hControl,
	fnGainControlUntilEndOfTurn:          (*Game).hGainControlUntilEndOfTurn,
	fnBeginGameOnBattlefield:             (*Game).hBeginGameOnBattlefield,
	fnCantGetCounters:                    (*Game).hCantGetCounters,
	fnCantGetCountersOfKind:              (*Game).hCantGetCounters,
	fnAddCountersGiven:                   adder(EvCountersGiven),
	fnGiveCounters:                       (*Game).hGiveCounters,
	fnLoseKeyword:                        (*Game).hLoseKeyword,
	fnLoseAllAbilities:                   (*Game).hLoseAllAbilities,
	fnSetColorless:                       (*Game).hSetColorless,
	fnSpendManaAsAnyColor:                (*Game).hSpendManaAsAnyColor,

	// The stack (counter.go, copyspell.go, turn.go, chosen.go).
	fnCounterSpell:                (*Game).hCounterSpell,
	fnCantBeCountered:             (*Game).hCantBeCountered,
	fnCopySpell:                   (*Game).hCopySpell,
	fnCopySpellForEachOtherPlayer: (*Game).hCopySpellForEachOtherPlayer,
	fnExtraTurn:                   (*Game).hExtraTurn,
	fnEnterChoosingCardName:       (*Game).hEnterChoosingCardName,
	fnEnterChoosingBasicLandType:  (*Game).hEnterChoosingBasicLandType,
	fnHasChosenName:               qHasChosenName,
	// Players and hands (players.go, hand.go).
	fnDiscard:                (*Game).hDiscard,
	fnDiscardAtRandom:        (*Game).hDiscardAtRandom,
	fnRevealAndDiscardChosen: (*Game).hRevealAndDiscardChosen,
	fnSacrificeChosen:        (*Game).hSacrificeChosen,
	fnRedirectDamageToPlayer: (*Game).hRedirectDamageToPlayer,
	fnEachPlayerBegin:        (*Game).qEachPlayerBegin,
	fnEachPlayer:             (*Game).qEachPlayer,
	fnEachPlayerEnd:          (*Game).hEachPlayerEnd,
	fnNoMaximumHandSize:      (*Game).hNoMaximumHandSize,
	fnSetMaximumHandSize:     (*Game).hSetMaximumHandSize,
	fnHandsRevealed:          (*Game).hHandsRevealed,
	// Libraries, graveyards and exile (libraries.go, graveyards.go,
	// reshuffle.go).
	fnCardsInLibrary:                  qCardsInLibrary,
	fnIsPermanentCard:                 qIsPermanentCard,
	fnSearchLibrary:                   (*Game).hSearchLibrary,
	fnSearchLibraryOf:                 (*Game).hSearchLibraryOf,
	fnChooseCardName:                  (*Game).hChooseCardName,
	fnHasThatName:                     qHasThatName,
	fnReveal:                          (*Game).hReveal,
	fnRevealTop:                       (*Game).hRevealTop,
	fnReturnToHand:                    (*Game).hReturnToHand,
	fnReturnFromGraveyardToHand:       (*Game).hReturnFromGraveyardToHand,
	fnPutOntoBattlefieldTapped:        (*Game).hPutOntoBattlefieldTapped,
	fnShuffleLibrary:                  (*Game).hShuffleLibrary,
	fnPutOnTopOfLibrary:               (*Game).hPutOnTopOfLibrary,
	fnPutOnBottomOfLibrary:            (*Game).hPutOnBottomOfLibrary,
	fnMill:                            (*Game).hMill,
	fnLookAtTop:                       (*Game).hLookAtTop,
	fnPutAllOntoBattlefield:           (*Game).hPutAllOntoBattlefield,
	fnExileGraveyard:                  (*Game).hExileGraveyard,
	fnExileSameNameFromLibrary:        (*Game).hExileSameNameFromLibrary,
	fnChooseExiledCards:               (*Game).hChooseExiledCards,
	fnExileLibrary:                    (*Game).hExileLibrary,
	fnPutChosenOnTop:                  (*Game).hPutChosenOnTop,
	fnShufflePermanentsAndReveal:      (*Game).hShufflePermanentsAndReveal,
	fnPutRevealedOntoBattlefield:      (*Game).hPutRevealedOntoBattlefield,
	fnTopCardRevealed:                 (*Game).hTopCardRevealed,
	fnEnterTapped:                     (*Game).hEnterTapped,
	fnSpendOnlyManaOnX:                (*Game).hSpendOnlyManaOnX,
	fnControls:                        qControls,
	fnActivatedAtLeast:                qActivatedAtLeast,
	fnActivationsThisTurn:             qActivationsThisTurn,
	fnCreateArtifactCreatureTokens:    (*Game).hCreateArtifactCreatureTokens,
	fnCreateCreatureTokensWithAbility: (*Game).hCreateCreatureTokensWithAbility,
	fnEnterTappedUnlessControl:        (*Game).hEnterTappedUnlessControl,
	// Combat, untapping and the rules of the game for players
	// (requirements.go, untap.go, gamerules.go).
	fnCantBlock:                                (*Game).hCantBlock,
	fnCantAttackOrBlockAlone:                   (*Game).hCantAttackOrBlockAlone,
	fnCantBeBlocked:                            (*Game).hCantBeBlocked,
	fnCantBeBlockedExceptBy:                    (*Game).hCantBeBlockedExceptBy,
	fnCantAttackUnlessDefenderControls:         (*Game).hCantAttackUnlessDefenderControls,
	fnAttacksEachCombat:                        (*Game).hAttacksEachCombat,
	fnBlocksEachCombat:                         (*Game).hBlocksEachCombat,
	fnMustBeBlockedByAll:                       (*Game).hMustBeBlockedByAll,
	fnBlockAnyNumber:                           (*Game).hBlockAnyNumber,
	fnDoesntUntap:                              (*Game).hDoesntUntap,
	fnActivatedAbilitiesCantBeActivated:        (*Game).hActivatedAbilitiesCantBeActivated,
	fnCantLoseGame:                             (*Game).hCantLoseGame,
	fnCantLose:                                 (*Game).hCantLoseGame,
	fnOpponentsCantWin:                         (*Game).hCantLoseGame,
	fnCantBlockMoreThanOne:                     (*Game).hCantBlockMoreThanOne,
	fnCantBeBlockedByMoreThanOne:               (*Game).hCantBeBlockedByMoreThanOne,
	fnCantBeBlockedExceptByTwoOrMore:           (*Game).hCantBeBlockedExceptByTwoOrMore,
	fnBlockAdditional:                          (*Game).hBlockAdditional,
	fnCantBlockThisTurn:                        (*Game).hCantBlockThisTurn,
	fnCantBeBlockedThisTurn:                    (*Game).hCantBeBlockedThisTurn,
	fnAttacksThisTurnIfAble:                    (*Game).hAttacksThisTurnIfAble,
	fnDoesntUntapNext:                          (*Game).hDoesntUntapNext,
	fnTapAll:                                   (*Game).hTapAll,
	fnTapAllDontUntapNext:                      (*Game).hTapAllDontUntapNext,
	fnTappedDealDamageEqualToPower:             (*Game).hTappedDealDamageEqualToPower,
	fnDealDamageDividedByControllerAmongTapped: (*Game).hDealDamageDividedByControllerAmongTapped,
	fnDestroyNoRegeneration:                    (*Game).hDestroyNoRegeneration,
	fnCantBeRegeneratedThisTurn:                (*Game).hCantBeRegeneratedThisTurn,
	fnDealtDamageCantBeRegeneratedThisTurn:     (*Game).hDealtDamageCantBeRegeneratedThisTurn,
	fnOpponentsCantCastSpellsThisTurn:          (*Game).hOpponentsCantCastSpellsThisTurn,
	fnMay:                                      (*Game).qMay,
	fnDid:                                      (*Game).qDid,
	fnModeChosen:                               (*Game).qModeChosen,
	fnTargetCount:                              (*Game).qTargetCount,
	fnTargetAt:                                 (*Game).qTargetAt,
	fnHasKeyword:                               (*Game).qHasKeyword,
	fnIsNamed:                                  (*Game).qIsNamed,
	fnSharesCreatureType:                       (*Game).qSharesCreatureType,
	fnChooseTargets:                            (*Game).hChooseTargets,
	fnDestroyOneAtRandom:                       (*Game).hDestroyOneAtRandom,
	fnDealDamageDivided:                        (*Game).hDealDamageDivided,
	fnDealDamageDividedEvenly:                  (*Game).hDealDamageDividedEvenly,
	fnDealDamageToEach:                         (*Game).hDealDamageToEach,
	fnCostsMorePerExtraTarget:                  (*Game).hCostsMorePerExtraTarget,
	fnDeckAnyNumber:                            (*Game).hDeckAnyNumber,
	// Mass effects as one event (issue 22B).
	fnDestroyAll:                                             (*Game).hDestroyAll,
	fnDestroyAllNoRegeneration:                               (*Game).hDestroyAllNoRegeneration,
	fnBoostAndGainEachUntilEndOfTurn:                         (*Game).hBoostAndGainEach,
	fnBoostEachUntilEndOfTurn:                                (*Game).hBoostEach,
	fnGainEachUntilEndOfTurn:                                 (*Game).hGainEach,
	fnPutCountersOnEachAndGainUntilEndOfTurn:                 (*Game).hPutCountersOnEachAndGain,
	fnDealDamageToTargetAndEachCreatureItsControllerControls: (*Game).hDealDamageToTargetAndEachCreature,
	fnPreventDamageToPlayerAndCreaturesThisTurn:              (*Game).hPreventDamageToPlayerAndCreatures,
	fnDealDamageToEachAndEachPlayer:                          (*Game).hDealDamageToEachAndEachPlayer,
	fnPlayWithoutPaying:                                      (*Game).hPlayWithoutPaying,
	fnPutFromHandOntoBattlefield:                             (*Game).hPutFromHandOntoBattlefield,
	// Conditions of continuous effects (issue 22B, as long as).
	fnTopCardIsColor: (*Game).qTopCardIsColor,
	// Changing what a permanent is, redirection (issue 22B).
	fnBecomeColorAndSubtype:                     (*Game).hBecomeColorAndSubtype,
	fnBecomeCreatureWhileThisRemains:            (*Game).hBecomeCreatureWhileThisRemains,
	fnBecomeCreature:                            (*Game).hBecomeCreature,
	fnRedirectNextDamageFromChosenSource:        (*Game).hRedirectNextDamageFromChosenSource,
	fnRevealUntil:                               (*Game).hRevealUntil,
	fnPutRevealedUntilOntoBattlefieldAndShuffle: (*Game).hPutRevealedUntilOntoBattlefieldAndShuffle,
}

func qCounters(g *Game, a []vm.Value) (vm.Value, error) {
	if o := g.valueObject(a[0]); o != nil {
		return vm.Value(o.Counters(CounterKind(a[1]))), nil
	}
	return 0, nil
}

// qHadCounter reports whether a permanent has a counter of a kind, or
// had one as it last existed on the battlefield (CR 603.10a): the
// condition of an intervening "if" clause (CR 603.4).
func qHadCounter(g *Game, a []vm.Value) (vm.Value, error) {
	if n, err := qCounters(g, a); err != nil || n <= 0 {
		return 0, err
	}
	return 1, nil
}

// qHadNoCounters reports whether a permanent has no counters of a kind,
// or had none as it last existed on the battlefield (CR 603.10a): persist's
// and undying's intervening "if" (CR 603.4, 702.79a, 702.93a). No object
// has nothing.
func qHadNoCounters(g *Game, a []vm.Value) (vm.Value, error) {
	if g.valueObject(a[0]) == nil {
		return 0, nil
	}
	n, err := qHadCounter(g, a)
	return 1 - n, err
}

// qManaValue is an object's mana value: the mana of its mana cost, X
// counting 0, except for a spell on the stack, whose X is the one chosen
// (CR 202.3).
func qManaValue(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	if o == nil {
		return 0, nil
	}
	syms, _ := mana.Parse(o.def.Card.ManaCost)
	n := 0
	for _, s := range syms {
		switch s.Kind {
		case mana.Generic:
			n = add(n, s.N)
		case mana.Variable:
			if o.zone == ZoneStack {
				n = add(n, o.x)
			}
		case mana.TwoHybrid:
			n += 2 // CR 202.3f: the largest component
		default:
			n++
		}
	}
	return vm.Value(n), nil
}

// hReturnToBattlefield puts a card onto the battlefield from the zone it
// is in, under its owner's control (CR 400.7, 110.2).
func (g *Game) hReturnToBattlefield(a []vm.Value) (vm.Value, error) {
	if o := g.valueObject(a[0]); o != nil {
		g.putOntoBattlefield(o, o.owner)
	}
	return 0, nil
}

// hPutOntoBattlefield puts a card onto the battlefield under a player's
// control (CR 110.2a).
func (g *Game) hPutOntoBattlefield(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	p, ok := valuePlayer(a[1])
	if o != nil && ok {
		g.putOntoBattlefield(o, p)
	}
	return 0, nil
}

// putOntoBattlefield moves a card from the zone it is in onto the
// battlefield under a player's control; it becomes a new object (CR
// 400.7). A permanent, a spell, or an object that left its zone stays.
func (g *Game) putOntoBattlefield(o *Object, controller PlayerID) {
	if o.left || o.zone == ZoneBattlefield || o.zone == ZoneStack {
		return
	}
	g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneBattlefield, Player: controller})
}

func qIsPlayer(g *Game, a []vm.Value) (vm.Value, error) {
	_, ok := valuePlayer(a[0])
	return boolValue(ok), nil
}

// qIsSpell reports whether an object is a spell: a card or a copy on the
// stack, not yet resolved (CR 112.1).
func qIsSpell(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && !o.left && o.zone == ZoneStack), nil
}

// qInZone reports whether an object is in a zone now (its zone is a
// symbol linked to the Zone).
func qInZone(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && !o.left && o.zone == Zone(a[1])), nil
}

// qIsPermanent reports whether an object is a permanent: on the
// battlefield; or, for the source of the mana_produced event being matched
// or replaced, on the battlefield as it last existed there (CR 608.2h). A
// permanent sacrificed to pay the cost of its own mana ability ({T},
// Sacrifice Havenwood Battleground: Add {G}{G}) was still tapped for mana
// (CR 106.12): that mana is produced while the ability resolves, after the
// cost is paid, and effects on permanents "tapped for mana" apply to it
// (CR 106.12a-b).
func qIsPermanent(g *Game, a []vm.Value) (vm.Value, error) {
	id, _ := valueObject(a[0])
	if g.onBattlefield(id) != nil {
		return boolValue(true), nil
	}
	fr := g.frame()
	o := g.Object(id)
	return boolValue(fr != nil && fr.event != nil && fr.event.Kind == EvManaProduced && fr.event.Source == id &&
		o != nil && o.left && o.zone == ZoneBattlefield), nil
}

// objectQuery makes a query of one object argument; anything else is
// false.
func objectQuery(f func(*Object) bool) hostImpl {
	return func(g *Game, a []vm.Value) (vm.Value, error) {
		if o := g.valueObject(a[0]); o != nil {
			return boolValue(f(o)), nil
		}
		return 0, nil
	}
}

// qIsCreature reports whether an object is a creature, as typesOf reads
// it: a land an effect made a creature is one ("creatures entering the
// battlefield", CR 603.6a).
func qIsCreature(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && g.isCreature(o)), nil
}

// qIsType reports whether an object has a card type, as typesOf reads it.
func qIsType(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && g.typesOf(o)&uint16(a[1]) != 0), nil
}

// qHasColor reports whether an object has a color, as colorsOf reads it.
func qHasColor(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && g.colorsOf(o)&uint16(a[1]) != 0), nil
}

// objectNameQuery makes a query of an object and a name; anything else
// is false.
func objectNameQuery(f func(*Object, vm.Value) bool) hostImpl {
	return func(g *Game, a []vm.Value) (vm.Value, error) {
		if o := g.valueObject(a[0]); o != nil {
			return boolValue(f(o, a[1])), nil
		}
		return 0, nil
	}
}

// valueObject returns the object a VM value names, or nil.
func (g *Game) valueObject(v vm.Value) *Object {
	id, ok := valueObject(v)
	if !ok {
		return nil
	}
	return g.Object(id)
}

func (g *Game) objectPlayer(v vm.Value, owner bool) vm.Value {
	o := g.valueObject(v)
	if o == nil {
		return 0
	}
	if owner {
		return PlayerValue(o.owner)
	}
	return PlayerValue(o.controller)
}

// ---- actions ----------------------------------------------------------------
//
// An action that cannot be done does nothing (CR 608.2b, 614.6): a
// permanent that is gone cannot be destroyed, no counters go on it.

func (g *Game) hDestroy(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil {
		g.propose(Event{Kind: EvDestroy, Object: o.id})
	}
	return 0, nil
}

func (g *Game) hGainLife(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok && a[1] > 0 {
		g.propose(Event{Kind: EvLifeGained, Player: p, Amount: qty(a[1])})
	}
	return 0, nil
}

func (g *Game) hLoseLife(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok && a[1] > 0 {
		g.propose(Event{Kind: EvLifeLost, Player: p, Amount: qty(a[1])})
	}
	return 0, nil
}

func (g *Game) hPutCounters(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil && a[2] > 0 {
		// Counters put as a cost are not put by an effect (CR 602.2b).
		fr := g.frame()
		g.propose(Event{Kind: EvCounterPut, Object: o.id, Counter: CounterKind(a[1]), Amount: qty(a[2]), Cost: fr != nil && fr.paying})
	}
	return 0, nil
}

func (g *Game) hRemoveCounters(a []vm.Value) (vm.Value, error) {
	if o := g.permanentArg(a[0]); o != nil && a[2] > 0 {
		g.propose(Event{Kind: EvCounterRemoved, Object: o.id, Counter: CounterKind(a[1]), Amount: qty(a[2])})
	}
	return 0, nil
}

func (g *Game) hDealDamage(a []vm.Value) (vm.Value, error) {
	src, _ := valueObject(a[0])
	g.dealDamage(src, a[1], qty(a[2]), false)
	return 0, nil
}

func (g *Game) hBoost(a []vm.Value) (vm.Value, error) {
	g.addPTEffect(a[0], layerModifyPT, qty(a[1]), qty(a[2]))
	return 0, nil
}

// addPTEffect creates a continuous effect from a resolving spell or
// ability that changes the power and toughness of one permanent until the
// end of the turn, in a sublayer of layer 7 (CR 613.4); it affects that
// object only (CR 611.2c).
func (g *Game) addPTEffect(v vm.Value, layer, power, toughness int) {
	if o := g.permanentArg(v); o != nil {
		g.effects = append(g.effects, ptEffect{object: o.id, layer: layer, power: power, toughness: toughness, timestamp: g.nextTimestamp()})
		g.invalidate()
	}
}

// hDraw has a player draw cards one at a time (CR 121.2).
func (g *Game) hDraw(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	g.drawCards(p, qty(a[1]))
	return 0, nil
}

// withPlayer makes a query of a number about a player.
func withPlayer(f func(p *player) int) hostImpl {
	return func(g *Game, a []vm.Value) (vm.Value, error) {
		if p, ok := valuePlayer(a[0]); ok {
			return vm.Value(f(g.players[p])), nil
		}
		return 0, nil
	}
}

// replacing returns the event a replacement body modifies, if id names it.
func (g *Game) replacing(id vm.Value) (*Event, error) {
	fr := g.frame()
	if fr == nil || fr.mode != modeReplace || fr.event == nil {
		return nil, errNoEvent
	}
	if fr.event.ID != int64(id) {
		return nil, errNotEvent
	}
	return fr.event, nil
}

// hPrevent prevents all the damage of the event (CR 615); damage that
// can't be prevented is not (CR 615.12).
func (g *Game) hPrevent(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return 0, err
	}
	g.preventedThisWay(g.preventDamage(ev, ev.Amount))
	return 0, nil
}

func (g *Game) hPreventAmount(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return 0, err
	}
	g.preventedThisWay(g.preventDamage(ev, min(qty(a[1]), ev.Amount)))
	return 0, nil
}

// preventDamage prevents n of the damage of an event, unless it can't be
// prevented (CR 615.12), and returns how much it prevented.
func (g *Game) preventDamage(ev *Event, n int) int {
	if ev.Unpreventable || n <= 0 {
		return 0
	}
	ev.Amount -= n
	ev.prevented = append(ev.prevented, n)
	return n
}

// preventedThisWay counts damage the running replacement body prevented
// (CR 615.5), and, applied to simultaneous damage, its group's.
func (g *Game) preventedThisWay(n int) {
	fr := g.frame()
	fr.prevented = add(fr.prevented, n)
	if fr.group > 0 {
		grp := &g.simultaneous.groups[fr.group-1]
		grp.prevented = add(grp.prevented, n)
	}
}

// hPutCountersPerPrevented puts a counter on a permanent for each 1
// damage the replacement body that deferred it prevented (CR 615.5).
func (g *Game) hPutCountersPerPrevented(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if o := g.permanentArg(a[0]); o != nil && fr != nil && fr.prevented > 0 {
		g.propose(Event{Kind: EvCounterPut, Object: o.id, Counter: CounterKind(a[1]), Amount: fr.prevented})
	}
	return 0, nil
}

// entering returns the running frame of an `enters` replacement: the
// event it modifies is a permanent entering the battlefield (CR 614.1c).
func (g *Game) entering() (*frame, error) {
	fr := g.frame()
	if fr == nil || fr.mode != modeReplace || fr.event == nil || fr.event.Kind != EvZoneChange || fr.event.To != ZoneBattlefield {
		return nil, errNoEvent
	}
	return fr, nil
}

// hEnterWithCounters gives the entering permanent counters (CR 614.1c).
func (g *Game) hEnterWithCounters(a []vm.Value) (vm.Value, error) {
	fr, err := g.entering()
	if err != nil {
		return 0, err
	}
	if a[1] > 0 {
		fr.event.enterWith = append(fr.event.enterWith, counterCount{CounterKind(a[0]), qty(a[1])})
	}
	return 0, nil
}

// hScheduleDelayed creates a delayed triggered ability of the running
// ability's card (CR 603.7), which sees the running ability's locals. Its
// controller is the running ability's controller (CR 603.7d-f).
func (g *Game) hScheduleDelayed(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	if fr == nil || fr.def == nil || a[0] < 0 || int(a[0]) >= len(fr.def.Card.Abilities) {
		return 0, fmt.Errorf("no delayed ability %d", a[0])
	}
	ab := &fr.def.Card.Abilities[a[0]]
	d := delayedTrigger{instance: instance{source: fr.source, controller: fr.controller, def: fr.def, ability: int(a[0]), x: fr.x,
		finds: g.findingNow()}}
	d.kind = abilityEvent(fr.def.Prog, ab)
	d.locals.copyFrom(fr.locals, ab.NumLocals)
	g.delayed = append(g.delayed, d)
	return 0, nil
}

// permanentArg returns the permanent a value names, or nil if it names
// none (it left the battlefield, or it is a player).
func (g *Game) permanentArg(v vm.Value) *Object {
	id, ok := valueObject(v)
	if !ok {
		return nil
	}
	return g.onBattlefield(id)
}

// abilityEvent is the event kind an ability watches: its Event symbol is
// linked to an EventKind.
func abilityEvent(linked *vm.Linked, ab *vm.Ability) EventKind {
	return EventKind(linked.ID(ab.Event))
}
