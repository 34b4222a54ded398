package vm

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Disassemble writes a human-readable listing of p to w, for card designers
// and golden files. The listing is deterministic: a header with the format
// version and counts, the vocabulary the program was compiled against
// (name, version and the first 12 hex digits of its hash), the symbol and
// constant tables, then each card with its characteristics and abilities,
// each ability followed by the listing of its functions (match, body,
// target filters), and last the functions no card refers to.
//
// An instruction reads
//
//	0004  CALL      3    ; destroy/1  [12:5]
//
// its index, mnemonic and argument, then what the argument means (a
// symbol's name, a constant's value, a local's role, a jump's target) and
// the source position when the function has positions. Disassemble copes
// with programs that fail Verify, marking what it cannot resolve with "?".
// It returns the first error of w.
func (p *Program) Disassemble(w io.Writer) error {
	if p == nil {
		return errors.New("vm: disassemble nil program")
	}
	d := &disassembler{p: p, w: w, used: make([]bool, len(p.Funcs))}
	d.header()
	for i := range p.Cards {
		d.card(&p.Cards[i])
	}
	d.unreferenced()
	return d.err
}

// DisassembleString returns the listing Disassemble writes.
func (p *Program) DisassembleString() string {
	var b strings.Builder
	_ = p.Disassemble(&b) // a strings.Builder never fails
	return b.String()
}

// disassembler writes one listing; its first write error sticks.
type disassembler struct {
	p    *Program
	w    io.Writer
	err  error
	used []bool // used[i]: a card refers to Funcs[i]
}

// printf writes to the listing. A bundle may come from anywhere: the
// strings it holds (names, types, texts) are escaped as they are printed
// (package escape), so that a listing has no line a name made, and no
// terminal escape.
func (d *disassembler) printf(format string, args ...any) {
	if d.err == nil {
		for i, a := range args {
			if s, ok := a.(string); ok {
				args[i] = escaped(s)
			}
		}
		_, d.err = fmt.Fprintf(d.w, format, args...)
	}
}

// escaped is a string that a listing prints escaped: as %q quotes it, or
// for any other verb with what is not printable escaped as Go escapes it
// (a line break is \n, ESC \x1b, a byte that is not UTF-8 \xff), as
// cardc's package internal/escape does (vm imports nothing of the
// project).
type escaped string

// Format prints the string escaped.
func (s escaped) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), string(s))
		return
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(string(s[i:]))
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case strconv.IsPrint(r):
			b.WriteString(string(s[i : i+size]))
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), b.String())
}

func (d *disassembler) header() {
	p := d.p
	d.printf("cardvm format %d: %s, %s, %s, %s\n", FormatVersion,
		plural(len(p.Cards), "card"), plural(len(p.Funcs), "func"),
		plural(len(p.Symbols), "symbol"), plural(len(p.Consts), "const"))
	if p.Vocabulary != (Vocabulary{}) {
		d.printf("vocabulary %s (hash %s)\n", p.Vocabulary, p.Vocabulary.ShortHash())
	}
	if len(p.Symbols) > 0 {
		d.printf("\nsymbols\n")
		for i, s := range p.Symbols {
			d.printf("  %4d  %-5s  %s\n", i, s.Kind, symbolString(s))
		}
	}
	if len(p.Consts) > 0 {
		d.printf("\nconsts\n")
		for i, c := range p.Consts {
			d.printf("  %4d  %d\n", i, c)
		}
	}
}

func (d *disassembler) card(c *Card) {
	d.printf("\ncard %q\n", c.Name)
	if c.ManaCost != "" {
		d.printf("  cost    %s\n", c.ManaCost)
	}
	if len(c.Colors) > 0 {
		d.printf("  colors  %s\n", strings.Join(c.Colors, " "))
	}
	if line := typeLine(c); line != "" {
		d.printf("  type    %s\n", line)
	}
	if len(c.Keywords) > 0 {
		d.printf("  keyword %s\n", strings.Join(c.Keywords, ", "))
	}
	if c.HasPT {
		d.printf("  p/t     %d/%d\n", c.Power, c.Toughness)
	}
	if c.Oracle != "" {
		d.printf("  oracle  %q\n", c.Oracle)
	}
	if c.File != "" {
		d.printf("  source  %s:%d\n", c.File, c.Line)
	}
	for i := range c.Abilities {
		d.ability(i, &c.Abilities[i])
	}
}

func (d *disassembler) ability(i int, a *Ability) {
	d.printf("\n  ability %d: %s, line %d\n", i, a.Kind, a.Line)
	d.printf("    text    %q\n", a.Text)
	if a.Event != NoFunc {
		d.printf("    event   %s\n", d.symbolName(a.Event))
	}
	if a.Rule != NoFunc && a.Kind == AbilityEffect {
		d.printf("    effect  %s\n", d.symbolName(a.Rule))
	} else if a.Rule != NoFunc {
		d.printf("    rule    %s\n", d.symbolName(a.Rule))
	}
	if len(a.Anchors) > 0 {
		names := make([]string, len(a.Anchors))
		for i, sym := range a.Anchors {
			names[i] = d.symbolName(sym)
		}
		d.printf("    anchors %s\n", strings.Join(names, ", "))
	}
	if a.Flags != 0 {
		d.printf("    flags   %s\n", flagsString(a.Flags))
	}
	if a.Cost != "" {
		d.printf("    cost    %s\n", a.Cost)
	}
	d.printf("    locals  %d\n", a.NumLocals)
	if a.Modes > 0 {
		d.printf("    modes   %d, choose %d to %d\n", a.Modes, a.ModeMin, a.ModeMax)
	}
	for ti, t := range a.Targets {
		d.printf("    target %d: local %d, %q", ti, t.Local, t.Text)
		if t.Zone != NoSymbol {
			d.printf(", in %s", d.symbolName(t.Zone))
		}
		if t.Several() {
			if t.Max == AnyNumber {
				d.printf(", %d or more", t.Min)
			} else {
				d.printf(", %d to %d", t.Min, t.Max)
			}
		}
		if t.Mode != 0 {
			d.printf(", of mode %d", t.Mode)
		}
		d.printf("\n")
	}
	for ci, t := range a.Choices {
		d.printf("    choice %d: local %d, %q\n", ci, t.Local, t.Text)
	}
	if a.Kind == AbilityEffect {
		// The match of an effect judges the objects it affects; its body
		// applies it to one of them.
		d.entry("affected", a.Match)
		d.entry("apply", a.Body)
	} else {
		d.entry("match", a.Match)
		d.entry("pay", a.Pay)
		d.entry("body", a.Body)
	}
	for ti, t := range a.Targets {
		d.entry(fmt.Sprintf("target %d filter", ti), t.Filter)
		d.entry(fmt.Sprintf("target %d divides", ti), t.Divide)
	}
	for ci, t := range a.Choices {
		d.entry(fmt.Sprintf("choice %d filter", ci), t.Filter)
	}
	for fi, fn := range a.Filters {
		d.entry(fmt.Sprintf("filter %d", fi), fn)
	}
}

// entry lists the function fn under the ability's role for it.
func (d *disassembler) entry(role string, fn int32) {
	if fn == NoFunc {
		return
	}
	if fn < 0 || int(fn) >= len(d.p.Funcs) {
		d.printf("    %s: func %d ?\n", role, fn)
		return
	}
	d.used[fn] = true
	d.printf("    %s: ", role)
	d.function(int(fn), "      ")
}

func (d *disassembler) unreferenced() {
	first := true
	for i, used := range d.used {
		if used {
			continue
		}
		if first {
			d.printf("\nunreferenced funcs\n")
			first = false
		}
		d.printf("\n  ")
		d.function(i, "    ")
	}
}

// function lists Funcs[fi], its header first, its instructions indented.
func (d *disassembler) function(fi int, indent string) {
	f := &d.p.Funcs[fi]
	d.printf("func %d %q (locals %d, stack %d)\n", fi, f.Name, f.NumLocals, f.MaxStack)
	for pc, in := range f.Code {
		d.printf("%s%s\n", indent, d.instr(f, pc, in))
	}
}

// instr formats one instruction without its indentation.
func (d *disassembler) instr(f *Func, pc int, in Instr) string {
	line := fmt.Sprintf("%04d  %-8s", pc, in.Op)
	if hasArg(in.Op) {
		line += fmt.Sprintf("  %-5d", in.Arg)
	} else {
		line += "       "
	}
	comment := d.argMeaning(f, in)
	if len(f.Pos) == len(f.Code) {
		pos := f.Pos[pc]
		comment = strings.TrimSpace(fmt.Sprintf("%s  [%d:%d]", comment, pos.Line, pos.Col))
	}
	if comment != "" {
		line += "; " + comment
	}
	return strings.TrimRight(line, " ")
}

// hasArg reports whether op uses its argument.
func hasArg(op Opcode) bool {
	if isJump(op) {
		return true
	}
	switch op {
	case OpConst, OpInt, OpSym, OpLoad, OpStore, OpCall, OpField:
		return true
	}
	return false
}

// argMeaning says what in's argument stands for, or "" for nothing worth
// saying.
func (d *disassembler) argMeaning(f *Func, in Instr) string {
	switch in.Op {
	case OpConst:
		if in.Arg < 0 || int(in.Arg) >= len(d.p.Consts) {
			return "?"
		}
		return fmt.Sprint(d.p.Consts[in.Arg])
	case OpCall, OpField, OpSym:
		if in.Arg < 0 || int(in.Arg) >= len(d.p.Symbols) {
			return "?"
		}
		return symbolString(d.p.Symbols[in.Arg])
	case OpLoad, OpStore:
		if in.Arg >= 0 && int(in.Arg) < len(f.Locals) && f.Locals[in.Arg] != "" {
			return f.Locals[in.Arg]
		}
		return localName(in.Arg)
	case OpJump, OpJumpIfFalse, OpJumpIfTrue, OpJumpIfFalseOrPop, OpJumpIfTrueOrPop:
		return fmt.Sprintf("→ %04d", in.Arg)
	}
	return ""
}

// symbolName is the name of symbol i, or "?" with i if there is none.
func (d *disassembler) symbolName(i int32) string {
	if i < 0 || int(i) >= len(d.p.Symbols) {
		return fmt.Sprintf("? (symbol %d)", i)
	}
	return d.p.Symbols[i].Name
}

// symbolString is a symbol as a listing shows it: "destroy/1" for a host
// function, "power/1 → value" for one that returns, the name otherwise.
func symbolString(s Symbol) string {
	if s.Kind != SymFunc {
		return s.Name
	}
	if s.Returns {
		return fmt.Sprintf("%s/%d → value", s.Name, s.Arity)
	}
	return fmt.Sprintf("%s/%d", s.Name, s.Arity)
}

// localName is the role of local i in the calling convention.
func localName(i int32) string {
	switch i {
	case LocalThis:
		return "this"
	case LocalYou:
		return "you"
	}
	return fmt.Sprintf("local %d", i)
}

// typeLine is "supertypes types — subtypes".
func typeLine(c *Card) string {
	words := append(append([]string{}, c.Supertypes...), c.Types...)
	line := strings.Join(words, " ")
	if len(c.Subtypes) > 0 {
		line += " — " + strings.Join(c.Subtypes, " ")
	}
	return line
}

// flagsString names the flags set in f; unknown bits are shown in hex.
// flagNames name the ability flags, in the order the disassembler prints
// them.
var flagNames = []struct {
	flag uint32
	name string
}{{FlagOnce, "once"}, {FlagTapCost, "{T}"}, {FlagUntapCost, "{Q}"}, {FlagSorcery, "sorcery"},
	{FlagOncePerTurn, "once-each-turn"}, {FlagMana, "mana"}, {FlagAnywhere, "anywhere"}, {FlagLoyalty, "loyalty"},
	{FlagGraveyard, "graveyard"}}

func flagsString(f uint32) string {
	var names []string
	for _, fn := range flagNames {
		if f&fn.flag != 0 {
			names = append(names, fn.name)
			f &^= fn.flag
		}
	}
	if f&FlagGranted != 0 {
		names = append(names, "granted")
		f &^= FlagGranted
	}
	if f != 0 {
		names = append(names, fmt.Sprintf("%#x", f))
	}
	return strings.Join(names, " ")
}

// plural is "1 card", "2 cards".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
