package vocab

import (
	"errors"
	"slices"
	"strings"

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
	return out, diags
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
