package vm_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/vm"
)

func TestDisassembleGolden(t *testing.T) {
	p := hydraProgram()
	golden.Check(t, "testdata/disasm.golden", []byte(p.DisassembleString()))

	// The fuzz corpus holds the encoded program as a seed.
	data := marshal(t, p)
	golden.Check(t, "testdata/fuzz/FuzzDecode/hydra", []byte("go test fuzz v1\n[]byte("+goQuote(data)+")\n"))
}

// goQuote quotes b as the fuzz corpus format expects: a Go string literal.
func goQuote(b []byte) string {
	var s strings.Builder
	s.WriteByte('"')
	const hex = "0123456789abcdef"
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			s.WriteByte(c)
		default:
			s.WriteString(`\x`)
			s.WriteByte(hex[c>>4])
			s.WriteByte(hex[c&15])
		}
	}
	s.WriteByte('"')
	return s.String()
}

func TestDisassembleIsDeterministic(t *testing.T) {
	if a, b := hydraProgram().DisassembleString(), hydraProgram().DisassembleString(); a != b {
		t.Fatal("two listings of the same program differ")
	}
}

func TestDisassembleTypeLine(t *testing.T) {
	p := &vm.Program{Cards: []vm.Card{{
		Name: "Isamaru", Supertypes: []string{"Legendary", "Snow"}, Types: []string{"Artifact", "Creature"},
		Subtypes: []string{"Dog", "Samurai"},
	}}}
	if got, want := p.DisassembleString(), "  type    Legendary Snow Artifact Creature — Dog Samurai\n"; !strings.Contains(got, want) {
		t.Errorf("listing\n%s\ndoes not contain %q", got, want)
	}
}

func TestDisassembleInvalidProgram(t *testing.T) {
	p := &vm.Program{
		Funcs: []vm.Func{{Name: "bad", Code: []vm.Instr{
			in(vm.OpConst, 3), in(vm.OpCall, -1), in(vm.OpJump, 99), {Op: 250, Arg: 1},
		}, Pos: []vm.Pos{{Line: 1, Col: 1}}}},
		Cards: []vm.Card{{Name: "Broken", Abilities: []vm.Ability{{
			Kind: 77, Event: 5, Rule: -3, Match: 4, Body: 0, Pay: vm.NoFunc, Flags: 5 | 1<<30,
			Targets: []vm.Target{{Filter: -9, Local: 0, Zone: vm.NoSymbol, Divide: vm.NoFunc}},
		}}}},
	}
	want := fmt.Sprintf(`cardvm format %d: 1 card, 1 func, 0 symbols, 0 consts

card "Broken"

  ability 0: ability?, line 0
    text    ""
    event   ? (symbol 5)
    rule    ? (symbol -3)
    flags   once {Q} 0x40000000
    locals  0
    target 0: local 0, ""
    match: func 4 ?
    body: func 0 "bad" (locals 0, stack 0)
      0000  CONST     3    ; ?
      0001  CALL      -1   ; ?
      0002  JUMP      99   ; → 0099
      0003  OP?
    target 0 filter: func -9 ?
`, vm.FormatVersion)
	if diff := cmp.Diff(want, p.DisassembleString()); diff != "" {
		t.Errorf("listing (-want +got):\n%s", diff)
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n == 0 {
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

func TestDisassembleWriteError(t *testing.T) {
	for n := range 5 {
		if err := hydraProgram().Disassemble(&failingWriter{n: n}); err == nil || err.Error() != "disk full" {
			t.Errorf("after %d writes: %v, want disk full", n, err)
		}
	}
}

// A bundle may come from anywhere: the strings it holds are printed
// escaped, so that a listing has no line a name made up and no terminal
// escape (issue 18).
func TestDisassembleEscapesTheBundlesStrings(t *testing.T) {
	evil := "Red\x1b[31mBear\n::error file=README.md::forged\x00"
	p := &vm.Program{
		Symbols: []vm.Symbol{{Kind: vm.SymFunc, Name: evil, Arity: 0}},
		Funcs:   []vm.Func{{Name: evil, Locals: []string{evil}}},
		Cards: []vm.Card{{
			Name: evil, ManaCost: evil, Colors: []string{evil}, Types: []string{evil}, Subtypes: []string{evil},
			Keywords: []string{evil}, Oracle: evil, File: evil,
			Abilities: []vm.Ability{{Text: evil, Cost: evil, Event: 0, Match: 0, Body: vm.NoFunc, Pay: vm.NoFunc, Rule: vm.NoFunc,
				Targets: []vm.Target{{Text: evil, Filter: vm.NoFunc, Zone: vm.NoSymbol, Divide: vm.NoFunc}}}},
		}},
	}
	out := p.DisassembleString()
	for _, bad := range []string{"\x1b", "\x00", "\n::"} {
		if strings.Contains(out, bad) {
			t.Errorf("the listing holds %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, `  cost    Red\x1b[31mBear\n::error file=README.md::forged\x00`) {
		t.Errorf("the mana cost is not printed escaped:\n%s", out)
	}
}
