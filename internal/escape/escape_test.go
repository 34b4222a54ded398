package escape

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"Grizzly Bears":                "Grizzly Bears",
		`Lim-Dûl's "Vault" \ — ok`:     `Lim-Dûl's "Vault" \ — ok`,
		"Red\x1b[31mBear":              `Red\x1b[31mBear`,
		"two\nlines\r\n":               `two\nlines\r\n`,
		"nul\x00 del\x7f c1\u0085":     `nul\x00 del\x7f c1\u0085`,
		"rtl\u202eevil":                `rtl\u202eevil`,
		"bad \xff utf8":                `bad \xff utf8`,
		"tab\there":                    `tab\there`,
		"\n::error file=README.md::hi": `\n::error file=README.md::hi`,
	} {
		assert.Equal(t, want, Text(in), "%q", in)
	}
}

func TestLineDefusesWorkflowCommands(t *testing.T) {
	assert.Equal(t, `\x3a:error file=a::forged`, Line("::error file=a::forged"))
	assert.Equal(t, `    \x3a:stop-commands::x`, Line("    ::stop-commands::x"))
	assert.Equal(t, "a ::b", Line("a ::b"))
	assert.Equal(t, `x\n::error::y`, Line("x\n::error::y"))
}

func TestWriter(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	_, err := w.Write([]byte("ok\tline\n  ::warning::x\nRed\x1b[31m"))
	require.NoError(t, err)
	_, err = w.Write([]byte("Bear\nlast"))
	require.NoError(t, err)
	require.NoError(t, w.Flush())
	assert.Equal(t, "ok\tline\n  \\x3a:warning::x\nRed\\x1b[31mBear\nlast", b.String())
}
