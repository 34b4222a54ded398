package oracle_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// A mutation changes what a card's ability says, or what its Oracle
// paragraph says, so that the two no longer mean the same: each must be
// flagged. It rewrites each match of a pattern, one at a time, in the
// card's ability lines (or, for oracle, its Oracle lines).
type mutation struct {
	kind   string
	re     *regexp.Regexp
	to     func(m []string) string
	oracle bool
}

// numbersAbove are the number words a number mutation counts up.
var numbersAbove = map[string]string{"two": "three", "three": "four", "four": "five", "five": "six", "six": "seven", "seven": "eight"}

var mutations = []mutation{
	// Verbs: the opposite action.
	{kind: "verb", re: regexp.MustCompile(`\bgain (\S+) life\b`), to: func(m []string) string { return "lose " + m[1] + " life" }},
	{kind: "verb", re: regexp.MustCompile(`\blose (\S+) life\b`), to: func(m []string) string { return "gain " + m[1] + " life" }},
	{kind: "verb", re: regexp.MustCompile(`\bgain life equal to\b`), to: func([]string) string { return "deal damage equal to" }},
	{kind: "verb", re: regexp.MustCompile(`^(\s*)destroy\b`), to: func(m []string) string { return m[1] + "exile" }},
	{kind: "verb", re: regexp.MustCompile(`^(\s*)exile\b`), to: func(m []string) string { return m[1] + "destroy" }},
	{kind: "verb", re: regexp.MustCompile(`^(\s*)untap\b`), to: func(m []string) string { return m[1] + "tap" }},
	// Both numbers negated: -0/+1 would mean what +0/+1 does.
	{kind: "verb", re: regexp.MustCompile(`\bgets \+(\d+)/\+(\d+)`), to: func(m []string) string { return "gets -" + m[1] + "/-" + m[2] }},
	{kind: "verb", re: regexp.MustCompile(`\bget \+(\d+)/\+(\d+)`), to: func(m []string) string { return "get -" + m[1] + "/-" + m[2] }},
	{kind: "verb", re: regexp.MustCompile(`\bput (\S+) (\S+) counters? on\b`), to: func(m []string) string { return "remove " + m[1] + " " + m[2] + " counters from" }},
	{kind: "verb", re: regexp.MustCompile(`\bdraw a card\b`), to: func([]string) string { return "scry 1" }},
	{kind: "verb", re: regexp.MustCompile(`\bkeywords (flying|trample|first strike|deathtouch|lifelink|haste|defender|reach)\b`), to: func(m []string) string {
		if m[1] == "haste" {
			return "keywords vigilance"
		}
		return "keywords haste"
	}},
	{kind: "verb", re: regexp.MustCompile(`\bgains (flying|haste) until end of turn\b`), to: func(m []string) string { return "gains trample until end of turn" }},
	// Numbers: one more.
	{kind: "number", re: regexp.MustCompile(`(^|[ {])(\d+)([ }]|$)`), to: func(m []string) string {
		n, _ := strconv.Atoi(m[2])
		return m[1] + strconv.Itoa(n+1) + m[3]
	}},
	{kind: "number", re: regexp.MustCompile(`\b(two|three|four|five|six|seven)\b`), to: func(m []string) string { return numbersAbove[m[1]] }},
	{kind: "number", re: regexp.MustCompile(`\+(\d)/\+(\d)`), to: func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		return "+" + strconv.Itoa(n+1) + "/+" + m[2]
	}},
	{kind: "number", re: regexp.MustCompile(`\{([WUBRG])\}`), to: func(m []string) string {
		other := map[string]string{"W": "U", "U": "B", "B": "R", "R": "G", "G": "W"}
		return "{" + other[m[1]] + "}"
	}},
	// Targets: another kind of target, or another filter.
	{kind: "target", re: regexp.MustCompile(`\btarget creature\b`), to: func([]string) string { return "target artifact" }},
	{kind: "target", re: regexp.MustCompile(`\bany target\b`), to: func([]string) string { return "target creature" }},
	{kind: "target", re: regexp.MustCompile(`\btarget player\b`), to: func([]string) string { return "target opponent" }},
	{kind: "target", re: regexp.MustCompile(`\b(a|another) creature\b`), to: func(m []string) string { return m[1] + " land" }},
	// Zones: the objects of every zone narrowed to the permanents.
	{kind: "zones", re: regexp.MustCompile(`\bcards that aren't on the battlefield, spells, and permanents\b`), to: func([]string) string { return "permanents" }},
	{kind: "zones", oracle: true, re: regexp.MustCompile(`\bAll cards that aren't on the battlefield, spells, and permanents\b`), to: func([]string) string { return "All permanents" }},
	// Controllers: the other player's.
	{kind: "controller", re: regexp.MustCompile(`\byou control\b`), to: func([]string) string { return "an opponent controls" }},
	{kind: "controller", re: regexp.MustCompile(`\ban opponent controls\b`), to: func([]string) string { return "you control" }},
	// Durations: a delayed trigger at another time, or none.
	{kind: "duration", re: regexp.MustCompile(`\bthe next end step\b`), to: func([]string) string { return "the next upkeep" }},
	{kind: "duration", re: regexp.MustCompile(`\buntil end of turn\b`), to: func([]string) string { return "" }},
	{kind: "duration", oracle: true, re: regexp.MustCompile(` until end of turn\b`), to: func([]string) string { return "" }},
	{kind: "duration", oracle: true, re: regexp.MustCompile(`\bthe next end step\b`), to: func([]string) string { return "your next upkeep" }},
	// Comparisons of a filter: another number, the other way.
	{kind: "comparison", re: regexp.MustCompile(`\b(\d+) or (less|greater)\b`), to: func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		return strconv.Itoa(n-1) + " or " + m[2]
	}},
	// Negations: the condition's opposite part.
	{kind: "negation", re: regexp.MustCompile(`\band not (\w+)\.`), to: func(m []string) string { return "and " + m[1] + "." }},
	{kind: "negation", oracle: true, re: regexp.MustCompile(`\bdoesn't have that name\b`), to: func([]string) string { return "has that name" }},
	{kind: "comparison", re: regexp.MustCompile(`\bor less\b`), to: func([]string) string { return "or greater" }},
	{kind: "comparison", re: regexp.MustCompile(`\bless than\b`), to: func([]string) string { return "greater than" }},
	// A continuous effect's "for each": the count dropped, "other"
	// dropped (the creature counts itself), the object it shares a
	// creature type with is this instead of the object affected.
	{kind: "for each", re: regexp.MustCompile(`^(\s*static .*) for each [a-zA-Z" ]+$`), to: func(m []string) string { return m[1] }},
	{kind: "for each", re: regexp.MustCompile(`\bfor each other\b`), to: func([]string) string { return "for each" }},
	{kind: "for each", re: regexp.MustCompile(`\bcreature type with it$`), to: func([]string) string { return "creature type with this" }},
	// "You may" dropped from the ability: it does it always (the six
	// cards of issue 21 passed lint so).
	{kind: "you may", re: regexp.MustCompile(`^(\s*)you may ([a-z])`), to: func(m []string) string { return m[1] + m[2] }},
	// Who decides: another player than the paragraph names (CR 608.2d).
	{kind: "who decides", re: regexp.MustCompile(`^(\s*)you may `), to: func(m []string) string { return m[1] + "that_player may " }},
	// "You may": the paragraph lets its controller choose; the ability
	// does it always.
	{kind: "you may", oracle: true, re: regexp.MustCompile(`^(oracle "(?:When|Whenever|At) [^",]*, (?:if [^",]*, )?)(?:you )?([a-z])`), to: func(m []string) string { return m[1] + "you may " + m[2] }},
}

// unread are the cards of cards/ with a paragraph the vocabulary does not
// read (lint compares it by word similarity, W022), which
// TestTheLibraryReads lets pass and TestMutationsAreFlagged skips. Every
// card of cards/ reads today, so it is empty; a card added before the
// vocabulary reads its text goes here, with what it lacks.
var unread = map[string]bool{}

// TestTheLibraryReads reads every paragraph of the cards of cards/: all
// read but those of unread.
func TestTheLibraryReads(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	var notRead []string
	for _, e := range libraryCards(t, v) {
		for _, m := range oracle.CoverWith(v, e).Matches {
			if m.Unread() && !m.Reminder && !unread[e.Name] {
				notRead = append(notRead, e.Name+": "+m.Paragraph.Text+": "+m.Reading.Failure.String())
			}
		}
	}
	require.Empty(t, notRead)
}

// TestMutationsAreFlagged changes the abilities (and Oracle text) of the
// cards of cards/, one thing at a time — a verb, a number, a target, a
// controller, a duration, a "you may" — and checks that lint flags each
// change that still compiles (W020, W021 or W022).
func TestMutationsAreFlagged(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	paths, err := filepath.Glob(filepath.Join("..", "cards", "*.card"))
	require.NoError(t, err)
	tried := map[string]int{}
	var escaped []string
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.card") {
			continue
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		card := string(src)
		if name := cardName(card); unread[name] {
			continue
		}
		lines := strings.Split(card, "\n")
		for _, mu := range mutations {
			for i, line := range lines {
				trimmed := strings.TrimSpace(line)
				isOracle := strings.HasPrefix(trimmed, "oracle ")
				if isOracle != mu.oracle || isHeader(trimmed) {
					continue
				}
				subject := line
				if mu.oracle {
					subject = trimmed
				}
				for _, loc := range mu.re.FindAllStringSubmatchIndex(subject, -1) {
					m := groups(subject, loc)
					changed := subject[:loc[0]] + mu.to(m) + subject[loc[1]:]
					if mu.oracle {
						changed = line[:strings.Index(line, "oracle ")] + changed
					}
					mutated := append(append(append([]string{}, lines[:i]...), changed), lines[i+1:]...)
					codes, ok := coverCodes(v, strings.Join(mutated, "\n"), mu.oracle)
					if !ok {
						continue // it no longer compiles, or no longer reads
					}
					tried[mu.kind]++
					if len(codes) == 0 {
						escaped = append(escaped, fmt.Sprintf("%s: %s: %q → %q", filepath.Base(path), mu.kind, strings.TrimSpace(line), strings.TrimSpace(changed)))
					}
				}
			}
		}
	}
	tried["duration"] += unwrapDelayed(t, v, paths, &escaped)
	t.Logf("mutations tried: %v", tried)
	sort.Strings(escaped)
	require.Empty(t, escaped, "mutations lint does not flag")
	for kind, least := range map[string]int{"verb": 40, "number": 50, "target": 20, "controller": 15, "duration": 6, "you may": 26, "comparison": 3, "who decides": 1, "for each": 4} {
		require.GreaterOrEqual(t, tried[kind], least, "too few %s mutations compile", kind)
	}
}

// cardName is the name of the card of a source.
func cardName(src string) string {
	i := strings.Index(src, `card "`)
	if i < 0 {
		return ""
	}
	rest := src[i+len(`card "`):]
	return rest[:strings.Index(rest, `"`)]
}

// isHeader reports whether a line of a card is a characteristic, which
// mutations leave alone (they change what the abilities say).
func isHeader(line string) bool {
	for _, w := range []string{"card ", "cost ", "type ", "pt ", "loyalty ", "//"} {
		if strings.HasPrefix(line, w) {
			return true
		}
	}
	return false
}

// groups are the submatches of a match.
func groups(s string, loc []int) []string {
	out := make([]string, len(loc)/2)
	for i := range out {
		if loc[2*i] >= 0 {
			out[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return out
}

// coverCodes compiles a card and returns the codes of its coverage
// warnings; ok is false if it does not compile, or, with reads, if one of
// its paragraphs does not read (a mutation of its Oracle text that makes
// nonsense tests word similarity, not meanings).
func coverCodes(v *vocab.Vocab, src string, reads bool) (codes []string, ok bool) {
	f, diags := parser.Parse("mutated.card", []byte(src))
	if diags.HasErrors() {
		return nil, false
	}
	for _, d := range f.Decls {
		card, isCard := d.(*dsl.Card)
		if !isCard {
			continue
		}
		e, diags := compiler.Explain(v, card)
		if e == nil || diags.HasErrors() {
			return nil, false
		}
		c := oracle.CoverWith(v, e)
		for _, m := range c.Matches {
			if reads && m.Unread() {
				return nil, false
			}
		}
		for _, d := range c.Diagnostics() {
			codes = append(codes, d.Code)
		}
	}
	return codes, true
}

// unwrapDelayed makes each delayed triggered ability of the cards do what
// it does at once ("at the beginning of the next end step { X }" becomes
// X): another duration. It returns how many it tried, and adds those
// lint does not flag to escaped.
func unwrapDelayed(t *testing.T, v *vocab.Vocab, paths []string, escaped *[]string) int {
	n := 0
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.card") {
			continue
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		lines := strings.Split(string(src), "\n")
		for i, line := range lines {
			trimmed := strings.TrimSpace(line)
			if !strings.HasPrefix(trimmed, "at the beginning of the next") || !strings.HasSuffix(trimmed, "{") {
				continue
			}
			indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
			end := i + 1
			for end < len(lines) && lines[end] != indent+"}" {
				end++
			}
			if end == len(lines) {
				continue
			}
			mutated := append(append(append([]string{}, lines[:i]...), lines[i+1:end]...), lines[end+1:]...)
			codes, ok := coverCodes(v, strings.Join(mutated, "\n"), false)
			if !ok {
				continue
			}
			n++
			if len(codes) == 0 {
				*escaped = append(*escaped, fmt.Sprintf("%s: duration: %q done at once", filepath.Base(path), trimmed))
			}
		}
	}
	return n
}

// modalCard is a modal spell as Oracle text writes it, "Choose one —"
// and a paragraph for each mode (CR 700.2).
const modalCard = `card "Twofold Choice" {
    cost {1}{R}
    type Instant
    oracle "Choose one —"
    oracle "• Destroy target artifact."
    oracle "• Destroy target enchantment with mana value 3 or less."

    spell {
        choose one {
            mode {
                destroy target artifact
            }
            mode {
                destroy target enchantment with mana value 3 or less
            }
        }
    }
}
`

// TestModalMutationsAreFlagged checks that the paragraphs of a modal
// spell are read as one ability whose modes are compared one by one
// with the card's: the card as written is clean, and a mode swapped,
// dropped or changed, another number of modes to choose, or a changed
// comparison in a mode is flagged (W020 or W021).
func TestModalMutationsAreFlagged(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	codes, ok := coverCodes(v, modalCard, true)
	require.True(t, ok)
	require.Empty(t, codes, "the modal card as written")
	for _, tc := range []struct{ name, from, to string }{
		{"modes swapped", "destroy target artifact\n            }\n            mode {\n                destroy target enchantment with mana value 3 or less",
			"destroy target enchantment with mana value 3 or less\n            }\n            mode {\n                destroy target artifact"},
		// The card can't have fewer than two modes (C045): the paragraph
		// loses one.
		{"a mode dropped", "    oracle \"• Destroy target artifact.\"\n", ""},
		{"a mode changed", "                destroy target artifact\n", "                exile target artifact\n"},
		{"two to choose", "choose one {", "choose one or both {"},
		{"a comparison changed", "with mana value 3 or less\n", "with mana value 2 or less\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, modalCard, tc.from)
			codes, ok := coverCodes(v, strings.Replace(modalCard, tc.from, tc.to, 1), true)
			require.True(t, ok, "the mutated card compiles and its paragraphs read")
			require.NotEmpty(t, codes, "lint does not flag it")
		})
	}
}
