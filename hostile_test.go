package uri

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// This file feeds hostile inputs to every entry point and counts the work
// they cost in allocations, not time: for an input of size n and one of size
// 2n, the bytes and the number of allocations of size 2n must be at most
// about twice those of size n, plus a constant. A quadratic step that
// allocates (a string rebuilt per segment, a list copied per pair) shows as
// four times as much; and no call may panic. The benchmarks over sizes show
// the time.

// hostileShape builds an input from n repetitions of something hostile.
type hostileShape struct {
	name  string
	n     int // the repetitions of the larger input; the smaller has n/2
	build func(n int) string
}

var hostileShapes = []hostileShape{
	{"1 MB path", 1 << 20, func(n int) string { return "http://example.com/" + strings.Repeat("a", n) }},
	{"1 MB query and fragment", 1 << 19, func(n int) string {
		return "http://h/p?" + strings.Repeat("q", n) + "#" + strings.Repeat("f", n)
	}},
	{"100,000 dot segments", 100000, func(n int) string {
		return "http://h/" + strings.Repeat("a/./../", n/2) + strings.Repeat("../", n/2) + "g"
	}},
	{"100,000 leading ../", 100000, func(n int) string { return strings.Repeat("../", n) + "g" }},
	{"100,000 encoded dot segments", 100000, func(n int) string { return "http://h/" + strings.Repeat("%2E%2e/x/", n) }},
	{"100,000 percent escapes", 100000, func(n int) string { return "http://h/" + strings.Repeat("%41", n) + "?" + strings.Repeat("%7e", n) }},
	{"100,000 escapes, then a bad one", 100000, func(n int) string { return "http://h/" + strings.Repeat("%41", n) + "%zz" }},
	{"100,000 encoded slashes", 100000, func(n int) string { return "http://h/" + strings.Repeat("..%2F", n) }},
	{"100,000 empty segments", 100000, func(n int) string { return "http://h" + strings.Repeat("/", n) + "x" }},
	{"100,000 [ in a host", 100000, func(n int) string { return "http://" + strings.Repeat("[", n) + "/" }},
	{"100,000 : in an IP literal", 100000, func(n int) string { return "http://[" + strings.Repeat(":", n) + "]/" }},
	{"long IPv6-looking host", 100000, func(n int) string { return "http://[" + strings.Repeat("1:", n) + "1]/" }},
	{"long IPvFuture", 100000, func(n int) string { return "http://[v1." + strings.Repeat("a:", n) + "]/" }},
	{"100,000 : in an authority", 100000, func(n int) string { return "http://" + strings.Repeat(":", n) + "/" }},
	{"100,000 @ in an authority", 100000, func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" }},
	{"100,000 a@ in an authority", 100000, func(n int) string { return "http://" + strings.Repeat("a@", n) + "h/" }},
	{"long userinfo", 1 << 19, func(n int) string {
		return "ftp://" + strings.Repeat("u", n) + ":" + strings.Repeat("p", n) + "@h/"
	}},
	{"100,000 query parameters", 100000, func(n int) string { return "http://h/?" + strings.Repeat("k=v+%41&", n) }},
	{"100,000 distinct query keys", 100000, func(n int) string {
		var b strings.Builder
		b.WriteString("http://h/?")
		for i := n; i > 0; i-- {
			fmt.Fprintf(&b, "k%d=%d&", i, i)
		}
		return b.String()
	}},
	{"huge port", 1 << 20, func(n int) string { return "http://h:" + strings.Repeat("9", n) + "/" }},
	{"many IDNA labels", 20000, func(n int) string { return "http://" + strings.Repeat("b%C3%BCcher.", n) + "example/" }},
	{"many IDNA labels in an IRI", 20000, func(n int) string { return "http://" + strings.Repeat("bücher.", n) + "example/" }},
	{"many numeric labels", 100000, func(n int) string { return "http://" + strings.Repeat("0x7f.", n) + "1/" }},
	{"IRI path", 100000, func(n int) string { return "http://例え.jp/" + strings.Repeat("パス/", n) }},
	{"encoded UTF-8 path", 100000, func(n int) string { return "http://h/" + strings.Repeat("%E3%83%91/", n) }},
	{"national characters", 100000, func(n int) string { return "http://h/" + strings.Repeat("{|}", n) }},
	{"segment parameters", 100000, func(n int) string { return "http://h/" + strings.Repeat("a;p=1/", n) }},
	{"100,000 NUL bytes", 100000, func(n int) string { return "http://h/" + strings.Repeat("\x00", n) }},
	{"100,000 CRLF", 100000, func(n int) string { return strings.Repeat("\r\n", n) }},
}

// hostileOps are the calls made on each input. Each parses the input
// itself where it needs a URI, so that a failing parse is exercised too.
var hostileOps = []struct {
	name string
	run  func(s string)
}{
	{"Parse", func(s string) { _, _ = Parse(s) }},
	{"ParseURI", func(s string) { _, _ = ParseURI(s) }},
	{"ParseRelativeRef", func(s string) { _, _ = ParseRelativeRef(s) }},
	{"ParseRFC6874", func(s string) { _, _ = ParseRFC6874(s) }},
	{"ParseIRI", func(s string) { _, _ = ParseIRI(s) }},
	{"Error text", func(s string) {
		if _, err := ParseIRI(s); err != nil {
			_ = err.Error()
		}
	}},
	{"UnmarshalText", func(s string) { var u URI; _ = u.UnmarshalText([]byte(s)) }},
	{"Resolve, as reference", func(s string) { _, _ = Resolve("http://a/b/c/d;p?q", s) }},
	{"Resolve, as base", func(s string) { _, _ = Resolve(s, "../../g;x?y#s") }},
	{"ResolveNonStrict", func(s string) { _, _ = ResolveNonStrict("http://a/b/c/d;p?q", s) }},
	{"Resolve, as relative base", func(s string) { MustParse("//h/" + strings.Repeat("x/", 8)).Resolve(mustOrZero(s)) }},
	{"Relativize", func(s string) { _, _ = Relativize("http://h/a/b/c", s) }},
	{"Relativize, as base", func(s string) { _, _ = Relativize(s, "http://h/a/b/c") }},
	{"Normalize", func(s string) { _, _ = Normalize(s) }},
	{"NormalizeWith crawler", func(s string) { mustOrZero(s).NormalizeWith(CrawlerNormalization) }},
	{"Equivalent", func(s string) { u := mustOrZero(s); Equivalent(u, u.Normalize()) }},
	{"Escape", func(s string) {
		for _, c := range allEscape {
			_ = Escape(s, c)
		}
	}},
	{"Unescape", func(s string) {
		for _, c := range allEscape {
			_, _ = Unescape(s, c)
			_, _ = UnescapeUTF8(s, c)
		}
	}},
	{"QueryPairs", func(s string) {
		for range mustOrZero(s).QueryPairs() {
		}
	}},
	{"QueryValue, QueryValues", func(s string) { u := mustOrZero(s); u.QueryValue("nope"); u.QueryValues() }},
	{"query edits", func(s string) {
		u := mustOrZero(s)
		u.SetQueryValue("k", "v w")
		u.AddQueryValue("k", "x")
		u.DeleteQueryKey("k")
	}},
	{"PathSegments", func(s string) {
		for range mustOrZero(s).PathSegments() {
		}
	}},
	{"JoinPath", func(s string) { mustOrZero(s).JoinPath("a/b", "..", "c") }},
	{"ToURI, ToIRI", func(s string) {
		if u, err := ParseIRI(s); err == nil {
			v, _ := u.ToURI()
			v.ToIRI()
		}
	}},
	{"host functions", func(s string) {
		u, err := ParseIRI(s)
		if err != nil {
			return
		}
		_, _ = HostToASCII(u.Host())
		_, _ = HostToUnicode(u.Host())
		_ = CheckHomograph(u.Host())
		_, _ = AmbiguousIPv4(u.Host())
		_, _ = u.HostAddr()
	}},
	{"other accessors", func(s string) {
		u := mustOrZero(s)
		_, _ = u.PortNumber()
		_ = u.Redacted()
		_ = u.RequestURI()
		_, _ = u.Components().URI()
		_, _ = u.Password()
	}},
	{"net/url", func(s string) { _, _ = FromURL(mustOrZero(s).URL()) }},
	{"ParseLegacy, Upgrade", func(s string) {
		for _, g := range legacyGrammars {
			if _, l, err := ParseLegacy(s, g); err == nil {
				_, _ = l.Upgrade()
			} else {
				_ = err.Error()
			}
		}
	}},
	{"old resolution", func(s string) {
		_, _ = ResolveRFC1808("http://a/b/c/d;p?q", s)
		_, _ = ResolveRFC2396("http://a/b/c/d;p?q", s)
		_, _ = ResolveRFC1808(s, "../g")
		_, _ = ResolveRFC2396(s, "../g")
	}},
	{"CanonicalHTTP", func(s string) { _, _ = CanonicalHTTP(s) }},
}

// mustOrZero parses s as an IRI, which includes every URI reference, or
// returns the zero URI.
func mustOrZero(s string) URI {
	u, _ := ParseIRI(s)
	return u
}

// cost is what one call allocated.
type cost struct{ bytes, allocs uint64 }

// measure runs f once and returns what it allocated, or the panic's value.
// The counters are cumulative, so no garbage collection is needed first.
func measure(f func()) (c cost, panicked any) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	func() {
		defer func() { panicked = recover() }()
		f()
	}()
	runtime.ReadMemStats(&after)
	return cost{after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs}, panicked
}

// linear reports whether the cost for twice the input is at most about
// twice the cost for the input: 2.5 times, for the rounding of buffers
// that grow in steps, plus a constant.
func linear(small, large uint64, slack uint64) bool {
	return large <= small*5/2+slack
}

// TestHostileLinear runs every operation on every hostile shape at two
// sizes, and checks that the larger costs at most about twice as much.
func TestHostileLinear(t *testing.T) {
	div := 1
	if testing.Short() {
		div = 16
	}
	for _, sh := range hostileShapes {
		n := max(sh.n/div, 64)
		small, large := sh.build(n/2), sh.build(n)
		for _, op := range hostileOps {
			cs, p1 := measure(func() { op.run(small) })
			cl, p2 := measure(func() { op.run(large) })
			if p1 != nil || p2 != nil {
				t.Errorf("%s on %s: panic: %v %v", op.name, sh.name, p1, p2)
				continue
			}
			if !linear(cs.bytes, cl.bytes, 64<<10) || !linear(cs.allocs, cl.allocs, 64) {
				t.Errorf("%s on %s: %d bytes in %d allocations for %d bytes of input, %d bytes in %d allocations for %d",
					op.name, sh.name, cs.bytes, cs.allocs, len(small), cl.bytes, cl.allocs, len(large))
			}
		}
	}
}

// TestHostileAllocs pins the allocation counts the documentation promises,
// whatever the input: Parse and ParseIRI allocate nothing but the *Error of
// an invalid input; Resolve allocates the result's text and at most a
// scratch buffer; Normalize the new text and at most one list.
func TestHostileAllocs(t *testing.T) {
	div := 1
	if testing.Short() {
		div = 16
	}
	base, rel := MustParse("http://a/b/c/d;p?q"), MustParse("../../g?y")
	for _, sh := range hostileShapes {
		s := sh.build(max(sh.n/div, 64))
		u, err := ParseIRI(s)
		tests := []struct {
			name string
			fn   func()
			max  float64
		}{
			{"Parse", func() { _, _ = Parse(s) }, 1},
			{"ParseIRI", func() { _, _ = ParseIRI(s) }, 1},
			{"Resolve", func() { base.Resolve(u) }, 2},
			{"Resolve, as base", func() { u.Resolve(rel) }, 2},
			{"Normalize", func() { u.Normalize() }, 2},
		}
		for _, tt := range tests {
			if tt.name != "Parse" && tt.name != "ParseIRI" && err != nil {
				continue
			}
			if n := testing.AllocsPerRun(2, tt.fn); n > tt.max {
				t.Errorf("%s on %s: %v allocations, want at most %v", tt.name, sh.name, n, tt.max)
			}
		}
	}
}

// TestHostileJoinPathElements: JoinPath with 100,000 elements, segments and
// dot segments mixed, costs linear work too.
func TestHostileJoinPathElements(t *testing.T) {
	n := 100000
	if testing.Short() {
		n /= 16
	}
	elems := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = []string{"a/b", "..", ".", "%2E%2E", "c"}[i%5]
		}
		return out
	}
	u := MustParse("http://h/x/y")
	small, large := elems(n/2), elems(n)
	cs, p1 := measure(func() { u.JoinPath(small...) })
	cl, p2 := measure(func() { u.JoinPath(large...) })
	if p1 != nil || p2 != nil || !linear(cs.bytes, cl.bytes, 64<<10) || !linear(cs.allocs, cl.allocs, 64) {
		t.Errorf("JoinPath: %+v for %d elements, %+v for %d; panics %v %v", cs, n/2, cl, n, p1, p2)
	}
}
