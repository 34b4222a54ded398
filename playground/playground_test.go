package playground

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/report"
)

// missionary is the README tour's card, and its test.
const missionary = `card "Lone Missionary" {
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
    }
    then {
        "Lone Missionary" is on the battlefield
        stack has 1 object // its trigger
    }
    when {
        resolve
    }
    then {
        you have 14 life
    }
}
`

func newServer(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := New(opts)
	require.NoError(t, err)
	return s
}

// post calls the API of s and decodes its answer into out; it returns the
// status.
func post(t testing.TB, s http.Handler, path string, in any, out any) int {
	t.Helper()
	body, err := json.Marshal(in)
	require.NoError(t, err)
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if out != nil {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out), "%s", rec.Body.String())
	}
	return rec.Code
}

// rawGet sends a GET of a path exactly as written, over TCP, so that no
// client cleans it, and returns the status and body.
func rawGet(t *testing.T, addr, path string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, addr)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(body)
}

// TestOnlyItsPathsExist checks that the server serves its page, its
// assets and its API, and nothing else: no path is cleaned, redirected or
// looked up on the disk.
func TestOnlyItsPathsExist(t *testing.T) {
	s := newServer(t, Options{Version: "test"})
	paths := s.Paths()
	sort.Strings(paths)
	assert.Equal(t, []string{"/", "/api-worker.js", "/api/explain", "/api/fmt", "/api/lint", "/api/test", "/app.css", "/app.js", "/grammar.json", "/highlight.js"}, paths)
	srv := httptest.NewServer(s)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for path, ctype := range map[string]string{
		"/": "text/html; charset=utf-8", "/app.js": "text/javascript; charset=utf-8", "/app.css": "text/css; charset=utf-8",
		"/highlight.js": "text/javascript; charset=utf-8", "/api-worker.js": "text/javascript; charset=utf-8", "/grammar.json": "application/json",
	} {
		res, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.Equal(t, ctype, res.Header.Get("Content-Type"), path)
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'none'", path)
	}
	for _, path := range []string{
		"/../etc/passwd", "/..", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd", "/static/app.js", "/index.html", "//", "//app.js",
		"/app.js/", "/app.js/..", "/./app.js", "/api", "/api/", "/api/lint/", "/API/lint", "/favicon.ico", "/playground.go",
		"/grammar.json?x=/../", "/%61pp.js",
	} {
		code, body := rawGet(t, addr, path)
		if path == "/grammar.json?x=/../" {
			assert.Equal(t, http.StatusOK, code, "a query is not a path") // the path is /grammar.json
			continue
		}
		assert.Equal(t, http.StatusNotFound, code, path)
		assert.Contains(t, body, "no such page", path)
	}
}

// TestPageHasItsVersion checks that the page's footer names the version.
func TestPageHasItsVersion(t *testing.T) {
	srv := httptest.NewServer(newServer(t, Options{Version: "9.9.9"}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	assert.Contains(t, string(body), "cardc 9.9.9")
	assert.Contains(t, string(body), "run on the <strong>cardc server</strong>")
	assert.NotContains(t, string(body), "{{version}}")
}

// TestGrammarIsTheExtensions checks that the page highlights with the VS
// Code extension's grammar file, byte for byte: one grammar.
func TestGrammarIsTheExtensions(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "editors", "vscode", "syntaxes", "card.tmLanguage.json"))
	require.NoError(t, err)
	srv := httptest.NewServer(newServer(t, Options{}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/grammar.json")
	require.NoError(t, err)
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "/grammar.json is not editors/vscode/syntaxes/card.tmLanguage.json")
	var g map[string]any
	require.NoError(t, json.Unmarshal(got, &g))
	assert.Equal(t, "source.card", g["scopeName"])
}

// TestAPIRefusesWhatIsNotItsInput checks the methods, the media type and
// the body the API takes.
func TestAPIRefusesWhatIsNotItsInput(t *testing.T) {
	s := newServer(t, Options{})
	for _, c := range []struct {
		method, ctype, body string
		code                int
		msg                 string
	}{
		{http.MethodGet, "", "", http.StatusMethodNotAllowed, "POST a JSON object"},
		{http.MethodPost, "text/plain", `{"card":""}`, http.StatusUnsupportedMediaType, "send application/json"},
		{http.MethodPost, "application/x-www-form-urlencoded", `card=x`, http.StatusUnsupportedMediaType, "send application/json"},
		{http.MethodPost, "application/json", `{"card":`, http.StatusBadRequest, "not a JSON object"},
		{http.MethodPost, "application/json", `[1]`, http.StatusBadRequest, "not a JSON object"},
		{http.MethodPost, "application/json; charset=utf-8", `{"card":"","tests":""}`, http.StatusOK, ""},
	} {
		req := httptest.NewRequest(c.method, "/api/lint", strings.NewReader(c.body))
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		assert.Equal(t, c.code, rec.Code, "%+v", c)
		if c.msg != "" {
			var e apiError
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e))
			assert.Contains(t, e.Error, c.msg)
		}
	}
	req := httptest.NewRequest(http.MethodPost, "/app.js", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}

// TestBodyOverTheLimitIs413 checks that a body over MaxBody is refused
// with a message the page shows, and that one just under it is answered.
func TestBodyOverTheLimitIs413(t *testing.T) {
	s := newServer(t, Options{})
	var e apiError
	code := post(t, s, "/api/lint", Input{Card: strings.Repeat("x", MaxBody)}, &e)
	assert.Equal(t, http.StatusRequestEntityTooLarge, code)
	assert.Equal(t, "the card and its tests are more than 16 MiB together: the playground takes at most 16 MiB (cardc reads files of at most 16 MiB)", e.Error)

	// Ten megabytes of comments: an answer, not a refusal.
	big := strings.Repeat("// "+strings.Repeat("x", 96)+"\n", 100_000) + missionary
	var res LintResult
	require.Equal(t, http.StatusOK, post(t, s, "/api/lint", Input{Card: big, Tests: missionaryTest}, &res))
	assert.Empty(t, res.Diagnostics)
}

// TestLintSaysC010WithItsHint checks lint as you type on the README
// tour's typo: C010, at its line and column, with the phrase it meant.
func TestLintSaysC010WithItsHint(t *testing.T) {
	s := newServer(t, Options{})
	var res LintResult
	typo := strings.Replace(missionary, "        gain 4 life", "        gian 4 life", 1)
	require.Equal(t, http.StatusOK, post(t, s, "/api/lint", Input{Card: typo, Tests: missionaryTest}, &res))
	want := []report.Diagnostic{{File: CardFile, Line: 8, Column: 9, Severity: "error", Code: "C010",
		Message: `no action of the vocabulary reads "gian 4 life"`, Hint: `did you mean "gain {amount} life"?`}}
	if diff := cmp.Diff(want, res.Diagnostics); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	require.Equal(t, http.StatusOK, post(t, s, "/api/lint", Input{Card: missionary, Tests: missionaryTest}, &res))
	assert.Empty(t, res.Diagnostics, "fixed")

	// The tests are linted with the card and the standard library: a
	// name no card has is the test file's error.
	badTest := strings.Replace(missionaryTest, `"Plains", "Plains"`, `"Plains", "Plainz"`, 1)
	require.Equal(t, http.StatusOK, post(t, s, "/api/lint", Input{Card: missionary, Tests: badTest}, &res))
	require.Len(t, res.Diagnostics, 1)
	assert.Equal(t, TestFile, res.Diagnostics[0].File)
	assert.Equal(t, 4, res.Diagnostics[0].Line)
	assert.Contains(t, res.Diagnostics[0].Hint, `"Plains"`)
}

// TestExplainIsSideBySide checks the explanation's rows against what
// `cardc explain` prints.
func TestExplainIsSideBySide(t *testing.T) {
	s := newServer(t, Options{})
	var res ExplainResult
	card := strings.Replace(missionary, "gain 4 life\n", "gain 4 life\n    }\n\n    when this dies {\n        gain 1 life\n", 1)
	require.Equal(t, http.StatusOK, post(t, s, "/api/explain", Input{Card: card}, &res))
	want := []ExplainedCard{{Name: "Lone Missionary", Line: 1, Rows: []ExplainRow{
		{Oracle: "When Lone Missionary enters the battlefield, you gain 4 life.",
			Abilities: []ExplainAbility{{Line: 7, Text: "When Lone Missionary enters the battlefield, you gain 4 life."}}, Match: "same meaning"},
		{Abilities: []ExplainAbility{{Line: 11, Text: "When Lone Missionary dies, you gain 1 life."}}, Match: "no Oracle paragraph says it (W021)"},
	}}}
	if diff := cmp.Diff(want, res.Cards); diff != "" {
		t.Errorf("explanation (-want +got):\n%s", diff)
	}
	assert.Equal(t, "Lone Missionary (playground.card:1)\n"+
		"  oracle:  When Lone Missionary enters the battlefield, you gain 4 life.\n"+
		"  line 7:  When Lone Missionary enters the battlefield, you gain 4 life.\n"+
		"  match:   same meaning\n"+
		"  line 11:  When Lone Missionary dies, you gain 1 life.\n"+
		"  match:   no Oracle paragraph says it (W021)\n", res.Text)

	require.Equal(t, http.StatusOK, post(t, s, "/api/explain", Input{Card: strings.Replace(missionary, "        gain 4", "        gian 4", 1)}, &res))
	assert.Empty(t, res.Cards)
	require.Len(t, res.Diagnostics, 1)
	assert.Equal(t, "C010", res.Diagnostics[0].Code)
}

// TestFormatFormatsWhatParses checks /api/fmt: the card formatted as
// cardc fmt formats it; a test file that does not parse left alone.
func TestFormatFormatsWhatParses(t *testing.T) {
	s := newServer(t, Options{})
	var res FormatResult
	messy := strings.ReplaceAll(missionary, "    ", "\t  ")
	require.Equal(t, http.StatusOK, post(t, s, "/api/fmt", Input{Card: messy, Tests: "test \"x\" {"}, &res))
	require.NotNil(t, res.Card)
	assert.Equal(t, missionary, *res.Card)
	assert.Nil(t, res.Tests, "a file that does not parse is not formatted")
	require.NotEmpty(t, res.Diagnostics)
	assert.Equal(t, TestFile, res.Diagnostics[0].File)
}

// boardTest is a test whose game ends on a board with something of
// everything the page draws: a tapped creature with counters, damage and
// an Aura, an untapped one of the other player, a card in hand, life
// totals that moved, and steps that began.
const boardTest = `test "the board a game ends on" {
    given {
        you control "Grizzly Bears" with 2 +1/+1 counters, 1 damage tapped
        you control "Trollhide" attached to "Grizzly Bears"
        opponent controls "Hill Giant"
        opponent has 7 life
        you have "Shock" in hand
    }
    when {
        put 1 +1/+1 counter on "Grizzly Bears"
        advance to end step
    }
    then {
        "Grizzly Bears" has 3 +1/+1 counters
    }
}
`

// TestRunDrawsTheBoard checks /api/test: the result of each test, the
// board its game ended on, and its log as a timeline grouped by step.
func TestRunDrawsTheBoard(t *testing.T) {
	s := newServer(t, Options{})
	var res TestRun
	require.Equal(t, http.StatusOK, post(t, s, "/api/test", Input{Card: missionary, Tests: missionaryTest + "\n" + boardTest}, &res))
	assert.Equal(t, "2 passed, 0 failed", res.Summary)
	require.Len(t, res.Tests, 2)
	missionaryRun, board := res.Tests[0], res.Tests[1]
	assert.Equal(t, "passed", missionaryRun.Status)
	require.NotNil(t, missionaryRun.Board)
	assert.Equal(t, 14, missionaryRun.Board.Players[0].Life)
	// No step began: every event is in the step the game was in.
	for _, e := range missionaryRun.Timeline {
		assert.Equal(t, "main1", e.Step, "%+v", e)
	}
	last := missionaryRun.Timeline[len(missionaryRun.Timeline)-1]
	assert.Equal(t, TimelineEntry{Turn: 1, Step: "main1", Kind: "life_gained", Text: "player 1 4", To: "you"}, last)

	require.Equal(t, "passed", board.Status, "%+v", board.Failures)
	bears := Permanent{ID: 1, Name: "Grizzly Bears", Types: []string{"creature"}, Owner: "you", Creature: true,
		Power: 7, Toughness: 7, Damage: 1, Tapped: true, Counters: map[string]int{"+1/+1": 3}}
	want := &Board{Turn: 1, Active: "you", Step: "end", Stack: []string{}, Players: []BoardPlayer{
		{Name: "you", Life: 20, Counters: map[string]int{}, Hand: []string{"Shock"}, HandSize: 1, Library: 30, Graveyard: []string{},
			Permanents: []Permanent{bears,
				{ID: 2, Name: "Trollhide", Types: []string{"enchantment"}, Owner: "you", Counters: map[string]int{}, AttachedTo: 1}}},
		{Name: "opponent", Life: 7, Counters: map[string]int{}, Hand: []string{}, Library: 30, Graveyard: []string{},
			Permanents: []Permanent{{ID: 3, Name: "Hill Giant", Types: []string{"creature"}, Owner: "opponent", Creature: true,
				Power: 3, Toughness: 3, Counters: map[string]int{}}}},
	}}
	if diff := cmp.Diff(want, board.Board); diff != "" {
		t.Errorf("board (-want +got):\n%s", diff)
	}
	var steps []string
	for _, e := range board.Timeline {
		if len(steps) == 0 || steps[len(steps)-1] != e.Step {
			steps = append(steps, e.Step)
		}
	}
	assert.Equal(t, []string{"", "beginning_of_combat", "declare_attackers", "end_of_combat", "main2", "end"}, steps)
	assert.Equal(t, TimelineEntry{Turn: 1, Step: "", Kind: "counter_put", Text: "1 +1/+1 on Grizzly Bears#1", Cards: []string{"Grizzly Bears"}, To: "Grizzly Bears"},
		board.Timeline[0])
}

// TestFailingTestSaysWhere checks that a failure is reported where the
// test says it, with the game's board.
func TestFailingTestSaysWhere(t *testing.T) {
	var res TestRun
	require.Equal(t, http.StatusOK, post(t, newServer(t, Options{}), "/api/test",
		Input{Card: missionary, Tests: strings.Replace(missionaryTest, "you have 14 life", "you have 15 life", 1)}, &res))
	assert.Equal(t, "0 passed, 1 failed", res.Summary)
	require.Len(t, res.Tests, 1)
	assert.Equal(t, []Failure{{File: TestFile, Line: 19, Column: 9, Message: "expected you to have 15 life, but you have 14"}}, res.Tests[0].Failures)
	require.NotNil(t, res.Tests[0].Board)
	assert.Equal(t, 14, res.Tests[0].Board.Players[0].Life)
}

// TestStoppedRunStartsNoTest checks that the tests of a stopped run fail
// at once, saying so, and play no game.
func TestStoppedRunStartsNoTest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := RunTests(ctx, Input{Card: missionary, Tests: missionaryTest + "\n" + boardTest})
	require.NoError(t, err)
	require.Len(t, res.Tests, 2)
	for _, r := range res.Tests {
		assert.Equal(t, "failed", r.Status)
		require.Len(t, r.Failures, 1)
		assert.Equal(t, "cannot start a game: the run was stopped before this test (context canceled)", r.Failures[0].Message)
		assert.Nil(t, r.Board)
	}
}

// TestStopAnswersAtOnce checks that a request whose context ends is
// answered at once, while its work goes on in its slot, and that the
// slots bound the work in flight.
func TestStopAnswersAtOnce(t *testing.T) {
	s := newServer(t, Options{Jobs: 1})
	release := make(chan struct{})
	started := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := s.do(ctx, func(context.Context) (any, error) {
			close(started)
			<-release
			return nil, nil
		})
		done <- err
	}()
	<-started
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("a stopped request was not answered")
	}
	// The work still holds the only slot: a new request waits for it
	// until its own deadline.
	short, cancelShort := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancelShort()
	_, err := s.do(short, func(context.Context) (any, error) { return "ran", nil })
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	close(release)
	v, err := s.do(context.Background(), func(context.Context) (any, error) { return "ran", nil })
	require.NoError(t, err)
	assert.Equal(t, "ran", v)
}

// TestPanicIsAnError checks that work that panics is an error of the
// request, not the end of the server.
func TestPanicIsAnError(t *testing.T) {
	s := newServer(t, Options{})
	_, err := s.do(context.Background(), func(context.Context) (any, error) { panic("boom") })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "internal error: boom")
	assert.False(t, errors.Is(err, context.Canceled))
}

// TestDeadlineIs503 checks that a request that runs out of time says so.
func TestDeadlineIs503(t *testing.T) {
	s := newServer(t, Options{Timeout: time.Nanosecond})
	var e apiError
	assert.Equal(t, http.StatusServiceUnavailable, post(t, s, "/api/test", Input{Card: missionary, Tests: missionaryTest}, &e))
	assert.Equal(t, "stopped after 1ns: the server gives each request that long", e.Error)
}

// TestTimelineKeepsTheLastLines checks the timeline of a long log: the
// last MaxEvents lines, the count of those left out, decisions among
// events, each event with its cards, and the step of each line.
func TestTimelineKeepsTheLastLines(t *testing.T) {
	lines := []string{"turn 1: counter_put 1 +1/+1 on A#1", "decision: player 1 ordered triggers: x", "turn 1: step_begins end of player 1"}
	events := []eventCards{{cards: []string{"A"}, to: "A"}, {to: "you"}}
	got, omitted := timeline(lines, events, "end")
	assert.Equal(t, 0, omitted)
	want := []TimelineEntry{
		{Turn: 1, Step: "", Kind: "counter_put", Text: "1 +1/+1 on A#1", Cards: []string{"A"}, To: "A"},
		{Turn: 1, Step: "", Kind: "decision", Text: "player 1 ordered triggers: x"},
		{Turn: 1, Step: "end", Kind: "step_begins", Text: "end of player 1", To: "you"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}

	var long []string
	for i := range MaxEvents + 10 {
		long = append(long, fmt.Sprintf("turn %d: life_gained player 1 %d", 1+i/1000, i))
	}
	// Only the last events' cards are known: they pair with the last
	// lines.
	got, omitted = timeline(long, []eventCards{{to: "opponent"}}, "main1")
	assert.Equal(t, 10, omitted)
	require.Len(t, got, MaxEvents)
	assert.Equal(t, TimelineEntry{Turn: 1, Step: "main1", Kind: "life_gained", Text: "player 1 10"}, got[0])
	assert.Equal(t, TimelineEntry{Turn: 3, Step: "main1", Kind: "life_gained", Text: fmt.Sprintf("player 1 %d", MaxEvents+9), To: "opponent"}, got[len(got)-1])
}

// TestIsLoopback checks which addresses listen on the loopback
// interface only.
func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:7070": true, "127.1.2.3:80": true, "[::1]:7070": true, "localhost:7070": true,
		":7070": false, "0.0.0.0:7070": false, "[::]:7070": false, "192.168.1.2:7070": false, "example.com:80": false, "7070": false,
	} {
		assert.Equal(t, want, IsLoopback(addr), addr)
	}
}

// BenchmarkLint measures lint as the page asks for it as you type: one
// card and its test, through the handler (goal: well under 100 ms).
func BenchmarkLint(b *testing.B) {
	s := newServer(b, Options{})
	body, err := json.Marshal(Input{Card: missionary, Tests: missionaryTest})
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/api/lint", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Body.String())
		}
	}
}

// BenchmarkTest measures a run of the card's test, with its board.
func BenchmarkTest(b *testing.B) {
	in := Input{Card: missionary, Tests: missionaryTest}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunTests(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoopbackOnly checks that a server on the loopback interface
// answers requests addressed to it, and refuses those addressed to
// another name (DNS rebinding).
func TestLoopbackOnly(t *testing.T) {
	s := newServer(t, Options{})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Serve(ctx, l)
	addr := l.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	for host, want := range map[string]int{
		addr: http.StatusOK, "localhost:" + port: http.StatusOK, "[::1]:" + port: http.StatusOK, "127.0.0.1": http.StatusOK,
		"evil.example:" + port: http.StatusForbidden, "evil.example": http.StatusForbidden, "10.0.0.1:" + port: http.StatusForbidden, "": http.StatusForbidden,
	} {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		res.Body.Close()
		conn.Close()
		assert.Equal(t, want, res.StatusCode, "Host: %q", host)
	}
}
