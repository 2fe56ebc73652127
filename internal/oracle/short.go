package oracle

import (
	"os"
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// Short reports whether a test runs in its quick form, with smaller counts
// and sizes or not at all: with -short, and in a build with the race
// detector, which makes every memory access cost many times as much (the
// full forms took more than the ten minutes of a package's test binary
// under -race on two busy cores). The race detector looks for accesses
// without synchronization, which the quick forms make as well; the full
// forms run without it.
func Short() bool { return testing.Short() || timing.Race }

// HostileDiv is what the sizes of the hostile inputs (Hostile, and the
// shapes of other packages) are divided by for HostileLinear in this run:
// 16 in a short run (see Short); 1, the sizes as written (up to a
// megabyte), in the tier of the checks of linear work that
// GOURI_TIMING=1 go test -run Linear ./... runs (see package timing); and
// 4 in any other run. The counts tell linear work from quadratic at each
// of these sizes: a quadratic cost of even a byte per pair of repetitions
// grows four times for twice the input, far past the slack of Linear. The
// full sizes are for what only a large input meets.
func HostileDiv() int {
	switch {
	case Short():
		return 16
	case os.Getenv(timing.Env) == "1":
		return 1
	}
	return 4
}
