package stdhost_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// TestIntrinsicManaAbilitiesAreWhatTheCompilerWrites: the hand-assembled
// program of the intrinsic mana abilities holds, for each basic land
// type, the ability the compiler writes for `{T}: add {G}` on a land of no
// basic type (same flags, same code, the same symbols the code names), so
// that a change of the compiler's calling convention cannot leave them
// behind unnoticed.
func TestIntrinsicManaAbilitiesAreWhatTheCompilerWrites(t *testing.T) {
	intrinsic := stdhost.IntrinsicManaAbilities()
	require.Len(t, intrinsic.Cards, len(stdhost.BasicLandTypes))
	for i, landType := range stdhost.BasicLandTypes {
		t.Run(landType, func(t *testing.T) {
			mana := stdhost.BasicLandMana[i]
			src := fmt.Sprintf("card \"Test Land\" {\n    type Land\n    oracle \"{T}: Add %s.\"\n\n    {T}: add %s\n}\n", mana, mana)
			file, diags := parser.ParseString("test_land.card", src)
			require.Empty(t, diags)
			compiled, diags := compiler.Compile([]*dsl.File{file})
			require.False(t, diags.HasErrors(), "%v", diags)
			require.Equal(t, compiled.Vocabulary, intrinsic.Vocabulary)

			want := compiled.Cards[0].Abilities[0]
			got := intrinsic.Cards[i].Abilities[0]
			require.Equal(t, []string{landType}, intrinsic.Cards[i].Subtypes)
			require.Equal(t, want.Kind, got.Kind)
			require.Equal(t, want.Flags, got.Flags)
			require.Equal(t, want.NumLocals, got.NumLocals)
			if diff := cmp.Diff(resolved(compiled, want.Body), resolved(intrinsic, got.Body)); diff != "" {
				t.Errorf("the body of %s's intrinsic ability differs from the compiler's (-compiler +intrinsic):\n%s", landType, diff)
			}
		})
	}
}

// resolved is the code of function f of p with each symbol argument
// replaced by the symbol's name, so that the code of two programs compares
// whatever the order of their symbols.
func resolved(p *vm.Program, f int32) []string {
	var out []string
	for _, in := range p.Funcs[f].Code {
		switch in.Op {
		case vm.OpSym:
			out = append(out, fmt.Sprintf("%v %s", in.Op, p.Symbols[in.Arg].Name))
		case vm.OpCall:
			out = append(out, fmt.Sprintf("%v %s", in.Op, p.Symbols[in.Arg].Name))
		default:
			out = append(out, fmt.Sprintf("%v %d", in.Op, in.Arg))
		}
	}
	return out
}
