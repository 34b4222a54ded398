package main

import (
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	in := `goos: linux
BenchmarkPeers/cardc-2         	 5265063	       260.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/go-2            	25394064	        50.00 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/expr-2          	  957652	      2000 ns/op	     407 B/op	      17 allocs/op
BenchmarkPeers/cardc-2         	 5265063	       240.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/go-2            	25394064	        70.00 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/expr-2          	  957652	      2400 ns/op	     407 B/op	      19 allocs/op
BenchmarkPeers/cardc-2         	 5265063	       100.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/go-2            	25394064	        40.00 ns/op	       0 B/op	       0 allocs/op
BenchmarkPeers/expr-2          	  957652	      2200 ns/op	     407 B/op	      18 allocs/op
PASS
`
	var out strings.Builder
	if err := run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := `engine               time    allocations    vs go
cardc            240.0 ns/op     0 allocs/op     4.8x
go                50.0 ns/op     0 allocs/op     1.0x
expr            2200.0 ns/op    18 allocs/op    44.0x
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestTableNeedsPlainGo(t *testing.T) {
	in := "BenchmarkPeers/cardc-2  10  260.0 ns/op  0 B/op  0 allocs/op\n"
	if err := run(strings.NewReader(in), &strings.Builder{}); err == nil {
		t.Fatal("no error without a plain Go row")
	}
}
