package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/report"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/workspace"
)

// tool is cardc as the SARIF logs of the tests name it.
var tool = report.Tool{Name: "cardc", Version: "0.0.0-test", InformationURI: "https://example.com/cardc", Rules: workspace.AllCodes()}

// lintDiagnostics lints testdata/lint: errors and warnings of the parser,
// the compiler and the test checker, in three files.
func lintDiagnostics(t *testing.T) []byte {
	t.Helper()
	w, err := workspace.Load([]string{"testdata/lint"})
	require.NoError(t, err)
	diags, err := w.Lint()
	require.NoError(t, err)
	require.True(t, diags.HasErrors())
	var out bytes.Buffer
	require.NoError(t, report.SARIF(&out, diags, tool))
	return out.Bytes()
}

func TestSARIFGolden(t *testing.T) {
	golden.Check(t, "testdata/lint.sarif", lintDiagnostics(t))
}

// TestSARIFHasTheRequiredShape checks the log against what the SARIF 2.1.0
// schema requires of the objects it holds (sarifRequired), and against
// what code scanning needs besides: relative URIs with forward slashes, a
// rule with a short description for each ruleId, and lines and columns
// that start at 1.
func TestSARIFHasTheRequiredShape(t *testing.T) {
	var log map[string]any
	require.NoError(t, json.Unmarshal(lintDiagnostics(t), &log))
	checkShape(t, "sarifLog", "", log)
	require.Equal(t, "2.1.0", log["version"])
	require.Equal(t, report.SARIFSchema, log["$schema"])
	runs := log["runs"].([]any)
	require.Len(t, runs, 1)
	run := runs[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	require.Equal(t, "cardc", driver["name"])
	require.NotEmpty(t, driver["version"])
	require.NotEmpty(t, driver["informationUri"])
	rules := map[string]int{}
	for i, r := range driver["rules"].([]any) {
		r := r.(map[string]any)
		require.NotEmpty(t, r["shortDescription"].(map[string]any)["text"], "rule %v", r["id"])
		rules[r["id"].(string)] = i
	}
	for _, c := range workspace.AllCodes() {
		require.Contains(t, rules, c.Code, "every code cardc reports is a rule")
	}
	results := run["results"].([]any)
	levels := map[string]bool{}
	seen := map[string]bool{}
	for _, r := range results {
		r := r.(map[string]any)
		id := r["ruleId"].(string)
		seen[id] = true
		require.Contains(t, rules, id)
		require.EqualValues(t, rules[id], r["ruleIndex"], "ruleIndex points at the rule of ruleId")
		levels[r["level"].(string)] = true
		locs := r["locations"].([]any)
		require.Len(t, locs, 1)
		phys := locs[0].(map[string]any)["physicalLocation"].(map[string]any)
		uri := phys["artifactLocation"].(map[string]any)["uri"].(string)
		require.Regexp(t, `^testdata/lint/[a-z_]+\.card$`, uri, "a relative URI with forward slashes")
		region := phys["region"].(map[string]any)
		require.GreaterOrEqual(t, region["startLine"].(float64), 1.0)
		require.GreaterOrEqual(t, region["startColumn"].(float64), 1.0)
	}
	require.Equal(t, map[string]bool{"error": true, "warning": true}, levels)
	for _, code := range []string{"P003", "C010", "C030", "C031"} {
		require.True(t, seen[code], "a result of %s", code)
	}
}

// sarifRequired are the properties that the SARIF 2.1.0 schema
// (sarif-schema-2.1.0.json) requires of each object a log of cardc holds,
// by the schema's definition name, and the definition of each property
// that holds objects (or arrays of them) to check in turn.
var sarifRequired = map[string]struct {
	required []string
	children map[string]string
}{
	"sarifLog":                 {[]string{"version", "runs"}, map[string]string{"runs": "run"}},
	"run":                      {[]string{"tool"}, map[string]string{"tool": "tool", "results": "result"}},
	"tool":                     {[]string{"driver"}, map[string]string{"driver": "toolComponent"}},
	"toolComponent":            {[]string{"name"}, map[string]string{"rules": "reportingDescriptor"}},
	"reportingDescriptor":      {[]string{"id"}, map[string]string{"shortDescription": "multiformatMessageString"}},
	"multiformatMessageString": {[]string{"text"}, nil},
	"result":                   {[]string{"message"}, map[string]string{"message": "message", "locations": "location"}},
	"message":                  {[]string{"text"}, nil}, // text or id; cardc gives text
	"location":                 {nil, map[string]string{"physicalLocation": "physicalLocation"}},
	"physicalLocation":         {[]string{"artifactLocation"}, map[string]string{"artifactLocation": "artifactLocation", "region": "region"}},
	"artifactLocation":         {[]string{"uri"}, nil},
	"region":                   {[]string{"startLine"}, nil},
}

// sarifEnums are the values the schema allows for the properties that
// have a closed set.
var sarifEnums = map[string][]string{
	"result.level": {"none", "note", "warning", "error"},
}

// checkShape checks a value against the definition def of sarifRequired,
// and its children against theirs.
func checkShape(t *testing.T, def, path string, v any) {
	t.Helper()
	if list, ok := v.([]any); ok {
		for i, e := range list {
			checkShape(t, def, fmt.Sprintf("%s[%d]", path, i), e)
		}
		return
	}
	obj, ok := v.(map[string]any)
	require.True(t, ok, "%s: a %s is an object", path, def)
	spec, ok := sarifRequired[def]
	require.True(t, ok, "no definition %s", def)
	for _, p := range spec.required {
		require.Contains(t, obj, p, "%s: a %s requires %q", path, def, p)
	}
	for p, child := range spec.children {
		if c, ok := obj[p]; ok {
			checkShape(t, child, path+"."+p, c)
		}
	}
	for p, allowed := range sarifEnums {
		d, prop, _ := strings.Cut(p, ".")
		if d == def {
			if val, ok := obj[prop]; ok {
				require.Contains(t, allowed, val, "%s.%s", path, prop)
			}
		}
	}
}

// testResults runs the tests of testdata/tests, one of them not selected,
// with durations made fixed so that the output can be compared.
func testResults(t *testing.T) []workspace.TestResult {
	t.Helper()
	w, err := workspace.Load([]string{"testdata/tests"})
	require.NoError(t, err)
	rep, err := w.Run(regexp.MustCompile(`^[^s]|^Shock`), coredriver.Engine{})
	require.NoError(t, err)
	require.Contains(t, rep.Broken, "Typo Wurm")
	for i := range rep.Tests {
		if rep.Tests[i].Ran {
			rep.Tests[i].Duration = time.Duration(i+1) * 1500 * time.Microsecond
		}
	}
	return rep.Tests
}

func TestJSONGolden(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report.JSON(&out, testResults(t)))
	golden.Check(t, "testdata/tests.json", out.Bytes())

	var got []struct {
		Name, File, Status string
		Line               int
		Failures           []struct {
			File         string
			Line, Column int
			Message      string
		}
		Duration float64
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	status := map[string]int{}
	for _, g := range got {
		status[g.Status]++
		require.NotEmpty(t, g.Name)
		require.Positive(t, g.Line)
		require.Equal(t, g.Status == "failed", len(g.Failures) > 0, "%s", g.Name)
		for _, f := range g.Failures {
			require.Positive(t, f.Line)
			require.Positive(t, f.Column)
			require.NotEmpty(t, f.File)
		}
	}
	require.Equal(t, map[string]int{"passed": 2, "failed": 3, "skipped": 1}, status)
}

func TestJUnitGolden(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report.JUnit(&out, testResults(t)))
	golden.Check(t, "testdata/tests.junit.xml", out.Bytes())

	// What GitHub's and GitLab's readers of JUnit read.
	var got struct {
		XMLName  xml.Name
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Skipped  int `xml:"skipped,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			File     string `xml:"file,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Skipped  int    `xml:"skipped,attr"`
			Time     string `xml:"time,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				File      string `xml:"file,attr"`
				Time      string `xml:"time,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Skipped *struct{} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal(out.Bytes(), &got))
	require.Equal(t, "testsuites", got.XMLName.Local)
	require.Equal(t, 6, got.Tests)
	require.Equal(t, 3, got.Failures)
	require.Equal(t, 1, got.Skipped)
	require.Len(t, got.Suites, 2, "one suite per file")
	for _, s := range got.Suites {
		require.Len(t, s.Cases, s.Tests)
		failures, skipped := 0, 0
		for _, c := range s.Cases {
			require.Equal(t, s.Name, c.Classname)
			require.Equal(t, s.File, c.File)
			require.Regexp(t, `^\d+\.\d{3}$`, c.Time)
			if c.Failure != nil {
				failures++
				require.NotEmpty(t, c.Failure.Message)
				require.True(t, strings.HasPrefix(c.Failure.Text, c.Failure.Message), "the text starts with the first failure")
			}
			if c.Skipped != nil {
				skipped++
			}
		}
		require.Equal(t, s.Failures, failures)
		require.Equal(t, s.Skipped, skipped)
	}
}

// TestEmptyOutputs checks that no test and no diagnostic still make valid
// documents: an empty array, a testsuites element, a log with one run.
func TestEmptyOutputs(t *testing.T) {
	var j, x, s bytes.Buffer
	require.NoError(t, report.JSON(&j, nil))
	require.Equal(t, "[]\n", j.String())
	require.NoError(t, report.JUnit(&x, nil))
	require.Contains(t, x.String(), `<testsuites name="cardc test" tests="0" failures="0" errors="0" skipped="0" time="0.000"></testsuites>`)
	require.NoError(t, report.SARIF(&s, nil, tool))
	var log map[string]any
	require.NoError(t, json.Unmarshal(s.Bytes(), &log))
	checkShape(t, "sarifLog", "", log)
	require.Empty(t, log["runs"].([]any)[0].(map[string]any)["results"])
}

// TestSARIFWholeFileAndUnknownCode checks a diagnostic of a whole file
// (line 0: an unreadable path) and a code the tool does not list: the
// first has no region, the second a rule of its own.
func TestSARIFWholeFileAndUnknownCode(t *testing.T) {
	diags := dsl.Diagnostics{
		dsl.Errorf(dsl.Pos{Filename: "cards/dangling.card"}, workspace.CodeBadPath, "cannot read it"),
		dsl.Warningf(dsl.Pos{Filename: `a b\c.card`, Line: 2, Column: 0}, "X999", "something new"),
	}
	var out bytes.Buffer
	require.NoError(t, report.SARIF(&out, diags, tool))
	var log map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &log))
	checkShape(t, "sarifLog", "", log)
	run := log["runs"].([]any)[0].(map[string]any)
	results := run["results"].([]any)
	phys := func(i int) map[string]any {
		return results[i].(map[string]any)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
	}
	require.NotContains(t, phys(0), "region")
	require.Equal(t, "cards/dangling.card", phys(0)["artifactLocation"].(map[string]any)["uri"])
	require.EqualValues(t, 1, phys(1)["region"].(map[string]any)["startColumn"], "columns start at 1")
	require.Equal(t, "a%20b%5Cc.card", phys(1)["artifactLocation"].(map[string]any)["uri"], "a URI escapes what it must")
	rules := run["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)
	last := rules[len(rules)-1].(map[string]any)
	require.Equal(t, "X999", last["id"])
	require.EqualValues(t, len(rules)-1, results[1].(map[string]any)["ruleIndex"])
}

// TestJUnitCutsLongLogs checks that a failed test's event log in a JUnit
// report is its last workspace.LogTailLines lines, after the number of
// lines left out (a game may log hundreds of thousands of events).
func TestJUnitCutsLongLogs(t *testing.T) {
	var log []string
	for i := range workspace.LogTailLines + 25 {
		log = append(log, fmt.Sprintf("turn 1: life_gained player 1 %d", i+1))
	}
	r := workspace.TestResult{Status: workspace.Failed, File: "long_test.card", Ran: true}
	r.Name, r.Log = "a long game", log
	r.Failures = []scenario.Failure{{Pos: dsl.Pos{Filename: "long_test.card", Line: 9, Column: 9}, Message: "expected"}}
	var out bytes.Buffer
	require.NoError(t, report.JUnit(&out, []workspace.TestResult{r}))
	text := out.String()
	require.Contains(t, text, "event log:\n    ... 25 earlier events left out (cardc test -v prints them all, -log FILE writes them)\n    turn 1: life_gained player 1 26\n")
	require.NotContains(t, text, "player 1 25\n")
	require.Contains(t, text, fmt.Sprintf("player 1 %d\n", workspace.LogTailLines+25))
	require.Equal(t, workspace.LogTailLines, strings.Count(text, "life_gained"))
}
