package vm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"sync"
	"unsafe"
)

// FormatVersion is the version of the binary format MarshalBinary writes
// and UnmarshalBinary reads. Version 3 added the checksum; version 4 the
// vocabulary the program was compiled against, and the opcodes JUMPFK
// and JUMPTK; version 5 targets of several objects (Target.Min, Max),
// divided (Target.Divide) and of modes (Target.Mode, Ability.Modes,
// ModeMin, ModeMax).
const FormatVersion = 5

// magic starts every encoded program.
const magic = "CARDVM"

// headerSize is the length of the header: the magic bytes, the format
// version (uint16) and the checksum (uint32).
const headerSize = len(magic) + 2 + 4

// castagnoli is the CRC-32C table of the checksum. A CRC, not a
// cryptographic hash: the checksum catches damage (a bundle cut, flipped
// or mangled in transit), not forgery, which no unkeyed hash could stop.
// CRC-32C detects every error within 32 consecutive bits, so any one
// changed byte, with certainty, and other damage but for one chance in
// 2^32; it is in the standard library and fast on every machine.
//
// It is made on first use, not at start-up: a command that reads no
// bundle should not pay for it.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// Smallest encodings, in bytes, of the things a count can count: a decoder
// refuses a count the remaining bytes cannot hold before it makes a slice.
const (
	minSymbol  = 4  // kind, name, arity, returns
	minConst   = 1  // varint
	minFunc    = 6  // name, locals, max stack, code count, pos count, local names count
	minInstr   = 2  // op, arg
	minPos     = 2  // line, col
	minAnchor  = 1  // a symbol or function index
	minString  = 1  // length
	minCard    = 14 // see encodeCard
	minAbility = 18 // see encodeAbility
	minTarget  = 8  // filter, local, text, zone, min, max, divide, mode
)

// Limits on what a bundle may declare, checked as it is decoded, before
// anything is allocated: a bundle may come from anywhere, and its
// checksum, which anyone can compute, proves nothing of its intent. Each
// is far above what a library of every Magic card needs (about 30,000
// cards, 15 MB).
const (
	// MaxBundleSize is the most bytes a bundle may have.
	MaxBundleSize = 32 << 20
	// MaxCards, MaxFuncs, MaxSymbols and MaxConsts are the most cards,
	// functions, symbols and constants a bundle may declare.
	MaxCards   = 1 << 16
	MaxFuncs   = 1 << 20
	MaxSymbols = 1 << 16
	MaxConsts  = 1 << 20
	// MaxCode is the most instructions (and positions) of one function.
	MaxCode = 1 << 16
	// MaxList is the most elements of any other list: a card's
	// abilities, colors, types and keywords, an ability's targets,
	// choices, anchors and filters, a function's local names.
	MaxList = 1 << 12
	// MaxDecodeRatio bounds the memory a bundle decodes into: at most
	// MaxDecodeRatio times its size in bytes, and 64 KiB, of slices and
	// strings, so 256 MiB at most. The standard library's bundle needs
	// 3.2 (an instruction of 2 bytes is 8 in memory); one of empty cards,
	// each 14 bytes that decode into a Card of more than 200, would need
	// 17, and is refused.
	MaxDecodeRatio = 8
)

// MarshalBinary encodes p in the binary format: the magic bytes "CARDVM",
// FormatVersion as a little-endian uint16, the CRC-32C (Castagnoli) of
// the rest of the data as a little-endian uint32, then the vocabulary
// (name, major and minor version, hash), the symbols, constants,
// functions and cards, every field in declaration order. Integers are
// varints (uvarints for counts, lengths and flags), strings and lists are
// prefixed by their length, booleans are one byte 0 or 1, and Opcode,
// SymbolKind, AbilityKind and Symbol.Arity are one byte each.
//
// The encoding is deterministic. Nil and empty slices encode alike (as a
// zero count), and UnmarshalBinary decodes a zero count as a nil slice: a
// Program whose empty slices are nil, as Decode and the compiler build
// them, round-trips exactly. MarshalBinary fails only if p is nil.
func (p *Program) MarshalBinary() ([]byte, error) {
	if p == nil {
		return nil, errors.New("vm: marshal nil program")
	}
	e := &encoder{buf: make([]byte, 0, 256)}
	e.buf = append(e.buf, magic...)
	e.buf = binary.LittleEndian.AppendUint16(e.buf, FormatVersion)
	e.buf = binary.LittleEndian.AppendUint32(e.buf, 0) // the checksum, below
	e.string(p.Vocabulary.Name)
	e.varint(int64(p.Vocabulary.Major))
	e.varint(int64(p.Vocabulary.Minor))
	e.string(p.Vocabulary.Hash)
	encodeList(e, p.Symbols, encodeSymbol)
	encodeList(e, p.Consts, func(e *encoder, c Value) { e.varint(int64(c)) })
	encodeList(e, p.Funcs, encodeFunc)
	encodeList(e, p.Cards, encodeCard)
	binary.LittleEndian.PutUint32(e.buf[headerSize-4:], crc32.Checksum(e.buf[headerSize:], castagnoli()))
	return e.buf, nil
}

// UnmarshalBinary decodes a program written by MarshalBinary into p. It
// rejects a wrong magic, another format version, truncated data and
// trailing bytes, and data whose checksum does not match (a damaged
// bundle), before it decodes anything; it leaves p unchanged on error. It
// does not verify the program: Decode does.
func (p *Program) UnmarshalBinary(data []byte) error {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return errors.New("vm: not a cardvm program")
	}
	if len(data) < len(magic)+2 {
		return errors.New("vm: decode: truncated format version")
	}
	if v := binary.LittleEndian.Uint16(data[len(magic):]); v != FormatVersion {
		return fmt.Errorf("vm: cardvm format version %d, this package reads version %d (which records the vocabulary a bundle was built against); rebuild the bundle from its .card files", v, FormatVersion)
	}
	if len(data) < headerSize {
		return errors.New("vm: decode: truncated checksum; the bundle was cut short: rebuild it from its .card files")
	}
	if len(data) > MaxBundleSize {
		return fmt.Errorf("vm: decode: a bundle of %d bytes is more than the %d MiB a bundle may have", len(data), MaxBundleSize>>20)
	}
	if want, got := binary.LittleEndian.Uint32(data[headerSize-4:]), crc32.Checksum(data[headerSize:], castagnoli()); got != want {
		return fmt.Errorf("vm: checksum mismatch (%08x, want %08x): the bundle is damaged; rebuild it from its .card files", got, want)
	}
	d := &decoder{data: data, off: headerSize, budget: MaxDecodeRatio*len(data) + 64<<10}
	q := Program{
		Vocabulary: Vocabulary{Name: d.string(), Major: int(d.int32()), Minor: int(d.int32()), Hash: d.string()},
		Symbols:    decodeList(d, "symbols", MaxSymbols, minSymbol, decodeSymbol),
		Consts:     decodeList(d, "constants", MaxConsts, minConst, func(d *decoder) Value { return Value(d.varint()) }),
		Funcs:      decodeList(d, "functions", MaxFuncs, minFunc, decodeFunc),
		Cards:      decodeList(d, "cards", MaxCards, minCard, decodeCard),
	}
	if d.err == nil && d.off != len(d.data) {
		d.fail("%d trailing bytes", len(d.data)-d.off)
	}
	if d.err != nil {
		return d.err
	}
	*p = q
	return nil
}

// IsBundle reports whether data starts like an encoded program (its magic
// bytes), whatever its version and whether or not the rest is valid.
func IsBundle(data []byte) bool {
	return len(data) >= len(magic) && string(data[:len(magic)]) == magic
}

// Decode decodes a program written by MarshalBinary and verifies it: a
// program Decode returns is safe to link and run.
func Decode(data []byte) (*Program, error) {
	p := new(Program)
	if err := p.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	if err := Verify(p); err != nil {
		return nil, err
	}
	return p, nil
}

// encoder appends the binary format to buf.
type encoder struct {
	buf []byte
}

func (e *encoder) uvarint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *encoder) varint(v int64)   { e.buf = binary.AppendVarint(e.buf, v) }
func (e *encoder) byte(b byte)      { e.buf = append(e.buf, b) }

func (e *encoder) bool(b bool) {
	if b {
		e.byte(1)
	} else {
		e.byte(0)
	}
}

func (e *encoder) string(s string) {
	e.uvarint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

func (e *encoder) strings(s []string) {
	encodeList(e, s, (*encoder).string)
}

// encodeList writes the length of s, then each element.
func encodeList[T any](e *encoder, s []T, elem func(*encoder, T)) {
	e.uvarint(uint64(len(s)))
	for _, x := range s {
		elem(e, x)
	}
}

func encodeSymbol(e *encoder, s Symbol) {
	e.byte(byte(s.Kind))
	e.string(s.Name)
	e.byte(s.Arity)
	e.bool(s.Returns)
}

func encodeFunc(e *encoder, f Func) {
	e.string(f.Name)
	e.varint(int64(f.NumLocals))
	e.varint(int64(f.MaxStack))
	encodeList(e, f.Code, func(e *encoder, in Instr) {
		e.byte(byte(in.Op))
		e.varint(int64(in.Arg))
	})
	encodeList(e, f.Pos, func(e *encoder, p Pos) {
		e.varint(int64(p.Line))
		e.varint(int64(p.Col))
	})
	e.strings(f.Locals)
}

func encodeCard(e *encoder, c Card) {
	e.string(c.Name)
	e.string(c.ManaCost)
	e.strings(c.Colors)
	e.strings(c.Supertypes)
	e.strings(c.Types)
	e.strings(c.Subtypes)
	e.strings(c.Keywords)
	e.bool(c.HasPT)
	e.varint(int64(c.Power))
	e.varint(int64(c.Toughness))
	e.string(c.Oracle)
	encodeList(e, c.Abilities, encodeAbility)
	e.string(c.File)
	e.varint(int64(c.Line))
}

func encodeAbility(e *encoder, a Ability) {
	e.byte(byte(a.Kind))
	e.varint(int64(a.Event))
	e.varint(int64(a.Rule))
	e.varint(int64(a.Match))
	e.varint(int64(a.Body))
	encodeList(e, a.Anchors, func(e *encoder, sym int32) { e.varint(int64(sym)) })
	e.varint(int64(a.NumLocals))
	e.uvarint(uint64(a.Flags))
	encodeList(e, a.Targets, encodeTarget)
	e.string(a.Cost)
	e.varint(int64(a.Pay))
	encodeList(e, a.Choices, encodeTarget)
	encodeList(e, a.Filters, func(e *encoder, fn int32) { e.varint(int64(fn)) })
	e.string(a.Text)
	e.varint(int64(a.Line))
	e.varint(int64(a.Modes))
	e.varint(int64(a.ModeMin))
	e.varint(int64(a.ModeMax))
}

func encodeTarget(e *encoder, t Target) {
	e.varint(int64(t.Filter))
	e.varint(int64(t.Local))
	e.string(t.Text)
	e.varint(int64(t.Zone))
	e.varint(int64(t.Min))
	e.varint(int64(t.Max))
	e.varint(int64(t.Divide))
	e.varint(int64(t.Mode))
}

// decoder reads the binary format from data[off:]. Its first error sticks:
// after it, every read returns a zero value and every count is 0.
type decoder struct {
	data []byte
	off  int
	err  error
	// budget is how many more bytes of slices and strings the decoder
	// may allocate (MaxDecodeRatio).
	budget int
}

// alloc takes n bytes from the budget, before they are allocated; it
// fails when the budget cannot pay for them.
func (d *decoder) alloc(n int, what string) bool {
	if n > d.budget {
		d.fail("%s would take %d bytes of memory, more than the %d times its size a bundle may decode into", what, n, MaxDecodeRatio)
		return false
	}
	d.budget -= n
	return true
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("vm: decode: offset %d: %s", d.off, fmt.Sprintf(format, args...))
	}
}

func (d *decoder) remaining() int { return len(d.data) - d.off }

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 {
		d.fail("bad or truncated uvarint")
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.data[d.off:])
	if n <= 0 {
		d.fail("bad or truncated varint")
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) int32() int32 {
	v := d.varint()
	if v < math.MinInt32 || v > math.MaxInt32 {
		d.fail("%d does not fit in an int32", v)
		return 0
	}
	return int32(v)
}

func (d *decoder) uint32() uint32 {
	v := d.uvarint()
	if v > math.MaxUint32 {
		d.fail("%d does not fit in a uint32", v)
		return 0
	}
	return uint32(v)
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if d.remaining() < 1 {
		d.fail("unexpected end of data")
		return 0
	}
	b := d.data[d.off]
	d.off++
	return b
}

func (d *decoder) bool() bool {
	switch b := d.byte(); b {
	case 0:
		return false
	case 1:
		return true
	default:
		d.fail("bad boolean %d", b)
		return false
	}
}

func (d *decoder) string() string {
	n := d.uvarint()
	if d.err != nil {
		return ""
	}
	if n > uint64(d.remaining()) {
		d.fail("string of %d bytes but only %d left", n, d.remaining())
		return ""
	}
	if n == 0 || !d.alloc(int(n), "a string") {
		return ""
	}
	s := string(d.data[d.off : d.off+int(n)])
	d.off += int(n)
	return s
}

func (d *decoder) strings() []string {
	return decodeList(d, "a list of strings", MaxList, minString, (*decoder).string)
}

// count reads a list length and checks it against the list's limit and
// against the remaining bytes, which must hold that many elements of at
// least minSize bytes each.
func (d *decoder) count(what string, max, minSize int) int {
	n := d.uvarint()
	if d.err != nil {
		return 0
	}
	if n > uint64(d.remaining()/minSize) {
		d.fail("%d elements cannot fit in the remaining %d bytes", n, d.remaining())
		return 0
	}
	if n > uint64(max) {
		d.fail("%d %s, more than the %d a bundle may declare", n, what, max)
		return 0
	}
	return int(n)
}

// decodeList reads a length and that many elements; an empty list is nil.
// The length is checked against max, the remaining bytes and the budget
// before the list is made.
func decodeList[T any](d *decoder, what string, max, minSize int, elem func(*decoder) T) []T {
	n := d.count(what, max, minSize)
	if n == 0 {
		return nil
	}
	var zero T
	if !d.alloc(n*int(unsafe.Sizeof(zero)), fmt.Sprintf("%d %s", n, what)) {
		return nil
	}
	s := make([]T, n)
	for i := range s {
		s[i] = elem(d)
		if d.err != nil {
			return nil
		}
	}
	return s
}

func decodeSymbol(d *decoder) Symbol {
	return Symbol{
		Kind:    SymbolKind(d.byte()),
		Name:    d.string(),
		Arity:   d.byte(),
		Returns: d.bool(),
	}
}

func decodeFunc(d *decoder) Func {
	return Func{
		Name:      d.string(),
		NumLocals: d.int32(),
		MaxStack:  d.int32(),
		Code: decodeList(d, "instructions", MaxCode, minInstr, func(d *decoder) Instr {
			return Instr{Op: Opcode(d.byte()), Arg: d.int32()}
		}),
		Pos: decodeList(d, "positions", MaxCode, minPos, func(d *decoder) Pos {
			return Pos{Line: d.int32(), Col: d.int32()}
		}),
		Locals: d.strings(),
	}
}

func decodeCard(d *decoder) Card {
	return Card{
		Name:       d.string(),
		ManaCost:   d.string(),
		Colors:     d.strings(),
		Supertypes: d.strings(),
		Types:      d.strings(),
		Subtypes:   d.strings(),
		Keywords:   d.strings(),
		HasPT:      d.bool(),
		Power:      d.int32(),
		Toughness:  d.int32(),
		Oracle:     d.string(),
		Abilities:  decodeList(d, "abilities", MaxList, minAbility, decodeAbility),
		File:       d.string(),
		Line:       d.int32(),
	}
}

func decodeTarget(d *decoder) Target {
	return Target{Filter: d.int32(), Local: d.int32(), Text: d.string(), Zone: d.int32(),
		Min: d.int32(), Max: d.int32(), Divide: d.int32(), Mode: d.int32()}
}

func decodeAbility(d *decoder) Ability {
	return Ability{
		Kind:      AbilityKind(d.byte()),
		Event:     d.int32(),
		Rule:      d.int32(),
		Match:     d.int32(),
		Body:      d.int32(),
		Anchors:   decodeList(d, "anchors", MaxList, minAnchor, func(d *decoder) int32 { return d.int32() }),
		NumLocals: d.int32(),
		Flags:     d.uint32(),
		Targets:   decodeList(d, "targets", MaxList, minTarget, decodeTarget),
		Cost:      d.string(),
		Pay:       d.int32(),
		Choices:   decodeList(d, "choices", MaxList, minTarget, decodeTarget),
		Filters:   decodeList(d, "filters", MaxList, minAnchor, func(d *decoder) int32 { return d.int32() }),
		Text:      d.string(),
		Line:      d.int32(),
		Modes:     d.int32(),
		ModeMin:   d.int32(),
		ModeMax:   d.int32(),
	}
}
