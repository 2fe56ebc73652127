package urlpattern

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// TestLinearTime checks with the module's check of time (internal/timing)
// that compiling a pattern takes time linear in its length on hostile
// patterns, and that matching takes time linear in the input's length.
// The regular expressions inside regexp groups have their own checks, in
// package jsregexp.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	rep := func(prefix, unit, suffix string) func(n int) string {
		return func(n int) string { return prefix + strings.Repeat(unit, n/len(unit)) + suffix }
	}
	names := func(prefix string, unit func(i int) string) func(n int) string {
		return func(n int) string {
			var b strings.Builder
			b.WriteString(prefix)
			for i := 0; b.Len() < n; i++ {
				b.WriteString(unit(i))
			}
			return b.String()
		}
	}
	compile := []struct {
		name  string
		build func(n int) string
		size  int
	}{
		{"long fixed path", rep("https://h/", "abc/", ""), timing.LinearSize / 4},
		{"named groups", names("https://h", func(i int) string { return "/:a" + strconv.Itoa(i) }), timing.LinearSize / 4},
		{"wildcards", rep("https://h/", "*", ""), timing.LinearSize / 16},
		{"groups of one class", names("https://h", func(i int) string { return "/:a" + strconv.Itoa(i) + "(\\d+)" }), timing.LinearSize / 16},
		{"optional groups", names("https://h", func(i int) string { return "/:a" + strconv.Itoa(i) + "?" }), timing.LinearSize / 16},
		{"unclosed regexp groups, lenient", rep("(a", "(?a", ""), timing.LinearSize / 4},
		{"nested non-capturing groups", rep("https://h/(", "(?:a", strings.Repeat(")", 0)), timing.LinearSize / 4},
		{"ignore case fixed text", rep("https://h/", "kKsS", ""), timing.LinearSize / 4},
		{"escapes", rep("https://h/", "\\:", ""), timing.LinearSize / 4},
		{"colons in the authority", rep("https://", ":", "/"), timing.LinearSize / 4},
		{"@ in the authority", rep("https://", "a@", "/"), timing.LinearSize / 4},
		{"brackets in the host", rep("https://", "[", "/"), timing.LinearSize / 4},
		{"unclosed braces", rep("https://h/", "{a", ""), timing.LinearSize / 4},
		{"long hostname", rep("https://", "b\u00fccher.", "de/"), timing.LinearSize / 8},
	}
	for _, tt := range compile {
		f := func(s string) { _, _ = Parse(s, Options{IgnoreCase: true}) }
		if ratio, ok := timing.CheckLinear(f, tt.build, tt.size); !ok {
			t.Errorf("compile %s: time grows %.1f times for 8 times the input", tt.name, ratio)
		}
	}
	match := []struct {
		name, pattern string
		build         func(n int) string
	}{
		{"groups, long segment", "https://h/:a/:b", rep("https://h/x/", "y", "")},
		{"wildcard, long path", "https://h/*", rep("https://h/", "a/", "")},
		{"regexp, long path", "https://h/:a(.*)/:b(\\d+)", rep("https://h/", "a/", "1")},
		{"optional groups, long path", "https://h/:a?/:b?/:c*", rep("https://h/", "a/", "")},
		{"wildcards between text", "https://h/*a*b*c", rep("https://h/", "abab", "")},
	}
	for _, tt := range match {
		p := MustParse(tt.pattern)
		f := func(s string) { _, _ = p.Exec(s) }
		if ratio, ok := timing.CheckLinear(f, tt.build, timing.LinearSize); !ok {
			t.Errorf("exec %s: time grows %.1f times for 8 times the input", tt.name, ratio)
		}
	}
}

// TestHostileLinear feeds hostile patterns to the constructors and hostile
// URLs to matching, and checks the work they cost in allocations, which
// does not depend on the load of the machine (see oracle.HostileLinear):
// twice the input may cost about twice the bytes and allocations, and
// nothing may panic. The URL shapes of every package's tests serve as
// patterns too.
func TestHostileLinear(t *testing.T) {
	rep := func(prefix, unit, suffix string) func(n int) string {
		return func(n int) string { return prefix + strings.Repeat(unit, n) + suffix }
	}
	numbered := func(prefix, before, after string) func(n int) string {
		return func(n int) string {
			var b strings.Builder
			b.WriteString(prefix)
			for i := range n {
				b.WriteString(before + strconv.Itoa(i) + after)
			}
			return b.String()
		}
	}
	patterns := append([]oracle.HostileShape{
		{"named groups", 20000, numbered("https://h", "/:a", "")},
		{"optional named groups", 2000, numbered("https://h", "/:a", "?")},
		{"groups of one class", 20000, numbered("https://h", "/:a", "(\\d+)")},
		{"wildcards", 2000, rep("https://h/", "*", "")},
		{"unclosed regexp groups", 100000, rep("(a", "(?a", "")},
		{"nested groups", 100000, rep("https://h/(", "(?:a", "")},
		{"escapes", 100000, rep("https://h/", "\\:", "")},
		{"braces", 100000, rep("https://h/", "{a}", "")},
		{"unclosed braces", 100000, rep("https://h/", "{a", "")},
	}, oracle.Hostile...)
	parse := []oracle.Op{
		{"Parse", func(s string) { _, _ = Parse(s, Options{}) }},
		{"Parse ignoring case", func(s string) { _, _ = Parse(s, Options{IgnoreCase: true}) }},
		{"New pathname", func(s string) { _, _ = New(Init{Pathname: Some(s)}, Options{}) }},
	}
	for _, f := range oracle.HostileLinear(patterns, parse, 8) {
		t.Error(f)
	}
	var match []oracle.Op
	for _, s := range []string{"https://h/:a/*", "*://*/:a(\\d+)?/*", "https://*.h/(.*)?/:b", "*://*"} {
		p := MustParse(s)
		match = append(match, oracle.Op{Name: "Exec of " + s, Run: func(in string) { _, _ = p.Exec(in) }})
	}
	l := NewList(readRoutes(t))
	match = append(match, oracle.Op{Name: "List.MatchString", Run: func(in string) { _, _ = l.MatchString(in) }})
	// At half the full size in every run, not oracle.HostileDiv's: Go's
	// regexp picks its engine by the length of the input and keeps the
	// scratch of a match in a pool, so that on inputs of a few kilobytes
	// the bytes of one call depend on what the pool holds (524,600 bytes
	// for 15 KB of "..%2F" once, 48 for half of it).
	for _, f := range oracle.HostileLinear(oracle.Hostile, match, 2) {
		t.Error(f)
	}
}
