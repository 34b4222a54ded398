//go:build cardc_parse_stdlib

package vocab

import "github.com/cardc/cardc/stdlib"

// standard reads the standard vocabulary from the stdlib's files. This is
// the build that regenerates standard_gen.go, which the default build
// uses instead: go generate ./vocab.
func standard() (*Vocab, error) { return Load(stdlib.FS) }
