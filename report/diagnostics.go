package report

import "github.com/cardc/cardc/dsl"

// Diagnostic is a diagnostic as `cardc lint --format json` prints it and
// the playground's page reads it: its file, line and column (from 1), its
// severity, code, message and hint.
type Diagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

// Diagnostics are diagnostics in that form, an empty list for none.
func Diagnostics(ds dsl.Diagnostics) []Diagnostic {
	out := make([]Diagnostic, 0, len(ds))
	for _, d := range ds {
		out = append(out, Diagnostic{d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Severity.String(), d.Code, d.Message, d.Hint})
	}
	return out
}
