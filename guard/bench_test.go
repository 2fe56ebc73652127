package guard_test

import (
	"testing"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/readings"
)

// benchInputs are the shapes of URL that a fetching service sees: a
// plain public URL, a long one, an IDN host, an IPv6 literal, and refusals.
var benchInputs = []struct{ name, in string }{
	{"public", "https://example.com/search?q=go"},
	{"long", "https://www.example.org/a/b/c/d/e/f/g/h/index.html?utm_source=x&utm_medium=y&utm_campaign=z#section-2"},
	{"idn", "http://bücher.example/katalog"},
	{"ipv6", "http://[2001:4860:4860::8888]:443/dns-query"},
	{"loopback", "http://127.1/admin"},
	{"userinfo", "http://good.example@evil.example/"},
}

// BenchmarkCheck measures Check beside readings.Compare on the same input,
// in the same run: Check must cost at most twice Compare.
func BenchmarkCheck(b *testing.B) {
	var p guard.Policy
	for _, in := range benchInputs {
		b.Run("Compare/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.in)))
			for b.Loop() {
				readings.Compare(in.in)
			}
		})
		b.Run("Check/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.in)))
			for b.Loop() {
				p.Check(in.in)
			}
		})
	}
}

// BenchmarkCheckAllowlist measures what an allowlist adds to Check: ten
// host patterns, the URL's host matching the last (the worst case), and
// a URLTester.
func BenchmarkCheckAllowlist(b *testing.B) {
	hosts := []string{"a.example", "b.example", "*.c.example", "d.example", "e.example",
		"f.example", "*.g.example", "h.example", "i.example", "*.example.com"}
	policies := []struct {
		name string
		p    guard.Policy
	}{
		{"none", guard.Policy{}},
		{"OnlyHosts", guard.Policy{OnlyHosts: hostList(b, hosts...)}},
		{"OnlyURLs", guard.Policy{OnlyURLs: pathPrefix("/")}},
	}
	const in = "https://www.example.com/search?q=go"
	for _, tt := range policies {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := tt.p.Check(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheckHosts measures what Hosts adds to Check: ten names and
// addresses, compiled once, the URL's host the last of them (listed) or
// none of them (unlisted); Check without Hosts costs what
// BenchmarkCheckAllowlist/none does.
func BenchmarkCheckHosts(b *testing.B) {
	hosts := hostList(b, "a.example", "b.example", "10.0.0.1", "d.example", "[fd00::1]",
		"f.example", "g.example", "h.example", "i.example", "www.example.com")
	for _, tt := range []struct{ name, in string }{
		{"listed", "https://www.example.com/search?q=go"},
		{"unlisted", "https://www.example.org/search?q=go"},
	} {
		p := guard.Policy{Hosts: hosts}
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tt.in)))
			for b.Loop() {
				if _, err := p.Check(tt.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
