package match_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// TestLinear checks that matching does work linear in the length of
// the URI on hostile inputs: templates whose splits are ambiguous, which a
// backtracking matcher would try one by one, and queries of many
// parameters. It counts the steps of the matcher (instructions of its
// automaton and looks at parameters), not time: the steps for an input
// eight times longer must be at most about eight times as many.
func TestLinear(t *testing.T) {
	rep := func(unit string) func(n int) string {
		return func(n int) string { return strings.Repeat(unit, n) }
	}
	tests := []struct {
		name  string
		tmpl  string
		input func(n int) string
	}{
		{"adjacent expressions", "{a}{b}{c}{d}{e}", rep("a")},
		{"adjacent expressions that fail at the end", "{a}{b}{c}{d}{e}!", rep("a")},
		{"separated by a byte the values may hold", "{a}a{b}a{c}a{d}a", func(n int) string { return strings.Repeat("a", n) + "b" }},
		{"reserved expansions around literals", "{+a}/{+b}/{+c}/x", rep("a/")},
		{"reserved expansions that fail", "{+a}/{+b}/{+c}/x", func(n int) string { return strings.Repeat("/", n) + "y" }},
		{"several variables of one expression", "{a,b,c,d}{+e,f}", rep("a,")},
		{"exploded segments", "{/a*}{/b*}{/c}", rep("/a")},
		{"named explode", "{;a*,b}{;c*}", rep(";a=1")},
		{"labels", "{.a*}{.b}{c}", rep(".a")},
		{"pct-encoded values", "{a}{b}{+c}", rep("%41")},
		{"query of one exploded list", "{?a*}", func(n int) string { return "?" + strings.Repeat("a=1&", n) + "a=2" }},
		{"query of many names", "{?a,b,c,d*}", func(n int) string { return "?" + strings.Repeat("x=1&", n) + "a=2" }},
		{"query of repeated names", "/p?q={q}{&a,b}", func(n int) string { return "/p?" + strings.Repeat("a=1&", n) + "q=2" }},
		{"fragment", "{#a,b,c}", func(n int) string { return "#" + strings.Repeat("a,", n) }},
	}
	const n = 1000
	for _, tt := range tests {
		m := parse(tt.tmpl)
		r1, r8 := run(m, tt.input(n), extra), run(m, tt.input(8*n), extra)
		small, large := r1.Steps, r8.Steps
		if r1.Matched != r8.Matched {
			t.Errorf("%s: Match(%q) = %v for %d units, %v for %d", tt.name, tt.tmpl, r1.Matched, n, r8.Matched, 8*n)
		}
		if float64(large) > 8.5*float64(small) {
			t.Errorf("%s: Match(%q): %d steps for %d units of input, %d for %d: %.1f times as many, not linear",
				tt.name, tt.tmpl, small, n, large, 8*n, float64(large)/float64(small))
		}
	}
}

// units returns n copies of unit, each with "%d" replaced by its index:
// "{a%d}" gives "{a0}{a1}...", "{a}" n times "{a}".
func units(unit string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.ReplaceAll(unit, "%d", fmt.Sprint(i)))
	}
	return b.String()
}

// templateGrowth are templates built of n units, for the checks that the
// cost of matching grows linearly with the template's size: each thread of
// the automaton carries the positions of every variable before it, which
// must not cost a step per variable.
var templateGrowth = []struct {
	name, unit string
	uri        func(n int) string
}{
	{"adjacent expressions", "{a%d}", func(n int) string { return strings.Repeat("a", n) }},
	{"adjacent expressions that fail at the end", "{a%d}", func(n int) string { return strings.Repeat("a", n) + "!" }},
	{"one variable many times", "{a}", func(n int) string { return strings.Repeat("a", n) }},
	{"path segments", "{/a%d}", func(n int) string { return strings.Repeat("/a", n) }},
	{"several variables of one expression", "{a%d,b%d}", func(n int) string { return strings.Repeat("a,", n) }},
	{"labels and literals", "{.a%d}x", func(n int) string { return strings.Repeat(".ax", n) }},
	{"query parameters", "{&a%d}", func(n int) string { return "/?" + strings.Repeat("a1=1&", n) + "a2=2" }},
}

// TestLinearTemplate checks, by the steps of the matcher, that matching
// is linear in the template's size (O(len(URI) × len(template))): a
// template of 8n units takes at most about eight times the steps of a
// template of n units, against a URI of n/8 units that both can read; and
// the template of 8n units against a URI of 8n units at most about eight
// times those against n. The limit is 10 rather than 8: the captures are
// compacted when their arena doubles, which a small input may never reach.
func TestLinearTemplate(t *testing.T) {
	const n, limit = 64, 10
	for _, tt := range templateGrowth {
		large := parse(units(tt.unit, 8*n))
		s1 := run(parse(units(tt.unit, n)), tt.uri(n/8), extra).Steps
		s8 := run(large, tt.uri(n/8), extra).Steps
		if float64(s8) > limit*float64(s1) {
			t.Errorf("%s: %d units: %d steps, %d units: %d steps on the same URI: %.1f times as many, not linear",
				tt.name, n, s1, 8*n, s8, float64(s8)/float64(s1))
		}
		u1 := run(large, tt.uri(n), extra).Steps
		u8 := run(large, tt.uri(8*n), extra).Steps
		if float64(u8) > limit*float64(u1) {
			t.Errorf("%s: %d units: %d steps on a URI of %d units, %d on one of %d: %.1f times as many, not linear",
				tt.name, 8*n, u1, n, u8, 8*n, float64(u8)/float64(u1))
		}
	}
}

// TestLinearTime checks the same by time, with the module's check of time
// (internal/timing): parsing a template of n units and matching a URI
// of n units with it, then a template of 8n units and the same URI; and a
// template of 8n units against a URI of n units and one of 8n.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	const n = 64
	for _, tt := range templateGrowth {
		u := tt.uri(n / 8)
		f := func(tmpl string) { run(parse(tmpl), u, extra) }
		if ratio, ok := timing.CheckLinear(f, func(n int) string { return units(tt.unit, n) }, n); !ok {
			t.Errorf("%s: parsing and matching a template of %d units takes %.1f times as long as one of %d (at most %d)",
				tt.name, 8*n, ratio, n, timing.GrowthLimit)
		} else {
			t.Logf("%s: template of 8n units / n units: time ratio %.1f", tt.name, ratio)
		}
		m := parse(units(tt.unit, 8*n))
		g := func(s string) { run(m, s, extra) }
		if ratio, ok := timing.CheckLinear(g, tt.uri, n); !ok {
			t.Errorf("%s: matching a URI of %d units takes %.1f times as long as one of %d (at most %d)",
				tt.name, 8*n, ratio, n, timing.GrowthLimit)
		} else {
			t.Logf("%s: URI of 8n units / n units: time ratio %.1f", tt.name, ratio)
		}
	}
}

// TestLinearTimeTemplateSize times, with timing.CheckLinear, matching
// against templates 8 times larger at sizes where the cost of the template
// shows: 50 and 400 adjacent expressions against a URI of 20 KB (one
// variable repeated, whose values the search must find to agree, and as
// many variables), and templates of 5.6 KB and 45 KB. Time must grow
// about as the template, the URI fixed (RFC 6570 matching here is
// O(len(URI) × len(template))). The larger ones are beyond the default
// budget of steps: these match without one.
func TestLinearTimeTemplateSize(t *testing.T) {
	timing.Tier(t)
	tests := []struct {
		name, unit string
		n          int // units of the smaller template
		uri        string
		match      bool
	}{
		{"400 adjacent {a} against 20 KB", "{a}", 50, strings.Repeat("a", 20000), true},
		{"400 adjacent {a%d} against 20 KB", "{a%d}", 50, strings.Repeat("a", 20000), true},
		{"a 45 KB template of path segments", "{/a%d}", 750, strings.Repeat("/a", 32), true},
		{"one variable 1,600 times", "{a}{.a}", 100, strings.Repeat("a.a", 16), false},
	}
	for _, tt := range tests {
		smallTmpl, largeTmpl := units(tt.unit, tt.n), units(tt.unit, 8*tt.n)
		small, large := parse(smallTmpl), parse(largeTmpl)
		if res := run(large, tt.uri, unbounded); res.Matched != tt.match {
			t.Errorf("%s: Match of %d bytes against a template of %d: %v; want a match: %v", tt.name, len(tt.uri), len(largeTmpl), res.Matched, tt.match)
		}
		f := func(tmpl string) {
			m := small
			if tmpl == "large" {
				m = large
			}
			run(m, tt.uri, unbounded)
		}
		build := func(n int) string {
			if n > tt.n {
				return "large"
			}
			return "small"
		}
		if ratio, ok := timing.CheckLinear(f, build, tt.n); !ok {
			t.Errorf("%s: matching with a template of %d bytes takes %.1f times as long as with one of %d (at most %d)",
				tt.name, len(largeTmpl), ratio, len(smallTmpl), timing.GrowthLimit)
		} else {
			t.Logf("%s: templates of %d and %d bytes: time ratio %.1f", tt.name, len(smallTmpl), len(largeTmpl), ratio)
		}
	}
}
