package vocab_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdlib"
	"github.com/cardc/cardc/vocab"
)

// TestSubtypeListsAreCR2053 holds the subtype lists to the Comprehensive
// Rules of February 7, 2025 (CR 205.3g-205.3q): every list of a card type
// the vocabulary declares, complete, each subtype in the list of its card
// types. A new set's subtypes come with the CR that lists them: add them
// to stdlib/names.card and the counts here.
func TestSubtypeListsAreCR2053(t *testing.T) {
	v := standard(t)
	count := map[string]int{}
	for _, s := range v.Subtypes() {
		count[strings.Join(s.Types(), " ")]++
	}
	want := map[string]int{
		"artifact":         15,  // 205.3g
		"enchantment":      12,  // 205.3h
		"land":             15,  // 205.3i
		"planeswalker":     79,  // 205.3j
		"instant sorcery":  4,   // 205.3k
		"creature kindred": 301, // 205.3m: Time Lord and 300 of one word
		"battle":           1,   // 205.3q
	}
	require.Empty(t, cmp.Diff(want, count), "subtypes by card types (-want +got)")
	for _, c := range []struct{ name, types string }{
		{"Equipment", "artifact"}, {"Vehicle", "artifact"}, {"Aura", "enchantment"}, {"Saga", "enchantment"},
		{"Forest", "land"}, {"Urza's", "land"}, {"Power-Plant", "land"}, {"Jace", "planeswalker"},
		{"Arcane", "instant sorcery"}, {"Time Lord", "creature kindred"}, {"Assembly-Worker", "creature kindred"},
		{"C'tan", "creature kindred"}, {"Zombie", "creature kindred"}, {"Zubera", "creature kindred"}, {"Siege", "battle"},
	} {
		s, singular, _ := v.LookupSubtype(c.name)
		require.NotNil(t, s, c.name)
		require.True(t, singular, c.name)
		require.Equal(t, c.name, s.Name)
		require.Equal(t, c.types, strings.Join(s.Types(), " "), c.name)
	}
	// Subtypes the CR no longer lists (205.3f) are none.
	for _, gone := range []string{"Viashino", "Hound", "Test", "Scribe", "Swamps Forest"} {
		s, _, _ := v.LookupSubtype(gone)
		require.Nil(t, s, gone)
	}
}

// TestLookupSubtype: a subtype is found by its name and by the plural
// Oracle text writes, and says which it is; case counts, and a
// typographic apostrophe reads as a typewriter one.
func TestLookupSubtype(t *testing.T) {
	v := standard(t)
	for _, c := range []struct {
		word             string
		name             string
		singular, plural bool
	}{
		{"Zombie", "Zombie", true, false},
		{"Zombies", "Zombie", false, true},
		{"Swamps", "Swamp", false, true},
		{"Elf", "Elf", true, false},
		{"Elves", "Elf", false, true},
		{"Dwarves", "Dwarf", false, true},
		{"Wolves", "Wolf", false, true},
		{"Werewolves", "Werewolf", false, true},
		{"Allies", "Ally", false, true},
		{"Mice", "Mouse", false, true},
		{"Oxen", "Ox", false, true},
		{"Fungi", "Fungus", false, true},
		{"Children", "Child", false, true},
		{"Foxes", "Fox", false, true},
		{"Octopuses", "Octopus", false, true},
		{"Primarchs", "Primarch", false, true},
		{"Monkeys", "Monkey", false, true},
		{"Time Lords", "Time Lord", false, true},
		{"Merfolk", "Merfolk", true, true},
		{"Plains", "Plains", true, true},
		{"Equipment", "Equipment", true, true},
		{"Urza’s", "Urza's", true, true},
		{"C’tan", "C'tan", true, true},
		{"zombie", "", false, false},
		{"Zombis", "", false, false},
		{"Goblim", "", false, false},
		{"Elfs", "", false, false},
		{"Merfolks", "", false, false},
		{"", "", false, false},
	} {
		s, singular, plural := v.LookupSubtype(c.word)
		name := ""
		if s != nil {
			name = s.Name
		}
		require.Equal(t, c.name, name, "LookupSubtype(%q)", c.word)
		require.Equal(t, c.singular, singular, "LookupSubtype(%q): singular", c.word)
		require.Equal(t, c.plural, plural, "LookupSubtype(%q): plural", c.word)
	}
	require.True(t, v.IsName(vocab.KSubtype, "Goblin"))
	require.False(t, v.IsName(vocab.KSubtype, "Goblins"), "a name of the kind is the singular")
}

// TestEnglishPlural: the plural a subtype takes unless the vocabulary
// gives another.
func TestEnglishPlural(t *testing.T) {
	for word, want := range map[string]string{
		"Zombie": "Zombies", "Goblin": "Goblins", "Ally": "Allies", "Harpy": "Harpies", "Monkey": "Monkeys",
		"Fox": "Foxes", "Sphinx": "Sphinxes", "Walrus": "Walruses", "Leech": "Leeches", "Class": "Classes",
		"Time Lord": "Time Lords", "Power-Plant": "Power-Plants",
	} {
		require.Equal(t, want, vocab.EnglishPlural(word), word)
	}
}

// TestFilterWordReadsSubtypes: a filter's word is a subtype in the
// singular or in Oracle's plural, and says which number it is written in;
// a capitalized word that is no subtype is no word of a filter.
func TestFilterWordReadsSubtypes(t *testing.T) {
	v := standard(t)
	for _, c := range []struct {
		word             string
		name             string
		singular, plural bool
	}{
		{"Zombies", "Zombie", false, true},
		{"Zombie", "Zombie", true, false},
		{"Merfolk", "Merfolk", true, true},
		{"creatures", "creature", false, true},
		{"creature", "creature", true, false},
	} {
		fw, ok := v.FilterWord(c.word)
		require.True(t, ok, c.word)
		require.Equal(t, c.name, fw.Name, c.word)
		require.True(t, fw.Noun, c.word)
		require.Equal(t, c.singular, fw.Singular, c.word)
		require.Equal(t, c.plural, fw.Plural, c.word)
	}
	for _, w := range []string{"Goblim", "Zombis", "Viashino"} {
		_, ok := v.FilterWord(w)
		require.False(t, ok, w)
	}
}

// TestSubtypeDeclarations: the stdlib's own mistakes in `subtypes` are
// errors of the stdlib (C900): a card type it does not declare, a subtype
// declared twice, a plural that is another subtype's word, a subtype in
// lower case.
func TestSubtypeDeclarations(t *testing.T) {
	for _, c := range []struct {
		name, line, want string
	}{
		{"unknown card type", "subtypes plane — Dominaria", `subtypes of "plane", which is no card type`},
		{"declared twice", "subtypes land — Forest", `subtype "Forest" is declared twice`},
		{"plural of another", "subtypes artifact — Gizmo (Forest)", `"Forest" would name both "Forest" and "Gizmo"`},
		{"lower case", "subtypes artifact — gizmo", `subtype "gizmo": a subtype and its plural are capitalized`},
	} {
		t.Run(c.name, func(t *testing.T) {
			names, err := fs.Glob(stdlib.FS, "*.card")
			require.NoError(t, err)
			fsys := fstest.MapFS{}
			for _, name := range names {
				src, err := fs.ReadFile(stdlib.FS, name)
				require.NoError(t, err)
				if name == "names.card" {
					src = append(src, "\n"+c.line+"\n"...)
				}
				fsys[name] = &fstest.MapFile{Data: src}
			}
			_, err = vocab.Load(fsys)
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
			require.Contains(t, err.Error(), "C900")
		})
	}
}
