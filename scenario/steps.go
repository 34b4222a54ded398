package scenario

import (
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vocab"
)

// stepFromWords reads the name of a step, such as "end step", "the next
// end step", "precombat main phase" or "upkeep", with the vocabulary's
// step names.
func stepFromWords(v *vocab.Vocab, words []string) (core.Step, bool) {
	var ws []string
	for _, w := range words {
		lw := strings.ToLower(w)
		if lw == "the" || lw == "next" {
			continue
		}
		ws = append(ws, lw)
	}
	for _, st := range v.Steps() {
		for _, name := range st.Words {
			if strings.Join(name, " ") == strings.Join(ws, " ") {
				return core.StepNamed(st.Name)
			}
		}
	}
	return 0, false
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
