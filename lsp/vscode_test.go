package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vocab"
)

// The VS Code extension (editors/vscode) is not built here (no npm in
// CI); these tests check that its JSON files parse, that they name each
// other and the server rightly, and that the grammar's regexes compile and
// highlight what they are for.

const vscodeDir = "../editors/vscode"

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vscodeDir, name))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v), name)
}

// manifest is the part of package.json the tests read.
type manifest struct {
	Name             string   `json:"name"`
	Main             string   `json:"main"`
	ActivationEvents []string `json:"activationEvents"`
	Engines          struct {
		VSCode string `json:"vscode"`
	} `json:"engines"`
	Contributes struct {
		Languages []struct {
			ID            string   `json:"id"`
			Extensions    []string `json:"extensions"`
			Configuration string   `json:"configuration"`
		} `json:"languages"`
		Grammars []struct {
			Language  string `json:"language"`
			ScopeName string `json:"scopeName"`
			Path      string `json:"path"`
		} `json:"grammars"`
		Configuration struct {
			Properties map[string]struct {
				Type    string `json:"type"`
				Default any    `json:"default"`
			} `json:"properties"`
		} `json:"configuration"`
	} `json:"contributes"`
	Dependencies map[string]string `json:"dependencies"`
}

// grammar is a TextMate grammar.
type grammar struct {
	ScopeName  string          `json:"scopeName"`
	Patterns   []rule          `json:"patterns"`
	Repository map[string]rule `json:"repository"`
}

// rule is a rule of a TextMate grammar.
type rule struct {
	Name          string          `json:"name"`
	Match         string          `json:"match"`
	Begin         string          `json:"begin"`
	End           string          `json:"end"`
	Include       string          `json:"include"`
	Captures      map[string]rule `json:"captures"`
	BeginCaptures map[string]rule `json:"beginCaptures"`
	EndCaptures   map[string]rule `json:"endCaptures"`
	Patterns      []rule          `json:"patterns"`
}

func TestVSCodeManifest(t *testing.T) {
	var m manifest
	readJSON(t, "package.json", &m)
	require.Len(t, m.Contributes.Languages, 1, "languages: want card for .card")
	assert.Equal(t, "card", m.Contributes.Languages[0].ID, "languages: want card for .card")
	assert.Equal(t, []string{".card"}, m.Contributes.Languages[0].Extensions, "languages: want card for .card")
	require.Len(t, m.Contributes.Grammars, 1, "grammars: want source.card for card")
	assert.Equal(t, "card", m.Contributes.Grammars[0].Language, "grammars: want source.card for card")
	assert.Equal(t, "source.card", m.Contributes.Grammars[0].ScopeName, "grammars: want source.card for card")
	for _, f := range []string{m.Main, m.Contributes.Languages[0].Configuration, m.Contributes.Grammars[0].Path} {
		assert.FileExists(t, filepath.Join(vscodeDir, f), "package.json names %s", f)
	}
	p, ok := m.Contributes.Configuration.Properties["cardc.path"]
	assert.True(t, ok, "setting cardc.path: missing")
	assert.Equal(t, "string", p.Type, "setting cardc.path: want a string")
	assert.Equal(t, "cardc", p.Default, "setting cardc.path: want cardc by default")
	assert.Contains(t, m.ActivationEvents, "onLanguage:card", "activation")
	assert.NotEmpty(t, m.Engines.VSCode, "engine")
	assert.NotEmpty(t, m.Dependencies["vscode-languageclient"], "dependencies: %v", m.Dependencies)
	js, err := os.ReadFile(filepath.Join(vscodeDir, m.Main))
	require.NoError(t, err)
	for _, want := range []string{"require('vscode-languageclient/node')", "getConfiguration('cardc').get('path')", "args: ['lsp']", "language: 'card'"} {
		assert.Contains(t, string(js), want, "%s does not say %s", m.Main, want)
	}
}

func TestVSCodeLanguageConfiguration(t *testing.T) {
	var c struct {
		Comments struct {
			LineComment string `json:"lineComment"`
		} `json:"comments"`
		Brackets         [][2]string `json:"brackets"`
		AutoClosingPairs []struct {
			Open  string `json:"open"`
			Close string `json:"close"`
		} `json:"autoClosingPairs"`
		IndentationRules map[string]string `json:"indentationRules"`
		WordPattern      string            `json:"wordPattern"`
	}
	readJSON(t, "language-configuration.json", &c)
	assert.Equal(t, "//", c.Comments.LineComment, "line comment")
	assert.Contains(t, c.Brackets, [2]string{"{", "}"}, "brackets lack {}")
	var closing []string
	for _, p := range c.AutoClosingPairs {
		closing = append(closing, p.Open+p.Close)
	}
	for _, want := range []string{"{}", "()", `""`} {
		assert.Contains(t, closing, want, "auto-closing pairs lack %s", want)
	}
	increase := regexp.MustCompile(c.IndentationRules["increaseIndentPattern"])
	decrease := regexp.MustCompile(c.IndentationRules["decreaseIndentPattern"])
	assert.Regexp(t, increase, "    when this enters {", "indentation rules do not indent after a block's {")
	assert.NotRegexp(t, increase, "    cost {X}{G}", "indentation rules indent after a { that opens no block")
	assert.Regexp(t, decrease, "    }", "indentation rules do not outdent at }")
	word := regexp.MustCompile("^(?:" + c.WordPattern + ")$")
	for _, w := range []string{"+1/+1", "Hydra", "opponent's", "42"} {
		assert.Regexp(t, word, w, "word pattern does not take %q as a word", w)
	}
}

func TestVSCodeGrammar(t *testing.T) {
	var g grammar
	readJSON(t, "syntaxes/card.tmLanguage.json", &g)
	assert.Equal(t, "source.card", g.ScopeName, "scope")
	// Every include resolves, every rule is used, every regex compiles
	// (the grammar keeps to what RE2 and Oniguruma share), every scope is
	// the language's.
	used := map[string]bool{}
	var check func(where string, r rule)
	check = func(where string, r rule) {
		if r.Include != "" {
			key := strings.TrimPrefix(r.Include, "#")
			assert.Contains(t, g.Repository, key, "%s: include %s names no rule", where, r.Include)
			used[key] = true
		}
		for _, re := range []string{r.Match, r.Begin, r.End} {
			if re == "" {
				continue
			}
			_, err := regexp.Compile(re)
			assert.NoError(t, err, where)
		}
		if r.Name != "" {
			assert.True(t, strings.HasSuffix(r.Name, ".card"), "%s: scope %q does not end in .card", where, r.Name)
		}
		assert.False(t, r.Include == "" && r.Name == "" && len(r.Captures) == 0, "%s: gives no scope", where)
		for _, caps := range []map[string]rule{r.Captures, r.BeginCaptures, r.EndCaptures} {
			for k, c := range caps {
				check(where+" capture "+k, c)
			}
		}
		for i, p := range r.Patterns {
			check(where+" pattern "+strconv.Itoa(i), p)
		}
	}
	for i, p := range g.Patterns {
		check("patterns["+strconv.Itoa(i)+"]", p)
	}
	for key, r := range g.Repository {
		check(key, r)
		assert.True(t, used[key], "rule %s is not included", key)
	}

	// What each rule highlights, and what it leaves alone.
	tests := []struct {
		rule    string
		matches []string
		not     []string
	}{
		{"comment", []string{"// Protean Hydra"}, nil},
		{"mana", []string{"{X}{G}", "{2/W}", "{T}", "{G/P}"}, []string{"{", "{toolong}"}},
		{"pt", []string{"0/0", "+1/+1", "-1/-1", "*/*", "+2/+0"}, []string{"1/", "a/b"}},
		{"number", []string{"42"}, []string{"x"}},
		{"declaration", []string{"card", "test", "event", "action"}, []string{"cards"}},
		{"item", []string{"    cost", "    whenever", "    oracle", "    replace"}, []string{"    costs"}},
		{"test-section", []string{"    given {", "    then {"}, []string{"    given"}},
		{"control", []string{"    if", "    for each", "} else"}, nil},
		{"binding", []string{"as d {", "as aura"}, nil},
		{"activate-only", []string{", activate only"}, nil},
		{"this", []string{"this"}, []string{"thistle"}},
		{"dash", []string{"—", "--"}, nil},
	}
	for _, tt := range tests {
		re := regexp.MustCompile(g.Repository[tt.rule].Match)
		for _, s := range tt.matches {
			assert.Equal(t, s, re.FindString(s), "rule %s: want all of %q", tt.rule, s)
		}
		for _, s := range tt.not {
			assert.NotEqual(t, s, re.FindString(s), "rule %s matches all of %q", tt.rule, s)
		}
	}
	str := g.Repository["string"]
	assert.Equal(t, `"`, str.Begin, "string rule: want \" ... \"")
	escape := regexp.MustCompile(str.Patterns[0].Match)
	for _, e := range []string{`\"`, `\\`, `\n`} {
		assert.Regexp(t, escape, e, "string rule: want the escapes \\\", \\\\ and \\n")
	}
	assert.NotRegexp(t, escape, `\q`, "string rule: \\q is no escape")
}

// The grammar highlights exactly the keyword abilities the vocabulary
// declares (stdlib/keywords.card): a keyword added there is added here.
// A keyword with a parameter is a pattern of its form (keywordPattern).
func TestVSCodeGrammarKeywords(t *testing.T) {
	for _, tt := range []struct{ pattern, matches, not string }{
		{`protection\s+from\s+[A-Za-z]+`, "protection from Demons", "protection"},
		{`[a-z]+walk`, "swampwalk", "walk"},
		{`cumulative\s+upkeep`, "cumulative  upkeep", "cumulative"},
	} {
		re := regexp.MustCompile(`^(?:` + tt.pattern + `)$`)
		assert.Regexp(t, re, tt.matches, tt.pattern)
		assert.NotRegexp(t, re, tt.not, tt.pattern)
	}
	var g grammar
	readJSON(t, "syntaxes/card.tmLanguage.json", &g)
	v, err := vocab.Standard()
	require.NoError(t, err)
	m := regexp.MustCompile(`^\\b\(\?:(.*)\)\\b$`).FindStringSubmatch(g.Repository["keyword-abilities"].Match)
	require.NotNil(t, m, "keyword-abilities is not \\b(?:a|b|...)\\b")
	got := strings.Split(m[1], "|")
	var want []string
	for _, k := range v.Keywords() {
		want = append(want, keywordPattern(k))
	}
	sort.Strings(got)
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the grammar's keyword abilities (-vocabulary +grammar):\n%s\nupdate editors/vscode/syntaxes/card.tmLanguage.json", diff)
	}
	// Every word of the language that hover explains is highlighted.
	samples := map[string]string{
		"as": "replace damage to this as d {", "activate": "{1}: draw a card, activate only as a sorcery",
		"for": "    for each creature as c {", "else": "    } else {", "given": "    given {", "then": "    then {",
	}
	for w := range languageWords {
		line, ok := samples[w]
		if !ok {
			line = "    " + w + " x"
		}
		found := false
		for _, r := range g.Repository {
			if r.Match == "" || r.Name != "" {
				continue
			}
			for _, sub := range regexp.MustCompile(r.Match).FindAllStringSubmatch(line, -1) {
				for _, s := range sub[1:] {
					found = found || strings.HasPrefix(s, w)
				}
			}
		}
		assert.True(t, found, "the grammar does not highlight %q in %q", w, line)
	}
}

// keywordPattern is the pattern the grammar highlights a keyword with: its
// words, a quality as a word, a subtype glued to a word as lower-case
// letters; a number or a cost, after the keyword's words, is highlighted
// as such, not as the keyword.
func keywordPattern(k *vocab.Keyword) string {
	var parts []string
	for _, it := range k.Form {
		switch {
		case it.Slot == "":
			parts = append(parts, regexp.QuoteMeta(it.Word))
		case k.Param.Type.Kind == vocab.KQuality:
			parts = append(parts, "[A-Za-z]+"+regexp.QuoteMeta(it.Suffix))
		case k.Param.Type.Kind == vocab.KSubtype:
			parts = append(parts, "[a-z]+"+regexp.QuoteMeta(it.Suffix))
		}
	}
	return strings.Join(parts, `\s+`)
}
