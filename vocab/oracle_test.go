package vocab_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vocab"
)

// TestEveryPhraseHasOracleWording checks that every phrase of the
// standard vocabulary says how Oracle text words it: cardc explain
// renders abilities with it, and lint compares the rendering with the
// cards' Oracle text (W020, W021).
func TestEveryPhraseHasOracleWording(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	var all []*vocab.Template
	for _, e := range v.Events() {
		all = append(all, e.Templates...)
	}
	for _, f := range v.Funcs() {
		all = append(all, f.Templates()...)
	}
	for _, r := range v.Rules() {
		all = append(all, r.Templates...)
	}
	require.NotEmpty(t, all)
	for _, tm := range all {
		if !assert.NotNil(t, tm.Oracle, "%s: phrase %q of %s has no oracle line after it", tm.Pos, tm.Text, tm.Owner()) {
			continue
		}
		require.NotEmpty(t, tm.Oracle.Items, "%s: an empty oracle wording", tm.Oracle.Pos)
	}
}

// TestOracleWordingErrors checks that a misplaced oracle line, and one
// whose slot names nothing, break the vocabulary with a clear message.
func TestOracleWordingErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"no phrase before it", "action gain(amount: number) {\n    oracle \"gain {amount}\"\n    phrase \"gain {amount}\"\n}\n", "the phrase just before it"},
		{"unknown slot", "action gain(amount: number) {\n    phrase \"gain {amount}\"\n    oracle \"gain {life}\"\n}\n", "slot {life} names no field or parameter of action gain"},
		{"a rule's phrase naming a field of its event", "event put {\n    object: object\n    phrase \"counters put on {object}\"\n    oracle \"counters put on {object}\"\n}\nrule nothing_put {\n    event: put\n    phrase \"{object} is spared\"\n    oracle \"{object} is spared\"\n}\n", "slot {object} names a field of the event of rule nothing_put"},
		{"a rule's wording whose fields no phrase of the event has", "event put {\n    object: object\n    phrase \"counters put on {object}\"\n    oracle \"counters put on {object}\"\n}\nrule nothing_put {\n    event: put\n    phrase \"no {event}\"\n    oracle \"no {event}\"\n    oracle \"{object} can't have counters placed on it\"\n}\n", "no phrase of the event has those slots and words of it in order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := vocab.Load(fstest.MapFS{"x.card": &fstest.MapFile{Data: []byte(tc.src)}})
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}
