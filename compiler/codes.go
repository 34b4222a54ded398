package compiler

import (
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// Diagnostic codes of the compiler. A code never changes meaning; new
// checks get new codes. dsl/SPEC.md lists them all. The codes of phrases
// and expressions (C008, C010-C018, C021, C032, C060, C071-C073, C900) are raised by package
// vocab, which reads them; they are repeated here so that this file lists
// every code of a card.
const (
	CodeUnknownType      = "C001" // unknown-type: a word of the type line is no card type or supertype
	CodeBadMana          = "C002" // bad-mana: a mana symbol that does not exist
	CodeCharacteristic   = "C003" // characteristic: a missing or repeated cost, type line or P/T
	CodePT               = "C004" // pt: P/T on a non-creature, none on a creature, or malformed
	CodeDuplicateCard    = "C005" // duplicate-card: two cards with the same name
	CodeSpellAbility     = "C006" // spell-ability: `spell` on a permanent card, or none on an instant or sorcery
	CodeCardName         = "C007" // card-name: a card's name that is not one line of printable text (CR 201.2)
	CodeSubtype          = vocab.CodeSubtype
	CodeUnknownAction    = vocab.CodeUnknownAction
	CodeUnknownEvent     = vocab.CodeUnknownEvent
	CodeUnknownRule      = vocab.CodeUnknownRule
	CodeType             = vocab.CodeType
	CodeUndefined        = vocab.CodeUndefined
	CodeUnknownWord      = vocab.CodeUnknownWord
	CodeUnknownCounter   = vocab.CodeUnknownCounter
	CodeUnknownStep      = vocab.CodeUnknownStep
	CodeUnknownField     = vocab.CodeUnknownField
	CodeContext          = "C019" // context: an action used where it means nothing (prevent outside replace...)
	CodeChoice           = "C020" // choice: "a creature" where the card must say which (use target, or bind it)
	CodeBinding          = vocab.CodeBinding
	CodeUnknownKeyword   = "C022"            // unknown-keyword: a keyword ability the vocabulary does not know
	CodeEnchant          = "C023"            // enchant: `enchant` on a card that is no Aura, twice, or an Aura without one
	CodeRestriction      = "C024"            // restriction: `activate only ...` that the rules don't know
	CodeGrantedSyntax    = "C025"            // granted-syntax: the text of an ability an effect grants does not parse
	CodeCDA              = "C026"            // cda: */* without a characteristic-defining ability, one with a printed P/T, or one that defines another object
	CodeEquip            = "C027"            // equip: `equip` on a card that is no Equipment
	CodeLoyalty          = "C028"            // loyalty: `loyalty` on a card that is no planeswalker, or none on a planeswalker
	CodeReflexive        = "C040"            // reflexive: `when` inside a body whose event is not what a player does this way (CR 603.12)
	CodeForEach          = vocab.CodeForEach // for-each: `for each` without a filter of permanents, or without a name
	CodeChosen           = "C042"            // chosen: "the chosen color" on a card that makes no such choice as it enters
	CodeFindsNothing     = "C043"            // finds-nothing (warning): a statement whose object is where the ability can't find it (CR 400.7)
	CodeSpellSlot        = "C044"            // spell-slot: a filter of spells where an action wants a permanent or a card, or one of permanents where it wants a spell
	CodeModes            = "C045"            // modes: a modal choice (`choose one { mode { } ... }`) the rules don't allow (CR 700.2)
	CodeSeveralTargets   = "C046"            // several-targets: a number of targets where one object is needed, or a target that reads what the ability learns as it resolves
	CodeCant             = "C047"            // cant: `if you can't` after no choice of that player
	CodeDid              = "C048"            // did: `if you do` with no `you may` before it, or whose player is not the one who decided
	CodeIntrinsicMana    = "C049"            // intrinsic-mana (warning): a land writes the mana ability one of its basic land types gives it (CR 305.6)
	CodeNoOracle         = "C030"            // no-oracle (warning): the card carries no Oracle text
	CodeUnusedBinding    = "C031"            // unused-binding (warning): a name bound with `as` and never used
	CodeAmbiguousPhrase  = vocab.CodeAmbiguousPhrase
	CodeConstantRange    = vocab.CodeConstantRange
	CodeFilterOr         = vocab.CodeFilterOr
	CodeTargetCount      = vocab.CodeTargetCount
	CodeFilterQuality    = vocab.CodeFilterQuality
	CodeSelfName         = "C070" // self-name: the card's own name in a phrase, where the language says `this`
	CodeOwnKeyword       = "C090" // own-keyword: an action gives persist or undying until end of turn
	CodeGrantedNumbered  = "C125" // granted-numbered: an effect gives graft, a keyword written with its number
	CodeStdlib           = vocab.CodeStdlib
	CodeInternalCompiler = "C999" // internal: a failure of the compiler itself
)

// Codes lists every diagnostic code of the compiler, for documentation and
// tests.
var Codes = []dsl.CodeInfo{
	{Code: CodeUnknownType, Name: "unknown-type", Summary: "a word of the type line is no card type or supertype"},
	{Code: CodeBadMana, Name: "bad-mana", Summary: "a mana symbol that does not exist"},
	{Code: CodeCharacteristic, Name: "characteristic", Summary: "a missing or repeated cost, type line or P/T"},
	{Code: CodePT, Name: "pt", Summary: "P/T on a non-creature, none on a creature, or malformed"},
	{Code: CodeDuplicateCard, Name: "duplicate-card", Summary: "two cards with the same name"},
	{Code: CodeSpellAbility, Name: "spell-ability", Summary: "`spell` on a permanent card, or none on an instant or sorcery"},
	{Code: CodeCardName, Name: "card-name", Summary: "a card's name that is not one line of printable text: a line break, a tab, a control character (ESC, NUL) or another character that prints nothing (CR 201.2)"},
	{Code: CodeSubtype, Name: "subtype", Summary: "a word that is no subtype of the vocabulary (CR 205.3) where one is due, on a type line or in a filter, or a subtype of a card type the card or token does not have (CR 205.3d)"},
	{Code: CodeUnknownAction, Name: "unknown-action", Summary: "no action of the vocabulary reads like this"},
	{Code: CodeUnknownEvent, Name: "unknown-event", Summary: "no event of the vocabulary reads like this"},
	{Code: CodeUnknownRule, Name: "unknown-rule", Summary: "no rule or effect of the vocabulary reads like this"},
	{Code: CodeType, Name: "type", Summary: "a value of the wrong type"},
	{Code: CodeUndefined, Name: "undefined", Summary: "a name that is not bound here"},
	{Code: CodeUnknownWord, Name: "unknown-word", Summary: "a word of a filter that names nothing"},
	{Code: CodeUnknownCounter, Name: "unknown-counter", Summary: "a counter kind the vocabulary does not know"},
	{Code: CodeUnknownStep, Name: "unknown-step", Summary: "a step the vocabulary does not know"},
	{Code: CodeUnknownField, Name: "unknown-field", Summary: "x.f where x has no field or query f"},
	{Code: CodeContext, Name: "context", Summary: "an action used where it means nothing"},
	{Code: CodeChoice, Name: "choice", Summary: "a filter where the card must say which object (use target, or bind it)"},
	{Code: CodeBinding, Name: "binding", Summary: "a name bound twice, or `as` where nothing can be named"},
	{Code: CodeUnknownKeyword, Name: "unknown-keyword", Summary: "a keyword ability the vocabulary does not know"},
	{Code: CodeEnchant, Name: "enchant", Summary: "`enchant` on a card that is no Aura, twice, or an Aura without one"},
	{Code: CodeRestriction, Name: "restriction", Summary: "`activate only ...` that the rules don't know"},
	{Code: CodeGrantedSyntax, Name: "granted-syntax", Summary: "the text of an ability an effect grants does not parse"},
	{Code: CodeCDA, Name: "cda", Summary: "*/* without a characteristic-defining ability, one with a printed P/T, or one that defines another object"},
	{Code: CodeEquip, Name: "equip", Summary: "`equip` on a card that is no Equipment"},
	{Code: CodeLoyalty, Name: "loyalty", Summary: "`loyalty` on a card that is no planeswalker, or none on a planeswalker"},
	{Code: CodeIntrinsicMana, Name: "intrinsic-mana", Summary: "warning: a land writes `{T}: add {G}` (or `{T}: add {G} or {W}`) where its basic land types give it that mana ability already (CR 305.6): a second ability"},
	{Code: CodeNoOracle, Name: "no-oracle", Summary: "warning: the card carries no Oracle text"},
	{Code: CodeUnusedBinding, Name: "unused-binding", Summary: "warning: a name bound with `as` and never used"},
	{Code: CodeFindsNothing, Name: "finds-nothing", Summary: "warning: a statement whose object is where the ability can't find it (CR 400.7)"},
	{Code: CodeSpellSlot, Name: "spell-slot", Summary: "a filter of spells (`target spell`) where an action or an effect wants a permanent or a card, or a filter of permanents where it wants a spell on the stack (CR 112.1)"},
	{Code: CodeAmbiguousPhrase, Name: "ambiguous", Summary: "warning: a phrase reads as two different things"},
	{Code: CodeReflexive, Name: "reflexive", Summary: "`when` inside a body whose event is not what a player does this way (CR 603.12)"},
	{Code: CodeForEach, Name: "for-each", Summary: "`for each` without a filter of permanents, or without a name"},
	{Code: CodeChosen, Name: "chosen", Summary: "`the chosen color` on a card that doesn't choose one as it enters (CR 614.12)"},
	{Code: CodeCant, Name: "cant", Summary: "`if PLAYER can't` that follows no choice that player makes in the same block"},
	{Code: CodeDid, Name: "did", Summary: "`if you do` or `if you don't` with no `you may` before it in the ability, or `if they do` after `you may` (and `if you do` after another player's)"},
	{Code: CodeModes, Name: "modes", Summary: "a modal choice the rules don't allow (CR 700.2): fewer than two modes, more modes to choose than there are, `one or both` of other than two, a second one in an ability, one inside another statement or in an ability that doesn't go on the stack"},
	{Code: CodeSeveralTargets, Name: "several-targets", Summary: "a number of targets where one object is needed (`as NAME`, two in one action, a cost), or a target's filter reading a name the ability binds as it resolves, which is not known when targets are chosen"},

	{Code: CodeSelfName, Name: "self-name", Summary: "the card's own name in a phrase, where the language says `this`"},
	{Code: CodeGrantedNumbered, Name: "granted-numbered", Summary: "a static ability or an effect gives `graft`, a keyword written with its number that only a card's own `keywords` line can give"},
	{Code: CodeOwnKeyword, Name: "own-keyword", Summary: "an action gives `persist` or `undying` until end of turn, which only a `keywords` line or a static ability can give"},
	{Code: CodeFilterOr, Name: "filter-or", Summary: "`or` in a filter between a quality and a noun that is none (`target creature or spell`; `target creature or player`: a creature, a player or a planeswalker is `any target`), or qualities joined by `or` with no noun after them (`target green or artifact`)"},
	{Code: CodeTargetCount, Name: "target-count", Summary: "a number of targets the language can't read: `X target creatures`, more than 100, numbers that are no range (`one or three target creatures`)"},
	{Code: CodeFilterQuality, Name: "filter-quality", Summary: "a quality a filter's objects can't have: a player's power, toughness or mana value"},
	{Code: CodeConstantRange, Name: "constant-range", Summary: "an expression of numbers alone whose value, or the value of a step of it, is beyond 2^40, where every quantity of the game stops"},
	{Code: CodeStdlib, Name: "stdlib", Summary: "the standard vocabulary itself is broken"},
	{Code: CodeInternalCompiler, Name: "internal", Summary: "a failure of the compiler itself"},
}
