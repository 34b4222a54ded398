package stdhost

import "github.com/cardc/cardc/vm"

// The values a host's methods receive and return, one Go type for each
// kind of value (Kind), so that the compiler of the host's Go code tells
// them apart where the VM cannot: a Player passed where an Object is due
// does not compile. Numbers are int64 and booleans bool.
type (
	// Object is the handle of a game object: never 0, which is no object.
	// The same card has a new handle each time it becomes a new object,
	// moving from one zone to another (CR 400.7).
	Object vm.Value
	// Player is the handle of a player: never 0, never an Object's.
	Player vm.Value
	// Target is the handle of an object or of a player: what "any target"
	// and damage.target hold.
	Target vm.Value
	// EventID is the handle of an event, its field id: what an action that
	// changes the event being replaced (prevent) gets.
	EventID vm.Value
	// Name is the id of a name of the vocabulary ("counter:+1/+1"), as the
	// Binding gave it out (Binding.Name, Binding.Word).
	Name vm.Value
	// Filter is an index into the running ability's Filters: the host runs
	// that function with each candidate in local vm.LocalCandidate and
	// keeps those for which it returns non-zero (FilterFunc).
	Filter int
	// Ability is an index into the running card's Abilities: the ability
	// an effect grants.
	Ability int
	// Targets is a set of the running ability's Targets, bit i for
	// Targets[i]: the objects and players chosen for those instances of
	// the word "target" (several for a Target whose Max is not 1), which
	// target_count and target_at read, and among which an action that
	// divides divides its amount.
	Targets int64
)

// The scheme of handles this package proposes, which HandleKind reads: a
// player is negative (the first -1), an object positive and below
// FirstEvent, an event from FirstEvent on, below FirstName, and a name,
// as the Binding gives them out, from FirstName on (a name's id is an
// int32, as every id a vm.Linker returns). A host may use another scheme
// for its objects, players and events: it then implements HandleKinder
// for the checks of Options.Check.
const (
	// FirstEvent is the handle of the first event (EventHandle(0)).
	FirstEvent = 1 << 29
	// FirstName is the id of the first name a Binding gives out.
	FirstName = 1 << 30
)

// PlayerHandle is the handle of player i (0, 1...) in the scheme: -(i+1).
func PlayerHandle(i int) Player { return Player(-1 - i) }

// Index is the number of the player a handle names (the i of
// PlayerHandle), and whether it names one.
func (p Player) Index() (int, bool) { return int(-p - 1), p < 0 }

// ObjectHandle is the handle of object n (1, 2...) in the scheme: n.
func ObjectHandle(n int) Object { return Object(n) }

// EventHandle is the handle of event n (0, 1...) in the scheme.
func EventHandle(n int64) EventID { return EventID(FirstEvent + n) }

// Object returns the object a target names, if it names one.
func (t Target) Object() (Object, bool) { return Object(t), HandleKind(vm.Value(t)) == KindObject }

// Player returns the player a target names, if it names one.
func (t Target) Player() (Player, bool) { return Player(t), t < 0 }

// HandleKind tells what a value is in the scheme: KindPlayer, KindObject,
// KindEvent or KindName, or KindNone for 0.
func HandleKind(v vm.Value) Kind {
	switch {
	case v < 0:
		return KindPlayer
	case v == 0:
		return KindNone
	case v < FirstEvent:
		return KindObject
	case v < FirstName:
		return KindEvent
	}
	return KindName
}

// HandleKinder is a host that tells its handles apart with a scheme of
// its own: Bind's checks (Options.Check) then ask it rather than
// HandleKind. It returns KindObject, KindPlayer, KindEvent, or KindNone
// for a value that is no handle of its.
type HandleKinder interface {
	HandleKind(v vm.Value) Kind
}

// Bool is the VM's value of a boolean: 1 or 0.
func Bool(b bool) vm.Value {
	if b {
		return 1
	}
	return 0
}

// FilterFunc returns the function of the running ability's Filters that
// an objects parameter names, or vm.NoFunc if there is none.
func FilterFunc(f *vm.Frame, filter Filter) int32 {
	if f == nil || f.Linked == nil {
		return vm.NoFunc
	}
	ab := f.Ability()
	if ab == nil || filter < 0 || int(filter) >= len(ab.Filters) {
		return vm.NoFunc
	}
	return ab.Filters[filter]
}
