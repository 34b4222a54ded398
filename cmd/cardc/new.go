package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardc/cardc/scaffold"
	"github.com/cardc/cardc/vocab"
	"github.com/cardc/cardc/workspace"
)

// newCard is `cardc new "Card Name" [--from FILE.json] [-dir DIR]`: it
// writes card_name.card and card_name_test.card, never over a file that
// exists; with --from, the abilities of the paragraphs of its Oracle text
// that read are drafted. `cardc new --from SET.json --all [-dir DIR]`
// starts every card of a set.
func newCard(args []string, stdout, stderr io.Writer) int {
	fs := flags("new", stderr, `[--from FILE.json] [-dir DIR] "Card Name" | --from SET.json --all [-dir DIR]`)
	from := fs.String("from", "", "fill the card in from this MTGJSON `file` (a set or AllPrintings file), its abilities drafted from its Oracle text")
	dir := fs.String("dir", ".", "write the files in this `directory`")
	all := fs.Bool("all", false, "start every card of the --from set file")
	// Flags may come after the name too: cardc new "Name" --from M10.json.
	var names []string
	for {
		if code, stop := parseFlags(fs, args); stop {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		names = append(names, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if *all {
		if len(names) > 0 || *from == "" {
			fmt.Fprintln(stderr, `cardc new: --all starts every card of a set: cardc new --from SET.json --all -dir DIR, without a name`)
			return exitUsage
		}
		return newSet(*from, *dir, stdout, stderr)
	}
	if len(names) != 1 {
		fmt.Fprintln(stderr, `cardc new: name one card, in quotes: cardc new "Card Name"`)
		return exitUsage
	}
	name := names[0]
	if err := scaffold.CheckName(name); err != nil {
		fmt.Fprintf(stderr, "cardc new: %v\n", err)
		return exitUsage
	}
	base, err := scaffold.FileName(name)
	if err != nil {
		fmt.Fprintf(stderr, "cardc new: %v\n", err)
		return exitUsage
	}
	var card, tests []byte
	if *from == "" {
		card = scaffold.Skeleton(name)
		tests = scaffold.TestSource(&scaffold.Card{Name: name}, "")
	} else {
		c, err := findCard(*from, name)
		if err != nil {
			fmt.Fprintf(stderr, "cardc new: %s: %v\n", displayName(*from), err)
			if errors.Is(err, scaffold.ErrNotFound) {
				return exitFindings
			}
			return exitUsage
		}
		v, err := vocab.Standard()
		if err != nil {
			fmt.Fprintf(stderr, "cardc new: %v\n", err)
			return exitUsage
		}
		src := filepath.Base(*from)
		card = scaffold.DraftedSource(c, src, workspace.Drafter(v))
		tests = scaffold.TestSource(c, src)
	}
	return writeNew(*dir, base, card, tests, stdout, stderr)
}

// writeNew writes a card's file and its tests' in dir, named after
// base; neither if either exists.
func writeNew(dir, base string, card, tests []byte, stdout, stderr io.Writer) int {
	cardPath := filepath.Join(dir, base+workspace.Ext)
	testPath := filepath.Join(dir, base+workspace.TestSuffix)
	// Neither file is written if either exists.
	for _, p := range []string{cardPath, testPath} {
		if _, err := os.Lstat(p); err == nil {
			fmt.Fprintf(stderr, "cardc new: %s already exists; cardc new never writes over a file: move it away, or give another -dir\n", displayName(p))
			return exitFindings
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "cardc new: %v\n", err)
		return exitUsage
	}
	for _, f := range []struct {
		path string
		data []byte
	}{{cardPath, card}, {testPath, tests}} {
		if err := createFile(f.path, f.data); err != nil {
			fmt.Fprintf(stderr, "cardc new: %s: %v\n", displayName(f.path), reason(err))
			return exitUsage
		}
		fmt.Fprintf(stdout, "wrote %s\n", displayName(f.path))
	}
	return exitOK
}

// newSet starts every card of a set file in dir: its card, its
// abilities drafted from its Oracle text, and its tests. A card whose
// files exist is left alone (and said so); the others are written. It
// ends with how many cards were started, and how many of them whole.
func newSet(from, dir string, stdout, stderr io.Writer) int {
	f, err := os.Open(from)
	if err != nil {
		fmt.Fprintf(stderr, "cardc new: %v\n", reason(err))
		return exitUsage
	}
	_, cards, err := workspace.ReadSet(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "cardc new: %s: %v\n", displayName(from), err)
		return exitUsage
	}
	v, err := vocab.Standard()
	if err != nil {
		fmt.Fprintf(stderr, "cardc new: %v\n", err)
		return exitUsage
	}
	draft := workspace.Drafter(v)
	src := filepath.Base(from)
	code, started, whole := exitOK, 0, 0
	seen := map[string]bool{}
	for i := range cards {
		c := &cards[i]
		base, err := scaffold.FileName(c.Name)
		if err != nil || scaffold.CheckName(c.Name) != nil || seen[base] {
			continue // a card of no name, or a second printing
		}
		seen[base] = true
		card := scaffold.DraftedSource(c, src, draft)
		switch writeNew(dir, base, card, scaffold.TestSource(c, src), stdout, stderr) {
		case exitOK:
			started++
			if !strings.Contains(string(card), "TODO") {
				whole++
			}
		case exitUsage:
			return exitUsage
		default:
			code = exitFindings
		}
	}
	fmt.Fprintf(stdout, "started %d cards, %d of them with every ability drafted\n", started, whole)
	return code
}

// findCard finds a card in an MTGJSON file.
func findCard(path, name string) (*scaffold.Card, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, reason(err)
	}
	defer f.Close()
	return scaffold.Find(f, name)
}

// createFile writes a new file, failing if one is there already (made
// meanwhile), so that nothing is ever written over.
func createFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return errors.New("it already exists; cardc new never writes over a file")
		}
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
