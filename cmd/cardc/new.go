package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cardc/cardc/scaffold"
	"github.com/cardc/cardc/workspace"
)

// newCard is `cardc new "Card Name" [--from FILE.json] [-dir DIR]`: it
// writes card_name.card and card_name_test.card, never over a file that
// exists.
func newCard(args []string, stdout, stderr io.Writer) int {
	fs := flags("new", stderr, `[--from FILE.json] [-dir DIR] "Card Name"`)
	from := fs.String("from", "", "fill the card in from this MTGJSON `file` (a set or AllPrintings file)")
	dir := fs.String("dir", ".", "write the files in this `directory`")
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
		src := filepath.Base(*from)
		card = scaffold.CardSource(c, src)
		tests = scaffold.TestSource(c, src)
	}
	cardPath := filepath.Join(*dir, base+workspace.Ext)
	testPath := filepath.Join(*dir, base+workspace.TestSuffix)
	// Neither file is written if either exists.
	for _, p := range []string{cardPath, testPath} {
		if _, err := os.Lstat(p); err == nil {
			fmt.Fprintf(stderr, "cardc new: %s already exists; cardc new never writes over a file: move it away, or give another -dir\n", displayName(p))
			return exitFindings
		}
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
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
