package vocab

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/vm"
)

// NameKindDoc describes a kind of name (a vm.NameKind) for the host
// specification: what its names are and, for the kinds the stdlib lists,
// which words it has.
type NameKindDoc struct {
	Kind vm.NameKind
	// What says what such a name names and how a host links it.
	What string
	// Words lists the names the vocabulary declares, each without its
	// prefix; nil when the names are open (mana).
	Words []string
}

// NameKinds documents every kind of name a program may hold, with the
// words the vocabulary declares for each: the prefixes of vm.NameSymbol
// ("counter:+1/+1"). The host specification lists them; a test keeps the
// list equal to the NameKind constants of package vm.
func (v *Vocab) NameKinds() []NameKindDoc {
	var events, rules, effects, steps []string
	for _, e := range v.eventList {
		events = append(events, e.Name)
	}
	for _, r := range v.ruleList {
		rules = append(rules, r.Name)
	}
	for _, f := range v.funcs {
		if f.Effect {
			effects = append(effects, f.Name)
		}
	}
	for _, s := range v.steps {
		steps = append(steps, s.Name)
	}
	return []NameKindDoc{
		{vm.NameType, "a card type (CR 300), the argument of `is_type`", v.Names(KCardType)},
		{vm.NameSupertype, "a supertype (CR 205.4), the argument of `is_supertype`", v.Names(KSupertype)},
		{vm.NameSubtype, "a subtype (CR 205.3), the argument of `is_subtype` and of token creation, as a type line writes it, in the singular (`subtype:Goblin`, `subtype:Aura`, `subtype:Time Lord`); the compiler emits only the subtypes the vocabulary declares, listed here, but a bundle of an earlier minor version may hold another word, so a host should accept any, such as by interning it", v.Names(KSubtype)},
		{vm.NameColor, "a color (CR 105), the argument of `has_color` and of token creation", v.Names(KColor)},
		{vm.NameKeyword, "a keyword ability (CR 702), granted by `add_keyword` and `gain_keyword_until_end_of_turn`, named as a card writes it, its parameter in it (a Card's Keywords are named so too); a keyword of several words keeps its spaces (`keyword:first strike`). A keyword with a parameter is written as its form says, the slot naming the parameter's type: `protection from {quality}` protects from the quality: a color, `colorless`, a card type in the plural (`artifacts`), a subtype in the plural (`Demons`: objects with the subtype Demon; `Elves`: Elf), or `everything` (CR 702.16a); `{subtype}walk` is landwalk, the land type in lower case (`keyword:swampwalk`: a Swamp, CR 702.14); a number or a cost (`graft 4`, `equip {1}`) is part of the name of a keyword whose abilities the compiler gives the card", v.keywordForms()},
		{vm.NameCounter, "a kind of counter (CR 122); a +X/+Y counter changes power and toughness (CR 122.1a). The list is open (CR 122.1: a card may name any kind, `counter:wish`): a program may name a kind not listed here, a word in lower case or +X/+Y, which a host accepts, such as by interning it", v.Names(KCounter)},
		{vm.NameZone, "a zone (CR 400), a value of the fields `zone_change.from` and `.to`, and a Target's Zone", v.Names(KZone)},
		{vm.NameStep, "a step or phase of the turn (CR 500), a value of `step_begins.step`", steps},
		{vm.NameCard, "the name of a card (CR 201.2), the argument of `is_named` (a filter's `named \"Relentless Rats\"`); the list is open: any name may be named, of a card the host knows or not, so a host should accept any, such as by interning it", nil},
		{vm.NameMana, "an amount of mana written as mana symbols (`mana:{G}{G}`, `mana:{2}`, `mana:{W/P}`; CR 107.4), the argument of `add_mana` and `pay_optional`; the list is open: a host parses the symbols as it links the name", nil},
		{vm.NameEvent, "an event kind, an Ability's Event (see Events)", events},
		{vm.NameRule, "a rule an AbilityStatic states, its Rule (see Rules)", rules},
		{vm.NameEffect, "a continuous effect, the Rule of an AbilityEffect: it tells the host the layer to apply it in (see Effects)", effects},
	}
}

// HostSpec renders the host specification: everything an engine that
// embeds the VM must do, generated from the vocabulary and the constants
// of package vm. vm/HOST.md is this text, written by go generate ./... (internal/gen).
func (v *Vocab) HostSpec() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# The host specification\n\n")
	p("Generated from `stdlib/*.card` and the constants of package `vm` by\n")
	p("`go generate ./...`; do not edit.\n\n")
	p("A *host* is the game engine that runs compiled cards: it loads a bundle\n")
	p("(`vm.Decode`), links its symbols to its own ids (`vm.Link` with a `vm.Linker`),\n")
	p("and runs the entry points of each ability (`vm.Machine.Run`), answering the\n")
	p("machine's calls through `vm.Host`. The package documentation of `vm` (doc.go)\n")
	p("describes the machine, the ability kinds and their entry points; this document\n")
	p("says what each name a program may hold means and what the host must do when\n")
	p("the machine calls it. With the Comprehensive Rules, it is the whole contract:\n")
	p("the rules core of this project (package `core`) reads the same facts from the\n")
	p("same declarations, and a host built from this document and the `vm`\n")
	p("documentation runs the cards as `core` does. The phrases cards use for each\n")
	p("name are in\n")
	p("[dsl/VOCABULARY.md](../dsl/VOCABULARY.md).\n\n")
	id := v.Identity()
	p("This is the specification of the vocabulary **%s %d.%d**, as\n", id.Name, id.Major, id.Minor)
	p("`stdlib/vocabulary.card` declares it (hash `%s`): the version a host that\n", id.ShortHash())
	p("follows it implements, and states to `vm.CheckVocabulary`. Package `stdhost` holds the\n")
	p("same facts as Go data, generated with this document: the version\n")
	p("(`stdhost.Vocabulary`, `stdhost.Major`, `stdhost.Minor`), every function with\n")
	p("its parameters, result, contexts, timing and stale handles (`stdhost.Funcs`),\n")
	p("every event and its fields (`stdhost.Events`), every kind of name\n")
	p("(`stdhost.NameKinds`); and a binding (`stdhost.Bind`) that builds a host's\n")
	p("Linker and `vm.Host` from one method for each function, with the checks this\n")
	p("document asks of every host.\n\n")

	v.hostConvention(p)
	v.hostRules(p)
	v.hostFuncs(p)
	v.hostEvents(p)
	v.hostNames(p)
	return b.String()
}

// hostConvention writes the calling convention: values, locals, entry
// points and contexts, symbols.
func (v *Vocab) hostConvention(p func(string, ...any)) {
	p("## The calling convention\n\n")
	p("### Values\n\n")
	p("Every value is a `vm.Value`, an int64. What it holds depends on the type the\n")
	p("vocabulary gives the parameter, field or result:\n\n")
	p("| type | the value | kind, Go type in `stdhost` |\n|---|---|---|\n")
	p("| `number` | the number; the machine's arithmetic saturates at ±2^40 (`vm.MaxNumber`, where every quantity of the game stops) rather than wrap around, and reads an operand beyond the bounds as the bound | number, `int64` |\n")
	p("| `bool` | 0 or 1; the machine reads any non-zero value as true | bool, `bool` |\n")
	p("| `object` | a handle the host gives out for a game object: never 0, which means no object (`attached_to` of an object attached to nothing, `each_object` past the last one); a new handle for each new object, as an object moves (see Handles across a move) | object, `Object` |\n")
	p("| `spell` | a handle of an object on the stack (CR 112.1), as `object` | object, `Object` |\n")
	p("| `player` | a handle the host gives out for a player: never 0, and never equal to an object's handle | player, `Player` |\n")
	p("| `target` | an object's or a player's handle: what `any target` and `damage.target` hold; `is_player` tells them apart | target, `Target` |\n")
	p("| `counter`, `step`, `zone`, `type`, `supertype`, `subtype`, `color`, `keyword`, `mana` | the id the host's Linker returned for the name symbol `KIND:NAME` (see Names) | name, `Name` |\n")
	p("| `card_name` | the id the host's Linker returned for the name symbol `card:NAME` (see Names) | name, `Name` |\n")
	p("| `EVENT event` (an event of one kind, such as `damage`) | the value of the event's field `id`: a handle the host gives to each event, by which an action such as `prevent` says which event it changes | event, `EventID` |\n")
	p("| `objects` | an index into the running ability's `Filters`: the host runs that filter function with each candidate object in local %d (`vm.LocalCandidate`), the other locals those of the running function, and keeps the objects for which it returns non-zero | objects, `Filter` |\n", vm.LocalCandidate)
	p("| `ability` | an index into the running card's `Abilities`: the ability an effect grants (flagged `vm.FlagGranted`) | ability, `Ability` |\n")
	p("| `targets` | a set of the running ability's `Targets`, each instance of the word \"target\" bit i of the number for `Targets[i]`: what the host chose for them as the spell was cast or the ability activated or put on the stack (each of which may be several objects and players, `Target.Min` and `Max`; see `target_count`, `target_at`), and, for one that `Divide`s, how its amount was divided | targets, `Targets` |\n\n")
	p("Every parameter, result and field below is given with its type, and so with\n")
	p("the kind of value it carries. The machine cannot tell a player's handle from\n")
	p("an object's or a name's: the host can, if its handles say what they are.\n")
	p("`stdhost` proposes a scheme (players negative, objects positive, events from\n")
	p("`stdhost.FirstEvent`, names from `stdhost.FirstName`; `stdhost.HandleKind`),\n")
	p("and its binding, with `stdhost.Options.Check`, checks every argument, result\n")
	p("and field against its kind, so that a host's tests catch a player passed where\n")
	p("an object is due.\n\n")
	p("### Locals\n\n")
	p("The host passes the locals of every function it runs; all the functions of an\n")
	p("ability (Match, Body, Pay, its filters) share `Ability.NumLocals` of them, and\n")
	p("the host passes at least %d (`vm.FirstFreeLocal`).\n\n", vm.FirstFreeLocal)
	p("| local | holds |\n|---|---|\n")
	p("| %d (`vm.LocalThis`) | `this`: the object the ability belongs to (for a granted ability, the object it is granted to), or the resolving spell |\n", vm.LocalThis)
	p("| %d (`vm.LocalYou`) | `you`: that object's controller |\n", vm.LocalYou)
	p("| %d (`vm.LocalCandidate`) | while a filter runs, the candidate it judges; before Body runs, a Target's or Choice's `Local` (this one or above) holds what was chosen (for a Target of several objects, `Target.Group`, how many were chosen: the host keeps them) |\n", vm.LocalCandidate)
	p("| %d and above | what Match binds (objects named with `as`, event fields the body reads); the host keeps them from Match and passes them to Body |\n\n", vm.FirstFreeLocal)

	p("### Entry points and contexts\n\n")
	p("Each function the host runs is in one of five *contexts*, which its entry point\n")
	p("(`vm.Frame.Owner`) and the kind of its ability say (`stdhost.ContextOf`). Each\n")
	p("action and query below lists the contexts it may be called from (`called from`\n")
	p("in the stdlib); a call from any other context is an error the host returns from\n")
	p("`Call`.\n\n")
	p("| context | the functions run in it |\n|---|---|\n")
	p("| `%s` | Match of triggered, delayed, replacement, enters, static and effect abilities (an AbilityEffect's Match says which objects it affects); the Filter of every Target and Choice; the functions of `Filters` |\n", ContextMatch)
	p("| `%s` | Body of a resolving spell, triggered, delayed or activated ability; an activated ability's Pay |\n", ContextBody)
	p("| `%s` | Body of an AbilityReplacement, run before the event happens |\n", ContextReplace)
	p("| `%s` | Body of an AbilityEnters, run as its permanent is about to enter the battlefield |\n", ContextEnters)
	p("| `effect` | Body of an AbilityEffect, run while the host computes characteristics: it calls its effect (see Effects) |\n\n")
	p("The `effect` context is a match that may also call an effect: every query\n")
	p("that lists `%s` may be called from it too, no action may, and an effect may be\n", ContextMatch)
	p("called from it alone. (The stdlib's `called from` names the first four; an\n")
	p("effect's declaration names no context.)\n\n")
	p("`Field` reads a field of the event being matched or replaced: the machine calls\n")
	p("it from a Match, and from the Body of a replacement or enters ability. A\n")
	p("triggered ability's Body does not read the event: its Match stores the fields\n")
	p("the Body needs in locals, which the host keeps with the pending trigger. Where\n")
	p("there is no event, or the field is of another kind of event, `Field` is an\n")
	p("error.\n\n")
	p("Pay runs twice, as `vm.Ability.Pay` says: first to learn whether the cost can\n")
	p("be paid, with each action only checking that it could be done (the actions\n")
	p("marked *cost* below: a host fails the check for any other), then to pay it.\n\n")

	p("### Symbols\n\n")
	p("`vm.Link` asks the host's Linker for an id for each symbol, once; the machine\n")
	p("then passes those ids to `Call` and `Field`, with the `vm.Frame` of the running\n")
	p("function (its card, ability and entry point, its locals, and the context the\n")
	p("host passed to `vm.Machine.RunWith`). A Linker refuses a name it does not know,\n")
	p("and a function whose arity or result differs from what the program says\n")
	p("(`Symbol.Arity`, `Symbol.Returns`): the machine trusts them, so the Linker\n")
	p("must check them (`stdhost`'s binding does). A host that implements part of the\n")
	p("vocabulary links with `vm.LinkPartial`, which leaves out the cards that use a\n")
	p("name it refuses and says, card by card, what each lacks.\n\n")
	p("- A `vm.SymFunc` is the plain name of an action, a query or an effect (`destroy`).\n")
	p("- A `vm.SymField` is `EVENT.FIELD` (`damage.amount`).\n")
	p("- A `vm.SymName` is `KIND:NAME` (`counter:+1/+1`, `keyword:first strike`);\n")
	p("  Names lists every kind.\n\n")
}

// hostRules writes the rules a host follows whatever the function.
func (v *Vocab) hostRules(p func(string, ...any)) {
	var atOnce, after []string
	for _, f := range v.funcs {
		if !f.Action || !(f.CalledFrom(ContextReplace) || f.CalledFrom(ContextEnters)) {
			continue
		}
		if f.AtOnce {
			atOnce = append(atOnce, "`"+f.Name+"`")
		} else {
			after = append(after, "`"+f.Name+"`")
		}
	}
	p("## Rules every host follows\n\n")
	p("### A match's result is a count\n\n")
	p("Match returns how many times the ability triggers or applies: 0 is not at all.\n")
	p("One event can hold several occurrences (CR 603.2c: \"a +1/+1 counter is removed\"\n")
	p("triggers once per counter), so a triggered ability triggers that many times. A\n")
	p("host caps the count at %d (`vm.MaxTriggerCount`): a larger count is a mistake\n", vm.MaxTriggerCount)
	p("of a card or of a test, not a game, and the ability does not trigger at all; the\n")
	p("host reports an error. For a replacement, enters or static ability and a filter,\n")
	p("any non-zero result means it applies.\n\n")

	p("### Actions from a match function are errors\n\n")
	p("A match function, a filter and an effect's body only ask (an effect changes\n")
	p("what the host computes, not the game): no action lists `%s` among its\n", ContextMatch)
	p("contexts, and a host returns an error from `Call` for an action called there,\n")
	p("which fails the run. A failed Match counts as no match.\n\n")

	p("### When an action in a replacement body takes effect\n\n")
	p("Inside the Body of a replacement or enters ability, an action that *takes effect\n")
	p("at once* happens as it is called: it changes the event being replaced, or, for\n")
	p("the compiler's own `schedule_delayed` and `trigger_reflexive`, it must see the\n")
	p("running locals as they are. Those are %s.\n\n", strings.Join(atOnce, ", "))
	p("Every other action (%s)\n", strings.Join(after, ", "))
	p("*takes effect after the event*: the host records it with its arguments and does\n")
	p("it, in order, right after the event has happened (CR 615.5), as the ability's\n")
	p("controller and with `this` its object. Everywhere else, an action takes effect\n")
	p("as it is called.\n\n")

	p("### `schedule_delayed(n)`: delayed triggered abilities\n\n")
	p("The compiler emits `schedule_delayed(n)` for `at ... { }` inside a body (\"at\n")
	p("the beginning of the next end step, ...\"). It creates a delayed triggered\n")
	p("ability (CR 603.7): ability `n` of the running card's `Abilities` (an\n")
	p("`AbilityDelayed`), with the running ability's source as `this`, its controller\n")
	p("as `you` and its X. The host copies the running function's locals as they are\n")
	p("at the call, grown with zeros to the delayed ability's `NumLocals`, and keeps\n")
	p("the copy: each time an event of the delayed ability's `Event` kind happens, it\n")
	p("runs its Match on a fresh copy of those locals, and Body, when the ability\n")
	p("resolves, on the locals that Match returned with. An `n` that names no ability\n")
	p("of the card is an error.\n\n")
	p("A delayed ability flagged `vm.FlagOnce` (\"the next end step\") triggers only\n")
	p("the next time its event happens (CR 603.7b): once, whatever non-zero count its\n")
	p("Match returns, and then it ceases to exist. One without the flag stays and\n")
	p("triggers like any triggered ability.\n\n")
	p("`trigger_reflexive(n)` is the same for a reflexive triggered ability (`when you\n")
	p("do { }`, CR 603.12): ability `n` of the running card, with a copy of the\n")
	p("running locals, triggers at once, once, if the decision just before it (the\n")
	p("`pay_optional` of the same body) was taken; its Match runs on the `reflexive`\n")
	p("event, and it then waits for the stack like any triggered ability.\n\n")

	p("A replacement ability flagged `vm.FlagAnywhere` (its event phrase says \"from\n")
	p("anywhere\": `this would be put into a graveyard from anywhere`) functions while\n")
	p("its object is in any zone — a hand, a library, a graveyard, exile, the stack —\n")
	p("for events about that object itself, the ones its anchors hold (CR 113.6b):\n")
	p("before an object outside the battlefield moves, the host tries the object's own\n")
	p("flagged abilities as it tries the replacement abilities of permanents.\n\n")
	p("A triggered ability flagged `vm.FlagAnywhere` (`when this is put into a graveyard\n")
	p("from anywhere`) is never a leaves-the-battlefield ability (CR 603.6c): the\n")
	p("object that left the battlefield does not trigger it, looking back in time;\n")
	p("right after its object moves (from any zone, the battlefield included), the\n")
	p("new object in the zone it was put into is checked for it, as it is there\n")
	p("(CR 603.10), with the event's anchors naming the object that moved and\n")
	p("`LocalThis` the new object.\n\n")
	p("A triggered ability flagged `vm.FlagAnywhere` (`when you cast this spell`,\n")
	p("the event `spell_cast`) functions on the stack (CR 113.6b, 601.2i): when a\n")
	p("spell is cast, the host runs the Match of the spell's own flagged abilities on\n")
	p("the event, as it runs those of permanents, with X the X chosen for the spell;\n")
	p("its other triggered abilities don't function there.\n\n")
	p("### Intrinsic mana abilities of the basic land types\n\n")
	p("An object with the land type Plains has \"{T}: Add {W}\", Island \"{T}: Add {U}\",\n")
	p("Swamp \"{T}: Add {B}\", Mountain \"{T}: Add {R}\" and Forest \"{T}: Add {G}\" (CR\n")
	p("305.6): a rule of the game, which no card states. A basic land card of a bundle\n")
	p("has no ability (its Oracle \"({T}: Add {G}.)\" is reminder text), so a host that\n")
	p("lacks the rule has basic lands that tap for nothing. The host gives every object\n")
	p("one activated mana ability for each basic land type it has, as the object's own\n")
	p("(`this` the object, `you` its controller), before its card's abilities: by the\n")
	p("subtypes it has after the effects of layer 4 (a land that becomes an Island has\n")
	p("\"{T}: Add {U}\" and loses what its old types gave it, CR 305.7; a Forest Plains\n")
	p("has both), until an effect makes it lose all abilities (layer 6, CR 613.1f).\n")
	p("Whatever asks what a permanent could produce (`add_mana_could_produce`, the\n")
	p("payment of a cost) reads them. The abilities are compiled once:\n")
	p("`stdhost.IntrinsicManaAbilities()` is a program of this vocabulary with one card\n")
	p("for each type, \"Forest (intrinsic)\" of the type Land — Forest, whose one\n")
	p("ability is `{T}: add {G}` (`add_mana(you, mana:{G})`); a host links it as it\n")
	p("links a bundle and runs those abilities as it runs any mana ability. They are no\n")
	p("cards of a library: no test or card names them.\n\n")
	p("### Handles across a move\n\n")
	p("An object that moves from one zone to another becomes a new object with a new\n")
	p("handle (CR 400.7); the handle of the old one is stale from then on (see the next\n")
	p("sections). A card has as many handles as it has been objects. So, in a\n")
	p("`zone_change` event, `zone_change.object` holds:\n\n")
	p("- while the event is proposed — in the Match and Body of a replacement or\n")
	p("  enters ability (`enters with`, `as this enters`) — the object that is moving,\n")
	p("  as it is in the zone it leaves, and its abilities' `this` is that object;\n")
	p("- once it has happened — in the Match of a triggered ability — the new object\n")
	p("  when the object entered the battlefield (so that `when this enters` matches\n")
	p("  the permanent whose `this` it is), and otherwise the old object, as it last\n")
	p("  existed in the zone it left, whose last-known information stays readable\n")
	p("  (CR 603.10a, 608.2h): `when this dies` matches the creature that died.\n\n")
	p("The counters a permanent enters with (`enter_with_counters`) are put on the\n")
	p("new object, in `counter_put` events of their own after the `zone_change`. A\n")
	p("token that is created comes from no zone: its `zone_change.from` is 0.\n\n")
	p("### Gone objects, players and wrong handles\n\n")
	p("A handle may name an object that has left its zone since (CR 400.7: it is a new\n")
	p("object now), or a player where an object is due: `any target` passes players\n")
	p("and objects to the same filter, so `is_type` is asked about a player. Each\n")
	p("action and query says what it does then (`stale` in the stdlib):\n\n")
	p("- `%s`: an action does nothing (a gone permanent is not destroyed, no counters\n", StaleIgnored)
	p("  go on it, a player gets no counters); a query answers 0, false or no object.\n")
	p("  Never an error. But first, an action of a resolving spell or ability finds an\n")
	p("  object that moved where the rules let it (see Finding an object that moved).\n")
	p("- `%s`: a query answers from the object's last-known information, as it last\n", StaleLastKnown)
	p("  existed in its zone (CR 608.2h); an action reads that information (the\n")
	p("  counters the object had, the copiable values it had) and changes nothing of\n")
	p("  the gone object; a handle that names no object at all (a player) gets 0 or\n")
	p("  false.\n")
	p("- `%s`: the call fails: the argument must name the event being replaced, or the\n", StaleError)
	p("  call must come from the one context that has what it changes.\n\n")

	p("### Finding an object that moved\n\n")
	p("An object that moves from one zone to another becomes a new object (CR 400.7),\n")
	p("and a handle to the old one is stale. The rules make two exceptions, which a\n")
	p("host applies before it runs an action marked `stale ignored` in a resolving\n")
	p("spell or ability's body: where an argument of type object or target names an\n")
	p("object that moved, the action acts on the new object if\n\n")
	p("- the ability triggered on that very move, and the new object is still in the\n")
	p("  public zone it moved to (CR 400.7e: \"when this dies, return it to the\n")
	p("  battlefield\"); or\n")
	p("- the spell or ability's own effect, or its cost, moved it to a public zone,\n")
	p("  and it has not moved since (CR 400.7j: \"exile target creature you control,\n")
	p("  then return it to the battlefield\"; \"sacrifice this: return this to the\n")
	p("  battlefield\").\n\n")
	p("A delayed or reflexive triggered ability that a spell or ability creates finds\n")
	p("what its creator could (\"exile it; return it at the beginning of the next end\n")
	p("step\"). A library and a hand are hidden zones: a card put there is never\n")
	p("found, and neither is a token that left the battlefield (it ceased to exist,\n")
	p("CR 111.7). Queries and actions marked `stale last_known` never follow a\n")
	p("move: they read the object as it last existed (CR 608.2h).\n\n")
	p("### An error partway through a body\n\n")
	p("When a host function returns an error, the machine stops the run at that call\n")
	p("and `Run` returns the error, wrapped in a `*vm.Error` that names the function\n")
	p("and the position in the card (`vm.ErrStepLimit` and `vm.ErrCancelled` end a run\n")
	p("the same way). Nothing is\n")
	p("undone: the actions the body did before the failing call have happened, and\n")
	p("the locals it stored stay stored; the rest of the body does not run. In a\n")
	p("replacement body, the changes made at once stand, the event still happens, and\n")
	p("the actions recorded before the failure are still done after it. The rules\n")
	p("core then goes on as the rules say, leaving out what failed, and reports the\n")
	p("first such error of a game action as a `core.FailureError`; a host should keep\n")
	p("its game just as consistent, and never apply half of one action. A host\n")
	p("function that panics is no exception: the top-level `Run` recovers the panic,\n")
	p("restores the machine, and returns a `*vm.PanicError` (`vm.ErrPanic`) wrapped in\n")
	p("its `*vm.Error`; the machine stays usable.\n\n")

	p("### Limits\n\n")
	p("A top-level `Run` executes at most `Machine.MaxSteps` instructions (%d by\n", vm.DefaultMaxSteps)
	p("default, as a MaxSteps of 0 means), counting every run nested in it through\n")
	p("the host, and runs nest at most `Machine.MaxDepth` deep (%d by default); a host\n", vm.DefaultMaxDepth)
	p("function takes at most %d arguments (`vm.MaxArity`). So MaxSteps bounds a whole\n", vm.MaxArity)
	p("game event only where the event's work is nested in one top-level run (an event\n")
	p("proposed by an action of a resolving body, say). A host that processes an event\n")
	p("with a top-level run for each Match and Body keeps the bound by calling\n")
	p("`Machine.BeginBudget` before the event and `EndBudget` after it: the runs\n")
	p("between share one budget of MaxSteps, and once it is spent each fails with\n")
	p("`vm.ErrStepLimit`. A host that passes the machine's errors on then keeps those\n")
	p("bounds for a whole game event.\n\n")
}

// hostFuncs writes the actions, queries and effects.
func (v *Vocab) hostFuncs(p func(string, ...any)) {
	p("## Actions\n\n")
	p("An action returns nothing (`Symbol.Returns` is false: `Call`'s result is\n")
	p("ignored), but one declared with a result, which says so below: what a player\n")
	p("chose as it happened (`Symbol.Returns` is true), or 0 if they had nothing to\n")
	p("choose. *cost* marks an action an activated ability's Pay may call; *mana* an\n")
	p("action that adds mana, through a `mana_produced` event that replacement effects\n")
	p("and triggers see.\n\n")
	for _, f := range v.funcs {
		if !f.Action {
			continue
		}
		if f.Returns() {
			p("### %s(%s) -> %s\n\n", f.Name, params(f.Params), f.Result)
		} else {
			p("### %s(%s)\n\n", f.Name, params(f.Params))
		}
		timing := "after the event"
		if f.AtOnce {
			timing = "at once"
		}
		p("- arity %d; called from %s; in a replacement body, takes effect %s; stale handle: %s", len(f.Params), codeList(f.Called), timing, f.Stale)
		switch {
		case f.MovesFrom != "":
			p("; moves `%s` from the zone `%s` to the zone `%s`", f.Moves, f.MovesFrom, f.MovesTo)
		case f.Moves != "":
			p("; moves `%s` to the zone `%s`", f.Moves, f.MovesTo)
		}
		if f.Returns() {
			// An action with a result (`Symbol.Returns` is true).
			p("; returns %s", f.Result)
		}
		var traits []string
		if f.Cost {
			traits = append(traits, "cost")
		}
		if f.Mana {
			traits = append(traits, "mana")
		}
		if f.Chooses != "" {
			traits = append(traits, "chooses a "+f.Chooses)
		}
		if len(traits) > 0 {
			p("; %s", strings.Join(traits, ", "))
		}
		if len(f.Templates()) == 0 {
			p("; the compiler's own (no phrase)")
		}
		p("\n\n%s\n\n", f.Doc)
	}

	p("## Queries\n\n")
	p("Each query returns a value (`Symbol.Returns` is true) of its result type.\n\n")
	p("| query | arity | result | called from | stale handle | meaning |\n|---|---|---|---|---|---|\n")
	for _, f := range v.funcs {
		if !f.Query() {
			continue
		}
		p("| `%s(%s)` | %d | %s | %s | %s | %s |\n", f.Name, params(f.Params), len(f.Params), f.Result, codeList(f.Called), f.Stale, f.Doc)
	}

	p("\n## Effects\n\n")
	p("An effect is called from the Body of an AbilityEffect, with the affected object\n")
	p("as its first argument, whenever the host computes characteristics; it changes\n")
	p("what the host computes for that object, in its layer (CR 613.1; within a\n")
	p("layer, in timestamp order, CR 613.7). The same name, `effect:NAME`, is the\n")
	p("ability's Rule. It returns nothing, and affects only a permanent on the\n")
	p("battlefield, except `define_pt`, a characteristic-defining ability, which\n")
	p("applies to its own card in every zone (CR 604.3). It is called from the\n")
	p("`effect` context alone: called from any other, it is an error.\n\n")
	p("| effect | arity | layer | meaning |\n|---|---|---|---|\n")
	for _, f := range v.funcs {
		if !f.Effect {
			continue
		}
		layer := "none"
		if f.Layer != "" {
			layer = f.Layer
		}
		p("| `%s(%s)` | %d | %s | %s |\n", f.Name, params(f.Params), len(f.Params), layer, f.Doc)
	}
	p("\n")
}

// hostEvents writes the event kinds, their fields and the rules.
func (v *Vocab) hostEvents(p func(string, ...any)) {
	p("## Events\n\n")
	p("The host proposes these events as the game goes on, runs the Match of every\n")
	p("ability whose `Event` names the kind (`event:NAME`), applies replacement effects\n")
	p("before the event happens and triggers abilities after. A Match, and the Body\n")
	p("of a replacement or enters ability, read its fields through `Field`, by the\n")
	p("symbol `NAME.FIELD`. Every event also has the field `id`, its handle.\n\n")
	for _, e := range v.eventList {
		var fields []string
		for _, f := range e.Fields {
			fields = append(fields, fmt.Sprintf("`%s.%s`: %s", e.Name, f.Name, f.Type))
		}
		p("### %s\n\n%s\n\nFields: %s.\n\n", e.Name, e.Doc, strings.Join(fields, ", "))
	}
	p("## Rules\n\n")
	p("The Rule of an AbilityStatic (`rule:NAME`): while its permanent is on the\n")
	p("battlefield, the rule applies to each event of the ability's Event kind that\n")
	p("its Match matches.\n\n")
	for _, r := range v.ruleList {
		p("- `%s` (%s): %s\n", r.Name, params(r.Params), r.Doc)
	}
	p("\n")
}

// hostNames writes the kinds of names and their words.
func (v *Vocab) hostNames(p func(string, ...any)) {
	p("## Names\n\n")
	p("Every `vm.SymName` is `KIND:NAME`. The host's Linker maps each to an id of its\n")
	p("own: a bit of a set, a number, an interned string. These are all the kinds a\n")
	p("program may hold.\n\n")
	for _, k := range v.NameKinds() {
		p("- `%s:` %s", k.Kind, k.What)
		if k.Words != nil {
			p(": %s", codeList(k.Words))
		}
		p(".\n")
	}
	p("\nAdjectives of filters (`a tapped creature`) are no names: the adjective A\n")
	p("compiles to the query `is_A` (%s).\n", codeList(v.adjectives))
}

// codeList writes names as code, separated by commas.
func codeList(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return strings.Join(out, ", ")
}
