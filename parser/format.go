package parser

import (
	"bytes"
	"reflect"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// CodeFormat is a file the formatter could not print faithfully.
const CodeFormat = "P900"

// Format returns src in canonical form. A file that does not parse is not
// formatted: Format returns its diagnostics and no output. As a safeguard,
// the output is parsed again and must hold the same declarations and the
// same comments as the input; if it does not, Format refuses with a
// diagnostic rather than lose anything the user wrote.
func Format(filename string, src []byte) ([]byte, dsl.Diagnostics) {
	f, diags := Parse(filename, src)
	return FormatParsed(f, diags, src)
}

// FormatParsed is Format for a file already parsed: f and diags are what
// Parse returned for src. It spares a command that has parsed its files
// (cardc fmt loads a workspace first) from parsing each one again.
func FormatParsed(f *dsl.File, diags dsl.Diagnostics, src []byte) ([]byte, dsl.Diagnostics) {
	if diags.HasErrors() {
		return nil, diags
	}
	filename := f.Name
	body := normalize(src)
	out := dsl.Print(f, body)
	// Output equal to the input (the common case of fmt -l) parses as
	// the input did: checking it again would double the work on a large
	// file.
	if !bytes.Equal(out, body) && !reparses(filename, out, f) {
		d := dsl.Errorf(lexer.Position{Filename: filename, Line: 1, Column: 1}, CodeFormat,
			"cannot format this file without changing it; it was left as it is").
			WithHint("this is a bug in cardc fmt; please report it with this file")
		return nil, dsl.Diagnostics{d}
	}
	if bytes.HasPrefix(src, bom) {
		out = append(append([]byte{}, bom...), out...) // keep the byte order mark
	}
	return out, nil
}

// reparses reports whether out parses without error into the same
// declarations and comments as f.
func reparses(filename string, out []byte, f *dsl.File) bool {
	g, diags := Parse(filename, out)
	return !diags.HasErrors() && sameFile(f, g)
}

// sameFile reports whether two parsed files hold the same declarations and
// comments, positions aside.
func sameFile(a, b *dsl.File) bool {
	if len(a.Comments) != len(b.Comments) || len(a.Decls) != len(b.Decls) {
		return false
	}
	for i := range a.Comments {
		if a.Comments[i].Text != b.Comments[i].Text {
			return false
		}
	}
	for i := range a.Decls {
		x, y := reflect.ValueOf(a.Decls[i]), reflect.ValueOf(b.Decls[i])
		if !equalIgnoringPos(x, y) {
			return false
		}
	}
	return true
}

var positionType = reflect.TypeOf(lexer.Position{})

// equalIgnoringPos compares two syntax trees, skipping position fields.
func equalIgnoringPos(x, y reflect.Value) bool {
	if x.Kind() != y.Kind() {
		return false
	}
	switch x.Kind() {
	case reflect.Pointer, reflect.Interface:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		if x.Kind() == reflect.Interface && x.Elem().Type() != y.Elem().Type() {
			return false
		}
		return equalIgnoringPos(x.Elem(), y.Elem())
	case reflect.Struct:
		if x.Type() == positionType {
			return true
		}
		if x.Type() != y.Type() {
			return false
		}
		for i := 0; i < x.NumField(); i++ {
			if !equalIgnoringPos(x.Field(i), y.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if x.Len() != y.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if !equalIgnoringPos(x.Index(i), y.Index(i)) {
				return false
			}
		}
		return true
	default:
		return x.Interface() == y.Interface()
	}
}
