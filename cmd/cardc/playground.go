package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
)

// playgroundProgram is the program that serves the playground
// (cmd/cardc-playground). cardc does not serve it itself: it would link
// net/http, whose start every run of cardc would pay for.
const playgroundProgram = "cardc-playground"

// servePlayground is `cardc playground [-addr HOST:PORT] [-timeout D]`: it
// runs cardc-playground, found beside cardc or on PATH, with the same
// arguments, standard streams and exit code. While it runs, cardc leaves
// an interrupt to it (Ctrl+C reaches both, and the playground stops).
func servePlayground(args []string, stdout, stderr io.Writer) int {
	path, err := findPlayground()
	if err != nil {
		fmt.Fprintf(stderr, "cardc playground: %v\n", err)
		return exitUsage
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	signal.Ignore(os.Interrupt, syscall.SIGTERM)
	defer signal.Reset(os.Interrupt, syscall.SIGTERM)
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	default:
		fmt.Fprintf(stderr, "cardc playground: %v\n", err)
		return exitUsage
	}
}

// findPlayground finds cardc-playground: beside the running cardc first
// (`go install ./cmd/...` puts them together), then on PATH.
func findPlayground() (string, error) {
	name := playgroundProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(self), name)
		if info, err := os.Stat(beside); err == nil && info.Mode().IsRegular() {
			return beside, nil
		}
	}
	if path, err := exec.LookPath(playgroundProgram); err == nil {
		return path, nil
	}
	return "", fmt.Errorf("the playground is the program %s, which is neither beside cardc nor on PATH: install it with `go install github.com/cardc/cardc/cmd/cardc-playground` (from a clone, `go install ./cmd/cardc-playground`)", playgroundProgram)
}
