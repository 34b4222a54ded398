package vocab_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vocab"
)

// readFilter reads the phrase of the only action of a spell and returns
// the filter of its slot named slot.
func readFilter(t *testing.T, v *vocab.Vocab, action, slot string) *vocab.Arg {
	t.Helper()
	sc := newTestScope()
	m, mis := v.Match(actionParts(t, action), vocab.ModeAction, sc, nil)
	require.Nil(t, mis, "%q", action)
	return m.Alts[0].Args[slot]
}

// actionParts are the parts of the phrase of the only action of a
// spell.
func actionParts(t *testing.T, action string) []*dsl.Part {
	t.Helper()
	src := "card \"Case\" {\n    cost {1}\n    type Instant\n    oracle \"\"\n    spell {\n        " + action + "\n    }\n}\n"
	f, diags := parser.ParseString("case.card", src)
	require.Empty(t, diags)
	items := f.Decls[0].(*dsl.Card).Items
	return items[len(items)-1].(*dsl.SpellAbility).Body.Stmts[0].(*dsl.ActionStmt).Phrase.Parts
}

// TestFiltersOfIssue21A: what a filter holds, read from a card's words:
// groups joined by "or" of one kind, numbers of targets, qualifiers and
// suffixes in any order.
func TestFiltersOfIssue21A(t *testing.T) {
	v := standard(t)
	word := func(k vocab.Kind, name string, or bool) vocab.FilterWord {
		return vocab.FilterWord{Kind: k, Name: name, Or: or}
	}
	sep := vocab.FilterWord{Name: "or", Or: true}
	for _, c := range []struct {
		action, slot string
		want         vocab.Filter
	}{
		{"exile target black or red permanent", "object", vocab.Filter{Det: "target",
			Words: []vocab.FilterWord{word(vocab.KColor, "black", false), sep, word(vocab.KColor, "red", true),
				{Name: "permanent", Query: "is_permanent", Noun: true, Singular: true}},
			Text: "target black or red permanent"}},
		{"exile target Skeleton, Vampire, or Zombie", "object", vocab.Filter{Det: "target",
			Words: []vocab.FilterWord{{Kind: vocab.KSubtype, Name: "Skeleton", Noun: true, Singular: true}, sep,
				{Kind: vocab.KSubtype, Name: "Vampire", Noun: true, Singular: true, Or: true}, sep,
				{Kind: vocab.KSubtype, Name: "Zombie", Noun: true, Singular: true, Or: true}},
			Text: "target Skeleton, Vampire, or Zombie"}},
		{"destroy target attacking or blocking creature", "object", vocab.Filter{Det: "target",
			Words: []vocab.FilterWord{{Name: "attacking", Query: "is_attacking"}, sep, {Name: "blocking", Query: "is_blocking", Or: true},
				{Kind: vocab.KCardType, Name: "creature", Noun: true, Singular: true}},
			Text: "target attacking or blocking creature"}},
		{"destroy up to two target creatures you don't control with power 4 or greater", "object", vocab.Filter{Det: "target",
			Count:   &vocab.TargetCount{Min: 0, Max: 2},
			Words:   []vocab.FilterWord{{Kind: vocab.KCardType, Name: "creature", Noun: true, Plural: true}},
			Control: "notyou", Compares: []vocab.Compare{{Query: "power", Op: ">=", Num: 4}},
			Text: "up to two target creatures you don't control with power 4 or greater"}},
		{"destroy one, two, or three target creatures without flying", "object", vocab.Filter{Det: "target",
			Count:    &vocab.TargetCount{Min: 1, Max: 3},
			Words:    []vocab.FilterWord{{Kind: vocab.KCardType, Name: "creature", Noun: true, Plural: true}},
			Keywords: []vocab.KeywordQualifier{{Name: "flying", Neg: true}},
			Text:     "one, two, or three target creatures without flying"}},
		{"tap each of up to two target creatures", "object", vocab.Filter{Det: "target",
			Count: &vocab.TargetCount{Min: 0, Max: 2},
			Words: []vocab.FilterWord{{Kind: vocab.KCardType, Name: "creature", Noun: true, Plural: true}},
			Text:  "each of up to two target creatures"}},
		{"destroy target instant or sorcery spell", "object", vocab.Filter{Det: "target",
			Words: []vocab.FilterWord{{Kind: vocab.KCardType, Name: "instant", Noun: true, Singular: true}, sep,
				{Kind: vocab.KCardType, Name: "sorcery", Noun: true, Singular: true, Or: true},
				{Name: "spell", Query: "is_spell", Noun: true, Singular: true}},
			Text: "target instant or sorcery spell"}},
		{`destroy target creature named "Grizzly Bears" that shares a creature type with this`, "object", vocab.Filter{Det: "target",
			Words: []vocab.FilterWord{{Kind: vocab.KCardType, Name: "creature", Noun: true, Singular: true}},
			Named: "Grizzly Bears",
			Text:  `target creature named "Grizzly Bears" that shares a creature type with this`}},
	} {
		t.Run(c.action, func(t *testing.T) {
			arg := readFilter(t, v, c.action, c.slot)
			require.Equal(t, vocab.ArgFilter, arg.Kind)
			got := *arg.Filter
			if c.want.Yields == (vocab.Type{}) {
				c.want.Yields = vocab.Type{Kind: vocab.KObject}
			}
			opts := cmp.Options{cmpopts.IgnoreFields(vocab.Filter{}, "Pos", "Shares"), cmpopts.IgnoreFields(vocab.KeywordQualifier{}, "Keyword"), cmpopts.EquateEmpty()}
			if d := cmp.Diff(c.want, got, opts); d != "" {
				t.Errorf("%q (-want +got):\n%s", c.action, d)
			}
		})
	}
}

// TestTargetsOfASlot: a slot of type targets reads targets joined by
// "and", and a name for them all.
func TestTargetsOfASlot(t *testing.T) {
	v := standard(t)
	arg := readFilter(t, v, "choose target nonland permanent you control and up to two target nonland permanents you don't control as them", "targets")
	require.Equal(t, vocab.ArgTargets, arg.Kind)
	require.Len(t, arg.Targets, 2)
	require.Equal(t, "them", arg.Bind)
	require.Nil(t, arg.Targets[0].Count)
	require.Equal(t, &vocab.TargetCount{Min: 0, Max: 2}, arg.Targets[1].Count)
	require.Equal(t, "notyou", arg.Targets[1].Control)
	arg = readFilter(t, v, "deal 5 damage divided as you choose among any number of targets", "targets")
	require.Equal(t, "any", arg.Targets[0].Det)
	require.Equal(t, &vocab.TargetCount{Min: 0, Max: vocab.AnyNumber}, arg.Targets[0].Count)
}

// TestQualitiesOfSeveralKindsJoinedByOr: "or" joins qualities of any
// kind before a noun into one set of alternatives ("green or artifact
// creature": the creature must be green or an artifact), its words each a
// quality with Or set after the first; a negated quality may be one of
// them; and qualities side by side each hold.
func TestQualitiesOfSeveralKindsJoinedByOr(t *testing.T) {
	v := standard(t)
	sep := vocab.FilterWord{Name: "or", Or: true}
	creature := vocab.FilterWord{Kind: vocab.KCardType, Name: "creature", Noun: true, Singular: true}
	for _, c := range []struct {
		action string
		want   []vocab.FilterWord
	}{
		{"destroy target green or artifact creature", []vocab.FilterWord{{Kind: vocab.KColor, Name: "green"}, sep,
			{Kind: vocab.KCardType, Name: "artifact", Noun: true, Singular: true, Or: true}, creature}},
		{"destroy target artifact or green creature", []vocab.FilterWord{{Kind: vocab.KCardType, Name: "artifact", Noun: true, Singular: true}, sep,
			{Kind: vocab.KColor, Name: "green", Or: true}, creature}},
		{"destroy target tapped or legendary creature", []vocab.FilterWord{{Name: "tapped", Query: "is_tapped"}, sep,
			{Kind: vocab.KSupertype, Name: "legendary", Or: true}, creature}},
		{"destroy target white, blue, or artifact creature", []vocab.FilterWord{{Kind: vocab.KColor, Name: "white"}, sep,
			{Kind: vocab.KColor, Name: "blue", Or: true}, sep,
			{Kind: vocab.KCardType, Name: "artifact", Noun: true, Singular: true, Or: true}, creature}},
		{"destroy target nonblack or artifact creature", []vocab.FilterWord{{Kind: vocab.KColor, Name: "black", Neg: true}, sep,
			{Kind: vocab.KCardType, Name: "artifact", Noun: true, Singular: true, Or: true}, creature}},
		{"destroy target nonartifact nonblack creature", []vocab.FilterWord{{Kind: vocab.KCardType, Name: "artifact", Neg: true, Singular: true},
			{Kind: vocab.KColor, Name: "black", Neg: true}, creature}},
	} {
		t.Run(c.action, func(t *testing.T) {
			arg := readFilter(t, v, c.action, "object")
			require.Equal(t, vocab.ArgFilter, arg.Kind)
			if d := cmp.Diff(c.want, arg.Filter.Words, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("%q (-want +got):\n%s", c.action, d)
			}
		})
	}
}
