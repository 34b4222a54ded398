package cards_test

import (
	"testing"

	"github.com/cardc/cardc/cards"
)

// BenchmarkNames measures what a lint pays for the names of the standard
// cards: the generated list, or parsing the library, as it did before.
func BenchmarkNames(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(cards.Names()) == 0 {
				b.Fatal("no names")
			}
		}
	})
	b.Run("parsed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := cards.Files(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
