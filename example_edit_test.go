package uri_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gouri/uri"
)

// Each setter changes one component and returns a new URI; an argument that
// its component's grammar does not allow is an error, never repaired.
func ExampleURI_WithHost() {
	u := uri.MustParse("https://user@example.com:8443/a?q#f")
	v, err := u.WithHost("example.org")
	fmt.Println(v, err)
	// An IPv6 address goes in brackets, given with or without them.
	v, err = u.WithHost("2001:db8::1")
	fmt.Println(v, v.HostKind(), err)
	// A mailto URI has a rootless path, which no authority may precede.
	_, err = uri.MustParse("mailto:a@example.com").WithHost("h")
	fmt.Println(err)
	_, err = u.WithHost("example.org:80")
	fmt.Println(err)
	// Output:
	// https://user@example.org:8443/a?q#f <nil>
	// https://user@[2001:db8::1]:8443/a?q#f IPv6 <nil>
	// uri: build: path must be empty or begin with "/" when an authority is present at offset 7 of "mailto:a@example.com"
	// uri: build: invalid character ":" in host at offset 11 of "example.org:80"
}

func ExampleURI_WithScheme() {
	u := uri.MustParse("//example.com/a")
	v, err := u.WithScheme("https")
	fmt.Println(v, err)
	_, err = u.WithScheme("ht tp")
	fmt.Println(err)
	// Output:
	// https://example.com/a <nil>
	// uri: build: invalid character " " in scheme at offset 2 of "ht tp"
}

// Without a scheme, a first segment with a colon would be read as one: it
// gets "./" in front (RFC 3986, Section 4.2).
func ExampleURI_WithoutScheme() {
	fmt.Println(uri.MustParse("https://example.com/a").WithoutScheme())
	fmt.Println(uri.MustParse("urn:isbn:0451450523").WithoutScheme())
	// Output:
	// //example.com/a
	// ./isbn:0451450523
}

func ExampleURI_WithUserinfo() {
	u := uri.MustParse("ftp://ftp.example.com/pub")
	v, err := u.WithUserinfo("anonymous")
	fmt.Println(v, err)
	_, err = uri.MustParse("mailto:a@example.com").WithUserinfo("x")
	fmt.Println(errors.Is(err, uri.ErrNoAuthority), err)
	// Output:
	// ftp://anonymous@ftp.example.com/pub <nil>
	// true uri: build: reference has no authority at offset 7 of "mailto:a@example.com"
}

func ExampleURI_WithoutUserinfo() {
	fmt.Println(uri.MustParse("https://alice:s3cret@example.com/").WithoutUserinfo())
	// Output: https://example.com/
}

// A port is digits only; the empty port is present, and differs from no
// port at all.
func ExampleURI_WithPort() {
	u := uri.MustParse("http://[::1]/status")
	v, err := u.WithPort("8080")
	fmt.Println(v, err)
	v, _ = u.WithPort("")
	fmt.Println(v, v.HasPort())
	_, err = u.WithPort("80a")
	fmt.Println(err)
	// Output:
	// http://[::1]:8080/status <nil>
	// http://[::1]:/status true
	// uri: build: not a decimal number in port at offset 2 of "80a"
}

func ExampleURI_WithoutPort() {
	fmt.Println(uri.MustParse("http://example.com:8080/a").WithoutPort())
	// Output: http://example.com/a
}

// Without an authority, the path "//x" would be read as one; with one, a
// path must begin with "/" (RFC 3986, Section 3.3).
func ExampleURI_WithPath() {
	v, err := uri.MustParse("https://example.com/old?q=1").WithPath("/new/page")
	fmt.Println(v, err)
	v, _ = uri.MustParse("x:").WithPath("//y")
	fmt.Println(v, v.Path())
	_, err = uri.MustParse("https://example.com").WithPath("relative")
	fmt.Println(err)
	// Output:
	// https://example.com/new/page?q=1 <nil>
	// x:/.//y /.//y
	// uri: build: path must be empty or begin with "/" when an authority is present at offset 0 of "relative"
}

func ExampleURI_WithoutAuthority() {
	fmt.Println(uri.MustParse("file://localhost/etc/hosts").WithoutAuthority())
	fmt.Println(uri.MustParse("http://example.com//a").WithoutAuthority())
	// Output:
	// file:/etc/hosts
	// http:/.//a
}

func ExampleURI_WithQuery() {
	u := uri.MustParse("https://example.com/search#results")
	v, err := u.WithQuery("q=uri&page=2")
	fmt.Println(v, err)
	_, err = u.WithQuery("a#b")
	fmt.Println(err)
	// Output:
	// https://example.com/search?q=uri&page=2#results <nil>
	// uri: build: invalid character "#" in query at offset 1 of "a#b"
}

func ExampleURI_WithoutQuery() {
	fmt.Println(uri.MustParse("https://example.com/a?utm_source=x#top").WithoutQuery())
	// Output: https://example.com/a#top
}

func ExampleURI_WithFragment() {
	v, err := uri.MustParse("https://example.com/guide").WithFragment("install")
	fmt.Println(v, err)
	// Output: https://example.com/guide#install <nil>
}

// The fragment is left out before a network action (RFC 3986, Section 6.1).
func ExampleURI_WithoutFragment() {
	fmt.Println(uri.MustParse("https://example.com/guide#install").WithoutFragment())
	// Output: https://example.com/guide
}

// A blocklist must compare schemes without regard to case (RFC 3986,
// Section 3.1): Scheme returns the scheme as written.
func ExampleURI_SchemeIs() {
	u := uri.MustParse("JavaScript:alert(1)")
	fmt.Println(u.Scheme() == "javascript", u.SchemeIs("javascript"))
	// Output: false true
}

// HostPort is what net/url's URL.Host holds: the authority without the
// userinfo.
func ExampleURI_HostPort() {
	for _, s := range []string{"https://user@example.com:8443/", "http://[::1]/", "mailto:a@example.com"} {
		fmt.Printf("%q\n", uri.MustParse(s).HostPort())
	}
	// Output:
	// "example.com:8443"
	// "[::1]"
	// ""
}

func ExampleURI_DefaultPort() {
	for _, s := range []string{"https://example.com/", "ws://example.com/chat", "file:///etc/hosts"} {
		u := uri.MustParse(s)
		fmt.Printf("%s %q\n", u.Scheme(), u.DefaultPort())
	}
	// Output:
	// https "443"
	// ws "80"
	// file ""
}

// Two URIs are of the same origin (RFC 6454, Section 5) when both have one
// and the two are equal.
func ExampleURI_Origin() {
	a, aok := uri.MustParse("HTTPS://Example.COM:443/login").Origin()
	b, bok := uri.MustParse("https://example.com/api?x=1").Origin()
	fmt.Println(a, aok, b, bok, aok && bok && a == b)
	c, cok := uri.MustParse("https://example.com:8443/").Origin()
	fmt.Println(c, cok, a == c)
	d, dok := uri.MustParse("file:///etc/hosts").Origin()
	fmt.Println(d, dok)
	// Output:
	// https://example.com true https://example.com true true
	// https://example.com:8443 true false
	// null false
}

// The ASCII serialization of RFC 6454, Section 6.1, as in an Origin header.
func ExampleOrigin_String() {
	o, _ := uri.MustParse("http://[2001:DB8::1]:8080/index.html").Origin()
	fmt.Println(o.Scheme, o.Host, o.Port)
	fmt.Println(o)
	// Output:
	// http [2001:db8::1] 8080
	// http://[2001:db8::1]:8080
}

// The Append forms write into a buffer that a loop reuses: nothing is
// allocated once it is large enough (RFC 3986, Section 5.2).
func ExampleAppendResolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	buf := make([]byte, 0, 256)
	for _, s := range []string{"g", "../g", "?y", "g/./h/../i", "//g"} {
		buf = uri.AppendResolve(buf[:0], base, uri.MustParse(s))
		fmt.Printf("%s\n", buf)
	}
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://a/b/c/d;p?y
	// http://a/b/c/g/i
	// http://g
}

func ExampleAppendNormalize() {
	var line []byte
	line = append(line, "GET "...)
	line = uri.AppendNormalize(line, uri.MustParse("HTTP://Example.COM:80/a/./b/../%7Euser"))
	fmt.Printf("%s\n", line)
	// Output: GET http://example.com/a/~user
}

// Tracking parameters go in one call; every other byte of the query stays as
// it was written.
func ExampleURI_DeleteQueryFunc() {
	u := uri.MustParse("https://example.com/item?id=7&utm_source=mail&utm_medium=x&fbclid=abc&q=a+b#top")
	fmt.Println(u.DeleteQueryFunc(func(key, _ string) bool {
		return strings.HasPrefix(key, "utm_") || key == "fbclid"
	}))
	// A query left without pairs goes, "?" and all.
	fmt.Println(uri.MustParse("https://example.com/?utm_source=mail").DeleteQueryFunc(func(key, _ string) bool {
		return strings.HasPrefix(key, "utm_")
	}))
	// Output:
	// https://example.com/item?id=7&q=a+b#top
	// https://example.com/
}

// The Text setters take text as a user types it and encode it for their
// component; the setters without "Text" take text already encoded, and refuse
// a space.
func ExampleURI_WithFragmentText() {
	u := uri.MustParse("https://example.com/doc")
	v, err := u.WithFragmentText("section 2")
	fmt.Println(v, err)
	_, err = u.WithFragment("section 2")
	fmt.Println(err)
	v, _ = u.WithQueryText("q=a b&lang=fr")
	fmt.Println(v)
	// Output:
	// https://example.com/doc#section%202 <nil>
	// uri: build: invalid character " " in fragment at offset 7 of "section 2"
	// https://example.com/doc?q=a%20b&lang=fr
}

// A user name with "@" or ":" is data.
func ExampleURI_WithUser() {
	u := uri.MustParse("ftp://ftp.example.com/pub")
	v, _ := u.WithUser("jane@example.org")
	v, _ = v.WithPassword("p:ss")
	fmt.Println(v)
	fmt.Println(v.Username())
	// Output:
	// ftp://jane%40example.org:p%3Ass@ftp.example.com/pub
	// jane%40example.org
}

// A host from text: an internationalized name goes in as IDNA A-labels.
func ExampleURI_WithHostText() {
	u := uri.MustParse("https://example.com/katalog?q=go")
	v, _ := u.WithHostText("Bücher.example")
	fmt.Println(v)
	_, err := u.WithHostText("bü cher.example")
	fmt.Println(err)
	// Output:
	// https://xn--bcher-kva.example/katalog?q=go
	// uri: build: invalid character " " in host at offset 3 of "bü cher.example"
}

// Paths from decoded segments: "/" inside a segment is data, and "." and ".."
// never navigate (the rule of JoinPath).
func ExampleURI_WithSegments() {
	u := uri.MustParse("https://example.com/old?q=1")
	v, _ := u.WithSegments("files", "a/b c.txt")
	fmt.Println(v)
	for s := range v.PathSegments() {
		fmt.Printf("%q\n", s)
	}
	v, _ = v.WithoutLastSegment().JoinPath("d.txt")
	fmt.Println(v)
	_, err := u.WithSegments("files", "..")
	fmt.Println(errors.Is(err, uri.ErrDotSegment))
	// Output:
	// https://example.com/files/a%2Fb%20c.txt?q=1
	// "files"
	// "a/b c.txt"
	// https://example.com/files/d.txt?q=1
	// true
}

// Sorting the pairs by key makes equal sets of parameters compare equal.
func ExampleURI_SortQuery() {
	fmt.Println(uri.MustParse("https://example.com/?b=2&a=1&c=3&a=0").SortQuery())
	// Output:
	// https://example.com/?a=1&a=0&b=2&c=3
}
