package parser

import "github.com/cardc/cardc/dsl"

// Codes names and describes the parser's diagnostic codes, as dsl/SPEC.md
// does.
var Codes = []dsl.CodeInfo{
	{Code: CodeSyntax, Name: "syntax", Summary: "a syntax error: what was found, what was expected"},
	{Code: CodeBadChar, Name: "bad-char", Summary: "a character the language does not use"},
	{Code: CodeUnterminated, Name: "unterminated", Summary: "a string or a `{` never closed"},
	{Code: CodeNesting, Name: "nesting", Summary: "blocks and parentheses nested more than 100 levels deep"},
	{Code: CodeEncoding, Name: "encoding", Summary: "a file that is not valid UTF-8"},
	{Code: CodeEscape, Name: "escape", Summary: "a backslash escape text in quotes does not have (only `\\\"`, `\\\\`, `\\n`)"},
	{Code: CodeTooMany, Name: "too-many", Summary: "more than 50 diagnostics in one file: the rest are not reported"},
	{Code: CodeRange, Name: "range", Summary: "a number beyond 2^40, or a power/toughness beyond 2^31 - 1"},
	{Code: CodeUnsupported, Name: "unsupported", Summary: "a construct the language does not have (yet), such as `activated`, `kicker` or `crew`: the message says where SPEC lists what exists"},
	{Code: CodeFormat, Name: "format", Summary: "the formatter could not print the file faithfully (a bug; the file is left alone)"},
	{Code: CodeInternal, Name: "internal", Summary: "a failure of the parser itself"},
}
