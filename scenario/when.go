package scenario

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/mana"
)

// The steps of when: actions on the game, and decisions they script for
// the players (see step.go). After each action the game settles: the
// Game's methods let state-based actions and triggered abilities happen.

// put 1 -1/-1 counter on "Protean Hydra", remove 2 +1/+1 counters from
// hydra: as an effect puts or removes them.
var _ = when(whenStep[*dsl.CounterAction]{
	Check: func(c *checker, a *dsl.CounterAction) {
		c.counter(a.Pos, a.Kind)
		c.ref(a.Card)
	},
	Run: func(r *runner, a *dsl.CounterAction) error {
		c, err := r.permanent(a.Card)
		if err != nil {
			return err
		}
		k, err := r.counter(a.Pos, a.Kind)
		if err != nil {
			return err
		}
		if a.Verb == "put" {
			err = r.g.PutCounters(c, k, a.Amount)
		} else {
			err = r.g.RemoveCounters(c, k, a.Amount)
		}
		return r.failed(a.Pos, "", err)
	},
})

// destroy "Grizzly Bears": as an effect that says "destroy" does.
var _ = when(whenStep[*dsl.DestroyAction]{
	Check: func(c *checker, a *dsl.DestroyAction) { c.ref(a.Card) },
	Run: func(r *runner, a *dsl.DestroyAction) error {
		c, err := r.permanent(a.Card)
		if err != nil {
			return err
		}
		return r.failed(a.Pos, "", r.g.Destroy(c))
	},
})

// cast "Protean Hydra" with X = 3, opponent casts "Shock" targeting you:
// from the caster's hand, paying its cost.
var _ = when(whenStep[*dsl.CastAction]{
	Check: func(c *checker, a *dsl.CastAction) {
		c.ref(a.Card)
		c.targets(a.Targets)
	},
	Run: (*runner).cast,
})

// play "Forest", opponent plays "Island": a land from the player's hand
// (CR 305.1), a special action.
var _ = when(whenStep[*dsl.PlayAction]{
	Check: func(c *checker, a *dsl.PlayAction) { c.ref(a.Card) },
	Run: func(r *runner, a *dsl.PlayAction) error {
		lp, ok := r.g.(LandPlays)
		if !ok {
			r.unsupported(a.Pos, Unsupported("play"))
			return errStop
		}
		c, _, in, err := r.object(a.Card)
		if err != nil {
			return err
		}
		if !in {
			r.failf(a.Pos, "%s is not in the game", dsl.RefString(a.Card))
			return errStop
		}
		return r.failed(a.Pos, "cannot play", lp.PlayLand(playerID(a.Player), c))
	},
})

// attack with "Engulfing Slagwurm": declared with the other attacks and
// blocks written next to it, advancing to the declare attackers step.
var _ = when(whenStep[*dsl.AttackAction]{
	Check: func(c *checker, a *dsl.AttackAction) { c.refs(a.Cards) },
	Run: func(r *runner, a *dsl.AttackAction) error {
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return err
			}
			r.attacks = append(r.attacks, c)
		}
		return nil
	},
	Try:    (*runner).checkAttacks,
	Combat: true,
})

// block "Engulfing Slagwurm" with "Grizzly Bears", "Hill Giant": declared
// with the other blocks, advancing to the declare blockers step.
var _ = when(whenStep[*dsl.BlockAction]{
	Check: func(c *checker, a *dsl.BlockAction) {
		c.ref(a.Attacker)
		c.refs(a.Blockers)
	},
	Run: func(r *runner, a *dsl.BlockAction) error {
		at, err := r.card(a.Attacker)
		if err != nil {
			return err
		}
		for _, ref := range a.Blockers {
			bl, err := r.card(ref)
			if err != nil {
				return err
			}
			r.blocks = append(r.blocks, Block{Attacker: at, Blocker: bl})
		}
		return nil
	},
	Try:    (*runner).checkBlocks,
	Combat: true,
})

// resolve, resolve all: players pass priority.
var _ = when(whenStep[*dsl.ResolveAction]{
	Run: func(r *runner, a *dsl.ResolveAction) error {
		if a.All {
			return r.failed(a.Pos, "", r.g.ResolveAll())
		}
		return r.failed(a.Pos, "cannot resolve", r.g.ResolveTop())
	},
})

// advance to end step, advance to next turn, advance to second combat
// damage step.
var _ = when(whenStep[*dsl.AdvanceAction]{
	Check: func(c *checker, a *dsl.AdvanceAction) {
		if !isNextTurn(a.Words) {
			c.step(a.Pos, a.Words)
		}
	},
	Run: func(r *runner, a *dsl.AdvanceAction) error {
		var err error
		if isNextTurn(a.Words) {
			err = r.g.AdvanceToNextTurn()
		} else {
			step, nth, ok := stepFromWords(r.v, a.Words)
			if !ok {
				r.failf(a.Pos, "no step is called %q", strings.Join(a.Words, " "))
				return errStop
			}
			if nth != 0 {
				return r.advanceToCombatDamage(a.Pos, nth)
			}
			err = r.g.AdvanceTo(step)
		}
		return r.failed(a.Pos, "", err)
	},
})

// order triggers "Hill Giant", "Grizzly Bears", order replacements
// protection, order cards "Island", "Forest": scripts the next decision of
// that order (of cards: the first on top).
var _ = when(whenStep[*dsl.OrderAction]{
	Check: func(c *checker, a *dsl.OrderAction) {
		for _, r := range a.Cards {
			c.replacementRef(a.What, r)
		}
	},
	Run: func(r *runner, a *dsl.OrderAction) error {
		var cards []Card
		for _, ref := range a.Cards {
			c, err := r.replacementCard(a.What, ref)
			if err != nil {
				return err
			}
			cards = append(cards, c)
		}
		switch a.What {
		case "triggers":
			r.script.triggerOrders = append(r.script.triggerOrders, cards)
		case "cards":
			r.script.cardOrders = append(r.script.cardOrders, ScriptedOrder{cards, a.Pos})
		default:
			r.script.replacementOrders = append(r.script.replacementOrders, cards)
		}
		return nil
	},
	NoAction: true,
})

// tap "Forest" for mana, opponent taps "Birds of Paradise" for {G}: a mana
// ability with {T} in its cost, which resolves at once (CR 106.12).
var _ = when(whenStep[*dsl.TapAction]{
	Check: func(c *checker, a *dsl.TapAction) {
		c.ref(a.Card)
		c.manaChoice(a.Pos, a.Mana)
	},
	Run: func(r *runner, a *dsl.TapAction) error {
		c, o, err := r.permanentObject(a.Card)
		if err != nil {
			return err
		}
		t := mana.Type(-1)
		if a.Mana != "" {
			t = r.manaType(a.Pos, a.Mana)
			if t < 0 {
				return errStop
			}
		}
		return r.failed(a.Pos, "cannot tap for mana", r.g.TapForMana(r.actor(a.Player, o), c, t))
	},
})

// tap "Serra Angel", untap "Forest": as an effect taps or untaps a
// permanent (CR 701.21), not for mana.
var _ = when(whenStep[*dsl.TapEffectAction]{
	Check: func(c *checker, a *dsl.TapEffectAction) { c.ref(a.Card) },
	Run: func(r *runner, a *dsl.TapEffectAction) error {
		return r.effect(a.Pos, a.Verb, a.Card)
	},
})

// sacrifice "Grizzly Bears": its controller sacrifices it, as an effect
// says (CR 701.17a): it goes to its owner's graveyard, and regeneration
// and indestructible don't stop it.
var _ = when(whenStep[*dsl.SacrificeAction]{
	Check: func(c *checker, a *dsl.SacrificeAction) { c.ref(a.Card) },
	Run: func(r *runner, a *dsl.SacrificeAction) error {
		return r.effect(a.Pos, "sacrifice", a.Card)
	},
})

// activate "Drudge Skeletons", activate "Wall of Roots" ability 1 for {G}
// (CR 602).
var _ = when(whenStep[*dsl.ActivateAction]{
	Check: func(c *checker, a *dsl.ActivateAction) {
		c.ref(a.Card)
		c.targets(a.Targets)
		c.refs(a.Choices)
		c.manaChoice(a.Pos, a.Mana)
	},
	Run: (*runner).activate,
})

// illegal "302.6": tap "Llanowar Elves" for mana: the action must be one
// the rules forbid, by that rule or one of its subrules.
var _ = when(whenStep[*dsl.IllegalAction]{
	Check: func(c *checker, a *dsl.IllegalAction) {
		if !ruleNumberRE().MatchString(dsl.Unquote(a.Rule)) {
			c.add(dsl.Errorf(a.Pos, CodeRule, "%s is not the number of a rule of the Comprehensive Rules", a.Rule).
				WithHint(`write the number of the rule that forbids the action, such as "302.6" or "601.2h"`))
		}
		c.statement(a.Action)
	},
	Run:      (*runner).illegal,
	NoAction: true,
})

// target opponent, target "Grizzly Bears", target "Grizzly Bears", "Hill
// Giant", target nothing: scripts the next target of a triggered ability
// (CR 603.3d), all of it for a target of several objects.
var _ = when(whenStep[*dsl.TargetAction]{
	Check: func(c *checker, a *dsl.TargetAction) {
		c.targets(a.Targets())
		c.distinctTargets(a.Pos, a.Targets(), "a target of several objects chooses each once (CR 115.3)")
	},
	Run: func(r *runner, a *dsl.TargetAction) error {
		st := ScriptedTarget{Nothing: a.Nothing, Pos: a.Pos}
		for _, t := range a.Targets() {
			v, err := r.target(t)
			if err != nil {
				return err
			}
			st.Targets = append(st.Targets, v)
		}
		if len(st.Targets) > 0 {
			st.Target = st.Targets[0]
		}
		r.script.targets = append(r.script.targets, st)
		return nil
	},
	NoAction: true,
})

// choose mode 2, choose modes 1, 3: scripts the next choice of modes of a
// modal spell or ability (CR 700.2).
var _ = when(whenStep[*dsl.ModeAction]{
	Check: func(c *checker, a *dsl.ModeAction) {
		seen := map[int]bool{}
		for _, m := range a.Modes {
			switch {
			case m < 1:
				c.add(dsl.Errorf(a.Pos, CodeScripted, "there is no mode %d: modes are counted from 1, in the card's order", m))
			case seen[m]:
				c.add(dsl.Errorf(a.Pos, CodeScripted, "mode %d is chosen twice, and a mode can be chosen once (CR 700.2d)", m))
			}
			seen[m] = true
		}
	},
	Run: func(r *runner, a *dsl.ModeAction) error {
		r.script.modes = append(r.script.modes, ScriptedModes{Modes: a.Modes, Pos: a.Pos})
		return nil
	},
	NoAction: true,
})

// divide 4 to "Grizzly Bears", 1 to opponent: scripts the next division
// of an amount among the targets of a spell or ability (CR 601.2d).
var _ = when(whenStep[*dsl.DivideAction]{
	Check: func(c *checker, a *dsl.DivideAction) {
		var ts []*dsl.TargetRef
		for _, sh := range a.Parts {
			c.target(sh.Target)
			ts = append(ts, sh.Target)
			if sh.Amount < 1 {
				c.add(dsl.Errorf(sh.Pos, CodeScripted, "each target is assigned at least 1 of what is divided (CR 601.2d), not %d", sh.Amount))
			}
		}
		c.distinctTargets(a.Pos, ts, "a division names each target once, with all it is assigned")
	},
	Run: func(r *runner, a *dsl.DivideAction) error {
		d := ScriptedDivision{Pos: a.Pos}
		for _, sh := range a.Parts {
			v, err := r.target(sh.Target)
			if err != nil {
				return err
			}
			d.Targets = append(d.Targets, v)
			d.Amounts = append(d.Amounts, sh.Amount)
		}
		r.script.divisions = append(r.script.divisions, d)
		return nil
	},
	NoAction: true,
})

// you pay sacrificing "Trollhide", opponent declines: scripts the next
// decision of an optional cost.
var _ = when(whenStep[*dsl.PayAction]{
	Check: func(c *checker, a *dsl.PayAction) {
		if a.Card != nil {
			c.ref(a.Card)
		}
	},
	Run: func(r *runner, a *dsl.PayAction) error {
		d := ScriptedPay{Player: playerID(a.Player), Pay: a.Yes(), Pos: a.Pos}
		if a.Card != nil {
			if !d.Pay {
				r.failf(a.Pos, "a player who declines sacrifices nothing")
				return errStop
			}
			c, err := r.card(a.Card)
			if err != nil {
				return err
			}
			d.Card = c
		}
		r.script.pays = append(r.script.pays, d)
		return nil
	},
	NoAction: true,
})

// choose white, choose "Grizzly Bears", choose nothing, choose card name
// "Shock": scripts the next choice; a bare word that is no alias of the
// test is a word, a card name the name (a word of its own), anything else
// a card.
var _ = when(whenStep[*dsl.ChooseAction]{
	Check: func(c *checker, a *dsl.ChooseAction) {
		if a.CardName != nil {
			c.cardName(a.Pos, *a.CardName)
			return
		}
		c.choiceRef(a.Card)
	},
	Run: func(r *runner, a *dsl.ChooseAction) error {
		c := ScriptedChoice{Nothing: a.Nothing, Pos: a.Pos}
		switch {
		case a.Nothing:
		case a.CardName != nil:
			c.Word = dsl.Unquote(*a.CardName)
		case a.Card.Alias != nil && !r.isAlias(*a.Card.Alias):
			c.Word = *a.Card.Alias
		default:
			card, err := r.card(a.Card)
			if err != nil {
				return err
			}
			c.Card = card
		}
		r.script.choices = append(r.script.choices, c)
		return nil
	},
	NoAction:   true,
	BeforeGame: true,
})

// opponent chooses new targets "Hill Giant", opponent keeps the targets:
// scripts the next decision of a player who may choose new targets for a
// copy of a spell (CR 707.10c).
var _ = when(whenStep[*dsl.NewTargetsAction]{
	Check: func(c *checker, a *dsl.NewTargetsAction) { c.targets(a.Targets) },
	Run: func(r *runner, a *dsl.NewTargetsAction) error {
		d := ScriptedNewTargets{Player: playerID(a.Player), Keep: a.Keep, Pos: a.Pos}
		for _, t := range a.Targets {
			v, err := r.target(t)
			if err != nil {
				return err
			}
			d.Targets = append(d.Targets, v)
		}
		r.script.newTargets = append(r.script.newTargets, d)
		return nil
	},
	NoAction: true,
})

// "Hill Giant" deals 3 damage to "Protean Hydra": damage from a source, as
// an effect deals it; `combat damage` for combat damage.
var _ = when(whenStep[*dsl.DealAction]{
	Check: func(c *checker, a *dsl.DealAction) {
		c.ref(a.Source)
		c.target(a.Target)
	},
	Run: func(r *runner, a *dsl.DealAction) error {
		src, _, ok, err := r.object(a.Source)
		if err != nil {
			return err
		}
		if !ok {
			r.failf(a.Pos, "%s is not in the game", dsl.RefString(a.Source))
			return errStop
		}
		t, err := r.target(a.Target)
		if err != nil {
			return err
		}
		return r.failed(a.Pos, "", r.g.DealDamage(src, t, a.Amount, a.Combat))
	},
})

// effect performs an action of the standard vocabulary on the permanent
// a reference names, as an effect does (see Effects): the test is skipped
// on an engine whose Game does not perform such actions.
func (r *runner) effect(p dsl.Pos, action string, ref *dsl.CardRef) error {
	e, ok := r.g.(Effects)
	if !ok {
		r.unsupported(p, Unsupported(action))
		return errStop
	}
	c, err := r.permanent(ref)
	if err != nil {
		return err
	}
	return r.failed(p, "", e.Effect(action, c))
}

// ruleNumberRE matches the number of a rule of the Comprehensive Rules:
// "302", "302.6", "601.2h".
var ruleNumberRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$`) })

// combatDamageStep is the vocabulary's name of the combat damage step.
const combatDamageStep = "combat_damage"

// advanceToCombatDamage advances to the first or the second of the two
// combat damage steps of a combat with first strike or double strike
// (CR 510.4): to the next combat damage step that begins, and for the
// second, on to the one after it if that was the first.
func (r *runner) advanceToCombatDamage(p dsl.Pos, nth int) error {
	g := r.g
	if err := g.AdvanceTo(combatDamageStep); err != nil {
		return r.failed(p, "", err)
	}
	if nth == 2 && g.Turn().CombatDamageStep == 1 {
		if err := g.AdvanceTo(combatDamageStep); err != nil {
			return r.failed(p, "", err)
		}
	}
	if g.Turn().CombatDamageStep != nth {
		r.failf(p, "the combat damage step that began is the only one of its combat, not the %s of two: no attacking or blocking creature had first strike or double strike as it began (CR 510.4)", ordinal(nth))
		return errStop
	}
	return nil
}

func (r *runner) cast(a *dsl.CastAction) error {
	p := playerID(a.Player)
	var card Card
	if a.Card.Alias != nil {
		// An alias says which card, of copies in hand; one elsewhere the
		// game refuses to cast, by its rule (CR 601.3).
		c, err := r.card(a.Card)
		if err != nil {
			return err
		}
		card = c
	}
	name := ""
	if a.Card.Name != nil {
		name = dsl.Unquote(*a.Card.Name)
	}
	for _, c := range r.g.CardsNamed(name) {
		if o, ok := r.g.Object(c); ok && card == 0 && o.Zone == Hand && o.Owner == p {
			card = c
			break
		}
	}
	if card == 0 {
		r.failf(a.Pos, "%q is not in %s hand; put it there with `%s %q in hand`", name,
			map[Player]string{You: "your", Opponent: "the opponent's"}[p],
			map[Player]string{You: "you have", Opponent: "opponent has"}[p], name)
		return errStop
	}
	var targets []Target
	for _, t := range a.Targets {
		v, err := r.target(t)
		if err != nil {
			return err
		}
		targets = append(targets, v)
	}
	x := 0
	if a.X != nil {
		x = *a.X
	}
	return r.failed(a.Pos, "cannot cast", r.g.Cast(p, card, x, targets))
}

// actor is the player who takes a test action on a permanent: the one the
// test names, or else its controller.
func (r *runner) actor(player string, o Object) Player {
	if player == "" {
		return o.Controller
	}
	return playerID(player)
}

// manaType reads the one mana symbol of a choice of mana ({G}).
func (r *runner) manaType(p dsl.Pos, symbols string) mana.Type {
	amount, err := mana.Produced(symbols)
	if types := amount.Types(); err != nil || len(types) != 1 || amount.Total() != 1 {
		r.failf(p, "%s is not one mana symbol of one type ({W}, {U}, {B}, {R}, {G} or {C})", symbols)
		return -1
	}
	return amount.Types()[0]
}

// activate activates an ability of a permanent.
func (r *runner) activate(a *dsl.ActivateAction) error {
	// A permanent, or a card whose ability functions in its zone (a
	// graveyard, CR 113.6m): the engine says which.
	c, o, in, err := r.object(a.Card)
	if err != nil {
		return err
	}
	if !in {
		r.failf(a.Pos, "%s is not in the game", dsl.RefString(a.Card))
		return errStop
	}
	ability, err := r.whichAbility(a, c)
	if err != nil {
		return err
	}
	act := Activation{Player: r.actor(a.Player, o), Source: c, Ability: ability, Mana: -1}
	if a.X != nil {
		act.X = *a.X
	}
	for _, t := range a.Targets {
		v, err := r.target(t)
		if err != nil {
			return err
		}
		act.Targets = append(act.Targets, v)
	}
	for _, ref := range a.Choices {
		ch, err := r.permanent(ref)
		if err != nil {
			return err
		}
		act.Choices = append(act.Choices, ch)
	}
	if a.Mana != "" {
		if act.Mana = r.manaType(a.Pos, a.Mana); act.Mana < 0 {
			return errStop
		}
	}
	return r.failed(a.Pos, "cannot activate", r.g.Activate(act))
}

// whichAbility finds the activated ability an activate action means: the
// N-th activated ability of the card with `ability N`, or else its only
// activated ability that is not a mana ability.
func (r *runner) whichAbility(a *dsl.ActivateAction, c Card) (int, error) {
	all, err := r.g.ActivatedAbilities(c)
	if err != nil {
		return 0, r.failed(a.Pos, "cannot activate", err)
	}
	if a.Ability != nil {
		if n := *a.Ability; n >= 1 && n <= len(all) {
			return n - 1, nil
		}
		// An ability the permanent does not have can't be activated
		// (CR 602.1): `illegal "602.1": activate "Forest" ability 2`.
		return 0, r.failed(a.Pos, "", &RuleError{Rule: "602.1",
			Err: fmt.Errorf("%s has %d activated abilities; there is no ability %d", dsl.RefString(a.Card), len(all), *a.Ability)})
	}
	var others []int
	for i, ab := range all {
		if !ab.Mana {
			others = append(others, i)
		}
	}
	switch {
	case len(others) == 1:
		return others[0], nil
	case len(others) > 1:
		r.failf(a.Pos, "%s has %d activated abilities that are not mana abilities: say which with `ability N` (counting its activated abilities from 1)", dsl.RefString(a.Card), len(others))
	case len(all) > 0:
		r.failf(a.Pos, "%s has only mana abilities: tap it for mana, or say `ability N`", dsl.RefString(a.Card))
	default:
		r.failf(a.Pos, "%s has no activated ability", dsl.RefString(a.Card))
	}
	return 0, errStop
}

// errCaught ends an action whose error an illegal action expected.
var errCaught = errors.New("caught")

// illegal tries an action that must be illegal by a rule: it passes if
// the game refuses it citing that rule (or one of its subrules), and the
// test goes on.
func (r *runner) illegal(a *dsl.IllegalAction) error {
	st := stepOf(a.Action)
	if st == nil {
		return r.noStep(a.Action)
	}
	if st.noAction {
		r.failf(a.Pos, "`illegal` takes an action on the game: a cast, an activation, tapping for mana, an attack, a block...")
		return errStop
	}
	want := dsl.Unquote(a.Rule)
	r.expecting, r.caught = true, nil
	try := st.run
	if st.try != nil {
		try = st.try
	}
	err := try(r, a.Action)
	r.expecting = false
	if err != nil && err != errCaught {
		return err
	}
	var rule *RuleError
	switch {
	case r.caught == nil:
		r.failf(a.Pos, "expected %s to be illegal by rule %s, but it was allowed", a.Action, want)
		return errStop
	case !errors.As(r.caught, &rule):
		r.failf(a.Pos, "expected %s to be illegal by rule %s, but it failed otherwise: %v", a.Action, want, r.caught)
		return errStop
	case !subrule(rule.Rule, want):
		r.failf(a.Pos, "expected %s to be illegal by rule %s, but it is illegal by rule %s: %v", a.Action, want, rule.Rule, r.caught)
		return errStop
	}
	return nil
}

// checkAttacks checks, without declaring them, whether the creatures an
// attack names could attack: with an engine that checks whole
// declarations (Declarations), the declaration of the attacks written
// before and these, with its restrictions and requirements (CR 508.1c-d);
// otherwise each creature alone, the first that can't being the error.
func (r *runner) checkAttacks(a *dsl.AttackAction) error {
	var cards []Card
	for _, ref := range a.Cards {
		c, err := r.permanent(ref)
		if err != nil {
			return err
		}
		cards = append(cards, c)
	}
	if d, ok := r.g.(Declarations); ok {
		return r.failed(a.Pos, "", d.CheckAttackers(append(slices.Clone(r.attacks), cards...)))
	}
	for i, c := range cards {
		if err := r.g.CheckAttack(c); err != nil {
			return r.failed(a.Cards[i].Pos, "", err)
		}
	}
	return nil
}

// checkBlocks declares the attacks written before, then checks, without
// declaring them, whether the creatures a block names could block: with
// an engine that checks whole declarations, the declaration of the blocks
// written before and these (CR 509.1a-c); otherwise each creature alone.
func (r *runner) checkBlocks(a *dsl.BlockAction) error {
	r.expecting = false
	var err error
	if len(r.attacks) > 0 {
		// The blocks written before are checked with this one, not
		// declared.
		err = r.declare(r.combatPos, false)
	}
	r.expecting = true
	if err != nil {
		return err
	}
	at, err := r.permanent(a.Attacker)
	if err != nil {
		return err
	}
	var blocks []Block
	for _, ref := range a.Blockers {
		bl, err := r.permanent(ref)
		if err != nil {
			return err
		}
		blocks = append(blocks, Block{Attacker: at, Blocker: bl})
	}
	if d, ok := r.g.(Declarations); ok {
		return r.failed(a.Pos, "", d.CheckBlockers(append(slices.Clone(r.blocks), blocks...)))
	}
	for i, b := range blocks {
		if err := r.g.CheckBlock(b.Blocker, at); err != nil {
			return r.failed(a.Blockers[i].Pos, "", err)
		}
	}
	return nil
}

// subrule reports whether rule is the rule want or one of its subrules:
// "601.2h" is a subrule of "601.2" and of "601", not of "601.20".
func subrule(rule, want string) bool {
	rest, ok := strings.CutPrefix(rule, want)
	return ok && (rest == "" || rest[0] < '0' || rest[0] > '9')
}

// flushCombat declares the attackers and blockers the test has named, by
// advancing to the declare attackers or declare blockers step. Problems
// are reported where the first of those lines is.
func (r *runner) flushCombat() error {
	if len(r.attacks) == 0 && len(r.blocks) == 0 {
		return nil
	}
	return r.declare(r.combatPos, true)
}

// declare advances to the declare attackers step, then, if blocks is
// set, to the declare blockers step, as the test's combat needs. An
// illegal declaration is a failure while advancing: the game goes on to
// the blockers' step before the first failure is reported at p.
func (r *runner) declare(p dsl.Pos, blocks bool) error {
	var first error
	check := func(err error) error {
		var failure *FailureError
		if errors.As(err, &failure) && !errors.Is(err, ErrUnsupported) {
			if first == nil {
				first = err
			}
			return nil
		}
		return r.failed(p, "", err)
	}
	if len(r.attacks) > 0 {
		if step := r.g.Turn().Step; stepIndex(r.v, step) >= stepIndex(r.v, "declare_attackers") {
			r.failf(p, "attackers are declared in the declare attackers step, which is over this turn (it is the %s step)", step)
			r.attacks = nil
			return errStop
		}
		attacks := r.attacks
		r.attacks = nil
		if err := check(r.g.DeclareAttackers(attacks)); err != nil {
			return err
		}
	}
	if blocks && len(r.blocks) > 0 {
		if step := r.g.Turn().Step; stepIndex(r.v, step) >= stepIndex(r.v, "declare_blockers") {
			r.failf(p, "blockers are declared in the declare blockers step, which is over this turn (it is the %s step)", step)
			r.blocks = nil
			return errStop
		}
		blocks := r.blocks
		r.blocks = nil
		if err := check(r.g.DeclareBlockers(blocks)); err != nil {
			return err
		}
	}
	return r.failed(p, "", first)
}

// noStep fails the test at a statement the runner has no step for: a
// node type of dsl that no step of this package declares (a bug).
func (r *runner) noStep(n dsl.Node) error {
	r.failf(n.Position(), "the test runner has no step for %T (please report this bug)", n)
	return errStop
}

// opponent chooses "Shock", "Forest" to discard: scripts the next choice
// of cards to discard that player makes (CR 701.8b, 514.1).
var _ = when(whenStep[*dsl.DiscardChoiceAction]{
	Check: func(c *checker, a *dsl.DiscardChoiceAction) { c.refs(a.Cards) },
	Run: func(r *runner, a *dsl.DiscardChoiceAction) error {
		d := ScriptedDiscard{Player: playerID(a.Player), Pos: a.Pos}
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return err
			}
			d.Cards = append(d.Cards, c)
		}
		r.script.discards = append(r.script.discards, d)
		return nil
	},
	NoAction: true,
})

// choose at random "Shock", "Forest": scripts what chance chooses next
// (a random discard, CR 701.8b).
var _ = when(whenStep[*dsl.RandomAction]{
	Check: func(c *checker, a *dsl.RandomAction) { c.refs(a.Cards) },
	Run: func(r *runner, a *dsl.RandomAction) error {
		d := ScriptedRandom{Pos: a.Pos}
		for _, ref := range a.Cards {
			c, err := r.card(ref)
			if err != nil {
				return err
			}
			d.Cards = append(d.Cards, c)
		}
		r.script.randoms = append(r.script.randoms, d)
		return nil
	},
	NoAction: true,
})
