package whatwg

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// This file feeds hostile inputs to every entry point and counts the work
// they cost in allocations, not time: for an input of size n and one of
// size 2n, the bytes and allocations for 2n must be at most about twice
// those for n, plus a constant, and no call may panic.
// BenchmarkHostile shows the time at the same two sizes.

// hostileShapes build an input from n repetitions of something hostile.
var hostileShapes = []oracle.HostileShape{
	{"1 MB path", 1 << 20, func(n int) string { return "http://example.com/" + strings.Repeat("a", n) }},
	{"1 MB query and fragment", 1 << 19, func(n int) string {
		return "http://h/p?" + strings.Repeat("q", n) + "#" + strings.Repeat("f", n)
	}},
	{"dot segments", 100000, func(n int) string { return "http://h/" + strings.Repeat("a/./../", n) + "g" }},
	{"leading ../", 100000, func(n int) string { return strings.Repeat("../", n) + "g" }},
	{"segments, then as many ..", 100000, func(n int) string {
		return "http://h/" + strings.Repeat("abc/", n) + strings.Repeat("../", n)
	}},
	{"encoded dot segments", 100000, func(n int) string { return "sc:/" + strings.Repeat("%2E%2e/x/", n) }},
	{"file drive letter and ..", 100000, func(n int) string { return "file:///C:/" + strings.Repeat("../", n) }},
	{"drive letters", 100000, func(n int) string { return "file://" + strings.Repeat("C|/", n) }},
	{"percent escapes", 100000, func(n int) string { return "http://h/" + strings.Repeat("%41", n) + "?" + strings.Repeat("%zz", n) }},
	{"empty segments", 100000, func(n int) string { return "sc:" + strings.Repeat("/", n) + "x" }},
	{"backslashes", 100000, func(n int) string { return "http:" + strings.Repeat("\\", n) + "h" + strings.Repeat("\\", n) }},
	{"[ in a host", 100000, func(n int) string { return "http://" + strings.Repeat("[", n) + "/" }},
	{"[] and : in a host", 100000, func(n int) string { return "http://" + strings.Repeat("[]:", n) + "/" }},
	{"long IPv6-looking host", 100000, func(n int) string { return "http://[" + strings.Repeat("1:", n) + "1]/" }},
	{": in an authority", 100000, func(n int) string { return "sc://" + strings.Repeat(":", n) + "/" }},
	{"@ in an authority", 100000, func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" }},
	{"a@ in an authority", 100000, func(n int) string { return "http://" + strings.Repeat("a@", n) + "h/" }},
	{"long userinfo", 1 << 19, func(n int) string {
		return "ftp://" + strings.Repeat("u", n) + ":" + strings.Repeat("p\u00e9", n/2) + "@h/"
	}},
	{"huge port", 1 << 20, func(n int) string { return "http://h:" + strings.Repeat("0", n) + "80/" }},
	{"long hexadecimal IPv4 part", 1 << 20, func(n int) string { return "http://0x" + strings.Repeat("f", n) + "/" }},
	{"many numeric labels", 100000, func(n int) string { return "http://" + strings.Repeat("0x7f.", n) + "1/" }},
	{"many dots", 1 << 20, func(n int) string { return "http://a" + strings.Repeat(".", n) + "1/" }},
	{"long ASCII domain", 1 << 20, func(n int) string { return "https://" + strings.Repeat("xn--a", n/5) + "/" }},
	{"many ASCII xn-- labels", 100000, func(n int) string { return "https://" + strings.Repeat("xn--bcher-kva.", n) + "de/" }},
	{"many IDNA labels", 20000, func(n int) string { return "http://" + strings.Repeat("b\u00fccher.", n) + "example/" }},
	{"many encoded IDNA labels", 20000, func(n int) string { return "http://" + strings.Repeat("b%C3%BCcher.", n) + "example/" }},
	{"a long IDNA label", 1 << 17, func(n int) string { return "http://" + strings.Repeat("\u00e9", n) + "/" }},
	{"long IDNA labels", 1 << 15, func(n int) string {
		return "http://" + strings.Repeat(strings.Repeat("\u3300", 80)+".", n/240) + "/"
	}},
	{"long opaque host", 1 << 20, func(n int) string { return "sc://" + strings.Repeat("a\u00e9", n/2) + "/" }},
	{"opaque path with spaces", 1 << 19, func(n int) string { return "sc:" + strings.Repeat(" a", n) + " ?" }},
	{"NUL bytes", 100000, func(n int) string { return "http://h/" + strings.Repeat("\x00", n) }},
	{"tabs and newlines everywhere", 100000, func(n int) string { return strings.Repeat("h\tt\r\n", n) + "p://h/" }},
	{"leading and trailing spaces", 1 << 19, func(n int) string {
		return strings.Repeat(" ", n) + "http://h/" + strings.Repeat("\x01", n)
	}},
	{"ill-formed UTF-8", 1 << 19, func(n int) string { return "http://h/" + strings.Repeat("\xf0\x9f\x98", n/3) }},
	{"tabs and invalid units", 100000, func(n int) string { return "http://h/" + strings.Repeat("\t^", n) + "?" + strings.Repeat("\t%", n) }},
}

// hostileOps are the calls made on each input.
var hostileOps = []oracle.Op{
	{"Parse", func(s string) { _, _ = Parse(s) }},
	{"Validate", func(s string) { _, _, _ = Validate(URL{}, s) }},
	{"Parse against a base", func(s string) { _, _ = MustParse("http://u@h/a/b/c?q#f").Parse(s) }},
	{"Parse against a file base", func(s string) { _, _ = MustParse("file:///C:/a/b").Parse(s) }},
	{"as a base", func(s string) { _, _ = Resolve(s, "../x?y#z") }},
	{"Relativize", func(s string) {
		u, _ := Parse(s)
		for _, b := range []string{"http://u@h/a/b/c?q#f", "file:///C:/a/b", "sc:/a/b"} {
			base := MustParse(b)
			_ = base.Relativize(u)
			_ = u.Relativize(base)
			if v, err := base.Parse(s); err == nil {
				_ = base.Relativize(v)
			}
		}
		_ = u.Relativize(u)
	}},
	{"Error text", func(s string) {
		if _, err := Parse(s); err != nil {
			_ = err.Error()
		}
	}},
	{"getters", func(s string) {
		u, _ := Parse(s)
		_ = viewOf(u)
		_ = u.Addr()
		_ = MustParse("blob:" + u.Href()).Origin()
	}},
	{"UnmarshalText", func(s string) { var u URL; _ = u.UnmarshalText([]byte(s)) }},
	{"setters", func(s string) {
		for _, set := range fuzzSetters {
			u := MustParse("http://u:p@h:8/a/b?q#f")
			_ = set.set(&u, s)
		}
	}},
}

func TestHostileLinear(t *testing.T) {
	for _, f := range oracle.HostileLinear(hostileShapes, hostileOps, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestLinearTime checks by time that parsing does linear work on the
// families of inputs shared by every package (see internal/timing).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	timing.CheckFamilies(t, "Validate", func(s string) { _, _, _ = Validate(URL{}, s) })
}

// BenchmarkHostile parses each hostile shape at two sizes; the time per
// byte should not grow with the size:
//
//	go test -run '^$' -bench Hostile ./whatwg
func BenchmarkHostile(b *testing.B) {
	for _, sh := range hostileShapes {
		for _, n := range []int{sh.N / 2, sh.N} {
			s := sh.Build(n)
			b.Run(sh.Name+"/size="+itoa(len(s)), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					_, _, _ = Validate(URL{}, s)
				}
			})
		}
	}
}

// itoa formats n in decimal.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
