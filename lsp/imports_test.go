package lsp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/imports"
)

// TestLinksNoRulesCore: the language server reads cards, it does not play
// them; it must not link the rules core (package core), which the card
// library's names and sources do not need (issue 19). Every file counts,
// whatever its build constraints.
func TestLinksNoRulesCore(t *testing.T) {
	for _, banned := range []string{"core", "scenario/coredriver", "cards/compiled"} {
		chain, err := imports.Chain("..", imports.Module+"/lsp", imports.Module+"/"+banned)
		require.NoError(t, err)
		require.Nil(t, chain, "lsp links %s through %v", banned, chain)
	}
}
