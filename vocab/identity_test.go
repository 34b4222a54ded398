package vocab_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/stdlib"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// stdlibWith loads the stdlib after edit has changed its files' text.
func stdlibWith(t *testing.T, edit func(name, src string) string) *vocab.Vocab {
	t.Helper()
	names, err := fs.Glob(stdlib.FS, "*.card")
	require.NoError(t, err)
	fsys := fstest.MapFS{}
	for _, name := range names {
		src, err := fs.ReadFile(stdlib.FS, name)
		require.NoError(t, err)
		fsys[name] = &fstest.MapFile{Data: []byte(edit(name, string(src)))}
	}
	v, err := vocab.Load(fsys)
	require.NoError(t, err)
	return v
}

func standard(t *testing.T) *vocab.Vocab {
	t.Helper()
	v, err := vocab.Standard()
	require.NoError(t, err)
	return v
}

func TestIdentityOfTheStandardVocabulary(t *testing.T) {
	id := standard(t).Identity()
	require.Equal(t, "cardc.std", id.Name)
	require.Empty(t, id.Check(), "the identity must be valid in a bundle")
	require.Len(t, id.Hash, 64)
}

// TestHashIgnoresTheWriting proves the hash is of what the vocabulary
// declares, not of its files: comments, blank lines, indentation, docs,
// phrases, the order of declarations and the names of a function's
// parameters (a host gets arguments by position) do not change it.
func TestHashIgnoresTheWriting(t *testing.T) {
	want := standard(t).Identity().Hash
	docRE := regexp.MustCompile(`doc "(\\.|[^"\\\n])*"`)
	for _, c := range []struct {
		name string
		edit func(name, src string) string
	}{
		{"comments and blank lines", func(_, src string) string {
			return "// A comment the hash ignores.\n\n" + strings.ReplaceAll(src, "\n}\n", "\n}\n\n// between\n\n")
		}},
		{"indentation", func(_, src string) string { return strings.ReplaceAll(src, "\n    ", "\n\t") }},
		{"docs", func(_, src string) string { return docRE.ReplaceAllString(src, `doc "Reworded."`) }},
		{"a phrase more", func(name, src string) string {
			if name != "actions.card" {
				return src
			}
			return strings.Replace(src, `phrase "destroy {object}"`, "phrase \"destroy {object}\"\n    phrase \"wreck {object}\"", 1)
		}},
		{"the order of declarations", func(name, src string) string {
			// Move the first event declaration to the end of its file.
			i := strings.Index(src, "event damage {")
			if i < 0 {
				return src
			}
			j := i + strings.Index(src[i:], "\n}\n") + 3
			return src[:i] + src[j:] + "\n" + src[i:j]
		}},
		{"a parameter's name", func(name, src string) string {
			src = strings.Replace(src, "action destroy(object: object)", "action destroy(permanent: object)", 1)
			src = strings.Replace(src, `phrase "destroy {object}"`, `phrase "destroy {permanent}"`, 1)
			src = strings.Replace(src, "stale ignored\n    moves object to graveyard\n    phrase \"destroy", "stale ignored\n    moves permanent to graveyard\n    phrase \"destroy", 1)
			return strings.Replace(src, `oracle "destroy {object}"`, `oracle "destroy {permanent}"`, 1)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := stdlibWith(t, c.edit)
			require.Equal(t, want, v.Identity().Hash)
		})
	}
}

// TestHashChangesWithTheContract proves that what a host must know changes
// the hash: a parameter's type, a result, a name added or removed.
func TestHashChangesWithTheContract(t *testing.T) {
	std := standard(t).Identity()
	for _, c := range []struct{ name, old, new string }{
		{"a parameter more", `action destroy(object: object) {
    doc "Destroy a permanent (CR 701.8). Regeneration and other replacement effects may replace it."
    called from body, replace
    takes effect after the event
    stale ignored
    moves object to graveyard
    phrase "destroy {object}"`, `action destroy(object: object, why: number) {
    called from body, replace
    takes effect after the event
    stale ignored
    moves object to graveyard
    phrase "destroy {object}" with why = 1`},
		{"a parameter's type", "action lose_life(player: player, amount: number)", "action lose_life(player: target, amount: number)"},
		{"a result", "query power(object: object): number", "query power(object: object): bool"},
		{"a field's type", "    source: object\n    target: target\n", "    source: target\n    target: target\n"},
		{"a counter kind more", "counters ", "counters oil "},
		{"an action more", "action destroy(object: object)", "action exile_it(object: object) { called from body; takes effect after the event; stale ignored }\naction destroy(object: object)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			found := false
			v := stdlibWith(t, func(_, src string) string {
				if strings.Contains(src, c.old) {
					found = true
				}
				return strings.Replace(src, c.old, c.new, 1)
			})
			require.True(t, found, "the stdlib no longer holds %q", c.old)
			id := v.Identity()
			require.NotEqual(t, std.Hash, id.Hash)
			require.Equal(t, std.Name, id.Name)
		})
	}
}

func TestVocabularyDeclaration(t *testing.T) {
	id := stdlibWith(t, func(name, src string) string {
		return regexp.MustCompile(`version 1\.\d+`).ReplaceAllString(src, "version 1.7")
	}).Identity()
	require.Equal(t, 7, id.Minor)
	require.Equal(t, standard(t).Identity().Hash, id.Hash, "the version is not part of the hash")

	for _, c := range []struct{ name, src, want string }{
		{"none", "types creature\n", "the vocabulary does not say which it is"},
		{"twice", "vocabulary \"a\" version 1.0\nvocabulary \"a\" version 1.1\n", "the vocabulary is already declared at stdlib/v.card:1"},
		{"a space in the name", "vocabulary \"a b\" version 1.0\n", `vocabulary name "a b" holds a space`},
		{"a version too big", "vocabulary \"a\" version 70000.0\n", "version 70000.0 out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := vocab.Load(fstest.MapFS{"v.card": {Data: []byte(c.src)}})
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
}

// contractPath records the standard vocabulary's version and contract.
var contractPath = filepath.Join("testdata", "contract.golden")

// TestContractNeedsAVersion keeps the compatibility policy: when the
// declarations a host must know change, the version in
// stdlib/vocabulary.card must go up — the minor version if names were only
// added, the major version if any was removed or changed. It compares the
// contract with the one recorded in testdata/contract.golden, which
// go generate ./... rewrites once the version is right (and refuses to,
// saying what to bump, until it is).
func TestContractNeedsAVersion(t *testing.T) {
	data, err := os.ReadFile(contractPath)
	require.NoError(t, err, "run go generate ./... to create it")
	record, err := standard(t).ContractRecord(string(data))
	require.NoError(t, err)
	require.Equal(t, string(data), record, "%s is stale: run go generate ./...", contractPath)
}

// TestContractRecord: the record of a contract is refused when names are
// added without a minor version, or removed without a major one, or when
// the record has a merge conflict; it is taken with the version bumped.
func TestContractRecord(t *testing.T) {
	v := standard(t)
	record, err := v.ContractRecord("")
	require.NoError(t, err)
	id := v.Identity()
	lines := strings.Split(strings.TrimSuffix(record, "\n"), "\n")
	require.Equal(t, id.Name+" "+strconv.Itoa(id.Major)+"."+strconv.Itoa(id.Minor), lines[0])
	require.Equal(t, v.Contract(), lines[1:])

	same, err := v.ContractRecord(record)
	require.NoError(t, err)
	require.Equal(t, record, same)

	// The record of a version before, with one name fewer: this one added
	// a name, which a minor version must say.
	older := func(major, minor int) string {
		return id.Name + " " + strconv.Itoa(major) + "." + strconv.Itoa(minor) + "\n" + strings.Join(lines[2:], "\n") + "\n"
	}
	_, err = v.ContractRecord(older(id.Major, id.Minor))
	require.ErrorContains(t, err, "bump the minor version")
	require.ErrorContains(t, err, "\t+ "+lines[1])
	before := older(id.Major, id.Minor-1)
	if id.Minor == 0 {
		before = older(id.Major-1, 99)
	}
	got, err := v.ContractRecord(before)
	require.NoError(t, err)
	require.Equal(t, record, got)

	// A name of the record the contract lacks: removed, a major change.
	removed := record + "name counter:nosuchcounter\n"
	_, err = v.ContractRecord(strings.Replace(removed, lines[0], id.Name+" "+strconv.Itoa(id.Major)+".0", 1))
	require.ErrorContains(t, err, "bump the major version")
	require.ErrorContains(t, err, "\t- name counter:nosuchcounter")

	_, err = v.ContractRecord("<<<<<<< HEAD\n" + record + "=======\n" + record + ">>>>>>> other\n")
	require.ErrorContains(t, err, "merge conflict")
	_, err = v.ContractRecord("cardc.std\n")
	require.ErrorContains(t, err, "not a name and a version")
}

func TestBump(t *testing.T) {
	v := func(major, minor int) vm.Vocabulary { return vm.Vocabulary{Name: "v", Major: major, Minor: minor} }
	old := []string{"action destroy(object)", "event life { amount: number, player: player }", "query power(object): number"}
	for _, c := range []struct {
		name     string
		new      []string
		bump     string
		from, to vm.Vocabulary
		ok       bool
	}{
		{"the same", old, "", v(1, 0), v(1, 0), true},
		{"added, minor bump", append(slices.Clone(old), "name counter:oil"), "minor", v(1, 0), v(1, 1), true},
		{"added, major bump", append(slices.Clone(old), "name counter:oil"), "minor", v(1, 3), v(2, 0), true},
		{"added, no bump", append(slices.Clone(old), "name counter:oil"), "minor", v(1, 0), v(1, 0), false},
		{"removed, minor bump", old[:1], "major", v(1, 0), v(1, 1), false},
		{"field added, minor bump", []string{old[0], "event life { amount: number, cost: bool, player: player }", old[2]}, "minor", v(1, 0), v(1, 1), true},
		{"field removed", []string{old[0], "event life { amount: number }", old[2]}, "major", v(1, 0), v(1, 1), false},
		{"field's type changed", []string{old[0], "event life { amount: bool, player: player }", old[2]}, "major", v(1, 0), v(1, 1), false},
		{"removed, major bump", old[:1], "major", v(1, 4), v(2, 0), true},
		{"type changed", []string{"action destroy(target)", old[1], old[2]}, "major", v(1, 0), v(1, 1), false},
		{"renamed vocabulary", old, "", v(1, 0), vm.Vocabulary{Name: "w", Major: 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.bump, vocab.Bump(old, c.new))
			require.Equal(t, c.ok, vocab.Bumped(c.from, c.to, c.bump))
		})
	}
}

// TestBumpKeywords checks that a keyword name a declared keyword still
// reads is no removal: a program that names it still links. One it no
// longer reads is.
func TestBumpKeywords(t *testing.T) {
	old := []string{"name keyword:flying", "name keyword:islandwalk", "name keyword:persist", "name keyword:protection from black"}
	for _, c := range []struct {
		name string
		new  []string
		bump string
	}{
		{"a form reads each", []string{"name keyword:flying", "keyword landwalk: {subtype}walk", "keyword persist: persist",
			"keyword protection: protection from {quality}"}, "minor"},
		{"a name no form reads", []string{"name keyword:flying", "keyword landwalk: {subtype}walk", "keyword persist: persist",
			"keyword protection: protection against {quality}"}, "major"},
		{"a glued form needs its text", []string{"name keyword:flying", "keyword landwalk: {subtype}stride", "keyword persist: persist",
			"keyword protection: protection from {quality}"}, "major"},
		{"a plain name gone", []string{"keyword landwalk: {subtype}walk", "keyword persist: persist",
			"keyword protection: protection from {quality}"}, "major"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.bump, vocab.Bump(old, c.new))
		})
	}
}
