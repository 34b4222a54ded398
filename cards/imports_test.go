package cards_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/imports"
)

// TestIsOnlyData: package cards is the library's sources and names; the
// compiled library is package cards/compiled. A tool that needs the names
// (lint, the language server) links neither the compiler nor the rules
// core through it.
func TestIsOnlyData(t *testing.T) {
	for _, banned := range []string{"core", "compiler", "vm"} {
		chain, err := imports.Chain("..", imports.Module+"/cards", imports.Module+"/"+banned)
		require.NoError(t, err)
		require.Nil(t, chain, "cards links %s through %v", banned, chain)
	}
}
