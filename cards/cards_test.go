package cards_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/scenario"
)

// TestLibraryCompiles checks that every card compiles cleanly: no error,
// no warning.
func TestLibraryCompiles(t *testing.T) {
	prog, err := cards.Program()
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

// TestScenarios runs the scenario tests of the library, one subtest each,
// so that `go test ./...` proves every ruling.
func TestScenarios(t *testing.T) {
	lib, err := cards.Library()
	require.NoError(t, err)
	files, diags, err := cards.TestFiles()
	require.NoError(t, err)
	require.Empty(t, diags)
	var names []string
	for _, c := range lib.Names() {
		names = append(names, c)
	}
	require.Empty(t, scenario.Check(files, names))
	ran := 0
	for _, f := range files {
		for _, d := range f.Decls {
			test, ok := d.(*dsl.Test)
			if !ok {
				continue
			}
			ran++
			res := scenario.RunTest(lib, test)
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
