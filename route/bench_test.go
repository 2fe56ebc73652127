package route

import (
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
)

// tablePattern returns the Table's spelling of a ServeMux pattern whose
// wildcards are whole segments: "{name}" is ":name", "{name...}" is
// ":name(.*)", and "{$}" is the end of the pattern.
var muxWildcard = regexp.MustCompile(`\{(\w+)(\.\.\.)?\}`)

func tablePattern(muxPattern string) string {
	muxPattern = strings.TrimSuffix(muxPattern, "{$}")
	return muxWildcard.ReplaceAllStringFunc(muxPattern, func(w string) string {
		m := muxWildcard.FindStringSubmatch(w)
		if m[2] != "" {
			return ":" + m[1] + "(.*)"
		}
		return ":" + m[1]
	})
}

// benchTables are the route tables of the benchmarks, in ServeMux's
// spelling, each with the requests to serve: hits with 0 to 4 values,
// misses (404) and other methods (405).
var benchTables = []struct {
	name   string
	routes func(testing.TB) []string
	cases  []benchCase
}{
	{"github", githubRoutes, []benchCase{
		{"hit-fixed", "GET", "/rate_limit"},
		{"hit-1", "GET", "/users/gopher"},
		{"hit-2", "GET", "/repos/golang/go"},
		{"hit-3", "GET", "/repos/golang/go/pulls/123/files"},
		{"hit-rest", "GET", "/repos/golang/go/contents/src/net/http/server.go"},
		{"miss", "GET", "/repos/golang/go/nothing/here"},
		{"miss-short", "GET", "/nothing"},
		{"405", "PUT", "/repos/golang/go"},
	}},
	{"small", func(testing.TB) []string { return smallRoutes }, []benchCase{
		{"hit-fixed", "GET", "/health"},
		{"hit-1", "GET", "/users/42"},
		{"miss", "GET", "/nothing/here"},
		{"405", "POST", "/users/42"},
	}},
}

type benchCase struct{ name, method, target string }

var smallRoutes = []string{
	"GET /{$}", "GET /health", "GET /users/{id}", "PUT /users/{id}", "DELETE /users/{id}",
	"POST /users", "GET /users/{id}/posts", "GET /static/{path...}",
}

// githubRoutes returns the routes of testdata/github-routes.txt.
func githubRoutes(tb testing.TB) []string {
	data, err := os.ReadFile("testdata/github-routes.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var routes []string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && line[0] != '#' {
			routes = append(routes, line)
		}
	}
	return routes
}

// benchRouters returns ServeMux and a Table with the same routes, each
// route's handler doing nothing.
func benchRouters(tb testing.TB, routes []string) (mux *http.ServeMux, tab *Table) {
	nop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	mux = http.NewServeMux()
	var table []Route
	for _, p := range routes {
		mux.Handle(p, nop)
		table = append(table, Route{Pattern: tablePattern(p), Handler: nop})
	}
	tab, err := New(table, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return mux, tab
}

// BenchmarkServe serves the same requests with net/http's ServeMux
// (router=servemux) and a Table (router=route) of the same routes, in
// one run, with the routers' own 404 and 405 answers. Each request is a
// copy of one as the server gives it, without path values. Compare with
//
//	go test -run '^$' -bench Serve -benchmem -count 10 ./route > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /router bench.txt
func BenchmarkServe(b *testing.B) {
	for _, bt := range benchTables {
		mux, tab := benchRouters(b, bt.routes(b))
		for _, c := range bt.cases {
			for _, router := range []struct {
				name string
				h    http.Handler
			}{{"servemux", mux}, {"route", tab}} {
				b.Run("table="+bt.name+"/case="+c.name+"/router="+router.name, func(b *testing.B) {
					base := *request(c.method, c.target)
					r := new(http.Request)
					w := &discard{h: http.Header{}}
					b.ReportAllocs()
					for b.Loop() {
						*r = base
						router.h.ServeHTTP(w, r)
					}
				})
			}
		}
	}
}

// TestBenchRoutersAgree checks that the two routers of BenchmarkServe
// answer each request of the benchmarks alike: the same status, and the
// same route with the same values for a hit, so that the benchmark
// compares the same work.
func TestBenchRoutersAgree(t *testing.T) {
	for _, bt := range benchTables {
		routes := bt.routes(t)
		mux, tab := benchRouters(t, routes)
		for _, c := range bt.cases {
			rm, rt := request(c.method, c.target), request(c.method, c.target)
			var wm, wt statusWriter
			mux.ServeHTTP(&wm, rm)
			tab.ServeHTTP(&wt, rt)
			if wm.code != wt.code || tablePattern(rm.Pattern) != rt.Pattern {
				t.Errorf("table %s, %s %s: ServeMux %d %q, Table %d %q", bt.name, c.method, c.target, wm.code, rm.Pattern, wt.code, rt.Pattern)
			}
			for _, name := range []string{"username", "owner", "repo", "pull_number", "path", "id"} {
				if rm.PathValue(name) != rt.PathValue(name) {
					t.Errorf("table %s, %s %s: %s = %q with ServeMux, %q with Table", bt.name, c.method, c.target, name, rm.PathValue(name), rt.PathValue(name))
				}
			}
		}
	}
}

// statusWriter keeps the status of an answer.
type statusWriter struct {
	h    http.Header
	code int
}

func (s *statusWriter) Header() http.Header {
	if s.h == nil {
		s.h = http.Header{}
	}
	return s.h
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return len(b), nil
}

func (s *statusWriter) WriteHeader(code int) { s.code = code }
