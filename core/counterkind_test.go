package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCounterKindsAreInterned: a counter kind the stdlib does not declare
// is a kind of its own (CR 122.1), the same each time it is named, with
// its name; a +X/+Y kind changes power and toughness (CR 122.1a); a name
// no counter kind has is none.
func TestCounterKindsAreInterned(t *testing.T) {
	wish, ok := CounterNamed("wish")
	require.True(t, ok)
	again, _ := CounterNamed("wish")
	assert.Equal(t, wish, again)
	assert.GreaterOrEqual(t, int(wish), int(numCounters))
	assert.Equal(t, "wish", wish.String())
	assert.True(t, wish.valid())
	assert.False(t, wish.pt().ok)

	plus, ok := CounterNamed("+1/+3")
	require.True(t, ok)
	assert.Equal(t, ptCounter{power: 1, toughness: 3, ok: true}, plus.pt())
	minus, ok := CounterNamed("-0/-4")
	require.True(t, ok)
	assert.Equal(t, ptCounter{power: 0, toughness: -4, ok: true}, minus.pt())

	known, ok := CounterNamed("+1/+1")
	require.True(t, ok)
	assert.Equal(t, CounterPlus1Plus1, known)

	for _, bad := range []string{"", "Wish", "shiny!", "1/1", "+1/1", "+-1/+1", "a counter", "-wish"} {
		_, ok := CounterNamed(bad)
		assert.False(t, ok, "%q", bad)
	}
	assert.False(t, CounterKind(-1).valid())
	assert.Equal(t, "?", CounterKind(numCounters+maxExtraCounters).String())
}
