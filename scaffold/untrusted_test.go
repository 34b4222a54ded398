package scaffold_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scaffold"
)

// setFile is a flat set file of one card with the fields given.
func setFile(t testing.TB, fields map[string]any) string {
	t.Helper()
	card := map[string]any{"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2", "text": ""}
	for k, v := range fields {
		card[k] = v
	}
	data, err := json.Marshal(map[string]any{"name": "Test Set", "cards": []any{card}})
	require.NoError(t, err)
	return string(data)
}

// checkWrites checks that the files a scaffold writes of a card parse,
// the card's file holding exactly that card and the tests' file tests
// only.
func checkWrites(t testing.TB, c *scaffold.Card) {
	t.Helper()
	card, diags := parser.Parse("card.card", scaffold.CardSource(c, "set.json"))
	require.False(t, diags.HasErrors(), "the card's file does not parse: %v\n%s", diags, scaffold.CardSource(c, "set.json"))
	require.Len(t, card.Decls, 1, "%s", scaffold.CardSource(c, "set.json"))
	decl, ok := card.Decls[0].(*dsl.Card)
	require.True(t, ok, "the card's file holds a %T", card.Decls[0])
	require.Equal(t, c.Name, dsl.Unquote(decl.Name))
	tests, diags := parser.Parse("card_test.card", scaffold.TestSource(c, "set.json"))
	require.False(t, diags.HasErrors(), "the tests' file does not parse: %v\n%s", diags, scaffold.TestSource(c, "set.json"))
	require.NotEmpty(t, tests.Decls)
	for _, d := range tests.Decls {
		_, ok := d.(*dsl.Test)
		require.True(t, ok, "the tests' file holds a %T", d)
	}
}

// A field that does not hold what it may is refused, the error naming it
// (issue 18, item 4): a manaCost that wrote a second card, a name, a type
// line or a P/T that would end their line or string.
func TestFindRefusesFieldsThatDoNotFit(t *testing.T) {
	for _, tc := range []struct {
		fields map[string]any
		want   string
	}{
		{map[string]any{"manaCost": "{1}{G}\n    type Creature — Bear\n    pt 9/9\n}\n\ncard \"Injected\" {\n    cost {G}"}, `the card's manaCost "{1}{G}\n    type Creature — Bear\n    pt 9/9\n}\n\ncard \"Injected…" is refused: a mana cost is mana symbols in braces, like {1}{G}`},
		{map[string]any{"manaCost": "{1} {G}"}, "manaCost"},
		{map[string]any{"manaCost": "{½}"}, "manaCost"},
		{map[string]any{"name": "Grizzly Bears", "faceName": "Bears\x1b[2J"}, `the card's faceName "Bears\x1b[2J" is refused: it must be one line of printable text, and it holds U+001B`},
		{map[string]any{"type": "Creature — Bear } card \"X\" {"}, `the card's type "Creature — Bear } card \"X\" {" is refused: a type line is words, spaces and dashes, and it holds '}'`},
		{map[string]any{"power": "2\n}"}, `the card's power "2\n}" is refused`},
		{map[string]any{"toughness": "`"}, "the card's toughness"},
		{map[string]any{"loyalty": "3\"\n"}, "the card's loyalty"},
		{map[string]any{"text": "Flying\x00"}, `the card's text "Flying\x00" is refused: it must be printable text, and it holds U+0000`},
		{map[string]any{"rulings": []any{map[string]any{"date": "2009-10-01\n", "text": "ok"}}}, "the card's rulings[0].date"},
		{map[string]any{"rulings": []any{map[string]any{"date": "2009-10-01", "text": "a\x1bb"}}}, "the card's rulings[0].text"},
	} {
		_, err := scaffold.Find(strings.NewReader(setFile(t, tc.fields)), "Grizzly Bears")
		require.ErrorContains(t, err, tc.want, "%v", tc.fields)
	}
	// The set's name is in the card file's first comment.
	_, err := scaffold.Find(strings.NewReader(`{"cards": [{"name": "Grizzly Bears", "type": "Creature — Bear"}], "name": "Set\n}"}`), "Grizzly Bears")
	require.ErrorContains(t, err, `the card's set name "Set\n}" is refused`)
}

// What fits is written so that it parses, one card: a lone carriage
// return (which the language cannot escape) ends a paragraph, the printed
// P/T of the un-sets and */*-forms are a comment.
func TestScaffoldOfOddFieldsParses(t *testing.T) {
	for _, fields := range []map[string]any{
		{"text": "Flying\rVigilance"},
		{"text": "Say \"hi\"\r\nto `them`\\n"},
		{"text": "Tab\tseparated"},
		{"power": "1+*", "toughness": "*²"},
		{"power": "*", "toughness": "X"},
		{"power": "-1", "toughness": "2.5"},
		{"manaCost": "{X}{W/U}{2/B}{G/P}{C}{G/U/P}{15}"},
		{"name": "Lim-Dûl’s \"Vault\" `x`", "rulings": []any{map[string]any{"date": "2009-10-01", "text": "Lim-Dûl’s \"Vault\"\r`x` does it.\n"}}},
	} {
		c, err := scaffold.Find(strings.NewReader(setFile(t, fields)), "Grizzly Bears")
		if name, ok := fields["name"].(string); ok {
			c, err = scaffold.Find(strings.NewReader(setFile(t, fields)), name)
		}
		require.NoError(t, err, "%v", fields)
		checkWrites(t, c)
	}
	c, err := scaffold.Find(strings.NewReader(setFile(t, map[string]any{"text": "Flying\rVigilance"})), "Grizzly Bears")
	require.NoError(t, err)
	require.Contains(t, string(scaffold.CardSource(c, "set.json")), "    oracle \"Flying\"\n    oracle \"Vigilance\"\n")
}

// nested reads as a JSON document whose "meta" is n arrays or objects
// nested, made as it is read: 12 million levels take no memory to make.
type nested struct {
	n, at int
	open  string
}

func (r *nested) Read(p []byte) (int, error) {
	const head = `{"meta": `
	i := 0
	for i < len(p) {
		switch {
		case r.at < len(head):
			p[i] = head[r.at]
		case r.at < len(head)+r.n*len(r.open):
			p[i] = r.open[(r.at-len(head))%len(r.open)]
		default:
			if i == 0 {
				return 0, io.EOF
			}
			return i, nil
		}
		r.at++
		i++
	}
	return i, nil
}

// JSON nested without end is refused at MaxNesting levels, without
// recursion (12 million objects overflowed the stack) and in the memory
// of a few levels (3 million took 918 MB): a bound, not a time.
func TestFindBoundsNesting(t *testing.T) {
	for _, open := range []string{`{"a": `, `[`} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := scaffold.Find(&nested{n: 12_000_000, open: open}, "Grizzly Bears")
		runtime.ReadMemStats(&after)
		require.ErrorContains(t, err, "the JSON is nested more than 100 levels deep", open)
		require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "refusing %q allocated more than 1 MiB", open)
	}
	// Nesting within MaxNesting is read.
	deep := `{"meta": ` + strings.Repeat(`[`, 90) + strings.Repeat(`]`, 90) + `, "cards": [{"name": "Grizzly Bears", "type": "Creature — Bear"}]}`
	_, err := scaffold.Find(strings.NewReader(deep), "Grizzly Bears")
	require.NoError(t, err)
}

// FuzzFind reads any file as an MTGJSON file: nothing panics, and a card
// found is written as files that parse, the card's holding exactly it.
func FuzzFind(f *testing.F) {
	for _, name := range []string{"flat.json", "set_v5.json", "allprintings.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data, "Grizzly Bears")
		f.Add(data, "Ajani Goldmane")
	}
	f.Add([]byte(setFile(f, map[string]any{"manaCost": "{1}{G}\n    type Creature\n}\n\ncard \"Injected\" {\n    cost {G}"})), "Grizzly Bears")
	f.Add([]byte(setFile(f, map[string]any{"text": "Flying\rVigilance", "power": "1+*"})), "Grizzly Bears")
	f.Add([]byte(`{"meta": `+strings.Repeat(`{"a": `, 200)), "X")
	f.Add([]byte(`{"data": {"M10": {"cards": [{"name": "X\u2028Y", "type": "Creature"}]}}}`), "X\u2028Y")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		c, err := scaffold.Find(strings.NewReader(string(data)), name)
		if err != nil {
			return
		}
		checkWrites(t, c)
	})
}
