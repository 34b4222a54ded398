package core

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cardc/cardc/vm"
)

// Library is a set of compiled cards linked against the rules core, ready
// for games. It is read-only once built, so many games can share it.
type Library struct {
	cards      map[string]*CardDef
	counters   []counterInfo
	counterIDs map[string]CounterKind
	subtypes   map[string]int32
}

// counterInfo is what the rules know of a counter kind.
type counterInfo struct {
	name string
	// power and toughness are what a +X/+Y counter adds (CR 122.1a).
	power, toughness int
	isPT             bool
}

// CardDef is a card of a library: its compiled characteristics and
// abilities, linked to the rules core.
type CardDef struct {
	Name string
	// Card is the compiled card.
	Card *vm.Card
	// Prog is the program the card belongs to, linked.
	Prog       *vm.Linked
	types      uint16
	supertypes uint16
	colors     uint16
	keywords   uint16
	subtypes   []int32
	// byEvent lists, for each event kind, the abilities watching it.
	byEvent [numEventKinds][]int
	// anchors are, for each ability, its anchors as indexes of fields (see
	// vm.Ability.Anchors).
	anchors [][]int32
}

// anchored reports whether an event may match ability ai of an object:
// true unless the ability has anchors and none of those fields of the
// event holds the object. It spares running match functions that would
// return 0.
func (d *CardDef) anchored(ai int, ev *Event, id ObjectID) bool {
	as := d.anchors[ai]
	if len(as) == 0 {
		return true
	}
	for _, f := range as {
		if fd := &fields[f]; fd.kind == ev.Kind && fd.get(ev) == ObjectValue(id) {
			return true
		}
	}
	return false
}

// Is reports whether the card has a card type ("creature").
func (d *CardDef) Is(t string) bool {
	bit, _ := bitOf(typeNames, t)
	return d.types&bit != 0
}

// knownCounters are interned in every library, so scenario tests can name
// them even if no card of the library does.
var knownCounters = []string{"+1/+1", "-1/-1", "+1/+0", "+0/+1", "-1/-0", "-0/-1", "+2/+2", "-2/-2",
	"charge", "loyalty", "shield", "stun", "finality", "defense", "poison", "lore", "time", "age", "fade", "quest"}

// NewLibrary links programs into a library. A card name defined twice is
// an error, as is a symbol the core does not implement.
func NewLibrary(progs ...*vm.Program) (*Library, error) {
	lib := &Library{cards: map[string]*CardDef{}, counterIDs: map[string]CounterKind{}, subtypes: map[string]int32{}}
	for _, c := range knownCounters {
		lib.counter(c)
	}
	for _, p := range progs {
		if err := vm.Verify(p); err != nil {
			return nil, err
		}
		linked, err := vm.Link(p, linker{lib})
		if err != nil {
			return nil, err
		}
		for i := range p.Cards {
			c := &p.Cards[i]
			if _, dup := lib.cards[c.Name]; dup {
				return nil, fmt.Errorf("card %q is defined twice", c.Name)
			}
			for _, k := range c.Keywords {
				if _, ok := bitOf(keywordNames, k); !ok {
					return nil, fmt.Errorf("card %q: the rules core knows no keyword %q", c.Name, k)
				}
			}
			lib.cards[c.Name] = lib.define(c, linked)
		}
	}
	return lib, nil
}

func (lib *Library) define(c *vm.Card, linked *vm.Linked) *CardDef {
	d := &CardDef{Name: c.Name, Card: c, Prog: linked}
	for _, t := range c.Types {
		bit, _ := bitOf(typeNames, t)
		d.types |= bit
	}
	for _, t := range c.Supertypes {
		bit, _ := bitOf(supertypeNames, t)
		d.supertypes |= bit
	}
	for _, col := range c.Colors {
		bit, _ := bitOf(colorNames, col)
		d.colors |= bit
	}
	for _, s := range c.Subtypes {
		d.subtypes = append(d.subtypes, lib.subtype(s))
	}
	for _, k := range c.Keywords {
		bit, _ := bitOf(keywordNames, k)
		d.keywords |= bit
	}
	d.anchors = make([][]int32, len(c.Abilities))
	for i, a := range c.Abilities {
		for _, sym := range a.Anchors {
			d.anchors[i] = append(d.anchors[i], linked.ID(sym))
		}
		if a.Event == vm.NoFunc {
			continue
		}
		_, name, _ := linked.Program.Symbols[a.Event].SplitName()
		kind, _ := EventKindNamed(name)
		d.byEvent[kind] = append(d.byEvent[kind], i)
	}
	return d
}

// Card returns the card with a name, or nil.
func (lib *Library) Card(name string) *CardDef { return lib.cards[name] }

// Names lists the cards of the library, sorted.
func (lib *Library) Names() []string {
	out := make([]string, 0, len(lib.cards))
	for n := range lib.cards {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Counter returns the counter kind with a name, if the library knows it.
func (lib *Library) Counter(name string) (CounterKind, bool) {
	k, ok := lib.counterIDs[name]
	return k, ok
}

// CounterName returns the name of a counter kind.
func (lib *Library) CounterName(k CounterKind) string {
	if k >= 0 && int(k) < len(lib.counters) {
		return lib.counters[k].name
	}
	return "?"
}

// counter interns a counter kind (only while the library is built).
func (lib *Library) counter(name string) CounterKind {
	if k, ok := lib.counterIDs[name]; ok {
		return k
	}
	info := counterInfo{name: name}
	if p, t, ok := parsePT(name); ok {
		info.power, info.toughness, info.isPT = p, t, true
	}
	k := CounterKind(len(lib.counters))
	lib.counters = append(lib.counters, info)
	lib.counterIDs[name] = k
	return k
}

// subtype interns a subtype (only while the library is built).
func (lib *Library) subtype(name string) int32 {
	if id, ok := lib.subtypes[name]; ok {
		return id
	}
	id := int32(len(lib.subtypes))
	lib.subtypes[name] = id
	return id
}

// parsePT reads "+1/+1" or "-2/-0" as the power and toughness it adds.
func parsePT(s string) (power, toughness int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	if !found || len(a) < 2 || len(b) < 2 || (a[0] != '+' && a[0] != '-') || (b[0] != '+' && b[0] != '-') {
		return 0, 0, false
	}
	_, err1 := fmt.Sscanf(a, "%d", &power)
	_, err2 := fmt.Sscanf(b, "%d", &toughness)
	return power, toughness, err1 == nil && err2 == nil
}
