//go:build unix

package workspace_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used so far, user and
// system: on a machine shared with others, a steadier measure of work
// than the wall clock.
func cpuTime() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
