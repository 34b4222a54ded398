package parser

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateSpec = flag.Bool("update-spec", false, "rewrite the grammar in dsl/SPEC.md")

// TestSpecGrammar keeps the grammar summary of dsl/SPEC.md equal to the
// grammar the parser is built from; run with -update-spec to rewrite it.
func TestSpecGrammar(t *testing.T) {
	const path = "../dsl/SPEC.md"
	const begin, end = "<!-- grammar:begin -->\n", "<!-- grammar:end -->"
	spec, err := os.ReadFile(path)
	require.NoError(t, err)
	s := string(spec)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	require.True(t, i >= 0 && j > i, "SPEC.md has no grammar markers")
	want := "```ebnf\n" + Grammar() + "\n```\n"
	if *updateSpec {
		s = s[:i+len(begin)] + want + s[j:]
		require.NoError(t, os.WriteFile(path, []byte(s), 0o644))
		return
	}
	require.Equal(t, want, s[i+len(begin):j], "dsl/SPEC.md's grammar is stale: run go test ./parser -run SpecGrammar -update-spec")
}
