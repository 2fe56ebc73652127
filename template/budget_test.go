package template_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// TestMatchBudget pins the contract of MatchOptions.MaxSteps: zero (and a
// nil *MatchOptions) is DefaultMaxSteps, which refuses a hostile template
// of 2 KB against a URI of 8 KB, and a template whose automaton would cost
// more to build than the budget before it is built, and lets routes match
// URIs of 8 KB; a
// negative budget is no bound; a refusal is a *uri.Error of ErrBudget
// that says what the budget was and how to raise it. The engine's tests
// (template/internal/match) count the steps of each phase.
func TestMatchBudget(t *testing.T) {
	// 350 million steps without a bound.
	hostile := template.MustParse(strings.Repeat("{a}{.a}", 293))
	hostileURI := strings.Repeat("a.a", 2731)
	tests := []struct {
		name string
		tp   *template.Template
		in   string
		opts *template.MatchOptions
		// budget is the budget of the refusal, or 0 for a match (want) or
		// ErrNoMatch (want nil).
		budget int
		want   map[string]any
	}{
		{"the default refuses a hostile template of 2 KB against 8 KB", hostile, hostileURI,
			nil, template.DefaultMaxSteps, nil},
		{"MaxSteps 0 is the default", hostile, hostileURI,
			&template.MatchOptions{}, template.DefaultMaxSteps, nil},
		{"a budget of 100,000 steps", hostile, hostileURI,
			&template.MatchOptions{MaxSteps: 100_000}, 100_000, nil},
		{"a negative budget is no bound: a hostile template of 512 bytes runs to its end", template.MustParse(strings.Repeat("{a}{.a}", 74)), strings.Repeat("a.a", 700),
			&template.MatchOptions{MaxSteps: -1}, 0, nil},
		{"the search for values that agree, within the default", template.MustParse("{x}{y}{x}"), strings.Repeat("a", 100),
			nil, 0, map[string]any{"x": strings.Repeat("a", 50), "y": ""}},
		{"the same beyond a budget of 20,000 steps", template.MustParse("{x}{y}{x}"), strings.Repeat("a", 100),
			&template.MatchOptions{MaxSteps: 20_000}, 20_000, nil},
		{"a template of 20 KB of prefix modifiers: refused before its automaton is built", template.MustParse(strings.Repeat("{a:64}", 3400)), "",
			nil, template.DefaultMaxSteps, nil},
		{"a template of 2 KB of them: refused by the default", template.MustParse(strings.Repeat("{a:64}", 340)), "a",
			nil, template.DefaultMaxSteps, nil},
		{"the same with a budget that pays for its automaton: built and matched", template.MustParse(strings.Repeat("{a:64}", 340)), "",
			&template.MatchOptions{MaxSteps: 8 << 20}, 0, map[string]any{"a": ""}},
		{"a route with a path of 8 KB, within the default", template.MustParse("/repos/{owner}/{repo}/contents/{+path}"), "/repos/a/b/contents/" + strings.Repeat("dir/", 2040),
			nil, 0, map[string]any{"owner": "a", "repo": "b", "path": strings.Repeat("dir/", 2040)}},
	}
	for _, tt := range tests {
		vals, err := tt.tp.Match(tt.in, tt.opts)
		switch {
		case tt.budget > 0:
			checkBudgetError(t, tt.name, err, tt.in, tt.budget)
			if vals != nil {
				t.Errorf("%s: values %v with the error", tt.name, view(vals))
			}
		case tt.want == nil && !errors.Is(err, template.ErrNoMatch):
			t.Errorf("%s: Match(%.20q, %.20q) = %v, want ErrNoMatch", tt.name, tt.tp.String(), tt.in, err)
		case tt.want != nil && err != nil:
			t.Errorf("%s: Match(%.20q, %.20q) = %v, want a match", tt.name, tt.tp.String(), tt.in, err)
		case tt.want != nil:
			if d := cmp.Diff(tt.want, view(vals)); d != "" {
				t.Errorf("%s: Match(%.20q, %.20q) (-want +got):\n%s", tt.name, tt.tp.String(), tt.in, d)
			}
		}
	}
}

// checkBudgetError checks the error of a match that spent its budget of
// maxSteps against the URI in.
func checkBudgetError(t *testing.T, name string, err error, in string, maxSteps int) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) || !errors.Is(err, template.ErrBudget) || errors.Is(err, template.ErrNoMatch) {
		t.Errorf("%s: error %v, want a *uri.Error of ErrBudget", name, err)
		return
	}
	if e.Op != template.OpMatch || e.Input != in || e.Offset != uri.NoOffset {
		t.Errorf("%s: Op %q, Input %.20q, Offset %d; want %q, the URI, uri.NoOffset", name, e.Op, e.Input, e.Offset, template.OpMatch)
	}
	// The message says that the budget was spent, what it was and how to
	// raise it.
	for _, want := range []string{"match: work budget spent", strconv.Itoa(maxSteps) + " steps", "MatchOptions.MaxSteps"} {
		if !strings.Contains(e.Error(), want) {
			t.Errorf("%s: %q does not say %q", name, e.Error(), want)
		}
	}
}
