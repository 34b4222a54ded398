package core

import (
	"slices"

	"github.com/cardc/cardc/vm"
)

// Choices made as a spell or ability resolves: the quality of protection
// "of your choice" (CR 702.16), and where each card scried goes
// (CR 701.18).

// hGainKeyword gives a permanent a keyword ability until the end of the
// turn (layer 6, CR 613.1f).
func (g *Game) hGainKeyword(a []vm.Value) (vm.Value, error) {
	if k, ok := g.lib.keywordOf(a[1]); ok {
		g.addKeywordEffect(a[0], k)
	}
	return 0, nil
}

// addKeywordEffect creates a continuous effect from a resolving spell or
// ability that adds a keyword ability to one permanent until the end of
// the turn (CR 611.2c).
func (g *Game) addKeywordEffect(v vm.Value, k keywordArg) {
	if o := g.permanentArg(v); o != nil {
		g.effects = append(g.effects, ptEffect{object: o.id, layer: layerAbility, keyword: k, timestamp: g.nextTimestamp()})
		g.invalidate()
	}
}

// hGainProtectionOfChoice has the controller of the resolving spell or
// ability choose a color (or, when a[1] is not 0, artifacts) and gives a
// permanent protection from it until the end of the turn. The choice is
// made as the spell resolves (Gods Willing's and Apostle's Blessing's
// rulings), only if the permanent is still there. The options are the
// colors in the order the stdlib declares them, then artifacts.
func (g *Game) hGainProtectionOfChoice(a []vm.Value) (vm.Value, error) {
	o, fr := g.permanentArg(a[0]), g.frame()
	if o == nil || fr == nil {
		return 0, nil
	}
	options := colorNames[:]
	if a[1] != 0 {
		options = append(slices.Clip(options), "artifacts")
	}
	i := g.choose(fr.controller, fr.source, "protection", options)
	q := quality{types: typeArtifact}
	if i < len(colorNames) {
		q = quality{colors: 1 << i}
	}
	g.addKeywordEffect(a[0], keywordArg{keyword: keywordProtection, quality: q})
	return 0, nil
}

// hScry has a player scry N (CR 701.18a): for each of the top N cards of
// their library, from the top, they choose "top" or "bottom"; the cards
// kept stay on top in their order, the others go to the bottom in theirs.
func (g *Game) hScry(a []vm.Value) (vm.Value, error) {
	p, ok := valuePlayer(a[0])
	fr := g.frame()
	if !ok || fr == nil {
		return 0, nil
	}
	lib := g.players[p].Library
	n := min(qty(a[1]), len(lib))
	if n <= 0 {
		return 0, nil // scry 0: no scry event (CR 701.18b)
	}
	// The library's top is its last element.
	looked := slices.Clone(lib[len(lib)-n:])
	var top, bottom []ObjectID
	for i := len(looked) - 1; i >= 0; i-- {
		if g.choose(p, looked[i], "scry", scryOptions[:]) == 1 {
			bottom = append(bottom, looked[i])
		} else {
			top = append(top, looked[i])
		}
	}
	rest := lib[:len(lib)-n]
	out := make([]ObjectID, 0, len(lib))
	for i := len(bottom) - 1; i >= 0; i-- {
		out = append(out, bottom[i]) // the first looked at ends highest
	}
	out = append(out, rest...)
	for i := len(top) - 1; i >= 0; i-- {
		out = append(out, top[i])
	}
	g.players[p].Library = out
	// The top card may have changed: an effect that depends on it
	// (`as long as the top card of your library is ...`) applies anew.
	g.invalidate()
	return 0, nil
}

// scryOptions are the choices for each card scried.
var scryOptions = [...]string{"top", "bottom"}

// choose asks a player to choose among options (named by words, such as
// "white" or "bottom") for a source, records the decision and returns the
// index chosen; an answer out of range takes the first option.
func (g *Game) choose(p PlayerID, source ObjectID, what string, options []string) int {
	i := g.decider.Choose(g, p, source, what, options)
	if i < 0 || i >= len(options) {
		i = 0
	}
	g.decided(Decision{Player: p, Kind: DecisionChoice, Source: source, What: what, Choice: options[i]})
	return i
}
