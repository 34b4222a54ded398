package read

import (
	"testing"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vocab"
)

// BenchmarkReadParagraphs reads every paragraph of the cards of cards/
// (about 180), without the memo of readings: what reading costs where no
// paragraph repeats.
//
//	go test ./oracle/read -run '^$' -bench ReadParagraphs -benchmem
func BenchmarkReadParagraphs(b *testing.B) {
	v, err := vocab.Standard()
	if err != nil {
		b.Fatal(err)
	}
	files, _, err := cards.Files()
	if err != nil {
		b.Fatal(err)
	}
	type para struct {
		card Card
		text string
	}
	var paras []para
	for _, f := range files {
		for _, d := range f.Decls {
			c, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			e, _ := compiler.Explain(v, c)
			if e == nil {
				continue
			}
			for _, p := range e.Oracle {
				paras = append(paras, para{Card{Name: e.Name, Types: e.Types, Subtypes: e.Subtypes}, p.Text})
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		memo.mu.Lock()
		clear(memo.m)
		memo.mu.Unlock()
		for _, p := range paras {
			Paragraph(v, p.card, p.text)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(paras)), "µs/paragraph")
}
