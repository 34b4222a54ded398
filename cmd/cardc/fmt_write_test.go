package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFmtWriteKeepsMode checks that fmt -w keeps the permissions of the file
// it rewrites, and leaves no temporary file behind.
func TestFmtWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ugly.card")
	src := "card  \"Wood Elves Two\" {\n  cost {2}{G}\n  type Creature — Elf\n  pt 1/2\n  oracle \"\"\n}\n"
	require.NoError(t, os.WriteFile(path, []byte(src), 0o600))
	require.NoError(t, os.Chmod(path, 0o600)) // whatever the umask
	var stdout, stderr bytes.Buffer
	code := run([]string{"fmt", "-w", path}, &stdout, &stderr)
	require.Equal(t, exitOK, code, "fmt -w: exit code\n%s", stderr.String())
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "mode after fmt -w")
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotEqual(t, src, string(got), "fmt -w did not format the file")
	assert.Len(t, dirNames(t, dir), 1, "files after fmt -w: want only ugly.card")
}

// ugly is a card that fmt changes.
const ugly = "card  \"Wood Elves Two\" {\n  cost {2}{G}\n  type Creature — Elf\n  pt 1/2\n  oracle \"\"\n}\n"

// fmtWrite runs fmt -w on path and returns its exit code and stderr.
func fmtWrite(t *testing.T, path string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run([]string{"fmt", "-w", path}, &stdout, &stderr)
	return code, stderr.String()
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestFmtWriteKeepsHardLinks: fmt -w wrote a new file and renamed it over
// the old one, so a hard link kept the old contents.
func TestFmtWriteKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	path, link := filepath.Join(dir, "a.card"), filepath.Join(dir, "b.card")
	require.NoError(t, os.WriteFile(path, []byte(ugly), 0o644))
	if err := os.Link(path, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	code, stderr := fmtWrite(t, path)
	require.Equal(t, exitOK, code, "fmt -w: exit code\n%s", stderr)
	a, err := os.Stat(path)
	require.NoError(t, err)
	b, err := os.Stat(link)
	require.NoError(t, err)
	require.True(t, os.SameFile(a, b), "fmt -w broke the hard link: a.card and b.card are two files now")
	assert.NotEqual(t, ugly, string(mustRead(t, link)), "the hard link does not see the formatted contents")
}

// TestFmtWriteKeepsSpecialModeAndOwner: fmt -w dropped the set-user-ID
// and set-group-ID bits, and, run as root, made root the owner.
func TestFmtWriteKeepsSpecialModeAndOwner(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	require.NoError(t, os.WriteFile(path, []byte(ugly), 0o644))
	mode := os.FileMode(0o750) | os.ModeSetuid | os.ModeSetgid
	require.NoError(t, os.Chmod(path, mode))
	before, err := os.Stat(path)
	require.NoError(t, err)
	if before.Mode() != mode {
		t.Skipf("cannot set mode %v here (got %v)", mode, before.Mode())
	}
	const otherUID, otherGID = 4242, 4243
	chowned := os.Getuid() == 0 && os.Chown(path, otherUID, otherGID) == nil
	if chowned {
		require.NoError(t, os.Chmod(path, mode)) // chown clears them
	}
	code, stderr := fmtWrite(t, path)
	require.Equal(t, exitOK, code, "fmt -w: exit code\n%s", stderr)
	after, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, mode, after.Mode(), "mode after fmt -w")
	assert.NotEqual(t, ugly, string(mustRead(t, path)), "fmt -w did not format the file")
	if chowned {
		if uid, gid, ok := owner(after); ok {
			assert.Equal(t, [2]int{otherUID, otherGID}, [2]int{uid, gid}, "owner (uid, gid) after fmt -w")
		}
	}
	assert.Len(t, dirNames(t, dir), 1, "files after fmt -w: want only a.card")
}

// TestFmtWriteErrorNamesTheFile: when writing fails, the message names the
// user's file (it named the hidden temporary file), and the file is as it
// was, with no backup left behind.
func TestFmtWriteErrorNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	require.NoError(t, os.WriteFile(path, []byte(ugly), 0o644))
	real := writeInPlace
	t.Cleanup(func() { writeInPlace = real })
	calls := 0
	writeInPlace = func(name string, data []byte) error {
		calls++
		if calls == 1 { // the formatted contents: half written, then a failure
			real(name, data[:len(data)/2])
			return &fs.PathError{Op: "write", Path: name, Err: syscall.ENOSPC}
		}
		return real(name, data)
	}
	code, stderr := fmtWrite(t, path)
	require.NotEqual(t, exitOK, code, "fmt -w: exit 0 though writing failed")
	assert.Equal(t, "cardc fmt: "+path+": not written: no space left on device; it is unchanged\n", stderr, "stderr")
	assert.Equal(t, ugly, string(mustRead(t, path)), "the file after a failed fmt -w: want it unchanged")
	assert.Len(t, dirNames(t, dir), 1, "files after fmt -w: want only a.card")

	// When putting the file back fails too, the backup is kept and named.
	calls = 0
	writeInPlace = func(name string, data []byte) error {
		real(name, nil)
		return &fs.PathError{Op: "write", Path: name, Err: syscall.EIO}
	}
	_, stderr = fmtWrite(t, path)
	m := regexp.MustCompile(`^cardc fmt: ` + regexp.QuoteMeta(path) + `: writing it failed \(input/output error\), and so did putting it back \(input/output error\): its contents before formatting are in (\S+)\n$`).FindStringSubmatch(stderr)
	require.NotNil(t, m, "stderr = %q, want the backup named", stderr)
	assert.Equal(t, ugly, string(mustRead(t, m[1])), "the backup: want the file's contents")
}

// TestFmtWriteReadOnly: a file that may not be written is left as it is,
// with a message that names it and says so, and no backup behind.
func TestFmtWriteReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write any file")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	require.NoError(t, os.WriteFile(path, []byte(ugly), 0o444))
	require.NoError(t, os.Chmod(path, 0o444))
	code, stderr := fmtWrite(t, path)
	assert.NotEqual(t, exitOK, code, "fmt -w of a read-only file: exit code")
	assert.Equal(t, "cardc fmt: "+path+": not written: permission denied; it is unchanged\n", stderr, "fmt -w of a read-only file: stderr")
	assert.Equal(t, ugly, string(mustRead(t, path)), "the read-only file changed")
	assert.Len(t, dirNames(t, dir), 1, "files after fmt -w: want only a.card")
}
