package mimetype_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/mimetype"
)

// hostileShapes are MIME types built from n repetitions of something that
// a careless parser pays for more than once: parameter names to compare,
// quoted strings to unescape, whitespace to trim.
var hostileShapes = []oracle.HostileShape{
	{"long type", 1 << 20, func(n int) string { return strings.Repeat("a", n) + "/b" }},
	{"long type without /", 1 << 20, func(n int) string { return strings.Repeat("a", n) }},
	{"distinct parameter names", 50000, func(n int) string {
		var b strings.Builder
		b.WriteString("a/b")
		for i := range n {
			b.WriteString(";p" + strconv.Itoa(i) + "=v")
		}
		return b.String()
	}},
	{"the same parameter name", 100000, func(n int) string { return "a/b" + strings.Repeat(";p=v", n) }},
	{"names differing in case", 100000, func(n int) string { return "a/b" + strings.Repeat(";P=v;p=w", n/2) }},
	{"semicolons", 1 << 20, func(n int) string { return "a/b" + strings.Repeat(";", n) }},
	{"equals signs", 1 << 20, func(n int) string { return "a/b;x" + strings.Repeat("=", n) }},
	{"escapes in a quoted value", 1 << 19, func(n int) string { return `a/b;x="` + strings.Repeat(`\"`, n) + `"` }},
	{"an unclosed quoted value", 1 << 20, func(n int) string { return `a/b;x="` + strings.Repeat("a", n) }},
	{"quoted values", 100000, func(n int) string { return "a/b" + strings.Repeat(`;x="a"b`, n) }},
	{"whitespace inside the subtype", 1 << 20, func(n int) string { return "a/b" + strings.Repeat(" ", n) + "c" }},
	{"whitespace around", 1 << 19, func(n int) string { return strings.Repeat(" \t", n) + "a/b" + strings.Repeat("\r\n", n) }},
	{"whitespace in values", 1 << 19, func(n int) string { return "a/b;x=y" + strings.Repeat(" ", n) + ";z=" + strings.Repeat("\t", n) }},
	{"bytes >= 0x80 in a value", 1 << 19, func(n int) string { return "a/b;x=" + strings.Repeat("é\xff", n/3) }},
	{"NUL bytes", 1 << 20, func(n int) string { return "a/b;" + strings.Repeat("\x00", n) }},
}

// hostileOps are the calls made on each input.
var hostileOps = []oracle.Op{
	{"Parse", func(s string) { _, _ = mimetype.Parse(s) }},
	{"ParseText", func(s string) { _, _ = mimetype.ParseText(s) }},
	{"Error text", func(s string) {
		if _, err := mimetype.Parse(s); err != nil {
			_ = err.Error()
		}
	}},
	{"accessors", func(s string) {
		m, _ := mimetype.Parse(s)
		_, _ = m.Param("zzz")
		for range m.Params() {
		}
	}},
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

// TestLinearTime checks by time that Parse does linear work on the
// hostile shapes and on the families of inputs shared by every package
// (see internal/timing).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	families := append([]timing.Family(nil), timing.Families...)
	for _, sh := range hostileShapes {
		// A shape's N repetitions make about 1 MB; a family's n is bytes.
		build := sh.Build
		perMB := sh.N
		families = append(families, timing.Family{Name: sh.Name, Build: func(n int) string { return build(n * perMB >> 20) }})
	}
	for _, fam := range families {
		f := func(s string) { m, _ := mimetype.Parse(s); _, _ = m.Param("zzz") }
		if ratio, ok := timing.CheckLinear(f, fam.Build, linearSize); !ok {
			t.Errorf("Parse on %s: time for %d / time for %d = %.1f, more than %d: not linear",
				fam.Name, 8*linearSize, linearSize, ratio, timing.GrowthLimit)
		}
	}
}
