package dsl_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
		if got := tt.d.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
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
	if !ds.HasErrors() {
		t.Error("HasErrors() = false with errors")
	}
	if (dsl.Diagnostics{ds[4]}).HasErrors() {
		t.Error("HasErrors() = true with only a warning")
	}
	if got, want := ds[:2].Error(), "a.card:2:3: error: e (C011)\na.card:2:3: error: e (C013)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
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
	if len(got) != dsl.MaxPerFile+2 {
		t.Fatalf("%d diagnostics, want %d", len(got), dsl.MaxPerFile+2)
	}
	if d := got[dsl.MaxPerFile]; d.Code != dsl.CodeTooMany || d.Pos.Line != dsl.MaxPerFile+1 {
		t.Errorf("after the cap: %s", d)
	}
	if d := got[len(got)-1]; d.Pos.Filename != "b.card" {
		t.Errorf("the next file's diagnostic is lost: %s", d)
	}
}

// TestQuotedTextIsCut checks that a message quotes at most MaxQuoted
// characters of what the user wrote (issue 8: a 2 MB word was quoted
// whole).
func TestQuotedTextIsCut(t *testing.T) {
	word := strings.Repeat("é", 2<<20)
	d := dsl.Errorf(dsl.Pos{}, "C014", "%q is not defined here", word)
	want := `"` + strings.Repeat("é", dsl.MaxQuoted) + `…" is not defined here`
	if d.Message != want {
		t.Errorf("message of %d bytes: %.100s", len(d.Message), d.Message)
	}
	if got := dsl.Cut("short"); got != "short" {
		t.Errorf("Cut(short) = %q", got)
	}
}
