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
	hosts = append(hosts, sampleHosts(t)...)
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

// TestPlainAddressHasNoSite: RegistrableDomain looks a plain name up as it
// is, without asking whether uri.AmbiguousIPv4 reads it as an address,
// because every plain name that it reads as one ends in a number and has
// no registrable domain either way.
func TestPlainAddressHasNoSite(t *testing.T) {
	hosts := []string{"0x7f.1", "127.1", "2130706433", "0177.0.0.1", "0x7f.0.0.01", "127.0.0.1.", "0x",
		"0x.0x", "1.2.3.4", "0xffffffff", "00000000000000000000001", "1.2.3.4.5", "08.1", "a.1", "1.a"}
	hosts = append(hosts, sampleHosts(t)...)
	addresses := 0
	for _, h := range hosts {
		if !plainName(h) {
			continue
		}
		if _, isIP := uri.AmbiguousIPv4(h); isIP {
			addresses++
			if rd, ok := registrableDomain(h); ok {
				t.Errorf("registrableDomain(%q) = %q, true, for a name that AmbiguousIPv4 reads as an address", h, rd)
			}
		}
	}
	if addresses < 8 {
		t.Errorf("%d plain addresses tried, want more", addresses)
	}
}

// TestPlainNameXNLabels: plainName refuses a name with a label that
// begins with "xn--", wherever the label is, and only such a name.
func TestPlainNameXNLabels(t *testing.T) {
	for _, tc := range []struct {
		host string
		want bool
	}{
		{"xn--bcher-kva.de", false}, {"www.xn--bcher-kva.de", false}, {"a.b.xn--", false},
		{"xn--", false}, {"a.xn--.b", false},
		{"axn--b.de", true}, {"xn-.de", true}, {"x.n--.de", true}, {"-xn--.de", true},
		{"a-xn--b.de", true}, {"xnxn-.de", true}, {"x", true}, {"", true}, {"ab--cd.de", true},
	} {
		if got := plainName(tc.host); got != tc.want {
			t.Errorf("plainName(%q) = %v, want %v", tc.host, got, tc.want)
		}
	}
}

// TestPlainRegistrableDomain: the one pass over a plain name gives what
// the general steps give it (plainName, then uri.AmbiguousIPv4, then
// registrableDomain with golang.org/x/net's EffectiveTLDPlusOne), for the
// hosts of the committed samples, each also with a final "." and with
// labels added, and for names with empty labels, numbers, "xn--" labels
// and suffixes of the list's sections.
func TestPlainRegistrableDomain(t *testing.T) {
	hosts := []string{"", ".", "..", "com", "com.", "example.com", "example.com.", "example.com..", ".example.com",
		"a..example.com", "a.example.com.", "www.example.co.uk", "co.uk", "github.io", "a.github.io", "b.a.github.io",
		"test.ck", "b.test.ck", "www.ck", "a.www.ck", "localhost", "example.123", "example.0x1f", "example.0x",
		"example.0xg", "a.b2", "0x7f.1", "127.0.0.1", "127.0.0.1.", "1.2.3.4.example", "xn--a.com", "a.xn--.b",
		"axn--b.com", "a-xn--b.com", "xn-.com", "a.xn--bcher-kva.de", "www.xn--bcher-kva.de", "s3.amazonaws.com",
		"b.s3.amazonaws.com", "x.compute.amazonaws.com", "a.x.compute.amazonaws.com", "a_b.example.com", "A.com"}
	for _, h := range sampleHosts(t) {
		if h != "" {
			hosts = append(hosts, h, h+".", "www."+h, "x.y."+h+".")
		}
	}
	plain := 0
	for _, h := range hosts {
		rd, ok, isPlain := plainRegistrableDomain(h)
		if isPlain != plainName(h) {
			t.Errorf("plainRegistrableDomain(%q) says plain %v, plainName %v", h, isPlain, !isPlain)
			continue
		}
		if !isPlain {
			continue
		}
		plain++
		want, wantOK := "", false
		if _, isIP := uri.AmbiguousIPv4(h); !isIP {
			want, wantOK = registrableDomain(h)
		}
		if rd != want || ok != wantOK {
			t.Errorf("plainRegistrableDomain(%q) = %q, %v; the general steps give %q, %v", h, rd, ok, want, wantOK)
		}
	}
	if plain < 4000 {
		t.Errorf("%d plain hosts tried, want more", plain)
	}
}

// sampleHosts returns the hosts of the URIs of the committed samples, in
// lower case.
func sampleHosts(t *testing.T) []string {
	var hosts []string
	for _, name := range testrows.Samples() {
		for _, line := range testrows.URLs(t, name) {
			if u, err := uri.Parse(line); err == nil {
				hosts = append(hosts, strings.ToLower(u.Host()))
			}
		}
	}
	return hosts
}
