package extract_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri/extract"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// hostileText are texts of about 1 MB built from n repetitions of what
// makes a candidate, so that a careless finder looks at the same bytes
// again for each one: runs of dots, parentheses, "@" and ":", schemes,
// "www.", addresses, domains nested in one another, and what ends URLs.
var hostileText = []oracle.HostileShape{
	{"dots", 1 << 20, func(n int) string { return strings.Repeat(".", n) }},
	{"a.", 1 << 19, func(n int) string { return strings.Repeat("a.", n) }},
	{"parentheses", 1 << 19, func(n int) string { return "https://example.com/" + strings.Repeat("(", n) + strings.Repeat(")", n) }},
	{"closing parentheses", 1 << 20, func(n int) string { return strings.Repeat(")", n) }},
	{"@", 1 << 20, func(n int) string { return strings.Repeat("@", n) }},
	{"a@", 1 << 19, func(n int) string { return strings.Repeat("a@", n) }},
	{"a@b.", 1 << 18, func(n int) string { return strings.Repeat("a@b.", n) }},
	{"a@b.com without space", 1 << 17, func(n int) string { return strings.Repeat("a@b.com", n) }},
	{"colons", 1 << 20, func(n int) string { return strings.Repeat(":", n) }},
	{"http:", 1 << 18, func(n int) string { return strings.Repeat("http:", n) }},
	{"http://", 1 << 17, func(n int) string { return strings.Repeat("http://", n) }},
	{"http://a without space", 1 << 17, func(n int) string { return strings.Repeat("http://a", n) }},
	{"failing hosts", 1 << 17, func(n int) string { return strings.Repeat("http://a%", n) }},
	{"mailto:", 1 << 17, func(n int) string { return strings.Repeat("mailto:", n) }},
	{"www.", 1 << 18, func(n int) string { return strings.Repeat("www.", n) }},
	{"nested domains", 1 << 17, func(n int) string { return strings.Repeat("a.zz?", n) }},
	{"nested listed domains", 1 << 17, func(n int) string { return "x " + strings.Repeat("a.com?", n) }},
	{"IPv4 parts", 1 << 19, func(n int) string { return strings.Repeat("1.", n) }},
	{"IPv6 brackets", 1 << 18, func(n int) string { return strings.Repeat("[::", n) }},
	{"entities", 1 << 17, func(n int) string { return "https://example.com/" + strings.Repeat("&amp;", n) }},
	{"brackets of Markdown", 1 << 19, func(n int) string { return strings.Repeat("[", n) + "https://a.com" }},
	{"CJK full stops", 1 << 18, func(n int) string { return strings.Repeat("a.com。", n) }},
	{"zero width spaces", 1 << 18, func(n int) string { return strings.Repeat("a\u200b", n) }},
	{"invalid UTF-8", 1 << 20, func(n int) string { return strings.Repeat("\xff", n) }},
	{"a long URL", 1 << 20, func(n int) string { return "https://example.com/" + strings.Repeat("a", n) }},
	{"long host", 1 << 20, func(n int) string { return "https://" + strings.Repeat("a", n) + ".com" }},
	{"quotes", 1 << 19, func(n int) string { return "https://example.com/" + strings.Repeat(`"'`, n) }},
	{"single-quoted URLs", 1 << 16, func(n int) string { return strings.Repeat("'http://a.com/it's',", n) }},
	{"escapes of JSON", 1 << 17, func(n int) string { return `"https:\/\/a.com\/` + strings.Repeat(`\u0026\/`, n) }},
	{"escaped schemes", 1 << 16, func(n int) string { return strings.Repeat(`http:\/\/a\/b\.`, n) }},
}

var modes = []extract.Mode{extract.Default, extract.Relaxed, extract.GFM}

// hostileOps find the URLs of a text in each mode, whole and as a stream.
func hostileOps(t *testing.T) []oracle.Op {
	var ops []oracle.Op
	for _, mode := range modes {
		e := extractor(t, mode)
		ops = append(ops,
			oracle.Op{Name: "All " + mode.String(), Run: func(s string) {
				for range e.All(s) {
				}
			}},
			oracle.Op{Name: "Scanner " + mode.String(), Run: func(s string) {
				sc := e.NewScanner(strings.NewReader(s))
				for sc.Scan() {
				}
			}})
	}
	return ops
}

// TestHostileLinear checks that the allocations grow linearly with the
// size of each hostile text, in every mode (see oracle.HostileLinear): at
// a quarter of the sizes written in the default run, at full size (up to
// 1 MB) in the tier of the checks of linear work (see package timing).
func TestHostileLinear(t *testing.T) {
	for _, f := range oracle.HostileLinear(hostileText, hostileOps(t), oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestHostileWork counts the bytes that the candidates of each hostile
// text make the finder look at beyond its one pass: at most six times
// the text's length, and linear in it; at full size (1 MB) in the tier of
// the checks of linear work.
func TestHostileWork(t *testing.T) {
	for _, mode := range modes {
		e := extractor(t, mode)
		for _, sh := range hostileText {
			// The count does not depend on the machine: a part of the
			// size shows the growth as well (see oracle.HostileDiv).
			n := sh.N / oracle.HostileDiv()
			small, large := sh.Build(n/2), sh.Build(n)
			ws, wl := extract.Work(e, small), extract.Work(e, large)
			if wl > 6*len(large)+1024 || !oracle.Linear(uint64(ws), uint64(wl), 64) {
				t.Errorf("%v on %s: work %d for %d bytes, %d for %d bytes", mode, sh.Name, ws, len(small), wl, len(large))
			}
		}
	}
}

// timedText are the hostile texts that TestLinearTime times: one of each
// way a candidate could be looked at again.
var timedText = []string{"a.", "a@b.com without space", "http://a without space", "failing hosts", "nested domains", "nested listed domains", "parentheses", "brackets of Markdown"}

// TestLinearTime checks by time that finding URLs is linear on the hostile
// texts, whole and as a stream (see timing.CheckLinear), in the tier of
// the checks of time.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	for _, op := range hostileOps(t) {
		for _, sh := range hostileText {
			if !slices.Contains(timedText, sh.Name) {
				continue
			}
			build := func(n int) string { return sh.Build(max(n*sh.N/(1<<20), 16)) }
			if ratio, ok := timing.CheckLinear(op.Run, build, timing.LinearSize); !ok {
				t.Errorf("%s on %s: time for 8n / time for n = %.1f, more than %d: not linear", op.Name, sh.Name, ratio, timing.GrowthLimit)
			}
		}
	}
}
