package meaning

import (
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// OfCard is what each ability of a checked card means, from its
// structure (compiler.Explanation.Structure), in the order the card
// writes them; each with the card's rendering of it (Text), and a spell
// ability's instructions with theirs. Each is sealed (Ability.Seal).
func OfCard(v *vocab.Vocab, e *compiler.Explanation) []*Ability { return ofCard(v, e, false) }

// KeysOfCard is OfCard without what phrases and values say (Builder's
// Quiet): enough to compare meanings, and cheaper.
func KeysOfCard(v *vocab.Vocab, e *compiler.Explanation) []*Ability { return ofCard(v, e, true) }

func ofCard(v *vocab.Vocab, e *compiler.Explanation, quiet bool) []*Ability {
	texts := map[dsl.Pos]string{}
	for _, r := range e.Abilities {
		if _, dup := texts[r.Pos]; !dup {
			texts[r.Pos] = r.Text
		}
	}
	c := &cardReader{b: NewBuilder(v, Self), texts: texts}
	c.b.Quiet = quiet
	var out []*Ability
	for _, s := range e.Structure {
		c.b.Begin()
		a := c.ability(s)
		a.Text = texts[s.Pos]
		out = append(out, a.Seal())
	}
	return out
}

// cardReader turns a card's structure into meaning.
type cardReader struct {
	b     *Builder
	texts map[dsl.Pos]string
}

// ability is what one ability of the card means.
func (c *cardReader) ability(s *compiler.Ability) *Ability {
	b := c.b
	a := &Ability{Pos: s.Pos}
	switch {
	case s.Keyword != "":
		a.Kind, a.Keyword = Keyword, NormalKeyword(s.Keyword)
	case s.Kind == vm.AbilityEnchant:
		a.Kind, a.Keyword = Keyword, "enchant"
		a.Enchant = EnchantValue(s.Enchant)
	case s.Kind == vm.AbilityTriggered || s.Kind == vm.AbilityDelayed:
		a.Kind, a.Word = Triggered, s.Word
		a.Trigger, _ = b.Pattern(s.Pattern, b.Event(s.Pattern.Event.Name))
		if s.Intervening != nil {
			p, _ := b.Action(s.Intervening)
			a.If = &Cond{Phrase: p, Say: p.Say}
		}
		a.Body = c.stmts(s.Body)
	case s.Kind == vm.AbilityReplacement:
		a.Kind = Replacement
		a.Trigger, _ = b.Pattern(s.Pattern, b.Event(s.Pattern.Event.Name))
		a.Body = c.stmts(s.Body)
	case s.Kind == vm.AbilityEnters:
		a.Kind = Enters
		if s.Phrase != nil {
			restore := func() {}
			if s.PhraseWhere != nil {
				// `enters with X +1/+1 counters where X is N`.
				restore = b.BindFor("X", b.Value(s.PhraseWhere).Key)
			}
			a.Effect, _ = b.Action(s.Phrase)
			restore()
		}
	case s.Kind == vm.AbilityStatic || s.Kind == vm.AbilityEffect:
		a.Kind = Static
		b.Granted = func(*vocab.Arg) *Ability {
			if s.Granted == nil {
				return nil
			}
			inner := &cardReader{b: NewBuilder(b.v, "this creature"), texts: c.texts}
			inner.b.Quiet = b.Quiet
			return inner.ability(s.Granted)
		}
		if s.Phrase != nil {
			a.Effect = b.Static(s.Phrase)
		}
		b.Granted = nil
		if s.Intervening != nil {
			// `as long as CONDITION` (CR 611.3).
			p, _ := b.Action(s.Intervening)
			a.If = &Cond{Phrase: p, Say: p.Say}
		}
	case s.Kind == vm.AbilityActivated:
		a.Kind = Activated
		a.Loyalty = NormalLoyalty(s.Loyalty)
		a.Only = NormalOnly(s.Only)
		if a.Loyalty == "" {
			a.Costs = &Costs{}
			for _, cost := range s.Costs {
				if cost.Action != nil {
					p, _ := b.Action(cost.Action)
					a.Costs.Actions = append(a.Costs.Actions, p)
					continue
				}
				a.Costs.AddMana(cost.Mana)
			}
		}
		a.Body = c.stmts(s.Body)
	case s.Kind == vm.AbilitySpell:
		a.Kind = Spell
		a.Body = c.stmts(s.Body)
	}
	return a
}

// stmts is what the statements of a body mean.
func (c *cardReader) stmts(ss []compiler.Stmt) []Stmt {
	b := c.b
	var out []Stmt
	for _, s := range ss {
		st := Stmt{Pos: s.Pos}
		switch {
		case s.Action != nil:
			st.Kind = Do
			if s.Granted != nil {
				// The ability the action gives a token, read as the
				// token's own: "It has "This creature's ..."".
				b.Granted = func(*vocab.Arg) *Ability {
					inner := &cardReader{b: NewBuilder(b.v, "this creature"), texts: c.texts}
					inner.b.Quiet = b.Quiet
					return inner.ability(s.Granted)
				}
			}
			restore := func() {}
			if s.ActionWhere != nil {
				// `ACTION where X is N`: X is N in that action alone, as
				// Oracle's "..., where X is N" after its sentence says.
				restore = b.BindFor("X", b.Value(s.ActionWhere).Key)
			}
			st.Phrase, _ = b.Action(s.Action)
			restore()
			b.Granted = nil
			if s.Result != "" {
				b.Bind(s.Result, b.LastChosen())
			}
			if s.May != nil {
				// `PLAYER may ACTION` (CR 608.2d): the player decides; an
				// action whose player the vocabulary defaults to `you` is
				// theirs, as the compiler reads it.
				st.Kind = May
				st.Who = &Value{Key: b.Sum(s.May)}
				if !b.Quiet {
					st.Who.Say = b.saySum(s.May)
				}
				DecidedBy(st.Phrase, st.Who)
			}
		case s.Choose != nil:
			st.Kind, st.Min, st.Max = Choose, s.Choose.Min, s.Choose.Max
			st.Count = strings.TrimPrefix(s.Choose.Text, "choose ")
			for _, m := range s.Choose.Modes {
				b.Push()
				st.Modes = append(st.Modes, c.stmts(m))
				b.Pop()
			}
		case s.Delayed != nil || s.Reflexive != nil:
			inner, kind := s.Delayed, Delayed
			if inner == nil {
				inner, kind = s.Reflexive, Reflexive
			}
			b.Push()
			st.Kind = kind
			st.Phrase, _ = b.Pattern(inner.Pattern, b.Event(inner.Pattern.Event.Name))
			st.Body = c.stmts(inner.Body)
			b.Pop()
		case s.Each != nil:
			b.Push()
			ref := b.EachRef(s.Each)
			b.Bind(s.Each.Bind, ref)
			st.Kind = Each
			st.Each = &Value{Key: b.FilterKey(s.Each), Say: b.sayFilter(s.Each), Filter: s.Each}
			st.Body = c.stmts(s.Body)
			b.Pop()
		case s.Where != "":
			// `where X is N`: X is N in what follows (CR 107.3c), as
			// Oracle's "..., where X is N" reads.
			b.Bind(s.Where, b.Value(s.WhereArg).Key)
			continue
		case s.Cant != "":
			// `if you can't { ... }`: the block if the player had
			// nothing to choose in the action before it (Oracle's "If
			// you can't sacrifice a creature, ..."); the player as a
			// value, `you` or the reference a name is bound to.
			st.Kind = Cant
			st.Who = &Value{Key: b.Resolve(s.Cant)}
			if !b.Quiet {
				st.Who.Say = b.sayRef(st.Who.Key)
			}
			b.Push()
			st.Body = c.stmts(s.Then)
			b.Pop()
			b.Push()
			st.Else = c.stmts(s.Else)
			b.Pop()
		case s.Cond != nil || s.Condition != nil || s.Did != nil:
			st.Kind = If
			switch {
			case s.Did != nil:
				st.Cond = &Cond{Did: s.Did.String(), Say: s.Did.String()}
			case s.Condition != nil:
				p, _ := b.Action(s.Condition)
				st.Cond = &Cond{Phrase: p, Say: p.Say}
			default:
				st.Cond = b.Cond(s.Cond)
			}
			b.Push()
			st.Body = c.stmts(s.Then)
			b.Pop()
			b.Push()
			st.Else = c.stmts(s.Else)
			b.Pop()
		default:
			continue
		}
		out = append(out, st)
	}
	return out
}

// AddMana adds mana symbols of a cost: {T} and {Q} are flags, the others
// the mana cost, in the order written.
func (c *Costs) AddMana(syms string) {
	for _, sym := range strings.SplitAfter(syms, "}") {
		switch strings.ToUpper(sym) {
		case "":
		case "{T}":
			c.Tap = true
		case "{Q}":
			c.Untap = true
		default:
			c.Mana += strings.ToUpper(sym)
		}
	}
}

// NormalKeyword is a keyword ability as compared: lower case, one space
// between words.
func NormalKeyword(k string) string { return strings.Join(strings.Fields(strings.ToLower(k)), " ") }

// NormalLoyalty is a loyalty cost as compared: the minus sign of Oracle
// text (U+2212) a hyphen.
func NormalLoyalty(l string) string { return strings.ReplaceAll(l, "−", "-") }

// NormalOnly is the restriction of an activated ability as compared:
// "activate this ability only once each turn" is "once each turn".
func NormalOnly(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "activate ")
	s = strings.TrimPrefix(s, "this ability ")
	s = strings.TrimPrefix(s, "only ")
	return strings.TrimSuffix(s, ".")
}

// EnchantValue is what an enchant ability allows: the words of its
// filter.
func EnchantValue(f *vocab.Filter) *Value {
	if f == nil {
		return nil
	}
	var words []string
	for _, w := range f.Words {
		name := strings.ToLower(w.Name)
		if w.Neg {
			name = "non" + name
		}
		words = append(words, name)
	}
	return &Value{Key: "enchant:" + strings.Join(words, " "), Say: f.Text, Filter: f}
}

// DecidedBy makes the action of `PLAYER may ACTION` the deciding
// player's where its player is the vocabulary's default, `you` (“that
// player may draw a card”: that player draws), as the compiler reads it.
func DecidedBy(p *Phrase, who *Value) {
	if p == nil || who == nil || who.Key == "you" {
		return
	}
	for i, a := range p.Args {
		if a.Name == "player" && a.Value.Arg == nil && a.Value.Key == "you" {
			p.Args[i].Value = who
		}
	}
}
