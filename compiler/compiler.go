// Package compiler turns the cards of parsed files into a vm.Program, in
// two stages.
//
// The checker (check.go, card.go) reads every phrase of a card against
// the vocabulary (package vocab): actions of ability bodies, event
// patterns of triggers and replacement effects, rules of static abilities.
// It checks types (a number where a number is due, an object where an
// object is due), the scope of names bound with `as`, and the
// characteristics of each card, and reports each problem as a diagnostic
// with a stable code (codes.go).
//
// The emitter (emit.go, emitexpr.go) lowers a card the checker passed to
// bytecode; it reports nothing. Each ability becomes a vm.Ability with
// entry points: a match function that reads the fields of an event
// through the host, tests them, stores what the ability binds into locals
// and returns how many times the ability triggers or applies; a body that
// performs actions through host calls; and a filter function for each
// target.
//
// Explain (explain.go) renders a checked card's abilities back to English
// with the Oracle wordings the vocabulary declares for its phrases, for
// `cardc explain` and the Oracle coverage check (package oracle).
//
// A card's diagnostics depend on the card and the vocabulary only, and the
// vocabulary is read-only: CompileWith checks the cards in parallel (one
// worker per CPU) and emits them in file order, and a Checker checks one
// card at a time for lint, once for its diagnostics and its rendering
// both, without emitting bytecode.
package compiler

import (
	"github.com/cardc/cardc/internal/parallel"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// Compile compiles the cards of the given files into one program, with
// every diagnostic, against the standard vocabulary. A card with an error
// is left out of the program; the program holds the others. Tests and
// vocabulary declarations are skipped.
func Compile(files []*dsl.File) (*vm.Program, dsl.Diagnostics) {
	v, err := vocab.Standard()
	if err != nil {
		return &vm.Program{}, dsl.Diagnostics{dsl.Errorf(dsl.Pos{Filename: "stdlib"}, CodeStdlib, "%v", err)}
	}
	return CompileWith(v, files)
}

// CompileWith compiles against a given vocabulary. The cards are checked
// in parallel, one worker per CPU, and emitted in the order of the files,
// so the program and the diagnostics are the same as one by one. The
// program records the vocabulary's identity (vm.Program.Vocabulary), so
// that a host can check it implements that vocabulary
// (vm.CheckVocabulary).
func CompileWith(v *vocab.Vocab, files []*dsl.File) (*vm.Program, dsl.Diagnostics) {
	cards := cardsOf(files)
	dups := duplicates(cards)
	type result struct {
		checked *checkedCard
		diags   dsl.Diagnostics
	}
	res := make([]result, len(cards))
	parallel.With(len(cards), func() func(int) {
		return func(i int) {
			if dups[i] == nil {
				res[i].checked, res[i].diags = checkSafe(v, cards[i])
			}
		}
	})
	b := newBuilder(v)
	var diags dsl.Diagnostics
	for i, c := range cards {
		if dups[i] != nil {
			diags = append(diags, *dups[i])
			continue
		}
		diags = append(diags, res[i].diags...)
		if res[i].checked != nil && !res[i].diags.HasErrors() {
			diags = append(diags, emitSafe(b, c, res[i].checked)...)
		}
		res[i] = result{} // done with: the collector may have it
	}
	diags.Sort()
	return b.prog, diags
}

// cardsOf lists the cards of the files, in order.
func cardsOf(files []*dsl.File) []*dsl.Card {
	var cards []*dsl.Card
	for _, f := range files {
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				cards = append(cards, c)
			}
		}
	}
	return cards
}

// duplicates returns, for each card, the diagnostic of a card defined
// again (CodeDuplicateCard), or nil for the first card of its name.
func duplicates(cards []*dsl.Card) []*dsl.Diagnostic {
	seen := make(map[string]dsl.Pos, len(cards))
	out := make([]*dsl.Diagnostic, len(cards))
	for i, c := range cards {
		name := dsl.Unquote(c.Name)
		if prev, dup := seen[name]; dup {
			d := dsl.Errorf(c.Pos, CodeDuplicateCard, "card %q is already defined at %s:%d", name, prev.Filename, prev.Line)
			out[i] = &d
			continue
		}
		seen[name] = c.Pos
	}
	return out
}

// internalError is the diagnostic of a compiler failure (a panic) on a
// card, while doing what.
func internalError(c *dsl.Card, doing string, r any) dsl.Diagnostic {
	return dsl.Errorf(c.Pos, CodeInternalCompiler, "compiler failure %s card %q: %v", doing, dsl.Unquote(c.Name), r).
		WithHint("this is a bug in cardc; please report it with this file")
}

// checkSafe checks a card; a failure of the checker is a diagnostic.
func checkSafe(v *vocab.Vocab, c *dsl.Card) (checked *checkedCard, diags dsl.Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			checked, diags = nil, dsl.Diagnostics{internalError(c, "on", r)}
		}
	}()
	return checkCard(v, c)
}

// emitSafe emits a card the checker passed into the builder's program; a
// failure of the emitter is a diagnostic, and leaves the program as it
// was.
func emitSafe(b *builder, c *dsl.Card, checked *checkedCard) (diags dsl.Diagnostics) {
	funcs, syms := len(b.prog.Funcs), len(b.prog.Symbols)
	defer func() {
		if r := recover(); r != nil {
			diags = dsl.Diagnostics{internalError(c, "on", r)}
			b.prog.Funcs = b.prog.Funcs[:funcs]
			for _, s := range b.prog.Symbols[syms:] {
				delete(b.syms, s)
			}
			b.prog.Symbols = b.prog.Symbols[:syms]
		}
	}()
	b.emitCard(checked)
	return nil
}

// CardReport is what checking one card for lint finds (Checker.Check).
type CardReport struct {
	// Card is the card.
	Card *dsl.Card
	// Diags are the diagnostics of checking the card, as CompileWith
	// reports them for a card defined once (Duplicates says which cards
	// are defined again: CompileWith reports only that of those).
	Diags dsl.Diagnostics
	// Explanation is the card rendered back to English, as Explain renders
	// it; nil if the card has an error.
	Explanation *Explanation
}

// Checker checks cards one at a time for lint and `cardc explain`: what
// CompileWith reports of each card, and its rendering, without emitting
// any bytecode (the emitter reports nothing: a card the checker passes
// always compiles). A Checker is for one goroutine; several may check
// the cards of a library in parallel, since a card's diagnostics depend
// on it and the vocabulary only.
type Checker struct {
	v *vocab.Vocab
}

// NewChecker returns a Checker against a vocabulary.
func NewChecker(v *vocab.Vocab) *Checker {
	return &Checker{v: v}
}

// Check checks a card once and, if it has no error, renders it as Explain
// does, from the same checked form.
func (k *Checker) Check(card *dsl.Card) *CardReport {
	r := &CardReport{Card: card}
	checked, diags := checkSafe(k.v, card)
	r.Diags = diags
	if checked == nil || diags.HasErrors() {
		return r
	}
	r.Explanation, r.Diags = explainSafe(k.v, card, checked, diags)
	return r
}

// Duplicates returns, for each card, in the order of a library's files,
// the diagnostic of a card defined again (CodeDuplicateCard), or nil for
// the first card of its name. Only the card's name and position are read.
func Duplicates(cards []*dsl.Card) []*dsl.Diagnostic { return duplicates(cards) }

// explainSafe renders a card the checker passed; a failure of the renderer
// is a diagnostic, added to diags, and no explanation.
func explainSafe(v *vocab.Vocab, c *dsl.Card, checked *checkedCard, diags dsl.Diagnostics) (e *Explanation, out dsl.Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			// The result, not the argument: a failure is reported.
			e, out = nil, append(diags, internalError(c, "explaining", r))
		}
	}()
	return explainChecked(v, c, checked), diags
}
