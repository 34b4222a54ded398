package vm_test

import (
	"testing"

	"github.com/cardc/cardc/vm"
)

func TestNameSymbol(t *testing.T) {
	s := vm.NameSymbol(vm.NameCounter, "+1/+1")
	if want := (vm.Symbol{Kind: vm.SymName, Name: "counter:+1/+1"}); s != want {
		t.Fatalf("NameSymbol = %+v, want %+v", s, want)
	}
	if kind, name, ok := s.SplitName(); !ok || kind != vm.NameCounter || name != "+1/+1" {
		t.Errorf("SplitName = %q, %q, %v; want counter, +1/+1, true", kind, name, ok)
	}
	// The name may hold colons; the kind ends at the first.
	if kind, name, ok := vm.NameSymbol(vm.NameRule, "a:b").SplitName(); !ok || kind != vm.NameRule || name != "a:b" {
		t.Errorf("SplitName of rule:a:b = %q, %q, %v", kind, name, ok)
	}
	for _, s := range []vm.Symbol{
		{Kind: vm.SymName, Name: "nocolon"},
		{Kind: vm.SymField, Name: "event:damage"},
		{Kind: vm.SymFunc, Name: "type:creature"},
	} {
		if kind, name, ok := s.SplitName(); ok {
			t.Errorf("SplitName of %+v = %q, %q, true; want false", s, kind, name)
		}
	}
}

func TestFieldSymbol(t *testing.T) {
	s := vm.FieldSymbol("damage", "amount")
	if want := (vm.Symbol{Kind: vm.SymField, Name: "damage.amount"}); s != want {
		t.Fatalf("FieldSymbol = %+v, want %+v", s, want)
	}
	if event, field, ok := s.SplitField(); !ok || event != "damage" || field != "amount" {
		t.Errorf("SplitField = %q, %q, %v; want damage, amount, true", event, field, ok)
	}
	for _, s := range []vm.Symbol{
		{Kind: vm.SymField, Name: "nodot"},
		{Kind: vm.SymName, Name: "damage.amount"},
	} {
		if event, field, ok := s.SplitField(); ok {
			t.Errorf("SplitField of %+v = %q, %q, true; want false", s, event, field)
		}
	}
}
