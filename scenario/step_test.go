package scenario

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
)

// TestEveryStatementIsAStep checks that each statement of the grammar's
// given, when and then (dsl.GivenStmts, dsl.Actions, dsl.Assertions) is
// declared as one step of its block, with a way to run it, and that no
// step is declared for anything else: a new step of the test language is
// one declaration of given.go, when.go or then.go.
func TestEveryStatementIsAStep(t *testing.T) {
	steps := allSteps()
	require.Empty(t, duplicated, "node types declared as two steps")
	want := map[reflect.Type]section{}
	for _, s := range dsl.GivenStmts() {
		want[reflect.TypeOf(s)] = sectionGiven
	}
	for _, a := range dsl.Actions() {
		want[reflect.TypeOf(a)] = sectionWhen
	}
	for _, a := range dsl.Assertions() {
		want[reflect.TypeOf(a)] = sectionThen
	}
	for typ, sec := range want {
		st, ok := steps[typ]
		if !assert.True(t, ok, "no step is declared for %v", typ) {
			continue
		}
		assert.Equal(t, sec, st.section, "the step of %v is declared in the wrong block", typ)
		assert.NotNil(t, st.run, "the step of %v has no Setup, Run or Assert", typ)
	}
	for typ := range steps {
		_, ok := want[typ]
		assert.True(t, ok, "a step is declared for %v, which is no statement of dsl.GivenStmts, dsl.Actions or dsl.Assertions", typ)
	}
}
