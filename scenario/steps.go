package scenario

import (
	"strings"

	"github.com/cardc/cardc/vocab"
)

// stepFromWords reads the name of a step, such as "end step", "the next
// end step", "precombat main phase" or "upkeep", with the vocabulary's
// step names. "first combat damage step" and "second combat damage step"
// name the two combat damage steps of a combat with first strike or
// double strike (CR 510.4): nth is then 1 or 2, and otherwise 0. step is
// the vocabulary's name of the step ("end").
func stepFromWords(v *vocab.Vocab, words []string) (step string, nth int, ok bool) {
	var ws []string
	for _, w := range words {
		lw := strings.ToLower(w)
		if lw == "the" || lw == "next" {
			continue
		}
		ws = append(ws, lw)
	}
	if step, ok := namedStep(v, ws); ok {
		return step, 0, true
	}
	if len(ws) > 1 && (ws[0] == "first" || ws[0] == "second") {
		if step, ok := namedStep(v, ws[1:]); ok && step == combatDamageStep {
			return step, map[string]int{"first": 1, "second": 2}[ws[0]], true
		}
	}
	return "", 0, false
}

func namedStep(v *vocab.Vocab, ws []string) (string, bool) {
	for _, st := range v.Steps() {
		for _, name := range st.Words {
			if strings.Join(name, " ") == strings.Join(ws, " ") {
				return st.Name, true
			}
		}
	}
	return "", false
}

// stepIndex is the place of a step in the turn, by its vocabulary name,
// or -1.
func stepIndex(v *vocab.Vocab, step string) int {
	for i, st := range v.Steps() {
		if st.Name == step {
			return i
		}
	}
	return -1
}

// ordinal names the nth combat damage step, for messages.
func ordinal(nth int) string {
	return map[int]string{1: "first", 2: "second"}[nth]
}

// isNextTurn reports whether words say "next turn".
func isNextTurn(words []string) bool {
	s := strings.ToLower(strings.Join(words, " "))
	return s == "next turn" || s == "the next turn"
}

// eventKind reads the name of an event kind in a log assertion: "counter
// removed" or counter_removed, and returns its vocabulary name.
func eventKind(v *vocab.Vocab, s string) (string, bool) {
	name := strings.ReplaceAll(strings.TrimSpace(s), " ", "_")
	return name, v.Event(name) != nil
}
