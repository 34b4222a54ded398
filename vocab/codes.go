package vocab

// Diagnostic codes raised while reading phrases and expressions against the
// vocabulary. A code never changes meaning; dsl/SPEC.md lists them all, and
// compiler.Codes describes them.
const (
	CodeSubtype         = "C008" // subtype: a word that is no subtype of the vocabulary (CR 205.3) where one is due, or a subtype of a card type the object does not have (CR 205.3d)
	CodeUnknownAction   = "C010" // unknown-action: no action of the vocabulary reads like this
	CodeUnknownEvent    = "C011" // unknown-event: no event of the vocabulary reads like this
	CodeUnknownRule     = "C012" // unknown-rule: no rule or effect of the vocabulary reads like this
	CodeType            = "C013" // type: a value of the wrong type (a number where an object is due...)
	CodeUndefined       = "C014" // undefined: a name that is not bound here
	CodeUnknownWord     = "C015" // unknown-word: a word of a filter that names nothing
	CodeUnknownCounter  = "C016" // unknown-counter: a counter kind the vocabulary does not know
	CodeForEach         = "C041" // for-each: `for each` without a filter of permanents to go through or to count
	CodeUnknownStep     = "C017" // unknown-step: a step the vocabulary does not know
	CodeUnknownField    = "C018" // unknown-field: `x.f` where x has no field or query f
	CodeBinding         = "C021" // binding: a name bound twice, or `as` where nothing can be named
	CodeAmbiguousPhrase = "C032" // ambiguous (warning): a phrase reads as two different things
	CodeConstantRange   = "C060" // constant-range: an expression of numbers alone beyond 2^40, or a step of it
	CodeFilterOr        = "C071" // filter-or: `or` in a filter between a quality and a noun that is none ("target creature or player"), or qualities with no noun after them
	CodeTargetCount     = "C072" // target-count: a number of targets the language can't read ("up to X target creatures", more than MaxTargetCount, "one or three target creatures")
	CodeFilterQuality   = "C073" // filter-quality: a quality a filter's objects can't have (a player's power)
	CodeStdlib          = "C900" // stdlib: the standard vocabulary itself is broken
)
