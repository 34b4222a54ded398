package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// apply checks that ops turn x into y: the kept and removed lines are x,
// the kept and added ones y, each at the index it claims. It returns the
// number of lines removed or added.
func apply(t *testing.T, x, y []string, ops []diffOp) int {
	t.Helper()
	var gotX, gotY []string
	edits := 0
	for _, op := range ops {
		switch op.kind {
		case ' ':
			require.Equal(t, [2]int{len(gotX), len(gotY)}, [2]int{op.ai, op.bi}, "kept %q at the wrong place", op.line)
			gotX, gotY = append(gotX, op.line), append(gotY, op.line)
		case '-':
			require.Equal(t, len(gotX), op.ai, "removed %q at the wrong place", op.line)
			gotX = append(gotX, op.line)
			edits++
		case '+':
			require.Equal(t, len(gotY), op.bi, "added %q at the wrong place", op.line)
			gotY = append(gotY, op.line)
			edits++
		default:
			require.Failf(t, "bad op kind", "bad op kind %q", op.kind)
		}
	}
	require.Len(t, gotX, len(x), "the diff's old side is %q, want %q", gotX, x)
	require.Equal(t, strings.Join(x, "\n"), strings.Join(gotX, "\n"), "the diff's old side")
	require.Len(t, gotY, len(y), "the diff's new side is %q, want %q", gotY, y)
	require.Equal(t, strings.Join(y, "\n"), strings.Join(gotY, "\n"), "the diff's new side")
	return edits
}

// lcs is the length of a longest common subsequence, by the quadratic
// table: what a shortest diff must keep.
func lcs(x, y []string) int {
	t := make([][]int, len(x)+1)
	for i := range t {
		t[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// TestDiffLinesIsShortest checks, on random small inputs, that the diff is
// valid and as short as the longest common subsequence allows.
func TestDiffLinesIsShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gen := func(n, alphabet int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = string(rune('a' + rng.IntN(alphabet)))
		}
		return out
	}
	for i := range 3000 {
		x, y := gen(rng.IntN(30), 1+rng.IntN(5)), gen(rng.IntN(30), 1+rng.IntN(5))
		edits := apply(t, x, y, diffLines(x, y))
		require.Equal(t, len(x)+len(y)-2*lcs(x, y), edits, "case %d: edits from %q to %q", i, x, y)
	}
}

// TestDiffLinesLargeRewrite checks that two long inputs with nothing
// and with little in common give a valid diff, past the cost bound.
func TestDiffLinesLargeRewrite(t *testing.T) {
	var x, y, z []string
	for i := range 6000 {
		x = append(x, fmt.Sprint("a", i))
		y = append(y, fmt.Sprint("b", i))
		if i%3 == 0 {
			z = append(z, x[i])
		} else {
			z = append(z, fmt.Sprint("c", i))
		}
	}
	assert.Equal(t, 12000, apply(t, x, y, diffLines(x, y)), "edits between inputs with nothing in common")
	assert.LessOrEqual(t, apply(t, x, z, diffLines(x, z)), 2*4000+100, "edits where 8000 do")
}

// TestFmtDiffLongFile is the reproduction of issue 8: fmt -d of a file of
// 7,000 lines with one line to format printed the whole file, removed and
// added. It prints one small hunk.
func TestFmtDiffLongFile(t *testing.T) {
	var cards []string
	for i := range 1000 { // 7 lines each, with the blank line between
		cards = append(cards, fmt.Sprintf("card \"Bear %d\" {\n    cost {1}{G}\n    type Creature — Bear\n    pt 2/2\n    oracle \"\"\n}\n", i))
	}
	src := strings.Join(cards, "\n")
	lines := strings.Split(src, "\n")
	lines[3501] = strings.Replace(lines[3501], "cost {1}{G}", "cost  {1}{G}", 1)
	require.NotEqual(t, strings.Split(src, "\n")[3501], lines[3501], "the test input has no line to format")
	path := filepath.Join(t.TempDir(), "bears.card")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
	var stdout, stderr bytes.Buffer
	code := run([]string{"fmt", "-d", path}, &stdout, &stderr)
	require.Equal(t, exitOK, code, "fmt -d: exit code\n%s", stderr.String())
	want := fmt.Sprintf(`--- %[1]s
+++ %[1]s (formatted)
@@ -3499,7 +3499,7 @@
 }
 
 card "Bear 500" {
-    cost  {1}{G}
+    cost {1}{G}
     type Creature — Bear
     pt 2/2
     oracle ""
`, path)
	if got := stdout.String(); got != want {
		// Not assert.Equal: its diff of the whole 7,000-line output is too long to read.
		t.Errorf("fmt -d of a 7,000-line file with one line to format:\n%s\nwant:\n%s", clip(got), want)
	}
}

// BenchmarkDiffLines measures the diff of a 5,000-line file with one line
// changed, and of two 5,000-line files with nothing in common.
func BenchmarkDiffLines(b *testing.B) {
	var x, y, z []string
	for i := range 5000 {
		x = append(x, fmt.Sprint("line ", i))
		z = append(z, fmt.Sprint("other ", i))
	}
	y = append(y, x...)
	y[2500] = "changed"
	b.Run("one-change", func(b *testing.B) {
		for b.Loop() {
			diffLines(x, y)
		}
	})
	b.Run("all-changed", func(b *testing.B) {
		for b.Loop() {
			diffLines(x, z)
		}
	})
}

// TestUnifiedDiffAppliesWithPatch checks, where patch(1) is installed,
// that the diffs of random edits apply and give the new text, empty
// ranges included (a file made empty, or written from nothing).
func TestUnifiedDiffAppliesWithPatch(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("no patch command here")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	texts := func() string {
		var lines []string
		for range rng.IntN(12) {
			lines = append(lines, string(rune('a'+rng.IntN(4))))
		}
		if len(lines) == 0 {
			return ""
		}
		return strings.Join(lines, "\n") + "\n"
	}
	for i := range 200 {
		a, b := texts(), texts()
		if a == b {
			continue
		}
		old := filepath.Join(dir, "f.card")
		require.NoError(t, os.WriteFile(old, []byte(a), 0o644))
		d := unifiedDiff("f.card", []byte(a), []byte(b))
		cmd := exec.Command(patch, "-s", "-f", "-o", "-", old)
		cmd.Stdin = strings.NewReader(d)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		require.NoError(t, err, "case %d: patch of %q with\n%s\n%s", i, a, d, errOut.String())
		require.Equal(t, b, out.String(), "case %d: patch of %q with\n%s", i, a, d)
	}
}

// TestUnifiedDiffEmptyRanges: an empty range starts at the line before
// it, as diff -u prints it.
func TestUnifiedDiffEmptyRanges(t *testing.T) {
	for _, tt := range []struct{ a, b, want string }{
		{"", "a\n", "--- f\n+++ f (formatted)\n@@ -0,0 +1,1 @@\n+a\n"},
		{"a\n", "", "--- f\n+++ f (formatted)\n@@ -1,1 +0,0 @@\n-a\n"},
	} {
		assert.Equal(t, tt.want, unifiedDiff("f", []byte(tt.a), []byte(tt.b)), "diff of %q and %q", tt.a, tt.b)
	}
}
