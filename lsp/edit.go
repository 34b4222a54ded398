package lsp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// format is the canonical form of a document as one edit of the whole
// text; none when the document is already in canonical form, or does not
// parse (cardc fmt leaves such a file as it is).
func (s *Server) format(uri string) []TextEdit {
	d := s.docs[uri]
	if d == nil {
		return []TextEdit{}
	}
	out, diags := parser.Format(d.path, []byte(d.text.src))
	if diags.HasErrors() || string(out) == d.text.src {
		return []TextEdit{}
	}
	return []TextEdit{{Range: Range{End: d.text.end()}, NewText: string(out)}}
}

// definition is where the card named by the quoted name under the cursor
// is declared, if the workspace declares it.
func (s *Server) definition(p TextDocumentPositionParams) *Location {
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil
	}
	tok, ok := d.text.tokenAt(d.text.loc(p.Position))
	if !ok || !isType(tok, "String", "RawString") {
		return nil
	}
	c, ok := s.snapshot().cards[dsl.Unquote(tok.Value)]
	if ok && c.std != "" {
		c.path, c.text = standardCopy(c.std)
	}
	if !ok || c.path == "" || c.text == nil {
		return nil
	}
	return &Location{URI: pathToURI(c.path), Range: nameRange(c.text, c.card.Pos, c.card.Name)}
}

// standardCopy returns a file on disk that holds the standard card file
// name ("cards/grizzly_bears.card", as cards.Files names it), and its
// text, or "" and nil if there is none and it cannot be written. A
// standard card is embedded in cardc, and an editor opens files: the copy
// is written, read-only, under the user's cache directory, in a directory
// named after its contents, so that a copy is never stale.
func standardCopy(name string) (string, *text) {
	src, err := fs.ReadFile(cards.FS, path.Base(name))
	if err != nil {
		return "", nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", nil
	}
	sum := sha256.Sum256(src)
	dir := filepath.Join(cache, "cardc", "cards", hex.EncodeToString(sum[:8]))
	file := filepath.Join(dir, path.Base(name))
	if have, err := os.ReadFile(file); err != nil || !bytes.Equal(have, src) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", nil
		}
		os.Remove(file) // a read-only file is replaced, not written
		if err := os.WriteFile(file, src, 0o444); err != nil {
			return "", nil
		}
	}
	return file, newText(string(src))
}

// nameRange is the range of the quoted name of a card or a test, the
// first string after the keyword at pos.
func nameRange(t *text, pos dsl.Pos, quoted string) Range {
	line := t.line(pos.Line - 1)
	prefix := runePrefix(line, pos.Column-1)
	i := strings.Index(line[len(prefix):], quoted)
	if i < 0 {
		start := t.position(pos)
		return Range{Start: start, End: start}
	}
	start := Position{Line: pos.Line - 1, Character: utf16Len(line[:len(prefix)+i])}
	return Range{Start: start, End: Position{Line: start.Line, Character: start.Character + utf16Len(quoted)}}
}

// symbols are the document's cards (with their abilities), tests and
// vocabulary declarations.
func (s *Server) symbols(uri string) []DocumentSymbol {
	d := s.docs[uri]
	out := []DocumentSymbol{}
	if d == nil {
		return out
	}
	f := s.snapshot().file(d)
	t := d.text
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *dsl.Card:
			sym := DocumentSymbol{
				Name: dsl.Unquote(decl.Name), Kind: symbolClass,
				Range: t.spanRange(decl.Pos, decl.EndPos), SelectionRange: nameRange(t, decl.Pos, decl.Name),
			}
			for _, it := range decl.Items {
				if ty, ok := it.(*dsl.TypeItem); ok {
					sym.Detail = typeLine(ty)
				}
				if child, ok := itemSymbol(t, it); ok {
					sym.Children = append(sym.Children, child)
				}
			}
			out = append(out, sym)
		case *dsl.Test:
			out = append(out, DocumentSymbol{
				Name: dsl.Unquote(decl.Name), Detail: "test", Kind: symbolFunction,
				Range: t.spanRange(decl.Pos, decl.EndPos), SelectionRange: nameRange(t, decl.Pos, decl.Name),
			})
		case *dsl.EventDecl:
			out = append(out, vocabSymbol(t, decl.Span, decl.Name, "event", symbolEvent))
		case *dsl.FuncDecl:
			out = append(out, vocabSymbol(t, decl.Span, decl.Name, decl.Kind, symbolFunction))
		case *dsl.RuleDecl:
			out = append(out, vocabSymbol(t, decl.Span, decl.Name, "rule", symbolFunction))
		}
	}
	return out
}

// vocabSymbol is the symbol of a declaration of the vocabulary.
func vocabSymbol(t *text, sp dsl.Span, name, detail string, kind int) DocumentSymbol {
	r := t.spanRange(sp.Pos, sp.EndPos)
	sel := nameRange(t, sp.Pos, name)
	return DocumentSymbol{Name: name, Detail: detail, Kind: kind, Range: r, SelectionRange: sel}
}

// typeLine is the text of a type line: "Creature — Hydra".
func typeLine(ty *dsl.TypeItem) string {
	s := strings.Join(ty.Types, " ")
	if len(ty.Subtypes) > 0 {
		s += " — " + strings.Join(ty.Subtypes, " ")
	}
	return s
}

// itemSymbol is the symbol of an ability of a card, named by how it
// starts; characteristics (cost, type, P/T, Oracle text) have none.
func itemSymbol(t *text, it dsl.CardItem) (DocumentSymbol, bool) {
	var name, detail string
	var sp dsl.Span
	kind := symbolMethod
	switch it := it.(type) {
	case *dsl.TriggerAbility:
		name, detail, sp = it.Word+" "+dsl.PhraseString(it.Phrase), "triggered ability", it.Span
	case *dsl.ReplaceAbility:
		name, detail, sp = "replace "+dsl.PhraseString(it.Phrase), "replacement effect", it.Span
	case *dsl.StaticAbility:
		name, detail, sp = "static "+dsl.PhraseString(it.Phrase), "static ability", it.Span
		if it.If != nil {
			name = "static as long as " + dsl.PhraseString(it.If) + ", " + dsl.PhraseString(it.Phrase)
		}
	case *dsl.EntersAbility:
		name, detail, sp = "enters "+dsl.PhraseString(it.Phrase), "enters ability", it.Span
	case *dsl.SpellAbility:
		name, detail, sp = "spell", "spell ability", it.Span
	case *dsl.ActivatedAbility:
		detail = "activated ability"
		if it.Loyalty != nil {
			detail = "loyalty ability"
		}
		name, sp = it.CostText()+":", it.Span
	case *dsl.KeywordItem:
		name, detail, sp, kind = strings.Join(it.Words, " "), "keyword ability", it.Span, symbolProperty
	case *dsl.LoyaltyItem:
		name, detail, sp, kind = "loyalty "+it.Loyalty, "loyalty", it.Span, symbolProperty
	case *dsl.KeywordsItem:
		var kws []string
		for _, k := range it.Keywords {
			kws = append(kws, strings.Join(k.Words, " "))
		}
		name, detail, sp, kind = "keywords "+strings.Join(kws, ", "), "keyword abilities", it.Span, symbolProperty
	case *dsl.EnchantItem:
		name, detail, sp, kind = "enchant "+strings.Join(it.Words, " "), "enchant ability", it.Span, symbolProperty
	default:
		return DocumentSymbol{}, false
	}
	r := t.spanRange(sp.Pos, sp.EndPos)
	return DocumentSymbol{Name: name, Detail: detail, Kind: kind, Range: r, SelectionRange: r}, true
}
