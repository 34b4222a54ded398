// Package report writes what cardc finds in the formats that CI systems
// read: diagnostics as SARIF 2.1.0 (code scanning), and test results as
// JSON or as JUnit XML (the test reports of GitHub and GitLab).
package report

import (
	"path/filepath"
	"strings"
)

// relURI is a file name as a relative URI with forward slashes, as SARIF
// and CI systems want it: relative to the working directory when it is
// absolute and lies below it, and each segment escaped.
func relURI(name string) string {
	if filepath.IsAbs(name) {
		if wd, err := filepath.Abs("."); err == nil {
			if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
				name = rel
			}
		}
	}
	name = filepath.ToSlash(filepath.Clean(name))
	segs := strings.Split(name, "/")
	for i, s := range segs {
		segs[i] = escapeSegment(s)
	}
	return strings.Join(segs, "/")
}

// escapeSegment percent-encodes the bytes of a path segment that a URI
// does not allow as they are (RFC 3986: unreserved characters and the
// sub-delimiters stay).
func escapeSegment(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
