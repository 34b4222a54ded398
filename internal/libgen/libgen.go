// Package libgen writes a large card library for measuring the front end:
// N cards, about 100 a file, made from the cards of the standard library
// (cards/) in turn, each under a name of its own ("Protean Hydra 00042").
// A card's own name is renamed in the quoted text of the card (its name,
// its Oracle text); the names of other cards it mentions (the tokens it
// creates) stay those of the standard library, which every workspace
// sees, and a basic land's subtype stays Forest.
//
// The output lints clean: it is a realistic library of Forge's size, not a
// fuzz corpus. The command internal/gen/library writes one; the
// benchmarks of package workspace write theirs in a temporary directory.
package libgen

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// quoted matches text in double quotes.
var quoted = regexp.MustCompile(`"(\\.|[^"\\\n])*"`)

// template is one card of the standard library: its name and its text.
type template struct {
	name, text string
}

// templates reads the cards of the standard library, in name order.
func templates() ([]template, error) {
	names, err := fs.Glob(cards.FS, "*.card")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []template
	for _, name := range names {
		if strings.HasSuffix(name, "_test.card") {
			continue
		}
		src, err := fs.ReadFile(cards.FS, name)
		if err != nil {
			return nil, err
		}
		f, diags := parser.Parse(name, src)
		if diags.HasErrors() {
			return nil, fmt.Errorf("%s does not parse: %v", name, diags[0])
		}
		for _, d := range f.Decls {
			c, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			start, end := c.Pos.Offset, c.EndPos.Offset
			out = append(out, template{dsl.Unquote(c.Name), string(src[start:end])})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the standard library has no cards")
	}
	return out, nil
}

// Write writes n cards into dir, perFile to a file, named
// library_0000.card and on. The cards are those of the standard library
// in name order, in turn, each renamed "NAME 00042" after its place.
func Write(dir string, n, perFile int) error {
	ts, err := templates()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b strings.Builder
	file := 0
	flush := func() error {
		if b.Len() == 0 {
			return nil
		}
		path := filepath.Join(dir, fmt.Sprintf("library_%04d.card", file))
		file++
		err := os.WriteFile(path, []byte(b.String()), 0o644)
		b.Reset()
		return err
	}
	for i := range n {
		t := ts[i%len(ts)]
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		name := fmt.Sprintf("%s %05d", t.name, i)
		b.WriteString(quoted.ReplaceAllStringFunc(t.text, func(q string) string {
			return strings.ReplaceAll(q, t.name, name)
		}))
		b.WriteString("\n")
		if (i+1)%perFile == 0 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
