package parser

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardc/cardc/internal/corpus"
)

// BenchmarkParse parses the card library, with the fast path and with
// participle alone: "cards" is the files of card declarations, each on
// its own; "library" the same cards in one file, as a big library keeps
// about a hundred cards a file; "tests" the files of scenario tests
// (*_test.card). Bytes per second are of source text.
func BenchmarkParse(b *testing.B) {
	paths, err := filepath.Glob("../cards/*.card")
	if err != nil {
		b.Fatal(err)
	}
	var cards, tests []string
	for _, p := range paths {
		src := corpus.Seeds(b, p)[0]
		if strings.HasSuffix(p, "_test.card") {
			tests = append(tests, src)
		} else {
			cards = append(cards, src)
		}
	}
	library := []string{strings.Join(cards, "\n")}
	for _, c := range []struct {
		name  string
		files []string
	}{{"cards", cards}, {"library", library}, {"tests", tests}} {
		size := 0
		for _, f := range c.files {
			size += len(f)
		}
		for _, fast := range []bool{true, false} {
			name := c.name + "/fast"
			if !fast {
				name = c.name + "/participle"
			}
			b.Run(name, func(b *testing.B) {
				defer func(was bool) { useFastPath = was }(useFastPath)
				useFastPath = fast
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					for _, f := range c.files {
						if _, diags := ParseString("bench.card", f); len(diags) > 0 {
							b.Fatal(diags)
						}
					}
				}
			})
		}
	}
}
