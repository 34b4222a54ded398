package vm_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// marshal encodes p, failing the test on error.
func marshal(t testing.TB, p *vm.Program) []byte {
	t.Helper()
	data, err := p.MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary: %v", err)
	}
	return data
}

func TestRoundTrip(t *testing.T) {
	programs := map[string]*vm.Program{
		"hydra": hydraProgram(),
		"empty": {},
		"extremes": {
			Symbols: []vm.Symbol{{Kind: vm.SymFunc, Name: "f", Arity: vm.MaxArity, Returns: true}},
			Consts:  []vm.Value{-1 << 63, 1<<63 - 1, 0},
			Funcs: []vm.Func{{
				Name: "extremes", NumLocals: vm.MaxLocals, MaxStack: vm.MaxFuncStack,
				Code: []vm.Instr{in(vm.OpInt, -1<<31), in(vm.OpInt, 1<<31-1), op(vm.OpReturn)},
				Pos:  []vm.Pos{{Line: 1<<31 - 1, Col: 0}, {Line: 1, Col: 1}, {Line: 2, Col: 3}},
			}},
			Cards: []vm.Card{{
				Name: "Ünïcödé — “card”", Power: -1, Toughness: 1<<31 - 1, HasPT: true,
				Supertypes: []string{"Legendary", "Snow"}, Types: []string{"Creature"},
				Abilities: []vm.Ability{{
					Kind: vm.AbilityStatic, Pay: vm.NoFunc, Event: vm.NoFunc, Rule: vm.NoFunc, Match: vm.NoFunc, Body: vm.NoFunc,
					Flags: 1<<32 - 1, Line: -5,
				}},
			}},
		},
	}
	for name, p := range programs {
		t.Run(name, func(t *testing.T) {
			data := marshal(t, p)
			var got vm.Program
			if err := got.UnmarshalBinary(data); err != nil {
				t.Fatalf("UnmarshalBinary: %v", err)
			}
			if diff := cmp.Diff(p, &got); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
			if again := marshal(t, &got); !bytes.Equal(again, data) {
				t.Errorf("re-encoding differs")
			}
		})
	}
}

func TestDecodeVerifies(t *testing.T) {
	p := hydraProgram()
	got, err := vm.Decode(marshal(t, p))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("Decode (-want +got):\n%s", diff)
	}

	p.Funcs[0].MaxStack = 0
	_, err = vm.Decode(marshal(t, p))
	if want := "vm: invalid program: func 0: stack reaches depth 1 but MaxStack is 0"; err == nil || err.Error() != want {
		t.Errorf("Decode of an invalid program: %v, want %q", err, want)
	}
}

func TestEncodingIsDeterministic(t *testing.T) {
	a := marshal(t, hydraProgram())
	b := marshal(t, hydraProgram())
	if !bytes.Equal(a, b) {
		t.Fatal("two encodings of the same program differ")
	}
}

func TestNilAndEmptySlicesEncodeAlike(t *testing.T) {
	p := hydraProgram()
	p.Cards[0].Supertypes = []string{}
	p.Cards[1].Abilities[0].Targets = append(p.Cards[1].Abilities[0].Targets, vm.Target{Zone: vm.NoSymbol, Divide: vm.NoFunc}) // changes the bytes
	q := hydraProgram()
	q.Cards[0].Supertypes = nil
	if bytes.Equal(marshal(t, p), marshal(t, q)) {
		t.Fatal("different programs encode alike")
	}
	p.Cards[1].Abilities[0].Targets = p.Cards[1].Abilities[0].Targets[:1]
	if !bytes.Equal(marshal(t, p), marshal(t, q)) {
		t.Fatal("nil and empty slices encode differently")
	}
	var got vm.Program
	if err := got.UnmarshalBinary(marshal(t, p)); err != nil {
		t.Fatal(err)
	}
	if got.Cards[0].Supertypes != nil {
		t.Error("an empty list decodes as a non-nil slice")
	}
	if diff := cmp.Diff(p, &got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// TestDecodeFlippedByte changes each byte of a bundle, in each of a few
// ways: every change is an error, never a different program.
func TestDecodeFlippedByte(t *testing.T) {
	data := marshal(t, hydraProgram())
	for i := range data {
		for _, change := range []func(byte) byte{
			func(b byte) byte { return b ^ 0x01 },
			func(b byte) byte { return b ^ 0x80 },
			func(b byte) byte { return b + 1 },
			func(b byte) byte { return ^b },
		} {
			mutant := bytes.Clone(data)
			mutant[i] = change(mutant[i])
			if _, err := vm.Decode(mutant); err == nil {
				t.Fatalf("Decode of the bundle with byte %d changed from %#x to %#x: no error", i, data[i], mutant[i])
			}
		}
	}
}

func TestDecodeTruncated(t *testing.T) {
	data := marshal(t, hydraProgram())
	for n := range len(data) {
		if _, err := vm.Decode(data[:n]); err == nil {
			t.Fatalf("Decode of the first %d of %d bytes: no error", n, len(data))
		}
	}
}

// bundle is a header of the given version, with the checksum of body, then
// body: data that passes the checksum, to reach the decoder.
func bundle(version uint16, body ...byte) []byte {
	data := binary.LittleEndian.AppendUint16([]byte("CARDVM"), version)
	data = binary.LittleEndian.AppendUint32(data, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	return append(data, body...)
}

// noVocab encodes the zero Vocabulary: an empty name, versions 0, no hash.
var noVocab = []byte{0, 0, 0, 0}

// after returns a new slice: prefix, then rest.
func after(prefix []byte, rest ...byte) []byte { return append(bytes.Clone(prefix), rest...) }

func TestDecodeErrors(t *testing.T) {
	valid := marshal(t, hydraProgram())
	body := valid[12:len(valid):len(valid)]
	v := uint16(vm.FormatVersion)
	flipped := bytes.Clone(valid)
	flipped[len(flipped)/2] ^= 1
	badSum := bytes.Clone(valid)
	badSum[8]++
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "vm: not a cardvm program"},
		{"bad magic", append([]byte("CARDVX"), valid[6:]...), "vm: not a cardvm program"},
		{"text", []byte("card \"Protean Hydra\" {X}{G}\n"), "vm: not a cardvm program"},
		{"no version", []byte("CARDVM\x01"), "vm: decode: truncated format version"},
		{"newer version", bundle(v+1, body...), fmt.Sprintf("vm: cardvm format version %d, this package reads version %d", v+1, v)},
		{"older version", bundle(v-1, body...), fmt.Sprintf("vm: cardvm format version %d, this package reads version %d (which records the vocabulary a bundle was built against); rebuild the bundle from its .card files", v-1, v)},
		{"version 0", bundle(0), fmt.Sprintf("vm: cardvm format version 0, this package reads version %d", v)},
		{"no checksum", valid[:10], "truncated checksum"},
		{"byte flipped", flipped, "checksum mismatch"},
		{"checksum changed", badSum, "checksum mismatch"},
		{"trailing byte unsummed", append(bytes.Clone(valid), 0), "checksum mismatch"},
		{"trailing byte", bundle(v, append(bytes.Clone(body), 0)...), "trailing bytes"},
		{"huge count", bundle(v, after(noVocab, binary.AppendUvarint(nil, 1<<62)...)...), "elements cannot fit"},
		{"count just too big", bundle(v, after(noVocab, append(binary.AppendUvarint(nil, 2), make([]byte, 7)...)...)...), "elements cannot fit"},
		{"huge string", bundle(v, after(noVocab, binary.AppendUvarint([]byte{1, 1}, 1<<40)...)...), "string of 1099511627776 bytes"},
		{"bad boolean", bundle(v, after(noVocab, 1, 1, 0, 0, 2, 0, 0, 0, 0)...), "bad boolean 2"},
		{"int32 overflow", bundle(v, after(noVocab, append(binary.AppendVarint([]byte{0, 0, 1, 0}, 1<<31), 0, 0, 0, 0)...)...), "does not fit in an int32"},
		{"bad varint", bundle(v, after(noVocab, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)...), "bad or truncated varint"},
		{"huge vocabulary name", bundle(v, binary.AppendUvarint(nil, 1<<40)...), "string of 1099511627776 bytes"},
		{"vocabulary version overflow", bundle(v, append(binary.AppendVarint([]byte{1, 'x'}, 1<<31), 0, 0, 0, 0, 0, 0)...), "does not fit in an int32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p vm.Program
			err := p.UnmarshalBinary(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("UnmarshalBinary: %v, want %q", err, tt.want)
			}
			if _, err := vm.Decode(tt.data); err == nil {
				t.Fatal("Decode: no error")
			}
		})
	}
}

func TestUnmarshalErrorLeavesProgram(t *testing.T) {
	p := hydraProgram()
	data := marshal(t, p)
	if err := p.UnmarshalBinary(data[:len(data)-1]); err == nil {
		t.Fatal("UnmarshalBinary of truncated data: no error")
	}
	if diff := cmp.Diff(hydraProgram(), p); diff != "" {
		t.Errorf("failed UnmarshalBinary changed the program (-want +got):\n%s", diff)
	}
}

func TestMarshalNil(t *testing.T) {
	var p *vm.Program
	if _, err := p.MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a nil program: no error")
	}
}

// allocatedBy returns how many bytes f allocates.
// allocatedBy measures the bytes f allocates. The count is process-wide,
// so whatever else runs adds noise; f's own allocation is the same every
// time, and the fewest bytes of a few runs is it.
func allocatedBy(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for i := 0; i < 5; i++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

func TestDecodeAllocationIsBounded(t *testing.T) {
	v := uint16(vm.FormatVersion)
	tests := []struct {
		name string
		data []byte
	}{
		// A count far beyond the input.
		{"huge count", bundle(v, binary.AppendUvarint(nil, 1<<40)...)},
		// A count the input nearly holds: 100,000 symbols of 4 bytes claimed,
		// one byte missing.
		{"count one byte short", bundle(v, append(binary.AppendUvarint(nil, 100_000), make([]byte, 4*100_000-1)...)...)},
		// As many empty symbols as the input holds.
		{"many small symbols", bundle(v, append(binary.AppendUvarint(nil, 100_000), make([]byte, 4*100_000+3)...)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p vm.Program
			n := allocatedBy(func() { _ = p.UnmarshalBinary(tt.data) })
			// A Symbol is 32 bytes and encodes in 4: 8 bytes per byte of
			// input is justified, with room for the error and the runtime
			// (64 KiB: the huge count claims 2^40 symbols).
			if limit := 16*uint64(len(tt.data)) + 64<<10; n > limit {
				t.Errorf("decoding %d bytes allocated %d bytes, limit %d", len(tt.data), n, limit)
			}
		})
	}
}

// decodeAllocs decodes data and returns the error and the bytes the
// decoding allocated.
func decodeAllocs(t *testing.T, data []byte) (uint64, error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var p vm.Program
	err := p.UnmarshalBinary(data)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, err
}

// A bundle passes its checksum whoever made it: what it declares is
// bounded absolutely (MaxCards and the like, MaxBundleSize) and in the
// memory it decodes into (MaxDecodeRatio), checked before allocating
// (issue 18, item 6: 50 MB of bundle took 867 MB).
func TestDecodeBoundsWhatABundleDeclares(t *testing.T) {
	// 60,000 empty cards: 14 bytes each, more than 200 each in memory.
	empty, err := (&vm.Program{Cards: make([]vm.Card, 60000)}).MarshalBinary()
	require.NoError(t, err)
	allocated, err := decodeAllocs(t, empty)
	require.ErrorContains(t, err, "60000 cards would take")
	require.ErrorContains(t, err, "more than the 8 times its size a bundle may decode into")
	require.Less(t, allocated, uint64(64<<10), "the refused bundle was allocated")

	// More cards than a bundle may declare.
	tooMany, err := (&vm.Program{Cards: make([]vm.Card, vm.MaxCards+1)}).MarshalBinary()
	require.NoError(t, err)
	_, err = decodeAllocs(t, tooMany)
	require.ErrorContains(t, err, "65537 cards, more than the 65536 a bundle may declare")

	// More instructions in a function than MaxCode.
	code := make([]vm.Instr, vm.MaxCode+1)
	tooLong, err := (&vm.Program{Funcs: []vm.Func{{Name: "f", Code: code}}}).MarshalBinary()
	require.NoError(t, err)
	_, err = decodeAllocs(t, tooLong)
	require.ErrorContains(t, err, "65537 instructions, more than the 65536 a bundle may declare")

	// A bundle larger than MaxBundleSize is refused before its checksum.
	big := bundle(vm.FormatVersion, make([]byte, vm.MaxBundleSize)...)
	allocated, err = decodeAllocs(t, big)
	require.ErrorContains(t, err, "more than the 32 MiB a bundle may have")
	require.Less(t, allocated, uint64(64<<10))

	// Real cards decode within the bound: the library's bundle.
	lib := marshal(t, hydraProgram())
	allocated, err = decodeAllocs(t, lib)
	require.NoError(t, err)
	require.LessOrEqual(t, allocated, uint64(vm.MaxDecodeRatio*len(lib)+64<<10+4096))
}

// BenchmarkDecodeHostile measures the memory decoding takes of a bundle
// made to allocate: it is refused before it allocates.
func BenchmarkDecodeHostile(b *testing.B) {
	data, err := (&vm.Program{Cards: make([]vm.Card, 60000)}).MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var p vm.Program
		if p.UnmarshalBinary(data) == nil {
			b.Fatal("decoded")
		}
	}
}
