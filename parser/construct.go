package parser

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// CodeUnsupported is a construct of Oracle text, or of another engine's
// card scripts, that the language does not have (yet): `activated`,
// `kicker {2}`, `crew 1`...
const CodeUnsupported = "P020"

// abilitiesHint says where the kinds of ability the language has are
// listed.
const abilitiesHint = "SPEC's section Abilities lists every kind of ability the language has"

// construct is what the language says about a word that starts a line of
// a card in Oracle text or in another engine, and is no line of this
// language.
type construct struct {
	// message says that the language has no such construct; hint what
	// it has instead.
	message, hint string
	// afterBrace, when set, limits the entry to a line where the word is
	// followed by "{" or "ability": `static` is a line of the language,
	// `static { ... }` is not.
	afterBrace bool
}

// notYet is the construct entry of a mechanic the language does not have.
func notYet(what string) construct {
	return construct{message: what + " is not in the language yet", hint: abilitiesHint}
}

// constructs are the words, lowercased, that start a construct the
// language does not have.
var constructs = map[string]construct{
	"activated": {message: `the language has no "activated" block`,
		hint: "an activated ability is written COST: EFFECT, as in {T}: add {G} (SPEC, section Activated abilities)"},
	"triggered": {message: `the language has no "triggered" block`,
		hint: "a triggered ability is written whenever EVENT { ... }, when EVENT { ... } or at EVENT { ... } (SPEC, section Triggered abilities)"},
	"trigger": {message: `the language has no "trigger" block`,
		hint: "a triggered ability is written whenever EVENT { ... }, when EVENT { ... } or at EVENT { ... } (SPEC, section Triggered abilities)"},
	"static": {message: "a static ability has no block", afterBrace: true,
		hint: "it is one line, static RULE or static OBJECTS EFFECT (SPEC, section Static abilities)"},
	"ability":     {message: `the language has no "ability" construct: each kind of ability has a form of its own`, hint: abilitiesHint},
	"abilities":   {message: `the language has no "abilities" construct: each kind of ability has a form of its own`, hint: abilitiesHint},
	"replacement": {message: `the language has no "replacement" block`, hint: "a replacement or prevention effect is written replace EVENT { ... } (SPEC, section Replacement and prevention effects)"},
	"planeswalker": {message: `the language has no "planeswalker" block`,
		hint: "a planeswalker is a card whose type line says Planeswalker, with `loyalty N` and loyalty abilities written +1: EFFECT, -2: EFFECT or 0: EFFECT (SPEC, section Loyalty abilities)"},
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
	"manacost":    {message: `the language has no "manacost" line`, hint: "a card's mana cost is written cost {1}{G}"},
	"power":       {message: `the language has no "power" line`, hint: "a creature's power and toughness are written pt 2/2"},
	"toughness":   {message: `the language has no "toughness" line`, hint: "a creature's power and toughness are written pt 2/2"},
	"text":        {message: `the language has no "text" line`, hint: `a card's Oracle text is written oracle "..." (one line for each paragraph)`},
}

// NotYet returns what the language says of a mechanic it does not have yet,
// named by its first word (kicker, flashback, equip...): a message and a
// hint. ok is false for any other word. The compiler says the same of a
// keyword line that names one (`keywords kicker`).
func NotYet(word string) (message, hint string, ok bool) {
	c, ok := constructs[strings.ToLower(word)]
	if !ok || !strings.HasSuffix(c.message, " is not in the language yet") {
		return "", "", false
	}
	return c.message, c.hint, true
}

// constructError reports a line of a card, other than its first, that
// holds the syntax error at pos and starts with a construct the language
// does not have, or a loyalty ability whose cost is +X (`+X: ...`).
func constructError(toks []lexer.Token, pos lexer.Position) (dsl.Diagnostic, bool) {
	first, next, rest, ok := lineAt(toks, pos.Line)
	if !ok || toks[0].Value != "card" || first.Pos.Offset == toks[0].Pos.Offset {
		return dsl.Diagnostic{}, false
	}
	if first.Type == tokOp && (first.Value == "+" || first.Value == "-") &&
		strings.EqualFold(next.Value, "X") && rest.Value == ":" {
		return dsl.Errorf(first.Pos, CodeUnsupported, "a loyalty ability whose cost is %s%s is not in the language", first.Value, next.Value).
			WithHint("a loyalty cost is a number or -X: +1, -2, 0, -X (SPEC, section Loyalty abilities)"), true
	}
	if first.Type != tokIdent {
		return dsl.Diagnostic{}, false
	}
	if first.Value == "keywords" {
		return keywordsError(toks, pos)
	}
	c, ok := constructs[strings.ToLower(first.Value)]
	if !ok || c.afterBrace && next.Value != "{" && !strings.EqualFold(next.Value, "ability") {
		return dsl.Diagnostic{}, false
	}
	return dsl.Errorf(first.Pos, CodeUnsupported, "%s", c.message).WithHint("%s", c.hint), true
}

// keywordsError reports a keyword line that holds the syntax error at pos
// and, before it, names a mechanic the language does not have yet, such as
// `keywords kicker {2}{R}`: that is the mistake, not the cost after it.
func keywordsError(toks []lexer.Token, pos lexer.Position) (dsl.Diagnostic, bool) {
	for _, t := range toks {
		if t.Pos.Line != pos.Line || t.Type != tokIdent {
			continue
		}
		if t.Pos.Offset > pos.Offset {
			break
		}
		if what, hint, ok := NotYet(t.Value); ok {
			return dsl.Errorf(t.Pos, CodeUnsupported, "%s", what).WithHint("%s", hint), true
		}
	}
	return dsl.Diagnostic{}, false
}

// lineAt returns the first three significant tokens of a line (a token
// beyond the line's end is the zero token).
func lineAt(toks []lexer.Token, line int) (first, second, third lexer.Token, ok bool) {
	var got []lexer.Token
	for _, t := range toks {
		if t.Pos.Line < line || t.Type == tokComment || t.Type == tokWhitespace {
			continue
		}
		if t.Pos.Line > line || t.Type == tokSep || len(got) == 3 {
			break
		}
		got = append(got, t)
	}
	got = append(got, lexer.Token{}, lexer.Token{}, lexer.Token{})
	return got[0], got[1], got[2], got[0].Value != ""
}
