package jsregexp

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// rep returns a builder of prefix, unit repeated to about n bytes, and
// suffix.
func rep(prefix, unit, suffix string) func(n int) string {
	return func(n int) string { return prefix + strings.Repeat(unit, max(n/len(unit), 1)) + suffix }
}

// numbered returns a builder of before, a number and after, repeated to
// about n bytes.
func numbered(before, after string) func(n int) string {
	return func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteString(before + strconv.Itoa(i) + after)
		}
		return b.String()
	}
}

// compileShapes are sources whose compiling could grow faster than their
// length: nesting, long and many classes, case folding of large sets,
// names, references and alternatives.
var compileShapes = []struct {
	name  string
	build func(n int) string
	size  int
}{
	{"nested groups", func(n int) string { return strings.Repeat("(?:", n/4) + "a" + strings.Repeat(")", n/4) }, timing.LinearSize / 4},
	{"nested classes", func(n int) string { return strings.Repeat("[", n/2) + "a" + strings.Repeat("]", n/2) }, timing.LinearSize / 4},
	{"a long class", rep("[", "ab", "]"), timing.LinearSize / 4},
	{"many classes", rep("", "[a-z]\\d", ""), timing.LinearSize / 4},
	{"named groups", numbered("(?<g", ">a)"), timing.LinearSize / 16},
	{"a name in many alternatives", rep("", "(?<a>x)|", "b"), timing.LinearSize / 16},
	{"back-references", rep("(?<n>a)", "\\k<n>", ""), timing.LinearSize / 4},
	{"classes with ignore case", rep("", "[\\p{L}--k]", ""), timing.LinearSize / 1024},
	{"properties", rep("", "\\p{L}", ""), timing.LinearSize / 1024},
	{"alternatives", rep("", "a|", "b"), timing.LinearSize / 4},
	{"escapes", rep("", "\\u{41}\\x41\\cA", ""), timing.LinearSize / 4},
	{"a class not closed", rep("[", "\\q{ab|c}", ""), timing.LinearSize / 4},
}

// TestLinearTime checks with the module's check of time (internal/timing)
// that Compile takes time linear in the length of the source, with and
// without ignore case, on the sources of compileShapes.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	for _, tt := range compileShapes {
		t.Run(tt.name, func(t *testing.T) {
			f := func(s string) { _, _ = Compile(s, IgnoreCase, nil) }
			if ratio, ok := timing.CheckLinear(f, tt.build, tt.size); !ok {
				t.Errorf("Compile %s: time grows %.1f times for 8 times the source", tt.name, ratio)
			}
		})
	}
}

// TestHostileLinear feeds sources of compileShapes, and repetitions nested to
// RE2's limit, to Compile and ClassRunOf, and checks the work they cost in
// allocations, which does not depend on the load of the machine (see
// oracle.HostileLinear): twice the source may cost about twice the bytes
// and allocations, and nothing may panic.
func TestHostileLinear(t *testing.T) {
	shapes := []oracle.HostileShape{
		{"nested repetitions", 900, func(n int) string { return strings.Repeat("(?:a", n) + strings.Repeat(")*", n) }},
		{"nested groups as a span", 100000, func(n int) string { return "^(" + strings.Repeat("(?:", n) + ")$" }},
	}
	for _, s := range compileShapes {
		shapes = append(shapes, oracle.HostileShape{Name: s.name, N: 2 * s.size, Build: s.build})
	}
	ops := []oracle.Op{
		{"Compile", func(s string) { _, _ = Compile(s, 0, nil) }},
		{"Compile ignoring case", func(s string) { _, _ = Compile(s, IgnoreCase, nil) }},
		{"Compile as a span", func(s string) { _, _ = Compile("^("+s+")$", 0, []Span{{2, 2 + len(s)}}) }},
		{"ClassRunOf", func(s string) { _, _ = ClassRunOf(s+"+", 0) }},
	}
	for _, f := range oracle.HostileLinear(shapes, ops, 1) {
		t.Error(f)
	}
}
