package match_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gouri/uri/template/internal/match"
)

// defaultMaxSteps is package template's DefaultMaxSteps, the budget of a
// match whose MatchOptions.MaxSteps is zero.
const defaultMaxSteps = 1 << 22

// TestBudget pins Options.MaxSteps by the steps that matching counts, not
// by time: a match that would take more steps than the budget stops
// before it takes them (Spent), in each phase of matching (the
// automaton's pass over the URI, the query's parameters, the search for
// values that agree), and the default budget lets routes of ordinary size
// match URIs of 8 KB.
func TestBudget(t *testing.T) {
	// A template of 2 KB that adjacent expressions make ambiguous, against
	// a URI of 8 KB: 350 million steps without a bound.
	hostile := units("{a}{.a}", 293)
	tests := []struct {
		name     string
		tmpl, in string
		maxSteps int
		// The result: Spent, else Matched or not.
		spent, matched bool
		// Matching counts at least min steps and at most max + slack:
		// checking the values of one reading in a search, which is not
		// cut short, may take the count past the budget by a few steps
		// for each byte of the URI.
		min, max, slack int
	}{
		{"a hostile template of 2 KB against 8 KB: the default refuses it", hostile, strings.Repeat("a.a", 2731),
			defaultMaxSteps, true, false, 0, defaultMaxSteps, 0},
		{"the same with a budget of 100,000 steps", hostile, strings.Repeat("a.a", 2731),
			100_000, true, false, 0, 100_000, 0},
		{"a budget below the size of the automaton: refused before any step", hostile, "a.a",
			10, true, false, 0, 0, 0},
		{"no bound: the hostile template of 512 bytes against 2 KB runs to its end", units("{a}{.a}", 74), strings.Repeat("a.a", 700),
			math.MaxInt, false, false, 2 * defaultMaxSteps, 1 << 30, 0},
		{"the same with the default budget", units("{a}{.a}", 74), strings.Repeat("a.a", 700),
			defaultMaxSteps, true, false, 0, defaultMaxSteps, 0},
		// The automaton reads x = "a"×100, y = "", x = "": its pass takes
		// 5,847 steps, the search for x = "a"×50 the rest.
		{"the search for values that agree: within the default", "{x}{y}{x}", strings.Repeat("a", 100),
			defaultMaxSteps, false, true, 50_000, 100_000, 0},
		{"the search for values that agree: beyond the budget", "{x}{y}{x}", strings.Repeat("a", 100),
			20_000, true, false, 6_000, 20_000, 4 * 100},
		{"1,000 parameters looked at by 1,000 expressions: within the default", "/?x=1" + units("{&a%d}", 1000), "/?x=1&" + strings.Repeat("b=1&", 999) + "b=1",
			defaultMaxSteps, false, false, 2_000_000, defaultMaxSteps, 0},
		{"1,000 parameters looked at by 1,000 expressions: refused before the looks that pass the budget", "/?x=1" + units("{&a%d}", 1000), "/?x=1&" + strings.Repeat("b=1&", 999) + "b=1",
			1_000_000, true, false, 0, 1_000_000, 0},
		{"a route with a path of 8 KB: far within the default", "/repos/{owner}/{repo}/contents/{+path}{?ref}", "/repos/a/b/contents/" + strings.Repeat("dir/", 2040) + "?ref=main",
			defaultMaxSteps, false, true, 8000, 200_000, 0},
		{"a route of eight adjacent expressions against 8 KB: within the default", "/s/{a}{b}{c}{d}{e}{f}{g}{h}/x{/rest*}{?q}", "/s/" + strings.Repeat("a", 8180),
			defaultMaxSteps, false, false, 1_000_000, 3_000_000, 0},
	}
	for _, tt := range tests {
		res := run(parse(tt.tmpl), tt.in, match.Options{MaxSteps: tt.maxSteps})
		if res.Steps > tt.max+tt.slack || res.Steps < tt.min {
			t.Errorf("%s: Match(%.20q, %.20q) with MaxSteps %d counted %d steps, want from %d to %d",
				tt.name, tt.tmpl, tt.in, tt.maxSteps, res.Steps, tt.min, tt.max)
		}
		if res.Spent != tt.spent || res.Matched != tt.matched || (res.Values != nil) != tt.matched {
			t.Errorf("%s: Match(%.20q, %.20q) with MaxSteps %d: Spent %v, Matched %v, %d values; want %v, %v",
				tt.name, tt.tmpl, tt.in, tt.maxSteps, res.Spent, res.Matched, len(res.Values), tt.spent, tt.matched)
		}
	}
}
