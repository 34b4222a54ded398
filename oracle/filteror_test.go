package oracle_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/oracle"
)

// oneSpellCard is an instant whose Oracle text is oracleText and whose
// spell says body.
func oneSpellCard(oracleText, body string) string {
	return fmt.Sprintf("card \"Filter Thing\" {\n    cost {1}{B}\n    type Instant\n    oracle %q\n\n    spell {\n        %s\n    }\n}\n", oracleText, body)
}

// TestQualitiesJoinedByOrRead checks that Oracle's qualities of several
// kinds joined by "or" before a noun ("target green or artifact
// creature": a creature that is green or an artifact), and its negated
// qualities joined by a comma ("nonartifact, nonblack": both), read as
// the card language says them, and that a card saying something else —
// the qualities joined by "and", another quality, the "or" read as
// between two nouns — is flagged with the difference.
func TestQualitiesJoinedByOrRead(t *testing.T) {
	for _, tc := range []struct {
		name, oracle, body string
		want               string // the warning; "" for none
	}{
		{"a color or a card type", "Destroy target green or artifact creature.", "destroy target green or artifact creature", ""},
		{"a state or a supertype", "Destroy target tapped or legendary creature.", "destroy target tapped or legendary creature", ""},
		{"three qualities of two kinds", "Destroy all white, blue, or artifact creatures.", "destroy all white, blue, or artifact creatures", ""},
		{"a negated quality or a card type", "Destroy target nonblack or artifact creature.", "destroy target nonblack or artifact creature", ""},
		{"negated qualities a comma joins", "Destroy target nonartifact, nonblack creature.", "destroy target nonartifact nonblack creature", ""},
		{"a count", "You gain 1 life for each green or artifact creature you control.", "gain 1 life for each green or artifact creature you control", ""},
		{"both qualities instead of either", "Destroy target green or artifact creature.", "destroy target green artifact creature",
			`the paragraph's target is "green or artifact creature"; the ability's is "green artifact creature"`},
		{"another quality", "Destroy target green or artifact creature.", "destroy target green or legendary creature",
			`the paragraph's target is "green or artifact creature"; the ability's is "green or legendary creature"`},
		{"either negated quality instead of both", "Destroy target nonartifact, nonblack creature.", "destroy target nonartifact or nonblack creature",
			`the paragraph's target is "nonartifact nonblack creature"; the ability's is "nonartifact or nonblack creature"`},
		{"an artifact creature alone", "Destroy target artifact or green creature.", "destroy target artifact creature",
			`the paragraph's target is "artifact or green creature"; the ability's is "artifact creature"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			covs := explainFile(t, "filter_thing.card", []byte(oneSpellCard(tc.oracle, tc.body)))
			require.Len(t, covs, 1)
			diags := covs[0].Diagnostics()
			if tc.want == "" {
				require.Empty(t, diags, "%s", report(covs))
				return
			}
			require.Len(t, diags, 1, "%s", report(covs))
			require.Equal(t, oracle.CodeUnsaid, diags[0].Code)
			require.Contains(t, diags[0].Message, tc.want)
		})
	}
}
