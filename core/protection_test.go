package core_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/core"
)

// protectionCards are a creature for each kind of quality of protection
// (CR 702.16a) and sources of each kind.
const protectionCards = `
card "Black Warden" { cost {W}; type Creature — Cleric; pt 1/9; oracle "Protection from black"; keywords protection from black }
card "Colorless Warden" { cost {W}; type Creature — Cleric; pt 1/9; oracle "Protection from colorless"; keywords protection from colorless }
card "Artifact Warden" { cost {G}; type Creature — Cleric; pt 1/9; oracle "Protection from artifacts"; keywords protection from artifacts }
card "Enchantment Warden" { cost {G}; type Creature — Cleric; pt 1/9; oracle "Protection from enchantments"; keywords protection from enchantments }
card "Creature Warden" { cost {U}; type Creature — Cleric; pt 1/9; oracle "Protection from creatures"; keywords protection from creatures }
card "Everything Warden" { cost {U}; type Creature — Cleric; pt 1/9; oracle "Protection from everything"; keywords protection from everything }
card "Shroud Warden" { cost {U}; type Creature — Cleric; pt 1/9; oracle "Shroud"; keywords shroud }
card "Black Bear" { cost {B}; type Creature — Bear; pt 2/2; oracle "" }
card "Gray Golem" { cost {3}; type Artifact Creature — Golem; pt 2/2; oracle "" }
card "Red Totem" { cost {R}; type Enchantment; oracle "" }
card "Bronze Idol" { cost {2}; type Artifact; oracle "" }
card "Green Bear" { cost {G}; type Creature — Bear; pt 2/2; oracle "" }
`

// TestProtectionPreventsDamageFromItsQualityOnly checks, for each quality
// of protection, which sources' damage is prevented (CR 702.16e): those
// with the quality, and no other.
func TestProtectionPreventsDamageFromItsQualityOnly(t *testing.T) {
	lib := library(t, protectionCards)
	sources := []string{"Black Bear", "Gray Golem", "Red Totem", "Bronze Idol", "Green Bear"}
	for _, tt := range []struct {
		warden    string
		prevented []bool // by source, in the order of sources
	}{
		{"Black Warden", []bool{true, false, false, false, false}},
		{"Colorless Warden", []bool{false, true, false, true, false}},
		{"Artifact Warden", []bool{false, true, false, true, false}},
		{"Enchantment Warden", []bool{false, false, true, false, false}},
		{"Creature Warden", []bool{true, true, false, false, true}},
		{"Everything Warden", []bool{true, true, true, true, true}},
		{"Shroud Warden", []bool{false, false, false, false, false}},
	} {
		for i, src := range sources {
			t.Run(tt.warden+"/"+src, func(t *testing.T) {
				g := core.New(lib, nil)
				w, err := g.Setup().AddCard(tt.warden, 0, core.ZoneBattlefield)
				require.NoError(t, err)
				s, err := g.Setup().AddCard(src, 1, core.ZoneBattlefield)
				require.NoError(t, err)
				require.NoError(t, g.DealDamage(s.ID(), core.ObjectValue(w.ID()), 1, false))
				want := 1
				if tt.prevented[i] {
					want = 0
				}
				require.Equal(t, want, g.Object(w.ID()).Damage())
			})
		}
	}
}

// TestPhyrexianSymbolCountsOneInManaValue checks Apostle's Blessing's
// ruling: "To calculate the converted mana cost of a card with Phyrexian
// mana symbols in its cost, count each Phyrexian mana symbol as 1."
func TestPhyrexianSymbolCountsOneInManaValue(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	g := core.New(lib, nil)
	o, err := g.Setup().AddCard("Apostle's Blessing", 0, core.ZoneHand)
	require.NoError(t, err)
	require.Equal(t, 2, core.ManaValue(g, o.ID()))
	require.True(t, lib.Card("Apostle's Blessing").Is("instant"))
}

// TestTriggeredAbilityTargetsRespectProtection checks that a triggered
// ability can't target what has protection from its source or hexproof
// against its controller (CR 603.3d, 702.16b, 702.11b): the scripted
// illegal target fails the test, and the default takes the first legal
// one.
func TestTriggeredAbilityTargetsRespectProtection(t *testing.T) {
	runScenarios(t, `
card "Night Stalker" {
    cost {1}{B}
    type Creature — Horror
    pt 2/2
    oracle "Whenever Night Stalker attacks, it deals 1 damage to target creature."

    whenever this attacks {
        deal 1 damage to target creature
    }
}

test "A triggered ability of a black source skips a creature with protection from black and one with hexproof" {
    given {
        opponent controls "White Knight", "Gladecover Scout", "Grizzly Bears"
        you control "Night Stalker"
    }
    when {
        attack with "Night Stalker"
        resolve
    }
    then {
        "White Knight" has no damage
        "Gladecover Scout" is on the battlefield
        "Grizzly Bears" has 1 damage
    }
}
`)
}

// TestStaticEffectGrantsProtection checks that a continuous effect grants
// a protection keyword (layer 6) and that the core applies it: the spell
// of the quality can't target the creature while the Aura is on it.
func TestStaticEffectGrantsProtection(t *testing.T) {
	runScenarios(t, `
card "Ward of Embers" {
    cost {W}
    type Enchantment — Aura
    oracle "Enchant creature"
    oracle "Enchanted creature has protection from red."

    enchant creature
    static enchanted creature has protection from red
}

test "An Aura that grants protection from red: Shock can't target the creature, and can once the Aura is gone" {
    given {
        you control "Grizzly Bears"
        you control "Ward of Embers" attached to "Grizzly Bears"
        opponent controls "Mountain", "Mountain"
        opponent has "Shock" in hand
    }
    when {
        illegal "702.16": opponent casts "Shock" targeting "Grizzly Bears"
        destroy "Ward of Embers"
        opponent casts "Shock" targeting "Grizzly Bears"
        resolve
    }
    then {
        "Grizzly Bears" is in your graveyard
    }
}
`)
}

// TestChosenColorIsMadeAsItEntersAndForgottenAsItLeaves checks a choice
// made as a permanent enters (CR 614.12): the default decider's white,
// read by its protection; in another zone it is a new object without one
// (CR 400.7).
func TestChosenColorIsMadeAsItEntersAndForgottenAsItLeaves(t *testing.T) {
	lib := library(t, `card "Voice" { cost {W}; type Creature — Spirit; pt 1/1; oracle "As this enters, choose a color."; enters choosing a color; static this has protection from the chosen color }`)
	g := core.New(lib, nil)
	c, err := g.Setup().AddCard("Voice", 0, core.ZoneHand)
	require.NoError(t, err)
	require.Equal(t, "", g.ChosenColor(c.ID()))
	p, err := g.MoveCard(c.ID(), core.ZoneBattlefield)
	require.NoError(t, err)
	require.NotNil(t, p)
	require.Equal(t, "white", g.ChosenColor(p.ID()))
	require.True(t, g.HasKeyword(p.ID(), "protection from white"))
	require.False(t, g.HasKeyword(p.ID(), "protection from blue"))
	gy, err := g.MoveCard(p.ID(), core.ZoneGraveyard)
	require.NoError(t, err)
	require.Equal(t, "", g.ChosenColor(gy.ID()))
}
