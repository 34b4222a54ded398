package core_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
)

const indexCards = `
card "Sentry" { cost {W}; type Creature — Soldier; pt 1/1; oracle "" }
card "Mourner" {
    cost {B}
    type Creature — Cleric
    pt 1/1
    oracle "Whenever a creature dies, you gain 1 life."
    whenever a creature dies { gain 1 life }
}
card "Vigil" {
    cost {W}
    type Enchantment — Aura
    oracle "..."
    enchant creature
    static enchanted creature has ` + "`whenever a creature dies { gain 1 life }`" + `
}
`

// TestAbilityIndexListsWatchers checks whom the index visits for an
// event: on a board of thousands of Hydras and vanilla creatures, damage
// to one Hydra visits that Hydra only (its replacement effect is anchored
// to it), a death visits the permanents whose abilities watch every death,
// their own or granted by an Aura, and no one once the Aura is gone.
func TestAbilityIndexListsWatchers(t *testing.T) {
	g, hydra, _ := hydraBoardOf(t, 4000)
	require.Equal(t, []core.ObjectID{hydra.ID()}, core.Watchers(g, core.EvDamage, hydra.ID()))
	require.Equal(t, []core.ObjectID{hydra.ID()}, core.Watchers(g, core.EvCounterRemoved, hydra.ID()))
	bears := g.Battlefield()[1]
	require.Empty(t, core.Watchers(g, core.EvDamage, bears))
	require.NoError(t, core.VerifyIndex(g))

	lib := library(t, indexCards)
	g = core.New(lib, nil)
	setup := g.Setup()
	add := func(name string) core.ObjectID {
		o, err := setup.AddCard(name, 0, core.ZoneBattlefield)
		require.NoError(t, err)
		return o.ID()
	}
	sentry, mourner, other, vigil := add("Sentry"), add("Mourner"), add("Sentry"), add("Vigil")
	require.Equal(t, []core.ObjectID{mourner}, core.Watchers(g, core.EvZoneChange, other))
	require.NoError(t, setup.Attach(vigil, sentry))
	// The granted ability is the Sentry's (CR 613.1f), in battlefield
	// order.
	require.Equal(t, []core.ObjectID{sentry, mourner}, core.Watchers(g, core.EvZoneChange, other))
	require.NoError(t, core.VerifyIndex(g))
	require.NoError(t, g.Destroy(vigil))
	require.Equal(t, []core.ObjectID{mourner}, core.Watchers(g, core.EvZoneChange, other))
	require.NoError(t, g.Destroy(mourner))
	require.Empty(t, core.Watchers(g, core.EvZoneChange, other))
	require.NoError(t, core.VerifyIndex(g))
}

// TestStaleAbilityIndexFailsTheAction checks that, under go test, an
// action that leaves the ability index stale fails, saying so.
func TestStaleAbilityIndexFailsTheAction(t *testing.T) {
	lib := library(t, indexCards)
	g := core.New(lib, nil)
	mourner, err := g.Setup().AddCard("Mourner", 0, core.ZoneBattlefield)
	require.NoError(t, err)
	sentry, err := g.Setup().AddCard("Sentry", 1, core.ZoneBattlefield)
	require.NoError(t, err)
	core.DropFromIndex(g, core.EvZoneChange, mourner.ID())
	err = g.Destroy(sentry.ID())
	var failure *core.FailureError
	require.ErrorAs(t, err, &failure)
	require.ErrorContains(t, err, "ability index: zone_change is watched by [], not [1]")
}
