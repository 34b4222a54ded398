package vm

// Frame is a run in progress as the host sees it: the machine passes the
// frame of the running function to every Call and Field, as starlark-go
// passes its *Thread and gopher-lua its *LState. It says what runs (the
// function, and so its card and ability: Owner), with which locals, and
// carries the host's own context of the run (Context), so that a host
// needs no side channel kept around each Run to know the event being
// matched or the ability whose body calls it.
//
// A Frame belongs to its Machine, which reuses it for the next run at the
// same depth: a host reads it during the call it is passed to, and keeps
// nothing of it (copy what it needs, as a host copies args). Passing it
// allocates nothing.
type Frame struct {
	// Linked is the program the running function belongs to.
	Linked *Linked
	// Func is the running function, an index into Linked.Program.Funcs.
	Func int32
	// Locals are the locals the caller passed to Run: what the function
	// has stored so far is in them.
	Locals []Value
	// Context is the value the host passed to RunWith (nil for Run): the
	// host's own context of the run, such as the event being matched and
	// what the running ability may do. The machine never reads it.
	Context any
}

// Owner returns the ability the running function belongs to (see
// Linked.Owner).
func (f *Frame) Owner() Owner { return f.Linked.Owner(f.Func) }

// Card returns the card the running function belongs to, or nil.
func (f *Frame) Card() *Card {
	o := f.Owner()
	if o.Card < 0 {
		return nil
	}
	return &f.Linked.Program.Cards[o.Card]
}

// Ability returns the ability the running function belongs to, or nil.
func (f *Frame) Ability() *Ability {
	o := f.Owner()
	if o.Card < 0 || o.Ability < 0 {
		return nil
	}
	return &f.Linked.Program.Cards[o.Card].Abilities[o.Ability]
}

// Entry says which entry point of an ability a function is.
type Entry uint8

// The entry points of an ability (see Ability).
const (
	// EntryNone is a function no ability names.
	EntryNone Entry = iota
	// EntryMatch is an ability's Match.
	EntryMatch
	// EntryBody is an ability's Body.
	EntryBody
	// EntryPay is an activated ability's Pay.
	EntryPay
	// EntryFilter is the Filter of one of an ability's Targets or
	// Choices, or one of its Filters: it judges the candidate in local
	// LocalCandidate.
	EntryFilter
)

var entryNames = [...]string{EntryNone: "none", EntryMatch: "match", EntryBody: "body", EntryPay: "pay", EntryFilter: "filter"}

// String names the entry point: "match", "body", "pay", "filter".
func (e Entry) String() string {
	if int(e) < len(entryNames) {
		return entryNames[e]
	}
	return "entry?"
}

// Owner is the ability a function belongs to: Card and Ability index
// Program.Cards and that card's Abilities, and Entry says which of its
// functions it is. A function no ability names has Card and Ability -1
// and EntryNone. The compiler gives each function of each ability its
// own; in a program whose abilities share a function, it is the first
// ability, in the order of Cards and Abilities, that names it.
type Owner struct {
	Card, Ability int32
	Entry         Entry
}

// noOwner is the Owner of a function no ability names.
var noOwner = Owner{Card: -1, Ability: -1}

// owners finds the owner of every function of p.
func owners(p *Program) []Owner {
	out := make([]Owner, len(p.Funcs))
	for i := range out {
		out[i] = noOwner
	}
	set := func(fn int32, o Owner) {
		if fn >= 0 && int(fn) < len(out) && out[fn].Entry == EntryNone {
			out[fn] = o
		}
	}
	for ci := range p.Cards {
		for ai := range p.Cards[ci].Abilities {
			a := &p.Cards[ci].Abilities[ai]
			o := Owner{Card: int32(ci), Ability: int32(ai)}
			eachFunc(a, func(fn int32, e Entry) {
				o.Entry = e
				set(fn, o)
			})
		}
	}
	return out
}

// eachFunc calls f with each function an ability names (NoFunc left out)
// and its entry point.
func eachFunc(a *Ability, f func(fn int32, e Entry)) {
	call := func(fn int32, e Entry) {
		if fn != NoFunc {
			f(fn, e)
		}
	}
	call(a.Match, EntryMatch)
	call(a.Body, EntryBody)
	call(a.Pay, EntryPay)
	for _, t := range a.Targets {
		call(t.Filter, EntryFilter)
	}
	for _, t := range a.Choices {
		call(t.Filter, EntryFilter)
	}
	for _, fn := range a.Filters {
		call(fn, EntryFilter)
	}
}
