package display

import (
	"testing"
)

// benchHosts are hosts of each shape that Host tells apart.
var benchHosts = []struct{ name, host string }{
	{"ascii", "www.example.com"},
	{"idn-shown", "xn--bcher-kva.de"},      // bücher.de
	{"idn-kept", "xn--80ak6aa92e.com"},     // аррӏе.com, Cyrillic
	{"idn-cjk", "www.xn--1lq90ic7f1rc.cn"}, // www.北京大學.cn
	{"unicode", "bücher.de"},               // raw UTF-8, through IDNA
	{"idn-mixed", "xn--ggle-0nda.com"},     // gοοgle.com, Greek ο: mixed scripts
	{"top-domain", "xn--googl-fsa.com"},    // googlé.com passes for google.com
}

// BenchmarkHost decides each host with the zero Policy (Chromium's rules
// and top domains, indexed before the timer starts).
func BenchmarkHost(b *testing.B) {
	ChromiumTopDomains()
	for _, c := range benchHosts {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.host)))
			for b.Loop() {
				if _, err := Host(c.host); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkURL gives the display form of URLs.
func BenchmarkURL(b *testing.B) {
	ChromiumTopDomains()
	for _, c := range []struct{ name, url string }{
		{"ascii", "https://www.example.com/a/b?c=d#e"},
		{"idn", "https://xn--bcher-kva.de/caf%C3%A9?q=%C3%A9"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.url)))
			for b.Loop() {
				if _, err := URL(c.url); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkChromiumTopDomains indexes Chromium's list, as the first call
// does.
func BenchmarkChromiumTopDomains(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewTopDomains(chromiumTopList()); err != nil {
			b.Fatal(err)
		}
	}
}
