package dsl

import (
	"fmt"
	"sort"
	"strings"

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

// CodeInfo describes a diagnostic code: the code, a short name, and a
// one-line summary, as dsl/SPEC.md lists them. Each package that reports
// diagnostics lists its codes (parser.Codes, compiler.Codes...).
type CodeInfo struct {
	Code, Name, Summary string
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

// Errorf makes an error diagnostic. Text in double quotes in the message
// is cut to MaxQuoted characters: it quotes what the user wrote, which may
// be huge.
func Errorf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Error, Code: code, Message: cutQuoted(fmt.Sprintf(format, args...))}
}

// Warningf makes a warning diagnostic; quoted text is cut as Errorf cuts
// it.
func Warningf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Warning, Code: code, Message: cutQuoted(fmt.Sprintf(format, args...))}
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

// CodeTooMany is the diagnostic that ends those of a file that has more
// than MaxPerFile: it belongs to the parser's codes (P010-P019).
const CodeTooMany = "P013"

// MaxPerFile is how many diagnostics are reported for one file at most;
// past it, one more says there are too many, as Go's compiler does.
const MaxPerFile = 50

// Limit keeps at most MaxPerFile diagnostics of each file of a sorted
// list, errors first: a file's errors (the first MaxPerFile of them), then
// as many of its warnings as there is room for, in the list's order. One
// more diagnostic, at the first one left out, says there were too many:
// an error if an error was left out, else a warning, so that a file of
// many warnings does not fail a CI run.
func (ds Diagnostics) Limit() Diagnostics {
	type tally struct{ errors, warnings int }
	total := map[string]tally{}
	for _, d := range ds {
		t := total[d.Pos.Filename]
		if d.Severity == Error {
			t.errors++
		} else {
			t.warnings++
		}
		total[d.Pos.Filename] = t
	}
	over := false
	for _, t := range total {
		over = over || t.errors+t.warnings > MaxPerFile
	}
	if !over {
		return ds
	}
	seen := map[string]tally{}
	told := map[string]bool{}
	var out Diagnostics
	for _, d := range ds {
		file := d.Pos.Filename
		t, s := total[file], seen[file]
		errorsKept := min(t.errors, MaxPerFile)
		keep := false
		if d.Severity == Error {
			keep = s.errors < errorsKept
			s.errors++
		} else {
			keep = s.warnings < MaxPerFile-errorsKept
			s.warnings++
		}
		seen[file] = s
		switch {
		case keep:
			out = append(out, d)
		case !told[file]:
			told[file] = true
			if t.errors > MaxPerFile {
				out = append(out, Errorf(d.Pos, CodeTooMany, "too many errors in this file; the rest are not reported").
					WithHint("fix these first, or check that this is a card file"))
			} else {
				out = append(out, Warningf(d.Pos, CodeTooMany, "too many warnings in this file; the rest are not reported").
					WithHint("fix these first"))
			}
		}
	}
	return out
}

// MaxQuoted is how many characters of the user's text a message quotes:
// a phrase of a card fits, a 2 MB word does not.
const MaxQuoted = 80

// Cut returns s cut to MaxQuoted characters, with "…" when it was longer,
// so that a message quotes a 2 MB word in a line.
func Cut(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// cutQuoted cuts each "..." of a message (see Cut): however the message
// was built, with %q or from a message built before, what it quotes of the
// user's text stays short.
func cutQuoted(msg string) string {
	if len(msg) <= MaxQuoted {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		j := closingQuote(msg, i+1)
		if j < 0 {
			break
		}
		b.WriteString(msg[:i+1])
		b.WriteString(Cut(msg[i+1 : j]))
		b.WriteByte('"')
		msg = msg[j+1:]
	}
	b.WriteString(msg)
	return b.String()
}

// closingQuote returns the index of the '"' that closes a quoted text
// starting at from, skipping escapes, or -1.
func closingQuote(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}
