// Package vscode is the VS Code extension of the card language, as far as
// Go sees it: its TextMate grammar, embedded, so that every tool that
// highlights card files (cardc playground's page) uses this one file, the
// one the extension's package.json names. The extension itself is
// JavaScript (extension.js) and needs none of this.
package vscode

import _ "embed"

// Grammar is syntaxes/card.tmLanguage.json, the TextMate grammar of the
// card language (scope source.card), byte for byte.
//
//go:embed syntaxes/card.tmLanguage.json
var Grammar []byte

// GrammarPath is where Grammar is, from this directory.
const GrammarPath = "syntaxes/card.tmLanguage.json"
