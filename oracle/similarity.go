package oracle

import (
	"strconv"
	"strings"

	"github.com/cardc/cardc/vocab"
)

// The measure of word similarity, which lint falls back to for a
// paragraph that does not read (W022): it says whether the abilities'
// renderings resemble the paragraph, not whether they mean it.

// Threshold is the least similarity of a match, for both measures.
const Threshold = 0.6

// Normalize reads a text as the words compared: lower case, reminder
// text in parentheses left out (unless it is all there is), the card's
// name read as "this", "enters the battlefield" as "enters", possessives
// ("'s") and other punctuation dropped, the minus sign of a loyalty cost
// ("−2", U+2212) read as a hyphen, number words as digits ("one",
// "two" → 1, 2), "an" as "a", and a final s dropped from words of four
// letters or more, so that plurals and verbs agree ("counters" and
// "counter", "gets" and "get"; "this" stays). Mana symbols ({T}, {2}{G})
// and P/T (+1/+1) are words of their own.
//
// It is written out by hand (normalize.go) rather than with regular
// expressions: lint normalizes every paragraph and ability of a library.
func Normalize(text, name string) []string {
	s := strings.ToLower(strings.ReplaceAll(text, "−", "-"))
	if stripped := stripReminders(s); strings.TrimSpace(stripped) != "" {
		s = stripped
	}
	if name != "" {
		s = strings.ReplaceAll(s, strings.ToLower(name), "this")
	}
	s = stripBattlefield(s)
	s = stripApostrophes(s)
	words := tokens(s)
	for i, w := range words {
		words[i] = normalWord(w)
	}
	return words
}

// normalWord is a word of a text as compared: an article is "a" (one
// word, and no value), a number word its digits, and a final "s" is
// dropped from a word of four letters or more (plurals and verbs agree).
func normalWord(w string) string {
	switch {
	case w == "a" || w == "an":
		return "a"
	case len(w) >= 4 && w != "this" && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.ContainsAny(w, "{/"):
		return strings.TrimSuffix(w, "s")
	}
	if n, ok := vocab.NumberWord(w); ok {
		return strconv.FormatInt(n, 10)
	}
	return w
}

// common counts the words two lists share, a repeated word as often as
// both have it.
func common(a, b []string) int {
	if len(a)*len(b) > 4096 {
		return commonLong(a, b)
	}
	// The lists are a paragraph's words: a pass over b for each word of a
	// costs less than a map.
	var buf [64]bool
	var used []bool
	if len(b) <= len(buf) {
		used = buf[:len(b)]
	} else {
		used = make([]bool, len(b))
	}
	n := 0
	for _, w := range a {
		for j, x := range b {
			if !used[j] && x == w {
				used[j] = true
				n++
				break
			}
		}
	}
	return n
}

// commonLong is common for long lists, with a map: a 2 MB paragraph
// costs no quadratic work.
func commonLong(a, b []string) int {
	count := map[string]int{}
	for _, w := range b {
		count[w]++
	}
	n := 0
	for _, w := range a {
		if count[w] > 0 {
			count[w]--
			n++
		}
	}
	return n
}

// WordSimilarity is the Dice similarity of two word lists, from 0 to 1:
// 2|A∩B| / (|A| + |B|). Two empty lists are alike.
func WordSimilarity(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	return 2 * float64(common(a, b)) / float64(len(a)+len(b))
}

// Containment is the share of a's words that b holds, from 0 to 1:
// |A∩B| / |A|.
func Containment(a, b []string) float64 {
	if len(a) == 0 {
		return 1
	}
	return float64(common(a, b)) / float64(len(a))
}

// values lists the words of a list that are values: numbers, X, mana
// symbols and P/T (isValue).
func values(words []string) []string {
	var out []string
	for _, w := range words {
		if isValue(w) {
			out = append(out, w)
		}
	}
	return out
}

// minus lists the words of a that b does not have, a repeated word as
// often as a has it more than b.
func minus(a, b []string) []string {
	count := map[string]int{}
	for _, w := range b {
		count[w]++
	}
	var out []string
	for _, w := range a {
		if count[w] > 0 {
			count[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}
