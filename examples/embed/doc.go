// Package embed is an example engine that embeds the card VM: the
// template an engine author starts from. It runs the compiled cards of
// cards/ — damage, counters, zones, triggers, combat with first and
// double strike, regeneration, activated and mana abilities, Auras,
// continuous effects, granted abilities, optional costs, reflexive
// triggers and token copies — and checks itself against their ruling
// tests through the conformance kit (package scenario). It imports the
// VM, its standard host facts and binding (package stdhost), the compiler
// and the kit, never the rules core (package core): TestImportsNoCore
// checks it. Read it in this order:
//
// library.go — loading. BuildBundle compiles a directory of cards into a
// bundle, as `cardc build -o cards.cardvm DIR` does; Load decodes it
// (vm.Decode), and links it through the engine's stdhost.Binding, which
// checks with vm.CheckVocabulary that it was built against the vocabulary
// the engine implements (stdhost.Vocabulary) and links it with
// vm.LinkPartial: a card that uses a function the engine has no method
// for, an event it does not produce, a rule or a keyword it does not
// apply, is left out, and each test that needs it is skipped, naming what
// it lacks. The Options say which events, rules and keywords the engine
// has.
//
// host.go — the host. One method for each function of the vocabulary the
// engine implements, named and typed as stdhost.Funcs says (Destroy(f
// *vm.Frame, object stdhost.Object) error), and EventField for the
// fields of the events; stdhost.Bind makes the vm.Linker and the vm.Host
// of them, with the checks of arity, result, context and (Options.Check)
// of every value's kind, and hands to Defer the actions of a replacement
// body that take effect after the event. The methods find their game,
// the event being matched and the running ability in the run's context
// (vm.Frame.Context), which the engine gives every run (game.exec): the
// host keeps no side channel, and one binding serves every game.
//
// game.go — the engine. A card is the kit's scenario.Card, the same from
// zone to zone; each zone it enters makes it a new object, with a new
// handle (CR 400.7): the handle the VM sees. An object that left its
// zone is kept as it last was: a stale handle names it, an action marked
// `stale ignored` on it does nothing, a query marked `last_known` reads
// it (HOST.md). Every change is an event: propose runs the replacement
// effects that apply to it (a regeneration shield first, the oldest
// permanent's next, and the "enters with" effects of a permanent
// entering), each once, then performs and logs it, then runs the Match
// of each triggered ability watching its kind, and of the delayed ones;
// the actions deferred by replacement bodies happen right after the
// event. settle checks state-based actions (CR 704.5a, d, f, g, h, m, q)
// and puts waiting triggers on the stack, the active player's first.
//
// layers.go — continuous effects: an AbilityEffect's Match judges each
// permanent, its Body calls the effect (modify_pt, grant_ability) on it,
// when characteristics are read; protection (CR 702.16) and the enchant
// abilities of Auras.
//
// cast.go — casting spells: targets judged by their filter functions
// (shroud, protection), the mana cost paid from the pool and the lands a
// player would tap, found by running their mana abilities with no
// effect; a permanent spell enters the battlefield, an Aura attached to
// its target.
//
// activate.go — activated abilities whose cost is mana and {T}, granted
// ones included (Trollhide's), and mana abilities, which resolve at once:
// a land's include the intrinsic one of each of its basic land types
// (CR 305.6), which no basic land card states, linked from
// stdhost.IntrinsicManaAbilities (library.go, game.go's abilities);
// summoning sickness (CR 302.6).
//
// optional.go — Three Dog's optional cost, its reflexive trigger, "for
// each", and token copies of an Aura attached without targeting.
//
// turn.go — steps and their turn-based actions, combat, regeneration.
//
// driver.go — the kit. Driver implements scenario.Driver, and its games
// scenario.Game: the kit sets up a board, acts, hands over the decisions
// a test scripts (the order of triggers, optional costs, which the game
// records for `you ordered triggers` and `you paid`), and observes. Its
// games also implement scenario.Effects, the actions of tests on one
// permanent (`sacrifice "Drudge Skeletons"`, `tap`, `untap`). Each test
// action shares one budget of VM steps (vm.Machine.BeginBudget).
//
// So this engine passes every test of Llanowar Elves (3), Protean Hydra
// (14), Engulfing Slagwurm (10), Trollhide (13) and Three Dog, Galaxy
// News DJ (13 of 17), and Drudge Skeletons' (4) (embed_test.go). Out of
// its scope are the support cards of the 4 other tests of Three Dog:
// Copy Enchantment (copy effects), Gods Willing (a choice of color as a
// spell resolves, scry) and Cho-Manno's Blessing (a choice as a permanent
// enters, flash); their tests are skipped, naming the functions they
// need. Nor does it do: the choice of the order of replacement effects
// (it applies the oldest first, and reports a test that would need to
// choose as skipped), damage from several sources as one event for a
// replacement effect, costs other than mana and {T}, keyword abilities
// but those of Options, the legend rule, abilities that function
// outside the battlefield, or targets of triggered abilities. Of every card of cards/, it passes the tests
// it runs and skips the others, naming what it lacks; of the cards of
// Magic 2010 the library has, testdata/m10.golden lists those it runs and
// what it lacks for the others.
package embed
