package embed_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/examples/embed"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// The embedder's API as issue 25 asked for it, seen from this engine:
// a test for each item.

// TestTheCardsTheEngineCantRunAndWhy (item 1): the link keeps the cards
// the engine can run, and names, card by card, what the others lack:
// each function without a method, each name the engine does not know.
func TestTheCardsTheEngineCantRunAndWhy(t *testing.T) {
	lib, err := library()
	require.NoError(t, err)
	lacks := lib.Lacks()
	require.Equal(t, "func create_creature_tokens", lacks["Beetleback Chief"])
	require.Equal(t, "name keyword:flying, func create_creature_tokens_with_keyword", lacks["Spectral Procession"])
	for _, runs := range []string{"Protean Hydra", "Trollhide", "Three Dog, Galaxy News DJ", "Llanowar Elves"} {
		require.NotContains(t, lacks, runs)
	}

	// The same from the VM: the symbols of each card, and LinkPartial.
	bundle, err := embed.BuildBundle(cardsDir)
	require.NoError(t, err)
	prog, err := vm.Decode(bundle)
	require.NoError(t, err)
	l, err := vm.LinkPartial(prog, lib.Binding())
	require.NoError(t, err)
	for i, c := range prog.Cards {
		if c.Name != "Beetleback Chief" {
			continue
		}
		require.False(t, l.Runs(i))
		var syms []string
		for _, s := range prog.CardSymbols(i) {
			syms = append(syms, prog.Symbols[s].Name)
		}
		require.Subset(t, syms, []string{"create_creature_tokens", "color:red", "subtype:Goblin"})
	}
}

// TestTheEngineIsOneMethodAFunction (item 2): the engine's Linker and
// Host are made by stdhost from its methods, and check arity and result
// against the vocabulary's facts: a destroy/2 is refused.
func TestTheEngineIsOneMethodAFunction(t *testing.T) {
	lib, err := library()
	require.NoError(t, err)
	bind := lib.Binding()
	var implemented []string
	for _, f := range stdhost.Funcs {
		if bind.Implements(f.Name) {
			implemented = append(implemented, f.Name)
		}
	}
	require.Len(t, implemented, 28, "%v", implemented)
	_, err = bind.Link(vm.Symbol{Kind: vm.SymFunc, Name: "destroy", Arity: 2})
	require.EqualError(t, err, fmt.Sprintf("destroy takes 1 arguments in %s, not 2", stdhost.Vocabulary))
	_, err = bind.Link(vm.Symbol{Kind: vm.SymFunc, Name: "destroy", Arity: 1})
	require.NoError(t, err)
	_, err = bind.Link(vm.Symbol{Kind: vm.SymFunc, Name: "toughness", Arity: 1})
	require.ErrorContains(t, err, "toughness returns a number")
}

// TestGamesShareOneHost (item 3): the engine's host is one stateless
// value, bound once; each call finds its game in the run's context
// (vm.Frame.Context). Games played at once, in goroutines of their own,
// on one library, keep apart; under the race detector (go test -race
// ./examples/embed), they share nothing they write.
func TestGamesShareOneHost(t *testing.T) {
	lib, err := library()
	require.NoError(t, err)
	d := embed.NewDriver(lib)
	var wg sync.WaitGroup
	for n := 1; n <= 4; n++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := d.NewGame(new(scenario.Script))
			require.NoError(t, err)
			hydra, err := g.AddCard("Protean Hydra", scenario.You, scenario.Battlefield)
			require.NoError(t, err)
			giant, err := g.AddCard("Hill Giant", scenario.Opponent, scenario.Battlefield)
			require.NoError(t, err)
			require.NoError(t, g.SetCounters(hydra, "+1/+1", 5))
			for range n {
				// The Hydra's replacement prevents it and removes a counter.
				require.NoError(t, g.DealDamage(giant, scenario.Target{Card: hydra}, 1, false))
			}
			o, ok := g.Object(hydra)
			require.True(t, ok)
			require.Equal(t, 5-n, o.Counters["+1/+1"], "game %d", n)
			require.Equal(t, 0, o.Damage)
		}()
	}
	wg.Wait()
}

// TestTheDocumentsSayWhatTheEngineDoes quotes the documents issue 25 found
// wrong, missing or confusing, where a test can hold them.
func TestTheDocumentsSayWhatTheEngineDoes(t *testing.T) {
	read := func(path ...string) string {
		data, err := os.ReadFile(filepath.Join(append([]string{"..", ".."}, path...)...))
		require.NoError(t, err)
		return string(data)
	}
	readme, host := read("README.md"), read("vm", "HOST.md")
	// The vocabulary version a host implements: a Go constant, in HOST.md,
	// and no stale number in README.
	version := fmt.Sprintf("%s %d.%d", stdhost.VocabularyName, stdhost.Major, stdhost.Minor)
	require.Contains(t, host, "This is the specification of the vocabulary **"+version+"**")
	for _, m := range regexp.MustCompile(`cardc\.std"? (?:version )?(\d+\.\d+)`).FindAllStringSubmatch(readme, -1) {
		require.Equal(t, fmt.Sprintf("%d.%d", stdhost.Major, stdhost.Minor), m[1], "README names a stale version: %s", m[0])
	}
	// SPEC shows the line of stdlib/vocabulary.card as it is.
	require.Contains(t, read("dsl", "SPEC.md"), "```\nvocabulary \""+stdhost.VocabularyName+"\" version "+fmt.Sprintf("%d.%d", stdhost.Major, stdhost.Minor)+"\n```", "SPEC's section Vocabulary versions shows a stale version")
	// Which handle zone_change.object holds.
	require.Contains(t, host, "- once it has happened — in the Match of a triggered ability — the new object\n  when the object entered the battlefield")
	// The effect's body is a context of its own.
	require.Contains(t, host, "| `effect` | Body of an AbilityEffect, run while the host computes characteristics")
	// How a host keeps MaxSteps for a whole event.
	require.Contains(t, host, "`Machine.BeginBudget` before the event and `EndBudget` after it")
	// The kit's doc, its comments read as one text: the decisions a
	// driver records, and the kit's Card against the host's handles.
	kit := regexp.MustCompile(`\n\s*// ?`).ReplaceAllString(read("scenario", "driver.go"), " ")
	require.Contains(t, kit, "the order of triggers each time a player puts two or more on the stack at once, which `you ordered triggers` checks")
	require.Contains(t, kit, "each optional cost, paid or declined — declined too when the player could not pay (`you paid`, `you declined`)")
	require.Contains(t, kit, "A card is named by a Card handle that stays the same as the card changes zones — unlike the handles an engine gives the VM")
}
