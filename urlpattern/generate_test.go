package urlpattern

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// TestGenerateMatchesBack pins that Generate refuses a text that would
// not match back to the values given, in every component: two groups
// that fixed text separates can split the text elsewhere when a value
// holds that text, and a lazy group takes as little as it can. The same
// text is written when the values are those a match gives.
func TestGenerateMatchesBack(t *testing.T) {
	tests := []struct {
		name    string
		c       Component
		pattern string
		groups  map[string]string
		want    string // the text, or "" for ErrAmbiguous
		off     int    // for ErrAmbiguous: where the value of the group named in detail starts
		detail  string
	}{
		{"the example: a value holds the text between the groups", Pathname, "/:a-:b", map[string]string{"a": "x-y", "b": "z"}, "", 1,
			`the group a would come back as "x", not "x-y"`},
		{"the values the match gives", Pathname, "/:a-:b", map[string]string{"a": "x", "b": "y-z"}, "/x-y-z", 0, ""},
		{"a delimiter ends the group", Pathname, "/:a/:b", map[string]string{"a": "x-y", "b": "z"}, "/x-y/z", 0, ""},
		{"protocol", Protocol, "{:a}x{:b}", map[string]string{"a": "yx", "b": "z"}, "", 0, `the group a would come back as "y", not "yx"`},
		{"protocol, matching back", Protocol, "{:a}x{:b}", map[string]string{"a": "y", "b": "xz"}, "yxxz", 0, ""},
		{"username", Username, ":a-:b", map[string]string{"a": "x-y", "b": "z"}, "", 0, `the group a would come back as "x", not "x-y"`},
		{"password", Password, ":a.:b", map[string]string{"a": "x.y", "b": "z"}, "", 0, `the group a would come back as "x", not "x.y"`},
		{"hostname", Hostname, ":a-:b.example.com", map[string]string{"a": "x-y", "b": "z"}, "", 0,
			`the group a would come back as "x", not "x-y"`},
		{"hostname, matching back", Hostname, ":a-:b.example.com", map[string]string{"a": "x", "b": "y-z"}, "x-y-z.example.com", 0, ""},
		{"port: two groups side by side", Port, ":a:b", map[string]string{"a": "12", "b": "3"}, "", 0, `the group a would come back as "1", not "12"`},
		{"port, matching back", Port, ":a:b", map[string]string{"a": "1", "b": "23"}, "123", 0, ""},
		{"search", Search, ":a=:b", map[string]string{"a": "x", "b": "y=z"}, "x=y=z", 0, ""},
		{"search, a name holding =", Search, ":a=:b", map[string]string{"a": "x=y", "b": "z"}, "", 0, `the group a would come back as "x", not "x=y"`},
		{"hash", Hash, "x:a:b", map[string]string{"a": "1", "b": "2"}, "x12", 0, ""},
		{"hash, the second group", Hash, ":a-:b-:c", map[string]string{"a": "1", "b": "2-3", "c": "4"}, "", 2,
			`the group b would come back as "2", not "2-3"`},
		{"pathname: a dot segment, which a URL removes", Pathname, "/:a/:b", map[string]string{"a": "..", "b": "x"}, "", 1,
			`a URL would hold the text as "/x"`},
		{"pathname: a dot segment of a value and fixed text", Pathname, "/{:a}.", map[string]string{"a": "."}, "", 1,
			`a URL would hold the text as "/"`},
	}
	for _, tt := range tests {
		var in Init
		in.Set(tt.c, tt.pattern)
		p, err := New(in, Options{})
		if err != nil {
			t.Fatalf("%s: %v %q: %v", tt.name, tt.c, tt.pattern, err)
		}
		got, err := p.Generate(tt.c, tt.groups)
		if tt.want != "" {
			if got != tt.want || err != nil {
				t.Errorf("%s: Generate(%v, %v) of %q = %q, %v, want %q", tt.name, tt.c, tt.groups, tt.pattern, got, err, tt.want)
			}
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, ErrAmbiguous) || got != "" {
			t.Errorf("%s: Generate(%v, %v) of %q = %q, %v, want ErrAmbiguous", tt.name, tt.c, tt.groups, tt.pattern, got, err)
			continue
		}
		if e.Op != uri.OpBuild || e.Offset != tt.off || e.Detail != tt.detail || e.Component != tt.c.uriComponent() {
			t.Errorf("%s: Generate(%v, %v) of %q: %+v, want Detail %q at offset %d", tt.name, tt.c, tt.groups, tt.pattern, e, tt.detail, tt.off)
		}
	}
}

// TestGenerateErrors pins where the ErrGenerate errors of Generate point
// (STYLE.md, section 4): the offset, in the component's pattern string,
// of the part at fault, its group's ":", "(" or "*" or its modifier; and
// uri.NoOffset for a component that is none of the eight.
func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name    string
		c       Component
		pattern string
		groups  map[string]string
		input   string // the component's pattern string
		off     int
		detail  string
	}{
		{"no value for a group", Pathname, "/:id", nil, "/:id", 1, "no value for the group id"},
		{"no value for the second group", Pathname, "/books/:shelf/:id", map[string]string{"shelf": "a"}, "/books/:shelf/:id", 14, "no value for the group id"},
		{"a group in braces, after its prefix", Pathname, "/x{-:id}", nil, "/x{-:id}", 4, "no value for the group id"},
		{"a regular expression", Pathname, "/books/:id(\\d+)", map[string]string{"id": "1"}, "/books/:id(\\d+)", 7, "a wildcard or regular expression group"},
		{"an unnamed regular expression", Pathname, "/books/(\\d+)", nil, "/books/(\\d+)", 7, "a wildcard or regular expression group"},
		{"a wildcard", Pathname, "/files/*", nil, "/files/*", 7, "a wildcard or regular expression group"},
		{"the whole component a wildcard", Hash, "*", nil, "*", 0, "a wildcard or regular expression group"},
		{"a modifier of a group", Pathname, "/books/:id?", map[string]string{"id": "1"}, "/books/:id?", 10, "a part with the modifier ?"},
		{"a modifier of fixed text", Pathname, "/x{y}*", nil, "/x{y}*", 5, "a part with the modifier *"},
		{"a value the host parser refuses", Hostname, ":h.example.com", map[string]string{"h": "a b"}, ":h.example.com", 0,
			`the value of h is not valid in the component: `},
		{"a value with the delimiter", Pathname, "/files/:name", map[string]string{"name": "a/b"}, "/files/:name", 7, "the group name cannot match its value"},
		{"an empty value", Pathname, "/files/:name", map[string]string{"name": ""}, "/files/:name", 7, "the group name cannot match its value"},
		{"no such component", numComponents, "", nil, numComponents.String(), uri.NoOffset, "no such component"},
	}
	for _, tt := range tests {
		var in Init
		if tt.c < numComponents {
			in.Set(tt.c, tt.pattern)
		}
		p, err := New(in, Options{})
		if err != nil {
			t.Fatalf("%s: %v %q: %v", tt.name, tt.c, tt.pattern, err)
		}
		got, err := p.Generate(tt.c, tt.groups)
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, ErrGenerate) || got != "" {
			t.Errorf("%s: Generate(%v, %v) of %q = %q, %v, want ErrGenerate", tt.name, tt.c, tt.groups, tt.pattern, got, err)
			continue
		}
		if e.Op != uri.OpBuild || e.Input != tt.input || e.Offset != tt.off || !strings.HasPrefix(e.Detail, tt.detail) {
			t.Errorf("%s: Generate(%v, %v) of %q: Op %q, Input %q, Offset %d, Detail %q; want %q, %q, %d, %q",
				tt.name, tt.c, tt.groups, tt.pattern, e.Op, e.Input, e.Offset, e.Detail, uri.OpBuild, tt.input, tt.off, tt.detail)
		}
	}
}

// TestGenerateProperty checks Generate against matching, over the
// patterns of the WPT generate vectors and patterns whose groups can
// split a text in several ways, with random values: a text that Generate
// writes matches back to the values, and a text that it refuses with
// ErrAmbiguous does not.
func TestGenerateProperty(t *testing.T) {
	var patterns []*Pattern
	var comps []Component
	for _, r := range testrows.Vectors[wptGenerateRow](t, "wpt-urlpattern", "urlpattern-generate.jsonl") {
		p, err := construct(parseArgs(t, []json.RawMessage{r.Pattern}))
		c, ok := ParseComponent(r.Component)
		if err == nil && ok {
			patterns, comps = append(patterns, p), append(comps, c)
		}
	}
	for c := Protocol; c < numComponents; c++ {
		for _, s := range []string{":a-:b", ":a:b", "x:a.:b-y", "{:a}-{:b}.{:c}", ":a/:b", "{:a}x{:b}"} {
			var in Init
			in.Set(c, s)
			if p, err := New(in, Options{}); err == nil {
				patterns, comps = append(patterns, p), append(comps, c)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 7))
	pieces := []string{"x", "y", "1", "-", ".", "/", ":", "=", "%", " ", "A", "..", "\u00e9", "\U0001F345", "xn--"}
	counts := map[string]int{}
	for range 40 {
		for i, p := range patterns {
			groups := map[string]string{}
			for _, name := range p.comp[comps[i]].names {
				var v strings.Builder
				for range 1 + r.IntN(4) {
					v.WriteString(pieces[r.IntN(len(pieces))])
				}
				groups[name] = v.String()
			}
			counts[checkGenerate(t, p, comps[i], groups)]++
		}
	}
	if counts["written"] == 0 || counts["ambiguous"] == 0 {
		t.Errorf("the random values tried too little: %v", counts)
	}
	t.Logf("%v", counts)
}

// checkGenerate checks Generate(c, groups) of p: a text it writes must
// match back to the values, through ExecInit, which reads the component as
// a URL holds it; a text it refuses with ErrAmbiguous, which the error's
// Input holds, must not. It says which of the two it saw, or that
// Generate refused the values (ErrGenerate).
func checkGenerate(t *testing.T, p *Pattern, c Component, groups map[string]string) string {
	t.Helper()
	s, err := p.Generate(c, groups)
	var e *uri.Error
	switch {
	case err == nil:
		if !matchesBack(p, c, s, groups) {
			t.Fatalf("%s: Generate(%v, %q) = %q, which does not match back", p, c, groups, s)
		}
		return "written"
	case errors.As(err, &e) && errors.Is(err, ErrAmbiguous):
		if e.Offset < uri.NoOffset || e.Offset > len(e.Input) {
			t.Fatalf("%s: Generate(%v, %q): offset out of place: %v", p, c, groups, err)
		}
		if matchesBack(p, c, e.Input, groups) {
			t.Fatalf("%s: Generate(%v, %q) refuses %q, which matches back: %v", p, c, groups, e.Input, err)
		}
		return "ambiguous"
	case errors.As(err, &e) && errors.Is(err, ErrGenerate):
		// The offset is that of the part at fault: its group's ":", "("
		// or "*", or its modifier.
		if e.Input != p.Component(c) || e.Offset < 0 || e.Offset >= len(e.Input) || strings.IndexByte(":(*?+", e.Input[e.Offset]) < 0 {
			t.Fatalf("%s: Generate(%v, %q): offset out of place: %v", p, c, groups, err)
		}
		return "refused"
	}
	t.Fatalf("%s: Generate(%v, %q): %v, want ErrGenerate or ErrAmbiguous", p, c, groups, err)
	return ""
}

// matchesBack reports whether p.ExecInit gives each group of component c
// the value that groups has for it, canonicalized for the component, when
// c is s and every other component is what p matches: "" when p matches
// the empty string there, and otherwise the pattern's own text.
func matchesBack(p *Pattern, c Component, s string, groups map[string]string) bool {
	var in Init
	for k := Protocol; k < numComponents; k++ {
		v := p.Component(k)
		switch {
		case k == c:
			v = s
		case p.comp[k].m.match("", nil):
			continue
		}
		switch k {
		case Search:
			v = "?" + v
		case Hash:
			v = "#" + v
		}
		in.Set(k, v)
	}
	r, ok := p.ExecInit(in)
	if !ok {
		return false
	}
	for _, g := range r.Component(c).Groups {
		want, err := p.comp[c].enc(groups[g.Name])
		if err != nil || !g.Matched || g.Value != want {
			return false
		}
	}
	return true
}

// FuzzGenerate checks Generate with checkGenerate on a component of a
// pattern and two values, one for each of its first two groups.
func FuzzGenerate(f *testing.F) {
	f.Add(uint8(Pathname), "/:a-:b", "x-y", "z")
	f.Add(uint8(Hostname), "{:a.}?:b.example.com", "x", "y")
	f.Add(uint8(Port), ":a:b", "12", "3")
	f.Add(uint8(Search), ":a=:b&c=:c", "x", "y=z")
	f.Add(uint8(Pathname), "/books/:id/:title", "..", "l'\u00e9t\u00e9")
	f.Fuzz(func(t *testing.T, comp uint8, pattern, a, b string) {
		c := Component(comp % uint8(numComponents))
		var in Init
		in.Set(c, pattern)
		p, err := New(in, Options{})
		if err != nil {
			return
		}
		groups := map[string]string{}
		for i, name := range p.comp[c].names {
			groups[name] = [2]string{a, b}[i%2]
		}
		checkGenerate(t, p, c, groups)
	})
}
