package vocab_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// usingScope is a testScope that counts the names marked used.
type usingScope struct {
	testScope
	used map[string]int
}

func (s usingScope) Use(name string) { s.used[name]++ }

// spellPhrase parses the only action of a spell, at a line of its own
// (line moves it, so that each reading is of other parts).
func spellPhrase(t *testing.T, action string, line int) []*dsl.Part {
	t.Helper()
	pad := ""
	for range line {
		pad += "\n"
	}
	src := "card \"Case\" {\n    cost {1}\n    type Instant\n    oracle \"\"\n    spell {" + pad + "\n        " + action + "\n    }\n}\n"
	f, diags := parser.ParseString("case.card", src)
	require.Empty(t, diags)
	items := f.Decls[0].(*dsl.Card).Items
	return items[len(items)-1].(*dsl.SpellAbility).Body.Stmts[0].(*dsl.ActionStmt).Phrase.Parts
}

// TestQuickReadingsAreRememberedPerScope: a phrase read once is read again
// from what it read as, but only in a scope that gives its names the same
// types; a name it marked used is marked again, and the reading holds the
// parts it was given, not those of the first.
func TestQuickReadingsAreRememberedPerScope(t *testing.T) {
	v := standard(t)
	object := newTestScope()
	object["victim"] = vocab.Type{Kind: vocab.KObject}
	player := newTestScope()
	player["victim"] = vocab.Type{Kind: vocab.KPlayer}

	for i, want := range []string{"destroy {object}", "destroy {object}"} {
		sc := usingScope{object, map[string]int{}}
		parts := spellPhrase(t, "destroy victim", i)
		m, mis := v.Match(parts, vocab.ModeAction, sc, nil)
		require.Nil(t, mis, "reading %d", i)
		assert.Equal(t, want, m.Alts[0].Template.Text)
		assert.Positive(t, sc.used["victim"], "reading %d marks the name used", i)
		assert.Equal(t, parts[0].Pos, m.Pos, "reading %d is of its own parts", i)
		assert.Equal(t, parts[1].Pos, m.Alts[0].Args["object"].Pos)
	}
	// A player is no object: what "destroy victim" read as in the scope
	// of an object is not its reading here.
	_, mis := v.Match(spellPhrase(t, "destroy victim", 3), vocab.ModeAction, usingScope{player, map[string]int{}}, nil)
	require.NotNil(t, mis)
	assert.Equal(t, vocab.CodeType, mis.Code, mis.Message)
	// Nor where the name is not bound at all.
	_, mis = v.Match(spellPhrase(t, "destroy victim", 4), vocab.ModeAction, newTestScope(), nil)
	require.NotNil(t, mis)
}

// TestReadsAsMatchReads: Reads says what Match says of a phrase, the
// first time and when it is remembered, and marks the names Match marks.
func TestReadsAsMatchReads(t *testing.T) {
	v := standard(t)
	sc := newTestScope()
	sc["victim"] = vocab.Type{Kind: vocab.KObject}
	for i, c := range []struct {
		action string
		reads  bool
	}{
		{"destroy victim", true},
		{"destroy victim", true},
		{"frobnicate victim", false},
		{"frobnicate victim", false},
		{"victim frobnicates", false},
		{"victim frobnicates", false}, // victim is read as the subject of "{object} gets ..."
	} {
		matched := usingScope{sc, map[string]int{}}
		_, mis := v.Match(spellPhrase(t, c.action, i), vocab.ModeAction, matched, nil)
		read := usingScope{sc, map[string]int{}}
		assert.Equal(t, c.reads, v.Reads(spellPhrase(t, c.action, i), vocab.ModeAction, read, nil), c.action)
		assert.Equal(t, c.reads, mis == nil, c.action)
		for name := range matched.used {
			assert.Positive(t, read.used[name], "%q: %s is marked used", c.action, name)
		}
	}
}
