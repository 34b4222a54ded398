package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// TestStructure checks the structure Explain gives of a card's abilities:
// one for each keyword (not the abilities the compiler gives persist and
// graft), each ability with what its phrases read as, in order.
func TestStructure(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	src := `card "Structure" {
    cost {3}{G}
    type Creature — Elf
    pt 0/0
    oracle ""

    keywords flying, graft 2, persist
    whenever this attacks, if this has a +1/+1 counter on it {
        target creature as creature gets +1/+1 until end of turn
        at the beginning of the next end step {
            destroy creature
        }
    }
    static creatures you control have ` + "`{T}: add {G}`" + `
    {1}, {T}: draw a card, activate only as a sorcery
}
`
	f, diags := parser.Parse("structure.card", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	e, diags := compiler.Explain(v, f.Decls[0].(*dsl.Card))
	require.NotNil(t, e, "%v", diags)
	require.Equal(t, []string{"creature"}, e.Types)
	require.Equal(t, []string{"Elf"}, e.Subtypes)
	s := e.Structure
	require.Len(t, s, 6)
	require.Equal(t, "flying", s[0].Keyword)
	require.Equal(t, "graft 2", s[1].Keyword)
	require.Equal(t, "persist", s[2].Keyword)

	trig := s[3]
	require.Equal(t, vm.AbilityTriggered, trig.Kind)
	require.Equal(t, "whenever", trig.Word)
	require.Equal(t, "attacks", trig.Pattern.Event.Name)
	require.Equal(t, "had_counter", trig.Intervening.Template.Func.Name)
	require.Len(t, trig.Body, 2)
	require.Equal(t, "boost_until_end_of_turn", trig.Body[0].Action.Template.Func.Name)
	require.Equal(t, "creature", trig.Body[0].Action.Args["object"].Filter.Bind)
	require.NotNil(t, trig.Body[1].Delayed)
	require.Equal(t, "destroy", trig.Body[1].Delayed.Body[0].Action.Template.Func.Name)

	static := s[4]
	require.Equal(t, "grant_ability", static.Phrase.Template.Func.Name)
	require.NotNil(t, static.Granted)
	require.Equal(t, vm.AbilityActivated, static.Granted.Kind)
	require.Equal(t, []compiler.Cost{{Mana: "{T}"}}, static.Granted.Costs)

	act := s[5]
	require.Equal(t, vm.AbilityActivated, act.Kind)
	require.Equal(t, []compiler.Cost{{Mana: "{1}"}, {Mana: "{T}"}}, act.Costs)
	require.Equal(t, "as a sorcery", act.Only)
	require.Equal(t, "draw", act.Body[0].Action.Template.Func.Name)
}
