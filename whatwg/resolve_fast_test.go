package whatwg

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// fastRefs are references of every shape that resolveFast takes or must
// decline: dot segments, spellings of a dot, a scheme, a host, bytes that
// an encode set encodes, "\" and "|" (a Windows drive letter in a file
// URL), and the delimiters in each place.
var fastRefs = []string{
	"", "#", "#s", "#a?b:c", "#a#b", "#`", "?", "?y", "?y#s", "?a'b", "?a:b?c",
	"g", "g/", "g;x=1?y#s", "~user/x", "@x", "!$&()*+,;=", "a//b", "...", ".../g", "g/...",
	".", "./", "./g", "g/.", "g/..", "..", "../", "../g", "../..", "../../../../g", "..//g", "../.",
	"/", "/g", "//", "//g", "///g", "/g/../h", "/..", "/./g",
	"g:h", "a:b/c", "g%2e", "%2e%2e/g", ".%2E/g", "\\g", "g\\h", "g h", " g", "g\t", "\tg",
	"é", "g|h", "C|", "C:", "C:/x", "g^", "g'x", "g`", "g{", "g\"",
}

// fastBases are bases of every kind: special and not, with and without a
// host, an empty or opaque path, a "/." before the path, file URLs with
// drive letters, credentials, a port, a query and a fragment.
var fastBases = []string{
	"http://h", "http://h/", "https://u:p@h:8080/a/b/c?q#f", "http://h/a/b/", "http://h/a?q",
	"foo://h", "foo://h/", "foo://h/a/b", "foo:///a/b", "foo:/a/b", "foo:opaque?q#f", "foo:/.//a/b",
	"foo://h//a", "file:///C:/a/b", "file://h/C:", "file:///", "file:///a/b?q#f", "ws://[::1]:81/a/b",
	"http://1.2.3.4/%2e/x", "sc://ñ/a/b",
}

// TestResolveFast checks resolveFast against the parser: for every base
// and reference, URL.Parse, which tries the fast path first, and Validate,
// which never does, give the same URL or both fail.
func TestResolveFast(t *testing.T) {
	bases := fastBases
	for _, name := range testrows.Samples() {
		bases = append(bases, testrows.URLs(t, name)[:300]...)
	}
	took := 0
	for _, bs := range bases {
		b, err := Parse(bs)
		if err != nil {
			continue
		}
		for _, ref := range fastRefs {
			if _, ok := b.resolveFast(ref); ok {
				took++
			}
			got, err := b.Parse(ref)
			want, _, werr := Validate(b, ref)
			if got != want || (err == nil) != (werr == nil) {
				t.Errorf("%q.Parse(%q) = %q, %v; the parser gives %q, %v", b.Href(), ref, got.Href(), err, want.Href(), werr)
			}
		}
	}
	if took == 0 {
		t.Fatal("resolveFast took no reference")
	}
}

// TestResolveFastShapes pins which shapes take the fast path, so that a
// change that sends them all to the parser does not go unseen.
func TestResolveFastShapes(t *testing.T) {
	base := MustParse("https://user@example.com:8443/a/b/c.html?q#f")
	tests := []struct {
		ref  string
		fast bool
	}{
		{"", true}, {"#s", true}, {"?y", true}, {"?y#s", true}, {"g", true}, {"g/h?y#s", true},
		{"../g", true}, {"../../../g", true}, {"/g", true}, {"/", true},
		{"//g", false},        // a host to parse
		{"g/./h/../i", false}, // dot segments after the start
		{"%2e/g", false},      // a dot spelled "%2e"
		{"g:h", false},        // a scheme
		{"g h", false},        // a byte to encode
		{"\\g", false},        // "/" in a special URL
		{"#a#b", false},       // a second "#"
	}
	for _, tc := range tests {
		if _, ok := base.resolveFast(tc.ref); ok != tc.fast {
			t.Errorf("resolveFast(%q) = _, %v, want %v", tc.ref, ok, tc.fast)
		}
	}
	for _, bs := range []string{"file:///C:/a/b", "foo:opaque", "foo:/a/b", "foo:/.//a/b"} {
		b := MustParse(bs)
		if _, ok := b.resolveFast("g"); ok {
			t.Errorf("%q.resolveFast(%q) took a base it must leave to the parser", bs, "g")
		}
	}
}
