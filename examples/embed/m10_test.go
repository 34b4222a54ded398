package embed_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/golden"
)

// TestSaysWhichOfMagic2010ItRuns: of the cards of Magic 2010 the library
// has (cards/sets/M10.md), the golden lists those this engine runs and,
// for each of the others, what it lacks. A card it runs may still have
// tests it skips (TestEveryTestOfTheLibraryPassesOrIsSkipped).
func TestSaysWhichOfMagic2010ItRuns(t *testing.T) {
	lib, err := library()
	require.NoError(t, err)
	lacks := lib.Lacks()
	f, err := os.Open(filepath.Join(cardsDir, "sets", "M10.md"))
	require.NoError(t, err)
	defer f.Close()
	var runs, skips []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		cells := strings.Split(s.Text(), "|")
		if len(cells) != 5 || strings.TrimSpace(cells[3]) != "yes" {
			continue
		}
		name := strings.TrimSpace(cells[1])
		if why, ok := lacks[name]; ok {
			skips = append(skips, fmt.Sprintf("  %s: %s\n", name, why))
		} else {
			runs = append(runs, "  "+name+"\n")
		}
	}
	require.NoError(t, s.Err())
	require.NotEmpty(t, runs)
	var b strings.Builder
	fmt.Fprintf(&b, "Magic 2010 cards in the library: %d; the engine runs %d, and lacks what the others need\n\nruns:\n", len(runs)+len(skips), len(runs))
	b.WriteString(strings.Join(runs, ""))
	b.WriteString("\nlacks:\n")
	b.WriteString(strings.Join(skips, ""))
	golden.Check(t, filepath.Join("testdata", "m10.golden"), []byte(b.String()))
}
