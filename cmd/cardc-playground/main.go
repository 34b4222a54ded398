// Command cardc-playground serves the playground: a page where you write
// a card and its tests and see their diagnostics, their English and their
// tests' games, in a browser (package playground). `cardc playground`
// runs it.
//
// It is a program of its own, not a command compiled into cardc, so that
// cardc does not link net/http: the HTTP server and the cryptography it
// brings cost every start of a process about 2 ms on the project's
// machine, which every `cardc lint` in CI would pay for a command it never
// runs.
//
// Usage:
//
//	cardc-playground [-addr HOST:PORT] [-timeout D]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cardc/cardc/internal/version"
	"github.com/cardc/cardc/playground"
)

// Exit codes, as cardc's: 0 when it served and stopped, 2 for bad usage
// or an address it cannot listen on.
const (
	exitOK    = 0
	exitUsage = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := serve(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// serve runs the playground's server until ctx is done. It listens on the
// loopback interface unless -addr names another address, which it then
// warns about: the page runs whatever cards and tests it is sent.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("playground", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cardc playground [-addr HOST:PORT]\n\n"+
			"Serves a page where you write a card and its tests and see their diagnostics,\n"+
			"their English and their tests' games, in a browser. Lint, explain, fmt and\n"+
			"tests run in this process; the page is embedded in the program and fetches\n"+
			"nothing else.")
		fs.PrintDefaults()
	}
	addr := fs.String("addr", playground.DefaultAddr, "listen on `host:port`; a port of 0 picks a free one. Only the loopback interface unless you name another")
	timeout := fs.Duration("timeout", playground.DefaultTimeout, "the longest a request may run")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if !playground.IsLoopback(*addr) {
		fmt.Fprintf(stderr, "cardc playground: warning: -addr %s is not the loopback interface: anyone who reaches it can make this machine run their cards and tests\n", *addr)
	}
	srv, err := playground.New(playground.Options{Version: version.Cardc, Timeout: *timeout})
	if err != nil {
		fmt.Fprintf(stderr, "cardc playground: %v\n", err)
		return exitUsage
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "cardc playground: %v (-addr 127.0.0.1:0 picks a free port)\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "cardc playground: http://%s/ (Ctrl+C stops it)\n", browsable(l.Addr()))
	start := time.Now()
	if err := srv.Serve(ctx, l); err != nil {
		fmt.Fprintf(stderr, "cardc playground: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "cardc playground: stopped after %v\n", time.Since(start).Round(time.Second))
	return exitOK
}

// browsable is the address a browser opens for a listener's address: a
// listener on every interface is reached at 127.0.0.1.
func browsable(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if tcp.IP.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", fmt.Sprint(tcp.Port))
	}
	return tcp.String()
}
