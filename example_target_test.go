package uri_test

import (
	"errors"
	"fmt"

	"github.com/gouri/uri"
)

// A server reads the request-target of a request line by the rules of RFC
// 3986 that RFC 9112, Section 3.2 cites; package httptarget rebuilds the
// target URI from it and the Host field (RFC 9112, Section 3.3). A proxy
// sends an absolute-form target on in origin-form (Section 3.2.1).
func ExampleParseTarget() {
	for _, r := range [][2]string{
		{"GET", "/where?q=now"},
		{"GET", "http://www.example.org/pub/?q"},
		{"CONNECT", "www.example.com:443"},
	} {
		t, err := uri.ParseTarget(r[0], r[1])
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %s: %s-form, path %q, authority %q", r[0], r[1], t.Form(), t.Path(), t.Authority())
		if u, ok := t.AbsoluteURI(); ok {
			fmt.Printf(", sent on as %q", u.RequestURI())
		}
		fmt.Println()
	}
	// Output:
	// GET /where?q=now: origin-form, path "/where", authority ""
	// GET http://www.example.org/pub/?q: absolute-form, path "/pub/", authority "www.example.org", sent on as "/pub/?q"
	// CONNECT www.example.com:443: authority-form, path "", authority "www.example.com:443"
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
