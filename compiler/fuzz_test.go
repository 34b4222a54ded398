package compiler_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// splitDecls cuts a file before each line that starts a top-level
// declaration (a line that starts with a letter), so that each card is also
// a seed of its own: small inputs mutate faster.
func splitDecls(src string) []string {
	var out []string
	start := 0
	for i := 1; i < len(src); i++ {
		if src[i-1] == '\n' && isLetter(src[i]) {
			out = append(out, src[start:i])
			start = i
		}
	}
	return append(out, src[start:])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// FuzzCompile checks that parsing and compiling arbitrary text never panics
// nor fails inside the compiler, and that what the compiler builds is
// bytecode the VM accepts and that survives encoding. A card with an error is
// left out of the program, so this holds whatever the diagnostics; the
// program of a file without errors holds all its cards.
func FuzzCompile(f *testing.F) {
	for _, pattern := range []string{"../cards/*.card", "../stdlib/*.card", "../testdata/*/*.card"} {
		paths, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(src))
			if decls := splitDecls(string(src)); len(decls) > 1 {
				for _, d := range decls {
					f.Add(d)
				}
			}
		}
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
		if diff := cmp.Diff(prog, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("program changed through MarshalBinary and Decode (-want +got):\n%s", diff)
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
