// Package playground is `cardc playground`: a page, served from the
// binary, where a designer writes a card and its tests and sees, as they
// type, its diagnostics, its abilities read back in English beside its
// Oracle text, and its tests' games — each game's event log as a
// timeline and the board it ended on drawn — with nothing to install.
//
// The page is plain HTML, CSS and JavaScript embedded in the binary
// (static/, go:embed): no build step, no framework, nothing fetched from
// the network. Its highlighting is the TextMate grammar of the VS Code
// extension (editors/vscode), served as it is, so that there is one
// grammar. The work is the server's: the page sends the text of its two
// editors to a JSON API and shows the answers (its footer says so).
//
//	POST /api/lint     {card, tests} → LintResult    (cardc lint)
//	POST /api/explain  {card, tests} → ExplainResult (cardc explain)
//	POST /api/fmt      {card, tests} → FormatResult  (cardc fmt)
//	POST /api/test     {card, tests} → TestRun       (cardc test, with boards)
//
// The two texts are a virtual workspace of two files, CardFile and
// TestFile, with the standard card library, as `cardc test` sees cards/.
//
// What any input costs is bounded. A request body is at most MaxBody
// bytes (beyond: 413, with a message the page shows). Each request runs
// under a context with a deadline (Options.Timeout), cancelled too when
// the page stops it (its stop button aborts the fetch): the answer is
// then given at once, and the work still running ends within its bounds
// — a run of tests starts no test once stopped, and the rules core bounds
// each test (dsl/SPEC.md, Scenario tests). At most Options.Jobs pieces of
// work run at once; the others wait for a slot, or for their request to
// end. Only the paths the page uses exist: any other path is 404, and
// none is read from the file system.
package playground

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"time"

	"github.com/cardc/cardc/editors/vscode"
)

//go:embed static
var static embed.FS

// MaxBody is the most bytes a request's body may have: 16 MiB, the most
// cardc reads of a file (workspace.MaxFileSize).
const MaxBody = 16 << 20

// DefaultAddr is where `cardc playground` listens unless told otherwise:
// the loopback interface only.
const DefaultAddr = "127.0.0.1:7070"

// DefaultTimeout is how long a request may run.
const DefaultTimeout = 60 * time.Second

// Options configure a Server.
type Options struct {
	// Timeout bounds each request; DefaultTimeout if zero.
	Timeout time.Duration
	// Jobs is how many requests may work at once; the number of CPUs if
	// zero.
	Jobs int
	// Version is cardc's version, shown in the page's footer.
	Version string
}

// Server serves the page and its API. It is an http.Handler.
type Server struct {
	opts   Options
	slots  chan struct{}
	routes map[string]route
}

// route is what a path serves: an asset, or an API call.
type route struct {
	asset []byte
	ctype string
	api   func(ctx context.Context, in Input) (any, error)
}

// New returns a Server.
func New(opts Options) (*Server, error) {
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.NumCPU()
	}
	s := &Server{opts: opts, slots: make(chan struct{}, opts.Jobs), routes: map[string]route{}}
	err := fs.WalkDir(static, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := static.ReadFile(name)
		if err != nil {
			return err
		}
		p := "/" + strings.TrimPrefix(name, "static/")
		if p == "/index.html" {
			p = "/"
			data = []byte(strings.ReplaceAll(string(data), "{{version}}", opts.Version))
		}
		s.routes[p] = route{asset: data, ctype: mime.TypeByExtension(path.Ext(name))}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.routes["/"] = route{asset: s.routes["/"].asset, ctype: "text/html; charset=utf-8"}
	s.routes["/grammar.json"] = route{asset: vscode.Grammar, ctype: "application/json"}
	s.routes["/api/lint"] = route{api: func(_ context.Context, in Input) (any, error) { return Lint(in) }}
	s.routes["/api/explain"] = route{api: func(_ context.Context, in Input) (any, error) { return Explain(in) }}
	s.routes["/api/fmt"] = route{api: func(_ context.Context, in Input) (any, error) { return Format(in), nil }}
	s.routes["/api/test"] = route{api: func(ctx context.Context, in Input) (any, error) { return RunTests(ctx, in) }}
	return s, nil
}

// Paths lists the paths the server serves, for tests.
func (s *Server) Paths() []string {
	out := make([]string, 0, len(s.routes))
	for p := range s.routes {
		out = append(out, p)
	}
	return out
}

// apiError is the body of an answer that is an error: a message for the
// page to show.
type apiError struct {
	Error string `json:"error"`
}

// ServeHTTP serves the page, its assets and its API. The path must be
// one of Paths exactly: the server cleans no path and redirects none, so
// "/../x", "/static/app.js" or "//" are 404.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")
	rt, ok := s.routes[r.URL.Path]
	if !ok || r.URL.RawPath != "" {
		writeError(w, http.StatusNotFound, "no such page: the playground serves / and its API only")
		return
	}
	if rt.api == nil {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, "GET only")
			return
		}
		h.Set("Content-Type", rt.ctype)
		h.Set("Cache-Control", "no-cache")
		w.Write(rt.asset)
		return
	}
	if r.Method != http.MethodPost {
		h.Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, "POST a JSON object {card, tests}")
		return
	}
	// A page of another site can post a form here, but not JSON: the
	// browser asks first (CORS), and the server allows no other origin.
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send application/json")
		return
	}
	var in Input
	body := http.MaxBytesReader(w, r.Body, MaxBody)
	if err := json.NewDecoder(body).Decode(&in); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the card and its tests are more than %d MiB together: the playground takes at most %d MiB (cardc reads files of at most 16 MiB)", MaxBody>>20, MaxBody>>20))
			return
		}
		writeError(w, http.StatusBadRequest, "not a JSON object {card, tests}: "+err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	out, err := s.do(ctx, func(ctx context.Context) (any, error) { return rt.api(ctx, in) })
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("stopped after %v: the server gives each request that long", s.opts.Timeout))
		return
	case errors.Is(err, context.Canceled):
		writeError(w, 499, "stopped") // the page went away, or pressed stop
		return
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// do runs work in a slot, and returns its answer, or ctx's error as soon
// as ctx is done: the work then goes on in its slot until it ends (it is
// given ctx, to stop early where it can), so that stopped work never
// holds more than the slots.
func (s *Server) do(ctx context.Context, work func(context.Context) (any, error)) (any, error) {
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	type answer struct {
		v   any
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer func() { <-s.slots }()
		defer func() {
			if p := recover(); p != nil {
				done <- answer{err: fmt.Errorf("internal error: %v (please report this bug with the card and tests)", p)}
			}
		}()
		v, err := work(ctx)
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(apiError{msg})
}

// IsLoopback reports whether a listening address (host:port) is on the
// loopback interface only: 127.0.0.0/8, ::1 or localhost. An empty host
// (":7070") listens on every interface, and is not.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve serves the playground on a listener until ctx is done, then
// shuts the server down. On the loopback interface, it answers only
// requests addressed to a loopback name (LoopbackOnly).
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	var h http.Handler = s
	if IsLoopback(l.Addr().String()) {
		h = LoopbackOnly(s)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		return nil
	}
}

// LoopbackOnly answers 403 to a request whose Host is not a loopback
// address or localhost: a page of another site whose name it made
// resolve to 127.0.0.1 (DNS rebinding) cannot use the playground of the
// machine it is viewed on.
func LoopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		ip := net.ParseIP(host)
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			writeError(w, http.StatusForbidden, "this playground answers at its loopback address only (127.0.0.1, localhost)")
			return
		}
		h.ServeHTTP(w, r)
	})
}
