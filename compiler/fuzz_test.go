package compiler_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/corpus"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// explain checks that every card of a file is explained exactly when it
// has no error, and never fails inside the compiler.
func explain(t *testing.T, file *dsl.File) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	for _, d := range file.Decls {
		card, ok := d.(*dsl.Card)
		if !ok {
			continue
		}
		e, diags := compiler.Explain(v, card)
		for _, d := range diags {
			require.NotEqual(t, compiler.CodeInternalCompiler, d.Code, "internal error: %s", d)
		}
		require.Equal(t, diags.HasErrors(), e == nil, "card %q: explained %v, with diagnostics %v", card.Name, e != nil, diags)
	}
}

// FuzzCompile checks that parsing and compiling arbitrary text never panics
// nor fails inside the compiler, and that what the compiler builds is
// bytecode the VM accepts and that survives encoding. A card with an error is
// left out of the program, so this holds whatever the diagnostics; the
// program of a file without errors holds all its cards.
func FuzzCompile(f *testing.F) {
	for _, seed := range corpus.Seeds(f, corpus.CardFiles...) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := parser.ParseString("fuzz.card", src)
		prog, cdiags := compiler.Compile([]*dsl.File{file})
		for _, d := range append(diags, cdiags...) {
			require.NotContains(t, []string{parser.CodeInternal, compiler.CodeInternalCompiler}, d.Code, "internal error: %s", d)
		}
		require.NotNil(t, prog, "no program: %v", cdiags)
		explain(t, file)
		if !cdiags.HasErrors() {
			cards := 0
			for _, d := range file.Decls {
				if _, ok := d.(*dsl.Card); ok {
					cards++
				}
			}
			require.Len(t, prog.Cards, cards, "cards compiled without an error, against the cards of the program")
		}
		if err := vm.Verify(prog); err != nil { // the listing is costly: built only on failure
			require.NoError(t, err, "Verify rejects the compiled program\n%s", prog.DisassembleString())
		}
		data, err := prog.MarshalBinary()
		require.NoError(t, err, "MarshalBinary")
		back, err := vm.Decode(data)
		require.NoError(t, err, "Decode of an encoded program")
		// reflect.DeepEqual first: it is cheap, and when it holds, so does
		// cmp with EquateEmpty, which only explains a difference (or finds
		// none where a nil slice came back empty).
		if !reflect.DeepEqual(prog, back) {
			if diff := cmp.Diff(prog, back, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("program changed through MarshalBinary and Decode (-want +got):\n%s", diff)
			}
		}
		again, err := back.MarshalBinary()
		require.NoError(t, err, "MarshalBinary of a decoded program")
		require.True(t, bytes.Equal(data, again), "encoding is not stable through Decode")
	})
}
