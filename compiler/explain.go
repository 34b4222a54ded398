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
	// Structure are the card's abilities as structures (what each phrase
	// read as), in the order it writes them: a keyword is one, a spell
	// ability one with all its instructions.
	Structure []*Ability
	// Types and Subtypes are the card's types, from its type line: card
	// types and supertypes in lower case, subtypes as written.
	Types, Subtypes []string
}

// Paragraph is one paragraph of a card's Oracle text.
type Paragraph struct {
	Text string
	Pos  dsl.Pos
	// Unimplemented marks a paragraph the card says the language cannot
	// say yet (`oracle "..." unimplemented`).
	Unimplemented bool
	// Partly, if set, is what of the paragraph the card leaves out,
	// words of the paragraph (`oracle "..." partly "..."`): the rest is
	// said by its abilities.
	Partly string
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
	e := &Explanation{Name: name, Pos: card.Pos, Structure: structure(card, checked)}
	e.Types = append(append(e.Types, checked.card.Supertypes...), checked.card.Types...)
	e.Subtypes = append(e.Subtypes, checked.card.Subtypes...)
	byItem := map[dsl.CardItem]*checkedAbility{}
	for _, a := range checked.abilities {
		if a.item != nil {
			byItem[a.item] = a
		}
	}
	r := &renderer{v: v, self: name, nouns: boundNouns(checked), attached: attachedName(card, checked)}
	for _, it := range card.Items {
		switch it := it.(type) {
		case *dsl.OracleItem:
			if text := dsl.Unquote(it.Text); strings.TrimSpace(text) != "" {
				e.Oracle = append(e.Oracle, Paragraph{Text: text, Pos: it.Pos, Unimplemented: it.Unimplemented, Partly: dsl.Unquote(it.Partly)})
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
	// nouns are the nouns of the filters the card's names were bound to
	// ("creature" for `c` of "a creature as c"): a name reads "that
	// creature".
	nouns map[string]string
	// attached is what `this.attached_to` reads as: "enchanted creature"
	// for an Aura, "equipped creature" for an Equipment.
	attached string
}

// boundNouns maps each name a card binds with `as` to the noun of its
// filter.
func boundNouns(checked *checkedCard) map[string]string {
	nouns := map[string]string{}
	for _, a := range checked.abilities {
		if a.tree == nil {
			continue
		}
		for _, b := range a.tree.bindings {
			if _, seen := nouns[b.name]; !seen && b.filter != nil {
				nouns[b.name] = filterNoun(b.filter)
			}
		}
	}
	return nouns
}

// filterNoun is the noun a filter names its objects or players by, in the
// singular: "creature", "Goblin", "player"; "permanent" when it has none.
func filterNoun(f *vocab.Filter) string {
	for i := len(f.Words) - 1; i >= 0; i-- {
		if w := f.Words[i]; w.Noun && w.Name != "" && !w.Or {
			return w.Name
		}
	}
	if f.Yields.Kind == vocab.KPlayer {
		return "player"
	}
	return "permanent"
}

// attachedName is what Oracle text calls the object a card is attached to
// (CR 303.4, 301.5): "enchanted" and the noun of an Aura's enchant
// ability, "equipped creature" for an Equipment, else "the permanent NAME
// is attached to".
func attachedName(card *dsl.Card, checked *checkedCard) string {
	for _, it := range card.Items {
		ti, ok := it.(*dsl.TypeItem)
		if !ok {
			continue
		}
		for _, sub := range ti.Subtypes {
			switch sub {
			case "Aura":
				noun := "permanent"
				for _, a := range checked.abilities {
					if a.enchant != nil {
						noun = filterNoun(a.enchant)
					}
				}
				return "enchanted " + noun
			case "Equipment":
				return "equipped creature"
			}
		}
	}
	return "the permanent " + dsl.Unquote(card.Name) + " is attached to"
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
		if a.intervening != nil {
			s = "as long as " + r.action(a.intervening) + ", " + s
		}
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
	case *checkedWhere:
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
		case *checkedWhere:
			s = "where " + st.bind.name + " is " + r.arg(st.arg)
			if st.arg.ForEach != nil {
				s += " for each " + r.words(st.arg.ForEach.Text)
			}
		case *checkedIf:
			cond := st.who + " can't" // `if you can't`
			switch {
			case st.did != nil:
				cond = st.did.String()
			case st.condition != nil:
				cond = r.action(st.condition)
			case st.cond != nil:
				cond = r.cond(st.cond)
			}
			s = "if " + cond + ", " + r.body(st.then)
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
			verb = vocab.BaseVerb(verb)
		}
		act = strings.TrimSuffix(verb+" "+tail, " ")
	}
	return subject + " may " + act
}

func (r *renderer) action(act *checkedAction) string {
	if act == nil {
		return ""
	}
	var granted *checkedAbility
	for _, ca := range act.args {
		if ca.granted != nil {
			granted = ca.granted // a token's ability (actionAbility)
		}
	}
	s := r.reading(act.reading, granted)
	if w := act.where; w != nil {
		// "deals X damage to any target, where X is the number of
		// Goblins you control".
		s += ", where X is " + r.arg(w.arg)
		if w.arg.ForEach != nil {
			s += " for each " + r.words(w.arg.ForEach.Text)
		}
	}
	return s
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
	out := make([]string, 0, len(items)+2) // the words, and what follows them
	plural, single, subject := false, false, false
	one := -1                 // where in out the number 1 is, while single
	var perEach *vocab.Filter // a quantity's "for each FILTER", said last
	var whereX *vocab.Arg     // what X is in a +X/+X, said last
	for i, it := range items {
		if it.Word != "" {
			w := it.Word
			switch {
			case plural:
				w = vocab.BaseVerb(w)
			case subject:
				w = thirdPerson(w)
			case single && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
				// "draw 1 cards" is "draw a card".
				w, single = strings.TrimSuffix(w, "s"), false
				if one >= 0 && (out[one] == "1" || out[one] == "one") {
					out[one] = "a"
				}
			}
			if (w == "life" || w == "damage") && len(out) > 0 && strings.HasSuffix(out[len(out)-1], "that many") {
				// "that many" of what is counted, "that much" of the rest.
				out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "many") + "much"
			}
			plural, subject = false, false
			out = append(out, w)
			continue
		}
		var text string
		arg := alt.Args[it.Slot]
		switch {
		case it.Slot == vocab.ThisSlot:
			text = r.self
		case arg != nil && arg.Kind == vocab.ArgText && granted != nil:
			inner := &renderer{v: r.v, self: "this creature", nouns: r.nouns, attached: r.attached}
			text = `"` + inner.ability(granted) + `"`
		case arg != nil:
			text = r.arg(arg)
			if arg.ForEach != nil {
				perEach = arg.ForEach
			}
			if arg.Where != nil {
				whereX = arg.Where
			}
			plural = text == "you" || arg.Kind == vocab.ArgFilter && (arg.Filter.Det == "" || arg.Filter.Det == "other")
			// The subject of the wording, one object or player: its verb
			// agrees with it ("equipped creature loses flying").
			subject = i == 0 && it.Suffix == "" && !plural && arg.Kind != vocab.ArgPattern
			counted := len(out) == 0 || out[len(out)-1] != "plus" // "that many plus 1 +1/+1 counters"
			if counted && (arg.Kind == vocab.ArgConst && arg.Num == 1 || arg.Kind == vocab.ArgExpr && dsl.SumString(arg.Expr) == "1") {
				single, one = true, len(out)
			}
		case t.Defaults.Of(it.Slot) != nil:
			text = r.sum(t.Defaults.Of(it.Slot))
			plural = text == "you"
		default:
			text = "{" + it.Slot + "}"
		}
		out = append(out, text+it.Suffix)
	}
	if perEach != nil {
		out = append(out, "for each", r.words(perEach.Text))
	}
	if whereX != nil {
		// "gets +X/+X, where X is the number of creatures you control".
		out[len(out)-1] += ","
		out = append(out, "where X is", r.arg(whereX))
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
		return r.that(a.Name)
	case vocab.ArgPattern:
		return r.pattern(a.Pattern)
	case vocab.ArgText:
		return `"` + a.Text + `"`
	case vocab.ArgQuery:
		return r.reading(a.Pattern.Alts[0], nil)
	case vocab.ArgCount:
		if a.Each {
			return r.words(a.Filter.Text)
		}
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
// "that NOUN", a field as a possessive ("that creature's toughness", "your
// cards in hand"), a field of the event as "that FIELD" ("that player"; its
// amount "that many"), arithmetic in words ("X plus 1").
func (r *renderer) sum(s *dsl.Sum) string {
	if half := halfOf(s); half != nil {
		return "half " + r.sum(half)
	}
	if s == nil {
		return ""
	}
	out := r.product(s.Left)
	for _, op := range s.Rest {
		word := " plus "
		if op.Op == "-" {
			word = " minus "
		}
		out += word + r.product(op.Right)
	}
	return out
}

// product renders `a * b / c` in words.
func (r *renderer) product(p *dsl.Product) string {
	first := r.unary(p.Left)
	out := first
	for _, op := range p.Rest {
		word := " times "
		if op.Op == "/" {
			word = " divided by "
		}
		next := r.unary(op.Right)
		if rest, ok := strings.CutPrefix(next, r.self+"'s "); ok && next == first {
			next = "its " + rest // "Cubic Idol's power times its power"
		}
		out += word + next
	}
	return out
}

// unary renders `-a` or a primary.
func (r *renderer) unary(u *dsl.Unary) string {
	switch {
	case u.Neg != nil:
		return "-" + r.unary(u.Neg)
	case u.Primary.Number != nil:
		return *u.Primary.Number
	case u.Primary.Paren != nil:
		return r.cond(u.Primary.Paren)
	}
	return r.ref(u.Primary.Ref)
}

// ref renders a name and its fields.
func (r *renderer) ref(ref *dsl.Ref) string {
	fields := ref.Fields
	var base string
	switch {
	case ref.Name == "this" && len(fields) > 0 && fields[0] == "attached_to":
		base, fields = r.attached, fields[1:]
	case ref.Name == "this":
		base = r.self
	case ref.Name == "you" || ref.Name == "X" || ref.Name == "true" || ref.Name == "false" || ref.Name == "them" || ref.Name == "it":
		base = ref.Name
	case r.v.Event(ref.Name) != nil && r.nouns[ref.Name] == "":
		// The event of the ability: Oracle says "that damage", and of
		// its fields "that player", "that many".
		if len(fields) == 0 {
			return "that " + eventNoun(ref.Name)
		}
		if fields[0] == "amount" {
			base = "that many"
		} else {
			base = "that " + words(fields[0])
		}
		fields = fields[1:]
	default:
		base = r.that(ref.Name)
	}
	for _, f := range fields {
		base = possessive(base, f)
	}
	return base
}

// possessive renders the field f of what base names: "your cards in
// hand" is "the number of cards in your hand", "X's life" "X's life
// total", another field "X's FIELD".
func possessive(base, f string) string {
	owner := base + "'s"
	if base == "you" {
		owner = "your"
	}
	switch f {
	case "cards_in_hand":
		return "the number of cards in " + owner + " hand"
	case "life":
		return owner + " life total"
	}
	return owner + " " + words(f)
}

// words renders an identifier of the vocabulary as words: "mana_value"
// is "mana value".
func words(id string) string { return strings.ReplaceAll(id, "_", " ") }

// eventNoun is what Oracle calls an event of a kind: "damage", "life" for
// life_gained.
func eventNoun(kind string) string {
	first, _, _ := strings.Cut(kind, "_")
	return first
}

// cond renders a condition: `this.is_untapped` as "NAME is untapped",
// `a >= 2` as "a is 2 or greater", `not`, `and` and `or` in words.
func (r *renderer) cond(c *dsl.Cond) string {
	var ors []string
	for _, a := range append([]*dsl.AndCond{c.Left}, c.Right...) {
		var ands []string
		for _, n := range append([]*dsl.NotCond{a.Left}, a.Right...) {
			ands = append(ands, r.notCond(n, false))
		}
		ors = append(ors, strings.Join(ands, " and "))
	}
	return strings.Join(ors, " or ")
}

// queryNouns are the `is_` queries of the vocabulary that name a kind of
// thing rather than a state: English puts an article before them ("that
// card is a creature"; "that creature is tapped").
var queryNouns = map[string]bool{"creature": true, "player": true, "permanent": true, "spell": true, "token": true, "permanent_card": true}

// notCond renders `not a` or a comparison; neg says it is negated.
func (r *renderer) notCond(n *dsl.NotCond, neg bool) string {
	if n.Not != nil {
		return r.notCond(n.Not, !neg)
	}
	cmp := n.Cmp
	if cmp.Op == "" {
		if ref := refOf(cmp.Left); ref != nil && len(ref.Fields) > 0 {
			// A query of a quality: "NAME is untapped".
			last := ref.Fields[len(ref.Fields)-1]
			if verb, rest, ok := strings.Cut(last, "_"); ok && (verb == "is" || verb == "has") {
				subject := r.ref(&dsl.Ref{Name: ref.Name, Fields: ref.Fields[:len(ref.Fields)-1]})
				quality := words(rest)
				if verb == "is" && queryNouns[rest] {
					quality = "a " + quality // "is a creature", not "is creature"
				}
				if neg {
					if verb == "has" {
						return subject + " doesn't have " + quality
					}
					return subject + " is not " + quality
				}
				return subject + " " + verb + " " + quality
			}
		}
		if neg {
			return "not " + r.sum(cmp.Left)
		}
		return r.sum(cmp.Left)
	}
	left, right := r.sum(cmp.Left), r.sum(cmp.Right)
	var is string
	switch cmp.Op {
	case "==":
		is = "is " + right
	case "!=":
		is, neg = "is "+right, !neg
	case ">=":
		is = "is " + right + " or greater"
	case "<=":
		is = "is " + right + " or less"
	case ">":
		is = "is greater than " + right
	case "<":
		is = "is less than " + right
	}
	if neg {
		is = "is not" + strings.TrimPrefix(is, "is")
	}
	return left + " " + is
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

// that renders a bound name: "that creature" for a name bound to a
// filter of creatures, whatever the name; "that player" for that_player;
// a name of the rules as it is ("that player", "defending player").
func (r *renderer) that(name string) string {
	if noun := r.nouns[name]; noun != "" {
		return "that " + noun
	}
	if strings.Contains(name, " ") {
		return name // "that player", "defending player"
	}
	w := words(name)
	if strings.HasPrefix(w, "that ") {
		return w
	}
	if ev := r.v.Event(name); ev != nil {
		return "that " + eventNoun(name)
	}
	return "that " + w
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

// thirdPerson is the form of a verb after one object or player: "lose"
// → "loses", "have" → "has", "are" → "is". A verb in that form already,
// a modal ("can't", "may"), a participle or any other word stays as it
// is.
func thirdPerson(w string) string {
	switch w {
	case "have":
		return "has"
	case "are":
		return "is"
	case "do":
		return "does"
	case "don't":
		return "doesn't"
	case "can't", "can", "may", "must", "would", "will", "and", "or":
		return w
	}
	if vocab.BaseVerb(w) != w || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "'s") || strings.ContainsAny(w, "{}'") {
		return w
	}
	switch {
	case strings.HasSuffix(w, "y") && len(w) > 1 && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return strings.TrimSuffix(w, "y") + "ies"
	case strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "x"):
		return w + "es"
	}
	return w + "s"
}

// capitalize puts the first letter of s in upper case.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
