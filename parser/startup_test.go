package parser

import (
	"os"
	"os/exec"
	"testing"

	"github.com/alecthomas/participle/v2"
)

// TestGrammarIsBuiltOnFirstUse proves that a process builds no grammar
// until it needs one (cardc version parses nothing): a card or a test the
// fast path reads needs none, and a card the fast path hands over (one with
// a syntax error) the grammar, which says what is wrong. It runs in a process of its own, where no other test has parsed
// yet.
func TestGrammarIsBuiltOnFirstUse(t *testing.T) {
	if os.Getenv("CARDC_PARSER_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGrammarIsBuiltOnFirstUse$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CARDC_PARSER_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	if n := grammarsBuilt.Load(); n != 0 {
		t.Fatalf("%d grammars built before anything was parsed", n)
	}
	if _, diags := ParseString("a.card", "card \"A\" {\n    cost {G}\n}\n"); len(diags) > 0 {
		t.Fatal(diags)
	}
	if n := grammarsBuilt.Load(); n != 0 {
		t.Fatalf("%d grammars built for a card the fast path reads; want 0", n)
	}
	if _, diags := ParseString("a_test.card", "test \"t\" {\n    given {\n        you have 3 life\n    }\n}\n"); len(diags) > 0 {
		t.Fatal(diags)
	}
	if n := grammarsBuilt.Load(); n != 0 {
		t.Fatalf("%d grammars built for a card and a test the fast path reads; want 0", n)
	}
	if _, diags := ParseString("b.card", "card \"B\" {\n    cost {G} {\n}\n"); len(diags) == 0 {
		t.Fatal("a card with a syntax error parses")
	}
	if n := grammarsBuilt.Load(); n != 1 {
		t.Fatalf("%d grammars built after a card with a syntax error; want 1", n)
	}
}

// BenchmarkBuildGrammar measures what the first syntax error of a process
// pays for the grammar.
func BenchmarkBuildGrammar(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		participle.MustBuild[declRoot](options...)
	}
}
