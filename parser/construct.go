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
	c, ok := dsl.ConstructNamed(first.Value)
	if !ok || c.AfterBrace && next.Value != "{" && !strings.EqualFold(next.Value, "ability") {
		return dsl.Diagnostic{}, false
	}
	return dsl.Errorf(first.Pos, CodeUnsupported, "%s", c.Message).WithHint("%s", c.Hint), true
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
		if what, hint, ok := dsl.NotYet(t.Value); ok {
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
