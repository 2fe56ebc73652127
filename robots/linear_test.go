package robots

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// hostileRules are files of many "*" rules that make a matcher work: the
// segments of each rule occur everywhere in the path but the last, which
// occurs nowhere (or only at the end, "$"), and long segments that almost
// occur at every place, which a naive search would compare again and
// again. n is the number of rules.
var hostileRules = []struct {
	name string
	file func(n int) string
}{
	{"many a*a*...*b", func(n int) string {
		return "user-agent: *\n" + strings.Repeat("disallow: /*"+strings.Repeat("a*", 20)+"b\n", n)
	}},
	{"a long segment that almost occurs", func(n int) string {
		return "user-agent: *\n" + strings.Repeat("disallow: /*"+strings.Repeat("a", 500)+"b\n", n)
	}},
	{"anchored segments", func(n int) string {
		return "user-agent: *\n" + strings.Repeat("disallow: /*aa*ab$\n", n)
	}},
	{"distinct rules", func(n int) string {
		var b strings.Builder
		b.WriteString("user-agent: *\n")
		for i := range n {
			b.WriteString("allow: /*a*" + strconv.Itoa(i) + "*b$\n")
		}
		return b.String()
	}},
	{"merged groups", func(n int) string {
		return strings.Repeat("user-agent: x\ndisallow: /*a*a*c\n", n)
	}},
}

// hostilePath is a path to match of n bytes for hostileRules: "a"s, with
// percent-encodings that the normalization rewrites.
func hostilePath(n int) string {
	return "/" + strings.Repeat("a", n/2) + strings.Repeat("%61", n/6)
}

// TestHostileSteps checks without a clock that checking a path against
// thousands of "*" rules, with paths of 8 KiB, is linear: the steps that
// matching takes stay within the bound of the documentation
// (2|path| + |pattern| a rule), double when the path doubles and when the
// rules do, and checking allocates nothing (without the race detector).
func TestHostileSteps(t *testing.T) {
	const rules, size = 2000, 8 << 10
	for _, h := range hostileRules {
		steps := func(rules, size int) int {
			a := must(Parse([]byte(h.file(rules))).Agent("x"))
			path := hostilePath(size)
			at, n := a.check(path)
			v := a.verdict(at)
			if v.Reason != NoRuleMatched {
				t.Fatalf("%s: %d rules, a path of %d bytes: %+v, want no rule matched", h.name, rules, size, v)
			}
			if bound := stepBound(a, path); n > bound {
				t.Errorf("%s: %d rules, a path of %d bytes: %d steps, more than %d", h.name, rules, size, n, bound)
			}
			// The race detector makes sync.Pool drop buffers at random.
			if allocs := testing.AllocsPerRun(1, func() { a.CheckPath(path) }); allocs != 0 && !timing.Race {
				t.Errorf("%s: %d rules, a path of %d bytes: %v allocations a check", h.name, rules, size, allocs)
			}
			return n
		}
		base := steps(rules, size)
		if r := float64(steps(rules, 2*size)) / float64(base); r > 2.1 {
			t.Errorf("%s: the steps grow %.2f times for twice the path", h.name, r)
		}
		if r := float64(steps(2*rules, size)) / float64(base); r > 2.1 {
			t.Errorf("%s: the steps grow %.2f times for twice the rules", h.name, r)
		}
	}
}

// hostileFiles are families of files of n bytes that make a parser work.
var hostileFiles = []timing.Family{
	{Name: "rules", Build: func(n int) string { return "user-agent: *\n" + strings.Repeat("disallow: /a/b*c?d=e$\n", n/22) }},
	{Name: "user-agents", Build: func(n int) string { return strings.Repeat("user-agent: Bot\n", n/16) + "disallow: /\n" }},
	{Name: "groups", Build: func(n int) string { return strings.Repeat("user-agent: Bot\ndisallow: /x\n", n/29) }},
	{Name: "one long line", Build: func(n int) string { return "user-agent: *\nallow: /" + strings.Repeat("*a", n/2) }},
	{Name: "bytes to encode", Build: func(n int) string { return "user-agent: *\nallow: /" + strings.Repeat("\u00e9%7e:", n/6) }},
	{Name: "CRs", Build: func(n int) string { return "user-agent: *" + strings.Repeat("\r", n) }},
	{Name: "colons", Build: func(n int) string { return strings.Repeat(":", n) }},
	{Name: "comments", Build: func(n int) string { return strings.Repeat("# x\n", n/4) }},
	{Name: "ignored lines", Build: func(n int) string { return strings.Repeat("disallow /\n", n/11) }},
}

// TestParseBytes checks without a clock that a parse allocates memory
// linear in its input: at most 40 bytes for each byte of the file, for
// files of 64 KiB and 512 KiB alike.
func TestParseBytes(t *testing.T) {
	for _, fam := range hostileFiles {
		for _, n := range []int{64 << 10, 512 << 10} {
			body := []byte(fam.Build(n))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			Options{MaxBytes: len(body)}.Parse(body)
			runtime.ReadMemStats(&after)
			if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(body)); per > 40 {
				t.Errorf("%s: a file of %d bytes: %.1f bytes allocated a byte", fam.Name, len(body), per)
			}
		}
	}
}

// TestLinearTime checks with the module's check of time (internal/timing,
// a tier of its own) that parsing takes time linear in the file, and
// checking a path time linear in the path, against thousands of "*" rules.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	for _, fam := range hostileFiles {
		parse := func(s string) { Options{MaxBytes: len(s)}.Parse([]byte(s)) }
		if ratio, ok := timing.CheckLinear(parse, fam.Build, timing.LinearSize); !ok {
			t.Errorf("Parse, %s: time grows %.1f times for 8 times the file", fam.Name, ratio)
		}
	}
	for _, h := range hostileRules {
		a := must(Parse([]byte(h.file(1000))).Agent("x"))
		check := func(s string) { a.CheckPath(s) }
		if ratio, ok := timing.CheckLinear(check, hostilePath, 1<<10); !ok {
			t.Errorf("CheckPath, %s: time grows %.1f times for 8 times the path", h.name, ratio)
		}
	}
}
