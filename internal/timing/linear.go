package timing

import (
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// The check of this file tells by time whether an operation does linear
// work on hostile inputs: it runs on an input of size n and on one of size
// 8n from the same family, and the second may take at most GrowthLimit
// times as long. Linear work gives a ratio near 8 (a little more when the
// larger input leaves a cache), quadratic work near 64. Each time is the
// best of several runs, since other work on the machine only ever adds
// time, and a ratio above the limit is measured again before it counts, so
// that a burst of noise does not fail a test while quadratic work fails
// every time.

// GrowthLimit is the largest accepted time(8n)/time(n).
const GrowthLimit = 20

// LinearSize is the n that the tests use, the size of the smaller input.
const LinearSize = 64 << 10

// Family is a family of hostile inputs: Build(n) returns one of about n
// bytes.
type Family struct {
	Name  string
	Build func(n int) string
}

// Families are the input families of the time checks of every package.
var Families = []Family{
	{"../ segments", func(n int) string { return "http://h/" + strings.Repeat("../", n/3) + "g" }},
	{"dot segments", func(n int) string { return "http://h/" + strings.Repeat("a/./../", n/7) + "g" }},
	{"encoded dot segments", func(n int) string { return "http://h/" + strings.Repeat("x/%2E%2e/", n/9) }},
	{"run of %41", func(n int) string { return "http://h/" + strings.Repeat("%41", n/3) }},
	{"colons before @", func(n int) string { return "http://" + strings.Repeat(":", n) + "@h/" }},
	{"colons without @", func(n int) string { return "http://" + strings.Repeat("a:", n/2) + "/" }},
	{"@ in authority", func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" }},
	{"IRI with non-ASCII", func(n int) string {
		return "http://例え.jp/" + strings.Repeat("パス/", n/10) + "?" + strings.Repeat("é", n/4)
	}},
	{"encoded UTF-8", func(n int) string { return "http://h/" + strings.Repeat("%E3%83%91/", n/10) }},
	{"long query", func(n int) string { return "http://h/p?" + strings.Repeat("k=v&", n/4) }},
	{"segment parameters", func(n int) string { return "ftp://h/" + strings.Repeat("a;type=d/", n/9) }},
	{"national characters", func(n int) string { return "http://h/" + strings.Repeat("{|}^", n/4) }},
	{"tabs and newlines", func(n int) string { return "http://h/" + strings.Repeat("a\t\n", n/3) }},
}

// minBatch is the least time a timed batch of calls lasts, so that the
// clock's resolution does not matter.
const minBatch = 500 * time.Microsecond

// batchSize returns how many calls of f(s) take at least minBatch.
func batchSize(f func(string), s string) int {
	reps := 1
	for {
		start := threadTime()
		for range reps {
			f(s)
		}
		if threadTime()-start >= minBatch || reps >= 1<<20 {
			return reps
		}
		reps *= 2
	}
}

// timePerCall returns the time per call of f(s) over a batch of reps
// calls. The garbage collector runs before the batch, and not during it
// when the caller has turned it off: the cost of a collection follows the
// live heap, not the operation, and a single call on a large input that
// allocates more than the heap's headroom would pay a whole cycle that the
// calls on a small input share. The allocations themselves are bounded by
// the tests that use Measure.
func timePerCall(f func(string), s string, reps int) float64 {
	runtime.GC() // start each batch with the same heap
	start := threadTime()
	for range reps {
		f(s)
	}
	return float64(threadTime()-start) / float64(reps)
}

// growth returns time(8n)/time(n) for f on the inputs build(n) and
// build(8n), each time the best of 5 batches. The batches of the two
// inputs alternate, so that a burst of other work on the machine falls on
// both alike rather than on the five batches of one; and the time is the
// CPU time of the thread that makes the calls (threadTime), where the
// system tells it, so that the time the thread waits while the machine
// runs other work does not count.
func growth(f func(string), build func(int) string, n int) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	small, large := build(n), build(8*n)
	rs, rl := batchSize(f, small), batchSize(f, large)
	ts, tl := math.Inf(1), math.Inf(1)
	for range 5 {
		ts = min(ts, timePerCall(f, small, rs))
		tl = min(tl, timePerCall(f, large, rl))
	}
	return tl / max(ts, 1)
}

// CheckLinear measures the growth of f from build(n) to build(8n), up to
// three times while it is above GrowthLimit, and returns the least ratio
// seen and whether it is within the limit.
func CheckLinear(f func(string), build func(int) string, n int) (ratio float64, ok bool) {
	ratio = math.Inf(1)
	for range 3 {
		ratio = min(ratio, growth(f, build, n))
		if ratio <= GrowthLimit {
			return ratio, true
		}
	}
	return ratio, false
}

// CheckFamilies checks f, the operation name, with CheckLinear on every
// family of Families at LinearSize, and reports each family on which it is
// not linear as an error of tb.
func CheckFamilies(tb testing.TB, name string, f func(string)) {
	tb.Helper()
	for _, in := range Families {
		if ratio, ok := CheckLinear(f, in.Build, LinearSize); !ok {
			tb.Errorf("%s on %s: time for %d bytes / time for %d bytes = %.1f, more than %d: not linear",
				name, in.Name, 8*LinearSize, LinearSize, ratio, GrowthLimit)
		}
	}
}
