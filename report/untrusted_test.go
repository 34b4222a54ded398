package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/report"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/workspace"
)

// hostile are tests and diagnostics whose every string holds what a pull
// request can put in a card or a test: control characters, a line break,
// a byte that is not UTF-8, what ends a CDATA section.
func hostile(name, file, msg, log string) ([]workspace.TestResult, dsl.Diagnostics) {
	pos := dsl.Pos{Filename: file, Line: 3, Column: 9}
	tests := []workspace.TestResult{
		{Result: scenario.Result{Name: name, Pos: pos, Failures: []scenario.Failure{{Pos: pos, Message: msg}}, Log: []string{log, msg}},
			File: file, Status: workspace.Failed, Ran: true, Duration: time.Millisecond},
		{Result: scenario.Result{Name: name + "2", Pos: pos}, File: file, Status: workspace.Skipped},
		{Result: scenario.Result{Name: msg, Pos: pos}, File: file, Status: workspace.Passed, Ran: true},
	}
	diags := dsl.Diagnostics{dsl.Errorf(pos, "C007", "%s", msg).WithHint("%s", log)}
	return tests, diags
}

// checkParses checks that the three CI formats of the tests and the
// diagnostics parse: JUnit with a strict XML 1.0 parser, read to its end,
// JSON and SARIF with a JSON parser.
func checkParses(t *testing.T, tests []workspace.TestResult, diags dsl.Diagnostics) {
	t.Helper()
	var x, j, s bytes.Buffer
	require.NoError(t, report.JUnit(&x, tests))
	dec := xml.NewDecoder(bytes.NewReader(x.Bytes()))
	dec.Strict = true
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "the JUnit XML does not parse:\n%s", x.String())
	}
	var suites struct {
		Suites []struct {
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal(x.Bytes(), &suites))
	require.Len(t, suites.Suites, 1)
	require.Len(t, suites.Suites[0].Cases, len(tests))

	require.NoError(t, report.JSON(&j, tests))
	var got []map[string]any
	require.NoError(t, json.Unmarshal(j.Bytes(), &got), "the JSON does not parse:\n%s", j.String())
	require.Len(t, got, len(tests))

	require.NoError(t, report.SARIF(&s, diags, tool))
	var log map[string]any
	require.NoError(t, json.Unmarshal(s.Bytes(), &log), "the SARIF does not parse:\n%s", s.String())
}

// A card named `Red\x1b[31mBear` made JUnit XML that was not well formed:
// the raw ESC in the <failure> text (issue 18, item 3).
func TestCIFormatsParseWhateverTheCardsSay(t *testing.T) {
	tests, diags := hostile("Red\x1b[31mBear\n::error::x", "bad\x01 \xff.card", "expected `Red\x1b[31mBear` to be 3/3 ]]> \x00 \ufffe", "Red\x1b[31mBear enters\r\x7f")
	checkParses(t, tests, diags)

	var x bytes.Buffer
	require.NoError(t, report.JUnit(&x, tests))
	require.Contains(t, x.String(), `expected `+"`"+`Red\x1b[31mBear`+"`"+` to be 3/3`, "the failure is written escaped")
	require.NotContains(t, x.String(), "\x1b")
}

// FuzzCIFormats checks that JUnit XML, JSON and SARIF parse whatever the
// names, files, messages and event logs hold.
func FuzzCIFormats(f *testing.F) {
	f.Add("Grizzly Bears is 2/2", "bears_test.card", `expected "Grizzly Bears" to be 3/3, but it is 2/2`, "Grizzly Bears enters the battlefield")
	f.Add("Red\x1b[31mBear", "a.card", "expected `Red\x1b[31mBear` to be 3/3", "\x00")
	f.Add("x]]>y", "]]>.card", "<![CDATA[ ]]> &amp; </failure>", "\ufffe\uffff\ud7ff")
	f.Add("\xff\xfe", "\x80.card", "\r\n\t\v\f", "\u2028\u202e\u0085")
	f.Fuzz(func(t *testing.T, name, file, msg, log string) {
		tests, diags := hostile(name, file, msg, log)
		checkParses(t, tests, diags)
	})
}
