package template_test

import (
	"strings"
	"testing"

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
