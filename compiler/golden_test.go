package compiler_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// knownCheckBugs are cases of testdata/check whose golden file holds the
// diagnostics the compiler should give but does not yet; each names its
// bug.
var knownCheckBugs = map[string]string{}

// knownDisasmBugs are card files whose golden disassembly holds what the
// compiler should emit but does not yet.
var knownDisasmBugs = map[string]string{}

// neverEmitted are codes of compiler.Codes that no card can get with the
// standard vocabulary, so no golden file can hold them.
var neverEmitted = map[string]string{
	compiler.CodeAmbiguousPhrase: "no two phrases of the standard vocabulary read alike; TestAmbiguousPhrase proves C032 with a vocabulary of its own",
}

// compileFile parses and compiles one file under the name rel, and returns
// the program and every diagnostic, sorted.
func compileFile(t *testing.T, path, rel string) (*vm.Program, dsl.Diagnostics) {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	file, diags := parser.Parse(rel, src)
	prog, cdiags := compiler.Compile([]*dsl.File{file})
	diags = append(diags, cdiags...)
	diags.Sort()
	return prog, diags
}

// TestCheckGolden compiles each file of testdata/check and compares its
// diagnostics, one per line, with the golden file. Whatever the diagnostics,
// the program holds only cards that compiled, and the VM accepts it.
func TestCheckGolden(t *testing.T) {
	for _, path := range golden.Cases(t, filepath.Join("..", "testdata", "check"), ".card") {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".card"), func(t *testing.T) {
			if bug, ok := knownCheckBugs[name]; ok {
				t.Skip(bug)
			}
			prog, diags := compileFile(t, path, "testdata/check/"+name)
			var out strings.Builder
			for _, d := range diags {
				out.WriteString(d.String())
				out.WriteByte('\n')
			}
			golden.Check(t, golden.Path(path), []byte(out.String()))
			assert.NoError(t, vm.Verify(prog), "Verify")
		})
	}
}

// codeRE finds the code at the end of a diagnostic line.
var codeRE = regexp.MustCompile(`(?m)\((C\d{3})\)$`)

// TestCheckCoversEveryCode fails if a code of compiler.Codes, other than
// the stdlib and internal ones, appears in no golden file of testdata/check.
func TestCheckCoversEveryCode(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "check", "*.golden"))
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, m := range codeRE.FindAllStringSubmatch(string(data), -1) {
			seen[m[1]] = true
		}
	}
	for _, c := range compiler.Codes {
		if c.Code == compiler.CodeStdlib || c.Code == compiler.CodeInternalCompiler {
			continue
		}
		t.Run(c.Code+"_"+c.Name, func(t *testing.T) {
			if bug, ok := neverEmitted[c.Code]; ok {
				require.False(t, seen[c.Code], "%s is covered now: remove it from neverEmitted", c.Code)
				t.Skip(bug)
			}
			assert.True(t, seen[c.Code], "no golden file of testdata/check holds %s (%s: %s)", c.Code, c.Name, c.Summary)
		})
	}
}

// TestDisassemblyGolden compiles each card file of the card library on its
// own and compares the disassembly with testdata/disasm/<file>.golden.
func TestDisassemblyGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "cards", "*.card"))
	require.NoError(t, err)
	n := 0
	for _, path := range paths {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.card") {
			continue
		}
		n++
		t.Run(strings.TrimSuffix(name, ".card"), func(t *testing.T) {
			if bug, ok := knownDisasmBugs[name]; ok {
				t.Skip(bug)
			}
			prog, diags := compileFile(t, path, "cards/"+name)
			require.Empty(t, diags, "diagnostics")
			require.NoError(t, vm.Verify(prog), "Verify")
			goldenFile := filepath.Join("..", "testdata", "disasm", strings.TrimSuffix(name, ".card")+".golden")
			golden.Check(t, goldenFile, []byte(prog.DisassembleString()))
		})
	}
	require.NotZero(t, n, "no card files in ../cards")
}
