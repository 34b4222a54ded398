package cards_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
)

// TestNamesAreGenerated holds Names, the list names_gen.go gives without
// parsing the library, to the names of the cards the library's files
// declare, each once. After adding, removing or renaming a card, run
// `go generate ./...` at the module's root.
func TestNamesAreGenerated(t *testing.T) {
	files, diags, err := cards.Files()
	require.NoError(t, err)
	require.Empty(t, diags)
	var names []string
	for _, f := range files {
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				names = append(names, dsl.Unquote(c.Name))
			}
		}
	}
	slices.Sort(names)
	require.Equal(t, slices.Compact(slices.Clone(names)), names, "two cards have one name")
	require.Equal(t, names, cards.Names(), "cards/names_gen.go is stale: run go generate ./...")
}
