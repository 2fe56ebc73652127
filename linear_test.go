package uri_test

import (
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri"
)

// This file checks by time that operations do linear work on hostile
// inputs: each runs on an input of size n and on one of size 8n from the
// same family, and the second may take at most growthLimit times as long.
// Linear work gives a ratio near 8 (a little more when the larger input
// leaves a cache), quadratic work near 64. Each time is the best of several
// runs, since other work on the machine only ever adds time, and a ratio
// above the limit is measured again before it counts, so that a burst of
// noise does not fail the test while quadratic work fails every time.
// TestLinearCheckCatchesQuadratic shows that the check tells the two apart.

// growthLimit is the largest accepted time(8n)/time(n).
const growthLimit = 20

// linearSize is n, the size of the smaller input.
const linearSize = 64 << 10

// linearOps are the operations measured, one row each, with a name and a
// func(string) that parses its own input where it needs a URI; a row moves
// with the function it measures.
var linearOps = []struct {
	name string
	run  func(string)
}{
	{"Parse", func(s string) { _, _ = uri.Parse(s) }},
	{"ParseIRI", func(s string) { _, _ = uri.ParseIRI(s) }},
	{"Resolve, as reference", func(s string) { _, _ = uri.Resolve("http://a/b/c/d;p?q", s) }},
	{"Resolve, as base", func(s string) { _, _ = uri.Resolve(s, "../../g;x?y#s") }},
	{"Normalize", func(s string) { _, _ = uri.Normalize(s) }},
	{"ToIRI", func(s string) {
		if u, err := uri.ParseIRI(s); err == nil {
			u.ToIRI()
		}
	}},
	{"Unescape", func(s string) { _, _ = uri.Unescape(s, uri.EscapePath) }},
	{"ParseLegacy RFC1738", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC1738) }},
	{"ParseLegacy RFC1808", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC1808) }},
	{"ParseLegacy RFC2068", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC2068) }},
	{"ParseLegacy RFC2396", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC2396) }},
	{"ParseLegacy RFC2732", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC2732) }},
	{"ParseLegacy RFC2616", func(s string) { _, _, _ = uri.ParseLegacy(s, uri.RFC2616) }},
}

// linearInputs are families of hostile inputs: build(n) returns one of
// about n bytes.
var linearInputs = []struct {
	name  string
	build func(n int) string
}{
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
}

// minBatch is the least time a timed batch of calls lasts, so that the
// clock's resolution does not matter.
const minBatch = 500 * time.Microsecond

// timePerCall returns the least time per call of f(s) over runs batches.
// The garbage collector runs between batches and not during them: the cost
// of a collection follows the live heap, not the operation, and a single
// call on a large input that allocates more than the heap's headroom would
// pay a whole cycle that the calls on a small input share. The allocations
// themselves are bounded by TestHostileLinear, which counts them.
func timePerCall(f func(string), s string, runs int) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	reps := 1
	for {
		start := time.Now()
		for range reps {
			f(s)
		}
		if time.Since(start) >= minBatch || reps >= 1<<20 {
			break
		}
		reps *= 2
	}
	best := math.Inf(1)
	for range runs {
		runtime.GC() // start each batch with the same heap
		start := time.Now()
		for range reps {
			f(s)
		}
		best = min(best, float64(time.Since(start))/float64(reps))
	}
	return best
}

// growth returns time(8n)/time(n) for f on the inputs build(n) and
// build(8n), each time the best of 5 runs.
func growth(f func(string), build func(int) string, n int) float64 {
	small, large := build(n), build(8*n)
	ts := timePerCall(f, small, 5)
	tl := timePerCall(f, large, 5)
	return tl / max(ts, 1)
}

// checkLinear measures the growth of f, up to three times while it is
// above growthLimit, and returns the least ratio seen and whether it is
// within the limit.
func checkLinear(f func(string), build func(int) string, n int) (ratio float64, ok bool) {
	ratio = math.Inf(1)
	for range 3 {
		ratio = min(ratio, growth(f, build, n))
		if ratio <= growthLimit {
			return ratio, true
		}
	}
	return ratio, false
}

func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("measures times for several seconds; skipped with -short")
	}
	for _, op := range linearOps {
		for _, in := range linearInputs {
			if ratio, ok := checkLinear(op.run, in.build, linearSize); !ok {
				t.Errorf("%s on %s: time for %d bytes / time for %d bytes = %.1f, more than %d: not linear",
					op.name, in.name, 8*linearSize, linearSize, ratio, growthLimit)
			}
		}
	}
}

// quadraticParse is a deliberately quadratic use of Parse: it parses every
// prefix of s.
func quadraticParse(s string) {
	for i := range len(s) + 1 {
		_, _ = uri.Parse(s[:i])
	}
}

// TestLinearCheckCatchesQuadratic tests the check itself: it must report
// quadraticParse, and pass Parse on the same inputs. The inputs are small
// so that the quadratic work stays quick (under a second), and the test runs
// with -short too.
func TestLinearCheckCatchesQuadratic(t *testing.T) {
	const n = 1 << 10
	build := linearInputs[3].build // run of %41
	if ratio, ok := checkLinear(quadraticParse, build, n); ok {
		t.Errorf("checkLinear passes quadratic work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("quadratic: time(8n)/time(n) = %.1f", ratio)
	}
	if ratio, ok := checkLinear(func(s string) { _, _ = uri.Parse(s) }, build, n); !ok {
		t.Errorf("checkLinear fails linear work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("linear: time(8n)/time(n) = %.1f", ratio)
	}
}
