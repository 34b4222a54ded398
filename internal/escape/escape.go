// Package escape makes text from cards, tests and bundles — which a pull
// request or a downloaded file may have written — safe to print on a
// terminal and in a CI log: no line break that starts a line of its own,
// no terminal escape sequence, no NUL, and no line that a CI system
// reads as a command of its own (GitHub Actions reads a line that starts
// with "::" as a workflow command: "::error file=...::", "::stop-commands::").
package escape

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text escapes what is not printable text in s, as Go escapes it in a
// quoted string: a line break is `\n`, ESC `\x1b`, a right-to-left
// override `\u202e`, a byte that is not UTF-8 `\xff`. Printable text,
// spaces, quotes and backslashes are left as they are, so that a name
// that needs no escape reads as it is written.
func Text(s string) string {
	if printable(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case strconv.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// printable reports whether s needs no escape.
func printable(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
			return false
		}
		i += size
	}
	return true
}

// Line is Text for a whole line of output: a line that would start,
// after spaces, with "::" — a workflow command to GitHub Actions — has
// its first colon escaped as `\x3a`.
func Line(s string) string {
	return defuse(Text(s))
}

// defuse escapes the first colon of a line that starts, after spaces,
// with "::".
func defuse(s string) string {
	rest := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(rest, "::") {
		return s
	}
	at := len(s) - len(rest)
	return s[:at] + `\x3a` + s[at+1:]
}

// Writer passes text through to W line by line, each line as Line makes
// it, but for its tabs: a stray control character in what is written is
// escaped, and no line reads as a workflow command. A last line without
// a line break is written by Flush.
type Writer struct {
	W   io.Writer
	buf []byte
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{W: w} }

// Write writes the complete lines of p, and keeps the rest for the next
// Write or Flush.
func (w *Writer) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if err := w.line(w.buf[:i], "\n"); err != nil {
			return 0, err
		}
		w.buf = w.buf[i+1:]
	}
}

// Flush writes what is left of the last line.
func (w *Writer) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	err := w.line(w.buf, "")
	w.buf = nil
	return err
}

func (w *Writer) line(l []byte, end string) error {
	parts := strings.Split(string(l), "\t")
	for i, p := range parts {
		parts[i] = Text(p)
	}
	_, err := io.WriteString(w.W, defuse(strings.Join(parts, "\t"))+end)
	return err
}
