// Package timing holds the module's check of time: whether an operation
// does linear work on hostile inputs, told by the CPU time it takes on an
// input and on one eight times as long (CheckLinear, CheckFamilies). It is
// used by tests only.
//
// Time depends on the machine and on what else runs on it, and the checks
// take seconds, so they form a tier of their own, the checks of linear
// work in full, that runs when asked:
//
//	GOURI_TIMING=1 go test -run Linear ./...
//
// Every test that measures time calls Tier first, which skips it in any
// other run with a line that says how to run it, and in a build with the
// race detector. Such tests are named with "LinearTime", so that the
// command above selects all of them; TestTimingTier in
// internal/tree/deps_test.go holds every test of the module to both rules.
//
// The checks of work by counts stay in internal/oracle, beside the hostile
// inputs that they are run on: oracle.HostileLinear compares the bytes and
// allocations of an input with those of one twice as long. Counts are the
// same on any machine under any load, so they run in every go test, on
// inputs a quarter of their full size; the tier runs them at full size, up
// to a megabyte (oracle.HostileDiv).
package timing

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the tier on when it is "1":
// the checks of time run, and oracle.HostileDiv gives the full sizes.
const Env = "GOURI_TIMING"

// Tier skips tb, a check of time, unless the environment variable Env is
// "1", saying how to run it; and in a build with the race detector, whose
// cost per memory access grows in steps with the memory in use (its shadow
// memory): from an input of 64 KiB to one of 512 KiB the cost of a byte
// jumps, and the ratio measures the detector, not the code (the root's
// TestLinearTime failed in 3 of 4 runs under -race). The work is still
// checked there by the allocations it makes (oracle.HostileLinear). Every
// test that calls a function of this package calls Tier first.
func Tier(tb testing.TB) {
	tb.Helper()
	switch {
	case os.Getenv(Env) != "1":
		tb.Skip("a check of time: run " + Env + "=1 go test -run Linear ./...")
	case Race:
		tb.Skip("a check of time: the race detector's cost per byte is not linear in the input")
	}
}
