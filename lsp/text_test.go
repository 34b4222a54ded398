package lsp

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		assert.Equal(t, tt.lsp, tx.position(tt.pos), "position(%d:%d)", tt.pos.Line, tt.pos.Column)
		got := tx.loc(tt.lsp)
		assert.Equal(t, tt.pos.Line, got.Line, "loc(%+v): line", tt.lsp)
		assert.Equal(t, tt.pos.Column, got.Column, "loc(%+v): column", tt.lsp)
		assert.Equal(t, tt.offset, tx.offset(tt.lsp), "offset(%+v)", tt.lsp)
	}
	// Inside a surrogate pair, or past the end of a line, a position is
	// taken back to a character boundary.
	assert.Equal(t, 10, tx.offset(Position{1, 2}), "offset inside 🐉")
	assert.Equal(t, 7, tx.offset(Position{0, 99}), "offset past the line's end")
	assert.Equal(t, Position{2, 0}, tx.end(), "end")
}

func TestApplyChange(t *testing.T) {
	tx := newText("gain 4 life\n🐉 gian\n")
	r := rng(1, 3, 1, 7)
	assert.Equal(t, "gain 4 life\n🐉 gain\n", applyChange(tx, TextDocumentContentChangeEvent{Range: &r, Text: "gain"}), "applyChange")
	assert.Equal(t, "x", applyChange(tx, TextDocumentContentChangeEvent{Text: "x"}), "full change")
}

// Every phrase of the vocabulary becomes a snippet whose placeholders are
// its slots, in order, and whose text is the phrase's once they are
// filled with their names.
func TestSnippets(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	var all []*vocab.Template
	for _, e := range v.Events() {
		all = append(all, e.Templates...)
	}
	for _, f := range v.Funcs() {
		all = append(all, f.Templates()...)
	}
	for _, r := range v.Rules() {
		all = append(all, r.Templates...)
	}
	require.GreaterOrEqual(t, len(all), 50, "too few phrases")
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
		if !assert.Len(t, ms, len(slots), "%q: snippet %q: placeholders", tm.Text, s) {
			continue
		}
		for i, m := range ms {
			assert.Equal(t, "${"+strconv.Itoa(i+1)+":"+slots[i]+"}", m[0], "%q: placeholder %d", tm.Text, i)
		}
		assert.Equal(t, tm.Expanded(), unescape.Replace(placeholder.ReplaceAllString(s, "{$2}")), "snippet %q reads back", s)
	}
	gain := v.Func("gain_life").Templates()[0]
	assert.Equal(t, "gain ${1:amount} life", Snippet(gain), "Snippet(%q)", gain.Text)
}

func TestURIs(t *testing.T) {
	for _, tt := range []struct{ uri, path string }{
		{"file:///tmp/a%20b/x.card", "/tmp/a b/x.card"},
		{"file:///C:/cards/x.card", "C:/cards/x.card"},
		{"untitled:Untitled-1", "untitled:Untitled-1"},
	} {
		assert.Equal(t, filepath.FromSlash(tt.path), uriToPath(tt.uri), "uriToPath(%q)", tt.uri)
	}
	assert.Equal(t, "file:///tmp/a%20b/x.card", pathToURI("/tmp/a b/x.card"), "pathToURI")
}
