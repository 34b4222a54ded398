package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardc/cardc/parser"
)

// fuzzSeeds returns the text of every .card file of the card library, the
// standard library and the golden test inputs, and each top-level
// declaration of them on its own: small inputs mutate faster.
func fuzzSeeds(f *testing.F) []string {
	f.Helper()
	var seeds []string
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
			seeds = append(seeds, string(src))
			if decls := splitDecls(string(src)); len(decls) > 1 {
				seeds = append(seeds, decls...)
			}
		}
	}
	return seeds
}

// splitDecls cuts a file before each line that starts a top-level
// declaration: a line that starts with a letter.
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

// FuzzParse checks that Parse never panics nor fails inside, and that a file
// that parses without a diagnostic can be formatted: Format succeeds, is
// idempotent and keeps every comment, in order.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := parser.ParseString("fuzz.card", src)
		for _, d := range diags {
			if d.Code == parser.CodeInternal {
				t.Fatalf("internal parser error: %s", d)
			}
		}
		if len(diags) > 0 {
			return
		}
		out, diags := parser.Format("fuzz.card", []byte(src))
		if len(diags) > 0 {
			t.Fatalf("Format of a file that parses: %v", diags)
		}
		again, diags := parser.Format("fuzz.card", out)
		if len(diags) > 0 {
			t.Fatalf("Format of formatted output: %v\n%s", diags, out)
		}
		if string(again) != string(out) {
			t.Fatalf("Format is not idempotent:\nfirst:\n%s\nsecond:\n%s", out, again)
		}
		rest := string(out)
		for _, c := range file.Comments {
			i := strings.Index(rest, c.Text)
			if i < 0 {
				t.Fatalf("comment %q (line %d) lost or out of order:\n%s", c.Text, c.Pos.Line, out)
			}
			rest = rest[i+len(c.Text):]
		}
	})
}
