package compiler

// Diagnostic codes of the compiler. A code never changes meaning; new
// checks get new codes. dsl/SPEC.md lists them all.
const (
	CodeUnknownType      = "C001" // unknown-type: a word of the type line is no card type or supertype
	CodeBadMana          = "C002" // bad-mana: a mana symbol that does not exist
	CodeCharacteristic   = "C003" // characteristic: a missing or repeated cost, type line or P/T
	CodePT               = "C004" // pt: P/T on a non-creature, none on a creature, or malformed
	CodeDuplicateCard    = "C005" // duplicate-card: two cards with the same name
	CodeSpellAbility     = "C006" // spell-ability: `spell` on a permanent card, or none on an instant or sorcery
	CodeUnknownAction    = "C010" // unknown-action: no action of the vocabulary reads like this
	CodeUnknownEvent     = "C011" // unknown-event: no event of the vocabulary reads like this
	CodeUnknownRule      = "C012" // unknown-rule: no rule of the vocabulary reads like this
	CodeType             = "C013" // type: a value of the wrong type (a number where an object is due...)
	CodeUndefined        = "C014" // undefined: a name that is not bound here
	CodeUnknownWord      = "C015" // unknown-word: a word of a filter that names nothing
	CodeUnknownCounter   = "C016" // unknown-counter: a counter kind the vocabulary does not know
	CodeUnknownStep      = "C017" // unknown-step: a step the vocabulary does not know
	CodeUnknownField     = "C018" // unknown-field: `x.f` where x has no field or query f
	CodeContext          = "C019" // context: an action used where it means nothing (prevent outside replace...)
	CodeChoice           = "C020" // choice: "a creature" where the card must say which (use target, or bind it)
	CodeBinding          = "C021" // binding: a name bound twice, or `as` where nothing can be named
	CodeUnknownKeyword   = "C022" // unknown-keyword: a keyword ability the vocabulary does not know
	CodeNoOracle         = "C030" // no-oracle (warning): the card carries no Oracle text
	CodeUnusedBinding    = "C031" // unused-binding (warning): a name bound with `as` and never used
	CodeAmbiguousPhrase  = "C032" // ambiguous (warning): a phrase reads as two different things
	CodeStdlib           = "C900" // stdlib: the standard vocabulary itself is broken
	CodeInternalCompiler = "C999" // internal: a failure of the compiler itself
)

// CodeInfo describes a diagnostic code.
type CodeInfo struct {
	Code, Name, Summary string
}

// Codes lists every diagnostic code of the compiler, for documentation and
// `cardc lint --codes`.
var Codes = []CodeInfo{
	{CodeUnknownType, "unknown-type", "a word of the type line is no card type or supertype"},
	{CodeBadMana, "bad-mana", "a mana symbol that does not exist"},
	{CodeCharacteristic, "characteristic", "a missing or repeated cost, type line or P/T"},
	{CodePT, "pt", "P/T on a non-creature, none on a creature, or malformed"},
	{CodeDuplicateCard, "duplicate-card", "two cards with the same name"},
	{CodeSpellAbility, "spell-ability", "`spell` on a permanent card, or none on an instant or sorcery"},
	{CodeUnknownAction, "unknown-action", "no action of the vocabulary reads like this"},
	{CodeUnknownEvent, "unknown-event", "no event of the vocabulary reads like this"},
	{CodeUnknownRule, "unknown-rule", "no rule of the vocabulary reads like this"},
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
	{CodeNoOracle, "no-oracle", "warning: the card carries no Oracle text"},
	{CodeUnusedBinding, "unused-binding", "warning: a name bound with `as` and never used"},
	{CodeAmbiguousPhrase, "ambiguous", "warning: a phrase reads as two different things"},
	{CodeStdlib, "stdlib", "the standard vocabulary itself is broken"},
	{CodeInternalCompiler, "internal", "a failure of the compiler itself"},
}
