package vocab_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vocab"
)

// needed declares what the compiler needs of every vocabulary.
const needed = `vocabulary "test" version 1.0
types creature
action schedule_delayed(ability: number) { called from body; takes effect at once; stale error }
query is_type(object: object, type: type): bool { called from match; stale ignored }
query is_supertype(object: object, supertype: supertype): bool { called from match; stale ignored }
query is_subtype(object: object, subtype: subtype): bool { called from match; stale ignored }
query has_color(object: object, color: color): bool { called from match; stale ignored }
query is_player(target: target): bool { called from match; stale ignored }
query is_permanent(object: object): bool { called from match; stale ignored }
query controller(object: object): player { called from match; stale ignored }
query owner(object: object): player { called from match; stale ignored }
query mana_value(object: object): number { called from match; stale ignored }
query attached_to(object: object): object { called from match; stale ignored }
`

// TestHostProperties proves that each action and query states where a host
// may run it, when it takes effect and what a stale handle gets, and that
// the stdlib is told clearly when one of them is missing or wrong.
func TestHostProperties(t *testing.T) {
	for _, tc := range []struct {
		name, decl string
		// want is the error, "" when the declaration is sound.
		want string
	}{
		{"sound action", `action a(object: object) { doc "d"; called from body, replace; takes effect after the event; stale ignored }`, ""},
		{"sound query", `query q(object: object): number { doc "d"; called from match, body; stale last_known }`, ""},
		{"no called from", `action a(object: object) { takes effect at once; stale ignored }`,
			"v.card:1:1: error: a: say where a host may run it, after the doc line: `called from match, body, replace, enters` (C900)"},
		{"no timing", `action a(object: object) { called from body; stale ignored }`,
			"v.card:1:1: error: a: say when it takes effect in a replacement body, after the doc line: `takes effect at once` or `takes effect after the event` (C900)"},
		{"no stale", `query q(): number { called from body }`,
			"v.card:1:1: error: q: say what a gone object or a wrong handle gets, after the doc line: `stale ignored`, `stale last_known` or `stale error` (C900)"},
		{"unknown context", `query q(): number { called from resolve; stale ignored }`,
			"v.card:1:21: error: q: called from resolve: the contexts are match, body, replace, enters (C900)"},
		{"action from match", `action a(object: object) { called from match, body; takes effect at once; stale ignored }`,
			"v.card:1:28: error: a: an action is never called from a match function, which only asks; drop `match` (C900)"},
		{"in replace, called elsewhere", `action a(object: object) in replace { called from body; takes effect at once; stale error }`,
			"v.card:1:39: error: a: it is `in replace`: say `called from replace` (C900)"},
		{"timing of a query", `query q(): number { called from body; takes effect at once; stale ignored }`,
			"v.card:1:39: error: q: a query does nothing, so it takes no `takes effect` line (C900)"},
		{"unknown stale", `query q(): number { called from body; stale zero }`,
			"v.card:1:39: error: q: stale zero: say `stale ignored`, `stale last_known` or `stale error` (C900)"},
		// An action may read a gone object as it last existed (the counters
		// Hangarback Walker had, the copiable values of a sacrificed Aura).
		{"last known action", `action a(object: object) { called from body; takes effect at once; stale last_known }`, ""},
		{"after a phrase", `action a(object: object) { called from body; takes effect at once; phrase "a {object}"; stale ignored }`,
			"v.card:1:89: error: a: put `called from`, `takes effect` and `stale` on the lines right after the doc line, before the phrases (C900)"},
		{"twice", `query q(): number { called from body; called from match; stale ignored }`,
			"v.card:1:39: error: q: `called from` twice (C900)"},
		{"on an effect", `effect e(object: object) { called from body }`,
			"v.card:1:28: error: e: an effect is called from a static ability's body only; it takes no `called from`, `takes effect` or `stale` line (C900)"},
		{"on an event", `event ev { called from body }`,
			"v.card:1:12: error: only an action or a query says where it is called from, when it takes effect and what a stale handle gets (C900)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := vocab.Load(fstest.MapFS{"v.card": {Data: []byte(tc.decl + "\n" + needed)}})
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestStandardHostProperties checks the facts the host specification and
// the rules core rely on, as the stdlib states them.
func TestStandardHostProperties(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	for _, f := range v.Funcs() {
		switch {
		case f.Effect:
			require.Equal(t, []string(nil), f.Called, f.Name)
			require.True(t, f.CalledFrom(vocab.ContextMatch), f.Name)
		case f.Action:
			require.False(t, f.CalledFrom(vocab.ContextMatch), "%s: an action from a match function is an error", f.Name)
			if f.Context != "" {
				require.Equal(t, []string{f.Context}, f.Called, f.Name)
			}
		}
	}
	byName := map[string]*vocab.FuncInfo{}
	for _, f := range v.Funcs() {
		byName[f.Name] = f
	}
	// The modifiers of the issue: applied at once inside a replacement
	// body; every other action after the event.
	require.True(t, byName["schedule_delayed"].AtOnce)
	require.True(t, byName["enter_with_counters"].AtOnce)
	require.False(t, byName["remove_counters"].AtOnce)
	// An action only a replacement body may say need not change its
	// event: "put a counter ... for each damage prevented this way" reads
	// what the body prevented, after the event (CR 615.5).
	require.True(t, byName["prevent"].AtOnce)
	require.False(t, byName["put_counters_per_prevented"].AtOnce)
	require.Equal(t, vocab.StaleLastKnown, byName["power"].Stale)
	require.Equal(t, vocab.StaleIgnored, byName["destroy"].Stale)
}

// TestAliases proves that an event names a field with a name of the rules
// (`alias "defending player" player`, CR 506.2), and that the stdlib is told
// when the field is not the event's, the name is not two words in lower
// case, or something else than an event says it.
func TestAliases(t *testing.T) {
	for _, tc := range []struct {
		name, decl string
		want       string
	}{
		{"sound", `event attacks { attacker: object; player: player; alias "defending player" player }`, ""},
		{"no such field", `event attacks { player: player; alias "defending player" defender }`,
			`v.card:1:33: error: event attacks has no field "defender" to name "defending player" (C900)`},
		{"one word", `event attacks { player: player; alias "defender" player }`,
			`v.card:1:33: error: "defender": the name of a field is two words in lower case, as a card writes it (C900)`},
		{"capitals", `event attacks { player: player; alias "Defending Player" player }`,
			`v.card:1:33: error: "Defending Player": the name of a field is two words in lower case, as a card writes it (C900)`},
		{"on an action", `action a(player: player) { called from body; takes effect after the event; stale ignored; alias "that one" player }`,
			`error: only an event gives its fields names of the rules (C900)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := vocab.Load(fstest.MapFS{"v.card": {Data: []byte(tc.decl + "\n" + needed)}})
			if tc.want == "" {
				require.NoError(t, err)
				require.Equal(t, []vocab.Alias{{Name: "defending player", Field: "player"}}, v.Event("attacks").Aliases)
				return
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}
