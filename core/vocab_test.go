package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEveryFieldHasAGetter checks that the core reads every field of every
// event kind of the vocabulary.
func TestEveryFieldHasAGetter(t *testing.T) {
	for f, get := range fieldGetters {
		assert.NotNil(t, get, "field %s has no getter in fieldGetters", fields[f].name)
	}
}

// TestEveryFuncIsImplemented checks that the core implements every action
// and query of the vocabulary.
func TestEveryFuncIsImplemented(t *testing.T) {
	for fn, impl := range hostImpls {
		assert.NotNil(t, impl, "%s has no implementation in hostImpls", funcs[fn].name)
	}
}
