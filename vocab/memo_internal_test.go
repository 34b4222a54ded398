package vocab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// namesScope is a scope of names and their types.
type namesScope map[string]Type

func (s namesScope) Type(name string) (Type, bool) { t, ok := s[name]; return t, ok }
func (s namesScope) Use(string)                    {}
func (s namesScope) Names() []string               { return nil }

// TestQuickReadingServesTheSameScopeOnly: a remembered quick reading is
// found again for a scope that answers its questions as the first did,
// and not for one that gives a name it asked about another type, or does
// not bind it.
func TestQuickReadingServesTheSameScopeOnly(t *testing.T) {
	v, err := Standard()
	require.NoError(t, err)
	src := "card \"Case\" {\n    cost {1}\n    type Instant\n    oracle \"\"\n    spell {\n        destroy victim\n    }\n}\n"
	f, diags := parser.ParseString("case.card", src)
	require.Empty(t, diags)
	items := f.Decls[0].(*dsl.Card).Items
	parts := items[len(items)-1].(*dsl.SpellAbility).Body.Stmts[0].(*dsl.ActionStmt).Phrase.Parts

	object := namesScope{"victim": {Kind: KObject}}
	_, mis := v.Match(parts, ModeAction, object, nil)
	require.Nil(t, mis)
	key := appendPartsKey(nil, ModeAction, parts)
	r := quickMemo.get(v, key, namesScope{"victim": {Kind: KObject}})
	require.NotNil(t, r, "the reading is remembered")
	assert.Equal(t, "destroy {object}", r.read[0].Text)
	assert.Nil(t, quickMemo.get(v, key, namesScope{"victim": {Kind: KPlayer}}), "a player is no object")
	assert.Nil(t, quickMemo.get(v, key, namesScope{}), "an unbound name")
}
