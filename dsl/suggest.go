package dsl

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Suggest returns the candidate closest to word, for "did you mean ...?"
// hints, or "" when none is close enough: at most one edit for short words,
// two for longer ones, case ignored. Ties go to the earlier candidate.
func Suggest(word string, candidates []string) string {
	best, bestDist := "", -1
	limit := 1
	n := utf8.RuneCountInString(word)
	switch {
	case n <= 2:
		limit = 0 // only a difference of case
	case n > 4:
		limit = 2
	}
	lw := strings.ToLower(word)
	for _, c := range candidates {
		// The distance is at least the difference of the lengths: a
		// candidate too short or too long is no match, and a 2 MB word
		// costs no quadratic work.
		if c == word || abs(utf8.RuneCountInString(c)-n) > limit {
			continue
		}
		d := editDistance(lw, strings.ToLower(c))
		if d <= limit && (bestDist < 0 || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean returns the hint `did you mean "X"?` for the candidate X that
// Suggest finds for word, or "" when none is close enough.
func DidYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

// EditDistance is the Levenshtein distance between a and b, counting
// runes, where swapping two adjacent runes costs one edit; case counts.
func EditDistance(a, b string) int { return editDistance(a, b) }

// editDistance is the Levenshtein distance between a and b, counting
// runes, where swapping two adjacent runes costs one edit.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
