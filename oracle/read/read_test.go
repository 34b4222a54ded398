package read_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/oracle/read"
	"github.com/cardc/cardc/vocab"
)

func standard(t *testing.T) *vocab.Vocab {
	t.Helper()
	v, err := vocab.Standard()
	require.NoError(t, err)
	return v
}

// creature, artifact... are cards of those types.
func creature(name string, subtypes ...string) read.Card {
	return read.Card{Name: name, Types: []string{"creature"}, Subtypes: subtypes}
}

func of(name string, types ...string) read.Card { return read.Card{Name: name, Types: types} }

// keys are the keys of a reading's abilities, one a line.
func keys(r *read.Reading) string {
	var out []string
	for _, a := range r.Abilities {
		out = append(out, a.Key())
	}
	return strings.Join(out, "\n")
}

// TestReadings reads paragraphs of every form and checks what they mean,
// as canonical keys: the phrase of the vocabulary each part read as, and
// canonical values (targets, the fields of the event, loops, counts).
func TestReadings(t *testing.T) {
	v := standard(t)
	for _, tc := range []struct {
		name string
		card read.Card
		text string
		want string
	}{
		{"keywords", creature("Bird"), "Flying, first strike (reminder.)", "keyword flying\nkeyword first strike"},
		{"a keyword with its number", creature("Sages"), "Graft 4 (This creature enters the battlefield with four +1/+1 counters on it.)", "keyword graft 4"},
		{"equip", of("Flail", "artifact"), "Equip {2}", "keyword equip {2}"},
		{"enchant", of("Sprawl", "enchantment"), "Enchant Forest", "keyword enchant enchant:forest"},
		{"reminder text alone reads inside", of("Forest", "land"), "({T}: Add {G}.)", "activated cost {T}+ {action:add_mana(mana=mana:{G},player=you)}"},
		{"the card's name, and 'that creature' a field of the event", creature("Engulfing Slagwurm"),
			"Whenever Engulfing Slagwurm blocks or becomes blocked by a creature, destroy that creature. You gain life equal to that creature's toughness.",
			"triggered on event:block(attacker=a [creature],blocker=this) {action:destroy(object=event.attacker);action:gain_life(amount=event.attacker.toughness,player=you)}"},
		{"a target, then 'that creature' and 'it'", of("Act of Treason", "sorcery"),
			"Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
			"spell {action:gain_control_until_end_of_turn(object=target:target [creature]);action:untap(object=target.1);action:gain_keyword_until_end_of_turn(keyword=keyword:haste,object=target.1)}"},
		{"a subject and an end shared by two clauses", of("Kindled Fury", "instant"), "Target creature gets +1/+0 and gains first strike until end of turn.",
			"spell {action:boost_until_end_of_turn(object=target:target [creature],power=1,toughness=0);action:gain_keyword_until_end_of_turn(keyword=keyword:first strike,object=target.1)}"},
		{"a clause that leaves out its beginning", creature("Goblin Artillery"), "{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.",
			"activated cost {T}+ {action:deal_damage(amount=2,source=this,target=target:any []);action:deal_damage(amount=3,source=this,target=you)}"},
		{"for each as a count", of("Bountiful Harvest", "sorcery"), "You gain 1 life for each land you control.",
			"spell {action:gain_life(amount=count( [land] control=you),player=you)}"},
		{"X, where X is", of("Tendrils of Corruption", "instant"), "Tendrils of Corruption deals X damage to target creature and you gain X life, where X is the number of Swamps you control.",
			"spell {action:deal_damage(amount=count( [swamp] control=you),source=this,target=target:target [creature]);action:gain_life(amount=count( [swamp] control=you),player=you)}"},
		{"+X/+0, X paid in the cost", creature("Firebreathing Whelp"), "{X}{R}: Firebreathing Whelp gets +X/+0 until end of turn.",
			"activated cost {X}{R}+ {action:boost_until_end_of_turn(object=this,power=X,toughness=0)}"},
		{"-X/-X, X paid in the cost", of("Withering Touch", "instant"), "Target creature gets -X/-X until end of turn.",
			"spell {action:boost_until_end_of_turn(object=target:target [creature],power=-X,toughness=-X)}"},
		{"+X/+X, where X is", of("Pack Surge", "instant"), "Target creature gets +X/+X until end of turn, where X is the number of creatures you control.",
			"spell {action:boost_until_end_of_turn(object=target:target [creature],power=count( [creature] control=you),toughness=count( [creature] control=you))}"},
		{"-X/-0, where X is", of("Pack Sap", "instant"), "Target creature gets -X/-0 until end of turn, where X is the number of creatures you control.",
			"spell {action:boost_until_end_of_turn(object=target:target [creature],power=-(count( [creature] control=you)),toughness=0)}"},
		{"a static +X/+X, where X is", of("Pack Mantle", "enchantment"), "Enchanted creature gets +X/+X, where X is the number of creatures you control.",
			"static effect:modify_pt(object=enchanted [creature],power=count( [creature] control=you),toughness=count( [creature] control=you))"},
		{"a static -X/-X, where X is", of("Marsh Blight", "enchantment"), "Enchanted creature gets -X/-X, where X is the number of Swamps you control.",
			"static effect:modify_pt(object=enchanted [creature],power=-(count( [swamp] control=you)),toughness=-(count( [swamp] control=you)))"},
		{"a choice of mana: one ability", of("Dragonskull Summit", "land"), "{T}: Add {B} or {R}.",
			"activated cost {T}+ {action:add_mana_of_choice(first=mana:{B},player=you,second=mana:{R})}"},
		{"a rule's wording that names the fields of its event, in the plural", creature("Melira, Sylvok Outcast"), "Creatures you control can't have -1/-1 counters put on them.", "static rule:counters_cant_be_put(event=pattern:event:counter_put(kind=counter:-1/-1,object=a [creature] control=you))"},
		{"a rule's wording that names the fields of its event, the card", creature("Melira's Keepers"), "Melira's Keepers can't have counters put on it.", "static rule:counters_cant_be_put(event=pattern:event:counter_put(object=this))"},
		{"a rule's wording in the passive, a list of card types", of("Solemnity", "enchantment"), "Counters can't be put on artifacts, creatures, enchantments, or lands.", "static rule:counters_cant_be_put(event=pattern:event:counter_put(object=a [artifact or creature or enchantment or land]))"},
		{"a list of card types", creature("Acidic Slime"), "When Acidic Slime enters the battlefield, destroy target artifact, enchantment, or land.",
			"triggered on event:zone_change[to == battlefield](object=this) {action:destroy(object=target:target [artifact or enchantment or land])}"},
		{"a delayed trigger after the action", creature("Protean Hydra"),
			"Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on it at the beginning of the next end step.",
			"triggered on event:counter_removed[each amount](kind=counter:+1/+1,object=this) {at event:step_begins[once](step=step:end){action:put_counters(amount=2,kind=counter:+1/+1,object=this)}}"},
		{"a replacement, 'that damage' and 'that many'", creature("Protean Hydra"),
			"If damage would be dealt to Protean Hydra, prevent that damage and remove that many +1/+1 counters from it.",
			"replacement on event:damage(target=this) {action:prevent(event=event);action:remove_counters(amount=event.amount,kind=counter:+1/+1,object=this)}"},
		{"a reflexive trigger and a loop", creature("Three Dog, Galaxy News DJ"),
			"Whenever you attack, you may pay {2} and sacrifice an Aura attached to Three Dog, Galaxy News DJ. When you sacrifice an Aura this way, for each other attacking creature you control, create a token that's a copy of that Aura attached to that creature.",
			"triggered on event:attack_declared(player=you) {action:pay_optional(mana=mana:{2},object=a [aura] attached,player=you);when event:reflexive(object=a [aura],player=you){each other [attacking creature] control=you{action:create_token_copy_attached(host=each.1,original=event2.object)}}}"},
		{"a static ability with a granted one", of("Trollhide", "enchantment"), `Enchanted creature gets +2/+2 and has "{1}{G}: Regenerate this creature."`,
			"static effect:modify_pt(object=enchanted [creature],power=2,toughness=2)\nstatic effect:grant_ability(ability=ability:activated cost {1}{G}+ {action:regenerate(object=this)},object=enchanted [creature])"},
		{"two static abilities sharing their subject, the second with its possessive", of("Ice Cage", "enchantment"),
			"Enchanted creature can't attack or block, and its activated abilities can't be activated.",
			"static effect:cant_attack_or_block(object=enchanted [creature])\nstatic effect:activated_abilities_cant_be_activated(mana=0,object=enchanted [creature])"},
		{"'all' and 'your opponents control'", of("Lattice", "artifact"), "All permanents are artifacts in addition to their other types.",
			"static effect:add_card_type(object= [permanent],type=type:artifact)"},
		{"the objects of every zone: cards that aren't on the battlefield, spells, and permanents", of("Lattice", "artifact"),
			"All cards that aren't on the battlefield, spells, and permanents are colorless.",
			"static effect:set_colorless(object= [card or spell or permanent] everywhere)"},
		{"a rule of paying mana for every player", of("Lattice", "artifact"), "Players may spend mana as though it were mana of any color.",
			"static effect:spend_mana_as_any_color(player= [player])"},
		{"a replacement of all the events", creature("Palisade Giant"),
			"All damage that would be dealt to you or another permanent you control is dealt to Palisade Giant instead.",
			"replacement on event:damage[target.player_or_controller == you and target != this]() {action:redirect_damage(event=event,target=this)}"},
		{"an intervening if read through a query phrase", of("Howling Mine", "artifact"),
			"At the beginning of each player's draw step, if Howling Mine is untapped, that player draws an additional card.",
			"triggered on event:step_begins(step=step:draw) if query:is_untapped(object=this) {action:draw(amount=1,player=event.player)}"},
		{"the card's name as a word of its text", of("Regenerate", "instant"), "Regenerate target creature.",
			"spell {action:regenerate(object=target:target [creature])}"},
		{"you may", of("Angel's Feather", "artifact"), "Whenever a player casts a white spell, you may gain 1 life.",
			"triggered on event:spell_cast(player=a [player],spell=a [white spell]) {may(you) action:gain_life(amount=1,player=you)}"},
		{"another player may, and if they do", of("Generous Offer", "enchantment"), "Whenever a player casts a spell, that player may draw a card. If they do, you gain 1 life.",
			"triggered on event:spell_cast(player=a [player],spell=a [spell]) {may(event.player) action:draw(amount=1,player=event.player);if did:they do{action:gain_life(amount=1,player=you)}else{}}"},
		{"paying life, if you do and if you don't", of("Blood Bargain", "artifact"), "{T}: You may pay 2 life. If you do, draw a card. If you don't, you gain 1 life.",
			"activated cost {T}+ {may(you) action:pay_life(amount=2,player=you);if did:you do{action:draw(amount=1,player=you)}else{};if did:you don't{action:gain_life(amount=1,player=you)}else{}}"},
		{"a filter comparing toughness with the card's power", creature("Stone Giant"),
			"{T}: Target creature you control with toughness less than Stone Giant's power gains flying until end of turn. Destroy that creature at the beginning of the next end step.",
			"activated cost {T}+ {action:gain_keyword_until_end_of_turn(keyword=keyword:flying,object=target:target [creature] control=you toughness<this.power);at event:step_begins[once](step=step:end){action:destroy(object=target.1)}}"},
		{"a filter comparing mana value", of("Test Purge", "instant"), "Destroy target creature with mana value 3 or less.",
			"spell {action:destroy(object=target:target [creature] mv<=3)}"},
		{"modes, each after a bullet", of("Twofold Choice", "instant"), "Choose one — • Destroy target artifact. • Destroy target enchantment.",
			"spell {choose 1..1{action:destroy(object=target:target [artifact])}{action:destroy(object=target:target [enchantment])}}"},
		{"another player's library searched, a card name that player chooses, and a condition on the card found", creature("Sphinx Ambassador", "Sphinx"),
			"Whenever Sphinx Ambassador deals combat damage to a player, search that player's library for a card, then that player chooses a card name. If you searched for a creature card that doesn't have that name, you may put it onto the battlefield under your control. Then that player shuffles their library.",
			"triggered on event:damage[combat](source=this,target=a [player]) {action:search_library_of(objects=a [noncard],player=event.target);action:choose_card_name(player=event.target);if expr:chosen.1.is_creature and not chosen.1.has_that_name{may(you) action:put_onto_battlefield(object=chosen.1,player=you)}else{};action:shuffle_library(player=event.target)}"},
		{"a condition on the card found, with a clause that holds", of("Name Probe", "sorcery"),
			"Search target player's library for a card. If you searched for a creature card that has that name, you gain 1 life.",
			"spell {action:search_library_of(objects=a [noncard],player=target:target [player]);if expr:chosen.1.is_creature and chosen.1.has_that_name{action:gain_life(amount=1,player=you)}else{}}"},
		{"a condition on the card found, without a clause", of("Creature Probe", "sorcery"),
			"Search target player's library for a card. If you searched for a creature card, you gain 1 life.",
			"spell {action:search_library_of(objects=a [noncard],player=target:target [player]);if expr:chosen.1.is_creature{action:gain_life(amount=1,player=you)}else{}}"},
		{"several targets", of("Gentle Nudge", "instant"), "Tap up to two target creatures.",
			"spell {action:tap(object=target:target [creature] count=0..2)}"},
		{"a continuous effect's for each, counted for each object it affects, which the filter calls it", of("Coat of Arms", "artifact"),
			"Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it. (For example, if two Goblin Warriors and a Goblin Shaman are on the battlefield, each gets +2/+2.)",
			"static effect:modify_pt(object= [creature],power=count(other [creature] shares=it),toughness=count(other [creature] shares=it))"},
		{"a continuous effect's for each of the others named as the card", creature("Relentless Rats", "Rat"),
			"Relentless Rats gets +1/+1 for each other creature on the battlefield named Relentless Rats.",
			`static effect:modify_pt(object=this,power=count(other [creature] named="Relentless Rats"),toughness=count(other [creature] named="Relentless Rats"))`},
		{"a continuous effect's for each, and a second effect of the same subject", of("Armored Ascension", "enchantment"),
			"Enchanted creature gets +1/+1 for each Plains you control and has flying.",
			"static effect:modify_pt(object=enchanted [creature],power=count( [plains] control=you),toughness=count( [plains] control=you))\nstatic effect:add_keyword(keyword=keyword:flying,object=enchanted [creature])"},
		{"two card types joined by and: the cards of either type", of("Open the Vaults", "sorcery"),
			"Return all artifact and enchantment cards from all graveyards to the battlefield under their owners' control.",
			"spell {action:return_all_to_battlefield(objects= [artifact or enchantment noncard] in=:graveyard)}"},
		{"whether the card revealed is a creature card, and otherwise", of("Lurking Predators", "enchantment"),
			"Whenever an opponent casts a spell, reveal the top card of your library. If it's a creature card, put it onto the battlefield. Otherwise, you may put that card on the bottom of your library.",
			"triggered on event:spell_cast(player=a [opponent],spell=a [spell]) {action:reveal_top(player=you);if expr:chosen.1.is_creature{action:put_onto_battlefield(object=chosen.1,player=you)}else{may(you) action:put_on_bottom_of_library(object=chosen.1)}}"},
		{"a noncreature card: the negation", of("Test Probe", "sorcery"), "Reveal the top card of your library. If it's a noncreature card, you gain 2 life.",
			"spell {action:reveal_top(player=you);if expr:not chosen.1.is_creature{action:gain_life(amount=2,player=you)}else{}}"},
		{"qualities a comma joins", of("Duress", "sorcery"),
			"Target opponent reveals their hand. You choose a noncreature, nonland card from it. That player discards that card.",
			"spell {action:reveal_and_discard_chosen(chooser=you,objects=a [noncreature nonland noncard],player=target:target [opponent])}"},
		// "the sacrificed creature": what the last sacrifice chose;
		// "If you can't sacrifice a creature": the card language's `if
		// you can't`, after the choice of the player who chose.
		{"the sacrificed creature, and if you can't", creature("Xathrid Demon", "Demon"),
			"At the beginning of your upkeep, sacrifice a creature other than Xathrid Demon, then each opponent loses life equal to the sacrificed creature's power. If you can't sacrifice a creature, tap Xathrid Demon and you lose 7 life.",
			"triggered on event:step_begins[player == you](step=step:upkeep) {action:sacrifice_chosen(objects=a [creature] another,player=you);action:lose_life(amount=chosen.1.power,player=each [opponent]);if can't(you){action:tap(object=this);action:lose_life(amount=7,player=you)}else{}}"},
		{"if they can't: the player who chose", of("Test Toll", "sorcery"),
			"Target opponent sacrifices a creature. If they can't, you draw a card.",
			"spell {action:sacrifice_chosen(objects=a [creature],player=target:target [opponent]);if can't(target.1){action:draw(amount=1,player=you)}else{}}"},
		{"if you can't, and otherwise", of("Test Toll", "sorcery"),
			"Sacrifice a creature. If you can't, you lose 2 life. Otherwise, you gain life equal to the sacrificed creature's toughness.",
			"spell {action:sacrifice_chosen(objects=a [creature],player=you);if can't(you){action:lose_life(amount=2,player=you)}else{action:gain_life(amount=chosen.1.toughness,player=you)}}"},
		// "other than basic land cards" after the wording narrows its
		// cards (the nonbasic cards: only lands are basic); "for each
		// card exiled this way, ..." a wording of the vocabulary that
		// begins so, not a loop over a filter.
		{"an exception, and a wording that begins with for each", of("Haunting Echoes", "sorcery"),
			"Exile all cards from target player's graveyard other than basic land cards. For each card exiled this way, search that player's library for all cards with the same name as that card and exile them. Then that player shuffles their library.",
			"spell {action:exile_graveyard(objects= [nonbasic noncard],player=target:target [player]);action:exile_same_name_from_library(player=target.1);action:shuffle_library(player=target.1)}"},
		{"an exception of one quality", of("Test Purge", "sorcery"),
			"Exile all cards from target player's graveyard other than creature cards.",
			"spell {action:exile_graveyard(objects= [noncreature noncard],player=target:target [player])}"},
		// "other than FILTER" right after a filter's noun: the filter
		// with the exception's one quality negated, in a target ("target
		// creature other than a Human": a non-Human creature), after
		// "each", in a filter of cards whose zone follows the exception
		// (it is the filter's), and "basic land" one quality (only lands
		// are basic).
		{"an exception inside a target", of("Test Cull", "instant"),
			"Destroy target creature other than a Human.",
			"spell {action:destroy(object=target:target [nonhuman creature])}"},
		{"an exception after each", of("Test Cull", "sorcery"),
			"Each creature other than a Wall gets +1/+1 until end of turn.",
			"spell {each  [nonwall creature]{action:boost_until_end_of_turn(object=each.1,power=1,toughness=1)}}"},
		{"an exception inside a filter of cards", of("Test Cull", "sorcery"),
			"Return target creature card other than a Zombie card from your graveyard to your hand.",
			"spell {action:return_to_hand(object=target:target [nonzombie creature noncard] in=you:graveyard)}"},
		{"basic land: one quality of an exception inside a filter", of("Test Tutor", "sorcery"),
			"Search your library for a card other than a basic land card, then shuffle your library and put that card on top of it.",
			"spell {action:search_library(objects=a [nonbasic noncard],player=you);action:shuffle_library(player=you);action:put_on_top_of_library(object=chosen.1)}"},
		// Qualities of several kinds joined by "or" before a noun are one
		// set of alternatives for it; negated qualities a comma joins
		// are each required.
		{"qualities of two kinds joined by or", of("Test Purge", "instant"),
			"Destroy target green or artifact creature.",
			"spell {action:destroy(object=target:target [green or artifact creature])}"},
		{"three qualities of two kinds in a list", of("Test Purge", "sorcery"),
			"Destroy all white, blue, or artifact creatures.",
			"spell {action:destroy_all(objects= [white or blue or artifact creature])}"},
		{"negated qualities a comma joins", of("Test Purge", "instant"),
			"Destroy target nonartifact, nonblack creature.",
			"spell {action:destroy(object=target:target [nonartifact nonblack creature])}"},
		{"an exception of a word the filter says and one more", of("Test Cull", "instant"),
			"Tap target creature other than an artifact creature.",
			"spell {action:tap(object=target:target [nonartifact creature])}"},
		// After a whole action, an exception may leave out the filter's
		// words too ("all creatures other than Walls").
		{"an exception after an action of one quality alone", of("Test Cull", "sorcery"),
			"Destroy all creatures other than Walls.",
			"spell {action:destroy_all(objects= [nonwall creature])}"},
		// "on top of it": the library named last.
		{"on top of it: the library named last", read.Card{Name: "Liliana Vess", Types: []string{"legendary", "planeswalker"}, Subtypes: []string{"Liliana"}},
			"−2: Search your library for a card, then shuffle your library and put that card on top of it.",
			"activated loyalty -2 {action:search_library(objects=a [noncard],player=you);action:shuffle_library(player=you);action:put_on_top_of_library(object=chosen.1)}"},
		{"on the bottom of it", of("Test Burial", "sorcery"),
			"Search your library for a card, then shuffle your library and put that card on the bottom of it.",
			"spell {action:search_library(objects=a [noncard],player=you);action:shuffle_library(player=you);action:put_on_bottom_of_library(object=chosen.1)}"},
		{"enchanted creature in an action: what the Aura is attached to", read.Card{Name: "Firebreathing", Types: []string{"enchantment"}, Subtypes: []string{"Aura"}},
			"{R}: Enchanted creature gets +1/+0 until end of turn.",
			"activated cost {R}+ {action:boost_until_end_of_turn(object=this.attached_to,power=1,toughness=0)}"},
		{"equipped creature's controller and power in actions", read.Card{Name: "Test Mace", Types: []string{"artifact"}, Subtypes: []string{"Equipment"}},
			"{2}: Equipped creature's controller gains 2 life. You gain life equal to equipped creature's power.",
			"activated cost {2}+ {action:gain_life(amount=2,player=this.attached_to.controller);action:gain_life(amount=this.attached_to.power,player=you)}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := read.Paragraph(v, tc.card, tc.text)
			if r.Failure != nil {
				t.Fatalf("does not read: %s", r.Failure)
			}
			require.Empty(t, r.Needs())
			require.Equal(t, tc.want, keys(r))
		})
	}
}

// TestNeeds reads paragraphs the language cannot say all of: the reading
// is there to compare, and says what the language lacks.
func TestNeeds(t *testing.T) {
	v := standard(t)
	for _, tc := range []struct {
		name string
		card read.Card
		text string
		want string // the reading's keys
		need string
	}{
		{"a restriction the rules don't know", of("Test Totem", "artifact"), "{T}: You gain 1 life. Activate only during your upkeep.",
			"activated cost {T}+ only during your upkeep {action:gain_life(amount=1,player=you)}", `the restriction "activate only during your upkeep"`},
		{"for each over players", of("Test Gift", "sorcery"), "For each player, you gain 1 life.",
			"spell {each  [player]{action:gain_life(amount=1,player=you)}}", `"for each" over players or cards`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := read.Paragraph(v, tc.card, tc.text)
			if r.Failure != nil {
				t.Fatalf("does not read: %s", r.Failure)
			}
			require.Equal(t, tc.want, keys(r))
			require.Len(t, r.Needs(), 1)
			require.Contains(t, r.Needs()[0], tc.need)
		})
	}
}

// TestFailures checks what a paragraph that does not read says: the
// longest prefix that read, where it stopped, and what was expected.
func TestFailures(t *testing.T) {
	v := standard(t)
	for _, tc := range []struct {
		card     read.Card
		text     string
		read, at string
		expected string // one of what was expected
	}{
		// Phasing is not in the language: the reading stops at the verb,
		// saying what a subject can do.
		{of("Phasing Imp", "enchantment"), "Whenever an opponent draws a card, Phasing Imp phases out.",
			"Whenever an opponent draws a card, Phasing Imp", "phases out.", `"gets"`},
		{of("Phasing Imp", "enchantment"), "Target creature phases out.", "Target creature", "phases out.", `"gains"`},
		// "Equipped creature" names what an Equipment is attached to: on
		// another card, nothing.
		{of("Test Mace", "artifact"), "{2}: Equipped creature gets +1/+0 until end of turn.", "{2}:", "Equipped creature gets +1/+0 until end of turn.", `"add"`},
		// "Otherwise" goes on from an "if" before it: alone, it is none.
		{of("Test Probe", "sorcery"), "Otherwise, you gain 2 life.", "", "Otherwise, you gain 2 life.", `"If"`},
		// "If you can't" is the choice of the player who chose: not
		// another's.
		{of("Test Toll", "sorcery"), "Target opponent sacrifices a creature. If you can't, you draw a card.",
			"Target opponent sacrifices a creature. If you", "can't, you draw a card.", `"controls"`},
		// An exception of two qualities is not one negated word.
		{of("Test Purge", "sorcery"), "Exile all cards from target player's graveyard other than legendary creature cards.",
			"Exile all cards from target player's graveyard", "other than legendary creature cards.", `"."`},
		// Nor inside a filter; nor an exception that goes on with
		// another filter ("Walls and Humans" are two qualities); nor a
		// target in an exception.
		{of("Test Cull", "instant"), "Destroy target creature other than a black Wall.",
			"Destroy target creature", "other than a black Wall.", `"."`},
		{of("Test Cull", "sorcery"), "Destroy all creatures other than Walls and Humans.",
			"Destroy all creatures", "other than Walls and Humans.", `"."`},
		{of("Test Cull", "instant"), "Destroy target creature other than target Wall.",
			"Destroy target creature", "other than target Wall.", `"."`},
		// "artifact" is not said of every artifact or creature: an
		// artifact creature is two qualities of it (an artifact, one, is
		// read, and "creature" after it is not).
		{of("Test Cull", "instant"), "Destroy target artifact or creature other than an artifact creature.",
			"Destroy target artifact or creature other than an artifact", "creature.", `"."`},
		// "on top of it" with no library named before: no object has a
		// top.
		{of("Test Burial", "sorcery"), "Put target creature on top of it.",
			"Put target creature on top of it", ".", `"owner"`},
		// "the destroyed creature": a destruction chooses no object.
		{of("Test Toll", "sorcery"), "Destroy target creature. You gain life equal to the destroyed creature's toughness.",
			"Destroy target creature. You gain life equal to", "the destroyed creature's toughness.", "a number"},
	} {
		t.Run(tc.card.Name, func(t *testing.T) {
			r := read.Paragraph(v, tc.card, tc.text)
			require.NotNil(t, r.Failure)
			f := r.Failure.Diagnose()
			require.Equal(t, tc.read, f.Read)
			require.Equal(t, tc.at, f.At)
			require.Contains(t, f.Expected, tc.expected)
			require.Contains(t, f.String(), "nothing reads at")
		})
	}
}

// TestReadingsAreRemembered checks that a reading serves every card whose
// paragraph says the same of itself: the same meaning, each with its own
// text, saying the card as ~.
func TestReadingsAreRemembered(t *testing.T) {
	v := standard(t)
	a := read.Paragraph(v, creature("Elvish Visionary"), "When Elvish Visionary enters the battlefield, draw a card.")
	b := read.Paragraph(v, creature("Wall of Omens"), "When Wall of Omens enters the battlefield, draw a card.")
	require.Nil(t, a.Failure)
	require.Nil(t, b.Failure)
	require.Equal(t, keys(a), keys(b))
	require.Equal(t, "When Elvish Visionary enters the battlefield, draw a card.", a.Abilities[0].Text)
	require.Equal(t, "When Wall of Omens enters the battlefield, draw a card.", b.Abilities[0].Text)
	require.Equal(t, meaning.Self+" enters the battlefield", b.Abilities[0].Trigger.Say)
	// A card of other types reads on its own: "this or another creature"
	// depends on them.
	c := read.Paragraph(v, of("Elvish Visionary", "artifact"), "When Elvish Visionary enters the battlefield, draw a card.")
	require.Equal(t, keys(a), keys(c))
}

// A reading that holds the card's own name as a value ("named Relentless
// Rats", CR 201.2) is the card's alone: another card whose paragraph says
// the same of itself reads its own name, not the first card's.
func TestReadingsOfTheNameAreNotShared(t *testing.T) {
	v := standard(t)
	paragraph := func(name string) string {
		return name + " gets +1/+1 for each other creature on the battlefield named " + name + "."
	}
	a := read.Paragraph(v, creature("Relentless Rats"), paragraph("Relentless Rats"))
	b := read.Paragraph(v, creature("Rat Pack 00042"), paragraph("Rat Pack 00042"))
	require.Nil(t, a.Failure)
	require.Nil(t, b.Failure)
	require.Contains(t, keys(a), `Relentless Rats`)
	require.Contains(t, keys(b), `Rat Pack 00042`)
	require.NotContains(t, keys(b), "Relentless Rats")
}
