package compiler

import (
	"sort"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
)

// binding is a name a card's ability can use: this, you, X, a name bound
// with `as`, or a target.
type binding struct {
	name string
	typ  Type
	// local is the local that holds the value; for an event binding, the
	// event's id.
	local int32
	// fields maps the fields of a bound event that the ability reads to the
	// locals they are captured into when the event matches; a field gets
	// its local when first read (fieldLocal).
	fields map[string]int32
	tree   *abilityTree
	// query, if set, computes the value instead of reading a local (X).
	query string
	// field, if set, reads a field of the current event (in the `where`
	// conditions of the vocabulary): "zone_change.to".
	field string
	// symName, if set, is a vocabulary name pushed as a symbol
	// ("zone:battlefield", see vm.NameSymbol); constant, if set, is a
	// number.
	symName  string
	constant *int64
	pos      dsl.Pos
	used     bool
	// builtin marks this, you and X, which are never reported unused.
	builtin bool
	// implicit marks the event of an ability, bound by its kind's name; a
	// nested ability may bind the name again.
	implicit bool
}

// fieldLocal returns the local a field of a bound event is captured into,
// giving it one on first use.
func (b *binding) fieldLocal(name string) int32 {
	if l, ok := b.fields[name]; ok {
		return l
	}
	l := b.tree.alloc(b.name + "." + name)
	b.fields[name] = l
	return l
}

// scope is a lexical scope of names.
type scope struct {
	parent *scope
	names  map[string]*binding
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, names: map[string]*binding{}}
}

// lookup finds a name in this scope or an enclosing one.
func (s *scope) lookup(name string) *binding {
	for ; s != nil; s = s.parent {
		if b, ok := s.names[name]; ok {
			return b
		}
	}
	return nil
}

// all returns every visible name, sorted, for "did you mean" hints.
func (s *scope) all() []string {
	seen := map[string]bool{}
	var out []string
	for ; s != nil; s = s.parent {
		for n := range s.names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// rootScope holds the names every ability sees.
func rootScope() *scope {
	s := newScope(nil)
	s.names["this"] = &binding{name: "this", typ: Type{Kind: KObject}, local: vm.LocalThis, builtin: true}
	s.names["you"] = &binding{name: "you", typ: Type{Kind: KPlayer}, local: vm.LocalYou, builtin: true}
	s.names["X"] = &binding{name: "X", typ: Type{Kind: KNumber}, query: "x", builtin: true}
	one, zero := int64(1), int64(0)
	s.names["true"] = &binding{name: "true", typ: Type{Kind: KBool}, constant: &one, builtin: true}
	s.names["false"] = &binding{name: "false", typ: Type{Kind: KBool}, constant: &zero, builtin: true}
	return s
}
