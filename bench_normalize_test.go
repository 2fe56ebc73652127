package uri

import (
	"testing"
)

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
