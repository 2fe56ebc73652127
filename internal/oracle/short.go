package oracle

import "testing"

// Short reports whether a test runs in its quick form, with smaller counts
// and sizes or not at all: with -short, and in a build with the race
// detector, which makes every memory access cost many times as much (the
// full forms took more than the ten minutes of a package's test binary
// under -race on two busy cores). The race detector looks for accesses
// without synchronization, which the quick forms make as well; the full
// forms run without it.
func Short() bool { return testing.Short() || race }
