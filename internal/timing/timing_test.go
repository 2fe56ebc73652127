package timing_test

import (
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// sink keeps the sums of the measured functions, so that the compiler
// cannot drop the work.
var sink int

// sum is linear work: it reads each byte of s once.
func sum(s string) {
	for i := 0; i < len(s); i++ {
		sink += int(s[i])
	}
}

// sumPrefixes is quadratic work: it sums every prefix of s.
func sumPrefixes(s string) {
	for i := range len(s) + 1 {
		sum(s[:i])
	}
}

// TestLinearTimeCatchesQuadratic tests the check itself: it must report
// quadratic work and pass linear work on the same inputs, which are small
// so that the quadratic work stays quick.
func TestLinearTimeCatchesQuadratic(t *testing.T) {
	timing.Tier(t)
	const n = 1 << 10
	build := timing.Families[3].Build // run of %41
	if ratio, ok := timing.CheckLinear(sumPrefixes, build, n); ok {
		t.Errorf("CheckLinear passes quadratic work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("quadratic: time(8n)/time(n) = %.1f", ratio)
	}
	if ratio, ok := timing.CheckLinear(sum, build, n); !ok {
		t.Errorf("CheckLinear fails linear work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("linear: time(8n)/time(n) = %.1f", ratio)
	}
}

// TestTierSkips: without the environment variable, a check of time is
// skipped.
func TestTierSkips(t *testing.T) {
	t.Setenv(timing.Env, "")
	var ran bool
	t.Run("check", func(t *testing.T) {
		timing.Tier(t)
		ran = true
	})
	if ran {
		t.Errorf("Tier with %s unset did not skip", timing.Env)
	}
}
