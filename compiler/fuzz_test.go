package compiler_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

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
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range file.Decls {
		card, ok := d.(*dsl.Card)
		if !ok {
			continue
		}
		e, diags := compiler.Explain(v, card)
		for _, d := range diags {
			if d.Code == compiler.CodeInternalCompiler {
				t.Fatalf("internal error: %s", d)
			}
		}
		if (e == nil) != diags.HasErrors() {
			t.Fatalf("card %q: explained %v, with diagnostics %v", card.Name, e != nil, diags)
		}
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
			if d.Code == parser.CodeInternal || d.Code == compiler.CodeInternalCompiler {
				t.Fatalf("internal error: %s", d)
			}
		}
		if prog == nil {
			t.Fatalf("no program: %v", cdiags)
		}
		explain(t, file)
		if !cdiags.HasErrors() {
			cards := 0
			for _, d := range file.Decls {
				if _, ok := d.(*dsl.Card); ok {
					cards++
				}
			}
			if len(prog.Cards) != cards {
				t.Fatalf("%d cards compiled without an error, but the program holds %d", cards, len(prog.Cards))
			}
		}
		if err := vm.Verify(prog); err != nil {
			t.Fatalf("Verify rejects the compiled program: %v\n%s", err, prog.DisassembleString())
		}
		data, err := prog.MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary: %v", err)
		}
		back, err := vm.Decode(data)
		if err != nil {
			t.Fatalf("Decode of an encoded program: %v", err)
		}
		// reflect.DeepEqual first: it is cheap, and when it holds, so does
		// cmp with EquateEmpty, which only explains a difference (or finds
		// none where a nil slice came back empty).
		if !reflect.DeepEqual(prog, back) {
			if diff := cmp.Diff(prog, back, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("program changed through MarshalBinary and Decode (-want +got):\n%s", diff)
			}
		}
		again, err := back.MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary of a decoded program: %v", err)
		}
		if !bytes.Equal(data, again) {
			t.Fatal("encoding is not stable through Decode")
		}
	})
}
