package site_test

import (
	"fmt"

	"github.com/gouri/uri"
	"github.com/gouri/uri/site"
)

// The special cases of the rules: names with "_", a final ".", a public
// suffix of the list's private section, a numeric host.
func ExampleRegistrableDomain_rules() {
	for _, h := range []string{"www.example.co.uk", "WWW.B%C3%BCcher.DE", "_dmarc.example.com", "a.github.io", "github.io", "0x7f.1", "www.example.com."} {
		d, ok := site.RegistrableDomain(h)
		fmt.Printf("%-20s %q %v\n", h, d, ok)
	}
	// Output:
	// www.example.co.uk    "example.co.uk" true
	// WWW.B%C3%BCcher.DE   "xn--bcher-kva.de" true
	// _dmarc.example.com   "example.com" true
	// a.github.io          "a.github.io" true
	// github.io            "" false
	// 0x7f.1               "" false
	// www.example.com.     "example.com." true
}

// Same site is about the scheme and the registrable domain: ports and paths
// do not count, and a public suffix such as github.io separates its sites.
func ExampleSame_ports() {
	for _, p := range [][2]string{
		{"https://a.example.com/", "https://b.example.com:8443/x"},
		{"http://example.com/", "https://example.com/"},
		{"https://a.github.io/", "https://b.github.io/"},
		{"http://127.0.0.1/", "http://0x7f.1/"},
	} {
		fmt.Println(p[0], p[1], site.Same(uri.MustParse(p[0]), uri.MustParse(p[1])))
	}
	// Output:
	// https://a.example.com/ https://b.example.com:8443/x true
	// http://example.com/ https://example.com/ false
	// https://a.github.io/ https://b.github.io/ false
	// http://127.0.0.1/ http://0x7f.1/ true
}
