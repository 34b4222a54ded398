package scenario

import (
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vocab"
)

// stepFromWords reads the name of a step, such as "end step", "the next
// end step", "precombat main phase" or "upkeep", with the vocabulary's
// step names. "first combat damage step" and "second combat damage step"
// name the two combat damage steps of a combat with first strike or
// double strike (CR 510.4): nth is then 1 or 2, and otherwise 0.
func stepFromWords(v *vocab.Vocab, words []string) (step core.Step, nth int, ok bool) {
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
		if step, ok := namedStep(v, ws[1:]); ok && step == core.StepCombatDamage {
			return step, map[string]int{"first": 1, "second": 2}[ws[0]], true
		}
	}
	return 0, 0, false
}

func namedStep(v *vocab.Vocab, ws []string) (core.Step, bool) {
	for _, st := range v.Steps() {
		for _, name := range st.Words {
			if strings.Join(name, " ") == strings.Join(ws, " ") {
				return core.StepNamed(st.Name)
			}
		}
	}
	return 0, false
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
// removed" or counter_removed.
func eventKind(s string) (core.EventKind, bool) {
	return core.EventKindNamed(strings.ReplaceAll(strings.TrimSpace(s), " ", "_"))
}
