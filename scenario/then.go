package scenario

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// The steps of then: assertions on the game (see step.go). An assertion
// about a card itself (About) may name it `each "NAME"`: it is then checked
// for every card and token with the name.

// "Protean Hydra" is in your graveyard, is on the battlefield, is not in
// exile.
var _ = then(thenStep[*dsl.ZoneAssert]{
	About: func(a *dsl.ZoneAssert) *dsl.CardRef { return a.Card },
	Assert: func(r *runner, a *dsl.ZoneAssert) {
		_, o, in, err := r.object(a.Card)
		if err != nil {
			return
		}
		ok := in && o.Zone == Battlefield
		if !a.Battlefield {
			ok = in && o.Zone == zoneByName[a.Zone] && (a.Owner == "" || o.Owner == playerID(a.Owner))
		}
		if ok == a.Not {
			want := "on the battlefield"
			switch {
			case a.Owner != "":
				want = "in " + a.Owner + " " + a.Zone
			case !a.Battlefield:
				want = "in " + a.Zone
			}
			r.expected(a.Pos, a.Not, a.Card, "be "+want, "it is "+r.where(o, in))
		}
	},
})

// "Grizzly Bears" is tapped (untapped, attacking, blocking, blocked), is
// not tapped.
var _ = then(thenStep[*dsl.StateAssert]{
	About: func(a *dsl.StateAssert) *dsl.CardRef { return a.Card },
	Assert: func(r *runner, a *dsl.StateAssert) {
		if a.State == "revealed" {
			// A card of a library, revealed by a continuous effect
			// (CR 401.5), or any other card, which is not.
			_, obj, _, err := r.object(a.Card)
			if err != nil {
				return
			}
			if obj.Revealed == a.Not {
				r.expected(a.Pos, a.Not, a.Card, "be revealed", "")
			}
			return
		}
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
			r.expected(a.Pos, a.Not, a.Card, "be "+a.State, "")
		}
	},
})

// "Grizzly Bears" is blocking "Prized Unicorn", is not blocking: one of
// the attacking creatures it blocks (CR 509.1g).
var _ = then(thenStep[*dsl.BlockingAssert]{
	About: func(a *dsl.BlockingAssert) *dsl.CardRef { return a.Card },
	Check: func(c *checker, a *dsl.BlockingAssert) { c.ref(a.Attacker) },
	Assert: func(r *runner, a *dsl.BlockingAssert) {
		_, o, err := r.permanentObject(a.Card)
		if err != nil {
			return
		}
		at, _, in, err := r.object(a.Attacker)
		if err != nil {
			return
		}
		if blocks := in && slices.Contains(o.Blocks, at); blocks == a.Not {
			found := "it blocks nothing"
			if len(o.Blocks) > 0 {
				var names []string
				for _, b := range o.Blocks {
					if ob, ok := r.g.Object(b); ok {
						names = append(names, ob.Name)
					}
				}
				found = "it blocks " + strings.Join(names, " and ")
			}
			r.expected(a.Pos, a.Not, a.Card, "be blocking "+dsl.RefString(a.Attacker), found)
		}
	},
})

// "Berserkers of Blood Ridge" must attack, "Grizzly Bears" must block
// "Prized Unicorn", does not have to attack: what the requirements of
// combat make the creature do in every legal declaration now (CR 508.1d,
// 509.1c), as an engine that checks whole declarations says
// (Declarations); on another, the test is skipped.
var _ = then(thenStep[*dsl.RequirementAssert]{
	About: func(a *dsl.RequirementAssert) *dsl.CardRef { return a.Card },
	Check: func(c *checker, a *dsl.RequirementAssert) {
		if a.Attacker != nil {
			c.ref(a.Attacker)
		}
	},
	Assert: func(r *runner, a *dsl.RequirementAssert) {
		d, ok := r.g.(Declarations)
		if !ok {
			r.unsupported(a.Pos, Unsupported("requirements of combat"))
			return
		}
		c, err := r.permanent(a.Card)
		if err != nil {
			return
		}
		var must bool
		what := a.Verb
		switch {
		case a.Verb == "attack":
			if a.Attacker != nil {
				r.failf(a.Attacker.Pos, "a creature attacks a player, not %s: write `%s must attack`", dsl.RefString(a.Attacker), dsl.RefString(a.Card))
				return
			}
			must, err = d.MustAttack(c)
		case a.Attacker != nil:
			at, e := r.permanent(a.Attacker)
			if e != nil {
				return
			}
			what += " " + dsl.RefString(a.Attacker)
			must, err = d.MustBlock(c, at)
		default:
			must, err = d.MustBlock(c, 0)
		}
		if err != nil {
			r.failf(a.Pos, "%v", err)
			return
		}
		if must == a.Not {
			if a.Not {
				r.failf(a.Pos, "expected %s not to have to %s, but every legal declaration has it %s (CR 508.1d, 509.1c)", dsl.RefString(a.Card), what, what)
				return
			}
			r.failf(a.Pos, "expected %s to have to %s, but a legal declaration leaves it out (CR 508.1d, 509.1c)", dsl.RefString(a.Card), what)
		}
	},
})

// "Protean Hydra" is 3/3: in any zone, as a card's characteristic-defining
// ability defines them everywhere (CR 604.3).
var _ = then(thenStep[*dsl.PTAssert]{
	About: func(a *dsl.PTAssert) *dsl.CardRef { return a.Card },
	Assert: func(r *runner, a *dsl.PTAssert) {
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
	},
})

// "Trollhide" is attached to "Grizzly Bears", is not attached to.
var _ = then(thenStep[*dsl.AttachedAssert]{
	About: func(a *dsl.AttachedAssert) *dsl.CardRef { return a.Card },
	Check: func(c *checker, a *dsl.AttachedAssert) { c.ref(a.To) },
	Assert: func(r *runner, a *dsl.AttachedAssert) {
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
			found := "it is " + r.where(o, in)
			if in && o.Zone == Battlefield {
				found = "it is attached to nothing"
				if t, ok := r.g.Object(o.AttachedTo); o.AttachedTo != 0 && ok {
					found = "it is attached to " + t.Name
				}
			}
			r.expected(a.Pos, a.Not, a.Card, "be attached to "+dsl.RefString(a.To), found)
		}
	},
})

// "Grizzly Bears" has flying, does not have flying: as continuous effects
// make its abilities.
var _ = then(thenStep[*dsl.KeywordAssert]{
	About: func(a *dsl.KeywordAssert) *dsl.CardRef { return a.Card },
	Assert: func(r *runner, a *dsl.KeywordAssert) {
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
		has, err := r.g.HasKeyword(c, kw)
		if err != nil {
			if !r.unsupported(a.Pos, err) {
				r.failf(a.Pos, "%v", err)
			}
			return
		}
		if has == a.Not {
			found := "it does not"
			if has {
				found = "it has"
			}
			r.expected(a.Pos, a.Not, a.Card, "have "+kw, found)
		}
	},
})

// "Protean Hydra" has 2 +1/+1 counters, has no damage.
var _ = then(thenStep[*dsl.CountAssert]{
	About: func(a *dsl.CountAssert) *dsl.CardRef { return a.Card },
	Check: func(c *checker, a *dsl.CountAssert) {
		if !a.Damage && !a.Shields {
			c.counter(a.Pos, a.Counter)
		}
	},
	Assert: func(r *runner, a *dsl.CountAssert) {
		c, o, err := r.permanentObject(a.Card)
		if err != nil {
			return
		}
		if a.Shields {
			sh, ok := r.g.(Shields)
			if !ok {
				r.unsupported(a.Pos, fmt.Errorf("%w: regeneration shields", ErrUnsupported))
				return
			}
			n, err := sh.RegenerationShields(c)
			if r.unsupported(a.Pos, err) {
				return
			}
			if err != nil {
				r.failf(a.Pos, "%v", err)
				return
			}
			if n != a.Count {
				shields := "shields"
				if a.Count == 1 {
					shields = "shield"
				}
				r.failf(a.Pos, "expected %s to have %d regeneration %s, but it has %d", dsl.RefString(a.Card), a.Count, shields, n)
			}
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
	},
})

// you have 23 life
var _ = then(thenStep[*dsl.LifeAssert]{
	Assert: func(r *runner, a *dsl.LifeAssert) {
		if life := r.g.Player(playerID(a.Player)).Life; life != a.Life {
			r.failf(a.Pos, "expected %s to have %d life, but %s %d", a.Player, a.Life, theyHave(a.Player), life)
		}
	},
})

// you have 9 poison counters (CR 122.1)
var _ = then(thenStep[*dsl.PlayerCountAssert]{
	Check: func(c *checker, a *dsl.PlayerCountAssert) { c.counter(a.Pos, a.Counter) },
	Assert: func(r *runner, a *dsl.PlayerCountAssert) {
		k, err := r.counter(a.Pos, a.Counter)
		if err != nil {
			return
		}
		if n := r.g.Player(playerID(a.Player)).Counters[k]; n != a.Count {
			r.failf(a.Pos, "expected %s, but %s %d", a, theyHave(a.Player), n)
		}
	},
})

// you have {G}{G} in your mana pool, opponent's mana pool is empty
var _ = then(thenStep[*dsl.PoolAssert]{
	Check: func(c *checker, a *dsl.PoolAssert) {
		if a.Mana != "" {
			c.pool(a.Pos, a.Mana)
		}
	},
	Assert: func(r *runner, a *dsl.PoolAssert) {
		p, want := playerID(a.Player), mana.Amount{}
		if a.Owner != "" {
			p = playerID(a.Owner)
		} else if amount, err := mana.Produced(a.Mana); err == nil {
			want = amount
		} else {
			r.failf(a.Pos, "%v", err)
			return
		}
		if got := r.g.Player(p).Pool; got != want {
			r.failf(a.Pos, "expected %s, but %s", a, poolText(p, got))
		}
	},
})

// log has 1 "counter removed" event, log has no damage events involving
// "Hill Giant"
var _ = then(thenStep[*dsl.LogAssert]{
	Check: func(c *checker, a *dsl.LogAssert) {
		c.eventKind(a.Pos, a.Kind)
		if a.Involving != nil {
			c.ref(a.Involving)
		}
		if a.To != nil {
			c.target(a.To)
		}
	},
	Assert: func(r *runner, a *dsl.LogAssert) {
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
		var to *Target
		if a.To != nil {
			to = &Target{}
			if a.To.Player != nil {
				to.Player = playerID(*a.To.Player)
			} else {
				c, err := r.card(a.To.Card)
				if err != nil {
					return
				}
				to.Card = c
			}
		}
		n := 0
		for _, ev := range r.g.Log() {
			if ev.Kind != kind || card != 0 && !ev.involves(card) {
				continue
			}
			if to != nil {
				if ev.To == nil {
					r.unsupported(a.Pos, fmt.Errorf("%w: what an event happens to (log has ... to)", ErrUnsupported))
					return
				}
				if !sameTarget(*ev.To, *to) {
					continue
				}
			}
			n++
		}
		if n != a.Count {
			involving := ""
			if a.Involving != nil {
				involving = " involving " + dsl.RefString(a.Involving)
			}
			if a.To != nil {
				involving = " to " + dsl.TargetString(a.To)
			}
			events := "events"
			if a.Count == 1 {
				events = "event"
			}
			r.failf(a.Pos, "expected %d %s %s%s in the log, found %d", a.Count, dsl.Unquote(a.Kind), events, involving, n)
		}
	},
})

// eventKind checks that a test names an event kind of the log (T005).
func (c *checker) eventKind(p dsl.Pos, kind string) {
	if _, ok := eventKind(c.v, dsl.Unquote(kind)); ok {
		return
	}
	d := dsl.Errorf(p, CodeUnknownEvent, "no event kind is called %s", kind)
	// Event kinds are written with spaces in tests, with underscores in
	// the vocabulary.
	var kinds []string
	for _, k := range c.v.Events() {
		kinds = append(kinds, strings.ReplaceAll(k.Name, "_", " "))
	}
	d.Hint = dsl.DidYouMean(strings.ReplaceAll(dsl.Unquote(kind), "_", " "), kinds)
	c.add(d)
}

// log has draw events in order involving "C", "B", "A": an event of that
// kind involves each card, each after the one before.
var _ = then(thenStep[*dsl.LogOrderAssert]{
	Check: func(c *checker, a *dsl.LogOrderAssert) {
		c.eventKind(a.Pos, a.Kind)
		c.refs(a.Cards)
	},
	Assert: func(r *runner, a *dsl.LogOrderAssert) {
		kind, ok := eventKind(r.v, dsl.Unquote(a.Kind))
		if !ok {
			r.failf(a.Pos, "no event kind is called %s", a.Kind)
			return
		}
		var cards []Card
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return
			}
			cards = append(cards, c)
		}
		log, next := r.g.Log(), 0
		for i, c := range cards {
			found := false
			for ; next < len(log) && !found; next++ {
				found = log[next].Kind == kind && log[next].involves(c)
			}
			if !found {
				var seen []string
				for _, ev := range log {
					for _, ref := range a.Cards {
						if c, err := r.card(ref); err == nil && ev.Kind == kind && ev.involves(c) {
							seen = append(seen, dsl.RefString(ref))
							break
						}
					}
				}
				order := fmt.Sprintf("no %s event involves any of them", dsl.Unquote(a.Kind))
				if len(seen) > 0 {
					order = fmt.Sprintf("their %s events come in the order %s", dsl.Unquote(a.Kind), strings.Join(seen, ", "))
				}
				r.failf(a.Pos, "expected %s: no %s event involves %s after those of the cards before it; %s",
					a, dsl.Unquote(a.Kind), dsl.RefString(a.Cards[i]), order)
				return
			}
		}
	},
})

// sameTarget reports whether two targets are the same card, or the same
// player and no card.
func sameTarget(a, b Target) bool {
	if a.Card != 0 || b.Card != 0 {
		return a.Card == b.Card
	}
	return a.Player == b.Player
}

// opponent lost the game, the game is a draw, the game is not over
var _ = then(thenStep[*dsl.GameAssert]{
	Assert: func(r *runner, a *dsl.GameAssert) {
		out := r.g.Outcome()
		switch {
		case a.Player != "" && out.Lost[playerID(a.Player)] == "":
			r.failf(a.Pos, "expected %s to have lost the game, but %s", a.Player, out)
		case a.Draw && !out.Draw:
			r.failf(a.Pos, "expected the game to be a draw, but %s", out)
		case a.Going && out.Over:
			r.failf(a.Pos, "expected the game not to be over, but %s", out)
		}
	},
})

// you ordered triggers "Hill Giant", "Grizzly Bears"; opponent ordered
// replacements "Protean Hydra": a decision of trigger order (or of which
// replacement effect applies first) in which the cards come first, in
// their order, as `order` scripts them.
var _ = then(thenStep[*dsl.DecisionAssert]{
	Check: func(c *checker, a *dsl.DecisionAssert) {
		for _, r := range a.Cards {
			c.replacementRef(a.What, r)
		}
	},
	Assert: func(r *runner, a *dsl.DecisionAssert) {
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
			case a.What == "cards" && d.Kind == DecisionOrder:
				ok = len(d.Cards) >= len(cards) && slices.Equal(d.Cards[:len(cards)], cards)
			default:
				continue
			}
			if ok && d.Player == want {
				return
			}
			seen = append(seen, d.Text)
		}
		r.expectedDecision(a, "no player made such a decision", "the decisions of that kind were: ", seen)
	},
})

// you paid sacrificing "Trollhide", opponent declined: a decision of an
// optional cost.
var _ = then(thenStep[*dsl.PaidAssert]{
	Check: func(c *checker, a *dsl.PaidAssert) {
		if a.Card != nil {
			c.ref(a.Card)
		}
	},
	Assert: func(r *runner, a *dsl.PaidAssert) {
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
		// `paid` is an optional cost's, `accepted` an optional action's,
		// `declined` either's.
		want, paid := playerID(a.Player), a.Verb != "declined"
		var seen []string
		for _, d := range decisions {
			switch {
			case d.Kind != DecisionOptionalCost && d.Kind != DecisionOptional,
				a.Verb == "paid" && d.Kind != DecisionOptionalCost, a.Verb == "accepted" && d.Kind != DecisionOptional:
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
		r.expectedDecision(a, "no player decided an optional cost or action", "the decisions of that kind were: ", seen)
	},
})

// you chose mode 2, opponent chose modes 1, 3: the modes a player chose
// for a modal spell or ability (DecisionModes), exactly.
var _ = then(thenStep[*dsl.ModesAssert]{
	Assert: func(r *runner, a *dsl.ModesAssert) {
		decisions, ok := r.decisions(a.Pos)
		if !ok {
			return
		}
		want := playerID(a.Player)
		var seen []string
		for _, d := range decisions {
			if d.Kind != DecisionModes {
				continue
			}
			if d.Player == want && slices.Equal(d.Modes, sortedInts(a.Modes)) {
				return
			}
			seen = append(seen, d.Text)
		}
		r.expectedDecision(a, "no player chose modes", "the choices of modes were: ", seen)
	},
})

// you divided 4 to "Grizzly Bears", 1 to opponent: how a player divided an
// amount among targets (DecisionDivide): those targets, those amounts.
var _ = then(thenStep[*dsl.DividedAssert]{
	Check: func(c *checker, a *dsl.DividedAssert) {
		for _, sh := range a.Parts {
			c.target(sh.Target)
		}
	},
	Assert: func(r *runner, a *dsl.DividedAssert) {
		want := map[Target]int{}
		for _, sh := range a.Parts {
			v, err := r.target(sh.Target)
			if err != nil {
				return
			}
			want[v] += sh.Amount
		}
		decisions, ok := r.decisions(a.Pos)
		if !ok {
			return
		}
		player := playerID(a.Player)
		var seen []string
		for _, d := range decisions {
			if d.Kind != DecisionDivide {
				continue
			}
			got := map[Target]int{}
			for i, t := range d.Targets {
				got[t] += d.Amounts[i]
			}
			if d.Player == player && maps.Equal(got, want) {
				return
			}
			seen = append(seen, d.Text)
		}
		r.expectedDecision(a, "no player divided an amount", "the divisions were: ", seen)
	},
})

// sortedInts returns the numbers in increasing order.
func sortedInts(ns []int) []int {
	out := slices.Clone(ns)
	slices.Sort(out)
	return out
}

// you chose white, you chose "Grizzly Bears", you did not choose top, you
// chose card name "Shock": a choice a player made (or, with Not, never
// made): a word as a spell or ability resolved, or a card name as a
// permanent entered (DecisionChoice), or the permanent to copy
// (DecisionCopy), the source of damage chosen (DecisionSource), a
// permanent chosen to pay a cost (DecisionCostObject) or a new target
// chosen for a copy of a spell (DecisionNewTarget). A bare word that is no
// alias of the test is a word.
var _ = then(thenStep[*dsl.ChoiceAssert]{
	Check: func(c *checker, a *dsl.ChoiceAssert) {
		if a.CardName != nil {
			c.cardName(a.Pos, *a.CardName)
		}
		if a.Mana != nil {
			c.manaChoice(a.Pos, *a.Mana)
			return
		}
		c.choiceRef(a.Card)
	},
	Assert: func(r *runner, a *dsl.ChoiceAssert) {
		kind, word, card := DecisionCopy, "", Card(0)
		switch {
		case a.Nothing:
		case a.CardName != nil:
			kind, word = DecisionChoice, dsl.Unquote(*a.CardName)
		case a.Mana != nil:
			kind, word = DecisionMana, *a.Mana
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
			if !choiceOfKind(d.Kind, kind, a.Random) {
				continue
			}
			if d.Kind == DecisionNewTarget && card == 0 {
				continue // `chose nothing` is no choice of a copy's target
			}
			var match bool
			switch {
			case kind == DecisionChoice || kind == DecisionMana:
				match = strings.EqualFold(d.Word, word)
			case d.Kind == DecisionCards && card == 0:
				match = len(d.Cards) == 0
			default:
				match = d.Card == card || card != 0 && slices.Contains(d.Cards, card)
			}
			if d.Player == want && match {
				if a.Not {
					r.failf(a.Pos, "expected: %s; but %s", a, d.Text)
				}
				return
			}
			seen = append(seen, d.Text)
		}
		if a.Not {
			return
		}
		r.expectedDecision(a, "no player made such a choice", "the choices of that kind were: ", seen)
	},
})

// you control 2 "Goblin Token": cards and tokens alike.
var _ = then(thenStep[*dsl.ControlAssert]{
	Check: func(c *checker, a *dsl.ControlAssert) { c.cardName(a.Pos, a.Name) },
	Assert: func(r *runner, a *dsl.ControlAssert) {
		name, n := dsl.Unquote(a.Name), 0
		for _, c := range r.g.CardsNamed(name) {
			if o, ok := r.g.Object(c); ok && o.Zone == Battlefield && o.Controller == playerID(a.Player) {
				n++
			}
		}
		if n != a.Count {
			r.failf(a.Pos, "expected: %s; found %d", a, n)
		}
	},
})

// it is your declare blockers step, it is turn 2
var _ = then(thenStep[*dsl.TurnAssert]{
	Check: func(c *checker, a *dsl.TurnAssert) {
		if a.Player != "" {
			c.step(a.Pos, a.Step)
		}
	},
	Assert: func(r *runner, a *dsl.TurnAssert) {
		turn := r.g.Turn()
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
			r.failf(a.Pos, "expected %s, but it is %s %s%s step", a, r.possessive(turn.Active), which, turn.Step)
		}
	},
})

// stack is empty, stack has 2 objects
var _ = then(thenStep[*dsl.StackAssert]{
	Assert: func(r *runner, a *dsl.StackAssert) {
		n := len(r.g.Stack())
		if a.Empty && n != 0 {
			r.failf(a.Pos, "expected the stack to be empty, but it holds %s", r.stackText())
		} else if !a.Empty && n != a.Count {
			held := "nothing"
			if n > 0 {
				held = fmt.Sprintf("%d: %s", n, r.stackText())
			}
			r.failf(a.Pos, "expected the stack to hold %d %s, but it holds %s", a.Count, objects(a.Count), held)
		}
	},
})

// expected fails an assertion about a card that may be negated (`is
// not`, `does not have`) and did not hold: "expected CARD [not ]to
// PREDICATE[, but FOUND]".
func (r *runner) expected(p dsl.Pos, not bool, card *dsl.CardRef, predicate, found string) {
	neg := ""
	if not {
		neg = "not "
	}
	if found != "" {
		found = ", but " + found
	}
	r.failf(p, "expected %s %sto %s%s", dsl.RefString(card), neg, predicate, found)
}

// expectedDecision fails an assertion of a decision no player made as it
// says: "expected: ASSERTION; " and what was decided of that kind, or
// none.
func (r *runner) expectedDecision(a dsl.Assertion, none, some string, seen []string) {
	found := none
	if len(seen) > 0 {
		found = some + strings.Join(seen, "; ")
	}
	r.failf(a.Position(), "expected: %s; %s", a, found)
}

// theyHave says what a player has, for messages: "you have", "they have".
func theyHave(player string) string {
	if player == "you" {
		return "you have"
	}
	return "they have"
}

// opponent has 3 cards in hand, you have no cards in hand (CR 402)
var _ = then(thenStep[*dsl.HandSizeAssert]{
	Assert: func(r *runner, a *dsl.HandSizeAssert) {
		if n := len(r.g.Player(playerID(a.Player)).Hand); n != a.Count {
			r.failf(a.Pos, "expected %s, but %s %d %s in hand", a, theyHave(a.Player), n, plural(n, "card", "cards"))
		}
	},
})

// opponent's hand is revealed, your hand is not revealed (CR 701.16)
var _ = then(thenStep[*dsl.HandRevealedAssert]{
	Assert: func(r *runner, a *dsl.HandRevealedAssert) {
		p := You
		if a.Owner != "your" {
			p = Opponent
		}
		if got := r.g.Player(p).HandRevealed; got == a.Not {
			r.failf(a.Pos, "expected %s, but it is %srevealed", a, map[bool]string{true: "", false: "not "}[got])
		}
	},
})

// plural is one or many as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// choiceOfKind reports whether a decision of kind k is a choice `you chose
// ...` checks: of a word (want DecisionChoice), or of a card (want
// DecisionCopy) — what to copy, a source, what pays a cost, an object
// chosen as an effect happened, cards to discard, or cards chance chose;
// only those of chance for `at random`.
func choiceOfKind(k, want DecisionKind, random bool) bool {
	switch {
	case random:
		return k == DecisionRandom
	case want != DecisionCopy:
		return k == want
	}
	switch k {
	case DecisionCopy, DecisionSource, DecisionCostObject, DecisionNewTarget, DecisionObject, DecisionDiscard, DecisionRandom, DecisionCards:
		return true
	}
	return false
}

// your library is "Island", 3 cards; opponent's graveyard has 5 cards;
// your exile is empty.
var _ = then(thenStep[*dsl.PileAssert]{
	Check: func(c *checker, a *dsl.PileAssert) { c.pileItems(a.Cards, false) },
	Assert: func(r *runner, a *dsl.PileAssert) {
		pile, ok := r.pile(a.Pos, playerID(a.Player), zoneByName[a.Zone])
		if !ok {
			return
		}
		switch {
		case a.Count != nil:
			if len(pile) != *a.Count {
				r.failf(a.Pos, "expected: %s; it has %d", a, len(pile))
			}
		case a.Empty:
			if len(pile) != 0 {
				r.failf(a.Pos, "expected: %s; it is %s", a, r.pileNames(pile))
			}
		default:
			if !r.pileIs(pile, a.Cards) {
				r.failf(a.Pos, "expected: %s; it is %s", a, r.pileNames(pile))
			}
		}
	},
})
