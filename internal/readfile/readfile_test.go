package readfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRegularFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.card")
	require.NoError(t, os.WriteFile(p, []byte("card"), 0o644))
	got, err := Read(p, 4)
	require.NoError(t, err)
	assert.Equal(t, "card", string(got))
}

// A file past the cap is refused from its size, before a byte is read: a
// sparse file of 1 GiB costs nothing to refuse.
func TestReadRefusesPastTheCap(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.card")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	require.NoError(t, os.Truncate(p, 1<<30))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Read(p, 16<<20)
	runtime.ReadMemStats(&after)
	var tooLarge *TooLargeError
	require.True(t, errors.As(err, &tooLarge), "%v", err)
	assert.Equal(t, int64(16<<20), tooLarge.Max)
	assert.Equal(t, "it is larger than the 16 MiB cardc reads of a file", tooLarge.Error())
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "refusing a file allocated its contents")

	// One byte more than the cap is refused, the cap itself read.
	require.NoError(t, os.Truncate(p, 1001))
	_, err = Read(p, 1000)
	require.True(t, errors.As(err, &tooLarge), "%v", err)
	require.NoError(t, os.Truncate(p, 1000))
	got, err := Read(p, 1000)
	require.NoError(t, err)
	assert.Len(t, got, 1000)
}

// A device is not read: /dev/zero would never end.
func TestReadRefusesDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	_, err := Read("/dev/zero", 1<<20)
	var special *NotRegularError
	require.True(t, errors.As(err, &special), "%v", err)
	assert.Equal(t, "it is a character device, not a regular file", special.Error())
}

func TestWithin(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "tree")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "sub", "a.card"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret"), nil, 0o644))
	for _, c := range []struct {
		name, target string
		within       bool
		err          bool
	}{
		{"in.card", "sub/a.card", true, false},
		{"up.card", "../secret", false, false},
		{"abs.card", filepath.Join(dir, "secret"), false, false},
		{"dangling.card", "nowhere", false, true},
		{"dangling_out.card", "../nowhere", false, false},
		{"loop.card", "loop.card", false, true},
	} {
		link := filepath.Join(root, c.name)
		require.NoError(t, os.Symlink(c.target, link))
		_, ok, err := Within(root, link)
		assert.Equal(t, c.within, ok, c.name)
		assert.Equal(t, c.err, err != nil, "%s: %v", c.name, err)
	}
}
