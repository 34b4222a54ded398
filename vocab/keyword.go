package vocab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Keyword is a keyword ability of the vocabulary (CR 702). A name of a
// `keywords` list is one the rules core implements, written as its name
// (`flying`, `first strike`). A `keyword` declaration declares one that
// takes a parameter (`protection from {quality}`, `{land}walk`, `graft
// {amount}`), one that stands for abilities of the language (persist: a
// triggered ability), or both.
type Keyword struct {
	// Name is the keyword's name, as the rules core knows it: "flying",
	// "first strike", "protection", "cumulative upkeep" (the declared name
	// with spaces for underscores).
	Name string
	Doc  string
	// Param is the keyword's parameter, nil for none: a number, mana (a
	// cost), a quality (protection's) or a subtype.
	Param *Field
	// Form is how a card writes it: its words and, for a keyword with a
	// parameter, the parameter's slot (TemplateItem.Slot), which may have
	// text glued after it within its word ("{land}walk": Suffix "walk").
	Form []TemplateItem
	// Abilities are the abilities the keyword stands for, written as a
	// card writes them, the parameter a name in them; the compiler gives
	// them to each card that has the keyword (dsl.Instantiate). None for a
	// keyword the rules core implements.
	Abilities []dsl.CardItem
	// Declared is set for a keyword of a `keyword` declaration.
	Declared bool
	Pos      dsl.Pos
}

// FormText renders how a card writes the keyword, its slot named by the
// parameter's type: "protection from {quality}", "{subtype}walk".
func (k *Keyword) FormText() string {
	words := make([]string, len(k.Form))
	for i, it := range k.Form {
		if it.Slot != "" {
			words[i] = "{" + k.Param.Type.String() + "}" + it.Suffix
		} else {
			words[i] = it.Word
		}
	}
	return strings.Join(words, " ")
}

// KeywordUse is a keyword as a card writes it, read against the
// vocabulary (Vocab.ReadKeyword).
type KeywordUse struct {
	Keyword *Keyword
	// Name is how the keyword is known, its parameter in it, in canonical
	// form: "flying", "protection from Demons", "swampwalk", "graft 4",
	// "cumulative upkeep {2}". Programs name a keyword so (vm.NameKeyword)
	// and cards list their keywords so (vm.Card.Keywords).
	Name string
	// Value is the parameter's value, in canonical form: "Demons",
	// "Swamp", "4", "{2}"; "" for a keyword without parameter.
	Value string
}

// Keywords lists the keyword abilities, in the order the vocabulary
// declares them: the names of `keywords` lists and the `keyword`
// declarations, by file and line.
func (v *Vocab) Keywords() []*Keyword { return append([]*Keyword(nil), v.keywords...) }

// KeywordNamed returns the keyword with a name ("first strike",
// "protection"), or nil.
func (v *Vocab) KeywordNamed(name string) *Keyword {
	for _, k := range v.keywords {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// ReadKeyword reads the words of a keyword as a card writes it, its
// parameter's value among them: `flying`, `first strike`, `protection
// from Demons`, `swampwalk`, `graft 4`, `cumulative upkeep {2}`. A word is
// a word of the card, a number or mana symbols; case does not matter but
// in a subtype (`Demons`). It reports false for words that are no keyword
// of the vocabulary, or a keyword without the value its parameter needs
// (`graft`, `landwalk`).
func (v *Vocab) ReadKeyword(words []string) (KeywordUse, bool) {
	for _, k := range v.keywords {
		if u, ok := v.readForm(k, words); ok {
			return u, true
		}
	}
	return KeywordUse{}, false
}

// KeywordForm returns the keyword with a parameter whose form the words
// follow, whatever the word in its slot (`protection from demons`,
// `graft X`), and that word without the text glued after the slot: for
// a message about a value ReadKeyword does not read.
func (v *Vocab) KeywordForm(words []string) (*Keyword, string, bool) {
	for _, k := range v.keywords {
		if k.Param == nil || len(words) != len(k.Form) {
			continue
		}
		value, ok := "", true
		for i, it := range k.Form {
			w := words[i]
			switch {
			case it.Slot == "":
				ok = ok && strings.EqualFold(w, it.Word)
			case len(w) > len(it.Suffix) && strings.EqualFold(w[len(w)-len(it.Suffix):], it.Suffix):
				value = w[:len(w)-len(it.Suffix)]
			default:
				ok = false
			}
		}
		if ok {
			return k, value, true
		}
	}
	return nil, "", false
}

// ReadKeywords reads the words of a keyword as ReadKeyword does, or, as
// Oracle text writes several instances of one keyword with a parameter,
// `protection from Demons and from Dragons`: each `and` begins another
// instance, written from the word of the form it starts with (CR
// 702.16g: “protection from A and from B” is two protection abilities).
func (v *Vocab) ReadKeywords(words []string) ([]KeywordUse, bool) {
	if u, ok := v.ReadKeyword(words); ok {
		return []KeywordUse{u}, true
	}
	var chunks [][]string
	start := 0
	for i, w := range words {
		if strings.EqualFold(w, "and") {
			chunks = append(chunks, words[start:i])
			start = i + 1
		}
	}
	chunks = append(chunks, words[start:])
	if len(chunks) < 2 {
		return nil, false
	}
	first, ok := v.ReadKeyword(chunks[0])
	if !ok || first.Keyword.Param == nil {
		return nil, false
	}
	out := []KeywordUse{first}
	for _, c := range chunks[1:] {
		if len(c) == 0 {
			return nil, false
		}
		// The form's words before the one the instance starts with.
		at := slices.IndexFunc(first.Keyword.Form, func(it TemplateItem) bool { return it.Slot == "" && strings.EqualFold(it.Word, c[0]) })
		if at <= 0 {
			return nil, false
		}
		var full []string
		for _, it := range first.Keyword.Form[:at] {
			full = append(full, it.Word)
		}
		u, ok := v.ReadKeyword(append(full, c...))
		if !ok || u.Keyword != first.Keyword {
			return nil, false
		}
		out = append(out, u)
	}
	return out, true
}

// readForm reads words as the form of one keyword.
func (v *Vocab) readForm(k *Keyword, words []string) (KeywordUse, bool) {
	if len(words) != len(k.Form) {
		return KeywordUse{}, false
	}
	u := KeywordUse{Keyword: k}
	out := make([]string, len(words))
	for i, it := range k.Form {
		w := words[i]
		if it.Slot == "" {
			if !strings.EqualFold(w, it.Word) {
				return KeywordUse{}, false
			}
			out[i] = it.Word
			continue
		}
		if len(w) <= len(it.Suffix) || !strings.EqualFold(w[len(w)-len(it.Suffix):], it.Suffix) {
			return KeywordUse{}, false
		}
		value, ok := v.keywordValue(k.Param.Type.Kind, w[:len(w)-len(it.Suffix)], it.Suffix != "")
		if !ok {
			return KeywordUse{}, false
		}
		u.Value = value
		out[i] = value + it.Suffix
		if it.Suffix != "" {
			out[i] = strings.ToLower(out[i]) // within a word: "swampwalk"
		}
	}
	u.Name = strings.Join(out, " ")
	return u, true
}

// keywordValue reads the value of a keyword's parameter of a kind, in
// canonical form. glued says the value is part of a word (`swamp` of
// `swampwalk`), which Oracle text writes in lower case.
func (v *Vocab) keywordValue(k Kind, w string, glued bool) (string, bool) {
	switch k {
	case KNumber:
		return w, w != "" && strings.Trim(w, "0123456789") == ""
	case KMana:
		return w, strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}")
	case KSubtype:
		if glued {
			w = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
		}
		// A subtype the vocabulary declares (CR 205.3), in the singular:
		// "swampwalk" is Swamp's.
		if s, singular, _ := v.LookupSubtype(w); s != nil && singular {
			return s.Name, true
		}
		return w, false
	case KQuality:
		lw := strings.ToLower(w)
		switch {
		case v.IsName(KColor, lw), lw == QualityColorless, lw == QualityEverything:
			return lw, true
		case isPlural(lw) && v.IsName(KCardType, strings.TrimSuffix(lw, "s")):
			return lw, true
		}
		// A subtype in the plural, as the vocabulary declares it: "Demons",
		// "Elves" (CR 702.16a).
		if s, _, plural := v.LookupSubtype(w); s != nil && plural {
			return s.Plural, true
		}
		return w, false
	}
	return "", false
}

// The qualities of protection that are neither a color nor a type
// (CR 702.16a, 702.16j): an object with no color, and every object.
const (
	QualityColorless  = "colorless"
	QualityEverything = "everything"
)

// maxKeywordWords is how many words the longest keyword form has.
func (v *Vocab) maxKeywordWords() int {
	n := 0
	for _, k := range v.keywords {
		n = max(n, len(k.Form))
	}
	return n
}

// keywordParamKinds are the kinds a keyword's parameter may have.
var keywordParamKinds = []Kind{KNumber, KMana, KQuality, KSubtype}

// addKeywordList declares the keywords of a `keywords` list: names the
// rules core implements, written as their names.
func (v *Vocab) addKeywordList(d *dsl.NamesDecl) {
	for _, n := range d.Names {
		name := dsl.Unquote(n)
		k := &Keyword{Name: name, Pos: d.Pos}
		for _, w := range strings.Fields(name) {
			k.Form = append(k.Form, TemplateItem{Word: w})
		}
		v.keywords = append(v.keywords, k)
		v.lists[KKeyword] = append(v.lists[KKeyword], name)
	}
}

// declareKeyword declares the keyword of a `keyword` declaration by its
// name; loadKeyword reads the rest once every name is known.
func (v *Vocab) declareKeyword(d *dsl.KeywordDecl) {
	v.keywords = append(v.keywords, &Keyword{Name: strings.ReplaceAll(d.Name, "_", " "), Declared: true, Pos: d.Pos})
}

// loadKeyword reads a `keyword` declaration: its parameter, its form and
// the abilities it stands for.
func (v *Vocab) loadKeyword(d *dsl.KeywordDecl) dsl.Diagnostics {
	var diags dsl.Diagnostics
	errorf := func(pos dsl.Pos, format string, args ...any) {
		diags = append(diags, dsl.Errorf(pos, CodeStdlib, "keyword %s: %s", d.Name, fmt.Sprintf(format, args...)))
	}
	var k *Keyword
	for _, x := range v.keywords {
		if x.Pos == d.Pos {
			k = x
		}
	}
	for _, x := range v.keywords {
		if x != k && x.Name == k.Name {
			errorf(d.Pos, "%q is declared twice (first at %s:%d)", k.Name, x.Pos.Filename, x.Pos.Line)
			break
		}
	}
	k.Doc = dsl.Unquote(d.Doc.Text)
	if d.Param != nil {
		t, ok := v.typeNamed(d.Param.Type)
		if !ok || !slices.Contains(keywordParamKinds, t.Kind) {
			errorf(d.Param.Pos, "a parameter is a number, mana, a quality or a subtype, not %q", d.Param.Type)
			t = Poisoned
		}
		k.Param = &Field{Name: d.Param.Name, Type: t}
	}
	text := strings.ReplaceAll(d.Name, "_", " ")
	if d.Phrase != nil {
		p := d.Phrase
		if p.Where != nil || p.Each != "" || p.Once || p.Anywhere || len(p.Defaults) > 0 {
			errorf(p.Pos, "a keyword's phrase is its words and its parameter's slot, with no where, each, once, anywhere or with")
		}
		text = dsl.Unquote(p.Text)
	}
	slots := 0
	for _, w := range strings.Fields(text) {
		slot, suffix, ok := slotOf(w)
		if !ok {
			k.Form = append(k.Form, TemplateItem{Word: w})
			continue
		}
		slots++
		if k.Param == nil || slot != k.Param.Name {
			errorf(d.Pos, "the slot {%s} of %q names no parameter of the keyword", slot, text)
		}
		k.Form = append(k.Form, TemplateItem{Slot: slot, Suffix: suffix})
	}
	if k.Param != nil && slots != 1 {
		errorf(d.Pos, "its phrase must have one slot, {%s}, where a card writes the parameter", k.Param.Name)
	}
	for _, it := range d.Abilities {
		switch it.(type) {
		case *dsl.EntersAbility, *dsl.TriggerAbility, *dsl.ReplaceAbility, *dsl.StaticAbility, *dsl.ActivatedAbility:
			k.Abilities = append(k.Abilities, it)
		default:
			errorf(it.Position(), "a keyword stands for abilities (enters, triggered, replacement, static or activated), not this")
		}
	}
	return diags
}

// keywordForms lists how each keyword is written, for the references.
func (v *Vocab) keywordForms() []string {
	out := make([]string, len(v.keywords))
	for i, k := range v.keywords {
		out[i] = k.FormText()
	}
	return out
}
