package core_test

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// shockBundle compiles Shock and returns its program as a host loads it:
// encoded, then decoded.
func shockBundle(t *testing.T) *vm.Program {
	t.Helper()
	src, err := os.ReadFile("../cards/shock.card")
	require.NoError(t, err)
	f, diags := parser.Parse("cards/shock.card", src)
	require.Empty(t, diags)
	prog, diags := compiler.Compile([]*dsl.File{f})
	require.Empty(t, diags)
	data, err := prog.MarshalBinary()
	require.NoError(t, err)
	p, err := vm.Decode(data)
	require.NoError(t, err)
	return p
}

// TestCoreImplementsTheStandardVocabulary: the generated tables are of
// the vocabulary the compiler records in bundles.
func TestCoreImplementsTheStandardVocabulary(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	require.Equal(t, v.Identity(), core.Vocabulary())
	require.Equal(t, v.Identity(), shockBundle(t).Vocabulary)
}

// TestLibraryRefusesAnotherVocabulary: a bundle built against another
// vocabulary, or another major version of the core's, is refused with a
// message naming both; another minor version links, the names being there.
func TestLibraryRefusesAnotherVocabulary(t *testing.T) {
	std := core.Vocabulary()
	for _, c := range []struct {
		name string
		edit func(v *vm.Vocabulary)
		want string // "" for no error
	}{
		{"the same", func(*vm.Vocabulary) {}, ""},
		{"a later minor version", func(v *vm.Vocabulary) { v.Minor += 3; v.Hash = "" }, ""},
		{"a later major version", func(v *vm.Vocabulary) { v.Major++ },
			fmt.Sprintf("vm: bundle built against vocabulary cardc.std 2.%d; this host implements 1.%d: another major version", std.Minor, std.Minor)},
		{"another vocabulary", func(v *vm.Vocabulary) { v.Name = "acme.rules" },
			fmt.Sprintf("vm: bundle built against vocabulary acme.rules 1.%d; this host implements cardc.std 1.%d: another vocabulary", std.Minor, std.Minor)},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, 1, std.Major, "the cases below assume version 1.x")
			p := shockBundle(t)
			c.edit(&p.Vocabulary)
			_, err := core.NewLibrary(p)
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.want)
			var ve *vm.VocabularyError
			require.True(t, errors.As(err, &ve))
		})
	}
}

// TestLibraryNamesWhatTheCoreLacks: a bundle of a later minor version that
// uses a name the core does not have gets every such name named.
func TestLibraryNamesWhatTheCoreLacks(t *testing.T) {
	p := shockBundle(t)
	p.Vocabulary.Minor++
	p.Symbols = append(p.Symbols,
		vm.Symbol{Kind: vm.SymFunc, Name: "proliferate", Arity: 1},
		vm.NameSymbol(vm.NameStep, "second upkeep"))
	_, err := core.NewLibrary(p)
	std := core.Vocabulary()
	require.EqualError(t, err, fmt.Sprintf("vm: bundle built against vocabulary cardc.std 1.%d; this host implements 1.%d, and lacks 2 names the bundle uses:\n", std.Minor+1, std.Minor)+
		"\tfunc proliferate/1: the rules core has no function \"proliferate\"\n"+
		"\tname step:second upkeep: the rules core knows no step \"second upkeep\"")
}
