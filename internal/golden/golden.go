// Package golden compares the output of tests with golden files, and
// rewrites them when the tests run with -update.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Update is the -update flag: rewrite golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with the golden file at path, or rewrites the file
// with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got; run go test -update to accept):\n%s", path, diff)
	}
}

// Cases lists the files of a folder that end in ext, sorted; there must be
// some.
func Cases(t testing.TB, dir, ext string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*"+ext))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no test cases in %s", dir)
	}
	return paths
}

// Path is the golden file of a test case: x.card is checked against
// x.golden.
func Path(casePath string) string {
	return strings.TrimSuffix(casePath, filepath.Ext(casePath)) + ".golden"
}
