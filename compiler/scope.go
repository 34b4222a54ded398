package compiler

import (
	"sort"
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/vm"
	"github.com/cardc/cardc/vocab"
)

// binding is a name a card's ability can use: this, you, X, a name bound
// with `as`, the event of the ability, or a name of a `where` condition of
// the vocabulary.
type binding struct {
	name string
	typ  vocab.Type
	// local is the local that holds the value; for the event of an
	// ability, its id. The emitter gives names bound with `as` their local
	// (hasLocal says whether it did).
	local    int32
	hasLocal bool
	// fields maps the fields of a bound event that the ability reads to the
	// locals they are captured into when the event matches; the emitter
	// gives a field its local when it is first read (fieldLocal).
	fields map[string]int32
	tree   *abilityTree
	// query, if set, computes the value instead of reading a local (X).
	query string
	// field, if set, reads a field of the current event (in the `where`
	// conditions of the vocabulary): "zone_change.to".
	field *vm.Symbol
	// symbol, if set, is a vocabulary name pushed as a symbol
	// ("zone:battlefield"); constant, if set, is a number.
	symbol   *vm.Symbol
	constant *int64
	pos      dsl.Pos
	used     bool
	// implicit marks the event of an ability, bound by its kind's name; a
	// nested ability may bind the name again.
	implicit bool
	// filter is the filter a name bound with `as` names what it
	// describes of, for `cardc explain` ("that creature" for `c` of "a
	// creature as c"); nil for other names.
	filter *vocab.Filter
	// that marks a name "that player", "that creature" a pattern binds
	// without `as` (checker.bindThat): it gets a local only if the
	// ability uses it.
	that bool
	// alias, if set, is the event whose field aliasField this name of the
	// rules reads ("defending player": attacks.player).
	alias      *binding
	aliasField string
	// affected marks vocab.Affected, the object a continuous effect is
	// being applied to, in the filter of its `for each` (checker.
	// affectedScope): the apply function keeps its candidate in local,
	// and `other` in that filter is relative to it.
	affected bool
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

// scope is a lexical scope of names. It is the vocab.Scope the checker
// types expressions in, and the emitter reads the bindings back from it.
type scope struct {
	parent *scope
	names  map[string]*binding
	// where, when set, is the event of a `where` condition of the
	// vocabulary: its fields and the vocabulary's names are in scope.
	where *vocab.EventKind
	v     *vocab.Vocab
	// noX marks the scope of an ability in which X is not defined — no
	// {X} in the cost that pays for it, no loyalty cost of -X (CR 107.3):
	// the builtin X is not seen through it, and only a `where X is N`
	// under it defines X.
	noX bool
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
		if s.noX && name == "X" {
			return nil
		}
		if s.where != nil {
			if w, ok := s.v.Where(s.where, name); ok && (w.Field != "" || w.Name != "") {
				b := &binding{name: name, typ: w.Type}
				if w.Field != "" {
					sym := vm.FieldSymbol(s.where.Name, w.Field)
					b.field = &sym
				} else {
					sym := nameSymbol(w.Type.Kind, w.Name)
					b.symbol = &sym
				}
				return b
			}
		}
	}
	return nil
}

// Type implements vocab.Scope.
func (s *scope) Type(name string) (vocab.Type, bool) {
	if b := s.lookup(name); b != nil {
		return b.typ, true
	}
	return vocab.Type{}, false
}

// Use implements vocab.Scope.
func (s *scope) Use(name string) {
	if b := s.lookup(name); b != nil && !b.used {
		b.used = true
	}
}

// Names implements vocab.Scope: every visible name, sorted.
func (s *scope) Names() []string {
	seen := map[string]bool{}
	var out []string
	for ; s != nil; s = s.parent {
		for n := range s.names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
		if s.noX {
			seen["X"] = true // the builtin X is not seen from here
		}
	}
	sort.Strings(out)
	return out
}

// abilityScope is the scope of an ability's names under the root: one in
// which X is defined only if xPaid says a cost of the ability pays X.
func abilityScope(xPaid bool) *scope {
	s := newScope(rootScope())
	s.noX = !xPaid
	return s
}

// hasX reports whether a mana cost has {X} (CR 107.3).
func hasX(cost string) bool { return strings.Contains(strings.ToUpper(cost), "{X}") }

// rootScope holds the names every ability sees (vocab.Builtins). It is
// one scope, built once and shared by every card, which only ever reads
// it: names are bound in the scopes under it, and its bindings are all
// used already (Use does not write them).
func rootScope() *scope { return sharedRoot() }

var sharedRoot = sync.OnceValue(func() *scope {
	s := newScope(nil)
	for name, t := range vocab.Builtins {
		s.names[name] = &binding{name: name, typ: t, used: true}
	}
	s.names["this"].local, s.names["this"].hasLocal = vm.LocalThis, true
	s.names["you"].local, s.names["you"].hasLocal = vm.LocalYou, true
	s.names["X"].query = "x"
	one, zero := int64(1), int64(0)
	s.names["true"].constant = &one
	s.names["false"].constant = &zero
	return s
})

// whereScope is the scope of a `where` condition of a phrase of event e.
func whereScope(v *vocab.Vocab, e *vocab.EventKind) *scope {
	s := newScope(rootScope())
	s.where, s.v = e, v
	return s
}
