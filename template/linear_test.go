package template_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/template"
)

// TestMatchLinear checks that matching does work linear in the length of
// the URI on hostile inputs: templates whose splits are ambiguous, which a
// backtracking matcher would try one by one, and queries of many
// parameters. It counts the steps of the matcher (instructions of its
// automaton and looks at parameters), not time: the steps for an input
// eight times longer must be at most about eight times as many.
func TestMatchLinear(t *testing.T) {
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
		tp := template.MustParse(tt.tmpl)
		opts := &template.MatchOptions{ExtraParams: true}
		_, ok1, small := template.MatchSteps(tp, tt.input(n), opts)
		_, ok8, large := template.MatchSteps(tp, tt.input(8*n), opts)
		if ok1 != ok8 {
			t.Errorf("%s: Match(%q) = %v for %d units, %v for %d", tt.name, tt.tmpl, ok1, n, ok8, 8*n)
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

// TestMatchLinearTemplate checks, by the steps of the matcher, that matching
// is linear in the template's size (O(len(URI) × len(template))): a
// template of 8n units takes at most about eight times the steps of a
// template of n units, against a URI of n/8 units that both can read; and
// the template of 8n units against a URI of 8n units at most about eight
// times those against n. The limit is 10 rather than 8: the captures are
// compacted when their arena doubles, which a small input may never reach.
func TestMatchLinearTemplate(t *testing.T) {
	const n, limit = 64, 10
	opts := &template.MatchOptions{ExtraParams: true}
	for _, tt := range templateGrowth {
		large := template.MustParse(units(tt.unit, 8*n))
		_, _, s1 := template.MatchSteps(template.MustParse(units(tt.unit, n)), tt.uri(n/8), opts)
		_, _, s8 := template.MatchSteps(large, tt.uri(n/8), opts)
		if float64(s8) > limit*float64(s1) {
			t.Errorf("%s: %d units: %d steps, %d units: %d steps on the same URI: %.1f times as many, not linear",
				tt.name, n, s1, 8*n, s8, float64(s8)/float64(s1))
		}
		_, _, u1 := template.MatchSteps(large, tt.uri(n), opts)
		_, _, u8 := template.MatchSteps(large, tt.uri(8*n), opts)
		if float64(u8) > limit*float64(u1) {
			t.Errorf("%s: %d units: %d steps on a URI of %d units, %d on one of %d: %.1f times as many, not linear",
				tt.name, 8*n, u1, n, u8, 8*n, float64(u8)/float64(u1))
		}
	}
}

// TestMatchLinearTime checks the same by time, with the module's check of
// time (internal/timing): parsing a template of n units and matching a URI
// of n units with it, then a template of 8n units and the same URI; and a
// template of 8n units against a URI of n units and one of 8n.
func TestMatchLinearTime(t *testing.T) {
	timing.Tier(t)
	const n = 64
	opts := &template.MatchOptions{ExtraParams: true}
	for _, tt := range templateGrowth {
		u := tt.uri(n / 8)
		f := func(tmpl string) { _, _ = template.MustParse(tmpl).Match(u, opts) }
		if ratio, ok := timing.CheckLinear(f, func(n int) string { return units(tt.unit, n) }, n); !ok {
			t.Errorf("%s: parsing and matching a template of %d units takes %.1f times as long as one of %d (at most %d)",
				tt.name, 8*n, ratio, n, timing.GrowthLimit)
		} else {
			t.Logf("%s: template of 8n units / n units: time ratio %.1f", tt.name, ratio)
		}
		tp := template.MustParse(units(tt.unit, 8*n))
		g := func(s string) { _, _ = tp.Match(s, opts) }
		if ratio, ok := timing.CheckLinear(g, tt.uri, n); !ok {
			t.Errorf("%s: matching a URI of %d units takes %.1f times as long as one of %d (at most %d)",
				tt.name, 8*n, ratio, n, timing.GrowthLimit)
		} else {
			t.Logf("%s: URI of 8n units / n units: time ratio %.1f", tt.name, ratio)
		}
	}
}

// TestMatchLinearTimeTemplateSize times, with timing.CheckLinear, matching
// against templates 8 times larger at sizes where the cost of the template
// shows: 50 and 400 adjacent expressions against a URI of 20 KB (one
// variable repeated, whose values the search must find to agree, and as
// many variables), and templates of 5.6 KB and 45 KB. Time must grow
// about as the template, the URI fixed (RFC 6570 matching here is
// O(len(URI) × len(template))).
func TestMatchLinearTimeTemplateSize(t *testing.T) {
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
		small, large := template.MustParse(units(tt.unit, tt.n)), template.MustParse(units(tt.unit, 8*tt.n))
		if _, err := large.Match(tt.uri, nil); (err == nil) != tt.match {
			t.Errorf("%s: Match of %d bytes against a template of %d: %v; want a match: %v", tt.name, len(tt.uri), len(large.String()), err, tt.match)
		}
		f := func(tmpl string) {
			tp := small
			if tmpl == "large" {
				tp = large
			}
			_, _ = tp.Match(tt.uri, nil)
		}
		build := func(n int) string {
			if n > tt.n {
				return "large"
			}
			return "small"
		}
		if ratio, ok := timing.CheckLinear(f, build, tt.n); !ok {
			t.Errorf("%s: matching with a template of %d bytes takes %.1f times as long as with one of %d (at most %d)",
				tt.name, len(large.String()), ratio, len(small.String()), timing.GrowthLimit)
		} else {
			t.Logf("%s: templates of %d and %d bytes: time ratio %.1f", tt.name, len(small.String()), len(large.String()), ratio)
		}
	}
}
