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

// TestStructureOfChoices checks the structure of the choices of issue
// 21A: `PLAYER may ACTION` with the player who decides, `if you do` and
// `if they don't` with their decision, and a modal choice with its modes.
func TestStructureOfChoices(t *testing.T) {
	v, err := vocab.Standard()
	require.NoError(t, err)
	src := `card "Choices" {
    cost {2}{U}
    type Creature — Bird
    pt 1/1
    oracle ""

    whenever a player as that_player casts a spell {
        that_player may draw a card
        if they don't {
            gain 1 life
        }
    }
    when this enters {
        choose one or both {
            mode {
                you may gain 3 life
                if you do {
                    draw a card
                }
            }
            mode {
                destroy target artifact
            }
        }
    }
}
`
	f, diags := parser.Parse("choices.card", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	e, diags := compiler.Explain(v, f.Decls[0].(*dsl.Card))
	require.NotNil(t, e, "%v", diags)
	s := e.Structure
	require.Len(t, s, 2)

	may := s[0].Body
	require.Len(t, may, 2)
	require.Equal(t, "that_player", may[0].May.Word())
	require.Equal(t, "draw", may[0].Action.Template.Func.Name)
	require.Nil(t, may[1].May)
	require.Equal(t, "they don't", may[1].Did.String())
	require.Equal(t, "gain_life", may[1].Then[0].Action.Template.Func.Name)

	require.Len(t, s[1].Body, 1)
	ch := s[1].Body[0].Choose
	require.NotNil(t, ch)
	require.Equal(t, 1, ch.Min)
	require.Equal(t, 2, ch.Max)
	require.Equal(t, "choose one or both", ch.Text)
	require.Len(t, ch.Modes, 2)
	require.Equal(t, "you", ch.Modes[0][0].May.Word())
	require.Equal(t, "you do", ch.Modes[0][1].Did.String())
	require.Equal(t, "destroy", ch.Modes[1][0].Action.Template.Func.Name)
}
