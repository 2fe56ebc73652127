package canon

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// BenchmarkCanon keys the URLs of the committed web sample (and of the
// lists GOURI_URLS names) under each profile, with and without options,
// and writes their SURT keys: one input per operation (testrows.Cycle).
// Compare two trees with
//
//	go test -run '^$' -bench '^BenchmarkCanon$' -count 10 ./canon > new.txt
//	go run golang.org/x/perf/cmd/benchstat@latest old.txt new.txt
func BenchmarkCanon(b *testing.B) {
	lists := []testrows.URLList{{Name: "web-sample", URLs: testrows.URLs(b, testrows.WebSample)}}
	lists = append(lists, testrows.ExternalURLs(b)...)
	type keyer struct {
		name string
		f    func(string) (string, error)
	}
	keyers := []keyer{
		{"whatwg", Canonicalizer{}.Canon},
		{"safebrowsing", Canonicalizer{Profile: SafeBrowsing}.Canon},
		{"semantic", Canonicalizer{Profile: Semantic}.Canon},
		{"aggressive", Canonicalizer{Profile: Aggressive}.Canon},
		{"semantic+options", Canonicalizer{Profile: Semantic, DropParams: TrackingParams(), SortQuery: true, DropFragment: true}.Canon},
		{"surt", SURT},
		{"surt-semantic", Canonicalizer{Profile: Semantic}.SURT},
	}
	for _, list := range lists {
		size := 0
		for _, s := range list.URLs {
			size += len(s)
		}
		size /= len(list.URLs)
		for _, k := range keyers {
			b.Run("list="+list.Name+"/key="+k.name, func(b *testing.B) {
				testrows.Cycle(b, len(list.URLs), size, func(i int) { _, _ = k.f(list.URLs[i]) })
			})
		}
	}
}
