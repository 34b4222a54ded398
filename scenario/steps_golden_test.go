package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
)

// TestEveryStepSaysWhatIsWrong holds what the checker and the runner say
// of every statement of the test language, in testdata/steps_test.card, to
// the golden file steps_test.golden: the diagnostics of Check, then each
// test's failures (they fail on purpose), each line where it is written.
// The file is in canonical form, so that it also holds the printing of
// every statement (go test -update rewrites the golden file).
func TestEveryStepSaysWhatIsWrong(t *testing.T) {
	path := filepath.Join("testdata", "steps_test.card")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	name := "scenario/testdata/steps_test.card"
	f, diags := parser.Parse(name, src)
	require.Empty(t, diags)
	formatted, diags := parser.Format(name, src)
	require.Empty(t, diags)
	require.Empty(t, cmp.Diff(string(src), string(formatted)), "steps_test.card is not in canonical form")

	var out strings.Builder
	out.WriteString("# check\n")
	for _, d := range scenario.Check([]*dsl.File{f}, cards.Names()) {
		fmt.Fprintln(&out, d.String())
	}
	lib, err := compiled.Library()
	require.NoError(t, err)
	for _, res := range scenario.Run(coredriver.New(lib), []*dsl.File{f}) {
		fmt.Fprintf(&out, "\n# %s\n", res.Name)
		if res.Skipped != "" {
			fmt.Fprintf(&out, "skipped: %s\n", res.Skipped)
		}
		if res.Passed() {
			out.WriteString("passed\n")
		}
		for _, fl := range res.Failures {
			fmt.Fprintln(&out, fl.String())
		}
	}
	golden.Check(t, golden.Path(path), []byte(out.String()))
}
