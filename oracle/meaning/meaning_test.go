package meaning_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/oracle/meaning"
)

func TestAlign(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b []string
		want [][2]int
	}{
		{"same", []string{"x", "y"}, []string{"x", "y"}, [][2]int{{0, 0}, {1, 1}}},
		{"one more", []string{"x", "y", "z"}, []string{"x", "z"}, [][2]int{{0, 0}, {2, 1}}},
		{"none in common", []string{"x"}, []string{"y"}, nil},
		{"order matters: one of two", []string{"x", "y"}, []string{"y", "x"}, [][2]int{{1, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, meaning.Align(tc.a, tc.b))
		})
	}
}

func TestNamed(t *testing.T) {
	require.Equal(t, "Stone Giant's power", meaning.Named(meaning.Self+"'s power", "Stone Giant"))
}

func TestNormalWords(t *testing.T) {
	require.Equal(t, "-x", meaning.NormalLoyalty("−x"))
	require.Equal(t, "once each turn", meaning.NormalOnly("Activate this ability only once each turn."))
	require.Equal(t, "as a sorcery", meaning.NormalOnly("activate only as a sorcery"))
	require.Equal(t, "first strike", meaning.NormalKeyword("First  Strike"))
	var c meaning.Costs
	c.AddMana("{1}{w}{T}")
	require.Equal(t, meaning.Costs{Mana: "{1}{W}", Tap: true}, c)
}
