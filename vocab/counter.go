package vocab

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
)

// Counter kinds are open-ended (CR 122.1: "a card may name any kind of
// counter": wish counters, oil counters). The vocabulary declares the
// kinds it knows (`counters` in stdlib/names.card); any other word a card
// writes where a counter kind goes, right before the word "counter" or
// "counters", is a new kind — unless it is one typo away from a kind the
// vocabulary knows ("chrage counters", "+1/+2 counters"): that is the
// error C016, which names the kind it is like. A kind that really is
// one edit from a known one is declared in stdlib/names.card.

// CounterKind reports whether name is a counter kind a card may write:
// one the vocabulary declares, or a new kind (NewCounterKind). If it is
// not, the diagnostic says why, at p.
func (v *Vocab) CounterKind(p dsl.Pos, name string) (bool, *dsl.Diagnostic) {
	if v.IsName(KCounter, name) {
		return true, nil
	}
	if known := v.CounterTypo(name); known != "" {
		d := dsl.Errorf(p, CodeUnknownCounter, "unknown counter kind %q", name)
		d.Hint = fmt.Sprintf("did you mean %q? (a kind the vocabulary does not declare is a new one, CR 122.1, but not one typo away from a declared kind: declare such a kind in stdlib/names.card)", known)
		return false, &d
	}
	if !NewCounterKind(name) {
		d := dsl.Errorf(p, CodeUnknownCounter, "unknown counter kind %q", name)
		d.Hint = "a counter kind is a word in lower case (`wish`, `charge`) or +X/+Y (`+1/+1`)" + withHint(dsl.DidYouMean(name, v.lists[KCounter]))
		return false, &d
	}
	return true, nil
}

// withHint appends a hint after "; ", if there is one.
func withHint(h string) string {
	if h == "" {
		return ""
	}
	return "; " + h
}

// NewCounterKind reports whether a name can be that of a counter kind
// the vocabulary does not declare: a word of lower-case letters (with an
// apostrophe or a hyphen inside), of at most 40 bytes, that is no number
// word, or +X/+Y with signs (CR 122.1a). The rules core interns such a
// kind as it links a program (core.CounterNamed).
func NewCounterKind(name string) bool {
	if len(name) == 0 || len(name) > 40 {
		return false
	}
	if name[0] == '+' || name[0] == '-' {
		a, b, _ := strings.Cut(name, "/")
		_, _, ok := dsl.ParsePT(name)
		return ok && len(b) > 1 && (b[0] == '+' || b[0] == '-') && a[1] != '+' && a[1] != '-' && b[1] != '+' && b[1] != '-'
	}
	if _, ok := numberWords[name]; ok {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z':
		case (c == '\'' || c == '-') && i > 0 && i < len(name)-1:
		default:
			return false
		}
	}
	return true
}

// CounterTypo returns the declared counter kind a name is one typo away
// from (a letter added, left out or changed, or two neighbours swapped),
// or "" if there is none or the name is declared. A word kind of fewer
// than four letters has no typos ("age" is no typo of "ace"); a +X/+Y
// kind always may (+1/+2 of +1/+1).
func (v *Vocab) CounterTypo(name string) string {
	if v.IsName(KCounter, name) {
		return ""
	}
	n := utf8.RuneCountInString(name)
	for _, k := range v.lists[KCounter] {
		nk := utf8.RuneCountInString(k)
		pt := strings.ContainsRune(k, '/')
		if (!pt && nk < 4) || n < nk-1 || n > nk+1 {
			continue
		}
		if dsl.EditDistance(strings.ToLower(name), k) <= 1 {
			return k
		}
	}
	return ""
}
