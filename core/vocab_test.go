package core

import (
	"bytes"
	"os"
	"testing"

	"github.com/cardc/cardc/internal/gen/coretables/tables"
)

// TestVocabGenIsFresh regenerates the tables of names from the stdlib and
// compares them with vocab_gen.go.
func TestVocabGenIsFresh(t *testing.T) {
	want, err := tables.Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("vocab_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("core/vocab_gen.go is stale: the stdlib vocabulary changed; run `go generate ./core`")
	}
}

// TestEveryFieldHasAGetter checks that the core reads every field of every
// event kind of the vocabulary.
func TestEveryFieldHasAGetter(t *testing.T) {
	for f, get := range fieldGetters {
		if get == nil {
			t.Errorf("field %s has no getter in fieldGetters", fields[f].name)
		}
	}
}

// TestEveryFuncIsImplemented checks that the core implements every action
// and query of the vocabulary.
func TestEveryFuncIsImplemented(t *testing.T) {
	for fn, impl := range hostImpls {
		if impl == nil {
			t.Errorf("%s has no implementation in hostImpls", funcs[fn].name)
		}
	}
}
