// Package lsp is cardc's language server: `cardc lsp` speaks the Language
// Server Protocol (3.17) over stdin and stdout, so that an editor shows
// the diagnostics of .card files as they are typed and knows the
// vocabulary of the language.
//
// What it does:
//
//   - textDocument sync (the full text on each change); diagnostics as you
//     type (textDocument/publishDiagnostics), from the same lint that
//     `cardc lint` runs (package workspace: parser, compiler, scenario
//     checks) over the workspace folder, an open document's unsaved text
//     taking the place of its file. Columns are counted in UTF-16 code
//     units, as LSP wants.
//   - hover: over an ability's phrase, the phrase of the vocabulary it
//     reads as (its action, event, rule or effect) and its doc text; over
//     a keyword ability, as a card writes it (`protection from Demons`),
//     its declaration's doc or comment in stdlib/keywords.card;
//     over a field of an event (`damage.amount`), the field and its event;
//     over a card's name in quotes, the card's cost, type line, P/T and
//     Oracle text; over a word of the language (`whenever`, `given`), what
//     it starts.
//   - completion: the vocabulary's phrases as snippets, their slots as
//     placeholders (`gain ${1:amount} life`): event patterns after
//     `whenever`, `when`, `at` and `replace`, rules and effects after
//     `static`, actions elsewhere; keyword abilities after `keywords`;
//     card names inside quotes.
//   - go to definition from a card's name in quotes (in a test, say) to
//     the card's declaration in the workspace, or, for a standard card, in
//     a read-only copy of its file under the user's cache directory.
//   - formatting with the canonical printer (`cardc fmt`); a file that
//     does not parse gets no edit.
//   - document symbols: cards (their abilities as children), tests, and
//     the vocabulary's declarations in stdlib files.
//
// The protocol is written by hand (jsonrpc.go, protocol.go): JSON-RPC 2.0
// with Content-Length framing and only the LSP types used, about 300
// lines. github.com/tliron/glsp would have saved those lines but brings
// eighteen modules into go.mod (a websocket library, x/net, x/crypto, a
// terminal color library...) for a server that only speaks over stdio.
//
// What an editor sends is untrusted: a message's header is at most
// MaxHeader bytes and its body MaxMessage; a position beyond a document
// is its end; a didChange that would copy more than MaxChangeWork bytes
// is refused whole; a body that is no JSON-RPC request (null, an object
// as id) is answered with InvalidRequest. The workspace folder is walked
// once (and again on workspace/didChangeWatchedFiles), its files read
// through workspace.ReadFile and again only when they change, and a
// change lints the files that changed (workspace.Linter).
//
// The server handles one message at a time, in the order they come.
// Requests before initialize are answered with ServerNotInitialized,
// requests after shutdown with InvalidRequest; exit ends Serve, whose
// result is 0 after a shutdown and 1 otherwise, as the protocol says.
package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/cardc/cardc/workspace"
)

// Options configure a server.
type Options struct {
	// Version is the server's version, told to the client.
	Version string
	// Log, if not nil, receives a line for each problem of the protocol
	// (a malformed message, a failed write); it is stderr for `cardc lsp`.
	Log io.Writer
}

// Server is a language server for the card language.
type Server struct {
	opts        Options
	out         *writer
	initialized bool
	shutdown    bool
	// root is the workspace folder, "" when the client opened none.
	root string
	// docs are the open documents, by URI.
	docs map[string]*document
	// snap is the workspace as last analyzed; nil when a document or a
	// file changed since.
	snap *snapshot
	// parsed are the files of the last snapshot, parsed, by path.
	parsed map[string]parsedFile
	// stale is set when the open documents' diagnostics are to be
	// published anew.
	stale bool
	// found are the .card files of the workspace folder, as last walked:
	// the folder is walked once, and again when the client says files
	// changed (workspace/didChangeWatchedFiles), not on every keystroke.
	found []string
	// walked is set while found is up to date.
	walked bool
	// disk are the files of the folder as last read, by path: one is read
	// again when its size or time of change is not the same.
	disk map[string]diskFile
	// linter lints the snapshots, checking again only the files that
	// changed.
	linter *workspace.Linter
}

// document is an open document.
type document struct {
	uri     string
	path    string
	version int
	text    *text
}

// Serve runs a server reading requests from in and writing to out, until
// an exit notification or the end of in. It returns the exit code the
// protocol asks of the process: 0 if the client asked for shutdown first,
// 1 otherwise.
func Serve(in io.Reader, out io.Writer, opts Options) int {
	s := &Server{opts: opts, out: &writer{out: out}, docs: map[string]*document{}}
	msgs, done := make(chan []byte, 64), make(chan struct{})
	defer close(done)
	go func() {
		defer close(msgs)
		r := bufio.NewReader(in)
		for {
			body, err := readMessage(r)
			if err != nil {
				if !errors.Is(err, io.EOF) {
					s.logf("%v", err)
				}
				return
			}
			select {
			case msgs <- body:
			case <-done:
				return
			}
		}
	}()
	for {
		var body []byte
		var ok bool
		if s.stale {
			// Diagnostics wait until no message is pending: a burst of
			// changes as the user types is linted once, at its end.
			select {
			case body, ok = <-msgs:
			default:
				s.publish()
				continue
			}
		} else {
			body, ok = <-msgs
		}
		if !ok {
			return s.exitCode()
		}
		if s.handle(body) {
			return s.exitCode()
		}
	}
}

func (s *Server) exitCode() int {
	if s.shutdown {
		return 0
	}
	return 1
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "cardc lsp: "+format+"\n", args...)
	}
}

// handle handles one message; it returns true on exit.
func (s *Server) handle(body []byte) (exit bool) {
	m, rerr := decodeMessage(body)
	if rerr != nil {
		s.send(s.out.reply(nil, nil, rerr))
		return false
	}
	if m.Method == "" {
		return false // a response to a request of ours: the server sends none
	}
	if m.Method == "exit" {
		return true
	}
	if m.ID == nil {
		s.notification(m.Method, m.Params)
		return false
	}
	result, rerr := s.request(m.Method, m.Params)
	s.send(s.out.reply(m.ID, result, rerr))
	return false
}

// decodeMessage reads the body of a message: a JSON object, whose id, if
// it has one, is a number or a string (JSON-RPC 2.0, Request object).
// Anything else is answered, with a null id, as JSON-RPC says: a body that
// is not JSON is a parse error, one that is JSON but no such object (null,
// an array, a number; an object whose id is an object) an invalid
// request.
func decodeMessage(body []byte) (message, *rpcError) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) || !json.Valid(body) {
			return m, &rpcError{Code: codeParseError, Message: "the message is not JSON: " + err.Error()}
		}
		return m, &rpcError{Code: codeInvalidRequest, Message: "the message is not a JSON-RPC request: " + err.Error()}
	}
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '{' {
		return message{}, &rpcError{Code: codeInvalidRequest, Message: "a message is a JSON object"}
	}
	if m.ID != nil {
		var id any
		if err := json.Unmarshal(*m.ID, &id); err != nil {
			return message{}, &rpcError{Code: codeInvalidRequest, Message: "a request's id is a number or a string"}
		}
		switch id.(type) {
		case string, float64:
		default:
			return message{}, &rpcError{Code: codeInvalidRequest, Message: "a request's id is a number or a string"}
		}
	}
	return m, nil
}

// send logs a failed write.
func (s *Server) send(err error) {
	if err != nil {
		s.logf("writing: %v", err)
	}
}

// request answers one request; nothing it does panics out of it.
func (s *Server) request(method string, params json.RawMessage) (result any, rerr *rpcError) {
	defer func() {
		if r := recover(); r != nil {
			result, rerr = nil, &rpcError{Code: codeInternalError, Message: fmt.Sprintf("internal error in %s: %v; please report this bug", method, r)}
		}
	}()
	switch {
	case method == "initialize":
		if s.initialized {
			return nil, &rpcError{Code: codeInvalidRequest, Message: "initialize was already received"}
		}
		var p InitializeParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return s.initialize(p), nil
	case !s.initialized:
		return nil, &rpcError{Code: codeServerNotInitialized, Message: "the server is not initialized: send initialize first"}
	case s.shutdown:
		return nil, &rpcError{Code: codeInvalidRequest, Message: "the server is shut down: send exit"}
	case method == "shutdown":
		s.shutdown = true
		return nil, nil
	}
	var p TextDocumentPositionParams
	switch method {
	case "textDocument/hover", "textDocument/completion", "textDocument/definition":
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		// A position beyond the document is its end: line 2^62 is not
		// walked back from.
		if d := s.docs[p.TextDocument.URI]; d != nil {
			p.Position = d.text.clamp(p.Position)
		}
	}
	switch method {
	case "textDocument/hover":
		if h := s.hover(p); h != nil {
			return h, nil
		}
		return nil, nil
	case "textDocument/completion":
		return s.complete(p), nil
	case "textDocument/definition":
		if l := s.definition(p); l != nil {
			return l, nil
		}
		return nil, nil
	case "textDocument/formatting":
		var f DocumentFormattingParams
		if err := unmarshal(params, &f); err != nil {
			return nil, err
		}
		return s.format(f.TextDocument.URI), nil
	case "textDocument/documentSymbol":
		var d DocumentSymbolParams
		if err := unmarshal(params, &d); err != nil {
			return nil, err
		}
		return s.symbols(d.TextDocument.URI), nil
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: fmt.Sprintf("cardc lsp does not handle %q", method)}
}

// unmarshal reads a request's parameters.
func unmarshal(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return nil
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{Code: codeInvalidParams, Message: "bad parameters: " + err.Error()}
	}
	return nil
}

// notification handles a notification; one the server does not know, or
// that comes before initialize, is ignored, as the protocol says.
func (s *Server) notification(method string, params json.RawMessage) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error in %s: %v; please report this bug", method, r)
		}
	}()
	if !s.initialized || s.shutdown {
		return
	}
	switch method {
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if unmarshal(params, &p) != nil {
			return
		}
		d := p.TextDocument
		s.docs[d.URI] = &document{uri: d.URI, path: uriToPath(d.URI), version: d.Version, text: newText(d.Text)}
		s.changed()
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if unmarshal(params, &p) != nil {
			return
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return
		}
		src, err := applyChanges(d.text, p.ContentChanges)
		if err != nil {
			s.logf("%s: change refused, the document keeps its text: %v", d.uri, err)
			return
		}
		d.text = newText(src)
		d.version = p.TextDocument.Version
		s.changed()
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if unmarshal(params, &p) != nil {
			return
		}
		if _, ok := s.docs[p.TextDocument.URI]; !ok {
			return
		}
		delete(s.docs, p.TextDocument.URI)
		s.send(s.out.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []Diagnostic{}}))
		s.changed()
	case "workspace/didChangeWatchedFiles":
		s.walked = false // files may have been made or removed
		s.changed()
	case "textDocument/didSave":
		s.changed()
	}
}

// MaxChangeWork bounds the work of one didChange, in bytes copied: each
// change of a range costs the length of the text it is made to (the text
// is copied, its lines indexed), a full text its length. The server asks
// for full texts (TextDocumentSyncKind.Full), which cost one copy; a
// client that sends ranges anyway has them applied while they cost less
// than this, and a notification that costs more (16,000 ranges of a 1 MB
// document) is refused whole, its document left as it was.
const MaxChangeWork = 64 << 20

// applyChanges applies the content changes of one didChange in order and
// returns the text they make, or an error, before doing the work, when
// they would cost more than MaxChangeWork.
func applyChanges(t *text, changes []TextDocumentContentChangeEvent) (string, error) {
	work, size := 0, len(t.src)
	for _, c := range changes {
		if c.Range == nil {
			size = len(c.Text)
		} else {
			size += len(c.Text)
		}
		work += size
		if work > MaxChangeWork {
			return "", fmt.Errorf("%d changes would copy more than the %d MiB one change may", len(changes), MaxChangeWork>>20)
		}
	}
	for i, c := range changes {
		src := applyChange(t, c)
		if i == len(changes)-1 {
			return src, nil
		}
		t = newText(src)
	}
	return t.src, nil
}

// applyChange applies one content change: a full text, or a range
// replaced.
func applyChange(t *text, c TextDocumentContentChangeEvent) string {
	if c.Range == nil {
		return c.Text
	}
	start, end := t.offset(c.Range.Start), t.offset(c.Range.End)
	if end < start {
		start, end = end, start
	}
	return t.src[:start] + c.Text + t.src[end:]
}

// initialize records the workspace folder and says what the server does.
func (s *Server) initialize(p InitializeParams) InitializeResult {
	s.initialized = true
	switch {
	case len(p.WorkspaceFolders) > 0:
		s.root = uriToPath(p.WorkspaceFolders[0].URI)
	case p.RootURI != nil && *p.RootURI != "":
		s.root = uriToPath(*p.RootURI)
	case p.RootPath != nil:
		s.root = *p.RootPath
	}
	if info, err := os.Stat(s.root); s.root != "" && (err != nil || !info.IsDir()) {
		s.logf("workspace folder %s: not a directory; only open documents are linted", s.root)
		s.root = ""
	}
	return InitializeResult{
		Capabilities: ServerCapabilities{
			TextDocumentSync:           TextDocumentSyncOptions{OpenClose: true, Change: syncFull, Save: true},
			HoverProvider:              true,
			CompletionProvider:         CompletionOptions{TriggerCharacters: []string{`"`}},
			DefinitionProvider:         true,
			DocumentFormattingProvider: true,
			DocumentSymbolProvider:     true,
		},
		ServerInfo: ServerInfo{Name: "cardc", Version: s.opts.Version},
	}
}

// changed forgets the analysis; the open documents' diagnostics are
// published anew once no message is pending.
func (s *Server) changed() {
	s.snap = nil
	s.stale = true
}

// publish publishes the diagnostics of every open document.
func (s *Server) publish() {
	s.stale = false
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error publishing diagnostics: %v; please report this bug", r)
		}
	}()
	snap := s.snapshot()
	uris := make([]string, 0, len(s.docs))
	for uri := range s.docs {
		uris = append(uris, uri)
	}
	sort.Strings(uris)
	for _, uri := range uris {
		d := s.docs[uri]
		version := d.version
		s.send(s.out.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{
			URI: uri, Version: &version, Diagnostics: snap.diagnostics(d),
		}))
	}
}
