package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/cards/compiled"
	"github.com/cardc/cardc/dsl"
	_ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
)

// run parses one test and runs it against the standard cards.
func run(t *testing.T, src string) scenario.Result {
	t.Helper()
	lib, err := compiled.Library()
	require.NoError(t, err)
	f, diags := parser.ParseString("t_test.card", src)
	require.Empty(t, diags)
	require.Len(t, f.Decls, 1)
	return scenario.RunTest(coredriver.New(lib), f.Decls[0].(*dsl.Test))
}

// endedGame is the beginning of a test whose first action ends the game:
// the opponent, at 1 life, is dealt 3 damage.
const endedGame = `
    given {
        you control "Hill Giant", "Grizzly Bears"
        opponent has 1 life
    }
    when {
        "Hill Giant" deals 3 damage to opponent`

// overMessage is the failure of an action after the end of endedGame.
const overMessage = "the game is over before this action: opponent lost the game: 0 or less life (CR 704.5a); " +
	"nothing can happen after the end of the game: end the when block before this line; " +
	"to test the end of the game, assert `opponent lost the game` in then"

func TestFailuresSayWhereAndWhat(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"life", `
    then {
        you have 19 life
    }`, []string{"t_test.card:3:9: expected you to have 19 life, but you have 20"}},
		{"counters", `
    given {
        you control "Protean Hydra" with 2 +1/+1 counters
    }
    then {
        "Protean Hydra" has 3 +1/+1 counters
        "Protean Hydra" is 3/3
    }`, []string{
			"t_test.card:6:9: expected \"Protean Hydra\" to have 3 +1/+1 counters, but it has 2",
			"t_test.card:7:9: expected \"Protean Hydra\" to be 3/3, but it is 2/2",
		}},
		{"zone", `
    given {
        you control "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is in your graveyard
    }`, []string{"t_test.card:6:9: expected \"Grizzly Bears\" to be in your graveyard, but it is on the battlefield"}},
		{"log", `
    given {
        you control "Grizzly Bears"
    }
    when {
        destroy "Grizzly Bears"
    }
    then {
        log has 2 destroy events
    }`, []string{"t_test.card:9:9: expected 2 destroy events in the log, found 1"}},
		{"stack", `
    given {
        you have "Shock" in hand
        you have {R} in your mana pool
    }
    when {
        cast "Shock" targeting opponent
    }
    then {
        stack is empty
    }`, []string{"t_test.card:10:9: expected the stack to be empty, but it holds Shock"}},
		{"not in hand", `
    when {
        cast "Shock" targeting opponent
    }
    then {
        opponent has 18 life
    }`, []string{"t_test.card:3:9: \"Shock\" is not in your hand; put it there with `you have \"Shock\" in hand`"}},
		{"illegal target", `
    given {
        you have "Giant Growth" in hand
    }
    when {
        cast "Giant Growth" targeting opponent
    }
    then {
        stack is empty
    }`, []string{"t_test.card:6:9: cannot cast: Giant Growth: player 2 is not a legal target for \"target creature\" (CR 601.2c)"}},
		{"ambiguous name", `
    given {
        you control "Grizzly Bears", "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is tapped
    }`, []string{"t_test.card:6:9: 2 cards are named \"Grizzly Bears\": give each an alias with `as`"}},
		{"cannot attack", `
    given {
        you control "Grizzly Bears" tapped
    }
    when {
        attack with "Grizzly Bears"
    }
    then {
        stack is empty
    }`, []string{"t_test.card:6:9: Grizzly Bears#1 cannot attack: it is tapped (CR 508.1a)"}},
		{"defender", `
    given {
        you control "Wall of Wood"
    }
    when {
        attack with "Wall of Wood"
    }
    then {
        "Wall of Wood" is not attacking
    }`, []string{"t_test.card:6:9: Wall of Wood#1 cannot attack: it has defender (CR 702.3b)"}},
		{"an illegal block is checked with the blocks written before it", `
    given {
        opponent controls "Grizzly Bears", "Hill Giant"
        you control "Llanowar Elves"
        it is opponent's precombat main phase
    }
    when {
        attack with "Grizzly Bears", "Hill Giant"
        block "Grizzly Bears" with "Llanowar Elves"
        illegal "509.1b": block "Hill Giant" with "Llanowar Elves"
    }
    then {
        "Llanowar Elves" is not blocking
    }`, []string{"t_test.card:10:9: expected block \"Hill Giant\" with \"Llanowar Elves\" to be illegal by rule 509.1b, but it is illegal by rule 509.1a: Llanowar Elves#3 can block only one creature: it is declared as a blocker of Grizzly Bears#1 and Hill Giant#2 (CR 509.1a)"}},
		{"no second combat damage step", `
    given {
        you control "Grizzly Bears"
    }
    when {
        attack with "Grizzly Bears"
        advance to second combat damage step
    }
    then {
        opponent has 18 life
    }`, []string{"t_test.card:7:9: the combat damage step that began is the only one of its combat, not the second of two: no attacking or blocking creature had first strike or double strike as it began (CR 510.4)"}},
		{"not a first combat damage step", `
    given {
        you control "Grizzly Bears"
    }
    when {
        attack with "Grizzly Bears"
        advance to combat damage step
    }
    then {
        it is your combat damage step
        it is your first combat damage step
    }`, []string{"t_test.card:11:9: expected it is your first combat damage step, but it is your combat_damage step"}},
		{"who ordered", `
    given {
        you control "Engulfing Slagwurm"
        opponent controls "Grizzly Bears", "Hill Giant"
    }
    when {
        attack with "Engulfing Slagwurm"
        block "Engulfing Slagwurm" with "Grizzly Bears", "Hill Giant"
    }
    then {
        you ordered triggers "Grizzly Bears", "Hill Giant"
        opponent ordered triggers "Grizzly Bears", "Hill Giant"
        you ordered triggers "Hill Giant"
    }`, []string{
			"t_test.card:12:9: expected: opponent ordered triggers \"Grizzly Bears\", \"Hill Giant\"; the decisions of that kind were: player 1 ordered triggers: Engulfing Slagwurm#1 (on block Grizzly Bears#2 blocks Engulfing Slagwurm#1), Engulfing Slagwurm#1 (on block Hill Giant#3 blocks Engulfing Slagwurm#1)",
			"t_test.card:13:9: expected: you ordered triggers \"Hill Giant\"; the decisions of that kind were: player 1 ordered triggers: Engulfing Slagwurm#1 (on block Grizzly Bears#2 blocks Engulfing Slagwurm#1), Engulfing Slagwurm#1 (on block Hill Giant#3 blocks Engulfing Slagwurm#1)",
		}},
		{"sorcery timing", `
    given {
        it is your end step
        you have "Grizzly Bears" in hand
    }
    when {
        cast "Grizzly Bears"
    }
    then {
        stack is empty
    }`, []string{"t_test.card:7:9: cannot cast: Grizzly Bears can be cast only in its caster's main phase while the stack is empty (CR 307.1)"}},
		{"too late to attack", `
    given {
        it is your end step
        you control "Grizzly Bears"
    }
    when {
        attack with "Grizzly Bears"
    }
    then {
        stack is empty
    }`, []string{"t_test.card:7:9: attackers are declared in the declare attackers step, which is over this turn (it is the end step)"}},
		// Issue 8: after the end of the game, damage, destroy and counters
		// changed nothing, silently, and the test passed.
		{"destroy after the end", endedGame + `
        destroy "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is on the battlefield
    }`, []string{"t_test.card:8:9: " + overMessage}},
		{"counters after the end", endedGame + `
        put 1 +1/+1 counter on "Grizzly Bears"
    }
    then {
        "Grizzly Bears" has 1 +1/+1 counter
    }`, []string{"t_test.card:8:9: " + overMessage}},
		{"damage after the end", endedGame + `
        "Hill Giant" deals 1 damage to "Grizzly Bears"
    }
    then {
        "Grizzly Bears" has 1 damage
    }`, []string{"t_test.card:8:9: " + overMessage}},
		{"advance after the end", endedGame + `
        advance to end step
    }
    then {
        opponent lost the game
    }`, []string{"t_test.card:8:9: " + overMessage}},
		{"who lost", endedGame + `
    }
    then {
        you lost the game
        the game is a draw
        the game is not over
    }`, []string{
			"t_test.card:10:9: expected you to have lost the game, but opponent lost the game: 0 or less life (CR 704.5a)",
			"t_test.card:11:9: expected the game to be a draw, but opponent lost the game: 0 or less life (CR 704.5a)",
			"t_test.card:12:9: expected the game not to be over, but opponent lost the game: 0 or less life (CR 704.5a)",
		}},
		{"each", `
    given {
        you control "Grizzly Bears" with 1 +1/+1 counter
        you control "Grizzly Bears"
    }
    then {
        each "Grizzly Bears" is 3/3
        each "Hill Giant" is 3/3
    }`, []string{
			"t_test.card:7:9: expected each \"Grizzly Bears\" to be 3/3, but it is 2/2",
			"t_test.card:8:9: no card named \"Hill Giant\" is in the game",
		}},
		{"not over", `
    then {
        opponent lost the game
        the game is a draw
    }`, []string{
			"t_test.card:3:9: expected opponent to have lost the game, but the game is not over",
			"t_test.card:4:9: expected the game to be a draw, but the game is not over",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, "test \""+tt.name+"\" {"+tt.body+"\n}\n")
			var got []string
			for _, f := range res.Failures {
				got = append(got, f.String())
			}
			require.Equal(t, tt.want, got)
			require.False(t, res.Passed())
		})
	}
}

func TestPassingTestKeepsTheLog(t *testing.T) {
	res := run(t, `test "log" {
    given {
        you control "Grizzly Bears"
    }
    when {
        destroy "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is in your graveyard
    }
}
`)
	require.True(t, res.Passed(), "%v", res.Failures)
	require.Equal(t, []string{
		"turn 1: destroy Grizzly Bears#1",
		"turn 1: zone_change Grizzly Bears#1 from battlefield to graveyard",
	}, res.Log)
}

func TestCheckFindsMistakesWithoutRunning(t *testing.T) {
	f, diags := parser.ParseString("c_test.card", `test "mistakes" {
    given {
        you control "Grizly Bears" as bears
        it is your upkep
    }
    when {
        put 1 +1/+2 counter on bears
        destroy bear
        advance to end stp
    }
    then {
        log has 1 "counter remove" event
        each bears is 2/2
    }
}

test "each" {
    when {
        destroy each "Grizzly Bears"
    }
    then {
        you have 20 life
    }
}

test "mistakes" {
    then {
        you have 20 life
    }
}

test "nothing" {
    given {
        you have 3 life
    }
}
`)
	require.Empty(t, diags)
	var got []string
	for _, d := range scenario.Check([]*dsl.File{f}, []string{"Grizzly Bears", "Hill Giant"}) {
		got = append(got, d.String())
	}
	require.Equal(t, []string{
		`c_test.card:3:21: error: no card named "Grizly Bears"; did you mean "Grizzly Bears"? (T001)`,
		`c_test.card:4:9: error: no step is called "upkep"; did you mean "upkeep"? (T003)`,
		`c_test.card:7:9: error: unknown counter kind "+1/+2"; did you mean "+1/+1"? (a kind the vocabulary does not declare is a new one, CR 122.1, but not one typo away from a declared kind: declare such a kind in stdlib/names.card) (T004)`,
		`c_test.card:8:17: error: "bear" is not an alias defined before this line; did you mean "bears"? (T002)`,
		`c_test.card:9:9: error: no step is called "end stp"; did you mean "end step"? (T003)`,
		`c_test.card:12:9: error: no event kind is called "counter remove"; did you mean "counter removed"? (T005)`,
		"c_test.card:13:9: error: `each` names every card with a name, not an alias; write each \"Spirit Token\" (T011)",
		"c_test.card:19:17: error: `each` names every card with a name, and this needs one; `each` may start the card of an assertion about a card itself: is, has, does not have (T011)",
		`c_test.card:26:1: error: test "mistakes" is already defined at line 1 (T006)`,
		`c_test.card:32:1: error: test "nothing" asserts nothing; add a then { ... } block saying what the ruling makes true (T007)`,
	}, got)
}

// TestTheEndOfTheGameIsLogged checks that a test can assert how the game
// ended, and that the log says who lost and why (CR 104.3, 704.5a): the
// end of the game is its last event.
func TestTheEndOfTheGameIsLogged(t *testing.T) {
	res := run(t, "test \"the end\" {"+endedGame+`
    }
    then {
        opponent lost the game
    }
}
`)
	require.Empty(t, res.Failures)
	require.Equal(t, "turn 1: game_over player 2 lost the game: 0 or less life (CR 704.5a)", res.Log[len(res.Log)-1])
}

// TestEveryoneLosingIsADraw checks CR 104.4a: players who lose at once
// make the game a draw, which a test asserts.
func TestEveryoneLosingIsADraw(t *testing.T) {
	res := run(t, `test "draw" {
    given {
        you have 0 life
        opponent has 0 life
    }
    when {
        advance to end step
    }
    then {
        the game is a draw
        you lost the game
        opponent lost the game
    }
}
`)
	require.Empty(t, res.Failures)
	require.Equal(t, []string{
		"turn 1: game_over player 1 lost the game: 0 or less life (CR 704.5a)",
		"turn 1: game_over player 2 lost the game: 0 or less life (CR 704.5a)",
		"turn 1: game_over the game is a draw: every player lost at once (CR 104.4a)",
	}, res.Log[len(res.Log)-3:])
}

// noCast is core's driver in an engine that cannot cast spells.
type noCast struct{ scenario.Driver }

func (d noCast) NewGame(s *scenario.Script) (scenario.Game, error) {
	g, err := d.Driver.NewGame(s)
	return noCastGame{g}, err
}

type noCastGame struct{ scenario.Game }

func (noCastGame) Cast(scenario.Player, scenario.Card, int, []scenario.Target) error {
	return scenario.Unsupported("cast")
}

// TestUnsupportedIsSkipped runs tests in an engine that lacks an action:
// a test that needs it is skipped, naming what is missing and where, not
// failed, not passed, even with assertions that would fail; one that
// does not need it runs as in any engine.
func TestUnsupportedIsSkipped(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	d := noCast{coredriver.New(lib)}
	f, diags := parser.ParseString("t_test.card", `
test "needs cast" {
    given {
        you have "Lone Missionary" in hand
        you control "Plains", "Plains"
    }
    when {
        cast "Lone Missionary"
    }
    then {
        you have 99 life
    }
}

test "needs no cast" {
    given {
        you control "Hill Giant"
    }
    when {
        "Hill Giant" deals 3 damage to opponent
    }
    then {
        opponent has 17 life
    }
}`)
	require.Empty(t, diags)
	res := scenario.Run(d, []*dsl.File{f})
	require.Len(t, res, 2)
	require.Equal(t, "t_test.card:8:9: cast: not supported by this engine", res[0].Skipped)
	require.Empty(t, res[0].Failures)
	require.False(t, res[0].Passed())
	require.Empty(t, res[1].Skipped)
	require.Empty(t, res[1].Failures)
	require.True(t, res[1].Passed())
}

// TestEffectsAreOptional runs the steps of actions on one permanent
// (sacrifice, tap, untap) in an engine whose Game does not implement
// scenario.Effects: the tests that use them are skipped, naming the
// action and where the test needs it; in core's engine, which implements
// it, they run.
func TestEffectsAreOptional(t *testing.T) {
	lib, err := compiled.Library()
	require.NoError(t, err)
	f, diags := parser.ParseString("t_test.card", `
test "sacrifice" {
    given {
        you control "Grizzly Bears"
    }
    when {
        sacrifice "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is in your graveyard
    }
}

test "tap and untap" {
    given {
        you control "Grizzly Bears"
    }
    when {
        tap "Grizzly Bears"
        untap "Grizzly Bears"
    }
    then {
        "Grizzly Bears" is untapped
    }
}`)
	require.Empty(t, diags)
	res := scenario.Run(noCast{coredriver.New(lib)}, []*dsl.File{f})
	require.Len(t, res, 2)
	assert.Equal(t, "t_test.card:7:9: sacrifice: not supported by this engine", res[0].Skipped)
	assert.Equal(t, "t_test.card:19:9: tap: not supported by this engine", res[1].Skipped)
	for _, r := range scenario.Run(coredriver.New(lib), []*dsl.File{f}) {
		assert.True(t, r.Passed(), "%s: %v %s", r.Name, r.Failures, r.Skipped)
	}
}

// TestMainPhasesByShortNames: a test says `precombat main` or `postcombat
// main` where it means the phase (issue 27: they were refused).
func TestMainPhasesByShortNames(t *testing.T) {
	res := run(t, `test "main phases" {
    given {
        it is your precombat main
    }
    when {
        advance to postcombat main
    }
    then {
        it is your postcombat main phase
        it is your second main
    }
}
`)
	require.True(t, res.Passed(), "%v", res.Failures)
	res = run(t, `test "not the first main phase" {
    given {
        it is your precombat main
    }
    when {
        advance to postcombat main
    }
    then {
        it is your first main
    }
}
`)
	require.False(t, res.Passed(), "after advancing, it is no longer the first main phase")
}
