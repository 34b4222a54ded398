package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlaygroundRunsTheProgram: `cardc playground ARGS` runs
// cardc-playground found on PATH with the same arguments and streams, and
// exits with its exit code; without it, it says how to install it.
func TestPlaygroundRunsTheProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands for cardc-playground")
	}
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	var stdout, stderr bytes.Buffer
	code := run([]string{"playground", "-addr", "127.0.0.1:0"}, &stdout, &stderr)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr.String(), "cardc playground: the playground is the program cardc-playground, which is neither beside cardc nor on PATH: install it with `go install github.com/cardc/cardc/cmd/cardc-playground`")

	script := "#!/bin/sh\necho \"args: $*\"\necho oops >&2\nexit 3\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cardc-playground"), []byte(script), 0o755))
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"playground", "-addr", "127.0.0.1:0"}, &stdout, &stderr)
	assert.Equal(t, 3, code, "its exit code")
	assert.Equal(t, "args: -addr 127.0.0.1:0\n", stdout.String())
	assert.Equal(t, "oops\n", stderr.String())
}
