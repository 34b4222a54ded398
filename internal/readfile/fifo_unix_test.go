//go:build unix

package readfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A named pipe is refused before it is opened: opening it would wait for
// a writer, for ever (this test would hang).
func TestReadRefusesNamedPipes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo.card")
	require.NoError(t, syscall.Mkfifo(p, 0o644))
	_, err := Read(p, 1<<20)
	var special *NotRegularError
	require.True(t, errors.As(err, &special), "%v", err)
	require.Equal(t, "it is a named pipe, not a regular file", special.Error())
}
