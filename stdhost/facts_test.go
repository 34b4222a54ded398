package stdhost_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vocab"
)

// TestFactsAreTheVocabularys: the generated facts say of every function,
// event and name what the standard vocabulary (and so HOST.md) says.
func TestFactsAreTheVocabularys(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	require.Equal(t, v.Identity(), stdhost.Vocabulary)
	require.Len(t, stdhost.Funcs, len(v.Funcs()))
	for _, vf := range v.Funcs() {
		f := stdhost.LookupFunc(vf.Name)
		require.NotNil(t, f, vf.Name)
		require.Equal(t, len(vf.Params), f.Arity(), vf.Name)
		for i, p := range vf.Params {
			require.Equal(t, p.Name, f.Params[i].Name, vf.Name)
			want := p.Type.String()
			switch {
			case p.Type.Kind == vocab.KSpell:
				want = "object" // a spell on the stack is an object (CR 112.1)
			case p.Type.Kind.NameKind() != "":
				want = string(p.Type.Kind.NameKind()) // card_name is a name card:NAME
			}
			require.Equal(t, want, f.Params[i].Type.String(), vf.Name)
		}
		require.Equal(t, vf.Returns(), f.Returns(), vf.Name)
		if vf.Returns() {
			require.Equal(t, vf.Result.String(), f.Result.String(), vf.Name)
		}
		for i, c := range vocab.Contexts {
			require.Equal(t, vf.CalledFrom(c) && !vf.Effect, f.Contexts&(1<<i) != 0, "%s from %s", vf.Name, c)
		}
		require.Equal(t, vf.Effect || vf.CalledFrom(vocab.ContextMatch), f.Contexts&stdhost.ContextEffect != 0, vf.Name)
		require.Equal(t, vf.Action && vf.AtOnce, f.AtOnce, vf.Name)
		if !vf.Effect {
			require.Equal(t, vf.Stale, f.Stale.String(), vf.Name)
		}
		require.Equal(t, vf.MovesTo, f.MovesTo, vf.Name)
	}
	require.Len(t, stdhost.Events, len(v.Events()))
	for i, e := range v.Events() {
		require.Equal(t, e.Name, stdhost.Events[i].Name)
		for j, fd := range e.Fields {
			info := stdhost.Events[i].Fields[j]
			require.Equal(t, e.Name+"."+fd.Name, info.Symbol)
			require.Equal(t, fd.Type.String(), info.Type.String(), info.Symbol)
			require.Equal(t, &stdhost.Events[i].Fields[j], info.Field.Info(), "the Field constant indexes the fields")
		}
	}
	require.Equal(t, "damage.amount", stdhost.FieldDamageAmount.String())
	kinds := v.NameKinds()
	require.Len(t, stdhost.NameKinds, len(kinds))
	for i, k := range kinds {
		require.Equal(t, k.Kind, stdhost.NameKinds[i].Kind)
		require.Equal(t, k.Words, stdhost.NameKinds[i].Words, string(k.Kind))
	}
}

// TestSomeFactsAsHOSTmdStatesThem quotes HOST.md.
func TestSomeFactsAsHOSTmdStatesThem(t *testing.T) {
	host, err := os.ReadFile(filepath.Join("..", "vm", "HOST.md"))
	require.NoError(t, err)
	for _, quote := range []string{
		"### destroy(object: object)\n\n- arity 1; called from `body`, `replace`; in a replacement body, takes effect after the event; stale handle: ignored; moves `object` to the zone `graveyard`",
		"### prevent(event: damage event)\n\n- arity 1; called from `replace`; in a replacement body, takes effect at once; stale handle: error",
		"| `power(object: object)` | 1 | number | `match`, `body`, `replace`, `enters` | last_known |",
	} {
		require.Contains(t, string(host), quote)
	}
	d := stdhost.LookupFunc("destroy")
	require.Equal(t, "body, replace", d.Contexts.String())
	require.False(t, d.AtOnce)
	require.Equal(t, stdhost.StaleIgnored, d.Stale)
	require.Equal(t, "graveyard", d.MovesTo)
	p := stdhost.LookupFunc("prevent")
	require.True(t, p.AtOnce)
	require.Equal(t, stdhost.StaleError, p.Stale)
	require.Equal(t, "damage event", p.Params[0].Type.String())
	pw := stdhost.LookupFunc("power")
	require.Equal(t, "match, body, replace, enters, effect", pw.Contexts.String())
	require.Equal(t, stdhost.StaleLastKnown, pw.Stale)
	require.Equal(t, "Power(f *vm.Frame, object stdhost.Object) (int64, error)", pw.Signature)
	require.Equal(t, "effect", stdhost.LookupFunc("modify_pt").Contexts.String())
	require.Equal(t, "7c", stdhost.LookupFunc("modify_pt").Layer)
}

// TestImportsOnlyVM: the package is for engines that link vm alone.
func TestImportsOnlyVM(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, ".") {
				require.Equal(t, "github.com/cardc/cardc/vm", path, f)
			}
		}
	}
}
