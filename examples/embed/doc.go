// Package embed is an example engine that embeds the card VM: a small host
// for damage, counters, zones, triggers, combat, regeneration and
// activated abilities, in about 2,200 lines with comments, which runs the
// compiled cards of cards/ and checks itself against their ruling tests
// through the conformance kit (package scenario). It imports the VM, the
// compiler and the kit, never the rules core (package core):
// TestImportsNoCore checks it. Read it in this order:
//
// library.go — compiling and linking. Each card file is parsed
// (parser.Parse) and compiled (compiler.Compile) to a vm.Program, then
// linked to this host with vm.Link. The Linker maps each symbol of the
// program to an id of the host: a host function ("remove_counters") to
// its index in the table of host.go, after checking its arity and result;
// an event field ("damage.amount") likewise; a name ("counter:+1/+1",
// "zone:battlefield", "step:end") to an interned number, the same in every
// card's program, so that a field's value equals the constant a card
// pushes. A symbol the host does not know is recorded, not refused at
// once, and the card is kept out with the list: a test that uses it is
// skipped, naming everything the card lacks. (A bundle built by `cardc
// build` works the same way: vm.Decode, then vm.Link.)
//
// host.go — the vm.Host. The machine calls Call for a host function and
// Field for a field of the event being matched or replaced. The calling
// convention: local 0 is "this" (the card's object), local 1 "you" (its
// controller); a match function stores what it binds in the locals after
// those, and returns how many times its ability triggers or applies — a
// count the host caps (1000 here). An action called while an event is
// matched is an error; in a replacement effect's body, an action waits
// until the event has happened (CR 615.5), except those that change the
// event (prevent, enter_with_counters) or need the running locals
// (schedule_delayed(n): ability n of the running card becomes a delayed
// trigger that keeps a copy of the locals, grown to its size, and so its
// "this"). An action on a card that left the battlefield, or on a player
// where it wants a permanent, does nothing.
//
// game.go — the engine. Every change is an event: propose runs the
// replacement effects that apply to it (a regeneration shield first, then
// the replacement abilities of permanents, and the "enters with" abilities
// of a permanent entering), each once, then performs and logs it, then
// runs the match functions of the triggered abilities that watch its kind,
// and of the delayed ones (a "next time" delayed trigger, vm.FlagOnce,
// fires once and is gone). settle checks state-based actions (0 life, 0
// toughness, lethal damage, +1/+1 and -1/-1 counters annihilating) and
// puts waiting triggers on the stack, the active player's first; resolving
// runs an ability's Body with the locals its match bound. A static ability
// naming the rule "damage_cant_be_prevented" makes prevent do nothing.
// Steps follow one another with their turn-based actions: untap, draw,
// declaring attackers and blockers (with "block" events, which Engulfing
// Slagwurm watches), and combat damage, assigned at once and dealt after.
//
// cast.go — casting spells. A spell's targets are judged by their filter
// functions (the candidate in local 2); its mana cost is paid from its
// player's pool after tapping their lands for mana (running the Body of
// each land's {T} mana ability, which calls add_mana); it resolves from
// the stack: a permanent spell enters the battlefield (where "enters with"
// effects read its X), an instant runs its spell ability's Body. A cost
// that can't be paid makes the cast illegal (CR 601.2h), and undoes the
// payment: the lands untap and their mana leaves the pool.
//
// activate.go — activated abilities. The compiler puts the mana part of an
// ability's cost in Ability.Cost, {T} and {Q} in its flags, and the other
// parts ("sacrifice a creature") in its Pay function. This engine
// activates those whose whole cost is Cost: it checks who and when
// (vm.FlagSorcery), judges the targets as a spell's, pays Cost as a mana
// cost, and puts the ability on the stack, whose Body runs as it resolves.
// The kit lists a permanent's activated abilities (ActivatedAbilities) and
// names one by its place in that list.
//
// regenerate.go — regeneration (CR 701.15). The host function regenerate
// gives a permanent a regeneration shield: the next time it would be
// destroyed this turn, the destroy event becomes a "regenerated" event
// instead: the permanent is tapped, its damage removed, and it is removed
// from combat (an attacker it blocked stays blocked). Unused shields end
// at the cleanup step; a permanent that leaves the battlefield loses its
// own.
//
// driver.go — the kit. Driver implements scenario.Driver and its games
// scenario.Game: the kit sets up a board (AddCard, SetCounters, SetStep),
// acts (Cast, Activate, DealDamage, RemoveCounters, ResolveTop, AdvanceTo,
// DeclareAttackers...), hands over the decisions a test scripts
// (scenario.Script: here the order of triggers), and observes (Object,
// Player, Turn, Stack, Log, Decisions). Its games also implement
// scenario.Effects, the actions of tests on one permanent (`sacrifice
// "Drudge Skeletons"`, `tap`, `untap`), which an engine may leave out.
// What the engine does not do returns scenario.Unsupported("mana
// abilities"), and the kit reports the test as skipped, naming it.
//
// So this engine passes all 14 tests of Protean Hydra, all 10 of Engulfing
// Slagwurm (one with the instant Regenerate, one with Drudge Skeletons'
// "{B}: Regenerate Drudge Skeletons") and the 4 of Drudge Skeletons
// (embed_test.go). It skips the test of Beetleback Chief, whose card needs
// names and a host function it lacks (create_creature_tokens), naming
// them. Nor does it have activated abilities with more than mana in their
// costs ({T}, {Q}, sacrifices, X, once each turn; but for the {T} mana
// abilities of lands, which it taps to pay costs, and cannot be asked to
// activate), keyword abilities, Auras, continuous effects (but +N/+N until
// end of turn), or checks of illegal attacks and blocks: LoadDir keeps out
// the cards that have those, and a test that needs one is skipped. Of
// several replacement effects, it applies the oldest permanent's first,
// whatever a test scripts.
package embed
