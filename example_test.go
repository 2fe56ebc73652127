package uri_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri"
)

func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme(), u.Host(), u.Port(), u.Path(), u.Query(), u.Fragment())
	// Output: foo example.com 8042 /over/there name=ferret nose
}

// Absent and empty components are different: HasX tells them apart.
func ExampleParse_absentAndEmpty() {
	for _, s := range []string{"http://h/p", "http://@h:/p?#"} {
		u := uri.MustParse(s)
		fmt.Println(s, u.HasUserinfo(), u.HasPort(), u.HasQuery(), u.HasFragment())
	}
	// Output:
	// http://h/p false false false false
	// http://@h:/p?# true true true true
}

// Errors give the offset of the first byte that cannot be part of a valid
// reference, the component, and a reason to test with errors.Is.
func ExampleParse_error() {
	_, err := uri.Parse("http://example.com/a b")
	fmt.Println(err)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component, errors.Is(err, uri.ErrInvalidByte))
	}
	// Output:
	// uri: invalid character " " in path at offset 20 of "http://example.com/a b"
	// 20 path true
}

// The userinfo can make a reference look like it points somewhere else.
func ExampleURI_Host() {
	u := uri.MustParse("http://trusted.example@evil.example/login")
	fmt.Println(u.Host())
	fmt.Println(u.Userinfo())
	// Output:
	// evil.example
	// trusted.example
}

func ExampleURI_HostKind() {
	for _, s := range []string{"//192.0.2.1", "//127.1", "//[2001:db8::1]", "//[v7.x]", "//example.com", "mailto:x"} {
		u := uri.MustParse(s)
		fmt.Printf("%-16s %-9s %s\n", s, u.HostKind(), u.Hostname())
	}
	// Output:
	// //192.0.2.1      IPv4      192.0.2.1
	// //127.1          reg-name  127.1
	// //[2001:db8::1]  IPv6      2001:db8::1
	// //[v7.x]         IPvFuture v7.x
	// //example.com    reg-name  example.com
	// mailto:x         none
}

func ExampleURI_PortNumber() {
	for _, s := range []string{"http://h:8080/", "http://h/", "http://h:99999/"} {
		p, err := uri.MustParse(s).PortNumber()
		fmt.Println(p, err)
	}
	// Output:
	// 8080 <nil>
	// 0 no port number
	// 0 uri: port-number: number above 65535 at offset 13 of "http://h:99999/"
}

func ExampleURI_Redacted() {
	fmt.Println(uri.MustParse("https://alice:s3cret@example.com/").Redacted())
	// Output: https://alice:xxxxx@example.com/
}

// Components builds a reference from parts; a relative path whose first
// segment has a colon gets "./" in front (RFC 3986, Section 4.2).
func ExampleComponents_URI() {
	u, err := uri.Components{Scheme: "https", Host: "example.com", Path: "/search", Query: "q=uri"}.URI()
	fmt.Println(u, err)
	rel, _ := uri.Components{Path: "this:that"}.URI()
	fmt.Println(rel)
	_, err = uri.Components{Path: "/a b"}.URI()
	fmt.Println(err)
	// Output:
	// https://example.com/search?q=uri <nil>
	// ./this:that
	// uri: build: invalid character " " in path at offset 2 of "/a b"
}

// IPv6 zone identifiers are not part of RFC 3986; ParseRFC6874 reads them.
func ExampleParseRFC6874() {
	_, err := uri.Parse("http://[fe80::1%25eth0]/")
	fmt.Println(errors.Is(err, uri.ErrZoneNotAllowed))
	u, _ := uri.ParseRFC6874("http://[fe80::1%25eth0]/")
	fmt.Println(u.Zone())
	// Output:
	// true
	// eth0
}

// Reading the host and port: net/url's u.Hostname() and u.Port() become
// Hostname and Port, and PortNumber gives the number, checked.
func ExampleURI_Hostname() {
	u, err := uri.Parse("https://[2001:db8::1]:8443/status")
	if err != nil {
		panic(err)
	}
	port, err := u.PortNumber()
	fmt.Println(u.Hostname(), u.Port(), port, err)
	// Output: 2001:db8::1 8443 8443 <nil>
}

// Adding a query parameter: instead of u.Query(), Set and Encode, which
// rewrite and re-sort the whole query, WithQueryValue changes one pair and
// keeps the others byte for byte.
func ExampleURI_WithQueryValue() {
	u := uri.MustParse("https://example.com/search?q=caf%C3%A9&utm_source=x#top")
	u = u.WithQueryValue("page", "2")
	fmt.Println(u)
	u = u.AddQueryValue("tag", "a&b c")
	fmt.Println(u)
	fmt.Println(u.DeleteQueryKey("utm_source"))
	// Output:
	// https://example.com/search?q=caf%C3%A9&utm_source=x&page=2#top
	// https://example.com/search?q=caf%C3%A9&utm_source=x&page=2&tag=a%26b%20c#top
	// https://example.com/search?q=caf%C3%A9&page=2&tag=a%26b%20c#top
}

// Reading the query: QueryPairs decodes in order, without a map;
// QueryValue is u.Query().Get(key); QueryValues is u.Query().
func ExampleURI_QueryPairs() {
	u := uri.MustParse("/search?q=caf%C3%A9+au+lait&lang=fr&lang=de")
	for k, v := range u.QueryPairs() {
		fmt.Printf("%s=%q\n", k, v)
	}
	q, _ := u.QueryValue("q")
	fmt.Println(q, u.QueryValues()["lang"])
	// Output:
	// q="café au lait"
	// lang="fr"
	// lang="de"
	// café au lait [fr de]
}

// Joining a path: each element is one segment of data, escaped. Data never
// navigates: an element that is, or decodes to, a dot segment is an error;
// use Resolve to navigate.
func ExampleURI_JoinPath() {
	base := uri.MustParse("https://api.example.com/v1/")
	u, err := base.JoinPath("users", "jane doe", "files/2024")
	fmt.Println(u, err)
	_, err = base.JoinPath("users", "..", "..", "admin")
	fmt.Println(err)
	fmt.Println(base.Resolve(uri.MustParse("../v2/status")))
	// Output:
	// https://api.example.com/v1/users/jane%20doe/files%2F2024 <nil>
	// uri: build: "." or ".." segment (element 2 of 4) in path at offset 0 of ".."
	// https://api.example.com/v2/status
}

// Escaping a query value: pick the component; EscapeForm is HTML's
// application/x-www-form-urlencoded, the others are RFC 3986.
func ExampleEscape() {
	v := "50% off & free shipping"
	fmt.Println(uri.Escape(v, uri.EscapeQueryValue))
	fmt.Println(uri.Escape(v, uri.EscapeForm))
	fmt.Println(uri.Escape("reports/2024 Q1", uri.EscapePathSegment))
	s, err := uri.Unescape("caf%C3%A9+bar", uri.EscapeForm)
	fmt.Println(s, err)
	_, err = uri.Unescape("100%", uri.EscapePath)
	fmt.Println(err)
	// Output:
	// 50%25%20off%20%26%20free%20shipping
	// 50%25+off+%26+free+shipping
	// reports%2F2024%20Q1
	// café bar <nil>
	// uri: unescape: "%" not followed by two hex digits in path at offset 4 (end of input) of "100%"
}

// Moving between the two types where an API wants a *url.URL.
func ExampleFromURL() {
	v, _ := url.Parse("https://example.com/a%2Fb?x=1")
	u, err := uri.FromURL(v)
	fmt.Println(u.Path(), err)
	fmt.Println(u.URL().Path, u.URL().RawPath)
	// Output:
	// /a%2Fb <nil>
	// /a/b /a%2Fb
}

// IRIs: parse the Unicode form, send the URI form, show the Unicode form.
func ExampleIRI_ToURI() {
	i, err := uri.ParseIRI("https://例子.测试/路径?q=café")
	if err != nil {
		panic(err)
	}
	u, err := i.ToURI()
	fmt.Println(u, err)
	fmt.Println(u.ToIRI())
	fmt.Println(uri.MustParse("/D%C3%BCrst/a%2Fb/%FF").ToIRI())
	// Output:
	// https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84?q=caf%C3%A9 <nil>
	// https://xn--fsqu00a.xn--0zwm56d/路径?q=café
	// /Dürst/a%2Fb/%FF
}

// Resolution follows RFC 3986, Section 5.2: these are some of the examples
// of its Section 5.4.
func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "?y", "#s", "//g", "", "../../../g", "g:h"} {
		fmt.Printf("%-12q %s\n", ref, base.Resolve(uri.MustParse(ref)))
	}
	// Output:
	// "g"          http://a/b/c/g
	// "../g"       http://a/b/g
	// "?y"         http://a/b/c/d;p?y
	// "#s"         http://a/b/c/d;p?q#s
	// "//g"        http://g
	// ""           http://a/b/c/d;p?q
	// "../../../g" http://a/g
	// "g:h"        g:h
}

// The string form parses both inputs; the base must have a scheme.
func ExampleResolve() {
	s, err := uri.Resolve("https://example.com/docs/guide/", "../api/v2?lang=go#intro")
	fmt.Println(s, err)
	_, err = uri.Resolve("/docs/guide/", "../api")
	fmt.Println(err, errors.Is(err, uri.ErrMissingScheme))
	// Output:
	// https://example.com/docs/api/v2?lang=go#intro <nil>
	// uri: resolve base: missing scheme at offset 0 of "/docs/guide/" true
}

// The non-strict mode of RFC 3986, Section 5.2.2 reads "http:g" as the
// relative "g" when the base's scheme is http, as parsers before RFC 2396 did.
func ExampleURI_ResolveNonStrict() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParse("http:g")
	fmt.Println(base.Resolve(ref))
	fmt.Println(base.ResolveNonStrict(ref))
	// Output:
	// http:g
	// http://a/b/c/g
}

// Relativize finds the shortest reference that resolves back to a URI.
func ExampleURI_Relativize() {
	base := uri.MustParse("https://example.com/docs/guide/intro.html")
	for _, s := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/intro.html#faq",
		"https://example.com/",
		"https://cdn.example.com/x.js",
		"mailto:team@example.com",
	} {
		target := uri.MustParse(s)
		ref, ok := base.Relativize(target)
		fmt.Printf("%-26s %v %v\n", ref, ok, base.Resolve(ref) == target)
	}
	// Output:
	// setup.html                 true true
	// ../api/                    true true
	// #faq                       true true
	// /                          true true
	// //cdn.example.com/x.js     true true
	// mailto:team@example.com    true true
}

// Normalize applies syntax-based and scheme-based normalization (RFC 3986,
// Section 6.2.2 and 6.2.3).
func ExampleURI_Normalize() {
	u := uri.MustParse("HTTP://www.Example.COM:80/a/./b/../%7Euser/%2f?Q=%3a#F")
	fmt.Println(u.Normalize())
	// Output: http://www.example.com/a/~user/%2F?Q=%3A#F
}

func ExampleNormalize() {
	for _, s := range []string{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "a/./b/../../../c", "http://[2001:DB8:0:0::1]:80", "a b"} {
		n, err := uri.Normalize(s)
		fmt.Printf("%q %v\n", n, err)
	}
	// Output:
	// "example://a/b/c/%7Bfoo%7D" <nil>
	// "../c" <nil>
	// "http://[2001:db8::1]/" <nil>
	// "" uri: normalize: invalid character " " in path at offset 1 of "a b"
}

// NormalizeWith applies exactly the steps asked for. The crawler steps change
// what a reference means and are never applied by default.
func ExampleURI_NormalizeWith() {
	u := uri.MustParse("HTTP://Example.COM:80//a/./b/..//c?z=%7e&a=%2f#frag")
	fmt.Println(u.NormalizeWith(uri.SyntaxBased))
	fmt.Println(u.NormalizeWith(uri.DefaultNormalization))
	fmt.Println(u.NormalizeWith(uri.CrawlerNormalization))
	// Output:
	// http://example.com:80//a//c?z=~&a=%2F#frag
	// http://example.com//a//c?z=~&a=%2F#frag
	// http://example.com/a/c?a=/&z=~
}

// A server that routes requests by path normalizes the path of each
// request first, so that "/docs/./a/../%7Euser" finds the route
// "/docs/~user". Merging slashes is the caller's choice: it changes what a
// path may mean.
func ExampleNormalizePath() {
	for _, p := range []string{"/docs/./a/../%7Euser", "/docs//x/", "/../../etc/passwd", "/a b"} {
		n, err := uri.NormalizePath(p, uri.SyntaxBased|uri.NormalizeMergeSlashes)
		fmt.Printf("%q %v\n", n, err)
	}
	// Output:
	// "/docs/~user" <nil>
	// "/docs/x/" <nil>
	// "/etc/passwd" <nil>
	// "" uri: normalize: invalid character " " in path at offset 2 of "/a b"
}

// The four equivalent URIs of RFC 3986, Section 6.2.3, and one that is not.
func ExampleEquivalent() {
	a := uri.MustParse("http://example.com/")
	for _, s := range []string{"http://example.com", "http://example.com:/", "HTTP://EXAMPLE.com:80/", "http://example.com/?"} {
		b := uri.MustParse(s)
		fmt.Println(s, a == b, uri.Equivalent(a, b))
	}
	// Output:
	// http://example.com false true
	// http://example.com:/ false true
	// HTTP://EXAMPLE.com:80/ false true
	// http://example.com/? false false
}

// A reg-name that resolvers read as an IPv4 address can slip past a filter
// that blocks 127.0.0.1 by name (RFC 3986, Section 7.4).
func ExampleAmbiguousIPv4() {
	for _, s := range []string{"http://0x7f.1/", "http://2130706433/", "http://0177.0.0.1/", "http://127.0.0.1/", "http://example.com/"} {
		u := uri.MustParse(s)
		if a, ok := uri.AmbiguousIPv4(u.Host()); ok {
			fmt.Printf("%-22s reg-name read as %v\n", s, a)
		} else if a, ok := u.HostAddr(); ok {
			fmt.Printf("%-22s IPv4address %v\n", s, a)
		} else {
			fmt.Printf("%-22s a name\n", s)
		}
	}
	// Output:
	// http://0x7f.1/         reg-name read as 127.0.0.1
	// http://2130706433/     reg-name read as 127.0.0.1
	// http://0177.0.0.1/     reg-name read as 127.0.0.1
	// http://127.0.0.1/      IPv4address 127.0.0.1
	// http://example.com/    a name
}

// HostToASCII takes a host as a URI writes it (percent-encoded UTF-8) or as an
// IRI writes it (Unicode), and returns the A-labels to look up in the DNS.
func ExampleHostToASCII() {
	for _, h := range []string{"b%C3%BCcher.example", "Bücher.example", "my_host.example"} {
		a, err := uri.HostToASCII(h)
		fmt.Printf("%q %v\n", a, err)
	}
	// Output:
	// "xn--bcher-kva.example" <nil>
	// "xn--bcher-kva.example" <nil>
	// "" uri: idna: invalid internationalized domain name (disallowed rune U+005F) in host at offset 0 of "my_host.example"
}

// HostToUnicode gives the Unicode form of every name, one that imitates
// another included: "pаypal" with a Cyrillic "а". Package display decides
// which form to show people.
func ExampleHostToUnicode() {
	for _, h := range []string{"xn--bcher-kva.example", "xn--pypal-4ve.com"} {
		u, err := uri.HostToUnicode(h)
		fmt.Println(h, u, err)
	}
	// Output:
	// xn--bcher-kva.example bücher.example <nil>
	// xn--pypal-4ve.com pаypal.com <nil>
}

// insideDir reports whether a request target in origin-form (an absolute
// path, maybe with a query) names something inside the directory dir, such
// as "/static/", for a server that decodes each percent-encoding of the path
// once and maps "/" to directories. dir must be a normal path ending in "/".
//
// The target is parsed strictly, which refuses backslashes, spaces, controls
// and raw non-ASCII bytes, then normalized (RFC 3986, Section 6.2.2): "%2E"
// in any case is decoded and dot segments are removed, so the path can be
// compared as text. What normalization leaves for the server to decode is
// refused: an encoded "/" or "\" ("..%2F"), which becomes a separator after
// the dot segments are gone; a "%" left after one decoding ("%252E"); NUL;
// octets that are not UTF-8, such as the overlong "%C0%AE"; and a segment
// that is "." or ".." before a ";", which servers that cut off path
// parameters read as a dot segment ("..;").
func insideDir(dir, target string) bool {
	u, err := uri.ParseRelativeRef(target)
	if err != nil || u.HasAuthority() || !strings.HasPrefix(u.Path(), "/") {
		return false
	}
	n := u.Normalize()
	if !strings.HasPrefix(n.Path(), dir) {
		return false
	}
	for seg := range n.PathSegments() {
		name, _, _ := strings.Cut(seg, ";")
		if name == "." || name == ".." || strings.ContainsAny(seg, "/\\%\x00") || !utf8.ValidString(seg) {
			return false
		}
	}
	return true
}

// A path-traversal check: is a request target inside a directory once
// normalized? See insideDir for what it refuses and why.
func Example_pathInsideDirectory() {
	for _, target := range []string{
		"/static/css/../app.js",
		"/static/%2e%2E/etc/passwd",
		"/static/..%2F..%2Fetc/passwd",
		"/static/%252E%252E/etc/passwd",
		"/static/..;/etc/passwd",
		`/static/..\etc\passwd`,
	} {
		fmt.Println(insideDir("/static/", target), target)
	}
	// Output:
	// true /static/css/../app.js
	// false /static/%2e%2E/etc/passwd
	// false /static/..%2F..%2Fetc/passwd
	// false /static/%252E%252E/etc/passwd
	// false /static/..;/etc/passwd
	// false /static/..\etc\passwd
}

// TestInsideDir runs the path-traversal recipe of Example_pathInsideDirectory
// on the adversarial inputs a traversal check meets, each with the reason it
// is in or out.
func TestInsideDir(t *testing.T) {
	tests := []struct {
		target string
		want   bool
		why    string
	}{
		{"/static/app.js", true, "a plain file"},
		{"/static/css/../app.js", true, "dot segments that stay inside (RFC 3986, Section 6.2.2.3)"},
		{"/static/./app.js", true, "a \".\" segment"},
		{"/static/%61pp.js", true, "an encoded unreserved character (Section 6.2.2.2)"},
		{"/static/caf%C3%A9.png", true, "encoded UTF-8"},
		{"/static/a%20b.txt", true, "an encoded space is data"},
		{"/static/app.js?f=../../etc/passwd", true, "the query is not part of the path"},
		{"/static/%2E", true, "the directory itself"},
		{"/static/%EF%BC%8E%EF%BC%8E/etc", true, "U+FF0E is no dot to RFC 3986: a server that applies Unicode compatibility mapping needs its own check"},

		{"/static/../etc/passwd", false, "\"..\" climbs out (Section 5.2.4)"},
		{"/static/%2e%2e/etc/passwd", false, "\"%2e\" is a dot (Section 2.3); normalization decodes it first"},
		{"/static/%2E%2e/etc/passwd", false, "in any case (Section 6.2.2.1)"},
		{"/static/.%2E/.%2e/etc", false, "half encoded"},
		{"/static/..%2F..%2Fetc/passwd", false, "an encoded \"/\" is not a separator to RFC 3986, but becomes one to a server that decodes the path"},
		{"/static/..%2f..%2fetc/passwd", false, "in lower case"},
		{"/static/%2E%2E%2F%2E%2E%2Fetc", false, "all encoded"},
		{"/static/%252E%252E/etc/passwd", false, "double encoding: one more decoding makes \"%2E%2E\" a dot segment"},
		{"/static/%25252E%25252E/etc", false, "triple encoding"},
		{"/static/..;/etc/passwd", false, "servers that cut off \";\" parameters read \"..;\" as \"..\""},
		{"/static/..;jsessionid=1/etc", false, "with a parameter"},
		{`/static/..\etc\passwd`, false, "a backslash is no URI character (Section 2): Parse rejects it"},
		{"/static/%5C..%5Cetc", false, "an encoded backslash, a separator on Windows"},
		{"/static/%C0%AE%C0%AE/etc", false, "an overlong UTF-8 \".\", which lenient decoders read as a dot"},
		{"/static/\xc0\xae\xc0\xae/etc", false, "raw, it is no URI character"},
		{"/static/%00.png", false, "NUL ends a file name in C"},
		{"/static/a b", false, "a space: Parse rejects it"},
		{"/static", false, "the directory without its \"/\" is not inside it"},
		{"/staticfoo/x", false, "a sibling with the same prefix"},
		{"/STATIC/x", false, "paths are case-sensitive (Section 6.2.2.1): a case-insensitive file system needs dir and target folded alike"},
		{"//evil.example/static/x", false, "a network-path reference, not a path"},
		{"http://evil.example/static/x", false, "an absolute URI, not origin-form"},
		{"static/x", false, "a relative path"},
		{"", false, "nothing"},
	}
	for _, tt := range tests {
		if got := insideDir("/static/", tt.target); got != tt.want {
			t.Errorf("insideDir(%q) = %v, want %v: %s", tt.target, got, tt.want, tt.why)
		}
	}
}

// The Op of an Error names the operation that failed, one of the Op
// constants, and Name the argument at fault where it matters; the message
// writes them after "uri: ", except a bare OpParse. Reason is the message
// without "uri: " and without the input, for a program that shows the
// input its own way.
func ExampleError() {
	_, err1 := uri.Parse("a b")
	_, err2 := uri.MustParse("http://h/").WithPort("8o")
	_, err3 := uri.Resolve("/no/scheme", "g")
	for _, err := range []error{err1, err2, err3} {
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("%-7s %-4s %d %v\n", e.Op, e.Name, e.Offset, err)
			fmt.Printf("  reason: %s\n", e.Reason())
		}
	}
	fmt.Println(errors.Is(err3, uri.ErrMissingScheme))
	// Output:
	// parse        1 uri: invalid character " " in path at offset 1 of "a b"
	//   reason: invalid character " " in path at offset 1
	// build        1 uri: build: not a decimal number in port at offset 1 of "8o"
	//   reason: build: not a decimal number in port at offset 1
	// resolve base 0 uri: resolve base: missing scheme at offset 0 of "/no/scheme"
	//   reason: resolve base: missing scheme at offset 0
	// true
}

// Escapes of any octet decode; "+" is a space only in a form value: a key
// or value of key=value, read as QueryValue reads it.
func ExampleUnescape() {
	for _, s := range []string{"a%20b+c%2F", "%zz"} {
		p, err := uri.Unescape(s, uri.EscapePath)
		f, _ := uri.Unescape(s, uri.EscapeQueryValue)
		fmt.Printf("%q %q %v\n", p, f, err)
	}
	v, _ := uri.MustParse("/search?q=a%20b+c%2F").QueryValue("q")
	fmt.Printf("%q\n", v)
	// Output:
	// "a b+c/" "a b c/" <nil>
	// "" "" uri: unescape: "%" not followed by two hex digits in path at offset 1 of "%zz"
	// "a b c/"
}

// Encode maps components written under another grammar onto RFC 3986, and
// lists what it had to change.
func ExampleComponents_Encode() {
	c := uri.Components{Scheme: "http", Host: "h", Path: "/a b?c", Query: "x={1}"}
	u, changes, err := c.Encode()
	fmt.Println(u, err)
	for _, ch := range changes {
		fmt.Printf("%d %v %q -> %q: %s\n", ch.Offset, ch.Component, ch.From, ch.To, ch.Reason)
	}
	// Output:
	// http://h/a%20b%3Fc?x=%7B1%7D <nil>
	// 10 path " " -> "%20": not allowed unencoded in an RFC 3986 path
	// 12 path "?" -> "%3F": RFC 3986 reads "?" as the start of a query
	// 17 query "{" -> "%7B": not allowed unencoded in an RFC 3986 query
	// 19 query "}" -> "%7D": not allowed unencoded in an RFC 3986 query
}

// ToIRI decodes for display only what an IRI may show: "%2F" and a
// bidirectional formatting character stay encoded, and so does the host of
// a DNS scheme, which package display shows.
func ExampleURI_ToIRI() {
	for _, s := range []string{"http://example.org/D%C3%BCrst", "http://h/a%2Fb%E2%80%AE", "http://xn--rsum-bpad.example/", "http://xn--pypal-4ve.com/"} {
		fmt.Println(uri.MustParse(s).ToIRI())
	}
	// Output:
	// http://example.org/Dürst
	// http://h/a%2Fb%E2%80%AE
	// http://xn--rsum-bpad.example/
	// http://xn--pypal-4ve.com/
}

// URL gives net/url's value for the same text, including for the hosts
// that url.Parse refuses.
func ExampleURI_URL() {
	v := uri.MustParse("http://h/a%20b?#").URL()
	fmt.Printf("%q %v %q\n", v.Path, v.ForceQuery, v.String())
	fmt.Println(uri.MustParse("http://[v7.x]/").URL().Host)
	// Output:
	// "/a b" true "http://h/a%20b?"
	// [v7.x]
}

// Working next to net/url: take the *url.URL that net/http or a
// configuration gives, check what arrives as text strictly (an error says
// where), resolve as RFC 3986 says, and hand a *url.URL back to the APIs
// that want one.
func Example_nextToNetURL() {
	v, _ := url.Parse("https://example.com/docs/guide/") // from net/http, a flag, a config file
	base, err := uri.FromURL(v)
	if err != nil {
		panic(err) // net/url accepted text that RFC 3986 does not
	}
	for _, loc := range []string{"../api/v2?lang=go", "../a b"} {
		ref, err := uri.Parse(loc) // a Location header, an href
		if err != nil {
			fmt.Println(err) // where and why
		} else {
			t := base.Resolve(ref)
			req := &http.Request{Method: "GET", URL: t.URL()} // back to net/url
			fmt.Println(t, req.URL.Path)
		}
	}
	// Output:
	// https://example.com/docs/api/v2?lang=go /docs/api/v2
	// uri: invalid character " " in path at offset 4 of "../a b"
}
