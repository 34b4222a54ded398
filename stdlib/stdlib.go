// Package stdlib holds the standard vocabulary of the card language:
// event kinds, actions, queries, rules, card types, colors, zones, counter
// kinds and steps. It is written in the card language itself (the *.card
// files beside this one) and embedded. It is the one declaration of each
// name of the game: package vocab reads it for the compiler and the
// scenario runner, the rules core's name tables are generated from it
// (go generate ./..., kept current by a test), and dsl/VOCABULARY.md,
// the reference an embedder's host follows, is rendered from it.
// vocabulary.card says which vocabulary it is and its version, which
// every compiled bundle records (dsl/SPEC.md, Vocabulary versions).
package stdlib

import "embed"

// FS holds the vocabulary files.
//
//go:embed *.card
var FS embed.FS
