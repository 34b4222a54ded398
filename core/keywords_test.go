package core

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// TestReadKeyword checks how the rules core reads a keyword's name: a
// keyword, or one with its quality, the subtypes it names interned as the
// library is linked, and none read otherwise.
func TestReadKeyword(t *testing.T) {
	lib := &Library{subtypes: map[string]int32{"Goblin": 0}}
	for _, tt := range []struct {
		name string
		want keywordArg
		ok   bool
	}{
		{"flying", keywordArg{keyword: keywordFlying}, true},
		{"first strike", keywordArg{keyword: keywordFirstStrike}, true},
		{"protection from black", keywordArg{keyword: keywordProtection, quality: quality{colors: colorBlack}}, true},
		{"protection from artifacts", keywordArg{keyword: keywordProtection, quality: quality{types: typeArtifact}}, true},
		{"protection from colorless", keywordArg{keyword: keywordProtection, quality: quality{colorless: true}}, true},
		{"protection from everything", keywordArg{keyword: keywordProtection, quality: quality{everything: true}}, true},
		{"protection from Goblins", keywordArg{keyword: keywordProtection, quality: quality{subtype: 0, bySubtype: true}}, true},
		{"protection from Demons", keywordArg{keyword: keywordProtection, quality: quality{subtype: 1, bySubtype: true}}, true},
		{"protection from Elves", keywordArg{keyword: keywordProtection, quality: quality{subtype: 2, bySubtype: true}}, true},
		{"islandwalk", keywordArg{keyword: keywordLandwalk, quality: quality{subtype: 3, bySubtype: true}}, true},
		// A plural the plain rule would misread, as the stdlib declares it.
		{"protection from Mice", keywordArg{keyword: keywordProtection, quality: quality{subtype: 4, bySubtype: true}}, true},
		{"protection from Caves", keywordArg{keyword: keywordProtection, quality: quality{subtype: 5, bySubtype: true}}, true},
		{"protection from Demons", keywordArg{keyword: keywordProtection, quality: quality{subtype: 1, bySubtype: true}}, true},
		{"graft 4", keywordArg{keyword: keywordGraft}, true},
		{"cumulative upkeep {2}", keywordArg{keyword: keywordCumulativeUpkeep}, true},
		{"protection from ", keywordArg{}, false},
		{"walk", keywordArg{}, false},
		{"swimming", keywordArg{}, false},
	} {
		got, ok := lib.readKeyword(tt.name, true)
		require.Equal(t, tt.ok, ok, tt.name)
		if d := cmp.Diff(tt.want, got, cmp.AllowUnexported(keywordArg{}, quality{})); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, d)
		}
	}
	require.Equal(t, map[string]int32{"Goblin": 0, "Demon": 1, "Elf": 2, "Island": 3, "Mouse": 4, "Cave": 5}, lib.subtypes)
	// Not interning, a subtype no card has reads as no keyword.
	_, ok := lib.readKeyword("protection from Dragons", false)
	require.False(t, ok)
	require.NotContains(t, lib.subtypes, "Dragon")
}

// TestKeywordValues checks that a linked keyword value names its keyword:
// a keyword by its number, an instance with a quality interned once.
func TestKeywordValues(t *testing.T) {
	lib := &Library{subtypes: map[string]int32{}}
	for _, name := range []string{"trample", "protection from red", "swampwalk", "protection from red", "graft 2"} {
		v, ok := lib.keywordValue(name)
		require.True(t, ok, name)
		a, ok := lib.keywordOf(vm.Value(v))
		require.True(t, ok, name)
		want, _ := lib.readKeyword(name, false)
		require.True(t, a.same(want), name)
		require.Equal(t, keywordNameOrFamily(name), lib.keywordName(a))
	}
	require.Len(t, lib.keywordArgs, 2) // protection from red, once; swampwalk
	_, ok := lib.keywordOf(vm.Value(numKeywords) + 2)
	require.False(t, ok)
	_, ok = lib.keywordOf(-1)
	require.False(t, ok)
}

// keywordNameOrFamily is the name the library gives a keyword back: as
// linked for an instance with a quality, the keyword's own for another.
func keywordNameOrFamily(name string) string {
	if name == "graft 2" {
		return "graft"
	}
	return name
}

// TestKeywordsLoseOneQuality checks CR 613.1f for instances of
// protection: losing protection from black takes every instance of it
// (that of an Aura that spares itself too), and leaves protection from
// white; losing that too leaves no protection.
func TestKeywordsLoseOneQuality(t *testing.T) {
	white := keywordArg{keyword: keywordProtection, quality: quality{colors: colorWhite}}
	black := keywordArg{keyword: keywordProtection, quality: quality{colors: colorBlack}}
	spared := black
	spared.spares = 7
	var ks keywords
	for _, a := range []keywordArg{{keyword: keywordFlying}, white, black, spared} {
		ks.add(a)
	}
	require.True(t, ks.set.has(keywordFlying))
	require.Len(t, ks.args, 3)
	require.True(t, ks.has(black))
	ks.lose(black)
	require.False(t, ks.has(black))
	require.True(t, ks.has(white))
	require.True(t, ks.set.has(keywordProtection))
	ks.lose(white)
	require.False(t, ks.set.has(keywordProtection))
	require.Empty(t, ks.args)
	ks.lose(keywordArg{keyword: keywordFlying})
	require.Equal(t, keywordSet{}, ks.set)
	// A copy shares nothing with what it copies.
	ks.add(white)
	c := ks.clone()
	ks.args[0] = black
	require.True(t, c.has(white))
	require.False(t, c.has(black))
}
