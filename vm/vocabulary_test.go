package vm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/vm"
)

// lacking is a Linker of a host that knows every name but those given.
func lacking(names ...string) vm.Linker {
	return vm.LinkerFunc(func(s vm.Symbol) (int32, error) {
		for _, n := range names {
			if s.Name == n {
				return 0, errors.New("no such name here")
			}
		}
		return 1, nil
	})
}

func TestCheckVocabulary(t *testing.T) {
	host := func(name string, major, minor int) vm.Vocabulary {
		return vm.Vocabulary{Name: name, Major: major, Minor: minor}
	}
	anonymous := hydraProgram()
	anonymous.Vocabulary = vm.Vocabulary{}
	tests := []struct {
		name   string
		prog   *vm.Program
		host   vm.Vocabulary
		linker vm.Linker
		want   string // "" for no error
	}{
		{"same version", hydraProgram(), hydraVocabulary, lacking(), ""},
		{"older minor host with every name", hydraProgram(), host("test.hydra", 1, 0), lacking(), ""},
		{"newer minor host", hydraProgram(), host("test.hydra", 1, 9), lacking(), ""},
		{"another hash, same version", hydraProgram(), vm.Vocabulary{Name: "test.hydra", Major: 1, Minor: 2, Hash: strings.Repeat("f", 64)}, lacking(), ""},
		{"newer major host", hydraProgram(), host("test.hydra", 2, 0), lacking(),
			"vm: bundle built against vocabulary test.hydra 1.2; this host implements 2.0: another major version, whose names or types may differ; rebuild the bundle against test.hydra 2.x, or use a host of test.hydra 1.x"},
		{"older major host", hydraProgram(), host("test.hydra", 0, 7), lacking(),
			"vm: bundle built against vocabulary test.hydra 1.2; this host implements 0.7: another major version, whose names or types may differ; rebuild the bundle against test.hydra 0.x, or use a host of test.hydra 1.x"},
		{"another vocabulary", hydraProgram(), host("acme.rules", 1, 2), lacking(),
			"vm: bundle built against vocabulary test.hydra 1.2; this host implements acme.rules 1.2: another vocabulary; compile the cards against acme.rules"},
		{"older minor host lacking names", hydraProgram(), host("test.hydra", 1, 1), lacking("prevent", "counter:+1/+1"),
			"vm: bundle built against vocabulary test.hydra 1.2; this host implements 1.1, and lacks 2 names the bundle uses:\n" +
				"\tfunc prevent/1: no such name here (used by Protean Hydra)\n" +
				"\tname counter:+1/+1: no such name here (used by Protean Hydra)"},
		{"no vocabulary recorded", anonymous, hydraVocabulary, lacking("damage.amount"),
			"vm: this host (vocabulary test.hydra 1.2) lacks 1 name the program uses:\n\tfield damage.amount: no such name here (used by Protean Hydra)"},
		{"no vocabulary recorded, every name", anonymous, hydraVocabulary, lacking(), ""},
		{"host names no vocabulary", hydraProgram(), vm.Vocabulary{}, lacking(),
			"vm: check vocabulary: the host names no vocabulary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := vm.CheckVocabulary(tt.prog, tt.host, tt.linker)
			if tt.want == "" {
				require.NoError(t, err, "CheckVocabulary")
				return
			}
			require.EqualError(t, err, tt.want, "CheckVocabulary")
		})
	}
}

func TestVocabularyErrorFields(t *testing.T) {
	err := vm.CheckVocabulary(hydraProgram(), vm.Vocabulary{Name: "test.hydra", Major: 1}, lacking("prevent"))
	var ve *vm.VocabularyError
	require.ErrorAs(t, err, &ve, "CheckVocabulary")
	const want = "VocabularyError: want prevent missing from test.hydra 1.2"
	assert.Empty(t, ve.Incompatible, want)
	if assert.Len(t, ve.Missing, 1, want) {
		assert.Equal(t, "prevent", ve.Missing[0].Symbol.Name, want)
	}
	assert.Equal(t, hydraVocabulary, ve.Bundle, want)
	assert.Error(t, vm.CheckVocabulary(nil, hydraVocabulary, lacking()), "CheckVocabulary(nil program)")
}

func TestVocabularyRoundTrips(t *testing.T) {
	data := marshal(t, hydraProgram())
	p, err := vm.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, hydraVocabulary, p.Vocabulary, "decoded vocabulary")
}
