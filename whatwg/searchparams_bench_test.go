package whatwg

import (
	"github.com/gouri/uri/internal/testrows"
	"net/url"
	"strings"
	"testing"
)

// BenchmarkSearchParams reads and writes the queries of the URLs of each
// sample file, and of each list of GOURI_URLS, that have a non-empty query
// (as Parse serializes it), one per operation:
//
//   - op=parse-serialize: ParseForm and String (impl=gouri) against
//     url.ParseQuery and Values.Encode (impl=net-url), which also sorts by
//     key (ParseQuery's pairs are encoded also when it reports an error,
//     such as for a ";");
//   - op=delete: removing the first name of the query from a parsed URL
//     and taking the href, with URL.DeleteSearchParam (impl=gouri) and with
//     url.ParseQuery, Values.Del, Values.Encode and URL.String on a copy of
//     a parsed *url.URL (impl=net-url).
//
// Compare with
//
//	GOURI_URLS=path/to/lists go test -run '^$' -bench SearchParams -benchmem -count 6 ./whatwg > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl bench.txt
func BenchmarkSearchParams(b *testing.B) {
	for _, set := range benchSets(b) {
		var urls []URL
		var nus []*url.URL
		var names []string
		size := 0
		for _, l := range set.lines {
			u, err := Parse(l)
			if err != nil || u.Query() == "" {
				continue
			}
			nu, err := url.Parse(u.Href())
			if err != nil {
				continue
			}
			first := ""
			for n := range u.SearchParams().All() {
				first = n
				break
			}
			urls, nus, names = append(urls, u), append(nus, nu), append(names, first)
			size += len(u.Query())
		}
		if len(urls) == 0 {
			continue
		}
		size /= len(urls)
		bench := func(name string, op func(i int)) {
			b.Run("file="+set.name+"/"+name, func(b *testing.B) { testrows.Cycle(b, len(urls), size, op) })
		}
		bench("op=parse-serialize/impl=gouri", func(i int) { sink = ParseForm(urls[i].Query()).String() })
		bench("op=parse-serialize/impl=net-url", func(i int) {
			v, _ := url.ParseQuery(nus[i].RawQuery) // the pairs it could read, also on error
			sink = v.Encode()
		})
		bench("op=delete/impl=gouri", func(i int) {
			u := urls[i]
			if u.DeleteSearchParam(names[i]) == nil {
				sink = u.Href()
			}
		})
		bench("op=delete/impl=net-url", func(i int) {
			v, _ := url.ParseQuery(nus[i].RawQuery)
			v.Del(names[i])
			u := *nus[i]
			u.RawQuery = v.Encode()
			sink = u.String()
		})
	}
}

// formShapes are queries of the shapes real URLs have, for
// BenchmarkParseForm: few short pairs, tracking parameters, pairs to
// decode, a "+" and a "=" in a value (not in serialized form), and many
// pairs (beyond the eight that ParseForm keeps on the stack).
var formShapes = []struct{ name, q string }{
	{"short", "q=golang&page=2"},
	{"tracking", "utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_term=shoes&utm_content=logolink&gclid=EAIaIQobChMI"},
	{"encoded", "q=caf%C3%A9+au+lait&filter=price%3E10%26price%3C20&sort=-date&lang=fr"},
	{"not-serialized", "a=b=c&d&e=f~g&&h=i"},
	{"many", strings.Repeat("key=value&", 40) + "last=1"},
}

// BenchmarkParseForm measures ParseForm alone and ParseForm followed by
// String on each shape of formShapes.
func BenchmarkParseForm(b *testing.B) {
	for _, in := range formShapes {
		b.Run("shape="+in.name+"/op=parse", func(b *testing.B) {
			testrows.Cycle(b, 1, len(in.q), func(int) { sinkParams = ParseForm(in.q) })
		})
		b.Run("shape="+in.name+"/op=parse-serialize", func(b *testing.B) {
			testrows.Cycle(b, 1, len(in.q), func(int) { sink = ParseForm(in.q).String() })
		})
	}
}

var sinkParams SearchParams
