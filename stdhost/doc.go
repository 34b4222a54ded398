// Package stdhost is the standard vocabulary of cardc (cardc.std) as Go
// data for the engines that run its cards, and a binding that makes an
// engine's vm.Linker and vm.Host from its methods.
//
// # The facts
//
// Funcs, Events, Rules and NameKinds hold what vm/HOST.md states of each
// name a program may hold — for each action, query and effect its
// parameters and their types, its result, the contexts it may be called
// from, whether it takes effect at once in a replacement body, what a
// stale handle gets, the zone it moves an object to; each event's fields
// and their types; each kind of name and its words — and Vocabulary (with
// the constants VocabularyName, Major, Minor and Hash) the version of the
// vocabulary they describe, which a host that uses them implements. They
// are generated from the stdlib, as HOST.md is, by go generate ./...
// (internal/gen), so that no host copies them by hand.
//
// # The binding
//
// A host writes one method a function of the vocabulary it implements,
// named and typed as Func.Method and Func.Signature say, the function's
// Frame first:
//
//	func (g *Game) Destroy(f *vm.Frame, object stdhost.Object) error
//	func (g *Game) Power(f *vm.Frame, object stdhost.Object) (int64, error)
//	func (g *Game) RemoveCounters(f *vm.Frame, object stdhost.Object, kind stdhost.Name, amount int64) error
//
// and Bind finds them: the Binding it returns is the host's vm.Linker
// (with the checks of arity and result) and its vm.Host (the dispatch,
// with the checks of context, and the actions of replacement bodies that
// take effect after the event handed to the host's Defer). A host that
// produces events answers their fields with one method, EventField,
// switching on the Field constants; the names of the vocabulary get ids
// from the binding (Binding.Name), the same in every program.
//
// Each kind of value has a Go type (Object, Player, Target, EventID,
// Name, Filter, Ability), so that the host's code cannot pass a player
// where an object is due; and with Options.Check the binding checks, at
// each call, that the VM and the host pass each other values of the kind
// the vocabulary says, by the handle scheme of HandleKind (or the host's
// own HandleKinder): a host's tests run with it.
//
// The package imports only package vm; vm knows nothing of it, nor of
// any vocabulary.
package stdhost
