package vocab

import (
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/dsl"
)

// phraseStarts are the phrases of one mode, indexed by their first words:
// the quick reading of a card's phrase tries only those that may begin as
// it does, rather than each of the vocabulary's hundreds of phrases (each
// of which a run of cardc would read from the binary's pages). The index
// is static data in standard_gen.go, like the rest of the vocabulary.
type phraseStarts struct {
	// ts are the phrases, in the order the vocabulary declares them.
	ts []*Template
	// byWord lists the phrases (by their indexes in ts) that begin with
	// a word, by the word in lower case; sorted by key.
	byWord []firstWord
	// slotFirst lists the phrases that begin with a slot, and
	// slotFirstWord the first word of each (lower case; "" for none): a
	// phrase can read as one only if it has that word ("{object} enters"
	// wants "enters").
	slotFirst     []int
	slotFirstWord []string
	// slotFirstRest are the other words of each of those phrases (lower
	// case, each once): a phrase can read as one only if it has them all,
	// which spares the quick reading the expansions of a phrase with
	// optional parts whose words it lacks ("with", "and", "until"...).
	slotFirstRest [][]string
}

// indexStarts builds the index of the phrases of each mode.
func (v *Vocab) indexStarts() []*phraseStarts {
	byMode := map[Mode][]*Template{
		ModeAction:    v.actionTemplates,
		ModePattern:   v.eventTemplates,
		ModeRule:      append(append([]*Template(nil), v.ruleTemplates...), v.effectTemplates...),
		ModeCondition: v.conditionTemplates,
	}
	out := make([]*phraseStarts, ModeCondition+1)
	for mode, ts := range byMode {
		s := &phraseStarts{ts: ts}
		at := map[string][]int{}
		for i, t := range ts {
			if t.optional != nil {
				s.indexExpansions(i, t, at)
				continue
			}
			if len(t.Items) == 0 || t.Items[0].Word == "" {
				s.slotFirst = append(s.slotFirst, i)
				s.slotFirstWord = append(s.slotFirstWord, firstWordOf(t))
				s.slotFirstRest = append(s.slotFirstRest, otherWordsOf(t))
				continue
			}
			key := strings.ToLower(t.Items[0].Word)
			at[key] = append(at[key], i)
		}
		for key, is := range at {
			s.byWord = append(s.byWord, firstWord{key, is})
		}
		sort.Slice(s.byWord, func(i, j int) bool { return s.byWord[i].key < s.byWord[j].key })
		out[mode] = s
	}
	return out
}

// indexExpansions indexes the phrase at i, which stands for the
// expansions of a phrase with optional parts (optional.go): under each
// first word of theirs, and, if one begins with a slot, among those that
// begin with a slot, with the first word and the other words all of
// those have. from replaces it by those of its expansions the phrase
// may read as.
func (s *phraseStarts) indexExpansions(i int, seed *Template, at map[string][]int) {
	var (
		slotFirst   bool
		first       = ""
		rest        []string
		keys        []string
		firstFilled bool
	)
	for _, e := range deriveExpansions(seed) {
		if len(e.Items) > 0 && e.Items[0].Word != "" {
			if key := strings.ToLower(e.Items[0].Word); !slices.Contains(keys, key) {
				keys = append(keys, key)
			}
			continue
		}
		w, other := firstWordOf(e), otherWordsOf(e)
		if !firstFilled {
			slotFirst, first, rest, firstFilled = true, w, other, true
			continue
		}
		if w != first {
			first = ""
		}
		rest = slices.DeleteFunc(rest, func(r string) bool { return !slices.Contains(other, r) })
	}
	for _, key := range keys {
		at[key] = append(at[key], i)
	}
	if slotFirst {
		if first == "" {
			rest = nil // the first word is not always the same: no word is needed
		}
		s.slotFirst = append(s.slotFirst, i)
		s.slotFirstWord = append(s.slotFirstWord, first)
		s.slotFirstRest = append(s.slotFirstRest, rest)
	}
}

// from lists, in order, the phrases the matcher's phrase may read as in a
// mode as far as its first word goes: a superset of those mayStart lets
// through (a word, its plural or its singular, and the words "as W" a
// binding `as W` reads as), which matchTemplates still asks; of those
// that begin with a slot, those whose first word the phrase has (or
// "as", which a binding may stand for). The conditions of an intervening
// "if" are those of the queries of a bool.
func (s *phraseStarts) from(m *matcher, mode Mode) []*Template {
	var keys []string
	if len(m.parts) > 0 {
		if w := strings.ToLower(m.word(0)); w != "" {
			keys = append(keys, w, w+"s")
			if short, ok := strings.CutSuffix(w, "s"); ok {
				keys = append(keys, short)
			}
		}
		if m.parts[0].Bind != nil {
			keys = append(keys, "as")
		}
	}
	var is []int
	// The expansions of a phrase with optional parts come one after the
	// other, with one first word: it is looked for once.
	lastWord, lastHas := "", false
	bound := slices.ContainsFunc(m.parts, func(p *dsl.Part) bool { return p.Bind != nil })
	for j, i := range s.slotFirst {
		w := s.slotFirstWord[j]
		if w != lastWord || j == 0 {
			lastWord, lastHas = w, w == "" || w == "as" || m.hasWord(w)
		}
		if lastHas && (bound || m.hasWords(s.slotFirstRest[j])) {
			is = append(is, i)
		}
	}
	for _, key := range keys {
		if i, ok := slices.BinarySearchFunc(s.byWord, key, func(f firstWord, k string) int { return strings.Compare(f.key, k) }); ok {
			is = append(is, s.byWord[i].ts...)
		}
	}
	slices.Sort(is)
	is = slices.Compact(is)
	out := make([]*Template, 0, len(is))
	for _, i := range is {
		t := s.ts[i]
		if mode == ModeCondition && t.Func.Result.Kind != KBool {
			continue
		}
		if l := t.expansions(); l != nil {
			for j, e := range l.ts {
				if m.mayBeginWith(e, l.rest[j], keys, bound) {
					out = append(out, e)
				}
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

// mayBeginWith reports whether the index would list a phrase, whose
// other words are rest, for the matcher's phrase, whose first word is
// one of keys: as from lists the phrases it indexes.
func (m *matcher) mayBeginWith(t *Template, rest, keys []string, bound bool) bool {
	if len(t.Items) > 0 && t.Items[0].Word != "" {
		return slices.Contains(keys, strings.ToLower(t.Items[0].Word))
	}
	w := firstWordOf(t)
	return (w == "" || w == "as" || m.hasWord(w)) && (bound || m.hasWords(rest))
}

// hasWord reports whether a part of the phrase is the word w, in lower
// case (as a template's word matches it, wordEq: in any case, and in the
// singular or plural).
func (m *matcher) hasWord(w string) bool {
	if m.lower == nil {
		m.lower = make([]string, len(m.parts))
		for pi := range m.parts {
			m.lower[pi] = strings.ToLower(m.word(pi))
		}
	}
	for _, p := range m.lower {
		if p == "" {
			continue
		}
		switch len(p) - len(w) {
		case 0:
			if p == w {
				return true
			}
		case 1:
			if p[len(p)-1] == 's' && p[:len(w)] == w {
				return true
			}
		case -1:
			if w[len(w)-1] == 's' && w[:len(p)] == p {
				return true
			}
		}
	}
	return false
}

// hasWords reports whether the phrase has each of the words (hasWord).
func (m *matcher) hasWords(ws []string) bool {
	for _, w := range ws {
		if !m.hasWord(w) {
			return false
		}
	}
	return true
}

// otherWordsOf lists the words of a phrase but its first, in lower case,
// each once; a phrase that a binding `as W` may read ("as", and the word
// after it) has none to list, since its words need not be words of the
// card's phrase.
func otherWordsOf(t *Template) []string {
	var out []string
	first := true
	for _, it := range t.Items {
		if it.Word == "" {
			continue
		}
		w := strings.ToLower(it.Word)
		if w == "as" {
			return nil
		}
		if !first && !slices.Contains(out, w) {
			out = append(out, w)
		}
		first = false
	}
	return out
}

// firstWordOf is the first word of a phrase, in lower case, or "" if it
// has none.
func firstWordOf(t *Template) string {
	if j := slices.IndexFunc(t.Items, func(it TemplateItem) bool { return it.Word != "" }); j >= 0 {
		return strings.ToLower(t.Items[j].Word)
	}
	return ""
}
