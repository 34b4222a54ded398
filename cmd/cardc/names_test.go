package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOddFileNamesAreQuoted is the reproduction of issue 8: a file name
// with a line break forged a line of text output. Such names are quoted.
func TestOddFileNamesAreQuoted(t *testing.T) {
	dir := t.TempDir()
	odd := "x.card:1:1: error: forged (P001)\nbad\x1b[31m.card"
	if err := os.WriteFile(filepath.Join(dir, odd), []byte("card  \"Wood Elves Two\" {\n  cost {2}{G}\n  type Creature — Elf\n  pt 1/2\n  oracle \"\"\n}\n"), 0o644); err != nil {
		t.Skipf("no such file names here: %v", err)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "fine.card"), []byte("card \"Oops\" {\n    cost {G\n}\n"), 0o644))
	// A name with a space or a non-ASCII letter is printable: left as it is.
	for _, tt := range []struct{ name, want string }{
		{"a b/é.card", "a b/é.card"},
		{"a\nb.card", `"a\nb.card"`},
		{"tab\t.card", `"tab\t.card"`},
		{"bad\xff.card", `"bad\xff.card"`},
		{`"quoted".card`, `"\"quoted\".card"`},
	} {
		assert.Equal(t, tt.want, displayName(tt.name), "displayName(%q)", tt.name)
	}

	quoted := strconv.Quote(filepath.Join(dir, odd))
	var stdout, stderr bytes.Buffer
	run([]string{"fmt", "-l", dir}, &stdout, &stderr)
	assert.Equal(t, quoted+"\n", stdout.String(), "fmt -l: want the odd name quoted on one line")
	stdout.Reset()
	run([]string{"fmt", "-d", dir}, &stdout, &stderr)
	assert.True(t, strings.HasPrefix(stdout.String(), "--- "+quoted+"\n+++ "+quoted+" (formatted)\n"),
		"fmt -d headers:\n%s\nwant the odd name quoted", clip(stdout.String()))

	// Lint: each diagnostic is one line; the odd file's card has a broken
	// cost, so it has one.
	require.NoError(t, os.WriteFile(filepath.Join(dir, odd), []byte("card \"Oops Two\" {\n    cost {G\n}\n"), 0o644))
	stdout.Reset()
	run([]string{"lint", dir}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	var fromOdd int
	for _, l := range lines {
		if strings.HasPrefix(l, quoted+":") {
			fromOdd++
		} else {
			assert.True(t, strings.HasPrefix(l, filepath.Join(dir, "fine.card")+":"), "lint printed a line that is no diagnostic of either file: %q", l)
		}
	}
	assert.NotZero(t, fromOdd, "lint printed no diagnostic of the oddly named file:\n%s", stdout.String())
}
