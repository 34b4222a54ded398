package parser_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/parser"
)

// knownParseBugs are cases of testdata/parse whose golden file holds the
// diagnostics the parser should give but does not yet; each names its bug.
var knownParseBugs = map[string]string{}

// knownFormatBugs are cases of testdata/fmt whose golden file holds the
// output the formatter should give but does not yet.
var knownFormatBugs = map[string]string{}

// relName is the name a test case is parsed under, relative to the module
// root, so that diagnostics read testdata/<kind>/x.card.
func relName(cardPath string) string {
	return filepath.ToSlash(strings.TrimPrefix(filepath.Clean(cardPath), ".."+string(filepath.Separator)))
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	return src
}

// declsRE finds the `// decls: N` line a parse case may hold: the number of
// declarations that must parse in spite of the errors.
var declsRE = regexp.MustCompile(`(?m)^// decls: (\d+)$`)

// TestParseGolden parses each file of testdata/parse and compares its
// diagnostics, one per line, with the golden file.
func TestParseGolden(t *testing.T) {
	for _, path := range golden.Cases(t, filepath.Join("..", "testdata", "parse"), ".card") {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".card"), func(t *testing.T) {
			if bug, ok := knownParseBugs[name]; ok {
				t.Skip(bug)
			}
			src := readFile(t, path)
			file, diags := parser.Parse(relName(path), src)
			var out strings.Builder
			for _, d := range diags {
				out.WriteString(d.String())
				out.WriteByte('\n')
			}
			golden.Check(t, golden.Path(path), []byte(out.String()))
			if m := declsRE.FindSubmatch(src); m != nil {
				want, _ := strconv.Atoi(string(m[1]))
				assert.Len(t, file.Decls, want, "declarations parsed")
			}
		})
	}
}

// TestFormatGolden formats each file of testdata/fmt and compares the
// output with the golden file; the golden file must be canonical itself,
// and every comment of the input must be in the output, in order.
func TestFormatGolden(t *testing.T) {
	for _, path := range golden.Cases(t, filepath.Join("..", "testdata", "fmt"), ".card") {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".card"), func(t *testing.T) {
			if bug, ok := knownFormatBugs[name]; ok {
				t.Skip(bug)
			}
			src := readFile(t, path)
			out, diags := parser.Format(relName(path), src)
			require.Empty(t, diags, "Format")
			golden.Check(t, golden.Path(path), out)

			want := readFile(t, golden.Path(path))
			again, diags := parser.Format(relName(path), want)
			require.Empty(t, diags, "Format of the golden file")
			if diff := cmp.Diff(string(want), string(again)); diff != "" {
				t.Errorf("the golden file is not canonical (-golden +formatted):\n%s", diff)
			}

			file, _ := parser.Parse(relName(path), src)
			rest := string(out)
			for _, c := range file.Comments {
				i := strings.Index(rest, c.Text)
				if !assert.GreaterOrEqual(t, i, 0, "comment %q of line %d is lost or out of order", c.Text, c.Pos.Line) {
					continue
				}
				rest = rest[i+len(c.Text):]
			}
		})
	}
}

// TestLibraryIsCanonical checks that every file of the card library and of
// the standard library is in canonical form already.
func TestLibraryIsCanonical(t *testing.T) {
	for _, dir := range []string{"cards", "stdlib"} {
		paths, err := filepath.Glob(filepath.Join("..", dir, "*.card"))
		require.NoError(t, err)
		require.NotEmpty(t, paths, "no .card files in ../%s", dir)
		for _, path := range paths {
			name := filepath.Base(path)
			t.Run(dir+"/"+name, func(t *testing.T) {
				src := readFile(t, path)
				out, diags := parser.Format(dir+"/"+name, src)
				require.Empty(t, diags, "Format")
				if diff := cmp.Diff(string(src), string(out)); diff != "" {
					t.Errorf("not in canonical form (-file +formatted; run cardc fmt -w):\n%s", diff)
				}
			})
		}
	}
}
