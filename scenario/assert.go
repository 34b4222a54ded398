package scenario

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vocab"
)

// then checks every assertion of a then block; a failed assertion does
// not stop the others.
func (r *runner) then(s *dsl.Then) {
	for _, a := range s.Stmts {
		r.check(a)
	}
}

var zoneByName = map[string]core.Zone{"hand": core.ZoneHand, "graveyard": core.ZoneGraveyard,
	"library": core.ZoneLibrary, "exile": core.ZoneExile}

func (r *runner) check(a dsl.Assertion) {
	g := r.g
	switch a := a.(type) {
	case *dsl.ZoneAssert:
		o, err := r.object(a.Card)
		if err != nil {
			return
		}
		want := "on the battlefield"
		ok := o != nil && o.Zone() == core.ZoneBattlefield
		if !a.Battlefield {
			z := zoneByName[a.Zone]
			want = "in " + a.Zone
			ok = o != nil && o.Zone() == z
			if a.Owner != "" {
				want = "in " + a.Owner + " " + a.Zone
				ok = ok && o.Owner() == playerID(a.Owner)
			}
		}
		if ok == a.Not {
			neg := ""
			if a.Not {
				neg = "not "
			}
			r.failf(a.Pos, "expected %s %sto be %s, but it is %s", dsl.RefString(a.Card), neg, want, r.where(o))
		}
	case *dsl.StateAssert:
		o, err := r.permanent(a.Card)
		if err != nil {
			return
		}
		var is bool
		switch a.State {
		case "tapped":
			is = o.Tapped()
		case "untapped":
			is = !o.Tapped()
		case "attacking":
			is = o.Attacking()
		case "blocking":
			is = o.Blocking() != 0
		case "blocked":
			is = o.Blocked()
		}
		if is == a.Not {
			neg := ""
			if a.Not {
				neg = "not "
			}
			r.failf(a.Pos, "expected %s %sto be %s", dsl.RefString(a.Card), neg, a.State)
		}
	case *dsl.PTAssert:
		// In any zone: a card's characteristic-defining ability defines
		// its power and toughness everywhere (CR 604.3).
		o, err := r.object(a.Card)
		if err != nil {
			return
		}
		if o == nil {
			r.failf(a.Pos, "%s is in no zone", dsl.RefString(a.Card))
			return
		}
		p, t, ok := dsl.ParsePT(a.PT)
		if got := fmt.Sprintf("%d/%d", g.Power(o.ID()), g.Toughness(o.ID())); !ok || p != g.Power(o.ID()) || t != g.Toughness(o.ID()) {
			r.failf(a.Pos, "expected %s to be %s, but it is %s", dsl.RefString(a.Card), a.PT, got)
		}
	case *dsl.AttachedAssert:
		o, err := r.object(a.Card)
		if err != nil {
			return
		}
		to, err := r.object(a.To)
		if err != nil {
			return
		}
		attached := o != nil && to != nil && o.Zone() == core.ZoneBattlefield && !o.Left() && o.AttachedTo() == to.ID()
		if attached == a.Not {
			neg := ""
			if a.Not {
				neg = "not "
			}
			found := "it is " + r.where(o)
			if o != nil && o.Zone() == core.ZoneBattlefield {
				found = "it is attached to nothing"
				if t := g.Object(o.AttachedTo()); t != nil {
					found = "it is attached to " + t.Name()
				}
			}
			r.failf(a.Pos, "expected %s %sto be attached to %s, but %s", dsl.RefString(a.Card), neg, dsl.RefString(a.To), found)
		}
	case *dsl.KeywordAssert:
		o, err := r.permanent(a.Card)
		if err != nil {
			return
		}
		kw := strings.ToLower(strings.Join(a.Keyword, " "))
		if !r.v.IsName(vocab.KKeyword, kw) {
			r.failf(a.Pos, "%q is not a keyword ability the rules know", kw)
			return
		}
		if g.HasKeyword(o.ID(), kw) == a.Not {
			if a.Not {
				r.failf(a.Pos, "expected %s not to have %s, but it has", dsl.RefString(a.Card), kw)
			} else {
				r.failf(a.Pos, "expected %s to have %s, but it does not", dsl.RefString(a.Card), kw)
			}
		}
	case *dsl.CountAssert:
		o, err := r.permanent(a.Card)
		if err != nil {
			return
		}
		if a.Damage {
			if o.Damage() != a.Count {
				r.failf(a.Pos, "expected %s to have %d damage marked, but it has %d", dsl.RefString(a.Card), a.Count, o.Damage())
			}
			return
		}
		k, err := r.counter(a.Pos, a.Counter)
		if err != nil {
			return
		}
		if n := o.Counters(k); n != a.Count {
			r.failf(a.Pos, "expected %s to have %d %s counters, but it has %d", dsl.RefString(a.Card), a.Count, a.Counter, n)
		}
	case *dsl.LifeAssert:
		if life := g.Player(playerID(a.Player)).Life; life != a.Life {
			r.failf(a.Pos, "expected %s to have %d life, but %s %d", a.Player, a.Life,
				map[bool]string{true: "you have", false: "they have"}[a.Player == "you"], life)
		}
	case *dsl.PoolAssert:
		p, want := playerID(a.Player), mana.Amount{}
		if a.Owner != "" {
			p = playerID(a.Owner)
		} else if amount, err := mana.Produced(a.Mana); err == nil {
			want = amount
		} else {
			r.failf(a.Pos, "%v", err)
			return
		}
		if got := g.Player(p).Pool; got != want {
			r.failf(a.Pos, "expected %s, but %s", dsl.AssertionString(a), poolText(p, got))
		}
	case *dsl.LogAssert:
		r.checkLog(a)
	case *dsl.GameAssert:
		out := g.Outcome()
		switch {
		case a.Player != "" && out.Lost[playerID(a.Player)] == core.EndNone:
			r.failf(a.Pos, "expected %s to have lost the game, but %s", a.Player, outcomeText(out))
		case a.Draw && !out.Draw():
			r.failf(a.Pos, "expected the game to be a draw, but %s", outcomeText(out))
		case a.Going && out.Over:
			r.failf(a.Pos, "expected the game not to be over, but %s", outcomeText(out))
		}
	case *dsl.DecisionAssert:
		r.checkDecision(a)
	case *dsl.ChoiceAssert:
		r.checkChoice(a)
	case *dsl.PaidAssert:
		r.checkPaid(a)
	case *dsl.ControlAssert:
		name, n := dsl.Unquote(a.Name), 0
		for _, c := range r.g.CardsNamed(name) {
			if o := r.g.CurrentObject(c); o.Zone() == core.ZoneBattlefield && o.Controller() == playerID(a.Player) {
				n++
			}
		}
		if n != a.Count {
			r.failf(a.Pos, "expected: %s; found %d", dsl.AssertionString(a), n)
		}
	case *dsl.TurnAssert:
		if a.Player == "" {
			if g.Turn() != a.Turn {
				r.failf(a.Pos, "expected turn %d, but it is turn %d", a.Turn, g.Turn())
			}
			return
		}
		step, nth, _ := stepFromWords(r.v, a.Step)
		if g.ActivePlayer() != playerID(a.Player) || g.Step() != step || (nth != 0 && g.CombatDamageStep() != nth) {
			which := ""
			if g.Step() == core.StepCombatDamage && g.CombatDamageStep() != 0 {
				which = ordinal(g.CombatDamageStep()) + " "
			}
			r.failf(a.Pos, "expected %s, but it is %s %s%s step", dsl.AssertionString(a), r.possessive(g.ActivePlayer()), which, g.Step())
		}
	case *dsl.StackAssert:
		n := len(g.Stack())
		if a.Empty && n != 0 {
			r.failf(a.Pos, "expected the stack to be empty, but it holds %s", r.stackText())
		} else if !a.Empty && n != a.Count {
			held := "nothing"
			if n > 0 {
				held = fmt.Sprintf("%d: %s", n, r.stackText())
			}
			r.failf(a.Pos, "expected the stack to hold %d %s, but it holds %s", a.Count, objects(a.Count), held)
		}
	}
}

func (r *runner) checkLog(a *dsl.LogAssert) {
	kind, ok := eventKind(dsl.Unquote(a.Kind))
	if !ok {
		r.failf(a.Pos, "no event kind is called %s", a.Kind)
		return
	}
	card := 0
	if a.Involving != nil {
		c, err := r.card(a.Involving)
		if err != nil {
			return
		}
		card = c
	}
	n := 0
	for _, ev := range r.g.Log() {
		if ev.Kind == kind && (card == 0 || r.script.involves(&ev, card)) {
			n++
		}
	}
	if n != a.Count {
		involving := ""
		if a.Involving != nil {
			involving = " involving " + dsl.RefString(a.Involving)
		}
		r.failf(a.Pos, "expected %d %s events%s in the log, found %d", a.Count, dsl.Unquote(a.Kind), involving, n)
	}
}

// where says where an object is, for messages.
func (r *runner) where(o *core.Object) string {
	if o == nil {
		return "no longer in the game"
	}
	if o.Zone() == core.ZoneBattlefield {
		return "on the battlefield"
	}
	owner := "your"
	if o.Owner() == 1 {
		owner = "the opponent's"
	}
	return "in " + owner + " " + o.Zone().String()
}

func objects(n int) string {
	if n == 1 {
		return "object"
	}
	return "objects"
}

func (r *runner) possessive(p core.PlayerID) string {
	if p == 0 {
		return "your"
	}
	return "the opponent's"
}

func (r *runner) stackText() string {
	var names []string
	stack := r.g.Stack()
	for i := len(stack) - 1; i >= 0; i-- {
		names = append(names, stack[i].Name())
	}
	return strings.Join(names, "; ")
}

// poolText says what a player's mana pool holds.
func poolText(p core.PlayerID, pool mana.Amount) string {
	whose := "your"
	if p == 1 {
		whose = "the opponent's"
	}
	if pool.Total() == 0 {
		return whose + " mana pool is empty"
	}
	return whose + " mana pool holds " + pool.String()
}

// checkDecision checks that a player made a decision of trigger order (or
// of which replacement effect applies first) in which the cards of the
// assertion come first, in their order, as `order` scripts them.
func (r *runner) checkDecision(a *dsl.DecisionAssert) {
	var cards []int
	for _, ref := range a.Cards {
		c, err := r.card(ref)
		if err != nil {
			return
		}
		cards = append(cards, c)
	}
	if a.What == "replacements" && len(cards) != 1 {
		r.failf(a.Pos, "`ordered replacements` names one card: the one whose effect applied first")
		return
	}
	want := playerID(a.Player)
	var seen []string
	for _, d := range r.g.Decisions() {
		var ok bool
		switch {
		case a.What == "triggers" && d.Kind == core.DecisionTriggerOrder:
			ok = r.script.ordered(d.Triggers, cards)
		case a.What == "replacements" && d.Kind == core.DecisionReplacement:
			o := r.g.Object(d.Replacement.Source)
			ok = o != nil && o.Card() == cards[0]
		default:
			continue
		}
		if ok && d.Player == want {
			return
		}
		seen = append(seen, r.g.DescribeDecision(&d))
	}
	found := "no player made such a decision"
	if len(seen) > 0 {
		found = "the decisions of that kind were: " + strings.Join(seen, "; ")
	}
	r.failf(a.Pos, "expected: %s; %s", dsl.AssertionString(a), found)
}

// checkChoice checks a choice a player made (or, with Not, never made):
// a word as a spell or ability resolved (core.DecisionChoice), or the
// permanent to copy (core.DecisionCopy). A bare word that is no alias of
// the test is a word.
func (r *runner) checkChoice(a *dsl.ChoiceAssert) {
	kind, word, card := core.DecisionCopy, "", 0
	switch {
	case a.Nothing:
	case a.Card.Alias != nil && !r.isAlias(*a.Card.Alias):
		kind, word = core.DecisionChoice, *a.Card.Alias
	default:
		c, err := r.card(a.Card)
		if err != nil {
			return
		}
		card = c
	}
	want := playerID(a.Player)
	var seen []string
	for _, d := range r.g.Decisions() {
		if d.Kind != kind {
			continue
		}
		var match bool
		if kind == core.DecisionChoice {
			match = strings.EqualFold(d.Choice, word)
		} else {
			got := 0
			if o := r.g.Object(core.ObjectID(d.Target)); d.Target != 0 && o != nil {
				got = o.Card()
			}
			match = got == card
		}
		if d.Player == want && match {
			if a.Not {
				r.failf(a.Pos, "expected: %s; but %s", dsl.AssertionString(a), r.g.DescribeDecision(&d))
			}
			return
		}
		seen = append(seen, r.g.DescribeDecision(&d))
	}
	if a.Not {
		return
	}
	found := "no player made such a choice"
	if len(seen) > 0 {
		found = "the choices of that kind were: " + strings.Join(seen, "; ")
	}
	r.failf(a.Pos, "expected: %s; %s", dsl.AssertionString(a), found)
}

// checkPaid checks that a player decided an optional cost as the
// assertion says: paid (sacrificing that card), or declined.
func (r *runner) checkPaid(a *dsl.PaidAssert) {
	card := 0
	if a.Card != nil {
		c, err := r.card(a.Card)
		if err != nil {
			return
		}
		card = c
	}
	want, paid := playerID(a.Player), a.Verb == "paid"
	var seen []string
	for _, d := range r.g.Decisions() {
		if d.Kind != core.DecisionOptionalCost {
			continue
		}
		ok := d.Player == want && d.Paid == paid
		if ok && card != 0 {
			o := r.g.Object(core.ObjectID(d.Target))
			ok = o != nil && o.Card() == card
		}
		if ok {
			return
		}
		seen = append(seen, r.g.DescribeDecision(&d))
	}
	found := "no player decided an optional cost"
	if len(seen) > 0 {
		found = "the decisions of optional costs were: " + strings.Join(seen, "; ")
	}
	r.failf(a.Pos, "expected: %s; %s", dsl.AssertionString(a), found)
}
