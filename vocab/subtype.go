package vocab

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
)

// Subtype is a subtype of CR 205.3 that the vocabulary declares
// (`subtypes` in stdlib/names.card).
type Subtype struct {
	// Name is the subtype as a type line writes it: "Elf", "Time Lord",
	// "Urza's".
	Name string
	// Plural is how Oracle text writes it in the plural: "Elves",
	// "Merfolk", "Zombies".
	Plural string
	// List is the list of CR 205.3 it is in, which says its card types.
	List *SubtypeList
}

// SubtypeList is a list of subtypes of CR 205.3 (the creature types, the
// land types...): the card types whose subtypes they are, which all the
// subtypes of the list share.
type SubtypeList struct {
	// Types are the card types, lower case: "land"; "creature" and
	// "kindred" for the creature types (CR 205.3m).
	Types []string
}

// Types are the card types the subtype belongs to.
func (s *Subtype) Types() []string { return s.List.Types }

// HasType reports whether the subtype belongs to one of the card types
// (CR 205.3c, 205.3d).
func (s *Subtype) HasType(types []string) bool {
	for _, t := range types {
		for _, u := range s.List.Types {
			if t == u {
				return true
			}
		}
	}
	return false
}

// TypesText names the card types of the subtype in the plural, for
// messages: "creatures and kindreds".
func (s *Subtype) TypesText() string {
	plurals := make([]string, len(s.List.Types))
	for i, t := range s.List.Types {
		plurals[i] = t + "s"
	}
	return strings.Join(plurals, " and ")
}

// subtypeForm is a way to write a subtype, Word, and the subtype it is
// (an index of Vocab.subtypes): in the singular, in the plural, or both
// when Oracle's plural is the same word ("Merfolk").
//
// Vocab.subtypeForms holds them sorted by Word, for a binary search: a
// list of plain values, which the generated standard vocabulary builds
// with one copy, where a map would take a thousand insertions at every
// start of cardc (lookups are about ten comparisons of strings).
type subtypeForm struct {
	Word             string
	Index            uint16
	Singular, Plural bool
}

// Subtypes lists the subtypes in the order the vocabulary declares them.
func (v *Vocab) Subtypes() []*Subtype { return append([]*Subtype(nil), v.subtypes...) }

// LookupSubtype returns the subtype a word names, written as a type line
// writes it (singular) or as Oracle text writes its plural, and which form
// the word is; a word of both forms ("Merfolk", "Plains") is both. Case
// counts: a subtype is capitalized. A typographic apostrophe reads as
// the typewriter one ("Urza’s"). It returns nil for any other word.
func (v *Vocab) LookupSubtype(w string) (s *Subtype, singular, plural bool) {
	i, ok := slices.BinarySearchFunc(v.subtypeForms, normalApostrophe(w), func(f subtypeForm, w string) int { return strings.Compare(f.Word, w) })
	if !ok {
		return nil, false, false
	}
	f := v.subtypeForms[i]
	return v.subtypes[f.Index], f.Singular, f.Plural
}

// normalApostrophe writes a typographic apostrophe as a typewriter one.
func normalApostrophe(w string) string {
	if strings.IndexByte(w, 0xE2) < 0 { // the first byte of ’ in UTF-8
		return w
	}
	return strings.ReplaceAll(w, "’", "'")
}

// Capitalized reports whether a word starts with an upper-case letter, as
// a subtype does.
func Capitalized(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return w != "" && unicode.IsUpper(r)
}

// subtypeWords lists every way to write a subtype, for hints: each name,
// and each plural that differs from it.
func (v *Vocab) subtypeWords() []string {
	out := make([]string, 0, 2*len(v.subtypes))
	for _, s := range v.subtypes {
		out = append(out, s.Name)
		if s.Plural != s.Name {
			out = append(out, s.Plural)
		}
	}
	return out
}

// UnknownSubtype is the diagnostic of a word written where a subtype is
// due that names none, with the closest subtype as a hint.
func (v *Vocab) UnknownSubtype(pos dsl.Pos, w string) dsl.Diagnostic {
	d := dsl.Errorf(pos, CodeSubtype, "%q is no subtype (CR 205.3)", w)
	d.Hint = dsl.DidYouMean(w, v.subtypeWords())
	if d.Hint == "" {
		d.Hint = "the vocabulary declares the subtypes of CR 205.3 (stdlib/names.card), as Oracle text writes them; a card printed with a subtype that is now obsolete has the one Oracle gives it (CR 205.3f)"
	}
	return d
}

// EnglishPlural is the English plural of a subtype, which Oracle text
// writes unless the vocabulary gives another: "Zombies", "Foxes",
// "Allies", "Monkeys".
func EnglishPlural(s string) string {
	for _, end := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(s, end) {
			return s + "es"
		}
	}
	if n := len(s); n > 1 && s[n-1] == 'y' && !strings.ContainsRune("aeiouAEIOU", rune(s[n-2])) {
		return s[:n-1] + "ies"
	}
	return s + "s"
}

// addSubtypes reads the `subtypes` declarations, once the card types are
// known: each subtype once, of declared card types, and no way of writing
// one that is a way of writing another.
func (v *Vocab) addSubtypes(decls []*dsl.SubtypesDecl) dsl.Diagnostics {
	var diags dsl.Diagnostics
	forms := map[string]subtypeForm{}
	declared := map[string]*Subtype{}
	lists := map[string]*SubtypeList{}
	for _, d := range decls {
		var types []string
		for _, t := range d.Types {
			lt := strings.ToLower(t)
			if !v.IsName(KCardType, lt) {
				diags = append(diags, dsl.Errorf(d.Pos, CodeStdlib, "subtypes of %q, which is no card type of the vocabulary", t))
				continue
			}
			types = append(types, lt)
		}
		// One list for each set of card types (CR 205.3g-205.3q),
		// however many lines declare it.
		list := lists[strings.Join(types, " ")]
		if list == nil {
			list = &SubtypeList{Types: types}
			lists[strings.Join(types, " ")] = list
		}
		for _, n := range d.Subtypes {
			name := normalApostrophe(dsl.Unquote(n.Name))
			plural := EnglishPlural(name)
			if n.Plural != "" {
				plural = normalApostrophe(dsl.Unquote(n.Plural))
			}
			if !Capitalized(name) || !Capitalized(plural) {
				diags = append(diags, dsl.Errorf(n.Pos, CodeStdlib, "subtype %q: a subtype and its plural are capitalized", name))
				continue
			}
			if _, ok := declared[name]; ok {
				diags = append(diags, dsl.Errorf(n.Pos, CodeStdlib, "subtype %q is declared twice", name))
				continue
			}
			s := &Subtype{Name: name, Plural: plural, List: list}
			declared[name] = s
			if len(v.subtypes) > math.MaxUint16 {
				diags = append(diags, dsl.Errorf(n.Pos, CodeStdlib, "more than %d subtypes", math.MaxUint16))
				return diags
			}
			index := uint16(len(v.subtypes))
			for _, f := range []subtypeForm{{name, index, true, plural == name}, {plural, index, plural == name, true}} {
				if other, ok := forms[f.Word]; ok && other.Index != index {
					diags = append(diags, dsl.Errorf(n.Pos, CodeStdlib, "%q would name both %q and %q", f.Word, v.subtypes[other.Index].Name, name))
				}
				forms[f.Word] = f
			}
			v.subtypes = append(v.subtypes, s)
			v.lists[KSubtype] = append(v.lists[KSubtype], name)
		}
	}
	v.subtypeForms = make([]subtypeForm, 0, len(forms))
	for _, f := range forms {
		v.subtypeForms = append(v.subtypeForms, f)
	}
	slices.SortFunc(v.subtypeForms, func(a, b subtypeForm) int { return strings.Compare(a.Word, b.Word) })
	return diags
}

// subtypesMarkdown lists the subtypes for dsl/VOCABULARY.md, by the card
// types they belong to, each with its plural where Oracle text writes it
// otherwise than the English rule (EnglishPlural).
func (v *Vocab) subtypesMarkdown() string {
	var b strings.Builder
	b.WriteString("- Subtypes (CR 205.3), in the plural as Oracle text writes them where that is not the English plural:\n")
	var types []string
	byTypes := map[string][]string{}
	for _, s := range v.subtypes {
		key := strings.Join(s.List.Types, " and ")
		if _, ok := byTypes[key]; !ok {
			types = append(types, key)
		}
		w := s.Name
		if s.Plural != EnglishPlural(s.Name) {
			w += " (" + s.Plural + ")"
		}
		byTypes[key] = append(byTypes[key], w)
	}
	for _, key := range types {
		fmt.Fprintf(&b, "  - of %s: %s\n", key, strings.Join(byTypes[key], ", "))
	}
	return b.String()
}

// TypeLineSubtypes reads the subtypes of a type line, the words after its
// dash, as the vocabulary declares them: one word each, or the two of
// "Time Lord" (CR 205.3b). Each is a subtype in the singular and belongs
// to one of the card's types (CR 205.3c, 205.3d); types is nil when the
// type line's card types are unknown, which leaves that out.
func (v *Vocab) TypeLineSubtypes(pos dsl.Pos, words []string, types []string) (subtypes []string, diags dsl.Diagnostics) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		s, singular, _ := v.LookupSubtype(w)
		if i+1 < len(words) {
			// A subtype of two words (CR 205.3m), read first.
			if s2, singular2, _ := v.LookupSubtype(w + " " + words[i+1]); s2 != nil {
				s, singular, w = s2, singular2, w+" "+words[i+1]
				i++
			}
		}
		switch {
		case s == nil:
			diags = append(diags, v.UnknownSubtype(pos, w))
			continue
		case !singular:
			d := dsl.Errorf(pos, CodeSubtype, "%q is the plural of %q: a type line names each subtype once, in the singular", w, s.Name)
			d.Hint = fmt.Sprintf("write %s", s.Name)
			diags = append(diags, d)
			continue
		case types != nil && !s.HasType(types):
			d := dsl.Errorf(pos, CodeSubtype, "%q is a subtype of %s, and this card is none (CR 205.3d)", s.Name, s.TypesText())
			d.Hint = fmt.Sprintf("a card's subtypes belong to its card types (CR 205.3c): %q needs the type %s on the type line", s.Name, s.List.Types[0])
			diags = append(diags, d)
		}
		subtypes = append(subtypes, s.Name)
	}
	return subtypes, diags
}
