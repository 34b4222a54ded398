package parser

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/internal/corpus"
)

// fastCheck parses each declaration of src on the fast path and with
// participle alone, and fails t wherever the fast path succeeds and
// participle does not agree. It returns the declarations the fast path
// read, and the ones it gave up on (by their first words).
func fastCheck(t *testing.T, name, src string) (read int, fellBack []string) {
	t.Helper()
	toks, _ := lexAll(name, normalize([]byte(src)))
	for _, ch := range splitDecls(toks) {
		if _, deep := tooDeep(ch); deep {
			continue
		}
		fast, ok := fastDecl(ch, nil)
		if !ok {
			fellBack = append(fellBack, declWords(ch))
			continue
		}
		read++
		slow, d := participleDecl(ch)
		if d != nil { // declText is made only on failure, as in fastItemCheck
			require.Failf(t, "the fast path reads a declaration participle rejects", "%s (%s):\n%s", name, d, declText(src, ch))
		}
		if card, ok := fast.(*dsl.Card); ok {
			for _, item := range card.Items {
				fastItemCheck(t, name, src, ch, item)
			}
		}
		if !reflect.DeepEqual(slow, fast) {
			// go-cmp on two deep trees that differ takes exponential
			// time (it looks for the best alignment of every slice at
			// every level): show them flattened, a line per field.
			diff := cmp.Diff(flatten(slow), flatten(fast))
			t.Fatalf("%s: the fast path's tree differs from participle's (-participle +fast):\n%s\n%s", name, diff, declText(src, ch))
		}
	}
	return read, fellBack
}

// TestFastPathConformance holds the fast path to participle on every .card
// file of the project: where the fast path reads a declaration, its tree
// is participle's, positions included; Parse gives the same file and
// diagnostics with the fast path as without; and the fast path reads every
// card and every test of the card library, so that it is the path a
// library takes.
func TestFastPathConformance(t *testing.T) {
	var paths []string
	for _, pattern := range corpus.CardFiles {
		more, err := filepath.Glob(pattern)
		require.NoError(t, err)
		paths = append(paths, more...)
	}
	require.NotEmpty(t, paths, "no .card files found")
	total := 0
	for _, path := range paths {
		src := corpus.Seeds(t, path)[0]
		read, fellBack := fastCheck(t, path, src)
		sameParse(t, path, src)
		total += read
		if strings.HasPrefix(path, "../cards/") {
			for _, w := range fellBack {
				assert.False(t, strings.HasPrefix(w, "card ") || strings.HasPrefix(w, "test "), "%s: the fast path gives up on %s", path, w)
			}
		}
	}
	require.NotZero(t, total, "the fast path read no declaration")
	t.Logf("the fast path read %d declarations", total)
}

// fastItemCheck parses the tokens of a line of a card on its own, as
// ParseCardItem does, on the fast path and with participle, and fails t if
// the fast path does not read it or reads it otherwise.
func fastItemCheck(t *testing.T, name, src string, decl []lexer.Token, item dsl.CardItem) {
	t.Helper()
	var line []lexer.Token
	for _, tk := range decl {
		if tk.Pos.Offset >= item.Position().Offset && tk.Pos.Offset < itemEnd(item).Offset {
			line = append(line, tk)
		}
	}
	// The text of the line is made only on failure: declText cannot cut
	// every line a passing check sees (its end runs past the source on
	// the last line of some files).
	fast, ok := fastCardItem(line)
	if !ok {
		require.Failf(t, "the fast path does not read a line of a card it read in the card", "%s:\n%s", name, declText(src, line))
	}
	slow, err := participleCardItem(line)
	if err != nil {
		require.Failf(t, "the fast path reads a card line participle rejects", "%s (%v):\n%s", name, err, declText(src, line))
	}
	if !reflect.DeepEqual(slow, fast) {
		t.Fatalf("%s: the fast path's card line differs from participle's (-participle +fast):\n%s\n%s",
			name, cmp.Diff(flatten(slow), flatten(fast)), declText(src, line))
	}
}

// itemEnd returns where a line of a card ends.
func itemEnd(item dsl.CardItem) dsl.Pos {
	return reflect.ValueOf(item).Elem().FieldByName("EndPos").Interface().(dsl.Pos)
}

// sameParse checks that Parse gives the same file and diagnostics with the
// fast path and without it.
func sameParse(t *testing.T, name, src string) {
	t.Helper()
	fastFile, fastDiags := ParseString(name, src)
	defer func(was bool) { useFastPath = was }(useFastPath)
	useFastPath = false
	slowFile, slowDiags := ParseString(name, src)
	if !reflect.DeepEqual(slowFile, fastFile) {
		t.Errorf("%s: Parse gives another file with the fast path (-participle +fast):\n%s", name, cmp.Diff(flatten(slowFile), flatten(fastFile)))
	}
	if diff := cmp.Diff(slowDiags, fastDiags); diff != "" {
		t.Errorf("%s: Parse gives other diagnostics with the fast path (-participle +fast):\n%s", name, diff)
	}
}

// FuzzFastParse checks that whenever the fast path reads a declaration,
// participle reads it too, into an equal tree. Its seeds, added when
// fuzzing, are the project's .card files, whole and cut into
// declarations; under go test, TestFastPathConformance makes the same
// check on every declaration of those files.
func FuzzFastParse(f *testing.F) {
	if corpus.Fuzzing() {
		for _, s := range corpus.Seeds(f, corpus.CardFiles...) {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		fastCheck(t, "fuzz.card", src)
	})
}

// declWords returns the first two tokens of a declaration, to name it.
func declWords(toks []lexer.Token) string {
	var words []string
	for _, tk := range toks {
		if len(words) == 2 {
			break
		}
		if tk.Type != tokComment && tk.Type != tokSep {
			words = append(words, tk.Value)
		}
	}
	return strings.Join(words, " ")
}

// declText returns the source of a declaration, for a failure message.
func declText(src string, toks []lexer.Token) string {
	return src[toks[0].Pos.Offset:endOf(toks[len(toks)-1]).Offset]
}

// flatten lists the fields of a tree, a line each: its path and value.
func flatten(v any) []string {
	var out []string
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				out = append(out, path+" = nil")
				return
			}
			walk(path, v.Elem())
		case reflect.Struct:
			if v.Type() == reflect.TypeOf(lexer.Position{}) {
				out = append(out, fmt.Sprintf("%s = %v", path, v.Interface()))
				return
			}
			for i := 0; i < v.NumField(); i++ {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		case reflect.Slice:
			if v.IsNil() {
				out = append(out, path+" = nil slice")
			}
			for i := 0; i < v.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
		default:
			out = append(out, fmt.Sprintf("%s = %#v", path, v.Interface()))
		}
	}
	walk("", reflect.ValueOf(v))
	return out
}

// TestEveryStatementHasAFastReader checks that each statement of given,
// when and then has one reader on the fast path, and that each reader
// reads a statement of the grammar: a new step of the test language is a
// node type in dsl's unions and a row of testReaders.
func TestEveryStatementHasAFastReader(t *testing.T) {
	readers := map[reflect.Type]testReader{}
	for _, r := range testReaders() {
		_, dup := readers[r.typ]
		assert.False(t, dup, "two readers of %v in testReaders", r.typ)
		readers[r.typ] = r
	}
	members := map[reflect.Type]bool{}
	for _, s := range dsl.GivenStmts() {
		typ := reflect.TypeOf(s)
		members[typ] = true
		assert.NotNil(t, readers[typ].given, "no reader of %v, a statement of given, in testReaders", typ)
	}
	for _, a := range dsl.Actions() {
		typ := reflect.TypeOf(a)
		members[typ] = true
		assert.NotNil(t, readers[typ].action, "no reader of %v, a statement of when, in testReaders", typ)
	}
	for _, a := range dsl.Assertions() {
		typ := reflect.TypeOf(a)
		members[typ] = true
		assert.NotNil(t, readers[typ].assertion, "no reader of %v, a statement of then, in testReaders", typ)
	}
	for typ := range readers {
		assert.True(t, members[typ], "testReaders reads %v, which is no statement of dsl.GivenStmts, dsl.Actions or dsl.Assertions", typ)
	}
}
