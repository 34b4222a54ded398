package core

import (
	"github.com/cardc/cardc/mana"
	"github.com/cardc/cardc/vm"
)

// Spending mana as though it were mana of any color (CR 609.4b; Mycosynth
// Lattice's "Players may spend mana as though it were mana of any
// color."). A player the effect names may pay each symbol that asks for a
// color — a colored symbol, either half of a hybrid symbol, the color of
// {2/W} and of {C/W}, the mana of a Phyrexian symbol — with mana of any
// type, colorless mana included: "mana" is every type of it (CR 106.1b).
// It changes how the cost is paid and nothing else (CR 609.4b): the cost,
// its mana value and the spell's colors stay, and so does the mana spent.
// Colorless is a type of mana, not a color (CR 105.1, 106.1): {C} still
// asks for colorless mana. The payment uses the mana's own colors where
// they pay; only where they can't does it spend mana as though it were
// another color, and the automatic payment plans so (manaplan.go).

// hSpendManaAsAnyColor is the effect `players may spend mana as though it
// were mana of any color` as the layers apply it: it changes no
// characteristic; the payment of mana asks it (anyColorSymbols).
func (g *Game) hSpendManaAsAnyColor([]vm.Value) (vm.Value, error) { return 0, nil }

// anyColorSymbols returns, for a player who may spend mana as though it
// were mana of any color now, the symbols of a cost as that lets them be
// paid (asAnyColor); nil for any other player.
func (g *Game) anyColorSymbols(p PlayerID, syms []mana.Symbol) []mana.Symbol {
	if g.index.staticSources == 0 || !g.playerEffectApplies(fnSpendManaAsAnyColor, p) {
		return nil
	}
	return asAnyColor(syms)
}

// asAnyColor rewrites mana symbols as a player who may spend mana as
// though it were mana of any color pays them (CR 609.4b): a symbol that
// any one mana of a color pays — {W}, {W/U}, {2/W}, {C/W} — any one mana
// pays, as it pays {1}; a Phyrexian symbol stays one (its mana or 2 life;
// the payment makes one paid with mana a hybrid symbol first, which is
// then rewritten so); {C}, generic, {X} and {S} symbols stay as they are.
// Each keeps its text, so that a message names the cost as printed.
func asAnyColor(syms []mana.Symbol) []mana.Symbol {
	out := make([]mana.Symbol, len(syms))
	for i, s := range syms {
		switch s.Kind {
		case mana.Colored, mana.Hybrid, mana.TwoHybrid, mana.ColorlessHybrid:
			out[i] = mana.Symbol{Kind: mana.Generic, N: 1, Text: s.Text}
		default:
			out[i] = s
		}
	}
	return out
}

// payFromPool says how a player's pool pays a cost (payment): with the
// mana's own types if it can, else, with anyColor (the cost as
// anyColorSymbols rewrote it, or nil), as though the mana were of any
// color.
func payFromPool(pool mana.Amount, syms, anyColor []mana.Symbol, x, life int) (mana.Amount, int, bool) {
	spend, lifePaid, ok := payment(pool, syms, x, life)
	if !ok && anyColor != nil {
		return payment(pool, anyColor, x, life)
	}
	return spend, lifePaid, ok
}
