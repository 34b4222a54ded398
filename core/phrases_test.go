package core_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// retiredActions are the actions no phrase reads any more, which the
// vocabulary keeps (a minor version only adds) and the core implements
// for the bundles built before: why each is retired.
var retiredActions = map[string]string{
	"become_creature_while_this_remains": "become_creature says it since cardc.std 1.54",
}

// TestEveryPhraseRuns compiles cards that say every action phrase of the
// vocabulary and watch every event kind (testdata/phrases_test.card),
// checks that they do, links them to the rules core and plays the
// scenario tests of the file: the compiler and the core agree on every
// name the vocabulary declares, as the cards use them.
func TestEveryPhraseRuns(t *testing.T) {
	const path = "testdata/phrases_test.card"
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	f, diags := parser.ParseString(path, string(src))
	require.Empty(t, diags)
	prog, diags := compiler.Compile([]*dsl.File{f})
	require.False(t, diags.HasErrors(), "%v", diags)

	// Every action, and every event kind as the event of an ability.
	used := map[string]bool{}
	for _, s := range prog.Symbols {
		if s.Kind == vm.SymFunc {
			used[s.Name] = true
		}
	}
	for _, c := range prog.Cards {
		for _, a := range c.Abilities {
			if a.Event != vm.NoFunc {
				used[prog.Symbols[a.Event].Name] = true
			}
		}
	}
	v, err := vocab.Standard()
	require.NoError(t, err)
	for _, fn := range v.Funcs() {
		if fn.Action && retiredActions[fn.Name] == "" {
			require.True(t, used[fn.Name], "no card of %s says the action %s", path, fn.Name)
		}
	}
	for _, e := range v.Events() {
		require.True(t, used["event:"+e.Name], "no ability of %s watches the event %s", path, e.Name)
	}

	lib, err := core.NewLibrary(prog)
	require.NoError(t, err)
	reportScenarios(t, scenario.Run(coredriver.New(lib), []*dsl.File{f}))
}

// TestRulesScenarios plays the scenario tests of each other file of
// testdata (intrinsic_mana_test.card...): each file's cards, compiled
// alone, are the whole library of its tests, so a test can prove a rule
// of the core without a card of cards/ (a land that becomes an Island
// with no Island card in the library).
func TestRulesScenarios(t *testing.T) {
	paths, err := filepath.Glob("testdata/*_test.card")
	require.NoError(t, err)
	for _, path := range paths {
		if filepath.Base(path) == "phrases_test.card" {
			continue // TestEveryPhraseRuns
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			f, diags := parser.ParseString(path, string(src))
			require.Empty(t, diags)
			prog, diags := compiler.Compile([]*dsl.File{f})
			require.Empty(t, diags)
			lib, err := core.NewLibrary(prog)
			require.NoError(t, err)
			reportScenarios(t, scenario.Run(coredriver.New(lib), []*dsl.File{f}))
		})
	}
}
