package legacy

import (
	"net/url"
	"testing"
)

// legacyBenchInputs are one input per grammar and shape.
var legacyBenchInputs = []struct {
	name string
	g    Grammar
	in   string
}{
	{"rfc1738/ftp", RFC1738, "ftp://anonymous:guest@ftp.example.org:21/pub/gopher/gopher_protocol/Gopher+.txt;type=i"},
	{"rfc1738/http", RFC1738, "http://www.example.org:8080/cgi-bin/query/search.cgi?q=uniform;lang=en#top"},
	{"rfc1738/gopher", RFC1738, "gopher://gopher.example.org:70/7selector/path%09search%20terms%09+application/postscript"},
	{"rfc2396/server", RFC2396, "http://user:pass@www.example.org:8080/a;x=1/b;y/c?q=1&r=2#frag"},
	{"rfc2396/reg_name", RFC2396, "http://user@example.123:80/a/b/c?q#f"},
	{"rfc2396/opaque", RFC2396, "mailto:someone@example.org?subject=hello%20world"},
	{"rfc2732/ipv6", RFC2732, "http://[2001:db8:85a3::8a2e:370:7334]:8080/index.html?a[1]=b"},
	{"rfc2068/national", RFC2068, "http://www.example.org/~user/{draft}|notes^v2/index.html?q=a b"[:58] + "?q=x"},
	{"rfc2616/http_URL", RFC2616, "http://www.w3.org/pub/WWW/TheProject.html?query=string#fragment"},
}

// BenchmarkParseLegacy measures Parse, with net/url's Parse over the
// same inputs for scale (it reads them by its own, lenient rules).
func BenchmarkParseLegacy(b *testing.B) {
	for _, bi := range legacyBenchInputs {
		b.Run(bi.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bi.in)))
			for b.Loop() {
				_, _ = Parse(bi.in, bi.g)
			}
		})
		b.Run(bi.name+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bi.in)))
			for b.Loop() {
				_, _ = url.Parse(bi.in)
			}
		})
	}
}

// BenchmarkUpgrade measures URL.Upgrade on references that need changes.
func BenchmarkUpgrade(b *testing.B) {
	for _, bi := range []struct{ name, in string }{
		{"national", "http://www.example.org/~user/{draft}|notes^v2/index.html"},
		{"none", "http://www.example.org/~user/draft/index.html"},
	} {
		l, err := Parse(bi.in, RFC2068)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bi.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bi.in)))
			for b.Loop() {
				_, _, _ = l.Upgrade()
			}
		})
	}
}

// BenchmarkResolveLegacy measures the old resolution algorithms, with
// net/url's ResolveReference (RFC 3986's algorithm) on the same pair.
func BenchmarkResolveLegacy(b *testing.B) {
	const base = "http://a/b/c/d;p?q"
	for _, ref := range []string{"g;x?y#s", "../../g", "./g/."} {
		b.Run("rfc1808/"+ref, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ResolveRFC1808(base, ref)
			}
		})
		b.Run("rfc2396/"+ref, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ResolveRFC2396(base, ref)
			}
		})
		b.Run("net-url/"+ref, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bu, _ := url.Parse(base)
				ru, _ := url.Parse(ref)
				_ = bu.ResolveReference(ru).String()
			}
		})
	}
}

// BenchmarkEqualHTTP measures the comparison of RFC 2616, Section 3.2.3.
func BenchmarkEqualHTTP(b *testing.B) {
	const x, y = "http://abc.com:80/~smith/home.html", "http://ABC.com:/%7esmith/home.html"
	b.ReportAllocs()
	b.SetBytes(int64(len(x) + len(y)))
	for b.Loop() {
		_, _ = EqualHTTP(x, y)
	}
}
