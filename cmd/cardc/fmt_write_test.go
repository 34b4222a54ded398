package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestFmtWriteKeepsMode checks that fmt -w keeps the permissions of the file
// it rewrites, and leaves no temporary file behind.
func TestFmtWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ugly.card")
	src := "card  \"Wood Elves Two\" {\n  cost {2}{G}\n  type Creature — Elf\n  pt 1/2\n  oracle \"\"\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil { // whatever the umask
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"fmt", "-w", path}, &stdout, &stderr); code != exitOK {
		t.Fatalf("fmt -w: exit %d\n%s", code, stderr.String())
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != 0o600 {
		t.Errorf("mode after fmt -w = %v, want %v", got, os.FileMode(0o600))
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, []byte(src)) {
		t.Errorf("fmt -w did not format the file")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files after fmt -w: %v, want only ugly.card", names)
	}
}
