package template_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// TestMatchBudget pins MatchOptions.MaxSteps by the steps that matching
// counts, not by time: a match that would take more steps than the budget
// stops, before it takes them, with ErrBudget, in each phase of matching
// (the automaton's pass over the URI, the query's parameters, the search
// for values that agree); a negative budget is no bound, and the default
// lets routes of ordinary size match URIs of 8 KB.
func TestMatchBudget(t *testing.T) {
	// A template of 2 KB that adjacent expressions make ambiguous, against
	// a URI of 8 KB: 350 million steps without a bound.
	hostile := units("{a}{.a}", 293)
	tests := []struct {
		name     string
		tmpl, in string
		maxSteps int
		// budget: ErrBudget is expected; else a match when match is set,
		// and ErrNoMatch when not.
		budget, match bool
		// Matching counts at least min steps and at most max + slack:
		// checking the values of one reading in a search, which is not
		// cut short, may take the count past the budget by a few steps
		// for each byte of the URI.
		min, max, slack int
	}{
		{"a hostile template of 2 KB against 8 KB: the default refuses it", hostile, strings.Repeat("a.a", 2731),
			0, true, false, 0, template.DefaultMaxSteps, 0},
		{"the same with a budget of 100,000 steps", hostile, strings.Repeat("a.a", 2731),
			100_000, true, false, 0, 100_000, 0},
		{"a budget below the size of the automaton: refused before any step", hostile, "a.a",
			10, true, false, 0, 0, 0},
		{"no bound: the hostile template of 512 bytes against 2 KB runs to its end", units("{a}{.a}", 74), strings.Repeat("a.a", 700),
			-1, false, false, 2 * template.DefaultMaxSteps, 1 << 30, 0},
		{"the same with the default budget", units("{a}{.a}", 74), strings.Repeat("a.a", 700),
			0, true, false, 0, template.DefaultMaxSteps, 0},
		// The automaton reads x = "a"×100, y = "", x = "": its pass takes
		// 5,847 steps, the search for x = "a"×50 the rest.
		{"the search for values that agree: within the default", "{x}{y}{x}", strings.Repeat("a", 100),
			0, false, true, 50_000, 100_000, 0},
		{"the search for values that agree: beyond the budget", "{x}{y}{x}", strings.Repeat("a", 100),
			20_000, true, false, 6_000, 20_000, 4 * 100},
		{"1,000 parameters looked at by 1,000 expressions: within the default", "/?x=1" + units("{&a%d}", 1000), "/?x=1&" + strings.Repeat("b=1&", 999) + "b=1",
			0, false, false, 2_000_000, template.DefaultMaxSteps, 0},
		{"1,000 parameters looked at by 1,000 expressions: refused before the looks that pass the budget", "/?x=1" + units("{&a%d}", 1000), "/?x=1&" + strings.Repeat("b=1&", 999) + "b=1",
			1_000_000, true, false, 0, 1_000_000, 0},
		{"a route with a path of 8 KB: far within the default", "/repos/{owner}/{repo}/contents/{+path}{?ref}", "/repos/a/b/contents/" + strings.Repeat("dir/", 2040) + "?ref=main",
			0, false, true, 8000, 200_000, 0},
		{"a route of eight adjacent expressions against 8 KB: within the default", "/s/{a}{b}{c}{d}{e}{f}{g}{h}/x{/rest*}{?q}", "/s/" + strings.Repeat("a", 8180),
			0, false, false, 1_000_000, 3_000_000, 0},
	}
	for _, tt := range tests {
		tp := template.MustParse(tt.tmpl)
		opts := &template.MatchOptions{MaxSteps: tt.maxSteps}
		vals, steps, err := template.MatchSteps(tp, tt.in, opts)
		if steps > tt.max+tt.slack || steps < tt.min {
			t.Errorf("%s: Match(%.20q, %.20q) with MaxSteps %d counted %d steps, want from %d to %d",
				tt.name, tt.tmpl, tt.in, tt.maxSteps, steps, tt.min, tt.max)
		}
		switch {
		case tt.budget:
			checkBudgetError(t, tt.name, err, tt.in, tt.maxSteps)
			if vals != nil {
				t.Errorf("%s: values %v with the error", tt.name, vals)
			}
		case tt.match && err != nil:
			t.Errorf("%s: Match(%.20q, %.20q) = %v, want a match", tt.name, tt.tmpl, tt.in, err)
		case !tt.match && !errors.Is(err, template.ErrNoMatch):
			t.Errorf("%s: Match(%.20q, %.20q) = %v, want ErrNoMatch", tt.name, tt.tmpl, tt.in, err)
		}
	}
}

// checkBudgetError checks the error of a match that spent its budget of
// maxSteps (the default for 0) against the URI in.
func checkBudgetError(t *testing.T, name string, err error, in string, maxSteps int) {
	t.Helper()
	if maxSteps == 0 {
		maxSteps = template.DefaultMaxSteps
	}
	var e *uri.Error
	if !errors.As(err, &e) || !errors.Is(err, template.ErrBudget) || errors.Is(err, template.ErrNoMatch) {
		t.Errorf("%s: error %v, want a *uri.Error of ErrBudget", name, err)
		return
	}
	if e.Op != uri.OpMatch || e.Input != in || e.Offset != uri.NoOffset {
		t.Errorf("%s: Op %q, Input %.20q, Offset %d; want %q, the URI, uri.NoOffset", name, e.Op, e.Input, e.Offset, uri.OpMatch)
	}
	// The message says that the budget was spent, what it was and how to
	// raise it.
	for _, want := range []string{"match: work budget spent", strconv.Itoa(maxSteps) + " steps", "MatchOptions.MaxSteps"} {
		if !strings.Contains(e.Error(), want) {
			t.Errorf("%s: %q does not say %q", name, e.Error(), want)
		}
	}
}
