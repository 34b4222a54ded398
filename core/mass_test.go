package core_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/mana"
)

// cleansingBoard is a board of n creatures, the first phoenixes of them
// Magma Phoenixes (each with a dies trigger, CR 603.10a) and the others
// Grizzly Bears, half on each side, and a Planar Cleansing in the first
// player's hand with the mana to cast it.
func cleansingBoard(t testing.TB, lib *core.Library, n, phoenixes int) (*core.Game, *core.Object) {
	g := core.New(lib, nil)
	setup := g.Setup()
	for i := range n {
		name := "Grizzly Bears"
		if i < phoenixes {
			name = "Magma Phoenix"
		}
		_, err := setup.AddCard(name, core.PlayerID(i%2), core.ZoneBattlefield)
		require.NoError(t, err)
	}
	spell, err := setup.AddCard("Planar Cleansing", 0, core.ZoneHand)
	require.NoError(t, err)
	require.NoError(t, setup.SetPool(0, mana.Amount{mana.White: 3, mana.Colorless: 3}))
	return g, spell
}

// TestDestroyAllIsOneEvent checks Planar Cleansing on a board of a
// thousand creatures: all of them are destroyed, and each Magma
// Phoenix's dies trigger, looking back in time (CR 603.10a), goes on the
// stack once the spell has resolved: one for each Phoenix, and none for
// the Bears.
func TestDestroyAllIsOneEvent(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g, spell := cleansingBoard(t, lib, 1000, 100)
	require.NoError(t, g.Cast(0, spell.ID(), 0, nil))
	require.NoError(t, g.ResolveTop())
	require.Empty(t, g.Battlefield())
	require.Len(t, g.Stack(), 100)
	destroyed := 0
	for _, ev := range g.Log() {
		if ev.Kind == core.EvDestroy {
			destroyed++
		}
	}
	require.Equal(t, 1000, destroyed)
}

// BenchmarkDestroyAll measures Planar Cleansing's `destroy all nonland
// permanents` on 1,000 and 10,000 creatures, 100 of them with a dies
// trigger: cast, resolved, and the 100 triggers put on the stack. The
// time per permanent should not grow with the board: the batch finds
// each permanent's last-known information in constant time, and looks
// back only with the permanents that have leaves-the-battlefield
// abilities (see core/batch.go), so ten times the board costs about ten
// times as much.
func BenchmarkDestroyAll(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	lib, err := compiled.Library()
	require.NoError(b, err)
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("permanents=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				g, spell := cleansingBoard(b, lib, n, 100)
				b.StartTimer()
				if err := g.Cast(0, spell.ID(), 0, nil); err != nil {
					b.Fatal(err)
				}
				if err := g.ResolveTop(); err != nil {
					b.Fatal(err)
				}
				if len(g.Stack()) != 100 {
					b.Fatalf("%d triggers on the stack, want 100", len(g.Stack()))
				}
			}
		})
	}
}
