package compiler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// TestForEachIsTheNumberOf: a quantity "for each FILTER" compiles to what
// "equal to the number of FILTERs" compiles to, so that a reader of
// bytecode — or of Oracle text, issue 23 — finds one meaning: "gain 1 life
// for each land you control" is "gain life equal to the number of lands
// you control", "add {G} for each Elf you control" is "add an amount of
// {G} equal to the number of Elves you control", and "N for each" is N
// times the count.
func TestForEachIsTheNumberOf(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"gain 1 life for each land you control", "gain life equal to the number of lands you control"},
		{"target player gains 1 life for each creature you control", "target player gains life equal to the number of creatures you control"},
		{"add {G} for each Elf you control", "add an amount of {G} equal to the number of Elves you control"},
		{"put a +1/+1 counter on target creature for each creature you control", "put the number of creatures you control +1/+1 counters on target creature"},
	} {
		t.Run(c.a, func(t *testing.T) {
			require.Equal(t, spellCode(t, c.b), spellCode(t, c.a))
		})
	}
	// N for each: N times the count, counted by the host.
	code := spellCode(t, "deal 2 damage to any target for each Goblin you control")
	require.Contains(t, code, "INT 2\nINT 0\nCALL count\nMUL 0\nCALL deal_damage\n")
}

// spellCode compiles an instant whose spell does one action, and returns
// its code as the disassembler prints it, less the card's text.
func spellCode(t *testing.T, action string) string {
	t.Helper()
	cost := "{R}"
	if strings.HasPrefix(action, "add") {
		// A mana ability, of a land.
		src := "card \"Q\" {\n    type Land\n    oracle \"\"\n    {T}: " + action + "\n}\n"
		return compileCode(t, src)
	}
	src := "card \"Q\" {\n    cost " + cost + "\n    type Instant\n    oracle \"\"\n    spell {\n        " + action + "\n    }\n}\n"
	return compileCode(t, src)
}

func compileCode(t *testing.T, src string) string {
	t.Helper()
	f, diags := parser.ParseString("q.card", src)
	require.Empty(t, diags)
	prog, diags := compiler.Compile([]*dsl.File{f})
	require.False(t, diags.HasErrors(), "%s: %v", src, diags)
	var b strings.Builder
	for _, fn := range prog.Funcs {
		for _, in := range fn.Code {
			if in.Op == vm.OpCall || in.Op == vm.OpSym {
				fmt.Fprintf(&b, "%s %s\n", in.Op, prog.Symbols[in.Arg].Name)
			} else {
				fmt.Fprintf(&b, "%s %d\n", in.Op, in.Arg)
			}
		}
		b.WriteString("--\n")
	}
	return b.String()
}

// TestForEachOfAnEffectIsCountedForTheAffectedObject: in a continuous
// effect's "for each", `it` is the object the effect is being applied to
// and `other` is relative to it (Coat of Arms: "each creature gets +1/+1
// for each other creature on the battlefield that shares at least one
// creature type with it"): the apply function keeps its candidate in a
// local of its own, which the count's filter reads, since the filter runs
// with a candidate of its own (CR 611.3a, 613.4c). Outside a continuous
// effect, `it` names nothing.
func TestForEachOfAnEffectIsCountedForTheAffectedObject(t *testing.T) {
	src := "card \"Q\" {\n    cost {5}\n    type Artifact\n    oracle \"\"\n    static creatures get +1/+1 for each other creature that shares a creature type with it\n}\n"
	code := compileCode(t, src)
	// apply: the affected object into local 3 (vm.FirstFreeLocal).
	require.Contains(t, code, "LOAD 2\nSTORE 3\nLOAD 2\nINT 0\nCALL count\n")
	// The filter: other than local 3, and sharing a type with it.
	require.Contains(t, code, "LOAD 2\nLOAD 3\nNE 0\n")
	require.Contains(t, code, "LOAD 2\nLOAD 3\nCALL shares_creature_type\n")
	require.NotContains(t, code, "LOAD 0\n", "the count reads the affected object, not this")

	// Relentless Rats' "other" is relative to the object affected too,
	// which is this.
	src = "card \"Q\" {\n    cost {5}\n    type Creature — Rat\n    pt 1/1\n    oracle \"\"\n    static this gets +1/+1 for each other creature named \"Q\"\n}\n"
	require.Contains(t, compileCode(t, src), "LOAD 2\nLOAD 3\nNE 0\n")

	f, diags := parser.ParseString("q.card", "card \"Q\" {\n    cost {R}\n    type Instant\n    oracle \"\"\n    spell {\n        gain 1 life for each creature that shares a creature type with it\n    }\n}\n")
	require.Empty(t, diags)
	_, diags = compiler.Compile([]*dsl.File{f})
	require.True(t, diags.HasErrors())
	require.Equal(t, "C041", diags[0].Code, "%v", diags)
	require.Contains(t, diags[0].Hint, "names the object a continuous effect applies to")
}
