package lsp

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

func TestPositions(t *testing.T) {
	// "🐉" is one rune and two UTF-16 code units; "—" one of each.
	tx := newText("a — b\r\n\"🐉\" x\n")
	tests := []struct {
		pos    dsl.Pos
		lsp    Position
		offset int
	}{
		{dsl.Pos{Line: 1, Column: 1}, Position{0, 0}, 0},
		{dsl.Pos{Line: 1, Column: 5}, Position{0, 4}, 6},
		{dsl.Pos{Line: 2, Column: 3}, Position{1, 3}, 14},
		{dsl.Pos{Line: 2, Column: 5}, Position{1, 5}, 16},
		{dsl.Pos{Line: 3, Column: 1}, Position{2, 0}, 18},
	}
	for _, tt := range tests {
		if got := tx.position(tt.pos); got != tt.lsp {
			t.Errorf("position(%d:%d) = %+v, want %+v", tt.pos.Line, tt.pos.Column, got, tt.lsp)
		}
		if got := tx.loc(tt.lsp); got.Line != tt.pos.Line || got.Column != tt.pos.Column {
			t.Errorf("loc(%+v) = %d:%d, want %d:%d", tt.lsp, got.Line, got.Column, tt.pos.Line, tt.pos.Column)
		}
		if got := tx.offset(tt.lsp); got != tt.offset {
			t.Errorf("offset(%+v) = %d, want %d", tt.lsp, got, tt.offset)
		}
	}
	// Inside a surrogate pair, or past the end of a line, a position is
	// taken back to a character boundary.
	if got := tx.offset(Position{1, 2}); got != 10 {
		t.Errorf("offset inside 🐉 = %d, want 10", got)
	}
	if got := tx.offset(Position{0, 99}); got != 7 {
		t.Errorf("offset past the line's end = %d, want 7", got)
	}
	if got := tx.end(); got != (Position{2, 0}) {
		t.Errorf("end = %+v", got)
	}
}

func TestApplyChange(t *testing.T) {
	tx := newText("gain 4 life\n🐉 gian\n")
	r := rng(1, 3, 1, 7)
	got := applyChange(tx, TextDocumentContentChangeEvent{Range: &r, Text: "gain"})
	if want := "gain 4 life\n🐉 gain\n"; got != want {
		t.Errorf("applyChange = %q, want %q", got, want)
	}
	if got := applyChange(tx, TextDocumentContentChangeEvent{Text: "x"}); got != "x" {
		t.Errorf("full change = %q", got)
	}
}

// Every phrase of the vocabulary becomes a snippet whose placeholders are
// its slots, in order, and whose text is the phrase's once they are
// filled with their names.
func TestSnippets(t *testing.T) {
	v, err := vocab.Standard()
	if err != nil {
		t.Fatal(err)
	}
	var all []*vocab.Template
	for _, e := range v.Events() {
		all = append(all, e.Templates...)
	}
	for _, f := range v.Funcs() {
		all = append(all, f.Templates...)
	}
	for _, r := range v.Rules() {
		all = append(all, r.Templates...)
	}
	if len(all) < 50 {
		t.Fatalf("only %d phrases", len(all))
	}
	placeholder := regexp.MustCompile(`\$\{(\d+):([^}]*)\}`)
	unescape := strings.NewReplacer(`\\`, `\`, `\$`, `$`, `\}`, `}`)
	for _, tm := range all {
		s := Snippet(tm)
		var slots []string
		for _, it := range tm.Items {
			if it.Slot != "" {
				slots = append(slots, it.Slot)
			}
		}
		ms := placeholder.FindAllStringSubmatch(s, -1)
		if len(ms) != len(slots) {
			t.Errorf("%q: snippet %q has %d placeholders, want %d", tm.Text, s, len(ms), len(slots))
			continue
		}
		for i, m := range ms {
			if m[1] != strconv.Itoa(i+1) || m[2] != slots[i] {
				t.Errorf("%q: placeholder %d is %s, want ${%d:%s}", tm.Text, i, m[0], i+1, slots[i])
			}
		}
		if back := unescape.Replace(placeholder.ReplaceAllString(s, "{$2}")); back != tm.Text {
			t.Errorf("snippet %q reads back as %q, want %q", s, back, tm.Text)
		}
	}
	gain := v.Func("gain_life").Templates[0]
	if got, want := Snippet(gain), "gain ${1:amount} life"; got != want {
		t.Errorf("Snippet(%q) = %q, want %q", gain.Text, got, want)
	}
}

func TestURIs(t *testing.T) {
	for _, tt := range []struct{ uri, path string }{
		{"file:///tmp/a%20b/x.card", "/tmp/a b/x.card"},
		{"file:///C:/cards/x.card", "C:/cards/x.card"},
		{"untitled:Untitled-1", "untitled:Untitled-1"},
	} {
		if got := uriToPath(tt.uri); got != filepath.FromSlash(tt.path) {
			t.Errorf("uriToPath(%q) = %q, want %q", tt.uri, got, tt.path)
		}
	}
	if got, want := pathToURI("/tmp/a b/x.card"), "file:///tmp/a%20b/x.card"; got != want {
		t.Errorf("pathToURI = %q, want %q", got, want)
	}
}
