package compiler

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStdlibLoads(t *testing.T) {
	v, err := Vocabulary()
	require.NoError(t, err)
	require.Contains(t, v.Events, "damage")
	require.Contains(t, v.Funcs, "destroy")
	require.Contains(t, v.Rules, "damage_cant_be_prevented")
	require.Contains(t, v.Counters, "+1/+1")
}
