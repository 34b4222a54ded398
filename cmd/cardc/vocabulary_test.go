package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDisasmRefusesAnOldFormat: a bundle of format 3, from before bundles
// recorded their vocabulary, is refused with a message that says to
// rebuild it, not decoded as garbage.
func TestDisasmRefusesAnOldFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.bin")
	data := binary.LittleEndian.AppendUint16([]byte("CARDVM"), 3)
	data = append(data, 0, 0, 0, 0, 0, 0, 0, 0)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"disasm", path}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitFindings, stderr.String())
	}
	want := regexp.MustCompile(`^cardc disasm: .*old\.bin: vm: cardvm format version 3, this package reads version \d+ \(which records the vocabulary a bundle was built against\); rebuild the bundle from its \.card files\n$`)
	if !want.MatchString(stderr.String()) || stdout.Len() > 0 {
		t.Errorf("stdout %q, stderr %q; want no output and a message matching %s", stdout.String(), stderr.String(), want)
	}
}

// TestDisasmShowsTheVocabulary: a listing names the vocabulary the bundle
// was built against, its version and hash.
func TestDisasmShowsTheVocabulary(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"disasm", "../../cards/shock.card"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d; stderr %q", code, stderr.String())
	}
	lines := strings.SplitN(stdout.String(), "\n", 3)
	if want := regexp.MustCompile(`^vocabulary cardc\.std \d+\.\d+ \(hash [0-9a-f]{12}\)$`); len(lines) < 2 || !want.MatchString(lines[1]) {
		t.Errorf("second line of the listing %q, want one matching %s", lines[1], want)
	}
}
