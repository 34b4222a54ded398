// Package compiled is the card library of package cards compiled: to
// bytecode (Program), to run on any host, and linked to the rules core
// (Library), ready for games. Package cards holds the library's sources
// and names and links neither the compiler's output nor the rules core,
// so that a tool that only reads cards (the language server) does not
// link the rules engine.
package compiled

import (
	"fmt"
	"sync"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/core"
	"github.com/cardc/cardc/vm"
)

var (
	once    sync.Once
	program *vm.Program
	library *core.Library
	loadErr error
)

// Program returns the library compiled to bytecode. It is compiled once;
// any error in a card is an error of the whole library. The program is
// shared by every caller and by Library: it must not be modified (link it,
// run it, encode it; copy it with vm.Decode of its encoding to change it).
func Program() (*vm.Program, error) {
	once.Do(load)
	return program, loadErr
}

// Library returns the library linked to the rules core, ready for games. It
// is immutable and safe to share: any number of games, in any number of
// goroutines, may use it at once.
func Library() (*core.Library, error) {
	once.Do(load)
	return library, loadErr
}

func load() {
	files, diags, err := cards.Files()
	if err != nil {
		loadErr = err
		return
	}
	prog, cdiags := compiler.Compile(files)
	diags = append(diags, cdiags...)
	if diags.HasErrors() {
		loadErr = fmt.Errorf("cards: %w", diags)
		return
	}
	program = prog
	library, loadErr = core.NewLibrary(prog)
}
