package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/vm"
)

// Libraries (CR 401): searching them (CR 701.19), shuffling them
// (CR 701.20), their top and bottom, milling (CR 701.13), and the
// decisions players make about the cards of a zone. A library is a
// player's list of card IDs, the top card last, so that the work of
// drawing, milling, looking at or revealing the top cards is the cards
// taken or looked at, never the library (removeFromZone looks from the
// end). A shuffle costs the library, as randomizing every card does.

// CardDecider makes the decisions players make about the cards of a zone.
// DefaultDecider implements it.
type CardDecider interface {
	// ChooseCards chooses cards of a zone for what an effect of source
	// has player p do: "search" (the card a search finds, CR 701.19),
	// "same name" (the cards of a name a search exiles), "exiled" (exiled
	// cards chosen as the effect resolves). zone lists the cards of the
	// zone as the game holds them, the top card (the last put there)
	// last; it must not be changed. fits says which of them may be
	// chosen. It returns at least min and at most max cards of zone that
	// fit, each once; fewer than min only where fewer fit. Choosing fewer
	// than fit is the player's right where the effect looks for cards
	// with a stated quality (CR 701.19b): min is then 0. A Decider may
	// look at as few cards as it wishes: the default looks from the top
	// until it has max.
	ChooseCards(g *Game, p PlayerID, source ObjectID, what string, zone []ObjectID, fits func(ObjectID) bool, min, max int) []ObjectID
	// OrderCards returns cards in the order player p puts them, the first
	// on top, for what: "library" (back on top of their library, CR 401.4),
	// "graveyard" (into their graveyard at the same time, CR 404.3),
	// "bottom" (on the bottom of their library). cards are in the order
	// the effect has them, the first on top; it must return each of them
	// once.
	OrderCards(g *Game, p PlayerID, source ObjectID, what string, cards []ObjectID) []ObjectID
}

// ChooseCards takes, from the top of the zone, the first max cards that
// fit.
func (DefaultDecider) ChooseCards(g *Game, p PlayerID, source ObjectID, what string, zone []ObjectID, fits func(ObjectID) bool, min, max int) []ObjectID {
	var out []ObjectID
	for i := len(zone) - 1; i >= 0 && len(out) < max; i-- {
		if fits(zone[i]) {
			out = append(out, zone[i])
		}
	}
	return out
}

// OrderCards keeps the order the effect has them in.
func (DefaultDecider) OrderCards(g *Game, p PlayerID, source ObjectID, what string, cards []ObjectID) []ObjectID {
	return slices.Clone(cards)
}

// libraryWork is what the spell or ability resolving has done to
// libraries and exile, for the rest of its effect: the cards it chose
// (`the chosen cards`); the cards it revealed (`revealed this way`); the
// permanents it tapped (`tapped this way`, tapped.go); the card name a
// player chose as it resolved (`that name`). It is forgotten once the
// spell or ability has resolved.
type libraryWork struct {
	chosen, revealed []ObjectID
	tapped           []ObjectID
	// damaged are the permanents the resolving spell or ability dealt
	// damage to (recordDamageThisWay), while resolving says one is.
	damaged   []ObjectID
	resolving bool
	// name is the card name a player chose as the effect resolved
	// (hChooseCardName, CR 201.4), or "" if none was.
	name string
	// revealer is the player who revealed cards until one of a type
	// (hRevealUntil), untilFound that card or 0, and until whether such
	// a reveal happened.
	revealer   PlayerID
	untilFound ObjectID
	until      bool
}

// chooseCards has player p choose cards of their zone z (their library,
// graveyard or exile) for an effect of source, as the CardDecider says,
// and records the decision.
func (g *Game) chooseCards(p PlayerID, source ObjectID, what string, z Zone, fits func(ObjectID) bool, min, max int) []ObjectID {
	return g.chooseCardsOf(p, p, source, what, z, fits, min, max)
}

// chooseCardsOf has player chooser choose cards of player owner's zone z
// (a search of another player's library), as the CardDecider says, and
// records the decision. An answer that breaks the rules (a card that is
// not there or doesn't fit, too many, too few) is corrected: the
// default's choice replaces it.
func (g *Game) chooseCardsOf(chooser, owner PlayerID, source ObjectID, what string, z Zone, fits func(ObjectID) bool, min, max int) []ObjectID {
	zone := *g.zoneList(owner, z)
	if max <= 0 || len(zone) == 0 {
		g.decided(Decision{Player: chooser, Kind: DecisionCards, Source: source, What: what})
		return nil
	}
	chosen := g.decider.ChooseCards(g, chooser, source, what, zone, fits, min, max)
	if !g.legalCards(owner, z, fits, chosen, max) || len(chosen) < min && g.moreFit(owner, z, fits, chosen) {
		chosen = DefaultDecider{}.ChooseCards(g, chooser, source, what, zone, fits, min, max)
	}
	chosen = slices.Clone(chosen)
	g.decided(Decision{Player: chooser, Kind: DecisionCards, Source: source, What: what, Cards: chosen})
	return chosen
}

// legalCards reports whether cards are at most max distinct cards of
// player p's zone z that fit.
func (g *Game) legalCards(p PlayerID, z Zone, fits func(ObjectID) bool, cards []ObjectID, max int) bool {
	if len(cards) > max {
		return false
	}
	for i, id := range cards {
		o := g.Object(id)
		if o == nil || o.left || o.zone != z || o.owner != p || !fits(id) || slices.Contains(cards[:i], id) {
			return false
		}
	}
	return true
}

// moreFit reports whether a card of player p's zone z fits that is not
// among chosen.
func (g *Game) moreFit(p PlayerID, z Zone, fits func(ObjectID) bool, chosen []ObjectID) bool {
	zone := *g.zoneList(p, z)
	for i := len(zone) - 1; i >= 0; i-- {
		if fits(zone[i]) && !slices.Contains(chosen, zone[i]) {
			return true
		}
	}
	return false
}

// orderCards has player p order cards for what (see CardDecider), and
// records the decision when there was one to make (two cards or more).
// An answer that is not the same cards is corrected: they keep the order
// they had.
func (g *Game) orderCards(p PlayerID, source ObjectID, what string, cards []ObjectID) []ObjectID {
	if len(cards) < 2 {
		return cards
	}
	order := g.decider.OrderCards(g, p, source, what, slices.Clone(cards))
	if !samePile(order, cards) {
		order = slices.Clone(cards)
	}
	g.decided(Decision{Player: p, Kind: DecisionOrder, Source: source, What: what, Cards: slices.Clone(order)})
	return order
}

// samePile reports whether a is b in some order.
func samePile(a, b []ObjectID) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// describeCards renders the cards of a DecisionCards or DecisionOrder.
func (g *Game) describeCards(b *strings.Builder, d *Decision) {
	if len(d.Cards) == 0 {
		b.WriteString(" nothing")
	}
	// A mill of thousands of cards is one decision: its first cards say
	// enough.
	const shown = 10
	for i, id := range d.Cards {
		if i == shown {
			fmt.Fprintf(b, ", and %d more", len(d.Cards)-shown)
			break
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(b, " %s", g.objectName(id))
	}
	fmt.Fprintf(b, " (%s, for %s)", d.What, g.objectName(d.Source))
}

// topCards returns the top n cards of player p's library, the top first
// (fewer if it has fewer). The work is the cards returned.
func (g *Game) topCards(p PlayerID, n int) []ObjectID {
	lib := g.players[p].Library
	n = min(n, len(lib))
	out := make([]ObjectID, n)
	for i := range out {
		out[i] = lib[len(lib)-1-i]
	}
	return out
}

// toBottom moves a card that was just put on top of its owner's library
// to its bottom.
func (g *Game) toBottom(o *Object) {
	lib := g.players[o.owner].Library
	if len(lib) < 2 || lib[len(lib)-1] != o.id {
		return
	}
	copy(lib[1:], lib[:len(lib)-1])
	lib[0] = o.id
	g.invalidate() // a new top card (qTopCardIsColor)
}

// putOnTop puts cards already in player p's library on its top, the
// first on top, keeping the order of the others: a reordering, which is
// no zone change. Its work is the distance of the deepest of them from the
// top.
func (g *Game) putOnTop(p PlayerID, cards []ObjectID) {
	if len(cards) == 0 {
		return
	}
	pl := g.players[p]
	lib := pl.Library
	// Take the cards out, from the top down to the deepest of them.
	rest := len(lib)
	kept := make([]ObjectID, 0, len(cards))
	for left := len(cards); left > 0 && rest > 0; {
		rest--
		if slices.Contains(cards, lib[rest]) {
			left--
			continue
		}
		kept = append(kept, lib[rest]) // top first
	}
	lib = lib[:rest]
	for i := len(kept) - 1; i >= 0; i-- {
		lib = append(lib, kept[i])
	}
	for i := len(cards) - 1; i >= 0; i-- {
		if o := g.Object(cards[i]); o != nil && !o.left && o.zone == ZoneLibrary && o.owner == p {
			lib = append(lib, cards[i])
		}
	}
	pl.Library = lib
	g.invalidate()
}

// cardFits reports whether a card of a zone (a library, a graveyard)
// fits filter fn of the running ability. The filter judges each card in a
// run of its own, with a budget of its own (vm.Machine.MaxSteps), as the
// layers judge each permanent: looking through a library of 100,000 cards
// is the work of that many filters, not a step limit of the ability that
// looks.
func (g *Game) cardFits(fr *frame, fn int32, id ObjectID) bool {
	saved := g.looking
	g.looking = true
	defer func() { g.looking = saved }()
	return g.inFilter(fr, fn, ObjectValue(id))
}

// ---- the actions --------------------------------------------------------------

// qCardsInLibrary is how many cards a player's library has (CR 401.3).
func qCardsInLibrary(g *Game, a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok {
		return vm.Value(len(g.players[p].Library)), nil
	}
	return 0, nil
}

// hSearchLibrary has a player search their library for a card the filter
// of the running ability describes (CR 701.19a) and returns it, or 0.
func (g *Game) hSearchLibrary(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	return g.searchLibrary(p, p, a[1]), nil
}

// hSearchLibraryOf has the controller of the running ability search
// another player's library for a card the filter describes (CR 701.19a:
// "search that player's library") and returns it, or 0. The decision is
// the searcher's; the card stays its owner's (CR 108.3).
func (g *Game) hSearchLibraryOf(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil {
		return 0, nil
	}
	return g.searchLibrary(fr.controller, p, a[1]), nil
}

// searchLibrary has player searcher search player owner's library for a
// card the filter filterArg of the running ability describes, a decision
// of the searcher, and returns it, or 0. A filter that states a quality
// may find nothing (CR 701.19b); one that asks for just a card must find
// one if there is one (CR 701.19d). The card found stays in the library
// until the rest of the effect moves it.
func (g *Game) searchLibrary(searcher, owner PlayerID, filterArg vm.Value) vm.Value {
	fr, filter, ok := g.runningFilter(filterArg)
	if !ok {
		return 0
	}
	min := 0
	if !statesQuality(fr.def.Prog, filter) {
		min = 1
	}
	fits := func(id ObjectID) bool { return g.cardFits(fr, filter, id) }
	found := g.chooseCardsOf(searcher, owner, fr.source, "search", ZoneLibrary, fits, min, 1)
	if len(found) == 0 {
		return 0
	}
	return ObjectValue(found[0])
}

// statesQuality reports whether a filter function states a quality a card
// must have (CR 701.19b): it asks the host something other than whether
// the candidate is a token, which every filter of cards asks ("a card" is
// a card, no token). A filter that states none asks for just a card
// (CR 701.19d).
func statesQuality(linked *vm.Linked, fn int32) bool {
	if fn < 0 || int(fn) >= len(linked.Program.Funcs) {
		return false
	}
	for _, in := range linked.Program.Funcs[fn].Code {
		if in.Op == vm.OpCall && funcID(linked.ID(in.Arg)) != fnIsToken {
			return true
		}
	}
	return false
}

// hReveal has the controller of the running ability reveal a card
// (CR 701.16a): a reveal event; the card stays where it is.
func (g *Game) hReveal(a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	fr := g.frame()
	if o == nil || o.left || fr == nil {
		return 0, nil
	}
	g.propose(Event{Kind: EvReveal, Player: fr.controller, Object: o.id})
	return 0, nil
}

// hRevealTop has a player reveal the top card of their library and
// returns it, or 0 for an empty library.
func (g *Game) hRevealTop(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	top := g.topCards(p, 1)
	if len(top) == 0 {
		return 0, nil
	}
	g.propose(Event{Kind: EvReveal, Player: p, Object: top[0]})
	return ObjectValue(top[0]), nil
}

// hChooseCardName has a player choose a card name as the running spell or
// ability resolves (CR 201.4: the name of a card, here of the game's
// library): a decision recorded with who made it, whoever that player is
// ("that player chooses a card name"), which the rest of the effect reads
// as `that name` (qHasThatName).
func (g *Game) hChooseCardName(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	names := g.lib.Names()
	if !ok || fr == nil || len(names) == 0 {
		return 0, nil
	}
	g.work.name = names[g.choose(p, fr.source, CardNameChoice, names)]
	return 0, nil
}

// qHasThatName reports whether an object has the card name chosen earlier
// in the resolving effect (CR 201.2, 201.4): none has it while no name was
// chosen.
func qHasThatName(g *Game, a []vm.Value) (vm.Value, error) {
	o := g.valueObject(a[0])
	return boolValue(o != nil && g.work.name != "" && o.Name() == g.work.name), nil
}

// hShuffleLibrary has a player shuffle their library (CR 701.20a): a
// shuffle event.
func (g *Game) hShuffleLibrary(a []vm.Value) (vm.Value, error) {
	if p, ok := valuePlayer(a[0]); ok {
		g.propose(Event{Kind: EvShuffle, Player: p})
	}
	return 0, nil
}

// performShuffle shuffles the library of a shuffle event's player
// (CR 701.20a), every card of it, from the game's seed. A card the
// resolving spell or ability found with a search and left in that library
// is shuffled with the others: Sphinx Ambassador's card that stays "is
// shuffled, including that card". Where the effect then puts a found card
// elsewhere ("then shuffle and put that card on top", CR 701.20b), the
// statement that does so moves it from where the shuffle left it: the
// card ends where the effect puts it and the other cards are in a random
// order, which is what leaving it out of the shuffle gives (CR 701.20b).
func (g *Game) performShuffle(ev *Event) bool {
	if ev.Player != 0 && ev.Player != 1 {
		return false
	}
	g.shuffleLibrary(ev.Player)
	g.invalidate()
	return true
}

// hPutOnTopOfLibrary puts a card or a permanent on top of its owner's
// library (CR 400.3): a zone change from another zone, or, for a card
// already in that library, a reordering.
func (g *Game) hPutOnTopOfLibrary(a []vm.Value) (vm.Value, error) {
	g.toLibrary(g.valueObject(a[0]), false)
	return 0, nil
}

// hPutOnBottomOfLibrary puts a card or a permanent on the bottom of its
// owner's library (CR 400.3).
func (g *Game) hPutOnBottomOfLibrary(a []vm.Value) (vm.Value, error) {
	g.toLibrary(g.valueObject(a[0]), true)
	return 0, nil
}

// toLibrary puts an object on the top or the bottom of its owner's
// library. A spell on the stack stays (the stack is 20C's), and so does an
// object that left its zone.
func (g *Game) toLibrary(o *Object, bottom bool) {
	if o == nil || o.left || o.zone == ZoneStack {
		return
	}
	if o.zone != ZoneLibrary {
		g.propose(Event{Kind: EvZoneChange, Object: o.id, From: o.zone, To: ZoneLibrary, Player: NoPlayer, bottom: bottom})
		return
	}
	if !bottom {
		g.putOnTop(o.owner, []ObjectID{o.id})
		return
	}
	pl := g.players[o.owner]
	i := slices.Index(pl.Library, o.id)
	copy(pl.Library[1:i+1], pl.Library[:i])
	pl.Library[0] = o.id
	g.invalidate()
}

// hMill has a player put the top N cards of their library into their
// graveyard (CR 701.13a): as many as the library has if it has fewer
// (CR 701.13b), so the work is the cards milled. They move at the same
// time, one batch; the player arranges them in their graveyard (CR 404.3).
func (g *Game) hMill(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] <= 0 {
		return 0, nil
	}
	fr := g.frame()
	source := ObjectID(0)
	if fr != nil {
		source = fr.source
	}
	g.mill(p, source, qty(a[1]))
	return 0, nil
}

// mill puts the top n cards of player p's library into their graveyard.
// The decision of their order says the graveyard's new top card first;
// the default is one at a time from the top of the library, so that the
// deepest card milled ends on top.
func (g *Game) mill(p PlayerID, source ObjectID, n int) {
	cards := g.topCards(p, n)
	if len(cards) == 0 {
		return
	}
	slices.Reverse(cards) // one at a time: the deepest ends on top
	order := g.orderCards(p, source, "graveyard", cards)
	g.beginBatch()
	defer g.endBatch()
	for i := len(order) - 1; i >= 0; i-- {
		g.propose(Event{Kind: EvZoneChange, Object: order[i], From: ZoneLibrary, To: ZoneGraveyard, Player: NoPlayer})
	}
}

// hLookAtTop has a player look at the top N cards of their library and
// put them back in any order (CR 701.16e, 401.4): a decision, recorded,
// and no event.
func (g *Game) hLookAtTop(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok || a[1] <= 0 {
		return 0, nil
	}
	fr := g.frame()
	source := ObjectID(0)
	if fr != nil {
		source = fr.source
	}
	cards := g.topCards(p, qty(a[1]))
	g.putOnTop(p, g.orderCards(p, source, "library", cards))
	return 0, nil
}

// qTopCardIsColor reports whether the top card of a player's library is
// a color (CR 105.2, 401.1): a card in a library has its card's colors.
// An empty library's top card is no card of any color. Whatever changes a
// library's order or content invalidates the characteristics, so a
// continuous effect with this condition (`as long as`, CR 611.3) is
// applied again as the top card changes.
func (g *Game) qTopCardIsColor(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	lib := g.players[p].Library
	if len(lib) == 0 {
		return 0, nil
	}
	o := g.objects[lib[len(lib)-1]]
	return boolValue(g.colorsOf(o)&uint16(a[1]) != 0), nil
}

// hRevealUntil has a player reveal cards from the top of their library,
// one at a time, until they reveal a card of a type (CR 701.16a; a[1],
// card type bits): a reveal event for each, the cards staying in the
// library, revealed this way. With no card of the type, the whole
// library is revealed (Polymorph's rulings). The work is the cards
// revealed, not the library.
func (g *Game) hRevealUntil(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	if !ok {
		return 0, nil
	}
	g.work.revealer, g.work.untilFound, g.work.until = p, 0, true
	// From the top (the last element) down; a reveal moves no card.
	for i := len(g.players[p].Library) - 1; i >= 0 && i < len(g.players[p].Library); i-- {
		id := g.players[p].Library[i]
		g.propose(Event{Kind: EvReveal, Player: p, Object: id})
		g.work.revealed = append(g.work.revealed, id)
		// A card in a library has its card's types (CR 205).
		if g.objects[id].def.types&uint16(a[1]) != 0 {
			g.work.untilFound = id
			break
		}
	}
	return 0, nil
}

// hPutRevealedUntilOntoBattlefieldAndShuffle has the player who revealed
// cards until one of a type put that card onto the battlefield under
// their control (CR 110.2a, 400.7), then shuffle their library, where the
// other cards revealed this way are (CR 701.20a) — also when no card of
// the type was revealed.
func (g *Game) hPutRevealedUntilOntoBattlefieldAndShuffle([]vm.Value) (vm.Value, error) {
	if !g.work.until {
		return 0, nil
	}
	p := g.work.revealer
	if o := g.Object(g.work.untilFound); o != nil && !o.left && o.zone == ZoneLibrary {
		g.putOntoBattlefield(o, p)
	}
	g.propose(Event{Kind: EvShuffle, Player: p})
	return 0, nil
}
