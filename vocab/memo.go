package vocab

import (
	"strings"
	"sync"

	"github.com/cardc/cardc/dsl"
)

// The quick reading of a phrase (Match) tries every phrase of the
// vocabulary that may begin as it does, and most fail: "destroy target
// creature" is tried as a dozen phrases to read as one. A library says the
// same phrases on many cards, so which phrases a phrase reads as is
// remembered by its words: the next card that says it tries only those.
//
// What a quick reading finds depends on the phrase's parts, as written
// (positions aside), and on the names of the scope it asks about, nothing
// else: the failures it meets are not recorded (matcher.quick), and the
// names bound elsewhere only make a failure's message. So a remembered
// reading holds the names the reading asked the scope about and what it
// answered, and serves a phrase only where the scope answers the same.
// The names the reading marked used are marked again: the phrases it
// skips would have marked them.

// A quick reading is remembered by the mode and the parts' text
// (appendPartsKey), for one vocabulary (quickReading.v).

// quickReading is a remembered quick reading: the scope's answers it
// depends on, the names it marked used, and the phrases it read as, in
// the order they were tried (none: the phrase does not read quickly).
type quickReading struct {
	v     *Vocab
	asked []asked
	used  []string
	read  []*Template
}

// asked is a name a reading asked the scope about, and the answer.
type asked struct {
	name  string
	typ   Type
	bound bool
}

// quickMemoSize is how many phrases are remembered: when there are more,
// they are forgotten and remembered again as they come. quickPerPhrase is
// how many readings of one phrase, in different scopes, are kept.
const (
	quickMemoSize  = 4096
	quickPerPhrase = 4
)

// quickMemo remembers quick readings, safe for the goroutines that lint
// a library's files.
var quickMemo = &quickReadings{m: map[string][]*quickReading{}}

// quickReadings are remembered quick readings.
type quickReadings struct {
	mu sync.Mutex
	m  map[string][]*quickReading
}

// get returns the reading of the phrase remembered for a scope that
// answers as sc does, or nil.
func (x *quickReadings) get(v *Vocab, k []byte, sc Scope) *quickReading {
	x.mu.Lock()
	rs := x.m[string(k)]
	x.mu.Unlock()
	for _, r := range rs {
		if r.v == v && r.fits(sc) {
			return r
		}
	}
	return nil
}

// put remembers a reading of the phrase.
func (x *quickReadings) put(k []byte, r *quickReading) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.m) >= quickMemoSize {
		clear(x.m)
	}
	rs := x.m[string(k)]
	if len(rs) >= quickPerPhrase {
		rs = rs[1:]
	}
	// A new slice: a reader may hold the old one.
	x.m[string(k)] = append(append([]*quickReading(nil), rs...), r)
}

// fits reports whether sc answers every question the reading asked as
// it was answered.
func (r *quickReading) fits(sc Scope) bool {
	for _, a := range r.asked {
		if t, ok := sc.Type(a.name); t != a.typ || ok != a.bound {
			return false
		}
	}
	return true
}

// appendPartsKey appends to key the mode and the text of a phrase's
// parts, each with its kind, which the matcher reads the same wherever
// the phrase is written.
func appendPartsKey(key []byte, mode Mode, parts []*dsl.Part) []byte {
	key = append(key, byte('0'+mode))
	for _, p := range parts {
		switch w := p.Word(); {
		case w != "":
			key = append(append(key, 'w'), w...)
		case p.Bind != nil:
			key = append(append(key, 'b'), *p.Bind...)
		case p.PT != nil:
			key = append(append(key, 'p'), *p.PT...)
		case p.Mana != nil:
			key = append(append(key, 'm'), *p.Mana...)
		case p.Str != nil:
			key = append(append(key, 's'), *p.Str...)
		case p.Comma:
			key = append(key, ',')
		default:
			key = append(append(key, 'e'), dsl.PartString(p)...)
		}
		key = append(key, 0)
	}
	return key
}

// recordingScope is a scope that records what a quick reading asks of
// it and the names it marks used (quickReading).
type recordingScope struct {
	Scope
	asked []asked
	used  []string
	// names is set when the reading listed the scope's names: it then
	// depends on all of them, and is not remembered.
	names bool
}

// reading is what the scope recorded, for a reading of the phrases read.
// The names are copied: a card's names are parts of its file's text,
// which a remembered reading must not keep.
func (s *recordingScope) reading(v *Vocab, read []*Template) *quickReading {
	r := &quickReading{v: v, asked: s.asked, used: make([]string, len(s.used)), read: read}
	for i := range r.asked {
		r.asked[i].name = strings.Clone(r.asked[i].name)
	}
	for i, name := range s.used {
		r.used[i] = strings.Clone(name)
	}
	return r
}

// Type implements Scope.
func (s *recordingScope) Type(name string) (Type, bool) {
	t, ok := s.Scope.Type(name)
	s.asked = append(s.asked, asked{name, t, ok})
	return t, ok
}

// Use implements Scope.
func (s *recordingScope) Use(name string) {
	s.used = append(s.used, name)
	s.Scope.Use(name)
}

// Names implements Scope.
func (s *recordingScope) Names() []string {
	s.names = true
	return s.Scope.Names()
}

// matchQuick is the quick reading of a phrase (matcher.quick), remembered
// (quickMemo): the phrase as read, or nil if it does not read quickly.
func (v *Vocab) matchQuick(parts []*dsl.Part, mode Mode, sc Scope, elsewhere map[string]int) *Match {
	if sc == nil || len(parts) == 0 {
		m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere, quick: true}
		p, _ := m.matchPhrase(mode)
		return p
	}
	var buf [256]byte
	key := appendPartsKey(buf[:0], mode, parts)
	if r := quickMemo.get(v, key, sc); r != nil {
		for _, name := range r.used {
			sc.Use(name)
		}
		if len(r.read) == 0 {
			return nil
		}
		m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere, quick: true, only: r.read}
		p, _ := m.matchPhrase(mode)
		return p
	}
	rec := &recordingScope{Scope: sc}
	m := &matcher{v: v, sc: rec, parts: parts, elsewhere: elsewhere, quick: true}
	p, _ := m.matchPhrase(mode)
	if !rec.names {
		quickMemo.put(key, rec.reading(v, m.read))
	}
	if p != nil {
		// The reading's arguments were read with the recording scope;
		// nothing in them keeps it.
		return p
	}
	return nil
}

// unreadMemo remembers, for a phrase that does not read quickly, what
// reading it slowly asked of the scope and marked used, and whether it
// read (Reads).
var unreadMemo = &quickReadings{m: map[string][]*quickReading{}}

// Reads reports whether the parts read as a phrase of the mode, as Match
// would read them, without the diagnostic of a phrase that does not read:
// for a caller that reads the phrase otherwise then ("PLAYER may ACTION",
// when the whole phrase is no action). The names marked used are those
// Match marks; a phrase that does not read is remembered, as a quick
// reading is.
func (v *Vocab) Reads(parts []*dsl.Part, mode Mode, sc Scope, elsewhere map[string]int) bool {
	if v.matchQuick(parts, mode, sc, elsewhere) != nil {
		return true
	}
	if sc == nil || len(parts) == 0 {
		m := &matcher{v: v, sc: sc, parts: parts, elsewhere: elsewhere}
		_, mis := m.matchPhrase(mode)
		return mis == nil
	}
	var buf [256]byte
	key := appendPartsKey(buf[:0], mode, parts)
	if r := unreadMemo.get(v, key, sc); r != nil {
		for _, name := range r.used {
			sc.Use(name)
		}
		return len(r.read) > 0
	}
	rec := &recordingScope{Scope: sc}
	m := &matcher{v: v, sc: rec, parts: parts, elsewhere: elsewhere}
	p, _ := m.matchPhrase(mode)
	if !rec.names {
		unreadMemo.put(key, rec.reading(v, m.read))
	}
	return p != nil
}
