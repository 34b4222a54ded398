// Command coretables writes the rules core's tables of names (core's
// vocab_gen.go) from the standard vocabulary, so that the names of the game
// are declared once, in stdlib/*.card. Package core runs it with
// `go generate ./core`; a test of core fails when the file is stale.
//
// Usage:
//
//	coretables [-o file]
//
// It writes vocab_gen.go in the current directory unless -o says otherwise.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cardc/cardc/internal/gen/coretables/tables"
)

func main() {
	out := flag.String("o", "vocab_gen.go", "the file to write")
	flag.Parse()
	src, err := tables.Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "coretables:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "coretables:", err)
		os.Exit(1)
	}
}
