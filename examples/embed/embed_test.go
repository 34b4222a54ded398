package embed_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/examples/embed"
	cardparser "github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
)

// cardsDir is the card library, whose tests the engine runs.
var cardsDir = filepath.Join("..", "..", "cards")

// run runs the scenario tests of a file of cards/ through the kit.
func run(t *testing.T, name string) []scenario.Result {
	t.Helper()
	lib, err := embed.LoadDir(cardsDir)
	require.NoError(t, err)
	path := filepath.Join(cardsDir, name)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	f, diags := cardparser.Parse(path, src)
	require.Empty(t, diags)
	return scenario.Run(embed.NewDriver(lib), []*dsl.File{f})
}

// TestRulingsThroughTheKit runs ruling tests of cards/ against this
// engine: those of Protean Hydra, Engulfing Slagwurm and Drudge Skeletons
// all pass; the one of Beetleback Chief is skipped, the card needing what
// the engine lacks, as its package doc says. A test that fails, or that is
// skipped for another reason, fails this one.
func TestRulingsThroughTheKit(t *testing.T) {
	tests := []struct {
		file string
		// skipped maps the tests the engine cannot run to what the kit
		// says is missing.
		skipped map[string]string
		passed  int
	}{
		{"protean_hydra_test.card", nil, 14},
		{"engulfing_slagwurm_test.card", nil, 10},
		{"drudge_skeletons_test.card", nil, 4},
		{"beetleback_chief_test.card", map[string]string{
			"When Beetleback Chief enters the battlefield, create two 1/1 red Goblin creature tokens": `card "Beetleback Chief" needs name color:red, name subtype:Goblin, host function create_creature_tokens: not supported by this engine`,
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			passed := 0
			for _, res := range run(t, tt.file) {
				want, skip := tt.skipped[res.Name]
				switch {
				case res.Skipped != "":
					// The reason is where the test needs it: path:line:col: what.
					_, reason, _ := strings.Cut(res.Skipped, ": ")
					require.True(t, skip, "skipped %q: %s", res.Name, res.Skipped)
					require.Equal(t, want, reason, res.Name)
					require.Contains(t, res.Skipped, tt.file+":")
				case skip:
					t.Errorf("ran %q, which should be skipped: %s", res.Name, want)
				case !res.Passed():
					for _, f := range res.Failures {
						t.Errorf("%s", f)
					}
					for _, l := range res.Log {
						t.Log(l)
					}
				default:
					passed++
				}
			}
			require.Equal(t, tt.passed, passed)
		})
	}
}

// TestImportsNoCore checks that the engine and every package of the
// module it imports, directly or not, never import the rules core: an
// engine needs only the VM, the compiler and the kit.
func TestImportsNoCore(t *testing.T) {
	const module = "github.com/cardc/cardc/"
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	var visit func(pkg string, from []string)
	visit = func(pkg string, from []string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		require.NotEqual(t, "core", pkg, "the engine imports core through %s", strings.Join(from, " → "))
		files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pkg), "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, pkg)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range parsed.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				require.NoError(t, err)
				if rest, ok := strings.CutPrefix(path, module); ok {
					visit(rest, append(slices.Clone(from), rest))
				}
			}
		}
	}
	visit("examples/embed", []string{"examples/embed"})
	require.True(t, seen["vm"] && seen["scenario"] && seen["compiler"], "the engine imports the VM, the compiler and the kit")
}
