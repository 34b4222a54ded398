package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cardc/cardc/internal/escape"
	"github.com/cardc/cardc/workspace"
)

// jsonTest is a test as `cardc test --format json` prints it.
type jsonTest struct {
	Name     string        `json:"name"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Status   string        `json:"status"`
	Failures []jsonFailure `json:"failures"`
	// Duration is in seconds.
	Duration float64 `json:"duration"`
}

// jsonFailure is one failure of a test, where the test says it.
type jsonFailure struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// JSON writes test results as a JSON array with one object per test:
// name, file, line, status ("passed", "failed" or "skipped"), failures
// (each with file, line, column and message; an empty array when there is
// none) and duration in seconds.
func JSON(w io.Writer, tests []workspace.TestResult) error {
	out := make([]jsonTest, 0, len(tests))
	for _, t := range tests {
		j := jsonTest{Name: t.Name, File: t.File, Line: t.Pos.Line, Status: string(t.Status), Failures: []jsonFailure{}, Duration: t.Duration.Seconds()}
		for _, f := range t.Failures {
			j.Failures = append(j.Failures, jsonFailure{f.Pos.Filename, f.Pos.Line, f.Pos.Column, f.Message})
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// The JUnit XML that GitHub's and GitLab's test reports read, written by
// junitWriter (see xml.go).
type (
	junitSuites struct {
		Name     string
		Tests    int
		Failures int
		Errors   int
		Skipped  int
		Time     string
		Suites   []junitSuite
	}
	junitSuite struct {
		Name     string
		Tests    int
		Failures int
		Errors   int
		Skipped  int
		Time     string
		File     string
		Cases    []junitCase
	}
	junitCase struct {
		Name      string
		Classname string
		File      string
		Line      int
		Time      string
		Failure   *junitFailure
		Skipped   *junitSkipped
	}
	junitFailure struct {
		Message string
		Type    string
		Text    string
	}
	junitSkipped struct {
		Message string
	}
)

// JUnit writes test results as JUnit XML: one testsuite per file, with its
// counts of tests, failures and skipped tests, and one testcase per test
// (name, classname and file the test's file, line, time in seconds). A
// failed test has a <failure> whose message is its first failure and whose
// text is every failure, as file:line:col: message, and its event log
// (its last workspace.LogTailLines lines, after the number left out); a
// test not selected has <skipped/>.
//
// The document is always well-formed XML 1.0, whatever the tests' names
// and the cards' texts hold: every string is written escaped as
// escape.Text makes it (a control character such as ESC is `\x1b`, a
// byte that is not UTF-8 `\xff`), so no character XML forbids is
// written, in an attribute or in the text.
func JUnit(w io.Writer, tests []workspace.TestResult) error {
	root := junitSuites{Name: "cardc test"}
	var total time.Duration
	var times []time.Duration // of each suite
	at := map[string]int{}    // suite index by file
	for _, t := range tests {
		file := escape.Text(t.File)
		i, ok := at[t.File]
		if !ok {
			i = len(root.Suites)
			at[t.File] = i
			root.Suites = append(root.Suites, junitSuite{Name: file, File: relURI(t.File)})
			times = append(times, 0)
		}
		s := &root.Suites[i]
		c := junitCase{Name: escape.Text(t.Name), Classname: file, File: relURI(t.File), Line: t.Pos.Line, Time: seconds(t.Duration)}
		switch t.Status {
		case workspace.Failed:
			var text strings.Builder
			for _, f := range t.Failures {
				text.WriteString(escape.Text(f.String()) + "\n")
			}
			if len(t.Log) > 0 {
				text.WriteString("event log:\n")
				lines, omitted := t.LogTail()
				if omitted > 0 {
					text.WriteString("    " + workspace.OmittedLines(omitted) + "\n")
				}
				for _, l := range lines {
					text.WriteString("    " + escape.Text(l) + "\n")
				}
			}
			msg := "failed"
			if len(t.Failures) > 0 {
				msg = escape.Text(t.Failures[0].String())
			}
			c.Failure = &junitFailure{Message: msg, Type: "failure", Text: text.String()}
			s.Failures++
			root.Failures++
		case workspace.Skipped:
			c.Skipped = &junitSkipped{Message: "not selected by -run"}
			s.Skipped++
			root.Skipped++
		}
		s.Tests++
		root.Tests++
		s.Cases = append(s.Cases, c)
		times[i] += t.Duration
		s.Time = seconds(times[i])
		total += t.Duration
	}
	root.Time = seconds(total)
	x := &xmlWriter{}
	x.text(xmlHeader)
	x.open(0, "testsuites", "name", root.Name, "tests", strconv.Itoa(root.Tests), "failures", strconv.Itoa(root.Failures),
		"errors", strconv.Itoa(root.Errors), "skipped", strconv.Itoa(root.Skipped), "time", root.Time)
	for _, s := range root.Suites {
		x.open(1, "testsuite", "name", s.Name, "tests", strconv.Itoa(s.Tests), "failures", strconv.Itoa(s.Failures),
			"errors", strconv.Itoa(s.Errors), "skipped", strconv.Itoa(s.Skipped), "time", s.Time, "file", s.File)
		for _, c := range s.Cases {
			x.open(2, "testcase", "name", c.Name, "classname", c.Classname, "file", c.File, "line", strconv.Itoa(c.Line), "time", c.Time)
			switch {
			case c.Failure != nil:
				x.open(3, "failure", "message", c.Failure.Message, "type", c.Failure.Type)
				x.cdata(c.Failure.Text)
				x.closeInline("failure")
				x.close(2, "testcase")
			case c.Skipped != nil:
				x.open(3, "skipped", "message", c.Skipped.Message)
				x.closeInline("skipped")
				x.close(2, "testcase")
			default:
				x.closeInline("testcase")
			}
		}
		x.close(1, "testsuite")
	}
	if len(root.Suites) == 0 {
		x.closeInline("testsuites")
	} else {
		x.close(0, "testsuites")
	}
	x.text("\n")
	_, err := io.WriteString(w, x.b.String())
	return err
}

// seconds is a duration in seconds, as JUnit's time attributes say it.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3f", d.Seconds())
}
