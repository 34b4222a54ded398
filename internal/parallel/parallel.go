// Package parallel runs the iterations of a loop on as many goroutines as
// there are CPUs: the workspace reads and parses files with it, the
// compiler checks cards with it. Results go into slices by index, so the
// order of what a caller reports stays that of the loop.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Do calls do(i) for each i in [0, n), on as many goroutines as there are
// CPUs, and returns when every call has.
func Do(n int, do func(i int)) {
	With(n, func() func(int) { return do })
}

// With is Do with state of each goroutine's own: each goroutine calls
// worker once, and the function it returns for each i it takes. With one
// CPU or one iteration, no goroutine is started (a lint of one card: a new
// goroutine's small stack would be grown again and again by the parser).
func With(n int, worker func() func(i int)) {
	if n <= 0 {
		return
	}
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		do := worker()
		for i := range n {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		do := worker()
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				do(i)
			}
		})
	}
	wg.Wait()
}
