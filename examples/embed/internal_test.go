package embed

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

var testLibrary = sync.OnceValues(func() (*Library, error) { return LoadDir(filepath.Join("..", "..", "cards")) })

func newTestGame(t *testing.T) *kitGame {
	t.Helper()
	lib, err := testLibrary()
	require.NoError(t, err)
	g, err := NewDriver(lib).NewGame(new(scenario.Script))
	require.NoError(t, err)
	return g.(*kitGame)
}

// TestACardIsANewObjectInEachZone: the kit's Card stays the same as the
// card moves; the handle the VM sees is the object's, a new one in each
// zone (CR 400.7). The old handle is stale: an action marked `stale
// ignored` on it does nothing, a query marked `last_known` reads the
// object as it last was.
func TestACardIsANewObjectInEachZone(t *testing.T) {
	k := newTestGame(t)
	bears, err := k.AddCard("Grizzly Bears", scenario.You, scenario.Battlefield)
	require.NoError(t, err)
	before := k.g.cards[bears].obj
	require.NoError(t, k.PutCounters(bears, "+1/+1", 1))
	require.NoError(t, k.Destroy(bears))

	o, ok := k.Object(bears)
	require.True(t, ok)
	require.Equal(t, scenario.Graveyard, o.Zone)
	after := k.g.cards[bears].obj
	require.NotEqual(t, before.h, after.h, "a new object, a new handle")
	require.True(t, before.gone)
	require.Nil(t, k.g.live(before.h, zoneBattlefield))
	require.Empty(t, o.Counters, "the new object has none of the old one's counters")

	f := &vm.Frame{Context: &run{g: k.g}}
	counter := k.g.name(vm.NameCounter, "+1/+1")
	require.NoError(t, host{}.PutCounters(f, before.h, counter, 2))
	require.Empty(t, after.counters, "stale ignored: nothing happens")
	tough, err := host{}.Toughness(f, before.h)
	require.NoError(t, err)
	require.Equal(t, int64(3), tough, "last_known: a 2/2 with a +1/+1 counter, as it last was")
	tough, err = host{}.Toughness(f, stdhost.Object(stdhost.PlayerHandle(0)))
	require.NoError(t, err)
	require.Zero(t, tough, "a player is no object")
	// The log names the card, whichever of its objects an event is about.
	var last scenario.Event
	for _, ev := range k.Log() {
		last = ev
	}
	require.Equal(t, scenario.Event{Kind: "zone_change", Cards: []scenario.Card{bears}}, last)
}

// TestAnActionHasOneBudget: an action of a test shares one budget of
// steps (vm.Machine.BeginBudget) among its runs, so vm.Machine.MaxSteps
// bounds the action, not each of its many runs.
func TestAnActionHasOneBudget(t *testing.T) {
	steps := func(maxSteps int) error {
		k := newTestGame(t)
		k.g.m.MaxSteps = maxSteps
		hydra, err := k.AddCard("Protean Hydra", scenario.You, scenario.Battlefield)
		require.NoError(t, err)
		giant, err := k.AddCard("Hill Giant", scenario.Opponent, scenario.Battlefield)
		require.NoError(t, err)
		require.NoError(t, k.SetCounters(hydra, "+1/+1", 3))
		// Damage to the Hydra: its replacement's match and body, the
		// counter_removed trigger's match, the delayed trigger's...: many
		// runs, none long.
		return k.DealDamage(giant, scenario.Target{Card: hydra}, 2, false)
	}
	// No run of the Hydra's takes more than 15 steps: its functions have
	// no loop, and fewer than 15 instructions.
	lib, err := testLibrary()
	require.NoError(t, err)
	for _, ab := range lib.byName["Protean Hydra"].Abilities {
		for _, fn := range []int32{ab.Match, ab.Body} {
			if fn != vm.NoFunc {
				require.Less(t, len(lib.prog.Funcs[fn].Code), 15)
			}
		}
	}
	require.NoError(t, steps(100))
	require.ErrorIs(t, steps(15), vm.ErrStepLimit, "15 steps are enough for each run, not for the action")
}
