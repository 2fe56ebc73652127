package main

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// TestSite: uri site prints the registrable domain of each URL, read as
// the URL Standard reads it, and says why a URL has none.
func TestSite(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"a public suffix and one label, in lower-case A-labels", []string{"https://www.B\u00fccher.co.uk/x", "http://a.b.example.com:8080/"}, "", 0,
			"xn--bcher-kva.co.uk\nexample.com\n", ""},
		{"the private section of the list counts", []string{"https://user.github.io/"}, "", 0, "user.github.io\n", ""},
		{"a final dot is kept: another site", []string{"http://www.example.com./"}, "", 0, "example.com.\n", ""},
		{"the URL Standard's reading: backslashes, tabs, spaces around", []string{" http:\\\\WWW.EXAMPLE.COM\\a "}, "", 0, "example.com\n", ""},
		{"a line is the URL as it is, control characters included", nil, "\x01https://ex\tample.com/\x01\n", 0, "example.com\n", ""},
		{"an IP address has none", []string{"http://127.1/"}, "", 1, "",
			`uri: operand 1: no registrable domain (the host "127.0.0.1" is an IP address) of "http://127.1/"` + "\n"},
		{"a public suffix has none", []string{"http://co.uk/", "http://localhost/"}, "", 1, "",
			`uri: operand 1: no registrable domain (the host "co.uk" is a public suffix, or not a valid name) of "http://co.uk/"` + "\n" +
				`uri: operand 2: no registrable domain (the host "localhost" is a public suffix, or not a valid name) of "http://localhost/"` + "\n"},
		{"an opaque host is no domain", []string{"ssh://git.example.com/"}, "", 1, "",
			`uri: operand 1: no registrable domain (the host "git.example.com" is an opaque host, not a domain: ssh is not a special scheme) of "ssh://git.example.com/"` + "\n"},
		{"no host, an empty host", []string{"mailto:a@example.com", "file:///etc"}, "", 1, "",
			`uri: operand 1: no registrable domain (the URL has no host) of "mailto:a@example.com"` + "\n" +
				`uri: operand 2: no registrable domain (the host is empty) of "file:///etc"` + "\n"},
		{"an empty label", []string{"http://a..example.com/"}, "", 1, "",
			`uri: operand 1: no registrable domain (the host "a..example.com" has an empty label) of "http://a..example.com/"` + "\n"},
		{"a URL that does not parse", []string{"http://[::1"}, "", 1, "",
			`uri: operand 1: IPv6-unclosed (the IPv6 address has no closing "]") at offset 11 (end of input) of "http://[::1"` + "\n"},
		{"JSON", []string{"--json", "https://www.example.org/", "http://[::1]/"}, "", 1,
			`{"input":"https://www.example.org/","ok":true,"result":"example.org"}` + "\n" +
				`{"input":"http://[::1]/","ok":false,"error":"uri: no registrable domain (the host \"[::1]\" is an IP address) of \"http://[::1]/\"","offset":null}` + "\n", ""},
		{"empty stdin", nil, "", 0, "", ""},
	}
	for _, tt := range tests {
		args := append([]string{"site"}, tt.args...)
		code, out, errOut := runCmd(t, tt.stdin, args...)
		if code != tt.code || out != tt.stdout || errOut != tt.stderr {
			t.Errorf("%s: uri %q <<< %q = %d, stdout %q, stderr %q; want %d, %q, %q", tt.why, args, tt.stdin, code, out, errOut, tt.code, tt.stdout, tt.stderr)
		}
	}
	// The "site" of uri parse --grammar whatwg --json is what uri site prints.
	for _, in := range []string{"https://www.example.co.uk/", "http://127.1/", "foo://example.com/", "https://github.io/"} {
		_, out, _ := runCmd(t, "", "parse", "--grammar", "whatwg", "--json", in)
		var obj struct{ Site *string }
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatal(err)
		}
		code, text, _ := runCmd(t, "", "site", in)
		if want := strings.TrimSuffix(text, "\n"); (obj.Site == nil) != (code != 0) || obj.Site != nil && *obj.Site != want {
			t.Errorf("%q: parse --json has \"site\" %v, uri site prints %q (exit %d)", in, obj.Site, want, code)
		}
	}
}

// TestSiteCache: the sites that a command's cache gives are those of
// urlSite, for the hosts of the committed samples and as many more made
// up as the cache has slots, read twice over (more hosts than slots:
// hits, misses, runs of one host and slots taken over), and for hosts
// whose site is none or is converted, or that are too long to keep.
func TestSiteCache(t *testing.T) {
	var urls []string
	for _, name := range testrows.Samples() {
		urls = append(urls, testrows.URLs(t, name)...)
	}
	urls = append(urls, "http://127.1/", "http://co.uk/", "https://www.B\u00fccher.co.uk/", "http://example.com./", "foo://h/",
		// Longer than a slot, which does not keep it; and the longest
		// that a slot keeps.
		"https://"+strings.Repeat("a", 64)+".example.com/", "https://"+strings.Repeat("b", 36)+".example.com/")
	sites := new(siteCache)
	for i := range maxSiteSlots {
		urls = append(urls, fmt.Sprintf("https://h%d.example%d.co.uk/", i, i%7))
	}
	for range 2 {
		for _, in := range urls {
			u, err := whatwg.Parse(in)
			if err != nil {
				continue
			}
			rd, ok := sites.site(&u)
			if wantRD, wantOK := urlSite(&u); rd != wantRD || ok != wantOK {
				t.Fatalf("siteCache.site(%q) = %q, %v; urlSite gives %q, %v", in, rd, ok, wantRD, wantOK)
			}
		}
	}
}

// TestSiteCacheCollision: two hosts of one pair of slots, read in
// turn, are each looked up once, whatever the seed: with one slot a host,
// each line would look its host up again (the allocations per line that
// TestAllocsPerLine counted for one seed in a few hundred).
func TestSiteCacheCollision(t *testing.T) {
	a, b := mustWHATWG(t, "https://www.example.com/"), mustWHATWG(t, "http://example.org/")
	for range 3 {
		c := siteCache{slots: make([]siteSlot, minSiteSlots)}
		c.seed = maphash.MakeSeed()
		for range 1 << 16 {
			if pa, _ := c.pair(a.Hostname()); pa == first(c.pair(b.Hostname())) {
				break
			}
			c.seed = maphash.MakeSeed()
		}
		if pa, _ := c.pair(a.Hostname()); pa != first(c.pair(b.Hostname())) {
			t.Fatal("no seed put both hosts in one pair of slots")
		}
		c.site(&a)
		c.site(&b)
		if got := testing.AllocsPerRun(10, func() { c.site(&a); c.site(&b) }); got != 0 {
			t.Errorf("hosts %q and %q in one pair of slots: %v allocations a pair of lines, want 0", a.Hostname(), b.Hostname(), got)
		}
		if rd, _ := c.site(&a); rd != "example.com" {
			t.Errorf("site of %q = %q from the cache, want example.com", a.Hostname(), rd)
		}
	}
}

// first returns the first of a pair of slots.
func first(s, _ *siteSlot) *siteSlot { return s }

// mustWHATWG parses s by the URL Standard, or fails the test.
func mustWHATWG(t *testing.T, s string) whatwg.URL {
	t.Helper()
	u, err := whatwg.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
