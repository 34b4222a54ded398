package vocab_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/stdlib"
	"github.com/cardc/cardc/vocab"
)

// TestOptionalParts proves that a phrase with parts in brackets reads as
// one phrase for each way of leaving them out, each with the Oracle
// wording of the same slots, a slot left out passing -1; and that the
// stdlib is told of brackets that don't pair and of an oracle line that
// can't word an expansion.
func TestOptionalParts(t *testing.T) {
	const head = "types artifact creature land\ncolors white blue black red green\n"
	for _, tc := range []struct {
		name, decl string
		want       string // an error, or "" for none
		texts      []string
	}{
		{"nested groups", `action a(object: object, color: color, kind: type) { called from body; takes effect after the event; stale ignored
			phrase "{object} turns [{color} [{kind}]] now"
			oracle "{object} turns [{color} [{kind}]] now" }`, "",
			[]string{"{object} turns {color} {kind} now", "{object} turns {color} now", "{object} turns now"}},
		{"none said by with", `action a(object: object, color: color, kind: type) { called from body; takes effect after the event; stale ignored
			phrase "{object} turns [{color} [{kind}]] now"
			oracle "{object} turns [{color} [{kind}]] now"
			phrase "{object} turns nothing now" with color = none, kind = none
			oracle "{object} turns nothing now" }`, "",
			[]string{"{object} turns {color} {kind} now", "{object} turns {color} now", "{object} turns now", "{object} turns nothing now"}},
		{"unpaired", `action a(object: object, color: color) { called from body; takes effect after the event; stale ignored
			phrase "{object} turns [{color} now" }`,
			`phrase "{object} turns [{color} now": unbalanced [ and ] of an optional part (C900)`, nil},
		{"a wording of another phrase", `action a(object: object, color: color) { called from body; takes effect after the event; stale ignored
			phrase "{object} turns [{color}] now"
			oracle "{object} turns [{color}] now"
			phrase "{object} turns at once"
			oracle "{object} turns now" }`,
			`oracle "{object} turns now" of phrase "{object} turns at once" is also a wording of phrase "{object} turns now": an expansion of a phrase with optional parts needs wordings of its own; word the two apart, or leave the part out of one of them (C900)`, nil},
		{"an oracle line without the slot", `action a(object: object, color: color) { called from body; takes effect after the event; stale ignored
			phrase "{object} turns [{color}] now"
			oracle "{object} turns {color} now" }`,
			`oracle "{object} turns {color} now" has no way of leaving out its optional parts that says the slots of "{object} turns now"; give the oracle line the phrase's optional slots in brackets too (C900)`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := vocab.Load(fstest.MapFS{"v.card": {Data: []byte(head + tc.decl + "\n" + needed)}})
			if tc.want != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), tc.want)
				return
			}
			require.NoError(t, err)
			var texts []string
			for _, tm := range v.Func("a").Templates() {
				texts = append(texts, tm.Oracle.Text)
				require.Equal(t, tm.Oracle.Text, tm.Expanded()) // the oracle line is the phrase
				for _, name := range tm.Omitted {
					require.Equal(t, "-1", dsl.SumString(tm.Defaults.Of(name)), name)
				}
			}
			require.Equal(t, tc.texts, texts)
		})
	}
}

// TestOptionalExpansionsBuiltWhenNeeded proves that the expansions of a
// phrase with optional parts cost nothing to a run that does not read
// them: reading a phrase or Oracle text that does not say the phrase's
// words builds none; one that does builds them, and reads as the
// expansion that leaves the parts out.
func TestOptionalExpansionsBuiltWhenNeeded(t *testing.T) {
	v, err := vocab.Load(stdlib.FS)
	require.NoError(t, err)
	phrases, built := vocab.ExpansionsBuilt(v)
	require.NotZero(t, phrases, "become_creature's phrases stand for their expansions")
	require.Zero(t, built)

	readFilter(t, v, "exile target black or red permanent", "object")
	// "you may ...": no action, read again slowly for the diagnostic.
	_, mis := v.Match(actionParts(t, "you may draw a card"), vocab.ModeAction, newTestScope(), nil)
	require.NotNil(t, mis)
	v.MatchOracle(oracleParts("you gain 4 life and draw a card."), vocab.ModeAction, vocab.OracleOptions{Scope: newTestScope()})
	_, built = vocab.ExpansionsBuilt(v)
	require.Zero(t, built, "no phrase said becomes")

	require.NotNil(t, readFilter(t, v, "target land becomes a 3/3 creature that's still a land until end of turn", "object"))
	_, built = vocab.ExpansionsBuilt(v)
	require.NotZero(t, built)
}

// TestOptionalExpansionsTriedAsIfListed proves that the quick reading of
// a phrase tries the expansions of a phrase with optional parts as it
// would if the vocabulary listed each: those whose words the phrase has,
// in their order.
func TestOptionalExpansionsTriedAsIfListed(t *testing.T) {
	v, err := vocab.Load(stdlib.FS)
	require.NoError(t, err)
	for _, action := range []string{
		"target land becomes a 3/3 creature that's still a land until end of turn",
		"this becomes a 2/2 white and blue Elemental creature with flying and vigilance that's still a land until end of turn",
		"target creature becomes a 4/4 green Beast creature until end of turn",
		"draw a card",
		"target creature gets +2/+2 until end of turn",
	} {
		lazy, eager := vocab.QuickCandidates(v, actionParts(t, action), vocab.ModeAction)
		require.Equal(t, eager, lazy, action)
		if strings.Contains(action, "becomes") {
			require.NotEmpty(t, lazy, action)
		}
	}
}
