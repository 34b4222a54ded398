package scenario

import (
	"fmt"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// then checks every assertion of a then block; a failed assertion does
// not stop the others.
func (r *runner) then(s *dsl.Then) {
	for _, a := range s.Stmts {
		r.check(a)
	}
}

var zoneByName = map[string]Zone{"hand": Hand, "graveyard": Graveyard,
	"library": Library, "exile": Exile}

func (r *runner) check(a dsl.Assertion) {
	ref := eachRef(a)
	if ref == nil {
		r.checkOne(a)
		return
	}
	// `each "NAME"`: the assertion holds for every card and token with the
	// name, checked for each in turn.
	name := dsl.Unquote(*ref.Name)
	var cards []Card
	for _, c := range r.g.CardsNamed(name) {
		if !r.filler[c] {
			cards = append(cards, c)
		}
	}
	if len(cards) == 0 {
		r.failf(ref.Pos, "no card named %q is in the game", name)
		return
	}
	for _, c := range cards {
		r.each[ref] = c
		r.checkOne(a)
	}
	delete(r.each, ref)
}

// eachRef is the reference `each "NAME"` an assertion about a card itself
// starts with, or nil.
func eachRef(a dsl.Assertion) *dsl.CardRef {
	var ref *dsl.CardRef
	switch a := a.(type) {
	case *dsl.ZoneAssert:
		ref = a.Card
	case *dsl.StateAssert:
		ref = a.Card
	case *dsl.PTAssert:
		ref = a.Card
	case *dsl.AttachedAssert:
		ref = a.Card
	case *dsl.KeywordAssert:
		ref = a.Card
	case *dsl.CountAssert:
		ref = a.Card
	}
	if ref == nil || !ref.Each || ref.Name == nil {
		return nil
	}
	return ref
}

// checkOne checks an assertion, its references each naming one card.
func (r *runner) checkOne(a dsl.Assertion) {
	g := r.g
	switch a := a.(type) {
	case *dsl.ZoneAssert:
		_, o, in, err := r.object(a.Card)
		if err != nil {
			return
		}
		want := "on the battlefield"
		ok := in && o.Zone == Battlefield
		if !a.Battlefield {
			z := zoneByName[a.Zone]
			want = "in " + a.Zone
			ok = in && o.Zone == z
			if a.Owner != "" {
				want = "in " + a.Owner + " " + a.Zone
				ok = ok && o.Owner == playerID(a.Owner)
			}
		}
		if ok == a.Not {
			neg := ""
			if a.Not {
				neg = "not "
			}
			r.failf(a.Pos, "expected %s %sto be %s, but it is %s", dsl.RefString(a.Card), neg, want, r.where(o, in))
		}
	case *dsl.StateAssert:
		_, o, err := r.permanentObject(a.Card)
		if err != nil {
			return
		}
		var is bool
		switch a.State {
		case "tapped":
			is = o.Tapped
		case "untapped":
			is = !o.Tapped
		case "attacking":
			is = o.Attacking
		case "blocking":
			is = o.Blocking
		case "blocked":
			is = o.Blocked
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
		_, o, in, err := r.object(a.Card)
		if err != nil {
			return
		}
		if !in {
			r.failf(a.Pos, "%s is in no zone", dsl.RefString(a.Card))
			return
		}
		p, t, ok := dsl.ParsePT(a.PT)
		if got := fmt.Sprintf("%d/%d", o.Power, o.Toughness); !ok || p != o.Power || t != o.Toughness {
			r.failf(a.Pos, "expected %s to be %s, but it is %s", dsl.RefString(a.Card), a.PT, got)
		}
	case *dsl.AttachedAssert:
		_, o, in, err := r.object(a.Card)
		if err != nil {
			return
		}
		to, _, toIn, err := r.object(a.To)
		if err != nil {
			return
		}
		attached := in && toIn && o.Zone == Battlefield && o.AttachedTo == to
		if attached == a.Not {
			neg := ""
			if a.Not {
				neg = "not "
			}
			found := "it is " + r.where(o, in)
			if in && o.Zone == Battlefield {
				found = "it is attached to nothing"
				if t, ok := g.Object(o.AttachedTo); o.AttachedTo != 0 && ok {
					found = "it is attached to " + t.Name
				}
			}
			r.failf(a.Pos, "expected %s %sto be attached to %s, but %s", dsl.RefString(a.Card), neg, dsl.RefString(a.To), found)
		}
	case *dsl.KeywordAssert:
		c, err := r.permanent(a.Card)
		if err != nil {
			return
		}
		u, ok := r.v.ReadKeyword(a.Keyword)
		if !ok {
			r.failf(a.Pos, "%q is not a keyword ability the rules know", strings.ToLower(strings.Join(a.Keyword, " ")))
			return
		}
		kw := u.Name
		has, err := g.HasKeyword(c, kw)
		if err != nil {
			if !r.unsupported(a.Pos, err) {
				r.failf(a.Pos, "%v", err)
			}
			return
		}
		if has == a.Not {
			if a.Not {
				r.failf(a.Pos, "expected %s not to have %s, but it has", dsl.RefString(a.Card), kw)
			} else {
				r.failf(a.Pos, "expected %s to have %s, but it does not", dsl.RefString(a.Card), kw)
			}
		}
	case *dsl.CountAssert:
		_, o, err := r.permanentObject(a.Card)
		if err != nil {
			return
		}
		if a.Damage {
			if o.Damage != a.Count {
				r.failf(a.Pos, "expected %s to have %d damage marked, but it has %d", dsl.RefString(a.Card), a.Count, o.Damage)
			}
			return
		}
		k, err := r.counter(a.Pos, a.Counter)
		if err != nil {
			return
		}
		if n := o.Counters[k]; n != a.Count {
			r.failf(a.Pos, "expected %s to have %d %s counters, but it has %d", dsl.RefString(a.Card), a.Count, a.Counter, n)
		}
	case *dsl.LifeAssert:
		if life := g.Player(playerID(a.Player)).Life; life != a.Life {
			r.failf(a.Pos, "expected %s to have %d life, but %s %d", a.Player, a.Life,
				map[bool]string{true: "you have", false: "they have"}[a.Player == "you"], life)
		}
	case *dsl.PlayerCountAssert:
		k, err := r.counter(a.Pos, a.Counter)
		if err != nil {
			return
		}
		if n := g.Player(playerID(a.Player)).Counters[k]; n != a.Count {
			r.failf(a.Pos, "expected %s, but %s %d", dsl.AssertionString(a),
				map[bool]string{true: "you have", false: "they have"}[a.Player == "you"], n)
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
		case a.Player != "" && out.Lost[playerID(a.Player)] == "":
			r.failf(a.Pos, "expected %s to have lost the game, but %s", a.Player, outcomeText(out))
		case a.Draw && !out.Draw:
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
		for _, c := range g.CardsNamed(name) {
			if o, ok := g.Object(c); ok && o.Zone == Battlefield && o.Controller == playerID(a.Player) {
				n++
			}
		}
		if n != a.Count {
			r.failf(a.Pos, "expected: %s; found %d", dsl.AssertionString(a), n)
		}
	case *dsl.TurnAssert:
		turn := g.Turn()
		if a.Player == "" {
			if turn.Turn != a.Turn {
				r.failf(a.Pos, "expected turn %d, but it is turn %d", a.Turn, turn.Turn)
			}
			return
		}
		step, nth, _ := stepFromWords(r.v, a.Step)
		if turn.Active != playerID(a.Player) || turn.Step != step || (nth != 0 && turn.CombatDamageStep != nth) {
			which := ""
			if turn.Step == combatDamageStep && turn.CombatDamageStep != 0 {
				which = ordinal(turn.CombatDamageStep) + " "
			}
			r.failf(a.Pos, "expected %s, but it is %s %s%s step", dsl.AssertionString(a), r.possessive(turn.Active), which, turn.Step)
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
	kind, ok := eventKind(r.v, dsl.Unquote(a.Kind))
	if !ok {
		r.failf(a.Pos, "no event kind is called %s", a.Kind)
		return
	}
	var card Card
	if a.Involving != nil {
		c, err := r.card(a.Involving)
		if err != nil {
			return
		}
		card = c
	}
	n := 0
	for _, ev := range r.g.Log() {
		if ev.Kind == kind && (card == 0 || ev.involves(card)) {
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
func (r *runner) where(o Object, in bool) string {
	if !in {
		return "no longer in the game"
	}
	if o.Zone == Battlefield {
		return "on the battlefield"
	}
	owner := "your"
	if o.Owner == Opponent {
		owner = "the opponent's"
	}
	return "in " + owner + " " + string(o.Zone)
}

func objects(n int) string {
	if n == 1 {
		return "object"
	}
	return "objects"
}

func (r *runner) possessive(p Player) string {
	if p == You {
		return "your"
	}
	return "the opponent's"
}

func (r *runner) stackText() string {
	var names []string
	stack := r.g.Stack()
	for i := len(stack) - 1; i >= 0; i-- {
		names = append(names, stack[i])
	}
	return strings.Join(names, "; ")
}

// poolText says what a player's mana pool holds.
func poolText(p Player, pool mana.Amount) string {
	whose := "your"
	if p == Opponent {
		whose = "the opponent's"
	}
	if pool.Total() == 0 {
		return whose + " mana pool is empty"
	}
	return whose + " mana pool holds " + pool.String()
}

// decisions returns the decisions the players made, or reports at p that
// the engine cannot say.
func (r *runner) decisions(p dsl.Pos) ([]Decision, bool) {
	ds, err := r.g.Decisions()
	if err != nil {
		if !r.unsupported(p, err) {
			r.failf(p, "%v", err)
		}
		return nil, false
	}
	return ds, true
}

// checkDecision checks that a player made a decision of trigger order (or
// of which replacement effect applies first) in which the cards of the
// assertion come first, in their order, as `order` scripts them.
func (r *runner) checkDecision(a *dsl.DecisionAssert) {
	var cards []Card
	for _, ref := range a.Cards {
		c, err := r.replacementCard(a.What, ref)
		if err != nil {
			return
		}
		cards = append(cards, c)
	}
	if a.What == "replacements" && len(cards) != 1 {
		r.failf(a.Pos, "`ordered replacements` names one card: the one whose effect applied first")
		return
	}
	decisions, ok := r.decisions(a.Pos)
	if !ok {
		return
	}
	want := playerID(a.Player)
	var seen []string
	for _, d := range decisions {
		var ok bool
		switch {
		case a.What == "triggers" && d.Kind == DecisionTriggerOrder:
			ok = ordered(d.Triggers, cards)
		case a.What == "replacements" && d.Kind == DecisionReplacement && cards[0] == Protection:
			ok = d.Protection
		case a.What == "replacements" && d.Kind == DecisionReplacement:
			ok = d.Source != 0 && d.Source == cards[0]
		default:
			continue
		}
		if ok && d.Player == want {
			return
		}
		seen = append(seen, d.Text)
	}
	found := "no player made such a decision"
	if len(seen) > 0 {
		found = "the decisions of that kind were: " + strings.Join(seen, "; ")
	}
	r.failf(a.Pos, "expected: %s; %s", dsl.AssertionString(a), found)
}

// checkChoice checks a choice a player made (or, with Not, never made):
// a word as a spell or ability resolved (DecisionChoice), or the
// permanent to copy (DecisionCopy), the source of damage chosen
// (DecisionSource) or a permanent chosen to pay a cost
// (DecisionCostObject). A bare word that is no alias of the
// test is a word.
func (r *runner) checkChoice(a *dsl.ChoiceAssert) {
	kind, word, card := DecisionCopy, "", Card(0)
	switch {
	case a.Nothing:
	case a.Card.Alias != nil && !r.isAlias(*a.Card.Alias):
		kind, word = DecisionChoice, *a.Card.Alias
	default:
		c, err := r.card(a.Card)
		if err != nil {
			return
		}
		card = c
	}
	decisions, ok := r.decisions(a.Pos)
	if !ok {
		return
	}
	want := playerID(a.Player)
	var seen []string
	for _, d := range decisions {
		if d.Kind != kind && (kind != DecisionCopy || (d.Kind != DecisionSource && d.Kind != DecisionCostObject)) {
			continue
		}
		var match bool
		if kind == DecisionChoice {
			match = strings.EqualFold(d.Word, word)
		} else {
			match = d.Card == card
		}
		if d.Player == want && match {
			if a.Not {
				r.failf(a.Pos, "expected: %s; but %s", dsl.AssertionString(a), d.Text)
			}
			return
		}
		seen = append(seen, d.Text)
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
	var card Card
	if a.Card != nil {
		c, err := r.card(a.Card)
		if err != nil {
			return
		}
		card = c
	}
	decisions, ok := r.decisions(a.Pos)
	if !ok {
		return
	}
	want, paid := playerID(a.Player), a.Verb == "paid"
	var seen []string
	for _, d := range decisions {
		if d.Kind != DecisionOptionalCost {
			continue
		}
		ok := d.Player == want && d.Paid == paid
		if ok && card != 0 {
			ok = d.Card == card
		}
		if ok {
			return
		}
		seen = append(seen, d.Text)
	}
	found := "no player decided an optional cost"
	if len(seen) > 0 {
		found = "the decisions of optional costs were: " + strings.Join(seen, "; ")
	}
	r.failf(a.Pos, "expected: %s; %s", dsl.AssertionString(a), found)
}
