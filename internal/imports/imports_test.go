package imports_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/imports"
)

// TestChain finds a chain that is there, shortest first, and none where
// there is none (vm imports nothing of the project).
func TestChain(t *testing.T) {
	chain, err := imports.Chain("../..", imports.Module+"/scenario/coredriver", imports.Module+"/vm")
	require.NoError(t, err)
	require.Equal(t, []string{imports.Module + "/scenario/coredriver", imports.Module + "/vm"}, chain)

	chain, err = imports.Chain("../..", imports.Module+"/cards/compiled", imports.Module+"/dsl")
	require.NoError(t, err)
	require.Len(t, chain, 3, "cards/compiled → cards (or compiler, or core) → dsl: %v", chain)
	require.Equal(t, imports.Module+"/dsl", chain[2])

	chain, err = imports.Chain("../..", imports.Module+"/vm", imports.Module+"/core")
	require.NoError(t, err)
	require.Nil(t, chain)

	_, err = imports.Chain("../..", imports.Module+"/nosuchpackage", imports.Module+"/core")
	require.Error(t, err)
}
