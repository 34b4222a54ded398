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
package compiler

import (
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

// CompileWith compiles against a given vocabulary. The program records
// the vocabulary's identity (vm.Program.Vocabulary), so that a host can
// check it implements that vocabulary (vm.CheckVocabulary).
func CompileWith(v *vocab.Vocab, files []*dsl.File) (*vm.Program, dsl.Diagnostics) {
	b := newBuilder(v)
	seen := map[string]dsl.Pos{}
	var diags dsl.Diagnostics
	for _, f := range files {
		for _, d := range f.Decls {
			c, ok := d.(*dsl.Card)
			if !ok {
				continue
			}
			name := dsl.Unquote(c.Name)
			if prev, dup := seen[name]; dup {
				diags = append(diags, dsl.Errorf(c.Pos, CodeDuplicateCard, "card %q is already defined at %s:%d", name, prev.Filename, prev.Line))
				continue
			}
			seen[name] = c.Pos
			diags = append(diags, compileCard(b, c)...)
		}
	}
	diags.Sort()
	return b.prog, diags
}

// compileCard checks a card, and if it has no error, emits it into the
// builder's program.
func compileCard(b *builder, c *dsl.Card) (diags dsl.Diagnostics) {
	funcs, syms := len(b.prog.Funcs), len(b.prog.Symbols)
	defer func() {
		if r := recover(); r != nil {
			diags = append(diags, dsl.Errorf(c.Pos, CodeInternalCompiler, "compiler failure on card %q: %v", dsl.Unquote(c.Name), r).
				WithHint("this is a bug in cardc; please report it with this file"))
			b.prog.Funcs = b.prog.Funcs[:funcs]
			for _, s := range b.prog.Symbols[syms:] {
				delete(b.syms, s)
			}
			b.prog.Symbols = b.prog.Symbols[:syms]
		}
	}()
	checked, diags := checkCard(b.v, c)
	if diags.HasErrors() {
		return diags
	}
	b.emitCard(checked)
	return diags
}
