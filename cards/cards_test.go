package cards_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
)

// TestLibraryCompiles checks that every card compiles cleanly: no error,
// no warning.
func TestLibraryCompiles(t *testing.T) {
	prog, err := compiled.Program()
	require.NoError(t, err)
	require.NotEmpty(t, prog.Cards)
	files, diags, err := cards.Files()
	require.NoError(t, err)
	require.Empty(t, diags)
	n := 0
	for _, f := range files {
		for _, d := range f.Decls {
			if _, ok := d.(*dsl.Card); ok {
				n++
			}
		}
	}
	require.Len(t, prog.Cards, n)
}

// testLibrary returns the library's cards with the cards its test files
// declare for themselves (as `cardc test` sees them), linked to the rules
// core, and the test files.
func testLibrary(t testing.TB) (*core.Library, []*dsl.File) {
	t.Helper()
	files, diags, err := cards.Files()
	require.NoError(t, err)
	require.Empty(t, diags)
	tests, diags, err := cards.TestFiles()
	require.NoError(t, err)
	require.Empty(t, diags)
	prog, diags := compiler.Compile(append(files, tests...))
	require.Empty(t, diags)
	lib, err := core.NewLibrary(prog)
	require.NoError(t, err)
	return lib, tests
}

// TestScenarios runs the scenario tests of the library, one subtest each,
// so that `go test ./...` proves every ruling.
func TestScenarios(t *testing.T) {
	lib, files := testLibrary(t)
	require.Empty(t, scenario.Check(files, lib.Names()))
	ran := 0
	for _, f := range files {
		for _, d := range f.Decls {
			test, ok := d.(*dsl.Test)
			if !ok {
				continue
			}
			ran++
			res := scenario.RunTest(coredriver.New(lib), test)
			t.Run(res.Name, func(t *testing.T) {
				for _, fail := range res.Failures {
					t.Error(fail.String())
				}
				if !res.Passed() {
					for _, line := range res.Log {
						t.Log(line)
					}
				}
			})
		}
	}
	require.NotZero(t, ran)
}

// TestScenariosAreDeterministic runs every scenario test twice: the same
// inputs must give the same event log, byte for byte.
func TestScenariosAreDeterministic(t *testing.T) {
	lib, files := testLibrary(t)
	first := scenario.Run(coredriver.New(lib), files)
	second := scenario.Run(coredriver.New(lib), files)
	require.Equal(t, len(first), len(second))
	events := 0
	for i := range first {
		require.Equal(t, first[i].Log, second[i].Log, "the log of %q differs between two runs", first[i].Name)
		events += len(first[i].Log) // a test of an illegal action may log nothing
	}
	require.NotZero(t, events)
}

// TestScenariosInParallel runs every scenario test of the library at once,
// in goroutines sharing one compiled and linked library, and checks each
// gives the event log it gives alone. Under `go test -race` (as CI runs
// it) this proves the library, its programs and the vocabulary are safe to
// share between games.
func TestScenariosInParallel(t *testing.T) {
	lib, files := testLibrary(t)
	tests := scenarioTests(files)
	want := make([]scenario.Result, len(tests))
	for i, test := range tests {
		want[i] = scenario.RunTest(coredriver.New(lib), test)
	}
	const rounds = 4
	got := make([][]scenario.Result, rounds)
	var wg sync.WaitGroup
	for r := range rounds {
		got[r] = make([]scenario.Result, len(tests))
		for i, test := range tests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[r][i] = scenario.RunTest(coredriver.New(lib), test)
			}()
		}
	}
	wg.Wait()
	for r := range rounds {
		for i := range tests {
			require.Equal(t, want[i].Log, got[r][i].Log, "%q in parallel", want[i].Name)
			require.Equal(t, want[i].Failures, got[r][i].Failures, "%q in parallel", want[i].Name)
		}
	}
}

// scenarioTests lists the scenario tests of the library's test files.
func scenarioTests(files []*dsl.File) []*dsl.Test {
	var tests []*dsl.Test
	for _, f := range files {
		for _, d := range f.Decls {
			if test, ok := d.(*dsl.Test); ok {
				tests = append(tests, test)
			}
		}
	}
	return tests
}

// BenchmarkGames plays every scenario test of the library back to back,
// each a whole game from its setup to its last check, on the rules core
// with one compiled library, and reports how many games a second that is
// and what one game allocates (allocs/game, B/game); ns/op and allocs/op
// are those of all the games together.
func BenchmarkGames(b *testing.B) {
	// The check of the ability index after each action is for tests.
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib, files := testLibrary(b)
	tests := scenarioTests(files)
	require.NotEmpty(b, tests)
	var before, after runtime.MemStats
	b.ReportAllocs()
	b.ResetTimer()
	runtime.ReadMemStats(&before)
	for i := 0; i < b.N; i++ {
		for _, test := range tests {
			if res := scenario.RunTest(coredriver.New(lib), test); !res.Passed() {
				b.Fatalf("%s: %v", res.Name, res.Failures)
			}
		}
	}
	runtime.ReadMemStats(&after)
	b.StopTimer()
	games := float64(b.N * len(tests))
	b.ReportMetric(games/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/games, "ns/game")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/games, "allocs/game")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/games, "B/game")
}

// BenchmarkGamesParallel plays the scenario tests as BenchmarkGames does,
// in as many goroutines as GOMAXPROCS, sharing one compiled library, and
// reports games a second over all of them.
func BenchmarkGamesParallel(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib, files := testLibrary(b)
	tests := scenarioTests(files)
	require.NotEmpty(b, tests)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			for _, test := range tests {
				if res := scenario.RunTest(coredriver.New(lib), test); !res.Passed() {
					b.Errorf("%s: %v", res.Name, res.Failures)
					return
				}
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N*len(tests))/b.Elapsed().Seconds(), "games/s")
}
