package urlpattern

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// fuzzSeeds are pattern strings and URLs of every kind: the string
// patterns and inputs of the WPT vectors, and hostile pieces.
func fuzzSeeds(tb testing.TB) (patterns, inputs []string) {
	for _, r := range testrows.Vectors[wptRow](tb, "wpt-urlpattern", "urlpatterntestdata.jsonl") {
		for _, raw := range r.Pattern {
			var s string
			if json.Unmarshal(raw, &s) == nil && len(s) > 0 && !slices.Contains(patterns, s) {
				patterns = append(patterns, s)
			}
		}
		if r.Inputs != nil {
			for _, raw := range *r.Inputs {
				var s string
				if json.Unmarshal(raw, &s) == nil && !slices.Contains(inputs, s) {
					inputs = append(inputs, s)
				}
			}
		}
	}
	patterns = append(patterns, "https://*.example.com/:a(\\d+)/:b?/*", "http{s}?://{:sub.}?h/(.*)?", "a:(?<x>b)|c",
		"https://h/([\\w--[a-f]]{2,3}|\\p{L}+)", "https://h/:a(a*)*", "(\x80):", "https://h/\\", "https://[::1]:*/")
	inputs = append(inputs, "https://h/abc/42", "https://a.example.com/12/x/y", "http://h/\u00e9?q#f")
	return patterns, inputs
}

// FuzzPattern compiles a pattern string and matches a URL with it. A
// malformed pattern must be a *uri.Error with an offset inside its input
// and a sentinel of the package. Otherwise: Exec finds a result exactly
// when Test says true; each component's plan agrees with the regular
// expression that RE2 runs for the same parts; the pattern strings of
// the getters compile to a pattern with the same pattern strings; and a
// List of the one pattern matches what TestURL matches.
func FuzzPattern(f *testing.F) {
	patterns, inputs := fuzzSeeds(f)
	for i, p := range patterns {
		f.Add(p, inputs[i%len(inputs)], i%3 == 0)
	}
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		start := time.Now()
		defer func() {
			if d := time.Since(start); d > 2*time.Second {
				t.Fatalf("Parse(%q) and matching %q took %v", pattern, input, d)
			}
		}()
		p, err := Parse(pattern, Options{IgnoreCase: ignoreCase})
		if err != nil {
			checkError(t, "Parse", pattern, err)
			return
		}
		checkInvariants(t, p, input)
		// The pattern strings of the getters compile, and compile to
		// themselves from then on. (Not always at once: create removes a
		// port that is the default one before canonicalizing it, so
		// "http://h:80x" keeps the port "80", which the getters' text
		// then drops.) Processing an Init removes one leading "?" and "#"
		// from the search and the hash (section 3.2), which pattern
		// strings do not escape: the getters' text goes after one.
		q := roundTrip(t, p, ignoreCase)
		if r := roundTrip(t, q, ignoreCase); r.String() != q.String() {
			t.Fatalf("Parse(%q) = %s, then %s, then %s", pattern, p, q, r)
		}
	})
}

// roundTrip compiles the pattern strings of p's getters.
func roundTrip(t *testing.T, p *Pattern, ignoreCase bool) *Pattern {
	t.Helper()
	var in Init
	for c := Protocol; c < numComponents; c++ {
		in.Set(c, p.Component(c))
	}
	in.Search, in.Hash = Some("?"+p.Search()), Some("#"+p.Hash())
	q, err := New(in, Options{IgnoreCase: ignoreCase})
	if err != nil {
		t.Fatalf("%s: its pattern strings do not compile: %v", p, err)
	}
	return q
}

// FuzzNew compiles a pattern from components, as FuzzPattern does from a
// string.
func FuzzNew(f *testing.F) {
	f.Add("https", "*.example.com", "/:a(\\d+)", "q=:q", "https://h/12?q=x", false)
	f.Add("", "[::1]", "/*", "", "https://[::1]/x", true)
	f.Add("(.*)", "{:a.}?b", "/:x+", "*", "ws://a.b/c/d", false)
	f.Fuzz(func(t *testing.T, protocol, hostname, pathname, search, input string, ignoreCase bool) {
		in := Init{Protocol: Some(protocol), Hostname: Some(hostname), Pathname: Some(pathname), Search: Some(search)}
		p, err := New(in, Options{IgnoreCase: ignoreCase})
		if err != nil {
			checkError(t, "New", "", err)
			return
		}
		checkInvariants(t, p, input)
		if _, ok := p.ExecInit(Init{Pathname: Some(input)}); ok != p.TestInit(Init{Pathname: Some(input)}) {
			t.Fatalf("ExecInit(pathname %q) = %v, TestInit = %v", input, ok, !ok)
		}
	})
}

// checkError checks the error of a constructor.
func checkError(t *testing.T, call, input string, err error) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %T %v, want *uri.Error", call, input, err, err)
	}
	if e.Op != uri.OpParse || e.Offset < 0 || e.Offset > len(e.Input) {
		t.Fatalf("%s(%q): error %+v: Op or Offset out of place", call, input, e)
	}
	if problem := checkPatternError(err); problem != "" {
		t.Fatalf("%s(%q): %s", call, input, problem)
	}
}

// checkInvariants checks the invariants of a match of input by p.
func checkInvariants(t *testing.T, p *Pattern, input string) {
	t.Helper()
	if _, ok := p.Exec(input); ok != p.Test(input) {
		t.Fatalf("%s: Exec(%q) = %v, Test = %v", p, input, ok, !ok)
	}
	u, err := whatwg.Parse(input)
	if err != nil {
		return
	}
	l := NewList([]*Pattern{p})
	if i, ok := l.Match(u); ok != p.TestURL(u) || ok && i != 0 {
		t.Fatalf("%s: List.Match(%q) = %d, %v; TestURL = %v", p, input, i, ok, p.TestURL(u))
	}
	in := urlInputs(&u)
	if u.IsSpecial() {
		// The path alone, as a URL whose other components are empty.
		want := p.TestInit(Init{Pathname: Some(in[Pathname])})
		if i, ok := l.MatchPathname(in[Pathname]); ok != want || ok && i != 0 {
			t.Fatalf("%s: List.MatchPathname(%q) = %d, %v; TestInit = %v", p, in[Pathname], i, ok, want)
		}
	}
	if groups, ok := p.ExecComponent(Pathname, in[Pathname], nil); ok != p.comp[Pathname].m.match(in[Pathname], nil) {
		t.Fatalf("%s: ExecComponent(pathname, %q) = %v, %v; the matcher says %v", p, in[Pathname], groups, ok, !ok)
	} else if r, matched := p.ExecURL(u); matched && !slices.Equal(groups, r.Component(Pathname).Groups) {
		t.Fatalf("%s: ExecComponent(pathname, %q) = %v; ExecURL's pathname has %v", p, in[Pathname], groups, r.Component(Pathname).Groups)
	}
	for c := range p.comp {
		comparePlan(t, &p.comp[c], in[c])
		comparePlan(t, &p.comp[c], asciiOnly(input))
	}
}

// comparePlan checks that a component's plan, if it has one, matches s
// as the regular expression of its parts does, groups included.
func comparePlan(t *testing.T, c *component, s string) {
	t.Helper()
	if !c.m.plan {
		return
	}
	re, err := compileRE2(c.parts, c.opts)
	if err != nil {
		t.Fatalf("pattern %q: a plan, and no regular expression: %v %s", c.pattern, err.err, err.detail)
	}
	caps := make([]int, 2*len(c.names))
	ok := c.m.match(s, caps)
	loc := re.FindStringSubmatchIndex(s)
	if ok != (loc != nil) {
		t.Fatalf("pattern %q on %q: the plan says %v, RE2 %s says %v", c.pattern, s, ok, re, loc != nil)
	}
	if ok && !slices.Equal(caps, loc[2:2+len(caps)]) {
		t.Fatalf("pattern %q on %q: the plan's groups %v, RE2's %v", c.pattern, s, caps, loc[2:2+len(caps)])
	}
}

// asciiOnly returns the ASCII bytes of s: every input a pattern meets is
// ASCII.
func asciiOnly(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] < 0x80 {
			b = append(b, s[i])
		}
	}
	return string(b)
}
