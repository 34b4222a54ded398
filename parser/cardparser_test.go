package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
)

// TestCardParserAgrees proves that cardParser, the smaller grammar a card
// is parsed with, reads every card of the library and of the parser's test
// data exactly as the whole grammar does.
func TestCardParserAgrees(t *testing.T) {
	paths, err := filepath.Glob("../cards/*.card")
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob("testdata/*/*.card")
	if err != nil {
		t.Fatal(err)
	}
	cards := 0
	for _, path := range append(paths, more...) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		toks, diags := lexAll(path, normalize(src))
		if len(diags) > 0 {
			continue
		}
		for _, ch := range splitDecls(toks) {
			if !isCard(ch) {
				continue
			}
			eof := endOf(ch[len(ch)-1])
			whole, err := parseWithDecl(ch, eof)
			if err != nil {
				continue // a card with a syntax error is parsed again by declParser
			}
			peek, err := lexer.Upgrade(&replay{toks: ch, eof: eof}, elided...)
			if err != nil {
				t.Fatal(err)
			}
			root, err := cardParser().ParseFromLexer(peek)
			if err != nil {
				t.Errorf("%s: the whole grammar parses a card cardParser does not: %v", ch[0].Pos, err)
				continue
			}
			if diff := cmp.Diff(whole, root.Card); diff != "" {
				t.Errorf("%s: cardParser reads the card otherwise (-whole +card):\n%s", ch[0].Pos, diff)
			}
			cards++
		}
	}
	if cards < 50 {
		t.Errorf("compared %d cards; want the library's at least", cards)
	}
}

func parseWithDecl(toks []lexer.Token, eof lexer.Position) (any, error) {
	peek, err := lexer.Upgrade(&replay{toks: toks, eof: eof}, elided...)
	if err != nil {
		return nil, err
	}
	root, err := declParser().ParseFromLexer(peek)
	if err != nil {
		return nil, err
	}
	return root.Decl, nil
}
