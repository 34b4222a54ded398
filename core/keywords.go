package core

import (
	"slices"
	"strings"

	"github.com/cardc/cardc/vm"
)

// Keyword abilities (CR 702).
//
// The stdlib declares them; vocab_gen.go numbers them in the order it
// does (keywordFlying...), and sizes keywordSet to hold one bit for each:
// adding a keyword to the stdlib widens the sets if it must, and testing
// one stays an index and a mask.
//
// A keyword whose parameter the rules core reads — protection from a
// quality (CR 702.16), landwalk of a land type (CR 702.14) — has its bit
// in the set, which says the object has at least one instance of it, and
// each instance, with its quality, in a list beside the set (keywordArg):
// most objects have none, and what reads them looks at the bit first. A
// program names an instance as a card writes it ("protection from
// Demons", "swampwalk"); the library interns each it links (keywordValue),
// as it interns subtypes. The parameter of a keyword whose abilities the
// compiler gives the card ("graft 4", "equip {1}") is in those abilities;
// the rules core keeps only the keyword.

// keyword is a keyword ability of the stdlib, by its number (keywordNames).
type keyword uint16

// keywordSet is a set of keywords: bit k%64 of word k/64 is keyword k.
// It is a value: copying one copies the set, and allocates nothing.
type keywordSet [keywordWords]uint64

// has reports whether the set holds a keyword.
func (s *keywordSet) has(k keyword) bool { return s[k/64]&(1<<(k%64)) != 0 }

// add puts a keyword in the set.
func (s *keywordSet) add(k keyword) { s[k/64] |= 1 << (k % 64) }

// remove takes a keyword out of the set.
func (s *keywordSet) remove(k keyword) { s[k/64] &^= 1 << (k % 64) }

// paramKind is the kind of a keyword's parameter (keywordParams).
type paramKind uint8

const (
	paramNumber  paramKind = iota + 1 // graft 4
	paramMana                         // equip {1}
	paramQuality                      // protection from black
	paramSubtype                      // swampwalk
)

// keywordParam says how the names of a keyword with a parameter spell it:
// prefix, the parameter, suffix ("protection from " black; swamp "walk").
type keywordParam struct {
	keyword        keyword
	prefix, suffix string
	param          paramKind
}

// readsQuality says, for each keyword, whether the rules core reads its
// parameter: a quality, or a subtype (a land type), kept as a quality.
var readsQuality = func() (out [numKeywords]bool) {
	for _, p := range keywordParams {
		out[p.keyword] = p.param == paramQuality || p.param == paramSubtype
	}
	return out
}()

// quality is what an object must be for an instance of a keyword to apply
// to it (CR 702.16a): for protection, a source it protects from; for
// landwalk, a land that makes it unblockable. The zero quality has none.
type quality struct {
	// colors: an object of any of these colors.
	colors uint16
	// types: an object with any of these card types.
	types uint16
	// subtype: an object with this subtype, if bySubtype (CR 702.16a: a
	// permanent, or an object elsewhere, with it).
	subtype   int32
	bySubtype bool
	// colorless: an object with no color (CR 105.2c).
	colorless bool
	// everything: every object (CR 702.16j).
	everything bool
}

// has reports whether an object has the quality, as it is now or as it
// last existed (CR 608.2h; a spell on the stack as it is there).
func (q *quality) has(g *Game, o *Object) bool {
	switch {
	case q.everything:
		return true
	case q.colorless:
		return g.colorsOf(o) == 0
	case q.bySubtype:
		return slices.Contains(g.subtypesOf(o), q.subtype)
	}
	return g.colorsOf(o)&q.colors != 0 || g.typesOf(o)&q.types != 0
}

// keywordArg is a keyword with its parameter's quality: an instance of
// protection or landwalk, or, with the zero quality, any other keyword.
type keywordArg struct {
	keyword keyword
	quality quality
	// spares is the Aura whose effect grants this instance of protection
	// and which it doesn't remove (CR 702.16n), or 0.
	spares ObjectID
}

// same reports whether two instances are of one keyword with one
// quality, whoever grants them.
func (a keywordArg) same(b keywordArg) bool { return a.keyword == b.keyword && a.quality == b.quality }

// keywords are an object's keyword abilities: the set, and the instances
// of those whose parameter the rules core reads.
type keywords struct {
	set  keywordSet
	args []keywordArg
}

// add gives an instance of a keyword (CR 613.1f).
func (ks *keywords) add(a keywordArg) {
	ks.set.add(a.keyword)
	if readsQuality[a.keyword] {
		ks.args = append(ks.args, a)
	}
}

// lose takes away every instance of a keyword of that quality (CR 613.1f):
// the object keeps the keyword while it has instances of other qualities
// (it loses protection from black, and keeps protection from white).
func (ks *keywords) lose(a keywordArg) {
	if !readsQuality[a.keyword] {
		ks.set.remove(a.keyword)
		return
	}
	ks.args = slices.DeleteFunc(ks.args, a.same)
	if !slices.ContainsFunc(ks.args, func(b keywordArg) bool { return b.keyword == a.keyword }) {
		ks.set.remove(a.keyword)
	}
}

// reset makes them a copy of others, reusing the list's memory.
func (ks *keywords) reset(others *keywords) {
	ks.set = others.set
	ks.args = append(ks.args[:0], others.args...)
}

// clear takes every keyword away (CR 613.1f: it loses all abilities).
func (ks *keywords) clear() {
	ks.set = keywordSet{}
	ks.args = ks.args[:0]
}

// clone is a copy that shares no memory, for last-known information: a
// list of none stays nil, so that a permanent without instances of
// protection or landwalk leaves the battlefield without allocating.
func (ks *keywords) clone() keywords {
	if len(ks.args) == 0 {
		return keywords{set: ks.set}
	}
	return keywords{set: ks.set, args: slices.Clone(ks.args)}
}

// equal reports whether two are the same keywords, instances in order.
func (ks *keywords) equal(others *keywords) bool {
	return ks.set == others.set && slices.Equal(ks.args, others.args)
}

// has reports whether they hold an instance of a keyword of a quality:
// any instance, for one whose parameter the rules core does not read.
func (ks *keywords) has(a keywordArg) bool {
	if !ks.set.has(a.keyword) {
		return false
	}
	return !readsQuality[a.keyword] || slices.ContainsFunc(ks.args, a.same)
}

// keywordsOf returns an object's keywords: a permanent's as the effects
// make them, those of an object that left the battlefield as it last
// existed there (CR 608.2h), any other object's as printed.
func (g *Game) keywordsOf(o *Object) *keywords {
	switch {
	case o.left && o.zone == ZoneBattlefield:
		return &o.lki.keywords
	case !o.left && o.zone == ZoneBattlefield:
		return &g.charsOf(o).keywords
	}
	return &o.def.keywords
}

// hasKeyword reports whether an object has a keyword ability: a permanent
// as the effects make it, an object that left the battlefield as it last
// existed there (CR 608.2h), any other object as printed.
func (g *Game) hasKeyword(o *Object, k keyword) bool {
	return g.keywordsOf(o).set.has(k)
}

// HasKeyword reports whether an object has a keyword ability, named as a
// card writes it ("flying", "protection from Demons"): a permanent as
// continuous effects make it (CR 613), an object that left the
// battlefield as it last existed there.
func (g *Game) HasKeyword(id ObjectID, name string) bool {
	o := g.Object(id)
	if o == nil {
		return false
	}
	a, ok := g.lib.readKeyword(name, false)
	return ok && g.keywordsOf(o).has(a)
}

// readKeyword reads a keyword's name as a program or a card says it
// ("flying", "protection from black", "swampwalk", "graft 4"). A subtype
// it names is interned if intern is set, as the library is linked;
// otherwise a subtype no card of the library has is none an object can
// have, and the name reads as no keyword.
func (lib *Library) readKeyword(name string, intern bool) (keywordArg, bool) {
	for k, n := range keywordNames {
		if n == name {
			return keywordArg{keyword: keyword(k)}, true
		}
	}
	for _, p := range keywordParams {
		rest, ok := strings.CutPrefix(name, p.prefix)
		if !ok {
			continue
		}
		value, ok := strings.CutSuffix(rest, p.suffix)
		if !ok || value == "" {
			continue
		}
		a := keywordArg{keyword: p.keyword}
		switch p.param {
		case paramNumber, paramMana:
			// The compiler gave the card the abilities with the
			// parameter in them.
			return a, true
		case paramSubtype:
			// A land type, in lower case within a word: "swamp" of
			// swampwalk.
			ok = lib.qualityOfSubtype(&a.quality, strings.ToUpper(value[:1])+value[1:], intern)
		case paramQuality:
			ok = lib.qualityNamed(&a.quality, value, intern)
		}
		return a, ok
	}
	return keywordArg{}, false
}

// qualityNamed reads a quality of protection (CR 702.16a): a color,
// "colorless", "everything", a card type in the plural ("artifacts"), or
// a subtype in the plural ("Demons").
func (lib *Library) qualityNamed(q *quality, name string, intern bool) bool {
	switch name {
	case "colorless":
		q.colorless = true
		return true
	case "everything":
		q.everything = true
		return true
	}
	if bit, ok := bitOf(colorNames[:], name); ok {
		q.colors = uint16(bit)
		return true
	}
	if bit, ok := bitOf(typeNames[:], strings.TrimSuffix(name, "s")); ok && strings.HasSuffix(name, "s") {
		q.types = uint16(bit)
		return true
	}
	return lib.qualityOfSubtype(q, singular(name), intern)
}

// qualityOfSubtype makes a quality that of the objects with a subtype.
func (lib *Library) qualityOfSubtype(q *quality, name string, intern bool) bool {
	if name == "" {
		return false
	}
	id, ok := lib.subtypes[name]
	if !ok && intern {
		id, ok = lib.subtype(name), true
	}
	q.subtype, q.bySubtype = id, ok
	return ok
}

// singular is the subtype a word in the plural names, as protection
// writes it (CR 702.16a): "Demons" is Demon, "Elves" Elf, "Wolves" Wolf,
// and the plurals the stdlib declares otherwise ("Mice") are read from it.
func singular(plural string) string {
	if s, ok := irregularPlurals[plural]; ok {
		return s
	}
	if s, ok := strings.CutSuffix(plural, "ves"); ok {
		return s + "f"
	}
	return strings.TrimSuffix(plural, "s")
}

// keywordValue is the value a program's name of a keyword links to
// (vm.NameKeyword): the keyword's number, or, for an instance with a
// quality, numKeywords and the instance's index among those the library
// interned.
func (lib *Library) keywordValue(name string) (int32, bool) {
	a, ok := lib.readKeyword(name, true)
	switch {
	case !ok:
		return 0, false
	case !readsQuality[a.keyword]:
		return int32(a.keyword), true
	}
	i := slices.IndexFunc(lib.keywordArgs, a.same)
	if i < 0 {
		i = len(lib.keywordArgs)
		lib.keywordArgs = append(lib.keywordArgs, a)
		lib.keywordArgNames = append(lib.keywordArgNames, name)
	}
	return int32(numKeywords) + int32(i), true
}

// keywordOf is the keyword a linked value names (keywordValue).
func (lib *Library) keywordOf(v vm.Value) (keywordArg, bool) {
	switch {
	case v >= 0 && v < vm.Value(numKeywords):
		return keywordArg{keyword: keyword(v)}, true
	case v >= vm.Value(numKeywords) && v < vm.Value(numKeywords)+vm.Value(len(lib.keywordArgs)):
		return lib.keywordArgs[v-vm.Value(numKeywords)], true
	}
	return keywordArg{}, false
}

// keywordName is how a card writes a keyword: its name, or, for an
// instance with a quality, the name the library linked it by.
func (lib *Library) keywordName(a keywordArg) string {
	if readsQuality[a.keyword] {
		if i := slices.IndexFunc(lib.keywordArgs, a.same); i >= 0 {
			return lib.keywordArgNames[i]
		}
	}
	return keywordNames[a.keyword]
}
