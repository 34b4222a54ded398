package cards_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
)

// TestReadmeCountsTheLibrary holds README's Status section to the
// library: the numbers of cards and of scenario tests it claims are those
// of cards/. After adding cards or tests, write the new numbers there.
func TestReadmeCountsTheLibrary(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	m := regexp.MustCompile(`holds ([\d,]+) cards and ([\d,]+) scenario tests`).FindStringSubmatch(strings.Join(strings.Fields(string(data)), " "))
	require.NotNil(t, m, "README's Status section says how many cards and scenario tests cards/ holds")
	files, _, err := cards.TestFiles()
	require.NoError(t, err)
	tests := 0
	for _, f := range files {
		for _, d := range f.Decls {
			if _, ok := d.(*dsl.Test); ok {
				tests++
			}
		}
	}
	want := fmt.Sprintf("holds %s cards and %s scenario tests", thousands(len(cards.Names())), thousands(tests))
	require.Equal(t, want, m[0], "README's Status section is stale")
}

// thousands writes n as README does: 1,071.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
