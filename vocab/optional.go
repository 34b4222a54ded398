package vocab

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
)

// Optional parts of a phrase. A phrase of the stdlib may put words and
// slots in square brackets, which a card may leave out, one group or
// several, nested or not:
//
//	phrase "{object} becomes a {power/toughness} [{color}] [{subtype} [{subtype2}]] creature [with {keyword} [and {keyword2}]] until end of turn"
//
// The vocabulary reads such a phrase as one template for each way of
// leaving groups out (an expansion), all of the phrase's text (Text), each
// with its own words (Items, Shape); the parameters an expansion leaves
// out get the value -1, "none" (Template.Omitted), which a host reads as
// the part not said. Each expansion's Oracle wording is the expansion of
// each oracle line that has the same slots, so the reader of Oracle text
// and `cardc explain` read and render each as a phrase of its own.
//
// The expansions of a function's phrase are built when they are needed,
// not at start-up: written out in the snapshot (standard_gen.go), the
// 324 expansions of become_creature's 6 phrases, each with its items,
// its wordings and their entries in the index of wordings, made the
// binary's data 2.1 MB larger (3.40 MB, not 1.31), which every run paid
// for before reading a card (the runtime expands the garbage collector's
// bitmap of the data at start-up: 2.33M instructions for a lint of one
// vanilla card, not 1.52M).
// The vocabulary's lists, the function's and the two indexes of phrases
// hold the phrase once, as its first expansion (the phrase with every
// part), which stands for them all (Template.optional); the index of
// Oracle wordings holds one entry for all their wordings
// (Template.placeholderOf). The first time a reading could read one of
// them (the card's phrase has the words every expansion has, or Oracle
// text the first word of one of their wordings), or FuncInfo.Templates
// lists them, they are built from that first expansion, once
// (lazyExpansions), and tried as each would be if it were listed: a
// lint of a card that never says "becomes" builds none. The slow
// reading, for a diagnostic ("you may ..." is read so, as no action),
// tries the first expansion alone when the card's phrase lacks the first
// word they all have, on which they all fail alike (expandIfSaid), and
// lists them all only to say what a phrase that reads as nothing is
// like. Load builds
// them from the declaration as well and fails if the two differ; an
// expansion's wording may be no other phrase's of the function
// (checkExpansionWordings), since the index could not list the two
// phrases under one wording before the expansion is built. The phrases
// of events and rules have their expansions written out.

// expansion is one way of writing a text with optional groups: its
// words, and the slots it leaves out.
type expansion struct {
	text    string
	omitted []string
}

// optionalNode is a sequence of words and optional groups.
type optionalNode struct {
	words  []string        // a word, or "" where group i is
	groups []*optionalNode // the groups, in order
}

var errBrackets = errors.New("unbalanced [ and ] of an optional part")

// hasOptional reports whether a text has optional parts.
func hasOptional(text string) bool { return strings.ContainsAny(text, "[]") }

// expandOptional lists the expansions of a text, the one with every
// group first, then leaving out the last groups first.
func expandOptional(text string) ([]expansion, error) {
	root, err := parseOptional(strings.Fields(text))
	if err != nil {
		return nil, err
	}
	all := slotsOf(root.expand()[0])
	var out []expansion
	for _, words := range root.expand() {
		kept := slotsOf(words)
		var omitted []string
		for _, s := range all {
			if !slices.Contains(kept, s) {
				omitted = append(omitted, s)
			}
		}
		out = append(out, expansion{text: strings.Join(words, " "), omitted: omitted})
	}
	return out, nil
}

// parseOptional reads words, some with brackets glued before or after
// them, as a sequence of words and groups.
func parseOptional(words []string) (*optionalNode, error) {
	root := &optionalNode{}
	stack := []*optionalNode{root}
	for _, w := range words {
		for strings.HasPrefix(w, "[") {
			g := &optionalNode{}
			top := stack[len(stack)-1]
			top.words = append(top.words, "")
			top.groups = append(top.groups, g)
			stack = append(stack, g)
			w = w[1:]
		}
		closing := 0
		for strings.HasSuffix(w, "]") {
			closing++
			w = w[:len(w)-1]
		}
		if strings.ContainsAny(w, "[]") {
			return nil, errBrackets
		}
		if w != "" {
			top := stack[len(stack)-1]
			top.words = append(top.words, w)
		}
		if closing >= len(stack) {
			return nil, errBrackets
		}
		stack = stack[:len(stack)-closing]
	}
	if len(stack) != 1 {
		return nil, errBrackets
	}
	return root, nil
}

// expand lists the word sequences of a node: each group said or left out.
func (n *optionalNode) expand() [][]string {
	out := [][]string{nil}
	g := 0
	for _, w := range n.words {
		if w != "" {
			for i := range out {
				out[i] = append(slices.Clip(out[i]), w)
			}
			continue
		}
		inner := n.groups[g].expand()
		g++
		var next [][]string
		for _, o := range out {
			for _, in := range inner {
				next = append(next, append(slices.Clip(o), in...))
			}
			next = append(next, o)
		}
		out = next
	}
	return out
}

// slotsOf lists the slots among words, each once.
func slotsOf(words []string) []string {
	var out []string
	for _, w := range words {
		if s, _, ok := slotOf(w); ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// sameSlots reports whether two lists of slots hold the same ones.
func sameSlots(a, b []string) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(s string) bool { return !slices.Contains(b, s) })
}

// isNone reports whether a `with` default is the word none: the part not
// said, whatever the parameter's type.
func isNone(s *dsl.Sum) bool {
	return s != nil && len(s.Rest) == 0 && s.Left != nil && len(s.Left.Rest) == 0 && s.Left.Left != nil &&
		s.Left.Left.Primary != nil && s.Left.Left.Primary.Ref != nil && s.Left.Left.Primary.Ref.Name == "none" && len(s.Left.Left.Primary.Ref.Fields) == 0
}

// noneValue is the value a parameter an optional part leaves out gets:
// -1, "none". Every such default shares this one expression, which
// nothing changes: the snapshot of the vocabulary (standard_gen.go)
// holds it once, not once for each parameter of each expansion.
func noneValue() *dsl.Sum { return none }

// none is the expression noneValue returns.
var none = func() *dsl.Sum {
	one := "1"
	return &dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Neg: &dsl.Unary{Primary: &dsl.Primary{Number: &one}}}}}
}()

// optionalTemplates reads a phrase with optional parts as one template
// for each of its expansions (see above).
func (v *Vocab) optionalTemplates(pd phraseDecl, own func(*Template)) ([]*Template, dsl.Diagnostics) {
	text := dsl.Unquote(pd.decl.Text)
	exps, err := expandOptional(text)
	if err != nil {
		return nil, dsl.Diagnostics{dsl.Errorf(pd.decl.Pos, CodeStdlib, "phrase %q: %v", text, err)}
	}
	type wordingExp struct {
		decl  *dsl.OracleWording
		exps  []expansion
		slots [][]string
	}
	var wordings []wordingExp
	for _, o := range pd.oracle {
		oexps, err := expandOptional(dsl.Unquote(o.Text))
		if err != nil {
			return nil, dsl.Diagnostics{dsl.Errorf(o.Pos, CodeStdlib, "oracle %q: %v", dsl.Unquote(o.Text), err)}
		}
		we := wordingExp{decl: o, exps: oexps}
		for _, e := range oexps {
			we.slots = append(we.slots, wordingSlots(e.text))
		}
		wordings = append(wordings, we)
	}
	var (
		out   []*Template
		diags dsl.Diagnostics
	)
	for _, e := range exps {
		decl := *pd.decl
		decl.Text = "`" + e.text + "`"
		slots := wordingSlots(e.text)
		one := phraseDecl{decl: &decl}
		for _, w := range wordings {
			i := slices.IndexFunc(w.slots, func(s []string) bool { return sameSlots(s, slots) })
			if i < 0 {
				diags = append(diags, dsl.Errorf(w.decl.Pos, CodeStdlib, "oracle %q has no way of leaving out its optional parts that says the slots of %q", dsl.Unquote(w.decl.Text), e.text).
					WithHint("give the oracle line the phrase's optional slots in brackets too"))
				continue
			}
			od := *w.decl
			od.Text = "`" + w.exps[i].text + "`"
			one.oracle = append(one.oracle, &od)
		}
		t, ds := v.template(one, own)
		diags = append(diags, ds...)
		for i, w := range append([]*Wording{t.Oracle}, t.OracleAlso...) {
			if w != nil && i < len(one.oracle) {
				w.Declared = dsl.Unquote(wordings[i].decl.Text)
			}
		}
		t.Text = text
		t.Omitted = append(t.Omitted, e.omitted...)
		for _, name := range e.omitted {
			if name != "power/toughness" && t.Defaults.Of(name) == nil {
				t.Defaults = t.Defaults.with(name, noneValue())
			}
		}
		out = append(out, t)
	}
	if len(out) == 0 || out[0].Func == nil || diags.HasErrors() {
		return out, diags
	}
	// A function's phrase: its first expansion stands for all of them,
	// the others are built when needed, as they were built here.
	seed := out[0]
	if derived := deriveExpansions(seed); !reflect.DeepEqual(derived, out) {
		return out, dsl.Diagnostics{dsl.Errorf(pd.decl.Pos, CodeStdlib, "phrase %q: internal error: its expansions are not built at run time as Load builds them", text)}
	}
	seed.optional = &lazyExpansions{}
	return out[:1], nil
}

// lazyExpansions are the expansions of a function's phrase with optional
// parts, built the first time they are needed: the phrase's expansions,
// its first the phrase itself; the other words of each (otherWordsOf);
// and the entries of the index of Oracle wordings that their wordings
// are, with each one's phrases.
type lazyExpansions struct {
	once     sync.Once
	ts       []*Template
	rest     [][]string
	wordings []*Template
	phrases  [][]*Template
}

// expansions returns the expansions of a phrase that stands for them
// (Template.optional), built once; nil for any other template.
func (t *Template) expansions() *lazyExpansions {
	if t.optional == nil {
		return nil
	}
	l := t.optional
	l.once.Do(func() {
		l.ts = deriveExpansions(t)
		for _, e := range l.ts {
			l.rest = append(l.rest, otherWordsOf(e))
			for _, o := range e.wordings() {
				l.wordings = append(l.wordings, wordingTemplate(e, o))
				l.phrases = append(l.phrases, []*Template{e})
			}
		}
	})
	return l
}

// wordings are the Oracle wordings of a phrase, its first first.
func (t *Template) wordings() []*Wording {
	if t.Oracle == nil {
		return nil
	}
	return append([]*Wording{t.Oracle}, t.OracleAlso...)
}

// expandAll is ts with each phrase that stands for its expansions
// replaced by them; ts itself if it has none.
func expandAll(ts []*Template) []*Template {
	if !slices.ContainsFunc(ts, func(t *Template) bool { return t.optional != nil }) {
		return ts
	}
	var out []*Template
	for _, t := range ts {
		if l := t.expansions(); l != nil {
			out = append(out, l.ts...)
			continue
		}
		out = append(out, t)
	}
	return out
}

// deriveAll is expandAll for Load, which builds the expansions without
// keeping them: the snapshot of the vocabulary holds none.
func deriveAll(ts []*Template) []*Template {
	var out []*Template
	for _, t := range ts {
		if t.optional != nil {
			out = append(out, deriveExpansions(t)...)
			continue
		}
		out = append(out, t)
	}
	return out
}

// deriveExpansions builds the expansions of a phrase with optional parts
// from its first, the phrase with every part (which it returns first):
// as optionalTemplates reads them from the declaration.
func deriveExpansions(seed *Template) []*Template {
	exps, err := expandOptional(seed.Text)
	if err != nil {
		return []*Template{seed} // Load read it: this cannot be
	}
	seedWordings := seed.wordings()
	wordingExps := make([][]expansion, len(seedWordings))
	wordingExpSlots := make([][][]string, len(seedWordings))
	for i, w := range seedWordings {
		wordingExps[i], _ = expandOptional(w.Declared)
		for _, x := range wordingExps[i] {
			wordingExpSlots[i] = append(wordingExpSlots[i], wordingSlots(x.text))
		}
	}
	out := []*Template{seed}
	for _, e := range exps[1:] {
		t := *seed
		t.optional = nil
		t.Items = phraseItems(e.text)
		t.Shape = shapeOf(t.Items)
		t.Oracle, t.OracleAlso = nil, nil
		slots := wordingSlots(e.text)
		for i, w := range seedWordings {
			j := slices.IndexFunc(wordingExpSlots[i], func(x []string) bool { return sameSlots(x, slots) })
			if j < 0 {
				continue // Load said so
			}
			text := wordingExps[i][j].text
			ow := &Wording{Text: text, Declared: w.Declared, Items: wordingTextItems(text), Pos: w.Pos}
			if t.Oracle == nil {
				t.Oracle = ow
			} else {
				t.OracleAlso = append(t.OracleAlso, ow)
			}
		}
		t.Omitted = append(slices.Clip(seed.Omitted), e.omitted...)
		t.Defaults = slices.Clone(seed.Defaults)
		for _, name := range e.omitted {
			if name != "power/toughness" && t.Defaults.Of(name) == nil {
				t.Defaults = t.Defaults.with(name, noneValue())
			}
		}
		out = append(out, &t)
	}
	return out
}

// wordingSlots lists the slots of a phrase's or a wording's text, but
// {this}, {power/toughness} read as power.
func wordingSlots(text string) []string {
	var out []string
	for _, s := range slotsOf(strings.Fields(text)) {
		if s == ThisSlot {
			continue
		}
		if s == "power/toughness" {
			s = "power"
		}
		out = append(out, s)
	}
	return out
}

// Expanded is the phrase as this expansion of it writes it, its optional
// parts said or left out, without brackets: Text for a phrase that has
// none.
func (t *Template) Expanded() string {
	if !hasOptional(t.Text) {
		return t.Text
	}
	words := make([]string, len(t.Items))
	for i, it := range t.Items {
		words[i] = it.Word
		if it.Slot != "" {
			words[i] = "{" + it.Slot + "}"
		}
	}
	return strings.Join(words, " ")
}

// checkExpansionWordings checks that no Oracle wording of an expansion
// built when needed is also a wording of another phrase of the same
// function: the index of wordings would have to list the two phrases
// under one wording before the expansion is built.
func (v *Vocab) checkExpansionWordings() dsl.Diagnostics {
	var diags dsl.Diagnostics
	for _, f := range v.funcList {
		if !slices.ContainsFunc(f.templates, func(t *Template) bool { return t.optional != nil }) {
			continue
		}
		type wordingOf struct {
			t    *Template
			lazy bool
		}
		seen := map[string]wordingOf{}
		for _, t := range f.templates {
			lazy := t.optional != nil
			for _, e := range deriveAll([]*Template{t}) {
				for _, o := range e.wordings() {
					if prev, ok := seen[o.Text]; ok && (lazy || prev.lazy) {
						diags = append(diags, dsl.Errorf(e.Pos, CodeStdlib, "oracle %q of phrase %q is also a wording of phrase %q: an expansion of a phrase with optional parts needs wordings of its own", o.Text, e.Expanded(), prev.t.Expanded()).
							WithHint("word the two apart, or leave the part out of one of them"))
						continue
					}
					seen[o.Text] = wordingOf{e, lazy}
				}
			}
		}
	}
	return diags
}

// expandIfSaid is ts with each phrase that stands for its expansions
// replaced by them if the matcher's phrase has the first word all of
// them have (or they have none): the slow reading tries each phrase of
// the vocabulary, for a diagnostic, and a phrase without that word fails
// every expansion where it fails the first, at that word or before it,
// on the items they share.
func (m *matcher) expandIfSaid(ts []*Template) []*Template {
	if !slices.ContainsFunc(ts, func(t *Template) bool { return t.optional != nil }) {
		return ts
	}
	var out []*Template
	for _, t := range ts {
		if t.optional == nil {
			out = append(out, t)
			continue
		}
		if w := requiredFirstWord(t.Text); w != "" && !m.hasWord(w) {
			out = append(out, t)
			continue
		}
		out = append(out, t.expansions().ts...)
	}
	return out
}

// requiredFirstWord is the first word of a text with optional parts, in
// lower case, if it comes before any of them; else "".
func requiredFirstWord(text string) string {
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "[") {
			return ""
		}
		if _, _, ok := slotOf(w); !ok {
			return strings.ToLower(w)
		}
	}
	return ""
}
