// Package vm is the small stack machine that runs compiled card rules inside
// a game engine, the host.
//
// The compiler turns the rules of Magic: The Gathering cards, written in
// the project's DSL, into a Program: a bundle of Cards whose Abilities name
// entry points (Funcs) of bytecode. The host decides when an ability
// matters (an event happens, a spell resolves) and runs the right function
// with Machine.Run.
//
// # The machine
//
// Every runtime value is a Value, an int64: a number, a boolean (0 or 1;
// any non-zero value is true where a condition is read), or a handle the
// host gave out (an object, a player, a counter kind). The compiler has
// checked types, so the machine never does.
//
// Conditions stop as soon as their result is known: the compiler lowers
// `a and b` to a, OpJumpIfFalseOrPop, b (and `a or b` to a,
// OpJumpIfTrueOrPop, b), so b — and any host query in it — runs only when
// a has not decided. A filter's tests (see the language's SPEC, Filters)
// run in order the same way: "any target" asks is_type only of a candidate
// for which is_player returned false. A host may rely on that order, but
// should still answer a query on any handle it gave out rather than fail.
//
// A function works on a flat operand stack and on locals that belong to the
// caller: Run reads and writes the caller's slice, so what a function
// stores stays with the caller. Each instruction is an Opcode and one int32
// argument; opcode.go gives each its stack picture. Arithmetic saturates
// at -MaxNumber and MaxNumber (2^40, where every quantity of the game
// stops) instead of wrapping around: an operand beyond the bounds is read
// as the bound, and a sum, difference, product or negation beyond them is
// the bound, so that an expression such as this.power * this.power *
// this.power means at run time what the compiler checked it to mean.
// OpDiv truncates toward zero and fails on a zero divisor.
//
// A program knows nothing of the host but names, its Symbols: host
// functions (OpCall), fields of the current event (OpField) and named
// constants of the host's vocabulary (OpSym). Link resolves every symbol to
// the host's id once, through the host's Linker; the machine then passes
// those ids to the Host's Call and Field. So one program runs on any host
// that knows its names.
//
// Link also prepares the code the machine runs, with the host's ids in it
// (the machine looks nothing up by symbol as it runs): where a common
// sequence of instructions starts (a field compared with "this" and a
// conditional jump, a field stored into a local, a query's answer
// returned, a constant returned...), it puts a superinstruction that does
// the whole sequence in one dispatch. They are
// not part of the bytecode or its format, so Verify and the disassembler
// never see them and every bundle gets them; they behave exactly as the
// instructions they stand for, counted steps included.
//
// # Calling convention
//
// The host passes the locals. Local LocalThis (0) is "this" (the object the
// ability belongs to, or the resolving spell), local LocalYou (1) is "you"
// (that object's controller). A target filter finds its candidate in local
// LocalCandidate (2). A match function stores what it binds (objects named
// with "as", event fields the body reads) into further locals, from
// FirstFreeLocal on, and returns how many times the ability triggers or
// applies (0: not at all); the host keeps those locals and passes them to
// the body.
//
// # Names
//
// The names of symbols are the contract between a program and its host,
// and they follow two patterns. A SymName is "kind:name", its kind one of
// the NameKind constants ("counter:+1/+1", "type:creature",
// "event:damage", "rule:damage_cant_be_prevented", "step:end"); a SymField
// is "event.field", the event's kind as a NameEvent names it, then the
// field ("damage.amount"). A SymFunc is a plain name ("destroy"). Build
// the names with NameSymbol and FieldSymbol and take them apart with
// Symbol.SplitName and Symbol.SplitField rather than by hand.
//
// # Embedding
//
// An engine loads a bundle (Decode), checks that it was compiled against
// the vocabulary the engine implements (CheckVocabulary), links it to its
// own Host (Link), and, for each game event, runs the Match function of
// every ability that
// watches that kind of event (Ability.Event) with this and you set, then
// the Body of those that match: a replacement effect's before the event
// happens, a trigger's when it resolves from the stack. Ability.Anchors,
// when present, let it skip the Match functions that cannot match: an
// ability about "this" matches only events whose anchor field holds its
// object. Func.Locals names the locals, for error messages and the
// disassembler. The rules core of the project (package core) is such a
// host.
//
// An engine that implements part of the vocabulary links with LinkPartial
// instead: the cards that use a name its Linker refuses are left out
// (Linked.Unlinked says, card by card, what each lacks; Linked.Runs
// which it can run), and the others run. Program.CardSymbols lists the
// symbols a card uses, and CheckVocabulary names, with each missing
// name, the cards that use it.
//
// Package stdhost holds the standard vocabulary's facts as Go data (the
// facts HOST.md states: each function's arity, parameters, result,
// contexts, when it takes effect and what a stale handle gets; each
// event's fields), generated from the stdlib, and a binding that builds
// a host's Linker and Host from its methods, one method a function, with
// the checks of arity, result and context. This package knows nothing of
// any vocabulary.
//
// # The frame and the run's context
//
// The host gets, with each Call and Field, the Frame of the running
// function: the Linked program and the function (and so, through
// Frame.Owner, the card, the ability and the entry point it belongs to —
// match, body, pay or a filter), the locals the caller passed, and the
// Context the host gave RunWith. A host puts in the context what it needs
// to answer: the event being matched or replaced, the mode of the run
// (checking a cost, paying it), and so needs no side channel kept around
// each Run. The frame belongs to the machine and is reused: a host keeps
// nothing of it.
//
// # The host specification
//
// HOST.md, in this package's directory, is the reference for what each
// name of the vocabulary does: for every action and query its arity,
// result, the contexts it may be called from, when it takes effect in a
// replacement body and what a stale handle gets; every event kind and its
// fields; every kind of name (NameKind) and its words; and the rules every
// host follows (the trigger count cap MaxTriggerCount, delayed and
// reflexive triggers, what state a game is in after a host error). It is
// generated from the vocabulary (stdlib/*.card), which the rules core
// reads too, and a test keeps it true; a host can be built from it and
// this documentation alone.
//
// Static abilities that create continuous effects (AbilityEffect) watch no
// event: whenever it computes characteristics, the host runs Match with
// each candidate object in LocalCandidate, as for a target's filter, and
// Body with the same locals for each one it affects; Body calls the
// effect, which Rule names, and that name tells the host the layer to
// apply it in. An ability flagged FlagGranted is not an ability of its
// card: the host runs it as an ability of the objects an effect grants it
// to, with LocalThis that object. The enchant ability of an Aura
// (AbilityEnchant) has only a Target, which its spell targets.
//
// An activated ability (AbilityActivated) is activated by a player: the
// host chooses its targets and the objects of its Choices (each judged by
// its Filter with the candidate in LocalCandidate, and stored in its
// Local), checks that the whole cost can be paid — Cost's mana symbols,
// {T} or {Q} (FlagTapCost, FlagUntapCost), timing (FlagSorcery,
// FlagOncePerTurn), and Pay run once with its actions only checking that
// they could be done — then pays it, running Pay again with its actions
// done. A mana ability (FlagMana) then runs Body at once; any other goes
// on the stack, and its Body runs when it resolves. A triggered ability
// flagged FlagMana resolves right after the mana ability whose mana
// triggered it, without the stack. Actions that add mana (those the
// vocabulary marks `is mana`) make the host produce mana through a
// mana_produced event, which replacement effects and triggers see like any
// other event. A Target whose Zone is set picks its candidates in that
// zone (a card in a graveyard, a spell on the stack) instead of among
// permanents and players.
// A Target whose Max is not 0 chooses a number of objects and players
// (Min to Max, AnyNumber for any number; distinct ones, CR 115.3): for a
// Max other than 1 the host keeps what was chosen itself and Local holds
// how many, and the body reads them with the host functions target_count
// and target_at, given the set of the ability's targets (a value of type
// targets, bit i for Targets[i]). A Target whose Divide is set has its
// controller divide an amount among what was chosen for it as the spell
// is cast or the ability put on the stack (CR 601.2d): the host runs
// Divide, with the ability's locals, for the amount. An ability whose
// Modes is not 0 is modal (CR 700.2): its controller chooses from ModeMin
// to ModeMax of its modes before its targets, chooses the targets of the
// chosen modes only (Target.Mode; 0 is a target of every choice), and the
// body asks mode_chosen which were chosen.
// Host functions that take a set of objects get an index into the
// ability's Filters, functions the host runs on each candidate.
//
// # Vocabulary versions
//
// A bundle records the vocabulary it was compiled against
// (Program.Vocabulary): its name ("cardc.std"), its version MAJOR.MINOR,
// and a hash of what it declares (names, kinds, parameter and field
// types, results, in a canonical order; not comments or layout). A host
// states the vocabulary it implements as a Vocabulary too, and
// CheckVocabulary applies the compatibility policy: a minor version only
// adds names, so a bundle of the host's vocabulary and major version runs
// whatever the minor versions, if the host has every name it uses (if
// not, the error lists each missing name with the Linker's reason); a
// major version may remove or change names and types, so a bundle of
// another major version, or of another vocabulary, is refused with a
// message naming both ("bundle built against vocabulary cardc.std 2.0;
// this host implements 1.3: another major version ..."). When the
// versions are compatible but the hashes differ, the two vocabularies
// declare different sets of names: link and run the bundle, and log the
// two hashes if you like; do not refuse it. The machine cannot know the
// arity and result of a host's functions: the host's Linker checks each
// against what the program states in its Symbols (package stdhost's
// binding does, from the vocabulary's facts). dsl/SPEC.md, Vocabulary
// versions, says the same for designers.
//
// # Limits
//
// A Machine's stack holds StackSize values, shared by a run and every run
// nested in it; a function may declare at most MaxFuncStack of them as its
// MaxStack, at most MaxLocals locals, and a host function takes at most
// MaxArity arguments. Runs nest at most Machine.MaxDepth deep
// (DefaultMaxDepth). Exceeding a limit is an error, never a crash. A
// MaxSteps or MaxDepth of zero or less means its default.
//
// A top-level call of Run, one made while no other run is in progress,
// executes at most Machine.MaxSteps instructions (DefaultMaxSteps), counting
// those of every run nested in it through the host: the nested runs draw
// on what is left of the same budget. When the budget is spent, the run in
// progress, however deep, fails with ErrStepLimit; a host that passes that
// error on, as it should, makes the top-level call fail too. The next
// top-level call starts a new budget.
//
// So MaxSteps bounds the work of one game event and of everything the
// effects it triggers run only if that work happens inside one top-level
// call: a host whose event is proposed by a host function (an action of a
// resolving body) has it so. A host that processes an event itself, with
// a top-level run for each Match and each Body, keeps the bound with
// Machine.BeginBudget, before the event, and EndBudget, after it: the
// top-level runs between them share one budget of MaxSteps.
//
// # Cancellation
//
// To bound time rather than instructions, or to stop a game that is no
// longer wanted, call Machine.Cancel with a reason, from any goroutine. The
// run in progress notices within 256 of its instructions, a nested run as
// it starts (the machine cannot interrupt a host function, only the
// bytecode around it), and fails with an error that wraps ErrCancelled and
// includes the reason; so do the runs it is nested in, if the host passes
// the error on. The machine stays cancelled: every later Run fails the same way at once, so
// a cancellation that arrives just before a call, or between two runs of
// one event, is not lost. Machine.Uncancel makes it usable again, for
// example before the next event once the cancelled call has returned.
//
// # Reentrancy
//
// A host function may call Run again on the same Machine while it is
// running, for example when an action proposes an event that the match
// functions of other cards must see. The nested run's stack starts above
// the caller's. A Machine is not safe for concurrent use, Cancel and
// Uncancel aside: give each goroutine its own.
//
// # Safety
//
// Verify checks everything Run relies on (instructions, arguments, stack
// depths, card references). Decode always verifies; a Program built in
// memory must pass Verify before it is run. On a verified program, Run
// never panics, whatever the host returns, and a steady-state run does not
// allocate. A host function that panics does not break the machine: the
// top-level run recovers the panic, restores the machine, and fails with
// a *PanicError (ErrPanic); Machine.Reset drops whatever state a machine
// holds, to reuse it for another game.
//
// # Binary format
//
// MarshalBinary writes a 12-byte header: the magic bytes "CARDVM",
// FormatVersion as a little-endian uint16, and the CRC-32C (Castagnoli)
// checksum of everything after the header as a little-endian uint32. Then
// come the vocabulary (name, major and minor version, hash), the symbols,
// constants, functions (code and positions and local names) and cards
// (every field of Card, Ability and Target), using varints and
// length-prefixed strings and lists.
//
// Decode reads it back in this order: it rejects data without the magic
// bytes, another version (a bundle is rebuilt from its .card files, never
// converted), and data whose checksum does not match, before it decodes
// anything; then it rejects truncated or trailing data, never allocating
// more than the input can justify, and verifies the program.
//
// A bundle may come from anywhere, and anyone can compute its checksum:
// what it may declare is bounded, each bound checked before anything is
// allocated. A bundle has at most MaxBundleSize bytes (32 MiB), at most
// MaxCards cards, MaxFuncs functions, MaxSymbols symbols and MaxConsts
// constants, MaxCode instructions in a function and MaxList elements in
// any other list (a card's abilities, an ability's targets...); and it
// decodes into at most MaxDecodeRatio (8) times its size, plus 64 KiB, of
// memory, so 256 MiB at most: a bundle of empty cards, 14 bytes each that
// would decode into more than 200, is refused. The checksum
// makes any damage a bundle suffers (one changed byte for certain, other
// damage but for one chance in 2^32) an error rather than a different
// program; it is no defence against a bundle made to deceive, which
// Verify bounds instead.
//
// Version 4 added the vocabulary and the short-circuit jumps JUMPFK and
// JUMPTK; version 3 added the checksum. Bundles of an older version are
// refused with a message to rebuild them.
// Disassemble prints a program for people.
//
// The non-test code of package vm imports nothing of the project, only
// the standard library: the compiler and the hosts depend on it, never the
// reverse. Its tests may import the project's test helpers
// (internal/golden).
package vm
