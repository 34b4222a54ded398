// Package readfile reads the files cardc is given with the care their
// origin asks for: a pull request's files, or a bundle downloaded from
// anywhere, are untrusted. It reads regular files only, never a device,
// a named pipe or a socket (a link to /dev/zero would never end, one to
// /dev/stdin would wait for ever), and at most a given number of bytes
// (a file past the cap is refused, not read), and it tells whether a
// symbolic link leads out of a directory tree.
package readfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// TooLargeError is the error of a file larger than the cap.
type TooLargeError struct {
	// Size is the file's size as far as it was read: more than Max.
	Size int64
	// Max is the cap.
	Max int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("it is larger than the %s cardc reads of a file", Bytes(e.Max))
}

// NotRegularError is the error of a file that is not a regular file.
type NotRegularError struct {
	// Mode is the file's mode, which says what it is.
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return "it is " + Kind(e.Mode) + ", not a regular file"
}

// Kind names the kind of file a mode is, in the user's words.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeDevice != 0 && m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// Bytes says a size in bytes as a person reads it: "16 MiB", "300 bytes".
func Bytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Read reads a regular file of at most max bytes. A file that is not a
// regular file once links are followed is a *NotRegularError, found
// before the file is opened (opening a named pipe would wait for a
// writer) and checked again on the opened file; a file of more than max
// bytes is a *TooLargeError, found from its size and, should it grow
// meanwhile, by reading no more than max+1 bytes. Other errors are those
// of package os, with the path.
func Read(path string, max int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, dirError(path)
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &NotRegularError{Mode: info.Mode()}}
	}
	if info.Size() > max {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: info.Size(), Max: max}}
	}
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file opened may not be the one looked at (replaced meanwhile).
	mode, size, err := f.stat()
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if !mode.IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &NotRegularError{Mode: mode}}
	}
	data := make([]byte, 0, min(size, max)+1)
	data, err = readAll(io.LimitReader(f, max+1), data)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > max {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: int64(len(data)), Max: max}}
	}
	return data, nil
}

// dirError is the error of reading a directory as a file, as the system
// says it ("is a directory").
func dirError(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Read(make([]byte, 1)); err != nil {
		return err
	}
	return &fs.PathError{Op: "read", Path: path, Err: &NotRegularError{Mode: fs.ModeDir}}
}

// readAll is io.ReadAll into a buffer made already.
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if errors.Is(err, io.EOF) {
				return b, nil
			}
			return b, err
		}
	}
}

// Within reports whether path, once every symbolic link in it is
// followed, lies in the directory tree root (itself followed): it is
// false for a link that leads out of the tree, even where the links
// cannot all be followed (a link to /dev/stdin leads to a pipe that has
// no path). The error is that of a link that leads nowhere (dangling, a
// loop) without leaving the tree first, which the caller reports when it
// reads it. target is where the path leads, "" when it leads nowhere.
func Within(root, path string) (target string, ok bool, err error) {
	realRoot, err := real(root)
	if err != nil {
		return "", false, err
	}
	target, err = real(path)
	if err != nil {
		// Where the first link leads, if the path is one.
		link, lerr := os.Readlink(path)
		dir, derr := real(filepath.Dir(path))
		if lerr != nil || derr != nil {
			return "", false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		if !inside(realRoot, filepath.Clean(link)) {
			return "", false, nil
		}
		return "", false, err
	}
	return target, inside(realRoot, target), nil
}

// inside reports whether the absolute path p is root or below it.
func inside(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// real is a path with its links followed, absolute.
func real(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}
