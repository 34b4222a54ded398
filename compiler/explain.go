package compiler

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// Explanation is a card's abilities rendered back to English, beside its
// Oracle text: what `cardc explain` prints, and what lint compares.
type Explanation struct {
	// Name is the card's name.
	Name string
	// Pos is where the card is declared.
	Pos dsl.Pos
	// Oracle are the card's Oracle paragraphs, in order; empty ones left
	// out.
	Oracle []Paragraph
	// Abilities are the card's abilities, in the order it writes them,
	// each rendered as Oracle text would say it.
	Abilities []Rendering
}

// Paragraph is one paragraph of a card's Oracle text.
type Paragraph struct {
	Text string
	Pos  dsl.Pos
	// Unimplemented marks a paragraph the card says the language cannot
	// say yet (`oracle "..." unimplemented`).
	Unimplemented bool
}

// Rendering is one ability of a card in English, and where it is
// written: an ability, a keyword, or one instruction of a spell.
type Rendering struct {
	Text string
	Pos  dsl.Pos
}

// Explain checks a card and renders its abilities back to English, with
// the Oracle wordings the vocabulary declares for its phrases (the
// `oracle` line after each `phrase`): their slots are filled with what
// the card wrote, and `this` is the card's name. A card with an error has
// no explanation: it returns nil and the diagnostics.
func Explain(v *vocab.Vocab, card *dsl.Card) (e *Explanation, diags dsl.Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			e = nil
			diags = append(diags, dsl.Errorf(card.Pos, CodeInternalCompiler, "compiler failure explaining card %q: %v", dsl.Unquote(card.Name), r).
				WithHint("this is a bug in cardc; please report it with this file"))
		}
	}()
	checked, diags := checkCard(v, card)
	if diags.HasErrors() {
		return nil, diags
	}
	return explainChecked(v, card, checked), diags
}

// explainChecked renders a card the checker passed, from its checked form.
func explainChecked(v *vocab.Vocab, card *dsl.Card, checked *checkedCard) *Explanation {
	name := dsl.Unquote(card.Name)
	e := &Explanation{Name: name, Pos: card.Pos}
	byItem := map[dsl.CardItem]*checkedAbility{}
	for _, a := range checked.abilities {
		if a.item != nil {
			byItem[a.item] = a
		}
	}
	r := &renderer{v: v, self: name}
	for _, it := range card.Items {
		switch it := it.(type) {
		case *dsl.OracleItem:
			if text := dsl.Unquote(it.Text); strings.TrimSpace(text) != "" {
				e.Oracle = append(e.Oracle, Paragraph{Text: text, Pos: it.Pos, Unimplemented: it.Unimplemented})
			}
		case *dsl.LoyaltyItem:
			// A characteristic, as P/T is: no paragraph says it.
		case *dsl.KeywordsItem:
			// One rendering each: Oracle text may put keywords in one
			// paragraph ("Flying, vigilance") or in one each.
			for _, k := range it.Keywords {
				e.Abilities = append(e.Abilities, Rendering{Text: capitalize(strings.Join(k.Words, " ")), Pos: k.Pos})
			}
		case *dsl.KeywordItem:
			// A keyword with its cost or its number, as Oracle text
			// writes it: "Equip {1}", no period.
			e.Abilities = append(e.Abilities, Rendering{Text: capitalize(strings.Join(it.Words, " ")), Pos: it.Pos})
		default:
			a := byItem[it]
			switch {
			case a == nil:
			case a.kind == vm.AbilitySpell:
				// Each instruction of a spell is a sentence of its own,
				// which Oracle text may put in a paragraph of its own;
				// so is each mode, after its bullet (CR 700.2).
				for _, st := range a.body {
					if ch, ok := st.(*checkedChoose); ok {
						e.Abilities = append(e.Abilities, Rendering{Text: capitalize(ch.text) + " —", Pos: ch.pos})
						for _, m := range ch.modes {
							e.Abilities = append(e.Abilities, Rendering{Text: "• " + sentence(r.body(m)), Pos: ch.pos})
						}
						continue
					}
					e.Abilities = append(e.Abilities, Rendering{Text: sentence(r.body([]checkedStmt{st})), Pos: stmtPos(st)})
				}
			default:
				e.Abilities = append(e.Abilities, Rendering{Text: r.ability(a), Pos: it.Position()})
			}
		}
	}
	return e
}

// renderer renders checked abilities; self is what `this` reads as.
type renderer struct {
	v    *vocab.Vocab
	self string
}

// ability renders one ability as a sentence (or a few), capitalized and
// ended with a period.
func (r *renderer) ability(a *checkedAbility) string {
	var s string
	switch a.kind {
	case vm.AbilityTriggered, vm.AbilityDelayed:
		word, _, _ := strings.Cut(a.text, " ")
		s = word + " " + r.pattern(a.pattern) + ", "
		if a.intervening != nil {
			s += "if " + r.action(a.intervening) + ", "
		}
		s += r.body(a.body)
	case vm.AbilityReplacement:
		s = "if " + r.pattern(a.pattern) + ", " + r.body(a.body)
	case vm.AbilityEnters:
		s = r.action(a.enters)
	case vm.AbilityStatic, vm.AbilityEffect:
		s = r.reading(a.reading, a.granted)
	case vm.AbilityEnchant:
		return "Enchant " + a.enchant.Text // a keyword: no period
	case vm.AbilityActivated:
		costs := make([]string, len(a.costs))
		for i, c := range a.costs {
			if c.act != nil {
				costs[i] = r.action(c.act)
			} else {
				costs[i] = c.mana
			}
		}
		cost := strings.Join(costs, ", ")
		if a.loyalty != "" {
			cost = a.loyalty
		}
		s = cost + ": " + capitalize(r.body(a.body))
		if a.only != "" {
			s += ". Activate only " + a.only
		}
	}
	return sentence(s)
}

// sentence capitalizes s and ends it with a period.
func sentence(s string) string {
	s = capitalize(s)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, `."`) {
		s += "."
	}
	return s
}

// stmtPos is where a statement is written.
func stmtPos(st checkedStmt) dsl.Pos {
	switch st := st.(type) {
	case *checkedAction:
		return st.pos
	case *checkedDelayed:
		return st.pos
	case *checkedReflexive:
		return st.pos
	case *checkedEach:
		return st.pos
	case *checkedIf:
		return st.pos
	case *checkedMay:
		return st.pos
	case *checkedChoose:
		return st.pos
	}
	return dsl.Pos{}
}

// body renders statements as sentences: the first as it is, the others
// capitalized.
func (r *renderer) body(stmts []checkedStmt) string {
	var out []string
	for _, st := range stmts {
		var s string
		switch st := st.(type) {
		case *checkedAction:
			s = r.action(st)
		case *checkedDelayed:
			s = "at " + r.pattern(st.ability.pattern) + ", " + r.body(st.ability.body)
		case *checkedReflexive:
			s = "when " + r.pattern(st.ability.pattern) + ", " + r.body(st.ability.body)
		case *checkedEach:
			s = "for each " + r.words(st.filter.Text) + ", " + r.body(st.body)
		case *checkedIf:
			if st.did != nil {
				s = "if " + st.did.String() + ", " + r.body(st.then)
			} else {
				s = "if " + r.words(dsl.CondString(st.cond)) + ", " + r.body(st.then)
			}
			if len(st.els) > 0 {
				s += ". Otherwise, " + r.body(st.els)
			}
		case *checkedMay:
			s = r.may(st)
		case *checkedChoose:
			s = st.text + " —"
			for _, m := range st.modes {
				s += " • " + sentence(r.body(m))
			}
		}
		if len(out) > 0 {
			s = capitalize(s)
		}
		out = append(out, strings.TrimSuffix(s, "."))
	}
	return strings.Join(out, ". ")
}

// may renders `PLAYER may ACTION` as Oracle text says it: "you may gain
// 1 life" (the action's own subject, if it has the player's, left out and
// its verb in the base form), "you may draw a card".
func (r *renderer) may(m *checkedMay) string {
	subject := r.sum(m.player)
	act := r.action(m.action)
	if rest, ok := strings.CutPrefix(act, subject+" "); ok {
		verb, tail, _ := strings.Cut(rest, " ")
		if subject != "you" {
			verb = baseVerb(verb)
		}
		act = strings.TrimSuffix(verb+" "+tail, " ")
	}
	return subject + " may " + act
}

func (r *renderer) action(act *checkedAction) string {
	if act == nil {
		return ""
	}
	return r.reading(act.reading, nil)
}

// pattern renders an event pattern with its first reading.
func (r *renderer) pattern(m *vocab.Match) string {
	if m == nil || len(m.Alts) == 0 {
		return ""
	}
	return r.reading(m.Alts[0], nil)
}

// reading renders a phrase as read: the Oracle wording of its template
// (or, failing one, the phrase itself), its slots filled with what the
// card wrote, in agreement (singular after one, the verb after "you" or a
// plural). granted is the ability a granting effect's text slot names.
func (r *renderer) reading(alt *vocab.Alt, granted *checkedAbility) string {
	if alt == nil {
		return ""
	}
	t := alt.Template
	items := t.Items
	if t.Oracle != nil {
		items = t.Oracle.Items
	}
	var out []string
	plural, single := false, false
	for _, it := range items {
		if it.Word != "" {
			w := it.Word
			switch {
			case plural:
				w = baseVerb(w)
			case single && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
				w, single = strings.TrimSuffix(w, "s"), false
			}
			plural = false
			out = append(out, w)
			continue
		}
		var text string
		arg := alt.Args[it.Slot]
		switch {
		case it.Slot == vocab.ThisSlot:
			text = r.self
		case arg != nil && arg.Kind == vocab.ArgText && granted != nil:
			inner := &renderer{v: r.v, self: "this creature"}
			text = `"` + inner.ability(granted) + `"`
		case arg != nil:
			text = r.arg(arg)
			plural = text == "you" || arg.Kind == vocab.ArgFilter && (arg.Filter.Det == "" || arg.Filter.Det == "other")
			if arg.Kind == vocab.ArgConst && arg.Num == 1 {
				single = true
			}
		case t.Defaults[it.Slot] != nil:
			text = r.sum(t.Defaults[it.Slot])
			plural = text == "you"
		default:
			text = "{" + it.Slot + "}"
		}
		out = append(out, text+it.Suffix)
	}
	return strings.Join(out, " ")
}

// arg renders what fills a slot.
func (r *renderer) arg(a *vocab.Arg) string {
	switch a.Kind {
	case vocab.ArgFilter:
		return r.words(a.Filter.Text)
	case vocab.ArgExpr:
		return r.sum(a.Expr)
	case vocab.ArgEventRef:
		return that(a.Name)
	case vocab.ArgPattern:
		return r.pattern(a.Pattern)
	case vocab.ArgText:
		return `"` + a.Text + `"`
	case vocab.ArgCount:
		return "the number of " + r.words(a.Filter.Text)
	case vocab.ArgTargets:
		texts := make([]string, len(a.Targets))
		for i, f := range a.Targets {
			texts[i] = r.words(f.Text)
		}
		return strings.Join(texts, " and ")
	}
	return r.words(a.Written)
}

// sum renders an expression: `this` as the card's name, a bound name as
// "that NAME", a field as a possessive ("that creature's toughness", "your
// cards in hand").
func (r *renderer) sum(s *dsl.Sum) string {
	if half := halfOf(s); half != nil {
		return "half " + r.sum(half)
	}
	ref := refOf(s)
	if ref == nil {
		return r.words(dsl.SumString(s))
	}
	var base string
	switch ref.Name {
	case "this":
		base = r.self
	case "you", "X", "true", "false", "them", "it":
		base = ref.Name
	default:
		base = that(ref.Name)
	}
	for _, f := range ref.Fields {
		if base == "you" {
			base = "your"
		} else {
			base += "'s"
		}
		base += " " + strings.ReplaceAll(f, "_", " ")
	}
	return base
}

// halfOf returns a when the expression is `a / 2`, which Oracle text says
// "half a" (rounded down, as division is: Hydroid Krasis's "half X").
func halfOf(s *dsl.Sum) *dsl.Sum {
	if s == nil || len(s.Rest) > 0 || len(s.Left.Rest) != 1 {
		return nil
	}
	op := s.Left.Rest[0]
	if op.Op != "/" || op.Right.Primary == nil || op.Right.Primary.Number == nil || *op.Right.Primary.Number != "2" {
		return nil
	}
	return &dsl.Sum{Span: s.Span, Left: &dsl.Product{Span: s.Left.Span, Left: s.Left.Left}}
}

// refOf returns the reference an expression is, if it is a lone one.
func refOf(s *dsl.Sum) *dsl.Ref {
	if s == nil || len(s.Rest) > 0 || len(s.Left.Rest) > 0 || s.Left.Left.Primary == nil {
		return nil
	}
	return s.Left.Left.Primary.Ref
}

// that renders a bound name: "that creature", "that player" (for
// that_player).
func that(name string) string {
	words := strings.ReplaceAll(name, "_", " ")
	if strings.HasPrefix(words, "that ") {
		return words
	}
	return "that " + words
}

// words renders text the card wrote, with the word `this` as what it
// stands for, a field as a possessive (`this.power` as "Stone Giant's
// power") and a bound name as "that NAME" (`that_player` as "that
// player"), as sum renders them.
func (r *renderer) words(s string) string {
	fields := strings.Fields(s)
	for i, w := range fields {
		core := strings.TrimRightFunc(w, unicode.IsPunct)
		switch {
		case core == "this":
			fields[i] = r.self + w[len(core):]
		case strings.Contains(core, ".") || strings.Contains(core, "_"):
			name, rest, _ := strings.Cut(core, ".")
			ref := &dsl.Ref{Name: name}
			if rest != "" {
				ref.Fields = strings.Split(rest, ".")
			}
			fields[i] = r.sum(&dsl.Sum{Left: &dsl.Product{Left: &dsl.Unary{Primary: &dsl.Primary{Ref: ref}}}}) + w[len(core):]
		}
	}
	return strings.Join(fields, " ")
}

// baseVerb is the form of a verb after "you" or a plural subject: "gains"
// → "gain", "has" → "have", "is" → "are". Other words stay as they are.
func baseVerb(w string) string {
	switch w {
	case "has":
		return "have"
	case "is":
		return "are"
	case "does":
		return "do"
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// capitalize puts the first letter of s in upper case.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
