package uri_test

import (
	"errors"
	"fmt"

	"github.com/gouri/uri"
)

// A server rebuilds the URI that a request is for from its request line
// and Host field (RFC 9112, Section 3.3).
func ExampleParseTarget() {
	t, err := uri.ParseTarget("GET", "/where?q=now")
	if err != nil {
		fmt.Println(err)
		return
	}
	host, err := uri.ParseHost("www.example.org")
	if err != nil {
		fmt.Println(err)
		return
	}
	u, err := t.URI(uri.TargetContext{Scheme: "https", Host: host})
	fmt.Println(t.Form(), u, err)
	// Output: origin https://www.example.org/where?q=now <nil>
}

// Each form of request-target is allowed only with its methods, and a
// target that is not valid is refused where it goes wrong, never repaired.
func ExampleParseTarget_errors() {
	for _, r := range [][2]string{
		{"CONNECT", "www.example.com:443"},
		{"CONNECT", "www.example.com"},
		{"OPTIONS", "*"},
		{"GET", "*"},
		{"GET", "/a b"},
		{"GET", `/\evil.example`},
		{"GET", "/page#top"},
	} {
		t, err := uri.ParseTarget(r[0], r[1])
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("%s %s: %v at %d\n", r[0], r[1], e.Err, e.Offset)
			continue
		}
		fmt.Printf("%s %s: %s-form\n", r[0], r[1], t.Form())
	}
	// Output:
	// CONNECT www.example.com:443: authority-form
	// CONNECT www.example.com: no port number at 15
	// OPTIONS *: asterisk-form
	// GET *: invalid character at 0
	// GET /a b: invalid character at 2
	// GET /\evil.example: invalid character at 1
	// GET /page#top: invalid character at 5
}

// The Host field is checked by the rules of RFC 3986 that RFC 9110,
// Section 7.2 cites: an IPv6 address in brackets, no userinfo, no zone, and
// a port that TCP has.
func ExampleParseHost() {
	for _, v := range []string{"www.example.org:8080", "[2001:db8::1]", "", "[]", "[12345::1]", "example.com:70000", "user@example.com"} {
		h, err := uri.ParseHost(v)
		if err != nil {
			fmt.Printf("%q: %v\n", v, err)
			continue
		}
		fmt.Printf("%q: host %q port %q (%v)\n", v, h.Host(), h.Port(), h.HostKind())
	}
	// Output:
	// "www.example.org:8080": host "www.example.org" port "8080" (reg-name)
	// "[2001:db8::1]": host "[2001:db8::1]" port "" (IPv6)
	// "": host "" port "" (none)
	// "[]": uri: malformed IP literal in host at offset 1 of "[]"
	// "[12345::1]": uri: malformed IP literal in host at offset 5 of "[12345::1]"
	// "example.com:70000": uri: number above 65535 at offset 16 of "example.com:70000"
	// "user@example.com": uri: invalid character "@" in host at offset 4 of "user@example.com"
}

// A request without a Host field (HTTP/1.0) has a target URI only with a
// default host; an absolute-form target is its own target URI, and a proxy
// may require the Host field to agree with it.
func ExampleTarget_URI() {
	def, _ := uri.ParseHost("www.example.org")
	t, _ := uri.ParseTarget("GET", "/pub/")
	_, err := t.URI(uri.TargetContext{NoHost: true})
	fmt.Println(err)
	u, _ := t.URI(uri.TargetContext{NoHost: true, DefaultHost: def})
	fmt.Println(u)

	other, _ := uri.ParseHost("other.example")
	t, _ = uri.ParseTarget("GET", "http://www.example.org/pub/")
	u, _ = t.URI(uri.TargetContext{Host: other})
	fmt.Println(u)
	_, err = t.URI(uri.TargetContext{Host: other, MatchHost: true})
	fmt.Println(errors.Is(err, uri.ErrHostMismatch))
	// Output:
	// uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of ""
	// http://www.example.org/pub/
	// http://www.example.org/pub/
	// true
}

// A reverse proxy asks whether a request path is under a prefix segment
// by segment, on normalized paths, so that "/api/../admin" is not under
// "/api/" and "%2F" is never a separator.
func ExampleHasPathPrefix() {
	for _, p := range []string{"/api", "/api/", "/api/users", "/apix", "/api/../admin", "/%61pi/users", "/api%2Fusers"} {
		fmt.Printf("%-14s under /api: %-5v under /api/: %v\n", p, uri.HasPathPrefix(p, "/api"), uri.HasPathPrefix(p, "/api/"))
	}
	// Output:
	// /api           under /api: true  under /api/: false
	// /api/          under /api: true  under /api/: true
	// /api/users     under /api: true  under /api/: true
	// /apix          under /api: false under /api/: false
	// /api/../admin  under /api: false under /api/: false
	// /%61pi/users   under /api: true  under /api/: true
	// /api%2Fusers   under /api: false under /api/: false
}
