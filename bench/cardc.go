package bench

import (
	"fmt"
	"io/fs"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// cardcEngine runs the cards as the cardc compiler compiles them, on the
// cardc VM.
type cardcEngine struct {
	m                *vm.Machine
	l                *vm.Linked
	replace, trigger *vm.Ability
	replaceL, trigL  []vm.Value
}

// NewCardc compiles Protean Hydra and Engulfing Slagwurm from the card
// library's sources and links them to w.
func NewCardc(w *World) (Engine, error) {
	var files []*dsl.File
	for _, name := range []string{"protean_hydra.card", "engulfing_slagwurm.card"} {
		src, err := fs.ReadFile(cards.FS, name)
		if err != nil {
			return nil, err
		}
		f, diags := parser.Parse(name, src)
		if diags.HasErrors() {
			return nil, diags
		}
		files = append(files, f)
	}
	p, diags := compiler.Compile(files)
	if diags.HasErrors() {
		return nil, diags
	}
	l, err := vm.Link(p, w)
	if err != nil {
		return nil, err
	}
	e := &cardcEngine{m: vm.NewMachine(w), l: l}
	if e.replace, err = ability(p, "Protean Hydra", vm.AbilityReplacement); err != nil {
		return nil, err
	}
	if e.trigger, err = ability(p, "Engulfing Slagwurm", vm.AbilityTriggered); err != nil {
		return nil, err
	}
	e.replaceL = make([]vm.Value, e.replace.NumLocals)
	e.trigL = make([]vm.Value, e.trigger.NumLocals)
	return e, nil
}

func ability(p *vm.Program, card string, kind vm.AbilityKind) (*vm.Ability, error) {
	c := p.Card(card)
	if c == nil {
		return nil, fmt.Errorf("no card %q", card)
	}
	for i := range c.Abilities {
		if c.Abilities[i].Kind == kind {
			return &c.Abilities[i], nil
		}
	}
	return nil, fmt.Errorf("%s has no %v ability", card, kind)
}

func (e *cardcEngine) Replace(this, you vm.Value) (bool, error) {
	n, err := e.run(e.replace, e.replaceL, this, you)
	return n > 0, err
}

func (e *cardcEngine) Trigger(this, you vm.Value) (int, error) {
	return e.run(e.trigger, e.trigL, this, you)
}

// run runs a's match and, for each time it applies, its body, as a host
// does.
func (e *cardcEngine) run(a *vm.Ability, locals []vm.Value, this, you vm.Value) (int, error) {
	clear(locals)
	locals[vm.LocalThis], locals[vm.LocalYou] = this, you
	n, err := e.m.Run(e.l, a.Match, locals)
	if err != nil {
		return 0, err
	}
	for range n {
		if _, err := e.m.Run(e.l, a.Body, locals); err != nil {
			return 0, err
		}
	}
	return int(n), nil
}
