package dsl

import (
	"strings"
	"sync"
)

// The constructs of Oracle text and of other engines' card scripts that
// this language does not have: the parser reports a card line that starts
// with one (P020), and the compiler a keyword that names one, with what
// the language has instead.

// abilitiesHint says where the kinds of ability the language has are
// listed.
const abilitiesHint = "SPEC's section Abilities lists every kind of ability the language has"

// Construct is what the language says about a word that starts a line of
// a card in Oracle text or in another engine, and is no line of this
// language.
type Construct struct {
	// Message says that the language has no such construct; Hint what
	// it has instead.
	Message, Hint string
	// AfterBrace, when set, limits the entry to a line where the word is
	// followed by "{" or "ability": `static` is a line of the language,
	// `static { ... }` is not.
	AfterBrace bool
}

// notYet is the construct entry of a mechanic the language does not have.
func notYet(what string) Construct {
	return Construct{Message: what + " is not in the language yet", Hint: abilitiesHint}
}

// constructs are the words, lowercased, that start a construct the
// language does not have: a map made when first asked (a map variable
// would be built at every start of cardc, which rarely asks).
var constructs = sync.OnceValue(func() map[string]Construct {
	return map[string]Construct{
		"activated": {Message: `the language has no "activated" block`,
			Hint: "an activated ability is written COST: EFFECT, as in {T}: add {G} (SPEC, section Activated abilities)"},
		"triggered": {Message: `the language has no "triggered" block`,
			Hint: "a triggered ability is written whenever EVENT { ... }, when EVENT { ... } or at EVENT { ... } (SPEC, section Triggered abilities)"},
		"trigger": {Message: `the language has no "trigger" block`,
			Hint: "a triggered ability is written whenever EVENT { ... }, when EVENT { ... } or at EVENT { ... } (SPEC, section Triggered abilities)"},
		"static": {Message: "a static ability has no block", AfterBrace: true,
			Hint: "it is one line, static RULE or static OBJECTS EFFECT (SPEC, section Static abilities)"},
		"ability":     {Message: `the language has no "ability" construct: each kind of ability has a form of its own`, Hint: abilitiesHint},
		"abilities":   {Message: `the language has no "abilities" construct: each kind of ability has a form of its own`, Hint: abilitiesHint},
		"replacement": {Message: `the language has no "replacement" block`, Hint: "a replacement or prevention effect is written replace EVENT { ... } (SPEC, section Replacement and prevention effects)"},
		"planeswalker": {Message: `the language has no "planeswalker" block`,
			Hint: "a planeswalker is a card whose type line says Planeswalker, with `loyalty N` and loyalty abilities written +1: EFFECT, -2: EFFECT or 0: EFFECT (SPEC, section Loyalty abilities)"},
		"kicker":      notYet("kicker"),
		"multikicker": notYet("multikicker"),
		"flashback":   notYet("flashback"),
		"cycling":     notYet("cycling"),
		"buyback":     notYet("buyback"),
		"madness":     notYet("madness"),
		"morph":       notYet("morph"),
		"evoke":       notYet("evoke"),
		"echo":        notYet("echo"),
		"unearth":     notYet("unearth"),
		"ninjutsu":    notYet("ninjutsu"),
		"suspend":     notYet("suspend"),
		"bestow":      notYet("bestow"),
		"crew":        notYet("crew (Vehicles)"),
		"fortify":     notYet("fortify"),
		"level":       notYet("level up"),
		"chapter":     notYet("a Saga's chapter ability"),
		"adventure":   notYet("an adventure"),
		"transform":   notYet("a double-faced card"),
		"modal":       notYet("a modal spell"),
		"mode":        notYet("a modal spell"),
		"manacost":    {Message: `the language has no "manacost" line`, Hint: "a card's mana cost is written cost {1}{G}"},
		"power":       {Message: `the language has no "power" line`, Hint: "a creature's power and toughness are written pt 2/2"},
		"toughness":   {Message: `the language has no "toughness" line`, Hint: "a creature's power and toughness are written pt 2/2"},
		"text":        {Message: `the language has no "text" line`, Hint: `a card's Oracle text is written oracle "..." (one line for each paragraph)`},
	}
})

// ConstructNamed returns what the language says of a construct it does
// not have, by the word (any case) that starts it.
func ConstructNamed(word string) (Construct, bool) {
	c, ok := constructs()[strings.ToLower(word)]
	return c, ok
}

// NotYet returns what the language says of a mechanic it does not have yet,
// named by its first word (kicker, flashback...): a message and a hint.
// ok is false for any other word. The parser reports a line that starts
// with one (`kicker {4}`), the compiler a keyword that names one
// (`keywords kicker`).
func NotYet(word string) (message, hint string, ok bool) {
	c, ok := constructs()[strings.ToLower(word)]
	if !ok || !strings.HasSuffix(c.Message, " is not in the language yet") {
		return "", "", false
	}
	return c.Message, c.Hint, true
}
