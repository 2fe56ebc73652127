package uri

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// This file holds every benchmark of the package. The core ones compare it
// with net/url on the same inputs: BenchmarkParse, BenchmarkString (Parse
// then String), BenchmarkResolve, BenchmarkNormalize and BenchmarkEscape.
// Sub-benchmarks are named shape=<input>/impl=<gouri|net-url>
// (BenchmarkResolve adds form=<string|method>), so that benchstat puts the
// two side by side:
//
//	go test -run '^$' -bench 'Parse$|String$|Resolve$|Normalize$|Escape$' -count 10 . > bench.txt
//	benchstat -col /impl bench.txt
//
// With GOURI_URLS set to a directory of URL lists, the corpus benchmarks
// also run over each list (see testrows.ExternalURLs). The benchmarks of
// single features (the Append forms, relativization, normalization steps,
// unescaping, queries, paths, hosts) follow those of the operation they
// belong to; BenchmarkScaling, last, shows that the cost per byte stays
// flat from 64 B to 1 MB.

// benchShapes are single inputs of the shapes that stress different parts of
// the parser.
var benchShapes = []struct{ name, in string }{
	{"short", "http://example.com/"},
	{"typical", "https://www.example.com/products/item-123?ref=home&lang=en#reviews"},
	{"long-path", "https://example.com/" + strings.Repeat("segment/", 60) + "index.html"},
	{"ipv6", "http://[2001:db8:85a3::8a2e:370:7334]:8080/a/b?c=d"},
	{"percent-heavy", "https://example.com/%E2%82%AC/" + strings.Repeat("%20a%2F", 30) + "?q=%C3%A9%C3%A8"},
	{"query-heavy", "https://example.com/search?" + strings.Repeat("key=value&", 40) + "last=1"},
	{"userinfo", "ftp://user:password@ftp.example.com:2121/pub/file.txt"},
}

// inputSet is a named list of inputs that a benchmark runs through in
// each iteration.
type inputSet struct {
	name   string
	inputs []string
}

// corpusSets returns the committed samples of real-world URLs and the
// lists of GOURI_URLS, each a set named corpus-<name>, with only the lines
// that Parse accepts if valid is set.
func corpusSets(tb testing.TB, valid bool) []inputSet {
	lists := append([]testrows.URLList{
		{Name: "web", URLs: testrows.URLs(tb, testrows.WebSample)},
		{Name: "files", URLs: testrows.URLs(tb, testrows.FileSample)},
	}, testrows.ExternalURLs(tb)...)
	var sets []inputSet
	for _, l := range lists {
		var lines []string
		for _, s := range l.URLs {
			if _, err := Parse(s); err == nil || !valid {
				lines = append(lines, s)
			}
		}
		sets = append(sets, inputSet{"corpus-" + l.Name, lines})
	}
	return sets
}

// benchInputs returns the shapes as one-element sets, plus the corpus
// samples.
func benchInputs(tb testing.TB) []inputSet {
	var sets []inputSet
	for _, s := range benchShapes {
		sets = append(sets, inputSet{s.name, []string{s.in}})
	}
	return append(sets, corpusSets(tb, false)...)
}

func totalBytes(inputs []string) int64 {
	n := 0
	for _, s := range inputs {
		n += len(s)
	}
	return int64(n)
}

var sinkURI URI
var sinkURL *url.URL
var sinkString string

// BenchmarkParse measures Parse against url.Parse on the shapes and the
// corpus samples.
func BenchmarkParse(b *testing.B) {
	benchImpls(b, benchInputs(b),
		func(s string) { sinkURI, _ = Parse(s) },
		func(s string) { sinkURL, _ = url.Parse(s) })
}

// benchImpls runs gouri and netURL on every input of each set, as the
// sub-benchmarks shape=<set>/impl=gouri and shape=<set>/impl=net-url.
func benchImpls(b *testing.B, sets []inputSet, gouri, netURL func(s string)) {
	for _, set := range sets {
		for _, impl := range []struct {
			name string
			op   func(string)
		}{{"gouri", gouri}, {"net-url", netURL}} {
			b.Run("shape="+set.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(totalBytes(set.inputs))
				for b.Loop() {
					for _, s := range set.inputs {
						impl.op(s)
					}
				}
			})
		}
	}
}

// BenchmarkString measures Parse followed by String, the round trip a proxy
// or a crawler does for every URL.
func BenchmarkString(b *testing.B) {
	benchImpls(b, benchInputs(b), func(s string) {
		u, _ := Parse(s)
		sinkString = u.String()
	}, netURLString)
}

// netURLString is url.Parse then String, for the inputs url.Parse accepts.
func netURLString(s string) {
	if u, err := url.Parse(s); err == nil {
		sinkString = u.String()
	}
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

// BenchmarkResolve resolves each kind of reference against real-world bases
// (RFC 3986, Section 5.2). form=string includes parsing both inputs
// (Resolve(base, ref string) against url.Parse twice, ResolveReference and
// String); form=method starts from parsed values and includes String.
func BenchmarkResolve(b *testing.B) {
	bases := benchBases(b)
	parsed := make([]URI, len(bases))
	nu := make([]*url.URL, len(bases))
	for j, s := range bases {
		parsed[j], _ = ParseURI(s)
		nu[j], _ = url.Parse(s)
	}
	for _, rk := range testrows.ResolveShapes {
		size := 0
		for _, s := range bases {
			size += len(s) + len(rk.Ref)
		}
		size /= len(bases)
		ref := MustParse(rk.Ref)
		nref, _ := url.Parse(rk.Ref)
		bench := func(name string, op func(i int)) {
			b.Run("shape="+rk.Name+"/"+name, func(b *testing.B) { testrows.Cycle(b, len(bases), size, op) })
		}
		bench("form=string/impl=gouri", func(i int) { sinkString, _ = Resolve(bases[i], rk.Ref) })
		bench("form=string/impl=net-url", func(i int) {
			base, _ := url.Parse(bases[i])
			r, _ := url.Parse(rk.Ref)
			sinkString = base.ResolveReference(r).String()
		})
		bench("form=method/impl=gouri", func(i int) { sinkString = parsed[i].Resolve(ref).String() })
		bench("form=method/impl=net-url", func(i int) { sinkString = nu[i].ResolveReference(nref).String() })
	}
}

// The Append benchmarks put the Append forms beside the allocating forms,
// on the inputs of BenchmarkResolve and BenchmarkNormalize, with
// sub-benchmarks named shape=<input>/form=<append|value>, so that benchstat
// compares the two:
//
//	go test -run '^$' -bench 'Append' -benchmem -count 10 . > append.txt
//	benchstat -col /form append.txt
//
// form=value is the method that returns a URI; form=append appends the same
// text to a buffer that is reused, and allocates nothing.

// BenchmarkAppendResolve resolves each kind of reference against the
// real-world bases of BenchmarkResolve (RFC 3986, Section 5.2).
func BenchmarkAppendResolve(b *testing.B) {
	bases := benchBases(b)
	parsed := make([]URI, len(bases))
	for j, s := range bases {
		parsed[j], _ = ParseURI(s)
	}
	for _, rk := range testrows.ResolveShapes {
		size := 0
		for _, s := range bases {
			size += len(s) + len(rk.Ref)
		}
		size /= len(bases)
		ref := MustParse(rk.Ref)
		buf := make([]byte, 0, 4096)
		bench := func(form string, op func(i int)) {
			b.Run("shape="+rk.Name+"/form="+form, func(b *testing.B) { testrows.Cycle(b, len(bases), size, op) })
		}
		bench("value", func(i int) { sinkURI = parsed[i].Resolve(ref) })
		bench("append", func(i int) { buf = AppendResolve(buf[:0], parsed[i], ref) })
	}
}

// BenchmarkRelativize finds the reference from each real-world base to the
// URI that each kind of reference resolves to. net/url has no equivalent.
func BenchmarkRelativize(b *testing.B) {
	bases := benchBases(b)
	for _, rk := range testrows.ResolveShapes {
		type pair struct{ base, target URI }
		pairs := make([]pair, len(bases))
		size := 0
		for j, s := range bases {
			base := must(ParseURI(s))
			pairs[j] = pair{base, base.Resolve(MustParse(rk.Ref))}
			size += len(s) + len(pairs[j].target.String())
		}
		size /= len(bases)
		b.Run(rk.Name, func(b *testing.B) {
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

// normalizeShapes are the inputs of BenchmarkNormalize, one per shape: some
// already normal (Normalize returns them without allocating), some not.
var normalizeShapes = []struct{ name, in string }{
	{"normal/short", "http://example.com/"},
	{"normal/typical", "https://www.example.com/docs/guide/index.html?lang=en#install"},
	{"normal/relative", "../img/logo.png"},
	{"changed/short", "HTTP://Example.COM:80"},
	{"changed/longpath", "http://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/./../../aa/bb/cc/dd/ee/ff/../gg/hh/ii"},
	{"changed/dots", "http://a/b/c/./../../g/./h/../i/j/k/../../l"},
	{"changed/IPv6", "http://[2001:DB8:0:0:0:0:0:1]:8080/p"},
	{"changed/percent", "http://h/%7e%41%42%43%2f%c3%a9%7E%61%62%63%2F%C3%A9/%7euser/%2e%2e/x?%41=%7e#%66"},
	{"changed/query", "http://h/search?q=go%2blang&x=%7e&page=2&sort=%61sc&utm_source=%41%42&utm_medium=email&id=%7e%7e%7e"},
}

// BenchmarkNormalize normalizes text (Normalize(s string), RFC 3986,
// Section 6), already normal or not, against net/url's Parse and String,
// the nearest thing net/url has.
func BenchmarkNormalize(b *testing.B) {
	var sets []inputSet
	for _, sh := range normalizeShapes {
		sets = append(sets, inputSet{strings.ReplaceAll(sh.name, "/", "-"), []string{sh.in}})
	}
	sets = append(sets, corpusSets(b, true)...)
	benchImpls(b, sets, func(s string) { sinkString, _ = Normalize(s) }, netURLString)
}

// BenchmarkAppendNormalize normalizes the shapes of BenchmarkNormalize and
// the corpus samples (RFC 3986, Section 6).
func BenchmarkAppendNormalize(b *testing.B) {
	var sets []inputSet
	for _, sh := range normalizeShapes {
		sets = append(sets, inputSet{strings.ReplaceAll(sh.name, "/", "-"), []string{sh.in}})
	}
	sets = append(sets, corpusSets(b, true)...)
	for _, set := range sets {
		us := make([]URI, len(set.inputs))
		for j, s := range set.inputs {
			us[j] = MustParse(s)
		}
		buf := make([]byte, 0, 4096)
		for _, f := range []struct {
			form string
			op   func(u URI)
		}{
			{"value", func(u URI) { sinkURI = u.Normalize() }},
			{"append", func(u URI) { buf = AppendNormalize(buf[:0], u) }},
		} {
			b.Run("shape="+set.name+"/form="+f.form, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(totalBytes(set.inputs))
				for b.Loop() {
					for _, u := range us {
						f.op(u)
					}
				}
			})
		}
	}
}

// BenchmarkNormalizeWith measures the other sets of steps on one input.
func BenchmarkNormalizeWith(b *testing.B) {
	const in = "HTTP://Example.COM:80//a/./b/..//c?z=%7e&a=%2f&m=1#frag"
	u := MustParse(in)
	for _, set := range []struct {
		name string
		n    Normalization
	}{{"syntax", SyntaxBased}, {"default", DefaultNormalization}, {"crawler", CrawlerNormalization}} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				_ = u.NormalizeWith(set.n)
			}
		})
	}
}

// BenchmarkEquivalent compares two references that differ only in form.
func BenchmarkEquivalent(b *testing.B) {
	x, y := MustParse("http://example.com/a/b?q"), MustParse("HTTP://example.com:80/a/./b?q")
	b.ReportAllocs()
	for b.Loop() {
		_ = Equivalent(x, y)
	}
}

// benchEscapeInputs are the texts the escaping benchmarks encode: plain
// ones that need nothing, and ones that need much.
var benchEscapeInputs = []struct{ name, s string }{
	{"plain", "the-quick-brown-fox.jumps_over~the-lazy-dog"},
	{"spaces", "the quick brown fox jumps over the lazy dog"},
	{"reserved", "a/b?c=d&e#f[g]h@i:j;k,l+m$n"},
	{"utf8", "Größe und Gewicht – 日本語のテキスト"},
}

// BenchmarkEscape encodes texts as a form value (against url.QueryEscape)
// and as a path segment (against url.PathEscape).
func BenchmarkEscape(b *testing.B) {
	for _, in := range benchEscapeInputs {
		for _, c := range []struct {
			name   string
			gouri  func(string) string
			netURL func(string) string
		}{
			{"form", func(s string) string { return Escape(s, EscapeForm) }, url.QueryEscape},
			{"segment", func(s string) string { return Escape(s, EscapePathSegment) }, url.PathEscape},
		} {
			b.Run("shape="+in.name+"-"+c.name+"/impl=gouri", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in.s)))
				for b.Loop() {
					sinkString = c.gouri(in.s)
				}
			})
			b.Run("shape="+in.name+"-"+c.name+"/impl=net-url", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in.s)))
				for b.Loop() {
					sinkString = c.netURL(in.s)
				}
			})
		}
	}
}

// BenchmarkUnescape compares Unescape with net/url's QueryUnescape and
// PathUnescape on the encoded forms of the same inputs.
func BenchmarkUnescape(b *testing.B) {
	for _, in := range benchEscapeInputs {
		enc := url.QueryEscape(in.s)
		run := func(name string, fn func(string) (string, error)) {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(enc)))
				for b.Loop() {
					_, _ = fn(enc)
				}
			})
		}
		run("gouri-form", func(s string) (string, error) { return Unescape(s, EscapeForm) })
		run("net-url-QueryUnescape", url.QueryUnescape)
		run("gouri-path", func(s string) (string, error) { return Unescape(s, EscapePath) })
		run("net-url-PathUnescape", url.PathUnescape)
	}
}

// benchQueries are query strings of the shapes real URLs have.
var benchQueries = []struct{ name, q string }{
	{"short", "q=golang&page=2"},
	{"tracking", "utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_term=shoes&utm_content=logolink&gclid=EAIaIQobChMI"},
	{"encoded", "q=caf%C3%A9+au+lait&filter=price%3E10%26price%3C20&sort=-date&lang=fr"},
}

// BenchmarkQuery compares reading a query with QueryPairs and QueryValues
// with url.ParseQuery, which builds a map.
func BenchmarkQuery(b *testing.B) {
	for _, in := range benchQueries {
		u := MustParse("https://example.com/search?" + in.q)
		b.Run(in.name+"/gouri-QueryPairs", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				for k, v := range u.QueryPairs() {
					_, _ = k, v
				}
			}
		})
		b.Run(in.name+"/gouri-QueryValues", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				_ = u.QueryValues()
			}
		})
		b.Run(in.name+"/net-url-ParseQuery", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				_, _ = url.ParseQuery(in.q)
			}
		})
		b.Run(in.name+"/gouri-WithQueryValue", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				_ = u.WithQueryValue("page", "3")
			}
		})
		v, _ := url.Parse(u.String())
		b.Run(in.name+"/net-url-Query-Set-Encode", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				q := v.Query()
				q.Set("page", "3")
				w := *v
				w.RawQuery = q.Encode()
				_ = w.String()
			}
		})
	}
}

func BenchmarkJoinPath(b *testing.B) {
	u := MustParse("https://example.com/api/v1/")
	v, _ := url.Parse(u.String())
	b.Run("gouri", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = u.JoinPath("users", "42", "photos")
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = v.JoinPath("users", "42", "photos").String()
		}
	})
}

func BenchmarkAmbiguousIPv4(b *testing.B) {
	for _, h := range []string{"example.com", "0x7f.1", "2130706433"} {
		b.Run(h, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(h)))
			for b.Loop() {
				_, _ = AmbiguousIPv4(h)
			}
		})
	}
}

func BenchmarkHostToASCII(b *testing.B) {
	for _, h := range []string{"www.example.com", "b%C3%BCcher.example"} {
		b.Run(h, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(h)))
			for b.Loop() {
				_, _ = HostToASCII(h)
			}
		})
	}
}

// scalingInput returns a valid reference of exactly n bytes (n >= 64) that
// gives every operation work to do along all its length: segments with
// percent-encodings (some of unreserved characters, in lower-case hex), dot
// segments, and a query.
func scalingInput(n int) string {
	const head = "HTTP://Example.COM:80"
	unit := "/seg%7emnt/./a%2fb/../c"
	var sb strings.Builder
	sb.WriteString(head)
	for sb.Len()+len(unit)+8 <= n {
		sb.WriteString(unit)
	}
	sb.WriteString("?q=")
	for sb.Len() < n {
		sb.WriteByte('x')
	}
	return sb.String()
}

// BenchmarkScaling runs each operation on inputs from 64 B to 1 MB. The
// cost is linear when MB/s (and the ns/byte metric) stays flat as the size
// grows.
func BenchmarkScaling(b *testing.B) {
	sizes := []int{64, 256, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20}
	base := MustParse("http://a/b/c/d;p?q")
	for _, n := range sizes {
		in := scalingInput(n)
		u := MustParse(in)
		rel := MustParse(in[len("HTTP://Example.COM:80/"):]) // a relative path with dot segments
		text := strings.Repeat("a b/é", n/6+1)[:n]
		ops := []struct {
			name string
			op   func()
		}{
			{"parse", func() { sinkURI, _ = Parse(in) }},
			{"resolve", func() { sinkURI = base.Resolve(rel) }},
			{"normalize", func() { sinkURI = u.Normalize() }},
			{"escape", func() { sinkString = Escape(text, EscapePathSegment) }},
		}
		for _, o := range ops {
			b.Run(fmt.Sprintf("op=%s/size=%d", o.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					o.op()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
			})
		}
	}
}
