package vocab

import "github.com/cardc/cardc/dsl"

// ExpansionsBuilt tells the tests of package vocab_test how many phrases
// with optional parts a vocabulary has that stand for their expansions,
// and of those, how many have built them.
func ExpansionsBuilt(v *Vocab) (phrases, built int) {
	for _, f := range v.funcList {
		for _, t := range f.templates {
			if t.optional != nil {
				phrases++
				if t.optional.ts != nil {
					built++
				}
			}
		}
	}
	return phrases, built
}

// QuickCandidates are the phrases (as Expanded writes them) the quick
// reading of parts tries in a mode, in order: lazy as the vocabulary
// lists them, each phrase with optional parts standing for its
// expansions; eager as it would if its lists held every expansion.
func QuickCandidates(v *Vocab, parts []*dsl.Part, mode Mode) (lazy, eager []string) {
	for _, t := range v.starts[mode].from(&matcher{v: v, parts: parts, quick: true}, mode) {
		lazy = append(lazy, t.Expanded())
	}
	every := func(ts []*Template) []*Template {
		var out []*Template
		for _, t := range deriveAll(ts) {
			if t.optional != nil {
				c := *t
				c.optional = nil
				t = &c
			}
			out = append(out, t)
		}
		return out
	}
	ev := *v
	ev.eventTemplates, ev.actionTemplates, ev.ruleTemplates = every(v.eventTemplates), every(v.actionTemplates), every(v.ruleTemplates)
	ev.effectTemplates, ev.conditionTemplates = every(v.effectTemplates), every(v.conditionTemplates)
	ev.starts = ev.indexStarts()
	for _, t := range ev.starts[mode].from(&matcher{v: &ev, parts: parts, quick: true}, mode) {
		eager = append(eager, t.Expanded())
	}
	return lazy, eager
}
