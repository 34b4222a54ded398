//go:build !unix

package readfile

import (
	"io/fs"
	"os"
)

// file is a file opened for reading.
type file struct{ *os.File }

// open opens path for reading.
func open(path string) (*file, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &file{f}, nil
}

// stat returns the file's type, as a mode, and its size.
func (f *file) stat() (fs.FileMode, int64, error) {
	info, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	return info.Mode(), info.Size(), nil
}
