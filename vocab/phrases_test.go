package vocab_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

func TestStdlibLoads(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	require.NotNil(t, v.Event("damage"))
	require.NotNil(t, v.Func("destroy"))
	require.NotNil(t, v.Rule("damage_cant_be_prevented"))
	require.Contains(t, v.Names(vocab.KCounter), "+1/+1")
}

// testScope is a scope of names and their types.
type testScope map[string]vocab.Type

func (s testScope) Type(name string) (vocab.Type, bool) { t, ok := s[name]; return t, ok }
func (s testScope) Use(string)                          {}
func (s testScope) Names() []string                     { return nil }

func newTestScope() testScope {
	s := testScope{}
	for name, t := range vocab.Builtins {
		s[name] = t
	}
	return s
}

// Where the phrase of a phraseCase is, in the card built around it.
const (
	inTrigger        = "trigger"          // whenever/when/at PHRASE { gain 1 life }
	inReplace        = "replace"          // replace PHRASE { gain 1 life }
	inDelayed        = "delayed"          // whenever this dies { at PHRASE { gain 1 life } }
	inStatic         = "static"           // static PHRASE
	inCDA            = "cda"              // static PHRASE of a */* creature
	inEnters         = "enters"           // enters PHRASE
	inSpell          = "spell"            // spell { PHRASE } of an instant
	inReplaceAction  = "replace action"   // replace damage to this { PHRASE }
	inActivated      = "activated"        // {T}: PHRASE
	inCost           = "cost"             // {1}, PHRASE: gain 1 life
	inManaTrigger    = "mana trigger"     // whenever a player as p taps a land for mana { PHRASE }
	inManaReplace    = "mana replace"     // replace you tap a permanent for mana { PHRASE }
	inLifeReplace    = "life replace"     // replace you would gain life { PHRASE }
	inReflexive      = "reflexive"        // whenever you attack { you may pay {2} and sacrifice a creature; when PHRASE { gain 1 life } }
	inChosen         = "chosen"           // enters choosing a color; static PHRASE
	inCounterReplace = "counter replace"  // replace one or more counters would be put on this { PHRASE }
	inTokenReplace   = "token replace"    // replace you would create one or more tokens { PHRASE }
	inGivenReplace   = "given replace"    // replace you would get one or more counters { PHRASE }
	inChosenMana     = "chosen mana"      // enters choosing a color; whenever a player as p taps a land for mana { PHRASE }
	inIntervening    = "intervening"      // whenever a creature as creature dies, if PHRASE { gain 1 life }
	inEntersIf       = "enters if"        // when this enters, if PHRASE { gain 1 life }
	inChosenName     = "chosen name"      // enters choosing a card name; whenever a creature as creature dies, if PHRASE { gain 1 life }
	inAsLongAs       = "as long as"       // static as long as PHRASE, this gets +1/+1
	inThatName       = "that name"        // spell { search ... as card; player chooses a card name; if PHRASE { gain 1 life } }
	inChosenLandType = "chosen land type" // enters choosing a basic land type; static PHRASE
)

// phraseCases use each phrase of the standard vocabulary once, in the
// smallest card that can say it.
var phraseCases = []struct {
	where    string
	text     string // the ability's phrase, as a card writes it
	template string // the phrase of the vocabulary it must read as
}{
	// Actions.
	{inSpell, "destroy target creature", "destroy {object}"},
	{inSpell, "regenerate target creature", "regenerate {object}"},
	{inSpell, "gain 3 life", "gain {amount} life"},
	{inSpell, "target player gains X life", "{player} gains {amount} life"},
	{inSpell, "lose one life", "lose {amount} life"},
	{inSpell, "target opponent loses 2 life", "{player} loses {amount} life"},
	{inSpell, "put two +1/+1 counters on target creature", "put {amount} {kind} counters on {object}"},
	{inSpell, "remove a charge counter from target artifact", "remove {amount} {kind} counters from {object}"},
	{inSpell, "deal 2 damage to any target", "deal {amount} damage to {target}"},
	{inSpell, "this deals X + 1 damage to target creature you control", "{source} deals {amount} damage to {target}"},
	{inSpell, "target creature gets +3/+3 until end of turn", "{object} gets {power/toughness} until end of turn"},
	{inSpell, "target creature has base power and toughness 1/1 until end of turn", "{object} has base power and toughness {power/toughness} until end of turn"},
	{inSpell, "switch the power and toughness of target creature until end of turn", "switch the power and toughness of {object} until end of turn"},
	{inSpell, "draw a card", "draw {amount} cards"},
	{inSpell, "target player draws a card", "{player} draws {amount} cards"},
	{inSpell, "target opponent draws two cards", "{player} draws {amount} cards"},
	{inReplaceAction, "prevent damage", "prevent {event}"},
	{inReplaceAction, "prevent 2 of damage", "prevent {amount} of {event}"},
	{inReplaceAction, "double damage", "double {event}"},
	{inReplaceAction, "redirect damage to this", "redirect {event} to {target}"},
	{inLifeReplace, "double life_gained", "double {event}"},
	{inReplaceAction, "put a +1/+1 counter on this for each damage prevented this way", "put a {kind} counter on {object} for each damage prevented this way"},
	{inSpell, "prevent all combat damage that would be dealt this turn", "prevent all combat damage that would be dealt this turn"},
	{inActivated, "the next time a red source of your choice would deal damage to you this turn prevent that damage", "the next time {sources} of your choice would deal damage to you this turn prevent that damage"},
	{inEnters, "with X +1/+1 counters", "with {amount} {kind} counters"},

	// The stack (issue 20, 20C).
	{inSpell, "counter target noncreature spell", "counter {spell}"},
	{inSpell, "copy target instant or sorcery spell", "copy {spell}"},
	{inSpell, "copy target spell and you may choose new targets for the copy", "copy {spell} and you may choose new targets for the copy"},
	{inSpell, "each other player copies target spell and each of those players may choose new targets for their copy", "each other player copies {spell} and each of those players may choose new targets for their copy"},
	{inSpell, "target opponent takes an extra turn after this one", "{player} takes an extra turn after this one"},
	{inEnters, "choosing a card name", "choosing a card name"},
	{inEnters, "choosing a basic land type", "choosing a basic land type"},
	{inChosenName, "creature has the chosen name", "{object} has the chosen name"},
	{inSpell, "search the library of target player for a card", "search the library of {player} for {objects}"},
	{inSpell, "target player chooses a card name", "{player} chooses a card name"},
	{inThatName, "card has that name", "{object} has that name"},
	{inStatic, "this spell can't be countered", "this spell can't be countered"},
	{inStatic, "creature spells you control can't be countered", "{spell} can't be countered"},
	{inTrigger, "whenever a spell an opponent controls is countered", "{spell} is countered"},
	{inTrigger, "whenever an opponent copies a spell", "{player} copies {spell}"},
	// Issue 22A: combat, untapping and the rules of the game for players.
	{inSpell, "target creature can't block this turn", "{object} can't block this turn"},
	{inSpell, "target creature can't be blocked this turn", "{object} can't be blocked this turn"},
	{inSpell, "target creature an opponent controls attacks you this turn if able", "{object} attacks you this turn if able"},
	{inSpell, "target creature doesn't untap during its controller's next untap step", "{object} doesn't untap during its controller's next untap step"},
	{inSpell, "tap all creatures an opponent controls", "tap all {objects}"},
	{inSpell, "tap all creatures target player controls and those creatures don't untap during that player's next untap step", "tap all creatures {player} controls and those creatures don't untap during that player's next untap step"},
	{inSpell, "each Wolf tapped this way deals damage equal to its power to target creature", "each {objects} tapped this way deals damage equal to its power to {target}"},
	{inSpell, "target creature deals damage equal to its power divided as its controller chooses among any number of those Wolves", "{source} deals damage equal to its power divided as its controller chooses among any number of those {objects}"},
	{inSpell, "destroy target creature and it can't be regenerated", "destroy {object} and it can't be regenerated"},
	{inSpell, "destroy all creatures and they can't be regenerated", "destroy all {objects} and they can't be regenerated"},
	{inSpell, "target creature can't be regenerated this turn", "{object} can't be regenerated this turn"},
	{inSpell, "a creature dealt damage this way can't be regenerated this turn", "a {objects} dealt damage this way can't be regenerated this turn"},
	{inSpell, "a green creature you control dealt damage this way can't be regenerated this turn", "a {objects} dealt damage this way can't be regenerated this turn"},
	{inSpell, "your opponents can't cast spells this turn", "your opponents can't cast spells this turn"},
	{inStatic, "this can't block", "{object} can't block"},
	{inStatic, "this can't attack or block alone", "{object} can't attack or block alone"},
	{inStatic, "this can't be blocked", "{object} can't be blocked"},
	{inStatic, "this can't be blocked except by black creatures", "{object} can't be blocked except by {blockers}"},
	{inStatic, "this can't attack unless defending player controls an Island", "{object} can't attack unless defending player controls {permanents}"},
	{inStatic, "this attacks each combat if able", "{object} attacks each combat if able"},
	{inStatic, "this blocks each combat if able", "{object} blocks each combat if able"},
	{inStatic, "all creatures able to block this do so", "all creatures able to block {object} do so"},
	{inStatic, "this can block any number of creatures", "{object} can block any number of creatures"},
	{inStatic, "this can't be blocked by more than one creature", "{object} can't be blocked by more than one creature"},
	{inStatic, "this can't be blocked except by two or more creatures", "{object} can't be blocked except by two or more creatures"},
	{inStatic, "this can block an additional creature each combat", "{object} can block an additional creature each combat"},
	{inStatic, "this can't block more than one creature", "{object} can't block more than one creature"},
	{inStatic, "this doesn't untap during its controller's untap step", "{object} doesn't untap during its controller's untap step"},
	{inStatic, "activated abilities of this can't be activated", "activated abilities of {object} can't be activated"},
	{inStatic, "activated abilities of artifacts you control can't be activated unless they're mana abilities", "activated abilities of {object} can't be activated unless they're mana abilities"},
	{inStatic, "you can't lose the game and your opponents can't win the game", "you can't lose the game and your opponents can't win the game"},
	{inStatic, "you can't lose the game", "you can't lose the game"},
	{inStatic, "your opponents can't win the game", "your opponents can't win the game"},
	{inTrigger, "whenever this becomes the target of a spell or ability", "{target} becomes the target of a spell or ability"},
	{inTrigger, "whenever a creature you control becomes the target of a spell", "{target} becomes the target of a spell"},
	// Issue 21: mana of a choice, lands that enter tapped, tokens.
	{inActivated, "add {B} or {R}", "add {first} or {second}"},
	{inActivated, "you adds {W} or {U}", "{player} adds {first} or {second}"},
	{inEnters, "tapped", "tapped"},
	{inStatic, "spend only black mana on X", "spend only {color} mana on X"},
	{inIntervening, "creature is tapped", "{object} is tapped"},
	{inEntersIf, "this is untapped", "{object} is untapped"},
	{inEntersIf, "you control a Swamp", "{player} controls {objects}"},
	{inEntersIf, "this ability has been activated four or more times this turn", "this ability has been activated {amount} or more times this turn"},
	{inTrigger, "at the beginning of each player's draw step", "the beginning of each player's {step}"},
	{inTrigger, "at the beginning of the upkeep of enchanted creature's controller", "the beginning of the {step} of enchanted creature's controller"},
	{inSpell, "target player draws an additional card", "{player} draws an additional card"},
	{inActivated, "gain the number of times this ability has been activated this turn life", "gain {amount} life"},
	{inActivated, "add {G} for each Elf you control", "add {mana} for each {amount}"},
	{inActivated, "add an amount of {G} equal to the number of Elves you control", "add an amount of {mana} equal to {amount}"},
	{inEnters, "tapped unless you control a Swamp or a Mountain", "tapped unless you control {first} or {second}"},
	{inSpell, "create a 3/4 colorless Gargoyle artifact creature token with flying", "create {amount} {power/toughness} colorless {subtype} artifact creature tokens with {keyword}"},
	{inSpell, "target player creates two 1/1 colorless Thopter artifact creature tokens with flying", "{player} creates {amount} {power/toughness} colorless {subtype} artifact creature tokens with {keyword}"},
	{inSpell, "create a 2/2 black Zombie creature token with `when this dies { gain 1 life }`", "create {amount} {power/toughness} {color} {subtype} creature tokens with {ability}"},
	{inSpell, "target player creates a 2/2 black Zombie creature token with `when this dies { gain 1 life }`", "{player} creates {amount} {power/toughness} {color} {subtype} creature tokens with {ability}"},

	// Events: damage.
	{inReplace, "damage to this", "damage to {target}"},
	{inReplace, "damage", "damage"},
	{inReplace, "all damage", "all damage"},
	{inReplace, "damage would be dealt to a creature you control", "damage would be dealt to {target}"},
	{inReplace, "noncombat damage would be dealt to a creature you control", "noncombat damage would be dealt to {target}"},
	{inTrigger, "whenever damage dealt by this", "damage dealt by {source}"},
	{inReplace, "damage that would be dealt by a red creature", "damage that would be dealt by {source}"},
	{inReplace, "a source would deal damage to a permanent or player", "a source would deal damage to a permanent or player"},
	{inReplace, "a source an opponent controls would deal damage to you", "{source} would deal damage to {target}"},
	{inReplace, "damage would be dealt to you or another permanent you control", "damage would be dealt to you or another permanent you control"},
	{inTrigger, "whenever damage dealt to you by another creature", "damage dealt to {target} by {source}"},
	{inTrigger, "whenever this deals damage", "{source} deals damage"},
	{inTrigger, "whenever a creature deals damage to you", "{source} deals damage to {target}"},
	{inTrigger, "whenever this deals combat damage", "{source} deals combat damage"},
	{inTrigger, "whenever this deals combat damage to a player", "{source} deals combat damage to {target}"},
	{inTrigger, "whenever this is dealt damage", "{target} is dealt damage"},
	// Events: counters.
	{inTrigger, "whenever a +1/+1 counter is put on this", "a {kind} counter is put on {object}"},
	{inTrigger, "whenever one or more -1/-1 counters are put on a creature you control", "one or more {kind} counters are put on {object}"},
	{inTrigger, "whenever a counter is put on this", "a counter is put on {object}"},
	{inTrigger, "whenever one or more counters are put on another creature", "one or more counters are put on {object}"},
	{inTrigger, "whenever a +1/+1 counter is removed from this", "a {kind} counter is removed from {object}"},
	{inTrigger, "whenever one or more charge counters are removed from an artifact", "one or more {kind} counters are removed from {object}"},
	{inTrigger, "whenever a counter is removed from this", "a counter is removed from {object}"},
	{inTrigger, "whenever one or more counters are removed from this", "one or more counters are removed from {object}"},
	{inReplace, "one or more +1/+1 counters would be put on a creature you control", "one or more {kind} counters would be put on {object}"},
	{inReplace, "one or more counters would be put on an artifact or creature you control", "one or more counters would be put on {object}"},
	{inReplace, "an effect would put one or more counters on a permanent you control", "an effect would put one or more counters on {object}"},
	{inReplace, "counters put on a creature you control", "counters put on {object}"},
	{inReplace, "-1/-1 counters put on an artifact or creature or land", "{kind} counters put on {object}"},
	{inCounterReplace, "double counter_put", "double {event}"},
	{inCounterReplace, "double the +1/+1 counters of counter_put", "double the {kind} counters of {event}"},
	{inCounterReplace, "add 1 +1/+1 counters to counter_put", "add {amount} {kind} counters to {event}"},
	{inCounterReplace, "add 1 to counter_put", "add {amount} to {event}"},
	{inSpell, "double the number of +1/+1 counters on each creature you control", "double the number of {kind} counters on each {objects}"},
	// Events and actions: tokens.
	{inReplace, "an effect would create one or more tokens under your control", "an effect would create one or more tokens under your control"},
	{inReplace, "an opponent would create one or more tokens", "{player} would create one or more tokens"},
	{inTokenReplace, "double tokens_created", "double {event}"},
	// Events: destruction, zones, combat, life, steps, prevention, spells.
	{inTrigger, "whenever a creature regenerates", "{object} regenerates"},
	{inReplace, "this would be destroyed", "{object} would be destroyed"},
	{inTrigger, "when this enters", "{object} enters"},
	{inTrigger, "whenever another creature enters the battlefield", "{object} enters the battlefield"},
	{inReplace, "a creature an opponent controls would enter the battlefield", "{object} would enter the battlefield"},
	{inTrigger, "whenever a nontoken creature you control dies", "{object} dies"},
	{inTrigger, "when this leaves the battlefield", "{object} leaves the battlefield"},
	{inTrigger, "whenever a creature is put into a graveyard from the battlefield", "{object} is put into a graveyard from the battlefield"},
	{inReplace, "this would be put into a graveyard from anywhere", "{object} would be put into a graveyard from anywhere"},
	{inReplace, "a card would be put into an opponent's graveyard from anywhere", "{object} would be put into an opponent's graveyard from anywhere"},
	{inTrigger, "when this is put into a graveyard from anywhere", "{object} is put into a graveyard from anywhere"},
	{inTrigger, "whenever a creature you control attacks", "{attacker} attacks"},
	{inTrigger, "whenever this blocks a creature", "{blocker} blocks {attacker}"},
	{inTrigger, "whenever this becomes blocked by a creature", "{attacker} becomes blocked by {blocker}"},
	{inTrigger, "whenever this blocks or becomes blocked by a creature", "{blocker} blocks or becomes blocked by {attacker}"},
	{inTrigger, "whenever an opponent gains life", "{player} gains life"},
	{inReplace, "you would gain life", "{player} would gain life"},
	{inDelayed, "the beginning of the next end step", "the beginning of the next {step}"},
	{inTrigger, "at the beginning of each upkeep", "the beginning of each {step}"},
	{inTrigger, "at the beginning of the declare blockers step", "the beginning of the {step}"},
	{inTrigger, "at the beginning of your precombat main phase", "the beginning of your {step}"},
	{inTrigger, "whenever damage that would be dealt to this is prevented", "damage that would be dealt to {target} is prevented"},
	{inTrigger, "whenever damage that would be dealt by this is prevented", "damage that would be dealt by {source} is prevented"},
	{inTrigger, "whenever a player loses life", "{player} loses life"},
	{inTrigger, "whenever an opponent casts a spell", "{player} casts {spell}"},
	{inTrigger, "whenever you cast a creature spell", "{player} casts {spell}"},

	// Conditions of an intervening "if" (CR 603.4).
	{inIntervening, "creature had a -1/-1 counter on it", "{object} had a {kind} counter on it"},
	{inIntervening, "creature has a +1/+1 counter on it", "{object} has a {kind} counter on it"},
	{inIntervening, "creature had no -1/-1 counters on it", "{object} had no {kind} counters on it"},
	{inEntersIf, "tribute wasn't paid", "tribute wasn't paid"},
	// Issue 22B: conditions of continuous effects.
	{inAsLongAs, "the top card of your library is black", "the top card of your library is {color}"},
	{inIntervening, "creature has no +1/+1 counters on it", "{object} has no {kind} counters on it"},

	// Rules.
	{inStatic, "damage dealt by this can't be prevented", "{event} can't be prevented"},
	{inStatic, "no counters put on an artifact or creature or enchantment or land", "no {event}"},
	{inStatic, "creatures entering the battlefield don't cause abilities to trigger", "{event} don't cause abilities to trigger"},
	{inTrigger, "when you cast this spell", "you cast this spell"},
	{inTrigger, "whenever creatures entering the battlefield", "creatures entering the battlefield"},
	{inStatic, "your life total can't change", "your life total can't change"},
	{inStatic, "players can't gain life", "{player} can't gain life"},
	{inStatic, "damage can't be prevented", "{event} can't be prevented"},
	{inStatic, "all damage is dealt as though its source had wither", "{event} is dealt as though its source had wither"},
	{inStatic, "players can't get counters", "{player} can't get counters"},
	{inStatic, "you can't get poison counters", "you can't get {kind} counters"},
	{inStatic, "creatures an opponent controls lose infect", "{object} lose {keyword}"},
	{inStatic, "enchanted creature loses all abilities", "{object} lose all abilities"},
	{inStatic, "cards in graveyards lose all abilities", "{object} lose all abilities"},
	{inStatic, "you control enchanted creature", "you control {object}"},
	{inEnters, "with tribute 2", "with tribute {amount}"},
	{inActivated, "sacrifice this unless you pay {1} for each age counter on it", "sacrifice {object} unless you pay {mana} for each {kind} counter on it"},
	{inSpell, "target creature becomes a copy of target creature until end of turn", "{object} becomes a copy of {original} until end of turn"},
	{inStatic, "permanents are artifacts in addition to their other types", "{object} are {type} in addition to their other types"},
	{inStatic, "enchanted creature is an artifact in addition to its other types", "{object} is {type} in addition to its other types"},
	{inSpell, "gain life equal to the number of creatures you control", "gain life equal to {amount}"},
	{inSpell, "gain life equal to the number of other creatures you control", "gain life equal to {amount}"},
	{inSpell, "target player gains life equal to 3", "{player} gains life equal to {amount}"},
	{inSpell, "deal damage equal to the number of creatures you control to any target", "deal damage equal to {amount} to {target}"},
	{inSpell, "this deals damage equal to 2 to any target", "{source} deals damage equal to {amount} to {target}"},
	{inSpell, "deal damage to target creature equal to the number of Mountains you control", "deal damage to {target} equal to {amount}"},
	{inSpell, "this deals damage to target creature equal to X", "{source} deals damage to {target} equal to {amount}"},
	{inCDA, "power and toughness of this are each equal to the number of creatures you control", "power and toughness of {object} are each equal to {amount}"},
	{inSpell, "create three 1/1 white Spirit creature tokens with flying", "create {amount} {power/toughness} {color} {subtype} creature tokens with {keyword}"},
	{inSpell, "target player creates a 2/2 black Zombie creature token with deathtouch", "{player} creates {amount} {power/toughness} {color} {subtype} creature tokens with {keyword}"},
	{inChosen, "nonland permanents are the chosen color", "{object} are the chosen color"},
	{inChosen, "this is the chosen color", "{object} is the chosen color"},
	{inChosenLandType, "enchanted land is the chosen type", "{object} is the chosen type"},
	{inStatic, "cards that aren't on the battlefield, spells, and permanents are colorless", "{object} are colorless"},
	{inStatic, "enchanted creature is colorless", "{object} is colorless"},
	{inStatic, "players may spend mana as though it were mana of any color", "{player} may spend mana as though it were mana of any color"},
	{inSpell, "gain control of target creature until end of turn", "gain control of {object} until end of turn"},
	{inStatic, "if this is in your opening hand you may begin the game with it on the battlefield", "if {object} is in your opening hand you may begin the game with it on the battlefield"},
	{inSpell, "target player gets 2 poison counters", "{player} gets {amount} {kind} counters"},
	{inTrigger, "whenever a player gets one or more counters", "{player} gets one or more counters"},
	{inReplace, "you would get one or more counters", "{player} would get one or more counters"},
	{inGivenReplace, "add 1 to counters_given", "add {amount} to {event}"},

	// Effects.
	{inStatic, "other creatures you control get +1/+1", "{object} gets {power/toughness}"},
	{inStatic, "this has flying", "{object} has {keyword}"},
	{inStatic, "green creatures have reach", "{object} have {keyword}"},
	{inStatic, "this has `whenever this attacks { gain 1 life }`", "{object} has {ability}"},
	{inStatic, "creatures you control have `whenever this attacks { gain 1 life }`", "{object} have {ability}"},
	{inStatic, "this can't attack or block", "{object} can't attack or block"},
	{inCDA, "power and toughness of this are each equal to you.cards_in_hand", "power and toughness of {object} are each equal to {amount}"},
	{inStatic, "enchanted creature has base power and toughness 0/2", "{object} has base power and toughness {power/toughness}"},
	{inStatic, "creatures an opponent controls have base power and toughness 1/1", "{object} have base power and toughness {power/toughness}"},
	{inStatic, "this spell costs {1} more to cast for each target beyond the first", "this spell costs {mana} more to cast for each target beyond the first"},
	{inStatic, "a deck can have any number of cards named this", "a deck can have any number of cards named {object}"},

	// Activated abilities: mana, costs.
	{inActivated, "add {G}{G}", "add {mana}"},
	{inActivated, "you adds {C}", "{player} adds {mana}"},
	{inActivated, "you adds an additional {G}", "{player} adds an additional {mana}"},
	{inActivated, "add one mana of any color", "add {amount} mana of any color"},
	{inActivated, "you adds two mana of any color", "{player} adds {amount} mana of any color"},
	{inActivated, "add one mana of any type that a land you control could produce", "add {amount} mana of any type that {sources} could produce"},
	{inActivated, "add one mana of any color that a land an opponent controls could produce", "add {amount} mana of any color that {sources} could produce"},
	{inActivated, "tap target creature", "tap {object}"},
	{inActivated, "return target creature card with mana value 3 or less from your graveyard to the battlefield", "return {object} to the battlefield"},
	{inActivated, "untap target land", "untap {object}"},
	{inActivated, "attach this to target creature you control", "attach {object} to {target}"},
	{inSpell, "shuffle target creature into its owner's library", "shuffle {object} into its owner's library"},
	{inActivated, "reveal this and shuffle it into its owner's library", "reveal {object} and shuffle it into its owner's library"},
	{inSpell, "exile target creature", "exile {object}"},
	{inSpell, "return target creature card from your graveyard to the battlefield under its owner's control with a -1/-1 counter on it", "return {object} to the battlefield under its owner's control with a {kind} counter on it"},
	{inSpell, "exile all cards from all graveyards", "exile all cards from all graveyards"},
	// Several targets, divided damage (issue 21A).
	{inSpell, "choose target nonland permanent you control and up to two target nonland permanents you don't control", "choose {targets}"},
	{inSpell, "destroy one of target creature and target artifact at random", "destroy one of {targets} at random"},
	{inSpell, "deal 3 damage divided as you choose among one, two, or three target white and/or blue creatures", "deal {amount} damage divided as you choose among {targets}"},
	{inSpell, "this deals 5 damage divided as you choose among any number of targets", "{source} deals {amount} damage divided as you choose among {targets}"},
	{inSpell, "deal X damage divided evenly rounded down among any number of targets", "deal {amount} damage divided evenly rounded down among {targets}"},
	{inSpell, "deal X damage to each creature with flying", "deal {amount} damage to each {objects}"},
	{inSpell, "this deals 1 damage to each creature without flying", "{source} deals {amount} damage to each {objects}"},
	{inSpell, "return all creature cards from your graveyard to the battlefield", "return all {objects} to the battlefield"},
	{inSpell, "return all artifact or enchantment cards from all graveyards to the battlefield under the control of their owners", "return all {objects} to the battlefield under the control of their owners"},
	{inSpell, "return target creature card from your graveyard to the battlefield under its owner's control", "return {object} to the battlefield under its owner's control"},
	{inSpell, "return target creature card in a graveyard to the battlefield under your control", "return {object} to the battlefield under your control"},
	{inSpell, "put target creature card in a graveyard onto the battlefield under your control", "put {object} onto the battlefield under your control"},
	{inSpell, "put target creature card in a graveyard onto the battlefield", "put {object} onto the battlefield"},
	{inSpell, "put a +1/+1 counter on each creature you control", "put {amount} {kind} counters on each {objects}"},
	{inManaTrigger, "p adds one mana of any type that land produced", "{player} adds {amount} mana of any type that land produced"},
	{inManaTrigger, "p gains 1 life; add one mana of any type that land produced", "add {amount} mana of any type that land produced"},
	{inActivated, "sacrifice this unless you sacrifice a creature", "sacrifice {object} unless {player} sacrifices {cost}"},
	{inChosenMana, "p adds an additional one mana of the chosen color", "{player} adds an additional {amount} mana of the chosen color"},
	{inChosenMana, "p gains 1 life; add two mana of the chosen color", "add {amount} mana of the chosen color"},
	{inManaReplace, "double mana_produced", "double {event}"},
	{inManaReplace, "change the mana of mana_produced to {B}", "change the mana of {event} to {mana}"},
	{inCost, "sacrifice this", "sacrifice {object}"},
	{inCost, "pay 2 life", "pay {amount} life"},
	{inActivated, "you may move a +1/+1 counter from this onto target creature", "{player} may move a {kind} counter from {from} onto {to}"},
	{inCost, "remove two +1/+1 counters from among creatures you control", "remove {amount} {kind} counters from among {objects}"},
	{inTrigger, "whenever a player taps a land for mana", "{player} taps {source} for mana"},
	{inTrigger, "whenever a Forest is tapped for mana", "{source} is tapped for mana"},
	{inTrigger, "whenever enchanted land is tapped for mana", "{source} is tapped for mana"},
	// Protection.
	{inSpell, "target creature gains protection from black until end of turn", "{object} gains {keyword} until end of turn"},
	{inSpell, "target creature you control gains protection from the color of your choice until end of turn", "{object} gains protection from the color of your choice until end of turn"},
	{inSpell, "target creature gains protection from artifacts or from the color of your choice until end of turn", "{object} gains protection from artifacts or from the color of your choice until end of turn"},
	{inSpell, "the life total of target player becomes 10", "the life total of {player} becomes {amount}"},
	{inSpell, "scry 1", "scry {amount}"},
	{inSpell, "target player scries two", "{player} scries {amount}"},
	// Attacks, optional costs, tokens.
	{inTrigger, "whenever you attack", "{player} attack"},
	{inSpell, "you may pay {2} and sacrifice an Aura attached to this", "{player} may pay {mana} and sacrifice {object}"},
	{inReflexive, "you do", "{player} do"},
	{inReflexive, "you sacrifice an Aura this way", "{player} sacrifice {object} this way"},
	{inSpell, "create a token that's a copy of target enchantment attached to target creature", "create a token that's a copy of {original} attached to {host}"},
	{inEnters, "as a copy of a creature", "as a copy of {objects}"},
	{inEnters, "as a copy of an artifact or creature except it's an artifact in addition to its other types", "as a copy of {objects} except it's {type} in addition to its other types"},
	{inEnters, "as a copy of an artifact except it's a creature in addition to its other types", "as a copy of {objects} except it's {type} in addition to its other types"},
	{inSpell, "create two 1/1 red Goblin creature tokens", "create {amount} {power/toughness} {color} {subtype} creature tokens"},
	{inSpell, "create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this", "create a {power/toughness} colorless {subtype} artifact creature token with {keyword} for each {kind} counter on {object}"},
	{inSpell, "target player creates a 2/2 green Bear creature token", "{player} creates {amount} {power/toughness} {color} {subtype} creature tokens"},
	// As-enters choices, and what reads them.
	{inEnters, "choosing a color", "choosing a color"},
	{inChosen, "this has protection from the chosen color", "{object} has protection from the chosen color"},
	{inChosen, "this has protection from the chosen color without removing this", "{object} has protection from the chosen color without removing this"},
	// Players and hands (issue 20A).
	{inTrigger, "whenever an opponent draws a card", "{player} draws a card"},
	{inTrigger, "whenever an opponent discards a card", "{player} discards {object}"},
	{inTrigger, "whenever a player reveals their hand", "{player} reveals their hand"},
	{inSpell, "lose life equal to X", "lose life equal to {amount}"},
	{inSpell, "each opponent loses life equal to X", "{player} loses life equal to {amount}"},
	{inSpell, "discard a card", "discard {amount} cards"},
	{inSpell, "target player discards two cards", "{player} discards {amount} cards"},
	{inSpell, "discard two cards at random", "discard {amount} cards at random"},
	{inSpell, "each player discards three cards at random", "{player} discards {amount} cards at random"},
	{inSpell, "target opponent reveals their hand and you choose a noncreature nonland card from it and that player discards that card", "{player} reveals their hand and you choose {objects} from it and that player discards that card"},
	{inSpell, "each opponent sacrifices a land", "{player} sacrifices {objects}"},
	{inSpell, "sacrifice a creature other than this", "sacrifice {objects}"},
	{inReplaceAction, "redirect damage to you", "redirect {event} to {player}"},
	{inStatic, "players have no maximum hand size", "{player} have no maximum hand size"},
	{inStatic, "your maximum hand size is two", "your maximum hand size is {amount}"},
	{inStatic, "your opponents play with their hands revealed", "your {player} play with their hands revealed"},
	{inStatic, "players play with their hands revealed", "{player} play with their hands revealed"},
	// Libraries, graveyards and exile.
	{inTrigger, "whenever a player reveals a card", "{player} reveals {object}"},
	{inTrigger, "whenever a player shuffles their library", "{player} shuffles their library"},
	{inSpell, "search your library for a card as card; put card into your hand", "search your library for {objects}"},
	{inSpell, "search your library for a basic land card as land; put land onto the battlefield tapped", "search your library for {objects}"},
	{inSpell, "put target creature card from your graveyard onto the battlefield tapped", "put {object} onto the battlefield tapped"},
	{inSpell, "reveal target creature", "reveal {object}"},
	{inSpell, "reveal the top card of your library", "reveal the top card of your library"},
	{inSpell, "play target creature card from your graveyard without paying its mana cost", "play {object} without paying its mana cost"},
	{inSpell, "put a creature card from your hand onto the battlefield", "put {objects} from your hand onto the battlefield"},
	{inSpell, "return target creature to its owner's hand", "return {object} to its owner's hand"},
	{inSpell, "return target creature card from your graveyard to your hand", "return {object} to your hand"},
	{inSpell, "put target creature card from your graveyard into your hand", "put {object} into your hand"},
	{inSpell, "put target creature into its owner's hand", "put {object} into its owner's hand"},
	{inActivated, "return this from your graveyard to your hand", "return this from your graveyard to your hand"},
	{inSpell, "shuffle your library", "shuffle your library"},
	{inSpell, "target player shuffles their library", "{player} shuffles their library"},
	{inSpell, "put target creature on top of its owner's library", "put {object} on top of its owner's library"},
	{inSpell, "put target creature you control on top of your library", "put {object} on top of your library"},
	{inSpell, "put target creature on the bottom of its owner's library", "put {object} on the bottom of its owner's library"},
	{inSpell, "put target creature you control on the bottom of your library", "put {object} on the bottom of your library"},
	{inSpell, "target player puts the top five cards of their library into their graveyard", "{player} puts the top {amount} cards of their library into their graveyard"},
	{inSpell, "put the top two cards of your library into your graveyard", "put the top {amount} cards of your library into your graveyard"},
	{inSpell, "target player puts the top half of their library rounded down into their graveyard", "{player} puts the top half of their library rounded down into their graveyard"},
	{inSpell, "target opponent mills three cards", "{player} mills {amount} cards"},
	{inSpell, "mill X cards", "mill {amount} cards"},
	{inSpell, "look at the top four cards of your library then put them back in any order", "look at the top {amount} cards of your library then put them back in any order"},
	{inSpell, "put all creature cards from all graveyards onto the battlefield under your control", "put all {objects} onto the battlefield under your control"},
	{inSpell, "exile all nonbasic cards from the graveyard of target player", "exile all {objects} from the graveyard of {player}"},
	{inSpell, "search the library of target player for all cards with the same name as a card exiled this way and exile them", "search the library of {player} for all cards with the same name as a card exiled this way and exile them"},
	{inSpell, "choose up to seven exiled cards you own", "choose up to {amount} exiled cards you own"},
	{inSpell, "exile all the cards from your library", "exile all the cards from your library"},
	{inSpell, "put the chosen cards on top of your library", "put the chosen cards on top of your library"},
	{inSpell, "each player shuffles all permanents they own into their library then reveals that many cards from the top of their library", "each player shuffles all permanents they own into their library then reveals that many cards from the top of their library"},
	{inSpell, "each player puts all artifact creature and land cards revealed this way onto the battlefield then does the same for enchantment cards then puts all cards revealed this way that weren't put onto the battlefield on the bottom of their library", "each player puts all artifact creature and land cards revealed this way onto the battlefield then does the same for enchantment cards then puts all cards revealed this way that weren't put onto the battlefield on the bottom of their library"},
	// Mass effects as one event (issue 22B).
	{inSpell, "destroy all nonland permanents", "destroy all {objects}"},
	{inSpell, "destroy all enchantments", "destroy all {objects}"},
	{inSpell, "deal X damage to each creature without flying and each player", "deal {amount} damage to each {objects} and each player"},
	{inSpell, "this deals 3 damage to each creature and each player", "{source} deals {amount} damage to each {objects} and each player"},
	{inSpell, "creatures you control get +3/+3 and gain trample until end of turn", "{objects} get {power/toughness} and gain {keyword} until end of turn"},
	{inSpell, "creatures you control get +1/+1 until end of turn", "{objects} get {power/toughness} until end of turn"},
	{inSpell, "attacking creatures get +2/+0 until end of turn", "{objects} get {power/toughness} until end of turn"},
	{inSpell, "creatures you control gain haste until end of turn", "{objects} gain {keyword} until end of turn"},
	{inSpell, "put a +1/+1 counter on each creature you control and those creatures gain vigilance until end of turn", "put {amount} {kind} counters on each {objects} and those creatures gain {keyword} until end of turn"},
	{inSpell, "create a white Avatar creature token with `static power and toughness of this are each equal to you.life`", "create a {color} {subtype} creature token with {ability}"},
	{inSpell, "deal 10 damage to target player or planeswalker and each creature that player or that planeswalker's controller controls", "deal {amount} damage to {target} and each creature that player or that planeswalker's controller controls"},
	{inSpell, "prevent all damage that would be dealt to you and creatures you control this turn", "prevent all damage that would be dealt to you and creatures you control this turn"},
	{inStatic, "play with the top card of your library revealed", "play with the top card of your library revealed"},
	// Changing what a permanent is, redirection (issue 22B).
	{inSpell, "target creature is a black Zombie in addition to its other colors and types", "{object} is a {color} {subtype} in addition to its other colors and types"},
	{inSpell, "target Forest becomes a 4/5 green Treefolk creature that's still a land for as long as this remains on the battlefield", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] that's still a land for as long as this remains on the battlefield"},
	{inActivated, "this becomes a 2/2 creature with all creature types that's still a land until end of turn", "{object} becomes a {power/toughness} creature with all creature types that's still a land until end of turn"},
	{inSpell, "target land becomes a 3/3 creature that's still a land until end of turn", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] that's still a land until end of turn"},
	{inActivated, "this becomes a 1/1 Phyrexian Blinkmoth artifact creature with flying and infect that's still a land until end of turn", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] that's still a land until end of turn"},
	{inSpell, "target land becomes a 3/3 green Ape creature with trample until end of turn", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] until end of turn"},
	{inSpell, "target artifact becomes a 4/4 Golem artifact creature for as long as this remains on the battlefield", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] for as long as this remains on the battlefield"},
	{inSpell, "target land becomes a 2/2 creature that's still a land for as long as you control this", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] that's still a land for as long as you control this"},
	{inSpell, "target land becomes a 2/2 white and blue creature for as long as you control this", "{object} becomes a {power/toughness} [{color} [and {second_color}]] [{subtype} [{second_subtype}]] [{type}] creature [with {keyword} [and {second_keyword}]] for as long as you control this"},
	{inSpell, "the next 2 damage that a source of your choice would deal to you and/or permanents you control this turn is dealt to any target instead", "the next {amount} damage that {sources} of your choice would deal to you and/or permanents you control this turn is dealt to {target} instead"},
	{inSpell, "target player reveals cards from the top of their library until they reveal a creature card", "{player} reveals cards from the top of their library until they reveal a {type} card"},
	{inSpell, "the player puts that card onto the battlefield then shuffles all other cards revealed this way into their library", "the player puts that card onto the battlefield then shuffles all other cards revealed this way into their library"},
}

// unreachableTemplates are phrases of the vocabulary that no card text can
// read as: an earlier phrase reads every text they read.
var unreachableTemplates = map[string]string{}

// phraseCard builds the card a phrase case compiles.
func phraseCard(where, text string) string {
	const creature = "card \"Case\" {\n    cost {X}{G}\n    type Creature — Bear\n    pt 2/2\n    oracle \"\"\n    %s\n}\n"
	switch where {
	case inTrigger:
		return fmt.Sprintf(creature, text+" {\n        gain 1 life\n    }")
	case inReplace:
		return fmt.Sprintf(creature, "replace "+text+" {\n        gain 1 life\n    }")
	case inDelayed:
		return fmt.Sprintf(creature, "whenever this dies {\n        at "+text+" {\n            gain 1 life\n        }\n    }")
	case inStatic:
		return fmt.Sprintf(creature, "static "+text)
	case inCDA:
		return strings.Replace(fmt.Sprintf(creature, "static "+text), "pt 2/2", "pt */*", 1)
	case inEnters:
		return fmt.Sprintf(creature, "enters "+text)
	case inChosen:
		return fmt.Sprintf(creature, "enters choosing a color\n    static "+text)
	case inReplaceAction:
		return fmt.Sprintf(creature, "replace damage to this {\n        "+text+"\n    }")
	case inThatName:
		return "card \"Case\" {\n    cost {X}{R}\n    type Instant\n    oracle \"\"\n    spell {\n        search the library of target player as player for a card as card\n        player chooses a card name\n        if " + text + " {\n            gain 1 life\n        }\n    }\n}\n"
	case inSpell:
		return "card \"Case\" {\n    cost {X}{R}\n    type Instant\n    oracle \"\"\n    spell {\n        " + text + "\n    }\n}\n"
	case inActivated:
		return fmt.Sprintf(creature, "{T}: "+text)
	case inCost:
		return fmt.Sprintf(creature, "{1}, "+text+": gain 1 life")
	case inManaTrigger:
		return fmt.Sprintf(creature, "whenever a player as p taps a land for mana {\n        "+text+"\n    }")
	case inIntervening:
		return fmt.Sprintf(creature, "whenever a creature as creature dies, if "+text+" {\n        gain 1 life\n    }")
	case inEntersIf:
		return fmt.Sprintf(creature, "when this enters, if "+text+" {\n        gain 1 life\n    }")
	case inAsLongAs:
		return fmt.Sprintf(creature, "static as long as "+text+", this gets +1/+1")
	case inChosenLandType:
		return fmt.Sprintf(creature, "enters choosing a basic land type\n    static "+text)
	case inChosenName:
		return fmt.Sprintf(creature, "enters choosing a card name\n    whenever a creature as creature dies, if "+text+" {\n        gain 1 life\n    }")
	case inChosenMana:
		return fmt.Sprintf(creature, "enters choosing a color\n    whenever a player as p taps a land for mana {\n        "+text+"\n    }")
	case inManaReplace:
		return fmt.Sprintf(creature, "replace you tap a permanent for mana {\n        "+text+"\n    }")
	case inLifeReplace:
		return fmt.Sprintf(creature, "replace you would gain life {\n        "+text+"\n    }")
	case inCounterReplace:
		return fmt.Sprintf(creature, "replace one or more counters would be put on this {\n        "+text+"\n    }")
	case inTokenReplace:
		return fmt.Sprintf(creature, "replace you would create one or more tokens {\n        "+text+"\n    }")
	case inGivenReplace:
		return fmt.Sprintf(creature, "replace you would get one or more counters {\n        "+text+"\n    }")
	case inReflexive:
		return fmt.Sprintf(creature, "whenever you attack {\n        you may pay {2} and sacrifice a creature\n        when "+text+" {\n            gain 1 life\n        }\n    }")
	}
	panic("unknown place " + where)
}

// casePhrase finds the phrase a case is about in its parsed card, with the
// mode it is matched in and the scope it is matched in.
func casePhrase(t *testing.T, where string, card *dsl.Card) (*dsl.Phrase, vocab.Mode, testScope) {
	t.Helper()
	sc := newTestScope()
	for _, it := range card.Items {
		switch it := it.(type) {
		case *dsl.TriggerAbility:
			switch where {
			case inDelayed:
				return it.Body.Stmts[0].(*dsl.AtStmt).Phrase, vocab.ModePattern, sc
			case inReflexive:
				return it.Body.Stmts[1].(*dsl.WhenStmt).Phrase, vocab.ModePattern, sc
			case inIntervening, inChosenName:
				sc["creature"] = vocab.Type{Kind: vocab.KObject}
				return it.If, vocab.ModeCondition, sc
			case inEntersIf:
				return it.If, vocab.ModeCondition, sc
			case inManaTrigger, inChosenMana:
				sc["p"] = vocab.Type{Kind: vocab.KPlayer}
				stmts := it.Body.Stmts
				return stmts[len(stmts)-1].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			}
			return it.Phrase, vocab.ModePattern, sc
		case *dsl.ActivatedAbility:
			if where == inCost {
				return it.Costs[1].Phrase, vocab.ModeAction, sc
			}
			return it.Effect, vocab.ModeAction, sc
		case *dsl.ReplaceAbility:
			switch where {
			case inReplaceAction:
				sc["damage"] = vocab.Type{Kind: vocab.KEvent, Event: "damage"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			case inManaReplace:
				sc["mana_produced"] = vocab.Type{Kind: vocab.KEvent, Event: "mana_produced"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			case inLifeReplace:
				sc["life_gained"] = vocab.Type{Kind: vocab.KEvent, Event: "life_gained"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			case inCounterReplace:
				sc["counter_put"] = vocab.Type{Kind: vocab.KEvent, Event: "counter_put"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			case inTokenReplace:
				sc["tokens_created"] = vocab.Type{Kind: vocab.KEvent, Event: "tokens_created"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			case inGivenReplace:
				sc["counters_given"] = vocab.Type{Kind: vocab.KEvent, Event: "counters_given"}
				return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
			}
			return it.Phrase, vocab.ModePattern, sc
		case *dsl.StaticAbility:
			if where == inAsLongAs {
				return it.If, vocab.ModeCondition, sc
			}
			return it.Phrase, vocab.ModeRule, sc
		case *dsl.EntersAbility:
			if where == inChosen || where == inChosenMana || where == inChosenName || where == inChosenLandType {
				continue // the choice the static ability reads
			}
			return it.Phrase, vocab.ModeAction, sc
		case *dsl.SpellAbility:
			if where == inThatName {
				sc["card"] = vocab.Type{Kind: vocab.KObject}
				return it.Body.Stmts[2].(*dsl.IfStmt).Phrase, vocab.ModeCondition, sc
			}
			return it.Body.Stmts[0].(*dsl.ActionStmt).Phrase, vocab.ModeAction, sc
		}
	}
	t.Fatal("the card has no ability")
	return nil, 0, nil
}

// TestPhrases compiles a small card for each phrase of the vocabulary and
// checks that it compiles without a diagnostic and that its phrase reads as
// the intended phrase of the vocabulary (among the alternatives of the same
// shape, or the readings of other owners); and that every phrase of the vocabulary is read by some case.
func TestPhrases(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	covered := map[string]bool{} // the phrases some case reads as
	for _, c := range phraseCases {
		t.Run(c.text, func(t *testing.T) {
			src := phraseCard(c.where, c.text)
			file, diags := parser.ParseString("case.card", src)
			require.Empty(t, diags, "parse:\n%s", src)
			_, diags = compiler.CompileWith(v, []*dsl.File{file})
			require.Empty(t, diags, "compile:\n%s", src)

			ph, mode, sc := casePhrase(t, c.where, file.Decls[0].(*dsl.Card))
			pat, m := v.Match(ph.Parts, mode, sc, nil)
			require.Nil(t, m)
			var texts []string
			// A phrase of several owners reads as the one that fits where
			// it is (compiler: `sacrifice a creature` in a body), which the
			// card compiled without a diagnostic proves.
			for _, alt := range append(pat.Alts, pat.Others...) {
				texts = append(texts, alt.Template.Text)
				covered[alt.Template.Text] = true
				for _, arg := range alt.Args {
					if arg.Kind == vocab.ArgQuery { // a query's phrase in a number slot
						covered[arg.Pattern.Alts[0].Template.Text] = true
					}
				}
			}
			require.Contains(t, texts, c.template, "%q reads as %s", c.text, strings.Join(texts, " | "))
		})
	}

	var all []*vocab.Template
	for _, e := range v.Events() {
		all = append(all, e.Templates...)
	}
	for _, f := range v.Funcs() {
		all = append(all, f.Templates()...)
	}
	for _, r := range v.Rules() {
		all = append(all, r.Templates...)
	}
	for _, tmpl := range all {
		if _, ok := unreachableTemplates[tmpl.Text]; ok {
			continue
		}
		if !covered[tmpl.Text] {
			t.Errorf("no case of phraseCases reads as the phrase %q of %s", tmpl.Text, tmpl.Owner())
		}
	}
}
