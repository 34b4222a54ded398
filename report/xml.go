package report

import (
	"strings"
	"unicode/utf8"
)

// xmlHeader is the XML declaration JUnit files begin with.
const xmlHeader = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// xmlWriter writes the little XML the JUnit report is: elements indented
// by two spaces a level, attributes escaped as encoding/xml escapes them,
// text in CDATA sections. It is written here, not with encoding/xml, so
// that every run of cardc does not pay for that package's start-up.
type xmlWriter struct {
	b strings.Builder
}

// text writes s as it is.
func (x *xmlWriter) text(s string) { x.b.WriteString(s) }

// open writes the start tag of an element at a depth, on a line of its
// own after the first; attrs are names and values, in turn.
func (x *xmlWriter) open(depth int, name string, attrs ...string) {
	if depth > 0 {
		x.b.WriteString("\n" + strings.Repeat("  ", depth))
	}
	x.b.WriteString("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		x.b.WriteString(" " + attrs[i] + `="`)
		escapeXML(&x.b, attrs[i+1])
		x.b.WriteString(`"`)
	}
	x.b.WriteString(">")
}

// closeInline writes an end tag right after what the element holds.
func (x *xmlWriter) closeInline(name string) { x.b.WriteString("</" + name + ">") }

// close writes the end tag of an element that holds elements, on a line
// of its own at its depth.
func (x *xmlWriter) close(depth int, name string) {
	x.b.WriteString("\n" + strings.Repeat("  ", depth) + "</" + name + ">")
}

// cdata writes s as character data in CDATA sections: a "]]>" in s ends
// one section and begins the next. Nothing is written for "".
func (x *xmlWriter) cdata(s string) {
	if s == "" {
		return
	}
	x.b.WriteString("<![CDATA[" + strings.ReplaceAll(s, "]]>", "]]]]><![CDATA[>") + "]]>")
}

// escapeXML writes s escaped for an attribute value, as encoding/xml does:
// the five markup characters and tab, newline and carriage return as
// references, and a character XML forbids (or a byte that is not UTF-8)
// as U+FFFD.
func escapeXML(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		i += width
		var esc string
		switch r {
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\t':
			esc = "&#x9;"
		case '\n':
			esc = "&#xA;"
		case '\r':
			esc = "&#xD;"
		default:
			if !xmlChar(r) || (r == utf8.RuneError && width == 1) {
				esc = "\uFFFD"
				break
			}
			continue
		}
		b.WriteString(s[last : i-width])
		b.WriteString(esc)
		last = i
	}
	b.WriteString(s[last:])
}

// xmlChar reports whether XML 1.0 allows the character (its production
// Char).
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
