package parser

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardc/cardc/internal/corpus"
)

// BenchmarkParse parses the card library, file by file: "cards" is the
// files of card declarations, "tests" the files of scenario tests
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
	for _, c := range []struct {
		name  string
		files []string
	}{{"cards", cards}, {"tests", tests}} {
		size := 0
		for _, f := range c.files {
			size += len(f)
		}
		b.Run(c.name, func(b *testing.B) {
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
