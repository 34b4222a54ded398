package vocab_test

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vocab"
)

// TestReadKeyword checks how the words of a keyword read against the
// standard vocabulary: the keyword, the name the rules core knows it by,
// and its parameter's value; and what reads as no keyword.
func TestReadKeyword(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	type read struct{ Keyword, Name, Value string }
	for _, tt := range []struct {
		words []string
		want  *read
	}{
		{[]string{"flying"}, &read{"flying", "flying", ""}},
		{[]string{"First", "Strike"}, &read{"first strike", "first strike", ""}},
		{[]string{"protection", "from", "black"}, &read{"protection", "protection from black", "black"}},
		{[]string{"protection", "from", "Black"}, &read{"protection", "protection from black", "black"}},
		{[]string{"protection", "from", "artifacts"}, &read{"protection", "protection from artifacts", "artifacts"}},
		{[]string{"protection", "from", "everything"}, &read{"protection", "protection from everything", "everything"}},
		{[]string{"protection", "from", "Demons"}, &read{"protection", "protection from Demons", "Demons"}},
		{[]string{"swampwalk"}, &read{"landwalk", "swampwalk", "Swamp"}},
		{[]string{"Islandwalk"}, &read{"landwalk", "islandwalk", "Island"}},
		{[]string{"graft", "4"}, &read{"graft", "graft 4", "4"}},
		{[]string{"cumulative", "upkeep", "{2}{U}"}, &read{"cumulative upkeep", "cumulative upkeep {2}{U}", "{2}{U}"}},
		{[]string{"equip", "{1}"}, &read{"equip", "equip {1}", "{1}"}},
		// A subtype is capitalized, in the plural; no card type, color or
		// supertype is a subtype.
		{[]string{"protection", "from", "demons"}, nil},
		{[]string{"protection", "from", "Demon"}, nil},
		{[]string{"protection", "from", "artifact"}, nil},
		{[]string{"landwalk"}, nil},
		// Subtypes are those CR 205.3 lists (the stdlib declares them),
		// in the plural Oracle writes.
		{[]string{"protection", "from", "Elves"}, &read{"protection", "protection from Elves", "Elves"}},
		{[]string{"protection", "from", "Mice"}, &read{"protection", "protection from Mice", "Mice"}},
		{[]string{"protection", "from", "Demonz"}, nil},
		{[]string{"protection", "from", "Elfs"}, nil},
		{[]string{"desertwalk"}, &read{"landwalk", "desertwalk", "Desert"}},
		{[]string{"swampwalkk"}, nil},
		{[]string{"bogwalk"}, nil},
		{[]string{"creaturewalk"}, nil},
		{[]string{"basicwalk"}, nil},
		{[]string{"walk"}, nil},
		// A parameter needs a value of its type.
		{[]string{"graft"}, nil},
		{[]string{"graft", "X"}, nil},
		{[]string{"graft", "{1}"}, nil},
		{[]string{"equip", "1"}, nil},
		{[]string{"flying", "2"}, nil},
		{[]string{"kicker", "{4}"}, nil},
	} {
		u, ok := v.ReadKeyword(tt.words)
		var got *read
		if ok {
			got = &read{u.Keyword.Name, u.Name, u.Value}
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.words, d)
		}
	}
}

// TestKeywordDeclarations checks that a `keyword` declaration is read with
// its parameter, form and abilities, and that a mistake in one is an
// error of the stdlib that says what is wrong.
func TestKeywordDeclarations(t *testing.T) {
	load := func(decl string) (*vocab.Vocab, error) {
		return vocab.Load(fstest.MapFS{"v.card": {Data: []byte(decl + "\n" + needed +
			"action gain_life(player: player, amount: number) { called from body; takes effect after the event; stale ignored; phrase \"gain {amount} life\" with player = you }\n")}})
	}
	v, err := load(`keyword bushido(amount: number) {
    doc "Bushido N"
    phrase "bushido {amount}"
    static this gets amount
}
keyword stride(land: subtype) {
    doc "Landwalk, said otherwise"
    phrase "{land}stride"
}
types land
subtypes land — Forest
keywords flying
keyword blessing {
    doc "A test keyword"
    {1}: gain 1 life
}`)
	require.NoError(t, err)
	require.Equal(t, []string{"bushido", "stride", "flying", "blessing"}, v.Names(vocab.KKeyword))
	u, ok := v.ReadKeyword([]string{"bushido", "2"})
	require.True(t, ok)
	require.Equal(t, "bushido 2", u.Name)
	require.Len(t, u.Keyword.Abilities, 1)
	require.Equal(t, "bushido {number}", u.Keyword.FormText())
	u, ok = v.ReadKeyword([]string{"forestStride"})
	require.True(t, ok)
	require.Equal(t, "foreststride", u.Name)
	require.Equal(t, "Forest", u.Value)
	require.Equal(t, "{subtype}stride", u.Keyword.FormText())
	require.Contains(t, v.Contract(), "keyword stride: {subtype}stride")
	require.Contains(t, v.Contract(), "keyword blessing: blessing")
	require.Contains(t, v.Contract(), "name keyword:flying")

	for _, tt := range []struct{ name, decl, want string }{
		{"a parameter of another type", `keyword k(who: player) { doc "d"; phrase "k {who}" }`,
			`keyword k: a parameter is a number, mana, a quality or a subtype, not "player"`},
		{"a slot of no parameter", `keyword k(n: number) { doc "d"; phrase "k {m}" }`,
			`keyword k: the slot {m} of "k {m}" names no parameter of the keyword`},
		{"a parameter without its slot", `keyword k(n: number) { doc "d" }`,
			"keyword k: its phrase must have one slot, {n}, where a card writes the parameter"},
		{"a phrase with a condition", `keyword k(n: number) { doc "d"; phrase "k {n}" where n > 1 }`,
			"keyword k: a keyword's phrase is its words and its parameter's slot, with no where, each, once, anywhere or with"},
		{"a line that is no ability", `keyword k { doc "d"; cost {1} }`,
			"keyword k: a keyword stands for abilities (enters, triggered, replacement, static or activated), not this"},
		{"twice", "keywords k\nkeyword k { doc \"d\" }", `keyword k: "k" is declared twice`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load(tt.decl)
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestReadKeywords checks CR 702.16g as Oracle text writes it: "protection
// from A and from B" is two instances of protection; and what reads as no
// keyword.
func TestReadKeywords(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	names := func(words ...string) []string {
		us, ok := v.ReadKeywords(words)
		if !ok {
			return nil
		}
		var out []string
		for _, u := range us {
			out = append(out, u.Name)
		}
		return out
	}
	require.Equal(t, []string{"flying"}, names("flying"))
	require.Equal(t, []string{"protection from Demons", "protection from Dragons"}, names("protection", "from", "Demons", "and", "from", "Dragons"))
	require.Equal(t, []string{"protection from blue", "protection from black", "protection from artifacts"},
		names("protection", "from", "blue", "and", "from", "black", "and", "from", "artifacts"))
	require.Nil(t, names("protection", "from", "Demons", "and", "flying"))
	require.Nil(t, names("protection", "from", "Demons", "and", "from", "demons"))
	require.Nil(t, names("flying", "and", "from", "black"))
	require.Nil(t, names("protection", "from", "Demons", "and"))
}
