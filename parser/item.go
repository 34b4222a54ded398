package parser

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// itemParser parses one line of a card, an ability with its block if it
// has one; built on first use.
var itemParser = sync.OnceValue(func() *participle.Parser[cardItemRoot] {
	return participle.MustBuild[cardItemRoot](options()...)
})

// ParseCardItem parses text as one line of a card: an ability written in
// the card language inside a string, such as the ability an Aura grants
// (`static enchanted creature has `whenever this attacks { ... }“). at is
// where the text starts in its file (just after the opening quote), so the
// positions of the item and of its diagnostics point into the string. It
// returns nil and the diagnostics when the text is not exactly one card
// line.
func ParseCardItem(at dsl.Pos, text string) (item dsl.CardItem, diags dsl.Diagnostics) {
	toks, diags := lexAll(at.Filename, []byte(text))
	if len(diags) > 0 {
		return nil, shiftDiags(diags, at)
	}
	for i := range toks {
		toks[i].Pos = shift(toks[i].Pos, at)
	}
	var sig []lexer.Token
	for _, t := range toks {
		if !t.EOF() {
			sig = append(sig, t)
		}
	}
	// Leading line breaks are not part of the item.
	for len(sig) > 0 && (sig[0].Type == tokSep || sig[0].Type == tokWhitespace || sig[0].Type == tokComment) {
		sig = sig[1:]
	}
	if len(sig) == 0 {
		return nil, dsl.Diagnostics{dsl.Errorf(at, CodeSyntax, "the text holds no ability")}
	}
	defer func() {
		if r := recover(); r != nil {
			item, diags = nil, dsl.Diagnostics{dsl.Errorf(at, CodeInternal, "parser failure: %v", r)}
		}
	}()
	if useFastPath {
		if item, ok := fastCardItem(sig); ok {
			return item, nil
		}
	}
	item, err := participleCardItem(sig)
	if err == nil {
		return item, nil
	}
	d := syntaxError(err, sig)
	if strings.HasPrefix(d.Message, "unexpected") && !strings.Contains(d.Message, "expected") {
		d.Hint = "the text must be one ability of the card language, such as `whenever this attacks { ... }`"
	}
	return nil, dsl.Diagnostics{d}
}

// participleCardItem parses the tokens of one card line with the
// participle grammar.
func participleCardItem(sig []lexer.Token) (dsl.CardItem, error) {
	peek, err := lexer.Upgrade(&replay{toks: sig, eof: endOf(sig[len(sig)-1])}, elided...)
	if err != nil {
		return nil, err
	}
	root, err := itemParser().ParseFromLexer(peek)
	if err != nil {
		return nil, err
	}
	return root.Item, nil
}

// shiftDiags moves diagnostics about a piece of text to where the text is.
func shiftDiags(diags dsl.Diagnostics, at dsl.Pos) dsl.Diagnostics {
	for i := range diags {
		diags[i].Pos = shift(diags[i].Pos, at)
	}
	return diags
}
