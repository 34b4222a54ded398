package parser_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// TestSpans checks that the parser fills in the Span every node embeds:
// participle sets Pos and EndPos through the embedded struct.
func TestSpans(t *testing.T) {
	src := "card \"Bears\" {\n  cost {1}{G}\n  spell {\n    draw a card\n  }\n}\n"
	file, diags := parser.ParseString("x.card", src)
	require.Empty(t, diags)
	card := file.Decls[0].(*dsl.Card)
	check := func(what string, got dsl.Pos, line, col int) {
		t.Helper()
		assert.Equal(t, fmt.Sprintf("x.card:%d:%d", line, col), fmt.Sprintf("%s:%d:%d", got.Filename, got.Line, got.Column), what)
	}
	check("card", card.Position(), 1, 1)
	check("end of card", card.EndPos, 6, 2)
	check("cost", card.Items[0].Position(), 2, 3)
	spell := card.Items[1].(*dsl.SpellAbility)
	check("spell", spell.Pos, 3, 3)
	check("end of spell body", spell.Body.EndPos, 5, 4)
	action := spell.Body.Stmts[0].(*dsl.ActionStmt)
	check("action", action.Pos, 4, 5)
	check("phrase", action.Phrase.Pos, 4, 5)
	check("end of phrase", action.Phrase.EndPos, 4, 16)
}
