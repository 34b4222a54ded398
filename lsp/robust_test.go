package lsp

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every request at every place of real cards, whole and cut off halfway
// (as they are while being typed), is answered without an error: nothing
// the user types makes the server fail.
func TestEveryPosition(t *testing.T) {
	names := []string{"protean_hydra.card", "protean_hydra_test.card", "three_dog_galaxy_news_dj.card"}
	s := &Server{out: &writer{out: io.Discard}, docs: map[string]*document{}}
	root, err := filepath.Abs("../cards")
	require.NoError(t, err)
	s.initialize(InitializeParams{RootURI: new(pathToURI(root))})
	for _, name := range names {
		src, err := os.ReadFile(filepath.Join(root, name))
		require.NoError(t, err)
		for _, text := range []string{string(src), string(src[:len(src)/2]), string(src[:len(src)/3]) + "\"unclosed {"} {
			uri := pathToURI(filepath.Join(root, name))
			open, _ := json.Marshal(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: text}})
			s.notification("textDocument/didOpen", open)
			s.publish()
			tx := newText(text)
			for line := 0; line < len(tx.lines); line++ {
				for _, col := range []int{0, 5, 9, 14, 22, 200} {
					params, _ := json.Marshal(TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Position: Position{line, col}})
					for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition"} {
						_, rerr := s.request(method, params)
						require.Nil(t, rerr, "%s at %s:%d:%d of %q", method, name, line, col, text)
					}
				}
			}
			doc, _ := json.Marshal(DocumentSymbolParams{TextDocument: TextDocumentIdentifier{URI: uri}})
			for _, method := range []string{"textDocument/documentSymbol", "textDocument/formatting"} {
				_, rerr := s.request(method, doc)
				require.Nil(t, rerr, "%s of %s", method, name)
			}
		}
	}
}
