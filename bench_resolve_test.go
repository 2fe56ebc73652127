package uri

import (
	"bufio"
	"net/url"
	"os"
	"testing"
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
	f, err := os.Open("testdata/urls/kasztp-sample.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var bases []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(bases) < 500 {
		s := sc.Text()
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

// BenchmarkResolve resolves each kind of reference against real-world
// bases, with this package (string and method forms) and with net/url
// (ResolveReference and String) on the same pairs. "string" includes
// parsing both inputs; "method" starts from parsed values.
func BenchmarkResolve(b *testing.B) {
	bases := benchBases(b)
	for _, rk := range resolveBenchRefs {
		size := 0
		for _, s := range bases {
			size += len(s) + len(rk.ref)
		}
		size /= len(bases)

		b.Run(rk.name+"/string", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				if _, err := Resolve(bases[i%len(bases)], rk.ref); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(rk.name+"/net-url-string", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				base, err1 := url.Parse(bases[i%len(bases)])
				ref, err2 := url.Parse(rk.ref)
				if err1 != nil || err2 != nil {
					b.Fatal(err1, err2)
				}
				_ = base.ResolveReference(ref).String()
				i++
			}
		})

		parsed := make([]URI, len(bases))
		nu := make([]*url.URL, len(bases))
		for j, s := range bases {
			parsed[j] = must(ParseURI(s))
			nu[j], _ = url.Parse(s)
		}
		ref := MustParse(rk.ref)
		nref, _ := url.Parse(rk.ref)
		b.Run(rk.name+"/method", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				_ = parsed[i%len(parsed)].Resolve(ref).String()
				i++
			}
		})
		b.Run(rk.name+"/net-url-method", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			i := 0
			for b.Loop() {
				_ = nu[i%len(nu)].ResolveReference(nref).String()
				i++
			}
		})
	}
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
