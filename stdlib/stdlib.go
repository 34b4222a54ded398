// Package stdlib holds the standard vocabulary of the card language:
// event kinds, actions, queries, rules, card types, colors, zones, counter
// kinds and steps. It is written in the card language itself (the *.card
// files beside this one) and embedded, so that the compiler, the rules core
// and an embedder's own host all read the same names.
package stdlib

import "embed"

// FS holds the vocabulary files.
//
//go:embed *.card
var FS embed.FS
