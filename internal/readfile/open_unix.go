//go:build unix

package readfile

import (
	"io"
	"io/fs"
	"syscall"
)

// file is a file opened for reading with the system's calls, not package
// os's: os registers every file it opens with its network poller, which
// costs a start of cardc more than the read of a small card.
type file struct{ fd int }

// open opens path for reading.
func open(path string) (*file, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return &file{fd}, nil
	}
}

// stat returns the file's type, as a mode, and its size.
func (f *file) stat() (fs.FileMode, int64, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return 0, 0, err
	}
	var mode fs.FileMode
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		mode = fs.ModeDevice
	case syscall.S_IFCHR:
		mode = fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		mode = fs.ModeDir
	case syscall.S_IFIFO:
		mode = fs.ModeNamedPipe
	case syscall.S_IFLNK:
		mode = fs.ModeSymlink
	case syscall.S_IFSOCK:
		mode = fs.ModeSocket
	}
	return mode, st.Size, nil
}

// Read reads as io.Reader does: io.EOF at the end.
func (f *file) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, p)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 && len(p) > 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

// Close closes the file.
func (f *file) Close() error { return syscall.Close(f.fd) }
