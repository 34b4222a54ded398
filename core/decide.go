package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// Decider makes the decisions of the players. Every choice the rules give
// a player goes through it; DefaultDecider makes each one the same way
// every time, so games are deterministic. A Decider may look at the game,
// but must not act on it (call its actions or its Setup): it is called in
// the middle of one.
type Decider interface {
	// OrderTriggers returns the order in which a player's triggered
	// abilities, put on the stack at the same time, will resolve: indexes
	// into ts, the first resolving first (CR 603.3b).
	OrderTriggers(g *Game, p PlayerID, ts []TriggerChoice) []int
	// ChooseReplacement returns which of several replacement or
	// prevention effects applies first to an event (CR 616.1).
	ChooseReplacement(g *Game, p PlayerID, ev Event, options []ReplacementChoice) int
	// DeclareAttackers returns the creatures the active player attacks
	// with (CR 508.1).
	DeclareAttackers(g *Game, p PlayerID) []ObjectID
	// DeclareBlockers returns the blocks of the defending player
	// (CR 509.1).
	DeclareBlockers(g *Game, p PlayerID) []Block
	// AssignCombatDamage divides an attacking or blocking creature's
	// combat damage among the creatures it fights (CR 510.1c-d): one
	// amount per creature, adding up to power. For an attacking creature
	// with trample it may return one more amount, the damage assigned to
	// the player it attacks, once each creature is assigned lethal damage
	// (CR 702.19b). It is asked only when there is a choice: two or more
	// blockers, or trample.
	AssignCombatDamage(g *Game, creature ObjectID, fights []ObjectID, power int) []int
	// ChooseTarget chooses target i of a triggered ability among the legal
	// choices (CR 603.3d). item is a copy of the ability as it will go on
	// the stack.
	ChooseTarget(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value) vm.Value
	// ChooseMana chooses the type of mana an ability adds when it lets its
	// controller choose among options (any color, any type a land could
	// produce, CR 106.7).
	ChooseMana(g *Game, p PlayerID, options []mana.Type) mana.Type
	// ChooseObject chooses an object among legal options, for what a
	// player chooses without targeting, such as the creature of a
	// "sacrifice a creature" cost.
	ChooseObject(g *Game, p PlayerID, what string, options []ObjectID) ObjectID
	// Discard chooses n cards of a player's hand to discard (CR 514.1).
	Discard(g *Game, p PlayerID, n int) []ObjectID
	// Choose chooses one of options, words such as "white" or "bottom",
	// for what a spell or ability asks as it resolves: what is
	// "protection" (the quality of "protection from the color of your
	// choice", CR 702.16), or "scry" (where the card source goes,
	// CR 701.18a); or as a permanent enters: "color", or "card name"
	// (CardNameChoice: the names of the library's cards, CR 201.4). It
	// returns an index into options.
	Choose(g *Game, p PlayerID, source ObjectID, what string, options []string) int
	// PayOptionalCost decides, as an ability of source resolves, whether
	// its controller pays an optional cost they can pay ("you may pay {2}
	// and sacrifice an Aura attached to this"), and which of options
	// they sacrifice.
	PayOptionalCost(g *Game, p PlayerID, source ObjectID, options []ObjectID) (pay bool, sacrifice ObjectID)
	// ChooseCopy chooses the permanent among options that source, as it
	// enters, becomes a copy of, or 0 for none ("you may", CR 707.2).
	ChooseCopy(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID
	// ChooseSource chooses the source of damage among options (never
	// empty) that an ability of source lets p choose ("a red source of
	// your choice", CR 609.7).
	ChooseSource(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID
	// RemoveCounterFrom chooses, as a cost of an ability of source is
	// paid, the permanent among options (never empty) one counter is
	// removed from ("remove two +1/+1 counters from among creatures you
	// control", CR 601.2h); it is asked once for each counter.
	RemoveCounterFrom(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID
	// ChooseNewTargets chooses the targets of a copy of a spell whose
	// controller p may choose new targets for it (CR 707.10c, 115.7d):
	// one value per target of item, each its current target (kept, even
	// if it is illegal) or one of others[i], the other legal targets.
	// Where others[i] is empty, the target stays as it is. item is the
	// copy, not yet on the stack.
	ChooseNewTargets(g *Game, p PlayerID, item *StackItem, current []vm.Value, others [][]vm.Value) []vm.Value
	// ChooseAtRandom is chance: it chooses n distinct objects among
	// options (never fewer than n) at random, for what player p does at
	// random ("discards a card at random", CR 701.8b; "destroy one of
	// them at random", CR 701.7). A Decider that scripts chance returns
	// the objects it was told to; DefaultDecider draws them from the
	// game's seed (Setup.Seed).
	ChooseAtRandom(g *Game, p PlayerID, what string, options []ObjectID, n int) []ObjectID
	// ChooseTargets chooses the objects and players of target i of a
	// triggered ability that chooses several ("up to two target
	// creatures", vm.Target.Min and Max; max AnyNumber for any number),
	// among legal, as the ability is put on the stack (CR 603.3d):
	// distinct ones (CR 115.3), from min to max of them. item is a copy
	// of the ability.
	ChooseTargets(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value, min, max int) []vm.Value
	// Divide divides amount among the objects and players chosen for
	// target i of a spell or ability as it is cast or put on the stack
	// ("5 damage divided as you choose among any number of targets",
	// CR 601.2d): one amount for each of chosen, at least 1, adding up
	// to amount.
	Divide(g *Game, p PlayerID, item *StackItem, i int, chosen []vm.Value, amount int) []int
	// DivideAmong divides amount as an ability of source resolves among
	// any number of options, objects that are not its targets (Master of
	// the Wild Hunt's Wolves: "divided as its controller chooses among
	// any number of those Wolves"): one amount for each option, 0 for one
	// not chosen, at least 1 for one chosen, adding up to amount. damager
	// is the object that will deal what is divided. p may be another
	// player than the ability's controller.
	DivideAmong(g *Game, p PlayerID, source, damager ObjectID, amount int, options []ObjectID) []int
	// ChooseModes chooses the modes of a modal spell or ability as it is
	// cast, activated or put on the stack (CR 700.2, 601.2b): from min to
	// max distinct modes among 1 to n (CR 700.2d).
	ChooseModes(g *Game, p PlayerID, item *StackItem, min, max, n int) []int
	// CardDecider chooses cards of a zone and orders them (searches,
	// milling, the top of a library: libraries.go).
	CardDecider
}

// Block is one blocker declared for one attacker.
type Block struct {
	Blocker, Attacker ObjectID
}

// DefaultDecider makes every decision in a fixed, documented way:
//   - triggered abilities resolve in the order they triggered;
//   - of several replacement effects, the one whose source entered the
//     battlefield first applies first (a permanent's own "enters with"
//     effects before all others);
//   - no creature attacks or blocks but those the requirements of combat
//     make (CR 508.1d, 509.1c): the creatures that attack each combat if
//     able attack, and those able to block a creature that all creatures
//     able to block must block it;
//   - combat damage is assigned in order: lethal damage to each creature,
//     the rest to the last; an attacking creature with trample assigns
//     lethal damage to each blocker in order and the rest to the player
//     it attacks (CR 702.19b; from a source with deathtouch, 1 damage is
//     lethal, 702.2c);
//   - the first legal target (players first, then permanents, oldest
//     first);
//   - of the types of mana an ability lets its controller choose, the
//     first in the order white, blue, black, red, green, colorless;
//   - the oldest permanent that can pay a cost such as "sacrifice a
//     creature";
//   - the cards drawn last are discarded;
//   - an optional cost is not paid;
//   - a counter a cost removes from among permanents comes from the
//     oldest that has one left;
//   - a counter a player may move is kept;
//   - a permanent that may enter as a copy copies the oldest permanent
//     it can;
//   - a player who may choose new targets for a copy of a spell keeps
//     its targets;
//   - a player doesn't take an action they may take ("you may draw a
//     card"), as they don't pay an optional cost;
//   - a target of several objects chooses as few as it may, and one if
//     it may choose none: the first legal ones;
//   - an amount divided among targets goes to the first, but 1 to each
//     of the others;
//   - an amount divided as an ability resolves among objects that are not
//     its targets (DivideAmong) gives lethal damage to each in order and
//     the rest to the last;
//   - a modal spell or ability chooses its first modes, as few as it may;
//   - what is chosen at random is drawn from the game's seed (DefaultSeed,
//     or the one Setup.Seed sets), which the log states at the first
//     random choice: the same seed chooses the same cards;
//   - of the cards of a zone a player chooses (a search, CR 701.19), the
//     first ones that fit from the top, as many as the effect may choose;
//   - cards a player orders keep the order the effect has them in (a
//     mill: one at a time from the top, CR 404.3).
//
// The mana abilities a player activates while paying a cost, with the
// colors they choose and the order of replacement effects on their mana,
// are not decisions of the Decider: where the mana pool is short, the
// rules core activates those of the fewest permanents that pay the cost
// (only those whose only cost is {T} where they can), oldest permanents
// first, as manaplan.go says. A test that wants other mana taps it before
// casting.
type DefaultDecider struct{}

// OrderTriggers keeps the order they triggered in.
func (DefaultDecider) OrderTriggers(g *Game, p PlayerID, ts []TriggerChoice) []int {
	return identity(len(ts))
}

// ChooseReplacement takes the first.
func (DefaultDecider) ChooseReplacement(g *Game, p PlayerID, ev Event, options []ReplacementChoice) int {
	return 0
}

// DeclareAttackers declares the creatures the requirements make attack,
// and no other but one that must attack with a creature that can't attack
// alone (CR 508.1d): with no requirement, none.
func (DefaultDecider) DeclareAttackers(g *Game, p PlayerID) []ObjectID { return g.requiredAttackers() }

// DeclareBlockers declares the blocks the requirements make (CR 509.1c):
// each creature a requirement makes block blocks the attacker whose
// block obeys the most requirements, the first declared of those that
// obey as many (a creature that can block any number blocks each such
// attacker), and no other creature blocks but one that must block with a
// creature that can't block alone. With no requirement, none.
func (DefaultDecider) DeclareBlockers(g *Game, p PlayerID) []Block { return g.requiredBlocks() }

// AssignCombatDamage assigns lethal damage to each creature in order and
// the rest to the last; for an attacking creature with trample, the rest
// to the player it attacks.
func (DefaultDecider) AssignCombatDamage(g *Game, creature ObjectID, fights []ObjectID, power int) []int {
	if o := g.Object(creature); o != nil && o.attacking && g.hasKeyword(o, keywordTrample) {
		return LethalThenPlayer(g, creature, fights, power)
	}
	return LethalFirst(g, creature, fights, power)
}

// LethalThenPlayer assigns lethal damage to each creature in order, and
// what is left to the player: one amount more than fights, the last for
// the player (CR 702.19b).
func LethalThenPlayer(g *Game, source ObjectID, fights []ObjectID, power int) []int {
	out := make([]int, len(fights)+1)
	for i, id := range fights {
		n := min(g.lethalDamage(source, id), power)
		out[i], power = n, power-n
	}
	out[len(fights)] = power
	return out
}

// LethalFirst assigns lethal damage to each creature in order, and what is
// left to the last. From a source with deathtouch, 1 damage is lethal
// (CR 702.2c).
func LethalFirst(g *Game, source ObjectID, fights []ObjectID, power int) []int {
	out := make([]int, len(fights))
	for i, id := range fights {
		if i == len(fights)-1 {
			out[i] = power
			break
		}
		n := min(g.lethalDamage(source, id), power)
		out[i], power = n, power-n
	}
	return out
}

// ChooseTarget takes the first legal choice.
func (DefaultDecider) ChooseTarget(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value) vm.Value {
	return legal[0]
}

// ChooseMana takes the first option: white, blue, black, red, green, then
// colorless.
func (DefaultDecider) ChooseMana(g *Game, p PlayerID, options []mana.Type) mana.Type {
	return options[0]
}

// ChooseObject takes the first option: the oldest permanent.
func (DefaultDecider) ChooseObject(g *Game, p PlayerID, what string, options []ObjectID) ObjectID {
	return options[0]
}

// Choose takes the first option: white (of protection's options, the
// colors in the order the stdlib declares them, then artifacts), or,
// scrying, top.
func (DefaultDecider) Choose(g *Game, p PlayerID, source ObjectID, what string, options []string) int {
	return 0
}

// Discard discards the last cards of the hand.
func (DefaultDecider) Discard(g *Game, p PlayerID, n int) []ObjectID {
	hand := g.players[p].Hand
	return append([]ObjectID(nil), hand[len(hand)-n:]...)
}

// ChooseCopy copies the first option: the oldest permanent.
func (DefaultDecider) ChooseCopy(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID {
	return options[0]
}

// ChooseSource chooses the first option: the oldest permanent, or else
// the spell lowest on the stack.
func (DefaultDecider) ChooseSource(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID {
	return options[0]
}

// RemoveCounterFrom takes the oldest permanent.
func (DefaultDecider) RemoveCounterFrom(g *Game, p PlayerID, source ObjectID, options []ObjectID) ObjectID {
	return options[0]
}

// ChooseNewTargets keeps the targets the copy has.
func (DefaultDecider) ChooseNewTargets(g *Game, p PlayerID, item *StackItem, current []vm.Value, others [][]vm.Value) []vm.Value {
	return current
}

// ChooseAtRandom draws n of options from the game's random source, which
// the game's seed seeds.
func (DefaultDecider) ChooseAtRandom(g *Game, p PlayerID, what string, options []ObjectID, n int) []ObjectID {
	return g.pickAtRandom(options, n)
}

// PayOptionalCost declines.
func (DefaultDecider) PayOptionalCost(g *Game, p PlayerID, source ObjectID, options []ObjectID) (bool, ObjectID) {
	return false, 0
}

// ChooseTargets takes the first legal choices, as few as it may, and one
// if it may choose none.
func (DefaultDecider) ChooseTargets(g *Game, p PlayerID, item *StackItem, i int, legal []vm.Value, lo, hi int) []vm.Value {
	n := max(lo, 1)
	if hi != int(vm.AnyNumber) {
		n = min(n, hi)
	}
	return legal[:min(n, len(legal))]
}

// Divide gives each object or player 1, and the rest to the first.
func (DefaultDecider) Divide(g *Game, p PlayerID, item *StackItem, i int, chosen []vm.Value, amount int) []int {
	out := make([]int, len(chosen))
	for j := range out {
		out[j] = 1
	}
	if len(out) > 0 {
		out[0] = amount - (len(out) - 1)
	}
	return out
}

// DivideAmong assigns lethal damage from damager to each option in order
// and the rest to the last (LethalFirst), as combat damage is assigned
// by default: the options after the damage runs out get none.
func (DefaultDecider) DivideAmong(g *Game, p PlayerID, source, damager ObjectID, amount int, options []ObjectID) []int {
	return LethalFirst(g, damager, options, amount)
}

// ChooseModes chooses the first modes, min of them.
func (DefaultDecider) ChooseModes(g *Game, p PlayerID, item *StackItem, lo, hi, n int) []int {
	out := make([]int, lo)
	for j := range out {
		out[j] = j + 1
	}
	return out
}

// DecisionKind is a kind of decision a player makes.
type DecisionKind int8

// The kinds of decisions the game records.
const (
	// DecisionTriggerOrder: the order of a player's triggered abilities
	// put on the stack at the same time (CR 603.3b).
	DecisionTriggerOrder DecisionKind = iota
	// DecisionReplacement: which replacement or prevention effect applies
	// first to an event (CR 616.1).
	DecisionReplacement
	// DecisionCombatDamage: how a creature's combat damage is divided
	// (CR 510.1c-d, 702.19b).
	DecisionCombatDamage
	// DecisionTarget: a target of a triggered ability (CR 603.3d).
	DecisionTarget
	// DecisionMana: the type of mana an ability adds where its controller
	// chooses (any color, a type a land could produce, CR 106.7).
	DecisionMana
	// DecisionCostObject: an object chosen to pay a cost, such as the
	// creature of "sacrifice a creature" (CR 601.2h).
	DecisionCostObject
	// DecisionChoice: a choice among words made as a spell or ability
	// resolves: the color of "protection from the color of your choice"
	// (CR 702.16), top or bottom for a card scried (CR 701.18a).
	DecisionChoice
	// DecisionOptionalCost: whether a player paid an optional cost as an
	// ability resolved, and what they sacrificed (Paid, Target). A player
	// who couldn't pay it is recorded as not paying.
	DecisionOptionalCost
	// DecisionCopy: the permanent a permanent entering as a copy copies
	// (Target), or none (Target 0).
	DecisionCopy
	// DecisionAttach: what an Aura entering the battlefield without being
	// cast is attached to (CR 303.4f), Target.
	DecisionAttach
	// DecisionSource: the source of damage chosen for a prevention
	// shield (Target), CR 609.7.
	DecisionSource
	// DecisionLegend: the legendary permanent a player keeps of those
	// with the same name they control (the legend rule, CR 704.5j),
	// Target.
	DecisionLegend
	// DecisionNewTarget: a target of a copy of a spell whose controller
	// may choose new targets for it (CR 707.10c): the target it has
	// (Target), and whether it Changed or was kept.
	DecisionNewTarget
	// DecisionDiscard: the cards a player chose to discard (CR 701.8b,
	// 514.1), Objects.
	DecisionDiscard
	// DecisionRandom: the objects chance chose for what a player does at
	// random (What, "to discard", "to destroy"; CR 701.8b), Objects; its
	// Player is the player who does it. The first one of a game states
	// the seed of its chance (StatesSeed, Seed).
	DecisionRandom
	// DecisionObject: an object a player chose as an effect happened
	// (CR 608.2d), What for ("to sacrifice", "to discard"), Target.
	DecisionObject
	// DecisionCards: the cards of a zone a player chose (Cards, maybe
	// none) for What: "search" (the card a search found, CR 701.19),
	// "same name" (the cards of a name a search exiles), "exiled" (the
	// exiled cards chosen).
	DecisionCards
	// DecisionOrder: the order a player put cards in (Cards, the first
	// on top) for What: "library" (back on top of their library,
	// CR 401.4), "graveyard" (into their graveyard at the same time,
	// CR 404.3), "bottom" (on the bottom of their library).
	DecisionOrder
	// DecisionOptional: whether a player took an action a resolving
	// spell or ability offered them ("you may draw a card", CR 608.2d),
	// Paid.
	DecisionOptional
	// DecisionDivide: how a player divided the amount of a target of a
	// spell or ability (CR 601.2d), or an amount among objects that are
	// not targets as it resolved (Decider.DivideAmong): Chosen and
	// Amounts, one each.
	DecisionDivide
	// DecisionModes: the modes (from 1) a player chose for a modal spell
	// or ability (CR 700.2), Modes.
	DecisionModes
)

var decisionNames = [...]string{"ordered triggers", "chose a replacement effect", "assigned combat damage", "chose a target",
	"chose mana", "chose what pays a cost", "chose", "decided an optional cost", "chose what to copy", "chose what an Aura enchants",
	"chose a source of damage", "kept under the legend rule", "chose the target of a copy", "chose to discard", "chose at random", "chose", "chose cards", "ordered cards",
	"decided", "divided", "chose modes"}

// String says what a player did, as a phrase: "ordered triggers".
func (k DecisionKind) String() string {
	if k >= 0 && int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return fmt.Sprintf("decision(%d)", k)
}

// Decision is one decision a player made, as the game recorded it after
// the Decider answered (and after the game corrected an illegal answer,
// where it does).
type Decision struct {
	Player PlayerID
	Kind   DecisionKind
	// At is how many events had happened when the decision was made: it
	// came after the event LogEvent(At-1).
	At int
	// Triggers are the triggered abilities of DecisionTriggerOrder, in
	// the order they will resolve, the first resolving first.
	Triggers []TriggerChoice
	// Replacement is the effect chosen by DecisionReplacement.
	Replacement ReplacementChoice
	// Source is the creature whose damage DecisionCombatDamage divides,
	// or the source of the ability of DecisionTarget.
	Source ObjectID
	// Fights and Amounts are the division of DecisionCombatDamage: one
	// amount per creature of Fights, and with trample one more for the
	// player attacked.
	Fights  []ObjectID
	Amounts []int
	// Target is the target chosen by DecisionTarget, or the object of
	// DecisionCostObject.
	Target vm.Value
	// Mana is the type of mana chosen by DecisionMana.
	Mana mana.Type
	// What is what DecisionChoice chose ("protection", "scry"), and
	// Choice the word chosen ("white", "bottom"). Its Source is the
	// resolving spell or ability's source, or the card scried.
	What, Choice string
	// Paid says whether the player paid the cost of DecisionOptionalCost,
	// or took the action of DecisionOptional.
	Paid bool
	// Changed says whether the target of DecisionNewTarget is a new one.
	Changed bool
	// Chosen are the objects and players chosen for a target of several
	// (DecisionTarget), or among which an amount is divided
	// (DecisionDivide, with Amounts).
	Chosen []vm.Value
	// Objects are the cards of DecisionDiscard and the objects of
	// DecisionRandom.
	Objects []ObjectID
	// StatesSeed marks the first DecisionRandom of a game, whose
	// description states Seed, the seed of the game's chance.
	StatesSeed bool
	Seed       uint64
	// Cards are the cards of DecisionCards and DecisionOrder.
	Cards []ObjectID
	// Modes are the modes of DecisionModes.
	Modes []int
}

// decided records a decision.
func (g *Game) decided(d Decision) {
	d.At = len(g.log)
	g.decisions = append(g.decisions, d)
}

// Decisions returns the decisions the players made, in order. The
// Decision values are copies; their slices must not be changed.
func (g *Game) Decisions() []Decision { return slices.Clone(g.decisions) }

// valueNames names objects and players, for messages: "Grizzly Bears#3,
// player 2", or "nothing".
func (g *Game) valueNames(vs []vm.Value) string {
	if len(vs) == 0 {
		return "nothing"
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = g.ValueName(v)
	}
	return strings.Join(names, ", ")
}

// DescribeDecision renders a decision for the log: "player 1 ordered
// triggers: ...".
func (g *Game) DescribeDecision(d *Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s:", playerName(d.Player), d.Kind)
	switch d.Kind {
	case DecisionTriggerOrder:
		// The same ability triggered n times in a row on the same event
		// (a thousand counters put at once) is written once, ×n.
		prev, n, written := "", 0, false
		flush := func() {
			if n == 0 {
				return
			}
			if written {
				b.WriteString(",")
			}
			written = true
			b.WriteString(prev)
			if n > 1 {
				fmt.Fprintf(&b, " ×%d", n)
			}
		}
		for _, t := range d.Triggers {
			s := fmt.Sprintf(" %s (on %s)", g.objectName(t.Source), strings.TrimPrefix(g.Describe(&t.Event), fmt.Sprintf("turn %d: ", t.Event.Turn)))
			if s == prev {
				n++
				continue
			}
			flush()
			prev, n = s, 1
		}
		flush()
	case DecisionReplacement:
		fmt.Fprintf(&b, " %s first", g.objectName(d.Replacement.Source))
	case DecisionCombatDamage:
		fmt.Fprintf(&b, " %s:", g.objectName(d.Source))
		for i, n := range d.Amounts {
			to := "the player it attacks"
			if i < len(d.Fights) {
				to = g.objectName(d.Fights[i])
			}
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %d to %s", n, to)
		}
	case DecisionTarget:
		if d.Chosen != nil || d.Target == 0 {
			fmt.Fprintf(&b, " %s for %s", g.valueNames(d.Chosen), g.objectName(d.Source))
		} else {
			fmt.Fprintf(&b, " %s for %s", g.ValueName(d.Target), g.objectName(d.Source))
		}
	case DecisionDivide:
		for i, v := range d.Chosen {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %d to %s", d.Amounts[i], g.ValueName(v))
		}
		fmt.Fprintf(&b, ", for %s", g.objectName(d.Source))
	case DecisionModes:
		for i, m := range d.Modes {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %d", m)
		}
		fmt.Fprintf(&b, ", for %s", g.objectName(d.Source))
	case DecisionOptional:
		if d.Paid {
			fmt.Fprintf(&b, " yes, for %s", g.objectName(d.Source))
		} else {
			fmt.Fprintf(&b, " no, for %s", g.objectName(d.Source))
		}
	case DecisionMana:
		fmt.Fprintf(&b, " %s for %s", d.Mana, g.objectName(d.Source))
	case DecisionCostObject:
		fmt.Fprintf(&b, " %s for %s", g.ValueName(d.Target), g.objectName(d.Source))
	case DecisionChoice:
		fmt.Fprintf(&b, " %s (%s, %s)", d.Choice, d.What, g.objectName(d.Source))
	case DecisionSource:
		fmt.Fprintf(&b, " %s for %s", g.ValueName(d.Target), g.objectName(d.Source))
	case DecisionAttach:
		fmt.Fprintf(&b, " %s for %s", g.ValueName(d.Target), g.objectName(d.Source))
	case DecisionLegend:
		fmt.Fprintf(&b, " %s", g.ValueName(d.Target))
	case DecisionNewTarget:
		how := "kept"
		if d.Changed {
			how = "new"
		}
		fmt.Fprintf(&b, " %s (%s) for %s", g.ValueName(d.Target), how, g.objectName(d.Source))
	case DecisionDiscard:
		fmt.Fprintf(&b, " %s", g.describeObjects(d.Objects))
		if d.Source != 0 {
			fmt.Fprintf(&b, " for %s", g.objectName(d.Source))
		}
	case DecisionRandom:
		fmt.Fprintf(&b, " %s %s", g.describeObjects(d.Objects), d.What)
		if d.Source != 0 {
			fmt.Fprintf(&b, " for %s", g.objectName(d.Source))
		}
		if d.StatesSeed {
			fmt.Fprintf(&b, " (%s)", seedText(d.Seed))
		}
	case DecisionObject:
		fmt.Fprintf(&b, " %s %s for %s", g.ValueName(d.Target), d.What, g.objectName(d.Source))
	case DecisionCards, DecisionOrder:
		g.describeCards(&b, d)
	case DecisionCopy:
		what := "nothing"
		if d.Target != 0 {
			what = g.ValueName(d.Target)
		}
		fmt.Fprintf(&b, " %s for %s", what, g.objectName(d.Source))
	case DecisionOptionalCost:
		if d.Paid {
			fmt.Fprintf(&b, " paid, sacrificing %s, for %s", g.ValueName(d.Target), g.objectName(d.Source))
		} else {
			fmt.Fprintf(&b, " did not pay, for %s", g.objectName(d.Source))
		}
	}
	return b.String()
}
