//go:build cardc_parse_stdlib

package vocab

import "github.com/cardc/cardc/stdlib"

// standard reads the standard vocabulary from the stdlib's files. This is
// the build of the generator that writes standard_gen.go (go generate
// ./..., internal/gen), which the default build uses instead.
func standard() (*Vocab, error) { return Load(stdlib.FS) }
