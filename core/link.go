package core

import (
	"fmt"

	"github.com/cardc/cardc/vm"
)

// Vocabulary is the vocabulary the rules core implements: the standard
// one its name tables were generated from (go generate ./...).
// NewLibrary refuses, with a *vm.VocabularyError, a program compiled
// against another vocabulary or another major version of it, or using
// names the core lacks.
func Vocabulary() vm.Vocabulary {
	return vm.Vocabulary{Name: vocabularyName, Major: vocabularyMajor, Minor: vocabularyMinor, Hash: vocabularyHash}
}

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
		return l.name(sym)
	}
	return 0, fmt.Errorf("symbol %q of unknown kind", sym.Name)
}

// name links a named constant. Card types, supertypes and colors link to
// their bits; zones, steps, event kinds and rules to their numbers; counter
// kinds are the stdlib's; subtypes are interned by the library.
func (l linker) name(sym vm.Symbol) (int32, error) {
	kind, name, _ := sym.SplitName()
	bit := func(names []string) (int32, error) {
		if b, ok := bitOf(names, name); ok {
			return int32(b), nil
		}
		return 0, fmt.Errorf("the rules core knows no %s %q", kind, name)
	}
	switch kind {
	case vm.NameType:
		return bit(typeNames[:])
	case vm.NameSupertype:
		return bit(supertypeNames[:])
	case vm.NameColor:
		return bit(colorNames[:])
	case vm.NameKeyword:
		if v, ok := l.lib.keywordValue(name); ok {
			return v, nil
		}
	case vm.NameCounter:
		if k, ok := CounterNamed(name); ok {
			return int32(k), nil
		}
	case vm.NameSubtype:
		return l.lib.subtype(name), nil
	case vm.NameMana:
		return l.lib.mana(name)
	case vm.NameCard:
		return l.lib.cardName(name), nil
	case vm.NameZone:
		for i, z := range zoneNames {
			if z == name && i > 0 {
				return int32(i), nil
			}
		}
	case vm.NameStep:
		if s, ok := StepNamed(name); ok {
			return int32(s), nil
		}
	case vm.NameEvent:
		if k, ok := EventKindNamed(name); ok {
			return int32(k), nil
		}
	case vm.NameEffect:
		for i, f := range funcs {
			if f.name == name && f.effect {
				return int32(i), nil
			}
		}
	case vm.NameRule:
		for i, r := range ruleNames {
			if r == name {
				return int32(i), nil
			}
		}
	}
	return 0, fmt.Errorf("the rules core knows no %s %q", kind, name)
}
