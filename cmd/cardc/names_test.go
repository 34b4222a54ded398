package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOddFileNamesAreQuoted is the reproduction of issue 8: a file name
// with a line break forged a line of text output. Such names are quoted.
func TestOddFileNamesAreQuoted(t *testing.T) {
	dir := t.TempDir()
	odd := "x.card:1:1: error: forged (P001)\nbad\x1b[31m.card"
	if err := os.WriteFile(filepath.Join(dir, odd), []byte("card  \"Wood Elves Two\" {\n  cost {2}{G}\n  type Creature — Elf\n  pt 1/2\n  oracle \"\"\n}\n"), 0o644); err != nil {
		t.Skipf("no such file names here: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fine.card"), []byte("card \"Oops\" {\n    cost {G\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A name with a space or a non-ASCII letter is printable: left as it is.
	for _, tt := range []struct{ name, want string }{
		{"a b/é.card", "a b/é.card"},
		{"a\nb.card", `"a\nb.card"`},
		{"tab\t.card", `"tab\t.card"`},
		{"bad\xff.card", `"bad\xff.card"`},
		{`"quoted".card`, `"\"quoted\".card"`},
	} {
		if got := displayName(tt.name); got != tt.want {
			t.Errorf("displayName(%q) = %s, want %s", tt.name, got, tt.want)
		}
	}

	quoted := strconv.Quote(filepath.Join(dir, odd))
	var stdout, stderr bytes.Buffer
	run([]string{"fmt", "-l", dir}, &stdout, &stderr)
	if got := stdout.String(); got != quoted+"\n" {
		t.Errorf("fmt -l printed %q, want the odd name quoted on one line: %q", got, quoted+"\n")
	}
	stdout.Reset()
	run([]string{"fmt", "-d", dir}, &stdout, &stderr)
	if !strings.HasPrefix(stdout.String(), "--- "+quoted+"\n+++ "+quoted+" (formatted)\n") {
		t.Errorf("fmt -d headers:\n%s\nwant the odd name quoted", clip(stdout.String()))
	}

	// Lint: each diagnostic is one line; the odd file's card has a broken
	// cost, so it has one.
	if err := os.WriteFile(filepath.Join(dir, odd), []byte("card \"Oops Two\" {\n    cost {G\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	run([]string{"lint", dir}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	var fromOdd int
	for _, l := range lines {
		if strings.HasPrefix(l, quoted+":") {
			fromOdd++
		} else if !strings.HasPrefix(l, filepath.Join(dir, "fine.card")+":") {
			t.Errorf("lint printed a line that is no diagnostic of either file: %q", l)
		}
	}
	if fromOdd == 0 {
		t.Errorf("lint printed no diagnostic of the oddly named file:\n%s", stdout.String())
	}
}
