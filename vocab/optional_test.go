package vocab_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
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
			for _, tm := range v.Func("a").Templates {
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
