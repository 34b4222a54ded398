// Package imports reads the import graph of this module's packages from
// their source, with go/build and whatever their build constraints say (a
// file left out by a tag may still be built with it), so that a test can
// hold a package to what it must not link: the language server does not
// link the rules core.
package imports

import (
	"fmt"
	"go/build"
	"path/filepath"
	"strings"
)

// Module is the path of this module.
const Module = "github.com/cardc/cardc"

// Chain returns a chain of imports from the package from to the package
// to, both of this module, as their import paths ("github.com/cardc/cardc/lsp",
// ..., to), or nil if from does not import to, directly or not. Only the
// non-test files of the packages count; root is the module's directory.
func Chain(root, from, to string) ([]string, error) {
	ctx := build.Default
	ctx.UseAllFiles = true // every file, whatever its build constraints
	parent := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		if pkg == to {
			var chain []string
			for p := pkg; p != ""; p = parent[p] {
				chain = append([]string{p}, chain...)
			}
			return chain, nil
		}
		rel, ok := strings.CutPrefix(pkg, Module)
		if !ok {
			continue // the standard library or another module's package
		}
		p, err := ctx.ImportDir(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/"))), build.ImportComment)
		if err != nil {
			return nil, fmt.Errorf("imports: %s: %w", pkg, err)
		}
		for _, imp := range p.Imports {
			if _, seen := parent[imp]; !seen {
				parent[imp] = pkg
				queue = append(queue, imp)
			}
		}
	}
	return nil, nil
}
