package workspace_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/workspace"
)

// bearsTest is a test that needs only a standard card.
const bearsTest = `test "bears" {
    given {
        you control "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is 2/2
    }
}
`

// wurmTest needs the card Typo Wurm.
const wurmTest = `test "wurm" {
    given {
        you control "Typo Wurm"
    }
    then {
        "Typo Wurm" is 5/5
    }
}
`

// wurm is Typo Wurm; broken, it has an action no vocabulary reads.
func wurm(broken bool) string {
	action := "destroy c"
	if broken {
		action = "destory c"
	}
	return `card "Typo Wurm" {
    cost {4}{G}
    type Creature — Wurm
    pt 5/5
    oracle "Whenever Typo Wurm blocks a creature, destroy that creature."

    whenever this blocks a creature as c {
        ` + action + `
    }
}
`
}

// TestRunAroundBrokenCards is issue 10, item 2: what runs, what fails and
// why, when some cards or test files are broken.
func TestRunAroundBrokenCards(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		run   string
		// want is each test's name, status and, for a failure, a part
		// of its first failure's message.
		want   []string
		broken []string
		// errs is set when the workspace has errors: the exit code is 1.
		errs bool
	}{{
		name:  "all well",
		files: map[string]string{"wurm.card": wurm(false), "a_test.card": bearsTest + "\n" + wurmTest},
		want:  []string{"bears passed", "wurm passed"},
	}, {
		name:   "a test needs a broken card",
		files:  map[string]string{"wurm.card": wurm(true), "a_test.card": bearsTest + "\n" + wurmTest},
		want:   []string{"bears passed", `wurm failed a_test.card:12:21: card "Typo Wurm" has an error, so this test cannot run: wurm.card:8:9: no action of the vocabulary reads "destory c"`},
		broken: []string{"Typo Wurm"},
	}, {
		name:   "a broken card no test needs",
		files:  map[string]string{"wurm.card": wurm(true), "a_test.card": bearsTest},
		want:   []string{"bears passed"},
		broken: []string{"Typo Wurm"},
	}, {
		name:  "a test file that does not parse fails its own tests only",
		files: map[string]string{"a_test.card": bearsTest, "b_test.card": strings.Replace(bearsTest, "    then {", "    then", 1)},
		want:  []string{"bears passed", "bears failed b_test.card:1:1: this test does not parse: b_test.card:5:"},
		errs:  true,
	}, {
		// Issue 27: one syntax error failed every test of its file.
		name: "a test that does not parse fails alone, with its error",
		files: map[string]string{
			"a_test.card": bearsTest + "\n" + strings.Replace(strings.Replace(bearsTest, `"bears"`, `"broken bears"`, 1), "is 2/2", "is 2/2/2", 1) +
				"\n" + strings.Replace(bearsTest, `"bears"`, `"later bears"`, 1),
		},
		want: []string{"bears passed", `broken bears failed a_test.card:10:1: this test does not parse: a_test.card:15:31: unexpected "/"`, "later bears passed"},
		errs: true,
	}, {
		name:  "a test file with no test to be found",
		files: map[string]string{"a_test.card": bearsTest, "b_test.card": "tset \"x\" {\n}\n"},
		want:  []string{"bears passed", `b_test.card failed b_test.card:1:1: this test file does not parse: b_test.card:1:1: unexpected "tset"`},
		errs:  true,
	}, {
		name: "a card that does not parse, in a file with one that does",
		files: map[string]string{
			"cards.card":  wurm(false) + "\ncard \"Unclosed\" {\n    cost {R}\n    type Instant\n    oracle \"\n}\n",
			"a_test.card": wurmTest + "\n" + strings.ReplaceAll(wurmTest, "Typo Wurm", "Unclosed"),
		},
		want:   []string{"wurm passed", `wurm failed a_test.card:12:21: card "Unclosed" has an error, so this test cannot run: cards.card:15:12: string is not terminated`},
		broken: []string{"Unclosed"},
	}, {
		name:   "a broken card hides the standard card of its name",
		files:  map[string]string{"bears.card": strings.ReplaceAll(wurm(true), "Typo Wurm", "Grizzly Bears"), "a_test.card": bearsTest},
		want:   []string{`bears failed a_test.card:3:21: card "Grizzly Bears" has an error`},
		broken: []string{"Grizzly Bears"},
	}, {
		name:  "tests not selected are skipped",
		files: map[string]string{"wurm.card": wurm(true), "a_test.card": bearsTest + "\n" + wurmTest},
		run:   "bears",
		want:  []string{"bears passed", "wurm skipped"},
		// A broken card is found when the library is built.
		broken: []string{"Typo Wurm"},
	}, {
		name:  "nothing selected",
		files: map[string]string{"wurm.card": wurm(true), "a_test.card": bearsTest},
		run:   "nothing",
		want:  []string{"bears skipped"},
		errs:  true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			w := &workspace.Workspace{Sources: map[string][]byte{}}
			for _, name := range []string{"a_test.card", "b_test.card", "bears.card", "cards.card", "wurm.card"} {
				if src, ok := tc.files[name]; ok {
					w.Add(name, []byte(src))
				}
			}
			var run *regexp.Regexp
			if tc.run != "" {
				run = regexp.MustCompile(tc.run)
			}
			rep, err := w.Run(run, coredriver.Engine{})
			require.NoError(t, err)
			require.False(t, rep.Stopped)
			require.Len(t, rep.Tests, len(tc.want))
			for i, r := range rep.Tests {
				got := r.Name + " " + string(r.Status)
				if len(r.Failures) > 0 {
					got += " " + r.Failures[0].String()
				}
				require.True(t, strings.HasPrefix(got, tc.want[i]), "test %d: got %q, want %q", i, got, tc.want[i])
				require.Equal(t, r.Status == workspace.Failed, len(r.Failures) > 0)
				require.Equal(t, r.Ran, r.Duration > 0 || r.Status == workspace.Passed, r.Name)
			}
			var broken []string
			for name := range rep.Broken {
				broken = append(broken, name)
			}
			require.ElementsMatch(t, tc.broken, broken)
			require.Equal(t, tc.errs || len(tc.broken) > 0, rep.Diags.HasErrors(), "%v", rep.Diags)
		})
	}
}
