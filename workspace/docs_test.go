package workspace_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/workspace"
)

// TestSpecListsEveryCode checks that dsl/SPEC.md documents every
// diagnostic code, with its name, and that AllCodes has every list.
func TestSpecListsEveryCode(t *testing.T) {
	spec, err := os.ReadFile("../dsl/SPEC.md")
	require.NoError(t, err)
	for _, c := range workspace.AllCodes() {
		require.Contains(t, string(spec), "| "+c.Code+" | "+c.Name+" |", "SPEC.md does not list %s", c.Code)
	}
	all := map[string]bool{}
	for _, c := range workspace.AllCodes() {
		all[c.Code] = true
	}
	for _, list := range [][]dsl.CodeInfo{parser.Codes, compiler.Codes, scenario.Codes, workspace.Codes} {
		for _, c := range list {
			require.True(t, all[c.Code], "AllCodes lacks %s", c.Code)
		}
	}
	// Every code the parser declares is in parser.Codes.
	for _, c := range []string{parser.CodeSyntax, parser.CodeBadChar, parser.CodeUnterminated, parser.CodeFormat, parser.CodeInternal,
		parser.CodeNesting, parser.CodeEncoding, parser.CodeEscape, parser.CodeTooMany, parser.CodeRange, parser.CodeUnsupported} {
		require.True(t, strings.Contains(string(spec), "| "+c+" |"), "SPEC.md does not list %s", c)
		require.True(t, all[c], "AllCodes lacks %s", c)
	}
}
