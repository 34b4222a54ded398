package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cardc/cardc/internal/golden"
)

// TestMain makes the test binary double as cardc, so the scripts run the
// real command in a process of its own.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"cardc": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scripts of testdata/script. Besides the
// standard commands, a script has
//
//	exitcode N PROG [ARGS...]   run PROG and check that it exits with status N
//	truncate FILE N             cut FILE down to its first N bytes
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                "testdata/script",
		UpdateScripts:      *golden.Update, // -update rewrites the scripts' golden files
		RequireUniqueNames: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitCode,
			"truncate": cmdTruncate,
		},
	})
}

// cmdExitCode runs a program, as exec does, and checks its exit status:
// `! exec` only tells a failure from a success, and the contract tells
// findings (1) from bad usage (2).
func cmdExitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdTruncate cuts a file down to its first N bytes, to make broken bundles
// out of good ones.
func cmdTruncate(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! truncate")
	}
	if len(args) != 2 {
		ts.Fatalf("usage: truncate FILE N")
	}
	n, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil {
		ts.Fatalf("truncate: bad size %q", args[1])
	}
	ts.Check(os.Truncate(ts.MkAbs(args[0]), n))
}
