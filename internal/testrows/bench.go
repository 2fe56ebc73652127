package testrows

import "testing"

// ResolveShapes are the references that the resolution benchmarks of the
// packages resolve against every base: the forms that RFC 3986, Section
// 5.2.2 tells apart, most common first, named as the sub-benchmarks are.
var ResolveShapes = []struct{ Name, Ref string }{
	{"path", "g"},
	{"dotdot", "../g"},
	{"query", "?y"},
	{"fragment", "#s"},
	{"network", "//g"},
	{"absolute", "http://example.com/x/y?z"},
	{"dots-inside", "g/./h/../i"},
}

// Cycle runs op(0), op(1), ..., op(n-1), op(0), ... once per iteration of
// b, reporting allocations and size bytes per operation: one input per
// operation, so that the time is per input whatever n is.
func Cycle(b *testing.B, n, size int, op func(i int)) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	i := 0
	for b.Loop() {
		op(i)
		// A compare, not i % n: a division per call would weigh on the
		// faster side most.
		if i++; i == n {
			i = 0
		}
	}
}
