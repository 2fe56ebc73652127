package match_test

import (
	"math"
	"runtime"
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

// TestBuildBudget pins what Options.MaxSteps bounds before a match: the
// automata of a template are built on its first match, in time and memory
// in proportion to their instructions (about ten for each code point that
// a prefix modifier counts), and a budget that cannot pay StepsPerInst
// steps for each refuses the template before any is built, allocating
// next to nothing, whether or not an earlier match built them.
func TestBuildBudget(t *testing.T) {
	large := units("{a:64}", 3400) // 20 KB
	small := units("{a:64}", 340)  // 2 KB
	tests := []struct {
		name     string
		m        *match.Matcher // shared by rows that follow each other
		in       string
		o        match.Options
		insts    int   // Result.Insts: the automata refused, or 0 when built
		maxBytes int64 // the most the match may allocate
	}{
		{"20 KB of prefix modifiers: refused by the default, before building", parse(large), "",
			match.Options{MaxSteps: defaultMaxSteps}, 2_631_601, 64 << 10},
		{"the same with NonEmpty, another variant of the automaton", parse(large), "",
			match.Options{MaxSteps: defaultMaxSteps, NonEmpty: true}, 2_631_601, 64 << 10},
		{"2 KB of prefix modifiers: refused by the default", parse(small), "",
			match.Options{MaxSteps: defaultMaxSteps}, 263_161, 64 << 10},
		{"2 KB with a budget that pays for building them: built", parse(small), "",
			match.Options{MaxSteps: 263_161 * match.StepsPerInst}, 0, 64 << 20},
		// 260,101 instructions and 10,200 occurrences of one variable,
		// whose search for values that agree takes the rest of the budget.
		{"36 KB of expressions that the default just lets build: the whole match within 32 MB", parse(units("{a}{.a}", 5100)), "a.a",
			match.Options{MaxSteps: defaultMaxSteps}, 0, 32 << 20},
	}
	for _, tt := range tests {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res := run(tt.m, tt.in, tt.o)
		runtime.ReadMemStats(&after)
		if res.Insts != tt.insts || (tt.insts > 0) != (res.Spent && res.Steps == 0) {
			t.Errorf("%s: Insts %d, Spent %v after %d steps; want Insts %d, refused before any step: %v",
				tt.name, res.Insts, res.Spent, res.Steps, tt.insts, tt.insts > 0)
		}
		if got := int64(after.TotalAlloc - before.TotalAlloc); got > tt.maxBytes {
			t.Errorf("%s: the match allocated %d bytes, want at most %d", tt.name, got, tt.maxBytes)
		}
	}
	// A template built by a match without a bound is refused by the
	// default all the same: the count does not depend on the order of
	// the matches.
	m := parse(small)
	if res := run(m, "", unbounded); res.Spent || !res.Matched {
		t.Errorf("2 KB without a bound: Spent %v, Matched %v; want a match", res.Spent, res.Matched)
	}
	if res := run(m, "", match.Options{MaxSteps: defaultMaxSteps}); res.Insts != 263_161 {
		t.Errorf("2 KB, built, then with the default: Insts %d, want 263161", res.Insts)
	}
}

// TestSearchLimit pins the limit of the search for values that agree on
// the simplest template that meets it, as the package documentation of
// template gives it: "{x}{y}{x}" against n bytes "a" needs about 8 × n²
// steps of search, whose limit grows as n, so that Match finds x = half
// up to n = 162 and stops at its limit from 163 on, whatever the budget;
// delimited by a literal that the values cannot hold, the same variables
// match 10,000 bytes on each side in linear time.
func TestSearchLimit(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		tmpl, in         string
		matched, limited bool
		steps            int // 0: any
	}{
		{"{x}{y}{x}", a(100), true, false, 80_264},
		{"{x}{y}{x}", a(162), true, false, 0},
		{"{x}{y}{x}", a(163), false, true, 0},
		{"{x}{y}{x}", a(1000), false, true, 0},
		{"{x}{y}{z}{x}", a(100), false, true, 0},
		{"{x}/{y}/{x}", a(10000) + "/" + a(10000) + "/" + a(10000), true, false, 561_071},
	}
	for _, tt := range tests {
		res := run(parse(tt.tmpl), tt.in, unbounded)
		if res.Matched != tt.matched || res.Limited != tt.limited || tt.steps != 0 && res.Steps != tt.steps {
			t.Errorf("Match(%q, %d bytes): Matched %v, Limited %v, %d steps; want %v, %v, %d steps",
				tt.tmpl, len(tt.in), res.Matched, res.Limited, res.Steps, tt.matched, tt.limited, tt.steps)
		}
		if half := len(tt.in) / 2; tt.matched && tt.tmpl == "{x}{y}{x}" && res.Values[0].Str() != a(half) {
			t.Errorf("Match(%q, %d bytes): x = %q, want half", tt.tmpl, len(tt.in), res.Values[0].Str())
		}
	}
}
