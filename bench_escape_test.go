package uri

import (
	"net/url"
	"testing"
)

// benchEscapeInputs are the texts the escaping benchmarks encode: plain
// ones that need nothing, and ones that need much.
var benchEscapeInputs = []struct{ name, s string }{
	{"plain", "the-quick-brown-fox.jumps_over~the-lazy-dog"},
	{"spaces", "the quick brown fox jumps over the lazy dog"},
	{"reserved", "a/b?c=d&e#f[g]h@i:j;k,l+m$n"},
	{"utf8", "Größe und Gewicht – 日本語のテキスト"},
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
		b.Run(in.name+"/gouri-SetQueryValue", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				_ = u.SetQueryValue("page", "3")
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
