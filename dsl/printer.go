package dsl

import (
	"bytes"
	"fmt"
	"strings"
)

// indentUnit is one level of indentation in canonical form.
const indentUnit = "    "

// Print renders a file in canonical form: one declaration after another
// with a blank line between them, four spaces of indentation, one space
// between the words of a phrase, at most one blank line in a row where the
// source had any, and every comment where it was: on its own line, or at
// the end of the line of code it followed. src is the text the file was
// parsed from; it tells where the blank lines were.
func Print(f *File, src []byte) []byte {
	p := &printer{blank: blankLines(src)}
	for _, c := range f.Comments {
		if c.Trailing {
			p.trailing = append(p.trailing, c)
		} else {
			p.comments = append(p.comments, c)
		}
	}
	for i, d := range f.Decls {
		if i > 0 && (multiline(d) || multiline(f.Decls[i-1])) {
			p.forceBlank = true
		}
		p.decl(d)
	}
	p.flushComments(1 << 30)
	return p.render()
}

// multiline reports whether a declaration has a body in braces; those are
// always set apart by a blank line, one-line declarations only where the
// source had one.
func multiline(d Decl) bool {
	switch d := d.(type) {
	case *NamesDecl, *SubtypesDecl, *StepDecl, *VocabularyDecl:
		return false
	case *FuncDecl:
		return d.Items != nil
	}
	return true
}

// blankLines returns the set of line numbers (1-based) that hold only
// white space.
func blankLines(src []byte) map[int]bool {
	blank := map[int]bool{}
	for i, line := range bytes.Split(src, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			blank[i+1] = true
		}
	}
	return blank
}

// outLine is a line of output and the source line its text ends on (0 for
// a blank line).
type outLine struct {
	text string
	src  int
}

type printer struct {
	lines []outLine
	// comments are the comments on lines of their own, still to print;
	// trailing are those that follow code, attached at the end.
	comments []Comment
	trailing []Comment
	blank    map[int]bool
	depth    int
	// lastLine is the source line of the last thing printed (0: none).
	lastLine int
	// afterOpen is set right after a line that opens a block: no blank line
	// goes there.
	afterOpen bool
	// forceBlank asks for a blank line before the next thing printed.
	forceBlank bool
}

// render joins the lines, each trailing comment at the end of the last
// line printed from the source line it followed.
func (p *printer) render() []byte {
	for _, c := range p.trailing {
		i := len(p.lines) - 1
		for i >= 0 && p.lines[i].src != c.Pos.Line {
			i--
		}
		if i < 0 {
			// No code of its line was printed: it stands alone.
			p.lines = append(p.lines, outLine{text: c.Text, src: c.Pos.Line})
			continue
		}
		p.lines[i].text += " " + c.Text
	}
	var buf bytes.Buffer
	for _, l := range p.lines {
		buf.WriteString(l.text)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func (p *printer) emit(text string, src int) {
	p.lines = append(p.lines, outLine{text: strings.Repeat(indentUnit, p.depth) + text, src: src})
}

// gap prints a blank line before something at source line `line` if the
// source had one between it and the last thing printed.
func (p *printer) gap(line int) {
	if len(p.lines) == 0 {
		p.forceBlank = false
		return
	}
	want := p.forceBlank
	if !p.afterOpen && p.lastLine > 0 {
		for l := p.lastLine + 1; l < line; l++ {
			if p.blank[l] {
				want = true
				break
			}
		}
	}
	if want {
		p.lines = append(p.lines, outLine{})
	}
	p.forceBlank = false
}

// flushComments prints, each on its own line, the comments that start
// before source line `line`.
func (p *printer) flushComments(line int) {
	for len(p.comments) > 0 && p.comments[0].Pos.Line < line {
		c := p.comments[0]
		p.comments = p.comments[1:]
		p.gap(c.Pos.Line)
		p.emit(c.Text, c.Pos.Line)
		p.lastLine = c.Pos.Line
		p.afterOpen = false
	}
}

// line prints one line of output for something that starts at source line
// `line` and whose text ends on source line `endLine`.
func (p *printer) line(line, endLine int, text string) {
	p.flushComments(line)
	p.gap(line)
	p.emit(text, endLine)
	p.lastLine = endLine
	p.afterOpen = false
}

// open prints a line that opens a block and indents what follows.
func (p *printer) open(line int, text string) {
	p.line(line, line, text+" {")
	p.depth++
	p.afterOpen = true
}

// close prints the closing brace of a block found at source line `line`,
// after the comments that come before it.
func (p *printer) close(line int, suffix string) {
	p.flushComments(line)
	p.depth--
	p.afterOpen = false
	p.emit("}"+suffix, line)
	p.lastLine = line
}

func (p *printer) decl(d Decl) {
	switch d := d.(type) {
	case *Card:
		p.open(d.Pos.Line, "card "+d.Name)
		for _, it := range d.Items {
			p.cardItem(it)
		}
		p.close(d.EndPos.Line, "")
	case *Test:
		p.open(d.Pos.Line, "test "+d.Name)
		for _, s := range d.Sections {
			p.section(s)
		}
		p.close(d.EndPos.Line, "")
	case *EventDecl:
		p.open(d.Pos.Line, "event "+d.Name)
		p.eventItems(d.Items)
		p.close(d.EndPos.Line, "")
	case *RuleDecl:
		p.open(d.Pos.Line, "rule "+d.Name)
		p.eventItems(d.Items)
		p.close(d.EndPos.Line, "")
	case *FuncDecl:
		params := make([]string, len(d.Params))
		for i, f := range d.Params {
			params[i] = f.Name + ": " + f.Type
		}
		head := fmt.Sprintf("%s %s(%s)", d.Kind, d.Name, strings.Join(params, ", "))
		if d.Result != "" {
			head += ": " + d.Result
		}
		if d.Context != "" {
			head += " in " + d.Context
		}
		if len(d.Traits) > 0 {
			head += " is " + strings.Join(d.Traits, ", ")
		}
		if d.Layer != "" {
			head += " layer " + d.Layer
		}
		if d.Items == nil {
			p.line(d.Pos.Line, d.Pos.Line, head)
			return
		}
		p.open(d.Pos.Line, head)
		p.eventItems(d.Items)
		p.close(d.EndPos.Line, "")
	case *NamesDecl:
		p.line(d.Pos.Line, d.Pos.Line, d.Kind+" "+strings.Join(d.Names, " "))
	case *SubtypesDecl:
		names := make([]string, len(d.Subtypes))
		for i, s := range d.Subtypes {
			names[i] = s.Name
			if s.Plural != "" {
				names[i] += " (" + s.Plural + ")"
			}
		}
		p.line(d.Pos.Line, d.Pos.Line, "subtypes "+strings.Join(d.Types, " ")+" — "+strings.Join(names, " "))
	case *StepDecl:
		p.line(d.Pos.Line, d.Pos.Line, "step "+d.Name+" "+strings.Join(d.Words, " "))
	case *VocabularyDecl:
		p.line(d.Pos.Line, d.Pos.Line, fmt.Sprintf("vocabulary %s version %d.%d", d.Name, d.Major, d.Minor))
	case *KeywordDecl:
		head := "keyword " + d.Name
		if d.Param != nil {
			head += "(" + d.Param.Name + ": " + d.Param.Type + ")"
		}
		p.open(d.Pos.Line, head)
		items := []EventItem{d.Doc}
		if d.Phrase != nil {
			items = append(items, d.Phrase)
		}
		p.eventItems(items)
		for _, it := range d.Abilities {
			p.cardItem(it)
		}
		p.close(d.EndPos.Line, "")
	}
}

func (p *printer) eventItems(items []EventItem) {
	for _, it := range items {
		l := it.Position().Line
		switch it := it.(type) {
		case *DocItem:
			p.line(l, l+strings.Count(it.Text, "\n"), "doc "+it.Text)
		case *FieldDecl:
			p.line(l, l, it.Name+": "+it.Type)
		case *CalledItem:
			p.line(l, l, "called from "+strings.Join(it.Contexts, ", "))
		case *TimingItem:
			if it.AtOnce {
				p.line(l, l, "takes effect at once")
			} else {
				p.line(l, l, "takes effect after the event")
			}
		case *StaleItem:
			p.line(l, l, "stale "+it.Stale)
		case *MovesItem:
			if it.From != "" {
				p.line(l, l, "moves "+it.Param+" from "+it.From+" to "+it.Zone)
			} else {
				p.line(l, l, "moves "+it.Param+" to "+it.Zone)
			}
		case *AliasItem:
			p.line(l, l, "alias "+it.Name+" "+it.Field)
		case *PhraseDecl:
			s := "phrase " + it.Text
			if it.Where != nil {
				s += " where " + CondString(it.Where)
			}
			if it.Each != "" {
				s += " each " + it.Each
			}
			if it.Once {
				s += " once"
			}
			if it.Anywhere {
				s += " anywhere"
			}
			if len(it.Defaults) > 0 {
				defs := make([]string, len(it.Defaults))
				for i, d := range it.Defaults {
					defs[i] = d.Name + " = " + SumString(d.Value)
				}
				s += " with " + strings.Join(defs, ", ")
			}
			p.line(l, l, s)
		case *OracleWording:
			p.line(l, l+strings.Count(it.Text, "\n"), "oracle "+it.Text)
		}
	}
}

func (p *printer) cardItem(it CardItem) {
	l := it.Position().Line
	switch it := it.(type) {
	case *CostItem:
		p.line(l, l, "cost "+it.Cost)
	case *TypeItem:
		s := "type " + strings.Join(it.Types, " ")
		if len(it.Subtypes) > 0 {
			s += " — " + strings.Join(it.Subtypes, " ")
		}
		p.line(l, l, s)
	case *PTItem:
		p.line(l, l, "pt "+it.PT)
	case *OracleItem:
		s := "oracle " + it.Text
		switch {
		case it.Unimplemented:
			s += " unimplemented"
		case it.Partly != "":
			s += " partly " + it.Partly
		}
		p.line(l, l+strings.Count(it.Text, "\n")+strings.Count(it.Partly, "\n"), s)
	case *KeywordsItem:
		kws := make([]string, len(it.Keywords))
		for i, k := range it.Keywords {
			kws[i] = strings.Join(k.Words, " ")
		}
		p.line(l, l, "keywords "+strings.Join(kws, ", "))
	case *EnchantItem:
		p.line(l, l, "enchant "+strings.Join(it.Words, " "))
	case *KeywordItem:
		p.line(l, l, strings.Join(it.Words, " "))
	case *LoyaltyItem:
		p.line(l, l, "loyalty "+it.Loyalty)
	case *EntersAbility:
		p.line(l, l, "enters "+PhraseString(it.Phrase))
	case *StaticAbility:
		cond := ""
		if it.If != nil {
			cond = "as long as " + PhraseString(it.If) + ", "
		}
		p.line(l, l, "static "+cond+PhraseString(it.Phrase))
	case *TriggerAbility:
		cond := ""
		if it.If != nil {
			cond = ", if " + PhraseString(it.If)
		}
		p.open(l, it.Word+" "+PhraseString(it.Phrase)+cond)
		p.block(it.Body, "")
	case *ReplaceAbility:
		p.open(l, "replace "+PhraseString(it.Phrase))
		p.block(it.Body, "")
	case *SpellAbility:
		p.open(l, "spell")
		p.block(it.Body, "")
	case *ActivatedAbility:
		only := ""
		if it.Only != nil {
			only = ", activate only " + PhraseString(it.Only)
		}
		if it.Body != nil {
			p.open(l, it.CostText()+":")
			p.block(it.Body, only)
			return
		}
		p.line(l, l, it.CostText()+": "+PhraseString(it.Effect)+only)
	}
}

// block prints the statements of an opened block and its closing brace.
func (p *printer) block(b *Block, closeSuffix string) {
	for _, s := range b.Stmts {
		p.stmt(s)
	}
	p.close(b.EndPos.Line, closeSuffix)
}

func (p *printer) stmt(s Stmt) {
	l := s.Position().Line
	switch s := s.(type) {
	case *ActionStmt:
		p.line(l, l, PhraseString(s.Phrase))
	case *AtStmt:
		p.open(l, "at "+PhraseString(s.Phrase))
		p.block(s.Body, "")
	case *WhenStmt:
		p.open(l, "when "+PhraseString(s.Phrase))
		p.block(s.Body, "")
	case *ForEachStmt:
		p.open(l, "for each "+PhraseString(s.Phrase))
		p.block(s.Body, "")
	case *WhereStmt:
		p.line(l, l, "where "+PhraseString(s.Phrase))
	case *IfStmt:
		p.open(l, "if "+s.CondText())
		p.ifTail(s)
	case *ChooseStmt:
		p.open(l, ChooseString(s))
		for _, m := range s.Modes {
			p.open(m.Pos.Line, "mode")
			p.block(m.Body, "")
		}
		p.close(s.EndPos.Line, "")
	}
}

// ChooseString renders the line that opens a modal choice: `choose one`,
// `choose one or both`.
func ChooseString(s *ChooseStmt) string {
	if s.Or != "" {
		return "choose " + s.Count + " or " + s.Or
	}
	return "choose " + s.Count
}

// ifTail prints the then-block of an if and its else chain.
func (p *printer) ifTail(s *IfStmt) {
	switch {
	case s.Else == nil:
		p.block(s.Then, "")
	case s.Else.If != nil:
		p.block(s.Then, " else if "+s.Else.If.CondText()+" {")
		p.depth++
		p.afterOpen = true
		p.ifTail(s.Else.If)
	default:
		p.block(s.Then, " else {")
		p.depth++
		p.afterOpen = true
		p.block(s.Else.Block, "")
	}
}

func (p *printer) section(s TestSection) {
	l := s.Position().Line
	switch s := s.(type) {
	case *Given:
		p.open(l, "given")
		for _, st := range s.Stmts {
			sl := st.Position().Line
			p.line(sl, sl, st.String())
		}
		p.close(s.EndPos.Line, "")
	case *When:
		p.open(l, "when")
		for _, st := range s.Stmts {
			sl := st.Position().Line
			p.line(sl, sl, st.String())
		}
		p.close(s.EndPos.Line, "")
	case *Then:
		p.open(l, "then")
		for _, st := range s.Stmts {
			sl := st.Position().Line
			p.line(sl, sl, st.String())
		}
		p.close(s.EndPos.Line, "")
	}
}
