package oracle

import (
	"fmt"
	"runtime"
	"strings"
)

// HostileShape builds an input from n repetitions of something hostile.
// It is an alias of a struct type without a name, so that the tables of
// other packages may list its fields in order without go vet objecting.
type HostileShape = struct {
	Name  string
	N     int // the repetitions of the larger input; the smaller has n/2
	Build func(n int) string
}

// Hostile are the hostile inputs that the tests of every package feed to
// their entry points.
var Hostile = []HostileShape{
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

// Cost is what one call allocated.
type Cost struct{ Bytes, Allocs uint64 }

// Measure runs f once and returns what it allocated, or the panic's value.
// The counters are cumulative, so no garbage collection is needed first.
func Measure(f func()) (c Cost, panicked any) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	func() {
		defer func() { panicked = recover() }()
		f()
	}()
	runtime.ReadMemStats(&after)
	return Cost{after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs}, panicked
}

// Linear reports whether the cost for twice the input is at most about
// twice the cost for the input: 2.5 times, for the rounding of buffers
// that grow in steps, plus a constant.
func Linear(small, large uint64, slack uint64) bool {
	return large <= small*5/2+slack
}

// Op is a named operation on one input, for the checks of work: an alias,
// as HostileShape is.
type Op = struct {
	Name string
	Run  func(string)
}

// HostileLinear runs every op on every shape at two sizes, n/2 and n (n
// divided by div, for short runs), and returns a description of each case
// that panicked or whose larger input cost more than about twice the bytes
// or allocations of the smaller (see Linear).
func HostileLinear(shapes []HostileShape, ops []Op, div int) []string {
	var failures []string
	for _, sh := range shapes {
		n := max(sh.N/div, 64)
		small, large := sh.Build(n/2), sh.Build(n)
		for _, op := range ops {
			cs, p1 := Measure(func() { op.Run(small) })
			cl, p2 := Measure(func() { op.Run(large) })
			switch {
			case p1 != nil || p2 != nil:
				failures = append(failures, fmt.Sprintf("%s on %s: panic: %v %v", op.Name, sh.Name, p1, p2))
			case !Linear(cs.Bytes, cl.Bytes, 64<<10) || !Linear(cs.Allocs, cl.Allocs, 64):
				failures = append(failures, fmt.Sprintf("%s on %s: %d bytes in %d allocations for %d bytes of input, %d bytes in %d allocations for %d",
					op.Name, sh.Name, cs.Bytes, cs.Allocs, len(small), cl.Bytes, cl.Allocs, len(large)))
			}
		}
	}
	return failures
}
