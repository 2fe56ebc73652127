package urlpattern

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri/whatwg"
)

// readRoutes returns the patterns of testdata/routes.txt, pathnames of a
// REST API.
func readRoutes(tb testing.TB) []*Pattern {
	tb.Helper()
	data, err := os.ReadFile("testdata/routes.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var routes []*Pattern
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		p, err := New(Init{Pathname: Some(line)}, Options{})
		if err != nil {
			tb.Fatalf("route %q: %v", line, err)
		}
		routes = append(routes, p)
	}
	return routes
}

// slowMatch is the reference of List.Match: the patterns in order of
// specificity (Compare, the first in the list among equals), and the
// first that matches.
func slowMatch(patterns []*Pattern, u whatwg.URL) (int, bool) {
	order := make([]int, len(patterns))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return Compare(patterns[j], patterns[i]) })
	for _, i := range order {
		if patterns[i].TestURL(u) {
			return i, true
		}
	}
	return -1, false
}

// TestListRoutes pins the routes of testdata/routes.txt: the route each
// URL finds, by the rules of Compare.
func TestListRoutes(t *testing.T) {
	routes := readRoutes(t)
	l := NewList(routes)
	tests := []struct {
		url  string
		want string // the route's pathname pattern, "" for none
	}{
		{"https://api.example/", "/"},
		{"https://api.example/users/new", "/users/new"},                       // a fixed segment beats a group
		{"https://api.example/users/42", "/users/:id"},                        // a group
		{"https://api.example/users/42/settings", `/users/:id(\d+)/settings`}, // only one route has this path
		{"https://api.example/users/ann/settings", ""},                        // the regular expression does not match
		{"https://api.example/repos/golang/go/issues/new", "/repos/:owner/:repo/issues/new"},
		{"https://api.example/repos/golang/go/issues/123", "/repos/:owner/:repo/issues/:number"},
		{"https://api.example/repos/golang/go/issues/comments/9", "/repos/:owner/:repo/issues/comments/:comment"},
		{"https://api.example/repos/golang/go/releases/latest", "/repos/:owner/:repo/releases/latest"},
		{"https://api.example/repos/golang/go/contents/src/net/url.go", "/repos/:owner/:repo/contents/*"},
		{"https://api.example/repos/golang/go/contents/", "/repos/:owner/:repo/contents/*"},
		{"https://api.example/repos/golang/go/contents", ""},
		{"https://api.example/repos/golang/go/actions/runs/77", `/repos/:owner/:repo/actions/runs/:run(\d+)`},
		{"https://api.example/repos/golang/go/archive/v1.2.zip", `/repos/:owner/:repo/archive/:ref.:format(zip|tar\.gz)`},
		{"https://api.example/docs", "/docs/:page?"}, // the getter writes "{/:page}?" so
		{"https://api.example/docs/intro", "/docs/:page?"},
		{"https://api.example/files/a/b/c", "/files/:path+"},
		{"https://api.example/static/css/site.css", "/static/*"},
		{"https://api.example/users/", ""},       // a group needs a non-empty segment
		{"https://api.example/Users/new", ""},    // case matters without ignore case
		{"https://api.example/users/42/x/y", ""}, // no route is this deep
		{"https://api.example/users/%2F/edit", "/users/:id/edit"},
	}
	for _, tt := range tests {
		u := whatwg.MustParse(tt.url)
		i, ok := l.Match(u)
		got := ""
		if ok {
			got = routes[i].Pathname()
		}
		if got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.url, got, tt.want)
		}
		if j, ok2 := slowMatch(routes, u); ok2 != ok || ok && j != i {
			t.Errorf("Match(%q) = %d, %v; the reference gives %d, %v", tt.url, i, ok, j, ok2)
		}
	}
}

// TestListAgainstReference compares List.Match with slowMatch on random
// route tables and URLs, with hosts, protocols, ignore case, wildcards and
// regular expressions mixed in.
func TestListAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	segs := []string{"a", "b", "users", "new", ":id", ":x", "*", "(\\d+)", ":n(\\d+)", "{x}?", "A", ""}
	hosts := []string{"", "example.com", "*.example.com", "{:sub.}?example.com", "other.org"}
	words := []string{"a", "b", "users", "new", "42", "x", "A", "", "example.com", "a.example.com", "other.org"}
	for round := 0; round < 300; round++ {
		var patterns []*Pattern
		for n := 1 + r.IntN(12); n > 0; n-- {
			var path strings.Builder
			for k := r.IntN(4); k >= 0; k-- {
				path.WriteString("/" + segs[r.IntN(len(segs))])
			}
			in := Init{Pathname: Some(path.String())}
			if h := hosts[r.IntN(len(hosts))]; h != "" {
				in.Hostname = Some(h)
			}
			if r.IntN(5) == 0 {
				in.Protocol = Some("https")
			}
			p, err := New(in, Options{IgnoreCase: r.IntN(6) == 0})
			if err != nil {
				continue
			}
			patterns = append(patterns, p)
		}
		l := NewList(patterns)
		for k := 0; k < 30; k++ {
			var url strings.Builder
			url.WriteString(pick(r, "https://", "http://") + pick(r, words[8:]...))
			for n := r.IntN(4); n >= 0; n-- {
				url.WriteString("/" + pick(r, words...))
			}
			u, err := whatwg.Parse(url.String())
			if err != nil {
				continue
			}
			i, ok := l.Match(u)
			j, ok2 := slowMatch(patterns, u)
			if i != j || ok != ok2 {
				t.Fatalf("Match(%q) = %d, %v; reference %d, %v; patterns %q", u.Href(), i, ok, j, ok2, patternNames(patterns))
			}
			i, ok = l.MatchPathname(u.Pathname())
			j, ok2 = slowMatchPathname(patterns, u.Pathname())
			if i != j || ok != ok2 {
				t.Fatalf("MatchPathname(%q) = %d, %v; reference %d, %v; patterns %q", u.Pathname(), i, ok, j, ok2, patternNames(patterns))
			}
		}
	}
}

func patternNames(patterns []*Pattern) []string {
	var names []string
	for _, p := range patterns {
		names = append(names, p.Hostname()+" "+p.Pathname())
	}
	return names
}

// slowMatchPathname is the reference of List.MatchPathname: the patterns
// in order of specificity, and the first that TestInit matches with the
// pathname alone.
func slowMatchPathname(patterns []*Pattern, path string) (int, bool) {
	order := make([]int, len(patterns))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return Compare(patterns[j], patterns[i]) })
	for _, i := range order {
		if patterns[i].TestInit(Init{Pathname: Some(path)}) {
			return i, true
		}
	}
	return -1, false
}

// TestExecComponent checks that ExecComponent gives the groups of one
// component that ExecURL gives in its Result, appended to what the slice
// held, and nothing for a URL that does not match or a component that is
// not one of the eight.
func TestExecComponent(t *testing.T) {
	tests := []struct{ pattern, url string }{
		{"https://h/repos/:owner/:repo", "https://h/repos/golang/go"},
		{"https://h/repos/:owner/:repo", "https://h/repos/golang"},
		{"https://h/files/*", "https://h/files/a/b%2Fc"},
		{"https://h/docs{/:page}?", "https://h/docs"},
		{`https://h/archive/:ref.:format(zip|tar\.gz)`, "https://h/archive/v1.tar.gz"},
		{`https://h/:a(\d+)/:b([a-z]+)`, "https://h/12/ab"},
		{"https://:sub.example.com/*", "https://www.example.com/x"},
		{"https://h/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j", "https://h/1/2/3/4/5/6/7/8/9/10"},
	}
	for _, tt := range tests {
		p := MustParse(tt.pattern)
		u := whatwg.MustParse(tt.url)
		want, wantOK := p.ExecURL(u)
		in := urlInputs(&u)
		allOK := true
		for c := Protocol; c <= Hash; c++ {
			prior := []Group{{Name: "prior"}}
			got, ok := p.ExecComponent(c, in[c], prior)
			allOK = allOK && ok
			if wantOK && (!ok || !slices.Equal(got[1:], want.Component(c).Groups)) {
				t.Errorf("%s: ExecComponent(%v, %q) = %v, %v; ExecURL gives %v", tt.pattern, c, in[c], got, ok, want.Component(c).Groups)
			}
			if got[0].Name != "prior" || !ok && len(got) != 1 {
				t.Errorf("%s: ExecComponent(%v, %q) = %v: the groups given are not kept", tt.pattern, c, in[c], got)
			}
		}
		if allOK != wantOK {
			t.Errorf("%s: ExecComponent matches every component of %q: %v; ExecURL: %v", tt.pattern, tt.url, allOK, wantOK)
		}
	}
	if g, ok := MustParse("https://h/*").ExecComponent(Hash+1, "", nil); ok || g != nil {
		t.Errorf("ExecComponent(Hash+1) = %v, %v; want nil, false", g, ok)
	}
}

func pick(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }
