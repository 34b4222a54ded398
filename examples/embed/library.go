package embed

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vm"
)

// This file is the engine's side of loading cards: a bundle decoded,
// checked against the vocabulary the engine implements, and linked to its
// methods, leaving out the cards it can't run, each with what it lacks.

// Options are what the engine does of the vocabulary besides the methods
// of host: the events it produces, the rules and keywords it applies.
var Options = stdhost.Options{
	Events: []string{"damage", "damage_prevented", "counter_put", "counter_removed", "destroy", "zone_change",
		"attacks", "attack_declared", "block", "life_gained", "step_begins", "regenerated", "reflexive", "mana_produced"},
	Rules: []string{"damage_cant_be_prevented"},
	// Protection from a color, colorless, a card type or everything;
	// not from a subtype.
	Keywords: []string{"deathtouch", "reach", "shroud", "first strike", "double strike",
		"protection from white", "protection from blue", "protection from black", "protection from red",
		"protection from green", "protection from colorless", "protection from artifacts",
		"protection from creatures", "protection from enchantments", "protection from instants",
		"protection from lands", "protection from planeswalkers", "protection from sorceries",
		"protection from everything"},
	// The values that cross between the machine and the engine are
	// checked: a wrong handle is an error of the card's run (a few checks
	// a call: an engine would turn it off once its tests pass).
	Check: true,
}

// binding is the engine's methods bound to the vocabulary, once: the
// vm.Linker and vm.Host of every game.
var binding = func() *stdhost.Binding {
	b, err := stdhost.Bind(host{}, Options)
	if err != nil {
		panic(err) // a mistake of this file's methods, which the tests catch
	}
	return b
}()

// Library is a bundle linked to this engine: the cards it can run, and
// for each of the others what it lacks.
type Library struct {
	prog    *vm.Program
	linked  *vm.Linked
	binding *stdhost.Binding
	byName  map[string]*vm.Card
	// lacks says, for each card the engine can't run, what it lacks.
	lacks map[string]string
	// intrinsic are the intrinsic mana abilities of the basic land types
	// (CR 305.6), a program of their own (stdhost.IntrinsicManaAbilities)
	// linked as the bundle is; intrinsicBy finds each by its type.
	intrinsic   *vm.Linked
	intrinsicBy map[string]*vm.Card
}

// BuildBundle compiles every .card file of dir, the cards that test
// files declare included, into one program, and encodes it: what `cardc
// build -o cards.cardvm DIR` writes.
func BuildBundle(dir string) ([]byte, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.card"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var files []*dsl.File
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, diags := parser.Parse(p, src)
		if diags.HasErrors() {
			return nil, diags
		}
		files = append(files, f)
	}
	prog, diags := compiler.Compile(files)
	if diags.HasErrors() {
		return nil, diags
	}
	return prog.MarshalBinary()
}

// Load decodes a bundle (vm.Decode, which verifies it), checks that it
// was built against the vocabulary this engine implements (a bundle of
// another major version is refused: vm.CheckVocabulary), and links it:
// a card that uses a name the engine lacks, or a kind of ability it does
// not run, is left out, and the tests that need it are skipped, naming
// what it lacks.
func Load(bundle []byte) (*Library, error) {
	prog, err := vm.Decode(bundle)
	if err != nil {
		return nil, err
	}
	linked, unlinked, err := binding.LinkProgram(prog)
	if err != nil {
		return nil, err
	}
	lib := &Library{prog: prog, linked: linked, binding: binding, byName: map[string]*vm.Card{}, lacks: map[string]string{}}
	if err := lib.linkIntrinsic(); err != nil {
		return nil, err
	}
	for _, u := range unlinked {
		var names []string
		for _, m := range u.Missing {
			names = append(names, m.Symbol.Kind.String()+" "+m.Symbol.Name)
		}
		lib.lacks[u.Name] = strings.Join(names, ", ")
	}
	for i := range prog.Cards {
		c := &prog.Cards[i]
		lib.byName[c.Name] = c
		if why := lacks(c); why != nil && lib.lacks[c.Name] == "" {
			lib.lacks[c.Name] = strings.Join(why, ", ")
		}
	}
	return lib, nil
}

// linkIntrinsic links the intrinsic mana abilities of the basic land
// types: a basic land card states none, and the engine gives each object
// with a basic land type the ability of that type (CR 305.6; HOST.md).
func (lib *Library) linkIntrinsic() error {
	p := stdhost.IntrinsicManaAbilities()
	linked, unlinked, err := lib.binding.LinkProgram(p)
	if err != nil {
		return err
	}
	if len(unlinked) > 0 {
		return fmt.Errorf("the intrinsic mana abilities do not link: %v", unlinked[0])
	}
	lib.intrinsic, lib.intrinsicBy = linked, map[string]*vm.Card{}
	for i := range p.Cards {
		lib.intrinsicBy[p.Cards[i].Subtypes[0]] = &p.Cards[i]
	}
	return nil
}

// linkedOf is the linked program a compiled card belongs to: the
// bundle's, or that of the intrinsic mana abilities.
func (lib *Library) linkedOf(def *vm.Card) *vm.Linked {
	if def != nil && len(def.Subtypes) == 1 && lib.intrinsicBy[def.Subtypes[0]] == def {
		return lib.intrinsic
	}
	return lib.linked
}

// LoadDir builds the bundle of the cards of dir and loads it.
func LoadDir(dir string) (*Library, error) {
	bundle, err := BuildBundle(dir)
	if err != nil {
		return nil, err
	}
	return Load(bundle)
}

// lacks lists the kinds of abilities of a card that this engine does not
// run, though they link: activated abilities that cost more than mana and
// {T}, abilities that function outside the battlefield, effects granted
// by effects, triggered mana abilities, static abilities whose rule it
// does not apply, targets in other zones, and triggered abilities with
// targets (the engine chooses no targets as it puts a trigger on the
// stack, CR 603.3d).
func lacks(c *vm.Card) []string {
	var out []string
	for i := range c.Abilities {
		ab := &c.Abilities[i]
		var why string
		switch {
		case ab.Kind == vm.AbilityActivated:
			why = activatedLacks(ab)
		case ab.Flags&vm.FlagAnywhere != 0:
			why = "abilities that function outside the battlefield"
		case ab.Flags&vm.FlagGranted != 0 && ab.Kind != vm.AbilityTriggered:
			why = "granted abilities other than activated and triggered ones"
		case ab.Kind == vm.AbilityTriggered && ab.Flags&vm.FlagMana != 0:
			why = "triggered mana abilities"
		case slices.ContainsFunc(ab.Targets, func(t vm.Target) bool { return t.Zone != vm.NoSymbol }):
			why = "targets in other zones than the battlefield"
		case ab.Kind == vm.AbilityTriggered && len(ab.Targets) > 0:
			why = "triggered abilities with targets (CR 603.3d)"
		}
		if why != "" && !slices.Contains(out, why) {
			out = append(out, why)
		}
	}
	return out
}

// card returns the compiled card named name, or an error wrapping
// scenario.ErrUnsupported that names what the engine lacks for it.
func (lib *Library) card(name string) (*vm.Card, error) {
	if why, ok := lib.lacks[name]; ok {
		return nil, unsupported(fmt.Sprintf("card %q needs %s", name, why))
	}
	if c, ok := lib.byName[name]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("no card is named %q", name)
}

// Lacks says, for each card of the bundle the engine can't run, what it
// lacks: the names the binding refused (vm.UnlinkedCard), or the kinds of
// abilities the engine does not run.
func (lib *Library) Lacks() map[string]string { return maps.Clone(lib.lacks) }

// Binding is the engine's binding to the vocabulary: its vm.Linker and
// vm.Host.
func (lib *Library) Binding() *stdhost.Binding { return lib.binding }
