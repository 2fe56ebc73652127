package dataurl_test

import (
	"io"
	"strings"
	"testing"

	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/mimetype"
)

// hostileShapes are data: URLs built from n repetitions of something that
// a careless decoder pays for more than once, or allocates for before it
// refuses.
var hostileShapes = []oracle.HostileShape{
	{"plain base64", 1 << 20, func(n int) string { return "data:;base64," + strings.Repeat("QUFB", n/4) }},
	{"base64 with whitespace", 1 << 19, func(n int) string { return "data:;base64," + strings.Repeat("QU FB\n", n/6) }},
	{"percent-encoded base64", 1 << 19, func(n int) string { return "data:;base64," + strings.Repeat("%51%55%46%42", n/12) }},
	{"base64, then a bad byte", 1 << 20, func(n int) string { return "data:;base64," + strings.Repeat("QUFB", n/4) + "!" }},
	{"base64 of 4n+1 characters", 1 << 20, func(n int) string { return "data:;base64," + strings.Repeat("QUFB", n/4) + "Q" }},
	{"spaces, then a control", 1 << 20, func(n int) string { return "data:;base64,QQ" + strings.Repeat(" ", n) + "\x01A" }},
	{"text", 1 << 20, func(n int) string { return "data:," + strings.Repeat("a", n) }},
	{"percent-encoded text", 1 << 19, func(n int) string { return "data:," + strings.Repeat("%41", n/3) }},
	{"lone percent signs", 1 << 20, func(n int) string { return "data:," + strings.Repeat("%", n) }},
	{"non-ASCII", 1 << 19, func(n int) string { return "data:," + strings.Repeat("é\xff\xf0\x9f", n/6) }},
	{"ill-formed UTF-8", 1 << 20, func(n int) string { return "data:," + strings.Repeat("\xff", n) }},
	{"a MIME type of non-ASCII", 1 << 19, func(n int) string { return "data:" + strings.Repeat("é", n/2) + ",x" }},
	{"tabs and newlines", 1 << 19, func(n int) string { return "data:;base64," + strings.Repeat("Q\tU\nF\rB", n/8) }},
	{"many parameters", 50000, func(n int) string { return "data:text/plain" + strings.Repeat(";a=b", n) + ",x" }},
	{"many semicolons before base64", 1 << 20, func(n int) string { return "data:" + strings.Repeat(";", n) + "base64,QUFB" }},
	{"spaces before base64", 1 << 20, func(n int) string { return "data:;" + strings.Repeat(" ", n) + "base64,QUFB" }},
	{"no comma", 1 << 20, func(n int) string { return "data:" + strings.Repeat("a", n) }},
}

// hostileOps are the calls made on each input: with and without a limit
// (half the input's length, so that the large inputs are refused), and
// through the Reader.
var hostileOps = []oracle.Op{
	{"Parse", func(s string) { _, _ = dataurl.Parse(s) }},
	{"Parse with a limit", func(s string) { _, _ = dataurl.Options{MaxSize: int64(len(s) / 2)}.Parse(s) }},
	{"Parse with a small limit", func(s string) { _, _ = dataurl.Options{MaxSize: 1000}.Parse(s) }},
	{"Error text", func(s string) {
		if _, err := (dataurl.Options{MaxSize: 1000}).Parse(s); err != nil {
			_ = err.Error()
		}
	}},
	{"Open and read", func(s string) {
		if r, err := (dataurl.Options{}).Open(s); err == nil {
			_, _ = io.Copy(io.Discard, r)
		}
	}},
	{"Encode", func(s string) { _, _ = dataurl.Encode(mimetype.MustParse("a/b"), []byte(s)) }},
}

// TestHostileLinear checks that the work of every call grows linearly in
// allocations with the size of each hostile shape, and that none panics
// (see oracle.HostileLinear).
func TestHostileLinear(t *testing.T) {
	for _, f := range oracle.HostileLinear(hostileShapes, hostileOps, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// linearSize is the smaller size of the time checks: a quarter of the
// module's, so that the larger input, 8 times as long, stays in the
// caches that the smaller one fits in, and a ratio above 8 means work.
const linearSize = timing.LinearSize / 4

// TestLinearTime checks by time that Parse, with a limit and without,
// does linear work on the hostile shapes and on the families of inputs
// shared by every package, as the body of a data: URL (see
// internal/timing).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	var families []timing.Family
	for _, fam := range timing.Families {
		build := fam.Build
		families = append(families, timing.Family{Name: fam.Name, Build: func(n int) string { return "data:," + build(n) }})
	}
	for _, sh := range hostileShapes {
		build, perMB := sh.Build, sh.N // a shape's N repetitions make about 1 MB
		families = append(families, timing.Family{Name: sh.Name, Build: func(n int) string { return build(n * perMB >> 20) }})
	}
	for _, fam := range families {
		f := func(s string) {
			_, _ = dataurl.Parse(s)
			_, _ = dataurl.Options{MaxSize: 100}.Parse(s)
		}
		if ratio, ok := timing.CheckLinear(f, fam.Build, linearSize); !ok {
			t.Errorf("Parse on %s: time for %d / time for %d = %.1f, more than %d: not linear",
				fam.Name, 8*linearSize, linearSize, ratio, timing.GrowthLimit)
		}
	}
}
