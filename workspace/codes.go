package workspace

import (
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
)

// AllCodes lists every diagnostic code cardc reports, with its name and
// summary: the parser's, the compiler's, the scenario tests' and the
// workspace's, in that order. Tools that describe each code (SARIF's
// rules) read it.
func AllCodes() []dsl.CodeInfo {
	var all []dsl.CodeInfo
	for _, list := range [][]dsl.CodeInfo{parser.Codes, compiler.Codes, scenario.Codes, Codes} {
		all = append(all, list...)
	}
	return all
}
