package main

import (
	"io"
	"os"

	"github.com/cardc/cardc/lsp"
)

// languageServer runs the language server over stdin and stdout until the
// client says exit (package lsp).
func languageServer(args []string, stdout, stderr io.Writer) int {
	fs := flags("lsp", stderr, "")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	return lsp.Serve(os.Stdin, stdout, lsp.Options{Version: Version, Log: stderr})
}
