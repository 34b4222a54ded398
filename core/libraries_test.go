package core_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/core"
)

// libraryCards are the cards of the library tests and benchmarks: lands to
// fill libraries, an artifact to find, and spells that search.
const libraryCards = `
card "Forest" { type Basic Land — Forest; oracle "" }
card "Bauble" { cost {0}; type Artifact; oracle "" }
card "Seek" {
    cost {0}
    type Sorcery
    oracle "..."
    spell {
        search your library for an artifact card as card
        put card into your hand
    }
}
card "Tutor" {
    cost {0}
    type Sorcery
    oracle "..."
    spell {
        search your library for an artifact card as card
        put card into your hand
        shuffle your library
    }
}
`

// libraryGame is a game whose first player's library holds n cards: n-1
// Forests, and a Bauble at depth (0: on top).
func libraryGame(t testing.TB, n, depth int) (*core.Game, *core.Library) {
	lib := library(t, libraryCards)
	g := core.New(lib, nil)
	setup := g.Setup()
	for i := n - 1; i >= 0; i-- { // the bottom first
		name := "Forest"
		if i == depth {
			name = "Bauble"
		}
		_, err := setup.AddCard(name, 0, core.ZoneLibrary)
		require.NoError(t, err)
	}
	return g, lib
}

// search casts a spell of the first player and resolves it.
func search(t testing.TB, g *core.Game, spell string) {
	o, err := g.Setup().AddCard(spell, 0, core.ZoneHand)
	require.NoError(t, err)
	require.NoError(t, g.Cast(0, o.ID(), 0, nil))
	require.NoError(t, g.ResolveTop())
}

// TestSearchLooksAtWhatItFinds holds the cost of a search to the cards it
// looks at, not the library: a search that finds the top card of a library
// of 60 cards and one of 100,000 runs as many functions of cards (the
// filter once); one that finds the card at the bottom runs the filter
// once for each card.
func TestSearchLooksAtWhatItFinds(t *testing.T) {
	runs := func(n, depth int) int64 {
		g, _ := libraryGame(t, n, depth)
		before := core.Runs(g)
		search(t, g, "Seek")
		require.Len(t, g.Player(0).Library, n-1, "the Bauble is found")
		return core.Runs(g) - before
	}
	require.Equal(t, runs(60, 0), runs(100_000, 0))
	require.Equal(t, runs(60, 59)-runs(60, 0), int64(59), "each card above the Bauble is looked at once")
}

// BenchmarkDraw measures drawing the top card of a library of 60 and of
// 100,000 cards: the same, since a draw takes the last card of the list.
// Each iteration puts a card back with the timer stopped: run it with a
// fixed count, -benchtime 3000x.
func BenchmarkDraw(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, n := range []int{60, 100_000} {
		b.Run(fmt.Sprintf("library=%d", n), func(b *testing.B) {
			g, _ := libraryGame(b, n, 0)
			setup := g.Setup()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				core.DrawForBenchmark(g, 0)
				b.StopTimer()
				setup.AddCard("Forest", 0, core.ZoneLibrary) // the library keeps its size
				core.ForgetForBenchmark(g)
				b.StartTimer()
			}
		})
	}
}

// BenchmarkSearch measures a spell that searches a library of 60 and of
// 100,000 cards for an artifact card on top of it and puts it into its
// owner's hand: cast, searched, resolved. The search looks at the cards
// from the top until one fits, so both sizes cost the same
// (TestSearchLooksAtWhatItFinds counts the cards looked at when the card
// is deeper). With a shuffle after it, as Diabolic Tutor has, the cost
// grows with the library, as randomizing every card does (CR 701.20a).
// Run it with a fixed count, -benchtime 3000x, as BenchmarkDraw.
func BenchmarkSearch(b *testing.B) {
	defer core.SetIndexChecks(core.SetIndexChecks(false))
	for _, c := range []struct{ name, spell string }{{"search", "Seek"}, {"search+shuffle", "Tutor"}} {
		for _, n := range []int{60, 100_000} {
			b.Run(fmt.Sprintf("%s/library=%d", c.name, n), func(b *testing.B) {
				g, _ := libraryGame(b, n, 0)
				setup := g.Setup()
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					if i > 0 {
						// Another Bauble on top, where the last one was.
						setup.AddCard("Bauble", 0, core.ZoneLibrary)
					}
					o, _ := setup.AddCard(c.spell, 0, core.ZoneHand)
					core.ForgetForBenchmark(g)
					b.StartTimer()
					if err := g.Cast(0, o.ID(), 0, nil); err != nil {
						b.Fatal(err)
					}
					if err := g.ResolveTop(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// bottomSearcher finds the card of a search nearest the bottom.
type bottomSearcher struct{ core.DefaultDecider }

func (bottomSearcher) ChooseCards(g *core.Game, p core.PlayerID, source core.ObjectID, what string, zone []core.ObjectID, fits func(core.ObjectID) bool, min, max int) []core.ObjectID {
	for _, id := range zone {
		if fits(id) {
			return []core.ObjectID{id}
		}
	}
	return nil
}

// TestShuffleShufflesAFoundCardLeftInTheLibrary holds a shuffle after a
// search that leaves the card found in the library to CR 701.20a: the
// shuffle randomizes every card, that one too (Sphinx Ambassador's
// ruling: "The player then shuffles their library, including that
// card"). CR 701.20b leaves found cards out only for an effect that goes
// on to move them; this one doesn't. The card is found at the bottom of
// 60, and the game's seed shuffles it to neither end.
func TestShuffleShufflesAFoundCardLeftInTheLibrary(t *testing.T) {
	lib := library(t, libraryCards+`
card "Search and Shuffle" {
    cost {0}
    type Sorcery
    oracle "..."
    spell {
        search your library for an artifact card as card
        shuffle your library
    }
}`)
	g := core.New(lib, bottomSearcher{})
	setup := g.Setup()
	bottom, err := setup.AddCard("Bauble", 0, core.ZoneLibrary)
	require.NoError(t, err)
	for range 59 {
		_, err := setup.AddCard("Bauble", 0, core.ZoneLibrary)
		require.NoError(t, err)
	}
	search(t, g, "Search and Shuffle")
	library := g.Player(0).Library
	require.Len(t, library, 60)
	require.NotEqual(t, bottom.ID(), library[len(library)-1], "the card found is shuffled, not kept on top")
	require.NotEqual(t, bottom.ID(), library[0], "the card found is shuffled, not left at the bottom")
	require.Contains(t, library, bottom.ID())
}

// TestShuffleThenPutTheFoundCardOnTop holds "search, then shuffle and put
// that card on top" (Liliana Vess) to CR 701.20b: the card found ends on
// top, where the effect puts it after the shuffle, and the others are
// shuffled.
func TestShuffleThenPutTheFoundCardOnTop(t *testing.T) {
	lib := library(t, libraryCards+`
card "Search and Stack" {
    cost {0}
    type Sorcery
    oracle "..."
    spell {
        search your library for an artifact card as card
        shuffle your library
        put card on top of its owner's library
    }
}`)
	g := core.New(lib, bottomSearcher{})
	setup := g.Setup()
	bottom, err := setup.AddCard("Bauble", 0, core.ZoneLibrary)
	require.NoError(t, err)
	for range 59 {
		_, err := setup.AddCard("Bauble", 0, core.ZoneLibrary)
		require.NoError(t, err)
	}
	search(t, g, "Search and Stack")
	library := g.Player(0).Library
	require.Len(t, library, 60)
	require.Equal(t, bottom.ID(), library[len(library)-1], "the card found is on top")
}
