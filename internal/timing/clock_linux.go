//go:build linux

package timing

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the CPU time of
// the calling thread, to the nanosecond (getrusage's RUSAGE_THREAD counts
// in scheduler ticks here, too coarse for a batch of half a millisecond).
const clockThreadCPUTime = 3

// threadTime returns the CPU time that the calling OS thread has used.
// Time during which other work on the machine runs instead of the thread
// is not in it, which a wall clock counts.
func threadTime() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
