package dsl_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardc/cardc/dsl"
)

func TestUnquote(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"Grizzly Bears"`, "Grizzly Bears"},
		{`"say \"hi\""`, `say "hi"`},
		{`"a\nb\\c"`, "a\nb\\c"},
		{`"back\\slash"`, `back\slash`},
		{`"\x"`, "x"},
		{`"trailing\"`, `trailing\`},
		{"`raw \\n \"text\"`", `raw \n "text"`},
		{`""`, ""},
		{"``", ""},
		{"counter", "counter"},
		{`"`, `"`},
		{`"open`, `"open`},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, dsl.Unquote(tt.in), "Unquote(%q)", tt.in)
	}
}

func TestParsePT(t *testing.T) {
	tests := []struct {
		in               string
		power, toughness int
		ok               bool
	}{
		{"3/3", 3, 3, true},
		{"+1/+1", 1, 1, true},
		{"-1/-1", -1, -1, true},
		{"-2/-0", -2, 0, true},
		{"+0/+3", 0, 3, true},
		{"0/1", 0, 1, true},
		{"10/12", 10, 12, true},
		{"+1/-1", 1, -1, true},
		{"*/*", 0, 0, false},
		{"2/*", 0, 0, false},
		{"+1/+1x", 0, 0, false},
		{"1x/1", 0, 0, false},
		{"+1", 0, 0, false},
		{"1/", 0, 0, false},
		{"/1", 0, 0, false},
		{"1/1/1", 0, 0, false},
		{" 1/1", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		p, tough, ok := dsl.ParsePT(tt.in)
		assert.Equal(t, tt.ok, ok, "ParsePT(%q): ok", tt.in)
		if ok {
			assert.Equal(t, tt.power, p, "ParsePT(%q): power", tt.in)
			assert.Equal(t, tt.toughness, tough, "ParsePT(%q): toughness", tt.in)
		}
	}
}

// TestParsePTChange: each side of a power/toughness change is a number or
// X with its sign, X's coefficient 1 or -1 (CR 107.3); X/X is a token's
// base power and toughness, X each.
func TestParsePTChange(t *testing.T) {
	tests := []struct {
		in   string
		want dsl.PTChange
		ok   bool
	}{
		{"+1/+0", dsl.PTChange{Power: 1}, true},
		{"-2/-2", dsl.PTChange{Power: -2, Toughness: -2}, true},
		{"+X/+0", dsl.PTChange{PowerX: 1}, true},
		{"+0/+X", dsl.PTChange{ToughnessX: 1}, true},
		{"-X/-X", dsl.PTChange{PowerX: -1, ToughnessX: -1}, true},
		{"-X/-0", dsl.PTChange{PowerX: -1}, true},
		{"+X/+2", dsl.PTChange{PowerX: 1, Toughness: 2}, true},
		{"X/X", dsl.PTChange{PowerX: 1, ToughnessX: 1}, true},
		{"X/2", dsl.PTChange{}, false},
		{"X/+X", dsl.PTChange{}, false},
		{"+Y/+0", dsl.PTChange{}, false},
		{"+X", dsl.PTChange{}, false},
	}
	for _, tt := range tests {
		got, ok := dsl.ParsePTChange(tt.in)
		assert.Equal(t, tt.ok, ok, "ParsePTChange(%q)", tt.in)
		if ok {
			assert.Equal(t, tt.want, got, "ParsePTChange(%q)", tt.in)
		}
	}
}
