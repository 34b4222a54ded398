package dsl

import (
	"reflect"
	"strings"
	"unicode/utf8"
)

// Syntax trees made without source text: the abilities a keyword of the
// vocabulary abbreviates, as a card that writes the keyword has them
// (Instantiate), and phrases the compiler says for a card (PhraseOf: a
// planeswalker enters with its loyalty). Both are what the parser would
// make of the same words written there, positions included.

// PhraseOf makes the phrase that reads as words written one space apart
// from at, as the parser would read it: a word of digits is a number,
// one in braces mana symbols, a signed one with a slash a P/T or counter
// kind (`+1/+1`), any other a bare word.
func PhraseOf(at Pos, words ...string) *Phrase {
	ph := &Phrase{}
	ph.Pos = at
	pos := at
	for i, w := range words {
		end := advanceCols(pos, utf8.RuneCountInString(w))
		next := end
		if i < len(words)-1 {
			next = advanceCols(end, 1) // a node ends where the next token starts
		}
		ph.Parts = append(ph.Parts, partOf(Span{Pos: pos, EndPos: next}, w))
		pos = next
	}
	ph.EndPos = pos
	return ph
}

// partOf is the part of a phrase that reads as one written word, where
// sp says (see PhraseOf).
func partOf(sp Span, w string) *Part {
	p := &Part{Span: sp}
	text := w
	switch {
	case w != "" && strings.Trim(w, "0123456789") == "":
		p.Expr = sumOf(p.Span, &Primary{Span: p.Span, Number: &text})
	case strings.HasPrefix(w, "{"):
		p.Mana = &text
	case (strings.HasPrefix(w, "+") || strings.HasPrefix(w, "-")) && strings.Contains(w, "/"):
		p.PT = &text
	default:
		p.Expr = sumOf(p.Span, &Primary{Span: p.Span, Ref: &Ref{Span: p.Span, Name: w}})
	}
	return p
}

// sumOf is the sum that is one primary, as the parser nests it.
func sumOf(sp Span, pr *Primary) *Sum {
	return &Sum{Span: sp, Left: &Product{Span: sp, Left: &Unary{Span: sp, Primary: pr}}}
}

// advanceCols moves a position n characters to the right on its line.
func advanceCols(p Pos, n int) Pos {
	p.Column += n
	p.Offset += n
	return p
}

// Instantiate returns a copy of an ability of a keyword declaration as a
// card that writes the keyword at `at` has it, sharing nothing with the
// declaration:
//
//   - Where the ability names the keyword's parameter param as a bare word
//     (a part of a phrase, a part of a cost, or a number in an
//     expression), it has value instead: the number or the mana symbols
//     the card wrote (`graft 4`, `cumulative upkeep {2}`). param "" names
//     nothing.
//   - Its positions are those of its words written at `at`, its value in
//     place: its first line begins at at's column, the next lines keep
//     their indentation relative to the ability's first column (as the
//     parser places an ability read from text at a position).
//
// The declarations of the stdlib are checked when it is loaded; the
// compiler checks what Instantiate returns as it checks a card's own
// abilities.
func Instantiate(item CardItem, at Pos, param, value string) CardItem {
	in := &instantiator{at: at, base: item.Position(), param: param, value: value}
	if param != "" {
		in.findRefs(reflect.ValueOf(item))
	}
	return in.copy(reflect.ValueOf(item)).Interface().(CardItem)
}

// instantiator copies the syntax tree of an ability (Instantiate).
type instantiator struct {
	at, base     Pos
	param, value string
	// refs are the positions of the parameter's words in the declaration,
	// where the value is longer or shorter than the name it replaces.
	refs []Pos
}

var (
	posType     = reflect.TypeFor[Pos]()
	partType    = reflect.TypeFor[Part]()
	costType    = reflect.TypeFor[CostPart]()
	primaryType = reflect.TypeFor[Primary]()
)

// bareWord returns the word a part is, if it is a bare word.
func bareWord(p *Part) string {
	if p == nil || p.Bind != nil || p.PT != nil || p.Mana != nil || p.Str != nil {
		return ""
	}
	return p.Word()
}

// isNumber reports whether the value is a number (else mana symbols).
func (in *instantiator) isNumber() bool {
	return in.value != "" && strings.Trim(in.value, "0123456789") == ""
}

// findRefs records where the parameter is named in the tree at v.
func (in *instantiator) findRefs(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if p, ok := v.Interface().(*Part); ok && bareWord(p) == in.param {
			in.refs = append(in.refs, p.Pos)
			return
		}
		if p, ok := v.Interface().(*Primary); ok && p.Ref != nil && len(p.Ref.Fields) == 0 && p.Ref.Name == in.param {
			in.refs = append(in.refs, p.Pos)
			return
		}
		in.findRefs(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			in.findRefs(v.Field(i))
		}
	case reflect.Slice:
		for i := range v.Len() {
			in.findRefs(v.Index(i))
		}
	}
}

// pos is where a position of the declaration is in the card: moved to
// `at` (see Instantiate), and by what the values before it on its line
// and in the text add or take.
func (in *instantiator) pos(p Pos) Pos {
	if p.Line == 0 {
		return p
	}
	delta := utf8.RuneCountInString(in.value) - utf8.RuneCountInString(in.param)
	cols, bytes := 0, 0
	for _, r := range in.refs {
		if r.Offset < p.Offset {
			bytes += len(in.value) - len(in.param)
			if r.Line == p.Line {
				cols += delta
			}
		}
	}
	// Each line after the first loses the ability's indentation.
	dedent := (p.Line - in.base.Line) * (in.base.Column - 1)
	out := Pos{Filename: in.at.Filename, Line: in.at.Line + p.Line - in.base.Line, Offset: in.at.Offset + p.Offset - in.base.Offset + bytes - dedent}
	if p.Line == in.base.Line {
		out.Column = in.at.Column + p.Column - in.base.Column + cols
	} else {
		out.Column = p.Column - (in.base.Column - 1) + cols
	}
	return out
}

// copy returns a deep copy of v, instantiated.
func (in *instantiator) copy(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	in.copyInto(out, v)
	return out
}

// copyInto sets dst, a zero value of v's type that can be set and
// addressed, to a deep copy of v, instantiated. Each node is allocated
// once, where it is stored: a keyword's ability is copied for each card
// that has the keyword.
func (in *instantiator) copyInto(dst, v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			dst.Set(in.copy(v.Elem()))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if sub, ok := in.substitute(v); ok {
			dst.Set(sub)
			return
		}
		out := reflect.New(v.Type().Elem())
		in.copyInto(out.Elem(), v.Elem())
		dst.Set(out)
	case reflect.Struct:
		if v.Type() == posType {
			*dst.Addr().Interface().(*Pos) = in.pos(posOf(v))
			return
		}
		for i := range v.NumField() {
			in.copyInto(dst.Field(i), v.Field(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			in.copyInto(out.Index(i), v.Index(i))
		}
		dst.Set(out)
	default:
		dst.Set(v) // strings, numbers, booleans: values
	}
}

// posOf is the position v holds, read in place where it can be.
func posOf(v reflect.Value) Pos {
	if v.CanAddr() {
		return *v.Addr().Interface().(*Pos)
	}
	return v.Interface().(Pos)
}

// substitute returns the value in place of a node that names the
// parameter: a part of a phrase, a cost that is that part alone (mana
// symbols), or a number in an expression.
func (in *instantiator) substitute(v reflect.Value) (reflect.Value, bool) {
	if in.param == "" {
		return reflect.Value{}, false
	}
	switch v.Type().Elem() {
	case partType:
		p := v.Interface().(*Part)
		if bareWord(p) != in.param {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(partOf(Span{Pos: in.pos(p.Pos), EndPos: in.pos(p.EndPos)}, in.value)), true
	case costType:
		c := v.Interface().(*CostPart)
		if in.isNumber() || c.Phrase == nil || len(c.Phrase.Parts) != 1 || bareWord(c.Phrase.Parts[0]) != in.param {
			return reflect.Value{}, false
		}
		m := in.value
		out := &CostPart{Span: Span{Pos: in.pos(c.Pos), EndPos: in.pos(c.EndPos)}, Mana: &m}
		return reflect.ValueOf(out), true
	case primaryType:
		p := v.Interface().(*Primary)
		if !in.isNumber() || p.Ref == nil || len(p.Ref.Fields) != 0 || p.Ref.Name != in.param {
			return reflect.Value{}, false
		}
		n := in.value
		out := &Primary{Span: Span{Pos: in.pos(p.Pos), EndPos: in.pos(p.EndPos)}, Number: &n}
		return reflect.ValueOf(out), true
	}
	return reflect.Value{}, false
}
