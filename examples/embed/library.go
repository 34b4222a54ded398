package embed

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/vm"
)

// Library is the cards an engine can play: each card compiled on its own
// and linked to this host, or the names of what the host lacks to run it.
type Library struct {
	cards map[string]*cardDef
	// missing says, for a card the host cannot run, which names of its
	// program the linker did not know.
	missing map[string][]string
	names   *names
}

// cardDef is a card compiled and linked.
type cardDef struct {
	card   *vm.Card
	linked *vm.Linked
	// types are the card's types, as interned "type:" names.
	types []vm.Value
}

// LoadDir compiles the cards of the .card files of dir (not their
// *_test.card files) and links each to the host. A card whose program
// names what the host does not know is kept out, with what it lacks, so
// that the tests that need it are skipped; a card that does not compile
// is an error.
func LoadDir(dir string) (*Library, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.card"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	lib := &Library{cards: map[string]*cardDef{}, missing: map[string][]string{}, names: newNames()}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.card") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, diags := parser.Parse(p, src)
		if diags.HasErrors() {
			return nil, diags
		}
		// One program per file, so that one card the host cannot run does
		// not keep the others out.
		prog, diags := compiler.Compile([]*dsl.File{f})
		if diags.HasErrors() {
			return nil, diags
		}
		var missing []string
		linked, err := vm.Link(prog, lib.linker(&missing))
		if err != nil {
			return nil, err
		}
		for i := range prog.Cards {
			c := &prog.Cards[i]
			missing := append(missing, lacks(c)...)
			if len(missing) > 0 {
				lib.missing[c.Name] = missing
				continue
			}
			def := &cardDef{card: c, linked: linked}
			for _, t := range c.Types {
				def.types = append(def.types, lib.names.id(vm.NameSymbol(vm.NameType, t).Name))
			}
			lib.cards[c.Name] = def
		}
	}
	return lib, nil
}

// lacks lists what a card has that this host does not do, though it
// links: keyword abilities, continuous effects, Auras, mana triggers, and
// activated abilities that cost more than mana (but the {T} mana
// abilities it taps lands for, activate.go).
func lacks(c *vm.Card) []string {
	var out []string
	for _, kw := range c.Keywords {
		out = append(out, "keyword ability "+kw)
	}
	for i := range c.Abilities {
		ab := &c.Abilities[i]
		switch {
		case ab.Kind == vm.AbilityEffect:
			out = append(out, "continuous effects")
		case ab.Kind == vm.AbilityEnchant:
			out = append(out, "Auras")
		case ab.Kind == vm.AbilityActivated:
			if why := activatedLacks(ab); why != "" {
				out = append(out, why)
			}
		case ab.Kind == vm.AbilityTriggered && ab.Flags&vm.FlagMana != 0:
			out = append(out, "mana triggers")
		}
	}
	return out
}

// card returns the card named name, or an error wrapping
// scenario.ErrUnsupported that names what the host lacks for it.
func (lib *Library) card(name string) (*cardDef, error) {
	if def, ok := lib.cards[name]; ok {
		return def, nil
	}
	if missing, ok := lib.missing[name]; ok {
		return nil, unsupported(fmt.Sprintf("card %q needs %s", name, strings.Join(missing, ", ")))
	}
	return nil, fmt.Errorf("no card is named %q", name)
}

// linker links the symbols of a program to the host: functions and
// fields by the tables of host.go, names by interning them. A symbol the
// host does not know is recorded in missing, not refused at once, so that
// a skipped test names everything its card lacks.
func (lib *Library) linker(missing *[]string) vm.Linker {
	return vm.LinkerFunc(func(s vm.Symbol) (int32, error) {
		switch s.Kind {
		case vm.SymFunc:
			if i, ok := funcIndex[s.Name]; ok && funcs[i].arity == int(s.Arity) && funcs[i].returns == s.Returns {
				return int32(i), nil
			}
			*missing = append(*missing, "host function "+s.Name)
		case vm.SymField:
			if i, ok := fieldIndex[s.Name]; ok {
				return int32(i), nil
			}
			*missing = append(*missing, "event field "+s.Name)
		case vm.SymName:
			kind, name, _ := s.SplitName()
			if knownName(kind, name) {
				return int32(lib.names.id(s.Name)), nil
			}
			*missing = append(*missing, "name "+s.Name)
		}
		return 0, nil
	})
}

// knownName reports whether the host knows a name of the vocabulary: any
// counter kind, card type, step, zone or amount of mana, and only the
// events it logs and the rules it applies.
func knownName(kind vm.NameKind, name string) bool {
	switch kind {
	case vm.NameCounter, vm.NameType, vm.NameStep, vm.NameZone, vm.NameMana:
		return true
	case vm.NameEvent:
		return loggedEvents[name]
	case vm.NameRule:
		return name == ruleCantBePrevented
	}
	return false
}

// names interns the names of the vocabulary ("counter:+1/+1"): the VM
// value of a name is its index, the same in every card's program, so that
// a field holding "zone:battlefield" equals the constant a card pushes.
// It is shared by every game of the library, so it locks.
type names struct {
	mu   sync.Mutex
	ids  map[string]vm.Value
	list []string
}

func newNames() *names { return &names{ids: map[string]vm.Value{}} }

// id returns the value of a name, interning it.
func (n *names) id(name string) vm.Value {
	n.mu.Lock()
	defer n.mu.Unlock()
	if id, ok := n.ids[name]; ok {
		return id
	}
	id := vm.Value(len(n.list))
	n.ids[name] = id
	n.list = append(n.list, name)
	return id
}

// of returns the value of a name of a kind.
func (n *names) of(kind vm.NameKind, name string) vm.Value {
	return n.id(vm.NameSymbol(kind, name).Name)
}

// name returns the name (without its kind) of a value.
func (n *names) name(v vm.Value) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if v < 0 || int(v) >= len(n.list) {
		return ""
	}
	_, name, _ := strings.Cut(n.list[v], ":")
	return name
}
