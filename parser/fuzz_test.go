package parser_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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
			require.NotEqual(t, parser.CodeInternal, d.Code, "internal parser error: %s", d)
		}
		if len(diags) > 0 {
			return
		}
		out, diags := parser.Format("fuzz.card", []byte(src))
		require.Empty(t, diags, "Format of a file that parses")
		again, diags := parser.Format("fuzz.card", out)
		require.Empty(t, diags, "Format of formatted output:\n%s", out)
		require.Equal(t, string(out), string(again), "Format is not idempotent")
		rest := string(out)
		for _, c := range file.Comments {
			i := strings.Index(rest, c.Text)
			require.GreaterOrEqual(t, i, 0, "comment %q (line %d) lost or out of order:\n%s", c.Text, c.Pos.Line, out)
			rest = rest[i+len(c.Text):]
		}
	})
}
