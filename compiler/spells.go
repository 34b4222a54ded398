package compiler

import (
	"github.com/cardc/cardc/vocab"
)

// spellSlot checks what fills an object parameter of an action or an
// effect against what the parameter acts on: a parameter of type spell
// (`counter {spell}`) takes a spell on the stack (CR 112.1), so a filter
// that names no spell is an error; a parameter of type object takes
// permanents and cards, so a filter of spells is one (`destroy target
// spell`), but for the filter of every object in every zone, which holds
// spells and permanents alike (vocab.Filter.Everywhere). Names (`this`, a
// bound name) are checked as the action happens.
// It reports whether the argument is right.
func (c *checker) spellSlot(t *vocab.Template, p vocab.Field, arg *vocab.Arg) bool {
	fi := t.Func
	if arg == nil || arg.Kind != vocab.ArgFilter || !fi.Action && !fi.Effect {
		return true
	}
	// "cards that aren't on the battlefield, spells, and permanents"
	// names spells among the cards and permanents it holds: an effect on
	// objects takes it.
	spell := filterNames(arg.Filter, "spell") && !arg.Filter.Everywhere
	switch {
	case p.Type.Kind == vocab.KSpell && !spell:
		c.errorf(arg.Pos, CodeSpellSlot, "%q acts on a spell on the stack, and %q is not a spell (CR 112.1)", t.Text, arg.Filter.Text).Hint =
			"a filter of spells ends with the noun spell: `target spell`, `target creature spell`, `target noncreature spell`"
		return false
	case (p.Type.Kind == vocab.KObject || p.Type.Kind == vocab.KTarget) && spell:
		c.errorf(arg.Pos, CodeSpellSlot, "%q is a spell on the stack (CR 112.1), but %q acts on a permanent or a card, not on a spell", arg.Filter.Text, t.Text).Hint =
			"a spell is countered (`counter target spell`) or copied (`copy target spell`); a permanent is named without the noun spell: `target creature`"
		return false
	}
	return true
}
