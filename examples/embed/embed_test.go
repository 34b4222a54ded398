package embed_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/examples/embed"
	cardparser "github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/workspace"
)

// cardsDir is the card library, whose tests the engine runs.
var cardsDir = filepath.Join("..", "..", "cards")

// library is the library of cards/, built into a bundle and loaded once.
var library = sync.OnceValues(func() (*embed.Library, error) { return embed.LoadDir(cardsDir) })

// run runs the scenario tests of a file of cards/ through the kit.
func run(t *testing.T, name string) []scenario.Result {
	t.Helper()
	lib, err := library()
	require.NoError(t, err)
	path := filepath.Join(cardsDir, name)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	f, diags := cardparser.Parse(path, src)
	require.Empty(t, diags)
	return scenario.Run(embed.NewDriver(lib), []*dsl.File{f})
}

// outOfScope are the support cards the engine declares out of its scope
// (doc.go), with what the kit says they need.
var outOfScope = map[string]string{
	"Copy Enchantment":     `card "Copy Enchantment" needs func enter_as_copy`,
	"Gods Willing":         `card "Gods Willing" needs func gain_protection_of_choice, func scry`,
	"Cho-Manno's Blessing": `card "Cho-Manno's Blessing" needs func enter_choosing_color, name effect:add_protection_from_chosen_color, func add_protection_from_chosen_color, name keyword:flash`,
}

// TestRulingsThroughTheKit runs the ruling tests of the five cards of
// issue 25 (and Drudge Skeletons') against this engine: every one passes
// but those whose support card is out of the engine's scope, which are
// skipped, naming what the card needs; Beetleback Chief's is skipped for
// the function it needs. A test that fails, or is skipped for another
// reason, fails this one.
func TestRulingsThroughTheKit(t *testing.T) {
	tests := []struct {
		file    string
		passed  int
		skipped map[string]string // test name → the support card out of scope, or what is missing
	}{
		{"llanowar_elves_test.card", 3, nil},
		{"protean_hydra_test.card", 14, nil},
		{"engulfing_slagwurm_test.card", 10, nil},
		{"trollhide_test.card", 13, nil},
		{"three_dog_galaxy_news_dj_test.card", 13, map[string]string{
			"If the copied Aura was copying something else, the tokens enter the battlefield as whatever that Aura was copying":                                                                   "Copy Enchantment",
			"An Aura token that couldn't legally be attached because of protection (from green, chosen as Gods Willing resolved) won't be created":                                                "Gods Willing",
			`Any "as [this Aura] enters the battlefield" ... abilities of the Aura will also work: each token copy of Cho-Manno's Blessing chooses its own color as it enters (CR 614.12, 707.2)`: "Cho-Manno's Blessing",
			"A token copy of Cho-Manno's Blessing that chooses white as it enters stays attached: its own effect doesn't remove it (CR 702.16n)":                                                  "Cho-Manno's Blessing",
		}},
		{"drudge_skeletons_test.card", 4, nil},
		{"beetleback_chief_test.card", 0, map[string]string{
			"When Beetleback Chief enters the battlefield, create two 1/1 red Goblin creature tokens": `card "Beetleback Chief" needs func create_creature_tokens`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			passed := 0
			for _, res := range run(t, tt.file) {
				why, skip := tt.skipped[res.Name]
				if need, ok := outOfScope[why]; ok {
					why = need
				}
				switch {
				case res.Skipped != "":
					// The reason is where the test needs it: path:line:col: what.
					_, reason, _ := strings.Cut(res.Skipped, ": ")
					require.True(t, skip, "skipped %q: %s", res.Name, res.Skipped)
					require.Equal(t, why+": not supported by this engine", reason, res.Name)
					require.Contains(t, res.Skipped, tt.file+":")
				case skip:
					assert.Failf(t, "ran a test that should be skipped", "ran %q: %s", res.Name, why)
				case !res.Passed():
					for _, f := range res.Failures {
						assert.Failf(t, "a test fails", "%s", f)
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

// TestLoadsTheBundleCardcBuilds: README's step 1, "Build a bundle with
// `cardc build -o cards.cardvm ./cards` and load it with `vm.Decode`":
// BuildBundle writes what cardc build writes, and Load decodes it and
// checks its vocabulary (stdhost.Binding.LinkProgram calls
// vm.CheckVocabulary), refusing a bundle of another major version.
func TestLoadsTheBundleCardcBuilds(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	require.Contains(t, string(readme), "Build a bundle with\n   `cardc build -o cards.cardvm ./cards` and load it with `vm.Decode`")

	w, err := workspace.Load([]string{cardsDir})
	require.NoError(t, err)
	prog, diags := w.Build() // what cardc build compiles
	require.False(t, diags.HasErrors(), "%v", diags)
	bundle, err := prog.MarshalBinary()
	require.NoError(t, err)
	mine, err := embed.BuildBundle(cardsDir)
	require.NoError(t, err)
	require.Equal(t, bundle, mine, "BuildBundle builds what cardc build does")
	_, err = embed.Load(bundle)
	require.NoError(t, err)

	prog.Vocabulary.Major++
	other, err := prog.MarshalBinary()
	require.NoError(t, err)
	_, err = embed.Load(other)
	var ve *vm.VocabularyError
	require.ErrorAs(t, err, &ve)
	require.Contains(t, err.Error(), "another major version")

	src, err := os.ReadFile("library.go")
	require.NoError(t, err)
	require.Contains(t, string(src), "vm.Decode(bundle)")
	require.Contains(t, string(src), "binding.LinkProgram(prog)")
}

// TestImportsNoCore checks that the engine and every package of the
// module it imports, directly or not, never import the rules core: an
// engine needs only the VM, stdhost, the compiler and the kit.
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
	require.True(t, seen["vm"] && seen["stdhost"] && seen["scenario"] && seen["compiler"], "the engine imports the VM, stdhost, the compiler and the kit")
}

// TestEveryTestOfTheLibraryPassesOrIsSkipped: of every scenario test of
// cards/, the engine passes those it runs, and skips the others, naming
// what they need; none fails.
func TestEveryTestOfTheLibraryPassesOrIsSkipped(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(cardsDir, "*_test.card"))
	require.NoError(t, err)
	passed, skipped := 0, 0
	for _, path := range files {
		for _, res := range run(t, filepath.Base(path)) {
			switch {
			case res.Skipped != "":
				skipped++
			case !res.Passed():
				assert.Failf(t, "a test fails", "%s: %q fails: %v", filepath.Base(path), res.Name, res.Failures)
			default:
				passed++
			}
		}
	}
	require.Greater(t, passed, 100)
	t.Logf("%d passed, %d skipped", passed, skipped)
}
