package vocab_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// TestHostSpecNamesEveryNameKind checks that the host specification lists
// every kind of name package vm declares (its NameKind constants, read
// from its source) and every kind the card library's bundle holds.
func TestHostSpecNamesEveryNameKind(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	var documented []vm.NameKind
	for _, k := range v.NameKinds() {
		documented = append(documented, k.Kind)
	}

	f, err := parser.ParseFile(token.NewFileSet(), "../vm/names.go", nil, 0)
	require.NoError(t, err)
	var declared []vm.NameKind
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "NameKind" {
				continue
			}
			for _, val := range vs.Values {
				lit, ok := val.(*ast.BasicLit)
				require.True(t, ok, "a NameKind constant that is not a string literal")
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				declared = append(declared, vm.NameKind(s))
			}
		}
	}
	require.NotEmpty(t, declared)
	require.ElementsMatch(t, declared, documented, "vm's NameKind constants and the host specification's Names differ")

	prog, err := compiled.Program()
	require.NoError(t, err)
	for _, sym := range prog.Symbols {
		if kind, _, ok := sym.SplitName(); ok {
			require.True(t, slices.Contains(documented, kind), "the bundle names %s, a kind the host specification does not list", sym.Name)
		}
	}
}
