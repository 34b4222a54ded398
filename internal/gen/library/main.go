// Command library writes a large card library for measuring the front end
// (package internal/libgen): N cards, about 100 a file, made from the
// cards of the standard library in turn, each under a name of its own.
//
//	go run ./internal/gen/library -n 30000 DIR
//
// The output lints clean: it is a realistic library of Forge's size, not a
// fuzz corpus.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cardc/cardc/internal/libgen"
)

func main() {
	n := flag.Int("n", 30000, "how many cards to write")
	perFile := flag.Int("per-file", 100, "how many cards in each file")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/gen/library [-n N] [-per-file N] DIR\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *n < 0 || *perFile < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := libgen.Write(flag.Arg(0), *n, *perFile); err != nil {
		fmt.Fprintf(os.Stderr, "library: %v\n", err)
		os.Exit(1)
	}
}
