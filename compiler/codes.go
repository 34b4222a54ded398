package compiler

import "github.com/cardc/cardc/vocab"

// Diagnostic codes of the compiler. A code never changes meaning; new
// checks get new codes. dsl/SPEC.md lists them all. The codes of phrases
// and expressions (C010-C018, C021, C032, C900) are raised by package
// vocab, which reads them; they are repeated here so that this file lists
// every code of a card.
const (
	CodeUnknownType      = "C001" // unknown-type: a word of the type line is no card type or supertype
	CodeBadMana          = "C002" // bad-mana: a mana symbol that does not exist
	CodeCharacteristic   = "C003" // characteristic: a missing or repeated cost, type line or P/T
	CodePT               = "C004" // pt: P/T on a non-creature, none on a creature, or malformed
	CodeDuplicateCard    = "C005" // duplicate-card: two cards with the same name
	CodeSpellAbility     = "C006" // spell-ability: `spell` on a permanent card, or none on an instant or sorcery
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
	CodeUnknownKeyword   = "C022" // unknown-keyword: a keyword ability the vocabulary does not know
	CodeEnchant          = "C023" // enchant: `enchant` on a card that is no Aura, twice, or an Aura without one
	CodeRestriction      = "C024" // restriction: `activate only ...` that the rules don't know
	CodeGrantedSyntax    = "C025" // granted-syntax: the text of an ability an effect grants does not parse
	CodeCDA              = "C026" // cda: */* without a characteristic-defining ability, one with a printed P/T, or one that defines another object
	CodeReflexive        = "C040" // reflexive: `when` inside a body whose event is not what a player does this way (CR 603.12)
	CodeForEach          = "C041" // for-each: `for each` without a filter of permanents, or without a name
	CodeChosen           = "C042" // chosen: "the chosen color" on a card that makes no such choice as it enters
	CodeNoOracle         = "C030" // no-oracle (warning): the card carries no Oracle text
	CodeUnusedBinding    = "C031" // unused-binding (warning): a name bound with `as` and never used
	CodeAmbiguousPhrase  = vocab.CodeAmbiguousPhrase
	CodeConstantRange    = vocab.CodeConstantRange
	CodeFilterOr         = vocab.CodeFilterOr
	CodeTargetCount      = vocab.CodeTargetCount
	CodeSelfName         = "C070" // self-name: the card's own name in a phrase, where the language says `this`
	CodeStdlib           = vocab.CodeStdlib
	CodeInternalCompiler = "C999" // internal: a failure of the compiler itself
)

// CodeInfo describes a diagnostic code.
type CodeInfo struct {
	Code, Name, Summary string
}

// Codes lists every diagnostic code of the compiler, for documentation and
// tests.
var Codes = []CodeInfo{
	{CodeUnknownType, "unknown-type", "a word of the type line is no card type or supertype"},
	{CodeBadMana, "bad-mana", "a mana symbol that does not exist"},
	{CodeCharacteristic, "characteristic", "a missing or repeated cost, type line or P/T"},
	{CodePT, "pt", "P/T on a non-creature, none on a creature, or malformed"},
	{CodeDuplicateCard, "duplicate-card", "two cards with the same name"},
	{CodeSpellAbility, "spell-ability", "`spell` on a permanent card, or none on an instant or sorcery"},
	{CodeUnknownAction, "unknown-action", "no action of the vocabulary reads like this"},
	{CodeUnknownEvent, "unknown-event", "no event of the vocabulary reads like this"},
	{CodeUnknownRule, "unknown-rule", "no rule or effect of the vocabulary reads like this"},
	{CodeType, "type", "a value of the wrong type"},
	{CodeUndefined, "undefined", "a name that is not bound here"},
	{CodeUnknownWord, "unknown-word", "a word of a filter that names nothing"},
	{CodeUnknownCounter, "unknown-counter", "a counter kind the vocabulary does not know"},
	{CodeUnknownStep, "unknown-step", "a step the vocabulary does not know"},
	{CodeUnknownField, "unknown-field", "x.f where x has no field or query f"},
	{CodeContext, "context", "an action used where it means nothing"},
	{CodeChoice, "choice", "a filter where the card must say which object (use target, or bind it)"},
	{CodeBinding, "binding", "a name bound twice, or `as` where nothing can be named"},
	{CodeUnknownKeyword, "unknown-keyword", "a keyword ability the vocabulary does not know"},
	{CodeEnchant, "enchant", "`enchant` on a card that is no Aura, twice, or an Aura without one"},
	{CodeRestriction, "restriction", "`activate only ...` that the rules don't know"},
	{CodeGrantedSyntax, "granted-syntax", "the text of an ability an effect grants does not parse"},
	{CodeCDA, "cda", "*/* without a characteristic-defining ability, one with a printed P/T, or one that defines another object"},
	{CodeNoOracle, "no-oracle", "warning: the card carries no Oracle text"},
	{CodeUnusedBinding, "unused-binding", "warning: a name bound with `as` and never used"},
	{CodeAmbiguousPhrase, "ambiguous", "warning: a phrase reads as two different things"},
	{CodeReflexive, "reflexive", "`when` inside a body whose event is not what a player does this way (CR 603.12)"},
	{CodeForEach, "for-each", "`for each` without a filter of permanents, or without a name"},
	{CodeChosen, "chosen", "`the chosen color` on a card that doesn't choose one as it enters (CR 614.12)"},
	{CodeSelfName, "self-name", "the card's own name in a phrase, where the language says `this`"},
	{CodeFilterOr, "filter-or", "`or` in a filter between words other than two card types"},
	{CodeTargetCount, "target-count", "a number of targets (`two target creatures`, `up to one target`), which the language does not have yet"},
	{CodeConstantRange, "constant-range", "an expression of numbers alone whose value is beyond 2^40, where every quantity of the game stops"},
	{CodeStdlib, "stdlib", "the standard vocabulary itself is broken"},
	{CodeInternalCompiler, "internal", "a failure of the compiler itself"},
}
