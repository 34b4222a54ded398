package compiler_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// Handles of recordingHost: objects below firstPlayer, players from it.
const firstPlayer = 1000

// recordingHost is a Host that records the host functions a run calls, in
// order, answers queries from a table per object, and fails — as a strict
// host may — when asked a card's characteristic of a player.
type recordingHost struct {
	syms  []vm.Symbol
	calls []string
	// answers[object][query] is what a query of the object returns.
	answers map[vm.Value]map[string]vm.Value
}

func (h *recordingHost) Link(s vm.Symbol) (int32, error) {
	h.syms = append(h.syms, s)
	return int32(len(h.syms) - 1), nil
}

func (h *recordingHost) Call(_ *vm.Frame, fn int32, args []vm.Value) (vm.Value, error) {
	name := h.syms[fn].Name
	h.calls = append(h.calls, name)
	switch name {
	case "is_player":
		return boolValue(args[0] >= firstPlayer), nil
	case "is_type", "power", "toughness", "controller":
		if args[0] >= firstPlayer {
			return 0, fmt.Errorf("%s asked of player %d", name, args[0])
		}
		key := name
		if name == "is_type" {
			key = h.syms[args[1]].Name // OpSym pushes the id Link gave
		}
		return h.answers[args[0]][key], nil
	}
	return 0, nil
}

func (h *recordingHost) Field(*vm.Frame, int32) (vm.Value, error) { return 0, nil }

func boolValue(b bool) vm.Value {
	if b {
		return 1
	}
	return 0
}

// compileSource compiles one card's source, failing on any diagnostic.
func compileSource(t *testing.T, name string, src []byte) *vm.Program {
	t.Helper()
	file, diags := parser.Parse(name, src)
	prog, cdiags := compiler.Compile([]*dsl.File{file})
	require.Empty(t, append(diags, cdiags...), name)
	return prog
}

// run links p to h and runs function fn with candidate in LocalCandidate.
func run(t *testing.T, p *vm.Program, h *recordingHost, fn int32, numLocals int32, this, candidate vm.Value) vm.Value {
	t.Helper()
	h.syms, h.calls = nil, nil
	l, err := vm.Link(p, h)
	require.NoError(t, err)
	locals := make([]vm.Value, numLocals)
	locals[vm.LocalThis], locals[vm.LocalYou] = this, firstPlayer
	if vm.LocalCandidate < numLocals {
		locals[vm.LocalCandidate] = candidate
	}
	got, err := vm.NewMachine(h).Run(l, fn, locals)
	require.NoError(t, err, "run (calls %v)", h.calls)
	return got
}

// TestShortCircuitAnyTarget proves that Shock's "any target" asks no host
// the card type of a player: is_player decides, and the `or` stops there.
func TestShortCircuitAnyTarget(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "cards", "shock.card"))
	require.NoError(t, err)
	p := compileSource(t, "cards/shock.card", src)
	a := &p.Card("Shock").Abilities[0]
	filter := a.Targets[0].Filter
	const bear, rock, walker = 1, 2, 3
	h := &recordingHost{answers: map[vm.Value]map[string]vm.Value{
		bear:   {"type:creature": 1},
		walker: {"type:planeswalker": 1},
	}}
	for _, c := range []struct {
		name      string
		candidate vm.Value
		want      vm.Value
		calls     []string
	}{
		{"a player", firstPlayer + 1, 1, []string{"is_player"}},
		{"a creature", bear, 1, []string{"is_player", "is_type"}},
		{"a planeswalker", walker, 1, []string{"is_player", "is_type", "is_type"}},
		{"neither", rock, 0, []string{"is_player", "is_type", "is_type", "is_type"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, run(t, p, h, filter, a.NumLocals, 0, c.candidate), "filter of %d", c.candidate)
			assert.Equal(t, c.calls, h.calls, "host calls")
		})
	}
}

// TestShortCircuitFilterWords proves a filter stops at its first test
// that fails, and types joined by "or" at the first that holds: "target
// artifact or creature you control" asks the controller only of an
// artifact or a creature, and asks nothing more of an artifact.
func TestShortCircuitFilterWords(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "cards", "apostles_blessing.card"))
	require.NoError(t, err)
	p := compileSource(t, "cards/apostles_blessing.card", src)
	a := &p.Card("Apostle's Blessing").Abilities[0]
	const you, them = firstPlayer, firstPlayer + 1
	const land, bear, ring, theirBear = 1, 2, 3, 4
	h := &recordingHost{answers: map[vm.Value]map[string]vm.Value{
		land:      {"controller": you},
		bear:      {"type:creature": 1, "controller": you},
		ring:      {"type:artifact": 1, "controller": you},
		theirBear: {"type:creature": 1, "controller": them},
	}}
	for _, c := range []struct {
		name      string
		candidate vm.Value
		want      vm.Value
		calls     []string
	}{
		{"a land", land, 0, []string{"is_type", "is_type"}},
		{"a creature", bear, 1, []string{"is_type", "is_type", "controller"}},
		{"an artifact", ring, 1, []string{"is_type", "controller"}},
		{"their creature", theirBear, 0, []string{"is_type", "is_type", "controller"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, run(t, p, h, a.Targets[0].Filter, a.NumLocals, 0, c.candidate), "filter of %d", c.candidate)
			assert.Equal(t, c.calls, h.calls, "host calls")
		})
	}
}

// probe's body asks power, then toughness, in an `and` and in an `or`.
const probe = `card "Probe" {
    cost {1}
    type Creature — Bear
    pt 2/2
    oracle "When Probe enters, if its power and toughness are greater than 1, you gain 1 life; if either is, you gain 2 life."

    when this enters {
        if this.power > 1 and this.toughness > 1 {
            gain 1 life
        }
        if this.power > 1 or this.toughness > 1 {
            gain 2 life
        }
    }
}
`

// TestShortCircuitConditions runs conditions whose right side must not run
// when the left decides: `a and b` with a false, `a or b` with a true.
func TestShortCircuitConditions(t *testing.T) {
	p := compileSource(t, "probe.card", []byte(probe))
	a := &p.Card("Probe").Abilities[0]
	for _, c := range []struct {
		name             string
		power, toughness vm.Value
		calls            []string
	}{
		// and: toughness asked; or: power decides.
		{"big", 2, 2, []string{"power", "toughness", "gain_life", "power", "gain_life"}},
		// and: power decides; or: toughness asked.
		{"small", 1, 2, []string{"power", "power", "toughness", "gain_life"}},
		{"tiny", 0, 0, []string{"power", "power", "toughness"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &recordingHost{answers: map[vm.Value]map[string]vm.Value{
				1: {"power": c.power, "toughness": c.toughness},
			}}
			run(t, p, h, a.Body, a.NumLocals, 1, 0)
			assert.Equal(t, c.calls, h.calls, "host calls")
		})
	}
}

// TestShortCircuitTypesJoinedByOr proves that card types joined by "or",
// more than two of them (Solemnity's "an artifact or creature or
// enchantment or land"), accept an object with any of them, ask no type
// after the first that holds, and reject an object with none of them (a
// planeswalker). The rule is Solemnity's second ability, after "players
// can't get counters"; its match reads the event's object (Field: 0).
func TestShortCircuitTypesJoinedByOr(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "cards", "solemnity.card"))
	require.NoError(t, err)
	p := compileSource(t, "cards/solemnity.card", src)
	a := &p.Card("Solemnity").Abilities[1]
	for _, c := range []struct {
		name  string
		typ   string
		want  vm.Value
		calls []string
	}{
		{"an artifact", "type:artifact", 1, []string{"is_type"}},
		{"a creature", "type:creature", 1, []string{"is_type", "is_type"}},
		{"an enchantment", "type:enchantment", 1, []string{"is_type", "is_type", "is_type"}},
		{"a land", "type:land", 1, []string{"is_type", "is_type", "is_type", "is_type"}},
		{"a planeswalker", "type:planeswalker", 0, []string{"is_type", "is_type", "is_type", "is_type"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &recordingHost{answers: map[vm.Value]map[string]vm.Value{0: {c.typ: 1}}}
			assert.Equal(t, c.want, run(t, p, h, a.Match, a.NumLocals, 0, 0), "match of %s", c.name)
			assert.Equal(t, c.calls, h.calls, "host calls")
		})
	}
}
