package urlpattern

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

var (
	sinkBool   bool
	sinkString string
	sinkResult Result
	sinkInt    int
)

// benchPatterns are patterns of three shapes with a URL each matches:
// named groups only (a plan), a regular expression group (RE2), and
// wildcards in the host and the path.
var benchPatterns = []struct{ name, pattern, url string }{
	{"groups", "https://api.example.com/repos/:owner/:repo/issues/:number", "https://api.example.com/repos/golang/go/issues/12345?state=open"},
	{"regexp", `https://api.example.com/repos/:owner/:repo/issues/:number(\d+)`, "https://api.example.com/repos/golang/go/issues/12345?state=open"},
	{"wildcards", "https://*.example.com/static/*", "https://cdn.example.com/static/css/site.css?v=3"},
}

// BenchmarkPattern measures Exec and Test of one pattern on a URL against
// parsing the same URL and taking its href (op=parse-href), the goal being
// Exec at most 3 times that, and TestURL and ExecURL (a URL already
// parsed) with no allocation. Compare with
//
//	go test -run '^$' -bench Pattern -benchmem -count 10 ./urlpattern > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /op bench.txt
//
// On a machine loaded by other work, instructions are steadier than time:
// run one sub-benchmark 1 and 5001 times under valgrind and divide the
// difference by 5000,
//
//	go test -c -o /tmp/up.test ./urlpattern && cd urlpattern
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//		/tmp/up.test -test.run '^$' -test.bench 'Pattern/shape=groups/op=exec$' -test.benchtime 5001x -test.cpu 1
func BenchmarkPattern(b *testing.B) {
	for _, bp := range benchPatterns {
		p := MustParse(bp.pattern)
		u := whatwg.MustParse(bp.url)
		run := func(op string, f func()) {
			b.Run("shape="+bp.name+"/op="+op, func(b *testing.B) {
				testrows.Cycle(b, 1, len(bp.url), func(int) { f() })
			})
		}
		run("parse-href", func() {
			v, _ := whatwg.Parse(bp.url)
			sinkString = v.Href()
		})
		run("exec", func() { sinkResult, sinkBool = p.Exec(bp.url) })
		run("exec-url", func() { sinkResult, sinkBool = p.ExecURL(u) })
		run("test", func() { sinkBool = p.Test(bp.url) })
		run("test-url", func() { sinkBool = p.TestURL(u) })
	}
}

// benchRouteURLs are URLs that the routes of testdata/routes.txt match,
// deep and shallow, with fixed segments, groups, a regular expression
// group and a wildcard.
var benchRouteURLs = []string{
	"https://api.example.com/repos/golang/go/issues/12345?state=open",
	"https://api.example.com/repos/golang/go/pulls/77/files",
	"https://api.example.com/users/new",
	"https://api.example.com/users/gopher/repos",
	"https://api.example.com/orgs/golang/teams/core/members",
	"https://api.example.com/repos/golang/go/actions/runs/991",
	"https://api.example.com/repos/golang/go/contents/src/net/url/url.go",
	"https://api.example.com/health",
}

// BenchmarkList measures List.Match over the 100 routes of
// testdata/routes.txt on parsed URLs (op=match), the goal being no more
// than parsing the same URLs and taking the href (op=parse-href) and no
// allocation; op=match-string parses too. Compare as for BenchmarkPattern,
// with
//
//	go test -run '^$' -bench List -benchmem -count 10 ./urlpattern > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /op bench.txt
func BenchmarkList(b *testing.B) {
	l := NewList(readRoutes(b))
	urls := make([]whatwg.URL, len(benchRouteURLs))
	size := 0
	for i, s := range benchRouteURLs {
		urls[i] = whatwg.MustParse(s)
		size += len(s)
		if _, ok := l.Match(urls[i]); !ok {
			b.Fatalf("no route for %q", s)
		}
	}
	size /= len(urls)
	n := len(urls)
	b.Run("op=parse-href", func(b *testing.B) {
		testrows.Cycle(b, n, size, func(i int) {
			v, _ := whatwg.Parse(benchRouteURLs[i])
			sinkString = v.Href()
		})
	})
	b.Run("op=match", func(b *testing.B) {
		testrows.Cycle(b, n, size, func(i int) { sinkInt, sinkBool = l.Match(urls[i]) })
	})
	b.Run("op=match-string", func(b *testing.B) {
		testrows.Cycle(b, n, size, func(i int) { sinkInt, sinkBool = l.MatchString(benchRouteURLs[i]) })
	})
}
