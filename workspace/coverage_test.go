package workspace_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/golden"
	"github.com/cardc/cardc/scaffold"
	"github.com/cardc/cardc/vocab"
	"github.com/cardc/cardc/workspace"
)

// setFile finds a set file of the shared rules (shared/rules/sets/NAME)
// in a directory above this one, or skips the test.
func setFile(t testing.TB, name string) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	require.NoError(t, err)
	for {
		path := filepath.Join(dir, "shared", "rules", "sets", name)
		if _, err := os.Stat(path); err == nil {
			return path
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skipf("no shared/rules/sets/%s above this directory", name)
		}
		dir = parent
	}
}

// readSet reads a set file.
func readSet(t testing.TB, path string) (string, []scaffold.Card) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	name, cards, err := workspace.ReadSet(f)
	require.NoError(t, err)
	return name, cards
}

// lacking are the cards of Magic 2010 whose constructs the language does
// not have yet: those other issues list (testdata/coverage/m10_lacking.txt).
func lacking(t *testing.T) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "coverage", "m10_lacking.txt"))
	require.NoError(t, err)
	defer f.Close()
	out := map[string]bool{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	require.NoError(t, s.Err())
	return out
}

// TestM10Coverage reads the Oracle text of Magic 2010 with the
// vocabulary: of the cards whose constructs the language has (those no
// other issue adds constructs for), at least 80% read whole, every
// paragraph. The golden is what `cardc coverage` prints: each card, what
// it lacks, and the totals.
func TestM10Coverage(t *testing.T) {
	name, cards := readSet(t, setFile(t, "M10.json"))
	cov, err := workspace.Coverage(name, cards, nil)
	require.NoError(t, err)
	require.Equal(t, "Magic 2010 (M10)", cov.Set)
	require.Len(t, cov.Cards, 234)
	lack := lacking(t)
	require.Len(t, lack, 114)
	has, read := 0, 0
	var unread []string
	for _, c := range cov.Cards {
		if lack[c.Name] {
			continue
		}
		has++
		if c.Read {
			read++
		} else {
			unread = append(unread, c.Name)
		}
	}
	t.Logf("cards whose constructs the language has: %d; read whole: %d (%d%%); the others: %s", has, read, read*100/has, strings.Join(unread, ", "))
	require.GreaterOrEqual(t, read*100, has*80, "fewer than 80%% of the cards whose constructs the language has read whole")
	var b bytes.Buffer
	cov.WriteText(&b)
	golden.Check(t, filepath.Join("testdata", "coverage", "m10.golden"), b.Bytes())
}

// TestCoverageOfALibrary checks what coverage says of a set's cards a
// library has: which it has, and whether each means what its Oracle
// text means.
func TestCoverageOfALibrary(t *testing.T) {
	set := `{"name": "Test Set", "cards": [
		{"name": "Lone Missionary", "type": "Creature — Kor Monk", "text": "When Lone Missionary enters the battlefield, you gain 4 life."},
		{"name": "Angel's Feather", "type": "Artifact", "text": "Whenever a player casts a white spell, you may gain 1 life."},
		{"name": "Shock", "type": "Instant", "text": "Shock deals 2 damage to any target."}
	]}`
	name, cards, err := workspace.ReadSet(strings.NewReader(set))
	require.NoError(t, err)
	dir := t.TempDir()
	for file, src := range map[string]string{
		"lone_missionary.card": "card \"Lone Missionary\" {\n    cost {1}{W}\n    type Creature — Kor Monk\n    pt 2/1\n    oracle \"When Lone Missionary enters the battlefield, you gain 4 life.\"\n\n    when this enters {\n        gain 4 life\n    }\n}\n",
		"angels_feather.card":  "card \"Angel's Feather\" {\n    cost {2}\n    type Artifact\n    oracle \"Whenever a player casts a white spell, you may gain 1 life.\"\n\n    whenever a player casts a white spell {\n        gain 1 life\n    }\n}\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644))
	}
	w, err := workspace.Load([]string{dir})
	require.NoError(t, err)
	cov, err := workspace.Coverage(name, cards, w)
	require.NoError(t, err)
	byName := map[string]workspace.CardCoverage{}
	for _, c := range cov.Cards {
		byName[c.Name] = c
	}
	missionary, feather, shock := byName["Lone Missionary"], byName["Angel's Feather"], byName["Shock"]
	require.True(t, missionary.Read)
	require.True(t, *missionary.Written)
	require.True(t, *missionary.Same)
	// The language has "you may" (CR 608.2d): the paragraph reads, needing
	// nothing, and the card, which dropped it, differs.
	require.True(t, feather.Read)
	require.Empty(t, feather.Paragraphs[0].Needs)
	require.True(t, *feather.Written)
	require.False(t, *feather.Same)
	require.Len(t, feather.Differences, 1)
	require.Contains(t, feather.Differences[0], `the paragraph says "you may" ("you may gain 1 life"); the ability does it always`)
	require.True(t, shock.Read)
	require.False(t, *shock.Written)
	require.Nil(t, shock.Same)
	require.Equal(t, workspace.CoverageTotals{Cards: 3, Read: 3, Needs: 0, Paragraphs: 3, ParagraphsRead: 3, Written: ptr(2), Same: ptr(1)}, cov.Totals)
}

func ptr(n int) *int { return &n }

// TestReadSetErrors checks what a file that is no set file gets.
func TestReadSetErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"not JSON", "card", "it is no MTGJSON set file"},
		{"no cards", `{"name": "Empty"}`, "it holds no cards"},
		{"a v5 set file", `{"data": {"name": "Magic 2010", "code": "M10", "cards": [{"name": "Shock"}]}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name, cards, err := workspace.ReadSet(strings.NewReader(tc.src))
			if tc.want != "" {
				require.ErrorContains(t, err, tc.want)
				return
			}
			require.NoError(t, err)
			require.Equal(t, "Magic 2010 (M10)", name)
			require.Len(t, cards, 1)
		})
	}
}

// notDrafted are the cards of Magic 2010 that read whole but whose draft
// Draft's check refuses, and why: the vocabulary reads a subtype in the
// plural ("Forests") as another subtype, so "1/1 ... token for each Forest
// you control", written "the number of Forests you control", would count
// none.
var notDrafted = map[string]bool{"Howl of the Night Pack": true}

// TestM10DraftsLintClean starts every card of Magic 2010 as `cardc new
// --from` does, its abilities drafted from its Oracle text: every card
// whose paragraphs all read, with nothing the language lacks, is drafted
// whole and lints clean; every drafted card compiles.
func TestM10DraftsLintClean(t *testing.T) {
	name, cards := readSet(t, setFile(t, "M10.json"))
	cov, err := workspace.Coverage(name, cards, nil)
	require.NoError(t, err)
	v, err := vocab.Standard()
	require.NoError(t, err)
	draft := workspace.Drafter(v)
	w := &workspace.Workspace{Sources: map[string][]byte{}}
	whole := map[string]bool{}
	for i := range cards {
		c := &cards[i]
		src := scaffold.DraftedSource(c, "M10.json", draft)
		if cov.Cards[i].Read && !notDrafted[c.Name] {
			require.NotContains(t, string(src), "TODO", "%s reads whole but is not drafted whole:\n%s", c.Name, src)
			whole[c.Name] = true
		}
		base, err := scaffold.FileName(c.Name)
		require.NoError(t, err)
		w.Add(base+".card", src)
	}
	diags, err := w.Lint()
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), "%v", diags)
	var dirty []string
	for _, d := range diags {
		for name := range whole {
			if b, _ := scaffold.FileName(name); d.Pos.Filename == b+".card" {
				dirty = append(dirty, d.String())
			}
		}
	}
	require.Empty(t, dirty, "cards drafted whole that do not lint clean")
	require.Greater(t, len(whole), 100)
}

// TestReadSetChecksEachCard holds `cardc coverage` and `cardc new --all` to
// what `cardc new` checks of the card it finds (issue 18): a set file from
// anywhere can't put a second card into a drafted file through a field.
func TestReadSetChecksEachCard(t *testing.T) {
	set := `{"name": "Hostile", "cards": [{"name": "Bear", "manaCost": "{1}{G}\n}\n\ncard \"Injected\" {\n    cost {G}", "type": "Creature — Bear", "power": "2", "toughness": "2"}]}`
	_, _, err := workspace.ReadSet(strings.NewReader(set))
	require.ErrorContains(t, err, `card 1 ("Bear")`)
	ok := `{"name": "Old", "cards": [{"name": "Fiery Hellhound", "manaCost": "{1}{R}{R}", "type": "Creature — Elemental Hound", "power": "2", "toughness": "2"}]}`
	_, cards, err := workspace.ReadSet(strings.NewReader(ok))
	require.NoError(t, err)
	require.Equal(t, "Creature — Elemental Dog", cards[0].Type)
}

// TestReadmeShowsM10Coverage holds the excerpt of `cardc coverage` in
// README's tour to the golden of TestM10Coverage: each line it shows,
// "..." aside, is a line coverage prints. After the coverage changes,
// copy the new lines (the totals, at least) into README.
func TestReadmeShowsM10Coverage(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	require.NoError(t, err)
	golden, err := os.ReadFile(filepath.Join("testdata", "coverage", "m10.golden"))
	require.NoError(t, err)
	_, excerpt, ok := strings.Cut(string(readme), "$ cardc coverage M10.json\n")
	require.True(t, ok, "README shows cardc coverage of Magic 2010")
	excerpt, _, ok = strings.Cut(excerpt, "```")
	require.True(t, ok)
	lines := map[string]bool{}
	for _, l := range strings.Split(string(golden), "\n") {
		lines[l] = true
	}
	shown := 0
	for _, l := range strings.Split(strings.TrimSuffix(excerpt, "\n"), "\n") {
		if l == "..." {
			continue
		}
		shown++
		require.True(t, lines[l], "README's excerpt of cardc coverage shows a line coverage does not print: %q", l)
	}
	require.Greater(t, shown, 2)
}

// TestCoverageComparesTheManaCost: a card whose cost is not the set's
// mana cost does not mean what the set's card means, and coverage says
// both costs (a draft of Craw Wurm at {5}{G} was caught only by its own
// test).
func TestCoverageComparesTheManaCost(t *testing.T) {
	set := `{"name": "Test Set", "cards": [
		{"name": "Craw Wurm", "manaCost": "{4}{G}{G}", "type": "Creature — Wurm", "text": ""},
		{"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "text": ""}
	]}`
	name, cards, err := workspace.ReadSet(strings.NewReader(set))
	require.NoError(t, err)
	dir := t.TempDir()
	for file, src := range map[string]string{
		"craw_wurm.card":     "card \"Craw Wurm\" {\n    cost {5}{G}\n    type Creature — Wurm\n    pt 6/4\n    oracle \"\"\n}\n",
		"grizzly_bears.card": "card \"Grizzly Bears\" {\n    cost {1}{G}\n    type Creature — Bear\n    pt 2/2\n    oracle \"\"\n}\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644))
	}
	w, err := workspace.Load([]string{dir})
	require.NoError(t, err)
	cov, err := workspace.Coverage(name, cards, w)
	require.NoError(t, err)
	require.Len(t, cov.Cards, 2)
	wurm, bears := cov.Cards[0], cov.Cards[1]
	require.False(t, *wurm.Same)
	require.Equal(t, []string{`its cost is "{5}{G}"; the set's mana cost is "{4}{G}{G}"`}, wurm.Differences)
	require.True(t, *bears.Same, "%v", bears.Differences)
}

// TestCoverageOfABasicLand: a set gives a basic land no Oracle text; its
// cards print the reminder of the intrinsic mana ability of its basic
// land type (CR 305.6), which coverage compares the card with.
func TestCoverageOfABasicLand(t *testing.T) {
	set := `{"name": "Test Set", "cards": [{"name": "Forest", "type": "Basic Land — Forest", "text": ""}]}`
	name, cards, err := workspace.ReadSet(strings.NewReader(set))
	require.NoError(t, err)
	dir := t.TempDir()
	src := "card \"Forest\" {\n    type Basic Land — Forest\n    oracle \"({T}: Add {G}.)\"\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "forest.card"), []byte(src), 0o644))
	w, err := workspace.Load([]string{dir})
	require.NoError(t, err)
	cov, err := workspace.Coverage(name, cards, w)
	require.NoError(t, err)
	require.True(t, *cov.Cards[0].Same, "%v", cov.Cards[0].Differences)
}

// TestCoverageOfACardTheSetLostTheTextOf: MTGJSON's Magic 2010 gives Goblin
// Piker no text. The library's card is held to its own oracle lines, and
// coverage says so; a card whose abilities differ from them still differs.
func TestCoverageOfACardTheSetLostTheTextOf(t *testing.T) {
	set := `{"name": "Test Set", "cards": [{"name": "Goblin Piker", "manaCost": "{1}{R}", "type": "Creature — Goblin Warrior", "text": ""}]}`
	name, cards, err := workspace.ReadSet(strings.NewReader(set))
	require.NoError(t, err)
	for _, tc := range []struct {
		ability string
		same    bool
	}{
		{"static this can't block", true},
		{"static this can't attack or block", false},
	} {
		dir := t.TempDir()
		src := "card \"Goblin Piker\" {\n    cost {1}{R}\n    type Creature — Goblin Warrior\n    pt 2/1\n    oracle \"Goblin Piker can't block.\"\n\n    " + tc.ability + "\n}\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "goblin_piker.card"), []byte(src), 0o644))
		w, err := workspace.Load([]string{dir})
		require.NoError(t, err)
		cov, err := workspace.Coverage(name, cards, w)
		require.NoError(t, err)
		piker := cov.Cards[0]
		require.Equal(t, tc.same, *piker.Same, "%s: %v", tc.ability, piker.Differences)
		require.Equal(t, []string{"the set gives no Oracle text for it: its own oracle lines are read"}, piker.Notes, tc.ability)
		var out strings.Builder
		cov.WriteText(&out)
		require.Contains(t, out.String(), "    note: the set gives no Oracle text for it: its own oracle lines are read\n")
	}
}
