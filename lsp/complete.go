package lsp

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/vocab"
)

// complete offers what may be written at the cursor: card names inside
// quotes, keyword abilities after `keywords`, and otherwise the phrases of
// the vocabulary that fit the line's first word, as snippets.
func (s *Server) complete(p TextDocumentPositionParams) CompletionList {
	list := CompletionList{Items: []CompletionItem{}}
	d := s.docs[p.TextDocument.URI]
	v, err := vocab.Standard()
	if d == nil || err != nil {
		return list
	}
	t := d.text
	at := t.loc(p.Position)
	line := t.line(p.Position.Line)
	typed := runePrefix(line, at.Column-1)
	rangeFrom := func(byteCol int) Range {
		return Range{Start: Position{Line: p.Position.Line, Character: utf16Len(typed[:byteCol])}, End: p.Position}
	}
	if q := openQuote(typed); q >= 0 {
		r := rangeFrom(q + 1)
		var names []string
		for name := range s.snapshot().cards {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			list.Items = append(list.Items, CompletionItem{
				Label: name, Kind: kindValue, Detail: "card", InsertTextFormat: formatPlain,
				TextEdit: &TextEdit{Range: r, NewText: name},
			})
		}
		return list
	}
	if strings.Contains(typed, "//") || inTest(t, p.Position.Line) {
		return list
	}
	start := len(typed) - len(strings.TrimLeft(typed, " \t"))
	first, rest, spaced := strings.Cut(typed[start:], " ")
	restAt := start + len(first) + 1
	rest = strings.TrimLeft(rest, " ")
	restAt += len(typed) - restAt - len(rest)
	var templates []*vocab.Template
	kind := kindFunction
	switch {
	case !spaced:
		// The first word: a word of the language, or an action.
		for _, w := range sortedWords() {
			list.Items = append(list.Items, CompletionItem{
				Label: w, Kind: kindKeyword, Detail: "cardc", InsertTextFormat: formatPlain,
				Documentation: &MarkupContent{Kind: "markdown", Value: languageWords[w]},
				TextEdit:      &TextEdit{Range: rangeFrom(start), NewText: w},
			})
		}
		templates = actions(v, false)
		restAt = start
		if i := strings.LastIndex(typed, ":"); i >= 0 {
			restAt = i + 1 + len(typed[i+1:]) - len(strings.TrimLeft(typed[i+1:], " "))
		}
	case first == "keywords":
		from := restAt
		if i := strings.LastIndex(typed, ","); i >= restAt {
			from = i + 1 + len(typed[i+1:]) - len(strings.TrimLeft(typed[i+1:], " "))
		}
		for _, kw := range v.Keywords() {
			label, insert, format := kw.FormText(), kw.FormText(), formatPlain
			if kw.Param != nil {
				// The parameter is a placeholder to fill:
				// protection from ${1:quality}.
				insert = strings.Replace(label, "{"+kw.Param.Type.String()+"}", "${1:"+kw.Param.Type.String()+"}", 1)
				format = formatSnippet
			}
			list.Items = append(list.Items, CompletionItem{
				Label: label, Kind: kindKeyword, Detail: "keyword ability", InsertTextFormat: format,
				Documentation: &MarkupContent{Kind: "markdown", Value: keywordDoc(label, kw)},
				TextEdit:      &TextEdit{Range: rangeFrom(from), NewText: insert},
			})
		}
		return list
	case first == "whenever" || first == "when" || first == "at" || first == "replace":
		kind = kindEvent
		for _, e := range v.Events() {
			templates = append(templates, e.Templates...)
		}
	case first == "static":
		for _, r := range v.Rules() {
			templates = append(templates, r.Templates...)
		}
		for _, f := range v.Funcs() {
			if f.Effect {
				templates = append(templates, f.Templates()...)
			}
		}
	case first == "enters":
		templates = actions(v, true)
	default:
		templates = actions(v, false)
		restAt = start
		if i := strings.LastIndex(typed, ":"); i >= 0 {
			restAt = i + 1 + len(typed[i+1:]) - len(strings.TrimLeft(typed[i+1:], " "))
		}
	}
	r := rangeFrom(restAt)
	seen := map[string]bool{}
	for _, tm := range templates {
		if seen[tm.Text] {
			continue
		}
		seen[tm.Text] = true
		list.Items = append(list.Items, CompletionItem{
			Label: tm.Text, Kind: kind, Detail: tm.Owner(), FilterText: tm.Text,
			Documentation:    &MarkupContent{Kind: "markdown", Value: phraseDoc(tm)},
			InsertTextFormat: formatSnippet,
			TextEdit:         &TextEdit{Range: r, NewText: Snippet(tm)},
		})
	}
	return list
}

// actions lists the phrases of the vocabulary's actions: those of `enters`
// abilities, or the others.
func actions(v *vocab.Vocab, enters bool) []*vocab.Template {
	var out []*vocab.Template
	for _, f := range v.Funcs() {
		if f.Action && (f.Context == "enters") == enters {
			out = append(out, f.Templates()...)
		}
	}
	return out
}

// sortedWords lists the words of the language, sorted.
func sortedWords() []string {
	out := make([]string, 0, len(languageWords))
	for w := range languageWords {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// openQuote returns the byte index of a quote the text leaves open, or -1.
func openQuote(s string) int {
	open := -1
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && open >= 0:
			i++
		case s[i] == '"' && open >= 0:
			open = -1
		case s[i] == '"':
			open = i
		}
	}
	return open
}

// inTest reports whether a line is inside a test declaration: the last
// declaration that starts at the beginning of a line, above it, is a
// test.
func inTest(t *text, line int) bool {
	for i := min(line, len(t.lines)-1); i >= 0; i-- {
		l := t.line(i)
		switch {
		case strings.HasPrefix(l, "test "):
			return true
		case strings.HasPrefix(l, "card "):
			return false
		}
	}
	return false
}

// slotPattern finds the {slots} of a phrase's text.
var slotPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{[^{}]+\}`) })

// snippetEscape escapes what a snippet's text may not hold bare; it is
// built once (building a Replacer costs more than using it).
var snippetEscape = strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`)

// Snippet is a phrase of the vocabulary as an LSP snippet, each slot a
// numbered placeholder named after it: "gain {amount} life" is
// "gain ${1:amount} life".
func Snippet(t *vocab.Template) string {
	slots := map[string]bool{}
	for _, it := range t.Items {
		if it.Slot != "" {
			slots[it.Slot] = true
		}
	}
	escape := snippetEscape.Replace
	var b strings.Builder
	n, last := 0, 0
	text := t.Expanded() // a phrase with optional parts: all of them
	for _, m := range slotPattern().FindAllStringIndex(text, -1) {
		name := text[m[0]+1 : m[1]-1]
		if !slots[name] {
			continue
		}
		n++
		b.WriteString(escape(text[last:m[0]]))
		fmt.Fprintf(&b, "${%d:%s}", n, escape(name))
		last = m[1]
	}
	b.WriteString(escape(text[last:]))
	return b.String()
}
