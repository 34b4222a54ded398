package dsl_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
)

func pos(file string, line, col int) dsl.Pos {
	return dsl.Pos{Filename: file, Line: line, Column: col}
}

func TestDiagnosticString(t *testing.T) {
	tests := []struct {
		d    dsl.Diagnostic
		want string
	}{
		{dsl.Errorf(pos("cards/x.card", 3, 5), "P001", "unexpected %q", "cots"),
			`cards/x.card:3:5: error: unexpected "cots" (P001)`},
		{dsl.Errorf(pos("x.card", 3, 5), "P001", "unexpected %q", "cots").WithHint("did you mean %q?", "cost"),
			`x.card:3:5: error: unexpected "cots"; did you mean "cost"? (P001)`},
		{dsl.Warningf(pos("x.card", 1, 1), "C030", "no Oracle text"),
			`x.card:1:1: warning: no Oracle text (C030)`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.d.String(), "String()")
	}
}

func TestDiagnosticsSortAndErrors(t *testing.T) {
	ds := dsl.Diagnostics{
		dsl.Warningf(pos("b.card", 1, 1), "C030", "w"),
		dsl.Errorf(pos("a.card", 2, 9), "C010", "e"),
		dsl.Errorf(pos("a.card", 2, 3), "C013", "e"),
		dsl.Errorf(pos("a.card", 2, 3), "C011", "e"),
		dsl.Errorf(pos("a.card", 10, 1), "C014", "e"),
	}
	ds.Sort()
	var got []string
	for _, d := range ds {
		got = append(got, d.Pos.String()+" "+d.Code)
	}
	want := []string{"a.card:2:3 C011", "a.card:2:3 C013", "a.card:2:9 C010", "a.card:10:1 C014", "b.card:1:1 C030"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sorted (-want +got):\n%s", diff)
	}
	assert.True(t, ds.HasErrors(), "HasErrors() = false with errors")
	assert.False(t, (dsl.Diagnostics{ds[4]}).HasErrors(), "HasErrors() = true with only a warning")
	assert.Equal(t, "a.card:2:3: error: e (C011)\na.card:2:3: error: e (C013)", ds[:2].Error(), "Error()")
}

// TestLimit checks the cap on diagnostics per file (issue 8: 4 KB of
// random bytes gave 1,257): MaxPerFile of each file, then one P013.
func TestLimit(t *testing.T) {
	var ds dsl.Diagnostics
	for i := 0; i < 3*dsl.MaxPerFile; i++ {
		ds = append(ds, dsl.Errorf(dsl.Pos{Filename: "a.card", Line: i + 1, Column: 1}, "P002", "bad"))
	}
	ds = append(ds, dsl.Errorf(dsl.Pos{Filename: "b.card", Line: 1, Column: 1}, "P002", "bad"))
	got := ds.Limit()
	require.Len(t, got, dsl.MaxPerFile+2)
	d := got[dsl.MaxPerFile]
	assert.Equal(t, dsl.CodeTooMany, d.Code, "after the cap: %s", d)
	assert.Equal(t, dsl.MaxPerFile+1, d.Pos.Line, "after the cap: %s", d)
	d = got[len(got)-1]
	assert.Equal(t, "b.card", d.Pos.Filename, "the next file's diagnostic is lost: %s", d)
}

// TestLimitKeepsErrors checks that the cap keeps a file's errors before
// its warnings, and that only an error left out makes the "too many"
// diagnostic an error: a file of many warnings and no error must not fail
// lint (a library of 20,000 cards without Oracle text did).
func TestLimitKeepsErrors(t *testing.T) {
	at := func(line int) dsl.Pos { return dsl.Pos{Filename: "a.card", Line: line, Column: 1} }
	tests := []struct {
		name                  string
		warnings, errors      int // the warnings come first in the file
		wantErrors, wantWarns int // kept, besides the P013
		wantSeverity          dsl.Severity
	}{
		{"warnings only", 2 * dsl.MaxPerFile, 0, 0, dsl.MaxPerFile, dsl.Warning},
		{"one error after many warnings", 2 * dsl.MaxPerFile, 1, 1, dsl.MaxPerFile - 1, dsl.Warning},
		{"too many errors after warnings", dsl.MaxPerFile, dsl.MaxPerFile + 1, dsl.MaxPerFile, 0, dsl.Error},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ds dsl.Diagnostics
			for i := range tt.warnings {
				ds = append(ds, dsl.Warningf(at(i+1), "C030", "w"))
			}
			for i := range tt.errors {
				ds = append(ds, dsl.Errorf(at(tt.warnings+i+1), "C014", "e"))
			}
			got := ds.Limit()
			var errs, warns int
			var tooMany []dsl.Diagnostic
			for _, d := range got {
				switch {
				case d.Code == dsl.CodeTooMany:
					tooMany = append(tooMany, d)
				case d.Severity == dsl.Error:
					errs++
				default:
					warns++
				}
			}
			assert.Equal(t, tt.wantErrors, errs, "errors kept")
			assert.Equal(t, tt.wantWarns, warns, "warnings kept")
			require.Len(t, tooMany, 1, "P013")
			require.Equal(t, tt.wantSeverity, tooMany[0].Severity, "P013's severity")
			assert.Equal(t, tt.errors > 0, got.HasErrors(), "HasErrors() with %d errors in the input", tt.errors)
		})
	}
}

// TestQuotedTextIsCut checks that a message quotes at most MaxQuoted
// characters of what the user wrote (issue 8: a 2 MB word was quoted
// whole).
func TestQuotedTextIsCut(t *testing.T) {
	word := strings.Repeat("é", 2<<20)
	d := dsl.Errorf(dsl.Pos{}, "C014", "%q is not defined here", word)
	want := `"` + strings.Repeat("é", dsl.MaxQuoted) + `…" is not defined here`
	// Not assert.Equal: a failure would print the 2 MB word; this prints 100 bytes of it.
	assert.True(t, d.Message == want, "message of %d bytes: %.100s", len(d.Message), d.Message)
	assert.Equal(t, "short", dsl.Cut("short"), "Cut(short)")
}
