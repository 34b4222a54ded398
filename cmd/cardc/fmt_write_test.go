package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
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
	if err != nil {
		t.Fatal(err)
	}
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
	if err := os.WriteFile(path, []byte(ugly), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	if code, stderr := fmtWrite(t, path); code != exitOK {
		t.Fatalf("fmt -w: exit %d\n%s", code, stderr)
	}
	a, errA := os.Stat(path)
	b, errB := os.Stat(link)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if !os.SameFile(a, b) {
		t.Fatal("fmt -w broke the hard link: a.card and b.card are two files now")
	}
	if got := mustRead(t, link); string(got) == ugly {
		t.Error("the hard link does not see the formatted contents")
	}
}

// TestFmtWriteKeepsSpecialModeAndOwner: fmt -w dropped the set-user-ID
// and set-group-ID bits, and, run as root, made root the owner.
func TestFmtWriteKeepsSpecialModeAndOwner(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	if err := os.WriteFile(path, []byte(ugly), 0o644); err != nil {
		t.Fatal(err)
	}
	mode := os.FileMode(0o750) | os.ModeSetuid | os.ModeSetgid
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if before.Mode() != mode {
		t.Skipf("cannot set mode %v here (got %v)", mode, before.Mode())
	}
	const otherUID, otherGID = 4242, 4243
	chowned := os.Getuid() == 0 && os.Chown(path, otherUID, otherGID) == nil
	if chowned {
		if err := os.Chmod(path, mode); err != nil { // chown clears them
			t.Fatal(err)
		}
	}
	if code, stderr := fmtWrite(t, path); code != exitOK {
		t.Fatalf("fmt -w: exit %d\n%s", code, stderr)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if after.Mode() != mode {
		t.Errorf("mode after fmt -w = %v, want %v", after.Mode(), mode)
	}
	if string(mustRead(t, path)) == ugly {
		t.Error("fmt -w did not format the file")
	}
	if chowned {
		if uid, gid, ok := owner(after); ok && (uid != otherUID || gid != otherGID) {
			t.Errorf("owner after fmt -w = %d:%d, want %d:%d", uid, gid, otherUID, otherGID)
		}
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files after fmt -w: %v, want only a.card", names)
	}
}

// TestFmtWriteErrorNamesTheFile: when writing fails, the message names the
// user's file (it named the hidden temporary file), and the file is as it
// was, with no backup left behind.
func TestFmtWriteErrorNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	if err := os.WriteFile(path, []byte(ugly), 0o644); err != nil {
		t.Fatal(err)
	}
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
	if code == exitOK {
		t.Fatal("fmt -w: exit 0 though writing failed")
	}
	want := "cardc fmt: " + path + ": not written: no space left on device; it is unchanged\n"
	if stderr != want {
		t.Errorf("stderr = %q, want %q", stderr, want)
	}
	if got := string(mustRead(t, path)); got != ugly {
		t.Errorf("the file after a failed fmt -w is %q, want it unchanged", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files after fmt -w: %v, want only a.card", names)
	}

	// When putting the file back fails too, the backup is kept and named.
	calls = 0
	writeInPlace = func(name string, data []byte) error {
		real(name, nil)
		return &fs.PathError{Op: "write", Path: name, Err: syscall.EIO}
	}
	_, stderr = fmtWrite(t, path)
	m := regexp.MustCompile(`^cardc fmt: ` + regexp.QuoteMeta(path) + `: writing it failed \(input/output error\), and so did putting it back \(input/output error\): its contents before formatting are in (\S+)\n$`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr = %q, want the backup named", stderr)
	}
	if got := string(mustRead(t, m[1])); got != ugly {
		t.Errorf("the backup holds %q, want the file's contents %q", got, ugly)
	}
}

// TestFmtWriteReadOnly: a file that may not be written is left as it is,
// with a message that names it and says so, and no backup behind.
func TestFmtWriteReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write any file")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "a.card")
	if err := os.WriteFile(path, []byte(ugly), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	code, stderr := fmtWrite(t, path)
	if want := "cardc fmt: " + path + ": not written: permission denied; it is unchanged\n"; code == exitOK || stderr != want {
		t.Errorf("fmt -w of a read-only file: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if got := string(mustRead(t, path)); got != ugly {
		t.Errorf("the read-only file became %q", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files after fmt -w: %v, want only a.card", names)
	}
}
