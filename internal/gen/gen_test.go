package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
)

const root = "../.."

// TestGeneratedFilesAreFresh fails on any generated file that is not what
// the stdlib, the card library and the grammar make of it, naming the one
// command that rewrites them all.
func TestGeneratedFilesAreFresh(t *testing.T) {
	files, err := generate(root)
	assert.NoError(t, err, "go generate ./... would fail")
	var paths []string
	for _, f := range files {
		paths = append(paths, f.path)
		got, err := os.ReadFile(filepath.Join(root, f.path))
		require.NoError(t, err, "run go generate ./... at the module's root")
		if !bytes.Equal(got, f.data) {
			t.Errorf("%s is stale: run go generate ./... at the module's root (-file +generated):\n%s", f.path, firstLines(cmp.Diff(string(got), string(f.data)), 40))
		}
	}
	if err == nil {
		require.Equal(t, []string{standardPath, coreTablesPath, hostSpecPath, hostFactsPath, vocabDocPath, contractPath, namesPath, specPath}, paths)
	}
}

// firstLines cuts a long diff.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) <= n {
		return s
	}
	return strings.Join(lines[:n], "") + "...\n"
}

// TestGenerateIsIdempotent: writing the files into a copy of the tree, the
// second run writes nothing, and what it would write is what the first
// wrote.
func TestGenerateIsIdempotent(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"go.mod", contractPath, specPath} {
		data, err := os.ReadFile(filepath.Join(root, p))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), data, 0o644))
	}
	for _, d := range []string{"vocab", "core", "vm", "stdhost", "dsl", "cards"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	cards, err := filepath.Glob(filepath.Join(root, "cards", "*.card"))
	require.NoError(t, err)
	for _, c := range cards {
		data, err := os.ReadFile(c)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", filepath.Base(c)), data, 0o644))
	}
	require.NoError(t, write(dir))
	first := snapshotTree(t, dir)
	require.NoError(t, write(dir))
	require.Equal(t, first, snapshotTree(t, dir))
	for _, p := range []string{standardPath, coreTablesPath, hostSpecPath, hostFactsPath, vocabDocPath, namesPath} {
		require.Contains(t, first, p)
	}
}

// snapshotTree reads every file under dir, with its modification time, by
// path.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = info.ModTime().String() + "\n" + string(data)
		return err
	}))
	return out
}

// TestOneGenerateDirective: this package holds the only generate
// directive of the module, so that go generate ./... cannot run generators
// in an order that writes stale files (as core's tables from a stale
// snapshot of the vocabulary once were).
func TestOneGenerateDirective(t *testing.T) {
	var found []string
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() && path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module: go generate ./... does not enter it
			}
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "//go:generate ") {
				rel, _ := filepath.Rel(root, path)
				found = append(found, filepath.ToSlash(rel)+": "+line)
			}
		}
		return nil
	}))
	require.Equal(t, []string{"internal/gen/main.go: //go:generate go run -tags cardc_parse_stdlib ."}, found)
}

// TestCardNames: the names are sorted, tests' cards are left out, and two
// cards of one name are refused, naming both places.
func TestCardNames(t *testing.T) {
	card := func(name string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("card \"" + name + "\" {\n    cost {G}\n    type Creature — Elf\n    pt 1/1\n    oracle \"\"\n}\n")}
	}
	src, err := cardNames(fstest.MapFS{"b.card": card("Llanowar Elves"), "a.card": card("Elvish Mystic"), "a_test.card": card("Not A Card Of The Library")})
	require.NoError(t, err)
	require.Contains(t, string(src), "var names = []string{\n\t\"Elvish Mystic\",\n\t\"Llanowar Elves\",\n}\n")
	require.NotContains(t, string(src), "Not A Card")

	_, err = cardNames(fstest.MapFS{"a.card": card("Llanowar Elves"), "b.card": card("Llanowar Elves")})
	require.ErrorContains(t, err, `cards/b.card:1: a card named "Llanowar Elves" is declared already, at cards/a.card:1`)
}

// TestWithGrammar replaces what is between the markers, and only that.
func TestWithGrammar(t *testing.T) {
	spec := "# SPEC\n" + grammarBegin + "old\n" + grammarEnd + "\nafter\n"
	got, err := withGrammar([]byte(spec), "File = Decl* .")
	require.NoError(t, err)
	require.Equal(t, "# SPEC\n"+grammarBegin+"```ebnf\nFile = Decl* .\n```\n"+grammarEnd+"\nafter\n", string(got))
	_, err = withGrammar([]byte("# SPEC\n"), "File = Decl* .")
	require.ErrorContains(t, err, "no grammar section")
}
