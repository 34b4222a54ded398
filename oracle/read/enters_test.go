package read_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/oracle/read"
)

// TestTodaysEnters reads today's Oracle wording, where "enters the
// battlefield" is "enters" (CR Glossary, Enter the Battlefield), and
// checks that it means what the older wording means: the same phrases,
// the same values.
func TestTodaysEnters(t *testing.T) {
	v := standard(t)
	for _, tc := range []struct {
		name        string
		card        read.Card
		long, short string
	}{
		{"when this enters", creature("Elvish Visionary"), "When Elvish Visionary enters the battlefield, draw a card.", "When Elvish Visionary enters, draw a card."},
		{"this creature for the name", creature("Elvish Visionary"), "When Elvish Visionary enters the battlefield, draw a card.", "When this creature enters, draw a card."},
		{"whenever another creature enters", creature("Soul Warden"), "Whenever another creature enters the battlefield, you gain 1 life.", "Whenever another creature enters, you gain 1 life."},
		{"enters with counters", creature("Endless One"), "Endless One enters the battlefield with X +1/+1 counters on it.", "Endless One enters with X +1/+1 counters on it."},
		{"this creature enters with counters", creature("Sages"), "Sages enters the battlefield with two +1/+1 counters on it.", "This creature enters with two +1/+1 counters on it."},
		{"enters with X counters, where X is", creature("Gathering Hydra"), "Gathering Hydra enters the battlefield with X +1/+1 counters on it, where X is the number of creatures you control.",
			"Gathering Hydra enters with X +1/+1 counters on it, where X is the number of creatures you control."},
		{"enters tapped", of("Havenwood Battleground", "land"), "Havenwood Battleground enters the battlefield tapped.", "Havenwood Battleground enters tapped."},
		{"enters tapped unless", of("Dragonskull Summit", "land"), "Dragonskull Summit enters the battlefield tapped unless you control a Swamp or a Mountain.",
			"Dragonskull Summit enters tapped unless you control a Swamp or a Mountain."},
		{"as this enters, choose", of("Cho-Manno's Blessing", "enchantment"), "As Cho-Manno's Blessing enters the battlefield, choose a color.", "As Cho-Manno's Blessing enters, choose a color."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			long, short := read.Paragraph(v, tc.card, tc.long), read.Paragraph(v, tc.card, tc.short)
			require.Nil(t, long.Failure, "%s", long.Failure)
			require.Nil(t, short.Failure, "%s", short.Failure)
			require.NotEmpty(t, keys(long))
			require.Equal(t, keys(long), keys(short))
		})
	}
}

// TestTodaysWouldEnter reads "would enter", a replacement's event, as
// "would enter the battlefield": both stop at the same word, where the
// vocabulary has no replacement of entering yet.
func TestTodaysWouldEnter(t *testing.T) {
	v := standard(t)
	long := read.Paragraph(v, of("Test", "enchantment"), "If a creature would enter the battlefield, it enters with an additional +1/+1 counter on it.")
	short := read.Paragraph(v, of("Test", "enchantment"), "If a creature would enter, it enters with an additional +1/+1 counter on it.")
	require.NotNil(t, long.Failure)
	require.NotNil(t, short.Failure)
	require.Equal(t, long.Failure.Diagnose().At, short.Failure.Diagnose().At)
	require.True(t, strings.HasPrefix(short.Failure.Read, "If a creature would enter"), short.Failure.Read)
}

// TestTodaysEntersOrAnother reads "enters or VERB" as "enters the
// battlefield or VERB": it reads as far as its older wording.
func TestTodaysEntersOrAnother(t *testing.T) {
	v := standard(t)
	for _, tc := range []struct{ long, short string }{
		{"Whenever a creature enters the battlefield or dies, you gain 1 life.", "Whenever a creature enters or dies, you gain 1 life."},
	} {
		long, short := read.Paragraph(v, creature("Test"), tc.long), read.Paragraph(v, creature("Test"), tc.short)
		require.Equal(t, keys(long), keys(short))
		require.Equal(t, long.Failure == nil, short.Failure == nil)
		if long.Failure != nil {
			require.Equal(t, long.Failure.Diagnose().Read, short.Failure.Diagnose().Read)
			require.Equal(t, long.Failure.Expected, short.Failure.Expected)
		}
	}
}
