package vm_test

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// damageEvent is a host that knows one event: 3 damage dealt to object 42.
type damageEvent struct{}

func (damageEvent) Link(s vm.Symbol) (int32, error) {
	switch s.Name {
	case "damage.target":
		return 1, nil
	case "damage.amount":
		return 2, nil
	}
	return 0, fmt.Errorf("unknown name %q", s.Name)
}

func (damageEvent) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	return 0, fmt.Errorf("no host function %d", fn)
}

func (damageEvent) Field(_ *vm.Frame, field int32) (vm.Value, error) {
	switch field {
	case 1:
		return 42, nil
	case 2:
		return 3, nil
	}
	return 0, fmt.Errorf("no field %d", field)
}

func ExampleMachine_Run() {
	// "If damage would be dealt to this, ...": the match function applies
	// when the damage's target is local 0, and binds the amount to local 2.
	syms := []vm.Symbol{
		{Kind: vm.SymField, Name: "damage.target"},
		{Kind: vm.SymField, Name: "damage.amount"},
	}
	code := []vm.Instr{
		{Op: vm.OpField, Arg: 0},
		{Op: vm.OpLoad, Arg: 0},
		{Op: vm.OpEq},
		{Op: vm.OpField, Arg: 1},
		{Op: vm.OpStore, Arg: 2},
		{Op: vm.OpReturn},
	}
	maxStack, err := vm.MaxStackDepth(code, syms)
	if err != nil {
		panic(err)
	}
	p := &vm.Program{
		Symbols: syms,
		Funcs:   []vm.Func{{Name: "example.match", NumLocals: 3, MaxStack: maxStack, Code: code}},
	}
	if err := vm.Verify(p); err != nil {
		panic(err)
	}
	l, err := vm.Link(p, damageEvent{})
	if err != nil {
		panic(err)
	}

	m := vm.NewMachine(damageEvent{})
	locals := []vm.Value{42, 7, 0} // this, you, the amount to bind
	applies, err := m.Run(l, 0, locals)
	fmt.Println(applies, locals[2], err)
	// Output: 1 3 <nil>
}
