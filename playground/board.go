package playground

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/scenario"
	"github.com/cardc/cardc/scenario/coredriver"
	"github.com/cardc/cardc/vm"
)

// Bounds of what a test's answer holds, so that a game of 250,000 events
// or a board of 10,000 permanents is an answer of a few hundred
// kilobytes: the last MaxEvents lines of the log (as `cardc test` prints
// a failed test's last lines), and MaxPermanents permanents and MaxCards
// names of a zone per player.
const (
	MaxEvents     = 2000
	MaxPermanents = 300
	MaxCards      = 60
)

// Board is the state a test's game ended in, for the page to draw: the
// turn, each player (you first) with their permanents, and the stack.
type Board struct {
	Turn    int           `json:"turn"`
	Active  string        `json:"active"`
	Step    string        `json:"step"`
	Players []BoardPlayer `json:"players"`
	Stack   []string      `json:"stack"`
	// Outcome says how the game ended, "" if it did not.
	Outcome string `json:"outcome,omitempty"`
}

// BoardPlayer is a player of a board: life, counters, mana pool, the
// cards of their hand and graveyard (by name, the first MaxCards), the
// sizes of their library and exile, and the permanents they control.
type BoardPlayer struct {
	Name       string         `json:"name"`
	Life       int            `json:"life"`
	Counters   map[string]int `json:"counters"`
	Pool       string         `json:"pool,omitempty"`
	Hand       []string       `json:"hand"`
	HandSize   int            `json:"handSize"`
	Library    int            `json:"library"`
	Graveyard  []string       `json:"graveyard"`
	Graveyards int            `json:"graveyardSize"`
	Exile      int            `json:"exile"`
	Permanents []Permanent    `json:"permanents"`
	// MorePermanents counts those left out past MaxPermanents.
	MorePermanents int  `json:"morePermanents"`
	Lost           bool `json:"lost"`
}

// Permanent is a permanent of a board.
type Permanent struct {
	// ID names the permanent within its board, for AttachedTo.
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Types []string `json:"types"`
	Owner string   `json:"owner"`
	// Creature says Power and Toughness are shown.
	Creature   bool           `json:"creature"`
	Power      int            `json:"power"`
	Toughness  int            `json:"toughness"`
	Damage     int            `json:"damage"`
	Tapped     bool           `json:"tapped"`
	Token      bool           `json:"token"`
	Attacking  bool           `json:"attacking"`
	Blocking   bool           `json:"blocking"`
	Counters   map[string]int `json:"counters"`
	AttachedTo int            `json:"attachedTo"`
}

// TimelineEntry is a line of a game's event log: an event, at its turn
// and step, its kind ("life_gained"), its text as `cardc test -v` prints
// it, and the cards it involves and what it happens to; or a decision a
// player made (Kind "decision").
type TimelineEntry struct {
	Turn  int      `json:"turn"`
	Step  string   `json:"step"`
	Kind  string   `json:"kind"`
	Text  string   `json:"text"`
	Cards []string `json:"cards,omitempty"`
	To    string   `json:"to,omitempty"`
}

// recorder is the workspace.Engine of a run: the rules core, whose games
// it keeps, test by test, long enough to draw the board each ended on
// and to name the cards of its events. Tests run one after another
// (workspace.Run): when a game starts, the one before it is over, and is
// drawn and dropped, so that at most one game is held at a time.
type recorder struct {
	ctx    context.Context
	engine coredriver.Engine
	games  map[dsl.Pos]*played
	// running is the game of the test running now.
	running    scenario.Game
	runningPos dsl.Pos
}

// played is what is kept of a test's game.
type played struct {
	board *Board
	// events are the last MaxEvents events of the log, in order.
	events []eventCards
}

// eventCards are the cards an event involves and what it happens to, by
// name.
type eventCards struct {
	cards []string
	to    string
}

func newRecorder(ctx context.Context) *recorder {
	return &recorder{ctx: ctx, games: map[dsl.Pos]*played{}}
}

// Link links a program on the rules core (workspace.Engine).
func (r *recorder) Link(prog *vm.Program) (scenario.Driver, error) {
	d, err := r.engine.Link(prog)
	if err != nil {
		return nil, err
	}
	return &recordingDriver{r, d}, nil
}

// Standard is the standard library on the rules core (workspace.Engine).
func (r *recorder) Standard() (scenario.Driver, error) {
	d, err := r.engine.Standard()
	if err != nil {
		return nil, err
	}
	return &recordingDriver{r, d}, nil
}

// recordingDriver starts the games of the rules core for a recorder.
type recordingDriver struct {
	r *recorder
	d scenario.Driver
}

// NewGame starts the game of a test, unless the run is stopped: the test
// then fails at once, saying so.
func (d *recordingDriver) NewGame(s *scenario.Script) (scenario.Game, error) {
	if err := d.r.ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrStopped, err)
	}
	d.r.flush()
	g, err := d.d.NewGame(s)
	if err != nil {
		return nil, err
	}
	_, d.r.runningPos = s.Test()
	d.r.running = g
	return g, nil
}

// flush draws the game of the test that ran last, if there is one, and
// lets it go.
func (r *recorder) flush() {
	if r.running == nil {
		return
	}
	g := r.running
	r.running = nil
	p := &played{board: snapshot(g)}
	log := g.Log()
	if len(log) > MaxEvents {
		log = log[len(log)-MaxEvents:]
	}
	for _, ev := range log {
		ec := eventCards{}
		for _, c := range ev.Cards {
			ec.cards = append(ec.cards, cardName(g, c))
		}
		if ev.To != nil {
			ec.to = targetName(g, *ev.To)
		}
		p.events = append(p.events, ec)
	}
	r.games[r.runningPos] = p
}

// cardName is the name of a card of a game, wherever it is now.
func cardName(g scenario.Game, c scenario.Card) string {
	if o, ok := g.Object(c); ok {
		return o.Name
	}
	return "card " + strconv.Itoa(int(c))
}

// targetName names a player or a card; "" for no one.
func targetName(g scenario.Game, t scenario.Target) string {
	if t.Card != 0 {
		return cardName(g, t.Card)
	}
	if t.Player == scenario.You || t.Player == scenario.Opponent {
		return scenario.PlayerWord(t.Player)
	}
	return ""
}

// snapshot draws the board of a game as it is now.
func snapshot(g scenario.Game) *Board {
	turn := g.Turn()
	b := &Board{Turn: turn.Turn, Active: scenario.PlayerWord(turn.Active), Step: turn.Step, Stack: g.Stack()}
	if b.Stack == nil {
		b.Stack = []string{}
	}
	out := g.Outcome()
	if out.Over {
		b.Outcome = out.String()
	}
	ids := map[scenario.Card]int{}
	var perms []scenario.Card
	board, hasBoard := g.(scenario.Board)
	if hasBoard {
		perms = board.Permanents()
		for i, c := range perms {
			ids[c] = i + 1
		}
	}
	piles, hasPiles := g.(scenario.Piles)
	for _, p := range []scenario.Player{scenario.You, scenario.Opponent} {
		st := g.Player(p)
		bp := BoardPlayer{Name: scenario.PlayerWord(p), Life: st.Life, Counters: st.Counters, HandSize: len(st.Hand),
			Hand: names(g, st.Hand), Graveyard: []string{}, Permanents: []Permanent{}, Lost: out.Lost[p] != ""}
		if bp.Counters == nil {
			bp.Counters = map[string]int{}
		}
		if st.Pool.Total() > 0 {
			bp.Pool = st.Pool.String()
		}
		if hasPiles {
			bp.Library = len(piles.Pile(p, scenario.Library))
			grave := piles.Pile(p, scenario.Graveyard)
			bp.Graveyards = len(grave)
			bp.Graveyard = names(g, grave)
			bp.Exile = len(piles.Pile(p, scenario.Exile))
		}
		b.Players = append(b.Players, bp)
	}
	for _, c := range perms {
		o, ok := g.Object(c)
		if !ok {
			continue
		}
		bp := &b.Players[o.Controller]
		if len(bp.Permanents) >= MaxPermanents {
			bp.MorePermanents++
			continue
		}
		types := board.CardTypes(c)
		creature := false
		for _, t := range types {
			creature = creature || t == "creature"
		}
		perm := Permanent{ID: ids[c], Name: o.Name, Types: types, Owner: scenario.PlayerWord(o.Owner), Creature: creature,
			Power: o.Power, Toughness: o.Toughness, Damage: o.Damage, Tapped: o.Tapped, Token: o.Token,
			Attacking: o.Attacking, Blocking: o.Blocking, Counters: o.Counters, AttachedTo: ids[o.AttachedTo]}
		if perm.Types == nil {
			perm.Types = []string{}
		}
		if perm.Counters == nil {
			perm.Counters = map[string]int{}
		}
		bp.Permanents = append(bp.Permanents, perm)
	}
	return b
}

// names are the names of the first MaxCards cards.
func names(g scenario.Game, cards []scenario.Card) []string {
	out := []string{}
	for i, c := range cards {
		if i == MaxCards {
			break
		}
		out = append(out, cardName(g, c))
	}
	return out
}

// stepBegins is the kind of the event that begins a step; its text names
// the step first (`step_begins end of player 1`).
const stepBegins = "step_begins"

// timeline makes the timeline of a test's log: each line with its turn,
// the step it happened in, its kind and text, and, where events (the
// cards of the last events of the game, in order) has them, its cards.
// Lines are `turn N: KIND TEXT` for events and `decision: TEXT` for
// decisions, as `cardc test -v` prints them. The step is that of the last
// step_begins event before; before the first, "" (the step the test set
// the game up in), unless no step began at all: then every line is in
// the step the game ended in, last. It keeps the last MaxEvents lines and
// says how many it left out.
func timeline(lines []string, events []eventCards, last string) ([]TimelineEntry, int) {
	from := 0
	if len(lines) > MaxEvents {
		from = len(lines) - MaxEvents
	}
	// The events of the log are its lines that are not decisions; the
	// last len(events) of them have their cards.
	nEvents := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "decision: ") {
			nEvents++
		}
	}
	firstWithCards := nEvents - len(events)
	out := make([]TimelineEntry, 0, len(lines)-from)
	step, turn, ev := "", 1, 0
	if !slices.ContainsFunc(lines, isStepBegins) {
		step = last
	}
	for i, l := range lines {
		var e TimelineEntry
		if text, ok := strings.CutPrefix(l, "decision: "); ok {
			e = TimelineEntry{Turn: turn, Step: step, Kind: "decision", Text: text}
		} else {
			e = TimelineEntry{Turn: turn, Step: step, Text: l}
			if rest, ok := strings.CutPrefix(l, "turn "); ok {
				if n, after, ok := strings.Cut(rest, ": "); ok {
					if t, err := strconv.Atoi(n); err == nil {
						turn, e.Turn = t, t
						e.Kind, e.Text, _ = strings.Cut(after, " ")
					}
				}
			}
			if e.Kind == stepBegins {
				s, _, _ := strings.Cut(e.Text, " ")
				step = s
				e.Step = s
			}
			if j := ev - firstWithCards; j >= 0 && j < len(events) {
				e.Cards, e.To = events[j].cards, events[j].to
			}
			ev++
		}
		if i >= from {
			out = append(out, e)
		}
	}
	return out, from
}

// isStepBegins reports whether a line of the log is a step_begins event.
func isStepBegins(line string) bool {
	_, after, ok := strings.Cut(line, ": ")
	return ok && strings.HasPrefix(line, "turn ") && strings.HasPrefix(after, stepBegins+" ")
}
