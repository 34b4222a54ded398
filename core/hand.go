package core

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/vm"
)

// This file holds the rules of hands: drawing (CR 121), discarding
// (CR 701.8) — chosen by the player, at random, or by another player —,
// revealing a hand (CR 701.16), and the maximum hand size (CR 402.2,
// 514.1, 613.11).

// performDraw makes a draw event happen (CR 121.1): the top card of the
// player's library is put into their hand, a zone change of its own; the
// draw event is about the card in the hand. From an empty library nothing
// is drawn, and the player loses the game the next time state-based
// actions are checked (CR 121.4, 704.5b): the draw didn't happen.
func (g *Game) performDraw(ev *Event) bool {
	if ev.Player != 0 && ev.Player != 1 {
		return false
	}
	pl := g.players[ev.Player]
	if len(pl.Library) == 0 {
		pl.drewFromEmpty = true
		return false
	}
	n := g.moveCard(pl.Library[len(pl.Library)-1], ZoneHand)
	if n == nil || n.zone != ZoneHand {
		return false // a replacement effect put it elsewhere
	}
	ev.Object = n.id
	return true
}

// drawCards has a player draw n cards, one at a time (CR 121.2): each is
// an event that replacement effects may modify and abilities trigger on.
// The draws stop once the game is over.
func (g *Game) drawCards(p PlayerID, n int) {
	for range n {
		if g.over {
			return
		}
		g.draw(p)
	}
}

// hDiscard has a player discard cards of their choice (CR 701.8b): they
// choose them, the decision is recorded, and the cards are discarded at
// once (see discardCards).
func (g *Game) hDiscard(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	hand := g.players[p].Hand
	n := min(qty(a[1]), len(hand))
	if n <= 0 {
		return 0, nil
	}
	chosen := g.decider.Discard(g, p, n)
	if !distinctIn(chosen, hand, n) {
		chosen = DefaultDecider{}.Discard(g, p, n)
	}
	g.decided(Decision{Player: p, Kind: DecisionDiscard, Source: g.runningSource(), Objects: slices.Clone(chosen)})
	g.discardCards(p, chosen)
	return 0, nil
}

// hDiscardAtRandom has a player discard cards chosen at random among those
// of their hand (CR 701.8b). The random choice is the Decider's
// (ChooseAtRandom: a test may script it), recorded as the player's.
func (g *Game) hDiscardAtRandom(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	hand := slices.Clone(g.players[p].Hand)
	n := min(qty(a[1]), len(hand))
	if n <= 0 {
		return 0, nil
	}
	chosen := g.chooseAtRandom(p, "to discard", hand, n)
	g.discardCards(p, chosen)
	return 0, nil
}

// chooseAtRandom chooses n of options at random for player p, as the
// Decider says (a test scripts chance; DefaultDecider draws from the
// game's seed), and records the choice.
func (g *Game) chooseAtRandom(p PlayerID, what string, options []ObjectID, n int) []ObjectID {
	chosen := g.decider.ChooseAtRandom(g, p, what, slices.Clone(options), n)
	if !distinctIn(chosen, options, n) {
		chosen = DefaultDecider{}.ChooseAtRandom(g, p, what, slices.Clone(options), n)
	}
	d := Decision{Player: p, Kind: DecisionRandom, Source: g.runningSource(), What: what, Objects: slices.Clone(chosen)}
	if !g.seedStated {
		// The log states once where the rules core's chance comes from.
		d.Seed, d.StatesSeed, g.seedStated = g.seed, true, true
	}
	g.decided(d)
	return chosen
}

// pickAtRandom picks n distinct options at random from the game's random
// source, which Setup.Seed seeds: the same seed picks the same cards.
func (g *Game) pickAtRandom(options []ObjectID, n int) []ObjectID {
	pool := slices.Clone(options)
	n = min(n, len(pool))
	// A partial Fisher–Yates shuffle: the first n are a uniform choice.
	for i := range n {
		j := i + g.shuffler.IntN(len(pool)-i)
		pool[i], pool[j] = pool[j], pool[i]
	}
	return pool[:n]
}

// distinctIn reports whether chosen is n distinct objects of options.
func distinctIn(chosen, options []ObjectID, n int) bool {
	if len(chosen) != n {
		return false
	}
	for i, id := range chosen {
		if !slices.Contains(options, id) || slices.Contains(chosen[:i], id) {
			return false
		}
	}
	return true
}

// runningSource is the source of the resolving spell or ability, or 0.
func (g *Game) runningSource() ObjectID {
	if fr := g.frame(); fr != nil {
		return fr.source
	}
	return 0
}

// discardCards has a player discard cards of their hand, all at once
// (CR 701.8a). Inside a loop over players (each_player_begin), they wait
// for its end, when every player has chosen (CR 101.4); otherwise they are
// discarded now, in one batch.
func (g *Game) discardCards(p PlayerID, ids []ObjectID) {
	if g.together.depth > 0 {
		for _, id := range ids {
			g.together.moves = append(g.together.moves, togetherMove{player: p, object: id, discard: true})
		}
		return
	}
	g.beginBatch()
	for _, id := range ids {
		g.discardOne(p, id)
	}
	g.endBatch()
}

// discardOne moves a card of a player's hand to their graveyard — a zone
// change that replacement effects may send elsewhere — and, if it left
// the hand, the player discarded it: a discard event (CR 701.8a).
func (g *Game) discardOne(p PlayerID, id ObjectID) {
	o := g.Object(id)
	if o == nil || o.left || o.zone != ZoneHand || o.owner != p {
		return // it left the hand meanwhile
	}
	if g.moveCard(id, ZoneGraveyard) == nil {
		return
	}
	g.propose(Event{Kind: EvDiscard, Player: p, Object: id})
}

// hRevealAndDiscardChosen has a player reveal their hand (CR 701.16a),
// another choose a card of it the filter describes, and the first discard
// that card (CR 701.8b; Duress).
func (g *Game) hRevealAndDiscardChosen(a []vm.Value) (vm.Value, error) {
	fr := g.frame()
	p, ok := valuePlayer(a[0])
	chooser, ok2 := valuePlayer(a[1])
	if !ok || !ok2 || fr == nil {
		return 0, nil
	}
	g.propose(Event{Kind: EvHandRevealed, Player: p})
	var options []ObjectID
	ab := &fr.def.Card.Abilities[fr.ability]
	if f := a[2]; f >= 0 && int(f) < len(ab.Filters) {
		for _, id := range g.players[p].Hand {
			if g.inFilter(fr, ab.Filters[f], ObjectValue(id)) {
				options = append(options, id)
			}
		}
	}
	if len(options) == 0 {
		return 0, nil
	}
	choice := g.decider.ChooseObject(g, chooser, "to discard", slices.Clone(options))
	if !slices.Contains(options, choice) {
		choice = options[0]
	}
	g.decided(Decision{Player: chooser, Kind: DecisionObject, Source: fr.source, Target: ObjectValue(choice), What: "to discard"})
	g.discardCards(p, []ObjectID{choice})
	return 0, nil
}

// cleanupDiscard is the first turn-based action of the cleanup step
// (CR 514.1): the active player discards down to their maximum hand
// size, cards of their choice, a decision recorded as theirs.
func (g *Game) cleanupDiscard() {
	p := g.active
	size, limited := g.maxHandSize(p)
	hand := g.players[p].Hand
	n := len(hand) - size
	if !limited || n <= 0 {
		return
	}
	chosen := g.decider.Discard(g, p, n)
	if !distinctIn(chosen, hand, n) {
		chosen = DefaultDecider{}.Discard(g, p, n)
	}
	g.decided(Decision{Player: p, Kind: DecisionDiscard, Objects: slices.Clone(chosen)})
	g.discardCards(p, chosen)
}

// maxHandSize is a player's maximum hand size (CR 402.2), and false if
// they have none: seven, as the effects of static abilities that modify
// it make it, applied in timestamp order (CR 613.11) — `no maximum hand
// size`, `your maximum hand size is N`.
func (g *Game) maxHandSize(p PlayerID) (int, bool) {
	type modifier struct {
		timestamp int64
		size      int
		none      bool
	}
	var mods []modifier
	for _, id := range g.battlefield {
		o := g.objects[id]
		if g.abilitiesLost(o) {
			continue
		}
		for _, ai := range o.def.effects {
			if _, ok := g.effectMatch(o, ai, fnNoMaximumHandSize, PlayerValue(p)); ok {
				mods = append(mods, modifier{timestamp: o.timestamp, none: true})
			}
			if fr, ok := g.effectMatch(o, ai, fnSetMaximumHandSize, PlayerValue(p)); ok {
				g.handSize = -1
				if _, err := g.run(fr, o.ability(ai).Body); err == nil && g.handSize >= 0 {
					mods = append(mods, modifier{timestamp: o.timestamp, size: g.handSize})
				}
			}
		}
	}
	sort.SliceStable(mods, func(i, j int) bool { return mods[i].timestamp < mods[j].timestamp })
	size, limited := MaxHandSize, true
	for _, m := range mods {
		size, limited = m.size, !m.none
	}
	return size, limited
}

// MaximumHandSize is a player's maximum hand size (CR 402.2), and false
// if they have none (Spellbook).
func (g *Game) MaximumHandSize(p PlayerID) (int, bool) {
	if checkPlayer(p) != nil {
		return 0, false
	}
	return g.maxHandSize(p)
}

// hNoMaximumHandSize is the effect `you have no maximum hand size` as the
// layers apply it: it changes no characteristic (maxHandSize reads it).
func (g *Game) hNoMaximumHandSize([]vm.Value) (vm.Value, error) { return 0, nil }

// hSetMaximumHandSize is the effect `your maximum hand size is N`: it
// changes no characteristic; run by maxHandSize, it says N.
func (g *Game) hSetMaximumHandSize(a []vm.Value) (vm.Value, error) {
	g.handSize = max(qty(a[1]), 0)
	return 0, nil
}

// hHandsRevealed is the effect `your opponents play with their hands
// revealed`: it changes no characteristic (HandRevealed reads it).
func (g *Game) hHandsRevealed([]vm.Value) (vm.Value, error) { return 0, nil }

// HandRevealed reports whether a player plays with their hand revealed
// (CR 701.16; Telepathy): whether a static ability of a permanent on the
// battlefield says so of them.
func (g *Game) HandRevealed(p PlayerID) bool {
	return g.playerEffectApplies(fnHandsRevealed, p)
}

// hRedirectDamageToPlayer deals the damage being replaced to a player
// instead (a redirection effect, CR 614.1b, 614.9).
func (g *Game) hRedirectDamageToPlayer(a []vm.Value) (vm.Value, error) {
	ev, err := g.replacing(a[0])
	if err != nil || ev.Kind != EvDamage {
		return 0, err
	}
	if p, ok := valuePlayer(a[1]); ok {
		ev.Target = PlayerValue(p)
	}
	return 0, nil
}

// describeObjects names objects for the log.
func (g *Game) describeObjects(ids []ObjectID) string {
	if len(ids) == 0 {
		return "nothing"
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = g.objectName(id)
	}
	return strings.Join(names, ", ")
}

// seedText says where the rules core's random choices come from, for the
// log.
func seedText(seed uint64) string {
	return fmt.Sprintf("the rules core's random choices come from seed %d", seed)
}
