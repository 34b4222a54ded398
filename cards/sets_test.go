package cards_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/scaffold"
)

// setRow is a row of a set's table in cards/sets: a card, its file, and
// whether the library has it.
type setRow struct {
	name, file string
	has        bool
}

// readSetTable reads the table of cards/sets/FILE.
func readSetTable(t *testing.T, file string) []setRow {
	t.Helper()
	f, err := os.Open(filepath.Join("sets", file))
	require.NoError(t, err)
	defer f.Close()
	var rows []setRow
	s := bufio.NewScanner(f)
	for s.Scan() {
		cells := strings.Split(s.Text(), "|")
		if len(cells) != 5 || strings.TrimSpace(cells[1]) == "Card" || strings.HasPrefix(cells[1], "---") {
			continue
		}
		link := strings.TrimSpace(cells[2])
		_, target, ok := strings.Cut(link, "](../")
		require.True(t, ok, "%s: a file is a link to ../FILE: %q", file, link)
		rows = append(rows, setRow{
			name: strings.TrimSpace(cells[1]),
			file: strings.TrimSuffix(target, ")"),
			has:  strings.TrimSpace(cells[3]) == "yes",
		})
	}
	require.NoError(t, s.Err())
	return rows
}

// TestSetsListTheLibrary holds each set's table in cards/sets to the
// library: every card's file is named as `cardc new` names it, a card
// marked yes is declared in that file, and one marked no is not in the
// library.
func TestSetsListTheLibrary(t *testing.T) {
	declared := map[string]string{} // card name → its file
	files, _, err := cards.Files()
	require.NoError(t, err)
	for _, f := range files {
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				declared[dsl.Unquote(c.Name)] = filepath.Base(f.Name)
			}
		}
	}
	for set, size := range map[string]int{"M10.md": 234} {
		rows := readSetTable(t, set)
		require.Len(t, rows, size, "%s lists every card of the set", set)
		for _, r := range rows {
			base, err := scaffold.FileName(r.name)
			require.NoError(t, err)
			require.Equal(t, base+".card", r.file, "%s: %s's file", set, r.name)
			if r.has {
				require.Equal(t, r.file, declared[r.name], "%s: %s is marked as in the library, declared in its file", set, r.name)
			} else {
				require.NotContains(t, declared, r.name, "%s: the library has %s: mark it yes", set, r.name)
			}
		}
		require.True(t, slices.IsSortedFunc(rows, func(a, b setRow) int { return strings.Compare(a.name, b.name) }), "%s is sorted by name", set)
	}
}

// TestReadmeCountsMagic2010 holds README's Status section to the table
// of Magic 2010: how many of its cards the library has.
func TestReadmeCountsMagic2010(t *testing.T) {
	has := 0
	for _, r := range readSetTable(t, "M10.md") {
		if r.has {
			has++
		}
	}
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	readme := strings.Join(strings.Fields(string(data)), " ")
	holds := "aims to hold whole" // until every card is in it
	if has == 234 {
		holds = "holds whole"
	}
	require.Contains(t, readme, fmt.Sprintf("Magic 2010 is the first set the library %s: %d of its 234 cards are in it", holds, has), "README's Status section is stale")
	files, _, err := cards.TestFiles()
	require.NoError(t, err)
	play := 0
	for _, f := range files {
		if filepath.Base(f.Name) != "m10_play_test.card" {
			continue
		}
		for _, d := range f.Decls {
			if _, ok := d.(*dsl.Test); ok {
				play++
			}
		}
	}
	require.Contains(t, readme, fmt.Sprintf("and %d tests play the set's cards against each other", play), "README's Status section is stale")
}
