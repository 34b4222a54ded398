package vocab

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// Markdown renders the vocabulary as a reference for card designers and
// engine authors: every event with its fields and phrases, every action
// and query, every rule, and the names of the game. dsl/VOCABULARY.md is
// this text, written by go generate ./... (internal/gen).
func (v *Vocab) Markdown() string {
	var b strings.Builder
	b.WriteString("# The standard vocabulary\n\n")
	b.WriteString("Generated from `stdlib/*.card` by `go generate ./...`; do not edit.\n")
	b.WriteString("Every phrase a card can use is listed here. A `{slot}` takes a value of the type of the field or\n")
	b.WriteString("parameter of the same name; see dsl/SPEC.md for how phrases are matched. Where Oracle text words a phrase\n")
	b.WriteString("otherwise, its Oracle wording follows it (`{this}` is the card's name); `cardc explain` renders abilities with it.\n\n")
	fmt.Fprintf(&b, "This is the vocabulary `%s`, version %d.%d (hash `%s`), which every bundle built against it\n", v.identity.Name, v.identity.Major, v.identity.Minor, v.identity.ShortHash())
	b.WriteString("records; see Vocabulary versions in dsl/SPEC.md for what a host does with it.\n\n")

	b.WriteString("## Events\n\n")
	b.WriteString("Phrases for `whenever`, `when`, `at`, `replace` and rules. In the ability, the event is called by its kind's\n")
	b.WriteString("name (`damage.amount`). Every event also has the field `id`.\n\n")
	for _, e := range v.events {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", e.Name, e.Doc)
		var fields []string
		for _, f := range e.Fields {
			if f.Name != "id" {
				fields = append(fields, fmt.Sprintf("`%s: %s`", f.Name, f.Type))
			}
		}
		fmt.Fprintf(&b, "Fields: %s.\n\n", strings.Join(fields, ", "))
		for _, t := range e.Templates {
			b.WriteString("- `" + t.Text + "`")
			if t.Where != nil {
				b.WriteString(" (where " + condText(t) + ")")
			}
			if t.Each != "" {
				b.WriteString(" — triggers once for each of `" + t.Each + "`")
			}
			if t.Once {
				b.WriteString(" — delayed: only the next time")
			}
			if t.Anywhere {
				b.WriteString(" — from anywhere: a replacement effect of the object itself about it works in every zone (CR 113.6b)")
			}
			b.WriteString(wording(t) + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Actions\n\n")
	b.WriteString("Phrases for the statements of ability bodies.\n\n")
	for _, f := range v.funcs {
		if !f.Action {
			continue
		}
		if f.Returns() {
			// What the action chose, which `as NAME` names.
			fmt.Fprintf(&b, "### %s(%s) -> %s\n\n%s", f.Name, params(f.Params), f.Result, f.Doc)
		} else {
			fmt.Fprintf(&b, "### %s(%s)\n\n%s", f.Name, params(f.Params), f.Doc)
		}
		if f.Context != "" {
			fmt.Fprintf(&b, " Only in a `%s` ability.", f.Context)
		}
		if f.Returns() {
			fmt.Fprintf(&b, " It returns %s: `as NAME` after its filter names it.", Article(f.Result.String()))
		}
		b.WriteString("\n\n")
		ts := f.Templates()
		for i, t := range ts {
			if i > 0 && ts[i-1].Text == t.Text {
				continue // another expansion of a phrase with optional parts
			}
			b.WriteString("- `" + t.Text + "`")
			if len(t.Defaults) > 0 {
				var defs []string
				for _, d := range t.Defaults {
					if slices.Contains(t.Omitted, d.Name) {
						continue
					}
					defs = append(defs, d.Name+" = "+sumText(d.Value))
				}
				b.WriteString(" (" + strings.Join(defs, ", ") + ")")
			}
			b.WriteString(wording(t) + "\n")
		}
		if len(f.Templates()) == 0 {
			b.WriteString("No phrase: the compiler emits it.\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Queries\n\n")
	b.WriteString("A query of one object is read as a field: `creature.toughness`. `X` is the query `x`.\n\n")
	b.WriteString("| query | returns | meaning |\n|---|---|---|\n")
	for _, f := range v.funcs {
		if !f.Query() {
			continue
		}
		fmt.Fprintf(&b, "| `%s(%s)` | %s | %s |\n", f.Name, params(f.Params), f.Result, f.Doc)
	}
	b.WriteString("\n## Effects\n\nPhrases for `static` abilities that create continuous effects (CR 611.3). The first slot names the objects affected: `this`, `enchanted creature`, or a plural such as `creatures you control` or `other creatures you control`.\n\n")
	for _, f := range v.funcs {
		if !f.Effect {
			continue
		}
		layer := "no layer: it changes no characteristic"
		if f.Layer != "" {
			layer = "layer " + f.Layer
		}
		fmt.Fprintf(&b, "### %s(%s)\n\n%s (%s.)\n\n", f.Name, params(f.Params), f.Doc, layer)
		for _, t := range f.Templates() {
			b.WriteString("- `" + t.Text + "`" + wording(t) + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n## Rules\n\nPhrases for `static` abilities.\n\n")
	for _, r := range v.rules {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", r.Name, r.Doc)
		for _, t := range r.Templates {
			b.WriteString("- `" + t.Text + "`" + wording(t) + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Names\n\n")
	fmt.Fprintf(&b, "- Card types: %s\n", strings.Join(v.lists[KCardType], ", "))
	fmt.Fprintf(&b, "- Supertypes: %s\n", strings.Join(v.lists[KSupertype], ", "))
	b.WriteString(v.subtypesMarkdown())
	fmt.Fprintf(&b, "- Colors: %s\n", strings.Join(v.lists[KColor], ", "))
	fmt.Fprintf(&b, "- Zones: %s\n", strings.Join(v.lists[KZone], ", "))
	fmt.Fprintf(&b, "- Counter kinds: %s\n", strings.Join(v.lists[KCounter], ", "))
	fmt.Fprintf(&b, "- Adjectives of filters: %s\n", strings.Join(v.adjectives, ", "))
	fmt.Fprintf(&b, "- Keyword abilities: %s\n", strings.Join(v.keywordForms(), ", "))
	b.WriteString("- Steps:\n")
	for _, s := range v.steps {
		var words []string
		for _, w := range s.Words {
			words = append(words, "`"+strings.Join(w, " ")+"`")
		}
		fmt.Fprintf(&b, "  - %s: %s\n", s.Name, strings.Join(words, ", "))
	}
	return b.String()
}

func condText(t *Template) string { return dsl.CondString(t.Where) }

func sumText(s *dsl.Sum) string { return dsl.SumString(s) }

func params(fs []Field) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name+": "+f.Type.String())
	}
	return strings.Join(out, ", ")
}

func sortedKeys[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// wording says how Oracle text words a phrase, where it words it
// otherwise than the phrase: its wordings, the first the one cardc
// explain renders.
func wording(t *Template) string {
	if t.Oracle == nil || t.Oracle.Text == t.Text && len(t.OracleAlso) == 0 {
		return ""
	}
	out := " — Oracle text: “" + t.Oracle.declared() + "”"
	for _, w := range t.OracleAlso {
		out += ", “" + w.declared() + "”"
	}
	return out
}

// declared is the wording as its oracle line declares it: with its
// optional parts in brackets, for an expansion of a phrase that has them.
func (w *Wording) declared() string {
	if w.Declared != "" {
		return w.Declared
	}
	return w.Text
}
