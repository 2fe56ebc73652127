package site

import (
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// TestPlainNameNeedsNoIDNA: a host that plainName lets through IDNA
// untouched gets the name that the conversion would give it, for every
// host of the committed samples and for the names IDNA refuses or leaves
// to asciiSiteName (hyphens, long and empty labels, "_").
func TestPlainNameNeedsNoIDNA(t *testing.T) {
	hosts := []string{"example.com", "www.example.co.uk", "a--b.example", "-a.example", "a-.example",
		"ab--cd.example", strings.Repeat("a", 64) + ".com", "a..b.com", ".com", "com.", "a.123", "0a.b",
		"xn--a.com", "a.xn--bcher-kva.de", "axn--b.com", "a_b.example.com", "1.2.3.4.example"}
	for _, name := range testrows.Samples() {
		for _, line := range testrows.URLs(t, name) {
			if u, err := uri.Parse(line); err == nil {
				hosts = append(hosts, strings.ToLower(u.Host()))
			}
		}
	}
	plain := 0
	for _, h := range hosts {
		if !plainName(h) {
			continue
		}
		plain++
		if _, isIP := uri.AmbiguousIPv4(h); isIP {
			continue
		}
		name, ip, ok := convertedName(h)
		if name != h || ip || !ok {
			t.Errorf("convertedName(%q) = %q, %v, %v; plainName says %q, false, true", h, name, ip, ok, h)
		}
	}
	for _, h := range []string{"xn--a.com", "a.xn--bcher-kva.de", "Example.com", "a_b.example.com", "b%C3%BCcher.de", "bücher.de"} {
		if plainName(h) {
			t.Errorf("plainName(%q) = true, want false: it needs the conversion", h)
		}
	}
	if plain < 1000 {
		t.Errorf("%d plain hosts tried, want more", plain)
	}
}
