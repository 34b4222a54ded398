// Command table reads the output of `go test -bench Peers -benchmem`
// (any -count) on its standard input and prints the comparison table: one
// row per engine, in the order of the benchmark, with the median ns/op and
// allocs/op of its runs and its ratio to plain Go, such as
//
//	cardc         130.2 ns/op       0 allocs/op    2.3x
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "table:", err)
		os.Exit(1)
	}
}

// runs are the measures of one engine.
type runs struct {
	ns, allocs []float64
}

func run(in io.Reader, out io.Writer) error {
	var order []string
	byName := map[string]*runs{}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		name, ns, allocs, ok := parse(sc.Text())
		if !ok {
			continue
		}
		r := byName[name]
		if r == nil {
			r = &runs{}
			byName[name] = r
			order = append(order, name)
		}
		r.ns = append(r.ns, ns)
		r.allocs = append(r.allocs, allocs)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	base, ok := byName["go"]
	if !ok {
		return fmt.Errorf("no result for plain Go (BenchmarkPeers/go) in the input")
	}
	goNs := median(base.ns)
	fmt.Fprintf(out, "%-12s %12s %14s %8s\n", "engine", "time", "allocations", "vs go")
	for _, name := range order {
		r := byName[name]
		ns := median(r.ns)
		fmt.Fprintf(out, "%-12s %9.1f ns/op %5.0f allocs/op %7.1fx\n", name, ns, median(r.allocs), ns/goNs)
	}
	return nil
}

// parse reads a result line such as
// "BenchmarkPeers/cardc-2  5265063  263.9 ns/op  0 B/op  0 allocs/op".
func parse(line string) (name string, ns, allocs float64, ok bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "BenchmarkPeers/") {
		return "", 0, 0, false
	}
	name = strings.TrimPrefix(f[0], "BenchmarkPeers/")
	if i := strings.LastIndexByte(name, '-'); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	ns, allocs = -1, 0
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return "", 0, 0, false
		}
		switch f[i+1] {
		case "ns/op":
			ns = v
		case "allocs/op":
			allocs = v
		}
	}
	return name, ns, allocs, ns >= 0
}

// median returns the median of xs (not empty).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
