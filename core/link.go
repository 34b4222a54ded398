package core

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/vm"
)

// linker resolves the symbols of a program to the core's ids, looking
// them up in the generated tables (vocab_gen.go): host functions to
// funcIDs, event fields to fieldIDs, and names to the values the core uses
// for them.
type linker struct{ lib *Library }

// Link resolves one symbol.
func (l linker) Link(sym vm.Symbol) (int32, error) {
	switch sym.Kind {
	case vm.SymFunc:
		for i, f := range funcs {
			if f.name == sym.Name {
				if f.arity != int(sym.Arity) || f.returns != sym.Returns {
					return 0, fmt.Errorf("%s takes %d arguments (returns %v), the program says %d (returns %v)",
						sym.Name, f.arity, f.returns, sym.Arity, sym.Returns)
				}
				return int32(i), nil
			}
		}
		return 0, fmt.Errorf("the rules core has no function %q", sym.Name)
	case vm.SymField:
		for i, f := range fields {
			if f.name == sym.Name {
				return int32(i), nil
			}
		}
		return 0, fmt.Errorf("the rules core has no event field %q", sym.Name)
	case vm.SymName:
		return l.name(sym.Name)
	}
	return 0, fmt.Errorf("symbol %q of unknown kind", sym.Name)
}

// name links a named constant. Card types, supertypes and colors link to
// their bits; zones, steps, event kinds and rules to their numbers; counter
// kinds are the stdlib's; subtypes are interned by the library.
func (l linker) name(full string) (int32, error) {
	kind, name, _ := strings.Cut(full, ":")
	bit := func(names []string) (int32, error) {
		if b, ok := bitOf(names, name); ok {
			return int32(b), nil
		}
		return 0, fmt.Errorf("the rules core knows no %s %q", kind, name)
	}
	switch kind {
	case "type":
		return bit(typeNames[:])
	case "supertype":
		return bit(supertypeNames[:])
	case "color":
		return bit(colorNames[:])
	case "keyword":
		return bit(keywordNames[:])
	case "counter":
		if k, ok := CounterNamed(name); ok {
			return int32(k), nil
		}
	case "subtype":
		return l.lib.subtype(name), nil
	case "zone":
		for i, z := range zoneNames {
			if z == name && i > 0 {
				return int32(i), nil
			}
		}
	case "step":
		if s, ok := StepNamed(name); ok {
			return int32(s), nil
		}
	case "event":
		if k, ok := EventKindNamed(name); ok {
			return int32(k), nil
		}
	case "rule":
		for i, r := range ruleNames {
			if r == name {
				return int32(i), nil
			}
		}
	}
	return 0, fmt.Errorf("the rules core knows no %s %q", kind, name)
}
