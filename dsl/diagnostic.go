package dsl

import (
	"fmt"
	"sort"

	"github.com/alecthomas/participle/v2/lexer"
)

// Pos is a position in a source file: file name, byte offset, 1-based line
// and column (columns count runes).
type Pos = lexer.Position

// Severity says how bad a diagnostic is.
type Severity int

const (
	// Error means the file cannot be used: lint fails, nothing is built.
	Error Severity = iota
	// Warning means the file works but is probably not what was meant.
	Warning
)

// String returns "error" or "warning", as diagnostics print it.
func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in a source file.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	// Code is the stable code of the check, e.g. "P001" or "C012". Codes
	// never change meaning; dsl/SPEC.md lists them.
	Code string
	// Message says what is wrong.
	Message string
	// Hint, when not empty, says how to fix it ("did you mean ...?").
	Hint string
}

// String renders the diagnostic as `path:line:col: severity: message (CODE)`,
// the hint joined to the message with "; ".
func (d Diagnostic) String() string {
	msg := d.Message
	if d.Hint != "" {
		msg += "; " + d.Hint
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s (%s)", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Severity, msg, d.Code)
}

// Errorf makes an error diagnostic.
func Errorf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Warningf makes a warning diagnostic.
func Warningf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Warning, Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithHint returns the diagnostic with a hint.
func (d Diagnostic) WithHint(format string, args ...any) Diagnostic {
	d.Hint = fmt.Sprintf(format, args...)
	return d
}

// Diagnostics is a list of diagnostics.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders diagnostics by file, line, column, then code, so output is
// deterministic.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return ds[i].Code < ds[j].Code
	})
}

// Error joins the diagnostics, one per line, so a Diagnostics can be
// returned as an error.
func (ds Diagnostics) Error() string {
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += "\n"
		}
		s += d.String()
	}
	return s
}
