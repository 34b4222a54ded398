package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDisasmRefusesAnOldFormat: a bundle of format 3, from before bundles
// recorded their vocabulary, is refused with a message that says to
// rebuild it, not decoded as garbage.
func TestDisasmRefusesAnOldFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.bin")
	data := binary.LittleEndian.AppendUint16([]byte("CARDVM"), 3)
	data = append(data, 0, 0, 0, 0, 0, 0, 0, 0)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	var stdout, stderr bytes.Buffer
	code := run([]string{"disasm", path}, &stdout, &stderr)
	require.Equal(t, exitFindings, code, "exit code; stderr %q", stderr.String())
	want := regexp.MustCompile(`^cardc disasm: .*old\.bin: vm: cardvm format version 3, this package reads version \d+ \(which records the vocabulary a bundle was built against\); rebuild the bundle from its \.card files\n$`)
	assert.Regexp(t, want, stderr.String(), "stderr")
	assert.Empty(t, stdout.String(), "stdout")
}

// TestDisasmShowsTheVocabulary: a listing names the vocabulary the bundle
// was built against, its version and hash.
func TestDisasmShowsTheVocabulary(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"disasm", "../../cards/shock.card"}, &stdout, &stderr)
	require.Equal(t, exitOK, code, "exit code; stderr %q", stderr.String())
	lines := strings.SplitN(stdout.String(), "\n", 3)
	require.GreaterOrEqual(t, len(lines), 2, "the listing has no second line")
	assert.Regexp(t, `^vocabulary cardc\.std \d+\.\d+ \(hash [0-9a-f]{12}\)$`, lines[1], "second line of the listing")
}
