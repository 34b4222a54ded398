package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards"
	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
	"github.com/cardc/cardc/vocab"
)

// The server is tested as an editor drives it: real JSON-RPC messages,
// framed with Content-Length, over a pipe.

const missionary = `// Lone Missionary (Zendikar).
card "Lone Missionary" {
    cost {1}{W}
    type Creature — Kor Monk
    pt 2/1
    oracle "When Lone Missionary enters the battlefield, you gain 4 life."

    when this enters {
        gain 4 life
    }
}
`

const missionaryTest = `test "When Lone Missionary enters the battlefield, you gain 4 life" {
    given {
        you have "Lone Missionary" in hand
        you control "Plains", "Plains"
        you have 10 life
    }
    when {
        cast "Lone Missionary"
        resolve
        resolve
    }
    then {
        you have 14 life
    }
}
`

const hydra = `card "Damage Eater" {
    cost {1}{G}
    type Creature — Hydra
    pt 2/2
    keywords first strike, flying
    oracle "First strike, flying"
    oracle "If damage would be dealt to Damage Eater, prevent it and put that many +1/+1 counters on it."

    replace damage to this as d {
        prevent d
        put d.amount +1/+1 counters on this
    }
}
`

// client is the editor's end of the pipe.
type client struct {
	t      *testing.T
	w      *io.PipeWriter
	msgs   chan message
	notes  []message
	nextID int
	exit   chan int
}

// start runs a server on a pipe, with a workspace folder holding files.
func start(t *testing.T, files map[string]string) (*client, string) {
	t.Helper()
	root := t.TempDir()
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(src), 0o644))
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, w: inW, msgs: make(chan message, 100), exit: make(chan int, 1)}
	go func() {
		c.exit <- Serve(inR, outW, Options{Version: "test"})
		outW.Close()
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			body, err := readMessage(r)
			if err != nil {
				close(c.msgs)
				return
			}
			var m message
			assert.NoError(t, json.Unmarshal(body, &m), "the server sent a message that is not JSON: %s", body)
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c, root
}

// send writes one message.
func (c *client) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	require.NoError(c.t, err)
	_, err = fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	require.NoError(c.t, err)
}

// next reads the next message from the server.
func (c *client) next() message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		require.True(c.t, ok, "the server closed its output")
		return m
	case <-time.After(20 * time.Second):
		require.FailNow(c.t, "no message from the server in 20s")
	}
	return message{}
}

// call sends a request and decodes the result of its response into
// result; it returns the response's error, if any.
func (c *client) call(method string, params, result any) *rpcError {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	m := map[string]any{"id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	c.send(m)
	for {
		r := c.next()
		if r.Method != "" {
			c.notes = append(c.notes, r)
			continue
		}
		require.Equal(c.t, fmt.Sprint(id), idString(r.ID), "response to %s: id", method)
		if r.Error != nil {
			return r.Error
		}
		if result != nil {
			require.NoError(c.t, json.Unmarshal(r.Result, result), "response to %s: %s", method, r.Result)
		}
		return nil
	}
}

func idString(id *json.RawMessage) string {
	if id == nil {
		return "none"
	}
	return string(*id)
}

// mustCall is call that fails the test on an error response.
func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	require.Nil(c.t, c.call(method, params, result), method)
}

// notify sends a notification.
func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// diagnostics returns the next diagnostics published for a URI.
func (c *client) diagnostics(uri string) PublishDiagnosticsParams {
	c.t.Helper()
	for {
		var m message
		if len(c.notes) > 0 {
			m, c.notes = c.notes[0], c.notes[1:]
		} else {
			m = c.next()
		}
		require.Equal(c.t, "textDocument/publishDiagnostics", m.Method, "got %s %s, want diagnostics", m.Method, idString(m.ID))
		var p PublishDiagnosticsParams
		require.NoError(c.t, json.Unmarshal(m.Params, &p))
		if p.URI == uri {
			return p
		}
	}
}

// initialize initializes the server on the workspace folder.
func (c *client) initialize(root string) InitializeResult {
	c.t.Helper()
	var res InitializeResult
	c.mustCall("initialize", map[string]any{"processId": nil, "rootUri": pathToURI(root), "capabilities": map[string]any{}}, &res)
	c.notify("initialized", map[string]any{})
	return res
}

// open opens a document of the workspace folder with a text and returns
// its URI and its first diagnostics.
func (c *client) open(root, name, src string) (string, PublishDiagnosticsParams) {
	c.t.Helper()
	uri := pathToURI(filepath.Join(root, name))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "card", "version": 1, "text": src}})
	return uri, c.diagnostics(uri)
}

// shutdown ends the session as the protocol says, and checks the exit
// code.
func (c *client) shutdown() {
	c.t.Helper()
	c.mustCall("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		assert.Equal(c.t, 0, code, "exit code after shutdown")
	case <-time.After(20 * time.Second):
		require.FailNow(c.t, "the server did not exit")
	}
}

func pos(line, char int) map[string]any {
	return map[string]any{"line": line, "character": char}
}

func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(line, char)}
}

func rng(l1, c1, l2, c2 int) Range {
	return Range{Start: Position{l1, c1}, End: Position{l2, c2}}
}

// assertErrorCode fails the test unless err is an error response with
// the code.
func assertErrorCode(t *testing.T, err *rpcError, code int, what string) {
	t.Helper()
	if assert.NotNil(t, err, "%s: no error, want code %d", what, code) {
		assert.Equal(t, code, err.Code, "%s: %v", what, err)
	}
}

func TestLifecycle(t *testing.T) {
	c, root := start(t, nil)
	assertErrorCode(t, c.call("textDocument/hover", at("file:///x.card", 0, 0), nil), codeServerNotInitialized, "hover before initialize")
	res := c.initialize(root)
	want := InitializeResult{
		Capabilities: ServerCapabilities{
			TextDocumentSync:           TextDocumentSyncOptions{OpenClose: true, Change: 1, Save: true},
			HoverProvider:              true,
			CompletionProvider:         CompletionOptions{TriggerCharacters: []string{`"`}},
			DefinitionProvider:         true,
			DocumentFormattingProvider: true,
			DocumentSymbolProvider:     true,
		},
		ServerInfo: ServerInfo{Name: "cardc", Version: "test"},
	}
	if d := cmp.Diff(want, res); d != "" {
		t.Errorf("initialize (-want +got):\n%s", d)
	}
	assertErrorCode(t, c.call("initialize", map[string]any{}, nil), codeInvalidRequest, "second initialize")
	assertErrorCode(t, c.call("textDocument/rename", map[string]any{}, nil), codeMethodNotFound, "unknown method")
	assertErrorCode(t, c.call("textDocument/hover", "not an object", nil), codeInvalidParams, "bad parameters")
	// A message that is not JSON is answered with a parse error.
	fmt.Fprintf(c.w, "Content-Length: 5\r\n\r\n{oops")
	m := c.next()
	assertErrorCode(t, m.Error, codeParseError, "not JSON")
	assert.Nil(t, m.ID, "not JSON: want a null id")
	c.mustCall("shutdown", nil, nil)
	assertErrorCode(t, c.call("textDocument/hover", at("file:///x.card", 0, 0), nil), codeInvalidRequest, "hover after shutdown")
	c.notify("exit", nil)
	assert.Equal(t, 0, <-c.exit, "exit after shutdown: code")
}

func TestExitWithoutShutdown(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	c.notify("exit", nil)
	assert.Equal(t, 1, <-c.exit, "exit without shutdown: code")
}

func TestEndOfInput(t *testing.T) {
	c, _ := start(t, nil)
	c.w.Close()
	assert.Equal(t, 1, <-c.exit, "end of input without shutdown: code")
}

func TestDiagnosticsAsYouType(t *testing.T) {
	c, root := start(t, map[string]string{"lone_missionary.card": missionary, "lone_missionary_test.card": missionaryTest})
	c.initialize(root)
	// The buffer has a typo the file on disk does not have.
	typo := strings.Replace(missionary, "gain 4 life\n", "gian 4 life\n", 1)
	uri, diags := c.open(root, "lone_missionary.card", typo)
	version := 1
	want := PublishDiagnosticsParams{URI: uri, Version: &version, Diagnostics: []Diagnostic{{
		Range:    rng(8, 8, 8, 12),
		Severity: severityError,
		Code:     "C010",
		Source:   "cardc",
		Message:  "no action of the vocabulary reads \"gian 4 life\"\ndid you mean \"gain {amount} life\"?",
	}}}
	if d := cmp.Diff(want, diags); d != "" {
		t.Errorf("diagnostics of the unsaved buffer (-want +got):\n%s", d)
	}
	// Fixed in the buffer: the diagnostics go.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": missionary}},
	})
	version = 2
	want = PublishDiagnosticsParams{URI: uri, Version: &version, Diagnostics: []Diagnostic{}}
	if d := cmp.Diff(want, c.diagnostics(uri)); d != "" {
		t.Errorf("diagnostics after the fix (-want +got):\n%s", d)
	}
	// The test file is linted against the workspace: a card it names that
	// exists nowhere is reported there.
	testURI, diags := c.open(root, "lone_missionary_test.card", strings.Replace(missionaryTest, `cast "Lone Missionary"`, `cast "Lone Misionary"`, 1))
	want = PublishDiagnosticsParams{URI: testURI, Version: &version, Diagnostics: []Diagnostic{{
		Range:    rng(7, 13, 7, 18),
		Severity: severityError,
		Code:     "T001",
		Source:   "cardc",
		Message:  "no card named \"Lone Misionary\"\ndid you mean \"Lone Missionary\"?",
	}}}
	version = 1
	if d := cmp.Diff(want, diags); d != "" {
		t.Errorf("diagnostics of the test (-want +got):\n%s", d)
	}
	// Closing a document clears its diagnostics.
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": testURI}})
	d := c.diagnostics(testURI)
	assert.Empty(t, d.Diagnostics, "diagnostics after close")
	assert.Nil(t, d.Version, "diagnostics after close")
	c.shutdown()
}

// Columns are counted in UTF-16 code units: 🐉 is two of them, and one
// rune of the language's columns.
func TestDiagnosticColumnsUTF16(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	src := "card \"X\" {\n    cost {1}{W}\n    type Creature\n    pt 1/1\n    oracle \"🐉\"; static gian 4 life\n}\n"
	uri, diags := c.open(root, "x.card", src)
	version := 1
	want := PublishDiagnosticsParams{URI: uri, Version: &version, Diagnostics: []Diagnostic{{
		Range:    rng(4, 24, 4, 28),
		Severity: severityError,
		Code:     "C012",
		Source:   "cardc",
		Message:  "no rule or effect of the vocabulary reads \"gian 4 life\"\nthe language has no rule or effect \"gian {amount} life\" yet (SPEC's section \"Not in the language yet\" lists what it lacks); none of its phrases of this kind says \"gian\" (dsl/VOCABULARY.md lists them all)",
	}}}
	if d := cmp.Diff(want, diags); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	c.shutdown()
}

func TestHover(t *testing.T) {
	c, root := start(t, map[string]string{"lone_missionary.card": missionary, "damage_eater.card": hydra})
	c.initialize(root)
	uri, _ := c.open(root, "damage_eater.card", hydra)
	testURI, _ := c.open(root, "lone_missionary_test.card", missionaryTest)
	queryURI, _ := c.open(root, "query.card", strings.Replace(missionary, "        gain 4 life\n", "        gain this.toughness life\n", 1))
	kwURI, _ := c.open(root, "keywords.card", strings.Replace(hydra, "keywords first strike, flying", "keywords swampwalk, protection from Demons", 1))
	tests := []struct {
		name      string
		uri       string
		line, col int
		want      *Hover
	}{
		{"an action", uri, 10, 12, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "`put {amount} {kind} counters on {object}` — action put_counters\n\n" +
				"Put counters on a permanent (CR 122.6).\n\n" +
				"Parameters: `object`: object, `kind`: counter, `amount`: number"},
			Range: &Range{Start: Position{10, 8}, End: Position{10, 43}},
		}},
		{"an event pattern", uri, 8, 15, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "`damage to {target}` — event damage\n\n" +
				"A source deals damage to a creature, planeswalker, battle or player (CR 120).\n\n" +
				"Fields: `id`: damage event, `source`: object, `target`: target, `amount`: number, `combat`: bool"},
			Range: &Range{Start: Position{8, 12}, End: Position{8, 31}},
		}},
		{"a field of the bound event", uri, 10, 15, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "`d.amount`: number — field of event `damage`\n\n" +
				"A source deals damage to a creature, planeswalker, battle or player (CR 120)."},
			Range: &Range{Start: Position{10, 14}, End: Position{10, 20}},
		}},
		{"a keyword of two words", uri, 4, 20, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "**first strike** — keyword ability\n\n" +
				"First strike and double strike deal combat damage in a first combat damage step (702.7, 702.4, 510.4); " +
				"trample assigns excess combat damage to the player (702.19); defender can't attack (702.3); " +
				"indestructible can't be destroyed (702.12). A keyword of several words is quoted."},
			Range: &Range{Start: Position{4, 13}, End: Position{4, 25}},
		}},
		{"a keyword with a parameter glued to a word", kwURI, 4, 15, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "**swampwalk** — keyword ability\n\n" + landwalkDoc(t)},
			Range:    &Range{Start: Position{4, 13}, End: Position{4, 22}},
		}},
		{"a keyword with its quality, over the quality", kwURI, 4, 40, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "**protection from Demons** — keyword ability\n\n" + protectionDoc(t)},
			Range:    &Range{Start: Position{4, 24}, End: Position{4, 46}},
		}},
		{"a word of the language", uri, 8, 6, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "`replace` — a replacement or prevention effect: `replace EVENT { ... }` (CR 614, 615)."},
			Range:    &Range{Start: Position{8, 4}, End: Position{8, 11}},
		}},
		{"a card named in a test", testURI, 7, 15, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "**Lone Missionary** `{1}{W}`\n\nCreature — Kor Monk · 2/1\n\n" +
				"> When Lone Missionary enters the battlefield, you gain 4 life."},
			Range: &Range{Start: Position{7, 13}, End: Position{7, 30}},
		}},
		{"a standard card", testURI, 3, 22, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "**Plains**\n\nBasic Land — Plains\n\n> ({T}: Add {W}.)"},
			Range:    &Range{Start: Position{3, 20}, End: Position{3, 28}},
		}},
		{"a query of an object", queryURI, 8, 22, &Hover{
			Contents: MarkupContent{Kind: "markdown", Value: "`this.toughness`: number — query `toughness`\n\n" +
				"An object's toughness, or its last-known toughness if it left its zone (CR 608.2h)."},
			Range: &Range{Start: Position{8, 18}, End: Position{8, 27}},
		}},
		{"nothing", uri, 7, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *Hover
			c.mustCall("textDocument/hover", at(tt.uri, tt.line, tt.col), &got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	c.shutdown()
}

func TestCompletion(t *testing.T) {
	c, root := start(t, map[string]string{"lone_missionary.card": missionary})
	c.initialize(root)
	src := strings.Replace(missionary, "        gain 4 life\n", "        gai\n", 1)
	src = strings.Replace(src, "    when this enters {", "    whenever th\n    when this enters {", 1)
	src = strings.Replace(src, "    pt 2/1\n", "    pt 2/1\n    keywords flying, first\n", 1)
	uri, _ := c.open(root, "lone_missionary.card", src)
	testURI, _ := c.open(root, "lone_missionary_test.card", strings.Replace(missionaryTest, `cast "Lone Missionary"`, `cast "Lone`, 1))
	find := func(list CompletionList, label string) *CompletionItem {
		for i := range list.Items {
			if list.Items[i].Label == label {
				return &list.Items[i]
			}
		}
		assert.Failf(t, "no completion", "no completion %q among %d", label, len(list.Items))
		return nil
	}
	var list CompletionList
	c.mustCall("textDocument/completion", at(uri, 10, 11), &list)
	if it := find(list, "gain {amount} life"); it != nil {
		want := CompletionItem{
			Label: "gain {amount} life", Kind: kindFunction, Detail: "action gain_life", FilterText: "gain {amount} life",
			InsertTextFormat: formatSnippet,
			TextEdit:         &TextEdit{Range: rng(10, 8, 10, 11), NewText: "gain ${1:amount} life"},
		}
		it.Documentation = nil
		if d := cmp.Diff(want, *it); d != "" {
			t.Errorf("action (-want +got):\n%s", d)
		}
	}
	c.mustCall("textDocument/completion", at(uri, 8, 15), &list)
	if it := find(list, "{attacker} attacks"); it != nil {
		assert.Equal(t, TextEdit{Range: rng(8, 13, 8, 15), NewText: "${1:attacker} attacks"}, *it.TextEdit, "event pattern")
		assert.Equal(t, kindEvent, it.Kind, "event pattern: kind")
	}
	for _, it := range list.Items {
		assert.Equal(t, kindEvent, it.Kind, "after whenever, %q (%s) is not an event", it.Label, it.Detail)
	}
	c.mustCall("textDocument/completion", at(uri, 5, 26), &list)
	if it := find(list, "first strike"); it != nil {
		assert.Equal(t, TextEdit{Range: rng(5, 21, 5, 26), NewText: "first strike"}, *it.TextEdit, "keyword")
	}
	c.mustCall("textDocument/completion", at(testURI, 7, 18), &list)
	if it := find(list, "Lone Missionary"); it != nil {
		assert.Equal(t, TextEdit{Range: rng(7, 14, 7, 18), NewText: "Lone Missionary"}, *it.TextEdit, "card name")
	}
	find(list, "Protean Hydra") // a standard card
	c.shutdown()
}

func TestDefinition(t *testing.T) {
	// os.UserCacheDir is under each of these, as the system goes.
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("LocalAppData", cache)
	c, root := start(t, map[string]string{"lone_missionary.card": missionary})
	c.initialize(root)
	testURI, _ := c.open(root, "lone_missionary_test.card", missionaryTest)
	var got *Location
	c.mustCall("textDocument/definition", at(testURI, 2, 20), &got)
	want := &Location{URI: pathToURI(filepath.Join(root, "lone_missionary.card")), Range: rng(1, 5, 1, 22)}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("definition (-want +got):\n%s", d)
	}
	// An unsaved card in an open buffer is where its name leads.
	cardURI, _ := c.open(root, "lone_missionary.card", "\n\n"+missionary)
	c.mustCall("textDocument/definition", at(testURI, 7, 20), &got)
	want = &Location{URI: cardURI, Range: rng(3, 5, 3, 22)}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("definition in a buffer (-want +got):\n%s", d)
	}
	// A standard card, embedded in cardc, leads to a read-only copy in the
	// user's cache directory.
	c.mustCall("textDocument/definition", at(testURI, 3, 22), &got)
	std, err := fs.ReadFile(cards.FS, "plains.card")
	require.NoError(t, err)
	const copyOf = "definition of a standard card: want a copy of plains.card under the cache"
	require.NotNil(t, got, copyOf)
	require.True(t, strings.HasPrefix(got.URI, pathToURI(cache)), "%s: %+v", copyOf, got)
	require.True(t, strings.HasSuffix(got.URI, "/plains.card"), "%s: %+v", copyOf, got)
	copied, err := os.ReadFile(uriToPath(got.URI))
	require.NoError(t, err, "the copy of plains.card")
	require.Equal(t, string(std), string(copied), "the copy of plains.card: want the embedded file")
	st, err := os.Stat(uriToPath(got.URI))
	if assert.NoError(t, err) {
		assert.Zero(t, st.Mode().Perm()&0o222, "the copy of a standard card is writable: %v", st.Mode())
	}
	line := strings.Split(string(std), "\n")[got.Range.Start.Line]
	assert.Equal(t, `"Plains"`, line[got.Range.Start.Character:got.Range.End.Character], "definition of a standard card: want its name")
	// A word that names no card leads nowhere.
	got = &Location{}
	c.mustCall("textDocument/definition", at(testURI, 8, 10), &got)
	assert.Nil(t, got, "definition of resolve: want null")
	c.shutdown()
}

func TestFormatting(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	messy := strings.ReplaceAll(missionary, "    ", "  ")
	uri, _ := c.open(root, "lone_missionary.card", messy)
	var edits []TextEdit
	c.mustCall("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}, &edits)
	want := []TextEdit{{Range: rng(0, 0, 11, 0), NewText: missionary}}
	if d := cmp.Diff(want, edits); d != "" {
		t.Errorf("formatting (-want +got):\n%s", d)
	}
	// A file that does not parse gets no edit.
	broken, _ := c.open(root, "broken.card", "card \"X\" {\n  pt 1/\n")
	c.mustCall("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": broken}, "options": map[string]any{}}, &edits)
	assert.NotNil(t, edits, "formatting a broken file: want []")
	assert.Empty(t, edits, "formatting a broken file: want []")
	c.shutdown()
}

func TestDocumentSymbols(t *testing.T) {
	c, root := start(t, nil)
	c.initialize(root)
	uri, _ := c.open(root, "damage_eater.card", hydra+"\n"+missionaryTest)
	var got []DocumentSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &got)
	want := []DocumentSymbol{
		{Name: "Damage Eater", Detail: "Creature — Hydra", Kind: symbolClass, Range: rng(0, 0, 12, 1), SelectionRange: rng(0, 5, 0, 19),
			Children: []DocumentSymbol{
				{Name: "keywords first strike, flying", Detail: "keyword abilities", Kind: symbolProperty, Range: rng(4, 4, 4, 33), SelectionRange: rng(4, 4, 4, 33)},
				{Name: "replace damage to this as d", Detail: "replacement effect", Kind: symbolMethod, Range: rng(8, 4, 11, 5), SelectionRange: rng(8, 4, 11, 5)},
			}},
		{Name: "When Lone Missionary enters the battlefield, you gain 4 life", Detail: "test", Kind: symbolFunction, Range: rng(14, 0, 28, 1), SelectionRange: rng(14, 5, 14, 67)},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	c.shutdown()
}

// landwalkDoc and protectionDoc are the docs of the stdlib's keyword
// declarations.
func landwalkDoc(t *testing.T) string   { return keywordDecl(t, "landwalk").Doc }
func protectionDoc(t *testing.T) string { return keywordDecl(t, "protection").Doc }

func keywordDecl(t *testing.T, name string) *vocab.Keyword {
	v, err := vocab.Standard()
	require.NoError(t, err)
	k := v.KeywordNamed(name)
	require.NotNil(t, k, "no keyword %s", name)
	require.NotEmpty(t, k.Doc, "no keyword %s with a doc", name)
	return k
}
