package workspace

import (
	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/scenario"
)

// parserCodes names and describes the parser's codes, as dsl/SPEC.md does
// (the parser, below the compiler, cannot use compiler.CodeInfo).
var parserCodes = []compiler.CodeInfo{
	{Code: parser.CodeSyntax, Name: "syntax", Summary: "a syntax error: what was found, what was expected"},
	{Code: parser.CodeBadChar, Name: "bad-char", Summary: "a character the language does not use"},
	{Code: parser.CodeUnterminated, Name: "unterminated", Summary: "a string or a `{` never closed"},
	{Code: parser.CodeNesting, Name: "nesting", Summary: "blocks and parentheses nested more than 100 levels deep"},
	{Code: parser.CodeEncoding, Name: "encoding", Summary: "a file that is not valid UTF-8"},
	{Code: parser.CodeEscape, Name: "escape", Summary: "a backslash escape text in quotes does not have (only `\\\"`, `\\\\`, `\\n`)"},
	{Code: parser.CodeTooMany, Name: "too-many", Summary: "more than 50 diagnostics in one file: the rest are not reported"},
	{Code: parser.CodeRange, Name: "range", Summary: "a number beyond 2^40, or a power/toughness beyond 2^31 - 1"},
	{Code: parser.CodeUnsupported, Name: "unsupported", Summary: "a construct the language does not have (yet), such as `activated`, `loyalty` or `equip`: the message says where SPEC lists what exists"},
	{Code: parser.CodeFormat, Name: "format", Summary: "the formatter could not print the file faithfully (a bug; the file is left alone)"},
	{Code: parser.CodeInternal, Name: "internal", Summary: "a failure of the parser itself"},
}

// AllCodes lists every diagnostic code cardc reports, with its name and
// summary: the parser's, the compiler's, the scenario tests' and the
// workspace's, in that order. Tools that describe each code (SARIF's
// rules) read it.
func AllCodes() []compiler.CodeInfo {
	var all []compiler.CodeInfo
	for _, list := range [][]compiler.CodeInfo{parserCodes, compiler.Codes, scenario.Codes, Codes} {
		all = append(all, list...)
	}
	return all
}
