package vm

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// CardSymbols returns the symbols card c of p uses, as indexes into
// p.Symbols, in increasing order: those its abilities name (Event, Rule,
// Anchors, the Zone of a Target or a Choice) and those the code of their
// functions calls, reads and pushes (OpCall, OpField, OpSym) — Match,
// Body, Pay, the filters of Targets and Choices, and Filters. They are
// what a host must link to run the card. It returns nil if p has no card
// c.
func (p *Program) CardSymbols(c int) []int32 {
	if c < 0 || c >= len(p.Cards) {
		return nil
	}
	used := make([]bool, len(p.Symbols))
	mark := func(sym int32) {
		if sym >= 0 && int(sym) < len(used) {
			used[sym] = true
		}
	}
	for ai := range p.Cards[c].Abilities {
		a := &p.Cards[c].Abilities[ai]
		mark(a.Event)
		mark(a.Rule)
		for _, s := range a.Anchors {
			mark(s)
		}
		for _, t := range a.Targets {
			mark(t.Zone)
		}
		for _, t := range a.Choices {
			mark(t.Zone)
		}
		eachFunc(a, func(fn int32, _ Entry) {
			if fn >= 0 && int(fn) < len(p.Funcs) {
				for _, in := range p.Funcs[fn].Code {
					if usesSymbol(in.Op) {
						mark(in.Arg)
					}
				}
			}
		})
	}
	var out []int32
	for i, u := range used {
		if u {
			out = append(out, int32(i))
		}
	}
	return out
}

// usesSymbol reports whether an instruction's argument is a symbol index.
func usesSymbol(op Opcode) bool { return op == OpCall || op == OpField || op == OpSym }

// UnlinkedCard is a card of a program that LinkPartial left out: the
// symbols it uses that the host's Linker refused.
type UnlinkedCard struct {
	// Card indexes Program.Cards; Name is its name.
	Card int
	Name string
	// Missing are the symbols the card uses that the host lacks, in the
	// program's order, each with the Linker's reason.
	Missing []MissingSymbol
}

// String reads "Beetleback Chief: func create_creature_tokens/6 (unknown
// name), name color:red (...)".
func (u UnlinkedCard) String() string {
	var parts []string
	for _, m := range u.Missing {
		parts = append(parts, fmt.Sprintf("%s %s (%v)", m.Symbol.Kind, symbolString(m.Symbol), m.Err))
	}
	return u.Name + ": " + strings.Join(parts, ", ")
}

// ErrUnlinked is the cause of a Run of a function that uses a symbol the
// host lacks, in a program LinkPartial linked: its card was left out.
var ErrUnlinked = errors.New("uses a name the host lacks")

// LinkPartial links p as Link does, except that a symbol the Linker
// refuses does not fail the link: the cards that use it (CardSymbols) are
// left out, and the others run. Unlinked lists the cards left out, each
// with every symbol it lacks, so that a host that implements part of the
// vocabulary runs the cards it can and says, card by card, what the
// others need (a test of such a card is skipped, naming it). Running a
// function that uses a refused symbol fails with ErrUnlinked, naming the
// symbol; Linked.ID of a refused symbol is NoSymbol. A function that
// uses no refused symbol runs, whichever card it belongs to.
//
// The error is for a nil program or linker only.
func LinkPartial(p *Program, l Linker) (*Linked, error) {
	if p == nil {
		return nil, errors.New("vm: link: nil program")
	}
	if l == nil {
		return nil, errors.New("vm: link: nil linker")
	}
	refused := make([]error, len(p.Symbols))
	ids := make([]int32, len(p.Symbols))
	someRefused := false
	for i, sym := range p.Symbols {
		id, err := l.Link(sym)
		if err != nil {
			refused[i], id, someRefused = err, NoSymbol, true
		}
		ids[i] = id
	}
	linked := newLinked(p, ids)
	if !someRefused {
		return linked, nil
	}
	for fi := range linked.funcs {
		lf := &linked.funcs[fi]
		for _, in := range lf.f.Code {
			if usesSymbol(in.Op) && in.Arg >= 0 && int(in.Arg) < len(refused) && refused[in.Arg] != nil {
				if !slices.Contains(lf.unlinked, in.Arg) {
					lf.unlinked = append(lf.unlinked, in.Arg)
				}
			}
		}
		if lf.unlinked != nil {
			// Run refuses a function whose frame can start nowhere.
			lf.maxBase = -1
		}
	}
	for c := range p.Cards {
		var missing []MissingSymbol
		for _, s := range p.CardSymbols(c) {
			if refused[s] != nil {
				missing = append(missing, MissingSymbol{Symbol: p.Symbols[s], Err: refused[s]})
			}
		}
		if missing != nil {
			linked.unlinked = append(linked.unlinked, UnlinkedCard{Card: c, Name: p.Cards[c].Name, Missing: missing})
		}
	}
	return linked, nil
}

// Unlinked lists the cards LinkPartial left out, in the program's order:
// none for a program Link linked.
func (l *Linked) Unlinked() []UnlinkedCard { return slices.Clone(l.unlinked) }

// Runs reports whether the host can run card c of the program: it is
// one of its cards and LinkPartial did not leave it out.
func (l *Linked) Runs(c int) bool {
	if c < 0 || c >= len(l.Program.Cards) {
		return false
	}
	for _, u := range l.unlinked {
		if u.Card == c {
			return false
		}
	}
	return true
}

// Owner returns the ability function fn belongs to, or an Owner with Card
// -1 if no ability names it (or fn is no function of the program).
func (l *Linked) Owner(fn int32) Owner {
	if fn < 0 || int(fn) >= len(l.owners) {
		return noOwner
	}
	return l.owners[fn]
}

// unlinkedError is the error of a Run of a function LinkPartial left out.
func unlinkedError(p *Program, syms []int32) error {
	names := make([]string, len(syms))
	for i, s := range syms {
		names[i] = p.Symbols[s].Kind.String() + " " + symbolString(p.Symbols[s])
	}
	return fmt.Errorf("%w: %s", ErrUnlinked, strings.Join(names, ", "))
}
