package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/workspace"
)

// An editor's messages are untrusted (issue 18, item 5): the tests below
// send what a hostile client would, over the pipe, and check that the
// server answers as JSON-RPC says, in bounded memory and work.

// sendRaw writes one framed message whose body is given as it is.
func (c *client) sendRaw(body string) {
	c.t.Helper()
	_, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	require.NoError(c.t, err)
}

// response reads messages up to the next response, keeping notifications.
func (c *client) response() message {
	c.t.Helper()
	for {
		m := c.next()
		if m.Method != "" {
			c.notes = append(c.notes, m)
			continue
		}
		return m
	}
}

// A position far beyond the document is its end: completion at line 2^62
// walked back from it for ever, blocking the server for good.
func TestCompletionAtAHugeLineIsAnswered(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	uri, _ := c.open(root, "missionary.card", missionary)
	for _, line := range []int{4611686018427387904, 2147483647, -5} {
		var list CompletionList
		c.mustCall("textDocument/completion", at(uri, line, 3), &list)
		var h *Hover
		c.mustCall("textDocument/hover", at(uri, line, 1<<40), &h)
	}
	c.shutdown()
}

// A null body and an object as a request's id are invalid requests, each
// answered with an error and a null id; the server goes on.
func TestInvalidRequestsAreAnswered(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	for _, body := range []string{`null`, `[1, 2]`, `42`, `"hello"`, `{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}`, `{"jsonrpc": "2.0", "id": [1], "method": "shutdown"}`, `{"jsonrpc": "2.0", "id": true, "method": "shutdown"}`} {
		c.sendRaw(body)
		m := c.response()
		require.NotNil(t, m.Error, "%s: no error", body)
		assert.Equal(t, codeInvalidRequest, m.Error.Code, body)
		if m.ID != nil { // null decodes as nil
			assert.Equal(t, "null", string(*m.ID), body)
		}
	}
	c.sendRaw(`{"jsonrpc": "2.0", "id": 7, "method":`)
	m := c.response()
	require.NotNil(t, m.Error)
	assert.Equal(t, codeParseError, m.Error.Code)
	// The shutdown with an object id was refused, not done.
	var h *Hover
	c.mustCall("textDocument/hover", at("file:///nowhere.card", 0, 0), &h)
	c.shutdown()
}

// endless is a reader of a header line that never ends, counting what is
// read of it.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	e.read += len(p)
	return len(p), nil
}

// A header is bounded as a body is: a header line of 875 MB took 3.96 GB.
// It is refused once MaxHeader bytes of it are read, in the memory of
// the reader's buffer.
func TestReadMessageBoundsTheHeader(t *testing.T) {
	src := &endless{}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readMessage(bufio.NewReader(src))
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, errMalformed)
	require.ErrorContains(t, err, "a header of more than 4096 bytes")
	assert.LessOrEqual(t, src.read, MaxHeader+4096, "read past the header's bound (and the buffer's)")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10))

	// Many short header lines are bounded the same way.
	lines := strings.Repeat("X-Junk: 1\r\n", 100000) + "Content-Length: 2\r\n\r\n{}"
	_, err = readMessage(bufio.NewReader(strings.NewReader(lines)))
	require.ErrorContains(t, err, "a header of more than 4096 bytes")

	// A header as clients send it is read.
	body, err := readMessage(bufio.NewReader(strings.NewReader("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}")))
	require.NoError(t, err)
	assert.Equal(t, "{}", string(body))
}

// Over the pipe, a header too long ends the session: the stream cannot be
// trusted further, and the server exits with 1.
func TestHugeHeaderEndsTheSession(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	go fmt.Fprintf(c.w, "X-Junk: %s\r\nContent-Length: 2\r\n\r\n{}", strings.Repeat("a", 1<<20))
	select {
	case code := <-c.exit:
		assert.Equal(t, 1, code)
	case <-time.After(20 * time.Second):
		require.FailNow(t, "the server did not end the session")
	}
}

// A didChange of 16,000 ranges of a 1 MB document took 17 s: it is
// refused before any work, and the document keeps its text; ranges that
// cost little are applied.
func TestManyRangeChangesAreRefused(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	doc := missionary + strings.Repeat("// padding to make a large document\n", 1<<20/36)
	uri, _ := c.open(root, "missionary.card", doc)
	changes := make([]any, 16000)
	for i := range changes {
		changes[i] = map[string]any{"range": rng(0, 0, 0, 0), "text": "x"}
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": changes})
	var syms []DocumentSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	require.Len(t, syms, 1)
	assert.Equal(t, "Lone Missionary", syms[0].Name, "the refused change was applied")

	// Two ranges: applied.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []any{
		map[string]any{"range": rng(1, 6, 1, 10), "text": "Lost"},
		map[string]any{"range": rng(1, 11, 1, 21), "text": "Envoy"},
	}})
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	require.Len(t, syms, 1)
	assert.Equal(t, "Lost Envoy", syms[0].Name)
	c.shutdown()
}

func TestApplyChangesBoundsTheWork(t *testing.T) {
	tx := newText(strings.Repeat("x", 1<<20))
	changes := make([]TextDocumentContentChangeEvent, 16000)
	for i := range changes {
		changes[i] = TextDocumentContentChangeEvent{Range: &Range{}, Text: "y"}
	}
	allocs := testing.AllocsPerRun(3, func() {
		_, err := applyChanges(tx, changes)
		require.ErrorContains(t, err, "16000 changes would copy more than the 64 MiB one change may")
	})
	assert.LessOrEqual(t, allocs, 10.0, "the refused changes did work")
}

// A workspace folder is walked once and each change lints the file that
// changed, not the folder: with "/" as the folder, every keystroke walked
// and linted 3,792 files. The diagnostics are those of a lint of the
// whole folder.
func TestChangeLintsOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	for i := range 30 {
		src := strings.ReplaceAll(missionary, "Lone Missionary", fmt.Sprintf("Missionary %d", i))
		require.NoError(t, os.WriteFile(filepath.Join(root, fmt.Sprintf("m%02d.card", i)), []byte(src), 0o644))
	}
	s := &Server{out: &writer{out: io.Discard}, docs: map[string]*document{}}
	s.initialize(InitializeParams{RootURI: new(pathToURI(root))})
	uri := pathToURI(filepath.Join(root, "m00.card"))
	open, _ := json.Marshal(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: missionary}})
	s.notification("textDocument/didOpen", open)
	s.publish()
	require.Equal(t, 30, s.linter.Checked, "the first lint checks every file")

	broken := strings.Replace(missionary, "        gain 4 life\n", "        gian 4 life\n", 1)
	change, _ := json.Marshal(DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: 2}, ContentChanges: []TextDocumentContentChangeEvent{{Text: broken}}})
	s.notification("textDocument/didChange", change)
	// A file of the folder made meanwhile is not seen until the client
	// says files changed: the folder is not walked again.
	require.NoError(t, os.WriteFile(filepath.Join(root, "new.card"), []byte("card \"New\" {\n}\n"), 0o644))
	snap := s.snapshot()
	assert.Equal(t, 1, s.linter.Checked, "a change of one document checked more than it")
	_, seen := snap.files[filepath.Join(root, "new.card")]
	assert.False(t, seen, "the folder was walked again")

	// The diagnostics are a whole lint's.
	w, err := workspace.Load([]string{root})
	require.NoError(t, err)
	w.Files, w.Diags = nil, nil
	w.Sources = map[string][]byte{}
	for _, p := range mustFind(t, root) {
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		if p == filepath.Join(root, "m00.card") {
			src = []byte(broken)
		}
		if p == filepath.Join(root, "new.card") {
			continue
		}
		w.Add(p, src)
	}
	want, err := w.Lint()
	require.NoError(t, err)
	var got []string
	for _, ds := range snap.diags {
		for _, d := range ds {
			got = append(got, d.String())
		}
	}
	var wantS []string
	for _, d := range want {
		wantS = append(wantS, d.String())
	}
	assert.ElementsMatch(t, wantS, got)
	assert.NotEmpty(t, snap.diags[filepath.Join(root, "m00.card")], "the change's error is reported: %v", snap.diags)

	// Told that files changed, the server walks the folder again.
	s.notification("workspace/didChangeWatchedFiles", []byte(`{"changes": []}`))
	snap = s.snapshot()
	_, seen = snap.files[filepath.Join(root, "new.card")]
	assert.True(t, seen)
	assert.Equal(t, 1, s.linter.Checked)
}

func mustFind(t *testing.T, root string) []string {
	t.Helper()
	found, _, err := workspace.Find([]string{root})
	require.NoError(t, err)
	return found
}

// FuzzReadMessage reads any stream as messages: nothing panics, no body
// is larger than MaxMessage, and each body is answered or handled as
// JSON-RPC says (decodeMessage).
func FuzzReadMessage(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 4\r\n\r\nnull"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"shutdown\"}"))
	f.Add([]byte("content-length: 2\r\nContent-Type: x\r\n\r\n[]Content-Length: 1\r\n\r\n1"))
	f.Add([]byte("X-Junk: " + strings.Repeat("a", 5000) + "\r\n\r\n"))
	f.Add([]byte(strings.Repeat("X: 1\r\n", 1000)))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\n"))
	f.Add([]byte("Content-Length: 1\r\nContent-Length: 1\r\n\r\n1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bufio.NewReader(bytes.NewReader(data))
		for {
			body, err := readMessage(r)
			if err != nil {
				require.True(t, errors.Is(err, io.EOF) || errors.Is(err, errMalformed) || strings.HasPrefix(err.Error(), "reading a message"),
					"unexpected error: %v", err)
				return
			}
			require.LessOrEqual(t, len(body), MaxMessage, "a body too long")
			m, rerr := decodeMessage(body)
			if rerr != nil {
				require.Contains(t, []int{codeParseError, codeInvalidRequest}, rerr.Code, "code for %q", body)
				continue
			}
			if m.ID != nil {
				var id any
				require.NoError(t, json.Unmarshal(*m.ID, &id))
				switch id.(type) {
				case string, float64:
				default:
					require.Failf(t, "an id neither a string nor a number", "id %s accepted", *m.ID)
				}
			}
		}
	})
}

// A workspace folder with a link to /dev/zero took 3 GB in 5 s: the link
// leaves the folder and is not read (workspace.Find), nor a device.
func TestFolderLinkToADeviceIsNotRead(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "m.card"), []byte(missionary), 0o644))
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero.card")); err != nil {
		t.Skip("no symlinks here")
	}
	s := &Server{out: &writer{out: io.Discard}, docs: map[string]*document{}}
	s.initialize(InitializeParams{RootURI: new(pathToURI(root))})
	snap := s.snapshot()
	_, read := snap.files[filepath.Join(root, "zero.card")]
	assert.False(t, read, "the link to /dev/zero was read")
	_, read = snap.files[filepath.Join(root, "m.card")]
	assert.True(t, read)
}
