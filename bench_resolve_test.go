package uri

import (
	"net/url"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// resolveBenchRefs are the references resolved against every base: the
// forms that Section 5.2.2 tells apart, most common first.
var resolveBenchRefs = []struct{ name, ref string }{
	{"path", "g"},
	{"dotdot", "../g"},
	{"query", "?y"},
	{"fragment", "#s"},
	{"network", "//g"},
	{"absolute", "http://example.com/x/y?z"},
	{"dots-inside", "g/./h/../i"},
}

// benchBases returns real-world URLs from testdata/urls that both this
// package and net/url accept, to use as bases.
func benchBases(b *testing.B) []string {
	var bases []string
	for _, s := range testrows.URLs(b, testrows.WebSample) {
		if len(bases) == 500 {
			break
		}
		if _, err := ParseURI(s); err != nil {
			continue
		}
		if _, err := url.Parse(s); err != nil {
			continue
		}
		bases = append(bases, s)
	}
	if len(bases) < 100 {
		b.Fatalf("only %d usable bases", len(bases))
	}
	return bases
}

// BenchmarkRelativize finds the reference from each real-world base to the
// URI that each kind of reference resolves to. net/url has no equivalent.
func BenchmarkRelativize(b *testing.B) {
	bases := benchBases(b)
	for _, rk := range resolveBenchRefs {
		type pair struct{ base, target URI }
		pairs := make([]pair, len(bases))
		size := 0
		for j, s := range bases {
			base := must(ParseURI(s))
			pairs[j] = pair{base, base.Resolve(MustParse(rk.ref))}
			size += len(s) + len(pairs[j].target.String())
		}
		size /= len(bases)
		b.Run(rk.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				p := pairs[i%len(pairs)]
				if _, ok := p.base.Relativize(p.target); !ok {
					b.Fatal(p.base, p.target)
				}
				i++
			}
		})
	}
}
