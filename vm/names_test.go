package vm_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

func TestNameSymbol(t *testing.T) {
	s := vm.NameSymbol(vm.NameCounter, "+1/+1")
	require.Equal(t, vm.Symbol{Kind: vm.SymName, Name: "counter:+1/+1"}, s, "NameSymbol")
	kind, name, ok := s.SplitName()
	assert.True(t, ok, "SplitName")
	assert.Equal(t, vm.NameCounter, kind, "SplitName")
	assert.Equal(t, "+1/+1", name, "SplitName")
	// The name may hold colons; the kind ends at the first.
	kind, name, ok = vm.NameSymbol(vm.NameRule, "a:b").SplitName()
	assert.True(t, ok, "SplitName of rule:a:b")
	assert.Equal(t, vm.NameRule, kind, "SplitName of rule:a:b")
	assert.Equal(t, "a:b", name, "SplitName of rule:a:b")
	for _, s := range []vm.Symbol{
		{Kind: vm.SymName, Name: "nocolon"},
		{Kind: vm.SymField, Name: "event:damage"},
		{Kind: vm.SymFunc, Name: "type:creature"},
	} {
		kind, name, ok := s.SplitName()
		assert.False(t, ok, "SplitName of %+v = %q, %q, true; want false", s, kind, name)
	}
}

func TestFieldSymbol(t *testing.T) {
	s := vm.FieldSymbol("damage", "amount")
	require.Equal(t, vm.Symbol{Kind: vm.SymField, Name: "damage.amount"}, s, "FieldSymbol")
	event, field, ok := s.SplitField()
	assert.True(t, ok, "SplitField")
	assert.Equal(t, "damage", event, "SplitField")
	assert.Equal(t, "amount", field, "SplitField")
	for _, s := range []vm.Symbol{
		{Kind: vm.SymField, Name: "nodot"},
		{Kind: vm.SymName, Name: "damage.amount"},
	} {
		event, field, ok := s.SplitField()
		assert.False(t, ok, "SplitField of %+v = %q, %q, true; want false", s, event, field)
	}
}
