package parser_test

import (
	"strings"
	"testing"

	"github.com/cardc/cardc/internal/corpus"
	"github.com/cardc/cardc/parser"
)

// FuzzParse checks that Parse never panics nor fails inside, and that a file
// that parses without a diagnostic can be formatted: Format succeeds, is
// idempotent and keeps every comment, in order.
func FuzzParse(f *testing.F) {
	for _, s := range corpus.Seeds(f, corpus.CardFiles...) {
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
