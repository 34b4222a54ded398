package main

// Broken and random input fed to every command: nothing may panic, every
// exit code is one the contract allows, fmt never changes a file it cannot
// parse, and the commands agree with one another.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	fuzzcorpus "github.com/cardc/cardc/internal/corpus"
	"github.com/cardc/cardc/report"
	"github.com/cardc/cardc/vm"
)

// cardsGlob finds the real card files the corpus is made from.
const cardsGlob = "../../cards/*.card"

// commandTimeout bounds one run of one command on one input: the inputs are
// small, so anything slower is a hang.
const commandTimeout = 10 * time.Second

// input is one file of the corpus, with a name that says how it was made.
type input struct {
	name string
	data []byte
}

// realCards reads the card library's files.
func realCards(tb testing.TB) []input {
	tb.Helper()
	paths, err := filepath.Glob(cardsGlob)
	require.NoError(tb, err)
	require.NotEmpty(tb, paths, "no card files match %s", cardsGlob)
	var out []input
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(tb, err)
		out = append(out, input{filepath.Base(p), data})
	}
	return out
}

// spread returns up to n indexes spread evenly over [0, size).
func spread(size, n int) []int {
	if size <= 0 {
		return nil
	}
	if size <= n {
		idx := make([]int, size)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i * size / n
	}
	return idx
}

// occurrences returns the offsets of byte c in data.
func occurrences(data []byte, c byte) []int {
	var out []int
	for i, b := range data {
		if b == c {
			out = append(out, i)
		}
	}
	return out
}

func deleteAt(data []byte, i int) []byte {
	return slices.Concat(data[:i], data[i+1:])
}

func insertAt(data []byte, i int, b ...byte) []byte {
	return slices.Concat(data[:i], b, data[i:])
}

// words of the language, for random sequences that get past the lexer.
var words = append(strings.Fields(`card test given when then cost type pt
	oracle spell whenever replace static enters with as this it is you
	opponent control controls has have in hand graveyard battlefield destroy
	deal damage to any target creature gets until end of turn put remove
	counter counters from a an the at beginning next step resolve all cast
	casts targeting attack block advance order triggers log stack events
	event life X = { } {G} {R} {1} {X} {B/R} 0 1 2 3 7 +1/+1 -1/-1 +3/+3 0/0
	7/7 — Creature Instant Hydra . , //`),
	`"Grizzly Bears"`, `"Hill Giant"`, `"Shock"`, `"Protean Hydra"`, `""`,
	"`raw`", "\n", "\n", "\n")

// corpusSize is how many broken inputs TestRobustness tries, besides the
// real files: each costs tens of milliseconds, as every command parses the
// standard cards again.
const corpusSize, shortCorpusSize = 300, 60

// corpus returns the real cards and size inputs made from them, taken evenly
// from all that mutants makes, so that the time the test takes does not
// grow with the card library.
func corpus(tb testing.TB, size int) []input {
	all := mutants(tb)
	out := realCards(tb)
	for _, i := range spread(len(all), size) {
		out = append(out, all[i])
	}
	return out
}

// mutants makes broken inputs from the real cards: prefixes, one byte of
// structure deleted or added, random bytes put in, lines shuffled; then
// random bytes and random sequences of the language's words. It is
// deterministic.
func mutants(tb testing.TB) []input {
	tb.Helper()
	rng := rand.New(rand.NewPCG(2024, 11))
	const cuts, perByte, randomBytes, shuffles, junk = 16, 4, 8, 2, 20
	var out []input
	add := func(format string, data []byte, args ...any) {
		out = append(out, input{fmt.Sprintf(format, args...), data})
	}
	for _, c := range realCards(tb) {
		src := c.data
		for _, n := range spread(len(src), cuts) {
			add("%s/prefix-%d", src[:n], c.name, n)
		}
		add("%s/prefix-%d", src[:len(src)-1], c.name, len(src)-1)
		for _, b := range []byte("{}\"\n") {
			at := occurrences(src, b)
			for _, k := range spread(len(at), perByte) {
				add("%s/delete-%q@%d", deleteAt(src, at[k]), c.name, b, at[k])
			}
			for range perByte {
				i := rng.IntN(len(src) + 1)
				add("%s/insert-%q@%d", insertAt(src, i, b), c.name, b, i)
			}
		}
		for range randomBytes {
			i, b := rng.IntN(len(src)), byte(rng.IntN(256))
			mutant := bytes.Clone(src)
			mutant[i] = b
			add("%s/set-%#x@%d", mutant, c.name, b, i)
			j := rng.IntN(len(src) + 1)
			add("%s/insert-%#x@%d", insertAt(src, j, b), c.name, b, j)
		}
		lines := strings.SplitAfter(string(src), "\n")
		for k := range shuffles {
			shuffled := slices.Clone(lines)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			add("%s/shuffle-%d", []byte(strings.Join(shuffled, "")), c.name, k)
		}
	}
	for k := range junk {
		data := make([]byte, rng.IntN(600))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		add("random-bytes-%d", data, k)
		var text []string
		for range rng.IntN(200) {
			text = append(text, words[rng.IntN(len(words))])
		}
		add("random-words-%d", []byte(strings.Join(text, " ")), k)
	}
	return out
}

// result is what one run of cardc did.
type result struct {
	args           []string
	code           int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("cardc %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), r.code, clip(r.stdout), clip(r.stderr))
}

// clip shortens long output for failure messages.
func clip(s string) string {
	const limit = 2000
	if len(s) > limit {
		return s[:limit] + fmt.Sprintf("... (%d more bytes)", len(s)-limit)
	}
	return s
}

// cardc calls run with args, and fails the test on a panic (run's recover
// prints "internal error") or on an exit code other than 0 or 1 (every
// call here is good usage). A command that does not return in time ends
// the process, with a panic that names it (a test cannot fail from another
// goroutine, and the hung one could not be stopped): the fuzzer keeps the
// input as a crasher. The command runs on the test's goroutine, so that
// no thread is woken for it.
func cardc(t testing.TB, args ...string) result {
	t.Helper()
	watchdog := time.AfterFunc(commandTimeout, func() {
		panic(fmt.Sprintf("cardc %s did not return in %v", strings.Join(args, " "), commandTimeout))
	})
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	watchdog.Stop()
	r := result{args, code, stdout.String(), stderr.String()}
	require.NotContains(t, r.stderr, "internal error", "panic: %v", r)
	require.Contains(t, []int{exitOK, exitFindings}, r.code, "exit code: want 0 or 1: %v", r)
	return r
}

// lintDiagnostics runs cardc lint --format json on path.
func lintDiagnostics(t testing.TB, path string) (result, []report.Diagnostic) {
	t.Helper()
	r := cardc(t, "lint", "--format", "json", path)
	var diags []report.Diagnostic
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &diags), "lint --format json printed no JSON\n%v", r)
	return r, diags
}

// codes returns the severity and code of each diagnostic, sorted: what
// formatting a file must not change.
func codes(diags []report.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Severity+" "+d.Code)
	}
	slices.Sort(out)
	return out
}

func mustWrite(t testing.TB, path string, data []byte) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// checkInput feeds src, as a .card file and as a bundle, to every command:
// every check of checks, on one subject, so that the file is written and
// linted once for them all.
func checkInput(t testing.TB, dir string, src []byte) {
	t.Helper()
	in := &subject{dir: dir, src: src}
	for _, c := range checks {
		c.run(t, in)
	}
}

// A check runs the commands that one property of cardc is about on one
// input, and compares what they do.
type check struct {
	name string
	run  func(t testing.TB, in *subject)
}

// subject is one input under check: src in dir, as the .card file the
// commands read, written on first use, and what lint --format json says of
// it, run on first use. No command changes the file (fmt -w works on a
// copy), so the checks of one input share both; an input of the fuzzer is
// one check on a subject of its own.
type subject struct {
	dir  string
	src  []byte
	card string
	lint *result
	json []report.Diagnostic
}

// file returns the path of the input's .card file.
func (in *subject) file(t testing.TB) string {
	t.Helper()
	if in.card == "" {
		in.card = writeCard(t, in.dir, in.src)
	}
	return in.card
}

// linted returns lint's run on the input's file, and its diagnostics.
func (in *subject) linted(t testing.TB) (result, []report.Diagnostic) {
	t.Helper()
	if in.lint == nil {
		r, diags := lintDiagnostics(t, in.file(t))
		in.lint, in.json = &r, diags
	}
	return *in.lint, in.json
}

// checks are the properties FuzzCommands and TestRobustness check, each
// with the commands it needs: all but the bundle's start with lint, whose
// diagnostics say how the other commands must end.
var checks = []check{
	{"lint", func(t testing.TB, in *subject) {
		checkLint(t, in)
	}},
	{"fmt", func(t testing.TB, in *subject) {
		_, diags := in.linted(t)
		checkFmt(t, in.dir, in.file(t), in.src, diags)
	}},
	{"test", func(t testing.TB, in *subject) {
		_, diags := in.linted(t)
		checkTest(t, in.file(t), diags)
	}},
	{"explain", func(t testing.TB, in *subject) {
		_, diags := in.linted(t)
		checkExplain(t, in.file(t), diags)
	}},
	{"build", func(t testing.TB, in *subject) {
		lint, _ := in.linted(t)
		checkBuild(t, in.dir, in.file(t), lint)
	}},
	{"bundle", func(t testing.TB, in *subject) {
		checkBundle(t, in.dir, in.src)
	}},
}

// writeCard writes src as the input's .card file.
func writeCard(t testing.TB, dir string, src []byte) string {
	t.Helper()
	card := filepath.Join(dir, "in.card")
	mustWrite(t, card, src)
	return card
}

// checkLint runs lint, and checks that it fails exactly when it reports an
// error, and that its SARIF log holds the same findings.
func checkLint(t testing.TB, in *subject) {
	t.Helper()
	lint, diags := in.linted(t)
	card := in.file(t)
	require.Equal(t, errorCode(diags, ""), lint.code, "lint's exit code for diagnostics %v", codes(diags))
	// SARIF: the same findings, in a log that is JSON whatever the input.
	sarif := cardc(t, "lint", "--format", "sarif", card)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(sarif.stdout), &log), "lint --format sarif printed no SARIF log\n%v", sarif)
	require.Len(t, log.Runs, 1, "lint --format sarif printed no SARIF log\n%v", sarif)
	require.Equal(t, lint.code, sarif.code, "lint --format sarif's exit code, against --format json's")
	require.Len(t, log.Runs[0].Results, len(diags), "lint --format sarif's results, against --format json's diagnostics")
}

// checkExplain runs explain: it fails exactly when a card does not
// compile (lint's errors but those of tests), and never panics.
func checkExplain(t testing.TB, card string, diags []report.Diagnostic) {
	t.Helper()
	want := exitOK
	for _, d := range diags {
		if d.Severity == "error" && !strings.HasPrefix(d.Code, "T") {
			want = exitFindings
		}
	}
	r := cardc(t, "explain", card)
	require.Equal(t, want, r.code, "explain's exit code (lint: %v)\n%v", codes(diags), r)
	require.NotContains(t, r.stderr, "internal error", "explain (lint: %v)\n%v", codes(diags), r)
}

// errorCode is the exit code due for diagnostics: 1 if any is an error
// whose code starts with prefix, else 0.
func errorCode(diags []report.Diagnostic, prefix string) int {
	for _, d := range diags {
		if d.Severity == "error" && strings.HasPrefix(d.Code, prefix) {
			return exitFindings
		}
	}
	return exitOK
}

// checkFmt runs fmt -l, -d and -w. They fail exactly when the file does not
// parse (a P code; any other failure is the formatter refusing its own
// output, P900), never change a file they cannot format, and what -w
// writes is formatted for good and keeps the file's diagnostics.
func checkFmt(t testing.TB, dir, card string, src []byte, diags []report.Diagnostic) {
	t.Helper()
	want := errorCode(diags, "P")
	for _, flag := range []string{"-l", "-d"} {
		r := cardc(t, "fmt", flag, card)
		require.Equal(t, want, r.code, "fmt %s's exit code (lint: %v)\n%v", flag, codes(diags), r)
	}
	require.Equal(t, string(src), string(mustRead(t, card)), "fmt without -w changed the file")

	// -w works on a copy, so that the other commands see the input.
	path := filepath.Join(dir, "copy.card")
	mustWrite(t, path, src)
	w := cardc(t, "fmt", "-w", path)
	formatted := mustRead(t, path)
	switch {
	case w.code != exitOK:
		require.True(t, bytes.Equal(formatted, src), "fmt -w changed a file it could not format\n%v\nbefore:\n%q\nafter:\n%q", w, clip(string(src)), clip(string(formatted)))
	case !bytes.Equal(formatted, src):
		r := cardc(t, "fmt", "-l", path)
		require.Empty(t, r.stdout, "fmt is not idempotent: fmt -l lists the file fmt -w wrote\n%v\nformatted:\n%s", r, clip(string(formatted)))
		_, after := lintDiagnostics(t, path)
		if diff := cmp.Diff(codes(diags), codes(after)); diff != "" {
			t.Fatalf("fmt -w changed the diagnostics (-before +after):\n%s\nformatted:\n%s", diff, clip(string(formatted)))
		}
	}
}

// summary is the last line of cardc test.
var summary = regexp.MustCompile(`(?m)^(\d+) passed, (\d+) failed\n\z`)

// checkTest runs test -v. It ends with the summary line, and fails exactly
// when a test fails or a card has an error (a P or C code): the tests of
// the cards that compile still run, and the errors go to stderr. Only an
// error that belongs to no card stops every test, printing nothing on
// stdout and saying that no test was run.
func checkTest(t testing.TB, card string, diags []report.Diagnostic) {
	t.Helper()
	r := cardc(t, "test", "-v", card)
	if errorCode(diags, "P") == exitFindings || errorCode(diags, "C") == exitFindings {
		const want = "test of cards with errors %v: want exit 1 and the errors on stderr\n%v"
		require.Equal(t, exitFindings, r.code, want, codes(diags), r)
		require.Contains(t, r.stderr, ": error: ", want, codes(diags), r)
		if r.stdout == "" && strings.Contains(r.stderr, "no test was run") {
			return
		}
		require.Regexp(t, summary, r.stdout, "test output of cards with errors does not end with \"N passed, N failed\"\n%v", r)
		return
	}
	m := summary.FindStringSubmatch(r.stdout)
	require.NotNil(t, m, "test output does not end with \"N passed, N failed\"\n%v", r)
	want := map[bool]int{false: exitOK, true: exitFindings}[m[2] != "0"]
	require.Equal(t, want, r.code, "test's exit code after %q\n%v", m[0], r)
}

// checkBuild runs build and disasm: build succeeds when lint does, disasm of
// the sources fails when build does, and disasm of the bundle prints what
// disasm of the sources prints.
func checkBuild(t testing.TB, dir, card string, lint result) {
	t.Helper()
	bundle := filepath.Join(dir, "out.bin")
	build := cardc(t, "build", "-o", bundle, card)
	dis := cardc(t, "disasm", card)
	if lint.code == exitOK {
		require.Equal(t, exitOK, build.code, "lint passes but build fails\n%v", build)
	}
	require.Equal(t, build.code, dis.code, "build's exit code, and disasm's of the same file\n%v\n%v", build, dis)
	if build.code != exitOK {
		return
	}
	fromBundle := cardc(t, "disasm", bundle)
	require.Equal(t, exitOK, fromBundle.code, "disasm of the bundle\n%v", fromBundle)
	require.Equal(t, dis.stdout, fromBundle.stdout, "disasm of the bundle differs from disasm of its source")
}

// checkBundle gives data to disasm as a compiled bundle.
func checkBundle(t testing.TB, dir string, data []byte) {
	t.Helper()
	path := filepath.Join(dir, "raw.bin")
	mustWrite(t, path, data)
	r := cardc(t, "disasm", path)
	if r.code == exitFindings {
		require.True(t, strings.HasPrefix(r.stderr, "cardc disasm: "), "disasm fails without saying why\n%v", r)
	}
}

// bundleMutants cuts and flips the bundle of the real cards.
func bundleMutants(t *testing.T, short bool) []input {
	dir := t.TempDir()
	var paths []string
	for _, c := range realCards(t) {
		if !strings.HasSuffix(c.name, "_test.card") {
			p := filepath.Join(dir, c.name)
			mustWrite(t, p, c.data)
			paths = append(paths, p)
		}
	}
	bundle := filepath.Join(dir, "cards.bin")
	r := cardc(t, append([]string{"build", "-o", bundle}, paths...)...)
	require.Equal(t, exitOK, r.code, "the card library does not build\n%v", r)
	data := mustRead(t, bundle)
	cuts, flips := 200, 400
	if short {
		cuts, flips = 50, 100
	}
	rng := rand.New(rand.NewPCG(7, 7))
	out := []input{{"bundle", data}}
	for _, n := range spread(len(data), cuts) {
		out = append(out, input{fmt.Sprintf("bundle/prefix-%d", n), data[:n]})
	}
	for range flips {
		i, b := rng.IntN(len(data)), byte(rng.IntN(256))
		mutant := bytes.Clone(data)
		mutant[i] = b
		out = append(out, input{fmt.Sprintf("bundle/set-%#x@%d", b, i), mutant})
	}
	return out
}

// TestRobustness runs every command on the real cards, on a corpus of
// broken ones, and on issue 8's reproductions: FuzzCommands's seeds, with
// every check.
func TestRobustness(t *testing.T) {
	t.Parallel()
	size := corpusSize
	if testing.Short() {
		size = shortCorpusSize
	}
	scratch := scratchDir(t) // in memory where the machine allows: writing files costs more than many inputs' commands
	for _, in := range append(corpus(t, size), reproductions(t)...) {
		t.Run(in.name, func(t *testing.T) {
			t.Parallel()
			dir, err := os.MkdirTemp(scratch, "in-")
			require.NoError(t, err)
			checkInput(t, dir, in.data)
		})
	}
}

// TestRobustnessBundles runs disasm on bundles cut short or with a byte
// changed.
func TestRobustnessBundles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, in := range bundleMutants(t, testing.Short()) {
		t.Run(in.name, func(t *testing.T) {
			checkBundle(t, dir, in.data)
		})
	}
}

// FuzzCommands is TestRobustness for inputs of the fuzzer's making:
//
//	go test -run XXX -fuzz FuzzCommands -fuzztime 60s -fuzzminimizetime 5s ./cmd/cardc
//
// An input is a source and a check (its index in checks, modulo their
// number): the fuzzer mutates both, and keeps a pair whose commands reach
// new code. A check runs the commands it compares, two to six of them, in
// this process (run takes the arguments and the output streams and
// returns the exit code); all the checks of an input would be a dozen
// commands. So an input costs what one property of cardc costs, and the
// fuzzer tries four to five times as many sources a second as it would
// with every command on each: about 2,700 inputs a second on a 2-core
// machine (2,500 to 2,900 in a steady run of 90 s), one fuzzing process
// per core, under the fuzzer's coverage instrumentation (which doubles the
// cost of a command). Nearly every
// input finds new coverage in so large a program, and the fuzzer
// minimizes each one it keeps: with the default -fuzzminimizetime of 60s
// the workers spend most of their time minimizing, and the execs count
// shown stands still meanwhile; with -fuzzminimizetime 0 it shows the
// real pace.
//
// The seeds are the real cards, 20 inputs of TestRobustness's corpus and
// the reproductions of issue 8 (testdata/reproductions), each with every
// check. The reproductions are binary junk, invalid UTF-8, a BOM, CRLF
// and CR-only line endings, long lines and identifiers, deep nesting, long
// sums and products, huge numbers, bad escapes, a damaged bundle, a
// fanning trigger, many cards, at the sizes (10,000 nested ifs,
// 10,000 open braces, sums and products of 8,000 terms, 2 MB... lines cut
// to 200 KB), except many_cards: a file of 50,000 cards is measured by
// hand (README, Working on cardc), not run by go test. The seeds are added
// only when fuzzing: under go test, TestRobustness runs every check on
// each of them (and on 280 more broken inputs), linting each file once
// for all its checks. What the fuzzer finds goes to
// testdata/fuzz/FuzzCommands, which go test runs.
func FuzzCommands(f *testing.F) {
	if fuzzcorpus.Fuzzing() {
		for _, in := range append(corpus(f, 20), reproductions(f)...) {
			for i := range checks {
				f.Add(uint8(i), in.data)
			}
		}
	}
	dir := scratchDir(f)
	// An input's commands make a few megabytes of garbage over a live
	// heap of a few more: the collector would run several times an input.
	// A fuzzing process has memory to spare; it collects a quarter as
	// often (13% more inputs a second).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	f.Fuzz(func(t *testing.T, i uint8, src []byte) {
		checks[int(i)%len(checks)].run(t, &subject{dir: dir, src: src})
	})
}

// reproductionsDir holds, one file each, the inputs of issue 8's
// reproductions that are a file's contents.
const reproductionsDir = "testdata/reproductions"

// reproductions reads the files of reproductionsDir.
func reproductions(tb testing.TB) []input {
	tb.Helper()
	entries, err := os.ReadDir(reproductionsDir)
	require.NoError(tb, err)
	var out []input
	for _, e := range entries {
		out = append(out, input{"reproductions/" + e.Name(), mustRead(tb, filepath.Join(reproductionsDir, e.Name()))})
	}
	require.NotEmpty(tb, out, "no reproductions in %s", reproductionsDir)
	return out
}

// scratchDir returns a directory for the files of one input after another,
// removed at the end: the inputs of a fuzzing process run one at a time,
// and every file an input reads is written afresh by checkInput. It is
// on a memory file system where the machine has one (/dev/shm, Linux):
// making, writing and removing files on a disk costs more than most
// inputs' commands.
func scratchDir(tb testing.TB) string {
	parent := ""
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		parent = "/dev/shm"
	}
	dir, err := os.MkdirTemp(parent, "cardc-fuzz-")
	if err != nil {
		dir = tb.TempDir()
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// TestBundleFlipsAreErrors changes 1,000 bytes of the card library's bundle,
// one at a time, chosen with a fixed seed: without a checksum, about 300 of
// them decoded into a different program. Each must now be an error that
// disasm reports.
func TestBundleFlipsAreErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var paths []string
	for _, c := range realCards(t) {
		if !strings.HasSuffix(c.name, "_test.card") {
			p := filepath.Join(dir, c.name)
			mustWrite(t, p, c.data)
			paths = append(paths, p)
		}
	}
	bundle := filepath.Join(dir, "cards.cardvm")
	r := cardc(t, append([]string{"build", "-o", bundle}, paths...)...)
	require.Equal(t, exitOK, r.code, "the card library does not build\n%v", r)
	data := mustRead(t, bundle)
	_, err := vm.Decode(data)
	require.NoError(t, err, "the bundle does not decode")
	rng := rand.New(rand.NewPCG(8, 8))
	for n := range 1000 {
		i := rng.IntN(len(data))
		mutant := bytes.Clone(data)
		mutant[i] ^= byte(1 + rng.IntN(255)) // never 0: the byte changes
		_, err := vm.Decode(mutant)
		require.Error(t, err, "flip %d: byte %d changed from %#x to %#x decodes without error", n, i, data[i], mutant[i])
		if n%100 == 0 { // and through the command, now and then
			path := filepath.Join(dir, "damaged.cardvm")
			mustWrite(t, path, mutant)
			r := cardc(t, "disasm", path)
			const want = "disasm of a damaged bundle: want exit 1, its name on stderr, nothing on stdout\n%v"
			require.Equal(t, exitFindings, r.code, want, r)
			require.Contains(t, r.stderr, "damaged.cardvm", want, r)
			require.Empty(t, r.stdout, want, r)
		}
	}
}

// BenchmarkCommandsPerInput is the cost of every check on one file of the
// seed corpus, in this process: the cost of one source under each check
// of FuzzCommands (an input of the fuzzer is one source and one check),
// before coverage instrumentation.
func BenchmarkCommandsPerInput(b *testing.B) {
	in := corpus(b, 20)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		dir := b.TempDir()
		for _, c := range checks { // each on a subject of its own, as the fuzzer runs them
			c.run(b, &subject{dir: dir, src: in[i%len(in)].data})
		}
		i++
	}
}
