package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cardc/cardc/playground"
)

// servePlayground runs the playground's server (package playground) until
// it is interrupted. It listens on the loopback interface unless -addr
// names another address, which it then warns about: the page runs
// whatever cards and tests it is sent.
func servePlayground(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return playgroundUntil(ctx, args, stdout, stderr)
}

// playgroundUntil is servePlayground until ctx is done, for tests.
func playgroundUntil(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flags("playground", stderr, "[-addr HOST:PORT]\n\n"+
		"Serves a page where you write a card and its tests and see their diagnostics,\n"+
		"their English and their tests' games, in a browser. Lint, explain, fmt and\n"+
		"tests run in this process; the page is embedded in cardc and fetches nothing\n"+
		"else.\n")
	addr := fs.String("addr", playground.DefaultAddr, "listen on `host:port`; a port of 0 picks a free one. Only the loopback interface unless you name another")
	timeout := fs.Duration("timeout", playground.DefaultTimeout, "the longest a request may run")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if !playground.IsLoopback(*addr) {
		fmt.Fprintf(stderr, "cardc playground: warning: -addr %s is not the loopback interface: anyone who reaches it can make this machine run their cards and tests\n", *addr)
	}
	srv, err := playground.New(playground.Options{Version: Version, Timeout: *timeout})
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
