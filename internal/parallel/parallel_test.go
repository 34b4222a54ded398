package parallel

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
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
			require.EqualValues(t, 1, seen[i].Load(), "n=%d: times index %d was taken", n, i)
		}
		if n == 0 {
			require.Zero(t, workers.Load(), "n=0: workers made")
		}
		require.LessOrEqual(t, int(workers.Load()), max(n, 1), "n=%d: workers", n)
	}
}
