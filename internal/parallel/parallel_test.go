package parallel

import (
	"sync/atomic"
	"testing"
)

// TestEveryIndexOnce checks that each index is taken exactly once, with
// any number of iterations, and that each goroutine's worker is called
// once per goroutine at most.
func TestEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		seen := make([]atomic.Int32, n)
		var workers atomic.Int32
		With(n, func() func(int) {
			workers.Add(1)
			return func(i int) { seen[i].Add(1) }
		})
		for i := range seen {
			if got := seen[i].Load(); got != 1 {
				t.Fatalf("n=%d: index %d taken %d times", n, i, got)
			}
		}
		if n == 0 && workers.Load() != 0 {
			t.Fatalf("n=0: %d workers made", workers.Load())
		}
		if w := workers.Load(); int(w) > max(n, 1) {
			t.Fatalf("n=%d: %d workers", n, w)
		}
	}
}
