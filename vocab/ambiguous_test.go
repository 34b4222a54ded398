package vocab_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// TestAmbiguousPhrase proves C032 with a vocabulary in which one phrase
// reads as two actions; the standard vocabulary has no such pair.
func TestAmbiguousPhrase(t *testing.T) {
	fsys := fstest.MapFS{"v.card": {Data: []byte(`
vocabulary "test.ambiguous" version 1.0
types creature instant
action gain_life(player: player, amount: number) {
    called from body; takes effect after the event; stale ignored
    phrase "gain {amount} life" with player = you
}
action lose_life(player: player, amount: number) {
    called from body; takes effect after the event; stale ignored
    phrase "gain {amount} life" with player = you
}
action schedule_delayed(ability: number) { called from body; takes effect at once; stale error }
query is_type(object: object, type: type): bool { called from match, body; stale ignored }
query is_supertype(object: object, supertype: supertype): bool { called from match, body; stale ignored }
query is_subtype(object: object, subtype: subtype): bool { called from match, body; stale ignored }
query has_color(object: object, color: color): bool { called from match, body; stale ignored }
query is_player(target: target): bool { called from match, body; stale ignored }
query is_permanent(object: object): bool { called from match, body; stale ignored }
query controller(object: object): player { called from match, body; stale ignored }
query owner(object: object): player { called from match, body; stale ignored }
query mana_value(object: object): number { called from match, body; stale ignored }
query attached_to(object: object): object { called from match, body; stale ignored }
`)}}
	v, err := vocab.Load(fsys)
	require.NoError(t, err)
	f, diags := parser.ParseString("a.card", `card "A" {
    type Instant
    oracle ""
    spell {
        gain 2 life
    }
}
`)
	require.Empty(t, diags)
	_, diags = compiler.CompileWith(v, []*dsl.File{f})
	require.Len(t, diags, 1)
	require.Equal(t, `a.card:5:9: warning: "gain 2 life" reads as "gain {amount} life" (action gain_life) and as "gain {amount} life" (action lose_life); the first is taken; reword it so that it reads one way only (C032)`,
		diags[0].String())
}

// TestLeadingObjectsArePlural proves that an action whose phrase begins
// with its objects (`{objects} gain {keyword} until end of turn`, Burst of
// Speed) reads only a plural there: a name bound to one object (Act of
// Treason's `creature gains haste until end of turn`) is that object, not
// every creature, and reads one way only (no C032).
func TestLeadingObjectsArePlural(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	f, diags := parser.ParseString("a.card", `card "A" {
    type Sorcery
    oracle ""
    spell {
        gain control of target creature as creature until end of turn
        creature gains haste until end of turn
        creatures you control gain haste until end of turn
    }
}
`)
	require.Empty(t, diags)
	_, diags = compiler.CompileWith(v, []*dsl.File{f})
	require.Empty(t, diags)
}
