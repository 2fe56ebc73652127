package route

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/urlpattern"
	"github.com/gouri/uri/whatwg"
)

// refDecode is the reference's percent-decoder: "%" and two hex digits
// are a byte; any other byte is itself.
func refDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// refValues is the reference of the values of a route: the groups of
// ExecURL's pathname, each decoded, refused when it held "%2F" or "%5C"
// (without AllowEncodedSlash) or has a "." or ".." segment between "/"
// and "\" once decoded.
func refValues(p *urlpattern.Pattern, u whatwg.URL, opts Options) (map[string]string, bool) {
	res, ok := p.ExecURL(u)
	if !ok {
		return nil, false
	}
	values := map[string]string{}
	for _, g := range res.Component(urlpattern.Pathname).Groups {
		if !g.Matched {
			continue
		}
		if up := strings.ToUpper(g.Value); !opts.AllowEncodedSlash && (strings.Contains(up, "%2F") || strings.Contains(up, "%5C")) {
			return nil, false
		}
		v := refDecode(g.Value)
		if slices.ContainsFunc(strings.Split(strings.ReplaceAll(v, "\\", "/"), "/"), func(s string) bool { return s == "." || s == ".." }) {
			return nil, false
		}
		values[g.Name] = v
	}
	return values, true
}

// refServe is the reference of ServeHTTP for a path in the URL
// Standard's form: the routes that the method takes (its own, GET's for
// HEAD, those without a method), the most specific first by
// urlpattern.Compare and then in that order of classes, and the first
// that matches with values that are allowed; else a 405 with the sorted
// methods of the routes that match, HEAD with GET; else a 404.
func refServe(routes []Route, compiled []*urlpattern.Pattern, opts Options, method, path string) answer {
	u, err := whatwg.Parse("http://h" + path)
	if err != nil || u.Pathname() != path {
		panic("not a path in the URL Standard's form: " + path)
	}
	type cand struct {
		i, class int
		p        *urlpattern.Pattern
	}
	var cands []cand
	allowed := map[string]bool{}
	for i, r := range routes {
		m, _, _ := strings.Cut(r.Pattern, " ")
		if strings.HasPrefix(r.Pattern, "/") {
			m = ""
		}
		p := compiled[i]
		if _, ok := refValues(p, u, opts); ok && m != "" {
			allowed[m] = true
			if m == http.MethodGet {
				allowed[http.MethodHead] = true
			}
		}
		switch {
		case m == method:
			cands = append(cands, cand{i, 0, p})
		case m == http.MethodGet && method == http.MethodHead:
			cands = append(cands, cand{i, 1, p})
		case m == "":
			cands = append(cands, cand{i, 2, p})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if c := urlpattern.Compare(b.p, a.p); c != 0 {
			return c
		}
		return a.class - b.class
	})
	for _, c := range cands {
		if values, ok := refValues(c.p, u, opts); ok {
			var b strings.Builder
			for _, n := range slices.Sorted(func(yield func(string) bool) {
				for k := range values {
					if !yield(k) {
						return
					}
				}
			}) {
				b.WriteString(" " + n + "=" + values[n])
			}
			return answer{Status: http.StatusOK, Route: routes[c.i].Pattern, Values: strings.TrimPrefix(b.String(), " ")}
		}
	}
	if len(allowed) > 0 {
		var ms []string
		for m := range allowed {
			ms = append(ms, m)
		}
		slices.Sort(ms)
		return answer{Status: http.StatusMethodNotAllowed, Allow: strings.Join(ms, ", ")}
	}
	return answer{Status: http.StatusNotFound}
}

// valuesHandler writes the route's pattern and the path values of the
// groups of p that matched the request's path, sorted by name.
func valuesHandler(p *urlpattern.Pattern) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, _, _ := strings.Cut(r.RequestURI, "?")
		groups, _ := p.ExecComponent(urlpattern.Pathname, path, nil)
		var names []string
		for _, g := range groups {
			if g.Matched {
				names = append(names, g.Name)
			}
		}
		slices.Sort(names)
		var b strings.Builder
		b.WriteString(r.Pattern)
		for _, n := range names {
			b.WriteString("\x00" + n + "=" + r.PathValue(n))
		}
		w.Write([]byte(b.String()))
	})
}

// TestAgainstReference compares ServeHTTP with refServe on random tables
// of methods and patterns (fixed segments, groups, classes, wildcards,
// optional groups, fixed text around a group) and random paths with
// encoded slashes and dots.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	methods := []string{"", "", "GET ", "GET ", "HEAD ", "POST ", "DELETE "}
	segs := []string{"a", "b", "users", "new", ":id", ":x", "*", ":n(\\d+)", "{:o}?", ":f.txt", "a%2Fb", ":p(.*)", "A", ""}
	words := []string{"a", "b", "users", "new", "42", "A", "", "a%2Fb", "..%2F", "x%2f..", "...", "..txt", "x.txt", "%2E%2E%2F", "a%20b", "%2e.", "..%5C", "a%5cb"}
	for round := 0; round < 200; round++ {
		opts := Options{AllowEncodedSlash: r.IntN(4) == 0, IgnoreCase: r.IntN(6) == 0}
		var routes []Route
		for n := 1 + r.IntN(12); n > 0; n-- {
			var b strings.Builder
			b.WriteString(methods[r.IntN(len(methods))])
			for k := r.IntN(4); k >= 0; k-- {
				b.WriteString("/" + segs[r.IntN(len(segs))])
			}
			routes = append(routes, Route{b.String(), http.NotFoundHandler()})
		}
		// Drop the routes that New refuses: duplicate names, and the later
		// of two that conflict.
		for {
			_, err := New(routes, opts)
			var e *uri.Error
			if err == nil || !errors.As(err, &e) {
				break
			}
			k := slices.IndexFunc(routes, func(r Route) bool { return r.Pattern == e.Input })
			routes = slices.Delete(routes, k, k+1)
		}
		compiled := make([]*urlpattern.Pattern, len(routes))
		for i := range routes {
			e, err := compile(routes[i], opts)
			if err != nil {
				t.Fatal(err)
			}
			compiled[i] = e.path
			routes[i].Handler = valuesHandler(e.path)
		}
		tab, err := New(routes, opts)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 60; k++ {
			var b strings.Builder
			for n := r.IntN(4); n >= 0; n-- {
				b.WriteString("/" + words[r.IntN(len(words))])
			}
			path := b.String()
			method := strings.TrimSpace(methods[r.IntN(len(methods))])
			if method == "" {
				method = "PUT"
			}
			got := serve(tab, request(method, path))
			u, _ := whatwg.Parse("http://h" + path)
			if u.Pathname() != path {
				if got.Status != http.StatusMovedPermanently && got.Status != http.StatusPermanentRedirect {
					t.Fatalf("%s %q: %+v; the URL Standard reads %q: want a redirect", method, path, got, u.Pathname())
				}
				continue
			}
			if want := refServe(routes, compiled, opts, method, path); got != want {
				t.Fatalf("%s %q, %+v: %+v; the reference gives %+v; routes %q", method, path, opts, got, want, patternsOf(routes))
			}
		}
	}
}

func patternsOf(routes []Route) []string {
	var ps []string
	for _, r := range routes {
		ps = append(ps, r.Pattern)
	}
	return ps
}
