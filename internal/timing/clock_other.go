//go:build !linux

package timing

import "time"

// threadTime returns the wall-clock time: a system without Linux's
// RUSAGE_THREAD has no portable clock of a thread's CPU time.
func threadTime() time.Duration {
	return time.Duration(time.Now().UnixNano())
}
