package playground

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/report"
	"github.com/cardc/cardc/workspace"
)

// The files of the page's virtual workspace: the card editor's text and
// the test editor's. The standard card library (package cards) is there
// too, as it is for `cardc test`: the tests may use its cards.
const (
	CardFile = "playground.card"
	TestFile = "playground_test.card"
)

// Input is what the page sends: the text of its two editors.
type Input struct {
	Card  string `json:"card"`
	Tests string `json:"tests"`
}

// workspaceOf is the virtual workspace of an input: the two files, parsed.
func workspaceOf(in Input) *workspace.Workspace {
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	w.Add(CardFile, []byte(in.Card))
	w.Add(TestFile, []byte(in.Tests))
	return w
}

// LintResult is the answer of /api/lint: what `cardc lint` says of the
// two files, with the standard library's card names known to the tests.
type LintResult struct {
	Diagnostics []report.Diagnostic `json:"diagnostics"`
	// Millis is how long the server took, for the page's status line.
	Millis float64 `json:"millis"`
}

// Lint lints the page's files as `cardc lint` does.
func Lint(in Input) (*LintResult, error) {
	start := time.Now()
	diags, err := workspaceOf(in).Lint()
	if err != nil {
		return nil, err
	}
	return &LintResult{Diagnostics: report.Diagnostics(diags), Millis: millis(time.Since(start))}, nil
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// FormatResult is the answer of /api/fmt: each file formatted as `cardc
// fmt` formats it, or, for a file that does not parse, nothing (the page
// leaves it as it is) and its errors.
type FormatResult struct {
	Card        *string             `json:"card"`
	Tests       *string             `json:"tests"`
	Diagnostics []report.Diagnostic `json:"diagnostics"`
}

// Format formats the page's files with cardc fmt's printer, which never
// loses a byte of a file it formats and leaves alone one that does not
// parse.
func Format(in Input) *FormatResult {
	out := &FormatResult{Diagnostics: []report.Diagnostic{}}
	one := func(name, src string) *string {
		formatted, diags := parser.Format(name, []byte(src))
		if diags.HasErrors() {
			out.Diagnostics = append(out.Diagnostics, report.Diagnostics(diags)...)
			return nil
		}
		s := string(formatted)
		return &s
	}
	out.Card = one(CardFile, in.Card)
	out.Tests = one(TestFile, in.Tests)
	return out
}

// ExplainResult is the answer of /api/explain: what `cardc explain`
// prints, as text and card by card in rows of two columns, each Oracle
// paragraph beside the abilities that say it.
type ExplainResult struct {
	Cards []ExplainedCard `json:"cards"`
	// Text is what `cardc explain playground.card` prints.
	Text        string              `json:"text"`
	Diagnostics []report.Diagnostic `json:"diagnostics"`
}

// ExplainedCard is one card of an explanation.
type ExplainedCard struct {
	Name string       `json:"name"`
	Line int          `json:"line"`
	Rows []ExplainRow `json:"rows"`
}

// ExplainRow is an Oracle paragraph (empty for an ability no paragraph
// says), the abilities that go with it rendered in English, and the
// verdict of `cardc explain` on them.
type ExplainRow struct {
	Oracle    string           `json:"oracle"`
	LeftOut   string           `json:"leftOut,omitempty"`
	Abilities []ExplainAbility `json:"abilities"`
	Match     string           `json:"match"`
}

// ExplainAbility is an ability of the card, in English, and its line.
type ExplainAbility struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// Explain renders the card file's abilities back to English beside its
// Oracle paragraphs, as `cardc explain` does: the rows are read from
// oracle.Coverage.WriteText's lines, so that the page says exactly what
// the command says.
func Explain(in Input) (*ExplainResult, error) {
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	w.Add(CardFile, []byte(in.Card))
	covs, diags, err := w.Explain()
	if err != nil {
		return nil, err
	}
	all := append(append(dsl.Diagnostics{}, w.Diags...), diags...)
	all.Sort()
	out := &ExplainResult{Cards: []ExplainedCard{}, Diagnostics: report.Diagnostics(all)}
	var text strings.Builder
	for i, c := range covs {
		var b bytes.Buffer
		c.WriteText(&b, CardFile)
		if i > 0 {
			text.WriteByte('\n')
		}
		text.Write(b.Bytes())
		out.Cards = append(out.Cards, explainedCard(c, b.String()))
	}
	out.Text = text.String()
	return out, nil
}

// explainedCard reads the rows of one card out of what WriteText wrote:
// a line `  oracle:  ` starts a row, `  left out: ` and `  line N:  `
// add to it, `  match:   ` ends it; an ability after the paragraphs
// (`line` with no `oracle` before it) is a row of its own.
func explainedCard(c *oracle.Coverage, text string) ExplainedCard {
	card := ExplainedCard{Name: c.Card.Name, Line: c.Card.Pos.Line, Rows: []ExplainRow{}}
	var row *ExplainRow
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, len(text)+1)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false // the card's name and file
			continue
		}
		switch {
		case strings.HasPrefix(line, "  oracle:  "):
			card.Rows = append(card.Rows, ExplainRow{Oracle: strings.TrimPrefix(line, "  oracle:  "), Abilities: []ExplainAbility{}})
			row = &card.Rows[len(card.Rows)-1]
		case strings.HasPrefix(line, "  left out: ") && row != nil:
			row.LeftOut = strings.TrimPrefix(line, "  left out: ")
		case strings.HasPrefix(line, "  line "):
			n, rest, ok := strings.Cut(strings.TrimPrefix(line, "  line "), ":")
			num, err := strconv.Atoi(n)
			if !ok || err != nil {
				continue
			}
			if row == nil {
				card.Rows = append(card.Rows, ExplainRow{Abilities: []ExplainAbility{}})
				row = &card.Rows[len(card.Rows)-1]
			}
			row.Abilities = append(row.Abilities, ExplainAbility{Line: num, Text: strings.TrimLeft(rest, " ")})
		case strings.HasPrefix(line, "  match:   ") && row != nil:
			row.Match = strings.TrimPrefix(line, "  match:   ")
			row = nil
		}
	}
	return card
}

// ErrStopped is the error of the tests a run did not start because it
// was stopped (the page's stop button, or the deadline of the request).
var ErrStopped = errors.New("the run was stopped before this test")

// TestRun is the answer of /api/test: each test of the test file, how it
// ended, its event log as a timeline and the board its game ended on.
type TestRun struct {
	Tests []TestOutcome `json:"tests"`
	// Passed and Failed count the tests; Summary is `cardc test`'s last
	// line, "1 passed, 0 failed".
	Passed  int    `json:"passed"`
	Failed  int    `json:"failed"`
	Summary string `json:"summary"`
	// Diagnostics are the errors of the files, which fail the tests that
	// need a broken card; Stopped says none could run.
	Diagnostics []report.Diagnostic `json:"diagnostics"`
	Stopped     bool                `json:"stopped"`
	Millis      float64             `json:"millis"`
}

// TestOutcome is one test of a run.
type TestOutcome struct {
	Name     string    `json:"name"`
	Line     int       `json:"line"`
	Status   string    `json:"status"`
	Failures []Failure `json:"failures"`
	Skipped  string    `json:"skipped,omitempty"`
	// Timeline is the game's event log (its last MaxEvents lines), and
	// Omitted how many lines came before them.
	Timeline []TimelineEntry `json:"timeline"`
	Omitted  int             `json:"omitted"`
	// Board is the state the game ended in; nil if no game was played.
	Board  *Board  `json:"board"`
	Millis float64 `json:"millis"`
}

// Failure is a failure of a test, where the test says it.
type Failure struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// RunTests runs the test file's tests against the card file's cards and
// the standard library, on the rules core, as `cardc test` does, and
// keeps each game's board and timeline. Once ctx is done, the tests not
// started yet fail at once with ErrStopped; the test running then ends
// within the rules core's bounds (dsl/SPEC.md, Scenario tests: a few
// seconds at most).
func RunTests(ctx context.Context, in Input) (*TestRun, error) {
	start := time.Now()
	w := workspaceOf(in)
	rec := newRecorder(ctx)
	rep, err := w.Run(nil, rec)
	if err != nil {
		return nil, err
	}
	rec.flush()
	out := &TestRun{Tests: []TestOutcome{}, Diagnostics: report.Diagnostics(rep.Diags), Stopped: rep.Stopped}
	for i := range rep.Tests {
		t := &rep.Tests[i]
		if t.Status == workspace.Skipped && t.Skipped == "" {
			continue
		}
		o := TestOutcome{Name: t.Name, Line: t.Pos.Line, Status: string(t.Status), Failures: []Failure{}, Skipped: t.Skipped,
			Timeline: []TimelineEntry{}, Millis: millis(t.Duration)}
		for _, f := range t.Failures {
			o.Failures = append(o.Failures, Failure{f.Pos.Filename, f.Pos.Line, f.Pos.Column, f.Message})
		}
		if g, ok := rec.games[t.Pos]; ok {
			o.Board = g.board
			o.Timeline, o.Omitted = timeline(t.Log, g.events, g.board.Step)
		} else if t.Ran {
			o.Timeline, o.Omitted = timeline(t.Log, nil, "")
		}
		switch t.Status {
		case workspace.Passed:
			out.Passed++
		case workspace.Failed:
			out.Failed++
		}
		out.Tests = append(out.Tests, o)
	}
	out.Summary = fmt.Sprintf("%d passed, %d failed", out.Passed, out.Failed)
	out.Millis = millis(time.Since(start))
	return out, nil
}
