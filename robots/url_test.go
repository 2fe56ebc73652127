package robots

import "testing"

// plainURLs are URLs that plainURL reads without the URL Standard's
// parser, or leaves to it, each with what the parser would do otherwise
// (URL Standard, Sections 3.5, 4.4 and the basic URL parser).
var plainURLs = []struct {
	url, target string // target "" when plainURL leaves the URL to the parser
}{
	{"https://www.example.com/a/b?c=d&e", "/a/b?c=d&e"},
	{"http://example.com", "/"},
	{"https://example.com/a#b?c", "/a"},
	{"https://a-b.example/caf%C3%A9/x%2Fy", "/caf%C3%A9/x%2Fy"},
	{"https://example.com/a.html?u=https://b.example/c", "/a.html?u=https://b.example/c"},
	{"https://-a.example/", "/"},
	{"https://Example.com/", ""},              // lower-cased
	{"HTTPS://example.com/", ""},              // lower-cased
	{"https://example.com:443/", ""},          // a default port, dropped
	{"https://u@example.com/", ""},            // userinfo
	{"https://example.com?q", ""},             // the path "/" put in front
	{"https://example.com#f", ""},             // idem
	{"https://xn--nxasmq6b.example/", ""},     // an A-label, checked
	{"https://a.xn--nxasmq6b/", ""},           // idem
	{"https://127.0.0.1/", ""},                // an IPv4 address
	{"https://a.0x7f/", ""},                   // a host that ends in a number
	{"https://a.1/", ""},                      // idem
	{"https://example.com./", ""},             // an empty label
	{"https://a..example/", ""},               // idem
	{"https://.example/", ""},                 // idem
	{"https:///example.com/", ""},             // slashes the parser skips
	{"https://example.com/a/./b", ""},         // a dot segment
	{"https://example.com/a/../b", ""},        // idem
	{"https://example.com/a/%2e%2E/b", ""},    // idem, encoded
	{"https://example.com/a\\b", ""},          // "\" read as "/"
	{"https://example.com/a b", ""},           // encoded
	{"https://example.com/a\tb", ""},          // removed
	{"https://example.com/\u00e9", ""},        // encoded
	{"https://example.com/a^b", ""},           // encoded in the path
	{"https://example.com/a?b'c", ""},         // encoded in the query
	{"https://example.com/a`b{c}", ""},        // encoded
	{"https://example.com/a\"b<c>", ""},       // encoded
	{"https://example.com/ ", ""},             // a space the parser trims
	{"ftp://example.com/a", ""},               // another scheme
	{"https://example.com/.well-known/x", ""}, // plainURL reads no "/."
	{"https://ex_ample.com/", ""},             // a byte that plainURL leaves to the parser
	{"https://example.com/%zz", "/%zz"},       // kept as written
	{"https://example.com/a?b?c/d:e@f", "/a?b?c/d:e@f"},
}

// TestPlainURL: plainURL reads the URLs that it can read without the URL
// Standard's parser to what the parser reads, and leaves the others to
// it.
func TestPlainURL(t *testing.T) {
	for _, c := range plainURLs {
		scheme, host, target, ok := plainURL(c.url)
		if ok != (c.target != "") || target != c.target {
			t.Errorf("plainURL(%q) = %q, %v; want %q", c.url, target, ok, c.target)
			continue
		}
		if !ok {
			continue
		}
		u, err := readURL(c.url)
		if err != nil {
			t.Fatalf("readURL(%q): %v", c.url, err)
		}
		if ks, kh := key(u); ks != scheme || kh != host || pathQuery(u) != target {
			t.Errorf("plainURL(%q) = %q %q %q, the URL Standard %q %q %q", c.url, scheme, host, target, ks, kh, pathQuery(u))
		}
	}
}
